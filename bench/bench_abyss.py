"""Abyss benchmarks: the exact solver's time over random placements, the share won by
the first mover under perfect play, and the bots' results.

Run with ``.venv/bin/python bench/bench_abyss.py`` (``--quick``: 100 placements and
fewer games; ``--speed``: only part 0). A few minutes on two cores (plain minimax, the
anchor, takes one of them); a progress line shows each tenth of the placements.

0. Random play: random plies per second (seeded random games from the start, placement
   included, through ``random_action`` and ``play``; CPU time), against python-chess's
   random play measured in the same run, in alternating rounds (the anchor of
   ``bench_edami``). Issue 24: 0.11x OpenSpiel's breakthrough before, goal >= 0.2x.

1. Solver time: 1,000 seeded random placements (six pieces of each colour on random
   squares), each solved exactly with White moving first and with Black moving first,
   every solve with a fresh solver (no table carried over). Median, 90th percentile and
   worst. Goal: worst <= 1 s per position.
2. Anchor, measured in the same run: plain minimax (no table, no pruning) on the first
   few of those placements against the solver on the same positions: the speed-up.
3. Perfect play: the first mover's wins / draws / losses over all 2,000 positions with
   95 % Wilson intervals, and the chooser's value ``|m|`` (the chooser never loses).
4. Bots: perfect v random, perfect v greedy, greedy v random (``drezlab.sim.tournament``,
   seeded, seats rotated, so each bot places half the games and chooses in the other half).

The script exits with status 1 if a goal is missed.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence

from bench_edami import chess_random_plies

from drezlab.core.game import Game
from drezlab.games.abyss.game import Abyss
from drezlab.games.abyss.solver import Solver, plain_minimax, random_placement, survey
from drezlab.sim import tournament
from drezlab.sim.progress import Progress
from drezlab.sim.results import wilson

SOLVE_GOAL_S = 1.0


def anchor(count: int, seed: int) -> tuple[float, float]:
    """Seconds for plain minimax and for the solver on the first ``count`` placements of
    ``survey(seed=seed)`` (White moving first), summed."""
    import random
    rng = random.Random(seed)
    plain = solver = 0.0
    for _ in range(count):
        white, black = random_placement(rng)
        start = time.perf_counter()
        expected = plain_minimax(white, black)
        plain += time.perf_counter() - start
        start = time.perf_counter()
        found = Solver().value(white, black)
        solver += time.perf_counter() - start
        assert found == expected, "the solver and plain minimax disagree"
    return plain, solver


def random_plies(game_class: Callable[..., Game], games: int, seed: int) -> tuple[int, float]:
    """Plies and CPU seconds of ``games`` seeded random games from the start (each action
    played is a ply), through ``random_action`` and ``play``."""
    plies = 0
    start = time.process_time()
    for number in range(games):
        game = game_class(seed=seed + number)
        rng = random.Random(seed + number)
        while not game.is_over:
            game.play(game.random_action(rng))
            plies += 1
    return plies, time.process_time() - start


def random_play_speed(entries: Sequence[tuple[str, Callable[..., Game], int]], rounds: int = 7) -> None:
    """Random plies per second of each ``(name, game class, games per round)`` and their ratio
    to python-chess's random play, measured in the same run in alternating rounds."""
    chess_plies = chess_seconds = 0.0
    totals = {name: [0.0, 0.0] for name, _, _ in entries}
    ratios: dict[str, list[float]] = {name: [] for name, _, _ in entries}
    for number in range(rounds):
        start = time.process_time()
        c_plies, _ = chess_random_plies(4, seed=1000 + 10 * number)
        c_seconds = time.process_time() - start
        chess_plies += c_plies
        chess_seconds += c_seconds
        for name, game_class, games in entries:
            plies, seconds = random_plies(game_class, games, seed=2000 + 1000 * number)
            totals[name][0] += plies
            totals[name][1] += seconds
            ratios[name].append((plies / seconds) / (c_plies / c_seconds))
    chess_rate = chess_plies / chess_seconds
    print(f"Random play, {rounds} alternating rounds (CPU time): python-chess {chess_rate:,.0f} plies/s")
    for name, _, _ in entries:
        rate = totals[name][0] / totals[name][1]
        print(f"  {name}: {rate:,.0f} plies/s = {rate / chess_rate:.2f}x python-chess "
              f"(median of the rounds' ratios {statistics.median(ratios[name]):.2f}x)")


def main(quick: bool = False, speed_only: bool = False) -> int:
    random_play_speed([("Abyss", Abyss, 300)])
    if speed_only:
        return 0
    placements = 100 if quick else 1000
    seed = 2026
    print(f"Abyss: the exact solver over {placements:,} random placements (seed {seed}, each colour moving first)")
    bar = Progress(placements, "placements", True)
    found = survey(placements, seed, done=bar.update)
    bar.close()
    seconds = sorted(found.seconds)
    median, p90, worst = statistics.median(seconds), statistics.quantiles(seconds, n=10)[-1], seconds[-1]
    print(f"  solve time per position: median {median * 1e3:.1f} ms, 90 % {p90 * 1e3:.1f} ms, "
          f"worst {worst * 1e3:.1f} ms over {len(seconds):,} positions  [goal worst <= {SOLVE_GOAL_S:.0f} s]")
    ok = worst <= SOLVE_GOAL_S

    count = 3 if quick else 6
    plain, fast = anchor(count, seed)
    print(f"  anchor (same run): plain minimax {plain:.2f} s v solver {fast * 1e3:.1f} ms on the first "
          f"{count} placements: {plain / fast:,.0f}x faster")

    wins, draws, losses = found.first_mover_results()
    total = wins + draws + losses
    print(f"\nPerfect play from the {total:,} positions (first mover's view)")
    for name, number in (("wins", wins), ("draws", draws), ("losses", losses)):
        low, high = wilson(number, total)
        print(f"  first mover {name:6} {number:5} = {number / total:6.1%}   95 % interval {low:.1%} – {high:.1%}")
    score_low, score_high = wilson(wins + draws / 2, total)
    print(f"  first mover's score (win 1, draw 1/2): {(wins + draws / 2) / total:.1%}   "
          f"95 % interval {score_low:.1%} – {score_high:.1%}")
    margins = Counter(found.white_first + found.black_first)
    print("  final count difference for the first mover: "
          + ", ".join(f"{value:+d}: {margins[value]}" for value in sorted(margins)))
    chooser = Counter(found.chooser_values())
    zero = chooser[0]
    low, high = wilson(zero, placements)
    print("  the chooser's value |m| per placement: "
          + ", ".join(f"{value}: {chooser[value]}" for value in sorted(chooser))
          + f"; placements the placer holds to a draw: {zero / placements:.1%} ({low:.1%} – {high:.1%})")

    games = 40 if quick else 200
    print(f"\nBots, 95 % Wilson intervals (drezlab.sim.tournament, seed 1, seats rotated, {games} games)")
    for pair in (["perfect", "random"], ["perfect", "greedy"], ["greedy", "random"]):
        print(f"\n{pair[0]} v {pair[1]}")
        print(tournament("abyss", pair, games=games, seed=1, workers=2))
    print("\nall goals met" if ok else "\nMISSED a goal (see above)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(quick="--quick" in sys.argv[1:], speed_only="--speed" in sys.argv[1:]))
