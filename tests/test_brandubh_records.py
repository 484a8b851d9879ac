"""Brandubh saved games: a record replays to the same game; anything corrupt or hostile
is a ``BadRecord`` with a short message, never another exception (DESIGN.md).

Records are version 2 (the base class's record, ``"chance": {"kind": "none"}``);
the version 1 records written by drezlab 0.1 (``tests/data/brandubh-records-v1.json``,
saved from commit fd109fa) still load, and are saved again as version 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drezlab import BadRecord
from drezlab.games.brandubh import START_TEXT, WHITE, Brandubh
from drezlab.testing import random_game

V1_RECORDS: list[str] = json.loads((Path(__file__).parent / "data" / "brandubh-records-v1.json").read_text())["records"]

PUZZLE = """
.......
..a....
.a.K...
.......
...a...
.......
.......
"""


def played(seed: int = 3, plies: int = 15, **options) -> Brandubh:
    return random_game(Brandubh(seed=seed, **options), seed, plies)


def altered(game: Brandubh, change) -> str:
    record = json.loads(game.to_json())
    change(record)
    return json.dumps(record)


def test_record_layout() -> None:
    game = played()
    record = json.loads(game.to_json())
    assert record["game"] == "brandubh" and record["version"] == 2 and record["kind"] == "game"
    assert record["seed"] == 3
    assert record["chance"] == {"kind": "none"}
    assert record["options"] == {"king_returns": True, "king_capture": "standard", "armed_king": True,
                                 "pass_empty_throne": True, "position": None, "to_move": "black"}
    assert record["actions"] == [action.text for action in game.history]
    assert record["state"] == {"board": game.to_text().replace("\n", "/"), "turn": "white", "outcome": None}
    assert game.to_json() == json.dumps(record, sort_keys=True, separators=(",", ":"))


def test_a_game_without_a_seed_saves_the_same_record_every_time() -> None:
    """Nothing is left to chance, so no invented deal seed makes two equal games' records differ."""
    assert Brandubh().to_json() == Brandubh().to_json()
    assert json.loads(Brandubh().to_json())["seed"] is None
    assert Brandubh.from_json(Brandubh().to_json()).to_json() == Brandubh().to_json()


def test_a_teachers_position_is_saved_normalised() -> None:
    game = Brandubh.from_text(PUZZLE, to_move=0)
    options = json.loads(game.to_json())["options"]
    assert options["position"] == "......./..a..../.a.K.../......./...a.../......./......."
    assert options["to_move"] == "white"


def test_finished_game_with_options_round_trips() -> None:
    game = played(seed=9, plies=10_000, king_capture="two", armed_king=False)
    assert game.is_over
    again = Brandubh.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    assert again.outcome == game.outcome
    assert again.rules == game.rules
    assert again.undo() == game.history[-1]


def test_puzzle_round_trips_and_fresh_keeps_the_position() -> None:
    game = Brandubh.from_text(PUZZLE, to_move="white", king_returns=False)
    game.play("d5-d6")
    again = Brandubh.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    fresh = again.fresh()
    assert fresh.to_text() == Brandubh.from_text(PUZZLE).to_text()
    assert fresh.to_move == WHITE and fresh.history == [] and fresh.rules.king_returns is False


def test_bytes_are_accepted() -> None:
    game = played()
    assert Brandubh.from_json(game.to_json().encode()).to_json() == game.to_json()


