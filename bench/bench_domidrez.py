"""DomiDrez benchmarks and bot figures, with Poker7's random hands per second timed in
the same run as the anchor (so figures from different machines can be compared).

Run with ``make bench`` or ``.venv/bin/python bench/bench_domidrez.py``
(``--quick`` plays fewer tournament games). The tournaments with the sampling bot
take most of the time: several minutes on two cores, about a quarter of it with ``--quick``.

1. Random play: DomiDrez hands per second (one deal played to its end by random
   bots, 4 players, 1 pack) against Poker7's random hands per second (4 players,
   the loop of ``bench_poker7.py``). Goal: ratio >= 0.5. Whole matches to 50
   points per second are printed too.
2. Bot decisions at the default level, timed at every non-forced decision of
   seeded games: median and 90th percentile. Goal: median <= 300 ms.
3. Win rates with 95 % Wilson intervals (``drezlab.sim.tournament``, seeded,
   seats rotated): greedy v random, sampling v random and sampling v greedy, two
   players, matches to 20 points; and a four-seat table sampling, greedy, random,
   random (one hand per game: ``target=1``).

The script exits with status 1 if a goal is missed.
"""

from __future__ import annotations

import statistics
import sys
import time

from drezlab.games.domidrez import DomiDrez
from drezlab.games.domidrez.bots import GreedyPlayer, SamplingPlayer
from drezlab.games.poker7 import Poker7
from drezlab.players import RandomPlayer
from drezlab.sim import tournament

RATIO_GOAL = 0.5
DECISION_GOAL_MS = 300.0


def poker7_hands_per_second(seeds: int = 25) -> float:
    """Poker7 random games to the end, 4 players, as hands per second (bench_poker7's loop)."""
    hands = 0
    start = time.perf_counter()
    for seed in range(seeds):
        game = Poker7(seed=seed, players=4)
        players = [RandomPlayer(seed * 10 + seat) for seat in range(4)]
        while not game.is_over:
            game.play(players[game.to_move].choose(game))
        hands += game.hand_number
    return hands / (time.perf_counter() - start)


def domidrez_random(target: int, seeds: int) -> tuple[float, float, float]:
    """DomiDrez random games to the end, 4 players: (games/s, hands/s, actions/s)."""
    hands = actions = 0
    start = time.perf_counter()
    for seed in range(seeds):
        game = DomiDrez(seed=seed, players=4, target=target)
        players = [RandomPlayer(seed * 10 + seat) for seat in range(4)]
        while not game.is_over:
            game.play(players[game.to_move].choose(game))
            actions += 1
        hands += game.hand_number
    seconds = time.perf_counter() - start
    return seeds / seconds, hands / seconds, actions / seconds


def decision_times(bot_class: type, players: int, decisions: int = 60) -> list[float]:
    """Seconds per non-forced decision of ``bot_class`` (seat 0) against random bots, over
    seeded matches to 20 points until at least ``decisions`` decisions were timed."""
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        game = DomiDrez(seed=100 + seed, players=players, target=20)
        bot = bot_class(seed=seed)
        others = [RandomPlayer(seed * 10 + seat) for seat in range(players)]
        while not game.is_over:
            seat = game.to_move
            if seat == 0 and len(game.legal_actions()) > 1:
                start = time.perf_counter()
                action = bot.choose(game)
                times.append(time.perf_counter() - start)
            else:
                action = others[seat].choose(game)
            game.play(action)
        seed += 1
    return times


def main(quick: bool = False) -> int:
    ok = True
    print("DomiDrez benchmarks (anchor: Poker7 random hands per second, same run)")
    anchor = poker7_hands_per_second()
    _, hands_per_s, actions_per_s = domidrez_random(target=1, seeds=200)
    ratio = hands_per_s / anchor
    print(f"  Poker7 random hands, 4 players                 {anchor:8,.0f} hands/s")
    print(f"  DomiDrez random hands, 4 players, 1 pack       {hands_per_s:8,.0f} hands/s   "
          f"ratio {ratio:.2f}x  [goal >= {RATIO_GOAL}x]  ({actions_per_s:,.0f} actions/s)")
    ok &= ratio >= RATIO_GOAL
    matches_per_s, _, _ = domidrez_random(target=50, seeds=20)
    print(f"  DomiDrez random matches to 50, 4 players       {matches_per_s:8,.1f} games/s   "
          f"ratio {matches_per_s / anchor:.3f}x")

    print("\nBot decisions at the default level (seat 0 against random bots, non-forced decisions)")
    for name, bot_class in (("greedy", GreedyPlayer), ("sampling", SamplingPlayer)):
        for players in (2, 4, 8):
            times = decision_times(bot_class, players, decisions=30 if quick else 100)
            median = statistics.median(times) * 1e3
            p90 = statistics.quantiles(times, n=10)[-1] * 1e3
            print(f"  {name:8} {players} players: median {median:7.2f} ms, 90 % {p90:7.2f} ms, "
                  f"max {max(times) * 1e3:7.1f} ms over {len(times)} decisions  [goal median <= {DECISION_GOAL_MS:.0f} ms]")
            ok &= median <= DECISION_GOAL_MS

    games = 60 if quick else 200
    print(f"\nWin rates, 95 % Wilson intervals (drezlab.sim.tournament, seed 1, seats rotated, {games} games)")
    for pair in (["greedy", "random"], ["sampling", "random"], ["sampling", "greedy"]):
        print(f"\n2 players, matches to 20: {pair[0]} v {pair[1]}")
        print(tournament(("domidrez", {"players": 2, "target": 20}), pair, games=games, seed=1, workers=2))
    print("\n4 players, one hand per game (target 1): sampling, greedy, random, random")
    print(tournament(("domidrez", {"players": 4, "target": 1}), ["sampling", "greedy", "random", "random"],
                     games=2 * games, seed=1, workers=2))
    print("\nall goals met" if ok else "\nMISSED a goal (see above)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(quick="--quick" in sys.argv[1:]))
