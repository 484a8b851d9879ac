"""Dejarik's phases and actions as types: what the rules (``game``), the words (``words``)
and the bots (``bots``) share, so that none of them imports another.

Each kind of action is a small immutable type held in ``Action.data`` (``Dejarik._apply``
is a ``match`` over them, in the order of the rules):

====================  ====================================  ============================
notation              data                                  the rule
====================  ====================================  ============================
``place savrip o5``   ``Place("place", number, cell)``      §1.3, D2: the setup
``o5-i5``             ``Move("move", frm, to)``             §1.5, D4: a move
``i5xo6``             ``Attack("attack", frm, to)``         §1.6, D5: an attack
``push o7``           ``Push("push", pushed, to)``          D6: the winner's push
``pass``              ``Pass("pass")``                      D3: give up one action
====================  ====================================  ============================

Each type's first field is its :class:`Kind`, fixed, so that the data keep the layout of
the plain tuples of before: ``action.data[0] == "move"`` (lesson 12 reads moves so) and a
comparison with ``("move", 16, 4)`` still hold. The rules read the fields by name.

The phases are a :class:`Phase`; views, records and the status line use their strings
(``"place"``, ``"act"``, ``"push"``), which a ``StrEnum`` equals.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class Phase(StrEnum):
    """Where a game of Dejarik is, named as views and records name it."""

    PLACE = "place"             # the setup: each side places its creatures (D2)
    ACT = "act"                 # the turn's two actions (D3)
    PUSH = "push"               # the winner of a roll chooses where to push (D6)


class Kind(StrEnum):
    """The kind of an action, the first field of its data."""

    PLACE = "place"
    MOVE = "move"
    ATTACK = "attack"
    PUSH = "push"
    PASS = "pass"


class Place(NamedTuple):
    """``place savrip o5``: creature ``number`` on ``cell`` of its side's group."""

    kind: Kind
    number: int
    cell: int


class Move(NamedTuple):
    """``o5-i5``: the creature on ``frm`` moves to ``to`` along a clear path."""

    kind: Kind
    frm: int
    to: int


class Attack(NamedTuple):
    """``i5xo6``: the creature on ``frm`` attacks the adjacent enemy on ``to``."""

    kind: Kind
    frm: int
    to: int


class Push(NamedTuple):
    """``push o7``: the creature on ``pushed`` goes to the empty neighbour ``to``."""

    kind: Kind
    pushed: int
    to: int


class Pass(NamedTuple):
    """``pass``: give up this action."""

    kind: Kind


DejarikAction = Place | Move | Attack | Push | Pass

PASS = Pass(Kind.PASS)

