"""The cross board of PokerDrez for 4 and its pieces: geometry as data, moves as rules.

Rules: ``shared/rules/chess-cards.md`` §3 and D14-D20. This module knows the board
and the pieces, nothing of cards; :class:`CrossMoves` is the card-chess layer's move
source over it (:class:`drezlab.kits.cardchess.MoveSource`).

The board (D14) is *data*: a :class:`CrossGeometry` is a set of cells on a 14 x 14
grid (the 3 x 3 corners missing) plus, for every cell, its rays in the 8 directions,
its knight targets and its neighbours, all computed from the cell set. A ray stops
at a missing cell, so sliders cannot cross the corners and knights cannot land on
them. Another board is another cell set (:func:`cross_cells`).

Squares are numbered ``rank * 14 + file`` (a1 = 0, n14 = 195) and named file letter
``a``-``n`` plus rank ``1``-``14`` (``h6``, ``n11``).

Seats, colours and teams: 0 Yellow (south), 1 Green (west), 2 Red (north), 3 Blue
(east); turns run 0, 1, 2, 3; light pieces (Yellow + Red, team 0) against dark
pieces (Green + Blue, team 1).

The pieces' changed moves (§3, D16, D17):

* pawn: moves like a rook over empty squares and never captures that way; it
  captures only on its 4 diagonal neighbours (and attacks exactly those); no
  promotion;
* bishop: diagonal rider; it may also step one square orthogonally onto an empty
  square (a move that never captures and never attacks);
* knight, rook, queen, king as in chess; castling as in chess on each player's back
  rank (the king goes two squares toward the rook, the rook to the square crossed);
* a piece may capture any non-king piece of another seat, a partner's included; no
  king is ever captured; only the two opponents' pieces give check;
* a captured piece goes to its owner's reserve and may re-enter on its own home
  square as the turn's move (D18): not onto one of the mover's own pieces or any
  king; a partner's or opponent's piece there is captured.

Moves are :class:`CrossMove` values ``(origin, target, kind)``: ``origin`` -1 for a
re-entry (``kind`` the piece kind, ``target`` its home), otherwise ``kind`` 0.
Written ``h6h9`` (castling as the king's two-square move, ``h1j1``) and ``n@e1``
(re-entry).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import NamedTuple

from drezlab.kits.cardchess import CASTLE, KING_STEP

SIZE = 14
CORNER = 3
FILES = "abcdefghijklmn"
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
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT_STEPS = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))


def square_of(file: int, rank: int) -> int:
    return rank * SIZE + file


def square_name(square: int) -> str:
    """``h6`` for square 5 * 14 + 7."""
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


def cross_cells(size: int = SIZE, corner: int = CORNER) -> frozenset[int]:
    """The cells of a ``size`` x ``size`` board without its ``corner`` x ``corner``
    corners (D14: 14 and 3 give the 160 squares)."""
    cells = set()
    for rank in range(size):
        for file in range(size):
            outer_file = file < corner or file >= size - corner
            outer_rank = rank < corner or rank >= size - corner
            if not (outer_file and outer_rank):
                cells.add(square_of(file, rank))
    return frozenset(cells)


class CrossGeometry:
    """Rays, knight targets and neighbours of every cell of a board given as a cell set."""

    def __init__(self, cells: Collection[int]) -> None:
        self.cells = frozenset(cells)
        self.names = {square: square_name(square) for square in self.cells}
        self.by_name = {name: square for square, name in self.names.items()}

        def step(square: int, df: int, dr: int) -> int | None:
            file, rank = square % SIZE + df, square // SIZE + dr
            if not (0 <= file < SIZE and 0 <= rank < SIZE):
                return None
            target = square_of(file, rank)
            return target if target in self.cells else None

        def ray(square: int, df: int, dr: int) -> tuple[int, ...]:
            squares = []
            current: int | None = square
            while (current := step(current, df, dr)) is not None:
                squares.append(current)
            return tuple(squares)

        empty: tuple[tuple[int, ...], ...] = ()
        self.orthogonal_rays = [empty] * (SIZE * SIZE)
        self.diagonal_rays = [empty] * (SIZE * SIZE)
        self.knight = [()] * (SIZE * SIZE)
        self.orthogonal_steps = [()] * (SIZE * SIZE)
        self.diagonal_steps = [()] * (SIZE * SIZE)
        for square in self.cells:
            self.orthogonal_rays[square] = tuple(r for r in (ray(square, *d) for d in ORTHOGONAL) if r)
            self.diagonal_rays[square] = tuple(r for r in (ray(square, *d) for d in DIAGONAL) if r)
            self.knight[square] = tuple(t for t in (step(square, *d) for d in KNIGHT_STEPS) if t is not None)
            self.orthogonal_steps[square] = tuple(t for t in (step(square, *d) for d in ORTHOGONAL) if t is not None)
            self.diagonal_steps[square] = tuple(t for t in (step(square, *d) for d in DIAGONAL) if t is not None)
        self.king = [self.orthogonal_steps[s] + self.diagonal_steps[s] for s in range(SIZE * SIZE)]

    def square(self, name: str) -> int:
        """The square named ``name``; ``ValueError`` for a name off the board."""
        try:
            return self.by_name[name]
        except KeyError:
            raise ValueError(f"{name!r} is not a square of the cross board (files a-n, ranks 1-14, "
                             "no 3 x 3 corners)") from None


GEOMETRY = CrossGeometry(cross_cells())

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


class Piece(NamedTuple):
    """A piece: its seat (colour), kind (1 pawn .. 6 king) and home square (D18)."""

    seat: int
    kind: int
    home: int

    def code(self) -> str:
        """``yn`` for a Yellow knight."""
        return COLOUR_LETTERS[self.seat] + KIND_LETTERS[self.kind]


class CrossMove(NamedTuple):
    """A move (``origin`` >= 0) or a re-entry (``origin`` -1, ``kind`` the piece's kind)."""

    origin: int
    target: int
    kind: int = 0

    def uci(self) -> str:
        if self.origin < 0:
            return f"{KIND_LETTERS[self.kind]}@{square_name(self.target)}"
        return square_name(self.origin) + square_name(self.target)


def initial_pieces() -> dict[int, Piece]:
    """The D14 set-up: each seat's 16 pieces on their home squares."""
    pieces = {}
    for seat in range(SEATS):
        for name, kind in zip(BACK_RANKS[seat], BACK_KINDS):
            square = GEOMETRY.square(name)
            pieces[square] = Piece(seat, kind, square)
        for name in PAWN_RANKS[seat]:
            square = GEOMETRY.square(name)
            pieces[square] = Piece(seat, PAWN, square)
    return pieces


def initial_castling() -> frozenset[int]:
    """The home squares of the unmoved kings and rooks of the set-up (D16)."""
    return frozenset(GEOMETRY.square(BACK_RANKS[seat][index]) for seat in range(SEATS) for index in (0, 4, 7))


class Undo(NamedTuple):
    """What ``pop`` needs to take one move back."""

    move: CrossMove
    moved: Piece
    captured: Piece | None
    castling: frozenset[int]
    clock: int
    rook: tuple[int, int] | None


class CrossBoard:
    """The position: pieces on squares, the four reserves, castling rights, whose turn,
    the clock of plies since the last capture, pawn move or re-entry (D1)."""

    __slots__ = ("geometry", "squares", "reserves", "castling", "turn", "clock", "move_stack", "counts")

    def __init__(self, pieces: Mapping[int, Piece] | None = None, reserves: Sequence[Iterable[Piece]] = ((),) * SEATS,
                 castling: Iterable[int] | None = None, turn: int = YELLOW,
                 geometry: CrossGeometry = GEOMETRY) -> None:
        self.geometry = geometry
        pieces = initial_pieces() if pieces is None else pieces
        self.squares: list[Piece | None] = [None] * (SIZE * SIZE)
        self.counts = [[0] * 7 for _ in range(SEATS)]
        for square, piece in pieces.items():
            self.squares[square] = piece
            self.counts[piece.seat][piece.kind] += 1
        self.reserves: list[list[Piece]] = [sorted(reserve) for reserve in reserves]
        self.castling = frozenset(initial_castling() if castling is None else castling)
        self.turn = turn
        self.clock = 0
        self.move_stack: list[Undo] = []

    def copy(self) -> CrossBoard:
        clone = object.__new__(CrossBoard)
        clone.geometry = self.geometry
        clone.squares = self.squares[:]
        clone.counts = [row[:] for row in self.counts]
        clone.reserves = [reserve[:] for reserve in self.reserves]
        clone.castling, clone.turn, clone.clock = self.castling, self.turn, self.clock
        clone.move_stack = self.move_stack[:]
        return clone

    # ------------------------------------------------------------- reading
    def king_square(self, seat: int) -> int | None:
        for square, piece in enumerate(self.squares):
            if piece is not None and piece.seat == seat and piece.kind == KING:
                return square
        return None

    def attacked_by(self, square: int, attackers: Collection[int]) -> bool:
        """Is ``square`` attacked by a piece of one of the seats ``attackers`` (D17)?"""
        geometry, squares = self.geometry, self.squares
        for ray in geometry.orthogonal_rays[square]:
            for target in ray:
                piece = squares[target]
                if piece is not None:
                    if piece.seat in attackers and (piece.kind == ROOK or piece.kind == QUEEN
                                                    or (piece.kind == KING and target == ray[0])):
                        return True
                    break
        for ray in geometry.diagonal_rays[square]:
            for target in ray:
                piece = squares[target]
                if piece is not None:
                    if piece.seat in attackers and (piece.kind == BISHOP or piece.kind == QUEEN or (
                            target == ray[0] and (piece.kind == KING or piece.kind == PAWN))):
                        return True
                    break
        for target in geometry.knight[square]:
            piece = squares[target]
            if piece is not None and piece.kind == KNIGHT and piece.seat in attackers:
                return True
        return False

    def in_check(self, seat: int) -> bool:
        """Is ``seat``'s king attacked by either opponent (D17)?"""
        king = self.king_square(seat)
        return king is not None and self.attacked_by(king, opponents(seat))

    def key(self) -> tuple[object, ...]:
        """The repetition key (D1): placement, side to move, castling rights (the
        reserves follow from the placement, every piece being somewhere)."""
        return tuple(self.squares), self.turn, self.castling

    # ---------------------------------------------------------- generating
    def pseudo_moves(self, seat: int) -> list[CrossMove]:
        """Every move of ``seat`` by the piece rules, before the king-safety test."""
        geometry, squares = self.geometry, self.squares
        moves: list[CrossMove] = []
        add = moves.append

        def capturable(piece: Piece) -> bool:
            return piece.seat != seat and piece.kind != KING

        for origin, piece in enumerate(squares):
            if piece is None or piece.seat != seat:
                continue
            kind = piece.kind
            if kind == PAWN:
                for ray in geometry.orthogonal_rays[origin]:
                    for target in ray:
                        if squares[target] is not None:
                            break
                        add(CrossMove(origin, target))
                for target in geometry.diagonal_steps[origin]:
                    other = squares[target]
                    if other is not None and capturable(other):
                        add(CrossMove(origin, target))
                continue
            if kind == KNIGHT or kind == KING:
                for target in (geometry.knight if kind == KNIGHT else geometry.king)[origin]:
                    other = squares[target]
                    if other is None or capturable(other):
                        add(CrossMove(origin, target))
                continue
            rays = ((geometry.diagonal_rays[origin] if kind != ROOK else ())
                    + (geometry.orthogonal_rays[origin] if kind != BISHOP else ()))
            for ray in rays:
                for target in ray:
                    other = squares[target]
                    if other is None:
                        add(CrossMove(origin, target))
                    else:
                        if capturable(other):
                            add(CrossMove(origin, target))
                        break
            if kind == BISHOP:
                for target in geometry.orthogonal_steps[origin]:
                    if squares[target] is None:
                        add(CrossMove(origin, target))
        for kind, home in sorted({(piece.kind, piece.home) for piece in self.reserves[seat]}):
            other = squares[home]
            if other is None or (other.seat != seat and other.kind != KING):
                add(CrossMove(-1, home, kind))
        return moves

    def castling_moves(self, seat: int) -> list[CrossMove]:
        """D16: the king two squares toward an unmoved rook over empty squares, never
        out of, through or into check."""
        king = self.king_square(seat)
        if king is None or king not in self.castling or self.squares[king].home != king:  # type: ignore[union-attr]
            return []
        enemies = opponents(seat)
        moves = []
        for rook_home in self.castling:
            rook = self.squares[rook_home]
            if rook is None or rook.seat != seat or rook.kind != ROOK or rook.home != rook_home:
                continue
            path = between(king, rook_home)
            if path is None or len(path) < 2 or any(self.squares[square] is not None for square in path):
                continue
            if self.attacked_by(king, enemies):
                return []
            if self.attacked_by(path[0], enemies) or self.attacked_by(path[1], enemies):
                continue
            moves.append(CrossMove(king, path[1]))
        return moves

    def legal_moves(self) -> list[CrossMove]:
        """The moves of the seat to move that leave its king unattacked by opponents."""
        seat = self.turn
        enemies = opponents(seat)
        legal = []
        for move in self.pseudo_moves(seat):
            self.push(move)
            king = self.king_square(seat)
            safe = king is None or not self.attacked_by(king, enemies)
            self.pop()
            if safe:
                legal.append(move)
        return legal + self.castling_moves(seat)

    def move_class(self, move: CrossMove) -> int:
        """The card-chess layer's class of ``move``: piece kind, king step or castling."""
        if move.origin < 0:
            return move.kind
        piece = self.squares[move.origin]
        assert piece is not None
        if piece.kind == KING:
            return CASTLE if move.target not in self.geometry.king[move.origin] else KING_STEP
        return piece.kind

    # ------------------------------------------------------------- changing
    def push(self, move: CrossMove) -> None:
        """Make ``move`` (assumed pseudo-legal) and pass the turn to the next seat."""
        squares = self.squares
        if move.origin < 0:
            seat = self.turn
            reserve = self.reserves[seat]
            moved = next(piece for piece in reserve if piece.kind == move.kind and piece.home == move.target)
            reserve.remove(moved)
        else:
            moved = squares[move.origin]  # type: ignore[assignment]
            squares[move.origin] = None
        captured = squares[move.target]
        rook = None
        if moved.kind == KING and move.origin >= 0 and move.target not in self.geometry.king[move.origin]:
            rook_home = next(home for home in self.castling if squares[home] is not None
                             and squares[home].kind == ROOK and squares[home].seat == moved.seat  # type: ignore[union-attr]
                             and (path := between(move.origin, home)) is not None and path[1] == move.target)
            crossed = between(move.origin, move.target)[0]  # type: ignore[index]
            squares[crossed], squares[rook_home] = squares[rook_home], None
            rook = (rook_home, crossed)
        if captured is not None:
            self.counts[captured.seat][captured.kind] -= 1
            reserve = self.reserves[captured.seat]
            reserve.append(captured)
            reserve.sort()
        if move.origin < 0:
            self.counts[moved.seat][moved.kind] += 1
        squares[move.target] = moved
        self.move_stack.append(Undo(move, moved, captured, self.castling, self.clock, rook))
        touched = {move.origin, move.target} | ({rook[0]} if rook else set())
        if self.castling & touched:
            self.castling = self.castling - touched
        self.clock = 0 if captured is not None or moved.kind == PAWN or move.origin < 0 else self.clock + 1
        self.turn = (self.turn + 1) % SEATS

    def pop(self) -> CrossMove:
        """Take back the last move."""
        undo = self.move_stack.pop()
        move, moved, captured = undo.move, undo.moved, undo.captured
        squares = self.squares
        squares[move.target] = captured
        if captured is not None:
            self.reserves[captured.seat].remove(captured)
            self.counts[captured.seat][captured.kind] += 1
        if undo.rook is not None:
            rook_home, crossed = undo.rook
            squares[rook_home], squares[crossed] = squares[crossed], None
        if move.origin < 0:
            reserve = self.reserves[moved.seat]
            reserve.append(moved)
            reserve.sort()
            self.counts[moved.seat][moved.kind] -= 1
        else:
            squares[move.origin] = moved
        self.castling, self.clock = undo.castling, undo.clock
        self.turn = (self.turn - 1) % SEATS
        return move

    # ------------------------------------------------------------ as text
    def placement(self) -> str:
        """Every piece as ``<colour><kind><square>``, with ``/<home>`` when it stands
        away from home; reserve pieces as ``+<colour><kind><home>`` (space-separated)."""
        tokens = []
        for square, piece in enumerate(self.squares):
            if piece is not None:
                token = piece.code() + square_name(square)
                tokens.append(token if piece.home == square else f"{token}/{square_name(piece.home)}")
        for reserve in self.reserves:
            tokens += [f"+{piece.code()}{square_name(piece.home)}" for piece in reserve]
        return " ".join(tokens)


def opponents(seat: int) -> tuple[int, int]:
    """The two seats of the other team (D17: only they give check)."""
    return (seat + 1) % SEATS, (seat + 3) % SEATS


def partner(seat: int) -> int:
    return (seat + 2) % SEATS


def between(origin: int, target: int) -> tuple[int, ...] | None:
    """The squares strictly between two squares of one rank or file, nearest first
    (``None`` when they share neither)."""
    of, orank = origin % SIZE, origin // SIZE
    tf, trank = target % SIZE, target // SIZE
    if of != tf and orank != trank:
        return None
    df = (tf > of) - (tf < of)
    dr = (trank > orank) - (trank < orank)
    squares = []
    file, rank = of + df, orank + dr
    while (file, rank) != (tf, trank):
        squares.append(square_of(file, rank))
        file, rank = file + df, rank + dr
    return tuple(squares)


def parse_placement(text: str, geometry: CrossGeometry = GEOMETRY) -> tuple[dict[int, Piece], list[list[Piece]]]:
    """Read :meth:`CrossBoard.placement` text (a teacher's position): ``ykh1`` a
    Yellow king on h1 at home, ``ynf3/e1`` a Yellow knight on f3 whose home is e1,
    ``+yne1`` a Yellow knight in reserve with home e1. ``ValueError`` says what is wrong."""
    if not isinstance(text, str):
        raise ValueError(f"a position is text such as 'ykh1 gka7 rkg14 bkn8', not {type(text).__name__}")
    pieces: dict[int, Piece] = {}
    reserves: list[list[Piece]] = [[] for _ in range(SEATS)]
    for token in text.split():
        in_reserve = token.startswith("+")
        body = token[1:] if in_reserve else token
        if len(body) < 4 or body[0] not in COLOUR_LETTERS or body[1] not in KIND_LETTERS[1:]:
            raise ValueError(f"{token!r} is not a piece: write colour (y g r b), kind (p n b r q k) and square, "
                             "e.g. 'ynh6'")
        seat, kind = COLOUR_LETTERS.index(body[0]), KIND_LETTERS.index(body[1])
        where, _, home_name = body[2:].partition("/")
        square = geometry.square(where)
        home = geometry.square(home_name) if home_name else square
        piece = Piece(seat, kind, home)
        if in_reserve:
            if kind == KING:
                raise ValueError(f"{token!r}: a king is never captured, so it is never in reserve (D17)")
            if home_name:
                raise ValueError(f"{token!r}: a reserve piece names only its home square")
            reserves[seat].append(piece)
        else:
            if square in pieces:
                raise ValueError(f"two pieces stand on {where}")
            pieces[square] = piece
    for seat in range(SEATS):
        kings = sum(1 for piece in pieces.values() if piece.seat == seat and piece.kind == KING)
        if kings != 1:
            raise ValueError(f"{COLOUR_NAMES[seat]} must have exactly one king on the board, not {kings}")
    return pieces, reserves


def reserve_id(seat: int, kind: int) -> str:
    """The click target of ``seat``'s reserve pieces of ``kind`` (``reserve-0-n``)."""
    return f"reserve-{seat}-{KIND_LETTERS[kind]}"


class CrossMoves:
    """The cross board as the card-chess layer's move source (four seats).

    A key is the move's ``(origin, target, kind)`` tuple; a move is written
    ``h6h9`` or ``n@e1`` and clicked as (from-square, to-square) or (reserve piece,
    home square)."""

    __slots__ = ("board",)

    def __init__(self, board: CrossBoard) -> None:
        self.board = board

    def mover(self) -> int:
        return self.board.turn

    def legal_moves(self) -> list[CrossMove]:
        return self.board.legal_moves()

    def move_classes(self, moves: Sequence[CrossMove]) -> list[int]:
        return [self.board.move_class(move) for move in moves]

    def has_kind(self, kind: int, seat: int) -> bool:
        """On the board only: pieces in reserve do not count (D20)."""
        return self.board.counts[seat][kind] > 0

    def moves_of_kinds(self, kinds: Collection[int], castling: bool) -> list[CrossMove] | None:
        seat = self.board.turn
        if any(not self.has_kind(kind, seat) for kind in kinds):
            return None
        wanted = set(kinds) | {KING_STEP} | ({CASTLE} if castling else set())
        return [move for move in self.board.legal_moves() if self.board.move_class(move) in wanted]

    def key(self, move: CrossMove) -> tuple[int, int, int]:
        return tuple(move)  # type: ignore[return-value]

    def move_of(self, key: tuple[int, int, int]) -> CrossMove:
        return CrossMove(*key)

    def notation(self, move: CrossMove) -> tuple[str, tuple[str, ...]]:
        if move.origin < 0:
            return move.uci(), (reserve_id(self.board.turn, move.kind), square_name(move.target))
        return move.uci(), (square_name(move.origin), square_name(move.target))
