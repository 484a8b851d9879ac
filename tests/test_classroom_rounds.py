"""A class's rounds: the pairing systems on their own (Berger tables, Swiss by maximum
weight matching, byes), the standings and tie-breaks on a worked example, and rounds over
the teacher's API on a running server -- pupils finishing games, the standings following,
the rule that a round with games playing is followed only when the teacher insists, and a
restart that rebuilds every round and the standings (SQLite and PostgreSQL).

The games on the server are the toy ``race`` (tests/toygame.py, registered by conftest):
short, with hidden cards and a die, so random legal moves finish a round quickly.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections import Counter
from pathlib import Path
from typing import Any, Hashable, Iterator, Sequence

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from classroom_inprocess import SECRET, Raw, run_in_own_loop, running
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drezlab.classroom import ClassroomError, Teacher
from drezlab.classroom.pairing import (
    Played,
    berger_round,
    berger_rounds,
    random_pairs,
    standings,
    swiss_pairs,
)
from drezlab.classroom.server import ClassServer
from drezlab.classroom.store import MIGRATIONS, Store, make_engine


def run(coroutine: Any) -> Any:
    return run_in_own_loop(coroutine)


# ------------------------------------------------------------------ Berger tables
def schedule(count: int, cycles: int = 1) -> list[tuple[list[tuple[int, int]], int | None]]:
    players = list(range(1, count + 1))
    return [(pairing.pairs, pairing.bye) for pairing in
            (berger_round(players, index) for index in range(berger_rounds(count) * cycles))]


def test_berger_tables_are_fides_for_four_and_six_players() -> None:
    assert schedule(4) == [([(1, 4), (2, 3)], None), ([(4, 3), (1, 2)], None), ([(2, 4), (3, 1)], None)]
    assert [pairs for pairs, _ in schedule(6)] == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


def test_berger_five_players_the_dummy_gives_each_one_bye() -> None:
    # five players: FIDE's table for six, with player 6 the dummy
    rounds = schedule(5)
    assert rounds == [([(2, 5), (3, 4)], 1), ([(5, 3), (1, 2)], 4), ([(3, 1), (4, 5)], 2),
                      ([(1, 4), (2, 3)], 5), ([(4, 2), (5, 1)], 3)]


@pytest.mark.parametrize("count", range(2, 13))
def test_a_round_robin_meets_every_pair_once_and_rotates_the_byes(count: int) -> None:
    rounds = schedule(count)
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    met = Counter(frozenset(pair) for pairs, _ in rounds for pair in pairs)
    assert set(met) == {frozenset(pair) for pair in itertools.combinations(range(1, count + 1), 2)}
    assert set(met.values()) == {1}
    for pairs, bye in rounds:
        seated = [player for pair in pairs for player in pair] + ([bye] if bye is not None else [])
        assert sorted(seated) == list(range(1, count + 1)), "everyone plays once a round, or has the bye"
    byes = Counter(bye for _, bye in rounds if bye is not None)
    assert byes == (Counter(range(1, count + 1)) if count % 2 else Counter())
    firsts = Counter(pair[0] for pairs, _ in rounds for pair in pairs)
    seconds = Counter(pair[1] for pairs, _ in rounds for pair in pairs)
    assert all(abs(firsts[player] - seconds[player]) <= 1 for player in range(1, count + 1)), "seats balanced"
    # a second cycle: the same pairs, the seats swapped
    again = schedule(count, cycles=2)[len(rounds):]
    assert again == [([(b, a) for a, b in pairs], bye) for pairs, bye in rounds]


# ----------------------------------------------------------------------- byes
def test_random_pairs_give_the_bye_to_someone_with_the_fewest() -> None:
    rng = random.Random(3)
    players = list("ABCDEFG")
    byes: Counter[Hashable] = Counter()
    for _ in range(7):
        pairing = random_pairs(players, rng, byes)
        assert pairing.bye is not None and byes[pairing.bye] == 0
        assert sorted([p for pair in pairing.pairs for p in pair] + [pairing.bye]) == players
        byes[pairing.bye] += 1
    assert set(byes.values()) == {1}
    assert random_pairs(list("ABCD"), rng).bye is None


def test_swiss_bye_goes_to_the_lowest_ranked_without_a_bye() -> None:
    ranked = ["A", "B", "C", "D", "E"]
    points = {"A": 2.0, "B": 1.5, "C": 1.0, "D": 1.0, "E": 1.0}
    assert swiss_pairs(ranked, points, Counter(), Counter(), rng=random.Random(1)).bye == "E"
    assert swiss_pairs(ranked, points, Counter(), Counter({"E": 1}), rng=random.Random(1)).bye == "D"
    # everyone has had one: the lowest again
    assert swiss_pairs(ranked, points, Counter(), Counter(dict.fromkeys(ranked, 1)), rng=random.Random(1)).bye == "E"


def test_swiss_over_an_odd_class_gives_nobody_a_second_bye_while_others_have_none() -> None:
    names = {index: f"P{index}" for index in range(7)}
    rng = random.Random(11)
    games: list[Played] = []
    byes: list[tuple[Hashable, float]] = []
    for _ in range(7):
        _, games, byes = _swiss_round(names, games, byes, rng)
    assert sorted(Counter(player for player, _ in byes).values()) == [1] * 7


# --------------------------------------------------------------- Swiss pairing
def _swiss_round(names: dict[Hashable, str], games: list[Played], byes: list[tuple[Hashable, float]],
                 rng: random.Random, results: Iterator[float] | None = None) -> tuple[Any, list[Played], list[Any]]:
    """One Swiss round as the server pairs it, its games played with ``results``."""
    rows = standings(names, games, byes)
    points = {row["key"]: row["points"] for row in rows}
    met = Counter(frozenset((game.first, game.second)) for game in games)
    seats: dict[Hashable, list[int]] = {}
    for game in games:
        seats.setdefault(game.first, []).append(0)
        seats.setdefault(game.second, []).append(1)
    pairing = swiss_pairs([row["key"] for row in rows], points, met, Counter(p for p, _ in byes), seats, rng)
    scores = results or iter(lambda: rng.choice((0.0, 0.5, 1.0)), None)
    games = games + [Played(a, b, next(scores)) for a, b in pairing.pairs]
    byes = byes + ([(pairing.bye, 1.0)] if pairing.bye is not None else [])
    return pairing, games, byes


def _matchings(players: Sequence[Hashable]) -> Iterator[list[tuple[Hashable, Hashable]]]:
    """Every perfect matching of ``players`` (brute force: for checking)."""
    if not players:
        yield []
        return
    first = players[0]
    for index in range(1, len(players)):
        rest = list(players[1:index]) + list(players[index + 1:])
        for matching in _matchings(rest):
            yield [(first, players[index])] + matching


def _cost(pairs: Sequence[tuple[Hashable, Hashable]], points: dict[Hashable, float],
          met: Counter[frozenset[Any]]) -> tuple[int, int]:
    """(times the pairs have met before, sum of squared half-point differences)."""
    return (sum(met[frozenset(pair)] for pair in pairs),
            sum((round(2 * points[a]) - round(2 * points[b])) ** 2 for a, b in pairs))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(2, 9), rounds=st.integers(1, 6), data=st.data())
def test_swiss_never_repeats_when_avoidable_and_pairs_the_closest_scores(count: int, rounds: int,
                                                                         data: st.DataObject) -> None:
    names: dict[Hashable, str] = {index: f"P{index}" for index in range(count)}
    games: list[Played] = []
    byes: list[tuple[Hashable, float]] = []
    seed = data.draw(st.integers(0, 2**32))
    results = iter(lambda: data.draw(st.sampled_from((0.0, 0.5, 1.0))), None)
    for _ in range(rounds):
        rows = standings(names, games, byes)
        ranked = [row["key"] for row in rows]
        points = {row["key"]: row["points"] for row in rows}
        met = Counter(frozenset((game.first, game.second)) for game in games)
        had = Counter(player for player, _ in byes)
        pairing, games, byes = _swiss_round(names, games, byes, random.Random(seed), results)
        seated = [player for pair in pairing.pairs for player in pair] + [pairing.bye] * (pairing.bye is not None)
        assert sorted(seated) == sorted(names), "everyone plays once, or has the bye"
        # the brute-force answer: the bye candidates from the bottom, among those with the fewest byes
        fewest = min(had[player] for player in ranked)
        candidates = [player for player in reversed(ranked) if had[player] == fewest] if count % 2 else [None]
        for candidate in candidates:
            rest = [player for player in ranked if player != candidate]
            free = [m for m in _matchings(rest) if _cost(m, points, met)[0] == 0]
            if free:
                assert pairing.bye == candidate
                assert pairing.repeats == [] and _cost(pairing.pairs, points, met)[0] == 0, "a repeat was avoidable"
                assert _cost(pairing.pairs, points, met)[1] == min(_cost(m, points, met)[1] for m in free), \
                    "not the closest scores"
                break
        else:
            assert pairing.bye == candidates[0]
            rest = [player for player in ranked if player != pairing.bye]
            assert _cost(pairing.pairs, points, met) == min(_cost(m, points, met) for m in _matchings(rest))
            assert pairing.repeats and all(met[frozenset(pair)] for pair in pairing.repeats)


def test_swiss_allows_a_repeat_only_as_a_last_resort_and_says_which() -> None:
    # four players who have all met: a fourth round must repeat two pairs, the fewest possible
    met = Counter(frozenset(pair) for pair in itertools.combinations("ABCD", 2))
    met[frozenset("AB")] += 1
    met[frozenset("CD")] += 1
    pairing = swiss_pairs(list("ABCD"), dict.fromkeys("ABCD", 1.5), met, rng=random.Random(2))
    assert {frozenset(pair) for pair in pairing.repeats} == {frozenset(pair) for pair in pairing.pairs}
    assert frozenset("AB") not in {frozenset(pair) for pair in pairing.pairs}, "the pair met twice is avoided"


def test_swiss_leaders_meet_and_seats_alternate() -> None:
    points = {"A": 2.0, "B": 2.0, "C": 1.0, "D": 1.0, "E": 0.0, "F": 0.0}
    seats = {"A": [0, 0], "B": [1, 1], "C": [0, 1], "D": [1, 0], "E": [0], "F": [1]}
    pairing = swiss_pairs(list("ABCDEF"), points, Counter(), seats=seats, rng=random.Random(0))
    assert pairing.pairs == [("B", "A"), ("C", "D"), ("F", "E")]


# -------------------------------------------------------------------- standings
WORKED = {1: "Ana", 2: "Ben", 3: "Cai", 4: "Dan", 5: "Eva", 6: "Gus", 7: "Fay"}


def worked_example() -> tuple[list[Played], list[tuple[Hashable, float]]]:
    """Three rounds of five (Eva, Dan and Ben have the byes) and Fay - Gus unfinished."""
    games = [Played(1, 2, 1.0), Played(3, 4, 0.5),     # round 1: Eva's bye
             Played(5, 1, 1.0), Played(2, 3, 1.0),     # round 2: Dan's bye
             Played(1, 4, 1.0), Played(3, 5, 1.0),     # round 3: Ben's bye
             Played(7, 6, None)]
    return games, [(5, 1.0), (4, 1.0), (2, 1.0)]


def test_standings_and_tie_breaks_on_a_worked_example() -> None:
    games, byes = worked_example()
    rows = standings(WORKED, games, byes)
    table = [(row["rank"], row["name"], row["points"], row["buchholz"], row["sonneborn_berger"], row["played"],
              row["wins"], row["draws"], row["losses"], row["byes"]) for row in rows]
    assert table == [
        # Ana, Eva and Ben have 2: Ana's opponents scored most (Buchholz 2 + 2 + 1.5);
        # Eva and Ben tie at 3.5, and Eva's Sonneborn-Berger (beat Ana: 2) beats Ben's (beat Cai: 1.5)
        (1, "Ana", 2.0, 5.5, 3.5, 3, 2, 0, 1, 0),
        (2, "Eva", 2.0, 3.5, 2.0, 2, 1, 0, 1, 1),
        (3, "Ben", 2.0, 3.5, 1.5, 2, 1, 0, 1, 1),
        # Cai and Dan have 1.5: Buchholz 2 + 2 + 1.5 against 1.5 + 2
        (4, "Cai", 1.5, 5.5, 2.75, 3, 1, 1, 1, 0),
        (5, "Dan", 1.5, 3.5, 0.75, 2, 0, 1, 1, 1),
        # nothing finished: by name
        (6, "Fay", 0.0, 0.0, 0.0, 0, 0, 0, 0, 0),
        (7, "Gus", 0.0, 0.0, 0.0, 0, 0, 0, 0, 0),
    ]
    assert [row["key"] for row in rows] == [1, 5, 2, 3, 4, 7, 6]


# ---------------------------------------------------------------- over the API
def finish(server: ClassServer, table_id: int, rng: random.Random, plies: int | None = None) -> None:
    """The pupils at ``table_id`` play random legal moves (through the room, as their
    clicks do) until the game is over, or ``plies`` moves."""
    table = server.room.tables[table_id]
    done = 0
    while not table.game.is_over and (plies is None or done < plies):
        pupil = table.seats[table.game.to_move].pupil
        assert pupil is not None
        server.room.act(pupil, table_id, table.version, rng.choice(table.game.legal_actions()).text)
        done += 1


def expected_points(server: ClassServer, rounds: list[dict[str, Any]]) -> dict[str, float]:
    """Each pupil's points counted straight from the games' outcomes and the byes."""
    points: Counter[str] = Counter()
    for entry in rounds:
        for line in entry["tables"]:
            outcome = server.room.tables[line["id"]].game.outcome
            if outcome is None:
                continue
            first, second = line["seats"]
            if outcome.is_draw:
                points[first] += 0.5
                points[second] += 0.5
            else:
                points[(first, second)[outcome.winners[0]]] += 1
        for name in entry["byes"]:
            points[name] += entry["bye_points"][name]
    return points


async def call(function: Any, *args: Any, **kwargs: Any) -> Any:
    """A blocking teacher call, off the loop the server runs on."""
    return await asyncio.to_thread(function, *args, **kwargs)


NAMES = ["Ana", "Begoña Núñez", "Luis", "Omar", "Zoe"]


def test_a_round_robin_over_the_api_with_pupils_finishing_games(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            teacher = Teacher(f"http://127.0.0.1:{server.port}", SECRET)  # type: ignore[attr-defined]
            codes = await call(teacher.create_class, NAMES, name="5B")
            assert [row["points"] for row in await call(teacher.standings)] == [0.0] * 5
            # a pupil and the teacher's page are watching when the round opens
            ana = await Raw.open(server)
            await ana.login(codes["Ana"])
            watcher = await Raw.open(server)
            await watcher.send({"type": "hello", "secret": SECRET})
            await watcher.wait_for(lambda m: m["type"] == "tables")
            rng = random.Random(5)
            seen: Counter[frozenset[str]] = Counter()
            byes: list[str] = []
            for number in range(1, 6):
                since = len(ana.messages)
                entry = await call(teacher.pair, "race", system="round_robin", seed=number)
                assert entry["round"] == number and entry["system"] == "round_robin"
                assert entry["schedule"] == {"round": number, "of": 5, "cycle": 1}
                assert len(entry["tables"]) == 2 and len(entry["byes"]) == 1 and entry["playing"] == 2
                assert [line["board"] for line in entry["tables"]] == [1, 2]
                byes += entry["byes"]
                for line in entry["tables"]:
                    seen[frozenset(line["seats"])] += 1
                    assert set(line["seats"]) <= set(NAMES)
                    if "Ana" in line["seats"]:    # Ana's board arrives by itself
                        await ana.wait_for(lambda m, i=line["id"]: m["type"] == "board" and m["table"] == i, since)
                await watcher.wait_for(lambda m, n=number: m["type"] == "round" and m["round"]["round"] == n)
                for line in entry["tables"]:
                    finish(server, line["id"], rng)
                rows = await call(teacher.standings)
                rounds = await call(teacher.rounds)
                assert len(rounds) == number and all(r["playing"] == 0 for r in rounds)
                points = expected_points(server, rounds)
                assert {row["name"]: row["points"] for row in rows} == {name: points[name] for name in NAMES}
                assert sum(row["points"] for row in rows) == 2 * number + number   # two games and a bye a round
                assert all(row["wins"] + row["draws"] + row["losses"] == row["played"] for row in rows)
                assert [row["rank"] for row in rows] == [1, 2, 3, 4, 5]
                keys = [(-row["points"], -row["buchholz"], -row["sonneborn_berger"]) for row in rows]
                assert keys == sorted(keys)
            assert set(seen.values()) == {1} and len(seen) == 10, "every pair met exactly once"
            assert sorted(byes) == sorted(NAMES), "each pupil had one bye"
            assert all(row["played"] == 4 and row["byes"] == 1 for row in await call(teacher.standings))
            # the schedule goes on: a second cycle
            again = await call(teacher.pair, "race", system="round_robin")
            assert again["schedule"] == {"round": 1, "of": 5, "cycle": 2} and again["round"] == 6
            await ana.close()
            await watcher.close()
    run(scenario())


def test_a_round_with_games_playing_is_followed_only_when_the_teacher_insists(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            teacher = Teacher(f"http://127.0.0.1:{server.port}", SECRET)  # type: ignore[attr-defined]
            await call(teacher.create_class, ["Ana", "Luis", "Eva", "Omar", "Iris", "Teo", "Zoe"])
            first = await call(teacher.pair, "race", system="random", seed=1)
            assert len(first["tables"]) == 3 and len(first["byes"]) == 1
            with pytest.raises(ClassroomError, match="Round 1 still has 3 games playing"):
                await call(teacher.pair, "race", system="swiss")
            rng = random.Random(2)
            finish(server, first["tables"][0]["id"], rng)
            finish(server, first["tables"][1]["id"], rng)
            with pytest.raises(ClassroomError, match="Round 1 still has 1 game playing"):
                await call(teacher.pair, "race", system="swiss")
            assert len(await call(teacher.rounds)) == 1 and len(server.room.tables) == 3, "nothing was opened"
            forced = await call(teacher.pair, "race", system="swiss", force=True)
            assert forced["round"] == 2 and forced["forced"] and forced["byes"] != first["byes"]
            # the Swiss round did not repeat a pair of round 1
            assert not {frozenset(line["seats"]) for line in first["tables"]} & \
                {frozenset(line["seats"]) for line in forced["tables"]}
            # the unfinished game of round 1 counts nothing until it ends
            rows = {row["name"]: row for row in await call(teacher.standings)}
            unfinished = first["tables"][2]["seats"]
            assert all(rows[name]["played"] == 0 for name in unfinished)
            finish(server, first["tables"][2]["id"], rng)
            rows = {row["name"]: row for row in await call(teacher.standings)}
            assert all(rows[name]["played"] == 1 for name in unfinished)
    run(scenario())


def test_round_errors_are_in_words_in_english_and_spanish(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            teacher = Teacher(f"http://127.0.0.1:{server.port}", SECRET)  # type: ignore[attr-defined]
            with pytest.raises(ClassroomError, match="no class yet"):
                await call(teacher.pair, "race")
            await call(teacher.create_class, ["Ana", "Luis", "Eva"])
            for kwargs, words in (({"game": "pokerdrez4"}, "two pupils at a table: .* has 4 seats"),
                                  ({"game": "solodrez"}, "two pupils at a table"),
                                  ({"game": "race", "system": "knockout"}, "random, round_robin, swiss"),
                                  ({"game": "race", "pupils": ["Ana"]}, "at least two pupils"),
                                  ({"game": "race", "pupils": ["Ana", "Nobody"]}, "'Nobody' is not a pupil"),
                                  ({"game": "race", "bye_points": 2}, "A bye scores 1, 0.5 or 0"),
                                  ({"game": "race", "class_id": 99}, "no class 99"),
                                  ({"game": "nonesuch"}, "no game called")):
                with pytest.raises(ClassroomError, match=words):
                    await call(teacher.pair, **kwargs)
            assert await call(teacher.rounds) == [] and not server.room.tables
            entry = await call(teacher.pair, "race", pupils=["Ana", "Luis"], bye_points=0.5)
            assert entry["byes"] == [] and entry["tables"][0]["seats"] in (["Ana", "Luis"], ["Luis", "Ana"])
            with pytest.raises(ClassroomError) as refused:
                server.rounds.pair("race")
            assert refused.value.words("es") == ("La ronda 1 todavía tiene 1 partida en juego: espera a que termine, "
                                                 "o empieza la siguiente ronda de todos modos con force")
            with pytest.raises(ClassroomError) as refused:
                server.rounds.pair("pokerdrez4")
            assert "emparejan a dos alumnos por mesa" in refused.value.words("es")
    run(scenario())


def test_a_swiss_round_pairs_from_the_standings_over_the_api(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            teacher = Teacher(f"http://127.0.0.1:{server.port}", SECRET)  # type: ignore[attr-defined]
            names = [f"Pupil {index}" for index in range(8)]
            await call(teacher.create_class, names)
            rng = random.Random(9)
            pairs: set[frozenset[str]] = set()
            for number in range(1, 5):
                rows = {row["name"]: row["points"] for row in await call(teacher.standings)}
                entry = await call(teacher.pair, "race", system="swiss", seed=number)
                these = [frozenset(line["seats"]) for line in entry["tables"]]
                assert not pairs & set(these) and entry["repeats"] == [] and entry["note"] == ""
                before = set(pairs)
                pairs |= set(these)
                # close scores: no other pairing without repeats has a smaller spread
                half = {name: round(2 * points) for name, points in rows.items()}

                def spread(matching: Sequence[tuple[str, str]], half: dict[str, int] = half) -> int:
                    return sum((half[a] - half[b]) ** 2 for a, b in matching)
                possible = [m for m in _matchings(names) if not before & {frozenset(p) for p in m}]
                assert spread([tuple(pair) for pair in these]) == min(spread(m) for m in possible)  # type: ignore[misc]
                for line in entry["tables"]:
                    finish(server, line["id"], rng)
    run(scenario())


def test_the_first_swiss_bye_is_drawn_by_lot_not_by_name(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            byes = set()
            for seed in range(12):
                class_id, _ = server.room.create_class(f"5{seed}", ["Ana", "Luis", "Zoe"])
                row = server.rounds.pair("race", "swiss", seed=seed, class_id=class_id)
                byes |= {server.room.pupils[pupil].name for pupil, _ in row.byes}
            assert len(byes) > 1
    run(scenario())


# ------------------------------------------------------------------ restart
async def _a_class_with_rounds(server: ClassServer) -> tuple[Teacher, list[dict[str, Any]], list[dict[str, Any]]]:
    teacher = Teacher(f"http://127.0.0.1:{server.port}", SECRET)  # type: ignore[attr-defined]
    await call(teacher.create_class, NAMES, name="5B")
    rng = random.Random(7)
    for number in (1, 2):
        entry = await call(teacher.pair, "race", system="round_robin", seed=number)
        for line in entry["tables"]:
            finish(server, line["id"], rng)
    entry = await call(teacher.pair, "race", system="round_robin", seed=3)
    finish(server, entry["tables"][0]["id"], rng)
    finish(server, entry["tables"][1]["id"], rng, plies=1)     # still playing at the restart
    return teacher, await call(teacher.rounds), await call(teacher.standings)


def restart_keeps_rounds_and_standings(folder: Path, db: str) -> None:
    async def scenario() -> None:
        async with running(folder, db=db) as server:
            _, rounds, rows = await _a_class_with_rounds(server)
        async with running(folder, db=db) as server:
            teacher = Teacher(f"http://127.0.0.1:{server.port}", SECRET)  # type: ignore[attr-defined]
            assert await call(teacher.rounds) == rounds
            assert await call(teacher.standings) == rows
            with pytest.raises(ClassroomError, match="Round 3 still has 1 game playing"):
                await call(teacher.pair, "race", system="round_robin")
            finish(server, rounds[-1]["tables"][1]["id"], random.Random(1))
            after = await call(teacher.standings)
            assert sum(row["played"] for row in after) == sum(row["played"] for row in rows) + 2
            # the schedule goes on where it was
            entry = await call(teacher.pair, "race", system="round_robin")
            assert entry["round"] == 4 and entry["schedule"] == {"round": 4, "of": 5, "cycle": 1}
            met = Counter(frozenset(line["seats"]) for r in rounds + [entry] for line in r["tables"])
            assert set(met.values()) == {1}
    run(scenario())


def test_a_restart_rebuilds_rounds_and_standings_on_sqlite(tmp_path: Path) -> None:
    restart_keeps_rounds_and_standings(tmp_path, f"sqlite:///{tmp_path / 'class.db'}")


def test_a_restart_rebuilds_rounds_and_standings_on_postgresql(tmp_path: Path, fresh_postgres_url: str) -> None:
    restart_keeps_rounds_and_standings(tmp_path, fresh_postgres_url)


def test_a_database_of_the_first_schema_is_upgraded_with_its_class_kept(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(sa.text("insert into classes (name, created) values ('5B', 0)"))
    engine.dispose()
    store = Store(url)
    assert store.classes() == [(1, "5B")] and store.rounds() == []
    with store.engine.connect() as connection:
        assert connection.execute(sa.text("select version_num from alembic_version")).scalar() == "0003"
    store.close()
