"""The river family's shared rules: a chess game on a described board with a river.

The three Guadalete variants (``shared/rules/board-games.md`` §§6-8) are chess on a
board *described as data* -- files, ranks, whether the ranks wrap round (the
cylinder), which cells are river -- plus a handful of variant hooks:

=============================  =====================================================
``can_stop(kind, cell)``       may a piece of this kind end its move on the cell
                               (kings never on the river; most pieces only on planks)
``wet(kind, cell)``            does an empty cell stop a line (and an attack) of this
                               kind of piece: the unplanked river, except for amazons
``_pawn_moves(cell, piece)``   the variant's pawns (planks, rear/front pawns, chess pawns)
``_settle(...)``               where a move really ends (the swimming variant's current)
``_forced(moves)``             which legal moves the side must choose from (D25)
=============================  =====================================================

Everything else is ordinary chess, written once here: knights, bishops, rooks,
queens, kings and amazons (queen + knight) moving along the board's rays and
leaps (which wrap through the seam when the board does), check and legality
(a move is legal when the mover's king is not attacked afterwards), castling,
the fifty-move rule, threefold repetition, the simple dead positions of D22,
mate and stalemate.

Cells are numbered ``rank * files + file`` from a1 = 0; square names are
``<file letter><rank number>`` (``e4``, ``b14``). Pieces are letters as in FEN:
capitals White (seat 0), small letters Black (seat 1): ``K Q R B N`` the chess
pieces, ``A`` the amazon, ``P`` a pawn (in the cylinder a front pawn), ``T`` a
rear pawn (*peón trasero*, cylinder only).

The position of a game is a list of cells (a piece letter or ``None``), the set
of planked cells, the side to move, the castling rights (``KQkq`` letters), the
en passant cell, the two clocks, and for each side the number of its pieces
that have left the board (the swimming variant's current reads it).
"""

from __future__ import annotations

import abc
import math
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from drezlab.core.action import Action
from drezlab.core.cards import short_repr
from drezlab.core.errors import BadRecord
from drezlab.core.game import Game
from drezlab.core.i18n import add_translations, t

WHITE, BLACK = 0, 1
FILE_LETTERS = "abcdefghijklmnop"
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
#: the pieces that slide along orthogonal / diagonal lines
ORTHOGONAL_SLIDERS = frozenset("RQA")
DIAGONAL_SLIDERS = frozenset("BQA")
#: value of each kind of piece for the bots' heuristic and the dead-position test
VALUES = {"P": 1.0, "T": 0.5, "N": 3.0, "B": 3.0, "R": 5.0, "Q": 9.0, "A": 12.0, "K": 0.0}
MAX_POSITION_TEXT = 400

add_translations({
    "checkmate": "jaque mate",
    "stalemate": "rey ahogado",
    "threefold repetition": "triple repetición",
    "fifty moves without capture or pawn move": "cincuenta jugadas sin captura ni movimiento de peón",
    "insufficient material": "material insuficiente",
    "White": "Blancas",
    "Black": "Negras",
    "White wins": "Ganan las blancas",
    "Black wins": "Ganan las negras",
})


