"""Abyss's board names, phases and actions as types: what the rules (``game``), the words
(``words``), the solver and the bots share, so that none of them imports another.

Each kind of action is a small immutable type held in ``Action.data`` (``Abyss._apply``
is a ``match`` over them, in the order of the rules):

==================  =====================  ==============================================
notation            data                   the rule
==================  =====================  ==============================================
``w@c3``            ``Place(WHITE, 12)``   §4.1: the placer puts a piece on an empty square
``first``           ``Choose("first")``    §4.1, D19: the chooser moves first ...
``colour``          ``Choose("colour")``   ... or picks the colour
``white``           ``TakeColour(WHITE)``  the deciding seat takes a colour
``a1-d1``           ``PushMove(0, 0, 3)``  §4.2, D20: a push (from, direction, to)
==================  =====================  ==============================================

The phases of a game are a :class:`Phase`; views, records and the status line use their
strings (``"place"``, ``"play"`` ...), which a ``StrEnum`` equals.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

SIZE = 5
SQUARES = SIZE * SIZE
FILES = "abcde"
SQUARE_NAMES: tuple[str, ...] = tuple(f"{FILES[s % SIZE]}{s // SIZE + 1}" for s in range(SQUARES))
SQUARE_INDEX: dict[str, int] = {name: index for index, name in enumerate(SQUARE_NAMES)}
WHITE, BLACK = 0, 1
#: the piece letters of the text form and of placement actions, by colour
LETTERS = ("w", "b")
#: the colour words of the notation ('white', 'black'), by colour
LETTERS_WORDS = ("white", "black")
#: the chooser's two options (§4.1, D19), as the notation writes them
FIRST, PICK_COLOUR = "first", "colour"


class Phase(StrEnum):
    """Where a game of Abyss is (§4.1 then §4.2), named as views and records name it."""

    PLACE = "place"             # the placer puts the twelve pieces
    CHOOSE = "choose"           # the chooser: move first, or pick the colour
    COLOUR = "colour"           # the seat the option names picks a colour
    PLAY = "play"               # the pushes (also once the game is over)


class Place(NamedTuple):
    """``w@c3``: the placer puts a piece of ``colour`` on the empty ``square``."""

    colour: int
    square: int


class Choose(NamedTuple):
    """``first`` or ``colour``: the chooser's option (:data:`FIRST` or :data:`PICK_COLOUR`)."""

    option: str


class TakeColour(NamedTuple):
    """``white`` or ``black``: the deciding seat takes ``colour``, the other seat the other."""

    colour: int


class PushMove(NamedTuple):
    """``a1-d1``: the piece on ``frm`` pushes in ``direction`` (an index of the rules'
    four directions) and stops on ``to``."""

    frm: int
    direction: int
    to: int


AbyssAction = Place | Choose | TakeColour | PushMove


def in_line(frm: int, to: int) -> bool:
    """Are two different squares on one rank or one file (could a push go from one to the other)?"""
    return frm != to and (frm % SIZE == to % SIZE or frm // SIZE == to // SIZE)
