"""Saved games and teacher positions: anything corrupt or hostile is a ``BadRecord``.

DESIGN.md: ``from_json`` reads versioned plain JSON; "a corrupt or hostile
document raises ``drezlab.BadRecord``, never executes anything". So every bad
input below must raise ``BadRecord`` (a ``ValueError``) with a short message a
pupil can read, and never any other exception. A record that does load must
give a working game (same JSON when saved again, legal actions, views).

A version-2 record is replayed from its options, deal seed (or scripted chance)
and actions, and the position reached must equal the saved ``state``: any change
to the state, the actions or the chance is refused. Views are not loadable.
Version-1 records of drezlab 0.1 (``tests/data/pokerdrez-v1-*.json``, written by
drezlab 0.1 itself) load when the game had a seed, and are checked against their
saved start and final states.

Teacher positions (``PokerDrez(fen=..., hands=..., common=..., pile=...)``)
are checked the same way.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import chess
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drezlab import BadRecord, Deck, IllegalAction, PokerDrez
from drezlab.testing import random_game

DATA = Path(__file__).resolve().parent / "data"
START_FEN = chess.STARTING_FEN
SIMPLE_FEN = "4k3/pppp4/8/8/8/8/PPPP4/4K2R w K - 0 1"


# --------------------------------------------------------------------- helpers
def played(seed: int, steps: int, **options) -> PokerDrez:
    """A seeded random game, ``steps`` actions in; raises are accepted, never refused."""
    game = PokerDrez(seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        action = game.random_action(rng)
        game.play("accept" if action.text == "refuse" else action)
    return game


def play_until(game: PokerDrez, condition, seed: int = 0, limit: int = 3000) -> PokerDrez:
    random_game(game, seed, limit - 1, until=condition)      # its first ``limit`` positions
    assert condition(game), "condition never met"
    return game


def dump(record) -> str:
    return json.dumps(record)


def assert_bad_record(text, *words: str) -> str:
    """``from_json(text)`` raises BadRecord whose message is short, readable text
    mentioning every one of ``words`` (case-insensitive)."""
    try:
        PokerDrez.from_json(text)
    except BadRecord as error:
        message = str(error)
    except Exception as error:  # noqa: BLE001 - the point is to catch anything else
        pytest.fail(f"from_json raised {type(error).__name__}: {error} (expected BadRecord)")
    else:
        pytest.fail("from_json accepted a bad record")
    assert isinstance(message, str) and message.strip()
    assert "Traceback" not in message
    assert len(message) <= 600, f"message too long to read ({len(message)} chars)"
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    return message


def check_loaded_game_works(game: PokerDrez) -> None:
    """What a successfully loaded record must give: a game that saves to the same
    JSON, lists its actions, shows views and can be played on without crashing."""
    text = game.to_json()
    assert PokerDrez.from_json(text).to_json() == text
    actions = game.legal_actions()
    assert game.is_over or actions, "a running game must offer an action"
    for seat in (0, 1, None):
        game.view(seat).to_json()
    random_game(game, 0, 4)
    with pytest.raises(IllegalAction):
        game.play("certainly not an action")


@pytest.fixture(scope="module")
def records() -> dict[str, str]:
    """Valid records of several kinds."""
    fresh = PokerDrez(seed=3, decks=1)
    mid = played(12, 40, decks=1, pawn_removal=False, betting=(1, 5))   # has a roll, an exchange, a raise
    rolled = play_until(PokerDrez(seed=4, decks=1, pawn_removal=False),
                        lambda g: any(a.text == "roll" for a in g.legal_actions()))
    rolled.play("roll")
    random_game(rolled, 2, 3)
    teacher = PokerDrez(fen=SIMPLE_FEN, decks=1, hands={0: ["Q5", "X1"], 1: ["J9", "R2"]},
                        common=["P1", "N2", "B3", "R4", "Q6"], pile=["J1", "J2", "J3", "P4"], die=0)
    teacher.play("R4:e1g1")
    return {"fresh": fresh.to_json(), "mid": mid.to_json(), "rolled": rolled.to_json(),
            "view": mid.view(0).to_json(), "teacher": teacher.to_json()}


def test_the_valid_records_load(records):
    mid = PokerDrez.from_json(records["mid"])
    assert len(mid.history) == 40 and not mid.is_over
    for name, text in records.items():
        if name == "view":
            continue
        game = PokerDrez.from_json(text)
        assert game.to_json() == text
        assert PokerDrez.from_json(text.encode("utf-8")).to_json() == text


# --------------------------------------------------------------- not a record
@pytest.mark.parametrize("text", [
    "", " ", "not json", "{", "}", "{'game': 'pokerdrez'}", "null", "true", "42", "-1e999", '"pokerdrez"',
    "NaN", "Infinity", "{\"game\": \"pokerdrez\",}", "\x00", "\ufeff{}", "{\"a\":1}{\"b\":2}",
])
def test_not_a_json_object(text):
    assert_bad_record(text)


@pytest.mark.parametrize("text", ["[]", "[1, 2, 3]", '["pokerdrez", 1]', "[{\"game\": \"pokerdrez\", \"version\": 1}]"])
def test_json_array(text):
    assert_bad_record(text, "object")


@pytest.mark.parametrize("value", [None, 42, True, 1.5])
def test_not_text_at_all(value):
    assert_bad_record(value)


@pytest.mark.parametrize("data", [b"\xff\xfe\xfd", b"{\"game\": \"pokerdr\xe9z\"}", b"\xc3\x28", b"\x80" * 10])
def test_bytes_that_are_not_utf8(data):
    assert_bad_record(data, "UTF-8")


def test_utf8_bytes_are_accepted(records):
    assert PokerDrez.from_json(records["mid"].encode()).to_json() == records["mid"]


# --------------------------------------------------------------- game, version
@pytest.mark.parametrize("game", ["chess", "PokerDrez ", "", None, 5, True])
def test_wrong_game(records, game):
    record = json.loads(records["fresh"])
    record["game"] = game
    assert_bad_record(dump(record), "pokerdrez")


@pytest.mark.parametrize("game", [["pokerdrez"], {"name": "pokerdrez"}, [[]]])
def test_wrong_game_of_an_unhashable_type(records, game):
    """A list or an object where the game name belongs is still only a bad record."""
    record = json.loads(records["fresh"])
    record["game"] = game
    assert_bad_record(dump(record), "pokerdrez")


def test_missing_game(records):
    record = json.loads(records["fresh"])
    del record["game"]
    assert_bad_record(dump(record), "pokerdrez")


@pytest.mark.parametrize("version", [0, 3, 99, -1, "1", "2", 1.0, 2.0, 1.5, True, None, [2], {"v": 2}])
def test_wrong_version(records, version):
    record = json.loads(records["fresh"])
    record["version"] = version
    assert_bad_record(dump(record), "version")


def test_missing_version(records):
    record = json.loads(records["fresh"])
    del record["version"]
    assert_bad_record(dump(record), "version")


@pytest.mark.parametrize("kind", ["", "games", None, 5, ["game"], {"k": "game"}])
def test_unknown_record_kind(records, kind):
    record = json.loads(records["fresh"])
    record["kind"] = kind
    assert_bad_record(dump(record), "kind")


# ------------------------------------------------------------------ truncation
@pytest.mark.parametrize("name", ["fresh", "mid", "view", "teacher"])
def test_truncated_records(records, name):
    text = records[name]
    cuts = sorted(set(range(0, len(text), max(1, len(text) // 60))) | {len(text) - 1, len(text) - 2, 1})
    for cut in cuts:
        assert_bad_record(text[:cut])


# -------------------------------------------------------------------- actions
def test_actions_with_an_illegal_action(records):
    record = json.loads(records["mid"])
    record["actions"][5] = "J9:e1e8"
    message = assert_bad_record(dump(record), "action 6")
    assert "J9:e1e8" in message


def test_actions_with_a_legal_looking_but_wrong_action(records):
    record = json.loads(records["mid"])
    # the first action played again as the second one
    record["actions"].insert(1, record["actions"][0])
    assert_bad_record(dump(record))


@pytest.mark.parametrize("bad", [5, None, ["roll"], {"a": 1}, True])
def test_actions_that_are_not_text(records, bad):
    record = json.loads(records["mid"])
    record["actions"][3] = bad
    assert_bad_record(dump(record), "action 4")


@pytest.mark.parametrize("bad", ["roll", 5, None, {"0": "roll"}])
def test_actions_not_a_list(records, bad):
    record = json.loads(records["mid"])
    record["actions"] = bad
    assert_bad_record(dump(record), "actions")


def test_missing_actions(records):
    record = json.loads(records["mid"])
    del record["actions"]
    assert_bad_record(dump(record), "actions")


def test_dropped_or_extra_action_is_noticed(records):
    record = json.loads(records["mid"])
    record["actions"].pop()
    assert_bad_record(dump(record))
    record = json.loads(records["fresh"])
    record["actions"] = ["keep"]          # the state still says nobody has answered
    assert_bad_record(dump(record), "altered")


# ------------------------------------------------------------ tampered state
def test_tampered_state_hand_card_swapped_with_the_pile(records):
    record = json.loads(records["mid"])
    zones = record["state"]["zones"]
    zones["hand-0"][0], zones["pile"][0] = zones["pile"][0], zones["hand-0"][0]
    assert_bad_record(dump(record), "altered")


def test_tampered_state_hands_exchanged(records):
    record = json.loads(records["mid"])
    zones = record["state"]["zones"]
    zones["hand-0"], zones["hand-1"] = zones["hand-1"], zones["hand-0"]
    assert_bad_record(dump(record), "altered")


@pytest.mark.parametrize("key, values", [
    ("fen", [START_FEN, SIMPLE_FEN]), ("die_holder", [None]), ("bet", [5, 4]), ("phase", ["return", "play"]),
    ("seat", [1, 0]), ("plain_chess", [True]), ("die_value", [3, 4]), ("known", [[["Q5", 0, "hand-1"]]]),
    ("outcome", [{"winners": [0], "reason": "checkmate", "scores": [1.0, 0.0], "payoffs": None}]),
])
def test_tampered_state_fields(records, key, values):
    record = json.loads(records["mid"])
    value = next(v for v in values if v != record["state"][key])
    record["state"][key] = value
    assert_bad_record(dump(record), "altered")


def test_tampered_deal_seed(records):
    """Another deal seed deals other cards: the actions or the final state no longer fit."""
    record = json.loads(records["rolled"])
    record["chance"]["seed"] += 1
    assert_bad_record(dump(record))


@pytest.mark.parametrize("chance", [None, 5, [], {}, {"kind": "seeded"}, {"kind": "seeded", "seed": None},
                                    {"kind": "seeded", "seed": "7"}, {"kind": "seeded", "seed": True},
                                    {"kind": "loaded dice", "seed": 7}, {"kind": "scripted"},
                                    {"kind": "scripted", "outcomes": "6"}, {"kind": "scripted", "outcomes": []}])
def test_damaged_chance(records, chance):
    record = json.loads(records["rolled"])
    record["chance"] = chance
    assert_bad_record(dump(record))


def test_missing_state(records):
    for key in ("state", "chance", "options", "actions"):
        record = json.loads(records["mid"])
        del record[key]
        assert_bad_record(dump(record), key)


@pytest.mark.parametrize("field", ["start", "rng", "viewer", "state2"])
def test_unknown_fields_are_refused(records, field):
    record = json.loads(records["mid"])
    record[field] = record["state"]
    assert_bad_record(dump(record), field)


# ----------------------------------------------------- cards are not the deck
def _zones(record: dict) -> dict:
    return record["state"]["zones"]


def test_state_with_a_duplicate_card(records):
    record = json.loads(records["mid"])
    _zones(record)["hand-0"][1] = _zones(record)["hand-0"][0]
    assert_bad_record(dump(record), "altered")


def test_state_with_a_missing_card(records):
    record = json.loads(records["mid"])
    _zones(record)["pile"].pop()
    assert_bad_record(dump(record), "altered")


def test_state_with_an_extra_card(records):
    record = json.loads(records["mid"])
    _zones(record)["discard"].append("Q5")
    assert_bad_record(dump(record), "altered")


def test_state_with_a_second_pack_card_in_a_one_pack_game(records):
    record = json.loads(records["mid"])
    _zones(record)["pile"][0] += "b"
    assert_bad_record(dump(record), "altered")


@pytest.mark.parametrize("card", ["Z9", "??", "", 5, None, ["Q5"], {"id": "Q5"}, "Q5 ", "q5"])
def test_state_with_something_that_is_not_a_card(records, card):
    record = json.loads(records["mid"])
    _zones(record)["common"][0] = card
    assert_bad_record(dump(record), "altered")


def test_options_disagree_with_the_cards(records):
    """Two packs deal other cards than the one pack the actions were played with."""
    record = json.loads(records["mid"])
    record["options"]["decks"] = 2
    assert_bad_record(dump(record))


@pytest.mark.parametrize("key, value", [
    ("decks", 3), ("decks", "2"), ("decks", None), ("decks", [1]),
    ("draw_claims", "maybe"), ("draw_claims", ["auto"]), ("draw_claims", None),
    ("betting", [5, 1]), ("betting", [0, 5]), ("betting", [1]), ("betting", {"a": 1, "b": 2}),
    ("betting", [1, "x"]), ("betting", [1, 2, 3]),
])
def test_bad_options(records, key, value):
    record = json.loads(records["mid"])
    record["options"][key] = value
    assert_bad_record(dump(record), key.split("_")[0])


@pytest.mark.parametrize("maximum", [1e400, -1e400, float("nan")])
def test_betting_with_non_finite_numbers(records, maximum):
    """JSON ``1e400`` reads as infinity, written back as ``Infinity``: refused while reading."""
    record = json.loads(records["mid"])
    record["options"]["betting"] = [1, maximum]
    message = assert_bad_record(json.dumps(record))
    assert "not a number JSON allows" in message, message


def test_betting_with_an_absurd_maximum_is_refused_or_stays_fast(records):
    """A hostile maximum of 10**30 must not make the game list 10**30 raise actions
    (run in a child process with a time limit, so a failure cannot hang the suite)."""
    record = json.loads(records["fresh"])
    record["options"]["betting"] = [1, 10 ** 30]
    record["state"]["bet"] = 1
    code = (
        "import sys, resource\n"
        "resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
        "from drezlab import PokerDrez, BadRecord\n"
        "try:\n"
        "    game = PokerDrez.from_json(sys.stdin.read())\n"
        "except BadRecord:\n"
        "    print('refused'); raise SystemExit\n"
        "game.play('keep'); game.play('keep')\n"
        "print(len(game.legal_actions()))\n"
    )
    try:
        result = subprocess.run([sys.executable, "-c", code], input=dump(record), capture_output=True,
                                text=True, timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail("a record with betting maximum 10**30 made legal_actions() run for over 20 s")
    assert result.returncode == 0, result.stderr[-500:]
    answer = result.stdout.strip()
    assert answer == "refused" or int(answer) < 10_000


# ------------------------------------------------- version 1 (drezlab 0.1)
V1_NAMES = ["seeded", "betting", "chance", "teacher"]


def v1_record(name: str) -> dict:
    return json.loads((DATA / f"pokerdrez-v1-{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", V1_NAMES)
def test_version_1_records_of_seeded_games_still_load(name):
    """Records saved by drezlab 0.1 load: the deal is replayed from the seed and the game
    reaches exactly the saved position (cards, die, bet, random-number state)."""
    old = v1_record(name)
    game = PokerDrez.from_json(json.dumps(old))
    assert [action.text for action in game.history] == old["actions"]
    state = old["state"]
    assert game.board.fen() == state["fen"] and [move.uci() for move in game.board.move_stack] == state["moves"]
    assert [[card.id for card in hand] for hand in game.hands] == state["hands"]
    assert [card.id for card in game.pile] == state["pile"] and [card.id for card in game.common] == state["common"]
    assert game.seed == old["seed"]
    saved = json.loads(game.to_json())
    assert saved["version"] == 2 and PokerDrez.from_json(game.to_json()).to_json() == game.to_json()
    check_loaded_game_works(game)


def test_version_1_records_replay_the_die_and_the_cards_taken():
    old = v1_record("chance")
    assert "roll" in old["actions"] and any(text.endswith(">hand") for text in old["actions"])
    game = PokerDrez.from_json(json.dumps(old))
    assert game.die_value == old["state"]["die_value"] and game.die_holder == old["state"]["die_holder"]


def test_version_1_record_without_a_seed_is_refused_with_the_reason():
    assert_bad_record(json.dumps(v1_record("unseeded")), "version-1", "seed")


@pytest.mark.parametrize("where", ["start", "state"])
def test_version_1_record_with_a_tampered_hand_is_refused(where):
    old = v1_record("chance")
    hands = old[where]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    assert_bad_record(json.dumps(old), "altered")


@pytest.mark.parametrize("rng", [None, 5, "state", [], [3, [0] * 625, None], [4, list(range(625)), None]])
def test_version_1_record_with_a_damaged_random_state_is_refused(rng):
    old = v1_record("chance")
    old["start"]["rng"] = rng
    assert_bad_record(json.dumps(old), "altered")


def test_version_1_record_with_an_altered_roll_is_refused():
    old = v1_record("chance")
    old["state"]["rng"][1][5] ^= 1
    assert_bad_record(json.dumps(old), "altered")


@pytest.mark.parametrize("field", ["start", "actions", "options", "state"])
def test_version_1_record_missing_a_field(field):
    old = v1_record("betting")
    del old[field]
    assert_bad_record(json.dumps(old), field)


def test_version_1_view_is_refused():
    old = v1_record("seeded")
    view = {"game": "pokerdrez", "version": 1, "kind": "view", "viewer": 0, "options": old["options"],
            "state": old["state"]}
    assert_bad_record(json.dumps(view), "view")


# -------------------------------------------------------------------- the seed
@pytest.mark.parametrize("seed", ["3", 3.5, True, [3], {"s": 3}])
def test_non_integer_seed(records, seed):
    record = json.loads(records["mid"])
    record["seed"] = seed
    assert_bad_record(dump(record), "seed")


@pytest.mark.parametrize("seed", [None, 0, 12345678901234567890, -7])
def test_integer_or_null_seed_is_fine(records, seed):
    record = json.loads(records["mid"])
    record["seed"] = seed
    game = PokerDrez.from_json(dump(record))
    assert game.seed == seed


# ------------------------------------------------------------ hostile shapes
@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_huge_nesting(depth):
    assert_bad_record("[" * depth + "]" * depth)
    assert_bad_record('{"a":' * depth + "1" + "}" * depth)


@pytest.mark.parametrize("where", ["options", "chance", "actions", "seed", "state", "outcome"])
def test_deep_nesting_inside_a_record(records, where):
    nested = "[" * 5000 + "]" * 5000
    record = json.loads(records["mid"])
    if where == "outcome":
        assert '"outcome": null' in dump(record)
        text = dump(record).replace('"outcome": null', '"outcome": ' + nested, 1)
    else:
        record[where] = "@@"
        text = dump(record).replace('"@@"', nested)
    assert_bad_record(text)


@pytest.mark.parametrize("where", ["options", "chance", "start", "actions", "seed", "state"])
def test_moderate_nesting_inside_a_record(records, where):
    """Nesting that Python's JSON reader accepts must still be rejected cleanly."""
    nested = "[" * 500 + "]" * 500
    record = json.loads(records["mid"])
    record[where] = "@@"
    assert_bad_record(dump(record).replace('"@@"', nested))


