"""Explicit chance: every shuffle, draw and die roll goes through one object.

A game owns one :class:`Chance`. Each random event is written in its ``log`` as
``(what, outcome)``; ``mark()`` before an action and ``rewind(mark)`` after it
take the events back (a seeded source returns to the exact generator state, so
replaying the action gives the same roll). Two sources exist:

* :class:`Seeded` -- the default: a ``random.Random(seed)``, called in the same
  order the games have always called it, so a seed gives the same deal as before.
* :class:`Scripted` -- tests and lessons set the outcomes: ``Scripted([6, 2])``
  rolls a 6 and then a 2; ``Scripted([["Q5", "P3", ...]])`` fixes a shuffle's
  resulting list order by item ids (``None`` leaves the order as it is); a
  scripted value for ``choice`` is the chosen item's id or index. Running out
  of script raises ``ScriptExhausted``.

Games describe a pending event with :func:`uniform` / :func:`weighted`
(outcome -> exact ``Fraction``) so lessons can print exact odds and bots can
reason over them. The source itself is never part of a seat's observation.
"""

from __future__ import annotations

import abc
import random
from fractions import Fraction
from typing import Any, Iterable, MutableSequence, Sequence, TypeVar

from drezlab.core.cards import Card
from drezlab.core.errors import BadRecord
from drezlab.core.zones import item_id

T = TypeVar("T")


class ScriptExhausted(RuntimeError):
    """A scripted chance source was asked for more outcomes than it was given."""


class Chance(abc.ABC):
    """Base of every chance source; subclasses supply the four primitives, a copy
    and the record of their state."""

    #: whether events are written in ``log`` (a seeded game's set-up keeps no journal)
    _journal: bool = True

    def __init__(self) -> None:
        self.log: list[tuple[str, Any]] = []

    # the primitives ------------------------------------------------------
    def roll(self, sides: int = 6, what: str = "die") -> int:
        """A fair die with faces 1..sides."""
        value = self._roll(sides)
        self._record(what, value)
        return value

    def randrange(self, count: int, what: str = "choice") -> int:
        """A uniform index in ``range(count)``."""
        value = self._randrange(count)
        self._record(what, value)
        return value

    def choice(self, options: Sequence[T], what: str = "choice") -> T:
        """One of ``options``, uniformly."""
        if not options:
            raise ValueError(f"nothing to choose from for {what}")
        value = self._choice(options)
        self._record(what, item_id(value))
        return value

    def shuffle(self, items: MutableSequence[Any], what: str = "shuffle") -> None:
        """Reorder ``items`` in place, uniformly."""
        self._shuffle(items)
        if self._journal:
            self._record(what, _ids(items))

    # journal ---------------------------------------------------------------
    def mark(self) -> int:
        return len(self.log)

    def rewind(self, mark: int) -> None:
        del self.log[mark:]

    def _record(self, what: str, outcome: Any) -> None:
        if self._journal:
            self.log.append((what, outcome))

    @abc.abstractmethod
    def copy(self) -> "Chance":
        """See the class docstring."""

    @abc.abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """See the class docstring."""

    # for subclasses -----------------------------------------------------------
    @abc.abstractmethod
    def _roll(self, sides: int) -> int:
        """See the class docstring."""

    @abc.abstractmethod
    def _randrange(self, count: int) -> int:
        """See the class docstring."""

    @abc.abstractmethod
    def _choice(self, options: Sequence[T]) -> T:
        """See the class docstring."""

    @abc.abstractmethod
    def _shuffle(self, items: MutableSequence[Any]) -> None:
        """See the class docstring."""


class NoChance(Chance):
    """The chance source of a game without chance: asking it for an outcome is a bug."""

    def _refuse(self, *_: Any) -> Any:
        raise RuntimeError("this game declares no chance, yet asked for a random outcome")

    _roll = _randrange = _choice = _shuffle = _refuse

    def copy(self) -> "NoChance":
        return self

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "none"}


