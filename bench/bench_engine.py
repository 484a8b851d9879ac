"""Stockfish levels in PokerDrez and EDAMI: the ladder, decision times, and EDAMI's luck levelling.

Run with ``.venv/bin/python bench/bench_engine.py`` (about 20 minutes on 2 cores, far
longer when they are busy; ``nice -n 10`` it), ``--quick`` (a few minutes), ``--part ladder`` or
``--part luck`` for one half, ``--games N`` per match, ``--workers N``,
``--save FILE`` to write the luck table as JSON (the lesson's saved numbers).
Needs Stockfish (``sudo apt-get install stockfish``).

(a) The ladder. In each game, every engine level (``stockfish-low``, ``-mid``,
    ``-high``) plays the game's strongest level below the engines (PokerDrez
    ``search``, EDAMI ``search-chess``), and each engine level plays the level
    just below it in ``GameSpec.levels``. ``sim.tournament``: seeded games, seats
    alternating, a game still going after 200 plies adjudicated by material. The
    score of the upper level with its Wilson 95 % interval; goal: >= 65 % against
    the level below, interval above 50 %. Then each engine level's median and
    slowest decision time, timed in this process over a few games against the
    strongest level below the engines (every decision, single actions included).

(b) EDAMI's luck levelling with a real strength gap. Three pairs, weaker first:
    ``stockfish-low`` vs ``stockfish-high`` (the engine at two strengths),
    ``search-chess`` vs ``stockfish-low`` (the best pupil-level bot against the
    weakest engine) and ``greedy-chess`` vs ``search-chess`` (the two pupil-level
    bots of lesson 2), each in three conditions with the same number of games:

    * plain chess: neither bot ever draws (``draws=False`` / the ``-nocards``
      bots), so EDAMI is plain chess between the same bots;
    * optional cards: the default game, each bot drawing by its own rule (the
      engine bots when passing plus a card's average immediate gain beats their
      best move, or when behind by 150 centipawns or more);
    * Carta Obligatoria (``mandatory_card=True``): a card every turn.

    The weaker side's score with its Wilson 95 % interval in each condition, and
    how many points the cards give it over plain chess.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from drezlab.core.registry import spec_of
from drezlab.kits.enginebots import INSTALL_HINT, LEVELS, find_stockfish
from drezlab.players import make
from drezlab.sim import Results, tournament

MAX_PLIES = 200
GAMES = ("pokerdrez", "edami")
#: the EDAMI pairs of part (b), weaker first
LUCK_PAIRS = (("stockfish-low", "stockfish-high"), ("search-chess", "stockfish-low"),
              ("greedy-chess", "search-chess"))
#: condition -> (game options, do the bots draw cards?)
CONDITIONS: dict[str, tuple[dict[str, Any], bool]] = {
    "plain chess": ({}, False),
    "optional cards": ({}, True),
    "Carta Obligatoria": ({"mandatory_card": True}, True),
}
GOAL = 0.65


def below_engines(game: str) -> str:
    """The strongest level of ``game``'s ladder below the Stockfish levels."""
    levels = spec_of(game).levels
    return levels[levels.index("stockfish-low") - 1]


def ladder_matches(game: str) -> list[tuple[str, str]]:
    """(upper, lower) pairs: each engine level against the strongest non-engine level,
    and each engine level against the level just below it (duplicates once)."""
    levels = spec_of(game).levels
    strongest = below_engines(game)
    pairs = [(level, strongest) for level in LEVELS]
    for level in LEVELS:
        below = levels[levels.index(level) - 1]
        if (level, below) not in pairs:
            pairs.append((level, below))
    return pairs


def score_text(rate: float, low: float, high: float) -> str:
    return f"{100 * rate:5.1f} % ({100 * low:4.1f}–{100 * high:5.1f})"


def run_ladder(games: int, workers: int, seed: int, names: tuple[str, ...]) -> None:
    print(f"(a) The engine ladder: {games} games per match, seats alternating, "
          f"adjudicated by material after {MAX_PLIES} plies")
    header = f"  {'game':10} {'upper level':15} {'lower level':15} {'upper score % (95 % CI)':26} " \
             f"{'W/D/L':>10} {'adj.':>4} {'goal':>5} {'time':>6}"
    print(header)
    print("  " + "-" * (len(header) - 2))
    for game in names:
        levels = spec_of(game).levels
        for number, (upper, lower) in enumerate(ladder_matches(game)):
            results = tournament(game, [upper, lower], games, seed=seed + 1000 * number, workers=workers,
                                 max_plies=MAX_PLIES)
            standing = results[upper]
            adjacent = levels.index(upper) == levels.index(lower) + 1
            goal = ("met" if standing.rate >= GOAL and standing.low > 0.5 else "MISSED") if adjacent else "-"
            print(f"  {game:10} {upper:15} {lower:15} {score_text(standing.rate, standing.low, standing.high):26} "
                  f"{standing.wins:>3}/{standing.draws:>2}/{standing.losses:<3} {results.adjudicated:>4} {goal:>5} "
                  f"{results.seconds:5.0f}s", flush=True)
    print(f"  goal: an engine level scores >= {100 * GOAL:.0f} % against the level just below it, "
          "95 % interval above 50 % ('-': not the adjacent level)\n")