@dataclass(frozen=True)
class RiverBoard:
    """A rectangular board described as data: its size, whether the ranks wrap
    round (the top rank's upper neighbour is the bottom rank), and its river cells.
    Rays and leaps are computed once from the description."""

    files: int
    ranks: int
    wrap: bool
    river_ranks: tuple[int, ...]

    @cached_property
    def size(self) -> int:
        return self.files * self.ranks

    @cached_property
    def river(self) -> frozenset[int]:
        """The river cells (every cell of the river ranks, 0-based ranks)."""
        return frozenset(rank * self.files + file for rank in self.river_ranks for file in range(self.files))

    @cached_property
    def names(self) -> tuple[str, ...]:
        return tuple(f"{FILE_LETTERS[cell % self.files]}{cell // self.files + 1}" for cell in range(self.size))

    @cached_property
    def index(self) -> dict[str, int]:
        return {name: cell for cell, name in enumerate(self.names)}

    def file_of(self, cell: int) -> int:
        return cell % self.files

    def rank_of(self, cell: int) -> int:
        return cell // self.files

    def step(self, cell: int, file_step: int, rank_step: int) -> int | None:
        """The cell ``(file_step, rank_step)`` away, through the seam if the board wraps; None off the board."""
        file = cell % self.files + file_step
        rank = cell // self.files + rank_step
        if not 0 <= file < self.files:
            return None
        if self.wrap:
            rank %= self.ranks
        elif not 0 <= rank < self.ranks:
            return None
        return rank * self.files + file

    def ray(self, cell: int, file_step: int, rank_step: int) -> tuple[int, ...]:
        """The cells along one direction, nearest first; on a wrapping board the line
        goes through the seam and stops before coming back to ``cell``."""
        cells: list[int] = []
        current: int | None = cell
        while True:
            current = self.step(current, file_step, rank_step)  # type: ignore[arg-type]
            if current is None or current == cell or current in cells:
                return tuple(cells)
            cells.append(current)

    @cached_property
    def orthogonal_rays(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        return tuple(tuple(self.ray(cell, *d) for d in ORTHOGONAL) for cell in range(self.size))

    @cached_property
    def diagonal_rays(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        return tuple(tuple(self.ray(cell, *d) for d in DIAGONAL) for cell in range(self.size))

    def _leaps(self, offsets: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
        table = []
        for cell in range(self.size):
            found = []
            for offset in offsets:
                target = self.step(cell, *offset)
                if target is not None and target != cell and target not in found:
                    found.append(target)
            table.append(tuple(found))
        return tuple(table)

    @cached_property
    def knight_leaps(self) -> tuple[tuple[int, ...], ...]:
        return self._leaps(KNIGHT)

    @cached_property
    def king_steps(self) -> tuple[tuple[int, ...], ...]:
        return self._leaps(ORTHOGONAL + DIAGONAL)

    def cell(self, name: str) -> int:
        """The cell called ``name`` (``BadRecord`` if there is none)."""
        cell = self.index.get(name)
        if cell is None:
            raise BadRecord(f"{short_repr(name)} is not a square of this {self.files} x {self.ranks} board")
        return cell


class Move(NamedTuple):
    """One decoded move (the ``data`` of its action).

    ``start``: the moving piece's cell; ``nominal``: where an ordinary chess move
    would end (the clicked square); ``land``: where the piece ends (``None``: it
    drowned); ``take``: the cell of the captured piece or ``None`` (en passant
    takes beside the landing cell); ``promotion``: the new piece's kind or ``""``;
    ``plank``: the pawn became a plank on ``land``; ``castle``: the rook's
    (from, to) cells when castling, else ``None``."""

    start: int
    nominal: int
    land: int | None
    take: int | None = None
    promotion: str = ""
    plank: bool = False
    castle: tuple[int, int] | None = None


class Undo(NamedTuple):
    """What ``_revert`` needs: the cells the move changed with their old contents,
    the old planks, rights, en passant cell, clocks, removed counts and repetition key."""

    changed: tuple[tuple[int, str | None], ...]
    planks: frozenset[int]
    castling: str
    en_passant: int | None
    halfmove: int
    fullmove: int
    removed: tuple[int, int]
    key: tuple[Any, ...]


def side_of(piece: str) -> int:
    return WHITE if piece.isupper() else BLACK


class RiverChess(Game):
    """Chess on a :class:`RiverBoard` with the hooks named in the module doc.

    Subclasses set ``board_shape``, ``home_ranks`` (0-based rank of each side's
    king and rooks, for castling), ``start_text`` and the hooks; this class holds
    the position, the move generator, legality, the ends of the game, records,
    views and the notation: a move is written ``<from><to>`` with the clicked
    destination (``e2e4``, ``b13b14``), and a promotion adds the new piece's letter
    (``e7e8q``, ``e13e14a``); castling is the king's move (``e1g1``).
    """

    seat_names = ("White", "Black")
    board_shape: RiverBoard
    home_ranks: tuple[int, int] = (0, 7)
    start_text: str = ""
    #: piece letters a position of this variant may hold (upper case)
    piece_kinds: str = "KQRBNP"
    #: are the ``P`` pawns chess pawns (diagonal captures, en passant)?
    chess_pawns: bool = False

    def __init__(self, seed: int | None = None, *, position: str | None = None) -> None:
        super().__init__()
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed must be a whole number or None, not {short_repr(seed)}")
        assert self.spec is not None
        options = self.spec.validate_options({"position": position})
        self.seed = seed
        self._set_position(self.start_text if options["position"] is None else options["position"])
        if options["position"] is not None:      # kept normalised, so equal positions save alike
            options["position"] = self.position_text()
        self.options = options
        self._seen: dict[tuple[Any, ...], int] = {self._key(): 1}
        self._check_end()
        self._seal_setup()

    # ---------------------------------------------------------------- positions
    def _set_position(self, text: str) -> None:
        """Read a position text: ``<placement> <w|b> <castling> <en passant> <extra>``
        (the last three may be left out). Placement: ranks from the top down separated
        by ``/``, digits for runs of empty cells, FEN letters for pieces. The extra
        field is the variant's (planks or drift counts, see :meth:`_read_extra`)."""
        if not isinstance(text, str):
            raise BadRecord(f"a position is text such as {self.start_text!r}, not {type(text).__name__}")
        if len(text) > MAX_POSITION_TEXT:
            raise BadRecord("this position text is far too long")
        fields = text.split()
        if not 2 <= len(fields) <= 5:
            raise BadRecord("a position is '<placement> <w|b> [castling] [en passant] [extra]', "
                            f"not {short_repr(text)}")
        shape = self.board_shape
        board: list[str | None] = [None] * shape.size
        rows = fields[0].split("/")
        if len(rows) != shape.ranks:
            raise BadRecord(f"the placement needs {shape.ranks} ranks separated by '/', not {len(rows)}")
        for row_number, row in enumerate(rows):
            rank = shape.ranks - 1 - row_number
            file = 0
            for symbol in re.findall(r"\d+|.", row):
                if symbol.isdigit():
                    file += int(symbol)
                    continue
                if symbol.upper() not in self.piece_kinds:
                    raise BadRecord(f"{short_repr(symbol)} on rank {rank + 1} is not a piece of this game "
                                    f"(use {', '.join(self.piece_kinds)} for White, small letters for Black)")
                if file >= shape.files:
                    break
                board[rank * shape.files + file] = symbol
                file += 1
            if file != shape.files:
                raise BadRecord(f"rank {rank + 1} of the placement has {file} squares instead of {shape.files}")
        if fields[1] not in ("w", "b"):
            raise BadRecord(f"the side to move is 'w' or 'b', not {short_repr(fields[1])}")
        castling = fields[2] if len(fields) > 2 else "-"
        if castling != "-" and (not set(castling) <= set("KQkq") or len(set(castling)) != len(castling)):
            raise BadRecord(f"castling rights are letters of KQkq or '-', not {short_repr(castling)}")
        self._board = board
        self._seat = WHITE if fields[1] == "w" else BLACK
        self._castling = "".join(letter for letter in "KQkq" if letter in castling)
        self._en_passant = None
        if len(fields) > 3 and fields[3] != "-":
            self._en_passant = shape.cell(fields[3])
        self._planks: frozenset[int] = frozenset()
        self._removed = (16 - sum(1 for p in board if p and p.isupper()),
                         16 - sum(1 for p in board if p and p.islower()))
        self._halfmove = 0
        self._fullmove = 1
        self._read_extra(fields[4] if len(fields) > 4 else None)
        self._check_position()

    def _read_extra(self, text: str | None) -> None:
        """Read the variant's extra position field (None: absent). Default: none allowed."""
        if text is not None and text != "-":
            raise BadRecord(f"this game's position has no extra field, not {short_repr(text)}")

    def _extra_text(self) -> str:
        """The variant's extra position field ('-' for none)."""
        return "-"

    def _check_position(self) -> None:
        """Refuse positions the rules cannot reach or play: one king each, no king or
        other piece where it may not stand, castling rights without their pieces,
        the side not to move in check, and the variant's own checks."""
        shape = self.board_shape
        for side, king in ((WHITE, "K"), (BLACK, "k")):
            count = self._board.count(king)
            if count != 1:
                raise BadRecord(f"a position has exactly one {t(self.seat_names[side]).lower()} king, not {count}")
        for cell, piece in enumerate(self._board):
            if piece is not None and not self.can_stop(piece.upper(), cell, True):
                raise BadRecord(f"a {piece} cannot stand on {shape.names[cell]}")
        for letter in self._castling:
            side = WHITE if letter.isupper() else BLACK
            rank = self.home_ranks[side]
            king = "K" if side == WHITE else "k"
            rook = "R" if side == WHITE else "r"
            rook_file = shape.files - 1 if letter.lower() == "k" else 0
            if self._board[rank * shape.files + 4] != king or self._board[rank * shape.files + rook_file] != rook:
                raise BadRecord(f"castling right {letter} needs the king and rook on their home squares")
        if self._en_passant is not None:
            self._check_en_passant()
        if self._attacked(self._king(1 - self._seat), self._seat):
            raise BadRecord("the side that is not to move is in check: this position cannot arise")
        self._check_variant()

    def _check_variant(self) -> None:
        """A variant's own position checks (hook)."""

    def position_text(self) -> str:
        """The position in the text form read by ``position=`` (placement, side,
        castling, en passant, the variant's extra field)."""
        shape = self.board_shape
        rows = []
        for rank in range(shape.ranks - 1, -1, -1):
            row, empty = "", 0
            for file in range(shape.files):
                piece = self._board[rank * shape.files + file]
                if piece is None:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                row += piece
            rows.append(row + (str(empty) if empty else ""))
        ep = "-" if self._en_passant is None else shape.names[self._en_passant]
        return (f"{'/'.join(rows)} {'wb'[self._seat]} {self._castling or '-'} {ep} {self._extra_text()}")

    def piece_at(self, square: str) -> str | None:
        """The piece letter on ``square`` (``"e4"``), or None."""
        return self._board[self.board_shape.cell(square)]

    @property
    def planks(self) -> frozenset[str]:
        """The names of the planked squares."""
        return frozenset(self.board_shape.names[cell] for cell in self._planks)

    def in_check(self) -> bool:
        """Is the side to move in check?"""
        return self._attacked(self._king(self._seat), 1 - self._seat)

    def _king(self, side: int) -> int:
        return self._board.index("K" if side == WHITE else "k")

    # -------------------------------------------------------------------- hooks
    def can_stop(self, kind: str, cell: int, setup: bool = False) -> bool:
        """May a piece of ``kind`` (upper case) end a move on ``cell``? Default: the
        Guadalete river (§6.1): kings never on the river; the other pieces on the
        river only on a plank, except amazons, which swim."""
        if cell not in self.board_shape.river:
            return True
        if kind == "K":
            return False
        return kind == "A" or cell in self._planks

    def wet(self, kind: str, cell: int) -> bool:
        """Does the empty ``cell`` stop a line of a piece of ``kind``? Default: the
        unplanked river does, like a wall, for everyone but the amazon."""
        return kind != "A" and cell in self.board_shape.river and cell not in self._planks

    @abc.abstractmethod
    def _pawn_moves(self, cell: int, piece: str, out: list[Move]) -> None:
        """Add the pseudo-legal moves of the pawn ``piece`` on ``cell`` (each variant's pawns)."""

    def _settle(self, start: int, nominal: int, kind: str) -> tuple[bool, int | None]:
        """Where a move to ``nominal`` really ends: ``(allowed, landing cell or None if
        the piece drowns)``. Default: where it was aimed."""
        return True, nominal

    def _forced(self, moves: list[Move]) -> list[Move]:
        """The legal moves the side to move may choose from (default: all)."""
        return moves

    def _pawn_like(self, kind: str) -> bool:
        return kind in "PT"

    # ----------------------------------------------------------- move generation
    def _pseudo_moves(self) -> list[Move]:
        board, shape = self._board, self.board_shape
        side = self._seat
        out: list[Move] = []
        for cell, piece in enumerate(board):
            if piece is None or side_of(piece) != side:
                continue
            kind = piece.upper()
            if kind in "PT":
                self._pawn_moves(cell, piece, out)
                continue
            if kind in ("N", "A"):
                for target in shape.knight_leaps[cell]:
                    self._add_target(cell, target, kind, side, out)
            if kind == "K":
                for target in shape.king_steps[cell]:
                    self._add_target(cell, target, kind, side, out)
                self._castlings(cell, side, out)
            if kind in ORTHOGONAL_SLIDERS:
                self._slide(cell, kind, side, shape.orthogonal_rays[cell], out)
            if kind in DIAGONAL_SLIDERS:
                self._slide(cell, kind, side, shape.diagonal_rays[cell], out)
        return out

    def _add_target(self, cell: int, target: int, kind: str, side: int, out: list[Move]) -> None:
        occupant = self._board[target]
        if occupant is not None and side_of(occupant) == side:
            return
        if not self.can_stop(kind, target):
            return
        self._add(cell, target, kind, occupant is not None, out)

    def _add(self, cell: int, nominal: int, kind: str, captures: bool, out: list[Move], promotion: str = "",
             plank: bool = False) -> None:
        allowed, land = self._settle(cell, nominal, kind)
        if not allowed:
            return
        take = None
        if land is not None and self._board[land] is not None:
            take = land
        out.append(Move(cell, nominal, land, take, promotion, plank))

    def _slide(self, cell: int, kind: str, side: int, rays: tuple[tuple[int, ...], ...], out: list[Move]) -> None:
        """Moves along ``rays``; on a wrapping board the two directions of a file can
        reach the same square (round either way): it is one move."""
        board = self._board
        reached: set[int] = set()
        for ray in rays:
            for target in ray:
                occupant = board[target]
                if occupant is None:
                    if self.wet(kind, target):
                        break
                    if self.can_stop(kind, target) and target not in reached:
                        reached.add(target)
                        self._add(cell, target, kind, False, out)
                    continue
                if side_of(occupant) != side and self.can_stop(kind, target) and target not in reached:
                    reached.add(target)
                    self._add(cell, target, kind, True, out)
                break

    def _castlings(self, cell: int, side: int, out: list[Move]) -> None:
        shape = self.board_shape
        rank = self.home_ranks[side]
        base = rank * shape.files
        if cell != base + 4:
            return
        rook = "R" if side == WHITE else "r"
        for letter, rook_file, between, passes in (("K", shape.files - 1, (5, 6), (5, 6)),
                                                   ("Q", 0, (1, 2, 3), (3, 2))):
            if (letter if side == WHITE else letter.lower()) not in self._castling:
                continue
            if self._board[base + rook_file] != rook or any(self._board[base + f] is not None for f in between):
                continue
            if self._attacked(cell, 1 - side) or any(self._attacked(base + f, 1 - side) for f in passes):
                continue
            target = base + passes[-1]
            out.append(Move(cell, target, target, None, "", False, (base + rook_file, base + passes[0])))

    def _attacked(self, cell: int, by: int) -> bool:
        """Is ``cell`` attacked by side ``by``: could one of its pieces capture there
        (lines stop at wet cells for all but the amazon)? Used for check and castling."""
        board, shape = self._board, self.board_shape
        for target in shape.knight_leaps[cell]:
            piece = board[target]
            if piece is not None and side_of(piece) == by and piece.upper() in "NA":
                return True
        for rays, sliders in ((shape.orthogonal_rays[cell], ORTHOGONAL_SLIDERS),
                              (shape.diagonal_rays[cell], DIAGONAL_SLIDERS)):
            for ray in rays:
                swam = False
                for distance, target in enumerate(ray):
                    piece = board[target]
                    if piece is None:
                        if self.wet("R", target):
                            swam = True
                        continue
                    if side_of(piece) == by:
                        kind = piece.upper()
                        if kind in sliders and (not swam or kind == "A"):
                            return True
                        if kind == "K" and distance == 0:
                            return True
                    break
        return self._pawn_attacks(cell, by)

    def _pawn_attacks(self, cell: int, by: int) -> bool:
        """Does a capturing pawn (``P``) of ``by`` attack ``cell``? Only when the variant's
        ``P`` pawns are chess pawns (``chess_pawns``); Guadalete pawns never capture."""
        if not self.chess_pawns:
            return False
        pawn = "P" if by == WHITE else "p"
        behind = -1 if by == WHITE else 1
        for file_step in (-1, 1):
            source = self.board_shape.step(cell, file_step, behind)
            if source is not None and self._board[source] == pawn:
                return True
        return False

    def _chess_pawn_moves(self, cell: int, piece: str, start_rank: int, last_rank: int, promotions: str,
                          out: list[Move]) -> None:
        """The moves of a chess pawn ``P`` (the cylinder's front pawns, the swimming
        variant's pawns): one step, two from ``start_rank``, diagonal captures, en
        passant, promotion to one of ``promotions`` on ``last_rank``. Every move goes
        through ``_settle`` (the current)."""
        board, shape = self._board, self.board_shape
        side = side_of(piece)
        ahead = 1 if side == WHITE else -1
        one = shape.step(cell, 0, ahead)
        choices = promotions if one is not None and shape.rank_of(one) == last_rank else ""
        if one is not None and board[one] is None:
            for promotion in choices or ("",):
                self._add(cell, one, "P", False, out, promotion)
            if shape.rank_of(cell) == start_rank:
                two = shape.step(one, 0, ahead)
                if two is not None and board[two] is None:
                    self._add(cell, two, "P", False, out)
        for file_step in (-1, 1):
            target = shape.step(cell, file_step, ahead)
            if target is None:
                continue
            occupant = board[target]
            if occupant is not None and side_of(occupant) != side:
                for promotion in choices or ("",):
                    self._add(cell, target, "P", True, out, promotion)
            elif occupant is None and target == self._en_passant:
                beside = shape.step(target, 0, -ahead)
                out.append(Move(cell, target, target, beside))

    def _en_passant_after(self, move: Move, piece: str) -> int | None:
        """After a chess pawn's double step that ended where it was aimed, the square
        it passed (only when an enemy pawn stands beside it, so that repetition
        counts alike positions alike); otherwise none."""
        if not self.chess_pawns or piece not in ("P", "p") or move.land != move.nominal:
            return None
        shape = self.board_shape
        if abs(shape.rank_of(move.start) - shape.rank_of(move.nominal)) != 2:
            return None
        passed = shape.step(move.start, 0, 1 if piece == "P" else -1)
        enemy = "p" if piece == "P" else "P"
        for file_step in (-1, 1):
            beside = shape.step(move.nominal, file_step, 0)
            if beside is not None and self._board[beside] == enemy:
                return passed
        return None

    def _check_en_passant(self) -> None:
        """A position's en passant square must lie just behind a pawn of the side that
        is not to move, which could have made a double step past it."""
        shape = self.board_shape
        cell = self._en_passant
        assert cell is not None
        pusher = 1 - self._seat
        ahead = 1 if pusher == WHITE else -1
        pawn = shape.step(cell, 0, ahead)
        origin = shape.step(cell, 0, -ahead)
        if not self.chess_pawns or pawn is None or origin is None or self._board[cell] is not None \
                or self._board[origin] is not None or self._board[pawn] != ("P" if pusher == WHITE else "p"):
            raise BadRecord(f"{shape.names[cell]} cannot be the en passant square of this position")

    # ------------------------------------------------------------ make / unmake
    def _make(self, move: Move) -> tuple[tuple[int, str | None], ...]:
        """Change the board for ``move``; return the changed cells' old contents."""
        board = self._board
        piece = board[move.start]
        assert piece is not None
        changed: list[tuple[int, str | None]] = [(move.start, piece)]
        board[move.start] = None
        if move.take is not None and move.take != move.land:
            changed.append((move.take, board[move.take]))
            board[move.take] = None
        if move.land is not None:
            changed.append((move.land, board[move.land]))
            if move.plank:
                board[move.land] = None
            elif move.promotion:
                board[move.land] = move.promotion if piece.isupper() else move.promotion.lower()
            else:
                board[move.land] = piece
        if move.castle is not None:
            rook_from, rook_to = move.castle
            changed += [(rook_from, board[rook_from]), (rook_to, board[rook_to])]
            board[rook_to] = board[rook_from]
            board[rook_from] = None
        return tuple(changed)

    def _unmake(self, changed: tuple[tuple[int, str | None], ...]) -> None:
        board = self._board
        for cell, old in reversed(changed):
            board[cell] = old

    def _legal_moves(self) -> list[Move]:
        side = self._seat
        legal = []
        for move in self._pseudo_moves():
            moving_king = self._board[move.start] in ("K", "k")
            changed = self._make(move)
            king = move.land if moving_king and move.land is not None else self._king(side)
            safe = not self._attacked(king, 1 - side)
            self._unmake(changed)
            if safe:
                legal.append(move)
        return self._forced(legal)

    # ------------------------------------------------------------------ actions
    def _action(self, move: Move) -> Action:
        names = self.board_shape.names
        text = f"{names[move.start]}{names[move.nominal]}{move.promotion.lower()}"
        targets: tuple[str, ...] = (names[move.start], names[move.nominal])
        if move.promotion and self._promotion_choices() > 1:
            targets += (f"promote-{move.promotion.lower()}",)
        return Action(text, targets, self._label(move, text), move)

    def _promotion_choices(self) -> int:
        return 1

    def _label(self, move: Move, text: str) -> str:
        """The button / log text of a move (variants add the plank or the current)."""
        return text

    def _generate_actions(self) -> list[Action]:
        return [self._action(move) for move in self._legal_moves()]

    def _explain_illegal(self, text: str) -> str:
        if self.is_over:
            return f"the game is over, so {text!r} cannot be played"
        if not re.fullmatch(r"[a-p]\d{1,2}[a-p]\d{1,2}[qrbna]?", text):
            return (f"{short_repr(text)} is not a move: write the square a piece leaves and the square it goes "
                    "to, such as 'e2e4' (add the new piece's letter for a promotion)")
        return f"{text!r} is not a legal move now"

    # ----------------------------------------------------------------- playing
    def _apply(self, action: Action) -> Undo:
        move: Move = action.data
        piece = self._board[move.start]
        assert piece is not None
        side = self._seat
        undo = Undo((), self._planks, self._castling, self._en_passant, self._halfmove, self._fullmove,
                    self._removed, self._key())
        captured = move.take is not None and self._board[move.take] is not None
        changed = self._make(move)
        removed = list(self._removed)
        if captured:
            removed[1 - side] += 1
        if move.land is None:
            removed[side] += 1
        self._removed = (removed[0], removed[1])
        if move.plank and move.land is not None:
            self._planks = self._planks | {move.land}
        self._castling = self._rights_after(move)
        self._en_passant = self._en_passant_after(move, piece)
        reset = captured or move.land is None or self._pawn_like(piece.upper())
        self._halfmove = 0 if reset else self._halfmove + 1
        if side == BLACK:
            self._fullmove += 1
        self._seat = 1 - side
        key = self._key()
        self._seen[key] = self._seen.get(key, 0) + 1
        self._check_end()
        return undo._replace(changed=changed)

    def _revert(self, action: Action, undo: Undo) -> None:
        key = self._key()
        count = self._seen.get(key, 0) - 1
        if count > 0:
            self._seen[key] = count
        else:
            self._seen.pop(key, None)
        self._unmake(undo.changed)
        self._planks, self._castling, self._en_passant = undo.planks, undo.castling, undo.en_passant
        self._halfmove, self._fullmove, self._removed = undo.halfmove, undo.fullmove, undo.removed
        self._seat = 1 - self._seat
        self._outcome = None

    def _rights_after(self, move: Move) -> str:
        """Castling rights after ``move``: lost when the king or a rook leaves its home
        square or a rook is taken (or lands, drowned) there."""
        if not self._castling:
            return self._castling
        shape = self.board_shape
        corners = {}
        for side, letters in ((WHITE, "KQ"), (BLACK, "kq")):
            base = self.home_ranks[side] * shape.files
            corners[base + 4] = letters
            corners[base + shape.files - 1] = letters[0]
            corners[base] = letters[1]
        lost = corners.get(move.start, "") + corners.get(move.take, "") if move.take is not None else \
            corners.get(move.start, "")
        return "".join(letter for letter in self._castling if letter not in lost)

    def _key(self) -> tuple[Any, ...]:
        """What makes two positions the same for repetition."""
        return (tuple(self._board), self._planks, self._seat, self._castling, self._en_passant)

    def _check_end(self) -> None:
        """Mate, stalemate, then the draws of D22 (after the move, for the side to move)."""
        self._outcome = None
        moves = self._legal_moves()
        self._actions_cache = [self._action(move) for move in moves]
        side = self._seat
        if not moves:
            if self._attacked(self._king(side), 1 - side):
                self._finish((1 - side,), "checkmate")
            else:
                self._finish((), "stalemate")
        elif self._seen.get(self._key(), 0) >= 3:
            self._finish((), "threefold repetition")
        elif self._halfmove >= 100:
            self._finish((), "fifty moves without capture or pawn move")
        elif self._dead():
            self._finish((), "insufficient material")
        if self._outcome is not None:
            self._actions_cache = []

    def _dead(self) -> bool:
        """D22: only K v K, K+B v K and K+N v K are detected as dead positions."""
        others = [piece.upper() for piece in self._board if piece is not None and piece.upper() != "K"]
        return not others or (len(others) == 1 and others[0] in "BN")

    # ---------------------------------------------------------------- records
    def _state(self) -> dict[str, Any]:
        return {"position": self.position_text(), "halfmove": self._halfmove, "fullmove": self._fullmove,
                "removed": list(self._removed),
                "outcome": None if self._outcome is None else self._outcome.to_dict()}

    # ----------------------------------------------------------------- views
    def _public(self, seat: int | None) -> dict[str, Any]:
        shape = self.board_shape
        last = self._history[-1].action.data if self._history else None
        check = None
        if self._outcome is None or self._outcome.reason == "checkmate":
            king = self._king(self._seat)
            if self._attacked(king, 1 - self._seat):
                check = shape.names[king]
        return {
            "variant": self.name,
            "files": shape.files, "ranks": shape.ranks, "wrap": shape.wrap,
            "river": sorted(shape.names[cell] for cell in shape.river),
            "planks": sorted(shape.names[cell] for cell in self._planks),
            "pieces": {shape.names[cell]: piece for cell, piece in enumerate(self._board) if piece is not None},
            "turn": self._seat, "position": self.position_text(), "check": check,
            "removed": list(self._removed),
            "last_move": None if last is None else [shape.names[last.start], shape.names[last.nominal],
                                                    None if last.land is None else shape.names[last.land]],
            "currents": self._currents(),
        }

    def _currents(self) -> dict[str, list[list[str | None]]]:
        """For the swimming variant's picture: per piece, its drifting moves as
        [nominal, landing or None]. Empty in the other variants."""
        return {}

    # --------------------------------------------------------------- for bots
    def evaluate(self, seat: int) -> float:
        """Material balance for ``seat`` squashed to (-1, 1) (amazon 12, queen 9, rook 5,
        knight and bishop 3, pawn 1, rear pawn 0.5; a plank made is worth 0.3 to its maker)."""
        score = 0.0
        for piece in self._board:
            if piece is not None:
                value = VALUES[piece.upper()]
                score += value if side_of(piece) == seat else -value
        score += 0.3 * (self._plank_count(seat) - self._plank_count(1 - seat))
        return math.tanh(score / 12.0)

    def _plank_count(self, side: int) -> int:
        """Planks made by ``side`` (variant hook; default none)."""
        return 0

    def adjudicate(self) -> tuple[float, ...] | None:
        """An unfinished game stopped by a simulation: the side ahead in material wins."""
        value = self.evaluate(WHITE)
        if abs(value) < 0.05:
            return None
        return (1.0, 0.0) if value > 0 else (0.0, 1.0)

    @property
    def plies(self) -> int:
        return len(self._history)


def parse_square_list(shape: RiverBoard, text: str) -> frozenset[int]:
    """Cells from a comma-separated list of square names ('-' for none)."""
    if text == "-":
        return frozenset()
    return frozenset(shape.cell(name) for name in text.split(","))
