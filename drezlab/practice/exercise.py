"""Exercises and practice sets: a teacher position, a goal and a defender.

An :class:`Exercise` is a position of any drezlab game (a game object, copied at
every start, or a function that builds one), a :class:`~drezlab.practice.goals.Goal`,
and the defending bot: a level of the game's strength ladder (``1`` = the
beginner's level, see :meth:`drezlab.core.spec.GameSpec.level`) or a bot name.
The pupil plays the seat to move at the start unless ``pupil`` names another;
every other seat is the defender. :class:`Attempt` follows one try (the widget
and :func:`solve` both use it), and :func:`solve` plays the top of the ladder
(``spec.strongest``) for the pupil: the tests check that it meets every goal.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.core.i18n import get_language
from drezlab.core.spec import GameSpec, load_object
from drezlab.kits.enginebots import EngineMissing
from drezlab.players import Player, make
from drezlab.practice.goals import OPEN, Goal, Progress, Verdict

#: the practice widget, by name (see :meth:`PracticeSet.widget`)
PRACTICE_WIDGET = "drezlab.practice.widget:PracticeWidget"

#: the most actions :func:`solve` plays before giving up (a goal should be decided long before)
MAX_SOLVE_ACTIONS = 2_000


def spec_of_game(game: Game) -> GameSpec:
    """The game's metadata (every registered game has one)."""
    spec = type(game).spec
    if spec is None:
        raise ValueError(f"{type(game).__name__} is not a registered drezlab game: practice needs its bot levels")
    return spec


@dataclass(frozen=True)
class Exercise:
    """One practice exercise (see the module doc). ``seed`` seeds the defending bots
    (seat ``s`` gets ``seed + s``, as in :func:`drezlab.ui.play`)."""

    id: str
    position: Game | Callable[[], Game]
    goal: Goal
    defender: int | str = 1
    title: str = ""
    title_es: str = ""
    instructions: str = ""
    instructions_es: str = ""
    pupil: int | None = None
    seed: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id.strip() or any(c.isspace() for c in self.id):
            raise ValueError(f"an exercise needs an id without spaces such as 'mate-in-1', not {self.id!r}")
        if not isinstance(self.goal, Goal):
            raise ValueError(f"the goal of {self.id!r} must be a practice goal such as MateIn(1), not {self.goal!r}")
        if not (isinstance(self.position, Game) or callable(self.position)):
            raise ValueError(f"the position of {self.id!r} must be a game or a function that makes one")
        game = self.start()
        if self.pupil is not None and not (isinstance(self.pupil, int) and 0 <= self.pupil < game.players):
            raise ValueError(f"the pupil of {self.id!r} must be a seat from 0 to {game.players - 1}, not {self.pupil!r}")
        if game.is_over:
            raise ValueError(f"the position of {self.id!r} is already over")
        self.defender_name(game)      # an unknown level or bot is refused here

    # --------------------------------------------------------------- the game
    def start(self) -> Game:
        """A new game at the exercise's position."""
        game = self.position.copy() if isinstance(self.position, Game) else self.position()
        if not isinstance(game, Game):
            raise ValueError(f"the position of {self.id!r} must make a drezlab game, not {type(game).__name__}")
        return game

    def spec(self) -> GameSpec:
        return spec_of_game(self.start())

    def pupil_seat(self, game: Game) -> int:
        """The pupil's seat: ``pupil``, else the seat to move at the start."""
        if self.pupil is not None:
            return self.pupil
        seat = game.to_move
        if seat is None:
            raise ValueError(f"the position of {self.id!r} has nobody to move")
        return seat

    def defender_name(self, game: Game | None = None) -> str:
        """The defender's bot name: a ladder level by number, or the name given."""
        spec = spec_of_game(game if game is not None else self.start())
        if isinstance(self.defender, int) and not isinstance(self.defender, bool):
            return spec.level(self.defender)
        if isinstance(self.defender, str) and self.defender in spec.bots:
            return self.defender
        raise ValueError(f"the defender of {self.id!r} must be a level number 1 to {len(spec.levels)} "
                         f"or one of the bots {', '.join(spec.bots)}, not {self.defender!r}")

    def seats(self, game: Game) -> tuple[str, ...]:
        """The widget's seats: ``"human"`` for the pupil, the defender elsewhere."""
        pupil, defender = self.pupil_seat(game), self.defender_name(game)
        return tuple("human" if seat == pupil else defender for seat in range(game.players))

    def title_text(self) -> str:
        """The title in the current language (the id when there is none)."""
        if get_language() == "es" and self.title_es:
            return self.title_es
        return self.title or self.id

    def instructions_text(self) -> str:
        if get_language() == "es" and self.instructions_es:
            return self.instructions_es
        return self.instructions


