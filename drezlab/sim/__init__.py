"""Tournaments: many seeded games between bots, with win/draw/loss rates and confidence intervals.

::

    from drezlab.sim import tournament
    results = tournament((name, options), ["search", "random"], games=200, seed=1,
                         workers=2, max_plies=200)
    print(results)                   # one row per player: W/D/L, score rate, 95 % interval
    results["search"].rate           # 0.93...

``name`` is any game ``drezlab.games()`` lists and ``options`` its options: the
simulations work for every registered game through the Game protocol and the games'
metadata, and name none.

How the games are made (so that a run can be repeated exactly):

* Game ``i`` (0, 1, ...) is made with seed ``seed + i``. Seats rotate every game:
  in game ``i`` seat ``s`` is taken by ``players[(s + i) % n]``, so with two players
  they swap colours every other game.
* Players are made afresh for every game, each with its own seed derived from the
  game's seed and its place in ``players`` (:func:`player_seed`). A player given as an
  object is copied for every game, and the copy's ``rng`` (a ``random.Random``, if it
  has one) is reseeded the same way. So every game depends only on its own index:
  any number of ``workers`` and any ``backend`` give identical results.
* ``max_plies``: a game still going after that many plies, counted by the game's own
  ``Game.plies`` from the start (by default its actions; a game on a board may count
  board plies instead, so that card draws and die rolls are not moves), is stopped and
  *adjudicated* by the game's ``Game.adjudicate()`` (e.g. the side with more material
  wins; a game that gives no judgement is a draw). Adjudicated games are counted and
  reported.
* Scores are the games' ``Outcome.scores`` (1 win, 0.5 draw, 0 loss; shares in games of
  more seats); in games with stakes (``Outcome.payoffs``: chips) each standing also adds
  up the chips won.

``make_game`` is a registry name, a ``(name, options)`` pair, or any callable
``seed -> Game``. ``players`` are bot names (a level the game's metadata declares, or
a generic bot such as ``"random"``: see :func:`drezlab.players.make`), ``(name,
options)`` pairs, or player objects.

Where the games run (joblib):

* no ``backend`` and ``workers`` not given (or 1): one after another in this process.
* ``workers=n``: ``n`` processes on this machine (joblib's ``"loky"`` backend;
  ``workers=-1``: one per processor).
* ``backend="dask"``: on a Dask cluster, through the ``dask.distributed.Client`` you
  created first (``Client(LocalCluster(...))`` or ``Client("scheduler:8786")``); the
  cluster decides how many games run at once. ``backend="ray"``: on a Ray cluster, after
  ``from ray.util.joblib import register_ray; register_ray()``. Any other joblib backend
  name works too (``"loky"``, ``"threading"``, ``"multiprocessing"``); with a backend,
  ``workers`` is joblib's ``n_jobs`` (not given: all that the backend offers). A
  backend that cannot hand back results one by one (``"multiprocessing"``) moves the
  progress display only at the end.

Names and ``(name, options)`` pairs work on every backend (a name is looked up once,
here, and the game's class is sent to the workers; it must be importable there, as
every game of ``drezlab.games`` is). Callables and player objects are sent with
cloudpickle, so a function defined in a notebook works with ``"loky"`` and ``"dask"``.

``progress=True`` shows progress: an ipywidgets bar inside Jupyter (if ipywidgets is
installed), else tqdm (if installed), else one text line updated at every tenth of
the run, without timings, so that stored notebook outputs stay the same run to run.
Neither ipywidgets, tqdm nor joblib is imported unless needed.
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union

from drezlab.core.game import Game
from drezlab.sim.progress import Progress
from drezlab.sim.results import GameResult, Results, Standing, wilson

GameFactory = Union[str, tuple[str, Mapping[str, Any]], Callable[[int], Game]]
PlayerSpec = Union[str, tuple[str, Mapping[str, Any]], Any]
_MAX_ACTIONS = 100_000
#: the reason recorded for a game stopped at ``max_plies``
ADJUDICATED = "adjudicated"

__all__ = ["ADJUDICATED", "GameResult", "Results", "Standing", "play_game", "player_seed", "tournament", "wilson"]


def player_seed(game_seed: int, place: int) -> int:
    """The seed of the player at ``place`` in ``players`` for the game seeded ``game_seed``."""
    return (game_seed * 1_000_003 + 7_919 * (place + 1)) % 2**63


# ----------------------------------------------------------------------- games
@dataclass(frozen=True)
class _NamedGame:
    """A game made by its class and options (what a registry name becomes: the class
    travels to the workers, so games registered only in this process work there too)."""

    cls: type
    options: Mapping[str, Any]

    def __call__(self, seed: int) -> Game:
        return self.cls(seed=seed, **dict(self.options))


def _game_factory(make_game: GameFactory) -> Callable[[int], Game]:
    """``make_game`` as a callable ``seed -> Game`` (names are looked up in the registry)."""
    from drezlab.core.registry import spec_of
    if isinstance(make_game, str):
        return _NamedGame(spec_of(make_game).cls(), {})
    if isinstance(make_game, tuple) and len(make_game) == 2 and isinstance(make_game[0], str):
        options = make_game[1]
        if not isinstance(options, Mapping):
            raise ValueError(f"the options of {make_game[0]!r} must be a mapping, not {options!r}")
        return _NamedGame(spec_of(make_game[0]).cls(), dict(options))
    if callable(make_game):
        return make_game
    raise ValueError("make_game must be a game name, (name, options) or a function seed -> game, "
                     f"not {make_game!r}")


def _make_game(factory: Callable[[int], Game], seed: int) -> Game:
    game = factory(seed)
    if not isinstance(game, Game):
        raise ValueError(f"make_game gave {type(game).__name__}, not a drezlab game")
    return game


# --------------------------------------------------------------------- players
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


def _make_player(spec: PlayerSpec, seed: int, game: Game) -> Any:
    """A fresh player for one game of ``game``'s kind (see the module docstring)."""
    from drezlab.players import make
    if isinstance(spec, str):
        return make(spec, seed=seed, game=game)
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str):
        name, options = spec
        return make(name, seed=seed, game=game, **dict(options))
    if not callable(getattr(spec, "choose", None)):
        raise ValueError(f"{spec!r} is not a player: give a bot name, (name, options) or an object with choose(game)")
    player = copy.deepcopy(spec)
    rng = getattr(player, "rng", None)
    if isinstance(rng, random.Random):
        rng.seed(seed)
    return player


