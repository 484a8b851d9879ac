"""EDAMI luck-card chess ("Cartas de la Suerte", seed 001; rules/chess-cards.md §4).

- :mod:`drezlab.games.edami.cards`: the cards as data (``CardSpec``, ``EdamiDeck``)
- :mod:`drezlab.games.edami.moves`: chess moves and attacks under a temporary effect
- :mod:`drezlab.games.edami.game`: the game (``Edami``)
- :mod:`drezlab.games.edami.picture`: its SVG
"""

from __future__ import annotations

from drezlab.games.edami.cards import CardSpec, EdamiDeck, parse_spec
from drezlab.games.edami.game import Edami

__all__ = ["CardSpec", "Edami", "EdamiDeck", "parse_spec"]
