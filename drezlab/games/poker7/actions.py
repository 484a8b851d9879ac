"""Poker7's actions as small immutable values, and the phases of a hand.

Each legal :class:`~drezlab.core.action.Action` of Poker7 carries one of the types
below as its ``data``, so the rules, the words and the bots read an action by its
fields (``Raise(total=12)``, ``Show(card=Q5)``) and ``match`` over its kind.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from drezlab.core.cards import Card


class Phase(StrEnum):
    """Where a hand stands; the values are the strings views and records show."""

    BET = "bet"            # a betting round
    REVEAL = "reveal"      # step 4: each player still in turns one card up
    NEXT = "next"          # the hand is over: waiting for "Next hand"
    OVER = "over"          # the game is over


class Fold(NamedTuple):
    """Give up the hand (only when facing a bet)."""


class Check(NamedTuple):
    """Pass without betting (no bet to call)."""


class Call(NamedTuple):
    """Match the current bet, putting in ``chips``."""

    chips: int


class Bet(NamedTuple):
    """With no bet in this round: bet, bringing the round total to ``total``."""

    total: int


class Raise(NamedTuple):
    """Raise the round's bet to ``total`` (from this seat, this round)."""

    total: int


class AllIn(NamedTuple):
    """Put in every chip left, ``chips`` (as a bet, raise or call)."""

    chips: int


class Show(NamedTuple):
    """The reveal round: turn ``card`` face up."""

    card: Card


class NextHand(NamedTuple):
    """After a hand: ready for the next one."""


PokerAction = Fold | Check | Call | Bet | Raise | AllIn | Show | NextHand

#: each action type's word in the notation (and in the saved last action)
KINDS: dict[type, str] = {Fold: "fold", Check: "check", Call: "call", Bet: "bet", Raise: "raise",
                          AllIn: "allin", Show: "show", NextHand: "next"}


def kind_and_value(data: PokerAction) -> tuple[str, int | str | None]:
    """An action as its kind's word and its value (chips, a round total, a card's id, or
    nothing): how the last action is saved and labelled ('raise', 12)."""
    match data:
        case Show(card=card):
            return "show", card.id
        case Call(chips=chips) | AllIn(chips=chips):
            return KINDS[type(data)], chips
        case Bet(total=total) | Raise(total=total):
            return KINDS[type(data)], total
        case _:
            return KINDS[type(data)], None
