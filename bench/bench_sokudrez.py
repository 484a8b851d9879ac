"""SokuDrez benchmarks: how close the solvers get on 100 seeded deals, and the bots.

Run with ``.venv/bin/python bench/bench_sokudrez.py`` (``--quick``: 20 deals, 2 s each,
fewer games; ``--cap S``: seconds per deal; ``--deals N``; ``--workers W``; ``--games 0``
skips the bots). The issue's figure, the gap between bounds over 100 deals at a 10 s cap,
is the default run (``--deals 100 --cap 10``, about 9 minutes on 2 workers).

1. **Solver figures over 100 seeded deals** (``SokuDrez(seed=s)``, s = 0..99), each
   given to :func:`drezlab.games.sokudrez.solver.exact` with a per-deal time cap:
   D21's bound, the cover bound (stronger, proved in ``solver.py``), the best swap
   count found, the best *proven* lower bound (the larger of the cover bound and the
   target program's bound, Lemma 4 in ``solver.py``, raised by every IDA* iteration
   that ended without a solution), the gap between them and how many deals
   are *proven* optimal (found = proven bound). The issue asks for 60 s per deal; 100
   deals x 60 s would take 100 minutes on one core, so the default cap is 10 s per deal
   on 2 worker processes (about 9 minutes), and the cap used is printed. Goal (the
   issue's): median gap <= 1 swap. D21's own ``solve`` and the repeated ``hint`` are
   measured on the same deals for comparison, with their times.
   Every deal's time is checked against its cap: the number of deals that ran more than
   half a second over it, and the longest, are printed (issue 24: a 2 s cap once ran 9 s).
2. **Random play**: random swaps per second, drawn by ``SokuDrez.random_action`` (one draw
   among the 1,431 pairs) against the listing of every legal swap that
   :meth:`drezlab.core.game.Game.random_action` makes, on the same seeded games (the
   swaps played are the same; issue 24: the listing was 87 % of a random game's time).
3. **Bots, 2-player variant**: win rates with 95 % Wilson intervals
   (``drezlab.sim.tournament``, seeded, seats rotated): planner v greedy, greedy v
   random, planner v random. Games against the random bot may never end (random swaps
   do not solve the grid), so every game is capped at 120 swaps and then decided by
   the totals (``SokuDrez.adjudicate``); the number of adjudicated games is printed.

The script exits with status 1 if the median-gap goal is missed (the figures are
printed either way).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter

from joblib import Parallel, delayed

from drezlab.core.game import Game
from drezlab.games.sokudrez import SokuDrez
from drezlab.games.sokudrez.solver import ExactResult, exact, hint, solve
from drezlab.sim import tournament

GAP_GOAL = 1
#: a deal may run this much past its cap (HiGHS' own overrun, D21's solve that starts the beam)
OVER_CAP = 0.5


def one_deal(seed: int, cap: float) -> tuple[int, ExactResult, int, float, int]:
    """(seed, exact's result, D21 solve's length, its seconds, repeated hint's length)."""
    grid = SokuDrez(seed=seed).grid
    started = time.perf_counter()
    d21_solution = solve(grid)
    d21_seconds = time.perf_counter() - started
    return seed, exact(grid, time_limit=cap), len(d21_solution), d21_seconds, hint_length(grid)


def hint_length(grid: tuple[int, ...], limit: int = 200) -> int:
    """Swaps made by following :func:`hint` until solved (``limit`` if it never ends)."""
    current = list(grid)
    for count in range(limit):
        move = hint(current)
        if move is None:
            return count
        p, q = move
        current[p], current[q] = current[q], current[p]
    return limit


def histogram(values: list[int]) -> str:
    counts = Counter(values)
    return "  ".join(f"{value}:{counts[value]}" for value in sorted(counts))


def solver_figures(deals: int, cap: float, workers: int) -> bool:
    print(f"== Solver over {deals} seeded deals (seeds 0..{deals - 1}), {cap:g} s per deal, {workers} workers ==")
    if cap < 60:
        print(f"   (the issue asks for 60 s per deal; {deals} x 60 s would exceed the ~15 min budget, "
              f"so the cap is {cap:g} s)")
    started = time.perf_counter()
    rows = Parallel(n_jobs=workers)(delayed(one_deal)(seed, cap) for seed in range(deals))
    wall = time.perf_counter() - started
    results = [row[1] for row in rows]
    gaps = [result.gap for result in results]
    proven = sum(result.proven for result in results)
    print(f"   D21 bound:            mean {statistics.mean(r.d21 for r in results):.2f}   {histogram([r.d21 for r in results])}")
    print(f"   cover bound:          mean {statistics.mean(r.cover for r in results):.2f}   {histogram([r.cover for r in results])}")
    print(f"   cover > D21 on {sum(r.cover > r.d21 for r in results)} of {deals} deals")
    print(f"   proven lower bound:   mean {statistics.mean(r.lower_bound for r in results):.2f}   "
          f"{histogram([r.lower_bound for r in results])}")
    print(f"   best found:           mean {statistics.mean(r.best for r in results):.2f}   {histogram([r.best for r in results])}")
    print(f"   gap found - proven:   median {statistics.median(gaps):g}, mean {statistics.mean(gaps):.2f}, "
          f"max {max(gaps)}   {histogram(gaps)}")
    print(f"   proven optimal:       {proven} of {deals} deals within {cap:g} s each")
    print(f"   D21 solve():          mean {statistics.mean(row[2] for row in rows):.2f} swaps, "
          f"median {1000 * statistics.median(row[3] for row in rows):.0f} ms")
    print(f"   repeated hint():      mean {statistics.mean(row[4] for row in rows):.2f} swaps")
    print(f"   exact() seconds:      median {statistics.median(r.seconds for r in results):.1f}, "
          f"IDA* nodes median {statistics.median(r.nodes for r in results):.0f}; wall {wall:.0f} s")
    over = [r.seconds for r in results if r.seconds > cap + OVER_CAP]
    print(f"   time cap kept:        longest {max(r.seconds for r in results):.2f} s for a {cap:g} s cap; "
          f"{len(over)} of {deals} deals over it by more than {OVER_CAP:g} s")
    met = statistics.median(gaps) <= GAP_GOAL
    print(f"   goal median gap <= {GAP_GOAL}: {'met' if met else 'MISSED'}")
    return met


def random_play_figures(games: int = 10, swaps: int = 300) -> None:
    """Random swaps per second: the game's own draw against the listing of every swap."""
    print(f"== Random play: {games} seeded games of {swaps} swaps (2 players), same swaps both ways ==")
    rates = {}
    for name, draw in (("listing 1,431 swaps (Game.random_action)", Game.random_action),
                       ("one draw (SokuDrez.random_action)", SokuDrez.random_action)):
        played = 0
        started = time.perf_counter()
        for seed in range(games):
            game = SokuDrez(seed=seed, players=2, max_swaps=swaps)
            rng = random.Random(seed)
            while not game.is_over:
                game.play(draw(game, rng))
                played += 1
        rates[name] = played / (time.perf_counter() - started)
        print(f"   {name:45s} {rates[name]:8.0f} swaps/s")
    listing, drawing = rates.values()
    print(f"   ratio one draw / listing: {drawing / listing:.1f}x")


def bot_figures(games: int) -> None:
    print(f"== Bots, 2-player variant: {games} games per pairing, capped at 120 swaps then decided by totals ==")
    for pair in (["planner", "greedy"], ["greedy", "random"], ["planner", "random"]):
        results = tournament(("sokudrez", {"players": 2}), pair, games=games, seed=1000, max_plies=120)
        print(results)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 deals, 2 s each, 40 games per pairing")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--cap", type=float, default=10.0, help="seconds per deal")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=200, help="games per bot pairing (0: no bots)")
    args = parser.parse_args()
    deals, cap, games = (20, 2.0, 40) if args.quick else (args.deals, args.cap, args.games)
    met = solver_figures(deals, cap, args.workers)
    random_play_figures()
    if games:
        bot_figures(games)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