def test_huge_integer(records):
    """A number with more digits than Python will convert is a bad record, not a crash."""
    assert_bad_record("1" * 5000)
    record = json.loads(records["mid"])
    record["seed"] = "@@"
    assert_bad_record(dump(record).replace('"@@"', "9" * 5000))


@pytest.mark.parametrize("value", [[1], 5, "checkmate", True, 1.5, {"winners": 5}, {"reason": "x"}])
def test_damaged_outcome(records, value):
    record = json.loads(records["fresh"])
    record["state"]["outcome"] = value
    assert_bad_record(dump(record))


def test_hostile_long_strings_give_short_messages(records):
    huge = "x" * 100_000
    for key in ("game", "kind"):
        record = json.loads(records["fresh"])
        record[key] = huge
        assert_bad_record(dump(record))
    record = json.loads(records["fresh"])
    record["actions"] = [huge]
    assert_bad_record(dump(record))
    record = json.loads(records["fresh"])
    record["state"]["phase"] = huge
    assert_bad_record(dump(record))


def test_nothing_is_executed():
    """Only JSON is read: a pickle or Python source is just not a record."""
    import pickle

    game = PokerDrez(seed=1)
    assert_bad_record(pickle.dumps(game.to_json()))
    assert_bad_record("__import__('os').system('echo hacked')")


