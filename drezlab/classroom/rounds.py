"""A class's rounds: pairings the teacher starts one at a time, and the standings.

:meth:`Rounds.pair` pairs the pupils of a class for a two-seat game by one of the systems
of :mod:`drezlab.classroom.pairing` (``random``, ``round_robin``, ``swiss``), opens the
round's tables through the room (the pupils see them at once) and stores the round with
its tables and byes in one transaction. The next round starts only when the teacher asks
again; while the latest round still has games playing, only ``force=True`` starts
another. A round robin goes on with the next round of the same Berger schedule as long as
the same pupils are paired (after its last round a second cycle swaps the seats); a Swiss
round pairs from the standings so far (pupils tied on points and both tie-breaks are
ranked by lot, so the first round's bye is drawn).

:meth:`Rounds.standings` counts the finished games of every round of a class (win 1, draw
0.5, loss 0, a bye 1 unless the teacher chose 0.5 or 0) and breaks ties by Buchholz, then
Sonneborn-Berger, then the name. Nothing is kept that a restart could lose: the rounds
come from the database and the results from the replayed tables.

Everything runs on the server's event-loop thread, like the room itself.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, Sequence

from drezlab.classroom.pairing import (
    Pairing,
    Played,
    berger_round,
    berger_rounds,
    random_pairs,
    standings,
    swiss_pairs,
)
from drezlab.classroom.room import ClassroomError, Room, Table, game_spec
from drezlab.classroom.store import RoundRow
from drezlab.core.i18n import add_translations, in_language, t

__all__ = ["BYE_POINTS", "SYSTEMS", "Rounds"]

#: the pairing systems, as the teacher names them
SYSTEMS = ("random", "round_robin", "swiss")
#: what a bye may score
BYE_POINTS = (1.0, 0.5, 0.0)

add_translations({
    "The pairing system must be one of {systems}": "El sistema de emparejamiento debe ser uno de {systems}",
    "There is no class yet: create one first": "Todavía no hay ninguna clase: crea una primero",
    "There is no class {name}": "No hay ninguna clase {name}",
    "Rounds pair two pupils at a table: {game} with these options has {players} seats":
        "Las rondas emparejan a dos alumnos por mesa: {game} con estas opciones tiene {players} asientos",
    "A round needs at least two pupils": "Una ronda necesita al menos dos alumnos",
    "The pupils of a round are a list of their names": "Los alumnos de una ronda son una lista de sus nombres",
    "{name!r} is not a pupil of this class": "{name!r} no es alumno de esta clase",
    "{name!r} is named twice": "{name!r} aparece dos veces",
    "A bye scores 1, 0.5 or 0 points": "Un descanso vale 1, 0,5 o 0 puntos",
    "force is true or false": "force es verdadero o falso",
    "Round {number} still has 1 game playing: wait for it, or start the next round anyway with force":
        "La ronda {number} todavía tiene 1 partida en juego: espera a que termine, o empieza la siguiente "
        "ronda de todos modos con force",
    "Round {number} still has {count} games playing: wait for them, or start the next round anyway with force":
        "La ronda {number} todavía tiene {count} partidas en juego: espera a que terminen, o empieza la "
        "siguiente ronda de todos modos con force",
    "No pairing without a repeated opponent was possible: {pairs} meet again":
        "No había emparejamiento sin repetir rival: {pairs} se enfrentan otra vez",
})


def table_score(table: Table | None) -> float | None:
    """The first seat's score at a finished two-seat table (1, 0.5 or 0), else ``None``."""
    if table is None or table.damaged or not table.game.is_over:
        return None
    outcome = table.game.outcome
    if outcome is None or outcome.is_draw or len(set(outcome.winners)) > 1:
        return 0.5
    return 1.0 if 0 in outcome.winners else 0.0


