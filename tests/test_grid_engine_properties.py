"""Properties of the grid engine over random play (hypothesis, small and seeded):
make/undo restores every part of a position exactly, the incremental key equals a
key computed from scratch, copies are independent, and the legal moves never
leave the mover's king attacked — in chess, in jumping-bishop chess, on a
cylinder with a wrapping seam and on the 160-square cross board with four seats."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drezlab.boards import (
    BISHOP,
    JUMPING_BISHOP,
    KING,
    KNIGHT,
    PAWN,
    QUEEN,
    ROOK,
    Grid,
    Position,
    Rules,
    chess_rules,
)

CYLINDER = Rules(
    grid=Grid(8, 14, wrap_ranks=True),
    kinds=(PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING),
    setup={
        **{f"{f}4": (0, "P") for f in "abcdefgh"},
        **{f"{f}11": (1, "P") for f in "abcdefgh"},
        **{f"{f}3": (0, p) for f, p in zip("abcdefgh", "RNBQKBNR")},
        **{f"{f}12": (1, p) for f, p in zip("abcdefgh", "RNBQKBNR")},
    },
    pawn_start=(
        frozenset(Grid(8, 14).cells_of_rank(3)),
        frozenset(Grid(8, 14).cells_of_rank(10)),
    ),
    promotion=(
        frozenset(Grid(8, 14).cells_of_rank(13)),
        frozenset(Grid(8, 14).cells_of_rank(0)),
    ),
    promote_to=("Q", "N"),
)

_HOLES = [
    (f, r) for f in (*range(3), *range(11, 14)) for r in (*range(3), *range(11, 14))
]
_CROSS = Grid(14, 14, holes=_HOLES)
CROSS = Rules(
    grid=_CROSS,
    kinds=(PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING),
    seats=4,
    teams=(0, 1, 0, 1),
    orientation=(
        ((0, 1), (1, 0)),
        ((1, 0), (0, -1)),
        ((0, -1), (-1, 0)),
        ((-1, 0), (0, 1)),
    ),
    setup={
        **{f"{f}1": (0, p) for f, p in zip("defghijk", "RNBQKBNR")},
        **{f"{f}2": (0, "P") for f in "defghijk"},
        **{f"a{r}": (1, p) for r, p in zip(range(11, 3, -1), "RNBQKBNR")},
        **{f"b{r}": (1, "P") for r in range(4, 12)},
        **{f"{f}14": (2, p) for f, p in zip("kjihgfed", "RNBQKBNR")},
        **{f"{f}13": (2, "P") for f in "defghijk"},
        **{f"n{r}": (3, p) for r, p in zip(range(4, 12), "RNBQKBNR")},
        **{f"m{r}": (3, "P") for r in range(4, 12)},
    },
    pawn_start=tuple(frozenset() for _ in range(4)),
    promotion=tuple(frozenset() for _ in range(4)),
    seat_names=("yellow", "green", "red", "blue"),
    partner_capture=True,
)

GAMES = {
    "chess": chess_rules(),
    "jumping-bishop": chess_rules(JUMPING_BISHOP),
    "cylinder": CYLINDER,
    "cross": CROSS,
}


def snapshot(pos: Position) -> tuple:
    return (
        pos.board[:],
        pos.terrain[:],
        pos.turn,
        pos.castling,
        pos.ep,
        pos.halfmove,
        pos.ply,
        pos.kings[:],
        [set(s) for s in pos.pieces],
        dict(pos.vars),
        pos.hash,
        pos.history[:],
    )


@settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10**6))
def test_random_play_keeps_the_engine_consistent(name: str, seed: int) -> None:
    rules = GAMES[name]
    rng = random.Random(seed)
    pos = Position(rules)
    start = snapshot(pos)
    played = 0
    for _ in range(60):
        moves = pos.legal_moves()
        if not moves:
            break
        seat = pos.turn
        for m in rng.sample(moves, min(4, len(moves))):
            before = snapshot(pos)
            pos.push(m)
            assert pos.hash == pos._full_hash()
            assert not pos.in_check(seat), (
                f"{pos.move_text(m)} leaves the king attacked"
            )
            pos.pop()
            assert snapshot(pos) == before
        twin = pos.copy()
        pos.push(rng.choice(moves))
        played += 1
        assert snapshot(twin) != snapshot(pos)
        assert twin.legal_moves() == moves
    for _ in range(played):
        pos.pop()
    assert snapshot(pos) == start
