"""Deprecated: the equity bot now lives with its game, in
:mod:`drezlab.games.poker7.bots` (``from drezlab.games.poker7.bots import
EquityPlayer``, or ``drezlab.players.make("equity")``). This alias keeps old
notebooks working and says so with a ``DeprecationWarning``."""

from __future__ import annotations

import warnings
from typing import Any


def __getattr__(name: str) -> Any:
    if name == "EquityPlayer":
        warnings.warn("drezlab.players.equity is deprecated: import EquityPlayer from drezlab.games.poker7.bots",
                      DeprecationWarning, stacklevel=2)
        from drezlab.games.poker7.bots import EquityPlayer
        return EquityPlayer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