# --------------------------------------------------------------- view records
def test_views_are_not_loadable(records):
    """What one seat saw has no hidden cards: it is never loaded as a game (so a saved
    view can neither show the other hand nor duplicate cards)."""
    assert_bad_record(records["view"], "view")
    view = json.loads(records["view"])
    assert "state" not in view and "actions" not in view and view["kind"] == "view"


def test_a_view_relabelled_as_a_game_is_refused(records):
    view = json.loads(records["view"])
    view["kind"] = "game"
    view["version"] = 2
    assert_bad_record(dump(view))


def test_a_game_relabelled_as_a_view_is_refused(records):
    record = json.loads(records["mid"])
    record["kind"] = "view"
    assert_bad_record(dump(record), "view")


# ------------------------------------------- impossible states must not load
def _impossible(records_text: str, change) -> str:
    """A valid record whose saved state is changed into one the rules cannot reach."""
    record = json.loads(records_text)
    change(record["state"])
    return dump(record)


@pytest.fixture(scope="module")
def positions() -> dict[str, str]:
    play_phase = played(5, 9, decks=1, pawn_removal=False)
    play_phase = play_until(play_phase, lambda g: g.phase == "play")
    betting = play_until(PokerDrez(seed=6, decks=1, pawn_removal=False, betting=(1, 5)),
                         lambda g: g.phase == "play")
    return {"play": play_phase.to_json(), "betting": betting.to_json()}


