"""The card-chess layer's actions as small immutable values, shared by PokerDrez and
PokerDrez for 4 (:mod:`drezlab.kits.cardchess`).

Each legal :class:`~drezlab.core.action.Action` of the layer carries one of the types
below as its ``data``, so the rules (``CardChessGame._apply`` is a ``match`` over them),
the words and the bots read an action by its fields:

=====================  ==========================================  ==========================
notation               data                                        the rule
=====================  ==========================================  ==========================
``J3:e2e4``            ``ChessMove("move", J3, key)``              §2.3: a card backs a move
``die:g1f3``           ``ChessMove("move", "die", key)``           §2.6, D9: the die backs it
``e2e4``               ``ChessMove("move", None, key)``            D10: plain chess
``return Q5``          ``Return("return", Q5)``                    §2.3: after a common card
``roll``               ``Roll("roll")``                            §2.6: roll the die
``X1>pile``            ``Exchange("exchange", X1, "pile", None)``  §2.5, D8: for the pile top
``X1>Q5``              ``Exchange("exchange", X1, Q5, None)``      for a common card
``X1>hand-2``          ``Exchange("exchange", X1, "hand", 2)``     for a card of seat 2 (D15)
``stop``               ``Stop("stop")``                            D11: no permitted move
``claim``              ``Claim("claim")``                          D1: claim a draw
=====================  ==========================================  ==========================

(``J3``, ``Q5``, ``X1`` stand for the :class:`~drezlab.core.cards.Card` values; ``key`` is
the move source's key of the move, ``MoveSource.key``.) A game adds its own types for its
own actions (PokerDrez: :mod:`drezlab.games.pokerdrez.actions`).

Each type's first field is its kind's word, fixed, so that the data keep the layout of
the plain tuples of earlier releases: ``action.data[0] == "move"`` and
``action.data[1]`` (the card) still read the same (lesson 16 and older notebooks read
moves so), and a comparison with ``("move", card, key)`` still holds. The code of the
games reads the fields by name.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from drezlab.core.cards import Card

__all__ = ["CLAIM", "ROLL", "STOP", "CardChessAction", "ChessMove", "Claim", "Exchange", "Return", "Roll", "Stop"]


class ChessMove(NamedTuple):
    """A move on the board, backed by ``source``: a card, the die (``"die"``) or nothing
    (``None``, plain chess); ``key`` names the move (``MoveSource.key``: ``(from, to,
    promotion)`` on python-chess's board)."""

    kind: Literal["move"]
    source: Card | str | None
    key: Any


class Return(NamedTuple):
    """After a move backed by a common card: put ``card`` (from the hand) back among the
    common cards."""

    kind: Literal["return"]
    card: Card


class Roll(NamedTuple):
    """Roll the die (its holder, once a turn)."""

    kind: Literal["roll"]


class Exchange(NamedTuple):
    """Discard the usable ``neutral`` card and fill its slot from ``target``: the pile top
    (``"pile"``), a common card (a :class:`Card`) or, with ``"hand"``, a card taken at
    random from the hand of seat ``victim`` (``None`` for the other two)."""

    kind: Literal["exchange"]
    neutral: Card
    target: Card | str
    victim: int | None


class Stop(NamedTuple):
    """No permitted move, and no wish to roll or exchange: the seat is stuck (D11)."""

    kind: Literal["stop"]


class Claim(NamedTuple):
    """Claim a draw (threefold repetition or the fifty-move rule, ``draw_claims="claim"``)."""

    kind: Literal["claim"]


CardChessAction = ChessMove | Return | Roll | Exchange | Stop | Claim

ROLL = Roll("roll")
STOP = Stop("stop")
CLAIM = Claim("claim")
