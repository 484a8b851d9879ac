"""DomiDrez's actions as small immutable values, and the phases of a hand.

Each legal :class:`~drezlab.core.action.Action` of DomiDrez carries one of the
types below as its ``data``: the rules, the words and the bots read an action by
its fields (``Play(card=Q5)``, ``Name(figure=4, colour=9)``) and ``match`` over its kind.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from drezlab.core.cards import Card


class Phase(StrEnum):
    """Where a hand stands; the values are the strings views and records show."""

    PLAY = "play"          # a player follows the line, draws or passes
    NAME = "name"          # a neutral card was just played: its player names a figure and a colour
    NEXT = "next"          # the hand is over: waiting for "Next hand"
    OVER = "over"          # the match is over


class Play(NamedTuple):
    """Play ``card`` from the hand onto the line."""

    card: Card


class Name(NamedTuple):
    """After a neutral card: the next card must have ``figure`` (1-6) or ``colour`` (1-9)."""

    figure: int
    colour: int


class Draw(NamedTuple):
    """No card to play: draw one card and pass."""


class Pass(NamedTuple):
    """No card to play and nothing to draw: pass."""


class NextHand(NamedTuple):
    """After a hand: ready for the next one."""


DomiAction = Play | Name | Draw | Pass | NextHand
