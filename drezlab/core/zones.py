"""Zones: where a game's cards and tiles are, who may see them, and how they move.

A zone is a named, ordered list of items (cards, tiles: immutable values with an
``id``) with an owner seat (or none) and a visibility:

=================  ===========================================================
``OWNER``          the owner sees the items; everybody else sees only how many
``PUBLIC``         everybody sees every item in order
``COUNT``          nobody sees the items, only how many (a face-down pile)
``SET``            everybody knows which items are there, not their order
``TOP``            everybody sees how many and the last item (a used pile)
=================  ===========================================================

Every change goes through :class:`Zones` and is written in its journal, so
``mark()`` before an action and ``rewind(mark)`` after it undo exactly what the
action did. ``observe(seat)`` is what a seat may know of every zone, and
``resample_hidden(seat, rng)`` deals the items ``seat`` cannot see afresh among
the places it cannot see, keeping every zone's size: two such games differ only
in what ``seat`` may not see (the information test and determinising bots use it).
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Iterator, Mapping, Sequence

from drezlab.core.cards import UNKNOWN_ID
from drezlab.core.errors import BadRecord

__all__ = ["UNKNOWN_ID", "Visibility", "ZoneView", "Zones", "item_id"]


class Visibility(str, enum.Enum):
    OWNER = "owner"
    PUBLIC = "public"
    COUNT = "count"
    SET = "set"
    TOP = "top"


def item_id(item: Any) -> str:
    """The id by which an item is shown and saved (``item.id``, else ``str(item)``)."""
    identifier = getattr(item, "id", None)
    return identifier if isinstance(identifier, str) else str(item)


@dataclass(frozen=True)
class ZoneView:
    """What one seat may know of one zone: its size and the ids it may see
    (``UNKNOWN_ID`` for each item it may not; empty when only the count is known)."""

    name: str
    owner: int | None
    visibility: str
    count: int
    ids: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"owner": self.owner, "visibility": self.visibility, "count": self.count, "ids": list(self.ids)}


class Zones:
    """The zones of one game. Read a zone with ``zones[name]`` (a list: treat it as
    read-only); change zones only with the methods below, which keep the journal."""

    __slots__ = ("_items", "_owner", "_visibility", "_journal", "_shared")

    def __init__(self) -> None:
        self._items: dict[str, list[Any]] = {}
        self._owner: dict[str, int | None] = {}
        self._visibility: dict[str, Visibility] = {}
        self._journal: list[tuple[Any, ...]] = []
        self._shared: dict[str, frozenset[int]] = {}

    # ------------------------------------------------------------------ layout
    def add(self, name: str, visibility: Visibility, owner: int | None = None,
            items: Iterable[Any] = (), shared_with: Iterable[int] = ()) -> list[Any]:
        """Declare a zone (before play; not journalled). ``shared_with`` names seats
        that see an ``OWNER`` zone as its owner does (a partner shown the hand)."""
        if name in self._items:
            raise ValueError(f"the zone {name!r} exists already")
        if visibility is Visibility.OWNER and owner is None:
            raise ValueError(f"the zone {name!r} is seen by its owner only, so it needs an owner")
        self._items[name] = list(items)
        self._owner[name] = owner
        self._visibility[name] = visibility if type(visibility) is Visibility else Visibility(visibility)
        self._shared[name] = frozenset(shared_with)
        return self._items[name]

    def _owner_sees(self, name: str, seat: int | None) -> bool:
        """Does ``seat`` see an ``OWNER`` zone: its owner, or a seat it is shared with?"""
        return seat is not None and (seat == self._owner[name] or seat in self._shared.get(name, ()))

    def names(self) -> list[str]:
        return list(self._items)

    def owner(self, name: str) -> int | None:
        return self._owner[name]

    def visibility(self, name: str) -> Visibility:
        return self._visibility[name]

    def __getitem__(self, name: str) -> list[Any]:
        return self._items[name]

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def items(self) -> Iterator[tuple[str, list[Any]]]:
        return iter(self._items.items())

    def where(self, item: Any) -> str | None:
        """The zone holding ``item`` (compared by equality), or ``None``."""
        for name, items in self._items.items():
            if item in items:
                return name
        return None

    # ----------------------------------------------------------------- changes
    def move(self, item: Any, source: str, target: str, position: int | None = None) -> None:
        """Move ``item`` from ``source`` to ``target`` (at ``position``, default the end)."""
        items = self._items[source]
        try:
            index = items.index(item)
        except ValueError:
            raise ValueError(f"{item_id(item)} is not in {source}") from None
        self.move_at(source, index, target, position)

    def move_at(self, source: str, index: int, target: str, position: int | None = None) -> Any:
        """Move the item at ``index`` of ``source`` to ``target``; returns it."""
        items = self._items[source]
        if index < 0:
            index += len(items)
        item = items.pop(index)
        destination = self._items[target]
        if position is None or position >= len(destination):
            position = len(destination)
            destination.append(item)
        else:
            destination.insert(position, item)
        self._journal.append(("move", source, index, target, position))
        return item

    def draw(self, source: str, target: str) -> Any:
        """Move the last item of ``source`` (the top of a pile) to the end of ``target``."""
        items = self._items[source]
        if not items:
            raise IndexError(f"{source} is empty")
        item = items.pop()
        destination = self._items[target]
        destination.append(item)
        self._journal.append(("move", source, len(items), target, len(destination) - 1))
        return item

    def replace(self, name: str, items: Iterable[Any]) -> None:
        """Set a zone's whole contents (a shuffle, a new deal); the old contents are journalled."""
        self._journal.append(("replace", name, self._items[name][:]))
        self._items[name][:] = list(items)

    def set_contents(self, contents: Mapping[str, Iterable[Any]]) -> None:
        """Set the whole contents of several zones at once (a new deal: the deck and every
        hand), journalled as one change that puts them all back. A poker hand's deal
        this way is one call, not a dozen replaces and draws (a tenth of the start of a
        Poker7 hand)."""
        items = self._items
        old = [(name, items[name][:]) for name in contents]
        for name, new in contents.items():
            items[name][:] = new
        self._journal.append(("contents", old))

    def shuffle(self, name: str, shuffle: Callable[[list[Any]], None]) -> None:
        """Reorder a zone in place with ``shuffle`` (the game's chance object)."""
        old = self._items[name][:]
        shuffle(self._items[name])
        self._journal.append(("replace", name, old))

    def set_visibility(self, name: str, visibility: Visibility) -> None:
        """Turn a zone face up or down (journalled)."""
        self._journal.append(("visibility", name, self._visibility[name]))
        self._visibility[name] = visibility if type(visibility) is Visibility else Visibility(visibility)

    # ------------------------------------------------------------------ journal
    def mark(self) -> int:
        return len(self._journal)

    def rewind(self, mark: int) -> None:
        """Undo every change made since ``mark``, newest first."""
        journal = self._journal
        while len(journal) > mark:
            entry = journal.pop()
            if entry[0] == "move":
                _, source, index, target, position = entry
                item = self._items[target].pop(position)
                self._items[source].insert(index, item)
            elif entry[0] == "replace":
                self._items[entry[1]][:] = entry[2]
            elif entry[0] == "contents":
                for name, items in entry[1]:
                    self._items[name][:] = items
            else:
                self._visibility[entry[1]] = entry[2]

    def forget_journal(self) -> None:
        """Drop the journal (a finished set-up is not undoable)."""
        self._journal.clear()

    # ------------------------------------------------------------------ copies
    def copy(self) -> "Zones":
        clone = Zones.__new__(Zones)
        clone._items = {name: items[:] for name, items in self._items.items()}
        clone._owner = dict(self._owner)
        clone._visibility = dict(self._visibility)
        clone._journal = self._journal[:]
        clone._shared = dict(self._shared)
        return clone

    # --------------------------------------------------------------- knowledge
    def can_see(self, name: str, seat: int | None, index: int, size: int) -> bool:
        visibility = self._visibility[name]
        if visibility is Visibility.PUBLIC or visibility is Visibility.SET:
            return True
        if visibility is Visibility.OWNER:
            return self._owner_sees(name, seat)
        if visibility is Visibility.TOP:
            return index == size - 1
        return False

    def observe(self, seat: int | None) -> dict[str, ZoneView]:
        """Every zone as ``seat`` may know it (``None`` = a spectator)."""
        views = {}
        for name, items in self._items.items():
            visibility = self._visibility[name]
            size = len(items)
            if visibility is Visibility.PUBLIC or (visibility is Visibility.OWNER and self._owner_sees(name, seat)):
                ids = tuple(item_id(item) for item in items)
            elif visibility is Visibility.SET:
                ids = tuple(sorted(item_id(item) for item in items))
            elif visibility is Visibility.TOP:
                ids = (item_id(items[-1]),) if items else ()
            elif visibility is Visibility.OWNER:
                ids = (UNKNOWN_ID,) * size
            else:
                ids = ()
            views[name] = ZoneView(name, self._owner[name], visibility.value, size, ids)
        return views

    def hidden_places(self, seat: int | None) -> list[tuple[str, int]]:
        """Every (zone, index) whose item ``seat`` may not see."""
        places = []
        for name, items in self._items.items():
            size = len(items)
            places += [(name, index) for index in range(size) if not self.can_see(name, seat, index, size)]
        return places

    def resample_hidden(self, seat: int | None, rng: random.Random,
                        fixed: Callable[[str, Any], bool] | None = None) -> None:
        """Deal the items ``seat`` cannot see at random among the places it cannot see
        (sizes kept; not journalled: use on a copy). ``fixed(zone, item)`` keeps an
        item where it is (for knowledge the zones do not express).

        The unseen items are put in order of their ids before the shuffle, so the
        result depends only on ``rng`` and on what ``seat`` may know, never on where
        the unseen items really are (a bot seeded alike decides alike in two games
        that differ only in what it may not see)."""
        places = [(name, index) for name, index in self.hidden_places(seat)
                  if fixed is None or not fixed(name, self._items[name][index])]
        pool = sorted((self._items[name][index] for name, index in places), key=item_id)
        rng.shuffle(pool)
        for (name, index), item in zip(places, pool):
            self._items[name][index] = item
        self._journal.clear()

    # --------------------------------------------------------------- invariants
    def check_conserved(self, every_item: Sequence[Hashable], what: str = "cards") -> None:
        """``BadRecord`` unless the zones hold exactly ``every_item`` (each once)."""
        held = sorted(item_id(item) for items in self._items.values() for item in items)
        expected = sorted(item_id(item) for item in every_item)
        if held != expected:
            missing = sorted(set(expected) - set(held))
            counts: dict[str, int] = {}
            for identifier in held:
                counts[identifier] = counts.get(identifier, 0) + 1
            doubled = sorted(identifier for identifier, count in counts.items() if count > 1)
            extra = sorted(set(held) - set(expected))
            detail = "; ".join(part for part in (
                f"missing {', '.join(missing[:5])}" if missing else "",
                f"twice {', '.join(doubled[:5])}" if doubled else "",
                f"not in the game {', '.join(extra[:5])}" if extra else "") if part)
            raise BadRecord(f"the {what} are not exactly the game's {what} ({detail})")

    def to_dict(self) -> dict[str, list[str]]:
        """Every zone's item ids in order (for full game records, never for views)."""
        return {name: [item_id(item) for item in items] for name, items in self._items.items()}
