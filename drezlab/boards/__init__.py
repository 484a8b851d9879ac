"""Boards as data and drezlab's grid engine for chess variants python-chess cannot express.

- :mod:`drezlab.boards.grid`: :class:`Grid`, cells with names, coordinates, holes,
  seams and tags.
- :mod:`drezlab.boards.pieces`: :class:`PieceKind` movement specs (riders,
  leapers, the jumping bishop, the amazon) and the :class:`Move` tuple.
- :mod:`drezlab.boards.engine`: :class:`Rules` (a game as data) and
  :class:`Position` (state, legal moves, make/undo, check, mate, draws, hooks).
- :mod:`drezlab.boards.standard`: chess as data, FEN.
"""

from __future__ import annotations

from drezlab.boards.engine import (
    Castling,
    Position,
    Rules,
    castling_on_line,
    code_of,
    divide,
    kind_of,
    perft,
    seat_of,
)
from drezlab.boards.grid import Grid
from drezlab.boards.pieces import (
    AMAZON,
    BISHOP,
    CASTLE,
    DOUBLE,
    DROP,
    EN_PASSANT,
    JUMPING_BISHOP,
    KING,
    KNIGHT,
    NORMAL,
    PAWN,
    QUEEN,
    ROOK,
    VARIANT,
    Component,
    Move,
    PieceKind,
    leaper,
    rider,
    symmetric,
)
from drezlab.boards.standard import START_FEN, chess_rules, from_fen, to_fen

__all__ = [
    "AMAZON",
    "BISHOP",
    "CASTLE",
    "DOUBLE",
    "DROP",
    "EN_PASSANT",
    "JUMPING_BISHOP",
    "KING",
    "KNIGHT",
    "NORMAL",
    "PAWN",
    "QUEEN",
    "ROOK",
    "START_FEN",
    "VARIANT",
    "Castling",
    "Component",
    "Grid",
    "Move",
    "PieceKind",
    "Position",
    "Rules",
    "castling_on_line",
    "chess_rules",
    "code_of",
    "divide",
    "from_fen",
    "kind_of",
    "leaper",
    "perft",
    "rider",
    "seat_of",
    "symmetric",
    "to_fen",
]