def _set(key, value):
    return lambda state: state.__setitem__(key, value)


def _fen(fen):
    return _set("fen", fen)


def _move_card(source, target, count=1):
    def change(state):
        zones = state["zones"]
        for _ in range(count):
            zones[target].append(zones[source].pop())
    return change


def _answer_without_pending(state):
    state["phase"] = "answer"
    state["pending_raise"] = None
    state["seat"] = 1 - state["seat"]


def _return_with_empty_hand(state):
    hand = f"hand-{state['seat']}"
    state["phase"] = "return"
    state["zones"]["discard"] += state["zones"][hand]
    state["zones"][hand] = []


IMPOSSIBLE = {
    "answer phase without betting": ("play", _set("phase", "answer")),
    "answer phase without a pending raise": ("betting", _answer_without_pending),
    "return phase with an empty hand": ("play", _return_with_empty_hand),
    "no kings": ("play", _fen("8/8/8/8/8/8/8/8 w - - 0 1")),
    "two white kings": ("play", _fen("4k3/8/8/8/8/8/8/KK6 w - - 0 1")),
    "pawn on the back rank": ("play", _fen("P3k3/8/8/8/8/8/8/4K3 w - - 0 1")),
    "side not to move in check": ("play", _fen("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1")),
    "six common cards": ("play", _move_card("hand-0", "common")),
    "four cards in a hand": ("play", _move_card("common", "hand-0", 2)),
    "die value true": ("play", _set("die_value", True)),
    "negative bet": ("betting", _set("bet", -3)),
    "phase over": ("play", _set("phase", "over")),
    "phase unknown": ("play", _set("phase", "think")),
    "die value 7": ("play", _set("die_value", 7)),
    "removed file 8": ("play", _set("black_removed_file", 8)),
    "pending raise of three": ("betting", _set("pending_raise", [0, 1, 2])),
    "a known card nobody took": ("play", _set("known", [["Q5", 1, "hand-0"]])),
}


