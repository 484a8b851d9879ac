"""NeuroDrez: chess pieces conquering a terrain of tiles, for one to six players.

Rules: ``shared/rules/board-games.md`` §9 (seed 000, section NeuroDrez). The
package follows the rules section:

- :mod:`drezlab.games.neurodrez.meta` — the game's metadata (name, seats, options
  with their checks, picture, bots), read without importing the rules.
- :mod:`drezlab.games.neurodrez.sides` — who plays what (§9.2): each hand's seat, side
  and colours, each side's colours and limit.
- :mod:`drezlab.games.neurodrez.tiles` — the components as data: colours, surfaces,
  tiles, pieces, dice faces, and the 7x7 board's geometry (adjacency, the exterior
  of D40, connectivity, natural moves).
- :mod:`drezlab.games.neurodrez.actions` — the actions as typed values (a roll, a tile
  placed or taken, a piece entered or moved, ...) and the steps of a turn.
- :mod:`drezlab.games.neurodrez.game` — :class:`NeuroDrez`, the game: sides and
  limits, set-up, the turn's steps, selection, destinations and captures, conquest,
  victory, sudden death, the cooperative and solo modes; the observation and the
  action notation are documented there.
- :mod:`drezlab.games.neurodrez.position` — the teacher's positions (option
  ``position``): their fields, and what a position must hold to go on (D43).
- :mod:`drezlab.games.neurodrez.words` — the Spanish catalogue, the move log's
  sentences and the explanations of illegal input.
- :mod:`drezlab.games.neurodrez.bots` — :class:`GreedyPlayer` (conquer and protect)
  and :class:`SamplingPlayer` (deals the unseen tiles and cards as its view allows).

Typical use::

    from drezlab.games.neurodrez import NeuroDrez
    game = NeuroDrez(seed=7, players=2)
    game.play("roll")

The names below are imported from their modules on first use, so importing the
package (the registry does, to read ``meta``) loads no rules.
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {
    "NeuroDrez": "game", "layout": "game", "piece_name": "game", "colour_name": "game", "surface_name": "game",
    "Tile": "tiles", "removable_tiles": "tiles", "exterior_cells": "tiles", "natural_targets": "tiles",
    "GreedyPlayer": "bots", "SamplingPlayer": "bots",
}

__all__ = ["GreedyPlayer", "NeuroDrez", "SamplingPlayer", "Tile", "colour_name", "exterior_cells", "layout",
           "natural_targets", "piece_name", "removable_tiles", "surface_name"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
