"""The river family's teacher positions: the position text read and written (pure functions).

The option ``position`` of the three Guadalete variants is written
``<placement> <w|b> [castling] [en passant] [extra]`` (:mod:`drezlab.games.guadalete.river`
describes the fields). The functions here read and write the parts that need no engine
position, each raising ``BadRecord`` (a ``ValueError``) in the pupil's language saying
what is wrong: :func:`split_position` (the fields), :func:`read_placement` (the pieces),
:func:`check_placement` (one king each, castling rights with their pieces),
:func:`read_planks` (the plank variants' extra field) and :func:`check_pawns` (where
Guadalete's pawns may stand); :func:`position_text` writes a position back. The variants'
own checks are in ``drezlab.games.guadalete_cylinder.position`` and
``drezlab.games.guadalete_swimming.position``. The game builds the engine position from
them (:meth:`drezlab.games.guadalete.river.RiverChess._read_position`) through the base
hook (:meth:`~drezlab.games.guadalete.river.RiverChess._set_up_teacher_position`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from drezlab.boards import Castling, Grid, Position
from drezlab.core.cards import short_repr
from drezlab.core.errors import BadRecord
from drezlab.core.i18n import t
from drezlab.games.guadalete import words

__all__ = ["MAX_POSITION_TEXT", "PLANK_OF", "PositionFields", "check_pawns", "check_placement", "position_text",
           "read_placement", "read_planks", "split_position"]

WHITE, BLACK = 0, 1
#: terrain value of a plank made by each seat
PLANK_OF = (1, 2)
MAX_POSITION_TEXT = 400


class PositionFields(NamedTuple):
    """The fields of a position text, checked one by one (the placement still as text)."""

    placement: str
    turn: int
    castling: str
    ep: str | None
    extra: str | None


def split_position(text: str, example: str, en_passant_rule: bool) -> PositionFields:
    """The fields of a position text (``example``: a position the refusal of non-text
    shows; ``en_passant_rule``: may the en passant field name a square?)."""
    if not isinstance(text, str):
        raise BadRecord(t(words.POSITION_NOT_TEXT).format(example=repr(example), kind=type(text).__name__))
    if len(text) > MAX_POSITION_TEXT:
        raise BadRecord(t(words.POSITION_TOO_LONG))
    fields = text.split()
    if not 2 <= len(fields) <= 5:
        raise BadRecord(t(words.POSITION_FIELDS).format(text=short_repr(text)))
    if fields[1] not in ("w", "b"):
        raise BadRecord(t(words.SIDE_TO_MOVE).format(text=short_repr(fields[1])))
    castling = fields[2] if len(fields) > 2 else "-"
    if castling != "-" and (not set(castling) <= set("KQkq") or len(set(castling)) != len(castling)):
        raise BadRecord(t(words.CASTLING_LETTERS).format(text=short_repr(castling)))
    castling = "".join(letter for letter in "KQkq" if letter in castling)
    ep = fields[3] if len(fields) > 3 and fields[3] != "-" else None
    if ep is not None and not en_passant_rule:
        raise BadRecord(t(words.NO_EN_PASSANT))
    turn = WHITE if fields[1] == "w" else BLACK
    extra = fields[4] if len(fields) > 4 and fields[4] != "-" else None
    return PositionFields(fields[0], turn, castling, ep, extra)


def read_placement(text: str, grid: Grid, letters: str) -> dict[str, tuple[int, str]]:
    """``{square: (seat, letter)}`` from the placement field (ranks from the top;
    ``letters``: the game's piece letters, upper case)."""
    placement: dict[str, tuple[int, str]] = {}
    rows = text.split("/")
    if len(rows) != grid.ranks:
        raise BadRecord(t(words.RANK_COUNT).format(ranks=grid.ranks, count=len(rows)))
    for row_number, row in enumerate(rows):
        rank = grid.ranks - 1 - row_number
        file = 0
        for symbol in re.findall(r"\d+|.", row):
            if symbol.isdigit():
                file += int(symbol)
                continue
            if symbol.upper() not in letters or not symbol.isalpha():
                raise BadRecord(t(words.NOT_A_PIECE).format(symbol=short_repr(symbol), rank=rank + 1,
                                                       letters=", ".join(letters)))
            if file < grid.files:
                placement[grid.name(grid.at(file, rank))] = (WHITE if symbol.isupper() else BLACK,
                                                             symbol.upper())
            file += 1
        if file != grid.files:
            raise BadRecord(t(words.RANK_LENGTH).format(rank=rank + 1, count=file, files=grid.files))
    return placement


def check_placement(placement: dict[str, tuple[int, str]], castling: str, grid: Grid,
                    castlings: Iterable[Castling], side_names: Sequence[str]) -> None:
    """Refuse one king too many or too few for a side (``side_names``: English, by seat)
    and castling rights without their king and rook."""
    for seat in (WHITE, BLACK):
        kings = [square for square, (owner, letter) in placement.items() if owner == seat and letter == "K"]
        if len(kings) != 1:
            raise BadRecord(t(words.KING_COUNT).format(side=t(side_names[seat]).lower(), count=len(kings)))
    for cs in castlings:
        if cs.letter in castling:
            for cell, letter in ((cs.king_from, "K"), (cs.rook_from, "R")):
                if placement.get(grid.name(cell)) != (cs.seat, letter):
                    raise BadRecord(t(words.CASTLING_PIECES).format(letter=cs.letter))


def check_pawns(placement: dict[str, tuple[int, str]]) -> None:
    """Guadalete's pawns only behind the river (White ranks 2-3, Black 6-7)."""
    for square, (owner, letter) in placement.items():
        rank = int(square[1:])
        if letter == "P" and rank not in ((2, 3) if owner == 0 else (6, 7)):
            raise BadRecord(t(words.WHITE_PAWN_PLACE if owner == 0 else words.BLACK_PAWN_PLACE).format(
                square=square))


def grid_cell(grid: Grid, square: str) -> int:
    """The cell of ``square`` on ``grid``, or ``BadRecord`` saying it is not one."""
    try:
        return grid.cell(square)
    except ValueError as error:
        raise BadRecord(str(error)) from None


def read_planks(extra: str | None, grid: Grid, plank_ranks: tuple[int, int]) -> dict[str, int]:
    """The plank variants' extra field: the planked squares, comma-separated; who made each
    plank is read from its rank (``plank_ranks``: the 0-based rank each side's pawns plank)."""
    if extra is None:
        return {}
    terrain = {}
    for name in extra.split(","):
        rank = grid.rank_of(grid_cell(grid, name))
        if rank not in plank_ranks:
            raise BadRecord(t(words.PLANK_OFF_RIVER).format(square=name))
        terrain[name] = PLANK_OF[plank_ranks.index(rank)]
    return terrain


def position_text(pos: Position, letters: Sequence[str], castlings: Sequence[Castling], en_passant_rule: bool,
                  extra: str) -> str:
    """The position in the text form :func:`split_position` reads (``letters``: by piece
    code; ``extra``: the variant's extra field, '-' for none)."""
    grid = pos.grid
    rows = []
    for rank in range(grid.ranks - 1, -1, -1):
        row, empty = "", 0
        for file in range(grid.files):
            code = pos.board[grid.at(file, rank)]
            if not code:
                empty += 1
                continue
            row += (str(empty) if empty else "") + letters[code]
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    rights = "".join(cs.letter for index, cs in enumerate(castlings) if pos.castling >> index & 1)
    rights = "".join(letter for letter in "KQkq" if letter in rights) or "-"
    ep = grid.name(pos.ep) if en_passant_rule and pos.ep >= 0 else "-"
    return f"{'/'.join(rows)} {'wb'[pos.turn]} {rights} {ep} {extra}"