class Seeded(Chance):
    """Chance from ``random.Random(seed)``; ``rewind`` restores the generator state.

    ``setting_up=True`` (a game's own source, made by ``Game._start_chance``) keeps no
    journal (no log, no generator states) until :meth:`forget_log` seals the set-up or
    the first action is marked: a set-up cannot be undone and its journal was thrown
    away at the seal, yet listing the ids of every shuffled card and copying the
    generator's state before each event were a tenth of setting up a card game.

    A shuffle counts the 32-bit words it takes from the generator, so the state before
    a later event is kept as an earlier state (the *base*) and the words drawn since:
    rewinding sets the base and draws those words again. Copying the state (625
    numbers, 15 µs) before every hand's shuffle was a tenth of a random Poker7 game; a
    base is taken again after any draw not counted (a die, a choice) and once
    :data:`_REBASE_WORDS` words have been drawn from it, so a rewind draws at most that
    many again. Every draw goes through the methods here (``rng`` is read, never drawn
    from, by anyone else)."""

    def __init__(self, seed: int | None = None, *, setting_up: bool = False) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        #: the places in the log that :meth:`mark` gave out, ascending (where :meth:`rewind`
        #: may go back to)
        self._marks: list[int] = []
        #: (place, base, words) for each marked place where an event happened, ascending:
        #: the generator state before the event there is ``base`` with ``words`` words drawn
        self._states: list[tuple[int, Any, int]] = []
        #: the generator state as of now, kept until the next event (copies reuse it)
        self._snapshot: Any = None
        #: an earlier generator state and the words drawn since (``None``: a draw was not
        #: counted, so the next marked place takes the state itself)
        self._base: Any = None
        self._drawn = 0
        self._journal = not setting_up

    def _before(self) -> None:
        """Keep the generator state before the first event at the last marked place: only
        there may the game rewind, so one state per action that draws (a state taken
        before every event, 625 numbers each, was a third of NeuroDrez's random play:
        three dice a turn)."""
        if self._journal and self._marks:
            place = len(self.log)
            if place == self._marks[-1] and (not self._states or self._states[-1][0] != place):
                if self._base is None or self._drawn > _REBASE_WORDS:
                    self._base, self._drawn = self.rng.getstate(), 0
                self._states.append((place, self._base, self._drawn))
        self._snapshot = None

    def mark(self) -> int:
        self._journal = True
        place = super().mark()
        if not self._marks or self._marks[-1] != place:
            self._marks.append(place)
        return place

    def _roll(self, sides: int) -> int:
        self._before()
        self._base = None                       # words not counted
        return self.rng.randint(1, sides)

    def _randrange(self, count: int) -> int:
        self._before()
        self._base = None
        return self.rng.randrange(count)

    def _choice(self, options: Sequence[T]) -> T:
        self._before()
        self._base = None
        return self.rng.choice(options)

    def _shuffle(self, items: MutableSequence[Any]) -> None:
        self._before()
        if type(items) is list and type(self.rng) is random.Random and _SHUFFLE_REPLICA:
            self._drawn += _shuffle_list(items, self.rng.getrandbits)
        else:
            self._base = None
            self.rng.shuffle(items)

    def rewind(self, mark: int) -> None:
        """Go back to the place ``mark`` that :meth:`mark` gave: the log and the generator."""
        states, marks = self._states, self._marks
        while states and states[-1][0] > mark:
            states.pop()
        if len(self.log) > mark:
            if not states or states[-1][0] != mark:
                raise RuntimeError(f"the chance source can rewind only to a place mark() gave, not {mark}")
            _, base, words = states.pop()
            self.rng.setstate(base)
            _draw_words(self.rng.getrandbits, words)
            self._base, self._drawn = base, words
            self._snapshot = None
        while marks and marks[-1] > mark:
            marks.pop()
        super().rewind(mark)

    def forget_log(self) -> None:
        """Drop the log (a finished set-up is not undoable) and keep the journal from now
        on; the generator goes on."""
        self.log.clear()
        self._states.clear()
        self._marks.clear()
        self._journal = True

    def copy(self) -> "Seeded":
        if self._snapshot is None:
            self._snapshot = self.rng.getstate()
        clone = Seeded.__new__(Seeded)
        clone.log = self.log[:]
        clone._states = self._states[:]
        clone._marks = self._marks[:]
        clone._base, clone._drawn = self._base, self._drawn
        clone._snapshot = self._snapshot
        clone._journal = self._journal
        clone.rng = random.Random.__new__(random.Random)
        clone.rng.setstate(self._snapshot)
        return clone

    def to_dict(self) -> dict[str, Any]:
        """The generator state, for full game records only (never for a seat's view)."""
        version, internal, gauss = self.rng.getstate()
        return {"kind": "seeded", "state": [version, list(internal), gauss]}

    @classmethod
    def from_dict(cls, data: Any) -> "Seeded":
        if not isinstance(data, dict) or data.get("kind") != "seeded":
            raise BadRecord("the saved chance source is damaged")
        chance = cls()
        chance.rng.setstate(rng_state_from_json(data.get("state")))
        return chance


class Scripted(Chance):
    """Chance that gives the listed outcomes in order (for tests and lessons)."""

    def __init__(self, outcomes: Iterable[Any]) -> None:
        super().__init__()
        self.script: list[Any] = list(outcomes)
        self._used: list[Any] = []

    def _next(self, what: str) -> Any:
        if not self.script:
            raise ScriptExhausted(f"the scripted chance has no outcome left for {what}")
        value = self.script.pop(0)
        self._used.append(value)
        return value

    def _roll(self, sides: int) -> int:
        value = self._next("a die roll")
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
            raise ValueError(f"a scripted roll of a {sides}-sided die must be 1 to {sides}, not {value!r}")
        return value

    def _randrange(self, count: int) -> int:
        value = self._next("a choice")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
            raise ValueError(f"a scripted choice among {count} must be 0 to {count - 1}, not {value!r}")
        return value

    def _choice(self, options: Sequence[T]) -> T:
        value = self._next("a choice")
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(options):
            return options[value]
        for option in options:
            if item_id(option) == value or option == value:
                return option
        raise ValueError(f"the scripted choice {value!r} is not one of the options")

    def _shuffle(self, items: MutableSequence[Any]) -> None:
        value = self._next("a shuffle")
        if value is None:
            return
        by_id = {item_id(item): item for item in items}
        order = [item_id(entry) for entry in value]
        if sorted(order) != sorted(by_id) or len(order) != len(items):
            raise ValueError("a scripted shuffle must list exactly the shuffled items")
        items[:] = [by_id[identifier] for identifier in order]

    def rewind(self, mark: int) -> None:
        taken = len(self.log) - mark
        if taken > 0:
            self.script[:0] = self._used[-taken:]
            del self._used[-taken:]
        super().rewind(mark)

    def copy(self) -> "Scripted":
        clone = Scripted(self.script)
        clone.log = self.log[:]
        clone._used = self._used[:]
        return clone

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "scripted", "script": list(self.script)}


