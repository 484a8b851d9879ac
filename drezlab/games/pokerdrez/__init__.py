"""PokerDrez: chess where every move must be backed by a card.

``from drezlab.games.pokerdrez import PokerDrez`` gives the game class; it is
imported on first use, so that listing the games (which reads ``meta``) stays
light. The package holds ``meta`` (the metadata), ``game`` (the rules, on the
card-chess layer of :mod:`drezlab.kits.cardchess`), ``actions`` (PokerDrez's own actions
as small immutable values: the pawn removal and the bets), ``words`` (the Spanish
catalogue, the move log's sentences, the explanations of illegal input) and ``picture``
(the table drawn from an observation).
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

__all__ = ["PokerDrez"]

__getattr__, __dir__ = lazy_exports(__name__, {"PokerDrez": "game"})
