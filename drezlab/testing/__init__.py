"""The conformance suite every registered game passes.

In the way pgx's shared API test and OpenSpiel's random-simulation test run over
all their games, these checks run over every game in the registry and every
option set its metadata declares (``tests/test_conformance.py``); a new game gets
them all by registering. Each check takes a *factory* -- ``make(seed) -> game`` --
and raises ``AssertionError`` naming what is wrong:

==========================  ======================================================
``check_metadata``          the spec, the registry and the game agree
``check_random_play``       random play reaches the end (or the bound) without error,
                            every card kept exactly once (``conserved_items``)
``check_notation``          ``parse(str(a)) == a``; texts unique; targets are text;
                            actions carry only immutable data
``check_undo``              ``undo()`` restores ``to_json()`` byte for byte
``check_records``           JSON round trip at random points; the loaded game goes on alike
``check_copy``              ``copy()`` and ``view()`` share nothing with the game
``check_illegal_input``     illegal and malformed input raises ``IllegalAction``, changes nothing
``check_corrupt_records``   damaged and hostile records raise ``BadRecord``
``check_information``       two games that differ only in what seat p may not see give
                            p identical observations, JSON and SVG; no hidden id leaks
==========================  ======================================================

``check_all(make)`` runs them in order. ``positions(make, seed)`` yields the
positions a seeded random game passes through (the checks sample them).

Tests of one game play seeded random games too; they use the same loop:

==========================  ======================================================
``random_plies``            each position of a random game played on from a given
                            game and generator (check something at every ply)
``random_game``             the game played on at random to its end, a ply cap or a
                            condition (check the result)
==========================  ======================================================
"""

from __future__ import annotations

import copy as copy_module
import dataclasses
import enum
import json
import math
import random
from typing import Any, Callable, Iterator

from drezlab.core.action import Action
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.game import Game
from drezlab.core.records import MAX_RECORD_CHARS
from drezlab.core.registry import spec_of
from drezlab.core.zones import UNKNOWN_ID, item_id

Factory = Callable[[int], Game]

#: every check, in the order ``check_all`` runs them
CHECKS: tuple[str, ...] = ("check_metadata", "check_random_play", "check_notation", "check_undo",
                           "check_records", "check_copy", "check_illegal_input", "check_corrupt_records",
                           "check_information")


def factory(name: str, **options: Any) -> Factory:
    """``make(seed)`` for the registered game ``name`` with ``options``."""
    def make(seed: int) -> Game:
        return spec_of(name).cls()(seed=seed, **options)
    make.__name__ = f"make_{name}"
    return make


def _bound(game: Game) -> int:
    spec = type(game).spec
    return spec.max_random_actions if spec is not None else 2000


def random_plies(game: Game, rng: random.Random | int, limit: int | None = None,
                 until: Callable[[Game], bool] | None = None) -> Iterator[Game]:
    """Each position of a random game played on from ``game``: ``game`` itself, first as it
    is, then after each action ``game.random_action(rng)`` draws, until the game is over,
    ``until(game)`` holds or ``limit`` actions are played (no limit when ``None``).

    ``rng`` is a ``random.Random`` (shared with the caller, who may draw from it between
    plies: the draws interleave as in a hand-written loop) or a seed for a new one. The
    same object is yielded each time, moved on in place: ``copy()`` a position to keep it.
    The last position yielded is the one that stopped the game -- over, ``until`` true or
    the cap reached. So::

        for position in random_plies(Poker7(seed=3), 3, limit=500):
            assert total_chips(position) == 600

    checks the chips at every ply of a seeded game, the first and last positions included.
    """
    generator = rng if isinstance(rng, random.Random) else random.Random(rng)
    played = 0
    while True:
        yield game
        if game.is_over or (until is not None and until(game)) or (limit is not None and played >= limit):
            return
        game.play(game.random_action(generator))
        played += 1


def random_game(game: Game, rng: random.Random | int, limit: int | None = None,
                until: Callable[[Game], bool] | None = None) -> Game:
    """``game`` played on at random (``game.random_action(rng)`` each ply) until it is over,
    ``until(game)`` holds or ``limit`` actions are played; returns ``game`` itself, moved on.
    ``rng`` as in ``random_plies``: ``random_game(Abyss(seed=4), 4)`` is a whole seeded game."""
    for _ in random_plies(game, rng, limit, until):
        pass
    return game


def positions(make: Factory, seed: int, limit: int | None = None) -> Iterator[Game]:
    """The game at each position of a seeded random playout (the same object, moved on)."""
    game = make(seed)
    yield from random_plies(game, random.Random(seed * 7919 + 1), _bound(game) if limit is None else limit)


