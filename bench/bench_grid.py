"""Grid engine benchmark: perft nodes per second of drezlab's engine against
python-chess in the same run, on the standard perft positions.

Run with ``make bench`` or ``.venv/bin/python bench/bench_grid.py [--quick]``.

Both engines run the same algorithm (legal moves at every node, make and undo of
every move above the last ply, the last ply counted from the legal-move list), and
the counts must agree; the ratio is engine nodes/s over python-chess nodes/s. A
second table makes and undoes every leaf too (the cost of a search's inner loop).
Goal: ratio >= 0.5 on the total; the script exits with status 1 if it is missed
or if a count differs.
"""

from __future__ import annotations

import sys
import time

import chess

from drezlab.boards import START_FEN, Position, chess_rules, from_fen

GOAL = 0.5
POSITIONS = [
    ("start", START_FEN, 4),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
    ),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        3,
    ),
    ("position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3),
    (
        "position6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        3,
    ),
]


def chess_perft(board: chess.Board, depth: int, leaves: bool) -> int:
    if depth == 0:
        return 1
    if depth == 1 and not leaves:
        return board.legal_moves.count()
    total = 0
    for m in board.legal_moves:
        board.push(m)
        total += chess_perft(board, depth - 1, leaves)
        board.pop()
    return total


def grid_perft(pos: Position, depth: int, leaves: bool) -> int:
    if depth == 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1 and not leaves:
        return len(moves)
    total = 0
    push = pos.push
    pop = pos.pop
    for m in moves:
        push(m)
        total += grid_perft(pos, depth - 1, leaves)
        pop()
    return total


def run(leaves: bool, quick: bool) -> tuple[float, bool]:
    rules = chess_rules()
    label = "make/undo every leaf" if leaves else "leaves counted from the move list"
    print(f"\nperft, {label}")
    print(
        f"{'position':<10} {'depth':>5} {'nodes':>9} {'engine n/s':>11} {'python-chess n/s':>17} {'ratio':>6}"
    )
    t_grid = t_chess = 0.0
    ok = True
    for name, fen, depth in POSITIONS:
        d = depth - 1 if (quick or leaves) else depth
        pos = from_fen(rules, fen)
        start = time.perf_counter()
        a = grid_perft(pos, d, leaves)
        tg = time.perf_counter() - start
        board = chess.Board(fen)
        start = time.perf_counter()
        b = chess_perft(board, d, leaves)
        tc = time.perf_counter() - start
        t_grid += tg
        t_chess += tc
        if a != b:
            ok = False
            print(f"{name}: COUNT DIFFERS engine {a} python-chess {b}")
        print(
            f"{name:<10} {d:>5} {a:>9} {a / tg:>11,.0f} {b / tc:>17,.0f} {tc / tg:>6.2f}"
        )
    ratio = t_chess / t_grid
    print(f"{'total':<10} {'':>5} {'':>9} {'':>11} {'':>17} {ratio:>6.2f}")
    return ratio, ok


def main() -> int:
    quick = "--quick" in sys.argv
    ratio, ok = run(leaves=False, quick=quick)
    ratio_leaves, ok2 = run(leaves=True, quick=quick)
    print(
        f"\ngoal: ratio >= {GOAL} (counted leaves: {ratio:.2f}; every leaf played: {ratio_leaves:.2f})"
    )
    if not (ok and ok2):
        print("FAILED: a perft count differs from python-chess")
        return 1
    if ratio < GOAL:
        print("MISSED the speed goal")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
