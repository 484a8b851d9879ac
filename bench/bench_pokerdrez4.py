"""PokerDrez for 4 benchmarks: the bots as teams, and the speed of play.

Run with ``.venv/bin/python bench/bench_pokerdrez4.py`` (``--games N`` for another
match size; ``--workers N`` processes). Prints:

1. The search bot's team against the greedy bot's team over 100 seeded games (seeds
   0-99, seats rotating so both teams play both colour pairs): games won, drawn and
   lost by the search team, its score rate with the 95 % Wilson interval, and how many
   games the 400-ply cap ended by adjudication (more material on the board wins).
2. The greedy team against the random team, the same way (the anchor: a bot that
   plays for material should beat chance).
3. Random play: actions per second to the end of the game (decks=1), and one legal
   move list of the cross board's starting position against python-chess's legal
   move list of the chess starting position, timed in the same run.
"""

from __future__ import annotations

import argparse
import random
import time

import chess
from bench_poker7 import best_time

from drezlab.games.pokerdrez4 import PokerDrez4
from drezlab.games.pokerdrez4.bots import team_match
from drezlab.games.pokerdrez4.cross import CrossBoard


def random_play(games: int = 10) -> tuple[int, float]:
    """Actions played by random choice over ``games`` seeded games, and the seconds taken."""
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = PokerDrez4(seed=seed, decks=1)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(game.random_action(rng))
            actions += 1
    return actions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    arguments = parser.parse_args()
    for first, second in (("search", "greedy"), ("greedy", "random")):
        start = time.perf_counter()
        match = team_match(first, second, arguments.games, seed=0, max_plies=400, workers=arguments.workers)
        print(f"{match}  [{time.perf_counter() - start:.0f} s]")
    actions, seconds = random_play()
    print(f"random play to the end, decks=1: {actions / seconds:,.0f} actions/s ({actions} actions in {seconds:.1f} s)")
    cross = CrossBoard()
    chess_board = chess.Board()
    ours = best_time(cross.pos.generate_legal_moves, number=200)   # generated, not the remembered list
    anchor = best_time(lambda: list(chess_board.legal_moves), number=200)
    print(f"legal moves of the cross board's start (4 x 16 pieces): {ours * 1e6:.0f} us; python-chess start: "
          f"{anchor * 1e6:.0f} us; ratio {ours / anchor:.1f}")


if __name__ == "__main__":
    main()