@pytest.mark.parametrize("name", list(IMPOSSIBLE))
def test_impossible_states_are_bad_records(positions, name):
    base, change = IMPOSSIBLE[name]
    assert_bad_record(_impossible(positions[base], change), "altered")


def test_an_unchanged_record_is_a_valid_record(positions):
    """The helper above only builds bad records because of the change it makes."""
    for text in positions.values():
        game = PokerDrez.from_json(_impossible(text, lambda state: None))
        check_loaded_game_works(game)


# --------------------------------------------------- consistent field tamper
TAMPER_VALUES = [None, True, False, 0, 1, 2, -1, 6, 7, 10 ** 20, 1.5, "", "x", "Q5", "play", "answer",
                 "return", "remove", [], [0], [1, 2], ["Q5"], {}, {"a": 1}]
STATE_KEYS = ["bet", "black_removed_file", "die_holder", "die_value", "fen", "known", "last_raiser", "outcome",
              "pending_raise", "phase", "plain_chess", "raised_this_turn", "seat", "zones"]


def test_the_state_keys_are_these(positions):
    assert sorted(json.loads(positions["play"])["state"]) == STATE_KEYS


@pytest.mark.parametrize("key", STATE_KEYS)
def test_every_odd_value_in_every_state_field(positions, key):
    """Each field of the saved state set to odd values: a ``BadRecord`` unless the value
    is the one the replay reaches. Never another exception, never a changed game."""
    failures = []
    for base in ("play", "betting"):
        original = json.loads(positions[base])["state"][key]
        for value in TAMPER_VALUES:
            text = _impossible(positions[base], _set(key, value))
            try:
                PokerDrez.from_json(text)
            except BadRecord:
                continue
            except Exception as error:  # noqa: BLE001
                failures.append(f"{base} {key}={value!r}: from_json raised {type(error).__name__}: {error}")
                continue
            if json.dumps(value) != json.dumps(original):
                failures.append(f"{base} {key}={value!r}: a changed state was loaded")
    assert not failures, "\n".join(failures)


