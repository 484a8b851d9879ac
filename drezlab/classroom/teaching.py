"""The teaching board: one position for the whole class, a move from every pupil.

The teacher sets a position of any game -- its start, a teacher position (for the games
whose constructor takes ``position=``), or a lesson's practice exercise
(``"03/king-escape"``) -- for one class. Every pupil of the class sees it on their own
screen as the seat to move sees it (the class plays that seat) and clicks a move; they
may change it until the teacher reveals the answer. The teacher's page shows, live, a
bar per move with its count and, on demand, who chose it. Then the teacher reveals the
move of the game's strongest level (:attr:`drezlab.core.spec.GameSpec.strongest`, which
thinks in a worker thread on a copy of the game, as the class server's bots do) and
plays on: that move or any other legal one. For an exercise the exercise's defender
answers for the other seats, so the class always has the exercise's side to play.

One teaching board per class at a time, kept in memory: the answers are a moment of the
lesson, not a record (a restart of the server ends the board; the teacher sets it again
in one click). What a pupil is sent is the seat-to-move's own view, never the deal's
seed or another seat's view; the counts reach pupils only after the reveal and never
with names.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import random
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable

from drezlab.classroom.room import ClassroomError, Room, Seat, _describe, board, game_spec, parse_move
from drezlab.core.errors import IllegalAction
from drezlab.core.face import game_title
from drezlab.core.game import Game
from drezlab.core.i18n import LANGUAGES, add_translations, in_language, t
from drezlab.players import make

__all__ = ["Teaching", "TeachingBoard", "exercise_by_id", "exercises_of"]

add_translations({
    "What would you play? Click your move: you can change it until your teacher shows the answer":
        "¿Qué jugarías? Haz clic en tu jugada: puedes cambiarla hasta que tu profesor muestre la respuesta",
    "Your answer: {move}. You can change it until your teacher shows the answer":
        "Tu respuesta: {move}. Puedes cambiarla hasta que tu profesor muestre la respuesta",
    "The strongest bot plays: {move}": "El bot más fuerte juega: {move}",
    "The bot is thinking…": "El bot está pensando…",
    "The game is over: {result}": "La partida ha terminado: {result}",
    "{count} of {pupils} pupils have answered": "Han respondido {count} de {pupils} alumnos",
    "There is no teaching board for your class": "No hay pizarra de la clase para tu clase",
    "The teaching board has moved on: look again and choose": "La pizarra de la clase ha cambiado: mírala otra vez y elige",
    "Answers are closed: your teacher has shown the answer": "Ya no se puede responder: tu profesor ha mostrado la respuesta",
    "The game on the teaching board is over": "La partida de la pizarra de la clase ha terminado",
    "{game} takes no teacher position: choose its start or a lesson's exercise":
        "{game} no admite posiciones del profesor: elige su inicio o un ejercicio de una lección",
    "There is no exercise {exercise}: name it as lesson/exercise, such as 03/king-escape":
        "No hay ningún ejercicio {exercise}: nómbralo como lección/ejercicio, por ejemplo 03/king-escape",
    "That position cannot be set up: {error}": "Esa posición no se puede preparar: {error}",
    "That position is already over": "Esa posición ya ha terminado",
    "Teaching board": "Pizarra de la clase",
    "The bot is still thinking: wait a moment": "El bot todavía está pensando: espera un momento",
})


def exercises_of(game_name: str) -> list[dict[str, str]]:
    """The lessons' practice exercises of a game: ``[{"id": "03/king-escape", "title"}]``
    (titles in the current language)."""
    return [{"id": f"{lesson}/{exercise.id}", "title": exercise.title_text()}
            for lesson, exercise in _exercises_by_game().get(game_name, [])]


@functools.lru_cache(maxsize=1)
def _exercises_by_game() -> dict[str, list[tuple[str, Any]]]:
    """Every lesson's exercises by their game's name (each exercise's game is made once)."""
    from drezlab.practice.sets import LESSONS, practice_set
    found: dict[str, list[tuple[str, Any]]] = {}
    for lesson in LESSONS:
        for exercise in practice_set(lesson).exercises:
            found.setdefault(exercise.spec().name, []).append((lesson, exercise))
    return found


def exercise_by_id(name: Any) -> Any:
    """The practice exercise ``"LESSON/ID"`` (``"03/king-escape"``), or a refusal in words."""
    from drezlab.practice.sets import practice_set
    lesson, _, exercise = name.partition("/") if isinstance(name, str) else ("", "", "")
    try:
        return practice_set(lesson)[exercise]
    except (KeyError, ValueError):
        raise ClassroomError("bad-exercise", "There is no exercise {exercise}: name it as lesson/exercise, such as "
                             "03/king-escape", exercise=repr(name)) from None


def takes_position(game_name: str) -> bool:
    """Whether the game's constructor takes a teacher position (``position=``)."""
    return "position" in inspect.signature(game_spec(game_name).cls()).parameters


@dataclass
class TeachingBoard:
    """The teaching board of one class: the game, the answers at this version, the reveal."""

    number: int
    class_id: int
    game: Game
    titles: dict[str, str]
    #: the exercise's side (the class plays it; the defender the others), or ``None``: the
    #: class plays whichever seat is to move
    pupil_seat: int | None = None
    defender: Any = None
    seats: list[Seat] = field(default_factory=list)
    lines: list[dict[str, str]] = field(default_factory=list)
    movers: list[int | None] = field(default_factory=list)
    #: pupil id -> the action text they chose at this version
    answers: dict[int, str] = field(default_factory=dict)
    revealed: dict[str, str] | None = None
    thinking: bool = False
    damaged: str = ""
    #: the board as each language shows it (clickable or not), until the position or its state changes
    shown: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def id(self) -> str:
        """What :func:`~drezlab.classroom.room.board` puts in a board's ``table``."""
        return "teaching"

    @property
    def version(self) -> int:
        return len(self.game.history)

    @property
    def open(self) -> bool:
        """Answers are taken: the game goes on, the answer is not shown, no bot is thinking."""
        return not self.game.is_over and self.revealed is None and not self.thinking

    def counts(self, names: dict[int, str]) -> list[dict[str, Any]]:
        """A line per chosen move, most chosen first: text, words, count, names."""
        chosen: dict[str, list[str]] = {}
        for pupil, text in self.answers.items():
            chosen.setdefault(text, []).append(names.get(pupil, "?"))
        return [{"text": text, "words": self.game.describe(text), "count": len(who), "names": sorted(who)}
                for text, who in sorted(chosen.items(), key=lambda item: (-len(item[1]), item[0]))]


class Teaching:
    """The teaching boards of a server's classes (see the module doc)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.boards: dict[int, TeachingBoard] = {}
        #: called with the class id after every change (the server pushes the new boards),
        #: and a pupil's id when only that pupil's answer changed (then only they and the
        #: teacher need the news)
        self.listeners: list[Callable[[int, int | None], None]] = []
        self._numbers = 0

    # ------------------------------------------------------------------ set up
    async def start(self, game: Any = None, options: dict[str, Any] | None = None, position: Any = None,
              exercise: Any = None, seed: Any = None, class_id: Any = None) -> TeachingBoard:
        """Show a position to ``class_id`` (default: the newest class): a lesson's
        ``exercise`` ("03/king-escape"), or ``game`` at its start or at a teacher
        ``position`` text; replaces the class's teaching board if it had one."""
        class_id = self.room.class_id(class_id)
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
            raise ClassroomError("bad-seed", "The seed must be a whole number from 0 to 2**63 - 1")
        pupil_seat, defender = None, None
        if exercise is not None:
            found = exercise_by_id(exercise)
            made = found.start()
            pupil_seat = found.pupil_seat(made)
            defender = make(found.defender_name(made), seed=secrets.randbelow(2**31), game=made)
            titles = {}
            for language in LANGUAGES:
                with in_language(language):
                    titles[language] = found.title_text()
        else:
            made = self._game(game, options, position, seed)
            titles = {}
            for language in LANGUAGES:
                with in_language(language):
                    titles[language] = game_title(made)
        if made.is_over:
            raise ClassroomError("bad-position", "That position is already over")
        self._numbers += 1
        teaching = TeachingBoard(self._numbers, class_id, made, titles, pupil_seat, defender,
                                 seats=[Seat() for _ in range(made.players)])
        self.boards[class_id] = teaching
        self._changed(teaching)
        await self._defend(teaching)
        return teaching

    @staticmethod
    def _game(game: Any, options: dict[str, Any] | None, position: Any, seed: Any) -> Game:
        spec = game_spec(game)
        try:
            options = spec.validate_options(dict(options or {}))
        except (TypeError, ValueError) as error:
            raise ClassroomError("bad-options", "{error}", error=str(error)) from None
        if seed is None:
            seed = random.SystemRandom().randrange(2**62)
        extra: dict[str, Any] = {}
        if position not in (None, ""):
            if not isinstance(position, str) or len(position) > 2000:
                raise ClassroomError("bad-position", "That position cannot be set up: {error}",
                                     error="a position is a short text")
            if not takes_position(spec.name):
                raise ClassroomError("no-positions", "{game} takes no teacher position: choose its start or a "
                                     "lesson's exercise", game=spec.title)
            if any(option.name == "position" for option in spec.options):
                try:
                    options = spec.validate_options({**options, "position": position})
                except (TypeError, ValueError) as error:
                    raise ClassroomError("bad-position", "That position cannot be set up: {error}",
                                         error=str(error)) from None
            else:
                extra["position"] = position
        try:
            made: Game = spec.cls()(seed=seed, **options, **extra)
        except (TypeError, ValueError, IllegalAction) as error:
            raise ClassroomError("bad-position", "That position cannot be set up: {error}", error=str(error)) from None
        return made

    def of_class(self, class_id: Any = None) -> TeachingBoard | None:
        return self.boards.get(self.room.class_id(class_id))

    def _current(self, class_id: Any) -> TeachingBoard:
        teaching = self.of_class(class_id)
        if teaching is None:
            raise ClassroomError("no-teaching", "There is no teaching board for your class")
        return teaching

    def close(self, class_id: Any = None) -> None:
        class_id = self.room.class_id(class_id)
        if self.boards.pop(class_id, None) is not None:
            for listener in list(self.listeners):
                listener(class_id, None)

    # ----------------------------------------------------------------- answers
    def suggest(self, pupil_id: int, number: Any, version: Any, text: Any) -> TeachingBoard:
        """A pupil's answer (replacing their earlier one) at the class's teaching board."""
        pupil = self.room.pupils.get(pupil_id)
        teaching = self.boards.get(pupil.class_id) if pupil is not None else None
        if teaching is None or number != teaching.number:
            raise ClassroomError("no-teaching", "There is no teaching board for your class")
        if teaching.game.is_over:
            raise ClassroomError("over", "The game on the teaching board is over")
        if not teaching.open:
            raise ClassroomError("closed", "Answers are closed: your teacher has shown the answer")
        if type(version) is not int or version != teaching.version:
            raise ClassroomError("stale", "The teaching board has moved on: look again and choose")
        action = parse_move(teaching.game, text)
        teaching.answers[pupil_id] = action.text
        for listener in list(self.listeners):
            listener(teaching.class_id, pupil_id)
        return teaching

    # ------------------------------------------------------ reveal and play on
    async def reveal(self, class_id: Any = None) -> TeachingBoard:
        """The strongest level's move at the teaching board (answers close)."""
        teaching = self._current(class_id)
        if teaching.game.is_over:
            raise ClassroomError("over", "The game on the teaching board is over")
        if teaching.thinking:
            raise ClassroomError("thinking", "The bot is still thinking: wait a moment")
        if teaching.revealed is None:
            game = teaching.game
            version = teaching.version
            bot = make(game_spec(game.name).strongest, seed=secrets.randbelow(2**31), game=game)
            action = await self._think(teaching, bot)
            if teaching.version == version and self.boards.get(teaching.class_id) is teaching:
                lines = _describe(game, action)
                teaching.revealed = {"text": action.text, **{f"words_{language}": line
                                                             for language, line in lines.items()},
                                     "level": game_spec(game.name).strongest}
            self._changed(teaching)
        return teaching

    async def play(self, class_id: Any, version: Any, text: Any) -> TeachingBoard:
        """The teacher plays on with ``text`` (the revealed move or any legal one); an
        exercise's defender then answers until it is the class's side again."""
        teaching = self._current(class_id)
        if teaching.game.is_over:
            raise ClassroomError("over", "The game on the teaching board is over")
        if teaching.thinking:
            raise ClassroomError("thinking", "The bot is still thinking: wait a moment")
        if type(version) is not int or version != teaching.version:
            raise ClassroomError("stale", "The teaching board has moved on: look again and choose")
        action = parse_move(teaching.game, text)
        self._play(teaching, action)
        self._changed(teaching)
        await self._defend(teaching)
        return teaching

    async def _defend(self, teaching: TeachingBoard) -> None:
        """An exercise's defender plays until it is the class's side to move again."""
        while (teaching.pupil_seat is not None and not teaching.game.is_over
               and teaching.game.to_move != teaching.pupil_seat):
            version = teaching.version
            reply = await self._think(teaching, teaching.defender)
            if teaching.version != version or self.boards.get(teaching.class_id) is not teaching:
                return
            self._play(teaching, teaching.game.parse(reply.text))
            self._changed(teaching)

    def _play(self, teaching: TeachingBoard, action: Any) -> None:
        game = teaching.game
        mover = game.to_move
        teaching.lines.append(_describe(game, action))
        game.play(action)
        teaching.movers.append(mover)
        teaching.answers.clear()
        teaching.revealed = None

    async def _think(self, teaching: TeachingBoard, bot: Any) -> Any:
        """A bot's move for the board's position, found in a worker thread on a copy."""
        teaching.thinking = True
        self._changed(teaching)
        try:
            return await asyncio.get_running_loop().run_in_executor(None, bot.choose, teaching.game.copy())
        finally:
            teaching.thinking = False

    def _changed(self, teaching: TeachingBoard) -> None:
        teaching.shown.clear()
        for listener in list(self.listeners):
            listener(teaching.class_id, None)

    # ----------------------------------------------------------------- showing
    def message(self, class_id: int, language: str, pupil_id: int | None = None,
                teacher: bool = False) -> dict[str, Any]:
        """The ``teaching`` message for a pupil of ``class_id`` (their own answer) or the
        teacher (the counts with names); ``{"teaching": None}`` when the class has none."""
        teaching = self.boards.get(class_id)
        if teaching is None:
            return {"type": "teaching", "teaching": None}
        game = teaching.game
        with in_language(language):
            # pupils click only while answers are open; the teacher may play on with any
            # legal move until the game ends (after the reveal as well)
            clickable = teaching.open or (teacher and not teaching.thinking and not game.is_over)
            key = f"{language}:{clickable}"
            if key not in teaching.shown:
                seat = game.to_move if not game.is_over else teaching.pupil_seat
                drawn = board(teaching, seat, language)
                teaching.shown[key] = drawn if clickable else {**drawn, "actions": [], "reasons": {}}
            shown = teaching.shown[key]
            names = {pupil.id: pupil.name for pupil in self.room.pupils.values() if pupil.class_id == class_id}
            counts = teaching.counts(names)
            answer = teaching.answers.get(pupil_id) if pupil_id is not None else None
            answer_words = game.describe(answer) if answer else ""
            revealed = None
            if teaching.revealed is not None:
                revealed = {"text": teaching.revealed["text"], "level": teaching.revealed["level"],
                            "words": teaching.revealed[f"words_{language}"]}
            if game.is_over:
                message = t("The game is over: {result}").format(result=shown["result"])
            elif teaching.thinking:
                message = t("The bot is thinking…")
            elif revealed is not None:
                message = t("The strongest bot plays: {move}").format(move=revealed["words"])
            elif teacher:
                message = t("{count} of {pupils} pupils have answered").format(
                    count=len(teaching.answers), pupils=len(names))
            elif answer:
                message = t("Your answer: {move}. You can change it until your teacher shows the answer").format(
                    move=answer_words)
            else:
                message = t("What would you play? Click your move: you can change it until your teacher shows "
                            "the answer")
            return {"type": "teaching", "teaching": {
                "id": teaching.number, "class": class_id, "title": teaching.titles[language],
                "heading": t("Teaching board"), "version": teaching.version, "board": shown,
                "open": teaching.open, "answer": answer, "answer_words": answer_words, "revealed": revealed,
                "counts": counts if teacher else ([{key: line[key] for key in ("text", "words", "count")}
                                                   for line in counts] if revealed is not None else []),
                "answered": len(teaching.answers), "pupils": len(names), "message": message,
                "thinking": teaching.thinking}}
