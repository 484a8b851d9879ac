"""Poker7's chance: the deal's shuffle goes through ``game.chance``; tests script the
deck order (``Scripted``); seeded deals are those of drezlab 0.1; undo puts the
generator back; ``chance_outcomes`` gives the exact odds of the next community
card as one seat sees it."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from drezlab import Scripted
from drezlab.games.poker7 import Poker7
from drezlab.games.poker7.hands import DECK

ORDER = [card.id for card in DECK]


def ids(cards) -> list[str]:
    return [card.id for card in cards]


def check_to(game: Poker7, street: int) -> None:
    while game.phase == "bet" and game.street < street:
        game.play("check")


def test_a_scripted_deck_order_is_dealt_from_the_top() -> None:
    game = Poker7(players=2, chance=Scripted([ORDER]))       # dealer: seat 1, so seat 0 is dealt first
    top = ORDER[::-1]
    assert ids(game.hole[0]) == [top[0], top[2]] and ids(game.hole[1]) == [top[1], top[3]]
    check_to(game, 2)
    assert ids(game.board) == top[4:7]
    check_to(game, 3)
    assert ids(game.board) == top[4:9] and ids(game.deck) == ORDER[:54 - 9]


def test_a_scripted_none_keeps_the_deck_in_its_fixed_order() -> None:
    unshuffled, scripted = Poker7(players=3, chance=Scripted([None])), Poker7(players=3, chance=Scripted([ORDER]))
    assert unshuffled.hole == scripted.hole and unshuffled.deck == scripted.deck


@pytest.mark.parametrize("seed", range(21))
def test_a_seeded_deal_is_the_deal_of_drezlab_0_1(seed: int) -> None:
    """0.1 shuffled ``list(DECK)`` with ``random.Random(seed)`` once per hand."""
    game = Poker7(seed=seed, players=3)
    deck = list(DECK)
    generator = random.Random(seed)
    generator.shuffle(deck)
    assert ids(game.hole[0]) == ids([deck[-1], deck[-4]]) and ids(game.deck) == ids(deck[:-6])
    game.play("bet 10")
    game.play("fold")
    game.play("fold")
    for _ in range(3):
        game.play("next")
    deck = list(DECK)
    generator.shuffle(deck)
    assert ids(game.deck) == ids(deck[:-6]), "the second hand's shuffle continues the same generator"


def test_undoing_the_deal_of_a_new_hand_restores_the_generator() -> None:
    game = Poker7(seed=8, players=2)
    game.play("bet 10")
    game.play("fold")
    game.play("next")
    before = game.to_json()
    game.play("next")
    dealt = game.to_json()
    assert len(game.chance.log) == 1 and game.chance.log[0][0] == "deal"
    game.undo()
    assert game.to_json() == before and game.chance.log == []
    game.play("next")
    assert game.to_json() == dealt


def test_chance_outcomes_are_the_unseen_cards_with_exact_equal_odds() -> None:
    game = Poker7(seed=5, players=4)
    for seat, hidden in ((0, 52), (2, 52), (None, 54)):
        odds = game.chance_outcomes(seat)
        assert len(odds) == hidden and set(odds.values()) == {Fraction(1, hidden)} and sum(odds.values()) == 1
        known = {card.id for card in game.hole[seat]} if seat is not None else set()
        assert set(odds) == set(ORDER) - known
    check_to(game, 2)
    odds = game.chance_outcomes(1)
    assert set(odds) == set(ORDER) - set(ids(game.hole[1] + game.board))
    assert all(value == Fraction(1, 49) for value in odds.values())
    colour_9 = sum(value for card, value in odds.items() if card.endswith("9"))
    assert colour_9 == Fraction(6 - sum(card.id.endswith("9") for card in game.hole[1] + game.board), 49)


def test_chance_outcomes_are_empty_when_no_community_card_is_to_come() -> None:
    game = Poker7(seed=5, players=2)
    check_to(game, 3)
    assert game.chance_outcomes(0) == {}
    game.play("check")
    game.play("check")
    assert game.phase == "reveal" and game.chance_outcomes(None) == {}


def test_the_dealt_card_is_always_one_of_the_outcomes_and_hidden_cards_do_not_change_them() -> None:
    for seed in range(30):
        game = Poker7(seed=seed, players=3)
        outcomes = {seat: game.chance_outcomes(seat) for seat in (None, 0, 1, 2)}
        twin = game.resample(0, random.Random(seed))
        assert twin.chance_outcomes(0) == outcomes[0]
        check_to(game, 2)
        assert all(card.id in odds for odds in outcomes.values() for card in game.board)


def test_chance_outcomes_refuse_a_seat_that_does_not_exist() -> None:
    with pytest.raises(ValueError, match="seat"):
        Poker7(seed=1, players=2).chance_outcomes(2)
