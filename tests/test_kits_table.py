"""The table kit: seats round a table, chips of a betting hand (D1, D4), a match of scored hands."""

from __future__ import annotations

from typing import Any

import pytest

from drezlab.core.action import Action
from drezlab.kits.table import (
    ALL_THE_CHIPS,
    HAND_LIMIT,
    BettingTable,
    HandResult,
    PointsMatch,
    deal_in,
    fewest_cards_win,
    match_over,
    next_seat,
    playing_order,
    queue_next,
    seats_after,
    share_worth,
    shared_win,
    side_pots,
    split,
    target_winners,
)


# ------------------------------------------------------------------- seats round the table
def test_next_seat_skips_folded_and_out_seats_and_wraps_round() -> None:
    folded = {1}
    out = {2}

    def still_in(seat: int) -> bool:
        return seat not in folded and seat not in out
    assert next_seat(0, 5, still_in) == 3
    assert next_seat(3, 5, still_in) == 4
    assert next_seat(4, 5, still_in) == 0                   # wraps round
    assert next_seat(0, 5, lambda seat: seat == 0) == 0     # the seat itself comes last
    assert next_seat(0, 5, lambda seat: False) is None      # nobody left


def test_next_seat_is_the_first_of_seats_after() -> None:
    for players in range(2, 11):
        for seat in range(players):
            for keep in (lambda other: other % 2 == 0, lambda other, seat=seat: other != seat,
                         lambda other: True):
                order = seats_after(seat, players, keep)
                assert next_seat(seat, players, keep) == (order[0] if order else None)


def test_playing_order_and_the_next_hand_queue() -> None:
    assert playing_order(2, 4) == [2, 3, 0, 1]
    assert playing_order(0, 1) == [0]
    queue = [3, 0, 1]
    assert queue_next(queue) == 0 and queue == [0, 1]
    assert queue_next(queue) == 1
    assert queue_next(queue) is None and queue == []


# ----------------------------------------------------------------------------- chips (D4)
def test_side_pots_on_known_examples() -> None:
    # four all-in levels: 10, 50 and 100 (two seats)
    assert side_pots([10, 50, 100, 100], [0, 1, 2, 3]) == [(40, (0, 1, 2, 3)), (120, (1, 2, 3)), (100, (2, 3))]
    # seat 1 folded after 30: its chips count in both layers it reached
    assert side_pots([30, 30, 10], [0, 2]) == [(30, (0, 2)), (40, (0,))]
    # a folded seat put in more than any contender: the excess goes to the last pot
    assert side_pots([10, 40, 10], [0, 2]) == [(60, (0, 2))]
    # every pot adds up to every chip put in
    committed = [7, 0, 23, 23, 5]
    assert sum(amount for amount, _ in side_pots(committed, [0, 2, 3])) == sum(committed)


def test_split_and_deal_in() -> None:
    assert split(10, [2, 0, 1]) == [4, 3, 3]                # odd chips to the first winners given
    # the button moves past the broke seat 1; seat 3 has less than the ante and is all-in
    dealer, in_hand, stacks, committed = deal_in([50, 0, 40, 1], 0, 2)
    assert (dealer, in_hand, stacks, committed) == (2, [True, False, True, True], [48, 0, 38, 0], [2, 0, 2, 1])


def test_match_over_and_judging_a_table() -> None:
    assert match_over([0, 200, 0], 5, None) == ((1,), ALL_THE_CHIPS)
    assert match_over([50, 100, 50], 10, 10) == ((1,), HAND_LIMIT)
    assert match_over([50, 100, 50], 9, 10) is None
    assert shared_win([0, 2], 4) == (0.5, 0.0, 0.5, 0.0)
    assert share_worth(25, 100, 4) == 0.0 and share_worth(100, 100, 4) == 1.0 and share_worth(0, 100, 4) == -1.0
    assert share_worth(0, 0, 3) == 0.0                      # nothing won yet


# ---------------------------------------------------------------- a match of scored hands
def test_hand_result_in_views_records_and_words() -> None:
    result = HandResult("out", (1,), (0, 9, 0), (3, 0, 6))
    assert result.to_public() == {"how": "out", "winners": [1], "gained": [0, 9, 0], "counts": [3, 0, 6]}
    assert result.to_record() == ["out", [1], [0, 9, 0], [3, 0, 6]]
    assert result.line(lambda seat: f"P{seat + 1}", "went out") == "went out: P2 +9"
    assert HandResult("blocked", (), (0, 0), (4, 4)).line(str, "blocked") == "blocked: 0"


def test_fewest_cards_and_target_winners() -> None:
    assert fewest_cards_win([10, 10, 4], [3, 5, 0]) == (1.0, 0.0, 0.0)      # a tie broken by fewer cards
    assert fewest_cards_win([10, 10], [3, 3]) == (0.5, 0.5)
    assert target_winners([48, 52, 55], 50) == (2,)                          # the highest of those at the target
    assert target_winners([52, 52, 10], 50) == (0, 1)
    assert target_winners([49, 10], 50) == ()


