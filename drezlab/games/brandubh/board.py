"""VikingDrez's (Brandubh's) board and its rules on plain ints: movement (§3.2) and
capture (§3.3–3.4), written once for the game (:mod:`drezlab.games.brandubh.game`),
its fast random playouts and its words (:mod:`drezlab.games.brandubh.words`).

A position is three Python ints: bitboards of the 49 squares (bit ``7 * rank + file``,
a1 = bit 0) for the attackers and the defenders, and the king's square. Every piece
has exactly 12 squares in its rank and file; a move is the number ``12 * from + k`` of
its k-th destination in the flat tables :data:`DEST`, :data:`BETWEEN` and
:data:`ACTIONS`. For each index a variant's :class:`Rules` hold a path mask (the
squares passed and the destination, or :data:`NO_PATH` when the piece may not stop
there), so legality is one ``&`` with the occupancy; captures look up the at most four
(neighbour, beyond) pairs of the destination.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

from drezlab.core.action import Action, Outcome

WHITE, BLACK = 0, 1
SIZE = 7
SQUARES = SIZE * SIZE
FILES = "abcdefg"
SQUARE_NAMES: tuple[str, ...] = tuple(f"{FILES[s % SIZE]}{s // SIZE + 1}" for s in range(SQUARES))
SQUARE_INDEX: dict[str, int] = {name: index for index, name in enumerate(SQUARE_NAMES)}
BIT: tuple[int, ...] = tuple(1 << s for s in range(SQUARES))
FULL = (1 << SQUARES) - 1

THRONE_SQ = SQUARE_INDEX["d4"]
CORNER_SQS = (SQUARE_INDEX["a1"], SQUARE_INDEX["g1"], SQUARE_INDEX["a7"], SQUARE_INDEX["g7"])
THRONE = BIT[THRONE_SQ]
CORNERS = sum(BIT[s] for s in CORNER_SQS)
RESTRICTED = THRONE | CORNERS
#: a path mask that always meets the occupancy (the moving piece itself is on it): never legal
NO_PATH = FULL

# ---------------------------------------------------------------- outcomes
KING_ESCAPED = "king escaped"
KING_CAPTURED = "king captured"
NO_LEGAL_MOVE = "no legal move"
THREEFOLD = "threefold repetition"
PLY_LIMIT = "ply limit"
OUTCOME_REASONS = (KING_ESCAPED, KING_CAPTURED, NO_LEGAL_MOVE, THREEFOLD)
_SCORES = {WHITE: (1.0, 0.0), BLACK: (0.0, 1.0)}
WHITE_ESCAPES = Outcome((WHITE,), KING_ESCAPED, _SCORES[WHITE])
BLACK_CAPTURES = Outcome((BLACK,), KING_CAPTURED, _SCORES[BLACK])
DRAW_BY_REPETITION = Outcome((), THREEFOLD, (0.5, 0.5))
#: D18, indexed by the side that cannot move: the other side wins
STUCK = (Outcome((BLACK,), NO_LEGAL_MOVE, _SCORES[BLACK]), Outcome((WHITE,), NO_LEGAL_MOVE, _SCORES[WHITE]))

#: rejection-sampling tries before the moves are listed (then: none = the side is stuck)
MAX_TRIES = 48

#: a move as text: ``d1-d3``, ``d1d3``, ``d1 d3``, ``d1–d3``, ``d1→d3`` (spaces already single)
MOVE_TEXT = re.compile(r" *([a-z][0-9]+) *(?:-|–|→|x|:)? *([a-z][0-9]+) *", re.ASCII)


def coords(square: int) -> tuple[int, int]:
    """(file, rank) of a square, both from 0."""
    return square % SIZE, square // SIZE


def _square(file: int, rank: int) -> int | None:
    return rank * SIZE + file if 0 <= file < SIZE and 0 <= rank < SIZE else None


def _neighbours(square: int) -> list[int]:
    file, rank = coords(square)
    found = []
    for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        other = _square(file + df, rank + dr)
        if other is not None:
            found.append(other)
    return found


def _between(a: int, b: int) -> int:
    """The squares strictly between ``a`` and ``b`` (same rank or file) as a mask."""
    (fa, ra), (fb, rb) = coords(a), coords(b)
    step = (fb > fa) - (fb < fa) + SIZE * ((rb > ra) - (rb < ra))
    mask = 0
    for s in range(a + step, b, step):
        mask |= BIT[s]
    return mask


#: the 12 squares in each square's rank and file, in ascending order
DESTINATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(s for s in range(SQUARES) if s != frm and (s % SIZE == frm % SIZE or s // SIZE == frm // SIZE)))
    for frm in range(SQUARES))
#: flat tables indexed ``12 * from_square + k``: the k-th destination and the squares in between
DEST: tuple[int, ...] = tuple(to for frm in range(SQUARES) for to in DESTINATIONS[frm])
BETWEEN: tuple[int, ...] = tuple(_between(frm, to) for frm in range(SQUARES) for to in DESTINATIONS[frm])
NEIGHBOURS: tuple[int, ...] = tuple(sum(BIT[n] for n in _neighbours(s)) for s in range(SQUARES))
ADJACENT_TO_THRONE = NEIGHBOURS[THRONE_SQ]


def _capture_lines(to: int) -> tuple[tuple[int, int, int], ...]:
    """For a piece arriving on ``to``: (neighbour bit, neighbour square, beyond bit) per direction."""
    file, rank = coords(to)
    lines = []
    for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        near, far = _square(file + df, rank + dr), _square(file + 2 * df, rank + 2 * dr)
        if near is not None and far is not None:
            lines.append((BIT[near], near, BIT[far]))
    return tuple(lines)


CAPTURE_LINES: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(_capture_lines(s) for s in range(SQUARES))


class Move(NamedTuple):
    """A move's data (``d1-d3``): the piece's square, where it goes, and the move's
    ``number`` ``12 * frm + k`` in the flat tables."""

    frm: int
    to: int
    number: int


#: the move for every (from, to) pair, built once: ``ACTIONS[12 * from + k]``
ACTIONS: tuple[Action, ...] = tuple(
    Action(f"{SQUARE_NAMES[frm]}-{SQUARE_NAMES[to]}", (SQUARE_NAMES[frm], SQUARE_NAMES[to]),
           data=Move(frm, to, 12 * frm + k))
    for frm in range(SQUARES) for k, to in enumerate(DESTINATIONS[frm]))
MOVES: tuple[Move, ...] = tuple(action.data for action in ACTIONS)
ACTION_INDEX: dict[tuple[int, int], int] = {(move.frm, move.to): move.number for move in MOVES}
ACTION_BY_TEXT: dict[str, Action] = {a.text: a for a in ACTIONS}

#: ``_ROWS[rank][bits]``: the squares of the 7-bit pattern ``bits`` on that rank
_ROWS = tuple(tuple(tuple(SIZE * rank + f for f in range(SIZE) if bits >> f & 1) for bits in range(128))
              for rank in range(SIZE))


def squares_of(mask: int, _r: tuple[tuple[tuple[int, ...], ...], ...] = _ROWS) -> tuple[int, ...]:
    """The squares of a mask, ascending (one table look-up per rank: about 3x faster than bit scanning)."""
    return (_r[0][mask & 127] + _r[1][mask >> 7 & 127] + _r[2][mask >> 14 & 127] + _r[3][mask >> 21 & 127]
            + _r[4][mask >> 28 & 127] + _r[5][mask >> 35 & 127] + _r[6][mask >> 42])


FILE_A = sum(BIT[SIZE * rank] for rank in range(SIZE))
FILE_G = FILE_A << (SIZE - 1)


def spread(mask: int) -> int:
    """The orthogonal neighbours of every square of ``mask``."""
    return ((mask << SIZE) | (mask >> SIZE) | ((mask & ~FILE_G) << 1) | ((mask & ~FILE_A) >> 1)) & FULL


# ------------------------------------------------------------------ variants
class Rules(NamedTuple):
    """The precomputed tables of one variant (shared by every game with the same options)."""

    king_returns: bool
    king_capture: str
    armed_king: bool
    pass_empty_throne: bool
    #: path mask of a move of a defender or attacker, ``12 * from + k``; ``NO_PATH`` if it may not stop there
    piece_path: tuple[int, ...]
    #: the same for the king
    king_path: tuple[int, ...]
    #: ``49 * king + to``: the squares that must all be hostile to the king (attackers, corners,
    #: the empty throne) when an attacker has just arrived on ``to``; 0 when that cannot capture him
    king_needs: tuple[int, ...]


@lru_cache(maxsize=None)
def rules_for(king_returns: bool = True, king_capture: str = "standard", armed_king: bool = True,
              pass_empty_throne: bool = True) -> Rules:
    """Build (once per variant) the path and king-capture tables of §3.2–3.4."""
    piece_path, king_path = [], []
    for index, to in enumerate(DEST):
        between = BETWEEN[index]
        path = between | BIT[to]
        king_path.append(NO_PATH if to == THRONE_SQ and not king_returns else path)
        if BIT[to] & RESTRICTED or (not pass_empty_throne and between & THRONE):
            piece_path.append(NO_PATH)
        else:
            piece_path.append(path)
    king_needs = [0] * (SQUARES * SQUARES)
    for king in range(SQUARES):
        kf, kr = coords(king)
        for to in _neighbours(king):
            tf, tr = coords(to)
            opposite = _square(2 * kf - tf, 2 * kr - tr)
            if king_capture == "standard" and king == THRONE_SQ:
                needed = NEIGHBOURS[king]
            elif king_capture == "standard" and BIT[king] & ADJACENT_TO_THRONE:
                needed = NEIGHBOURS[king] & ~THRONE
            else:
                needed = 0 if opposite is None else BIT[opposite] | BIT[to]
            king_needs[SQUARES * king + to] = needed
    return Rules(king_returns, king_capture, armed_king, pass_empty_throne,
                 tuple(piece_path), tuple(king_path), tuple(king_needs))


# ------------------------------------------------------------ movement (§3.2)
def movers(att: int, dfd: int, king: int, side: int) -> tuple[int, ...]:
    """The squares of the pieces of ``side``, ascending (the king among White's)."""
    return squares_of(att if side == BLACK else dfd | BIT[king])


def is_clear(rules: Rules, index: int, frm: int, king: int, occupied: int) -> bool:
    """D14: may the piece on ``frm`` make move ``index`` through and onto empty squares it may use?"""
    return not (rules.king_path if frm == king else rules.piece_path)[index] & occupied


def legal_moves(rules: Rules, pieces: Sequence[int], king: int, occupied: int) -> list[int]:
    """The indices of the legal moves of ``pieces`` (one side's), in the order of ``pieces``."""
    king_path, piece_path = rules.king_path, rules.piece_path
    found = []
    for frm in pieces:
        paths = king_path if frm == king else piece_path
        for index in range(12 * frm, 12 * frm + 12):
            if not paths[index] & occupied:
                found.append(index)
    return found


_TRIES = range(MAX_TRIES)


def sample_move(piece_path: Sequence[int], king_path: Sequence[int], pieces: Sequence[int], king: int,
                occupied: int, draw: Callable[[], float], _tries: range = _TRIES) -> int:
    """A uniformly random legal move of ``pieces`` (one side's; ``king_path`` is used for the
    piece on ``king``, ``piece_path`` for the others: a variant's :class:`Rules` tables) by
    rejection: a random (piece, one of its 12 squares) pair, kept when legal, so every legal
    move is equally likely. ``-1`` after :data:`MAX_TRIES` misses (the caller lists the moves
    then). The tables are arguments, not the :class:`Rules`: random playouts call this once
    a ply, and reading the two fields each time cost them 3 %."""
    count = 12 * len(pieces)
    if not count:
        return -1
    for _ in _tries:
        pick = int(draw() * count)
        frm = pieces[pick // 12]
        index = 12 * frm + pick % 12
        if not (king_path if frm == king else piece_path)[index] & occupied:
            return index
    return -1


def can_move(rules: Rules, att: int, dfd: int, king: int, side: int) -> bool:
    """D18: has ``side`` any legal move?

    Nearly always a piece has an empty ordinary square next to it, which is a legal
    one-step move; only when none has are the moves listed."""
    occupied = att | dfd | BIT[king]
    own = att if side == BLACK else dfd | BIT[king]
    if spread(own) & ~occupied & ~RESTRICTED:
        return True
    return bool(legal_moves(rules, squares_of(own), king, occupied))


# --------------------------------------------- capture and the end (§3.3–3.4)
#: a position after a move (:func:`play_move`): attackers, defenders, the king's square, the
#: men the move captured, and how the move itself ends the game (king captured or escaped), if it does
Played = tuple[int, int, int, int, Outcome | None]


def play_move(rules: Rules, att: int, dfd: int, king: int, side: int, frm: int, to: int) -> Played:
    """The position after ``side`` moves the piece on ``frm`` to ``to`` (a legal move).

    D15: a man is captured when the move encloses it between the moved piece and a piece
    of the mover, a corner, or the empty throne (hostile to both colours; with the king on
    it, it is simply the king). D16: the armed king captures and serves as anvil (with
    ``armed_king=False`` he does neither and his throne is hostile to nobody). §3.4, D17:
    an attacker arriving next to the king captures him when every square
    ``rules.king_needs`` names is hostile; the king on a corner has escaped (D18).
    Repetitions and a stuck side are the caller's (they need
    the history)."""
    move = BIT[frm] | BIT[to]
    captured = 0
    if side == BLACK:
        att ^= move
        if dfd & NEIGHBOURS[to]:          # most moves touch no defender: skip the four lines
            hostile = att | (CORNERS if king == THRONE_SQ else RESTRICTED)
            for near, _, far in CAPTURE_LINES[to]:
                if dfd & near and hostile & far:
                    captured |= near
            dfd ^= captured
        needed = rules.king_needs[SQUARES * king + to]
        taken = bool(needed) and (att | RESTRICTED) & needed == needed
        return (att, dfd, king, captured, BLACK_CAPTURES if taken else None)
    armed = rules.armed_king
    if frm == king:
        king = to
        hostile = dfd | CORNERS | THRONE | BIT[king] if armed else 0     # an unarmed king captures nothing
    else:
        dfd ^= move
        hostile = dfd | CORNERS | THRONE | BIT[king] if armed else dfd | (CORNERS if king == THRONE_SQ else RESTRICTED)
    if hostile and att & NEIGHBOURS[to]:
        for near, _, far in CAPTURE_LINES[to]:
            if att & near and hostile & far:
                captured |= near
        att ^= captured
    return (att, dfd, king, captured, WHITE_ESCAPES if BIT[king] & CORNERS else None)
