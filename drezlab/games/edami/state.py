"""The plain state of a game of EDAMI as types: what an action changes outside the zones
(the undo record, declared once with core's :class:`AttributeSnapshot`) and what a veto
needs to take a move back (D34)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import chess

from drezlab.core.action import Outcome
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.games.edami.actions import CardContext, Phase, TurnEnd
from drezlab.games.edami.cards import PIECE_LETTERS, LuckCard
from drezlab.games.edami.position import Lost


class VetoRecord(NamedTuple):
    """What a veto (D34) needs to take back the rival's last chess move."""

    board: chess.Board               # the position before the move (never changed in place)
    lost: Lost
    phase: Phase
    ctx: CardContext
    last_move: str | None
    uci: str
    piece_type: int
    completed: tuple[LuckCard, ...]  # objectives the move fulfilled (they go back to the mover)
    mover: int
    position_key: Any = None         # the position the turn ended in (set when it ends)


@dataclass(frozen=True)
class EdamiState(AttributeSnapshot):
    """The plain state an action may change outside the zones, the chance log (which the
    base class rewinds) and the repetition counts (undone from their log). The board is
    never changed in place once recorded: ``_apply`` plays on a fresh copy."""

    board: chess.Board
    holder: int | None
    lost: Lost
    last_card: tuple[LuckCard, int] | None
    last_move: str | None
    phase: Phase
    turn_color: chess.Color
    ctx: CardContext
    _outcome: Outcome | None
    veto_record: VetoRecord | None
    _veto_pending: VetoRecord | None
    _veto_return: Phase | None
    _turn_last: TurnEnd


class EdamiUndo(NamedTuple):
    """The undo record of an action: the state before it and the repetition counts it changed."""

    state: EdamiState
    positions: list[tuple[Any, int]]


def context_fields(ctx: CardContext) -> dict[str, Any]:
    """Where the side to move is within its turn, as plain values (views and records)."""
    return {"remaining": "".join(PIECE_LETTERS[p] for p in ctx.remaining), "need": ctx.need,
            "target": ctx.target, "moved": [chess.SQUARE_NAMES[s] for s in ctx.moved], "excluded": ctx.excluded,
            "can_veto_now": ctx.can_veto_now, "lead_lock": ctx.lead_lock}