# ------------------------------------------------------ random byte mutations
RECORD_NAMES = ["fresh", "mid", "view", "teacher", "rolled"]
MUTATION_CHARS = '{}[]",:0123456789 -.eE\\ntruefalsnul\x00\u00e9PQNBRJXb?>'


@st.composite
def mutations(draw):
    name = draw(st.sampled_from(RECORD_NAMES))
    edits = draw(st.lists(st.tuples(st.sampled_from(["replace", "delete", "insert", "duplicate"]),
                                    st.floats(min_value=0, max_value=1, exclude_max=True),
                                    st.sampled_from(MUTATION_CHARS),
                                    st.integers(min_value=1, max_value=6)),
                          min_size=1, max_size=4))
    return name, edits


def apply_edits(text: str, edits) -> str:
    for op, where, char, length in edits:
        if not text:
            text = char
            continue
        i = int(where * len(text))
        if op == "replace":
            text = text[:i] + char + text[i + 1:]
        elif op == "delete":
            text = text[:i] + text[i + length:]
        elif op == "insert":
            text = text[:i] + char * length + text[i:]
        else:
            text = text[:i] + text[i:i + length] + text[i:]
    return text


@settings(max_examples=250, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(mutation=mutations(), as_bytes=st.booleans())
def test_mutated_records_load_or_raise_bad_record(records, mutation, as_bytes):
    name, edits = mutation
    text = apply_edits(records[name], edits)
    payload = text.encode("utf-8", "surrogatepass") if as_bytes else text
    try:
        game = PokerDrez.from_json(payload)
    except BadRecord as error:
        assert str(error)
        return
    # a harmless mutation (a space, the seed, ...) may load: the game must then be sound
    assert name != "view", "a mutated view was loaded as a game"
    assert game.to_json() == PokerDrez.from_json(game.to_json()).to_json()
    if name != "view":
        ids = sorted(c.id for c in game.pile + game.hands[0] + game.hands[1] + game.common + game.discard)
        assert ids == sorted(c.id for c in Deck.all_cards(game.decks))
        check_loaded_game_works(game)


@pytest.mark.parametrize("seed", range(3))
def test_random_whitespace_is_harmless(records, seed):
    rng = random.Random(seed)
    text = records["mid"]
    spaced = json.dumps(json.loads(text), indent=rng.choice([1, 2, 4]), sort_keys=rng.random() < 0.5)
    assert PokerDrez.from_json(spaced).to_json() == text


# ----------------------------------------------------------- teacher positions
HANDS = {0: ["Q5", "X1"], 1: ["J9", "R2"]}
COMMON = ["P1", "N2", "B3", "R4", "Q6"]


def teacher_error(**kwargs) -> str:
    kwargs.setdefault("fen", SIMPLE_FEN)
    with pytest.raises(BadRecord) as info:
        PokerDrez(**kwargs)
    message = str(info.value)
    assert message and len(message) <= 600
    return message


def test_teacher_position_is_built():
    game = PokerDrez(fen=SIMPLE_FEN, decks=1, hands=HANDS, common=COMMON, pile=["J1", "J2"], die=0)
    assert [c.id for c in game.hands[0]] == ["Q5", "X1"]
    assert [c.id for c in game.hands[1]] == ["J9", "R2"]
    assert [c.id for c in game.common] == COMMON
    assert sorted(c.id for c in game.pile) == ["J1", "J2"]
    assert game.die_holder == 0 and game.phase == "play" and game.to_move == 0
    ids = sorted(c.id for c in game.pile + game.hands[0] + game.hands[1] + game.common + game.discard)
    assert ids == sorted(c.id for c in Deck.all_cards(1))
    assert PokerDrez.from_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("fen", ["not a fen", "", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                                 "9/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"])
def test_teacher_bad_fen(fen):
    message = teacher_error(fen=fen)
    assert "FEN" in message


@pytest.mark.parametrize("fen", [5, ["4k3/8/8/8/8/8/8/4K3 w - - 0 1"], chess.Board()])
def test_teacher_fen_that_is_not_text(fen):
    message = teacher_error(fen=fen)
    assert "FEN" in message


@pytest.mark.parametrize("fen, flag", [
    ("8/8/8/8/8/8/8/8 w - - 0 1", "KING"),
    ("4k3/8/8/8/8/8/8/8 w - - 0 1", "KING"),
    ("4k3/8/8/8/8/8/8/KK2K3 w - - 0 1", "KINGS"),
    ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "BACKRANK"),
    ("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", "CHECK"),
])
def test_teacher_illegal_chess_position(fen, flag):
    message = teacher_error(fen=fen)
    assert "legal" in message and flag in message.upper()


