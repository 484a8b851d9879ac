"""Each conformance check fails on a toy game broken in exactly the way it looks for,
and passes on the sound toy game: no check of the suite is vacuous."""

from __future__ import annotations

from typing import Any

import pytest

import drezlab.testing as conformance
from drezlab.core.action import Action
from drezlab.core.records import replay_record
from toygame import Race


class TooManySeats(Race):
    @property
    def players(self) -> int:
        return 5


class StuckHalfway(Race):
    def _generate_actions(self) -> list[Action]:
        return [] if self.pos >= 3 else super()._generate_actions()


class LosesCards(Race):
    def _apply(self, action: Action) -> Any:
        undo = super()._apply(action)
        if self.zones["played"] and self.pos >= 4:
            self.zones.replace("played", [])
        return undo


class MutableData(Race):
    def _generate_actions(self) -> list[Action]:
        return [Action(a.text, a.targets, a.label, list(a.data) if a.data else None)
                for a in super()._generate_actions()]


class ForgetfulUndo(Race):
    def _revert(self, action: Action, undo: Any) -> None:
        rolled = self.rolled
        super()._revert(action, undo)
        self.rolled = rolled


class UnloadableRecord(Race):
    def _state(self) -> dict[str, Any]:
        return {**super()._state(), "where": id(self)}


class SharedNotes(Race):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.notes: list[str] = []

    def _state(self) -> dict[str, Any]:
        return {**super()._state(), "notes": len(self.notes)}

    def copy(self) -> "SharedNotes":
        clone = super().copy()
        clone.notes = self.notes
        return clone


class CaseBlind(Race):
    def parse(self, text: Any) -> Action:
        if isinstance(text, str) and text.isupper():
            text = text.lower()
        return super().parse(text)


class TrustingLoader(Race):
    @classmethod
    def _from_record(cls, data: dict[str, Any]) -> "TrustingLoader":
        game = cls(seed=data["chance"]["seed"], **data["options"])
        replay_record(game, {**data, "state": {}}, dict)
        return game


class LeakyView(Race):
    def _public(self, seat: int | None) -> dict[str, Any]:
        return {**super()._public(seat), "hands": self.zones.to_dict()}


BROKEN = {
    "check_metadata": TooManySeats,
    "check_random_play": StuckHalfway,
    "check_notation": MutableData,
    "check_undo": ForgetfulUndo,
    "check_records": UnloadableRecord,
    "check_copy": SharedNotes,
    "check_illegal_input": CaseBlind,
    "check_corrupt_records": TrustingLoader,
    "check_information": LeakyView,
}


def test_random_play_sees_lost_cards() -> None:
    with pytest.raises(AssertionError, match="lost or doubled"):
        for seed in range(6):
            conformance.check_random_play(lambda s: LosesCards(seed=s), seed)


def test_every_check_has_a_broken_toy() -> None:
    assert set(BROKEN) == set(conformance.CHECKS)


@pytest.mark.parametrize("check", conformance.CHECKS)
def test_sound_toy_passes(check: str) -> None:
    for seed in range(3):
        getattr(conformance, check)(lambda s: Race(seed=s), seed)


@pytest.mark.parametrize("check", conformance.CHECKS)
def test_broken_toy_fails(check: str) -> None:
    broken = BROKEN[check]
    with pytest.raises(AssertionError):
        for seed in range(6):
            getattr(conformance, check)(lambda s: broken(seed=s), seed)


def test_random_plies_is_the_hand_written_random_loop() -> None:
    """``random_plies`` yields the game, then the game after each ``random_action(rng)``,
    as ``while not game.is_over: game.play(game.random_action(rng))`` plays it; ``limit``
    caps the actions and ``until`` stops at the first position that meets it."""
    import random

    by_hand, rng = Race(seed=2), random.Random(5)
    seen = [by_hand.to_json()]
    while not by_hand.is_over:
        by_hand.play(by_hand.random_action(rng))
        seen.append(by_hand.to_json())
    assert len(seen) > 4
    assert [game.to_json() for game in conformance.random_plies(Race(seed=2), 5)] == seen
    assert conformance.random_game(Race(seed=2), random.Random(5)).to_json() == seen[-1]
    assert [game.to_json() for game in conformance.random_plies(Race(seed=2), 5, limit=3)] == seen[:4]
    stopped = conformance.random_game(Race(seed=2), 5, until=lambda game: len(game.history) == 2)
    assert stopped.to_json() == seen[2]
