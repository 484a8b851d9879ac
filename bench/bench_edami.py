"""EDAMI benchmarks: speed against python-chess in the same run, and the luck-levelling run.

Run with ``.venv/bin/python bench/bench_edami.py`` (about 5–10 minutes on 2 cores) or
``--quick`` (about a minute). ``--workers N`` sets the processes of part (b);
``--speed-only`` runs part (a) alone (a minute or two).

(a) Random-game speed. A random EDAMI game: from the start position, each side picks
    uniformly among its legal actions except resigning (``game.random_action``,
    drawing again when it gives "resign"), until the game ends by its own rules.
    Plies = turns of one side (``board.ply()``: a turn that draws a card and obeys it is
    one ply, like a chess move). Baseline: python-chess random games,
    ``while not board.is_game_over(): board.push(random legal move)``. Both are timed in
    alternating rounds in this same process and the ratio of the plies/s is printed.
    Goal: >= 0.5x.

(b) Luck levelling. The weaker bot (``greedy-chess``: material after its own move)
    plays the stronger one (``search-chess``: 2-ply, see drezlab/kits/chessbots.py and
    drezlab/games/edami/bots.py)
    in two conditions, the same number of games each, colours alternating:

    * without cards: both bots never draw (``draws=False``), so EDAMI is plain chess
      (FIDE rules; threefold repetition and the 50-move rule end the game, D1);
    * with cards: the default EDAMI game (default deck, every option at its default),
      both bots drawing when their card estimate says so.

    A game still going after 200 plies is adjudicated by material (the side with more
    material wins, equal material is a draw); the table says how many. Goal: >= 2,000
    games in <= 10 minutes with 2 worker processes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import chess

from drezlab.games.edami import Edami
from drezlab.games.edami.bots import (
    GreedyChessPlayer,
    PlainGreedyChessPlayer,
    PlainSearchChessPlayer,
    SearchChessPlayer,
)
from drezlab.sim import Results, tournament

MAX_PLIES = 200


def chess_random_plies(games: int, seed: int) -> tuple[int, float]:
    """Plies and seconds of ``games`` python-chess random games."""
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
    return plies, time.perf_counter() - start


def edami_random_plies(games: int, seed: int) -> tuple[int, int, float]:
    """Plies, actions and seconds of ``games`` random EDAMI games (no resignations)."""
    plies = actions = 0
    start = time.perf_counter()
    for number in range(games):
        game = Edami(seed=seed + number)
        rng = random.Random(seed + number)
        while not game.is_over:
            action = game.random_action(rng)
            if action.text == "resign":
                continue
            game.play(action)
            actions += 1
        plies += game.board.ply()
    return plies, actions, time.perf_counter() - start


def bench_speed(rounds: int) -> list[tuple[str, str, str]]:
    chess_plies = chess_seconds = edami_plies = edami_actions = edami_seconds = 0.0
    ratios = []
    for number in range(rounds):
        c_plies, c_seconds = chess_random_plies(6, seed=1000 + 10 * number)
        e_plies, e_actions, e_seconds = edami_random_plies(6, seed=2000 + 10 * number)
        chess_plies += c_plies
        chess_seconds += c_seconds
        edami_plies += e_plies
        edami_actions += e_actions
        edami_seconds += e_seconds
        ratios.append((e_plies / e_seconds) / (c_plies / c_seconds))
    chess_rate = chess_plies / chess_seconds
    edami_rate = edami_plies / edami_seconds
    return [
        ("python-chess random games", f"{chess_rate:,.0f} plies/s", "1.00x"),
        ("EDAMI random games  [goal >= 0.5x]", f"{edami_rate:,.0f} plies/s", f"{edami_rate / chess_rate:.2f}x"),
        ("  median of the per-round ratios", f"{rounds} rounds", f"{statistics.median(ratios):.2f}x"),
        ("  (all decisions incl. card actions)", f"{edami_actions / edami_seconds:,.0f} actions/s", ""),
        ("  plies per game: chess / EDAMI", f"{chess_plies / (6 * rounds):.0f} / {edami_plies / (6 * rounds):.0f}", ""),
    ]


def luck_levelling(games: int, workers: int) -> list[tuple[str, Results]]:
    """The weaker and the stronger bot without and with cards (see the module docstring)."""
    runs = []
    plain = tournament(("edami", {}), [PlainGreedyChessPlayer(), PlainSearchChessPlayer()], games, seed=10_000,
                       workers=workers, max_plies=MAX_PLIES, progress=True, label="without cards")
    runs.append(("without cards", plain))
    cards = tournament(("edami", {}), [GreedyChessPlayer(), SearchChessPlayer()], games, seed=20_000,
                       workers=workers, max_plies=MAX_PLIES, progress=True, label="with cards")
    runs.append(("with cards", cards))
    return runs


def print_rows(title: str, rows: list[tuple[str, str, str]]) -> None:
    print(title)
    width = max(len(row[0]) for row in rows)
    for name, figure, ratio in rows:
        print(f"  {name:<{width}}  {figure:>22}  {ratio}")


def print_luck(runs: list[tuple[str, Results]], seconds: float, workers: int) -> None:
    header = ["condition", "games", "weaker W / D / L %", "weaker score % (95 % CI)", "stronger score % (95 % CI)",
              "adjudicated", "plies/game", "time"]
    rows = [header]
    for condition, results in runs:
        weaker, stronger = results.standings()
        win, draw, loss = weaker.rates()
        plies = sum(g.plies for g in results.games) / max(1, len(results.games))
        rows.append([condition, str(weaker.games), f"{100 * win:.1f} / {100 * draw:.1f} / {100 * loss:.1f}",
                     f"{100 * weaker.rate:.1f} ({100 * weaker.low:.1f}–{100 * weaker.high:.1f})",
                     f"{100 * stronger.rate:.1f} ({100 * stronger.low:.1f}–{100 * stronger.high:.1f})",
                     str(results.adjudicated), f"{plies:.0f}", f"{results.seconds:.0f} s"])
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    print("Luck levelling: greedy-chess (weaker) vs search-chess (stronger), colours alternating,"
          f" adjudicated by material after {MAX_PLIES} plies")
    for number, row in enumerate(rows):
        print("  " + "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))))
        if number == 0:
            print("  " + "  ".join("-" * w for w in widths))
    total = sum(len(results.games) for _, results in runs)
    print(f"  {total} games in {seconds:.0f} s wall time with {workers} worker processes "
          f"[goal >= 2,000 games in <= 600 s]")
    for condition, results in runs:
        print(f"\n  {condition}: how the games ended: "
              + ", ".join(f"{reason} {count}" for reason, count in results.reasons().items()))
        print("  " + results.table().replace("\n", "\n  "))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small run (about a minute)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the luck-levelling run (default 2)")
    parser.add_argument("--speed-only", action="store_true", help="only (a), the random-game speed")
    args = parser.parse_args()
    games = 100 if args.quick else 1000
    print("EDAMI benchmarks (ratios against python-chess in this same run)\n")
    print_rows("(a) random-game speed", bench_speed(3 if args.quick else 8))
    print()
    if args.speed_only:
        return
    start = time.perf_counter()
    runs = luck_levelling(games, args.workers)
    print()
    print_luck(runs, time.perf_counter() - start, args.workers)


if __name__ == "__main__":
    main()
