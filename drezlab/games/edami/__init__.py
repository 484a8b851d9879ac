"""EDAMI luck-card chess ("Cartas de la Suerte", seed 001; rules/chess-cards.md §4).

- :mod:`drezlab.games.edami.meta`: what the game declares (options, bots, picture)
- :mod:`drezlab.games.edami.cards`: the cards as data (``CardSpec``, ``EdamiDeck``, ``LuckCard``)
- :mod:`drezlab.games.edami.moves`: chess moves and attacks under a temporary effect
- :mod:`drezlab.games.edami.game`: the game (``Edami``)
- :mod:`drezlab.games.edami.picture`: its SVG, drawn from an observation
- :mod:`drezlab.games.edami.bots`: the chess bots with EDAMI's cards and effects
"""

from __future__ import annotations

from drezlab.games.edami.cards import CardSpec, EdamiDeck, LuckCard, parse_spec
from drezlab.games.edami.game import Edami

__all__ = ["CardSpec", "Edami", "EdamiDeck", "LuckCard", "parse_spec"]
