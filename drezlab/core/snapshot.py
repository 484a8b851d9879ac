"""A frozen copy of a game's plain attributes: the undo record of the table games.

Poker-like and matching games keep, outside their zones, a handful of plain
attributes (scores, bets, who deals, the phase...). Their undo record is a frozen
dataclass whose fields are named after those attributes; :class:`AttributeSnapshot`
gives such a dataclass ``of(game)`` (copy them, lists as tuples, so the record
shares no mutable object with the game) and ``restore(game)`` (put them back,
tuples as lists again), so that each game declares only its fields and which of
them are lists.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar, TypeVar

SnapshotT = TypeVar("SnapshotT", bound="AttributeSnapshot")


class AttributeSnapshot:
    """Base of a frozen dataclass whose fields copy the game attributes of the same names.

    ``LISTS`` names the fields held by the game as lists (kept here as tuples)."""

    LISTS: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def of(cls: type[SnapshotT], game: Any) -> SnapshotT:
        """The attributes of ``game`` now."""
        values = {}
        for field in fields(cls):  # type: ignore[arg-type]
            value = getattr(game, field.name)
            values[field.name] = tuple(value) if field.name in cls.LISTS else value
        return cls(**values)

    def restore(self, game: Any) -> None:
        """Put the attributes back on ``game`` (lists as new lists)."""
        for field in fields(self):  # type: ignore[arg-type]
            value = getattr(self, field.name)
            setattr(game, field.name, list(value) if field.name in self.LISTS else value)
