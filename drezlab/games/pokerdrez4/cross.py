"""The cross board of PokerDrez for 4 and its pieces, as data on the grid engine.

Rules: ``shared/rules/chess-cards.md`` §3 and D14-D20. This module knows the board
and the pieces, nothing of cards; :class:`CrossMoves` is the card-chess layer's move
source over it (:class:`drezlab.kits.cardchess.MoveSource`).

Everything is a description for :mod:`drezlab.boards` (the grid engine):

* the board (D14): :data:`GRID`, a 14 x 14 :class:`~drezlab.boards.Grid` whose 3 x 3
  corners are holes (160 cells), tagged with each colour's arm (``yellow`` ...): the
  engine stops lines at holes and never lets a leaper land in one;
* the pieces (§3): :data:`PAWN4`, a rook-like mover (``"m"`` rider) that captures
  (and attacks) only on its four diagonal neighbours (``"c"`` leaper) and never
  promotes; :data:`BISHOP4`, the diagonal rider with a one-square orthogonal step that
  neither captures nor attacks (``"m"`` leaper); knight, rook, queen and king as in
  chess;
* the game (:data:`RULES`): four seats in turn order Yellow, Green, Red, Blue, teams
  ``(0, 1, 0, 1)``, partner captures allowed (never a king: kings are royal), the D14
  set-up, and each seat's two castlings along its back rank (D16: the king two
  squares toward the rook, the rook to the square crossed).

Re-entry (D18) is the one variant addition: :class:`CrossPosition` extends the
engine's ``generate_legal_moves`` (as the engine invites) with a drop ``Move(-1, home, 0,
DROP, kind)`` for every piece in the mover's reserve whose home square holds neither
one of the mover's own pieces nor a king and that leaves the mover's king safe; the
engine applies the drop and captures what stands there. (Overriding the
``extra_moves`` hook would do the same but take every move of the position off the
engine's fast pin-based path.) The list itself is made from the engine's tables read
once more per cell (``_CrossTables``: a move as a sortable int, the opponents' attacks
merged), the same list as the engine's, about three times faster (issue 24). What the
engine does not keep --
every piece's own home square and the four reserves -- :class:`CrossBoard` keeps
beside the engine's position, updated in its own ``push``/``pop``.

Seats, colours and teams: 0 Yellow (south), 1 Green (west), 2 Red (north), 3 Blue
(east); light pieces (Yellow + Red, team 0) against dark pieces (Green + Blue).
Moves are the engine's :class:`~drezlab.boards.Move` values, written ``h6h9``
(castling as the king's two-square move, ``h1j1``) and ``n@e1`` (re-entry).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from drezlab.boards import (
    CASTLE as ENGINE_CASTLE,
)
from drezlab.boards import (
    DROP,
    Castling,
    Component,
    Grid,
    Move,
    PieceKind,
    Position,
    Rules,
    castling_on_line,
    code_of,
    kind_of,
    leaper,
    rider,
    seat_of,
)
from drezlab.boards import (
    KING as KING_KIND,
)
from drezlab.boards import (
    KNIGHT as KNIGHT_KIND,
)
from drezlab.boards import (
    QUEEN as QUEEN_KIND,
)
from drezlab.boards import (
    ROOK as ROOK_KIND,
)
from drezlab.boards.engine import SEAT_SHIFT, ReadOnly, _Tables, lines_hit
from drezlab.kits.cardchess import CASTLE, KING_STEP

SIZE = 14
CORNER = 3
YELLOW, GREEN, RED, BLUE = 0, 1, 2, 3
SEATS = 4
COLOUR_NAMES = ("Yellow", "Green", "Red", "Blue")
COLOUR_LETTERS = "ygrb"
TEAMS = (0, 1, 0, 1)
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6
KIND_LETTERS = " pnbrqk"
KIND_NAMES = ("", "pawn", "knight", "bishop", "rook", "queen", "king")
#: the usual values, for the bots' heuristic and for judging an unfinished game
VALUES = (0, 1, 3, 3, 5, 9, 0)


def _corners(size: int = SIZE, corner: int = CORNER) -> list[tuple[int, int]]:
    """The (file, rank) pairs of the four ``corner`` x ``corner`` corners."""
    outer = [index for index in range(size) if index < corner or index >= size - corner]
    return [(file, rank) for file in outer for rank in outer]


def _arm(seat: int) -> list[tuple[int, int]]:
    """The 3 x 8 arm (home zone) of ``seat``: rows 1-3 for Yellow, files a-c for Green..."""
    near, middle = range(CORNER), range(CORNER, SIZE - CORNER)
    far = range(SIZE - CORNER, SIZE)
    if seat == YELLOW:
        return [(file, rank) for file in middle for rank in near]
    if seat == GREEN:
        return [(file, rank) for file in near for rank in middle]
    if seat == RED:
        return [(file, rank) for file in middle for rank in far]
    return [(file, rank) for file in far for rank in middle]


#: D14: the 160-square cross board, each colour's arm tagged with its name
GRID = Grid(SIZE, SIZE, holes=_corners(), tags={COLOUR_NAMES[seat].lower(): _arm(seat) for seat in range(SEATS)})

#: §3: moves like a rook over empty squares, captures only on its 4 diagonal neighbours, no promotion
PAWN4 = PieceKind("pawn", "P", (rider((1, 0), mode="m"), leaper((1, 1), mode="c")), pawn=True, value=100)
#: §3: the diagonal rider that may also step one square orthogonally onto an empty square
BISHOP4 = PieceKind("bishop", "B", (rider((1, 1)), Component(((1, 0), (-1, 0), (0, 1), (0, -1)), mode="m")),
                    value=330)
KINDS = (PAWN4, KNIGHT_KIND, BISHOP4, ROOK_KIND, QUEEN_KIND, KING_KIND)

#: D14: each seat's back rank (R N B Q K B N R from its own left) and pawn rank
BACK_RANKS: tuple[tuple[str, ...], ...] = (
    ("d1", "e1", "f1", "g1", "h1", "i1", "j1", "k1"),
    ("a11", "a10", "a9", "a8", "a7", "a6", "a5", "a4"),
    ("k14", "j14", "i14", "h14", "g14", "f14", "e14", "d14"),
    ("n4", "n5", "n6", "n7", "n8", "n9", "n10", "n11"),
)
PAWN_RANKS: tuple[tuple[str, ...], ...] = (
    tuple(f"{file}2" for file in "defghijk"),
    tuple(f"b{rank}" for rank in range(4, 12)),
    tuple(f"{file}13" for file in "defghijk"),
    tuple(f"m{rank}" for rank in range(4, 12)),
)
BACK_KINDS = (ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK)
#: each seat's forward and right vectors (the pieces here are symmetric, so this only orients the data)
ORIENTATION = (((0, 1), (1, 0)), ((1, 0), (0, -1)), ((0, -1), (-1, 0)), ((-1, 0), (0, 1)))


def _castlings() -> tuple[Castling, ...]:
    """D16 for every seat and both its rooks: the king two squares toward the rook,
    the rook onto the square the king crossed (rights named A-H)."""
    castlings: list[Castling] = []
    for seat, back in enumerate(BACK_RANKS):
        king = GRID.cell(back[4])
        for rook_name in (back[0], back[7]):
            rook = GRID.cell(rook_name)
            (kf, kr), (rf, rr) = GRID.coords[king], GRID.coords[rook]
            df, dr = (rf > kf) - (rf < kf), (rr > kr) - (rr < kr)
            crossed, landing = GRID.offset(king, df, dr), GRID.offset(king, 2 * df, 2 * dr)
            letter = "ABCDEFGH"[len(castlings)]
            castlings.append(castling_on_line(GRID, seat, back[4], GRID.name(landing), rook_name,
                                              GRID.name(crossed), letter))
    return tuple(castlings)


def _setup() -> dict[str, tuple[int, str]]:
    setup = {}
    for seat in range(SEATS):
        for name, kind in zip(BACK_RANKS[seat], BACK_KINDS):
            setup[name] = (seat, KIND_LETTERS[kind].upper())
        for name in PAWN_RANKS[seat]:
            setup[name] = (seat, "P")
    return setup


RULES = Rules(GRID, KINDS, seats=SEATS, teams=TEAMS, orientation=ORIENTATION, setup=_setup(),
              castlings=_castlings(), pawn_start=(frozenset(),) * SEATS, promotion=(frozenset(),) * SEATS,
              seat_names=tuple(name.lower() for name in COLOUR_NAMES), partner_capture=True)


def square_name(square: int) -> str:
    """``h6`` for the cell of h6."""
    return GRID.names[square]


class Piece(NamedTuple):
    """A piece: its seat (colour), kind (1 pawn .. 6 king) and home square (D18)."""

    seat: int
    kind: int
    home: int

    def code(self) -> str:
        """``yN`` for a Yellow knight: colour in lower case, kind in upper case, so a
        token never reads as a word (``rNg5``, not ``rng5``)."""
        return COLOUR_LETTERS[self.seat] + KIND_LETTERS[self.kind].upper()


def move_text(move: Move) -> str:
    """``h6h9``, castling ``h1j1``, re-entry ``n@e1``."""
    if move.flag == DROP:
        return f"{KIND_LETTERS[move.extra]}@{square_name(move.to)}"
    return square_name(move.frm) + square_name(move.to)


class CrossPosition(Position):
    """The engine's position plus re-entry from the reserve (D18): drops of reserve
    pieces onto their home squares, added to the engine's legal moves (which it makes
    from the engine's tables, pins and attacks: ``generate_legal_moves``).
    ``reserves`` is the :class:`CrossBoard`'s list of the four reserves."""

    reserves: list[list[Piece]]

    def reentries(self) -> list[Move]:
        """The mover's re-entries by the piece rules: each reserve piece onto its home
        square unless one of the mover's own pieces or a king stands there."""
        seat = self.turn
        board = self.board
        royal = self.tables.royal
        moves = []
        for kind, home in sorted({(piece.kind, piece.home) for piece in self.reserves[seat]}):
            there = board[home]
            if not there or (seat_of(there) != seat and not royal[there]):
                moves.append(Move(-1, home, 0, DROP, kind))
        return moves

    def generate_legal_moves(self) -> list[Move]:
        """The engine's legal moves, then the re-entries that leave the mover's king
        unattacked (the engine makes the drop and captures what stands there). A drop
        only puts a piece on a square, so it never uncovers the king: out of check every
        re-entry is legal, and in check one is if the piece on its square saves the king.
        Sorted, so that a position lists its moves in one order whatever moves were made
        and taken back before (the engine remembers the sorted list).

        The list is the engine's, made here from :class:`_CrossTables`: each move is an
        int ``frm * cells + to`` read from per-cell tables; a pinned piece keeps the moves
        along its pin, the king the moves onto cells no opponent attacks; in check by one
        piece, the other moves (and re-entries) keep the cells that capture it or block
        its line (a move elsewhere leaves it checking, and only a pinned piece's leaving
        opens a line), in check by two pieces only the king moves. The ints are sorted and
        turned into the tables' own ``Move`` values. For rules the tables do not cover
        (en passant, promotion, other hooks), the engine's list."""
        ft = _cross_tables(self._t, self.rules)
        seat = self.turn
        king = self.kings[seat]
        if ft is None or king < 0 or self.ep >= 0 or not self._plain:
            return self._generate_by_engine()
        b = self.board
        leaps = ft.leaps[seat]
        rays = ft.rays[seat]
        # the checkers (``block``: the cells that capture or block the last one found), and
        # the pins: along each line from the king, one own piece and then an attacker
        checkers = 0
        block: tuple[int, ...] = ()
        for c, codes in leaps[king]:
            if b[c] in codes:
                checkers += 1
                block = (c,)
        pins: dict[int, tuple[int, ...]] = {}
        for ray, codes in rays[king]:
            own = -1
            for c in ray:
                p = b[c]
                if p:
                    if own < 0:
                        if p >> SEAT_SHIFT == seat:
                            own = c
                            continue
                        if p in codes:
                            checkers += 1
                            block = ray[:ray.index(c) + 1]
                    elif p in codes:
                        pins[own] = ray[:ray.index(c) + 1]
                    break
        cap = self._t.capturable[seat]
        gen = ft.gen
        n = ft.n
        keys: list[int] = []
        app = keys.append
        for frm in self.pieces[seat]:
            if checkers > 1 and frm != king:
                continue
            p = b[frm]
            lmc, lm, lc, rmc, rm, rc = gen[p][frm]
            special = checkers or frm == king or frm in pins
            if special:
                mark = len(keys)
            if lmc:
                for to, k in lmc:
                    q = b[to]
                    if not q or cap[q]:
                        app(k)
            if lm:
                for to, k in lm:
                    if not b[to]:
                        app(k)
            if lc:
                for to, k in lc:
                    q = b[to]
                    if q and cap[q]:
                        app(k)
            # the ray loops are written out as in the engine's _table_moves (a helper call per
            # ray would cost the list about a tenth)
            if rmc:
                for ray in rmc:
                    for to, k in ray:
                        q = b[to]
                        if q:
                            if cap[q]:
                                app(k)
                            break
                        app(k)
            if rm:
                for ray in rm:
                    for to, k in ray:
                        if b[to]:
                            break
                        app(k)
            if rc:
                for ray in rc:
                    for to, k in ray:
                        q = b[to]
                        if q:
                            if cap[q]:
                                app(k)
                            break
            if special:
                base = frm * n
                if frm == king:
                    b[king] = 0
                    kept = [k for k in keys[mark:] if not _hit(b, leaps[k - base], rays[k - base])]
                    b[king] = p
                else:
                    line = pins.get(frm)
                    if checkers:
                        kept = [k for k in keys[mark:] if k - base in block and (line is None or k - base in line)]
                    else:
                        kept = [k for k in keys[mark:] if k - base in line]  # type: ignore[operator]
                del keys[mark:]
                keys += kept
        keys.sort()
        moves = self._drops(seat) if checkers < 2 else []
        if checkers and moves:
            moves = [m for m in moves if m[1] in block]
        moves += map(ft.moves.__getitem__, keys)
        if not checkers and self.castling & ft.castle_masks[seat]:
            castles: list[Move] = []
            self._castling_moves(seat, castles)
            if castles:
                kcode = b[king]
                b[king] = 0
                castles = [m for m in castles if not _hit(b, leaps[m[1]], rays[m[1]])]
                b[king] = kcode
                if castles:
                    moves += castles
                    moves.sort()
        return moves

    def _drops(self, seat: int) -> list[Move]:
        """``reentries()`` in the list's order (by home square, then kind)."""
        reserve = self.reserves[seat]
        if not reserve:
            return []
        board = self.board
        royal = self._t.royal
        moves = []
        for home, kind in sorted({(piece.home, piece.kind) for piece in reserve}):
            there = board[home]
            if not there or (there >> SEAT_SHIFT != seat and not royal[there]):
                moves.append(Move(-1, home, 0, DROP, kind))
        return moves

    def _generate_by_engine(self) -> list[Move]:
        """``generate_legal_moves`` from the engine's list (rules the tables do not
        cover)."""
        moves = super().generate_legal_moves()
        seat = self.turn
        king = self.kings[seat]
        opponents = self.tables.opponents[seat]
        if not self.attacked(king, opponents):
            return sorted(moves + self.reentries())
        board = self.board
        for move in self.reentries():
            there = board[move.to]
            board[move.to] = code_of(seat, move.extra)
            safe = not self.attacked(king, opponents)
            board[move.to] = there
            if safe:
                moves.append(move)
        return sorted(moves)


