"""Dejarik and Courtier benchmarks.

Run with ``make bench`` or ``.venv/bin/python bench/bench_dejarik.py [games] [workers]``
(defaults: 200 games, 2 workers; ``--speed``: only part 0).

0. Random play: random plies per second of Dejarik and Courtier (seeded random games from
   the start, through ``random_action`` and ``play``; CPU time) against python-chess's
   random play measured in the same run, in alternating rounds
   (:func:`bench_abyss.random_play_speed`). Issue 24: Courtier was 0.07x OpenSpiel's
   breakthrough; goal >= 0.2x.

1. Dice you can calculate: every attacker/defender pair's four exact result
   probabilities (the 8 x 8 tables, :func:`~drezlab.games.dejarik.odds.result_tables`),
   computed from scratch (the cached sum distributions are cleared first), the median
   of 21 runs. Goal: <= 50 ms. The brute force agrees on every pool with A + D <= 7.
2. Expectimax (both actions of a turn, exact odds) against greedy (best expected
   material): score over ``games`` seeded games (seats alternate) with its 95 % Wilson
   interval (``drezlab.sim.tournament``); games still going after 300 actions are
   adjudicated by material (``Dejarik.adjudicate``) and counted. Also the expectimax
   bot's time per decision and the picture's time and size.
3. Courtier: the generic greedy bot against the random bot (100 seeded games).

Exit status 1 when the 50 ms goal is missed.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from bench_abyss import random_play_speed

from drezlab.games.courtier.game import Courtier
from drezlab.games.dejarik.bots import ExpectimaxPlayer
from drezlab.games.dejarik.game import CREATURES, Dejarik
from drezlab.games.dejarik.odds import attack_odds, brute_force_odds, result_tables
from drezlab.sim import tournament

TABLES_GOAL_MS = 50.0
MAX_PLIES = 300


def bench_tables() -> float:
    """Median milliseconds to compute all 64 result tables from nothing."""
    stats = {c.key: (c.attack, c.defence, c.move) for c in CREATURES}
    times = []
    for _ in range(21):
        start = time.perf_counter()
        tables = result_tables(stats, fresh=True)
        times.append((time.perf_counter() - start) * 1000)
        assert len(tables) == 64
    return statistics.median(times)


def check_brute_force() -> int:
    pools = [(a, d) for a in range(1, 7) for d in range(1, 7) if a + d <= 7]
    for attack, defence in pools:
        assert attack_odds(attack, defence) == brute_force_odds(attack, defence), (attack, defence)
    return len(pools)


def bench_decisions(games: int = 4) -> tuple[float, float]:
    """Mean and slowest expectimax decision (ms) over a few seeded self-play games."""
    times = []
    for seed in range(games):
        game = Dejarik(seed=seed, placement="fixed")
        bot = ExpectimaxPlayer(seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(game.history) < 200:
            start = time.perf_counter()
            action = bot.choose(game)
            times.append((time.perf_counter() - start) * 1000)
            game.play(action if rng.random() < 0.8 else game.random_action(rng))
    return statistics.mean(times), max(times)


def bench_picture() -> tuple[float, int]:
    game = Dejarik(seed=3, placement="fixed")
    rng = random.Random(3)
    for _ in range(20):
        game.play(game.random_action(rng))
    game.svg()
    start = time.perf_counter()
    for _ in range(20):
        svg = game.svg()
    return (time.perf_counter() - start) / 20 * 1000, len(svg)


def main() -> int:
    random_play_speed([("Dejarik", Dejarik, 40), ("Courtier", Courtier, 100)])
    if "--speed" in sys.argv[1:]:
        return 0
    numbers = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    games = int(numbers[0]) if numbers else 200
    workers = int(numbers[1]) if len(numbers) > 1 else 2
    tables_ms = bench_tables()
    pools = check_brute_force()
    print(f"1. all 8 x 8 attack result tables, exact fractions, from scratch: {tables_ms:.2f} ms "
          f"(goal <= {TABLES_GOAL_MS:.0f} ms) {'OK' if tables_ms <= TABLES_GOAL_MS else 'MISSED'}")
    print(f"   brute force agrees on {pools} pools (A + D <= 7)")
    example = attack_odds(8, 8)
    print("   Molatar (8 dice) on Ng'ok (8 dice): " + ", ".join(
        f"{name} {float(p):.4f}" for name, p in example.as_dict().items()))

    start = time.perf_counter()
    results = tournament("dejarik", ["expectimax", "greedy"], games=games, seed=2026, workers=workers,
                         max_plies=MAX_PLIES)
    seconds = time.perf_counter() - start
    standing = results["expectimax"]
    print(f"2. expectimax vs greedy, {games} seeded games ({seconds:.0f} s, {workers} workers, "
          f"{results.adjudicated} adjudicated at {MAX_PLIES} actions):")
    print(f"   expectimax W/D/L {standing.wins}/{standing.draws}/{standing.losses}, score {standing.rate:.3f} "
          f"(95 % Wilson {standing.low:.3f}-{standing.high:.3f})")
    mean_ms, worst_ms = bench_decisions()
    print(f"   expectimax decision: mean {mean_ms:.1f} ms, slowest {worst_ms:.1f} ms")
    picture_ms, size = bench_picture()
    print(f"   picture: {picture_ms:.1f} ms, {size / 1000:.1f} KB")

    courtier = tournament("dejarik-courtier", ["greedy", "random"], games=100, seed=7, workers=workers,
                          max_plies=400)
    greedy = courtier["greedy"]
    print(f"3. Courtier greedy vs random, 100 games: score {greedy.rate:.3f} "
          f"(95 % Wilson {greedy.low:.3f}-{greedy.high:.3f})")
    return 0 if tables_ms <= TABLES_GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
