"""PokerGuess: predict how many cards of a colour and of a figure lie among all the
dealt cards, and bet on it.

Rules: ``shared/rules/card-games.md`` §0 and §2 (seeds 000 and 002). The package
follows the rules section:

- :mod:`drezlab.games.pokerguess.meta` — the metadata (name, seats 2-8, options,
  picture, bots), read without importing the rules.
- :mod:`drezlab.games.pokerguess.predictions` — :class:`Prediction`: notation,
  the D14 order, the D15 verification, and the exact chance of being true.
- :mod:`drezlab.games.pokerguess.game` — :class:`PokerGuess`: antes, the deal,
  phase A, the last-card round, phase B, verification, side pots, elimination.
- :mod:`drezlab.games.pokerguess.knowledge` — the zones and what one seat knows.
- :mod:`drezlab.games.pokerguess.words` — the game's words: the Spanish catalogue,
  predictions in words, the move log's sentences, illegal input explained.
- :mod:`drezlab.games.pokerguess.picture` — the table, from an observation.
- :mod:`drezlab.games.pokerguess.bots` — :class:`ProbabilityPlayer`.

Typical use::

    from drezlab.games.pokerguess import PokerGuess
    game = PokerGuess(seed=7, players=4)
    game.play("stay new"); game.play("3 red 4 bishops")
    game.truth_probability("3 red 4 bishops", seat=1)     # a Fraction

Names are imported from their modules on first use, so listing the games loads no rules.
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {
    "PokerGuess": "game", "prediction_label": "game",
    "Prediction": "predictions", "ALL_PREDICTIONS": "predictions", "truth_probability": "predictions",
    "truth_table": "predictions", "check_order": "predictions",
    "ProbabilityPlayer": "bots",
}

__all__ = ["ALL_PREDICTIONS", "PokerGuess", "Prediction", "ProbabilityPlayer", "check_order", "prediction_label",
           "truth_probability", "truth_table"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
