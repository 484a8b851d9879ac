"""Deprecated: the chess bots moved (kept for one release, because lessons imported them here).

* the generic bots, for any game on a chess board: :mod:`drezlab.kits.chessbots`;
* the bots that know EDAMI's cards and temporary effects (its ``greedy-chess``,
  ``search-chess`` and ``-nocards`` levels): :mod:`drezlab.games.edami.bots`.

This module re-exports the generic ones. ``seat_color(game, seat)`` is the
chess-card convention (seat 0 White, seat 1 Black).
"""

from __future__ import annotations

import warnings
from typing import Any

import chess

from drezlab.kits.chessbots import (PIECE_VALUES, WIN, GreedyChessPlayer, PlainGreedyChessPlayer,
                                    PlainSearchChessPlayer, SearchChessPlayer, best_gains, capture_gain,
                                    check_squares, material, outcome_value)

warnings.warn("drezlab.players.chess_bots is deprecated: import the chess bots from drezlab.kits.chessbots, "
              "or EDAMI's card-aware ones from drezlab.games.edami.bots", DeprecationWarning, stacklevel=2)


def seat_color(game: Any, seat: int) -> chess.Color:
    """The colour ``seat`` plays by the chess-card convention (seat 0 White, seat 1 Black)."""
    return chess.WHITE if seat == 0 else chess.BLACK


__all__ = ["PIECE_VALUES", "WIN", "GreedyChessPlayer", "PlainGreedyChessPlayer", "PlainSearchChessPlayer",
           "SearchChessPlayer", "best_gains", "capture_gain", "check_squares", "material", "outcome_value",
           "seat_color"]
