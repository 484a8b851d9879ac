"""PokerDrez's own actions as small immutable values: the pawn removal and the bets.

The card-chess actions (a move with its card or the die, a card returned, a roll, an
exchange, ``stop``, a draw claim) are the layer's,
:mod:`drezlab.kits.cardchessactions`; the types below are PokerDrez's own, which
``PokerDrez._apply_other`` matches over:

===============  ==============================  ====================================
notation         data                            the rule
===============  ==============================  ====================================
``remove e7``    ``RemovePawn("remove", 52)``    §2.1, D4: remove the pawn on e7
``keep``         ``KeepPawns("keep")``           §2.1: keep all pawns
``raise 8``      ``Raise("raise", 8)``           §2.10, D13: raise the bet to 8
``accept``       ``Accept("accept")``            D13: accept the raise
``refuse``       ``Refuse("refuse")``            D13: refuse it (and lose the game)
===============  ==============================  ====================================

As with the layer's types, each type's first field is its kind's word, so that
``action.data[0] == "raise"`` and ``action.data[1]`` (the amount, the square) read as
the plain tuples of earlier releases did.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, NamedTuple

__all__ = ["ACCEPT", "KEEP", "PHASE_ANSWER", "PHASE_REMOVE", "REFUSE", "Accept", "KeepPawns", "PokerDrezAction",
           "PokerDrezPhase", "Raise", "Refuse", "RemovePawn"]


class PokerDrezPhase(StrEnum):
    """PokerDrez's own phases besides the card-chess kit's play and return
    (:class:`drezlab.kits.cardchess.Phase`): the opening pawn removal, whose actions are
    ``remove``/``keep``, and the answer to a raise (``accept``/``refuse``/``raise``)."""

    REMOVE = "remove"
    ANSWER = "answer"


PHASE_REMOVE, PHASE_ANSWER = PokerDrezPhase.REMOVE, PokerDrezPhase.ANSWER


class RemovePawn(NamedTuple):
    """The pawn-removal phase: remove the pawn on ``square`` (a python-chess square)."""

    kind: Literal["remove"]
    square: int


class KeepPawns(NamedTuple):
    """The pawn-removal phase: keep all pawns."""

    kind: Literal["keep"]


class Raise(NamedTuple):
    """Raise the bet to ``amount`` (before moving, or as a re-raise when answering)."""

    kind: Literal["raise"]
    amount: int


class Accept(NamedTuple):
    """Answer a raise: accept it (play goes on)."""

    kind: Literal["accept"]


class Refuse(NamedTuple):
    """Answer a raise: refuse it, losing the game and the bet as it stood before it."""

    kind: Literal["refuse"]


PokerDrezAction = RemovePawn | KeepPawns | Raise | Accept | Refuse

KEEP = KeepPawns("keep")
ACCEPT = Accept("accept")
REFUSE = Refuse("refuse")
