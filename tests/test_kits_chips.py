"""The chips kit (D4): playing order, side pots, splits with odd chips, chip judgements."""

from __future__ import annotations

from drezlab.kits.chips import (
    betting_status,
    called_off_scores,
    chip_evaluation,
    match_over,
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