def _sample(make: Factory, seed: int, count: int, limit: int | None = None) -> Iterator[Game]:
    """About ``count`` positions spread over a random game (copies, safe to change)."""
    rng = random.Random(seed)
    every = max(1, (_bound(make(seed)) if limit is None else limit) // (count * 4))
    taken = 0
    for index, game in enumerate(positions(make, seed, limit)):
        if index % every == 0 and rng.random() < 0.5 or game.is_over:
            taken += 1
            yield game
            if taken >= count or game.is_over:
                return


# --------------------------------------------------------------------- checks
def check_metadata(make: Factory, seed: int = 0) -> None:
    game = make(seed)
    spec = type(game).spec
    assert spec is not None, f"{type(game).__name__} declares no spec"
    assert spec_of(spec.name) is spec, f"{spec.name} is not the registered spec"
    assert game.name == spec.name
    low, high = spec.seats
    assert low <= game.players <= high, f"{game.players} seats outside the declared {spec.seats}"
    assert spec.picture, "the game declares no picture"
    assert spec.title and spec.title_es, "titles in English and Spanish are required"
    for option in spec.options:
        assert option.validate(option.default) == option.default, f"the default of {option.name} is refused"
    assert "random" in spec.bots, "every game declares at least the random bot"
    for level in spec.bots:
        spec.bot(level)
    assert spec.levels and spec.levels[0] == "random", "the strength ladder starts at the random bot"
    assert game.to_move is None or 0 <= game.to_move < game.players


def check_random_play(make: Factory, seed: int = 0) -> None:
    """Random play to the end or the declared bound, checking each position."""
    last = None
    for game in positions(make, seed):
        last = game
        actions = game.legal_actions()
        if game.is_over:
            assert not actions, "a finished game still offers actions"
            assert game.to_move is None
            outcome = game.outcome
            assert outcome is not None and len(outcome.scores) == game.players
            assert all(0 <= seat < game.players for seat in outcome.winners)
            assert all(math.isfinite(score) for score in outcome.scores)
        else:
            assert actions, "an unfinished game has no legal action"
            assert game.to_move is not None and 0 <= game.to_move < game.players
            assert len({a.text for a in actions}) == len(actions), "two legal actions share a text"
        every = game.conserved_items()
        if every is not None:
            try:
                game.zones.check_conserved(every)
            except BadRecord as error:
                raise AssertionError(f"cards or tiles were lost or doubled: {error}") from None
    assert last is not None


def _immutable(value: Any, where: str) -> None:
    if value is None or isinstance(value, (bool, int, float, str, bytes, enum.Enum)):
        return
    if isinstance(value, (tuple, frozenset)):
        for item in value:
            _immutable(item, where)
        return
    if dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined,union-attr]
        for field in dataclasses.fields(value):
            _immutable(getattr(value, field.name), where)
        return
    raise AssertionError(f"{where} holds a mutable {type(value).__name__}: actions must be immutable values")


def check_notation(make: Factory, seed: int = 0) -> None:
    for game in _sample(make, seed, 6):
        for action in game.legal_actions():
            parsed = game.parse(str(action))
            assert parsed == action and parsed.text == action.text, f"parse(str({action!r})) gives {parsed!r}"
            assert isinstance(action.targets, tuple) and all(isinstance(t, str) for t in action.targets)
            assert isinstance(action.label, str) and action.label
            _immutable(action.data, f"the data of {action.text!r}")


def check_undo(make: Factory, seed: int = 0) -> None:
    rng = random.Random(seed)
    for game in _sample(make, seed, 8):
        if game.is_over:
            continue
        before = game.to_json()
        texts = [a.text for a in game.legal_actions()]
        for action in rng.sample(game.legal_actions(), min(3, len(texts))):
            game.play(action)
            game.undo()
            after = game.to_json()
            assert after == before, f"undo after {action.text!r} does not restore the game: {_diff(before, after)}"
            assert [a.text for a in game.legal_actions()] == texts, f"undo after {action.text!r} changes the actions"


def check_records(make: Factory, seed: int = 0) -> None:
    rng = random.Random(seed)
    for game in _sample(make, seed, 4):
        text = game.to_json()
        json.loads(text)
        try:
            loaded = type(game).from_json(text)
        except BadRecord as error:
            raise AssertionError(f"the game's own record cannot be loaded: {error}") from None
        assert loaded.to_json() == text, f"the JSON round trip changes the game: {_diff(text, loaded.to_json())}"
        assert [a.text for a in loaded.legal_actions()] == [a.text for a in game.legal_actions()]
        assert loaded.view(loaded.to_move) == game.view(game.to_move)
        probe, twin = game.copy(), loaded
        for _ in range(5):
            if probe.is_over:
                break
            action = probe.random_action(rng)
            probe.play(action.text)
            twin.play(action.text)
            assert _same_state(probe, twin), f"a loaded game plays {action.text!r} differently"


