"""A second, independent oracle for the jumping bishop: Fairy-Stockfish.

pyffish (Fairy-Stockfish's Python binding, GPL-3.0, in the ``test`` extra) is
given chess with its bishop replaced by a custom piece of Betza ``CG`` (camel +
tripper: the 12 targets of board-games.md §5) and promotion to it allowed (D21).
On 1,000 positions from seeded random games (checks, pins, castling, en passant
and promotions among them) the legal-move sets of drezlab's grid engine and of
Fairy-Stockfish must be equal, and "in check" on the first 150 of them (each
pyffish call costs about 5 ms, so the test keeps to about 6 s).
"""

from __future__ import annotations

import random

import pyffish
import pytest

from drezlab.boards import CASTLE, DOUBLE, EN_PASSANT, Position, to_fen
from drezlab.games.jumpingbishop.game import RULES

VARIANT = "jumpingbishop"
CONFIG = f"""
[{VARIANT}:chess]
bishop = -
customPiece1 = b:CG
promotionPieceTypes = qrbn
"""


def positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        pos = Position(RULES)
        for _ply in range(rng.randrange(20, 160)):
            moves = pos.legal_moves()
            if not moves or pos.is_insufficient_material():
                break
            out.append(pos.copy())
            # prefer captures, promotions and double steps now and then, so endings,
            # new pieces and en-passant chances occur
            special = [
                m for m in moves if pos.board[m.to] or m.promo or m.flag == DOUBLE
            ]
            pos.push(rng.choice(special if special and rng.random() < 0.3 else moves))
    return out[:count]


@pytest.mark.slow
def test_fairy_stockfish_agrees_on_1000_positions() -> None:
    pyffish.load_variant_config(CONFIG)
    assert pyffish.start_fen(VARIANT).split()[0] == to_fen(Position(RULES)).split()[0]
    kinds = {"castle": 0, "ep": 0, "promo": 0, "check": 0}
    for index, pos in enumerate(positions(1000, seed=3)):
        fen = to_fen(pos)
        moves = pos.legal_moves()
        mine = sorted(pos.move_text(m) for m in moves)
        theirs = sorted(pyffish.legal_moves(VARIANT, fen, []))
        assert mine == theirs, fen
        if index < 150:
            assert pos.is_check() == pyffish.gives_check(VARIANT, fen, []), fen
        kinds["castle"] += any(m.flag == CASTLE for m in moves)
        kinds["ep"] += any(m.flag == EN_PASSANT for m in moves)
        kinds["promo"] += any(m.promo for m in moves)
        kinds["check"] += pos.is_check()
    assert all(count >= 5 for count in kinds.values()), kinds
