"""NeuroDrez's teacher positions: the option ``position`` read and laid out after the deal.

A lesson or a test describes a position as plain data; :func:`lay_out` moves the dealt
game to it, through the zones (so every card and tile stays accounted for), and raises
``ValueError`` naming the field that is wrong. The fields (all optional):

=============  ===================================================================
``board``      cell -> tile id (``{"d4": "rwa"}``): the terrain. Listed tiles come
               from wherever the deal put them; dealt terrain tiles not listed go
               ``out``
``markers``    cell -> colour of the marker on that tile
``pieces``     piece -> cell (on a tile, one piece per tile); the others stay in
               their owners' supply
``mover``      piece -> the hand that last moved it (default: its first
               controlling hand)
``dice``       ``[number, colour, surface]``, given exactly when the phase is after
               the roll
``hand``       the hand to move; ``turn`` its turn number (1 to the turn cap)
``phase``      ``roll`` (default without dice), ``tile``, ``remove``, ``piece``
               (default with dice) or ``call``
``sudden``     sudden death in force (from this turn)
``king_last``  the hands whose last piece action was a king's
``cards``      hand -> its two card ids, taken from the pile
``tiles``      hand -> the hand's whole tile hand; once given, tiles neither on the
               board nor in a listed hand go ``out`` (the left-overs too)
=============  ===================================================================

D43: a position must hold what a game needs to go on, or it is refused with a message
saying what is missing:

* a terrain: at least one tile on the board (tiles are laid only beside the terrain and
  pieces enter only onto tiles, so an empty board leaves no action after ``roll``);
* in the phase ``tile``, tiles in the hand to move; in the phase ``remove``, a tile
  that may be removed (§9.9).

Both sides always have their pieces: every piece not laid out is in its owner's supply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from drezlab.core.cards import Card
from drezlab.core.zones import Zones
from drezlab.games.neurodrez.actions import Phase
from drezlab.games.neurodrez.sides import Layout
from drezlab.games.neurodrez.meta import (
    LEFTOVER,
    OUT,
    PILE,
    TERRAIN,
    cards_zone,
    tiles_zone,
)
from drezlab.games.neurodrez.tiles import (
    ALL_PIECES,
    CARDS_PER_HAND,
    CELLS,
    COLOURS,
    SURFACES,
    TILES_BY_ID,
    removable_tiles,
)



class NeuroDrez(Protocol):
    """What laying out a position reads and sets on the game (the game itself, which
    imports this module, so the rules do not import each other)."""

    zones: Zones
    layout: Layout
    hands: int
    cards: tuple[Card, ...]
    board: dict[str, str]
    markers: dict[str, str]
    pieces: dict[str, str]
    mover: dict[str, int]
    dice: tuple[int, str, str] | None
    phase: Phase
    hand: int
    turn: int
    turn_cap: int
    sudden: bool
    sudden_from: int | None
    king_last: list[bool]

__all__ = ["lay_out"]

#: the phases a teacher's position may start in (the left-over tiles are the deal's)
POSITION_PHASES = tuple(phase for phase in Phase if phase != Phase.LEFTOVER)


def lay_out(game: NeuroDrez, position: Mapping[str, Any]) -> None:
    """Move the freshly dealt ``game`` to the teacher's ``position`` (module docstring)."""
    _lay_terrain(game, _mapping(position.get("board", {}), "board"))
    _deal_tiles(game, _mapping(position.get("tiles", {}), "tiles"))
    for cell, colour in _mapping(position.get("markers", {}), "markers").items():
        if cell not in game.board or colour not in COLOURS:
            raise ValueError(f"position markers: {cell!r} -> {colour!r} is not a tile's cell and a colour")
        game.markers[cell] = colour
    _place_pieces(game, _mapping(position.get("pieces", {}), "pieces"), _mapping(position.get("mover", {}), "mover"))
    for key, ids in _mapping(position.get("cards", {}), "cards").items():
        _deal_cards(game, hand_number(game, key, "cards"), _id_list(ids, "cards"))
    _set_turn(game, position)
    _check_complete(game)


def _lay_terrain(game: NeuroDrez, board: dict[Any, Any]) -> None:
    """The terrain of ``board`` (cell -> tile id) replaces the dealt one."""
    for cell, tile_id in board.items():
        if cell not in CELLS or tile_id not in TILES_BY_ID:
            raise ValueError(f"position board: {cell!r} -> {tile_id!r} is not a cell a1-g7 with a tile id "
                             "such as 'rwa'")
    if len(set(board.values())) != len(board):
        raise ValueError("position board: a tile lies on two cells")
    for tile_id in game.board.values():
        game.zones.move(TILES_BY_ID[tile_id], TERRAIN, OUT)
    game.board = {}
    for cell in CELLS:
        if cell in board:
            tile = TILES_BY_ID[board[cell]]
            game.zones.move(tile, game.zones.where(tile) or OUT, TERRAIN)
            game.board[cell] = tile.id