def test_teacher_card_placed_twice():
    assert "Q5" in teacher_error(hands={0: ["Q5", "Q5"]})
    message = teacher_error(hands={0: ["Q5", "X1"]}, common=["Q5"])
    assert "Q5" in message and "twice" in message
    message = teacher_error(hands=HANDS, pile=["J9"])
    assert "J9" in message and "twice" in message
    message = teacher_error(hands={0: ["P1"], 1: ["P1"]})
    assert "P1" in message and "twice" in message


def test_teacher_second_pack_card_in_a_one_pack_game():
    message = teacher_error(decks=1, hands={0: ["Q5b", "X1"]})
    assert "Q5b" in message and "1 pack" in message
    assert "X2b" in teacher_error(decks=1, pile=["X2b"])


def test_teacher_too_many_common_cards():
    message = teacher_error(common=["P1", "P2", "P3", "P4", "P5", "P6"])
    assert "5" in message and "common" in message


def test_teacher_too_many_cards_in_a_hand():
    message = teacher_error(hands={1: ["P1", "P2", "P3", "P4"]})
    assert "3" in message and "Black" in message


@pytest.mark.parametrize("card", ["Z9", "Q0", "q5", "K1", "", "??", "X3"])
def test_teacher_unknown_card_text(card):
    message = teacher_error(common=["P1", card])
    assert repr(card) in message or card in message


