"""drezlab: chess with cards and related games, for teaching in Jupyter.

``import drezlab`` loads only the modelling library (python-chess and
svgwrite); the widgets live in ``drezlab.ui`` and load Jupyter code on demand.
"""

from __future__ import annotations

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import Card, Color, Deck, Figure
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.chance import Scripted, Seeded
from drezlab.core.game import Game
from drezlab.core.observation import Observation
from drezlab.core.spec import GameSpec, Option
from drezlab.core.i18n import get_language, set_language
import drezlab.games as games
from drezlab.games import new

__all__ = [
    "Action", "BadRecord", "Card", "Color", "Deck", "Figure", "Game", "IllegalAction",
    "Observation", "Outcome", "GameSpec", "Option", "Scripted", "Seeded", "games", "get_language", "new", "set_language", "PokerDrez", "Edami", "Poker7", "Brandubh",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """Game classes (``drezlab.PokerDrez``) are imported on first use, found through
    the games' metadata, so that ``import drezlab`` stays light. ``drezlab.ui`` (the
    widgets) is imported on first use too: ``import drezlab`` then
    ``drezlab.ui.play(...)`` works without loading Jupyter code before it is needed."""
    if name == "ui":
        import importlib
        return importlib.import_module("drezlab.ui")
    from drezlab.core.registry import specs
    for spec in specs().values():
        if spec.game_class.rpartition(":")[2] == name:
            return spec.cls()
    raise AttributeError(f"module 'drezlab' has no attribute {name!r}")
