"""Jumping-bishop chess: chess whose bishop jumps exactly three squares (rules/board-games.md §5).

- :mod:`drezlab.games.jumpingbishop.meta` — the metadata (registry name
  ``"jumping-bishop"``, options, picture, bots), read without importing the rules.
- :mod:`drezlab.games.jumpingbishop.game` — :class:`JumpingBishop`, the game on
  drezlab's grid engine (:mod:`drezlab.boards`); notation and choices documented there.
- :mod:`drezlab.games.jumpingbishop.words` — the Spanish catalogue (the move log's lines are
  the grid-chess layer's: "White: jumping bishop to f4").
- :mod:`drezlab.games.jumpingbishop.picture` — the board, drawn from an observation
  with the shared grid drawing (:mod:`drezlab.render.grid`).
- :mod:`drezlab.games.jumpingbishop.bots` — the bots (random, greedy, search on the
  engine) and :func:`bishop_reach`, the squares a jumping bishop reaches.

Typical use::

    from drezlab.games.jumpingbishop import JumpingBishop
    game = JumpingBishop()
    game.play("c1d4")            # the bishop jumps over the b2 and d2 pawns

Names are imported from their modules on first use (the registry imports this
package to read ``meta`` and loads no rules).
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {
    "JumpingBishop": "game",
    "RULES": "game",
    "bishop_targets": "game",
    "bishop_reach": "bots",
    "JumpingBishopSearch": "bots",
}

__all__ = [
    "RULES",
    "JumpingBishop",
    "JumpingBishopSearch",
    "bishop_reach",
    "bishop_targets",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
