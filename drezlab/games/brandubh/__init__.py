"""VikingDrez (Brandubh), the Irish tafl game (rules/board-games.md §3).

- :mod:`drezlab.games.brandubh.meta`: the metadata (registry name ``"brandubh"``,
  alias ``"vikingdrez"``, options, picture, bots)
- :mod:`drezlab.games.brandubh.game`: the rules and the bitboard engine (``Brandubh``)
- :mod:`drezlab.games.brandubh.picture`: the SVG, drawn from an observation

``from drezlab.games.brandubh import Brandubh`` (and every other public name of
``game``, such as ``WHITE``, ``BLACK`` or ``START_TEXT``) keeps working as it did
when the game was one module. Those names are imported on first use, so that the
registry, which imports this package to read ``meta``, loads no rules.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["Brandubh"]

#: submodules whose public names this package lends, looked up in this order
_LENDERS = ("game", "picture")


def __getattr__(name: str) -> Any:
    """A submodule, or a public name of ``game`` (or, for the picture's constants, of ``picture``)."""
    if name in ("meta", *_LENDERS):
        return importlib.import_module(f"{__name__}.{name}")
    if not name.startswith("_"):
        for lender in _LENDERS:
            module = importlib.import_module(f"{__name__}.{lender}")
            if name in vars(module):
                return vars(module)[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
