"""Stockfish bots: a real chess engine behind the games played on a chess board.

The engine is Stockfish from Debian (``sudo apt-get install stockfish``; binary
``/usr/games/stockfish``, or the path in ``$DREZLAB_STOCKFISH``), driven through
python-chess's engine API. Each bot owns one engine process, started at its first
decision and closed by :meth:`EngineBot.close`, by ``with bot: ...``, or at the
latest when the bot is garbage-collected or Python exits (a ``weakref.finalize``),
so simulations and tests leave no engine running.

What the engine is asked. A game's bot (``drezlab/games/pokerdrez/bots.py``,
``drezlab/games/edami/bots.py``) gives :meth:`EngineBot.search` the chess board
and the moves the game allows now (python-chess ``root_moves``: in PokerDrez the
moves the seat's cards permit, in EDAMI the normal moves or a card's sub-moves);
the engine searches only those, and the game's bot turns the chosen move back
into the game's action (the card that backs it, for instance). Decisions that
are not chess moves follow simple rules that each game's bot documents.

Strength: :data:`LEVELS`, each a Stockfish ``Skill Level`` (0-20) and a small node
limit. Stockfish weakens itself with Skill Level by searching several lines
(MultiPV 4), stopping at depth ``skill + 1`` and then picking a worse line at
random (``Skill::pick_best`` in its ``search.cpp``), but its random generator is
seeded from the clock, so its games could not be repeated. By default
(``repeatable=True``) the bot therefore asks the engine for those same lines at
full skill and applies Stockfish's own pick rule with the bot's seeded generator:
the same seed and the same position give the same move, and a tournament can be
replayed exactly. ``repeatable=False`` sets the engine's own ``Skill Level``
option instead (same strength, not repeatable). Every search starts from an
empty hash table (``ucinewgame``), so a decision depends only on the position,
the moves offered and the bot's generator.

A missing engine raises :class:`EngineMissing` with the install instruction when
the bot is made (the widget and ``drezlab.players.make`` show it to the pupil).
"""

from __future__ import annotations

import atexit
import os
import random
import shutil
import threading
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Self

import chess
import chess.engine

from drezlab.core.i18n import add_translations, t

#: environment variable naming the Stockfish binary (else ``stockfish`` on PATH, then Debian's path)
STOCKFISH_ENV = "DREZLAB_STOCKFISH"
#: where Debian's package puts it (``/usr/games`` is not on every PATH)
DEBIAN_STOCKFISH = "/usr/games/stockfish"
INSTALL_HINT = "sudo apt-get install stockfish"
#: a mate found by the engine, in centipawns (above every material score)
MATE_SCORE = 100_000
#: Stockfish's pawn in UCI centipawns: the cap of the random push in ``Skill::pick_best``
PAWN_CP = 100
#: lines searched when the skill is below 20, as Stockfish does (``multiPV = max(multiPV, 4)``)
SKILL_LINES = 4
#: engine options every bot sets: one thread and a small fixed hash, so that a node limit
#: gives the same search on every machine and no bot takes more than its share of the cores
BASE_OPTIONS: dict[str, int] = {"Threads": 1, "Hash": 16}

add_translations({
    "Stockfish (the chess engine of the {name} bots) is not installed: install it with "
    "'{hint}', or set {env} to its path":
        "Stockfish (el motor de ajedrez de los bots {name}) no está instalado: instálalo con "
        "'{hint}', o indica su ruta en {env}",
    "the Stockfish engine stopped unexpectedly ({error}); the bot {name} cannot play on":
        "el motor Stockfish se detuvo de forma inesperada ({error}); el bot {name} no puede seguir",
})


class EngineMissing(RuntimeError):
    """Stockfish is not installed (or not where ``$DREZLAB_STOCKFISH`` says)."""


class EngineFailed(RuntimeError):
    """The engine process died or answered nonsense in the middle of a game."""


def find_stockfish() -> str | None:
    """The Stockfish binary to run: ``$DREZLAB_STOCKFISH``, else ``stockfish`` on PATH,
    else Debian's ``/usr/games/stockfish``; ``None`` when none is executable."""
    named = os.environ.get(STOCKFISH_ENV)
    candidates = [named] if named else [shutil.which("stockfish"), DEBIAN_STOCKFISH]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def require_stockfish(name: str = "stockfish") -> str:
    """The Stockfish binary, or :class:`EngineMissing` saying how to install it."""
    path = find_stockfish()
    if path is None:
        raise EngineMissing(t("Stockfish (the chess engine of the {name} bots) is not installed: install it with "
                              "'{hint}', or set {env} to its path").format(name=name, hint=INSTALL_HINT,
                                                                          env=STOCKFISH_ENV))
    return path


