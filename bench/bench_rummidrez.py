"""RummiDrez benchmarks: the meld solver's time per position and the solver bot against
the greedy bot, with den Hertog and Hulshof's published figure as the anchor.

Run with ``make bench`` or ``.venv/bin/python bench/bench_rummidrez.py`` (``--quick``
plays fewer games). The tournament takes most of the time: several minutes on two cores.

1. The meld solver (``drezlab.games.rummidrez.solver.solve``: an integer program solved
   by ``scipy.optimize.milp``, HiGHS) on 200 positions met at the start of the turns of
   seeded games (solver against greedy, 2 players): median and worst CPU time (the
   solver's own work; wall time and the machine's load are printed beside it). Goals:
   median <= 100 ms, worst <= 2 s. Anchor: den Hertog and Hulshof's ILP for Rummikub,
   "about one second a position" (The Computer Journal 49, 2006); the ratio printed is
   anchor / our median (how many times faster, on this machine against theirs).
2. How much rearranging gains: on the same positions, hand cards laid down by the
   solver's play against the greedy play that never takes a meld apart.
3. Win rate of the solver bot against the greedy bot over 200 seeded games (2 players,
   one hand per game: ``target=1``; seats rotated), with its 95 % Wilson interval
   (``drezlab.sim.tournament``). Goal: the interval's lower end above 50 %.

The script exits with status 1 if a goal is missed.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

from drezlab.core.cards import Card
from drezlab.games.rummidrez.bots import greedy_play, turn_positions
from drezlab.games.rummidrez.solver import solve
from drezlab.sim import tournament

MEDIAN_GOAL_S = 0.100
WORST_GOAL_S = 2.0
ANCHOR_S = 1.0


def solver_times(positions: list) -> tuple[list[float], list[float], list[int], list[int]]:
    """CPU and wall-clock seconds per solve, and cards laid down by the solver and by the
    greedy play, per position. HiGHS solves on one thread here, so the process's CPU time
    is the solver's own work, whatever else the machine runs."""
    cpu: list[float] = []
    wall: list[float] = []
    best: list[int] = []
    simple: list[int] = []
    for hand, table, initial in positions:
        started = time.process_time()
        play = solve(hand, table, initial=initial, time_limit=60.0)
        cpu.append(time.process_time() - started)
        wall.append(play.seconds)
        assert play.proven, "the solver was stopped before it proved its play largest"
        best.append(play.count)
        plan = greedy_play([Card.parse(card) for card in hand], [[Card.parse(card) for card in meld]
                                                                 for meld in table], not initial)
        laid = set() if plan is None else {card for meld in plan for card in meld}
        simple.append(sum(1 for card in hand if card in laid))
    return cpu, wall, best, simple


def main(quick: bool = False) -> int:
    ok = True
    count = 200
    positions = turn_positions(count, seed=1000)
    times, wall, best, simple = solver_times(positions)
    median, worst = statistics.median(times), max(times)
    print(f"RummiDrez meld solver (scipy.optimize.milp / HiGHS) over {count} positions from seeded games, "
          f"every play proven largest")
    print(f"  CPU time:  median {median * 1e3:7.1f} ms  [goal <= {MEDIAN_GOAL_S * 1e3:.0f} ms]   "
          f"90 % {statistics.quantiles(times, n=10)[-1] * 1e3:7.1f} ms   "
          f"worst {worst * 1e3:7.1f} ms  [goal <= {WORST_GOAL_S * 1e3:.0f} ms]")
    print(f"  wall time: median {statistics.median(wall) * 1e3:7.1f} ms   worst {max(wall) * 1e3:7.1f} ms   "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"  anchor: den Hertog and Hulshof's ILP, about {ANCHOR_S:.0f} s a position -> "
          f"{ANCHOR_S / median:.0f}x faster at the median")
    ok &= median <= MEDIAN_GOAL_S and worst <= WORST_GOAL_S
    gains = [b - s for b, s in zip(best, simple)]
    print(f"  cards laid down: solver {sum(best)}, greedy {sum(simple)}; rearranging lays down more "
          f"in {sum(gain > 0 for gain in gains)} of {count} positions (mean gain {statistics.mean(gains):.2f})")
    assert all(gain >= 0 for gain in gains), "the greedy play beat the solver: the solver is wrong"

    games = 60 if quick else 200
    print(f"\nSolver bot v greedy bot, 95 % Wilson intervals (drezlab.sim.tournament, seed 1, "
          f"seats rotated, {games} games of one hand)")
    results = tournament(("rummidrez", {"players": 2, "target": 1}), ["solver", "greedy"], games=games,
                         seed=1, workers=2)
    print(results)
    low, high = results["solver"].interval
    print(f"  solver win rate {results['solver'].rate:.1%}  95 % [{low:.1%}, {high:.1%}]  [goal: lower end > 50 %]")
    ok &= low > 0.5
    print("\nall goals met" if ok else "\nMISSED a goal (see above)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(quick="--quick" in sys.argv))
