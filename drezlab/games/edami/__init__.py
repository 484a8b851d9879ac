"""EDAMI luck-card chess ("Cartas de la Suerte", seed 001; rules/chess-cards.md §4).

- :mod:`drezlab.games.edami.meta`: what the game declares (options, bots, picture),
  read without importing the rules
- :mod:`drezlab.games.edami.cards`: the cards as data (``CardSpec``, ``EdamiDeck``, ``LuckCard``)
- :mod:`drezlab.games.edami.moves`: chess moves and attacks under a temporary effect
- :mod:`drezlab.games.edami.actions`: the actions and the phases of a turn, as types
- :mod:`drezlab.games.edami.submoves`: the sub-moves an action card orders (D27), pure functions
- :mod:`drezlab.games.edami.effects`: what the action cards do to the board, pure functions
- :mod:`drezlab.games.edami.options`: the options turned into a deck and the blank card's effect
- :mod:`drezlab.games.edami.position`: a teacher's position (board, lost pieces, cards), read and checked
- :mod:`drezlab.games.edami.state`: the plain state (the undo record) and the veto's record
- :mod:`drezlab.games.edami.game`: the game (``Edami``), read as the turn
- :mod:`drezlab.games.edami.words`: its words: the Spanish catalogue, the move log's
  sentences, the status line's tasks, the explanations of illegal input
- :mod:`drezlab.games.edami.picture`: its SVG, drawn from an observation
- :mod:`drezlab.games.edami.gallery`: a deck's cards as one picture
- :mod:`drezlab.games.edami.bots`: the chess bots with EDAMI's cards and effects

``from drezlab.games.edami import Edami, EdamiDeck`` works as before: the names are
imported from their modules on first use, so importing the package (the registry
does, to read ``meta``) loads no rules.
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

__all__ = ["CardSpec", "Edami", "EdamiDeck", "LuckCard", "parse_spec"]

__getattr__, __dir__ = lazy_exports(__name__, {
    "Edami": "game", "CardSpec": "cards", "EdamiDeck": "cards", "LuckCard": "cards", "parse_spec": "cards"})
