"""BlackDrez records and information: scripted games round-trip through JSON, an
edited record is refused, and every seat sees the same table (nothing is hidden
but the stock's order, which nobody sees)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drezlab import BadRecord, Scripted
from drezlab.games.blackdrez import BlackDrez, stock_order
from drezlab.testing import random_game

SOURCE = ["Q1", "Q2", "R2", "R4", "R1", "Q3", "R3", "B4", "Q4", "J5", "P5", "N5"]


def source_game() -> BlackDrez:
    game = BlackDrez(players=4, chance=Scripted([stock_order(SOURCE)]))
    for action in ["draw", "draw", "draw", "draw", "next"]:
        game.play(action)
    return game


def test_a_scripted_game_round_trips_through_json() -> None:
    game = source_game()
    loaded = BlackDrez.from_json(game.to_json())
    assert loaded.to_json() == game.to_json()
    assert len(loaded.pile(0)) == 12 and loaded.phase == "next"


@pytest.mark.parametrize("field,value", [("piles", [[], [], [], []]), ("status", ["bust"] * 4),
                                         ("aside", ["Q1"]), ("seat", 3)])
def test_an_edited_record_is_refused(field: str, value: object) -> None:
    record = json.loads(source_game().to_json())
    record["state"][field] = value
    with pytest.raises(BadRecord):
        BlackDrez.from_json(json.dumps(record))


def test_a_changed_stock_order_is_refused() -> None:
    record = json.loads(source_game().to_json())
    order = record["chance"]["outcomes"][0]
    order[-1], order[-2] = order[-2], order[-1]
    with pytest.raises(BadRecord):
        BlackDrez.from_json(json.dumps(record))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), steps=st.integers(0, 60))
def test_every_seat_sees_the_same_table(seed: int, players: int, steps: int) -> None:
    game = random_game(BlackDrez(seed=seed, players=players), seed, steps)
    spectator = game.view(None).to_dict()
    for seat in range(players):
        seen = game.view(seat).to_dict()
        assert seen["zones"] == spectator["zones"] and seen["public"] == spectator["public"]
    assert spectator["zones"]["stock"]["ids"] == []
    game.zones.check_conserved(game.conserved_items())
