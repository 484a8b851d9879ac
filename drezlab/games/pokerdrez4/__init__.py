"""PokerDrez for 4: two teams on the cross board, every move backed by a card.

``from drezlab.games.pokerdrez4 import PokerDrez4`` gives the game class; it is
imported on first use, so that listing the games (which reads ``meta``) stays
light. The package holds ``meta`` (the metadata), ``cross`` (the cross board and
its pieces), ``game`` (the rules, on the card-chess layer of
:mod:`drezlab.kits.cardchess`), ``words`` (the Spanish catalogue, the move log's sentences,
the explanations of illegal input), ``bots`` and ``picture``.
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

__all__ = ["PokerDrez4"]

__getattr__, __dir__ = lazy_exports(__name__, {"PokerDrez4": "game"})