def _deal_tiles(game: NeuroDrez, tiles: dict[Any, Any]) -> None:
    """Each listed hand's whole tile hand; the tiles of no listed hand and not on the board go out."""
    if not tiles:
        return
    kept: dict[int, set[str]] = {hand: set() for hand in range(game.hands)}
    for key, ids in tiles.items():
        hand = hand_number(game, key, "tiles")
        for tile_id in _id_list(ids, "tiles"):
            if tile_id not in TILES_BY_ID or tile_id in game.board.values():
                raise ValueError(f"position tiles: {tile_id!r} is not a tile off the board")
            dealt = TILES_BY_ID[tile_id]
            game.zones.move(dealt, game.zones.where(dealt) or OUT, tiles_zone(hand))
            kept[hand].add(tile_id)
    for hand in range(game.hands):
        for tile in list(game.zones[tiles_zone(hand)]):
            if tile.id not in kept[hand]:
                game.zones.move(tile, tiles_zone(hand), OUT)
    for tile in list(game.zones[LEFTOVER]):
        game.zones.move(tile, LEFTOVER, OUT)
    for hand in range(game.hands):
        game.zones.replace(tiles_zone(hand), sorted(game.zones[tiles_zone(hand)]))


def _place_pieces(game: NeuroDrez, pieces: dict[Any, Any], movers: dict[Any, Any]) -> None:
    """Pieces on free tiles, each moved last by its first controlling hand unless ``movers`` says."""
    for piece, cell in pieces.items():
        if piece not in ALL_PIECES or cell not in game.board or cell in game.pieces.values():
            raise ValueError(f"position pieces: {piece!r} -> {cell!r} is not a piece on a free tile")
        game.pieces[piece] = cell
        game.mover[piece] = next((hand for hand, colours in enumerate(game.layout.hand_colours)
                                  if piece[0] in colours), 0)
    for piece, hand in movers.items():
        if piece not in game.pieces:
            raise ValueError(f"position mover: {piece!r} is not a piece on the terrain")
        game.mover[piece] = hand_number(game, hand, "mover")


def _deal_cards(game: NeuroDrez, hand: int, wanted: list[Any]) -> None:
    """``hand``'s cards go back on the pile; the ``wanted`` ones are taken from it."""
    if len(wanted) != CARDS_PER_HAND:
        raise ValueError(f"position cards: a hand holds {CARDS_PER_HAND} cards")
    for card in list(game.zones[cards_zone(hand)]):
        game.zones.move(card, cards_zone(hand), PILE, 0)
    by_id = {card.id: card for card in game.cards}
    for card_id in wanted:
        card = by_id.get(card_id)
        if card is None or card not in game.zones[PILE]:
            raise ValueError(f"position cards: {card_id!r} is not a card still in the pile")
        game.zones.move(card, PILE, cards_zone(hand))


def _set_turn(game: NeuroDrez, position: Mapping[str, Any]) -> None:
    """The hand to move, the turn, sudden death, the king rule, the dice and the phase."""
    if "hand" in position:
        game.hand = hand_number(game, position["hand"], "hand")
    if "turn" in position:
        turn = position["turn"]
        if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= game.turn_cap:
            raise ValueError("position turn: a turn number from 1 to the turn cap")
        game.turn = turn
    if "sudden" in position:
        if not isinstance(position["sudden"], bool):
            raise ValueError("position sudden: true or false")
        game.sudden = position["sudden"]
        game.sudden_from = game.turn if game.sudden else None
    for key in _id_list(position.get("king_last", []), "king_last"):
        game.king_last[hand_number(game, key, "king_last")] = True
    if "dice" in position:
        dice = position["dice"]
        if (not isinstance(dice, (list, tuple)) or len(dice) != 3 or isinstance(dice[0], bool)
                or dice[0] not in range(1, 7) or dice[1] not in COLOURS or dice[2] not in SURFACES):
            raise ValueError("position dice: [number 1-6, colour, surface], e.g. [1, 'r', 'wa']")
        game.dice = (dice[0], dice[1], dice[2])
    phase = position.get("phase", "piece" if game.dice is not None else "roll")
    if phase not in POSITION_PHASES:
        raise ValueError(f"position phase: one of {', '.join(POSITION_PHASES)}")
    if (game.dice is None) != (phase == "roll"):
        raise ValueError("position: give dice exactly when the phase is after the roll")
    game.phase = Phase(phase)


def _check_complete(game: NeuroDrez) -> None:
    """D43: refuse a position the game cannot go on from, saying what is missing."""
    if not game.board:
        raise ValueError("position board: the terrain is empty; give at least one tile, e.g. {'d4': 'rwa'} "
                         "(tiles are laid only beside the terrain and pieces enter only onto tiles, D43)")
    if game.phase == Phase.TILE and not game.zones[tiles_zone(game.hand)]:
        raise ValueError(f"position tiles: the phase 'tile' needs tiles to lay, but hand {game.hand} holds none; "
                         "give its tiles or another phase (D43)")
    if game.phase == Phase.REMOVE and not removable_tiles(game.board, game.pieces.values()):
        raise ValueError("position board: the phase 'remove' needs a tile that may be removed (no piece on it, "
                         "a side on the outside, the rest still one group: §9.9, D43)")


def hand_number(game: NeuroDrez, value: Any, where: str) -> int:
    """``value`` (an int or its text, as JSON keys are) as a hand of ``game``."""
    try:
        hand = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"position {where}: {value!r} is not a hand number") from None
    if isinstance(value, bool) or not 0 <= hand < game.hands:
        raise ValueError(f"position {where}: hands are numbered 0 to {game.hands - 1}")
    return hand


def _mapping(value: Any, where: str) -> dict[Any, Any]:
    if not isinstance(value, Mapping):
        raise ValueError(f"position {where}: a mapping")
    return dict(value)


def _id_list(value: Any, where: str) -> list[Any]:
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise ValueError(f"position {where}: a list")
    return list(value)
