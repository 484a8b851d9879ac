"""Tournaments: many seeded games between bots, with win/draw/loss rates and confidence intervals.

::

    from drezlab.sim import tournament
    results = tournament(("edami", {"special_cards": []}), ["greedy-chess", "search-chess"],
                         games=200, seed=1, workers=2, max_plies=200)
    print(results)                   # one row per player: W/D/L, score rate, 95 % interval
    results["search-chess"].rate     # 0.93...

How the games are made (so that a run can be repeated exactly):

* Game ``i`` (0, 1, ...) is made with seed ``seed + i``. Seats rotate every game:
  in game ``i`` seat ``s`` is taken by ``players[(s + i) % n]``, so with two players
  they swap colours every other game.
* Players are made afresh for every game, each with its own seed derived from the
  game's seed and its place in ``players`` (:func:`player_seed`). A player given as an
  object is copied for every game, and the copy's ``rng`` (a ``random.Random``, if it
  has one) is reseeded the same way. So every game depends only on its own index:
  ``workers=1`` and ``workers=2`` give identical results.
* ``max_plies``: a game still going after that many plies (turns of one side; for
  chess boards ``board.ply()`` counted from the start) is *adjudicated*: on a chess
  board the side with more material (pawn 1, knight and bishop 3, rook 5, queen 9)
  wins, equal material is a draw; games without a chess board are drawn. Adjudicated
  games are counted and reported.

``make_game`` is a registry name (``"edami"``), a ``(name, options)`` pair, or any
callable ``seed -> Game``. ``players`` are bot names (``"random"``,
``"greedy-chess"``), ``(name, options)`` pairs, or player objects. With ``workers``
above 1 the games run in that many processes (``spawn``, so it works the same on every
system and inside Jupyter); names and ``(name, options)`` pairs always work there,
while callables and objects must be picklable (a function defined in a notebook is
not: use a name).

``progress=True`` shows progress: an ipywidgets bar inside Jupyter (if ipywidgets is
installed), else tqdm (if installed), else one text line updated at every tenth of
the run, without timings, so that stored notebook outputs stay the same run to run.
Neither ipywidgets nor tqdm is imported unless asked for.
"""

from __future__ import annotations

import copy
import html
import importlib
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union

import chess

from drezlab.core.game import Game

GameFactory = Union[str, tuple[str, Mapping[str, Any]], Callable[[int], Game]]
PlayerSpec = Union[str, tuple[str, Mapping[str, Any]], Any]
_MAX_ACTIONS = 100_000

__all__ = ["GameResult", "Results", "Standing", "play_game", "player_seed", "tournament", "wilson"]


def wilson(successes: float, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval (95 % by default) for a proportion ``successes / trials``.

    Draws may be counted as half a success (a score rate): the usual approximation in
    game statistics. Better than ``p ± 1.96·sqrt(p(1-p)/n)`` near 0 and 1 and for small n."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def player_seed(game_seed: int, place: int) -> int:
    """The seed of the player at ``place`` in ``players`` for the game seeded ``game_seed``."""
    return (game_seed * 1_000_003 + 7_919 * (place + 1)) % 2**63


@dataclass(frozen=True)
class GameResult:
    """One finished (or adjudicated) game: ``seats[s]`` is the label of the player in seat
    ``s`` and ``scores[s]`` its score (1 win, 0.5 draw, 0 loss)."""

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    reason: str
    plies: int
    actions: int
    adjudicated: bool


@dataclass(frozen=True)
class Standing:
    """One player's record: wins, draws, losses, score rate (draws count half) and its 95 %
    Wilson interval ``low``–``high``."""

    player: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float

    @property
    def rate(self) -> float:
        return self.score / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.games)

    @property
    def low(self) -> float:
        return self.interval[0]

    @property
    def high(self) -> float:
        return self.interval[1]

    def rates(self) -> tuple[float, float, float]:
        """Win, draw and loss rates."""
        n = self.games or 1
        return self.wins / n, self.draws / n, self.losses / n