class Rounds:
    """Every round of every class of the server (see the module doc)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.rounds: list[RoundRow] = room.store.rounds()
        #: called with each new round (the server tells the teacher's pages)
        self.listeners: list[Callable[[RoundRow], None]] = []

    # -------------------------------------------------------------- reading
    def class_id(self, given: Any = None) -> int:
        """``given`` checked, or the newest class."""
        return self.room.class_id(given)

    def of_class(self, class_id: int) -> list[RoundRow]:
        return [row for row in self.rounds if row.class_id == class_id]

    def _names(self, class_id: int) -> dict[int, str]:
        """The class's pupils by id, in the order the teacher typed them."""
        return {pupil.id: pupil.name for pupil in sorted(self.room.pupils.values(), key=lambda pupil: pupil.id)
                if pupil.class_id == class_id}

    def _games(self, rounds: Sequence[RoundRow]) -> list[Played]:
        games = []
        for row in rounds:
            for table_id in row.tables:
                table = self.room.tables.get(table_id)
                if table is None or len(table.seats) != 2:
                    continue
                first, second = (seat.pupil for seat in table.seats)
                games.append(Played(first, second, table_score(table)))
        return games

    def standings(self, class_id: Any = None) -> list[dict[str, Any]]:
        """The class's table of points, best first (see the module doc): rows of ``rank``,
        ``name``, ``points``, ``buchholz``, ``sonneborn_berger``, ``played``, ``wins``,
        ``draws``, ``losses``, ``byes`` and the ``pupil``'s id; every pupil of the class."""
        class_id = self.class_id(class_id)
        rounds = self.of_class(class_id)
        rows = standings(self._names(class_id), self._games(rounds), [bye for row in rounds for bye in row.byes])
        return [{**{key: value for key, value in row.items() if key != "key"}, "pupil": row["key"]} for row in rows]

    def playing(self, row: RoundRow) -> int:
        """How many of the round's games are not over."""
        return sum(table_score(self.room.tables.get(table_id)) is None for table_id in row.tables)

    def describe(self, row: RoundRow, language: str) -> dict[str, Any]:
        """A round as the teacher's API shows it: its tables (with their summary lines),
        byes, the pairs that had met before, how many games are playing."""
        names = self._names(row.class_id)
        earlier = Counter(frozenset((game.first, game.second)) for game in
                          self._games([other for other in self.of_class(row.class_id) if other.number < row.number]))
        tables, repeats = [], []
        for board, table_id in enumerate(row.tables, 1):
            table = self.room.tables.get(table_id)
            if table is None:
                continue
            line = table.summary(language)
            score = table_score(table)
            line["board"] = board
            line["score"] = None if score is None else [score, 1 - score]
            tables.append(line)
            pupils = [seat.pupil for seat in table.seats]
            if earlier[frozenset(pupils)]:
                repeats.append([names.get(pupil, "?") for pupil in pupils])  # type: ignore[arg-type]
        note = ""
        if repeats and row.system == "swiss":
            with in_language(language):
                note = t("No pairing without a repeated opponent was possible: {pairs} meet again").format(
                    pairs=", ".join(" – ".join(pair) for pair in repeats))
        schedule = None
        if row.system == "round_robin" and row.berger is not None:
            count = berger_rounds(len(row.players))
            schedule = {"round": row.berger % count + 1, "of": count, "cycle": row.berger // count + 1}
        return {"id": row.id, "class": row.class_id, "round": row.number, "system": row.system, "game": row.game,
                "options": row.options, "created": row.created, "forced": row.forced, "schedule": schedule,
                "tables": tables, "byes": [names.get(pupil, "?") for pupil, _ in row.byes],
                "bye_points": {names.get(pupil, "?"): points for pupil, points in row.byes},
                "playing": self.playing(row), "repeats": repeats, "note": note}

    # -------------------------------------------------------------- pairing
    def pair(self, game: Any, system: Any = "random", options: Any = None, seed: Any = None, class_id: Any = None,
             force: Any = False, pupils: Any = None, bye_points: Any = 1.0) -> RoundRow:
        """Start the class's next round (see the module doc): ``pupils`` (names) limits it
        to those present, default every pupil of the class; ``seed`` fixes the draw and
        the deals; ``bye_points`` is what a bye scores. Returns the stored round."""
        if system not in SYSTEMS:
            raise ClassroomError("bad-system", "The pairing system must be one of {systems}", systems=", ".join(SYSTEMS))
        if force is None:
            force = False
        if not isinstance(force, bool):
            raise ClassroomError("bad-force", "force is true or false")
        if isinstance(bye_points, bool) or not isinstance(bye_points, (int, float)) or bye_points not in BYE_POINTS:
            raise ClassroomError("bad-bye", "A bye scores 1, 0.5 or 0 points")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
            raise ClassroomError("bad-seed", "The seed must be a whole number from 0 to 2**63 - 1")
        class_id = self.class_id(class_id)
        options = self._two_seats(game, options)
        players = self._players(class_id, pupils)
        earlier = self.of_class(class_id)
        if earlier and not force:
            playing = self.playing(earlier[-1])
            if playing == 1:
                raise ClassroomError("round-playing", "Round {number} still has 1 game playing: wait for it, or "
                                     "start the next round anyway with force", number=earlier[-1].number)
            if playing:
                raise ClassroomError("round-playing", "Round {number} still has {count} games playing: wait for "
                                     "them, or start the next round anyway with force",
                                     number=earlier[-1].number, count=playing)
        rng = random.Random(seed if seed is not None else random.SystemRandom().randrange(2**62))
        pairing, order, berger = self._pairing(system, class_id, players, earlier, rng)
        names = self._names(class_id)
        prepared = [self.room.prepare_table(game, [names[first], names[second]], options,
                                            None if seed is None else rng.randrange(2**62), class_id)
                    for first, second in pairing.pairs]
        byes = [] if pairing.bye is None else [(int(pairing.bye), float(bye_points))]
        row, table_rows = self.room.store.add_round(
            class_id, system, prepared[0].setup.game, prepared[0].setup.options, seed, order, berger, bool(force),
            [table.setup for table in prepared], byes)
        self.rounds.append(row)
        for table_row, table in zip(table_rows, prepared):
            self.room.place_table(table_row, table)
        for listener in list(self.listeners):
            listener(row)
        return row

    def _two_seats(self, game: Any, options: Any) -> dict[str, Any]:
        """The game's options for a two-seat table, or a clear refusal."""
        spec = game_spec(game)
        if options is not None and not isinstance(options, dict):
            raise ClassroomError("bad-options", "{error}", error="the options are a JSON object")
        options = dict(options or {})
        if "players" not in options and any(option.name == "players" for option in spec.options):
            options["players"] = 2
        try:
            options = spec.validate_options(options)
            players = spec.cls()(seed=0, **options).players
        except (TypeError, ValueError) as error:
            raise ClassroomError("bad-options", "{error}", error=str(error)) from None
        if players != 2:
            raise ClassroomError("not-two-seats", "Rounds pair two pupils at a table: {game} with these options has "
                                 "{players} seats", game=spec.title, players=players)
        return options

    def _players(self, class_id: int, pupils: Any) -> list[int]:
        """The pupils of the round, by id: every pupil of the class, or those named."""
        names = self._names(class_id)
        if pupils is None:
            chosen = list(names)
        else:
            if not isinstance(pupils, (list, tuple)) or not all(isinstance(name, str) for name in pupils):
                raise ClassroomError("bad-pupils", "The pupils of a round are a list of their names")
            by_name = {name: pupil for pupil, name in names.items()}
            chosen = []
            for name in pupils:
                typed = " ".join(name.split())
                if typed not in by_name:
                    raise ClassroomError("bad-pupils", "{name!r} is not a pupil of this class", name=name)
                if by_name[typed] in chosen:
                    raise ClassroomError("bad-pupils", "{name!r} is named twice", name=name)
                chosen.append(by_name[typed])
        if len(chosen) < 2:
            raise ClassroomError("few-pupils", "A round needs at least two pupils")
        return chosen

    def _pairing(self, system: str, class_id: int, players: list[int], earlier: list[RoundRow],
                 rng: random.Random) -> tuple[Pairing, list[int], int | None]:
        """The pairing of the next round, the players' order to store, the Berger index."""
        byes = Counter(pupil for row in earlier for pupil, _ in row.byes)
        if system == "random":
            return random_pairs(players, rng, byes), players, None
        if system == "round_robin":
            last = next((row for row in reversed(earlier) if row.system == "round_robin"), None)
            if last is not None and last.berger is not None and sorted(last.players) == sorted(players):
                order, index = list(last.players), last.berger + 1
            else:
                order, index = list(players), 0
                rng.shuffle(order)      # the Berger numbers are drawn by lot
            return berger_round(order, index), order, index
        games = self._games(earlier)
        met = Counter(frozenset((game.first, game.second)) for game in games)
        seats: dict[int, list[int]] = {}
        for game in games:
            seats.setdefault(game.first, []).append(0)
            seats.setdefault(game.second, []).append(1)
        rows = standings(self._names(class_id), games, [bye for row in earlier for bye in row.byes])
        points = {row["key"]: row["points"] for row in rows}
        # ranked as the standings, except that a tie on every count goes by lot, not by
        # name (in a first round, the bye would always go to the last name)
        rng.shuffle(rows)
        rows.sort(key=lambda row: (-row["points"], -row["buchholz"], -row["sonneborn_berger"]))
        ranked = [row["key"] for row in rows if row["key"] in players]
        return swiss_pairs(ranked, points, met, byes, seats, rng), ranked, None
