"""Abyss, Walter Joris's pushing game of 2002 (rules/board-games.md §4).

- :mod:`drezlab.games.abyss.meta`: the metadata (registry name ``"abyss"``, options, picture, bots)
- :mod:`drezlab.games.abyss.game`: the rules: placement, the colour choice (D19), the push (D20), the count
- :mod:`drezlab.games.abyss.solver`: the exact solver (negamax, alpha-beta, transposition table)
- :mod:`drezlab.games.abyss.bots`: the greedy and the perfect player
- :mod:`drezlab.games.abyss.picture`: the SVG, drawn from an observation

``from drezlab.games.abyss import Abyss, perfect_play`` imports the module that holds
the name only then (:func:`drezlab.core.lazy.lazy_exports`), so the registry, which
imports this package to read ``meta``, loads no rules.
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {
    "Abyss": "game", "parse_position": "game", "position_text": "game", "pushes": "game", "can_push": "game",
    "Solver": "solver", "perfect_play": "solver", "move_values": "solver", "review": "solver",
    "choice_values": "solver", "survey": "solver", "plain_minimax": "solver",
    "GreedyPlayer": "bots", "PerfectPlayer": "bots",
}

__all__ = ["Abyss", "GreedyPlayer", "PerfectPlayer", "Solver", "can_push", "choice_values", "move_values",
           "parse_position", "perfect_play", "plain_minimax", "position_text", "pushes", "review", "survey"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
