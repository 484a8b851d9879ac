"""NeuroDrez's actions as small immutable values, and the steps of a turn.

Each legal :class:`~drezlab.core.action.Action` of NeuroDrez carries one of the types
below as its ``data``, so the rules, the words and the bots read an action by its fields
and ``match`` over its kind (``case MovePiece(piece=piece, cell=cell, card=card): ...``).

Each type's first field is its kind's word (``"roll"``, ``"tile"``, ``"take"``,
``"piece"``, ``"remove"``, ``"replace"``, ``"sudden"``, ``"end"``): the positional
spelling of earlier releases, which lesson 17 uses (``action.data[0] == "piece"``,
``action.data[3] is None``), still reads the same.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import Literal, NamedTuple

from drezlab.core.action import Action

__all__ = ["CallSudden", "EndTurn", "MovePiece", "NeuroAction", "Phase", "PlaceTile", "RemovePiece", "ReplaceCards",
           "Roll", "TakeTile", "piece_action", "take_action", "tile_action"]


class Phase(StrEnum):
    """The step of the turn (§9.5); the values are the strings views and records show."""

    LEFTOVER = "leftover"  # set-up with 4 players: the first hand places the two left-over tiles (D34)
    ROLL = "roll"          # step 2: roll the three dice
    TILE = "tile"          # step 3: place a tile from the hand
    REMOVE = "remove"      # step 3 in sudden death: remove a tile
    PIECE = "piece"        # step 4: enter or move a piece, or the forced removal
    CALL = "call"          # step 5: call early sudden death or end the turn


class Roll(NamedTuple):
    """Step 2: roll the numeric, colour and surface dice."""

    kind: Literal["roll"]


class PlaceTile(NamedTuple):
    """Step 3 (or the left-over tiles): lay ``tile`` (its id) on the empty ``cell``."""

    kind: Literal["tile"]
    tile: str
    cell: str


class TakeTile(NamedTuple):
    """Step 3 in sudden death: remove the tile on ``cell``."""

    kind: Literal["take"]
    cell: str


class MovePiece(NamedTuple):
    """Step 4: enter or move ``piece`` to ``cell``, selected by the die (``card`` None),
    the king's free selection, or the card ``card`` (its id)."""

    kind: Literal["piece"]
    piece: str
    cell: str
    card: str | None


class RemovePiece(NamedTuple):
    """Step 4 with no enter or move: ``piece`` goes back to the supply, both cards replaced."""

    kind: Literal["remove"]
    piece: str


class ReplaceCards(NamedTuple):
    """Step 4 with no move and no own piece on the terrain: only the cards are replaced (D35)."""

    kind: Literal["replace"]


class CallSudden(NamedTuple):
    """Step 5: call early sudden death (D41)."""

    kind: Literal["sudden"]


class EndTurn(NamedTuple):
    """Step 5: end the turn without calling it."""

    kind: Literal["end"]


NeuroAction = Roll | PlaceTile | TakeTile | MovePiece | RemovePiece | ReplaceCards | CallSudden | EndTurn


# The actions of steps 3 and 4 are the same values in every game and every language (their
# labels are their notation), and a turn lists hundreds of them: each is made once.
@lru_cache(maxsize=1 << 16)
def tile_action(tile: str, cell: str) -> Action:
    """``rwa d5``: lay the tile ``tile`` on ``cell``."""
    return Action(f"{tile} {cell}", (tile, cell), f"{tile} {cell}", PlaceTile("tile", tile, cell))


@lru_cache(maxsize=64)
def take_action(cell: str) -> Action:
    """``take c1``: remove the tile on ``cell`` (sudden death)."""
    return Action(f"take {cell}", (cell,), f"take {cell}", TakeTile("take", cell))


@lru_cache(maxsize=1 << 16)
def piece_action(piece: str, cell: str, card: str | None) -> Action:
    """``wq d4`` (by the die or the king's free selection) or ``wq d4 q5b`` (by the card ``Q5b``)."""
    if card is None:
        return Action(f"{piece} {cell}", (piece, cell), f"{piece} {cell}", MovePiece("piece", piece, cell, None))
    return Action(f"{piece} {cell} {card.lower()}", (card, piece, cell), f"{piece} {cell} {card}",
                  MovePiece("piece", piece, cell, card))
