"""drezlab: chess with cards and related games, for teaching in Jupyter.

``import drezlab`` loads only the modelling library (python-chess and
svgwrite); the widgets live in ``drezlab.ui`` and load Jupyter code on demand.
"""

from __future__ import annotations

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import Card, Color, Deck, Figure
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.game import Game
from drezlab.core.i18n import get_language, set_language
import drezlab.games as games
from drezlab.games import new

__all__ = [
    "Action", "BadRecord", "Card", "Color", "Deck", "Figure", "Game", "IllegalAction",
    "Outcome", "games", "get_language", "new", "set_language", "PokerDrez", "Edami", "Poker7", "Brandubh",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """Game classes are imported on first use so that ``import drezlab`` stays light."""
    if name == "PokerDrez":
        from drezlab.games.pokerdrez import PokerDrez
        return PokerDrez
    if name == "Brandubh":
        from drezlab.games.brandubh import Brandubh
        return Brandubh
    if name == "Poker7":
        from drezlab.games.poker7 import Poker7
        return Poker7
    if name == "Edami":
        from drezlab.games.edami import Edami
        return Edami
    raise AttributeError(f"module 'drezlab' has no attribute {name!r}")
