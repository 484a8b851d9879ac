"""A frozen copy of a game's plain state: the one undo record of the house.

Every game keeps, outside its zones and boards, a handful of plain attributes
(scores, bets, who deals, the phase, the seat to move...). A game declares them
once, as the fields of a frozen dataclass deriving from :class:`AttributeSnapshot`
(the model is python-chess's ``_BoardState``: a named copy of what a move changes),
and says which of them are mutable containers:

* ``LISTS``: lists of immutable values (kept as tuples);
* ``NESTED``: lists of lists of immutable values (kept as tuples of tuples);
* ``DICTS``: dicts of immutable keys and values (kept as sorted item tuples);
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

from dataclasses import fields
from typing import Any, ClassVar, TypeVar

SnapshotT = TypeVar("SnapshotT", bound="AttributeSnapshot")


class AttributeSnapshot:
    """Base of a frozen dataclass whose fields copy the game attributes of the same names.

    ``LISTS``, ``NESTED``, ``DICTS`` and ``SETS`` name the fields the game holds as
    mutable containers (see the module doc); the snapshot holds them frozen."""

    LISTS: ClassVar[frozenset[str]] = frozenset()
    NESTED: ClassVar[frozenset[str]] = frozenset()
    DICTS: ClassVar[frozenset[str]] = frozenset()
    SETS: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def of(cls: type[SnapshotT], game: Any) -> SnapshotT:
        """The attributes of ``game`` now, frozen."""
        values = {}
        for field in fields(cls):  # type: ignore[arg-type]
            name = field.name
            value = getattr(game, name)
            if name in cls.LISTS:
                value = tuple(value)
            elif name in cls.NESTED:
                value = tuple(tuple(inner) for inner in value)
            elif name in cls.DICTS:
                value = tuple(value.items())
            elif name in cls.SETS:
                value = frozenset(value)
            values[name] = value
        return cls(**values)

    def restore(self, game: Any) -> None:
        """Put the attributes back on ``game``, each container as a new mutable one."""
        for field in fields(self):  # type: ignore[arg-type]
            name = field.name
            value = getattr(self, name)
            if name in self.LISTS:
                value = list(value)
            elif name in self.NESTED:
                value = [list(inner) for inner in value]
            elif name in self.DICTS:
                value = dict(value)
            elif name in self.SETS:
                value = set(value)
            setattr(game, name, value)

    @classmethod
    def copy(cls, game: Any, twin: Any) -> None:
        """Give ``twin`` the plain state of ``game``; the two share no mutable object."""
        cls.of(game).restore(twin)
