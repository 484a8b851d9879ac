"""Abyss, Walter Joris's pushing game of 2002 (rules/board-games.md §4).

- :mod:`drezlab.games.abyss.meta`: the metadata (registry name ``"abyss"``, options, picture, bots)
- :mod:`drezlab.games.abyss.game`: the rules: placement, the colour choice (D19), the push (D20)
- :mod:`drezlab.games.abyss.solver`: the exact solver (negamax, alpha-beta, transposition table)
- :mod:`drezlab.games.abyss.bots`: the greedy and the perfect player
- :mod:`drezlab.games.abyss.picture`: the SVG, drawn from an observation

``from drezlab.games.abyss import Abyss`` (and every other public name of ``game``
or ``solver``) works; those names are imported on first use, so the registry, which
imports this package to read ``meta``, loads no rules.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["Abyss"]

#: submodules whose public names this package lends, looked up in this order
_LENDERS = ("game", "solver")


def __getattr__(name: str) -> Any:
    """A submodule, or a public name of ``game`` or ``solver``."""
    if name in ("meta", "bots", "picture", *_LENDERS):
        return importlib.import_module(f"{__name__}.{name}")
    if not name.startswith("_"):
        for lender in _LENDERS:
            module = importlib.import_module(f"{__name__}.{lender}")
            if name in vars(module):
                return vars(module)[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
