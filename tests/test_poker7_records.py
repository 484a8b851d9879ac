"""Poker7 saved games: anything corrupt or hostile is a ``BadRecord``.

A game record holds the options, the random state the game started from, every
action and the final state; loading replays the actions and compares. A view
record holds only what one seat may see, checked field by field. Every bad input
below must raise ``BadRecord`` (a ``ValueError``) with a short message, never
another exception, and a record that loads must give a working game.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drezlab import BadRecord
from drezlab.games.poker7 import Poker7


def played(seed: int, steps: int, **options) -> Poker7:
    game = Poker7(seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.play(game.random_action(rng))
    return game


def played_until(condition, players: int) -> Poker7:
    """A seeded random game stopped at the first position that meets ``condition``."""
    for seed in range(500):
        game = Poker7(seed=seed, players=players)
        rng = random.Random(seed)
        while not game.is_over:
            if condition(game):
                return game
            actions = game.legal_actions()
            calm = [a for a in actions if a.text in ("check", "call", "next") or a.text.startswith(("show", "bet"))]
            game.play(rng.choice(calm or actions))
    raise AssertionError("no game reached the position")


@pytest.fixture(scope="module")
def records() -> dict[str, dict]:
    games = {
        "fresh": Poker7(seed=1, players=3),
        "mid": played(2, 12, players=4),
        "long": played_until(lambda g: g.hand_number >= 3 and g.phase == "reveal", players=6),
        "teacher": Poker7(seed=4, players=2, hands={1: ["B5", "B8"]}, board=["R2", "P2", "P9"],
                          stacks=[50, 70]),
        "over": played(5, 5000, players=2),
    }
    assert games["over"].is_over and not games["long"].is_over
    return {name: json.loads(game.to_json()) for name, game in games.items()}


def dump(record: dict) -> str:
    return json.dumps(record)


def assert_bad(text, message: str | None = None) -> None:
    with pytest.raises(BadRecord) as info:
        Poker7.from_json(text)
    assert str(info.value)
    if message:
        assert message in str(info.value)


def test_the_valid_records_load(records) -> None:
    for record in records.values():
        game = Poker7.from_json(dump(record))
        assert json.loads(game.to_json()) == record
        if not game.is_over:
            game.play(game.legal_actions()[0])


def test_a_loaded_game_undoes_like_the_original(records) -> None:
    game = Poker7.from_json(dump(records["long"]))
    while game.history:
        game.undo()
    assert game.to_json() == Poker7(seed=game.seed, players=6).to_json()


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "42", '"poker7"', "{'game': 'poker7'}"])
def test_not_a_json_object(text: str) -> None:
    assert_bad(text)


@pytest.mark.parametrize("value", [None, 42, ["x"]])
def test_not_text_at_all(value) -> None:
    assert_bad(value)


def test_bytes_that_are_not_utf8() -> None:
    assert_bad(b"\xff\xfe{}")


@pytest.mark.parametrize("field, value", [
    ("game", "pokerdrez"), ("game", None), ("game", ["poker7"]), ("version", 2), ("version", "1"),
    ("version", True), ("kind", "save"), ("kind", None), ("seed", "7"), ("seed", 1.5), ("seed", True),
    ("options", []), ("options", None), ("start", None), ("start", {}), ("actions", "call"),
    ("actions", None), ("state", None), ("state", []),
])
def test_damaged_top_level_fields(records, field: str, value) -> None:
    record = copy.deepcopy(records["mid"])
    record[field] = value
    assert_bad(dump(record))


@pytest.mark.parametrize("field", ["game", "version", "options", "start", "actions", "state"])
def test_missing_top_level_fields(records, field: str) -> None:
    record = copy.deepcopy(records["mid"])
    del record[field]
    assert_bad(dump(record))


def test_truncated_records(records) -> None:
    text = dump(records["long"])
    for cut in (1, len(text) // 3, len(text) - 1):
        assert_bad(text[:cut])


@pytest.mark.parametrize("option, value", [
    ("players", 11), ("players", 1), ("players", "4"), ("stack", -5), ("min_bet", 0), ("max_hands", 0),
    ("dealer", 9), ("hands", {"0": ["B5", "B5"]}), ("hands", {"x": ["B5", "B8"]}), ("board", ["X1"]),
    ("stacks", [1, 2]), ("cheat", True),
])
def test_bad_options(records, option: str, value) -> None:
    record = copy.deepcopy(records["mid"])
    record["options"][option] = value
    assert_bad(dump(record))


def test_an_illegal_action_in_the_record(records) -> None:
    record = copy.deepcopy(records["mid"])
    record["actions"].insert(0, "raise 5000")
    assert_bad(dump(record), "cannot be replayed")


@pytest.mark.parametrize("bad", [None, 3, ["call"], {"a": 1}])
def test_actions_that_are_not_text(records, bad) -> None:
    record = copy.deepcopy(records["mid"])
    record["actions"][0] = bad
    assert_bad(dump(record), "not text")


def test_a_dropped_or_extra_action_is_noticed(records) -> None:
    record = copy.deepcopy(records["long"])
    dropped = copy.deepcopy(record)
    dropped["actions"].pop()
    assert_bad(dump(dropped))
    extra = copy.deepcopy(record)
    extra["actions"].append(Poker7.from_json(dump(record)).legal_actions()[0].text)
    assert_bad(dump(extra))


@pytest.mark.parametrize("key, change", [
    ("stacks", lambda v: [v[0] + 1] + v[1:]),
    ("deck", lambda v: v[1:] + v[:1]),
    ("hole", lambda v: v[::-1]),
    ("board", lambda v: v[::-1] if v else ["B1"]),
    ("dealer", lambda v: (v + 1) % 2),
    ("phase", lambda v: "reveal" if v != "reveal" else "bet"),
    ("rng", lambda v: [v[0], [v[1][0] ^ 1] + v[1][1:], v[2]]),
])
def test_a_tampered_final_state_is_noticed(records, key: str, change) -> None:
    record = copy.deepcopy(records["long"])
    record["state"][key] = change(record["state"][key])
    assert_bad(dump(record), "does not match")


def test_a_tampered_start_is_noticed(records) -> None:
    record = copy.deepcopy(records["mid"])
    words = record["start"]["rng"][1]
    words[5] = (words[5] + 1) % 2**32
    assert_bad(dump(record))
    record["start"]["rng"] = [3, [1, 2, 3], None]
    assert_bad(dump(record), "random-number state")


def test_a_teacher_record_keeps_its_deal(records) -> None:
    game = Poker7.from_json(dump(records["teacher"]))
    assert [card.id for card in game.hole[1]] == ["B5", "B8"] and game.starting_stacks == [50, 70]


# ------------------------------------------------------------------- views
@pytest.fixture(scope="module")
def view_records() -> dict[str, dict]:
    game = played_until(lambda g: g.phase == "bet" and g.street == 4 and len(g.contenders()) >= 3
                        and all(len(hole) == 2 for hole in g.hole), players=4)
    return {str(seat): json.loads(game.view(seat).to_json()) for seat in (None, 0, 1)}


def test_view_records_load_as_views(view_records) -> None:
    for seat, record in view_records.items():
        view = Poker7.from_json(dump(record))
        assert json.loads(view.to_json()) == record
        assert view.legal_actions() == [] and view.viewer == (None if seat == "None" else int(seat))
        view.svg(view.viewer)


@pytest.mark.parametrize("key, change, message", [
    ("deck", lambda v: ["B1"] + v[1:], "never shows the deck"),
    ("stacks", lambda v: [v[0] + 5] + v[1:], "add up"),
    ("stacks", lambda v: [-1] + v[1:], "negative"),
    ("phase", lambda v: "cheat", "unknown phase"),
    ("seat", lambda v: 17, "seat"),
    ("hole", lambda v: v[:-1], "one hand per seat"),
    ("revealed", lambda v: ["B1"] + v[1:], "not one of its cards"),
    ("outcome", lambda v: {"winners": [0], "reason": "luck", "scores": [1, 0, 0, 0], "payoffs": [0] * 4},
     "unknown reason"),
    ("pots", lambda v: [["x"]], "pot"),
    ("last", lambda v: [0, "x" * 500], "last action"),
    ("queue", lambda v: [99], "queue"),
    ("board", lambda v: ["??"] * 3, "face-up"),
])
def test_damaged_views_are_refused(view_records, key: str, change, message: str) -> None:
    record = copy.deepcopy(view_records["None"])
    record["state"][key] = change(record["state"][key])
    assert_bad(dump(record), message)


def test_a_view_that_shows_another_seats_hidden_card_is_refused(view_records) -> None:
    record = copy.deepcopy(view_records["0"])
    hole = record["state"]["hole"]
    seen = {card for hand in hole for card in hand if card != "??"} | set(record["state"]["board"])
    unseen = next(card for card in ("B1", "B2", "B3", "B4", "B5", "B6") if card not in seen)
    revealed = record["state"]["revealed"][2]
    hole[2] = [unseen, revealed] if revealed else [unseen, "??"]
    assert_bad(dump(record), "hidden card")


def test_a_view_with_a_duplicated_card_is_refused(view_records) -> None:
    record = copy.deepcopy(view_records["0"])
    record["state"]["hole"][0] = [record["state"]["hole"][0][0]] * 2
    assert_bad(dump(record))


def test_a_view_carrying_the_teachers_deal_is_refused(view_records) -> None:
    record = copy.deepcopy(view_records["0"])
    record["options"]["board"] = ["B1"]
    assert_bad(dump(record), "teacher")


# -------------------------------------------------------------- fuzzing
def _mutate(value, rng: random.Random, replacement):
    """Replace one random leaf of a JSON document."""
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        value[key] = _mutate(value[key], rng, replacement) if rng.random() < 0.8 else replacement
        return value
    if isinstance(value, list) and value:
        index = rng.randrange(len(value))
        value[index] = _mutate(value[index], rng, replacement) if rng.random() < 0.8 else replacement
        return value
    return replacement


json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.text(max_size=8),
                      st.lists(st.integers(-3, 60), max_size=4), st.just("??"), st.just("B5"))


@settings(max_examples=300, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(["mid", "teacher", "view"]), seed=st.integers(0, 10**6), leaf=json_leaf)
def test_random_damage_gives_a_bad_record_or_a_working_game(records, view_records, which, seed, leaf) -> None:
    record = copy.deepcopy(view_records["1"] if which == "view" else records[which])
    _mutate(record, random.Random(seed), leaf)
    try:
        game = Poker7.from_json(dump(record))
    except BadRecord:
        return
    game.to_json()
    game.svg(game.viewer)
    game.legal_actions()


def test_deeply_nested_hostile_json_is_a_bad_record() -> None:
    assert_bad("[" * 100_000 + "]" * 100_000)
    assert_bad('{"game": "poker7", "version": 1, "kind": "game", "options": ' + "[" * 5000 + "]" * 5000 + "}")
