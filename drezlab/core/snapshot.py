"""A frozen copy of a game's plain state: the one undo record of the house.

Every game keeps, outside its zones and boards, a handful of plain attributes
(scores, bets, who deals, the phase, the seat to move...). A game declares them
once, as the fields of a frozen dataclass deriving from :class:`AttributeSnapshot`
(the model is python-chess's ``_BoardState``: a named copy of what a move changes),
and says which of them are mutable containers:

* ``LISTS``: lists of immutable values (kept as tuples);
* ``NESTED``: lists of lists of immutable values (kept as tuples of tuples);
* ``DICTS``: dicts of immutable keys and values (kept as read-only copies,
  ``types.MappingProxyType``: a dict copy is ten times cheaper than a tuple of its items);
* ``SETS``: sets (kept as frozensets).

Everything else must be immutable already (ints, strings, tuples, enums, frozen
dataclasses). From that one declaration come the three uses:

* undo: ``record = State.of(game)`` before a step, ``record.restore(game)`` after;
* copies: ``State.copy(game, twin)`` gives the twin the same state, sharing no
  mutable object with ``game``;
* comparison and records: snapshots are frozen and comparable, so two games are in
  the same plain state when their snapshots are equal.

A game keeps a bespoke record only where a benchmark shows it must, and its docstring
says so.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import MISSING, fields
from operator import attrgetter
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, TypeVar

SnapshotT = TypeVar("SnapshotT", bound="AttributeSnapshot")


_FREEZE: dict[str, Callable[[Any], Any]] = {
    "LISTS": tuple,
    "NESTED": lambda value: tuple(tuple(inner) for inner in value),
    "DICTS": lambda value: MappingProxyType(value.copy()),
    "SETS": frozenset,
}
_THAW: dict[str, Callable[[Any], Any]] = {
    "LISTS": list,
    "NESTED": lambda value: [list(inner) for inner in value],
    "DICTS": lambda value: value.copy(),
    "SETS": set,
}


class _Plan(NamedTuple):
    """How a snapshot class reads and writes its fields, worked out once per class."""

    names: tuple[str, ...]
    read: Callable[[Any], tuple[Any, ...]]
    frozen: Callable[[Any], tuple[Any, ...]]                  # the fields read and frozen, in one call
    index: dict[str, int]                                    # field -> its place in a snapshot's values
    freezers: tuple[tuple[int, Callable[[Any], Any]], ...]   # (place, freeze) of the fields held as containers
    thawers: tuple[tuple[int, Callable[[Any], Any]], ...]    # (place, thaw) of the same fields
    plain_games: set[type]                      # game classes whose fields are plain instance attributes


class AttributeSnapshot:
    """Base of a frozen dataclass whose fields copy the game attributes of the same names.

    ``LISTS``, ``NESTED``, ``DICTS`` and ``SETS`` name the fields the game holds as
    mutable containers (see the module doc); the snapshot holds them frozen.

    Snapshots are taken at every action of every search, so the work of reading the
    dataclass's fields is done once per class (one ``attrgetter`` reads them all), a
    snapshot keeps them as that one tuple (its fields are read from it by name; filling
    an instance dict field by field was most of the cost of a record) and a game whose
    fields are plain instance attributes gets them back in one dict update. The fields
    take no defaults (a default would hide the value kept in the tuple).
    """

    LISTS: ClassVar[frozenset[str]] = frozenset()
    NESTED: ClassVar[frozenset[str]] = frozenset()
    DICTS: ClassVar[frozenset[str]] = frozenset()
    SETS: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def _plan(cls) -> _Plan:
        plan = cls.__dict__.get("_snapshot_plan")
        if plan is None:
            declared = fields(cls)  # type: ignore[arg-type]
            with_default = [field.name for field in declared
                            if field.default is not MISSING or field.default_factory is not MISSING]
            if with_default:
                raise TypeError(f"{cls.__name__}: the fields of a snapshot take no defaults ({', '.join(with_default)})")
            names = tuple(field.name for field in declared)
            getter = attrgetter(*names)
            read = getter if len(names) > 1 else (lambda game: (getter(game),))
            containers = tuple((place, kind) for place, name in enumerate(names) for kind in _FREEZE
                               if name in getattr(cls, kind))
            plan = _Plan(names, read, _frozen_reader(names, containers),
                         {name: place for place, name in enumerate(names)},
                         tuple((place, _FREEZE[kind]) for place, kind in containers),
                         tuple((place, _THAW[kind]) for place, kind in containers), set())
            type.__setattr__(cls, "_snapshot_plan", plan)
        return plan

    @classmethod
    def of(cls: type[SnapshotT], game: Any) -> SnapshotT:
        """The attributes of ``game`` now, frozen."""
        plan = cls.__dict__.get("_snapshot_plan") or cls._plan()
        snapshot = object.__new__(cls)
        snapshot.__dict__["_values"] = plan.frozen(game)
        return snapshot

    def __getattr__(self, name: str) -> Any:
        """A field of a snapshot made by :meth:`of`, read from its values (only called for
        names an instance does not hold itself)."""
        values = self.__dict__.get("_values")
        if values is not None:
            place = self._plan().index.get(name)
            if place is not None:
                return values[place]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def restore(self, game: Any) -> None:
        """Put the attributes back on ``game``, each container as a new mutable one."""
        plan = self._plan()
        kept = self.__dict__.get("_values")
        values = list(kept if kept is not None else (getattr(self, name) for name in plan.names))
        for place, thaw in plan.thawers:
            values[place] = thaw(values[place])
        if type(game) in plan.plain_games or _plain(type(game), plan):
            game.__dict__.update(zip(plan.names, values))
        else:
            for name, value in zip(plan.names, values):
                setattr(game, name, value)

    @classmethod
    def copy(cls, game: Any, twin: Any) -> None:
        """Give ``twin`` the plain state of ``game``; the two share no mutable object."""
        cls.of(game).restore(twin)


def _frozen_reader(names: tuple[str, ...], kinds: tuple[tuple[int, str], ...]) -> Callable[[Any], tuple[Any, ...]]:
    """One function that reads every field of a snapshot from a game and freezes the
    containers (``kinds``: each ``(place, "LISTS")``..., in the order the freezes apply),
    written out for the class once:
    ``lambda game: (tuple(game.stacks), game.dealer, ...)``. Reading the fields with
    ``attrgetter`` and then freezing them in a loop over a list took twice as long
    (1.9 µs against 0.9 µs for Poker7's record of 12 fields, 7 of them lists, taken at
    every action)."""
    if not all(name.isidentifier() for name in names):
        raise TypeError(f"snapshot fields must be plain names, not {names!r}")
    parts = [f"game.{name}" for name in names]
    for place, kind in kinds:
        parts[place] = f"_{kind}({parts[place]})"
    source = f"lambda game: ({', '.join(parts)},)" if parts else "lambda game: ()"
    reader: Callable[[Any], tuple[Any, ...]] = eval(   # the source is made above from the field names only
        source, {f"_{kind}": freeze for kind, freeze in _FREEZE.items()})
    return reader


def _plain(game_class: type, plan: _Plan) -> bool:
    """Whether ``game_class`` keeps every field of ``plan`` as a plain instance attribute
    (no property or other descriptor of that name, no ``__slots__`` only), remembered."""
    if not hasattr(game_class, "__dict__") or "__slots__" in game_class.__dict__:
        return False
    for name in plan.names:
        attribute = inspect.getattr_static(game_class, name, None)
        if attribute is not None and hasattr(type(attribute), "__set__"):
            return False
    plan.plain_games.add(game_class)
    return True
