"""NeuroDrez's position read cheaply, for the sampling bot's look-ahead.

The sampling player (:mod:`drezlab.games.neurodrez.bots`) values hundreds of steps per
decision. Playing each step on the game and undoing it rebuilds the legal actions every
time (a piece step lists about a hundred actions), which took most of its time; here a
step's result is worked out on plain copies of the three public dicts it changes (the
board, the markers, the pieces) and valued at once:

* :func:`strengths` is :meth:`NeuroDrez.side_strength` for every side at once, on any
  board, markers and pieces (equal to it on the game's own, which a test checks), with
  the natural captures read from attack tables made once;
* :func:`dominators` is the victory check of §9.8 (all six tiles of a surface, or in
  sudden death every tile of it on the terrain);
* :func:`step_value` values a tile, removal, piece or forced-removal step of the side to
  move without playing it: 1 or -1 when it dominates a surface (D39: the side to move
  first), else :func:`value_for` on the changed dicts (:func:`after` makes them);
* :func:`exposes` tells whether a step leaves the other side of a two-sided game a win
  it sees at once on its next turn (a winning removal in sudden death; before it, a
  surface it alone holds once sudden death may be called).

Everything read is public (the terrain, markers and pieces), so a bot may call these on
the game it was given or on a resampled copy.
"""

from __future__ import annotations

from typing import Any

from drezlab.core.action import Action
from drezlab.games.neurodrez.actions import MovePiece, PlaceTile, RemovePiece, TakeTile
from drezlab.games.neurodrez.tiles import LEAPS as TILE_LEAPS
from drezlab.games.neurodrez.tiles import (
    PAWN_ATTACKS,
    SLIDER_RAYS,
    SURFACES,
    removable_tiles,
)

__all__ = ["after", "attacks_on", "conquest_wins", "dominators", "exposes", "step_value", "strengths", "value_for"]


#: per leaper (the pawn: its diagonal captures) and cell, its cells (the sliders: tiles.SLIDER_RAYS)
LEAPS = {**TILE_LEAPS, "p": PAWN_ATTACKS}


def attacks_on(figure: str, cell: str, targets: dict[str, int], board: dict[str, str],
               occupied: dict[str, str]) -> list[str]:
    """The cells among ``targets`` (cells holding pieces) that ``figure`` on ``cell`` can
    capture on by its natural move (:func:`drezlab.games.neurodrez.tiles.natural_targets`'s
    attacks: holes stop sliders, knights and kings leap, pawns take diagonally)."""
    leaps = LEAPS.get(figure)
    if leaps is not None:
        return [other for other in leaps[cell] if other in targets]
    hit = []
    for ray in SLIDER_RAYS[figure][cell]:
        for other in ray:
            if other not in board:
                break
            if other in occupied:
                if other in targets:
                    hit.append(other)
                break
    return hit


def strengths(game: Any, board: dict[str, str], markers: dict[str, str], pieces: dict[str, str],
              by_present: bool) -> list[float]:
    """Per side, :meth:`NeuroDrez.side_strength` read on ``board``, ``markers`` and
    ``pieces`` (``by_present``: a surface's share is of its tiles on the terrain, as in
    sudden death, else of six)."""
    side_of = game.side_of_colour
    sides = game.sides
    effective = {cell: markers.get(cell) or tile[0] for cell, tile in board.items()}
    held = [dict.fromkeys(SURFACES, 0.0) for _ in range(sides)]
    present = dict.fromkeys(SURFACES, 0)
    for cell, tile in board.items():
        surface = tile[1:]
        present[surface] += 1
        owner = side_of.get(effective[cell])
        if owner is not None:
            held[owner][surface] += 1.0
    count = [0] * sides
    exposed: dict[str, int] = {}
    for piece, cell in pieces.items():
        side = side_of.get(piece[0])
        if side is None:
            continue
        count[side] += 1
        if side_of.get(effective[cell]) != side:
            exposed[cell] = side
    threatened: list[set[str]] = [set() for _ in range(sides)]
    if exposed:
        occupied = {cell: piece for piece, cell in pieces.items()}
        for piece, cell in pieces.items():
            side = side_of.get(piece[0])
            if side is None:
                continue
            for other in attacks_on(piece[1], cell, exposed, board, occupied):
                if exposed[other] != side:
                    threatened[exposed[other]].add(other)
        for cell, side in exposed.items():
            held[side][board[cell][1:]] += 0.25 if cell in threatened[side] else 0.6
    result = []
    for side in range(sides):
        shares = [held[side][surface] / (present[surface] if by_present else len(SURFACES))
                  for surface in SURFACES if present[surface]]
        if not shares:
            result.append(0.0)
            continue
        result.append(max(shares) + 0.3 * sum(shares) / len(shares) + 0.02 * count[side]
                      - 0.05 * len(threatened[side]))
    return result


