"""The chess variants on the grid engine against python-chess, in one run (issue 24).

Run with ``nice .venv/bin/python bench/bench_variants.py`` (about a minute; seeded, so
two runs on one machine differ only by the machine's noise). For each variant:

1. **Legal move list.** Positions are sampled from seeded random games of the variant
   (every ``STRIDE``-th ply up to ``DEPTH`` plies, ``GAMES`` games) and, as the anchor,
   from seeded random games of chess at the same plies. Every position is copied and
   the copy made to forget the moves it remembers (``rehash()`` on the engine
   position), so the figure is the cost of generating the list: the engine's
   ``position.legal_moves()`` (PokerDrez-4: the cross board's, re-entries included),
   python-chess's ``list(board.legal_moves)``. The two are timed in turns, ``ROUNDS``
   rounds each, and each keeps its best round (a loaded machine slows rounds, never
   speeds them). Goal: at most 2x python-chess's time per list.
2. **Random play.** Plies per second of the game played through the Game protocol
   (``game.play(game.random_action(rng))``: legal actions, the end of the game, undo
   records, everything a simulation pays), against python-chess random play
   (``list(board.legal_moves)``, ``board.push``, ``board.is_game_over()``), seeded
   games played in turns of ``SLICE`` seconds, ``ROUNDS`` turns each, each side's
   best turn kept. Goal: at least 0.5x python-chess.
3. **Replay of a long record.** A seeded random game of the cylinder (the longest
   records) saved with ``to_json`` and loaded with ``from_json`` (which replays and
   checks every action). Goal: under 1 s.
4. **Import.** ``python -c "import drezlab"`` against ``python -c "import chess"`` in fresh
   interpreters, taken in turns, best of ``IMPORT_ROUNDS`` each (wall time of the whole
   interpreter, so Python's own start is in both). Goal: drezlab no slower than chess
   (issue 24), within a 10 % margin for the machine's noise.

Times are this process's CPU time (``time.process_time``), so that other programs on a
shared machine weigh less. Each line ends with the goal and ``ok`` or ``MISSED``. ``--only lists`` (``play``,
``replay``, ``import``) runs one part; ``--variants guadalete,...`` some variants.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import chess

import drezlab
from drezlab.core.game import Game

VARIANTS = ("guadalete", "guadalete-cylinder", "guadalete-swimming", "jumping-bishop", "pokerdrez4")
GAMES, DEPTH, STRIDE, ROUNDS = 4, 48, 4, 9
SLICE = 0.4
LIST_GOAL, PLAY_GOAL, REPLAY_GOAL = 2.0, 0.5, 1.0
#: the seeded cylinder game replayed (seed of the deal and of the random choices) and its length cap
REPLAY_SEED, REPLAY_PLIES = 3, 700
#: fresh interpreters timed per side for the import line, and the noise margin of its goal
IMPORT_ROUNDS, IMPORT_MARGIN = 7, 1.10


def board_of(game: Game) -> Any:
    """The object whose ``legal_moves()`` is the variant's legal move list."""
    return game.board if hasattr(game, "board") else game.position  # type: ignore[attr-defined]


def variant_positions(name: str) -> list[Any]:
    """Copies of the move-list objects at every ``STRIDE``-th ply of ``GAMES`` seeded random games."""
    found = []
    for seed in range(GAMES):
        game = drezlab.new(name, seed=seed)
        rng = random.Random(seed)
        ply = 0
        while not game.is_over and ply <= DEPTH:
            if game.plies % STRIDE == 0 and game.plies == ply:  # type: ignore[attr-defined]
                found.append(board_of(game).copy())
                ply += STRIDE
            game.play(game.random_action(rng))
    return found


def chess_positions() -> list[chess.Board]:
    """python-chess boards at the same plies of ``GAMES`` seeded random chess games."""
    found = []
    for seed in range(GAMES):
        board = chess.Board()
        rng = random.Random(seed)
        for ply in range(DEPTH + 1):
            if board.is_game_over():
                break
            if ply % STRIDE == 0:
                found.append(board.copy())
            board.push(rng.choice(list(board.legal_moves)))
    return found


def cold_copy(position: Any) -> Any:
    """A copy of a move-list object that has not worked out its moves yet."""
    copy = position.copy()
    engine_position = getattr(copy, "pos", copy)
    if hasattr(engine_position, "rehash"):
        engine_position.rehash()
    return copy


def list_round(positions: list[Any], make_list: Callable[[Any], object]) -> float:
    """One round: mean seconds of one legal move list over cold copies of ``positions``."""
    copies = [cold_copy(position) for position in positions]
    start = time.process_time()
    for copy in copies:
        make_list(copy)
    return (time.process_time() - start) / len(copies)


def best_in_turns(first: Callable[[], float], second: Callable[[], float], best: Callable[..., float]) -> tuple[
        float, float]:
    """Run ``first`` and ``second`` in turns, ``ROUNDS`` times each; each one's best result."""
    firsts, seconds = [], []
    for _ in range(ROUNDS):
        firsts.append(first())
        seconds.append(second())
    return best(firsts), best(seconds)


