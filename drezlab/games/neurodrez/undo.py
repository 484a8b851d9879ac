"""NeuroDrez's undo record, in two parts: :class:`Flow`, the flow of play, which every
action takes (immutable values only, so it copies no container), and the containers the
action may change, by its kind (:data:`CHANGES`: a roll changes none, laying or taking a
tile the terrain, steps 4 and 5 the pieces and what a turn's end changes). One record of
everything, taken at every action, was 11.6 us (a sixth of a random game's play)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from drezlab.core.action import Outcome
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.games.neurodrez import actions as kind
from drezlab.games.neurodrez.actions import Phase

__all__ = ["CHANGES", "Flow", "TileChanges", "TurnChanges"]


@dataclass(frozen=True)
class Flow(AttributeSnapshot):
    """Taken before every action: the flow of play."""

    dice: tuple[int, str, str] | None
    phase: Phase
    hand: int
    turn: int
    sudden: bool
    sudden_from: int | None
    winner_side: int | None
    _seat: int
    _outcome: Outcome | None


@dataclass(frozen=True)
class TileChanges(AttributeSnapshot):
    """Before a tile is laid (step 3, or a left-over tile) or taken (sudden death): the
    terrain and its markers. Neither step moves a piece nor ends the turn."""

    DICTS: ClassVar[frozenset[str]] = frozenset({"board", "markers"})

    board: Mapping[str, str]
    markers: Mapping[str, str]


@dataclass(frozen=True)
class TurnChanges(AttributeSnapshot):
    """Before step 4 or 5, either of which may end the turn: the pieces, and the markers
    (step 1's conquests) and dated dominations (D42) of the next turn's start. Neither
    lays nor takes a tile."""

    DICTS: ClassVar[frozenset[str]] = frozenset({"markers", "pieces", "mover", "since"})
    LISTS: ClassVar[frozenset[str]] = frozenset({"king_last"})

    markers: Mapping[str, str]
    pieces: Mapping[str, str]
    mover: Mapping[str, int]
    king_last: tuple[bool, ...]
    since: Mapping[str, int]


#: the record of the containers each kind of action may change (a roll changes none)
CHANGES: dict[type, type[AttributeSnapshot]] = {
    kind.PlaceTile: TileChanges, kind.TakeTile: TileChanges, kind.MovePiece: TurnChanges,
    kind.RemovePiece: TurnChanges, kind.ReplaceCards: TurnChanges, kind.CallSudden: TurnChanges,
    kind.EndTurn: TurnChanges}
