"""NeuroDrez's observation: what every seat knows besides the zones (the table of keys is
in :mod:`drezlab.games.neurodrez.game`'s docstring), read from the game's public facts."""

from __future__ import annotations

from typing import Any

from drezlab.games.neurodrez.actions import Phase
from drezlab.games.neurodrez.meta import PILE, tiles_zone
from drezlab.games.neurodrez.tiles import ALL_PIECES, COLOURS, SURFACES

__all__ = ["public_view"]


def public_view(game: Any) -> dict[str, Any]:
    """The public part of ``game.view(seat)`` (a :class:`~drezlab.games.neurodrez.game.NeuroDrez`)."""
    at = game.piece_at()
    board = {cell: {"tile": tile, "colour": tile[0], "surface": tile[1:], "marker": game.markers.get(cell),
                    "effective": game.effective(cell), "piece": at.get(cell)}
             for cell, tile in sorted(game.board.items())}
    layout_ = game.layout
    hands = [{"seat": layout_.hand_seats[hand], "side": layout_.hand_sides[hand],
              "colours": list(layout_.hand_colours[hand])} for hand in range(game.hands)]
    sides = [{"colours": list(colours), "limit": layout_.limit, "on_terrain": game.on_terrain(side),
              "hands": [hand for hand in range(game.hands) if layout_.hand_sides[hand] == side],
              "seats": sorted({layout_.hand_seats[hand] for hand in range(game.hands)
                               if layout_.hand_sides[hand] == side})}
             for side, colours in enumerate(layout_.side_colours)]
    dice = None if game.dice is None else {"number": game.dice[0], "colour": game.dice[1],
                                            "surface": game.dice[2]}
    return {
        "mode": game.mode, "colours": list(COLOURS), "surfaces": list(SURFACES), "hands": hands, "sides": sides,
        "neutral": [colour for colour in COLOURS if colour not in game.side_of_colour],
        "board": board, "pieces": {piece: game.pieces.get(piece) for piece in ALL_PIECES},
        "mover": dict(sorted(game.mover.items())),
        "conquering": sorted(cell for piece, cell in game.pieces.items() if not game.is_safe(piece, cell)),
        "dice": dice, "phase": "over" if game.outcome is not None else game.phase.value, "hand": game.hand,
        "turn": game.turn, "turn_cap": game.turn_cap, "first": game.first,
        "first_rolls": [[list(pair) for pair in rolls] for rolls in game.first_rolls],
        "sudden": game.sudden, "sudden_from": game.sudden_from, "tiles_placed": len(game.board),
        "tiles_in_hands": [len(game.zones[tiles_zone(hand)]) for hand in range(game.hands)],
        "removable": game.removable() if game.phase == Phase.REMOVE else [],
        "targets": game.dice_cells(), "king_last": list(game.king_last),
        "dominations": [{"side": side, "surface": surface, "since": game.since.get(f"{side}:{surface}")}
                        for side, surface in game.dominated()],
        "winner_side": game.winner_side, "pile": len(game.zones[PILE]),
    }