# --------------------------------------------------------------------- playing
def _adjudicated_scores(game: Game) -> tuple[float, ...]:
    """``game.adjudicate()`` checked, or a draw when the game gives no judgement."""
    count = game.players
    scores = game.adjudicate()
    if scores is None:
        return (1.0 / count,) * count if count > 2 else (0.5,) * count
    scores = tuple(scores)
    if len(scores) != count or not all(isinstance(score, (int, float)) and not isinstance(score, bool)
                                       and math.isfinite(score) for score in scores):
        raise ValueError(f"{type(game).__name__}.adjudicate() must give one finite score per seat "
                         f"({count}), not {scores!r}")
    return tuple(float(score) for score in scores)


def play_game(make_game: GameFactory, players: Sequence[PlayerSpec], index: int, seed: int = 0,
              max_plies: int | None = None, labels: Sequence[str] | None = None) -> GameResult:
    """Play game number ``index`` of a tournament (seed ``seed + index``, seats rotated)."""
    game_seed = seed + index
    game = _make_game(_game_factory(make_game), game_seed)
    count = len(players)
    if game.players != count:
        raise ValueError(f"{type(game).__name__} is for {game.players} players, but {count} were given")
    labels = list(labels) if labels is not None else _labels(players)
    made = [_make_player(spec, player_seed(game_seed, place), game) for place, spec in enumerate(players)]
    at_seat = [(seat + index) % count for seat in range(count)]        # seat -> place in ``players``
    start = game.plies
    actions = 0
    adjudicated = False
    while not game.is_over:
        if max_plies is not None and game.plies - start >= max_plies:
            adjudicated = True
            break
        if actions >= _MAX_ACTIONS:
            raise RuntimeError(f"game {index} (seed {game_seed}) did not finish within {_MAX_ACTIONS} actions")
        seat = game.to_move
        assert seat is not None
        game.play(made[at_seat[seat]].choose(game))
        actions += 1
    payoffs: tuple[float, ...] | None = None
    if adjudicated:
        scores, reason = _adjudicated_scores(game), ADJUDICATED
    else:
        outcome = game.outcome
        assert outcome is not None
        scores, reason = tuple(outcome.scores), outcome.reason
        payoffs = None if outcome.payoffs is None else tuple(outcome.payoffs)
    return GameResult(index, game_seed, tuple(labels[at_seat[s]] for s in range(count)), tuple(scores), reason,
                      game.plies - start, actions, adjudicated, payoffs)


