"""NeuroDrez: chess pieces conquering a terrain of tiles, for one to six players.

Rules: ``shared/rules/board-games.md`` §9 (from the Spanish source "NeuroDrez",
seed 000), every DECISION D30-D43 binding. In the order of the rules section:

1. **Components (§9.1, D30).** 36 tiles (6 colours x 6 surfaces, :mod:`.tiles`),
   36 pieces (6 colours x king, queen, rook, bishop, knight, pawn), the 108 cards
   of two PokerDrez packs without the 4 neutral cards (:mod:`drezlab.core.cards`),
   three dice: numeric (1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 any), colour
   and surface. An empty draw pile takes the shuffled discards (D30).
2. **Sides (§9.2, D31, D32).** A *side* (player or team) owns colours; a *hand* is one
   turn-taker with its tiles and cards, moving the pieces of the colours it controls:

   ======  ==========================================  ========================  =====
   seats   hands (colours controlled)                  sides (colours owned)     limit
   ======  ==========================================  ========================  =====
   2       0 {w r g}, 1 {k b y}                        one per seat              5
   3       0 {w r}, 1 {k b}, 2 {g y}                   one per seat              3
   4       0 {w g}, 1 {k y}, 2 {r g}, 3 {b y}          {0,2} {w r g}, {1,3} {k b y}  5
   5       0 w, 1 k, 2 r, 3 g, 4 b (yellow neutral)    one per seat              2
   6       seat i: colour i                            {0,3} {1,4} {2,5} (D31)   3
   6 two   seat i: colour i                            {0,2,4} {1,3,5}           5
   solo    one seat, six hands: hand i = colour i      one per colour (D42)      1
   ======  ==========================================  ========================  =====

   A tile is *own* for a piece when its effective colour is any colour of the
   piece's side (D32).
3. **Terrain (D33).** A cell holds at most one tile and a tile at most one piece; a
   cell without a tile is a hole. Effective colour = the marker's, else the tile's.
4. **Setup (§9.4, D34).** The first-player roll (every hand rolls the numeric die,
   the highest starts, tied hands roll again), then the centre six (a random
   colour-surface pairing placed in random order on c3 d3 e3 c4 d4 e4), the other
   30 tiles shuffled and dealt (15 / 10 / 7 + 2 left over / 6 / 5 each; solo: 5 per
   colour-hand), the card pile shuffled and two cards dealt to every hand. With 4
   players the first player places the 2 left-over tiles before his first turn.
   Play passes to the next hand (``+ 1 mod hands``).
5. **A turn (§9.5)**: (1) conquest marking, automatic (D38); (2) ``roll``; (3) place a
   tile from the hand beside the terrain (mandatory while the hand has tiles; skipped
   when it is empty), or in sudden death remove a removable tile (skipped if none);
   (4) enter or move one piece, or the forced removal; (5) optionally call early
   sudden death. Victory is checked after every step.
6. **Selecting the piece (§9.6, D36).** The figure must match the numeric die or one
   card (shown, discarded, replaced at once); 6 or a joker card = any piece. The
   king needs neither (entering and moving) but never twice in a row for one hand,
   and a side has at most one king on the terrain. At most one card per turn.
7. **Destinations (§9.7, D37).** Entering (side below its limit): a tile of the die
   colour (effective) or the die surface. Moving: those tiles or a natural move
   (pawn: one orthogonal step to an empty tile, diagonal capture; knight: L, jumping;
   bishop/rook/queen: slides stopped by pieces and holes; king: one step). Never the
   own tile, never a tile with a piece of the own side nor a safe enemy (one on a
   tile own for it); an unsafe enemy there is captured back to its supply.
8. **Conquest and victory (§9.8, D38, D39).** At the start of a hand's turn every tile
   that holds a piece that hand moved there and that is not own for the piece's side
   gets a marker of the piece's colour (or loses its marker when that colour is the
   tile's own). A side wins when its colours are the effective colours of all six
   tiles of one surface, all on the terrain; several at one check: the side to move,
   else the first in turn order. A competitive game is drawn at ``turn_cap`` turns.
9. **Sudden death (§9.9, D40, D41)** from the turn after the 36th tile is placed, or
   after a call (from 18 tiles on the terrain, at step 5; unplaced tiles leave the
   game face up). Step 3 removes a tile with no piece, a side on the exterior (empty
   cells 4-connected to outside the board; enclosed holes are not exterior) and the
   rest still one group. Victory: a side covers every tile of a surface still on the
   terrain (at least one).
10. **Cooperative and solo (§9.10, D42).** At the end of every turn all win if each
    side can be given a distinct surface it dominates and every one of those
    dominations began within the last n turns (n = number of sides); the group loses
    at ``turn_cap``. A single domination never ends these games.
11. **Too few surfaces (D43).** The group loses as soon as fewer surfaces are left than
    sides (:meth:`NeuroDrez.surfaces_left`: those on the terrain and, before sudden
    death, of the tiles still to be laid); a competitive game is drawn once none is left.

Action notation (``str(action)``, accepted by ``play``/``parse``; lower case). The
*targets* are what a pupil clicks, in order; every one is a ``data-id`` in the picture:

===================  ===========================================================  ==============================
text                 meaning                                                      targets (``data-id``)
===================  ===========================================================  ==============================
``roll``             roll the three dice (step 2)                                 button
``rwa d5``           place the red water tile from the hand (or, with 4 players,  tile id ``rwa``, cell ``d5``
                     from the two left-over tiles) on d5 (step 3)
``take c1``          sudden death: remove the tile on c1 (step 3)                 cell ``c1``
``wq d4``            enter or move the white queen to d4, selected by the die     piece ``wq``, cell ``d4``
                     (or the king's free selection)
``wq d4 q5b``        the same, selected by the card Q5b (shown, discarded,        card ``Q5b``, piece ``wq``,
                     replaced)                                                    cell ``d4``
``remove wq``        no enter or move is legal: the white queen goes back to      button
                     the supply and both cards are replaced (§9.5)
``replace``          no legal move and no own piece on the terrain: only the      button
                     cards are replaced (D35)
``sudden``           call early sudden death (step 5, from 18 tiles)              button
``end``              end the turn without calling it (step 5)                     button
===================  ===========================================================  ==============================

Each action's ``data`` is a typed value of :mod:`drezlab.games.neurodrez.actions`
(``Roll``, ``PlaceTile``, ``TakeTile``, ``MovePiece``, ``RemovePiece``, ``ReplaceCards``,
``CallSudden``, ``EndTurn``), read by its fields; ``game.phase`` is a ``Phase`` (equal to
the strings of the observation's ``phase``).

Ids: tiles ``<colour><surface>`` (``rwa``), pieces ``<colour><figure>`` (``wq``), cells
``a1``-``g7``, cards the PokerDrez ids (``Q5``, ``J9b``: upper case in targets and in
the picture, lower case in the action text).

**Zones** (:attr:`NeuroDrez.zones`): ``pile`` (face down), ``discard`` (face up),
``cards<h>`` and ``tiles<h>`` (hand h's cards and tiles: seen by its seat only),
``leftover`` (4 players: the two left-over tiles, face up), ``terrain`` (the tiles on
the board, face up), ``out`` (tiles removed in sudden death or left unplaced after
an early call, face up) and ``bag`` (face down: the tiles before the deal, empty
afterwards).

**The observation** (``game.view(seat).public``), the same for every seat except the
zones it may see (its own hands' ``cards<h>`` and ``tiles<h>``); keys never removed:

==================  ============================================================
``mode``            ``"competitive"``, ``"cooperative"`` or ``"solo"``
``colours``         the colour ids ``["w","k","r","g","b","y"]`` (die faces 1-6)
``surfaces``        the surface ids ``["ea","wa","ai","fi","fl","fa"]`` (die faces 1-6)
``hands``           per hand: ``{"seat", "side", "colours"}`` (colours it moves)
``sides``           per side: ``{"colours", "seats", "hands", "limit", "on_terrain"}``
``neutral``         colours of nobody (5 players: ``["y"]``)
``board``           cell -> ``{"tile", "colour", "surface", "marker", "effective",
                    "piece"}`` for every cell holding a tile (others are holes)
``pieces``          piece id -> cell, or ``None`` in its owner's supply (all 36)
``mover``           piece id -> hand that last entered or moved it (pieces on the
                    terrain)
``conquering``      cells whose piece stands on a tile not own for its side
``dice``            ``{"number", "colour", "surface"}`` after ``roll``, else ``None``
``phase``           ``"leftover"``, ``"roll"``, ``"tile"``, ``"remove"``, ``"piece"``,
                    ``"call"`` or ``"over"``
``hand``            the hand to move (its seat is ``to_move``); ``turn``, ``turn_cap``
``first``           the hand that started; ``first_rolls``: the rounds of the
                    first-player roll, each a list of ``[hand, number]``
``sudden``          sudden death in force; ``sudden_from``: the turn it began (or None)
``tiles_placed``    tiles on the terrain; ``tiles_in_hands``: per hand, its count
``removable``       cells removable now (sudden death, step 3), else ``[]``
``targets``         cells the selected dice make reachable for entering: tiles of
                    the die colour or surface (after ``roll``), else ``[]``
``king_last``       per hand: did its last piece action enter or move a king
``dominations``     ``[{"side", "surface", "since"}]``: surfaces each side
                    dominates now and the turn it began (checked at turn ends)
``winner_side``     the winning side once a side has won, else ``None``
``pile``            cards in the draw pile (the zones give the same count)
==================  ============================================================

Choices made where the rules are silent (each is tested):

* **Colours per seat** are fixed as in the table above (the rules let players
  choose; the acceptance cases use A = {white, red, green}).
* **The forced removal** (``remove``) is not a piece action for the king rule: after
  a king move, only entering or moving another piece frees the king again.
* **A card is never offered for a king** (the king needs none); a card that permits
  the same piece as the die is still offered (cycling a card is a choice).
* **Early sudden death** is offered only while some tiles are still unplaced (after
  the 36th tile it begins anyway), and only when the option ``early_sudden_death``
  is on (default).
* **The turn cap** counts turns of any hand; ``turn_cap`` turns are played at most.
  In the cooperative and solo games the outcome is then a loss for all (no winner,
  every score 0).
* **Teaching positions**: the option ``position`` lays out a position after the deal
  (tests, lessons): the board, markers, pieces, dice, the hand, phase and turn, the
  cards and tiles in the hands. Its fields, and what a position must hold (D43), are
  in :mod:`drezlab.games.neurodrez.position`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from operator import attrgetter
from typing import Any

from drezlab.core.action import Action
from drezlab.core.cards import Card, Deck
from drezlab.core.chance import Chance, uniform
from drezlab.core.game import ActionLike, Game
from drezlab.core.i18n import get_language, t
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.core.zones import Visibility
from drezlab.games.neurodrez.actions import (
    CallSudden,
    EndTurn,
    MovePiece,
    Phase,
    PlaceTile,
    RemovePiece,
    ReplaceCards,
    Roll,
    TakeTile,
    piece_action,
    take_action,
    tile_action,
)
from drezlab.games.neurodrez.meta import (
    BAG,
    DISCARD,
    LEFTOVER,
    OUT,
    PILE,
    SPEC,
    TERRAIN,
    cards_zone,
    tiles_zone,
)
from drezlab.games.neurodrez.observation import public_view
from drezlab.games.neurodrez.position import lay_out
from drezlab.games.neurodrez.sides import Layout, layout
from drezlab.games.neurodrez.tiles import (
    ALL_PIECES,
    ALL_TILES,
    CARDS_PER_HAND,
    CELL_INDEX,
    CELLS,
    CENTRE,
    COLOURS,
    DIE_FIGURE,
    FIGURES,
    JOKER,
    SURFACES,
    TILES_BY_ID,
    Tile,
    adjacent_empty_cells,
    natural_targets,
    removable_tiles,
)
from drezlab.games.neurodrez.undo import CHANGES, Flow
from drezlab.games.neurodrez.victory import distinct_surfaces, dominations
from drezlab.games.neurodrez.words import (
    GROUP_WON,
    NO_SURFACE_LEFT,
    PREFIX,
    SIDE_WON,
    TOO_FEW_SURFACES,
    TURN_CAP,
    action_words,
    colour_name,
    explain_illegal,
    piece_name,
    surface_name,
    tr,
)

__all__ = ["PREFIX", "Layout", "NeuroDrez", "cards_zone", "colour_name", "layout", "piece_name", "surface_name",
           "tiles_zone", "tr"]

EARLY_SUDDEN_TILES = 18
ALL_PLACED = len(ALL_TILES)
#: the 108 cards (two PokerDrez packs without the neutral cards, D30), made once: cards are immutable
_CARDS: tuple[Card, ...] = tuple(card for card in Deck.all_cards(2) if not card.is_neutral)
_CARD_BY_ID: dict[str, Card] = {card.id: card for card in _CARDS}
#: a tile's place in the order of tiles (colour, then surface), read from its id: the same order, faster
_tile_order = attrgetter("id")



class NeuroDrez(Game):
    """A game of NeuroDrez (see the module docstring).

    ``NeuroDrez(seed=7, players=4)`` deals a game for two teams of two. Options:
    ``players`` (1-6; 1 = solo), ``mode`` (competitive / cooperative / solo),
    ``teams6`` (six players: ``"three"`` teams of two or ``"two"`` of three),
    ``turn_cap`` (default 400), ``early_sudden_death`` (default on), ``position``
    (a teacher's position). ``chance=Scripted([...])`` scripts the first-player
    roll, the deal shuffles and the dice (tests, lessons).
    """

    spec = SPEC

    def __init__(self, seed: int | None = None, *, players: int = 2, mode: str | None = None,
                 teams6: str = "three", turn_cap: int = 400, early_sudden_death: bool = True,
                 position: dict[str, Any] | None = None, chance: Chance | None = None) -> None:
        super().__init__()
        options = SPEC.validate_options({"players": players, "mode": mode, "teams6": teams6, "turn_cap": turn_cap,
                                         "early_sudden_death": early_sudden_death, "position": position})
        players = options["players"]
        if options["mode"] is None:
            options["mode"] = "solo" if players == 1 else "competitive"
        if (options["mode"] == "solo") != (players == 1):
            raise ValueError("the solo game (§9.10) is played by exactly one player: use players=1 with mode "
                             "'solo' (or leave mode out)")
        if options["teams6"] == "two" and players != 6:
            raise ValueError("two teams of three (D31) need players=6")
        self.options = options
        self.seed = seed
        self._players = players
        self.mode: str = options["mode"]
        self.turn_cap: int = options["turn_cap"]
        self.early_sudden_death: bool = options["early_sudden_death"]
        self.layout = layout(players, options["teams6"])
        self.hands = len(self.layout.hand_seats)
        self.sides = len(self.layout.side_colours)
        #: colour -> side owning it (the neutral colour of 5 players has none)
        self.side_of_colour: dict[str, int] = {colour: side for side, colours in enumerate(self.layout.side_colours)
                                               for colour in colours}
        self.cards: tuple[Card, ...] = _CARDS
        self._card_by_id = dict(_CARD_BY_ID)
        zones = self.zones
        zones.add(PILE, Visibility.COUNT, items=self.cards)
        zones.add(DISCARD, Visibility.PUBLIC)
        zones.add(TERRAIN, Visibility.PUBLIC)
        zones.add(LEFTOVER, Visibility.PUBLIC)
        zones.add(OUT, Visibility.PUBLIC)
        zones.add(BAG, Visibility.COUNT, items=ALL_TILES)
        for hand, seat in enumerate(self.layout.hand_seats):
            zones.add(cards_zone(hand), Visibility.OWNER, seat)
            zones.add(tiles_zone(hand), Visibility.OWNER, seat)
        self.board: dict[str, str] = {}
        self.markers: dict[str, str] = {}
        self.pieces: dict[str, str] = {}
        self.mover: dict[str, int] = {}
        self.dice: tuple[int, str, str] | None = None
        self.phase = Phase.ROLL
        self.hand = 0
        self.turn = 1
        self.sudden = False
        self.sudden_from: int | None = None
        self.king_last: list[bool] = [False] * self.hands
        self.since: dict[str, int] = {}
        self.winner_side: int | None = None
        self.first_rolls: list[list[tuple[int, int]]] = []
        self._start_chance(seed, chance)
        self._deal()
        self._begin_teacher_position()
        self._seat = self.layout.hand_seats[self.hand]
        self._check_victory()
        self._seal_setup()

    def _set_up_teacher_position(self, position: dict[str, Any]) -> None:
        """The option ``position`` (base hook): the dealt game is laid out as the teacher's
        position says (:func:`drezlab.games.neurodrez.position.lay_out`, which names the
        field that is wrong); the option is recorded as given."""
        lay_out(self, position)

    # ------------------------------------------------------------------ set-up
    def _deal(self) -> None:
        """§9.4 and D34: the first-player roll, the centre six, the tiles, the cards."""
        contenders = list(range(self.hands))
        while len(contenders) > 1:
            rolls = [(hand, self.chance.roll(6, "first player")) for hand in contenders]
            self.first_rolls.append(rolls)
            best = max(value for _, value in rolls)
            contenders = [hand for hand, value in rolls if value == best]
        self.first = contenders[0]
        self.hand = self.first
        surfaces = list(SURFACES)
        self.chance.shuffle(surfaces, "centre pairing")
        centre = [TILES_BY_ID[colour + surface] for colour, surface in zip(COLOURS, surfaces)]
        self.chance.shuffle(centre, "centre places")
        for cell, tile in zip(CENTRE, centre):
            self._put_tile(tile.id, BAG, cell)
        self.zones.shuffle(BAG, lambda items: self.chance.shuffle(items, "tiles"))
        order = [(self.first + step) % self.hands for step in range(self.hands)]
        # dealt one at a time from the top of the bag, round the hands, the rest left over;
        # laid out at once (30 draws, each journalled, were a tenth of a set-up's profile)
        drawn, dealt = self.zones[BAG][::-1], self.hands * self.layout.tiles_each
        for place, hand in enumerate(order):
            self.zones.replace(tiles_zone(hand), sorted(drawn[place:dealt:self.hands], key=_tile_order))
        self.zones.replace(LEFTOVER, drawn[dealt:])
        self.zones.replace(BAG, ())
        self.zones.shuffle(PILE, lambda items: self.chance.shuffle(items, "cards"))
        for _ in range(CARDS_PER_HAND):
            for hand in order:
                self.zones.draw(PILE, cards_zone(hand))
        self.phase = Phase.LEFTOVER if self.zones[LEFTOVER] else Phase.ROLL

    def _put_tile(self, tile_id: str, source: str, cell: str) -> None:
        """Lay the tile ``tile_id`` from the zone ``source`` on ``cell``. (Found by its id:
        comparing the tiles, dataclasses, was a tenth of a set-up.)"""
        self.zones.move_at(source, [tile.id for tile in self.zones[source]].index(tile_id), TERRAIN)
        self.board[cell] = tile_id

    # ------------------------------------------------------------- basic facts
    def conserved_items(self) -> list[Any]:
        """The 108 cards and 36 tiles: the zones hold each exactly once at every moment."""
        return [*self.cards, *ALL_TILES]

    @property
    def side(self) -> int:
        """The side of the hand to move."""
        return self.layout.hand_sides[self.hand]

    def seat_of_hand(self, hand: int) -> int:
        return self.layout.hand_seats[hand]

    def effective(self, cell: str) -> str:
        """D33: the marker's colour, else the tile's own colour."""
        return self.markers.get(cell) or self.board[cell][0]

    def piece_at(self) -> dict[str, str]:
        """cell -> piece id for every piece on the terrain."""
        return {cell: piece for piece, cell in self.pieces.items()}

    def side_of_piece(self, piece: str) -> int | None:
        return self.side_of_colour.get(piece[0])

    def is_safe(self, piece: str, cell: str) -> bool:
        """§9.7: a piece on a tile own for its side (D32) cannot be captured."""
        side = self.side_of_piece(piece)
        return side is not None and self.effective(cell) in self.layout.side_colours[side]

    def on_terrain(self, side: int) -> int:
        colours = self.layout.side_colours[side]
        return sum(1 for piece in self.pieces if piece[0] in colours)

    def tiles_in_hands(self) -> int:
        return sum(len(self.zones[tiles_zone(hand)]) for hand in range(self.hands)) + len(self.zones[LEFTOVER])

    # ------------------------------------------------------------ destinations
    def _closed_to(self, side: int, occupied: Mapping[str, str]) -> set[str]:
        """The cells a piece of ``side`` may not end on (§9.7): those of its own side's
        pieces and of safe enemies. Worked out once per side and step, not cell by cell."""
        owner_of, colours_of, markers, board = self.side_of_colour, self.layout.side_colours, self.markers, self.board
        closed = set()
        for cell, other in occupied.items():
            owner = owner_of.get(other[0])
            # its own side's piece, or a safe one: :meth:`is_safe`, inlined (this runs at every step 4)
            if owner == side or owner is not None and (markers.get(cell) or board[cell][0]) in colours_of[owner]:
                closed.add(cell)
        return closed

    def dice_cells(self) -> list[str]:
        """Tiles of the die colour (effective) or the die surface, in board order (none before the roll)."""
        if self.dice is None:
            return []
        _, colour, surface = self.dice
        markers = self.markers
        cells = [cell for cell, tile in self.board.items() if (markers.get(cell) or tile[0]) == colour
                 or tile[1:] == surface]
        cells.sort(key=CELL_INDEX.__getitem__)
        return cells

    def entry_cells(self, piece: str, occupied: Mapping[str, str] | None = None,
                    dice_cells: list[str] | None = None) -> list[str]:
        """Where ``piece`` may enter with the current dice (§9.7), ignoring limit and selection.
        (``occupied`` = :meth:`piece_at` and ``dice_cells`` may be passed when known.)"""
        side = self.side_of_piece(piece)
        if side is None:
            return []
        closed = self._closed_to(side, self.piece_at() if occupied is None else occupied)
        return [cell for cell in (self.dice_cells() if dice_cells is None else dice_cells) if cell not in closed]

    def natural_moves(self, piece: str, occupied: Mapping[str, str] | None = None) -> list[str]:
        """Where ``piece`` (on the terrain) may go by its natural move alone (§9.7); a piece
        of no side (the neutral colour) captures nothing."""
        occupied = self.piece_at() if occupied is None else occupied
        side = self.side_of_piece(piece)
        closed = set(CELLS) if side is None else self._closed_to(side, occupied)
        return sorted(self._natural(piece, occupied, closed), key=CELL_INDEX.__getitem__)

    def _natural(self, piece: str, occupied: Mapping[str, str], closed: set[str]) -> set[str]:
        """:meth:`natural_moves` as a set, with the cells ``closed`` to the piece known."""
        quiet, attacks = natural_targets(piece[1], self.pieces[piece], self.board, occupied)
        return {*quiet, *(cell for cell in attacks if cell not in closed)}

    def move_cells(self, piece: str, occupied: Mapping[str, str] | None = None,
                   dice_cells: list[str] | None = None) -> list[str]:
        """Where ``piece`` (on the terrain) may go: die tiles or its natural move (§9.7)."""
        occupied = self.piece_at() if occupied is None else occupied
        side = self.side_of_piece(piece)
        closed = set(CELLS) if side is None else self._closed_to(side, occupied)
        return self._move_cells(piece, occupied, self.entry_cells(piece, occupied, dice_cells), closed)

    def _move_cells(self, piece: str, occupied: Mapping[str, str], entries: list[str],
                    closed: set[str]) -> list[str]:
        """:meth:`move_cells` with the side's entry cells and closed cells already worked out."""
        targets = self._natural(piece, occupied, closed)
        targets.update(entries)
        targets.discard(self.pieces[piece])
        return sorted(targets, key=CELL_INDEX.__getitem__)

    def destinations(self, piece: str, occupied: Mapping[str, str] | None = None,
                     dice_cells: list[str] | None = None) -> list[str]:
        """Where ``piece`` may enter or move now, ignoring only which die or card selects it."""
        if piece in self.pieces:
            return self.move_cells(piece, occupied, dice_cells)
        return self.entry_cells(piece, occupied, dice_cells)

    # --------------------------------------------------------------- selection
    def _can_enter(self, piece: str) -> bool:
        """May ``piece`` (off the terrain) enter now: room under the side's limit, and a king
        only while no king of its side is on the terrain?"""
        return self.on_terrain(self.side) < self.layout.limit and self._may_enter_king(piece)

    def _piece_choices(self) -> list[tuple[str, list[str], list[str | None]]]:
        """Every piece the hand may enter or move now (§9.6, §9.7), in the order of its
        actions: the piece, its cells, and what may select it (``None``: the die, or the
        king's free selection; then each card that permits it, in hand order). Step 4's
        actions are every cell with every selector; a random one is drawn from this without
        making them (:meth:`random_action`). A hand's colours are all its side's (§9.2), so
        the cells its pieces may enter on, and those they may not end on, are worked out once."""
        number = self.dice[0] if self.dice is not None else 0
        selectors_of: dict[str, list[str | None]] = {figure: [None] if figure == "k" or number == JOKER
                                                     or DIE_FIGURE.get(number) == figure else [] for figure in FIGURES}
        for card in self.zones[cards_zone(self.hand)]:
            for figure in FIGURES[1:] if card.figure_number == JOKER else (DIE_FIGURE.get(card.figure_number),):
                if figure is not None:
                    selectors_of[figure].append(card.id)
        if self.king_last[self.hand]:
            del selectors_of["k"]  # never the king twice in a row
        pieces, occupied = self.pieces, self.piece_at()
        closed = self._closed_to(self.side, occupied)
        entries = [cell for cell in self.dice_cells() if cell not in closed]
        room_to_enter = self.on_terrain(self.side) < self.layout.limit
        king_may_enter = room_to_enter and not self._king_on_terrain()
        choices: list[tuple[str, list[str], list[str | None]]] = []
        for colour in self.layout.hand_colours[self.hand]:
            for figure, selectors in selectors_of.items():
                if not selectors:
                    continue
                piece = colour + figure
                if piece in pieces:
                    cells = self._move_cells(piece, occupied, entries, closed)
                elif king_may_enter if figure == "k" else room_to_enter:
                    cells = entries
                else:
                    continue
                if cells:
                    choices.append((piece, cells, selectors))
        return choices

    def _piece_actions(self) -> list[Action]:
        """Every enter or move of step 4 (:meth:`_piece_choices`)."""
        return [piece_action(piece, cell, selector) for piece, cells, selectors in self._piece_choices()
                for cell in cells for selector in selectors]

    def _may_enter_king(self, piece: str) -> bool:
        """A king enters only while no king of its side is on the terrain; others always."""
        return piece[1] != "k" or not self._king_on_terrain()

    def _king_on_terrain(self) -> bool:
        """Has the side to move its king on the terrain (a side has at most one, §9.6)?"""
        colours = self.layout.side_colours[self.side]
        return any(other[1] == "k" and other[0] in colours for other in self.pieces)

    def _forced_actions(self) -> list[Action]:
        """§9.5, D35: the forced removal of one own piece, or only the cards replaced."""
        own = [piece for piece in ALL_PIECES if piece in self.pieces
               and piece[0] in self.layout.hand_colours[self.hand]]
        if not own:
            return [Action("replace", (), tr("Replace both cards (no move)"), ReplaceCards("replace"))]
        return [Action(f"remove {piece}", (), tr("Remove {piece} (no move)").format(piece=piece_name(piece)),
                       RemovePiece("remove", piece)) for piece in own]

    # ----------------------------------------------------------------- actions
    def _generate_actions(self) -> list[Action]:
        phase = self.phase
        if phase == Phase.ROLL or phase == Phase.CALL:
            return list(self._step_actions(phase, get_language()))
        if phase in (Phase.LEFTOVER, Phase.TILE):
            source = LEFTOVER if phase == Phase.LEFTOVER else tiles_zone(self.hand)
            cells = adjacent_empty_cells(self.board)
            return [tile_action(tile.id, cell) for tile in self.zones[source] for cell in cells]
        if phase == Phase.REMOVE:
            return [take_action(cell) for cell in self.removable()]
        return self._piece_actions() or self._forced_actions()  # step 4 (Phase.PIECE)

    @staticmethod
    @lru_cache(maxsize=16)
    def _step_actions(phase: Phase, language: str) -> tuple[Action, ...]:
        """The actions of step 2 (roll) or 5 (call or end), the same at every turn: made once
        per language (made anew at every turn, the roll took three times as long to list)."""
        if phase == Phase.ROLL:
            return (Action("roll", (), tr("Roll the three dice"), Roll("roll")),)
        return (Action("sudden", (), tr("Call sudden death"), CallSudden("sudden")),
                Action("end", (), tr("End the turn"), EndTurn("end")))

    def random_action(self, rng: random.Random) -> Action:
        """As :meth:`Game.random_action`, drawing without listing the actions of steps 3 and 4
        (a tile step is every tile in hand times every free cell, about 160 actions; step 4
        every cell of every piece with each selector: making them was a third of a random
        game's time): one ``rng.randrange`` over the same count picks the very action the
        list of :meth:`legal_actions` would give at that draw."""
        if self._outcome is None and self._actions_cache is None:
            if self.phase in (Phase.TILE, Phase.LEFTOVER):
                tiles = self.zones[LEFTOVER if self.phase == Phase.LEFTOVER else tiles_zone(self.hand)]
                cells = adjacent_empty_cells(self.board)
                if tiles and cells:
                    tile, cell = divmod(rng.randrange(len(tiles) * len(cells)), len(cells))
                    self._vouched = tile_action(tiles[tile].id, cells[cell])
                    return self._vouched
            elif self.phase == Phase.PIECE:
                choices = self._piece_choices()
                if choices:
                    sizes = [len(cells) * len(selectors) for _, cells, selectors in choices]
                    index = rng.randrange(sum(sizes))
                    for (piece, cells, selectors), size in zip(choices, sizes):
                        if index < size:
                            cell, selector = divmod(index, len(selectors))
                            self._vouched = piece_action(piece, cells[cell], selectors[selector])
                            return self._vouched
                        index -= size
        return super().random_action(rng)

    def removable(self) -> list[str]:
        """§9.9: the cells whose tile may be removed now (only meaningful in sudden death)."""
        return removable_tiles(self.board, self.pieces.values())

    def _apply(self, action: Action) -> tuple[Flow, AttributeSnapshot | None]:
        changes = CHANGES.get(type(action.data))
        before = (Flow.of(self), None if changes is None else changes.of(self))
        match action.data:
            case Roll():
                self._roll()
            case PlaceTile(tile=tile, cell=cell):
                self._place(tile, cell)
            case TakeTile(cell=cell):
                self._take(cell)
            case MovePiece(piece=piece, cell=cell, card=card):
                self._piece(piece, cell, card)
            case RemovePiece(piece=piece):
                del self.pieces[piece]
                del self.mover[piece]
                self._replace_cards()
            case ReplaceCards():
                self._replace_cards()
            case CallSudden():
                self._call_sudden()
                self._end_turn(called=True)
            case EndTurn():
                self._end_turn()
        return before

    def _revert(self, action: Action, undo_info: tuple[Flow, AttributeSnapshot | None]) -> None:
        flow, containers = undo_info
        flow.restore(self)
        if containers is not None:
            containers.restore(self)

    # ------------------------------------------------------------ the steps
    def _after_step(self, go_on: Any) -> None:
        """Victory is checked after every step (§9.5); the turn goes on if nobody won.

        Victory reads only the tiles, their markers, the tiles still to be laid and sudden
        death (§9.8, D43), and step 4 changes none of them: after it the check would find
        what the check after the previous step found (nothing, or the game would be over),
        so step 4 goes on without it (the repeated check was a tenth of a random game)."""
        if not self._check_victory():
            go_on()

    def _roll(self) -> None:
        number = self.chance.roll(6, "numeric die")
        colour = COLOURS[self.chance.roll(6, "colour die") - 1]
        surface = SURFACES[self.chance.roll(6, "surface die") - 1]
        self.dice = (number, colour, surface)
        self._to_tile_step()

    def _to_tile_step(self) -> None:
        if self.sudden:
            if self.removable():
                self.phase = Phase.REMOVE
            else:
                self._to_piece_step()
        elif self.zones[tiles_zone(self.hand)]:
            self.phase = Phase.TILE
        else:
            self._to_piece_step()

    def _to_piece_step(self) -> None:
        self.phase = Phase.PIECE

    def _place(self, tile_id: str, cell: str) -> None:
        source = LEFTOVER if self.phase == Phase.LEFTOVER else tiles_zone(self.hand)
        self._put_tile(tile_id, source, cell)
        if self.phase == Phase.LEFTOVER:
            if not self.zones[LEFTOVER]:
                self.phase = Phase.ROLL
            self._check_victory()
            return
        self._after_step(self._to_piece_step)

    def _piece(self, piece: str, cell: str, card_id: str | None) -> None:
        if card_id is not None:
            self.zones.move(self._card_by_id[card_id], cards_zone(self.hand), DISCARD)
            self._draw_card()
        captured = self.piece_at().get(cell)
        if captured is not None:
            del self.pieces[captured]
            del self.mover[captured]
        self.pieces[piece] = cell
        self.mover[piece] = self.hand
        self.king_last[self.hand] = piece[1] == "k"
        self._to_call_step()  # no victory check: step 4 changes nothing it reads (see _after_step)

    def _take(self, cell: str) -> None:
        """Sudden death, step 3: the tile on ``cell`` leaves the game."""
        self.zones.move(TILES_BY_ID[self.board[cell]], TERRAIN, OUT)
        del self.board[cell]
        self.markers.pop(cell, None)
        self._after_step(self._to_piece_step)

    def _replace_cards(self) -> None:
        """§9.5's forced removal (or D35): both cards are discarded and two drawn."""
        for card in list(self.zones[cards_zone(self.hand)]):
            self.zones.move(card, cards_zone(self.hand), DISCARD)
        for _ in range(CARDS_PER_HAND):
            self._draw_card()
        self._to_call_step()  # no victory check: see _after_step

    def _draw_card(self) -> None:
        """Draw one card into the mover's hand; an empty pile takes the shuffled discards (D30)."""
        if not self.zones[PILE]:
            for card in list(self.zones[DISCARD]):
                self.zones.move(card, DISCARD, PILE)
            self.zones.shuffle(PILE, lambda items: self.chance.shuffle(items, "reshuffle"))
        self.zones.draw(PILE, cards_zone(self.hand))

    def _to_call_step(self) -> None:
        if (self.early_sudden_death and not self.sudden and len(self.board) >= EARLY_SUDDEN_TILES
                and self.tiles_in_hands()):
            self.phase = Phase.CALL
        else:
            self._end_turn()

    def can_call_sudden_death(self) -> bool:
        """ND-12: may early sudden death be called (18 tiles on the terrain, tiles unplaced)?"""
        return (self.early_sudden_death and not self.sudden and len(self.board) >= EARLY_SUDDEN_TILES
                and self.tiles_in_hands() > 0)

    def _call_sudden(self) -> None:
        """D41: unplaced tiles leave the game; the next hand removes first."""
        for source in (*(tiles_zone(hand) for hand in range(self.hands)), LEFTOVER):
            for tile in list(self.zones[source]):
                self.zones.move(tile, source, OUT)

    def _end_turn(self, called: bool = False) -> None:
        """The end of a turn: D42's group check, sudden death from the next turn on (after
        the 36th tile or a call), the turn cap, then the next hand's step 1. Victory is
        checked again only if sudden death began or a marker changed (see :meth:`_after_step`)."""
        if self.mode != "competitive" and self._check_group():
            return
        began = not self.sudden and (called or self.tiles_in_hands() == 0)
        if began:
            self.sudden = True
            self.sudden_from = self.turn + 1
        if self.turn >= self.turn_cap:
            if self.mode == "competitive":
                self._finish((), TURN_CAP)
            else:
                self._finish((), TURN_CAP, scores=(0.0,) * self._players)
            return
        self.turn += 1
        self.hand = (self.hand + 1) % self.hands
        self._seat = self.layout.hand_seats[self.hand]
        self.dice = None
        marked = self._mark_conquests()
        self.phase = Phase.ROLL
        if began or marked:
            self._check_victory()

    def _mark_conquests(self) -> bool:
        """D38: the tiles this hand's pieces have held for a full round become theirs.
        Did a marker change (true also when one is set as it was: a check too many)?"""
        marked, hand, mover, board, markers = False, self.hand, self.mover, self.board, self.markers
        owner_of, colours_of = self.side_of_colour, self.layout.side_colours
        for piece, cell in self.pieces.items():
            if mover.get(piece) != hand:
                continue
            side = owner_of.get(piece[0])  # :meth:`is_safe`, inlined: this runs at every turn's start
            if side is not None and (markers.get(cell) or board[cell][0]) in colours_of[side]:
                continue
            marked = True
            if board[cell][0] == piece[0]:
                markers.pop(cell, None)
            else:
                markers[cell] = piece[0]
        return marked

    # ----------------------------------------------------------------- victory
    def dominated(self) -> list[tuple[int, str]]:
        """Every (side, surface) the side dominates now (§9.8 normal phase: all six tiles
        of the surface on the terrain and its colours; sudden death: every tile of the
        surface still on the terrain, at least one; :func:`.victory.dominations`)."""
        return dominations(self.board, self.markers, self.side_of_colour, self.sudden)

    def surfaces_left(self) -> set[str]:
        """D43: the surfaces still in play: those of the tiles on the terrain and, until
        sudden death (which lays no more tiles), of the tiles still to be laid."""
        surfaces = {tile[1:] for tile in self.board.values()}
        if not self.sudden:
            for source in (*(tiles_zone(hand) for hand in range(self.hands)), LEFTOVER):
                surfaces.update(tile.surface for tile in self.zones[source])
        return surfaces

    def _check_surfaces_left(self) -> bool:
        """D43: the group loses once fewer surfaces are left than sides (none can win any
        more); a competitive game is drawn once no surface is left. (Checked after every
        step: the terrain alone usually answers, before the hands are looked at.)"""
        if self.mode == "competitive":
            if self.board or self.surfaces_left():
                return False
            self._finish((), NO_SURFACE_LEFT)
            return True
        on_terrain = {tile[1:] for tile in self.board.values()}
        if len(on_terrain) >= self.sides or len(self.surfaces_left()) >= self.sides:
            return False
        self._finish((), TOO_FEW_SURFACES, scores=(0.0,) * self._players)
        return True

    def _check_victory(self) -> bool:
        """§9.8, D39: a competitive game ends when a side dominates a surface; every game
        ends by D43 when too few surfaces are left."""
        if self._outcome is not None:
            return True
        if self._check_surfaces_left():
            return True
        if self.mode != "competitive":
            return False
        winners = {side for side, _ in self.dominated()}
        if not winners:
            return False
        order = [self.layout.hand_sides[(self.hand + step) % self.hands] for step in range(self.hands)]
        side = next(side for side in order if side in winners)
        self.winner_side = side
        seats = tuple(sorted({seat for hand, seat in enumerate(self.layout.hand_seats)
                              if self.layout.hand_sides[hand] == side}))
        self._finish(seats, SIDE_WON)
        return True

    def _check_group(self) -> bool:
        """D42 at the end of a turn: dominations dated, then a distinct recent surface per side?"""
        now = self.dominated()
        keys = {f"{side}:{surface}" for side, surface in now}
        self.since = {key: self.since.get(key, self.turn) for key in sorted(keys)}
        recent = {(side, surface) for side, surface in now if self.turn - self.since[f"{side}:{surface}"]
                  < self.sides}
        if distinct_surfaces(recent, self.sides):
            self._finish(tuple(range(self._players)), GROUP_WON)
            return True
        return False

    def _explain_illegal(self, text: str) -> str:
        """Why ``text`` cannot be played now, in words a pupil can act on."""
        return explain_illegal(self, text)

    # ------------------------------------------------------------------ odds
    def chance_outcomes(self, seat: int | None = None) -> dict[str, Fraction]:
        """The pending chance event as ``seat`` sees it: before ``roll``, the three dice
        (``"4 r wa"`` = rook, red, water; 216 outcomes of 1/216); afterwards the card a
        draw would bring (each card the seat has not seen, equally likely); empty when the
        game is over."""
        seat = self._check_seat(seat)
        if self._outcome is not None:
            return {}
        if self.phase == Phase.ROLL:
            return uniform(f"{number} {colour} {surface}" for number in range(1, 7) for colour in COLOURS
                           for surface in SURFACES)
        seen = {identifier for view in self.view(seat).zones.values() for identifier in view.ids}
        return uniform(card.id for card in self.cards if card.id not in seen)

    # ------------------------------------------------- hooks for bots and simulations
    def threatened_cells(self, side: int) -> set[str]:
        """Cells of ``side``'s pieces that stand conquering (not safe) and that an enemy
        piece on the terrain could capture by its natural move (public facts only)."""
        occupied = self.piece_at()
        exposed = {cell for piece, cell in self.pieces.items()
                   if self.side_of_piece(piece) == side and not self.is_safe(piece, cell)}
        if not exposed:
            return set()
        hit: set[str] = set()
        for piece, cell in self.pieces.items():
            if self.side_of_piece(piece) in (side, None):
                continue
            _, attacks = natural_targets(piece[1], cell, self.board, occupied)
            hit.update(other for other in attacks if other in exposed)
        return hit

    def side_strength(self, side: int, callable_counts: bool = False) -> float:
        """How near ``side`` is to dominating a surface, about 0 to 1.3: per surface the
        tiles it holds, plus its conquering pieces (worth less when an enemy can capture
        them) over the tiles needed; the best surface counts most. The tiles needed are
        six, or those on the terrain in sudden death, or also once sudden death may be
        called when ``callable_counts`` (the sampling player's reading)."""
        colours = self.layout.side_colours[side]
        threatened = self.threatened_cells(side)
        held = dict.fromkeys(SURFACES, 0.0)
        present = dict.fromkeys(SURFACES, 0)
        for cell, tile in self.board.items():
            present[tile[1:]] += 1
            if self.effective(cell) in colours:
                held[tile[1:]] += 1.0
        pieces = 0
        for piece, cell in self.pieces.items():
            if piece[0] not in colours:
                continue
            pieces += 1
            if not self.is_safe(piece, cell):
                held[self.board[cell][1:]] += 0.25 if cell in threatened else 0.6
        by_present = self.sudden or (callable_counts and self.can_call_sudden_death())
        shares = [held[surface] / (present[surface] if by_present else len(COLOURS))
                  for surface in SURFACES if present[surface]]
        if not shares:
            return 0.0
        return max(shares) + 0.3 * sum(shares) / len(shares) + 0.02 * pieces - 0.05 * len(threatened)

    def evaluate(self, seat: int, callable_counts: bool = False) -> float:
        """The position's worth for ``seat``'s side from -1 to 1 (:meth:`side_strength`
        against the strongest other side; in the cooperative games the mean of all
        sides, the weakest counting twice). Public facts only: bots may call it."""
        if self._outcome is not None:
            return 2 * self._outcome.scores[seat] - 1 if self._players > 1 else self._outcome.scores[seat]
        strengths = [self.side_strength(side, callable_counts) for side in range(self.sides)]
        if self.mode != "competitive":
            return max(-0.99, min(0.99, (sum(strengths) + min(strengths)) / (self.sides + 1) - 0.5))
        mine = self.layout.hand_sides[self.layout.hand_seats.index(seat)]
        others = max(strength for side, strength in enumerate(strengths) if side != mine)
        return max(-0.99, min(0.99, strengths[mine] - others))

    # ------------------------------------------------------------------ views
    def _public(self, seat: int | None) -> dict[str, Any]:
        """Everything every seat knows besides the zones (see the module docstring)."""
        return public_view(self)

    def seat_name(self, seat: int | None) -> str:
        """'Player 1 (white, red, green)' names a seat with the colours it moves."""
        if seat is None:
            return t("Spectator")
        colours = [colour for hand, hand_seat in enumerate(self.layout.hand_seats) if hand_seat == seat
                   for colour in self.layout.hand_colours[hand]]
        language = get_language()
        names = ", ".join(colour_name(colour, language) for colour in dict.fromkeys(colours))
        return f"{t('Player')} {seat + 1} ({names})"

    def status_text(self) -> str:
        """One line: whose turn and which step, or how the game ended."""
        if self._outcome is not None:
            return super().status_text()
        who = self.seat_name(self._seat)
        if self.mode == "solo":
            who = f"{tr('Hand')} {colour_name(self.layout.hand_colours[self.hand][0], get_language())}"
        step = {"roll": "{who}: roll the dice", "tile": "{who}: place a tile",
                "leftover": "{who}: place the left-over tiles", "remove": "{who}: remove a tile (sudden death)",
                "call": "{who}: call sudden death or end the turn"}.get(self.phase)
        if step is None:
            step = "{who}: enter or move a piece"
        sudden = f" — {tr('sudden death')}" if self.sudden else ""
        return f"{tr(step).format(who=who)} ({tr('turn')} {self.turn}){sudden}"

    def describe(self, action: ActionLike) -> str:
        """A log line in words, computed before the action is played: "Player 1 (white, red,
        green) placed a green fire tile on e2", "... moved the white queen from d3 to d4 with
        the Blue Queen card" (:mod:`drezlab.games.neurodrez.words`)."""
        return action_words(self, self.parse(action))

    def __repr__(self) -> str:
        kind = tr(self.mode) if self.mode != "competitive" else f"{self._players} {tr('players')}"
        return f"<NeuroDrez {kind}: {self.status_text()}>"

    # ---------------------------------------------------------------- records
    def _state(self) -> dict[str, Any]:
        """The whole position: every zone in order, the board, pieces and the flow."""
        return {"zones": self.zones.to_dict(), "board": dict(sorted(self.board.items())),
                "markers": dict(sorted(self.markers.items())), "pieces": dict(sorted(self.pieces.items())),
                "mover": dict(sorted(self.mover.items())), "dice": None if self.dice is None else list(self.dice),
                "phase": self.phase.value, "hand": self.hand, "turn": self.turn, "sudden": self.sudden,
                "sudden_from": self.sudden_from, "king_last": list(self.king_last), "since": dict(self.since),
                "winner_side": self.winner_side, "first": self.first,
                "outcome": None if self._outcome is None else self._outcome.to_dict()}

    # -------------------------------------------------------------- resampling
    def resample(self, seat: int | None, rng: Any) -> NeuroDrez:
        """A copy ``seat`` cannot tell from this game: unseen cards dealt afresh among the
        unseen card places (pile and others' hands) and unseen tiles among the unseen tile
        hands, each kind apart (a tile never lands among cards)."""
        clone = super().resample(seat, rng)
        hidden = [(tiles_zone(hand), index) for hand in range(self.hands)
                  if not clone.zones.can_see(tiles_zone(hand), seat, 0, 1)
                  for index in range(len(clone.zones[tiles_zone(hand)]))]
        pool = sorted((clone.zones[name][index] for name, index in hidden), key=lambda tile: tile.id)
        rng.shuffle(pool)
        for (name, index), tile in zip(hidden, pool):
            clone.zones[name][index] = tile
        for hand in range(self.hands):
            clone.zones[tiles_zone(hand)].sort()
        clone._invalidate()
        return clone

    def _resample_fixed(self, seat: int | None) -> Any:
        """Tiles are dealt apart from cards (:meth:`resample`)."""
        return lambda zone, item: isinstance(item, Tile)

