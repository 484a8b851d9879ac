"""TriumfDrez picture and records: the table from an observation, the bidding panel's
click targets, greyed cards that may not be played, sorted hands, Spanish labels,
JSON round trips and scripted deals."""

from __future__ import annotations

import random

import pytest

import drezlab
from drezlab.core.chance import Scripted
from drezlab.core.errors import BadRecord
from drezlab.games.triumfdrez.game import TriumfDrez, deal_script
from drezlab.games.triumfdrez.picture import playable_ids, sorted_hand
from drezlab.ui.selection import svg_ids

HANDS = {0: ["N9", "N8", "N7", "N6", "N5", "J1", "J2", "J3", "J4", "J5", "J6", "J7", "J8"],
         1: ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "R1", "R2", "R3", "R4"]}


def test_the_bidding_panel_carries_every_bid_target() -> None:
    game = TriumfDrez(seed=1, players=4)
    ids = svg_ids(game.svg(0))
    targets = {target for action in game.legal_actions() for target in action.targets}
    assert targets <= ids
    assert "bid-7" not in svg_ids(game.svg(1)), "only the seat to bid sees the panel"


def test_cards_that_may_not_be_played_are_greyed_and_hands_are_sorted() -> None:
    hands = {**HANDS, 2: ["N1", "N2", "N3", "N4", "Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7", "Q8", "Q9"]}
    game = TriumfDrez(players=4, chance=Scripted([deal_script(hands)]))
    game.play("bid 7 b 7")
    for _ in range(3):
        game.play("pass")
    assert playable_ids(game.view(1)) is None, "not seat 1's turn"
    assert playable_ids(game.view(0)) == {card.id for card in game.hand(0)}, "the leader plays anything"
    game.play("play n5")
    assert playable_ids(game.view(1)) == {card.id for card in game.hand(1)}, "void in knights: anything goes"
    assert "dz-grey" not in game.svg(1)
    game.play("play r1")
    assert playable_ids(game.view(2)) == {"N1", "N2", "N3", "N4"}, "seat 2 must follow knights"
    assert game.svg(2).count('filter="url(#dz-grey)"') == 9, "its 9 queens are greyed"
    assert sorted_hand(["P1", "B7", "J2", "P9"]) == ["J2", "B7", "P9", "P1"]


def test_the_picture_follows_the_language() -> None:
    game = TriumfDrez(seed=1, players=3)
    drezlab.set_language("es")
    try:
        svg = game.svg(0)
    finally:
        drezlab.set_language("en")
    assert "Propuestas" in svg and "Jugador 1" in svg and "sin triunfo" in svg


def test_records_round_trip_and_refuse_tampering() -> None:
    game = TriumfDrez(seed=5, players=3)
    rng = random.Random(5)
    for _ in range(40):
        game.play(game.random_action(rng))
    text = game.to_json()
    loaded = TriumfDrez.from_json(text)
    assert loaded.to_json() == text and loaded.legal_actions() == game.legal_actions()
    with pytest.raises(BadRecord):
        TriumfDrez.from_json(text.replace('"points":[', '"points":[1'))


def test_a_scripted_deal_is_saved_and_replayed() -> None:
    game = TriumfDrez(players=2, chance=Scripted([deal_script(HANDS, players=2)]))
    game.play("bid 7 b 7")
    loaded = TriumfDrez.from_json(game.to_json())
    assert [card.id for card in loaded.hand(0)] == [card.id for card in game.hand(0)]
    assert sorted(card.id for card in loaded.hand(1)) == sorted(HANDS[1])
