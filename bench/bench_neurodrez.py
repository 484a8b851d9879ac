"""NeuroDrez benchmarks (issue 13): random-game speed, who wins under random and greedy
play (the first player's advantage), and the bots' strength.

Run with ``.venv/bin/python bench/bench_neurodrez.py [--games N]`` (default N = 200;
a few minutes on one core). Printed:

1. Random games per second for 2, 4 and 6 players, through the Game protocol
   (``game.play(game.random_action(rng))`` until the end), best of three rounds.
2. Who wins under random play, for 2, 4 and 6 players, over N seeded games: the share of
   games won by the side of the hand that started (the first-player roll, §9.4), by
   each side, and drawn at the turn cap, each with its 95 % Wilson interval
   (``drezlab.sim.wilson``). With k sides and no advantage the starter's share is about
   1/k of the decided games.
3. The same under greedy play (every seat the greedy bot), for 2 players (N / 4 games).
4. The greedy bot against the random bot, 2 players, seats rotated
   (``drezlab.sim.tournament``, N games): greedy's score rate and interval.
5. The sampling bot against the greedy bot, 2 players, seats rotated (N / 10 games).

Performance is printed here only, never asserted in tests.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from drezlab.games.neurodrez.bots import GreedyPlayer
from drezlab.games.neurodrez.game import NeuroDrez
from drezlab.sim import tournament, wilson


def random_games_per_second(players: int, seconds: float = 2.0, rounds: int = 3) -> tuple[float, float]:
    """Random games per second and actions per game (best of ``rounds`` rounds)."""
    best = 0.0
    actions = games = 0
    seed = 0
    for _ in range(rounds):
        start = time.perf_counter()
        count = 0
        while time.perf_counter() - start < seconds / rounds:
            game = NeuroDrez(seed=seed, players=players)
            rng = random.Random(seed)
            seed += 1
            while not game.is_over:
                game.play(game.random_action(rng))
                actions += 1
            count += 1
            games += 1
        best = max(best, count / (time.perf_counter() - start))
    return best, actions / games


def interval(successes: int, trials: int) -> str:
    low, high = wilson(successes, trials)
    rate = successes / trials if trials else 0.0
    return f"{rate:6.1%} [{low:5.1%}, {high:5.1%}]"


def who_wins(players: int, games: int, choose: Callable[[NeuroDrez, int], Any]) -> None:
    """Play ``games`` seeded games with ``choose(game, seed)`` picking every action; print
    the starter's side's share, each side's share and the draws."""
    starter = draws = 0
    sides: Counter[int] = Counter()
    turns = 0
    for seed in range(games):
        game = NeuroDrez(seed=10_000 + seed, players=players)
        while not game.is_over:
            game.play(choose(game, seed))
        turns += game.turn
        if game.winner_side is None:
            draws += 1
            continue
        sides[game.winner_side] += 1
        starter += game.winner_side == game.layout.hand_sides[game.first]
    count = len(NeuroDrez(seed=0, players=players).layout.side_colours)
    print(f"  {players} players ({count} sides), {games} games, {turns / games:.1f} turns a game on average")
    print(f"    the starter's side wins   {interval(starter, games)}   (no advantage: {1 / count:.1%} of decided)")
    for side in range(count):
        print(f"    side {side + 1} wins              {interval(sides[side], games)}")
    print(f"    drawn at the turn cap     {interval(draws, games)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per measurement (default 200)")
    games = parser.parse_args().games

    print("1. Random games per second (Game protocol, best of three rounds)")
    for players in (2, 4, 6):
        rate, length = random_games_per_second(players)
        print(f"  {players} players: {rate:7.1f} games/s   ({length:.0f} actions a game)")

    print("\n2. Who wins under random play (95 % Wilson intervals)")
    rngs: dict[int, random.Random] = {}

    def random_choice(game: NeuroDrez, seed: int) -> Any:
        return game.random_action(rngs.setdefault(seed, random.Random(seed)))

    for players in (2, 4, 6):
        who_wins(players, games, random_choice)

    print("\n3. Who wins under greedy play (every seat greedy, 95 % Wilson intervals)")
    bots: dict[tuple[int, int], GreedyPlayer] = {}

    def greedy_choice(game: NeuroDrez, seed: int) -> Any:
        seat = game.to_move
        assert seat is not None
        return bots.setdefault((seed, seat), GreedyPlayer(seed * 10 + seat)).choose(game)

    who_wins(2, max(4, games // 4), greedy_choice)

    print(f"\n4. Greedy v random, 2 players, seats rotated ({games} games, drezlab.sim.tournament, seed 1)")
    results = tournament(("neurodrez", {"players": 2}), ["greedy", "random"], games=games, seed=1)
    print(results)
    low, high = results["greedy"].interval
    print(f"  greedy's score rate against random: {results['greedy'].rate:.1%}  95 % [{low:.1%}, {high:.1%}]")

    matches = max(4, games // 10)
    print(f"\n5. Sampling v greedy, 2 players, seats rotated ({matches} games, seed 2)")
    results = tournament(("neurodrez", {"players": 2}), ["sampling", "greedy"], games=matches, seed=2)
    print(results)
    low, high = results["sampling"].interval
    print(f"  sampling's score rate against greedy: {results['sampling'].rate:.1%}  95 % [{low:.1%}, {high:.1%}]")


if __name__ == "__main__":
    main()