class _Hands(PointsMatch):
    """The smallest match of scored hands: each seat's hand size is fixed by the test."""

    def __init__(self, players: int) -> None:
        super().__init__()
        self._seat_match(players)
        self.sizes = [5] * players

    def _hand_sizes(self) -> list[int]:
        return self.sizes

    def _generate_actions(self) -> list[Action]:
        return []

    def _apply(self, action: Action) -> None:
        return None

    def _revert(self, action: Action, undo_info: Any) -> None:
        return None

    def _state(self) -> dict[str, Any]:
        return self._match_state()


def test_points_match_deals_from_the_seat_after_the_dealer_and_scores_hands() -> None:
    match = _Hands(3)
    assert match._next_deal() == [0, 1, 2] and (match.dealer, match.first, match.hand_number) == (2, 0, 1)
    assert match._next_deal() == [1, 2, 0] and (match.dealer, match.first, match.hand_number) == (0, 1, 2)
    match._score_hand("out", (1,), (0, 7, 0), (4, 0, 3))
    match._score_hand("out", (0,), (5, 0, 0), (0, 2, 3))
    assert match.scores == [5, 7, 0] and match.result == HandResult("out", (0,), (5, 0, 0), (0, 2, 3))
    match.sizes = [1, 9, 0]
    assert match.adjudicate() == (0.0, 1.0, 0.0)
    assert match._match_state()["result"] == ["out", [0], [5, 0, 0], [0, 2, 3]]
    solitaire = _Hands(1)
    assert solitaire._next_deal() == [0] and solitaire.dealer == solitaire.first == 0


# -------------------------------------------------------------------- chips of a betting game
class _Chips(BettingTable):
    """The smallest betting table: no cards, no turns; the test drives the steps."""

    def __init__(self, stacks: list[int], min_bet: int = 2, max_hands: int | None = None) -> None:
        super().__init__()
        self._seat_players(stacks, min_bet, max_hands, first_dealer=len(stacks) - 1)
        self.settled = False

    def _between_hands(self) -> bool:
        return self.settled

    def _generate_actions(self) -> list[Action]:
        return []

    def _apply(self, action: Action) -> None:
        return None

    def _revert(self, action: Action, undo_info: Any) -> None:
        return None

    def _state(self) -> dict[str, Any]:
        return self._chips_state()


def test_a_betting_hand_with_an_all_in_and_a_fold_builds_side_pots() -> None:
    table = _Chips([10, 50, 100, 100])
    assert table._deal_in() == [0, 1, 2, 3] and table.dealer == 3 and table.first_player == 0
    assert table.pot == 8 and table.stacks == [8, 48, 98, 98]
    table._seat = 0
    assert table.all_in_total() == 8 and table._bet_to(0, 8) == 0 and table.current_bet == 8
    assert table.to_call(1) == 8 and table.smallest_raise() == 10
    assert table._bet_to(1, 30) == 8 and table.current_bet == 30
    table._put_in(2, table.to_call(2))
    table.folded[3] = True
    assert table.contenders() == [0, 1, 2]
    assert table.side_pots() == [(32, (0, 1, 2)), (44, (1, 2))]     # seat 3's ante in the main pot
    ranking = {0: 3, 1: 1, 2: 2}                             # seat 0 holds the best hand, then seat 2

    def best(eligible: tuple[int, ...], order: list[int]) -> tuple[int, ...]:
        top = max(ranking[seat] for seat in eligible)
        return tuple(seat for seat in order if seat in eligible and ranking[seat] == top)

    table._share_pots(best)
    assert table.pots == [(32, (0, 1, 2), (0,)), (44, (1, 2), (2,))]
    assert table.won == [32, 0, 44, 0] and table.stacks == [32, 18, 112, 98] and table.pot == 0
    assert sum(table.stacks) == 260
    assert table._end_of_hand() == [0, 1, 2, 3] and table._outcome is None


def test_the_last_seat_with_chips_wins_the_match_and_the_broke_are_out() -> None:
    table = _Chips([4, 4], min_bet=2)
    table._deal_in()
    table._seat = 0
    table._bet_to(0, 2)
    table._put_in(1, table.to_call(1))
    assert not table.is_eliminated(0)                         # all-in, waiting for the pot
    table._share_pots(lambda eligible, order: (1,))
    table.settled = True
    assert table._end_of_hand() is None
    assert table.is_eliminated(0) and not table.is_eliminated(1)
    assert table.outcome is not None and table.outcome.winners == (1,) and table.outcome.payoffs == (-4, 4)
    assert table.adjudicate() == (0.0, 1.0) and table.evaluate(1) == 1.0


@pytest.mark.parametrize("game_name", ["poker7", "pokerguess"])
def test_both_betting_games_play_on_the_kit(game_name: str) -> None:
    from drezlab import new

    game = new(game_name, seed=3, players=3)
    assert isinstance(game, BettingTable)
    assert game.pot == sum(game.committed) == 3 * game.min_bet
    assert game.first_player == (game.dealer + 1) % 3
