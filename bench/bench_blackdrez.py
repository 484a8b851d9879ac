"""BlackDrez benchmarks, with Poker7's random hands per second timed in the same run
as the anchor (so figures from different machines can be compared).

Run with ``make bench`` or ``.venv/bin/python bench/bench_blackdrez.py``.

1. Exact values of drawing and retiring (:meth:`BlackDrez.exact_values`), cold
   (memory cleared before each), at every decision of 60 seeded random games with
   1 pack (2, 3, 4 and 8 players). Goal: the slowest position <= 50 ms. The script
   exits with status 1 if the goal is missed.
2. Random games per second (4 players, random bots, to the end) against Poker7's
   random hands per second (4 players), the best of 3 alternating runs each. Goal: >= 0.5x.
3. The exact-value bot against the threshold bot: score rate over seeded games with
   its 95 % Wilson interval (``drezlab.sim.tournament``), heads-up and at a 4-seat
   table against three threshold bots.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from drezlab.core.game import Game
from drezlab.games.blackdrez import BlackDrez
from drezlab.games.blackdrez.odds import clear_cache
from drezlab.games.poker7 import Poker7
from drezlab.players import RandomPlayer
from drezlab.sim import tournament

VALUES_GOAL_MS = 50.0
RATIO_GOAL = 0.5


def bench_values() -> tuple[list[tuple[str, str]], float]:
    times: list[float] = []
    for seed in range(60):
        players = (2, 3, 4, 8)[seed % 4]
        game = BlackDrez(seed=seed, players=players, packs=1)
        rng = random.Random(seed)
        while not game.is_over:
            if game.phase == "play":
                clear_cache()
                start = time.perf_counter()
                game.exact_values()
                times.append(time.perf_counter() - start)
            game.play(game.random_action(rng))
    slowest = max(times) * 1e3
    return [(f"exact draw/retire values, 1 pack, cold, {len(times)} positions  [goal <= {VALUES_GOAL_MS:.0f} ms]",
             f"median {statistics.median(times) * 1e3:.2f} ms, slowest {slowest:.1f} ms")], slowest


def random_play(make: Callable[[int], Game], seeds: int) -> tuple[list[Game], float]:
    """Play ``make(seed)`` to the end with random bots for ``seeds`` seeds: the games
    made and the seconds taken."""
    start = time.perf_counter()
    games = []
    for seed in range(seeds):
        game = make(seed)
        players = [RandomPlayer(seed * 10 + seat) for seat in range(game.players)]
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            game.play(players[seat].choose(game))
        games.append(game)
    return games, time.perf_counter() - start


def random_games_per_second(seeds: int = 60) -> float:
    games, seconds = random_play(lambda seed: BlackDrez(seed=seed, players=4), seeds)
    return len(games) / seconds


def poker7_hands_per_second(seeds: int = 10) -> float:
    games, seconds = random_play(lambda seed: Poker7(seed=seed, players=4), seeds)
    return sum(game.hand_number for game in games if isinstance(game, Poker7)) / seconds


def bench_speed(rounds: int = 3) -> tuple[list[tuple[str, str]], float]:
    """The best of ``rounds`` alternating runs of each (the machine may be shared)."""
    games = hands = 0.0
    for _ in range(rounds):
        games = max(games, random_games_per_second())
        hands = max(hands, poker7_hands_per_second())
    ratio = games / hands
    return [("Poker7 random hands/s, 4 players (anchor)", f"{hands:,.0f} hands/s"),
            ("BlackDrez random games/s, 4 players, to the end", f"{games:,.0f} games/s"),
            (f"ratio  [goal >= {RATIO_GOAL}x]", f"{ratio:.2f}x")], ratio


def bench_bots(games: int = 400) -> list[tuple[str, str]]:
    rows = []
    for players, seats in ((2, ["exact", "threshold"]), (4, ["exact", "threshold", "threshold", "threshold"])):
        results = tournament(("blackdrez", {"players": players}), seats, games=games, seed=1)
        exact = results["exact"]
        fair = 1 / players
        rows.append((f"exact bot vs threshold bot, {players} seats, {games} games (fair share {fair:.0%})",
                     (f"score {exact.rate:.1%}, 95 % CI {exact.low:.1%}-{exact.high:.1%}; "
                      f"W/D/L {exact.wins}/{exact.draws}/{exact.losses}")))
    return rows


def main() -> int:
    values, slowest = bench_values()
    speed, ratio = bench_speed()
    rows = values + speed + bench_bots()
    width = max(len(name) for name, _ in rows)
    print("BlackDrez benchmarks")
    for name, figure in rows:
        print(f"  {name:<{width}}  {figure}")
    failed = slowest > VALUES_GOAL_MS or ratio < RATIO_GOAL
    if failed:
        print("GOAL MISSED")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
