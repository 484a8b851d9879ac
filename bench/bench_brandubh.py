"""VikingDrez / Brandubh benchmarks: simulation speed against OpenSpiel, bots, picture.

Run with ``make bench`` or ``.venv/bin/python bench/bench_brandubh.py``.
OpenSpiel comes from the ``bench`` extra (``pip install -e '.[bench]'``); without
it the OpenSpiel ratios are reported as not measured and the rest still runs.

1. Random playouts (the goal): Brandubh's engine, ``Brandubh.random_playout``,
   vs OpenSpiel's breakthrough driven from Python (``legal_actions()``, pick one
   at random, ``apply_action``, until ``is_terminal()``), both picking moves with
   ``random.Random.random``. Plies per second, measured in alternating rounds in
   this same run and compared best round to best round, so a busy machine slows
   both alike. Goal: >= 1.0x.
2. The same random games through the Game protocol, ``game.play(game.random_action(rng))``
   (actions, history, undo information): reported against the same OpenSpiel figure.
3. What search bots pay per position: ``legal_actions()``, ``play``+``undo``,
   ``copy()``, ``evaluate``.
4. Bots: the search bot (alpha-beta, depth 2) against the random bot, both
   colours, and the attackers' and defenders' win rates under random play.
5. The picture: ``svg()`` time and size. Goal: <= 5 ms, <= 40 KB.

Exit status 1 when a measured goal is missed.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from typing import Any, Callable

from bench_poker7 import best_time

from drezlab.games.brandubh import BLACK, WHITE, Brandubh
from drezlab.players import Player, RandomPlayer, play_out
from drezlab.players.search import SearchPlayer

ROUNDS = 12
ROUND_SECONDS = 0.25


def load_openspiel() -> tuple[Any, str]:
    """OpenSpiel's breakthrough game, or ``None`` and the reason it cannot be loaded."""
    try:
        import pyspiel
    except Exception as error:  # noqa: BLE001 - any import failure means "not measured"
        return None, f"{type(error).__name__}: {error}"
    return pyspiel.load_game("breakthrough"), ""


def openspiel_round(game: Any, rng: random.Random) -> tuple[int, float]:
    draw = rng.random
    plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < ROUND_SECONDS:
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[int(draw() * len(actions))])
            plies += 1
    return plies, time.perf_counter() - start


def playout_round(rng: random.Random) -> tuple[int, float]:
    game = Brandubh()
    plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < ROUND_SECONDS:
        plies += game.random_playout(rng).plies
    return plies, time.perf_counter() - start


def protocol_round(rng: random.Random) -> tuple[int, float]:
    plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < ROUND_SECONDS:
        game = Brandubh()
        while not game.is_over:
            game.play(game.random_action(rng))
            plies += 1
    return plies, time.perf_counter() - start


def bench_playouts() -> tuple[list[tuple[str, str, str]], bool]:
    """Sections 1 and 2, interleaved round by round; returns the rows and whether the goal was met."""
    spiel, problem = load_openspiel()
    contenders: dict[str, Callable[[random.Random], tuple[int, float]]] = {
        "playout": playout_round, "protocol": protocol_round}
    if spiel is not None:
        contenders["openspiel"] = lambda rng: openspiel_round(spiel, rng)
    best: dict[str, float] = {name: 0.0 for name in contenders}
    rngs = {name: random.Random(7) for name in contenders}
    for _ in range(ROUNDS):
        for name, run in contenders.items():
            plies, seconds = run(rngs[name])
            best[name] = max(best[name], plies / seconds)
    rows = []
    if spiel is None:
        rows.append(("OpenSpiel breakthrough, Python loop", "NOT MEASURED", "open_spiel cannot be imported"))
        rows.append(("  (install the bench extra: pip install -e '.[bench]')", "", problem[:60]))
        base = None
    else:
        base = best["openspiel"]
        rows.append(("OpenSpiel breakthrough random games, Python loop", f"{base:,.0f} plies/s", "1.00x"))
    for name, label in (("playout", "Brandubh random_playout()  [goal >= 1.0x]"),
                        ("protocol", "Brandubh play(random_action()) via the protocol")):
        ratio = "" if base is None else f"{best[name] / base:.2f}x"
        rows.append((label, f"{best[name]:,.0f} plies/s", ratio))
    met = base is None or best["playout"] >= base
    return rows, met