class Results:
    """What a tournament produced: every game (``games``), the players' standings and the
    wall time. ``results["name"]`` is a player's :class:`Standing`; ``str(results)`` and
    ``results.table()`` are a plain-text table, and notebooks show an HTML table."""

    def __init__(self, players: Sequence[str], games: Sequence[GameResult], seconds: float) -> None:
        self.players = list(players)
        self.games = sorted(games, key=lambda g: g.index)
        self.seconds = seconds

    def standings(self) -> list[Standing]:
        """One :class:`Standing` per player, in the order the players were given."""
        return [self[name] for name in self.players]

    def __getitem__(self, player: str) -> Standing:
        if player not in self.players:
            raise KeyError(f"no player {player!r} in this tournament; players: {', '.join(self.players)}")
        wins = draws = losses = 0
        score = 0.0
        for game in self.games:
            for seat, label in enumerate(game.seats):
                if label != player:
                    continue
                points = game.scores[seat]
                score += points
                if points >= 1.0:
                    wins += 1
                elif points <= 0.0:
                    losses += 1
                else:
                    draws += 1
        return Standing(player, wins + draws + losses, wins, draws, losses, score)

    @property
    def adjudicated(self) -> int:
        """How many games were decided by the ``max_plies`` adjudication."""
        return sum(game.adjudicated for game in self.games)

    def reasons(self) -> dict[str, int]:
        """How the games ended: reason -> count, most common first."""
        counts: dict[str, int] = {}
        for game in self.games:
            counts[game.reason] = counts.get(game.reason, 0) + 1
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def rows(self) -> list[list[str]]:
        """The table as text cells: header first."""
        rows = [["player", "games", "wins", "draws", "losses", "win %", "draw %", "loss %", "score %", "95 % CI"]]
        for s in self.standings():
            win, draw, loss = s.rates()
            rows.append([s.player, str(s.games), str(s.wins), str(s.draws), str(s.losses), f"{100 * win:.1f}",
                         f"{100 * draw:.1f}", f"{100 * loss:.1f}", f"{100 * s.rate:.1f}",
                         f"{100 * s.low:.1f}–{100 * s.high:.1f}"])
        return rows

    def table(self) -> str:
        rows = self.rows()
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
                 for row in rows]
        lines.insert(1, "  ".join("-" * w for w in widths))
        footer = f"{len(self.games)} games"
        if self.adjudicated:
            footer += f", {self.adjudicated} adjudicated by material"
        return "\n".join(lines + [footer])

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"<Results: {len(self.games)} games, players {', '.join(self.players)}>"

    def _repr_html_(self) -> str:
        rows = self.rows()
        head = "".join(f"<th>{html.escape(cell)}</th>" for cell in rows[0])
        body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows[1:])
        note = f"{len(self.games)} games" + (f", {self.adjudicated} adjudicated by material" if self.adjudicated else "")
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table><p>{html.escape(note)}</p>"


# --------------------------------------------------------------------- playing
def _labels(players: Sequence[PlayerSpec]) -> list[str]:
    """Readable, distinct names for the players (a bot meeting itself gets ' (1)', ' (2)')."""
    names = []
    for player in players:
        if isinstance(player, str):
            names.append(player)
        elif isinstance(player, tuple) and len(player) == 2 and isinstance(player[0], str):
            options = ", ".join(f"{k}={v!r}" for k, v in dict(player[1]).items())
            names.append(f"{player[0]}({options})" if options else player[0])
        else:
            names.append(str(getattr(player, "name", type(player).__name__)))
    seen: dict[str, int] = {}
    for name in names:
        seen[name] = seen.get(name, 0) + 1
    counter: dict[str, int] = {}
    labels = []
    for name in names:
        if seen[name] > 1:
            counter[name] = counter.get(name, 0) + 1
            labels.append(f"{name} ({counter[name]})")
        else:
            labels.append(name)
    return labels


