"""PokerDrez: chess where every move must be backed by a card.

``from drezlab.games.pokerdrez import PokerDrez`` gives the game class; it is
imported on first use, so that listing the games (which reads ``meta``) stays
light. The package holds ``meta`` (the metadata), ``game`` (the rules, on the
card-chess layer of :mod:`drezlab.kits.cardchess`) and ``picture`` (the table drawn
from an observation).
"""

from __future__ import annotations

from typing import Any

__all__ = ["PokerDrez"]


def __getattr__(name: str) -> Any:
    if name == "PokerDrez":
        from drezlab.games.pokerdrez.game import PokerDrez

        return PokerDrez
    raise AttributeError(f"module 'drezlab.games.pokerdrez' has no attribute {name!r}")
