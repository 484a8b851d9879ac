"""Poker7 odds: the exact river equity against every possible opponent hand, the
Monte Carlo estimate earlier in the hand, and the exact and simulated size of the
largest group in 7 cards."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from drezlab.games.poker7 import (equity, estimate_equity, hand_value_by_search, largest_group_distribution,
                                  river_equity, simulate_largest_group)
from drezlab.games.poker7.hands import DECK, clear_cache

AC1_BOARD = "R2 P2 P9 B9 J6"


def brute_force_equity(hole: str, board: str, opponent_known: tuple[str, ...] = (), dead: tuple[str, ...] = ()):
    """Every opponent hand, evaluated with the literal D7 search (independent of the fast evaluator)."""
    used = set(hole.split()) | set(board.split()) | set(opponent_known) | set(dead)
    unseen = [card.id for card in DECK if card.id not in used]
    hero = hand_value_by_search(f"{hole} {board}")
    wins = ties = losses = 0
    for cards in itertools.combinations(unseen, 2 - len(opponent_known)):
        villain = hand_value_by_search(board.split() + list(opponent_known) + list(cards))
        wins += hero > villain
        ties += hero == villain
        losses += hero < villain
    return wins, ties, losses


def test_river_equity_counts_all_1081_opponent_hands() -> None:
    result = river_equity("Q2 N2", AC1_BOARD)
    assert result.exact and result.deals == math.comb(47, 2) == 1081
    assert (result.wins, result.ties, result.losses) == (1074, 0, 7)
    assert result.equity == pytest.approx(1074 / 1081)


def test_river_equity_equals_the_full_search_over_every_opponent_hand() -> None:
    clear_cache()
    result = river_equity("B5 B8", AC1_BOARD)
    assert (result.wins, result.ties, result.losses) == brute_force_equity("B5 B8", AC1_BOARD)


def test_river_equity_with_the_opponents_revealed_card_and_dead_cards() -> None:
    result = river_equity("B5 B8", AC1_BOARD, opponent_shown=["J8"])
    assert result.deals == 46
    assert (result.wins, result.ties, result.losses) == brute_force_equity("B5 B8", AC1_BOARD, ("J8",))
    with_dead = river_equity("B5 B8", AC1_BOARD, opponent_shown=["J8"], dead=["N9", "Q2"])
    assert with_dead.deals == 44


def test_a_seven_card_group_nearly_always_wins() -> None:
    result = river_equity("B4 B6", "B1 B2 B3 B5 B7")
    assert result.losses == 0 and result.equity == 1.0


@pytest.mark.parametrize("hole, board, message", [
    ("Q2", AC1_BOARD, "2 own cards"), ("Q2 N2 B1", AC1_BOARD, "2 own cards"),
    ("Q2 R2", AC1_BOARD, "twice"), ("Q2 N2", "R2 P2 P9 B9", "0, 3 or 5"),
    ("Q2 N2", "R2 P2 P9", "all 5 community cards"), ("Q2 X1", AC1_BOARD, "neutral"),
])
def test_river_equity_refuses_impossible_situations(hole: str, board: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        river_equity(hole, board)


def test_the_estimate_is_seeded_and_close_to_the_exact_figure() -> None:
    exact = river_equity("B5 B8", AC1_BOARD)
    first = estimate_equity("B5 B8", AC1_BOARD, samples=3000, seed=3)
    assert first == estimate_equity("B5 B8", AC1_BOARD, samples=3000, seed=3)
    assert not first.exact and first.deals == 3000
    assert abs(first.equity - exact.equity) < 4 * first.std_error + 1e-9


def test_estimates_earlier_in_the_hand() -> None:
    strong = estimate_equity("B8 B9", "B7 B6 J2", samples=800, seed=1)
    weak = estimate_equity("P1 N5", "B7 R6 J2", samples=800, seed=1)
    assert strong.equity > 0.8 > weak.equity
    preflop = estimate_equity("Q2 N2", opponents=3, samples=800, seed=1)
    assert 0.1 < preflop.equity < 0.5 and preflop.std_error > 0
    shown = estimate_equity("Q2 N2", AC1_BOARD, opponents=2, shown=[["J8"]], samples=500, seed=1)
    assert shown.deals == 500


def test_equity_is_exact_on_the_river_heads_up_and_estimated_otherwise() -> None:
    assert equity("Q2 N2", AC1_BOARD).exact
    assert not equity("Q2 N2", AC1_BOARD, opponents=2, samples=50).exact
    assert not equity("Q2 N2", "R2 P2 P9", samples=50).exact


def test_estimate_input_checks() -> None:
    with pytest.raises(ValueError, match="1 to 9 opponents"):
        estimate_equity("Q2 N2", opponents=0)
    with pytest.raises(ValueError, match="more shown hands"):
        estimate_equity("Q2 N2", opponents=1, shown=[["B1"], ["B2"]])
    with pytest.raises(ValueError, match="samples"):
        estimate_equity("Q2 N2", samples=0)


# ------------------------------------------------------- the largest group
def brute_force_largest(cards: int, figures: int, colours: int) -> dict[int, Fraction]:
    cells = [(f, c) for f in range(figures) for c in range(colours)]
    counts: dict[int, int] = {}
    for hand in itertools.combinations(cells, cards):
        largest = max([sum(1 for f, _ in hand if f == row) for row in range(figures)]
                      + [sum(1 for _, c in hand if c == col) for col in range(colours)])
        counts[largest] = counts.get(largest, 0) + 1
    total = math.comb(figures * colours, cards)
    return {size: Fraction(count, total) for size, count in sorted(counts.items())}


@pytest.mark.parametrize("cards, figures, colours", [(5, 3, 4), (6, 4, 5), (7, 3, 5), (4, 6, 2)])
def test_largest_group_counting_equals_a_full_listing_on_small_grids(cards, figures, colours) -> None:
    assert largest_group_distribution(cards, figures, colours) == brute_force_largest(cards, figures, colours)


def test_largest_group_in_7_poker7_cards() -> None:
    distribution = largest_group_distribution()
    assert sum(distribution.values()) == 1
    assert set(distribution) == {2, 3, 4, 5, 6, 7}            # 7 cards, 6 figures: some pair always
    assert distribution[7] == Fraction(6 * math.comb(9, 7) + 9 * 0, math.comb(54, 7))
    four_or_more = sum(p for size, p in distribution.items() if size >= 4)
    assert float(four_or_more) == pytest.approx(0.0783, abs=5e-4)


def test_the_simulation_agrees_with_the_exact_count() -> None:
    exact = largest_group_distribution()
    simulated = simulate_largest_group(4000, seed=1)
    assert simulated == simulate_largest_group(4000, seed=1)
    for size, share in simulated.items():
        sigma = math.sqrt(float(exact[size]) * (1 - float(exact[size])) / 4000)
        assert abs(share - float(exact[size])) < 5 * sigma + 1e-3