def value_for(game: Any, side: int, board: dict[str, str], markers: dict[str, str], pieces: dict[str, str],
              by_present: bool) -> float:
    """:meth:`NeuroDrez.evaluate` for ``side`` (not a seat) on the given dicts, the game
    not over: its strength against the strongest other side, from -0.99 to 0.99 (the
    cooperative games: the mean of all sides, the weakest counting twice)."""
    values = strengths(game, board, markers, pieces, by_present)
    if game.mode != "competitive":
        return max(-0.99, min(0.99, (sum(values) + min(values)) / (game.sides + 1) - 0.5))
    others = max(value for other, value in enumerate(values) if other != side)
    return max(-0.99, min(0.99, values[side] - others))


def dominators(game: Any, board: dict[str, str], markers: dict[str, str], sudden: bool) -> set[int]:
    """The sides that dominate a surface on ``board`` (§9.8; ``sudden``: every tile of it
    still on the terrain, else all six)."""
    side_of = game.side_of_colour
    owners: dict[str, set[int]] = {}
    count: dict[str, int] = {}
    for cell, tile in board.items():
        surface = tile[1:]
        owners.setdefault(surface, set()).add(side_of.get(markers.get(cell) or tile[0], -1))
        count[surface] = count.get(surface, 0) + 1
    return {next(iter(sides)) for surface, sides in owners.items()
            if len(sides) == 1 and -1 not in sides and (sudden or count[surface] == len(SURFACES))}


def step_value(game: Any, side: int, step_: Action | PlaceTile | TakeTile | MovePiece | RemovePiece,
               by_present: bool) -> float:
    """The value for ``side`` of the position after a tile, removal, piece or forced-removal
    step (an action or its data) of the hand to move, without playing it: 1 when the step
    makes ``side`` win (a surface dominated; several sides: the side to move, D39), -1
    when it makes another side win, else :func:`value_for`. (The D43 end and the
    cooperative games' group check at the turn's end are not looked at.)"""
    board, markers, pieces = after(game, step_)
    check = isinstance(step_.data if isinstance(step_, Action) else step_, (PlaceTile, TakeTile))
    if check and game.mode == "competitive":
        winners = dominators(game, board, markers, game.sudden)
        if winners:
            winner = game.side if game.side in winners else min(winners, key=lambda other: (
                other - game.side) % game.sides) if len(winners) > 1 else next(iter(winners))
            return 1.0 if winner == side else -1.0
    return value_for(game, side, board, markers, pieces, by_present)


def after(game: Any, step_: Action | PlaceTile | TakeTile | MovePiece | RemovePiece
          ) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The board, markers and pieces after a tile, removal, piece or forced-removal step
    (an action or its data) of the hand to move; the game's own dicts where unchanged."""
    board, markers, pieces = game.board, game.markers, game.pieces
    data = step_.data if isinstance(step_, Action) else step_
    if isinstance(data, PlaceTile):
        board = {**board, data.cell: data.tile}
    elif isinstance(data, TakeTile):
        board = {cell: tile for cell, tile in board.items() if cell != data.cell}
        if data.cell in markers:
            markers = {cell: colour for cell, colour in markers.items() if cell != data.cell}
    elif isinstance(data, MovePiece):
        pieces = {piece: cell for piece, cell in pieces.items() if cell != data.cell}
        pieces[data.piece] = data.cell
    elif isinstance(data, RemovePiece):
        pieces = {piece: cell for piece, cell in pieces.items() if piece != data.piece}
    else:
        raise TypeError(f"a tile, take, piece or remove step, not {data!r}")
    return board, markers, pieces


def conquest_wins(game: Any, side: int, step_: Action | PlaceTile | TakeTile | MovePiece | RemovePiece) -> bool:
    """Does this piece step of ``side`` win once its conquest is marked (D38: at the start
    of the hand's next turn, if the piece still stands there), its tile then taking the
    piece's colour so that ``side`` holds a whole surface?"""
    data = step_.data if isinstance(step_, Action) else step_
    if not isinstance(data, MovePiece):
        return False
    board, markers, _ = after(game, data)
    tile = board.get(data.cell)
    if tile is None:
        return False
    marked = {cell: colour for cell, colour in markers.items() if cell != data.cell}
    if tile[0] != data.piece[0]:
        marked[data.cell] = data.piece[0]
    return side in dominators(game, board, marked, game.sudden)


def exposes(game: Any, side: int, step_: Action) -> bool:
    """Does this step of ``side`` (the side to move, in a two-sided competitive game) leave
    the other side a win on its next turn that it sees at once? In sudden death: a tile
    it may remove so that it holds every tile of a surface left (a piece on a tile keeps
    it from being removed). Before it, once sudden death may be called: the other side
    holds every tile of a surface on the terrain and ``side`` none, so its call wins
    (conquests it marks first are not looked at)."""
    board, markers, pieces = after(game, step_)
    other = 1 - side
    if game.sudden:
        for cell in removable_tiles(board, pieces.values()):
            rest = {key: tile for key, tile in board.items() if key != cell}
            if other in dominators(game, rest, markers, True):
                return True
        return False
    if len(board) < 17:
        return False
    holders = dominators(game, board, markers, True)
    return other in holders and side not in holders
