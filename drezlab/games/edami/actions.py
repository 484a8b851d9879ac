"""EDAMI's actions and the phases of a turn, as types: what the rules (``game``), the
words (``words``) and the bots (``bots``) share, so that none of them imports another.

Each kind of action is a small immutable type held in ``Action.data`` (``Edami._apply``
is a ``match`` over them): a chess move of the turn (:class:`ChessMove`, with its
:class:`MoveKind`: a normal move, a sub-move a card orders, a second knight move) and
one type per card action (:class:`Relocate`, :class:`Remove`, :class:`Recover` ...).
Their fields are plain ints and strings (the enums are ``StrEnum``), so an action's
data stays a plain immutable value.

Action notation (``str(action)``):

=======================  ==============================================================
``e2e4`` / ``e7e8q``      a chess move: normal move, card sub-move or second knight move
``draw``                  take the top card (target: the ``pile``)
``relocate b1e4``         Cambia: put the piece on b1 on the empty square e4
``remove e4``             Quita / Bomba: remove the piece on e4
``N@e4``                  Recupera or a prize: put a lost knight on e4 (targets ``lost-N``, ``e4``)
``decline``               do not claim an objective's prize (the card is discarded)
``steal card12``          Comodín: take the rival's special card card12
``veto``                  use "No me gusta tu jugada"
``stop``                  supercaballos: no second knight move
``resign`` / ``claim``    resign; claim a draw (``draw_claims="claim"``)
=======================  ==============================================================

The phases of a turn (§4.3) are a :class:`Phase`; views, records and the status line
use their strings (``"start"``, ``"card"`` ...), which a ``StrEnum`` equals.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple, Union

import chess

from drezlab.games.edami.cards import LuckCard

#: the zones of the cards (see ``Edami``'s docstring)
PILE, USED, TEMPORARY, PRIZES = "pile", "used", "temporary", "prizes"
KEPT = ("kept-0", "kept-1")


class Phase(StrEnum):
    """Where the side to move is within its turn (§4.3), named as views and records name it."""

    START = "start"             # a normal move or a draw (or the veto)
    FREE = "free"               # a normal move (after a special card, an impossible card, a veto)
    CARD = "card"               # the sub-moves an action card orders (D27)
    KNIGHT2 = "knight2"         # superknights: a second knight move, or stop (D37)
    RELOCATE = "relocate"       # Cambia
    REMOVE = "remove"           # Quita / Bomba
    RECOVER = "recover"         # Recupera
    PRIZE = "prize"             # an objective's prize: place a lost piece, or decline
    STEAL = "steal"             # Comodín


#: the phases in which the player to move makes a chess move (SAN accepted, illegal moves explained)
MOVE_PHASES = frozenset({Phase.START, Phase.FREE, Phase.CARD, Phase.KNIGHT2})


class Then(StrEnum):
    """What follows a chess move once its prizes are claimed."""

    END = "end"                 # the turn ends
    CARD = "card"               # more sub-moves of the card
    KNIGHT2 = "knight2"         # a second knight move may follow


class TurnEnd(StrEnum):
    """How the last turn ended: with a chess move (a veto may take it back) or by a card."""

    MOVE = "move"
    CARD = "card"


class MoveKind(StrEnum):
    """Which chess move of the turn an action is."""

    MOVE = "move"               # a normal move
    SUB = "sub"                 # a sub-move an action card orders
    KNIGHT2 = "knight2"         # the second knight move of superknights


class CardContext(NamedTuple):
    """Where the side to move is within its turn: the card being obeyed and what is left
    of it (D27: ``remaining`` entries, ``need`` sub-moves still asked for, ``target`` =
    the most entries still reachable, squares already ``moved``), what follows a prize
    (``then``), what a veto correction excludes, and the flags of the start phase."""

    card: LuckCard | None = None
    remaining: tuple[int, ...] = ()
    need: int = 0
    target: int = 0
    moved: tuple[int, ...] = ()
    then: Then = Then.END
    excluded: str | None = None
    excluded_type: int = 0
    can_veto_now: bool = False
    lead_lock: bool = False


EMPTY_CONTEXT = CardContext()


class ChessMove(NamedTuple):
    """A chess move (``e2e4``, ``e7e8q``): a normal move, a card's sub-move or a second knight move."""

    kind: MoveKind
    from_square: int
    to_square: int
    promotion: int | None = None

    def move(self) -> chess.Move:
        """A new ``chess.Move`` of this action."""
        return chess.Move(self.from_square, self.to_square, self.promotion)


class Draw(NamedTuple):
    """``draw``: take the top card of the pile."""


class Veto(NamedTuple):
    """``veto``: use "No me gusta tu jugada" (D34)."""


class Stop(NamedTuple):
    """``stop``: superknights, no second knight move."""


class Relocate(NamedTuple):
    """``relocate b1e4``: Cambia, the piece on ``source`` to the empty ``target``."""

    source: int
    target: int


class Remove(NamedTuple):
    """``remove e4``: Quita or Bomba, the piece on ``square``."""

    square: int


class Recover(NamedTuple):
    """``N@e4``: Recupera, a lost piece of ``piece_type`` back on ``square``."""

    piece_type: int
    square: int


class Prize(NamedTuple):
    """``N@e4``: an objective's prize, a lost piece of ``piece_type`` back on ``square``."""

    piece_type: int
    square: int


class Decline(NamedTuple):
    """``decline``: do not claim an objective's prize (the card is discarded)."""


class Steal(NamedTuple):
    """``steal card12``: Comodín, take the rival's special card ``card``."""

    card: str


class Resign(NamedTuple):
    """``resign``."""


class Claim(NamedTuple):
    """``claim``: claim a draw (``draw_claims="claim"``)."""


EdamiAction = Union[ChessMove, Draw, Veto, Stop, Relocate, Remove, Recover, Prize, Decline, Steal, Resign, Claim]

DRAW, VETO, STOP, DECLINE, RESIGN, CLAIM = Draw(), Veto(), Stop(), Decline(), Resign(), Claim()
