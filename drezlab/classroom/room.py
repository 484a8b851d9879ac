"""The room: every shared table of the class server, held in one process, one writer.

A :class:`Room` owns the live games. Everything that changes them runs on the
server's one event-loop thread; a bot thinks in a worker thread on ``game.copy()`` and
its move is applied back on the loop only if the table has not moved meanwhile.

A move's life (:meth:`Room.act`): the pupil's seat is looked up from the login (never
taken from the message), the version the click was made on must be the table's
version now (so a doubled click or a retry after a dropped connection plays at most
once), the game parses and checks the text, the action and the chance outcomes it drew
are written to the database in one transaction, and only then are the new views
pushed. If the write fails, the move is taken back and the pupil told: nothing is
half done.

At start-up every table is rebuilt by replaying its log on a game made from its setup
(game, options, deal seed); each action's chance outcomes must come out as written, or
the table is set aside as damaged with a message (the server itself starts anyway).

What a seat is sent is :func:`board` of its own seat: its observation, its picture,
its own legal actions, its click reasons, the public move log and status words
(``None``: the spectator's view for watchers). Never a record, the seed, a chance
state or another seat's view.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

from drezlab.classroom.store import ActionRow, PupilRow, Store, TableRow, TableSetup
from drezlab.core.action import Action
from drezlab.core.errors import IllegalAction
from drezlab.core.face import (
    front_end_texts,
    game_title,
    last_marks,
    outcome_text,
    svg_ids,
)
from drezlab.core.game import MAX_ACTION_TEXT, Game
from drezlab.core.i18n import LANGUAGES, add_translations, in_language, t, turn_text
from drezlab.core.registry import spec_of
from drezlab.players import RESIGN, make

__all__ = ["ClassroomError", "Room", "Table", "board"]

#: most pupils in one class, most names in one request, longest name
MAX_PUPILS = 200
MAX_NAME = 60
#: actions that end the game for the one who plays them: the board asks first
CONFIRM = {RESIGN: "Really resign? The game ends and the other side wins."}

add_translations({
    "That code is not right: check it with your teacher": "Ese código no es correcto: compruébalo con tu profesor",
    "Too many wrong codes: wait {seconds} seconds and try again":
        "Demasiados códigos equivocados: espera {seconds} segundos y vuelve a probar",
    "There is no table {table} for you": "No hay ninguna mesa {table} para ti",
    "It is not your turn at this table": "No es tu turno en esta mesa",
    "The game at this table is over": "La partida de esta mesa ha terminado",
    "The board changed before your move arrived: look again and play on":
        "El tablero cambió antes de que llegara tu jugada: míralo otra vez y sigue",
    "This table is damaged and cannot be played: {why}": "Esta mesa está dañada y no se puede jugar: {why}",
    "Your move could not be saved, so it was not played: try again":
        "Tu jugada no se pudo guardar, así que no se jugó: vuelve a probar",
    "There is no pupil {pupil}": "No hay ningún alumno {pupil}",
    "The game is over": "La partida ha terminado",
    "Wait for your turn": "Espera tu turno",
    "The game must be named by text, such as 'pokerdrez'": "El juego se nombra con texto, como 'pokerdrez'",
    "The seed must be a whole number from 0 to 2**63 - 1": "La semilla debe ser un número entero de 0 a 2**63 - 1",
    "The seats must be a list: one pupil's name or bot level per seat":
        "Los asientos son una lista: el nombre de un alumno o un nivel de bot por asiento",
    "A pupil can sit only once at a table": "Un alumno solo puede sentarse una vez en cada mesa",
    "{game} with these options has {players} seats, not {count}":
        "{game} con estas opciones tiene {players} asientos, no {count}",
    "Each seat is a pupil's name or a bot level such as 'level-1'":
        "Cada asiento es el nombre de un alumno o un nivel de bot como 'level-1'",
    "The teacher can sit only once at a table": "El profesor solo puede sentarse una vez en cada mesa",
    "The teacher's seat is 0 (first) or 1 (second)": "El asiento del profesor es 0 (primero) o 1 (segundo)",
    "Teacher": "Profesor",
    "The teacher does not play at table {table}": "El profesor no juega en la mesa {table}",
    "There is no table {table}": "No hay ninguna mesa {table}",
    "{name!r} is neither a pupil of this class nor a bot level of this game":
        "{name!r} no es un alumno de esta clase ni un nivel de bot de este juego",
    "A move is a short text such as the ones the board sends": "Una jugada es un texto corto como los que envía el tablero",
    "The {what} must be text": "El {what} debe ser un texto",
    "The {what} {text!r} is longer than {limit} letters": "El {what} {text!r} tiene más de {limit} letras",
    "Give the pupils' names, one per line": "Escribe los nombres de los alumnos, uno por línea",
    "A class has at most {limit} pupils": "Una clase tiene como mucho {limit} alumnos",
    "A pupil's name cannot be empty": "El nombre de un alumno no puede estar vacío",
    "Each name must be different: {names} appears twice": "Cada nombre debe ser distinto: {names} está repetido",
})


class ClassroomError(ValueError):
    """A request the class server refuses, with a ``code`` for programs and a message in
    plain words (English; :meth:`words` gives it in another language)."""

    def __init__(self, code: str, message: str, **values: Any) -> None:
        self.code = code
        self.template = message
        self.values = values
        super().__init__(message.format(**values))

    def words(self, language: str) -> str:
        with in_language(language):
            return t(self.template).format(**self.values)


@dataclass
class Seat:
    """One seat of a table: a pupil (by id), a bot (by its level or name), or the teacher
    (a simultaneous display: the teacher plays from the class page)."""

    pupil: int | None = None
    bot: str | None = None
    name: str = ""
    teacher: bool = False

    def to_dict(self) -> dict[str, Any]:
        if self.teacher:
            return {"teacher": True}
        return {"pupil": self.pupil} if self.pupil is not None else {"bot": self.bot}

    def label(self) -> str:
        """Who sits here, in the current language ("Teacher" for the teacher's seat)."""
        return t("Teacher") if self.teacher else self.name


#: a seat entry that seats the teacher (``POST /api/tables``: ``{"teacher": true}``)
TEACHER_SEAT = {"teacher": True}


@dataclass
class Table:
    """A live table: its stored setup, the game, and the log as each language says it."""

    row: TableRow
    game: Game
    seats: list[Seat]
    #: one line per action, in every language (``describe`` is public by contract)
    lines: list[dict[str, str]] = field(default_factory=list)
    movers: list[int | None] = field(default_factory=list)
    bots: dict[int, Any] = field(default_factory=dict)
    #: why the table cannot be played ("" when it is sound)
    damaged: str = ""
    #: a bot is choosing a move for this table
    thinking: bool = False
    _boards: dict[tuple[int | None, str], dict[str, Any]] = field(default_factory=dict)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def version(self) -> int:
        """The number of actions played: a move names the version it was made on."""
        return len(self.game.history)

    def seat_of(self, pupil_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.pupil == pupil_id:
                return index
        return None

    @property
    def teacher_seat(self) -> int | None:
        """The seat the teacher plays (a simultaneous display), or ``None``."""
        return next((index for index, seat in enumerate(self.seats) if seat.teacher), None)

    def changed(self) -> None:
        self._boards.clear()

    def board(self, seat: int | None, language: str) -> dict[str, Any]:
        """What ``seat`` is sent (cached until the table changes)."""
        key = (seat, language)
        if key not in self._boards:
            with in_language(language):
                self._boards[key] = board(self, seat, language)
        return self._boards[key]

    def summary(self, language: str) -> dict[str, Any]:
        """The public line of a table in a list: id, game, seats' names, whose turn, result."""
        game = self.game
        with in_language(language):
            return {"id": self.id, "game": game.name, "title": game_title(game),
                    "seats": [seat.label() for seat in self.seats], "teacher_seat": self.teacher_seat,
                    "seat_names": [game.seat_name(index) for index in range(game.players)],
                    "to_move": None if game.is_over else game.to_move, "plies": self.version,
                    "over": game.is_over, "result": outcome_text(game), "damaged": self.damaged}


@dataclass
class PreparedTable:
    """A checked table not yet stored (:meth:`Room.prepare_table`)."""

    class_id: int | None
    setup: TableSetup
    game: Game
    seats: list[Seat]


def _seat_title(table: Shown, seat: int) -> str:
    """'White (Ana)': the game's name of the seat and who sits there (just 'White' when
    nobody in particular does: the class at a teaching board)."""
    who = table.seats[seat].label()
    return f"{table.game.seat_name(seat)} ({who})" if who else table.game.seat_name(seat)


class Shown(Protocol):
    """What :func:`board` draws: a class table, or the teaching board."""

    @property
    def id(self) -> Any: ...
    @property
    def version(self) -> int: ...
    game: Game
    seats: list[Seat]
    lines: list[dict[str, str]]
    movers: list[int | None]
    damaged: str
    thinking: bool


def board(table: Shown, seat: int | None, language: str) -> dict[str, Any]:
    """The message that shows ``table`` to ``seat`` (``None``: a watcher), in the current
    language. Drawn from ``game.view(seat)`` and that seat's own legal actions only."""
    game = table.game
    view = game.view(seat)
    picture = view.svg()
    present = svg_ids(picture)
    mine = seat is not None and not game.is_over and game.to_move == seat and not table.damaged
    actions: list[Action] = game.legal_actions() if mine else []
    usable = {target for action in actions for target in action.targets}
    reasons = ({key: text for key, text in game.click_reasons(seat).items() if key in present and key not in usable}
               if mine and seat is not None else {})
    if table.damaged:
        status = t("This table is damaged and cannot be played: {why}").format(why=table.damaged)
    elif game.is_over:
        status = outcome_text(game)
    elif table.thinking:
        status = f"{_seat_title(table, game.to_move)} {t('thinking')}…"
    elif mine:
        status = f"{t('Your turn')}: {_seat_title(table, game.to_move)}"
    elif game.to_move is not None:
        status = turn_text(_seat_title(table, game.to_move))
    else:
        status = ""
    last_mine, last_theirs = last_marks(game.history, table.movers, seat, present)
    return {
        "type": "board", "table": table.id, "seat": seat, "version": table.version,
        "game": game.name, "title": game_title(game),
        "seat_name": "" if seat is None else _seat_title(table, seat),
        "observation": view.to_dict(), "svg": picture,
        "actions": [{"text": action.text, "targets": list(action.targets),
                     "label": "" if action.targets else action.label,
                     "confirm": t(CONFIRM[action.text]) if action.text in CONFIRM and not action.targets else ""}
                    for action in actions],
        "reasons": reasons,
        "log": [line[language] for line in table.lines], "log_title": t("Move log"),
        "status": status, "result": outcome_text(game), "over": game.is_over,
        "marks": {"mine": last_mine, "theirs": last_theirs, "hint": [], "step": len(table.movers)},
        "texts": {**front_end_texts(),
                  # a click when nothing is offered: a class table has no New game button
                  "over": t("The game is over") if game.is_over else t("Wait for your turn")},
        "busy": table.thinking,
    }


def game_spec(game: Any) -> Any:
    """The metadata of the game a teacher named, or a refusal in words."""
    if not isinstance(game, str):
        raise ClassroomError("bad-game", "The game must be named by text, such as 'pokerdrez'")
    try:
        return spec_of(game)
    except ValueError as error:
        raise ClassroomError("bad-game", "{error}", error=str(error)) from None


def _describe(game: Game, action: Action) -> dict[str, str]:
    """The log line of ``action`` (before it is played) in every language."""
    lines = {}
    for language in LANGUAGES:
        with in_language(language):
            lines[language] = game.describe(action.text)
    return lines


class Room:
    """Every table of the server (see the module doc)."""

    def __init__(self, store: Store, bot_delay: float = 0.5) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[int, Table] = {}
        self.pupils: dict[int, PupilRow] = {pupil.id: pupil for pupil in store.pupils()}
        self._by_code: dict[str, int] = {pupil.code: pupil.id for pupil in self.pupils.values()}
        #: called with a table after every change (the server pushes the new views)
        self.listeners: list[Callable[[Table], None]] = []
        #: called with a pupil id when a table is opened for them or their code changes
        self.pupil_listeners: list[Callable[[int], None]] = []
        self._bot_tasks: set[asyncio.Task[None]] = set()
        for row, log in store.tables():
            self.tables[row.id] = self._rebuild(row, log)

    # ------------------------------------------------------------------ pupils
    def pupil_by_code(self, code: str) -> PupilRow | None:
        pupil_id = self._by_code.get(code)
        return None if pupil_id is None else self.pupils[pupil_id]

    def create_class(self, name: str, names: Sequence[str]) -> tuple[int, dict[str, str]]:
        """A class of pupils with fresh codes: ``(class id, {name: code})`` in the given order."""
        cleaned = _names(names)
        class_id, rows = self.store.create_class(_text(name, "class name") or "Class", cleaned)
        for row in rows:
            self.pupils[row.id] = row
            self._by_code[row.code] = row.id
        return class_id, {row.name: row.code for row in rows}

    def add_pupil(self, class_id: int | None, name: str, class_name: str = "Class") -> int:
        """One more pupil in ``class_id`` (``None``: a new class ``class_name``); their id."""
        row = self.store.add_pupil(class_id, _text(name, "pupil's name"), class_name)
        self.pupils[row.id] = row
        self._by_code[row.code] = row.id
        return row.id

    def renew_code(self, pupil_id: int) -> str:
        if pupil_id not in self.pupils:
            raise ClassroomError("unknown-pupil", "There is no pupil {pupil}", pupil=pupil_id)
        old = self.pupils[pupil_id]
        code = self.store.renew_code(pupil_id)
        del self._by_code[old.code]
        self.pupils[pupil_id] = PupilRow(old.id, old.class_id, old.name, code)
        self._by_code[code] = pupil_id
        for listener in list(self.pupil_listeners):
            listener(pupil_id)
        return code

    def tables_of(self, pupil_id: int) -> list[Table]:
        return [table for table in self.tables.values() if table.seat_of(pupil_id) is not None]

    # ------------------------------------------------------------------ tables
    def open_table(self, game: str, seats: Sequence[Any], options: dict[str, Any] | None = None,
                   seed: int | None = None, class_id: int | None = None) -> Table:
        """A new table: ``seats`` has one entry per seat, a pupil's name (in ``class_id``,
        default: the newest class) or a bot's level or name; a game for a range of players
        is set for that many unless ``options`` says ``players``. ``seed`` fixes the deal."""
        setup = self.prepare_table(game, seats, options, seed, class_id)
        row = self.store.add_table(setup.class_id, setup.setup.game, setup.setup.options, setup.setup.seed,
                                   setup.setup.seats)
        return self.place_table(row, setup)

    def prepare_table(self, game: str, seats: Sequence[Any], options: dict[str, Any] | None = None,
                      seed: int | None = None, class_id: int | None = None) -> PreparedTable:
        """A table checked and its game made, not yet stored (see :meth:`open_table`):
        :meth:`place_table` opens it once its row is written (a round writes all of its
        tables in one transaction)."""
        spec = game_spec(game)
        options = dict(options or {})
        if isinstance(seats, (list, tuple)) and "players" not in options and any(
                option.name == "players" for option in spec.options):
            options["players"] = len(seats)     # a game for 2 to 8 is set for the seats given
        try:
            options = spec.validate_options(options)
        except (TypeError, ValueError) as error:
            raise ClassroomError("bad-options", "{error}", error=str(error)) from None
        if seed is None:
            seed = random.SystemRandom().randrange(2**62)
        if type(seed) is not int or not 0 <= seed < 2**63:
            raise ClassroomError("bad-seed", "The seed must be a whole number from 0 to 2**63 - 1")
        if class_id is None and self.pupils:
            class_id = max(pupil.class_id for pupil in self.pupils.values())
        if not isinstance(seats, (list, tuple)):
            raise ClassroomError("bad-seats", "The seats must be a list: one pupil's name or bot level per seat")
        placed = [self._seat(entry, class_id, spec.name) for entry in seats]
        taken = [seat.pupil for seat in placed if seat.pupil is not None]
        if len(taken) != len(set(taken)):
            raise ClassroomError("bad-seats", "A pupil can sit only once at a table")
        if sum(seat.teacher for seat in placed) > 1:
            raise ClassroomError("bad-seats", "The teacher can sit only once at a table")
        try:
            probe = spec.cls()(seed=seed, **options)
        except (TypeError, ValueError) as error:
            raise ClassroomError("bad-options", "{error}", error=str(error)) from None
        if len(placed) != probe.players:
            raise ClassroomError("bad-seats", "{game} with these options has {players} seats, not {count}",
                                 game=spec.title, players=probe.players, count=len(placed))
        return PreparedTable(class_id, TableSetup(spec.name, options, seed, [seat.to_dict() for seat in placed]),
                             probe, placed)

    def place_table(self, row: TableRow, prepared: PreparedTable) -> Table:
        """Open a prepared table whose row is written: its pupils see it at once."""
        table = Table(row, prepared.game, prepared.seats)
        table.bots = self._bots(table)
        self.tables[row.id] = table
        for seat in prepared.seats:
            if seat.pupil is not None:
                for listener in list(self.pupil_listeners):
                    listener(seat.pupil)
        self._changed(table, stale=False)   # nothing drawn so far is out of date
        return table

    def _seat(self, entry: Any, class_id: int | None, game: str) -> Seat:
        if entry == TEACHER_SEAT:
            return Seat(teacher=True)
        if not isinstance(entry, str) or not entry.strip():
            raise ClassroomError("bad-seats", "Each seat is a pupil's name or a bot level such as 'level-1'")
        name = entry.strip()
        for pupil in self.pupils.values():
            if pupil.name == name and pupil.class_id == class_id:
                return Seat(pupil=pupil.id, name=pupil.name)
        try:
            make(name, seed=0, game=game)
        except ValueError:
            raise ClassroomError("bad-seats", "{name!r} is neither a pupil of this class nor a bot level of this game",
                                 name=name) from None
        label = name.lower()
        level = spec_of(game).level_name(label)
        return Seat(bot=label, name=label if level is None or level == label else f"{label}: {level}")

    def _bots(self, table: Table) -> dict[int, Any]:
        """The bots of the table's bot seats, seeded from the server's own randomness."""
        return {index: make(seat.bot, seed=secrets.randbelow(2**31), game=table.game)
                for index, seat in enumerate(table.seats) if seat.bot is not None}

    def _rebuild(self, row: TableRow, log: list[ActionRow]) -> Table:
        """A table from its setup and log (start-up): replayed, chance checked."""
        seats = []
        for entry in row.seats:
            if entry.get("teacher"):
                seats.append(Seat(teacher=True))
            elif entry.get("pupil") is not None:
                pupil = self.pupils.get(entry["pupil"])
                seats.append(Seat(pupil=entry["pupil"], name=pupil.name if pupil else "?"))
            else:
                seats.append(Seat(bot=entry.get("bot"), name=str(entry.get("bot"))))
        game = spec_of(row.game).cls()(seed=row.seed, **row.options)
        table = Table(row, game, seats)
        try:
            for step in log:
                if step.ply != table.version:
                    raise ValueError(f"ply {step.ply} is missing from the log")
                mark = game.chance.mark()
                table.lines.append(_describe(game, game.parse(step.text)))
                game.play(step.text)
                drawn = _plain(game.chance.log[mark:])
                if drawn != step.chance:
                    raise ValueError(f"the chance outcomes of ply {step.ply} differ from the saved ones")
                table.movers.append(step.seat)
        except (IllegalAction, ValueError) as error:
            table.damaged = str(error)
        table.bots = self._bots(table)
        return table

    # ------------------------------------------------------------------- moves
    def act(self, pupil_id: int, table_id: Any, version: Any, text: Any) -> Table:
        """Play ``text`` for the pupil's own seat at ``table_id``, made on ``version``."""
        table = self.tables.get(table_id) if type(table_id) is int else None
        seat = table.seat_of(pupil_id) if table is not None else None
        if table is None or seat is None:
            raise ClassroomError("not-your-table", "There is no table {table} for you", table=table_id)
        return self._act_at(table, seat, version, text)

    def teacher_act(self, table_id: Any, version: Any, text: Any) -> Table:
        """Play ``text`` for the teacher's seat at ``table_id`` (a simultaneous display)."""
        table = self.tables.get(table_id) if type(table_id) is int else None
        if table is None:
            raise ClassroomError("no-table", "There is no table {table}", table=table_id)
        if table.teacher_seat is None:
            raise ClassroomError("not-your-table", "The teacher does not play at table {table}", table=table_id)
        return self._act_at(table, table.teacher_seat, version, text)

    def restart(self, table_id: Any) -> Table:
        """A new table like ``table_id`` (same class, game, options and seats), with a new
        deal: a finished board of a simultaneous display starts again. The old table
        stays, with its record."""
        table = self.tables.get(table_id) if type(table_id) is int else None
        if table is None:
            raise ClassroomError("no-table", "There is no table {table}", table=table_id)
        seed = random.SystemRandom().randrange(2**62)
        row = self.store.add_table(table.row.class_id, table.row.game, table.row.options, seed, table.row.seats)
        game = spec_of(table.row.game).cls()(seed=seed, **table.row.options)
        seats = [Seat(seat.pupil, seat.bot, seat.name, seat.teacher) for seat in table.seats]
        return self.place_table(row, PreparedTable(table.row.class_id, TableSetup(
            table.row.game, table.row.options, seed, table.row.seats), game, seats))

    def open_simul(self, game: str, pupils: Sequence[Any] | None = None, options: dict[str, Any] | None = None,
                   seat: Any = 0, seed: int | None = None, class_id: Any = None) -> list[Table]:
        """A simultaneous display: one table per pupil (default: every pupil of the
        class), the teacher at ``seat`` of each. The tables are checked first and then
        written in one transaction, so a mistake opens none of them."""
        class_id = self.class_id(class_id)
        if pupils is None:
            pupils = [pupil.name for pupil in self.pupils.values() if pupil.class_id == class_id]
        if not isinstance(pupils, (list, tuple)) or not pupils:
            raise ClassroomError("bad-seats", "Give the pupils' names, one per line")
        if type(seat) is not int or seat not in (0, 1):
            raise ClassroomError("bad-seats", "The teacher's seat is 0 (first) or 1 (second)")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63 - len(pupils)):
            raise ClassroomError("bad-seed", "The seed must be a whole number from 0 to 2**63 - 1")
        prepared = []
        for number, name in enumerate(pupils):
            seats: list[Any] = [name]
            seats.insert(seat, dict(TEACHER_SEAT))
            prepared.append(self.prepare_table(game, seats, options, None if seed is None else seed + number,
                                               class_id))
        rows = self.store.add_tables([(entry.class_id, entry.setup) for entry in prepared])
        return [self.place_table(row, entry) for row, entry in zip(rows, prepared)]

    def class_id(self, given: Any = None) -> int:
        """``given`` checked, or the newest class."""
        classes = [class_id for class_id, _ in self.store.classes()]
        if given is None:
            if not classes:
                raise ClassroomError("unknown-class", "There is no class yet: create one first")
            return max(classes)
        if type(given) is not int or given not in classes:
            raise ClassroomError("unknown-class", "There is no class {name}", name=given)
        return given

    def _act_at(self, table: Table, seat: int, version: Any, text: Any) -> Table:
        """Play ``text`` for ``seat`` at ``table``, made on ``version`` (checked here)."""
        if table.damaged:
            raise ClassroomError("damaged", "This table is damaged and cannot be played: {why}", why=table.damaged)
        if table.game.is_over:
            raise ClassroomError("over", "The game at this table is over")
        if type(version) is not int or version != table.version:
            raise ClassroomError("stale", "The board changed before your move arrived: look again and play on")
        if table.game.to_move != seat:
            raise ClassroomError("not-your-turn", "It is not your turn at this table")
        self._apply(table, seat, parse_move(table.game, text))
        return table

    def _apply(self, table: Table, seat: int, action: Action) -> None:
        """Play, write, then tell: the write is one transaction; a failed write takes the move back."""
        game = table.game
        ply = table.version
        mark = game.chance.mark()
        lines = _describe(game, action)
        game.play(action)
        try:
            self.store.append(table.id, ply, seat, action.text, _plain(game.chance.log[mark:]))
        except Exception:
            game.undo()
            raise ClassroomError("not-saved", "Your move could not be saved, so it was not played: try again") from None
        table.lines.append(lines)
        table.movers.append(seat)
        self._changed(table)

    def _changed(self, table: Table, stale: bool = True) -> None:
        if stale:
            table.changed()
        for listener in list(self.listeners):
            listener(table)
        self.start_bots(table)

    # -------------------------------------------------------------------- bots
    def start_bots(self, table: Table) -> None:
        """If a bot is to move at ``table``, let it think (in a worker thread) and play."""
        if table.thinking or table.damaged or table.game.is_over or table.game.to_move not in table.bots:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return          # no loop (a script building tables): the server starts them later
        table.thinking = True
        table.changed()
        task = loop.create_task(self._bot_turn(table))
        self._bot_tasks.add(task)
        task.add_done_callback(self._bot_tasks.discard)

    async def _bot_turn(self, table: Table) -> None:
        started = time.monotonic()
        version = table.version
        seat = table.game.to_move
        try:
            snapshot = table.game.copy()
            action = await asyncio.get_running_loop().run_in_executor(None, table.bots[seat].choose, snapshot)
            pause = self.bot_delay - (time.monotonic() - started)
            if pause > 0:
                await asyncio.sleep(pause)
        finally:
            table.thinking = False
        if table.version == version and table.game.to_move == seat and not table.game.is_over:
            try:
                self._apply(table, seat, table.game.parse(action.text))
            except (IllegalAction, ClassroomError) as error:
                table.damaged = f"the bot {table.seats[seat].name} failed: {error}"
                self._changed(table)
        else:
            self._changed(table)

    def start_all_bots(self) -> None:
        """At start-up: bots to move at any table think again (their search was lost)."""
        for table in self.tables.values():
            self.start_bots(table)

    async def idle(self) -> None:
        """Wait until no bot is thinking (tests)."""
        while self._bot_tasks:
            await asyncio.gather(*list(self._bot_tasks), return_exceptions=True)


def parse_move(game: Game, text: Any) -> Action:
    """A move a client sent, read by the game: a refusal in words when it is not a short
    text or not legal now."""
    if not isinstance(text, str) or len(text) > MAX_ACTION_TEXT:
        raise ClassroomError("illegal", "A move is a short text such as the ones the board sends")
    try:
        return game.parse(text)
    except IllegalAction as error:
        raise ClassroomError("illegal", "{error}", error=str(error)) from None


def _plain(events: list[tuple[str, Any]]) -> list[Any]:
    """Chance events as JSON data (lists, not tuples), for the log and its check."""
    return json.loads(json.dumps([[what, outcome] for what, outcome in events]))


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ClassroomError("bad-name", "The {what} must be text", what=what)
    text = " ".join(value.split())
    if len(text) > MAX_NAME:
        raise ClassroomError("bad-name", "The {what} {text!r} is longer than {limit} letters",
                             what=what, text=text[:MAX_NAME] + "…", limit=MAX_NAME)
    return text


def _names(names: Any) -> list[str]:
    """The pupils' names as typed (spaces tidied), none empty or repeated."""
    if isinstance(names, str):
        names = [line for line in names.splitlines() if line.strip()]
    if not isinstance(names, (list, tuple)) or not names:
        raise ClassroomError("bad-names", "Give the pupils' names, one per line")
    if len(names) > MAX_PUPILS:
        raise ClassroomError("bad-names", "A class has at most {limit} pupils", limit=MAX_PUPILS)
    cleaned = [_text(name, "pupil's name") for name in names]
    if any(not name for name in cleaned):
        raise ClassroomError("bad-names", "A pupil's name cannot be empty")
    repeated = sorted({name for name in cleaned if cleaned.count(name) > 1})
    if repeated:
        raise ClassroomError("bad-names", "Each name must be different: {names} appears twice",
                             names=", ".join(repeated))
    return cleaned
