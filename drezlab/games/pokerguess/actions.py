"""PokerGuess's actions as small immutable values, and the steps of a turn.

Each legal :class:`~drezlab.core.action.Action` of PokerGuess carries one of the
types below as its ``data``: the rules, the words and the bots read an action by
its fields (``Raise(total=12, new=True)``, ``Predict(prediction=...)``) and
``match`` over its kind. ``new`` says whether the betting action is followed by a
new prediction.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from drezlab.core.cards import Card
from drezlab.games.pokerguess.predictions import Prediction


class Step(StrEnum):
    """What the player to move is asked; the values are the strings views and records show."""

    ACT = "act"            # bet in phase A or B
    PREDICT = "predict"    # announce the new prediction a betting action promised
    REVEAL = "reveal"      # the last-card round: turn one card face up
    NEXT = "next"          # the hand is over: waiting for "Next hand"
    OVER = "over"          # the game is over


class Fold(NamedTuple):
    """Give up the hand (only when facing a bet)."""


class Stay(NamedTuple):
    """Call the bet or check; ``new``: then announce a new prediction."""

    new: bool


class Raise(NamedTuple):
    """Raise this phase's bet to ``total``; ``new``: then announce a new prediction."""

    total: int
    new: bool


class AllIn(NamedTuple):
    """Put in every chip (as a call or a raise); ``new``: then announce a new prediction."""

    new: bool


class Predict(NamedTuple):
    """Announce ``prediction`` (after a betting action ending in ``new``)."""

    prediction: Prediction


class Show(NamedTuple):
    """The last-card round: turn ``card`` face up."""

    card: Card


class NextHand(NamedTuple):
    """After a hand: ready for the next one."""


GuessAction = Fold | Stay | Raise | AllIn | Predict | Show | NextHand