@dataclass(frozen=True)
class EngineLevel:
    """One rung of the engine ladder: Stockfish's ``Skill Level`` and a node limit per decision."""

    skill: int
    nodes: int

    def __post_init__(self) -> None:
        if not 0 <= self.skill <= 20:
            raise ValueError(f"Stockfish's Skill Level runs from 0 to 20, not {self.skill}")
        if self.nodes < 1:
            raise ValueError(f"the node limit must be at least 1, not {self.nodes}")

    @property
    def lines(self) -> int:
        """Lines searched at once (MultiPV): 4 below full skill, as Stockfish does."""
        return 1 if self.skill >= 20 else SKILL_LINES

    @property
    def depth(self) -> int | None:
        """The depth at which Stockfish picks its (weakened) move: ``skill + 1``; none at full skill."""
        return None if self.skill >= 20 else self.skill + 1

    def limit(self) -> chess.engine.Limit:
        return chess.engine.Limit(nodes=self.nodes, depth=self.depth)


#: the ladder above the material bots, weakest first (the names the games' metadata list)
LEVELS: dict[str, EngineLevel] = {
    "stockfish-low": EngineLevel(skill=0, nodes=2_000),
    "stockfish-mid": EngineLevel(skill=6, nodes=8_000),
    "stockfish-high": EngineLevel(skill=20, nodes=20_000),
}


class Line(NamedTuple):
    """One line of the engine's answer: its first move and its score for the side to move."""

    move: chess.Move
    score: int


def centipawns(score: chess.engine.PovScore, color: chess.Color) -> int:
    """A score for ``color`` in centipawns; a mate in n is ``MATE_SCORE - n`` (or its negative)."""
    return int(score.pov(color).score(mate_score=MATE_SCORE))


def pick_best(lines: Sequence[Line], skill: int, rng: random.Random) -> chess.Move:
    """Stockfish's ``Skill::pick_best`` with a seeded generator: every line gets a push
    that grows as the skill falls and as it is worse than the best, plus a random part
    (at most about a pawn); the line whose score plus push is highest is played."""
    ordered = sorted(lines, key=lambda line: -line.score)
    if skill >= 20 or len(ordered) == 1:
        return ordered[0].move
    top = ordered[0].score
    weakness = 120 - 2 * skill
    delta = min(top - ordered[-1].score, PAWN_CP)
    best, best_value = ordered[0].move, -float("inf")
    for line in ordered:
        push = (weakness * (top - line.score) + delta * rng.randrange(weakness)) // 128
        if line.score + push >= best_value:
            best, best_value = line.move, line.score + push
    return best


def _shut(engine: chess.engine.SimpleEngine) -> None:
    """Ask the engine to quit; kill it if it does not answer."""
    try:
        engine.quit()
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError, RuntimeError):
        engine.close()


#: the engines still running, closed before Python waits for its threads at exit
_RUNNING: weakref.WeakSet[Stockfish] = weakref.WeakSet()


def _close_all() -> None:
    """Close every engine still running. python-chess talks to an engine from a
    non-daemon thread, which Python joins *before* ordinary ``atexit`` functions run:
    an engine left open would make Python wait forever at exit. So this runs from
    ``threading``'s own exit hook, before that join (plain ``atexit`` where it is missing)."""
    for engine in list(_RUNNING):
        engine.close()


_register_before_join = getattr(threading, "_register_atexit", None)
if callable(_register_before_join):
    _register_before_join(_close_all)
else:   # pragma: no cover - every CPython from 3.9 has the hook
    atexit.register(_close_all)


class Stockfish:
    """One Stockfish process with the bot's options; closed by :meth:`close`, when
    garbage-collected (``weakref.finalize``), or at exit (:func:`_close_all`)."""

    def __init__(self, path: str, options: dict[str, int]) -> None:
        self.engine = chess.engine.SimpleEngine.popen_uci(path)
        self._finalizer = weakref.finalize(self, _shut, self.engine)
        self._finalizer.atexit = False
        _RUNNING.add(self)
        try:
            self.engine.configure({**BASE_OPTIONS, **options})
        except BaseException:
            self.close()
            raise

    @property
    def closed(self) -> bool:
        return not self._finalizer.alive

    @property
    def pid(self) -> int:
        """The engine's process id (tests check that it is gone after ``close``)."""
        return int(self.engine.transport.get_pid())

    def lines(self, board: chess.Board, limit: chess.engine.Limit, count: int,
              root_moves: Sequence[chess.Move] | None) -> list[Line]:
        """The engine's best ``count`` lines on ``board`` among ``root_moves`` (all moves
        when ``None``), each scored for the side to move, after clearing the hash."""
        infos = self.engine.analyse(board, limit, multipv=count, game=object(),
                                    root_moves=None if root_moves is None else list(root_moves))
        found = [Line(info["pv"][0], centipawns(info["score"], board.turn))
                 for info in infos if info.get("pv") and "score" in info]
        return found

    def play(self, board: chess.Board, limit: chess.engine.Limit,
             root_moves: Sequence[chess.Move] | None) -> chess.Move | None:
        """The engine's own choice (its own Skill Level option applies)."""
        result = self.engine.play(board, limit, game=object(),
                                  root_moves=None if root_moves is None else list(root_moves))
        return result.move

    def close(self) -> None:
        self._finalizer()