def _same_state(first: Game, second: Game) -> bool:
    return json.loads(first.to_json())["state"] == json.loads(second.to_json())["state"]


def check_copy(make: Factory, seed: int = 0) -> None:
    rng = random.Random(seed)
    for game in _sample(make, seed, 5):
        if game.is_over:
            continue
        before = game.to_json()
        observations = {seat: game.view(seat) for seat in (None, *range(game.players))}
        seen = {seat: observation.to_json() for seat, observation in observations.items()}
        clone = game.copy()
        assert clone.to_json() == before, "a copy differs from its game"
        steps = 0
        while not clone.is_over and steps < 4:
            clone.play(clone.random_action(rng))
            steps += 1
        _mutate_everything(clone)
        assert game.to_json() == before, "changing a copy changes the game"
        observation = observations[None]
        try:
            observation.seat = 99  # type: ignore[misc]
        except AttributeError:
            pass
        else:
            raise AssertionError("an observation can be changed")
        assert not hasattr(observation, "play"), "an observation can be played"
        game.play(game.random_action(rng))
        game.undo()
        for seat, observation in observations.items():
            assert observation.to_json() == seen[seat], "an observation changed when its game moved on"


def _mutate_everything(game: Game) -> None:
    """Change every list, dict and set reachable one level down from a game copy (and
    in its options) -- if the original shares any of them, the check sees it."""
    for key, value in list(vars(game).items()):
        if key.startswith("_actions") or key in ("_vouched",):
            continue
        if isinstance(value, list):
            value.append(object())
        elif isinstance(value, dict):
            value[object()] = object()
        elif isinstance(value, set):
            value.add(object())
    for _, items in game.zones.items():
        items.append(object())
    for value in list(game.options.values()):
        if isinstance(value, list):
            value.append(object())
        elif isinstance(value, dict):
            value[object()] = object()


BAD_TEXTS: tuple[Any, ...] = (
    "", " ", "zzz", "a" * 500, "\t", "e2e4\x00", "٣", "ｅ２ｅ４", "nonsense move", "1e999", "-1", "None",
    None, 42, 3.5, True, b"pass", ["pass"], {"action": "pass"}, Action("not-an-action"),
)


def check_illegal_input(make: Factory, seed: int = 0) -> None:
    for game in _sample(make, seed, 4):
        before = game.to_json()
        legal = {a.text for a in game.legal_actions()}
        attempts: list[Any] = list(BAD_TEXTS)
        for text in list(legal)[:5]:
            attempts += [text + "x", "x" + text, text.upper() if text.upper() not in legal else "?" + text,
                         text + "\u00a0", text.replace("1", "١")]
        for bad in attempts:
            if isinstance(bad, str) and " ".join(bad.split()) in legal:
                continue
            try:
                game.play(bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"play({bad!r}) was accepted")
            assert game.to_json() == before, f"the rejected play({bad!r}) changed the game"
        for seat in (True, False, -1, game.players, 1.0, "0"):
            try:
                game.view(seat)  # type: ignore[arg-type]
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"view({seat!r}) was accepted")
        try:
            game.describe(None)  # type: ignore[arg-type]
        except IllegalAction:
            pass
        else:
            raise AssertionError("describe(None) was accepted")
        if game.is_over:
            try:
                game.play("pass")
            except IllegalAction:
                pass
            else:
                raise AssertionError("a finished game accepted an action")
        assert game.to_json() == before