# ------------------------------------------------------------------ tournament
def _check_count(value: Any, what: str, allow_none: bool = False, allow_all: bool = False) -> None:
    if value is None and allow_none:
        return
    if allow_all and value == -1 and not isinstance(value, bool):
        return
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        extra = " or -1 (all processors)" if allow_all else ""
        extra += " or None" if allow_none else ""
        raise ValueError(f"{what} must be a whole number >= 1{extra}, not {value!r}")


def _parallel(factory: Callable[[int], Game], players: Sequence[PlayerSpec], games: int, seed: int,
              max_plies: int | None, labels: Sequence[str], workers: int | None, backend: str | None,
              bar: Progress) -> list[GameResult]:
    """Play every game through joblib (see the module docstring); results in any order."""
    import joblib

    name = backend or "loky"
    try:
        config = joblib.parallel_config(backend=name, n_jobs=workers if workers is not None else -1)
    except ValueError as error:
        if name == "ray":
            raise ValueError("the 'ray' backend must be registered first: from ray.util.joblib import "
                             "register_ray; register_ray()") from error
        raise ValueError(f"joblib cannot use the backend {name!r}: {error}") from error
    results: list[GameResult] = []
    with config:
        try:
            runner = joblib.Parallel(return_as="generator_unordered")
        except ValueError:          # a backend that cannot stream results: all at the end
            runner = joblib.Parallel()
        tasks = (joblib.delayed(play_game)(factory, players, index, seed, max_plies, labels)
                 for index in range(games))
        for result in runner(tasks):
            results.append(result)
            bar.update(1)
    return results


def tournament(make_game: GameFactory, players: Sequence[PlayerSpec], games: int, seed: int = 0,
               progress: bool = False, workers: int | None = None, *, backend: str | None = None,
               max_plies: int | None = None, label: str = "games") -> Results:
    """Play ``games`` seeded games between ``players`` and return their :class:`Results`.

    See the module docstring for seeds, seat rotation, ``max_plies`` adjudication,
    ``workers``, ``backend`` (``"loky"``, ``"dask"``, ``"ray"`` or another joblib
    backend) and ``progress``. ``label`` names the progress display."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, not {games!r}")
    _check_count(workers, "workers", allow_none=True, allow_all=True)
    _check_count(max_plies, "max_plies", allow_none=True)
    if backend is not None and not isinstance(backend, str):
        raise ValueError(f"backend must be a joblib backend name such as 'loky', 'dask' or 'ray', not {backend!r}")
    players = list(players)
    if len(players) < 1:
        raise ValueError("give at least one player")
    factory = _game_factory(make_game)
    labels = _labels(players)
    start = time.perf_counter()
    bar = Progress(games, label, progress)
    results: list[GameResult] = []
    try:
        if backend is None and (workers in (None, 1) or games <= 1):
            for index in range(games):
                results.append(play_game(factory, players, index, seed, max_plies, labels))
                bar.update(1)
        else:
            # the first game's set-up here: a wrong name or seat count fails before any worker starts
            game = _make_game(factory, seed)
            if game.players != len(players):
                raise ValueError(f"{type(game).__name__} is for {game.players} players, "
                                 f"but {len(players)} were given")
            for place, spec in enumerate(players):
                _make_player(spec, player_seed(seed, place), game)
            results = _parallel(factory, players, games, seed, max_plies, labels, workers, backend, bar)
    finally:
        bar.close()
    return Results(labels, results, time.perf_counter() - start)
