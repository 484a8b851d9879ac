"""Dejarik – Courtier (Cortesana): the ring board without dice (rules/board-games.md §2).

- :mod:`drezlab.games.courtier.meta` — the metadata (registry name ``dejarik-courtier``).
- :mod:`drezlab.games.courtier.game` — :class:`Courtier`, the rules.
- :mod:`drezlab.games.courtier.picture` — the ring board, drawn from an observation.

The board is shared with Dejarik through :mod:`drezlab.kits.ring` and
:mod:`drezlab.render.ring`. Names are imported on first use.
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {"Courtier": "game", "capture_options": "game"}

__all__ = ["Courtier", "capture_options"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
