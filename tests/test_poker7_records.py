"""Poker7 saved games: anything corrupt or hostile is a ``BadRecord``.

A game record (version 2) holds the options, the deal seed (or the scripted deck
orders), every action and the final state; loading replays the actions and
compares, so inconsistent bets and pots or a hand marked shown but face down
cannot be loaded. A seat's view is not a game and is never loaded as one.
Version-1 records of seeded games (drezlab 0.1, kept in ``tests/data``) still
load; an unseeded one is refused with a message naming the version needed.
Every bad input below must raise ``BadRecord`` (a ``ValueError``) with a short
message, never another exception, and a record that loads must give a working game.
Damage that is the same for every game (not JSON, truncated, oversize, a wrong
version or kind, a missing field) is checked by the conformance suite.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drezlab import BadRecord, Scripted
from drezlab.games.poker7 import Poker7
from drezlab.games.poker7.hands import DECK
from drezlab.testing import random_game

DATA = Path(__file__).parent / "data"


def played(seed: int, steps: int, **options) -> Poker7:
    return random_game(Poker7(seed=seed, **options), seed, steps)


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


@pytest.mark.parametrize("option, value", [
    ("players", 11), ("players", 1), ("players", "4"), ("players", True), ("players", 4.0), ("stack", -5),
    ("stack", 1e9), ("min_bet", 0), ("min_bet", "2"), ("max_hands", 0), ("max_hands", -99),
    ("max_hands", False), ("dealer", 9), ("dealer", -1), ("hands", {"0": ["B5", "B5"]}),
    ("hands", {"x": ["B5", "B8"]}), ("hands", ["B5", "B8"]), ("hands", {"0": "B5 B8"}), ("board", ["X1"]),
    ("board", "R2 P2 P9"), ("stacks", [1, 2]), ("stacks", [50, True, 50, 50]), ("cheat", True),
])
def test_bad_options(records, option: str, value) -> None:
    record = copy.deepcopy(records["mid"])
    record["options"][option] = value
    assert_bad(dump(record))


def test_an_illegal_action_in_the_record(records) -> None:
    record = copy.deepcopy(records["mid"])
    record["actions"].insert(0, "raise 5000")
    assert_bad(dump(record), "cannot be replayed")


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
    ("committed", lambda v: [v[0] + 2] + v[1:]),
    ("round_bets", lambda v: [v[0] + 2] + v[1:]),
    ("current_bet", lambda v: v + 2),
    ("pots", lambda v: [[10, [0, 1], [0]]]),
    ("shown", lambda v: [True] + v[1:]),
    ("revealed", lambda v: [None] * len(v) if any(v) else ["B1"] + v[1:]),
    ("last", lambda v: [0, "bet", 99]),
])
def test_a_tampered_final_state_is_noticed(records, key: str, change) -> None:
    record = copy.deepcopy(records["long"])
    record["state"][key] = change(record["state"][key])
    assert_bad(dump(record), "does not match")


def test_a_tampered_deal_seed_is_noticed(records) -> None:
    record = copy.deepcopy(records["mid"])
    record["chance"]["seed"] += 1
    assert_bad(dump(record))


def test_a_teacher_record_keeps_its_deal(records) -> None:
    game = Poker7.from_json(dump(records["teacher"]))
    assert [card.id for card in game.hole[1]] == ["B5", "B8"] and game.starting_stacks == [50, 70]


def showdown_record() -> dict:
    """A hand that ended at a showdown between seats 0 and 2 (seat 1 folded)."""
    game = Poker7(seed=6, players=3)
    for text in ("bet 2", "fold", "call"):
        game.play(text)
    while game.phase != "next":
        game.play("check" if game.phase == "bet" else game.legal_actions()[0])
    assert game.shown == [True, False, True]
    return json.loads(game.to_json())


def test_inconsistent_bets_and_pots_are_refused() -> None:
    record = showdown_record()
    for key, change in (("pots", lambda pots: [[pots[0][0] + 4] + pots[0][1:]]),
                        ("won", lambda won: [won[0] + 4] + won[1:]),
                        ("stacks", lambda stacks: [stacks[0] - 4, stacks[1] + 4] + stacks[2:])):
        damaged = copy.deepcopy(record)
        damaged["state"][key] = change(damaged["state"][key])
        assert_bad(dump(damaged), "does not match")


def test_a_hand_marked_shown_but_face_down_is_refused() -> None:
    record = showdown_record()
    damaged = copy.deepcopy(record)
    damaged["state"]["shown"][1] = True          # seat 1 folded: its cards stay face down
    assert_bad(dump(damaged), "does not match")
    hidden = copy.deepcopy(record)
    hidden["state"]["shown"][0] = False
    assert_bad(dump(hidden), "does not match")


def test_a_scripted_deal_is_saved_and_replayed() -> None:
    order = [card.id for card in DECK]
    game = Poker7(players=2, chance=Scripted([order, order[::-1]]))
    game.play("bet 10")
    game.play("fold")
    game.play("next")
    game.play("next")
    record = json.loads(game.to_json())
    assert record["chance"] == {"kind": "scripted", "outcomes": [order, order[::-1]]}
    assert Poker7.from_json(dump(record)).to_json() == game.to_json()
    record["chance"]["outcomes"][1] = order
    assert_bad(dump(record), "does not match")
    record["chance"]["outcomes"] = [order]
    assert_bad(dump(record))


# ------------------------------------------------------------------- views
def test_a_saved_view_is_not_a_game() -> None:
    game = played(3, 20, players=4)
    for seat in (None, 0, 3):
        assert_bad(game.view(seat).to_json(), "view")
    relabelled = json.loads(game.to_json())
    relabelled["kind"] = "view"
    assert_bad(dump(relabelled), "view")


# --------------------------------------------------------- version 1 (drezlab 0.1)
def v1_record(name: str) -> dict:
    return json.loads((DATA / f"poker7-v1-{name}.json").read_text())


@pytest.mark.parametrize("name", ["seeded", "teacher"])
def test_version_1_records_of_seeded_games_still_load(name: str) -> None:
    record = v1_record(name)
    game = Poker7.from_json(dump(record))
    assert game.seed == record["seed"] and [action.text for action in game.history] == record["actions"]
    state = record["state"]
    assert [[card.id for card in hole] for hole in game.hole] == state["hole"]
    assert [card.id for card in game.deck] == state["deck"] and game.stacks == state["stacks"]
    assert game.last == (tuple(state["last"]) if state["last"] else None)
    saved = json.loads(game.to_json())
    assert saved["version"] == 2 and saved["chance"] == {"kind": "seeded", "seed": record["seed"]}
    assert Poker7.from_json(game.to_json()).to_json() == game.to_json()
    game.play(game.legal_actions()[0])


def test_a_version_1_record_without_a_seed_is_refused_naming_the_version() -> None:
    assert_bad(dump(v1_record("unseeded")), "version-2 record")


@pytest.mark.parametrize("key, change", [
    ("stacks", lambda v: [v[0] + 1] + v[1:]),
    ("rng", lambda v: [v[0], [v[1][0] ^ 1] + v[1][1:], v[2]]),
    ("last", lambda v: [0, "Bet 99"]),
])
def test_a_tampered_version_1_record_is_refused(key: str, change) -> None:
    record = v1_record("seeded")
    record["state"][key] = change(record["state"][key])
    assert_bad(dump(record), "does not match")


def test_a_version_1_record_with_a_changed_start_is_refused() -> None:
    record = v1_record("seeded")
    record["start"]["rng"][1][5] = (record["start"]["rng"][1][5] + 1) % 2**32
    assert_bad(dump(record), "version 1")
    record["start"]["rng"] = [3, [1, 2, 3], None]
    assert_bad(dump(record), "random-number state")


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
@given(which=st.sampled_from(["mid", "teacher", "version 1"]), seed=st.integers(0, 10**6), leaf=json_leaf)
def test_random_damage_gives_a_bad_record_or_a_working_game(records, which, seed, leaf) -> None:
    record = v1_record("seeded") if which == "version 1" else copy.deepcopy(records[which])
    _mutate(record, random.Random(seed), leaf)
    try:
        game = Poker7.from_json(dump(record))
    except BadRecord:
        return
    # a record that loads is a working game: it saves and loads back the same, draws, and plays on
    assert Poker7.from_json(game.to_json()).to_json() == game.to_json()
    assert game.svg(None).startswith("<svg")
    if not game.is_over:
        first = game.legal_actions()[0]
        assert game.play(first) == first


def test_a_game_saved_in_spanish_loads_in_english() -> None:
    """The record keeps the last action as notation, not as its translated label."""
    from drezlab import set_language
    try:
        set_language("es")
        game = Poker7(seed=2, players=3)
        game.play("bet 4")
        game.play("call")
        assert game.last == (1, "Igualar 4")
        text = game.to_json()
    finally:
        set_language("en")
    loaded = Poker7.from_json(text)
    assert loaded.to_json() == text and loaded.last == (1, "Call 4")