def _make_player(spec: PlayerSpec, seed: int) -> Any:
    """A fresh player for one game (see the module docstring)."""
    from drezlab.players import PLAYERS, make
    if isinstance(spec, str):
        return make(spec, seed=seed)
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str):
        name, options = spec
        if name not in PLAYERS:
            raise ValueError(f"there is no bot called {name!r}; choose one of {', '.join(PLAYERS)}")
        factory = PLAYERS[name]
        if isinstance(factory, str):
            module_name, _, class_name = factory.partition(":")
            factory = getattr(importlib.import_module(module_name), class_name)
        return factory(seed=seed, **dict(options))
    if not callable(getattr(spec, "choose", None)):
        raise ValueError(f"{spec!r} is not a player: give a bot name, (name, options) or an object with choose(game)")
    player = copy.deepcopy(spec)
    rng = getattr(player, "rng", None)
    if isinstance(rng, random.Random):
        rng.seed(seed)
    return player


def _make_game(make_game: GameFactory, seed: int) -> Game:
    if isinstance(make_game, str):
        from drezlab.games import new
        return new(make_game, seed=seed)
    if isinstance(make_game, tuple) and len(make_game) == 2 and isinstance(make_game[0], str):
        from drezlab.games import new
        return new(make_game[0], seed=seed, **dict(make_game[1]))
    if callable(make_game):
        return make_game(seed)
    raise ValueError("make_game must be a game name, (name, options) or a function seed -> game, "
                     f"not {make_game!r}")


def _material_winner(game: Game) -> tuple[float, ...]:
    """Scores by material on the chess board (see ``max_plies``); a draw without a board."""
    board = getattr(game, "board", None)
    if not isinstance(board, chess.Board) or game.players != 2:
        return tuple(0.5 for _ in range(game.players))
    from drezlab.players.chess_bots import material, seat_color
    balance = material(board, seat_color(game, 0))          # seat 0's material minus seat 1's
    if balance == 0:
        return (0.5, 0.5)
    return (1.0, 0.0) if balance > 0 else (0.0, 1.0)


def play_game(make_game: GameFactory, players: Sequence[PlayerSpec], index: int, seed: int = 0,
              max_plies: int | None = None, labels: Sequence[str] | None = None) -> GameResult:
    """Play game number ``index`` of a tournament (seed ``seed + index``, seats rotated)."""
    game_seed = seed + index
    game = _make_game(make_game, game_seed)
    count = len(players)
    if game.players != count:
        raise ValueError(f"{type(game).__name__} is for {game.players} players, but {count} were given")
    labels = list(labels) if labels is not None else _labels(players)
    made = [_make_player(spec, player_seed(game_seed, place)) for place, spec in enumerate(players)]
    at_seat = [(seat + index) % count for seat in range(count)]        # seat -> place in ``players``
    board = getattr(game, "board", None)
    start_ply = board.ply() if isinstance(board, chess.Board) else 0
    plies = actions = 0
    last_seat = game.to_move
    adjudicated = False
    while not game.is_over:
        board = getattr(game, "board", None)
        plies = board.ply() - start_ply if isinstance(board, chess.Board) else plies
        if max_plies is not None and plies >= max_plies:
            adjudicated = True
            break
        if actions >= _MAX_ACTIONS:
            raise RuntimeError(f"game {index} (seed {game_seed}) did not finish within {_MAX_ACTIONS} actions")
        seat = game.to_move
        assert seat is not None
        game.play(made[at_seat[seat]].choose(game))
        actions += 1
        if not isinstance(board, chess.Board) and game.to_move != last_seat:
            plies += 1
        last_seat = game.to_move
    if adjudicated:
        scores = _material_winner(game)
        reason = "adjudicated (material)"
    else:
        outcome = game.outcome
        assert outcome is not None
        scores, reason = tuple(outcome.scores), outcome.reason
        board = getattr(game, "board", None)
        plies = board.ply() - start_ply if isinstance(board, chess.Board) else plies
    return GameResult(index, game_seed, tuple(labels[at_seat[s]] for s in range(count)), tuple(scores), reason,
                      plies, actions, adjudicated)


