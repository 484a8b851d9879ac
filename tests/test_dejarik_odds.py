"""Dejarik's exact dice: sums of n d6, the four attack results and the duel, checked
against brute-force enumeration of every roll for small pools."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from drezlab.games.dejarik.game import CREATURES
from drezlab.games.dejarik.odds import (
    RESULTS,
    attack_odds,
    brute_force_odds,
    duel_odds,
    result_of,
    result_tables,
    sum_counts,
)


def test_sum_counts_are_the_ways_to_roll_each_total() -> None:
    assert sum_counts(0) == (1,)
    assert sum_counts(1) == (0, 1, 1, 1, 1, 1, 1)
    two = sum_counts(2)
    assert two[7] == 6 and two[2] == 1 and two[12] == 1 and sum(two) == 36
    assert sum(sum_counts(8)) == 6 ** 8
    with pytest.raises(ValueError):
        sum_counts(-1)


@pytest.mark.parametrize("attack,defence", [(a, d) for a in range(1, 5) for d in range(1, 5) if a + d <= 7])
def test_attack_odds_match_the_brute_force(attack: int, defence: int) -> None:
    assert attack_odds(attack, defence) == brute_force_odds(attack, defence)


def test_margin_thresholds_d5() -> None:
    assert [result_of(m) for m in (7, 6, 1, 0, -6, -7)] == [
        RESULTS[0], RESULTS[1], RESULTS[1], RESULTS[2], RESULTS[2], RESULTS[3]]


def test_every_table_is_exact_and_sums_to_one() -> None:
    stats = {c.key: (c.attack, c.defence, c.move) for c in CREATURES}
    tables = result_tables(stats, fresh=True)
    assert len(tables) == 64
    for odds in tables.values():
        assert sum(odds) == 1 and all(isinstance(p, Fraction) and 0 <= p <= 1 for p in odds)
    # Molatar (8 dice) against Ng'ok (8 dice): symmetric pools, so each mortal result is as likely
    molatar_ngok = tables[("molatar", "ngok")]
    assert molatar_ngok.mortal_attack == molatar_ngok.mortal_defence
    # Strider's 2 dice can never beat 6 dice by 7: no mortal attack on a Savrip
    assert tables[("strider", "savrip")].mortal_attack == 0


def test_duel_odds_against_enumeration_with_rerolled_ties() -> None:
    for first, second in ((1, 1), (2, 1), (3, 2)):
        win = tie = total = 0
        for roll in itertools.product(range(1, 7), repeat=first + second):
            a, b = sum(roll[:first]), sum(roll[first:])
            total += 1
            win += a > b
            tie += a == b
        assert duel_odds(first, second) == Fraction(win, total - tie)
    assert duel_odds(4, 4) == Fraction(1, 2)