def sample_positions(count: int, seed: int = 11) -> list[Brandubh]:
    rng = random.Random(seed)
    positions: list[Brandubh] = []
    while len(positions) < count:
        game = Brandubh()
        while not game.is_over and len(positions) < count:
            if rng.random() < 0.2:
                positions.append(game.copy())
            game.play(game.random_action(rng))
    return positions


def bench_operations() -> list[tuple[str, str, str]]:
    positions = sample_positions(200)
    per = 1e6 / len(positions)

    def lists() -> None:
        for game in positions:
            game._invalidate()
            game.legal_actions()

    firsts = [game.legal_actions()[0] for game in positions]

    def play_undo() -> None:
        for game, action in zip(positions, firsts):
            game.play(action)
            game.undo()

    def copies() -> None:
        for game in positions:
            game.copy()

    def evaluations() -> None:
        for game in positions:
            game.evaluate(WHITE)

    moves = sum(len(game.legal_actions()) for game in positions) / len(positions)
    return [
        (f"legal_actions() (avg {moves:.0f} moves)", f"{best_time(lists, number=20) * per:.1f} µs", ""),
        ("play() + undo()", f"{best_time(play_undo, number=20) * per:.1f} µs", ""),
        ("copy()", f"{best_time(copies, number=20) * per:.1f} µs", ""),
        ("evaluate()", f"{best_time(evaluations, number=20) * per:.1f} µs", ""),
    ]


def bench_bots(games: int = 50) -> tuple[list[tuple[str, str, str]], bool]:
    rows = []
    wins = total = 0
    for search_seat in (WHITE, BLACK):
        results: Counter[str] = Counter()
        start = time.perf_counter()
        for number in range(games):
            players: list[Player] = [RandomPlayer(seed=10_000 + number), RandomPlayer(seed=10_000 + number)]
            players[search_seat] = SearchPlayer(seed=number, depth=2)
            game = play_out(Brandubh(), players)
            assert game.outcome is not None
            winner = game.outcome.winner
            results["win" if winner == search_seat else "draw" if winner is None else "loss"] += 1
        seconds = time.perf_counter() - start
        wins += results["win"]
        total += games
        side = "White (defenders)" if search_seat == WHITE else "Black (attackers)"
        rows.append((f"search(depth 2) as {side} vs random, {games} games",
                     f"{results['win']}/{games} won", f"{results['draw']} drawn, {results['loss']} lost, "
                     f"{seconds / games * 1e3:.0f} ms/game"))
    rows.append(("search vs random overall  [goal >= 95%]", f"{100 * wins / total:.1f} %", ""))
    game = Brandubh()
    rng = random.Random(3)
    outcomes = Counter(game.random_playout(rng).winner for _ in range(20_000))
    rows.append(("random vs random, 20,000 playouts", f"White {outcomes[WHITE] / 200:.1f} %",
                 f"Black {outcomes[BLACK] / 200:.1f} %, draws {outcomes[None] / 200:.1f} %"))
    return rows, wins >= 0.95 * total


def bench_svg() -> tuple[list[tuple[str, str, str]], bool]:
    game = Brandubh()
    rng = random.Random(5)
    for _ in range(12):
        game.play(game.random_action(rng))
    seconds = best_time(lambda: game.svg(), number=20)
    size = len(game.svg().encode())
    return [("svg() after 12 moves  [goal <= 5 ms, <= 40 KB]", f"{seconds * 1e3:.2f} ms, {size / 1024:.1f} KB",
             "")], seconds <= 0.005 and size <= 40 * 1024


def main() -> int:
    rows: list[tuple[str, str, str]] = []
    missed = []
    playout_rows, met = bench_playouts()
    rows += playout_rows + [("", "", "")]
    if not met:
        missed.append("random playouts")
    rows += bench_operations() + [("", "", "")]
    bot_rows, met = bench_bots()
    rows += bot_rows + [("", "", "")]
    if not met:
        missed.append("search vs random")
    svg_rows, met = bench_svg()
    rows += svg_rows
    if not met:
        missed.append("svg")
    width = max(len(row[0]) for row in rows)
    print("VikingDrez / Brandubh benchmarks (ratios against OpenSpiel breakthrough in this same run)")
    for name, figure, note in rows:
        print(f"{name:<{width}}  {figure:>20}  {note}" if name else "")
    if missed:
        print("missed goals:", ", ".join(missed))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