BAD_RECORDS = {
    "not json": lambda g: "{not json",
    "not an object": lambda g: "[1, 2]",
    "other game": lambda g: altered(g, lambda r: r.update(game="pokerdrez")),
    "future version": lambda g: altered(g, lambda r: r.update(version=99)),
    "version as text": lambda g: altered(g, lambda r: r.update(version="1")),
    "a view": lambda g: altered(g, lambda r: r.update(kind="view")),
    "version 0": lambda g: altered(g, lambda r: r.update(version=0)),
    "no chance": lambda g: altered(g, lambda r: r.pop("chance")),
    "chance not an object": lambda g: altered(g, lambda r: r.update(chance="none")),
    "a deal seed": lambda g: altered(g, lambda r: r.update(chance={"kind": "seeded", "seed": 3})),
    "scripted chance": lambda g: altered(g, lambda r: r.update(chance={"kind": "scripted", "outcomes": []})),
    "unknown chance": lambda g: altered(g, lambda r: r.update(chance={"kind": "dice"})),
    "no options": lambda g: altered(g, lambda r: r.pop("options")),
    "unknown option": lambda g: altered(g, lambda r: r["options"].update(exec="import os")),
    "bad option value": lambda g: altered(g, lambda r: r["options"].update(king_capture="three")),
    "option of the wrong type": lambda g: altered(g, lambda r: r["options"].update(armed_king="yes")),
    "seed as text": lambda g: altered(g, lambda r: r.update(seed="3")),
    "seed true": lambda g: altered(g, lambda r: r.update(seed=True)),
    "option true for a text": lambda g: altered(g, lambda r: r["options"].update(king_capture=True)),
    "option a number for true/false": lambda g: altered(g, lambda r: r["options"].update(king_returns=1)),
    "side to move": lambda g: altered(g, lambda r: r["options"].update(to_move="red")),
    "side to move true": lambda g: altered(g, lambda r: r["options"].update(to_move=True)),
    "position not text": lambda g: altered(g, lambda r: r["options"].update(position=["..."])),
    "bad position option": lambda g: altered(g, lambda r: r["options"].update(position="K", to_move="white")),
    "position changed": lambda g: altered(g, lambda r: r["options"].update(position=START_TEXT.replace("a", "."))),
    "moves not a list": lambda g: altered(g, lambda r: r.update(actions="d1-c1")),
    "move not text": lambda g: altered(g, lambda r: r["actions"].insert(0, 5)),
    "illegal move": lambda g: altered(g, lambda r: r["actions"].insert(0, "d4-d7")),
    "moves dropped": lambda g: altered(g, lambda r: r["actions"].pop()),
    "state altered": lambda g: altered(g, lambda r: r["state"].update(board=START_TEXT.replace("\n", "/"))),
    "turn altered": lambda g: altered(g, lambda r: r["state"].update(turn="black")),
    "outcome forged": lambda g: altered(g, lambda r: r["state"].update(outcome={"winners": [0], "reason": "x",
                                                                                  "scores": [1, 0], "payoffs": None})),
    "state not an object": lambda g: altered(g, lambda r: r.update(state=[])),
    "deeply nested": lambda g: '{"game": "brandubh", "version": 2, "kind": "game", "options": ' + "[" * 100_000
                               + "]" * 100_000 + "}",
    "not utf-8": lambda g: b"\xff\xfe{}",
    "infinite seed": lambda g: g.to_json().replace('"seed":3', '"seed":1e999'),
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_bad_records_are_refused(name: str) -> None:
    text = BAD_RECORDS[name](played())
    with pytest.raises(BadRecord) as error:
        Brandubh.from_json(text)
    assert len(str(error.value)) < 300


def test_refusals_leave_the_meaning_clear() -> None:
    with pytest.raises(BadRecord, match="chance source must be 'none' for VikingDrez"):
        Brandubh.from_json(BAD_RECORDS["a deal seed"](played()))
    with pytest.raises(BadRecord, match="saved position does not match"):
        Brandubh.from_json(BAD_RECORDS["state altered"](played()))
    with pytest.raises(BadRecord, match="side to move"):
        Brandubh.from_json(BAD_RECORDS["side to move"](played()))


# ------------------------------------------------------------ version 1 (drezlab 0.1)
def test_version_1_records_still_load() -> None:
    finished, puzzle, start = (Brandubh.from_json(text) for text in V1_RECORDS)
    old = [json.loads(text) for text in V1_RECORDS]
    for game, record in zip((finished, puzzle, start), old, strict=True):
        assert [action.text for action in game.history] == record["actions"]
        assert json.loads(game.to_json())["state"] == record["state"]
        assert game.seed == record["seed"]
        again = Brandubh.from_json(game.to_json())
        assert json.loads(again.to_json())["version"] == 2 and again.to_json() == game.to_json()
    assert finished.is_over and finished.rules.king_capture == "two" and finished.rules.armed_king is False
    assert puzzle.rules.king_returns is False and puzzle.fresh().to_move == WHITE
    assert puzzle.to_text() != Brandubh.from_text(PUZZLE).to_text()       # d5-d6 was replayed
    assert start.to_text() == START_TEXT and start.history == []


V1_BAD = {
    "no start": lambda r: r.pop("start"),
    "start not an object": lambda r: r.update(start="aadKdaa"),
    "start does not match options": lambda r: r["start"].update(board="......./" * 6 + "...K..."),
    "start turn": lambda r: r["start"].update(turn="red"),
    "start turn for a puzzle": lambda r: r["start"].update(turn="black"),
    "unknown option": lambda r: r["options"].update(exec="import os"),
    "bad option value": lambda r: r["options"].update(king_capture="three"),
    "bad position option": lambda r: r["options"].update(position="K"),
    "state altered": lambda r: r["state"].update(board=r["start"]["board"]),
    "outcome forged": lambda r: r["state"].update(outcome=None),
    "illegal move": lambda r: r["actions"].insert(0, "d4-d7"),
    "another kind": lambda r: r.update(kind="position"),
}


@pytest.mark.parametrize("name", sorted(V1_BAD))
def test_damaged_version_1_records_are_refused(name: str) -> None:
    record = json.loads(V1_RECORDS[1] if "puzzle" in name or "position" in name else V1_RECORDS[0])
    V1_BAD[name](record)
    with pytest.raises(BadRecord) as error:
        Brandubh.from_json(json.dumps(record))
    assert len(str(error.value)) < 300


def test_a_non_text_record_is_refused() -> None:
    with pytest.raises(BadRecord, match="JSON text"):
        Brandubh.from_json(12)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(position=st.integers(0, 10_000), junk=st.text(max_size=12))
def test_corrupted_records_are_refused_or_load_the_same_game(position: int, junk: str) -> None:
    """Any text spliced into a valid record: ``BadRecord``, or a game that saves the same again."""
    text = played().to_json()
    cut = position % (len(text) + 1)
    corrupted = text[:cut] + junk + text[cut:]
    try:
        game = Brandubh.from_json(corrupted)
    except BadRecord:
        return
    assert game.to_json() == Brandubh.from_json(game.to_json()).to_json()
