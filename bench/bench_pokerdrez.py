"""PokerDrez benchmarks, each a ratio against python-chess measured in the same run.

Times are the process's own CPU time (``time.process_time``), not wall time, so
that other work on a shared machine does not count against either contender.

Run with ``make bench`` or ``.venv/bin/python bench/bench_pokerdrez.py``. The script
uses only API that drezlab 0.1 had too, so ``PYTHONPATH=<old checkout>`` runs the
same measurements on an older tree for a before/after comparison.

1. Card-legal move list (the permitted moves P of §2.8) vs ``list(board.legal_moves)``
   on positions sampled from seeded random games. Goal: <= 1.06x (issue 7).
2. Random-game plies per second vs python-chess random chess plies per second.
   Goal: >= 0.67x. Short rounds of the very same games alternate between the two,
   and each keeps its best round, so a passing load on the machine hits both alike.
3. Widget redraw on the Python side: the SVG of a seat's view (board + 9 cards,
   drawn from the observation ``game.view(0)``) vs ``chess.svg.board``.
   Goal: <= 5 ms and <= 40 KB.
4. ``import drezlab`` in a fresh interpreter, minus a bare interpreter start, and
   whether it pulled in any Jupyter module. Goal: <= 150 ms.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import chess
import chess.svg

from drezlab.games.pokerdrez import PokerDrez
from drezlab.players import RandomPlayer


def best_time(function: Callable[[], object], repeat: int = 5, number: int = 1) -> float:
    """Best CPU time of ``number`` calls over ``repeat`` rounds, per call, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(number):
            function()
        best = min(best, (time.process_time() - start) / number)
    return best


def interleaved_best(*functions: Callable[[], object], rounds: int = 9) -> list[float]:
    """Best time of each function over ``rounds`` rounds that alternate between them,
    so that a passing load on the machine hits every contender alike."""
    best = [float("inf")] * len(functions)
    for _ in range(rounds):
        for index, function in enumerate(functions):
            start = time.process_time()
            function()
            best[index] = min(best[index], time.process_time() - start)
    return best


def sample_positions(count: int, seed: int = 2024) -> list[PokerDrez]:
    """Card-mode positions with the side to move choosing a move, from seeded random games."""
    rng = random.Random(seed)
    positions: list[PokerDrez] = []
    game_seed = 0
    while len(positions) < count:
        game = PokerDrez(seed=game_seed, pawn_removal=False)
        players = [RandomPlayer(game_seed), RandomPlayer(game_seed + 1)]
        game_seed += 1
        while not game.is_over and not game.plain_chess:
            if game.phase == "play" and rng.random() < 0.15:
                positions.append(game.copy())
            game.play(players[game.to_move].choose(game))
    return positions[:count]


def bench_move_list() -> list[tuple[str, str, str]]:
    positions = sample_positions(200)
    boards = [game.board for game in positions]

    def chess_lists() -> None:
        for board in boards:
            list(board.legal_moves)

    def permitted() -> None:
        for game in positions:
            game.permitted_moves()

    def actions() -> None:
        for game in positions:
            game._invalidate()
            game.legal_actions()

    base, ours, full = interleaved_best(chess_lists, permitted, actions, rounds=25)
    per = 1e6 / len(positions)
    return [
        ("python-chess list(board.legal_moves)", f"{base * per:.1f} µs", "1.00x"),
        ("PokerDrez permitted_moves()  [goal <= 1.06x]", f"{ours * per:.1f} µs", f"{ours / base:.2f}x"),
        ("PokerDrez legal_actions() (card, move) pairs", f"{full * per:.1f} µs", f"{full / base:.2f}x"),
    ]


def chess_random_plies(games: int, seed: int = 7) -> tuple[int, float]:
    rng = random.Random(seed)
    plies = 0
    start = time.process_time()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
    return plies, time.process_time() - start


def pokerdrez_random_plies(games: int, seed: int = 7) -> tuple[int, float, int]:
    plies = actions = 0
    start = time.process_time()
    for number in range(games):
        game = PokerDrez(seed=seed + number)
        players = [RandomPlayer(seed + number), RandomPlayer(seed + number + 10_000)]
        while not game.is_over:
            game.play(players[game.to_move].choose(game))
        plies += len(game.board.move_stack)
        actions += len(game.history)
    return plies, time.process_time() - start, actions


def bench_random_games(rounds: int = 8, games: int = 15) -> list[tuple[str, str, str]]:
    chess_seconds = our_seconds = float("inf")
    chess_plies = our_plies = our_actions = 0
    for _ in range(rounds):
        chess_plies, seconds = chess_random_plies(games)
        chess_seconds = min(chess_seconds, seconds)
        our_plies, seconds, our_actions = pokerdrez_random_plies(games)
        our_seconds = min(our_seconds, seconds)
    chess_rate = chess_plies / chess_seconds
    our_rate = our_plies / our_seconds
    return [
        ("python-chess random games", f"{chess_rate:,.0f} plies/s", "1.00x"),
        ("PokerDrez random games  [goal >= 0.67x]", f"{our_rate:,.0f} plies/s", f"{our_rate / chess_rate:.2f}x"),
        ("  (all decisions incl. returns, rolls, exchanges)", f"{our_actions / our_seconds:,.0f} actions/s", ""),
    ]


def bench_redraw() -> list[tuple[str, str, str]]:
    game = PokerDrez(seed=3, pawn_removal=False)
    players = [RandomPlayer(1), RandomPlayer(2)]
    for _ in range(12):
        game.play(players[game.to_move].choose(game))
    board = game.board
    base = best_time(lambda: chess.svg.board(board), repeat=5, number=20)
    ours = best_time(lambda: game.svg(0), repeat=5, number=20)
    base_size = len(chess.svg.board(board).encode())
    our_size = len(game.svg(0).encode())
    return [
        ("chess.svg.board", f"{base * 1e3:.2f} ms, {base_size / 1024:.1f} KB", "1.00x"),
        ("PokerDrez svg(0) = view(0).svg(), board + 9 cards  [goal <= 5 ms, <= 40 KB]",
         f"{ours * 1e3:.2f} ms, {our_size / 1024:.1f} KB", f"{ours / base:.2f}x"),
    ]


def bench_import() -> list[tuple[str, str, str]]:
    probe = ("import sys, time; t = time.perf_counter(); import drezlab; d = time.perf_counter() - t; "
             "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
             "('ipywidgets', 'anywidget', 'jupyter', 'jupyter_core', 'IPython', 'matplotlib')); "
             "print(d, ','.join(bad))")
    runs = []
    for _ in range(5):
        output = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
        seconds, bad = output.strip().partition(" ")[::2]
        runs.append((float(seconds), bad))
    seconds = statistics.median(run[0] for run in runs)
    imported = runs[0][1] or "none"
    return [("import drezlab  [goal <= 150 ms, no Jupyter modules]", f"{seconds * 1e3:.0f} ms",
             f"Jupyter modules imported: {imported}")]


def main() -> None:
    rows: list[tuple[str, str, str]] = []
    for part in (bench_move_list, bench_random_games, bench_redraw, bench_import):
        rows += part()
        rows.append(("", "", ""))
    width = max(len(row[0]) for row in rows)
    print("PokerDrez benchmarks (ratios against python-chess in this same run)")
    for name, figure, ratio in rows:
        print(f"{name:<{width}}  {figure:>24}  {ratio}" if name else "")


if __name__ == "__main__":
    main()
