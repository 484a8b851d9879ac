"""TriumfDrez's actions as small immutable values, and the phases of a deal.

Each legal :class:`~drezlab.core.action.Action` of TriumfDrez carries one of the types
below as its ``data``, so the rules, the words and the bots read an action by its
fields and ``match`` over its kind (``case Bid(contract=contract): ...``).

Each type's first field is its kind's word in the notation (``"bid"``, ``"pass"``,
``"play"``, ``"next"``): the positional spelling of earlier releases, which lesson 6
and pupils' notebooks use (``chosen.data[0] == "bid"``, ``chosen.data[1].key``), still
reads the same.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, NamedTuple

from drezlab.core.cards import Card
from drezlab.games.triumfdrez.cards import Contract

__all__ = ["Bid", "NextDeal", "Pass", "Phase", "PlayCard", "TriumfAction"]


class Phase(StrEnum):
    """Where a deal stands; the values are the strings views and records show."""

    BID = "bid"            # the auction
    PLAY = "play"          # the tricks
    NEXT = "next"          # the deal is over: waiting for every "Next deal"
    OVER = "over"          # the match is over


class Bid(NamedTuple):
    """Bid ``contract`` in the auction."""

    kind: Literal["bid"]
    contract: Contract


class Pass(NamedTuple):
    """Pass in the auction (not for the opening bid)."""

    kind: Literal["pass"]


class PlayCard(NamedTuple):
    """Play ``card`` from the hand to the trick."""

    kind: Literal["play"]
    card: Card


class NextDeal(NamedTuple):
    """After a deal: ready for the next one."""

    kind: Literal["next"]


TriumfAction = Bid | Pass | PlayCard | NextDeal