class EngineBot:
    """What every Stockfish bot shares: the level, the seeded generator, the engine
    process (started at the first search) and the search restricted to given moves.

    A game's bot subclasses it and implements ``choose(game)``; ``make("stockfish-mid",
    seed=3, game=game)`` builds one by its level name."""

    #: the level name (a key of :data:`LEVELS`); subclasses fix it
    name: ClassVar[str] = "stockfish-mid"

    def __init__(self, seed: int | None = None, *, repeatable: bool = True, nodes: int | None = None) -> None:
        self.path = require_stockfish(self.name)
        level = LEVELS[self.name]
        self.level = level if nodes is None else EngineLevel(level.skill, nodes)
        self.seed = seed
        self.rng = random.Random(seed)
        self.repeatable = bool(repeatable)
        self._engine: Stockfish | None = None

    # ------------------------------------------------------------ the process
    @property
    def engine(self) -> Stockfish:
        """The bot's engine process, started on first use."""
        if self._engine is None or self._engine.closed:
            options = {} if self.repeatable else {"Skill Level": self.level.skill}
            try:
                self._engine = Stockfish(self.path, options)
            except (OSError, chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
                raise EngineFailed(t("the Stockfish engine stopped unexpectedly ({error}); the bot {name} cannot "
                                     "play on").format(error=error, name=self.name)) from error
        return self._engine

    def close(self) -> None:
        """Stop the engine process (a later decision starts a new one)."""
        if self._engine is not None:
            self._engine.close()
            self._engine = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getstate__(self) -> dict[str, Any]:
        """Copies and pickles (simulations copy players for every game) leave the process behind."""
        state = dict(self.__dict__)
        state["_engine"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    # --------------------------------------------------------------- searching
    def search(self, board: chess.Board, moves: Sequence[chess.Move] | None = None) -> tuple[chess.Move, int]:
        """The move the bot plays on ``board`` among ``moves`` (all legal moves when
        ``None``) and the best line's score for the side to move, in centipawns."""
        moves = None if moves is None else list(dict.fromkeys(moves))
        if moves is not None and not moves:
            raise ValueError("search needs at least one move to choose from")
        count = self.level.lines if moves is None else min(self.level.lines, len(moves))
        lines = self._lines(board, moves, count)
        if not lines:
            raise EngineFailed(t("the Stockfish engine stopped unexpectedly ({error}); the bot {name} cannot "
                                 "play on").format(error="no line found", name=self.name))
        top = max(line.score for line in lines)
        if self.repeatable:
            return pick_best(lines, self.level.skill, self.rng), top
        move = self._call(lambda: self.engine.play(board, self.level.limit(), moves))
        return (move if move is not None else lines[0].move), top

    def evaluate(self, board: chess.Board) -> int:
        """The engine's score of ``board`` for the side to move (centipawns), over every legal move."""
        if board.is_game_over(claim_draw=False):
            outcome = board.outcome()
            if outcome is not None and outcome.winner is not None:
                return MATE_SCORE if outcome.winner == board.turn else -MATE_SCORE
            return 0
        return max(line.score for line in self._lines(board, None, 1))

    def _lines(self, board: chess.Board, moves: Sequence[chess.Move] | None, count: int) -> list[Line]:
        limit = self.level.limit() if self.repeatable else chess.engine.Limit(nodes=self.level.nodes)
        return self._call(lambda: self.engine.lines(board, limit, count, moves))

    def _call(self, work: Any) -> Any:
        try:
            return work()
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
            self.close()
            raise EngineFailed(t("the Stockfish engine stopped unexpectedly ({error}); the bot {name} cannot "
                                 "play on").format(error=error, name=self.name)) from error

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r}, level={self.name!r})"


def engine_ready(board: chess.Board) -> bool:
    """Can Stockfish be given ``board``: a valid chess position (one king each, the side
    not to move not in check, no pawn on the first or last rank)?"""
    return board.is_valid()
