"""River-family benchmarks: move generation against python-chess, and the search bot
against the greedy bot in each of the three Guadalete variants.

Run with ``make bench`` or ``.venv/bin/python bench/bench_guadalete.py`` (``--quick``:
fewer games; ``--games N``: N games per variant; ``--variants guadalete,...``; ``--from K``:
start at game K, a multiple of 10, to split one run over processes).

1. Legal move list of each variant's start position (the grid engine plus the
   river hooks, generated each time: ``generate_legal_moves``, as ``legal_moves``
   remembers its list), with python-chess's ``list(board.legal_moves)`` of the chess
   start position timed in the same run as the anchor. ``bench_variants.py`` compares
   positions along random games.
2. Random games to the end: plies per second.
3. ``search`` (the depth-2 alpha-beta with quiescence on the engine, :mod:`drezlab.kits.gridbots`)
   against ``greedy`` (one ply on the protocol, :mod:`drezlab.players.search`)
   over seeded games (``drezlab.sim.tournament``, seed 1, colours swapped every game),
   games still going after ``MAX_PLIES`` plies adjudicated on material: the search
   bot's win/draw/loss and score rate with its 95 % Wilson interval.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import chess
from bench_poker7 import best_time

import drezlab
from drezlab.sim import tournament, wilson

VARIANTS = ("guadalete", "guadalete-swimming", "guadalete-cylinder")
MAX_PLIES = 120


def move_generation() -> None:
    board = chess.Board()
    anchor = best_time(lambda: list(board.legal_moves), number=2000)
    print(f"  python-chess list(board.legal_moves), chess start (anchor)   {anchor * 1e6:8.1f} µs   1.00x")
    for name in VARIANTS:
        game = drezlab.new(name)
        position = game.position
        seconds = best_time(position.generate_legal_moves, number=200)   # not the remembered list
        print(f"  {name:22} start: {len(position.legal_moves()):2} legal moves             "
              f"{seconds * 1e6:8.1f} µs   {seconds / anchor:.2f}x the anchor's time")


def random_games(games: int) -> None:
    for name in VARIANTS:
        plies = 0
        start = time.perf_counter()
        for seed in range(games):
            game = drezlab.new(name)
            rng = random.Random(seed)
            while not game.is_over and plies < 10**7:
                game.play(game.random_action(rng))
                plies += 1
        seconds = time.perf_counter() - start
        print(f"  {name:22} random games to the end: {plies / seconds:8,.0f} plies/s ({games} games)")


def search_against_greedy(names: list[str], games: int, chunk: int = 10, first_game: int = 0) -> None:
    """The tournament in chunks of ``chunk`` games (an even number, so colours keep
    alternating; game ``i`` has seed ``1 + i`` either way, so the games are exactly those
    of one long run), printing the running score after each chunk. ``first_game`` (a
    multiple of ``chunk``) starts later, so that one run can be split over processes."""
    for name in names:
        start = time.perf_counter()
        wins = draws = losses = adjudicated = 0
        reasons: dict[str, int] = {}
        for first in range(first_game, first_game + games, chunk):
            size = min(chunk, first_game + games - first)
            results = tournament(name, ["search", "greedy"], games=size, seed=1 + first, max_plies=MAX_PLIES)
            standing = results["search"]
            wins, draws, losses = wins + standing.wins, draws + standing.draws, losses + standing.losses
            adjudicated += results.adjudicated
            for reason, count in results.reasons().items():
                reasons[reason] = reasons.get(reason, 0) + count
            played = wins + draws + losses
            rate = (wins + 0.5 * draws) / played
            low, high = wilson(wins + 0.5 * draws, played)
            print(f"{name}: search v greedy, {played} games ({adjudicated} adjudicated at {MAX_PLIES} plies), "
                  f"{time.perf_counter() - start:.0f} s: search {wins} W / {draws} D / {losses} L, score rate "
                  f"{rate:.3f}, 95 % Wilson interval [{low:.3f}, {high:.3f}]; endings {reasons}", flush=True)


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    games = 20 if quick else 100
    if "--games" in argv:
        games = int(argv[argv.index("--games") + 1])
    first_game = int(argv[argv.index("--from") + 1]) if "--from" in argv else 0
    names = list(VARIANTS)
    if "--variants" in argv:
        names = argv[argv.index("--variants") + 1].split(",")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], check=False, capture_output=True, text=True,
                            cwd=Path(__file__).parent).stdout.strip()
    print(f"River-family benchmarks (commit {commit or 'unknown'})\n\nLegal move generation")
    move_generation()
    print("\nRandom play")
    random_games(5 if quick else 20)
    print(f"\nSearch bot against greedy bot (drezlab.sim.tournament, seed 1, max {MAX_PLIES} plies)")
    search_against_greedy(names, games, first_game=first_game)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
