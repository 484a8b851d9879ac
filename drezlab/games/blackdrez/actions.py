"""BlackDrez's actions as small immutable values, and the phases of the game.

Each legal :class:`~drezlab.core.action.Action` of BlackDrez carries one of the
types below as its ``data`` (its notation is the kind's word: ``draw``, ``retire``,
``stand``, ``next``), and the rules ``match`` over them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class Phase(StrEnum):
    """Where the game stands; the values are the strings views and records show."""

    PLAY = "play"          # a round in progress
    NEXT = "next"          # a round is over: waiting for "next"
    OVER = "over"          # the game is over


class Draw(NamedTuple):
    """Take the stock's top card."""


class Retire(NamedTuple):
    """Keep half the cards in front of you (rounded down) and leave the round."""


class Stand(NamedTuple):
    """Only when all active scores are equal: stop drawing (D38)."""


class NextRound(NamedTuple):
    """After a round: ready for the next one."""


BlackAction = Draw | Retire | Stand | NextRound

#: each action's notation (its kind's word) and its value
BY_WORD: dict[str, BlackAction] = {"draw": Draw(), "retire": Retire(), "stand": Stand(), "next": NextRound()}