def _hit(b: list[int], leaps: tuple[tuple[int, frozenset[int]], ...],
         rays: tuple[tuple[tuple[int, ...], frozenset[int]], ...]) -> bool:
    """Is a cell attacked: a piece of ``codes`` on one of the cells ``leaps`` (``(cell,
    codes)``), or first on one of the lines ``rays`` (``(line, codes)``)? The engine's
    ``attacked`` over :class:`_CrossTables`' per-cell tables of a seat's opponents."""
    for c, codes in leaps:
        if b[c] in codes:
            return True
    return lines_hit(b, rays)


class _CrossTables(ReadOnly):
    """The engine's tables of one :class:`~drezlab.boards.Rules` read for
    ``CrossPosition.generate_legal_moves`` (read-only, built once per rules).

    ``gen[code][cell] = (lmc, lm, lc, rmc, rm, rc)``: the engine's leaps and rays (moving
    and capturing, moving only, capturing only) as ``(to, key)`` pairs, ``key = cell * n
    + to`` the move's sort key, the rays as tuples of such pairs; ``moves[key]`` the plain
    ``Move(cell, to)``; ``castle_masks[seat]`` the castling rights of ``seat``;
    ``leaps[seat][cell]``: ``(from, codes)``, the cells from which
    the pieces ``codes`` of ``seat``'s opponents attack ``cell`` by a leap (both
    opponents' codes together); ``rays[seat][cell]``: ``(line, codes)``, the lines
    towards ``cell`` and the opponents' pieces that attack along them."""

    __slots__ = ("castle_masks", "gen", "leaps", "moves", "n", "rays")

    gen: tuple[tuple[tuple[Any, ...], ...], ...]
    leaps: tuple[tuple[tuple[tuple[int, frozenset[int]], ...], ...], ...]
    rays: tuple[tuple[tuple[tuple[tuple[int, ...], frozenset[int]], ...], ...], ...]
    moves: tuple[Move, ...]
    n: int
    castle_masks: tuple[int, ...]

    def __init__(self, t: _Tables, rules: Rules) -> None:
        n = t.n
        self.n = n
        self.castle_masks = tuple(sum(1 << i for i, castling in enumerate(rules.castlings) if castling.seat == seat)
                                  for seat in range(rules.seats))
        moves: list[Move | None] = [None] * (n * n)

        def pairs(frm: int, cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
            for to in cells:
                if moves[frm * n + to] is None:
                    moves[frm * n + to] = Move(frm, to, 0, 0, 0)
            return tuple((to, frm * n + to) for to in cells)

        gen = []
        for code in range(t.ncode):
            row = []
            for cell in range(n):
                _pawn, lmc, lm, lc, rmc, rm, rc = t.gen[code][cell]
                row.append((pairs(cell, lmc), pairs(cell, lm), pairs(cell, lc),
                            tuple(pairs(cell, ray) for ray in rmc), tuple(pairs(cell, ray) for ray in rm),
                            tuple(pairs(cell, ray) for ray in rc)))
            gen.append(tuple(row))
        self.gen = tuple(gen)
        never = Move(-1, -1, 0, 0, 0)     # no piece makes that step
        self.moves = tuple(never if move is None else move for move in moves)
        leaps = []
        rays = []
        for opp in t.opponents:
            leaps_s = []
            rays_s = []
            for cell in range(n):
                by_cell: dict[int, frozenset[int]] = {}
                for s in opp:
                    for cells, codes in t.att_leaps[s][cell]:
                        for c in cells:
                            by_cell[c] = by_cell.get(c, frozenset()) | codes
                by_ray: dict[tuple[int, ...], frozenset[int]] = {}
                for s in opp:
                    for ray, codes in t.att_rays[s][cell]:
                        by_ray[ray] = by_ray.get(ray, frozenset()) | codes
                leaps_s.append(tuple(by_cell.items()))
                rays_s.append(tuple(by_ray.items()))
            leaps.append(tuple(leaps_s))
            rays.append(tuple(rays_s))
        self.leaps = tuple(leaps)
        self.rays = tuple(rays)
        self._seal()


_CROSS_TABLES: dict[int, tuple[_Tables, _CrossTables | None]] = {}


def _cross_tables(t: _Tables, rules: Rules) -> _CrossTables | None:
    """The :class:`_CrossTables` of the engine's tables ``t`` (cached), or None for rules
    it does not cover: pawns that promote or step twice (en passant), whose moves the
    engine makes."""
    hit = _CROSS_TABLES.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    usable = not any(t.promotes) and not any(rules.pawn_start)
    built = _CrossTables(t, rules) if usable else None
    _CROSS_TABLES[id(t)] = (t, built)
    return built


class CrossBoard:
    """The position: the engine's :class:`CrossPosition` plus what it does not keep,
    every piece's home square and the four reserves (D18), both public."""

    __slots__ = ("homes", "move_stack", "pos", "reserves")

    def __init__(self, pieces: Mapping[int, Piece] | None = None, reserves: Sequence[Iterable[Piece]] = ((),) * SEATS,
                 castling: str | None = None, turn: int = YELLOW) -> None:
        self.reserves: list[list[Piece]] = [sorted(reserve) for reserve in reserves]
        self.homes = [-1] * len(GRID)
        if pieces is None:
            self.pos = CrossPosition(RULES)
            for cell in range(len(GRID)):
                if self.pos.board[cell]:
                    self.homes[cell] = cell
        else:
            placement = {square_name(cell): (piece.seat, KIND_LETTERS[piece.kind].upper())
                         for cell, piece in pieces.items()}
            self.pos = CrossPosition.from_placement(RULES, placement, turn=turn,  # type: ignore[assignment]
                                                    castling="ABCDEFGH" if castling is None else castling)
            for cell, piece in pieces.items():
                self.homes[cell] = piece.home
        self.pos.reserves = self.reserves
        self.move_stack: list[tuple[Move, int, int, int]] = []

    def copy(self) -> CrossBoard:
        """An independent copy: its engine position's own copy, and the homes and reserves
        copied, the position reading the copy's reserves."""
        clone = object.__new__(CrossBoard)
        clone.pos = self.pos.copy()  # type: ignore[assignment]
        clone.homes = self.homes[:]
        clone.reserves = [reserve[:] for reserve in self.reserves]
        clone.pos.reserves = clone.reserves
        clone.move_stack = self.move_stack[:]
        return clone

    # ------------------------------------------------------------- reading
    @property
    def turn(self) -> int:
        return self.pos.turn

    @property
    def clock(self) -> int:
        """Plies since the last capture or pawn move (the engine's half-move count)."""
        return self.pos.halfmove

    @property
    def castling(self) -> list[str]:
        """The castlings still allowed, as the king's moves (``h1j1``)."""
        return [square_name(cs.king_from) + square_name(cs.king_to)
                for index, cs in enumerate(RULES.castlings) if self.pos.castling >> index & 1]

    def piece_at(self, square: int) -> Piece | None:
        code = self.pos.board[square]
        if not code:
            return None
        return Piece(seat_of(code), kind_of(code), self.homes[square])

    def has_kind(self, kind: int, seat: int) -> bool:
        """Has ``seat`` a piece of ``kind`` on the board (D20: the reserve does not count)?"""
        wanted = code_of(seat, kind)
        board = self.pos.board
        return any(board[cell] == wanted for cell in self.pos.pieces[seat])

    def count(self, kind: int, seat: int) -> int:
        """How many pieces of ``kind`` ``seat`` has on the board."""
        wanted = code_of(seat, kind)
        board = self.pos.board
        return sum(1 for cell in self.pos.pieces[seat] if board[cell] == wanted)

    def attacked_by(self, square: int, attackers: Collection[int]) -> bool:
        """Is ``square`` attacked by a piece of one of the seats ``attackers`` (D17)?"""
        return self.pos.attacked(square, attackers)

    def in_check(self, seat: int) -> bool:
        """Is ``seat``'s king attacked by either opponent (D17)?"""
        return self.pos.in_check(seat)

    def key(self) -> int:
        """The repetition key (D1): the engine's key of placement, side to move and
        castling rights."""
        return self.pos.hash

    def legal_moves(self) -> list[Move]:
        """The moves (re-entries included) of the seat to move that leave its king
        unattacked by opponents, sorted, so that a position lists its moves (and the
        game its actions) in one order whatever moves were made and taken back before."""
        return self.pos.legal_moves()

    def move_class(self, move: Move) -> int:
        """The card-chess layer's class of ``move``: piece kind, king step or castling."""
        if move.flag == DROP:
            return move.extra
        if move.flag == ENGINE_CASTLE:
            return CASTLE
        kind = kind_of(self.pos.board[move.frm])
        return KING_STEP if kind == KING else kind

    # ------------------------------------------------------------- changing
    def push(self, move: Move) -> None:
        """Make ``move`` (legal), keeping homes and reserves, and pass the turn."""
        homes = self.homes
        captured = self.pos.board[move.to]
        captured_home = homes[move.to]
        if move.flag == DROP:
            reserve = self.reserves[self.pos.turn]
            reserve.remove(Piece(self.pos.turn, move.extra, move.to))
            home = move.to
        else:
            home = homes[move.frm]
            homes[move.frm] = -1
            if move.flag == ENGINE_CASTLE:
                castling = RULES.castlings[move.extra]
                homes[castling.rook_to], homes[castling.rook_from] = homes[castling.rook_from], -1
        homes[move.to] = home
        if captured:
            reserve = self.reserves[seat_of(captured)]
            reserve.append(Piece(seat_of(captured), kind_of(captured), captured_home))
            reserve.sort()
        self.pos.push(move)
        self.move_stack.append((move, home, captured, captured_home))

    def pop(self) -> Move:
        """Take back the last move."""
        move, home, captured, captured_home = self.move_stack.pop()
        self.pos.pop()
        homes = self.homes
        if captured:
            self.reserves[seat_of(captured)].remove(Piece(seat_of(captured), kind_of(captured), captured_home))
        homes[move.to] = captured_home if captured else -1
        if move.flag == DROP:
            reserve = self.reserves[self.pos.turn]
            reserve.append(Piece(self.pos.turn, move.extra, home))
            reserve.sort()
        else:
            homes[move.frm] = home
            if move.flag == ENGINE_CASTLE:
                castling = RULES.castlings[move.extra]
                homes[castling.rook_from], homes[castling.rook_to] = homes[castling.rook_to], -1
        return move

    # ------------------------------------------------------------ as text
    def placement(self) -> str:
        """Every piece as ``<colour><kind><square>``, with ``/<home>`` when it stands
        away from home; reserve pieces as ``+<colour><kind><home>`` (space-separated)."""
        tokens = []
        for square in range(len(GRID)):
            piece = self.piece_at(square)
            if piece is not None:
                token = piece.code() + square_name(square)
                tokens.append(token if piece.home == square else f"{token}/{square_name(piece.home)}")
        for reserve in self.reserves:
            tokens += [f"+{piece.code()}{square_name(piece.home)}" for piece in reserve]
        return " ".join(tokens)


def team_material(board: CrossBoard, team: int) -> int:
    """The material of ``team`` on the board minus the other team's (kings not counted)."""
    pos = board.pos
    balance = 0
    for seat in range(SEATS):
        sign = 1 if TEAMS[seat] == team else -1
        for cell in pos.pieces[seat]:
            balance += sign * VALUES[kind_of(pos.board[cell])]
    return balance


def opponents(seat: int) -> tuple[int, int]:
    """The two seats of the other team (D17: only they give check)."""
    return (seat + 1) % SEATS, (seat + 3) % SEATS


def partner(seat: int) -> int:
    return (seat + 2) % SEATS


def reserve_id(seat: int, kind: int) -> str:
    """The click target of ``seat``'s reserve pieces of ``kind`` (``reserve-0-n``)."""
    return f"reserve-{seat}-{KIND_LETTERS[kind]}"


class CrossMoves:
    """The cross board as the card-chess layer's move source (four seats).

    A key is the engine move's tuple ``(frm, to, promo, flag, extra)``; a move is
    written ``h6h9`` or ``n@e1`` and clicked as (from-square, to-square) or (reserve
    piece, home square)."""

    __slots__ = ("board",)

    def __init__(self, board: CrossBoard) -> None:
        self.board = board

    def mover(self) -> int:
        return self.board.turn

    def legal_moves(self) -> list[Move]:
        return self.board.legal_moves()

    def move_classes(self, moves: Sequence[Move]) -> list[int]:
        return [self.board.move_class(move) for move in moves]

    def has_kind(self, kind: int, seat: int) -> bool:
        """On the board only: pieces in reserve do not count (D20)."""
        return self.board.has_kind(kind, seat)

    def moves_of_kinds(self, kinds: Collection[int], castling: bool) -> list[Move] | None:
        seat = self.board.turn
        if any(not self.has_kind(kind, seat) for kind in kinds):
            return None
        wanted = set(kinds) | {KING_STEP} | ({CASTLE} if castling else set())
        return [move for move in self.board.legal_moves() if self.board.move_class(move) in wanted]

    def key(self, move: Move) -> tuple[int, ...]:
        return tuple(move)

    def move_of(self, key: tuple[int, int, int, int, int]) -> Move:
        return Move(*key)

    def notation(self, move: Move) -> tuple[str, tuple[str, ...]]:
        if move.flag == DROP:
            return move_text(move), (reserve_id(self.board.turn, move.extra), square_name(move.to))
        return move_text(move), (square_name(move.frm), square_name(move.to))
