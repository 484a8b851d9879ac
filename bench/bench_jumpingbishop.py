"""Jumping-bishop chess benchmarks: the bots' strength with 95 % Wilson intervals,
the search bot's speed, and the picture.

Run with ``make bench`` or ``.venv/bin/python bench/bench_jumpingbishop.py [--quick]``
(``--quick``: 20 games instead of 100).

1. Search (alpha-beta on the grid engine, 2 plies + captures) against greedy
   (one ply on the Game protocol), 100 seeded games from the initial position,
   seats alternating, games cut at 300 plies and adjudicated by material
   (``drezlab.sim.tournament``). Goal: the search bot's score interval lies
   above 50 %; the script exits with status 1 otherwise. From the initial
   position greedy walks into the two-move mate 1. Be4 / 2. Bxb7# (or its
   mirror) almost every game, so the same match is also played from 100 seeded
   openings of 6 random plies each (:func:`opening`).
2. Greedy against random, 100 seeded games (the anchor the two others are read
   against).
3. The search bot's time per move and positions per second over the first 20
   moves of one game, and python-chess's legal-move list of the starting
   position timed in the same run (the machine anchor).
4. The picture: ``game.svg()`` of the starting position.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import chess

from drezlab.games.jumpingbishop import JumpingBishop, JumpingBishopSearch
from drezlab.sim import tournament


def standing_line(results, name: str) -> str:  # type: ignore[no-untyped-def]
    s = results[name]
    return (f"{name:<8} {s.games:>5} games  win {s.wins:>3}  draw {s.draws:>3}  loss {s.losses:>3}  "
            f"score {100 * s.rate:5.1f} %  95 % CI {100 * s.low:5.1f}–{100 * s.high:5.1f} %")


def opening(seed: int) -> JumpingBishop:
    """A game that starts after 6 seeded random plies (a teacher's position), so the
    bots meet in varied middle games rather than the same trap; an opening that
    already ends the game (random play can walk into the quick mate) is drawn again."""
    rng = random.Random(seed)
    while True:
        game = JumpingBishop()
        for _ in range(6):
            if game.is_over:
                break
            game.play(game.random_action(rng))
        if not game.is_over:
            return JumpingBishop(position=game.fen)


def main() -> int:
    games = 20 if "--quick" in sys.argv else 100
    print(f"1. search vs greedy, {games} seeded games (max 300 plies, adjudicated by material)")
    duel = tournament("jumping-bishop", ["search", "greedy"], games=games, seed=2026, max_plies=300)
    print(standing_line(duel, "search"))
    print(standing_line(duel, "greedy"))
    reasons: dict[str, int] = {}
    for g in duel.games:
        reasons[g.reason] = reasons.get(g.reason, 0) + 1
    plies = [g.plies for g in duel.games]
    print(f"   endings: {reasons}; median length {statistics.median(plies):.0f} plies; {duel.seconds:.0f} s")

    print(f"\n1b. search vs greedy from {games} seeded openings of 6 random plies")
    varied = tournament(opening, ["search", "greedy"], games=games, seed=2027, max_plies=300)
    print(standing_line(varied, "search"))
    print(standing_line(varied, "greedy"))
    reasons = {}
    for g in varied.games:
        reasons[g.reason] = reasons.get(g.reason, 0) + 1
    plies = [g.plies for g in varied.games]
    print(f"   endings: {reasons}; median length {statistics.median(plies):.0f} plies; {varied.seconds:.0f} s")

    print(f"\n2. greedy vs random, {games} seeded games")
    anchor = tournament("jumping-bishop", ["greedy", "random"], games=games, seed=7, max_plies=300)
    print(standing_line(anchor, "greedy"))
    print(standing_line(anchor, "random"))

    print("\n3. search bot speed (first 20 moves of a search-vs-search game)")
    game = JumpingBishop()
    bots = [JumpingBishopSearch(seed=1), JumpingBishopSearch(seed=2)]
    times: list[float] = []
    nodes = 0
    for _ in range(20):
        if game.is_over:
            break
        bot = bots[game.to_move or 0]
        start = time.perf_counter()
        game.play(bot.choose(game))
        times.append(time.perf_counter() - start)
        nodes += bot.nodes
    board = chess.Board()
    start = time.perf_counter()
    for _ in range(2000):
        list(board.legal_moves)
    anchor_us = (time.perf_counter() - start) / 2000 * 1e6
    print(f"   median {1000 * statistics.median(times):.0f} ms per move, {nodes / sum(times):,.0f} positions/s "
          f"(python-chess legal-move list of the start position: {anchor_us:.0f} us in this run)")

    print("\n4. picture")
    game = JumpingBishop()
    start = time.perf_counter()
    for _ in range(20):
        game.svg()
    print(f"   game.svg() of the start position: {1000 * (time.perf_counter() - start) / 20:.1f} ms")

    if duel["search"].low <= 0.5 or varied["search"].low <= 0.5:
        print("MISSED: the search bot's score interval does not lie above 50 %")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