class RandomPlay:
    """Seeded random games played in slices of time: ``slice()`` plays for ``SLICE``
    seconds, going on with the current game, and returns its plies per second."""

    def __init__(self, new_game: Callable[[int], Any], step: Callable[[Any, random.Random], bool]) -> None:
        self.new_game, self.step = new_game, step
        self.seed = 0
        self.game, self.rng = new_game(0), random.Random(0)

    def slice(self) -> float:
        plies = 0
        start = time.process_time()
        while time.process_time() - start < SLICE:
            if not self.step(self.game, self.rng):
                self.seed += 1
                self.game, self.rng = self.new_game(self.seed), random.Random(self.seed)
                continue
            plies += 1
        return plies / (time.process_time() - start)


def chess_step(board: chess.Board, rng: random.Random) -> bool:
    """One ply of python-chess random play (False: the game is over)."""
    if board.is_game_over():
        return False
    board.push(rng.choice(list(board.legal_moves)))
    return True


def game_step(game: Game, rng: random.Random) -> bool:
    """One random action through the Game protocol (False: the game is over)."""
    if game.is_over:
        return False
    game.play(game.random_action(rng))
    return True


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def replay_line() -> str:
    """Save a long seeded cylinder game and time loading (replaying) its record."""
    game, rng = drezlab.new("guadalete-cylinder", seed=REPLAY_SEED), random.Random(REPLAY_SEED)
    while not game.is_over and len(game.history) < REPLAY_PLIES:
        game.play(game.random_action(rng))
    text = game.to_json()
    start = time.process_time()
    loaded = type(game).from_json(text)
    seconds = time.process_time() - start
    assert loaded.to_json() == text
    return (f"  guadalete-cylinder record of {len(game.history)} actions (seed {REPLAY_SEED}) loads in "
            f"{seconds:.2f} s   goal < {REPLAY_GOAL:.0f} s   {verdict(seconds < REPLAY_GOAL)}")


def import_line() -> str:
    """Time ``import drezlab`` and ``import chess`` in fresh interpreters, in turns."""
    def once(module: str) -> float:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", f"import {module}"], check=True)
        return time.perf_counter() - start

    best = {"drezlab": float("inf"), "chess": float("inf")}
    for _ in range(IMPORT_ROUNDS):
        for module in best:
            best[module] = min(best[module], once(module))
    ratio = best["drezlab"] / best["chess"]
    return (f"  import drezlab {best['drezlab'] * 1000:.0f} ms, import chess {best['chess'] * 1000:.0f} ms "
            f"(fresh interpreters, best of {IMPORT_ROUNDS}): {ratio:.2f}x   goal <= 1x (+10 % noise)   "
            f"{verdict(ratio <= IMPORT_MARGIN)}")


def main(argv: list[str]) -> int:
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    variants = argv[argv.index("--variants") + 1].split(",") if "--variants" in argv else list(VARIANTS)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], check=False, capture_output=True, text=True,
                            cwd=Path(__file__).parent).stdout.strip()
    began = time.process_time()
    print(f"Chess variants on the grid engine against python-chess (commit {commit or 'unknown'}, one run)\n")
    missed = 0
    if only in (None, "lists"):
        missed += move_lists(variants)
    if only in (None, "play"):
        missed += random_play(variants)
    if only in (None, "replay"):
        print("\nReplay of a long record")
        line = replay_line()
        missed += line.endswith("MISSED")
        print(line)
    if only in (None, "import"):
        print("\nImport")
        line = import_line()
        missed += line.endswith("MISSED")
        print(line)
    print(f"\n{missed} goal(s) missed; {time.process_time() - began:.0f} s in all")
    return 1 if missed else 0


def move_lists(variants: list[str]) -> int:
    """Part 1: print each variant's legal-move-list time against python-chess's; goals missed."""
    anchor_positions = chess_positions()
    print(f"Legal move list ({GAMES} seeded random games, every {STRIDE}th ply to {DEPTH}; best of {ROUNDS} "
          f"rounds in turns with python-chess on {len(anchor_positions)} chess positions at the same plies)")
    missed = 0
    for name in variants:
        positions = variant_positions(name)
        anchor, seconds = best_in_turns(lambda: list_round(anchor_positions, lambda board: list(board.legal_moves)),
                                        lambda positions=positions: list_round(positions, lambda board: board.legal_moves()),
                                        min)
        ratio = seconds / anchor
        missed += ratio > LIST_GOAL
        print(f"  {name:19} {len(positions):3} positions {seconds * 1e6:7.1f} µs, python-chess {anchor * 1e6:6.1f} µs"
              f"   {ratio:5.2f}x python-chess's time   goal <= {LIST_GOAL:.0f}x   {verdict(ratio <= LIST_GOAL)}")
    return missed


def random_play(variants: list[str]) -> int:
    """Part 2: print each variant's random play against python-chess's; goals missed."""
    missed = 0
    print(f"\nRandom play (seeded games in turns of {SLICE} s with python-chess random play, best of {ROUNDS})")
    for name in variants:
        anchor_play = RandomPlay(lambda seed: chess.Board(), chess_step)
        variant_play = RandomPlay(lambda seed, name=name: drezlab.new(name, seed=seed), game_step)
        anchor_rate, rate = best_in_turns(anchor_play.slice, variant_play.slice, max)
        ratio = rate / anchor_rate
        missed += ratio < PLAY_GOAL
        print(f"  {name:19} {rate:7,.0f} plies/s, python-chess {anchor_rate:7,.0f} plies/s   {ratio:5.2f}x python-chess"
              f"   goal >= {PLAY_GOAL}x   {verdict(ratio >= PLAY_GOAL)}")
    return missed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
