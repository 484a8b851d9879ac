"""NeuroDrez's sides (§9.2, D31, D42): who plays what.

A *side* (a player or a team) owns colours and has a limit of pieces on the terrain; a
*hand* is one turn-taker with its tiles and cards, moving the pieces of the colours it
controls (the table is in :mod:`drezlab.games.neurodrez.game`'s docstring). The colours
per seat are fixed (the rules let players choose; the acceptance cases use
A = {white, red, green}).
"""

from __future__ import annotations

from typing import NamedTuple

from drezlab.games.neurodrez.tiles import COLOURS

__all__ = ["Layout", "layout"]


class Layout(NamedTuple):
    """Who plays what (§9.2): per hand its seat, side and colours; per side its colours and limit."""

    hand_seats: tuple[int, ...]
    hand_sides: tuple[int, ...]
    hand_colours: tuple[tuple[str, ...], ...]
    side_colours: tuple[tuple[str, ...], ...]
    limit: int
    tiles_each: int


def layout(players: int, teams6: str = "three") -> Layout:
    """The sides, colours and limits of §9.2 for ``players`` (1 = solo) seats (see the table
    in the module docstring)."""
    w, k, r, g, b, y = COLOURS
    if players == 1:
        return Layout((0,) * 6, tuple(range(6)), tuple((c,) for c in COLOURS), tuple((c,) for c in COLOURS), 1, 5)
    if players == 2:
        return Layout((0, 1), (0, 1), ((w, r, g), (k, b, y)), ((w, r, g), (k, b, y)), 5, 15)
    if players == 3:
        return Layout((0, 1, 2), (0, 1, 2), ((w, r), (k, b), (g, y)), ((w, r), (k, b), (g, y)), 3, 10)
    if players == 4:
        return Layout((0, 1, 2, 3), (0, 1, 0, 1), ((w, g), (k, y), (r, g), (b, y)), ((w, r, g), (k, b, y)), 5, 7)
    if players == 5:
        return Layout(tuple(range(5)), tuple(range(5)), tuple((c,) for c in COLOURS[:5]),
                      tuple((c,) for c in COLOURS[:5]), 2, 6)
    if teams6 == "two":
        return Layout(tuple(range(6)), (0, 1, 0, 1, 0, 1), tuple((c,) for c in COLOURS), ((w, r, b), (k, g, y)), 5, 5)
    return Layout(tuple(range(6)), (0, 1, 2, 0, 1, 2), tuple((c,) for c in COLOURS), ((w, g), (k, b), (r, y)), 3, 5)
