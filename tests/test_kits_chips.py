"""The chips kit (D4): playing order, side pots, splits with odd chips, chip judgements."""

from __future__ import annotations

import pytest

from drezlab.core.zones import Visibility, Zones
from drezlab.games.poker7.game import Poker7
from drezlab.games.pokerguess.game import PokerGuess
from drezlab.kits.chips import (
    actions_by_kind,
    betting_status,
    bot_turn,
    called_off_scores,
    chip_evaluation,
    deal_in,
    gather_cards,
    match_over,
    pot_odds,
    raise_sizes,
    seats_after,
    side_pots,
    split,
)


def test_seats_after_wraps_round_in_playing_order() -> None:
    assert seats_after(2, 4, lambda seat: True) == [3, 0, 1, 2]
    assert seats_after(3, 4, lambda seat: seat != 1) == [0, 2, 3]


def test_side_pots_layer_by_all_in_level_with_folded_chips_inside() -> None:
    # seat 0 all-in for 10, seats 1 and 2 put in 32, seat 3 folded after 5
    assert side_pots([10, 32, 32, 5], [0, 1, 2]) == [(35, (0, 1, 2)), (44, (1, 2))]
    assert side_pots([4, 20, 4], [1]) == [(28, (1,))]


def test_split_gives_odd_chips_to_the_first_winners() -> None:
    assert split(100, [0, 1, 2]) == [34, 33, 33]
    assert split(8, [3]) == [8]
    assert split(5, [2, 0]) == [3, 2]


def test_chip_judgements() -> None:
    assert called_off_scores([10, 30, 30], [5, 0, 0]) == (0.0, 0.5, 0.5)
    assert chip_evaluation([0, 0], [0, 40], [20, 20], 1) == 1.0
    assert chip_evaluation([10, 30], [0, 0], [20, 20], 0) == -0.5
    assert betting_status("Player 2", 4, 12) == "Player 2: 4 to call (Pot 12)"
    assert betting_status("Player 2", 0, 12) == "Player 2 to move (Pot 12)"


def test_match_over() -> None:
    assert match_over([0, 40, 0], 3, None) == ((1,), "all the chips")
    assert match_over([10, 20, 20], 5, 5) == ((1, 2), "hand limit")
    assert match_over([10, 20, 20], 4, 5) is None


def test_bot_turn_gives_the_movers_view_and_the_legal_actions() -> None:
    game = Poker7(seed=3, players=3)
    view, actions = bot_turn(game, "poker7")
    assert view.seat == game.to_move and actions == game.legal_actions()
    with pytest.raises(ValueError, match="the equity bot plays Poker7, not PokerGuess"):
        bot_turn(PokerGuess(seed=3), "poker7", "equity")


def test_actions_by_kind_and_pot_odds() -> None:
    game = Poker7(seed=3, players=3)
    game.play("bet 4")
    grouped = actions_by_kind(game.legal_actions())
    assert [action.text for action in grouped["fold"]] == ["fold"]
    assert [action.text for action in grouped["raise"]] == [action.text for action in game.legal_actions()
                                                             if action.text.startswith("raise")]
    assert pot_odds(4, 12) == 0.25 and pot_odds(0, 12) == 0.0


def test_deal_in_moves_the_button_past_broke_seats_and_collects_the_antes() -> None:
    # seat 0 is broke, seat 2 has less than the ante: it pays what it has
    assert deal_in([0, 20, 1, 30], 3, 2) == (1, [False, True, True, True], [0, 18, 0, 28], [0, 2, 1, 2])
    assert deal_in([5, 5], 0, 2) == (1, [True, True], [3, 3], [2, 2])


def test_raise_sizes_are_the_smallest_raise_half_the_pot_and_the_pot_below_all_in() -> None:
    assert raise_sizes(0, 2, 8, 100) == [2, 4, 8]
    assert raise_sizes(4, 2, 16, 100) == [6, 12, 20]
    assert raise_sizes(4, 2, 16, 12) == [6]          # 12 is all-in: its own button
    assert raise_sizes(0, 2, 2, 100) == [2]          # the three coincide


def test_gather_cards_puts_every_card_back_in_deck_order_and_hands_face_down() -> None:
    zones = Zones()
    zones.add("deck", Visibility.COUNT, items=["a", "b", "c", "d", "e"])
    zones.add("board", Visibility.PUBLIC)
    zones.add("hand0", Visibility.OWNER, 0)
    zones.add("up0", Visibility.PUBLIC, 0)
    mark = zones.mark()
    for target in ("hand0", "up0", "board"):
        zones.draw("deck", target)
    zones.set_visibility("hand0", Visibility.PUBLIC)
    gather_cards(zones, "deck", ["a", "b", "c", "d", "e"], [("hand0", "up0")], "board")
    assert zones["deck"] == ["a", "b", "c", "d", "e"] and not zones["board"] and not zones["up0"]
    assert zones.visibility("hand0") is Visibility.OWNER and zones.owner("hand0") == 0
    zones.rewind(mark)
    assert zones["deck"] == ["a", "b", "c", "d", "e"]
