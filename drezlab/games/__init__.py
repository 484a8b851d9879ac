"""The games: one package each, found through its ``meta`` module.

``drezlab.games()`` lists them (name and alias -> one-line description) and
``drezlab.new(name)`` makes one. Game modules are imported only when a game is
made, so listing is cheap. This package is both the package of the games and
the listing function, so ``import drezlab.games.brandubh`` keeps working.
"""

from __future__ import annotations

import sys
import types
from typing import Any

from drezlab.core.i18n import get_language
from drezlab.core.registry import game_class, new, spec_of, specs

__all__ = ["game_class", "games", "new", "spec_of", "specs"]


def games() -> dict[str, str]:
    """The registered games: every name (and alias) -> a one-line description."""
    language = get_language()
    listing: dict[str, str] = {}
    for spec in specs().values():
        for name in (spec.name, *spec.aliases):
            listing[name] = spec.summary_in(language)
    return listing


class _GamesPackage(types.ModuleType):
    """Lets ``drezlab.games`` be both this package and the listing ``drezlab.games()``."""

    def __call__(self) -> dict[str, str]:
        return games()


sys.modules[__name__].__class__ = _GamesPackage


def __getattr__(name: str) -> Any:
    raise AttributeError(f"module 'drezlab.games' has no attribute {name!r}")
