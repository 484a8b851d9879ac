"""NeuroDrez's dominations (§9.8, D39, D42): who holds a surface, as pure functions of the
terrain, so the rules check them after every step and the bots may read them too."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from drezlab.games.neurodrez.tiles import COLOURS, SURFACES

__all__ = ["distinct_surfaces", "dominations"]


def dominations(board: Mapping[str, str], markers: Mapping[str, str], owner_of: Mapping[str, int],
                sudden: bool) -> list[tuple[int, str]]:
    """Every (side, surface) a side dominates, in surface order: the effective colours
    (``markers``, else the tile's own, of ``board``'s cell -> tile id) of the surface's
    tiles are all colours of that side (``owner_of``: colour -> side), all six tiles laid;
    in sudden death every tile of the surface still on the terrain, at least one. In the
    normal phase only the surfaces with six tiles laid are read, counted first (this
    check follows nearly every step, and mostly finds no surface complete)."""
    surfaces = SURFACES
    if not sudden:
        laid = [tile[1:] for tile in board.values()]
        surfaces = tuple(surface for surface in SURFACES if laid.count(surface) == len(COLOURS))
        if not surfaces:
            return []
    owners: dict[str, set[int]] = {surface: set() for surface in surfaces}
    for cell, tile in board.items():
        sides = owners.get(tile[1:])
        if sides is not None:
            sides.add(owner_of.get(markers.get(cell) or tile[0], -1))
    return [(next(iter(sides)), surface) for surface, sides in owners.items() if len(sides) == 1 and -1 not in sides]


def distinct_surfaces(pairs: set[tuple[int, str]], sides: int) -> bool:
    """Can every side 0..sides-1 be given a distinct surface among ``pairs`` (D42)?"""
    options = [[surface for side_, surface in pairs if side_ == side] for side in range(sides)]
    if any(not choices for choices in options):
        return False
    return any(len(set(choice)) == sides for choice in itertools.product(*options))
