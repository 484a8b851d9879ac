"""The shared core: zones, chance, metadata, observations, records, the Game base."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar

import pytest

from drezlab.core.chance import Scripted, ScriptExhausted, Seeded, uniform, weighted
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.observation import Observation, freeze
from drezlab.core.records import MAX_RECORD_CHARS, load_record
from drezlab.core.registry import spec_of
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.core.spec import GameSpec, Option
from drezlab.core.zones import UNKNOWN_ID, Visibility, Zones
from toygame import Race


def table() -> Zones:
    zones = Zones()
    zones.add("pile", Visibility.COUNT, items=["a", "b", "c", "d"])
    zones.add("hand-0", Visibility.OWNER, 0, ["e"])
    zones.add("hand-1", Visibility.OWNER, 1, ["f"])
    zones.add("used", Visibility.TOP)
    zones.add("table", Visibility.PUBLIC)
    zones.add("bag", Visibility.SET, items=["z", "y"])
    return zones


def test_zone_moves_rewind_exactly() -> None:
    zones = table()
    before = zones.to_dict()
    mark = zones.mark()
    assert zones.draw("pile", "hand-0") == "d"
    zones.move("e", "hand-0", "used")
    zones.move_at("pile", 0, "table")
    zones.replace("bag", ["q"])
    zones.shuffle("pile", lambda items: items.reverse())
    zones.set_visibility("hand-1", Visibility.PUBLIC)
    zones.set_contents({"pile": ["a", "b"], "bag": [], "hand-0": ["c"]})
    assert zones["pile"] == ["a", "b"] and zones["bag"] == [] and zones["hand-0"] == ["c"]
    assert zones.to_dict() != before
    zones.rewind(mark)
    assert zones.to_dict() == before
    assert zones.visibility("hand-1") is Visibility.OWNER


def test_observe_follows_visibility() -> None:
    zones = table()
    zones.draw("pile", "used")
    zones.draw("pile", "used")
    seen = zones.observe(0)
    assert seen["pile"].count == 2 and seen["pile"].ids == ()
    assert seen["hand-0"].ids == ("e",)
    assert seen["hand-1"].ids == (UNKNOWN_ID,)
    assert seen["used"].ids == ("c",) and seen["used"].count == 2
    assert seen["bag"].ids == ("y", "z")
    assert zones.observe(None)["hand-0"].ids == (UNKNOWN_ID,)


def test_resample_keeps_what_the_seat_sees() -> None:
    zones = table()
    rng = random.Random(1)
    changed = False
    for _ in range(20):
        copy = zones.copy()
        copy.resample_hidden(0, rng)
        assert copy.observe(0) == zones.observe(0)
        copy.check_conserved(["a", "b", "c", "d", "e", "f", "z", "y"], "letters")
        changed = changed or copy.to_dict() != zones.to_dict()
    assert changed


def test_conservation_names_the_fault() -> None:
    zones = table()
    zones.replace("table", ["a"])
    with pytest.raises(BadRecord, match="twice a"):
        zones.check_conserved(["a", "b", "c", "d", "e", "f", "z", "y"])
    with pytest.raises(BadRecord, match="missing x"):
        zones.check_conserved(["a", "b", "c", "d", "e", "f", "z", "y", "x", "a"])


def test_zone_copy_is_independent() -> None:
    zones = table()
    copy = zones.copy()
    copy.draw("pile", "table")
    assert zones["table"] == [] and len(zones["pile"]) == 4


def test_seeded_rewind_replays_the_same_outcomes() -> None:
    chance = Seeded(5)
    first = [chance.roll()]
    mark = chance.mark()
    first += [chance.roll() for _ in range(2)]
    chance.rewind(mark)
    assert [chance.roll() for _ in range(2)] == first[1:]
    assert len(chance.log) == 3
    assert Seeded(5).roll() == first[0]


def test_seeded_keeps_one_generator_state_per_marked_place_and_rewinds_only_there() -> None:
    """core.chance: a state is kept before the first event at each place ``mark`` gave (one
    per action that draws), so rewinding goes back to marks, nested and in any order of
    undo, and nowhere else."""
    chance = Seeded(8)
    marks, rolled = [], []
    for _ in range(6):
        marks.append(chance.mark())
        rolled.append([chance.roll(6) for _ in range(3)])
    assert len(chance._states) == 6
    chance.rewind(marks[4])
    assert [chance.roll(6) for _ in range(3)] == rolled[4]
    chance.rewind(marks[2])
    copy = chance.copy()
    assert [chance.roll(6) for _ in range(3)] == rolled[2] == [copy.roll(6) for _ in range(3)]
    chance.rewind(marks[0])
    assert chance.log == [] and [chance.roll(6) for _ in range(3)] == rolled[0]
    with pytest.raises(RuntimeError, match="only to a place mark"):
        chance.rewind(1)


def test_a_seeded_shuffle_gives_the_librarys_order_and_leaves_the_generator_alike() -> None:
    """core.chance: a seeded source's own shuffle (fewer calls) must give exactly what
    ``random.shuffle`` gives for the same seed, or every saved seed would deal anew."""
    from drezlab.core import chance as chance_module

    assert chance_module._SHUFFLE_REPLICA
    for seed in range(30):
        ours, library = Seeded(seed), random.Random(seed)
        for length in (0, 1, 2, 7, 54, 61, 200):
            cards, expected = list(range(length)), list(range(length))
            ours.shuffle(cards)
            library.shuffle(expected)
            assert cards == expected
        assert ours.rng.getstate() == library.getstate()


def test_seeded_rewinds_across_counted_shuffles_and_uncounted_draws() -> None:
    """core.chance: the state before an event is kept as an earlier state and the words
    drawn since by shuffles; rewinding to any mark, in any order, gives the same outcomes
    as the first time, also past a die roll (not counted) and past a new base."""
    chance = Seeded(21)
    marks, drawn = [], []
    for step in range(40):
        marks.append(chance.mark())
        if step % 7 == 3:
            drawn.append(("roll", chance.roll(6)))
        else:
            cards = list(range(54 if step % 2 else 300))
            chance.shuffle(cards)
            drawn.append(("shuffle", cards))
    rng = random.Random(5)
    for place in sorted(rng.sample(range(40), 12), reverse=True):
        chance.rewind(marks[place])
        if drawn[place][0] == "roll":
            assert chance.roll(6) == drawn[place][1]
        else:
            cards = list(range(len(drawn[place][1])))
            chance.shuffle(cards)
            assert cards == drawn[place][1]
        chance.rewind(marks[place])
    chance.rewind(marks[0])
    assert chance.rng.getstate() == Seeded(21).rng.getstate()


def test_a_games_seeded_setup_keeps_no_journal_then_journals_from_the_first_action() -> None:
    """core.chance: the source a game makes for its set-up writes no log and keeps no
    generator states until the set-up is sealed or an action is marked; from then on
    rewinding replays the same outcomes, and the deal is the one an ordinary source gives."""
    setting_up, ordinary = Seeded(11, setting_up=True), Seeded(11)
    cards_a, cards_b = list(range(40)), list(range(40))
    setting_up.shuffle(cards_a)
    ordinary.shuffle(cards_b)
    assert cards_a == cards_b
    assert setting_up.log == [] and len(ordinary.log) == 1
    mark = setting_up.mark()
    first = [setting_up.roll(6) for _ in range(3)]
    assert len(setting_up.log) == 3
    setting_up.rewind(mark)
    assert [setting_up.roll(6) for _ in range(3)] == first
    game = spec_of("poker7").cls()(seed=4)
    assert game.chance.log == []
    before = game.to_json()
    game.play(game.legal_actions()[0])
    game.undo()
    assert game.to_json() == before


def test_seeded_copy_goes_on_alike() -> None:
    chance = Seeded(9)
    chance.roll()
    twin = chance.copy()
    assert [chance.randrange(100) for _ in range(5)] == [twin.randrange(100) for _ in range(5)]
    assert Seeded.from_dict(json.loads(json.dumps(chance.to_dict()))).roll() == chance.roll()


def test_scripted_outcomes_and_rewind() -> None:
    chance = Scripted([6, 2, ["c", "a", "b"], "b", 0])
    assert chance.roll() == 6
    mark = chance.mark()
    assert chance.roll() == 2
    chance.rewind(mark)
    assert chance.roll() == 2
    items = ["a", "b", "c"]
    chance.shuffle(items)
    assert items == ["c", "a", "b"]
    assert chance.choice(["a", "b"]) == "b"
    assert chance.randrange(3) == 0
    with pytest.raises(ScriptExhausted):
        chance.roll()
    with pytest.raises(ValueError):
        Scripted([7]).roll(6)
    with pytest.raises(ValueError):
        Scripted([["a"]]).shuffle(["a", "b"])


def test_exact_odds() -> None:
    assert uniform(range(1, 7))[3] == Fraction(1, 6)
    assert uniform(["a", "a", "b"]) == {"a": Fraction(2, 3), "b": Fraction(1, 3)}
    assert weighted({"x": 3, "y": 1, "z": 0}) == {"x": Fraction(3, 4), "y": Fraction(1, 4)}


def test_options_are_checked_strictly() -> None:
    flag = Option("flag", False, (bool,))
    count = Option("count", 2, (int,), choices=(1, 2))
    share = Option("share", 0.5, (float, int))
    assert flag.validate(True) is True
    for bad in (-99, "yes", 1):
        with pytest.raises(ValueError):
            flag.validate(bad)
    with pytest.raises(ValueError, match="not true/false"):
        count.validate(True)
    with pytest.raises(ValueError, match="one of"):
        count.validate(3)
    with pytest.raises(ValueError, match="finite"):
        share.validate(math.nan)
    spec = GameSpec(name="x", game_class="m:C", title="X", title_es="X", summary="", options=(flag, count))
    assert spec.validate_options({}) == {"flag": False, "count": 2}
    with pytest.raises(ValueError, match="no option 'colour'"):
        spec.validate_options({"colour": 1})
    with pytest.raises(ValueError):
        GameSpec(name="x", game_class="m:C", title="X", title_es="X", summary="", chance="dice")


def test_registry_names_and_errors() -> None:
    assert spec_of("race").name == "race"
    assert spec_of(" RACE ").name == "race"
    with pytest.raises(ValueError, match="no game called"):
        spec_of("chequers")


def test_observation_is_frozen_plain_data() -> None:
    observation = Race(seed=1).view(0)
    with pytest.raises(AttributeError):
        observation.status = "changed"  # type: ignore[misc]
    with pytest.raises(TypeError):
        observation.public["pos"] = 3  # type: ignore[index]
    assert json.loads(observation.to_json())["seat"] == 0
    assert observation == Race(seed=1).view(0)
    with pytest.raises(TypeError):
        freeze({"board": object()})
    with pytest.raises(ValueError):
        freeze({"x": math.inf})
    assert isinstance(observation, Observation) and "<svg" in observation.svg()


def test_records_refuse_oversize_views_and_constants() -> None:
    with pytest.raises(BadRecord, match=f"{MAX_RECORD_CHARS:,}"):
        load_record(" " * (MAX_RECORD_CHARS + 1), ("race",), 1)
    with pytest.raises(BadRecord, match="view"):
        load_record('{"game":"race","version":1,"kind":"view"}', ("race",), 1)
    with pytest.raises(BadRecord, match="NaN"):
        load_record('{"game":"race","version":1,"x":NaN}', ("race",), 1)
    with pytest.raises(BadRecord, match="drezlab 0.1"):
        load_record('{"game":"race","version":1}', ("race",), 2, min_version=2)


def test_action_text_normalised_or_refused() -> None:
    game = Race(seed=3)
    assert game.parse("  pass ").text == "pass"
    assert game.parse("pass\t\n").text == "pass"
    for bad in ("pa\u00a0ss", "٣", "pass\x00", "pass\x0b"):
        with pytest.raises(IllegalAction):
            game.parse(bad)


def test_undo_puts_back_cards_and_chance() -> None:
    game = Race(seed=4, chance=Scripted([None, 6, 3]))
    before = game.to_json()
    game.play("roll")
    assert game.boost == 1 and game.chance.log == [("die", 6)]
    game.undo()
    assert game.to_json() == before
    game.play("roll")
    assert game.boost == 1
    game.undo()
    card = game.legal_actions()[0]
    game.play(card)
    assert game.zones["played"] == [card.data[0]]
    game.undo()
    assert game.to_json() == before


def test_scripted_game_record_round_trip() -> None:
    game = Race(seed=None, chance=Scripted([["ace", "bee", "cat", "dog", "elk", "fox"], 6]))
    assert game.zones["hand-0"] == ["ace", "bee", "cat"]
    game.play("roll")
    loaded = Race.from_json(game.to_json())
    assert loaded.to_json() == game.to_json() and loaded.boost == 1


def test_resampled_copy_cannot_be_undone_past_its_start() -> None:
    game = Race(seed=2)
    game.play("pass")
    other = game.resample(0, random.Random(0))
    with pytest.raises(IllegalAction, match="resampled"):
        other.undo()
    assert other.view(0) == game.view(0)


def test_a_resampled_copy_carries_no_undo_record_of_hidden_cards() -> None:
    game = Race(seed=2)
    game.play("pass")
    game.play(game.legal_actions()[0])
    assert all(step.undo is not None for step in game._history)
    other = game.resample(1, random.Random(0))
    assert other.history == game.history
    assert all(step.undo is None for step in other._history)
    other.play(other.legal_actions()[0])
    other.undo()
    assert other.view(1) == game.resample(1, random.Random(0)).view(1)


def test_chance_outcomes_of_a_roll() -> None:
    game = Race(seed=2)
    assert sum(game.chance_outcomes("roll").values()) == 1
    assert game.chance_outcomes("pass") == {}


def test_no_chance_refuses_outcomes_and_copies_for_free() -> None:
    from drezlab.core.chance import NoChance
    chance = NoChance()
    assert chance.copy() is chance and chance.to_dict() == {"kind": "none"}
    with pytest.raises(RuntimeError, match="declares no chance"):
        chance.roll()


def test_seeded_copy_after_events_continues_exactly() -> None:
    chance = Seeded(11)
    first = chance.copy()
    chance.roll()
    second = chance.copy()
    assert first.roll() == Seeded(11).roll()
    assert second.randrange(1000) == chance.randrange(1000)


def test_an_attribute_snapshot_copies_and_restores_without_sharing() -> None:
    """core.snapshot: lists are copied as tuples and restored as new lists; other values as they are."""
    @dataclass(frozen=True)
    class Record(AttributeSnapshot):
        LISTS: ClassVar[frozenset[str]] = frozenset({"scores"})
        scores: tuple[int, ...]
        _phase: str

    class Table:
        def __init__(self) -> None:
            self.scores = [1, 2]
            self._phase = "bid"

    table = Table()
    record = Record.of(table)
    assert record == Record((1, 2), "bid")
    table.scores.append(3)
    table._phase = "play"
    assert record.scores == (1, 2)
    record.restore(table)
    assert table.scores == [1, 2] and table._phase == "bid"
    table.scores.append(4)
    assert record.scores == (1, 2), "the restored list is a new list"


def test_an_attribute_snapshot_reads_its_fields_by_name_and_takes_no_defaults() -> None:
    """core.snapshot: a snapshot keeps its values as one tuple yet reads, compares and
    restores by field name; a field with a default would hide its value, so it is refused."""
    @dataclass(frozen=True)
    class Record(AttributeSnapshot):
        score: int
        phase: str

    class Table:
        def __init__(self) -> None:
            self.score, self.phase = 3, "bid"

    record = Record.of(Table())
    assert (record.score, record.phase) == (3, "bid")
    assert record == Record(3, "bid") and repr(record).endswith("Record(score=3, phase='bid')")
    with pytest.raises(AttributeError):
        record.missing  # noqa: B018
    made = Record(5, "play")
    table = Table()
    made.restore(table)
    assert (table.score, table.phase) == (5, "play")

    @dataclass(frozen=True)
    class Defaulted(AttributeSnapshot):
        score: int = 0

    with pytest.raises(TypeError, match="no defaults"):
        Defaulted.of(Table())


def test_an_attribute_snapshot_freezes_every_declared_container_kind() -> None:
    """core.snapshot: nested lists, dicts and sets are frozen in the record, restored as new
    containers, and ``copy`` gives a twin the same state without sharing any of them."""
    @dataclass(frozen=True)
    class Record(AttributeSnapshot):
        NESTED: ClassVar[frozenset[str]] = frozenset({"hands"})
        DICTS: ClassVar[frozenset[str]] = frozenset({"bids"})
        SETS: ClassVar[frozenset[str]] = frozenset({"folded"})
        hands: tuple[tuple[str, ...], ...]
        bids: Mapping[int, int]
        folded: frozenset[int]

    class Table:
        def __init__(self) -> None:
            self.hands = [["a", "b"], ["c"]]
            self.bids = {0: 3, 1: 5}
            self.folded = {2}

    table = Table()
    record = Record.of(table)
    assert record == Record((("a", "b"), ("c",)), MappingProxyType({0: 3, 1: 5}), frozenset({2}))
    assert isinstance(record.bids, MappingProxyType), "a dict is held read-only in the record"
    table.hands[0].append("z")
    table.bids[0] = 9
    table.folded.add(1)
    record.restore(table)
    assert table.hands == [["a", "b"], ["c"]] and table.bids == {0: 3, 1: 5} and table.folded == {2}
    twin = Table.__new__(Table)
    Record.copy(table, twin)
    twin.hands[1].append("d")
    twin.bids[1] = 0
    twin.folded.clear()
    assert table.hands == [["a", "b"], ["c"]] and table.bids == {0: 3, 1: 5} and table.folded == {2}
    assert Record.of(twin) != Record.of(table)
