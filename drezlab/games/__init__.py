"""The registry of games: ``drezlab.games()`` lists them, ``drezlab.new(name)`` makes one.

Game modules are imported only when a game is made, so listing is cheap.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

from drezlab.core.game import Game

_REGISTRY: dict[str, tuple[str, str, str]] = {
    "pokerdrez": ("drezlab.games.pokerdrez", "PokerDrez", "PokerDrez: chess where every move needs a card"),
    "poker7": ("drezlab.games.poker7", "Poker7", "Poker7: Hold'em with Pokerdrez cards where all 7 cards make the hand"),
    "vikingdrez": ("drezlab.games.brandubh", "Brandubh",
                   "VikingDrez (Brandubh): the Irish tafl game; the king escapes to a corner or is captured"),
    "brandubh": ("drezlab.games.brandubh", "Brandubh", "Brandubh (VikingDrez): the Irish tafl game on 7x7"),
    "edami": ("drezlab.games.edami", "Edami", "EDAMI luck-card chess: draw a luck card or play a normal move"),
}


def games() -> dict[str, str]:
    """The registered games: name -> one-line description."""
    return {name: description for name, (_, _, description) in _REGISTRY.items()}


def game_class(name: str) -> type[Game]:
    try:
        module_name, class_name, _ = _REGISTRY[name.lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"there is no game called {name!r}; choose one of {', '.join(_REGISTRY)}") from None
    return getattr(importlib.import_module(module_name), class_name)


def new(name: str, seed: int | None = None, **options: Any) -> Game:
    """A new game by registry name, e.g. ``drezlab.new("pokerdrez", seed=7)``."""
    return game_class(name)(seed=seed, **options)


class _GamesPackage(types.ModuleType):
    """Lets ``drezlab.games`` be both this package and the listing ``drezlab.games()``
    the issue asks for, so ``import drezlab.games.brandubh`` keeps working."""

    def __call__(self) -> dict[str, str]:
        return games()


sys.modules[__name__].__class__ = _GamesPackage