def _damaged_records(game: Game) -> Iterator[tuple[str, Any]]:
    text = game.to_json()
    record = json.loads(text)

    def changed(**changes: Any) -> str:
        damaged = copy_module.deepcopy(record)
        damaged.update(changes)
        return json.dumps(damaged)

    yield "empty", ""
    yield "not JSON", "{not json"
    yield "truncated", text[: len(text) // 2]
    yield "a list", "[]"
    yield "bytes that are not UTF-8", b"\xff\xfe{"
    yield "not text", 42
    yield "another game", changed(game="not-a-game")
    yield "a future version", changed(version=999)
    yield "a boolean version", changed(version=True)
    yield "a view", changed(kind="view")
    yield "NaN inside", text[:-1] + ',"x":NaN}'
    yield "oversize", '{"game":"' + "x" * (MAX_RECORD_CHARS + 1) + '"}'
    yield "deeply nested", "[" * 100000 + "]" * 100000
    yield "no actions", {k: v for k, v in record.items() if k != "actions"}
    yield "actions not a list", changed(actions="pass")
    yield "an unknown action", changed(actions=record["actions"] + ["no such action"])
    yield "a non-text action", changed(actions=record["actions"] + [7])
    yield "options not an object", changed(options=[1])
    yield "an unknown option", changed(options={**record["options"], "no_such_option": 1})
    yield "a seed that is text", changed(seed="7")
    yield "chance damaged", changed(chance={"kind": "loaded dice"})
    if record["actions"]:
        yield "a missing action", changed(actions=record["actions"][:-1])
    state = record.get("state")
    if isinstance(state, dict):
        for key, value in state.items():
            for replacement in _replacements(value):
                yield f"state {key} = {replacement!r:.40}", changed(state={**state, key: replacement})
                break
    spec = type(game).spec
    for option in spec.options if spec is not None else ():
        for bad in _wrong_values(option.kinds):
            yield f"option {option.name} = {bad!r}", changed(options={**record["options"], option.name: bad})


def _replacements(value: Any) -> Iterator[Any]:
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield value + 1
    elif isinstance(value, str):
        yield value + "x"
    elif isinstance(value, list):
        yield value[:-1] if value else [0]
    elif isinstance(value, dict):
        yield {**value, "tampered": 1} if value else {"tampered": 1}
    elif value is None:
        yield 1


def _wrong_values(kinds: tuple[type, ...]) -> list[Any]:
    values: list[Any] = []
    if bool in kinds:
        values += [-99, "yes"]
    elif int in kinds or float in kinds:
        values += [True, "3"]
    if str in kinds:
        values += [7]
    if not values:
        values = ["?"]
    return values


def check_corrupt_records(make: Factory, seed: int = 0) -> None:
    for game in _sample(make, seed, 2):
        cls = type(game)
        for what, bad in _damaged_records(game):
            text = json.dumps(bad) if isinstance(bad, dict) else bad
            try:
                cls.from_json(text)
            except BadRecord:
                continue
            except Exception as error:  # noqa: BLE001 - the point is which exception escapes
                raise AssertionError(f"a record with {what} raised {type(error).__name__}: {error}") from None
            raise AssertionError(f"a record with {what} was loaded")


def check_information(make: Factory, seed: int = 0, trials: int = 3) -> None:
    """Positions that differ only in what seat p may not see look the same to p; and
    nothing p may not see appears in p's observation or picture."""
    rng = random.Random(seed)
    differed = False
    hidden_game = False
    for game in _sample(make, seed, 5):
        for seat in (None, *range(game.players)):
            observation = game.view(seat)
            seen_json = observation.to_json()
            seen_svg = observation.svg()
            hidden = {item_id(game.zones[name][index]) for name, index in game.zones.hidden_places(seat)}
            visible = {item_id(item) for name in game.zones for index, item in enumerate(game.zones[name])
                       if game.zones.can_see(name, seat, index, len(game.zones[name]))}
            secret = hidden - visible - {UNKNOWN_ID}
            hidden_game = hidden_game or bool(secret)
            for identifier in secret:
                assert f'"{identifier}"' not in seen_json, f"seat {seat}'s view shows hidden {identifier}"
                assert f'data-id="{identifier}"' not in seen_svg, f"seat {seat}'s picture shows hidden {identifier}"
            assert "rng" not in seen_json and '"seed"' not in seen_json, "a view holds chance state"
            for _ in range(trials):
                other = game.resample(seat, rng)
                if other.to_json() != game.to_json():
                    differed = True
                assert other.view(seat).to_json() == seen_json, (
                    f"seat {seat} can tell apart two games that differ only in what it may not see: "
                    f"{_diff(seen_json, other.view(seat).to_json())}")
                assert other.view(seat).svg() == seen_svg, f"seat {seat}'s picture depends on what it may not see"
    spec = type(game).spec
    if spec is not None and spec.hidden_information:
        assert hidden_game, "the game declares hidden information but no seat ever had a hidden item"
        assert differed, "resample never changed a hidden item: the information test saw nothing"


def check_all(make: Factory, seed: int = 0) -> None:
    for name in CHECKS:
        globals()[name](make, seed)


def _diff(first: str, second: str) -> str:
    """Where two JSON texts first differ (for messages)."""
    for index, (a, b) in enumerate(zip(first, second)):
        if a != b:
            return f"at {index}: ...{first[max(0, index - 40):index + 40]!r} vs ...{second[max(0, index - 40):index + 40]!r}"
    return f"lengths {len(first)} and {len(second)}"
