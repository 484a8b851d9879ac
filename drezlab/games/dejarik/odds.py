"""Dice you can calculate: the exact odds of every Dejarik attack and duel.

An attack (§1.6) rolls the attacker's Attack·d6 against the defender's Defence·d6;
the margin ``m = a − d`` decides: ``m ≥ 7`` mortal attack, ``1..6`` attacker push,
``−6..0`` defender push (a tie is a defender push), ``m ≤ −7`` mortal defence (D5).

:func:`sum_counts` gives the number of ways each sum of ``n`` d6 can fall (a
polynomial power, built by repeated convolution: exact integers); an attack's
four probabilities are then sums of products of counts over ``6**(A+D)``, kept
as exact :class:`~fractions.Fraction` values. With prefix sums of the defender's
counts each attacker sum needs four look-ups, so all 8 x 8 tables take a few
milliseconds (``bench/bench_dejarik.py`` prints the time).

:func:`brute_force_odds` enumerates every roll of small pools, for the tests.
The duel (§1.7, D7) rolls max(Attack, Defence) d6 each; ties are re-rolled, so a
side wins with ``P(win) / (1 − P(tie))``: :func:`duel_odds`.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache
from typing import NamedTuple

#: the four results of an attack, in the order of the rules' table (margin high to low)
RESULTS = ("mortal attack", "attacker push", "defender push", "mortal defence")
MORTAL = 7   # D5: a margin of 7 or more either way is mortal


class AttackOdds(NamedTuple):
    """The exact probabilities of the four results of one attack (they sum to 1)."""

    mortal_attack: Fraction
    attacker_push: Fraction
    defender_push: Fraction
    mortal_defence: Fraction

    def as_dict(self) -> dict[str, Fraction]:
        """Result name (see :data:`RESULTS`) -> probability."""
        return dict(zip(RESULTS, self))


@cache
def sum_counts(dice: int) -> tuple[int, ...]:
    """``counts[s]`` = the number of the ``6**dice`` rolls of ``dice`` d6 that sum to ``s``."""
    if isinstance(dice, bool) or not isinstance(dice, int) or dice < 0:
        raise ValueError(f"a pool is a whole number of dice (0 or more), not {dice!r}")
    counts = [1]
    for _ in range(dice):
        grown = [0] * (len(counts) + 6)
        for total, ways in enumerate(counts):
            if ways:
                for face in range(1, 7):
                    grown[total + face] += ways
        counts = grown
    return tuple(counts)


def _margin_counts(attack: int, defence: int) -> tuple[int, int, int, int, int]:
    """Ways to get each result of ``attack`` d6 against ``defence`` d6, and the total."""
    a_counts, d_counts = sum_counts(attack), sum_counts(defence)
    prefix = [0]
    for ways in d_counts:
        prefix.append(prefix[-1] + ways)
    top = len(d_counts)

    def at_most(total: int) -> int:      # ways the defender's sum is <= total
        return prefix[max(0, min(top, total + 1))]

    total_d = prefix[-1]
    mortal_a = push_a = push_d = 0
    for a, ways in enumerate(a_counts):
        if not ways:
            continue
        low = at_most(a - MORTAL)            # d <= a - 7
        mid = at_most(a - 1) - low           # a - 6 <= d <= a - 1
        tie_or_less = at_most(a + MORTAL - 1) - at_most(a - 1)   # a <= d <= a + 6
        mortal_a += ways * low
        push_a += ways * mid
        push_d += ways * tie_or_less
    everything = sum(a_counts) * total_d
    return mortal_a, push_a, push_d, everything - mortal_a - push_a - push_d, everything


def attack_odds(attack: int, defence: int) -> AttackOdds:
    """The exact odds of an attack with ``attack`` dice against ``defence`` dice."""
    mortal_a, push_a, push_d, mortal_d, everything = _margin_counts(attack, defence)
    return AttackOdds(Fraction(mortal_a, everything), Fraction(push_a, everything),
                      Fraction(push_d, everything), Fraction(mortal_d, everything))


def result_of(margin: int) -> str:
    """The result (one of :data:`RESULTS`) of the margin ``attacker sum − defender sum``."""
    if margin >= MORTAL:
        return RESULTS[0]
    if margin >= 1:
        return RESULTS[1]
    if margin > -MORTAL:
        return RESULTS[2]
    return RESULTS[3]


def brute_force_odds(attack: int, defence: int) -> AttackOdds:
    """The same odds by listing every roll of every die (only for small pools: 6**(A+D) rolls)."""
    if attack + defence > 8:
        raise ValueError("the brute force lists 6**(A+D) rolls: keep A + D at most 8")
    ways = dict.fromkeys(RESULTS, 0)
    for roll in itertools.product(range(1, 7), repeat=attack + defence):
        ways[result_of(sum(roll[:attack]) - sum(roll[attack:]))] += 1
    total = 6 ** (attack + defence)
    return AttackOdds(*(Fraction(ways[name], total) for name in RESULTS))


def result_tables(stats: dict[str, tuple[int, int, int]], fresh: bool = False) -> dict[tuple[str, str], AttackOdds]:
    """Every attacker/defender pair of the creatures in ``stats`` (name -> Attack, Defence,
    Move) with its exact odds. ``fresh=True`` forgets the cached sum counts first (the
    benchmark times the whole computation)."""
    if fresh:
        sum_counts.cache_clear()
    by_pools: dict[tuple[int, int], AttackOdds] = {}
    tables = {}
    for attacker, (attack, _, _) in stats.items():
        for defender, (_, defence, _) in stats.items():
            key = (attack, defence)
            if key not in by_pools:
                by_pools[key] = attack_odds(attack, defence)
            tables[(attacker, defender)] = by_pools[key]
    return tables


def expected_losses(odds: AttackOdds, attacker_value: float, defender_value: float) -> float:
    """The attack's expected material swing for the attacker: the defender's value times
    the chance of a mortal attack, minus the attacker's value times a mortal defence."""
    return float(odds.mortal_attack) * defender_value - float(odds.mortal_defence) * attacker_value


def duel_odds(first: int, second: int) -> Fraction:
    """The chance that the side rolling ``first`` d6 wins a duel against ``second`` d6
    (D7: ties are re-rolled until someone is higher)."""
    a_counts, b_counts = sum_counts(first), sum_counts(second)
    win = tie = 0
    below = 0
    prefix = [0]
    for ways in b_counts:
        prefix.append(prefix[-1] + ways)
    for a, ways in enumerate(a_counts):
        if ways:
            below = prefix[min(a, len(b_counts))]
            win += ways * below
            tie += ways * (b_counts[a] if a < len(b_counts) else 0)
    total = sum(a_counts) * sum(b_counts)
    return Fraction(win, total - tie)