@pytest.mark.parametrize("card", [5, None, 1.5, ("Q", 5)])
def test_teacher_card_that_is_not_text(card):
    assert teacher_error(common=["P1", card])


@pytest.mark.parametrize("hands", [{2: ["P1"]}, {-1: []}, {"white": ["P1"]}, [["P1"], ["P2"]], "P1"])
def test_teacher_hands_not_a_seat_mapping(hands):
    assert "hands" in teacher_error(hands=hands)


@pytest.mark.parametrize("hand", [None, 5, "Q5"])
def test_teacher_hand_that_is_not_a_list(hand):
    """``hands={0: None}`` or ``{0: "Q5"}`` is a mistake the message must explain."""
    message = teacher_error(hands={0: hand})
    assert "list" in message or "hand" in message.lower()
    if hand == "Q5":
        assert "list" in message


def test_teacher_common_given_as_a_single_card():
    """``common="P1"`` is one card id, not a list: say so (not "'P' is not a card id")."""
    message = teacher_error(common="P1")
    assert "list" in message


def test_teacher_options_still_checked():
    with pytest.raises(ValueError):
        PokerDrez(hands=HANDS)                 # hands without a fen
    with pytest.raises(ValueError):
        PokerDrez(fen=SIMPLE_FEN, die=2)
    with pytest.raises(ValueError):
        PokerDrez(fen=SIMPLE_FEN, decks=3)