def _ids(items: Sequence[Any]) -> list[str]:
    """:func:`~drezlab.core.zones.item_id` of each item, in order. A list of cards, what
    every shuffle journals, is read with one attribute lookup per card (a card's ``id``
    is always its text): 4 µs for a 54-card deck, not 9."""
    if set(map(type, items)) == _CARDS_ONLY:
        return [item.id for item in items]
    return [item_id(item) for item in items]


_CARDS_ONLY = {Card}

#: per list length: each step ``(place, size, bits)`` of :func:`random.shuffle`'s loop
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _shuffle_list(items: list[Any], getrandbits: Any) -> int:
    """``random.Random.shuffle(items)`` done with the very calls it makes, so the same
    permutation comes out and the generator is left in the same state: from the end of
    the list, swap each place ``i`` with a place ``j`` drawn below ``i + 1`` by
    ``_randbelow``'s loop (``getrandbits`` of the size's bit length, again while the draw
    is too big). Written out with the sizes' bit lengths worked out once per length, it
    takes 8 µs for a 54-card deck against the library's 18 µs (a tenth of a random
    Poker7 game shuffles). Returns how many 32-bit words it drew (one a draw: a list
    has fewer than 2**32 items)."""
    steps = _SHUFFLE_STEPS.get(len(items))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(items)] = tuple(
            (place, place + 1, (place + 1).bit_length()) for place in reversed(range(1, len(items))))
    words = len(steps)
    for place, size, bits in steps:
        drawn = getrandbits(bits)
        while drawn >= size:
            words += 1
            drawn = getrandbits(bits)
        items[place], items[drawn] = items[drawn], items[place]
    return words


#: how many words a base may be drawn past before :meth:`Seeded._before` takes a new one
_REBASE_WORDS = 4096


def _draw_words(getrandbits: Any, words: int) -> None:
    """Draw ``words`` 32-bit words from a generator and drop them (``getrandbits(32 * n)``
    takes exactly ``n``), in pieces of at most 1,024 words."""
    while words > 0:
        piece = min(words, 1024)
        getrandbits(32 * piece)
        words -= piece


def _replica_holds() -> bool:
    """Does :func:`_shuffle_list` give what this Python's ``random.shuffle`` gives (the
    same orders, the generator in the same state after)? Checked once at import: a
    Python whose shuffle draws otherwise keeps the library's shuffle."""
    library, replica = random.Random(20240), random.Random(20240)
    replayed = random.Random(20240)
    words = 0
    for length in (0, 1, 2, 3, 54, 300):
        expected, got = list(range(length)), list(range(length))
        library.shuffle(expected)
        words += _shuffle_list(got, replica.getrandbits)
        if expected != got:
            return False
    _draw_words(replayed.getrandbits, words)         # the words counted are the words drawn
    return library.getstate() == replica.getstate() == replayed.getstate()


#: whether :meth:`Seeded._shuffle` may use :func:`_shuffle_list`
_SHUFFLE_REPLICA = _replica_holds()


def uniform(outcomes: Iterable[Any]) -> dict[Any, Fraction]:
    """Each outcome equally likely (repeats add up): ``uniform(range(1, 7))``."""
    listed = list(outcomes)
    if not listed:
        return {}
    share = Fraction(1, len(listed))
    result: dict[Any, Fraction] = {}
    for outcome in listed:
        result[outcome] = result.get(outcome, 0) + share
    return result


def weighted(weights: dict[Any, int]) -> dict[Any, Fraction]:
    """Outcomes with whole-number weights, as exact probabilities."""
    total = sum(weights.values())
    return {outcome: Fraction(weight, total) for outcome, weight in weights.items() if weight}


def rng_state_from_json(value: Any) -> tuple[Any, ...]:
    """Validate a saved ``random.Random`` state (3 items, 625 words)."""
    try:
        version, internal, gauss = value
        words = tuple(int(word) for word in internal)
        if version != 3 or len(words) != 625 or any(not 0 <= w < 2**32 for w in words[:-1]):
            raise ValueError
        if gauss is not None:
            gauss = float(gauss)
        state = (version, words, gauss)
        random.Random().setstate(state)
    except (TypeError, ValueError, OverflowError):
        raise BadRecord("the saved random-number state is damaged") from None
    return state
