"""RummiDrez's actions as small immutable values, and the phases of a hand.

Each legal :class:`~drezlab.core.action.Action` of RummiDrez carries one of the
types below as its ``data``: the rules and the words read an action by its fields
(``Move(card=B4, dest="m3")``) and ``match`` over its kind.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from drezlab.core.cards import Card


class Phase(StrEnum):
    """Where a hand stands; the values are the strings views and records show."""

    PLAY = "play"          # a turn: moves staged on the table, then commit, draw or pass
    NEXT = "next"          # the hand is over: waiting for "Next hand"
    OVER = "over"          # the match (or the solitaire) is over


class Move(NamedTuple):
    """Move ``card`` into the meld place ``dest`` (``m3``), a new meld (``new``) or
    back into the hand (``hand``): a staged move of the turn."""

    card: Card
    dest: str


class Commit(NamedTuple):
    """Commit the staged play (``done``)."""


class Reset(NamedTuple):
    """Take the whole turn back."""


class Draw(NamedTuple):
    """Draw one card and end the turn (the turn's moves are taken back)."""


class Pass(NamedTuple):
    """The stock is empty: pass (D28)."""


class NextHand(NamedTuple):
    """After a hand: deal the next one."""


RummiAction = Move | Commit | Reset | Draw | Pass | NextHand