def _play_chunk(job: tuple[Any, Sequence[PlayerSpec], Sequence[int], int, int | None, Sequence[str]]
                ) -> list[GameResult]:
    """Worker entry point (module level, so ``spawn`` can find it)."""
    make_game, players, indices, seed, max_plies, labels = job
    return [play_game(make_game, players, index, seed, max_plies, labels) for index in indices]


# -------------------------------------------------------------------- progress
def _in_jupyter() -> bool:
    """Running inside a Jupyter kernel (not merely with ipykernel imported somewhere)?"""
    if "ipykernel" not in sys.modules:
        return False
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and getattr(shell, "kernel", None) is not None


class _Progress:
    """Progress display: ipywidgets in Jupyter, else tqdm, else a text line at every tenth."""

    def __init__(self, total: int, label: str, enabled: bool) -> None:
        self.total, self.done, self.label = total, 0, label
        self._bar: Any = None
        self._widget: Any = None
        self._next_line = 1
        self.enabled = enabled and total > 0
        if not self.enabled:
            return
        if _in_jupyter():
            try:
                import ipywidgets  # type: ignore[import-untyped]
                from IPython.display import display
                self._widget = ipywidgets.IntProgress(value=0, min=0, max=total, description=label)
                display(self._widget)
                return
            except ImportError:
                self._widget = None
        try:
            from tqdm import tqdm  # type: ignore[import-untyped]
            self._bar = tqdm(total=total, desc=label, unit="game")
        except ImportError:
            self._bar = None

    def update(self, count: int) -> None:
        if not self.enabled:
            return
        self.done += count
        if self._widget is not None:
            self._widget.value = self.done
        elif self._bar is not None:
            self._bar.update(count)
        else:
            while self.done * 10 >= self._next_line * self.total and self._next_line <= 10:
                shown = self._next_line * self.total // 10
                print(f"\r{self.label}: {shown}/{self.total} games", end="", flush=True)
                self._next_line += 1

    def close(self) -> None:
        if not self.enabled:
            return
        if self._widget is not None:
            self._widget.bar_style = "success"
        elif self._bar is not None:
            self._bar.close()
        else:
            print(flush=True)


def _chunks(indices: Sequence[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(indices), size):
        yield list(indices[start:start + size])


def tournament(make_game: GameFactory, players: Sequence[PlayerSpec], games: int, seed: int = 0,
               progress: bool = False, workers: int = 1, *, max_plies: int | None = None,
               label: str = "games") -> Results:
    """Play ``games`` seeded games between ``players`` and return their :class:`Results`.

    See the module docstring for seeds, seat rotation, ``max_plies`` adjudication,
    ``workers`` and ``progress``. ``label`` names the progress display."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, not {games!r}")
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1, not {workers!r}")
    if max_plies is not None and (not isinstance(max_plies, int) or max_plies < 1):
        raise ValueError(f"max_plies must be a whole number >= 1 or None, not {max_plies!r}")
    players = list(players)
    if len(players) < 1:
        raise ValueError("give at least one player")
    labels = _labels(players)
    start = time.perf_counter()
    bar = _Progress(games, label, progress)
    results: list[GameResult] = []
    try:
        if workers == 1 or games <= 1:
            for index in range(games):
                results.append(play_game(make_game, players, index, seed, max_plies, labels))
                bar.update(1)
        else:
            size = max(1, min(25, games // (workers * 8)))
            jobs: Iterable[Any] = [(make_game, players, chunk, seed, max_plies, labels)
                                   for chunk in _chunks(range(games), size)]
            context = multiprocessing.get_context("spawn")
            with context.Pool(min(workers, games)) as pool:
                for chunk_results in pool.imap_unordered(_play_chunk, jobs):
                    results.extend(chunk_results)
                    bar.update(len(chunk_results))
    finally:
        bar.close()
    return Results(labels, results, time.perf_counter() - start)