def time_decisions(game_name: str, level: str, games: int, seed: int) -> list[float]:
    """Seconds of every decision of ``level`` in ``games`` games against the strongest level below the engines."""
    factory = spec_of(game_name).cls()
    seconds: list[float] = []
    for number in range(games):
        game = factory(seed=seed + number)
        players = [make(level, seed=seed + number, game=game), make(below_engines(game_name), seed=number, game=game)]
        if number % 2:
            players.reverse()
        start = game.plies
        while not game.is_over and game.plies - start < MAX_PLIES:
            seat = game.to_move
            assert seat is not None
            player = players[seat]
            began = time.perf_counter()
            action = player.choose(game)
            if player.name == level:
                seconds.append(time.perf_counter() - began)
            game.play(action)
        for player in players:
            close = getattr(player, "close", None)
            if close is not None:
                close()
    return seconds


def run_times(games: int, seed: int, names: tuple[str, ...]) -> None:
    print(f"    Decision times (this process, {games} games per level against the strongest level below the engines)")
    print(f"  {'game':10} {'level':15} {'decisions':>9} {'median':>9} {'slowest':>9}")
    for game in names:
        for level in LEVELS:
            seconds = time_decisions(game, level, games, seed)
            print(f"  {game:10} {level:15} {len(seconds):>9} {1000 * statistics.median(seconds):7.1f}ms "
                  f"{1000 * max(seconds):7.0f}ms", flush=True)
    print()


def player(name: str, cards: bool) -> Any:
    """A bot of the luck study with or without card draws."""
    if cards:
        return name
    if name.startswith("stockfish"):
        return (name, {"draws": False})
    return f"{name}-nocards"


def run_luck(games: int, workers: int, seed: int) -> dict[str, Any]:
    print(f"(b) EDAMI luck levelling: {games} games per condition, seats alternating, adjudicated by material "
          f"after {MAX_PLIES} plies")
    header = f"  {'weaker vs stronger':32} {'condition':18} {'weaker W/D/L':>12} {'weaker score % (95 % CI)':26} " \
             f"{'adj.':>4} {'plies':>5} {'time':>6}"
    print(header)
    print("  " + "-" * (len(header) - 2))
    table: dict[str, Any] = {"games": games, "seed": seed, "max_plies": MAX_PLIES, "pairs": []}
    for number, (weaker, stronger) in enumerate(LUCK_PAIRS):
        row: dict[str, Any] = {"weaker": weaker, "stronger": stronger, "conditions": {}}
        scores = {}
        for name, (options, cards) in CONDITIONS.items():
            results: Results = tournament(("edami", options), [player(weaker, cards), player(stronger, cards)], games,
                                          seed=seed + 10_000 * number, workers=workers, max_plies=MAX_PLIES)
            standing = results.standings()[0]
            plies = sum(g.plies for g in results.games) / max(1, len(results.games))
            scores[name] = standing
            row["conditions"][name] = {"wins": standing.wins, "draws": standing.draws, "losses": standing.losses,
                                       "adjudicated": results.adjudicated, "plies": round(plies, 1)}
            print(f"  {weaker + ' vs ' + stronger:32} {name:18} "
                  f"{standing.wins:>4}/{standing.draws:>2}/{standing.losses:<4} "
                  f"{score_text(standing.rate, standing.low, standing.high):26} {results.adjudicated:>4} "
                  f"{plies:5.0f} {results.seconds:5.0f}s", flush=True)
        plain = scores["plain chess"].rate
        gains = ", ".join(f"{name} {100 * (scores[name].rate - plain):+.1f}" for name in CONDITIONS if name != "plain chess")
        print(f"  {'':32} cards give the weaker side (points of score over plain chess): {gains}")
        table["pairs"].append(row)
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small run (a few minutes)")
    parser.add_argument("--part", choices=("all", "ladder", "luck"), default="all")
    parser.add_argument("--games", type=int, help="games per match (default 20 for the ladder, 60 for the luck study)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the tournaments (default 2)")
    parser.add_argument("--game", choices=("all",) + GAMES, default="all", help="the ladder of one game only")
    parser.add_argument("--seed", type=int, default=14_000)
    parser.add_argument("--save", type=Path, help="write the luck table as JSON to this file")
    args = parser.parse_args()
    if find_stockfish() is None:
        sys.exit(f"Stockfish is not installed: {INSTALL_HINT}")
    started = time.perf_counter()
    if args.part in ("all", "ladder"):
        names = GAMES if args.game == "all" else (args.game,)
        run_ladder(args.games or (4 if args.quick else 20), args.workers, args.seed, names)
        run_times(1 if args.quick else 2, args.seed, names)
    if args.part in ("all", "luck"):
        table = run_luck(args.games or (4 if args.quick else 60), args.workers, args.seed)
        if args.save:
            args.save.write_text(json.dumps(table, indent=1) + "\n")
            print(f"  saved to {args.save}")
    print(f"\n{time.perf_counter() - started:.0f} s in all")


if __name__ == "__main__":
    main()