@dataclass(frozen=True)
class PracticeSet:
    """The exercises of one lesson (``id`` such as ``"lesson-01"``), in order."""

    id: str
    exercises: tuple[Exercise, ...]
    title: str = ""
    title_es: str = ""

    def __post_init__(self) -> None:
        if not self.exercises:
            raise ValueError(f"the practice set {self.id!r} has no exercises")
        ids = [exercise.id for exercise in self.exercises]
        repeated = sorted({name for name in ids if ids.count(name) > 1})
        if repeated:
            raise ValueError(f"the practice set {self.id!r} repeats the exercise ids {repeated}")

    def __getitem__(self, key: int | str) -> Exercise:
        if isinstance(key, int):
            return self.exercises[key]
        for exercise in self.exercises:
            if exercise.id == key:
                return exercise
        raise KeyError(f"the practice set {self.id!r} has no exercise {key!r}; "
                       f"it has {', '.join(e.id for e in self.exercises)}")

    def __len__(self) -> int:
        return len(self.exercises)

    def title_text(self) -> str:
        return self.title_es if get_language() == "es" and self.title_es else (self.title or self.id)

    def widget(self, folder: Any = None, name: str = "", reply_delay: float | None = None,
               classroom: Any = None) -> Any:
        """The practice widget for this set (see :class:`drezlab.practice.widget.PracticeWidget`);
        ``classroom=`` the pupil of a class (``drezlab.classroom.connect(url, code)``) sends
        the attempts to the class database, ``folder`` keeping any the class could not take.

        The widget is named, not imported (as the registry names game classes): the widget
        is built on exercises, so exercises do not depend on it, and ``import
        drezlab.practice`` never loads ipywidgets."""
        widget_class = load_object(PRACTICE_WIDGET)
        return widget_class(self, folder=folder, name=name, reply_delay=reply_delay, classroom=classroom)


@dataclass
class Attempt:
    """One try at an exercise: the game, the pupil's progress and the goal's verdict."""

    exercise: Exercise
    game: Game = field(init=False)
    progress: Progress = field(init=False)
    verdict: Verdict = field(init=False)
    started: float = field(init=False)
    start_actions: int = field(init=False)

    def __post_init__(self) -> None:
        self.restart()

    def restart(self) -> Game:
        """Back to the exercise's position; returns the new game."""
        self.game = self.exercise.start()
        pupil = self.exercise.pupil_seat(self.game)
        self.progress = Progress(pupil, noted=self.exercise.goal.begin(self.game, pupil))
        self.start_actions = len(self.game.history)
        self.started = time.monotonic()
        self.verdict = self.exercise.goal.check(self.game, self.progress)
        return self.game

    def after(self, game: Game, seat: int | None) -> Verdict:
        """Judge ``game`` after an action of ``seat`` (``game`` may be the widget's own object)."""
        self.game = game
        if self.verdict.state == OPEN:
            self.progress.after(game, seat)
            self.verdict = self.exercise.goal.check(game, self.progress)
        return self.verdict

    def moves(self) -> list[str]:
        """The actions played since the start, in the game's notation."""
        return [str(action) for action in self.game.history[self.start_actions:]]

    def seconds(self) -> float:
        return round(time.monotonic() - self.started, 1)


def hint(game: Game, seed: int = 0) -> Action:
    """The move the top of the game's ladder (``spec.strongest``) would play now, chosen
    on a copy from the mover's side (a bot decides from what its seat may know).

    Where the top levels need Stockfish and it is not installed (a teacher's laptop set up
    with ``make lab`` only), the strongest level that can play gives the hint instead of an
    error in the middle of a lesson."""
    for level in reversed(spec_of_game(game).levels):
        try:
            bot = make(level, seed=seed, game=game)
        except EngineMissing:
            continue
        return bot.choose(game.copy())
    raise RuntimeError(f"no bot of {type(game).__name__} can give a hint")


def solve(exercise: Exercise, pupil: str | Player | None = None, seed: int = 0,
          max_actions: int = MAX_SOLVE_ACTIONS) -> Attempt:
    """Play ``exercise`` with ``pupil`` (default: the strongest level) in the pupil's
    seat against the defender, seeded as the widget seeds it, until the goal is decided."""
    attempt = Attempt(exercise)
    game = attempt.game
    players: dict[int, Player] = {}
    seats = exercise.seats(game)
    for seat, name in enumerate(seats):
        if name == "human":
            chosen = pupil if pupil is not None else spec_of_game(game).strongest
            players[seat] = make(chosen, seed=seed, game=game) if isinstance(chosen, str) else make(chosen)
        else:
            players[seat] = make(name, seed=exercise.seed + seat, game=game)
    for _ in range(max_actions):
        if attempt.verdict.state != OPEN:
            return attempt
        mover = game.to_move
        if mover is None:
            break
        game.play(players[mover].choose(game))
        attempt.after(game, mover)
    if attempt.verdict.state == OPEN:
        raise RuntimeError(f"the goal of {exercise.id!r} was still open after {max_actions} actions")
    return attempt
