"""Poker7 benchmarks, with python-chess's legal move list timed in the same run as
the anchor (so figures from different machines can be compared).

Run with ``make bench`` or ``.venv/bin/python bench/bench_poker7.py``.

1. Exact river equity against one unknown opponent hand (all 1,081 of them) on
   30 seeded deals, each with the evaluator's memory cleared first (cold).
   Goal: median <= 50 ms. The script exits with status 1 if the goal is missed.
2. One 7-card hand value: the evaluator against the literal D7 search over every
   valid partition (the reference it is tested against).
3. Random-game actions per second (4 players, random bots, to the end).
4. Widget redraw: the SVG of a seat's view at a 10-seat table, and of a showdown
   with 4 hands drawn as groups.
5. One equity-bot decision before the flop at a 4-player table (300 deals).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

import chess

from drezlab.games.poker7 import Poker7, hand_value_by_search, river_equity
from drezlab.games.poker7.bots import EquityPlayer
from drezlab.games.poker7.hands import DECK, clear_cache, mask_of, value_key
from drezlab.players import RandomPlayer

RIVER_GOAL_MS = 50.0


def best_time(function: Callable[[], object], repeat: int = 5, number: int = 1) -> float:
    """Best wall time of ``number`` calls over ``repeat`` rounds, per call, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def anchor_seconds() -> float:
    """python-chess: one legal move list of the starting position."""
    board = chess.Board()
    return best_time(lambda: list(board.legal_moves), repeat=7, number=2000)


def bench_river(anchor: float) -> tuple[list[tuple[str, str, str]], float]:
    rng = random.Random(2024)
    deals = [rng.sample(DECK, 7) for _ in range(30)]
    cold: list[float] = []
    for cards in deals:
        clear_cache()
        start = time.perf_counter()
        result = river_equity(cards[:2], cards[2:])
        cold.append(time.perf_counter() - start)
        assert result.deals == 1081
    warm = [best_time(lambda cards=cards: river_equity(cards[:2], cards[2:]), repeat=3) for cards in deals[:10]]
    median = statistics.median(cold)
    return [
        (f"exact river equity, 1,081 hands, cold  [goal <= {RIVER_GOAL_MS:.0f} ms]",
         f"median {median * 1e3:.1f} ms, max {max(cold) * 1e3:.1f} ms",
         f"{median / anchor:,.0f} move lists"),
        ("exact river equity, evaluator memory warm", f"median {statistics.median(warm) * 1e3:.1f} ms", ""),
    ], median * 1e3


def bench_hand_value(anchor: float) -> list[tuple[str, str, str]]:
    rng = random.Random(7)
    hands = [rng.sample(DECK, 7) for _ in range(2000)]
    masks = [mask_of(hand) for hand in hands]

    def fast() -> None:
        clear_cache()
        for mask in masks:
            value_key(mask)

    fast_time = best_time(fast, repeat=3) / len(masks)
    slow_time = best_time(lambda: [hand_value_by_search(hand) for hand in hands[:100]], repeat=1) / 100
    return [
        ("python-chess list(board.legal_moves) (anchor)", f"{anchor * 1e6:.1f} µs", "1.00x"),
        ("hand value, 7 cards, cold", f"{fast_time * 1e6:.1f} µs", f"{fast_time / anchor:.2f}x"),
        ("hand value by the literal D7 search", f"{slow_time * 1e6:.0f} µs",
         f"{slow_time / fast_time:.0f}x slower than the evaluator"),
    ]


def bench_random_games() -> list[tuple[str, str, str]]:
    actions = hands = 0
    start = time.perf_counter()
    for seed in range(40):
        game = Poker7(seed=seed, players=4)
        players = [RandomPlayer(seed * 10 + seat) for seat in range(4)]
        while not game.is_over:
            game.play(players[game.to_move].choose(game))
            actions += 1
        hands += game.hand_number
    seconds = time.perf_counter() - start
    return [("random games, 4 players, to the end", f"{actions / seconds:,.0f} actions/s",
             f"{hands / seconds:,.0f} hands/s")]


def bench_redraw() -> list[tuple[str, str, str]]:
    table = Poker7(seed=3, players=10)
    rng = random.Random(3)
    for _ in range(6):
        table.play(table.random_action(rng))
    seat = table.to_move
    showdown = Poker7(seed=1, players=4, hands={0: ["B5", "B8"], 1: ["P6", "J3"], 2: ["J8", "N9"], 3: ["Q2", "N2"]},
                      board=["R2", "P2", "P9", "B9", "J6"])
    while showdown.phase != "next":
        showdown.play("check" if showdown.phase == "bet" else showdown.legal_actions()[0])
    rows = []
    for name, game, viewer in (("10 seats", table, seat), ("showdown, 4 hands as groups", showdown, 0)):
        seconds = best_time(lambda game=game, viewer=viewer: game.view(viewer).svg(), repeat=5, number=10)
        size = len(game.view(viewer).svg().encode())
        rows.append((f"view({viewer}).svg(), {name}", f"{seconds * 1e3:.2f} ms, {size / 1024:.1f} KB", ""))
    return rows


def bench_bot() -> list[tuple[str, str, str]]:
    times = []
    for seed in range(10):
        game = Poker7(seed=seed, players=4)
        bot = EquityPlayer(seed=seed)
        start = time.perf_counter()
        bot.choose(game)
        times.append(time.perf_counter() - start)
    return [("equity bot, one decision before the flop, 4 players", f"median {statistics.median(times) * 1e3:.0f} ms",
             "300 deals")]


def main() -> int:
    anchor = anchor_seconds()
    river_rows, river_ms = bench_river(anchor)
    rows: list[tuple[str, str, str]] = []
    for part in (lambda: river_rows, lambda: bench_hand_value(anchor), bench_random_games, bench_redraw, bench_bot):
        rows += part()
        rows.append(("", "", ""))
    width = max(len(row[0]) for row in rows)
    print("Poker7 benchmarks (anchor: python-chess legal move list, same run)")
    for name, figure, ratio in rows:
        print(f"{name:<{width}}  {figure:>32}  {ratio}" if name else "")
    if river_ms > RIVER_GOAL_MS:
        print(f"MISSED: exact river equity median {river_ms:.1f} ms > {RIVER_GOAL_MS:.0f} ms")
        return 1
    print(f"goal met: exact river equity median {river_ms:.1f} ms <= {RIVER_GOAL_MS:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
