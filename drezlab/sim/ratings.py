"""Ratings from game results: a Bradley-Terry fit (the ``choix`` library) with
bootstrap intervals, on the Elo scale.

The strength ladder's bench (``bench/ladder.py``) plays levels against each other and
hands the results here as *comparisons* ``(i, j, score)``: player ``i`` met player ``j``
and scored 1 (better), 0.5 (level) or 0 (worse). A game of more seats gives several
comparisons (the level under test against each other seat), grouped by game, because
the bootstrap resamples whole games.

The fit is choix's maximum-likelihood Bradley-Terry estimate from the matrix of wins
(``choix.ilsr_pairwise_dense``: iterative Luce spectral ranking, which converges to the
maximum-likelihood estimate, with a small regularisation ``alpha`` so that a player who
won every game still gets a finite rating). A draw counts as one win each way, a win as
two, so a game always weighs two comparisons. Ratings are on the Elo scale (400
log10-odds) relative to player 0. The 95 % intervals are percentile bootstrap
intervals: the games of each group (a pairing of players) are resampled with
replacement and the model refitted.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["ELO", "Rating", "bradley_terry", "fit_ratings"]

#: Bradley-Terry strengths (natural log-odds) to Elo points
ELO = 400.0 / math.log(10.0)

Comparison = tuple[int, int, float]


@dataclass(frozen=True)
class Rating:
    """A player's rating on the Elo scale (player 0 is 0) with its 95 % bootstrap interval."""

    player: int
    elo: float
    low: float
    high: float


def _wins(players: int, comparisons: Sequence[Comparison]) -> Any:
    """The matrix ``wins[i, j]``: how often ``i`` beat ``j`` (a win twice, a draw once
    each way), after checking every comparison."""
    import numpy

    wins = numpy.zeros((players, players))
    for i, j, score in comparisons:
        if not (0 <= i < players and 0 <= j < players) or i == j:
            raise ValueError(f"a comparison must be between two different players 0..{players - 1}, not {i}, {j}")
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a comparison's score must be between 0 and 1, not {score!r}")
        won = round(2 * score)
        wins[i, j] += won
        wins[j, i] += 2 - won
    return wins


def _fit(wins: Any, alpha: float) -> list[float]:
    import choix

    strengths = choix.ilsr_pairwise_dense(wins, alpha=alpha)
    return [float(ELO * (value - strengths[0])) for value in strengths]


def bradley_terry(players: int, comparisons: Sequence[Comparison], alpha: float = 0.01) -> list[float]:
    """Maximum-likelihood Bradley-Terry ratings (Elo scale, player 0 = 0) of ``players``
    players from ``comparisons`` ``(i, j, score of i)``; scores are rounded to halves."""
    if not isinstance(players, int) or isinstance(players, bool) or players < 2:
        raise ValueError(f"a rating fit needs at least 2 players, not {players!r}")
    return _fit(_wins(players, comparisons), alpha)


def fit_ratings(players: int, games: Mapping[Any, Sequence[Sequence[Comparison]]], bootstrap: int = 200,
                seed: int = 0, alpha: float = 0.01) -> list[Rating]:
    """Ratings with 95 % bootstrap intervals. ``games`` maps each group (e.g. a pairing of
    two levels) to its games, each game a list of comparisons ``(i, j, score of i)``."""
    if not isinstance(bootstrap, int) or isinstance(bootstrap, bool) or bootstrap < 0:
        raise ValueError(f"bootstrap must be a whole number >= 0, not {bootstrap!r}")
    everything = [comparison for group in games.values() for game in group for comparison in game]
    centre = bradley_terry(players, everything, alpha)
    per_game = [[_wins(players, game) for game in group] for group in games.values()]
    rng = random.Random(seed)
    samples: list[list[float]] = []
    for _ in range(bootstrap):
        drawn = sum((group[rng.randrange(len(group))] for group in per_game for _ in range(len(group))),
                    start=_wins(players, []))
        samples.append(_fit(drawn, alpha))
    ratings = []
    for player in range(players):
        values = sorted(sample[player] for sample in samples)
        if values:
            low = values[int(0.025 * (len(values) - 1))]
            high = values[math.ceil(0.975 * (len(values) - 1))]
        else:
            low = high = centre[player]
        ratings.append(Rating(player, centre[player], low, high))
    return ratings
