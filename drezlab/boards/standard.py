"""Standard chess as grid-engine data, and FEN for two-seat games on any rectangle.

``chess_rules()`` is FIDE chess (the position python-chess starts from); passing
another bishop kind gives jumping-bishop chess (board-games.md §5). ``from_fen`` /
``to_fen`` read and write FEN for any two-seat :class:`Rules` whose grid has no
holes (ranks from the top, files from a; seat 0 upper case).
"""

from __future__ import annotations

from functools import lru_cache

from drezlab.boards.engine import Position, Rules, castling_on_line, code_of, seat_of
from drezlab.boards.grid import Grid
from drezlab.boards.pieces import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, PieceKind

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BACK_RANK = "RNBQKBNR"


@lru_cache(maxsize=16)
def chess_rules(bishop: PieceKind = BISHOP, grid: Grid | None = None) -> Rules:
    """The rules of chess on the 8x8 grid with ``bishop`` as the bishop kind
    (codes 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king, as python-chess).
    Cached: the same arguments give the same (immutable) rules object, so the move
    tables are built once."""
    g = grid or Grid(8, 8)
    setup: dict[str, tuple[int, str]] = {}
    for f, letter in enumerate(BACK_RANK):
        fl = "abcdefgh"[f]
        setup[f"{fl}1"] = (0, letter)
        setup[f"{fl}2"] = (0, "P")
        setup[f"{fl}7"] = (1, "P")
        setup[f"{fl}8"] = (1, letter)
    castlings = (
        castling_on_line(g, 0, "e1", "g1", "h1", "f1", "K"),
        castling_on_line(g, 0, "e1", "c1", "a1", "d1", "Q"),
        castling_on_line(g, 1, "e8", "g8", "h8", "f8", "k"),
        castling_on_line(g, 1, "e8", "c8", "a8", "d8", "q"),
    )
    return Rules(
        grid=g,
        kinds=(PAWN, KNIGHT, bishop, ROOK, QUEEN, KING),
        setup=setup,
        castlings=castlings,
        pawn_start=(frozenset(g.cells_of_rank(1)), frozenset(g.cells_of_rank(6))),
        promotion=(frozenset(g.cells_of_rank(7)), frozenset(g.cells_of_rank(0))),
        promote_to=("Q", "R", "B", "N"),
    )


def from_fen(rules: Rules, fen: str, cls: type[Position] = Position) -> Position:
    """The position described by ``fen`` under two-seat ``rules``; ``ValueError``
    with a readable message when the text is not a FEN of this board."""
    if rules.seats != 2:
        raise ValueError("FEN describes two-seat positions only")
    parts = fen.split()
    if len(parts) < 4:
        raise ValueError(
            f"a FEN has at least 4 fields (pieces, side, castling, en passant): {fen!r}"
        )
    g = rules.grid
    rows = parts[0].split("/")
    if len(rows) != g.ranks:
        raise ValueError(f"the FEN has {len(rows)} ranks, the board {g.ranks}")
    placement: dict[str, tuple[int, str]] = {}
    for i, row in enumerate(rows):
        rank = g.ranks - 1 - i
        f = 0
        num = ""
        for ch in row + "/":
            if ch.isdigit():
                num += ch
                continue
            if num:
                f += int(num)
                num = ""
            if ch == "/":
                break
            if f >= g.files:
                raise ValueError(f"rank {rank + 1} of the FEN is too long")
            cell = g.at(f, rank)
            if cell < 0:
                raise ValueError(
                    f"the FEN puts a piece on a hole at file {f + 1}, rank {rank + 1}"
                )
            rules.kind_index(ch)
            placement[g.names[cell]] = (0 if ch.isupper() else 1, ch.upper())
            f += 1
        if f != g.files:
            raise ValueError(
                f"rank {rank + 1} of the FEN has {f} squares, not {g.files}"
            )
    if parts[1] not in ("w", "b"):
        raise ValueError(f"the side to move is 'w' or 'b', not {parts[1]!r}")
    castling = "" if parts[2] == "-" else parts[2]
    ep = None if parts[3] == "-" else parts[3]
    half = int(parts[4]) if len(parts) > 4 else 0
    full = int(parts[5]) if len(parts) > 5 else 1
    turn = 0 if parts[1] == "w" else 1
    return cls.from_placement(
        rules,
        placement,
        turn=turn,
        castling=castling,
        ep=ep,
        halfmove=half,
        ply=2 * (full - 1) + turn,
    )


def to_fen(pos: Position) -> str:
    """The FEN of a two-seat position (en-passant cell written whenever set)."""
    g = pos.grid
    rows = []
    for r in reversed(range(g.ranks)):
        row = ""
        empty = 0
        for f in range(g.files):
            c = g.at(f, r)
            code = pos.board[c] if c >= 0 else 0
            if not code:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += pos.letter_at(c)
        if empty:
            row += str(empty)
        rows.append(row)
    rights = (
        "".join(
            cs.letter
            for i, cs in enumerate(pos.rules.castlings)
            if pos.castling >> i & 1
        )
        or "-"
    )
    ep = g.names[pos.ep] if pos.ep >= 0 else "-"
    side = "w" if pos.turn == 0 else "b"
    return f"{'/'.join(rows)} {side} {rights} {ep} {pos.halfmove} {pos.ply // 2 + 1}"


__all__ = ["START_FEN", "chess_rules", "code_of", "from_fen", "seat_of", "to_fen"]
