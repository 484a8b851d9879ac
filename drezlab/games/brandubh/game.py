"""VikingDrez (Brandubh): the rules of the Irish tafl game on the 7x7 NeuroDrez board.

This module holds the rules and the engine; the picture is
:mod:`drezlab.games.brandubh.picture` (drawn from ``game.view(seat)``, never
from the game), the metadata :mod:`drezlab.games.brandubh.meta`.

Rules: ``shared/rules/board-games.md`` §3, from the Spanish source "VikingDrez
(Brandubh)" (seed 000), every DECISION there binding. In short:

* Board and setup (§3.1, D13). Files a–g, ranks 1–7. The throne is d4, the
  corners are a1, a7, g1, g7. White (seat 0) has the king on d4 and four
  defenders on d3, d5, c4, e4; Black (seat 1) has eight attackers on d1, d2,
  d6, d7, a4, b4, f4, g4. **Black moves first.**
* Movement (§3.2, D14). Every piece, the king included, moves like a chess
  rook. Only the king may stop on the throne (also coming back to it) or on a
  corner. The other pieces may pass over the empty throne; nobody passes an
  occupied square.
* Capture (§3.3, D15, D16). A piece is captured when the opponent's move
  encloses it, orthogonally, between the moved piece and a piece of the mover.
  Corners are hostile to both colours; the throne is hostile to both colours
  while it is empty, and while the king sits on it, it is simply the king (a
  White piece). The edge is not hostile. Moving between two enemies is safe.
  The king is armed: he may capture by moving and serve as the anvil. One move
  may capture up to three pieces.
* King capture and the end (§3.4, D17, D18). Always by a Black move that puts
  an attacker next to the king: on the throne he needs attackers on all four
  sides, next to the throne on the three other sides, elsewhere two attackers
  on opposite sides, a corner counting as an attacker. White wins when the
  king reaches a corner, Black when the king is captured. A player with no
  legal move on his turn loses (so Black without pieces loses); the third
  occurrence of the same position with the same side to move is a draw.

Variants (keyword options; the defaults are the rules above):

==========================  ================================================
``king_returns=True``       False: once he has left it, the king may pass
                            over the empty throne but not stop on it again
``king_capture="standard"`` ``"two"``: the king is captured like any other
                            piece, between the moved attacker and an attacker,
                            a corner or the empty throne, anywhere
``armed_king=True``         False: the king takes no part in captures (he
                            neither captures by moving nor serves as anvil,
                            and the throne he sits on is hostile to nobody)
``pass_empty_throne=True``  False: no piece but the king may cross the throne
==========================  ================================================

Choices this module makes where the rules file is silent:

* The king is captured only by a Black move whose attacker lands next to him
  (the move completes the enclosure), as every capture is made by the moved
  piece; a king who steps between attackers is safe, like any piece.
* The king may always cross the empty throne, whatever the variant.
* A teacher's position may not have a piece other than the king on the throne
  or a corner, nor the king on a corner (the game would already be over). If
  the side to move has no legal move there, the game is over at once (D18).
* Seats follow PokerDrez: ``WHITE = 0``, ``BLACK = 1``; so in
  ``drezlab.ui.play(Brandubh(), seats=("human", "search"))`` the human
  defends the king and the bot, as Black, opens.

Notation: a move is written ``d1-d3`` (from-square, to-square; ``d1d3``,
``d1 d3``, ``d1–d3`` and ``d1→d3`` are accepted as input). Squares are written
with small ASCII letters and digits (``D1-D3`` is refused, as the conformance
suite asks of every game: one action, one spelling up to spaces and separators)
and the parts may be separated by spaces, never by tabs or line breaks: other
characters are refused with an ``IllegalAction`` that says how to write the
move. Its ``targets`` are the two squares, so in the widget a pupil clicks a
piece and the square it goes to.

Positions for puzzles: :meth:`Brandubh.from_text` reads 7 lines from rank 7
down to rank 1, ``.`` empty, ``a`` attacker (Black), ``d`` defender (White),
``K`` king; the throne and the corners are implied. :meth:`Brandubh.to_text`
writes the same form.

Records: the base class's record (version 2): the options (a teacher's
position is the option ``position``), ``"chance": {"kind": "none"}``, every
move and the final state (board, side to move, outcome); ``from_json`` replays
the moves and compares the state, so a damaged or altered record is a
``BadRecord``. Version 1 records, written by drezlab 0.1 (with a ``start``
position and no ``chance``), still load: they are read the same way and saved
again as version 2.

Views: nothing is hidden, so every seat's ``view`` holds the whole position in
its ``public`` part: ``board`` (the text form, ranks separated by ``/``),
``turn``, ``king``, ``last_move`` (its two squares), ``taken`` (the squares and
kinds of what the last move captured, ``K`` for the king), ``captured`` (how
many attackers and defenders are gone) and ``repetitions``.

The engine: the position is three Python ints, bitboards of the 49 squares
(bit ``7 * rank + file``, a1 = bit 0) for attackers and defenders plus the
king's square. Every piece has exactly 12 squares in its rank and file; for
each (square, destination) pair a precomputed path mask (the squares passed
and the destination, or an impossible mask when the piece may not stop
there) makes legality one ``&`` with the occupancy. Captures look up the at
most four (neighbour, beyond) pairs of the destination. ``undo`` needs only
the captured squares. :meth:`Brandubh.random_playout` plays random games to
the end on plain ints without building actions, sampling a uniformly random
legal move by rejection (a random (piece, destination) pair, kept when legal),
which is what bots and statistics use. :meth:`Brandubh.evaluate` is the
heuristic that the greedy and search bots of :mod:`drezlab.players.search` call.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Any, NamedTuple

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import short_repr
from drezlab.core.chance import Chance
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.game import ACTION_CHARACTERS, ActionLike, Game
from drezlab.core.i18n import t
from drezlab.core.records import field_of, record_seed, replay_record
from drezlab.games.brandubh.meta import SIDE_NAMES, SPEC
from drezlab.games.brandubh.words import (
    KING_CAPTURED,
    KING_ESCAPED,
    NO_LEGAL_MOVE,
    THREEFOLD,
    explain_illegal,
    move_words,
    not_plain,
    square_reasons,
    too_long,
)

# ------------------------------------------------------------------ the board
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

START_TEXT = "\n".join([
    "...a...",
    "...a...",
    "...d...",
    "aadKdaa",
    "...d...",
    "...a...",
    "...a...",
])
"""D13: the cross set-up, rank 7 first."""

MAX_TEXT = 2000   # a position is 7 lines of 7 squares: longer input is refused before it is read
#: what move text may hold: printable ASCII and the two documented separators ``–`` and ``→``
_MOVE_CHARACTERS = ACTION_CHARACTERS | {"–", "→"}


def _coords(square: int) -> tuple[int, int]:
    return square % SIZE, square // SIZE


def _square(file: int, rank: int) -> int | None:
    return rank * SIZE + file if 0 <= file < SIZE and 0 <= rank < SIZE else None


def _neighbours(square: int) -> list[int]:
    file, rank = _coords(square)
    found = []
    for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        other = _square(file + df, rank + dr)
        if other is not None:
            found.append(other)
    return found


def _between(a: int, b: int) -> int:
    """The squares strictly between ``a`` and ``b`` (same rank or file) as a mask."""
    (fa, ra), (fb, rb) = _coords(a), _coords(b)
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
    file, rank = _coords(to)
    lines = []
    for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        near, far = _square(file + df, rank + dr), _square(file + 2 * df, rank + 2 * dr)
        if near is not None and far is not None:
            lines.append((BIT[near], near, BIT[far]))
    return tuple(lines)


CAPTURE_LINES: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(_capture_lines(s) for s in range(SQUARES))

#: the move for every (from, to) pair, built once: ``ACTIONS[12 * from + k]``
ACTIONS: tuple[Action, ...] = tuple(
    Action(f"{SQUARE_NAMES[frm]}-{SQUARE_NAMES[to]}", (SQUARE_NAMES[frm], SQUARE_NAMES[to]),
           data=(frm, to, 12 * frm + k))
    for frm in range(SQUARES) for k, to in enumerate(DESTINATIONS[frm]))
ACTION_INDEX: dict[tuple[int, int], int] = {(a.data[0], a.data[1]): a.data[2] for a in ACTIONS}
ACTION_BY_TEXT: dict[str, Action] = {a.text: a for a in ACTIONS}

# ---------------------------------------------------------------- outcomes
PLY_LIMIT = "ply limit"
OUTCOME_REASONS = (KING_ESCAPED, KING_CAPTURED, NO_LEGAL_MOVE, THREEFOLD)
_SCORES = {WHITE: (1.0, 0.0), BLACK: (0.0, 1.0)}
WHITE_ESCAPES = Outcome((WHITE,), KING_ESCAPED, _SCORES[WHITE])
BLACK_CAPTURES = Outcome((BLACK,), KING_CAPTURED, _SCORES[BLACK])
DRAW_BY_REPETITION = Outcome((), THREEFOLD, (0.5, 0.5))
#: D18, indexed by the side that cannot move: the other side wins
STUCK = (Outcome((BLACK,), NO_LEGAL_MOVE, _SCORES[BLACK]), Outcome((WHITE,), NO_LEGAL_MOVE, _SCORES[WHITE]))

MAX_TRIES = 48   # rejection-sampling tries before listing the moves (then: none = the side is stuck)

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
        kf, kr = _coords(king)
        for to in _neighbours(king):
            tf, tr = _coords(to)
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


#: ``_ROWS[rank][bits]``: the squares of the 7-bit pattern ``bits`` on that rank
_ROWS = tuple(tuple(tuple(SIZE * rank + f for f in range(SIZE) if bits >> f & 1) for bits in range(128))
              for rank in range(SIZE))


def _squares_of(mask: int, _r: tuple[tuple[tuple[int, ...], ...], ...] = _ROWS) -> tuple[int, ...]:
    """The squares of a mask, ascending (one table look-up per rank: about 3x faster than bit scanning)."""
    return (_r[0][mask & 127] + _r[1][mask >> 7 & 127] + _r[2][mask >> 14 & 127] + _r[3][mask >> 21 & 127]
            + _r[4][mask >> 28 & 127] + _r[5][mask >> 35 & 127] + _r[6][mask >> 42])


FILE_A = sum(BIT[SIZE * rank] for rank in range(SIZE))
FILE_G = FILE_A << (SIZE - 1)


def _spread(mask: int) -> int:
    """The orthogonal neighbours of every square of ``mask``."""
    return ((mask << SIZE) | (mask >> SIZE) | ((mask & ~FILE_G) << 1) | ((mask & ~FILE_A) >> 1)) & FULL


def parse_position(text: str) -> tuple[int, int, int]:
    """Read a position in the text form (see the module doc): (attackers, defenders, king square).

    Blank lines and spaces are ignored; ranks may also be separated by ``/``.
    Anything else that is wrong is a ``BadRecord`` saying where.
    """
    if not isinstance(text, str):
        raise BadRecord(f"a position is text (7 lines of 7 squares), not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise BadRecord("a position is 7 lines of 7 squares; this text is far too long")
    rows = ["".join(line.split()) for line in re.split(r"[\n/]", text)]
    rows = [row for row in rows if row]
    if len(rows) != SIZE:
        raise BadRecord(f"a position has 7 lines (rank 7 first, rank 1 last), not {len(rows)}")
    attackers = defenders = 0
    kings = []
    for row_number, row in enumerate(rows):
        rank = SIZE - 1 - row_number
        if len(row) != SIZE:
            raise BadRecord(f"rank {rank + 1} has {len(row)} squares instead of 7: {short_repr(row)}")
        for file, symbol in enumerate(row):
            square = rank * SIZE + file
            name = SQUARE_NAMES[square]
            if symbol == ".":
                continue
            if symbol not in "adK":
                raise BadRecord(f"{short_repr(symbol)} on {name} is not a square: use . (empty), "
                                "a (attacker), d (defender) or K (king)")
            if symbol == "K":
                kings.append(square)
                continue
            if BIT[square] & RESTRICTED:
                where = "the throne" if square == THRONE_SQ else "a corner"
                raise BadRecord(f"only the king may stand on {where} ({name})")
            if symbol == "a":
                attackers |= BIT[square]
            else:
                defenders |= BIT[square]
    if len(kings) != 1:
        raise BadRecord(f"a position has exactly one king K, not {len(kings)}")
    if BIT[kings[0]] & CORNERS:
        raise BadRecord(f"the king is already on the corner {SQUARE_NAMES[kings[0]]}: White has won")
    return attackers, defenders, kings[0]


def position_text(attackers: int, defenders: int, king: int, separator: str = "\n") -> str:
    """The text form of a position, rank 7 first."""
    rows = []
    for rank in range(SIZE - 1, -1, -1):
        row = []
        for file in range(SIZE):
            bit = BIT[rank * SIZE + file]
            row.append("a" if attackers & bit else "d" if defenders & bit else
                       "K" if rank * SIZE + file == king else ".")
        rows.append("".join(row))
    return separator.join(rows)


class Playout(NamedTuple):
    """The result of :meth:`Brandubh.random_playout`."""

    winner: int | None
    reason: str
    plies: int
    moves: tuple[str, ...] = ()


class Undo(NamedTuple):
    """What undoing a move needs besides the move itself: the men it captured."""

    captured: int


# ====================================================================== game
class Brandubh(Game):
    """A game of VikingDrez / Brandubh (seat 0 = White: king and defenders; seat 1 = Black: attackers).

    ``Brandubh()`` is the start position with Black to move (D13);
    ``Brandubh.from_text(text, to_move="black")`` is a teacher's position.
    Variant options are listed in the module doc and checked by the metadata
    (:data:`drezlab.games.brandubh.meta.SPEC`). ``seed`` is kept for records and
    ``fresh()`` only: nothing in Brandubh is left to chance.
    """

    spec = SPEC
    seat_names = ("White", "Black")
    record_version = 2

    def __init__(self, seed: int | None = None, *, position: str | None = None,
                 to_move: str | int = "black", king_returns: bool = True,
                 king_capture: str = "standard", armed_king: bool = True,
                 pass_empty_throne: bool = True) -> None:
        super().__init__()
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed must be a whole number or None, not {short_repr(seed)}")
        options = SPEC.validate_options({
            "king_returns": king_returns, "king_capture": king_capture, "armed_king": armed_king,
            "pass_empty_throne": pass_empty_throne, "position": position, "to_move": to_move})
        placed = parse_position(START_TEXT if options["position"] is None else options["position"])
        if options["position"] is not None:      # kept normalised, so equal positions save alike
            options["position"] = position_text(*placed, separator="/")
        self.seed = seed
        self.options = options
        self._rules = rules_for(options["king_returns"], options["king_capture"], options["armed_king"],
                                options["pass_empty_throne"])
        self._set_position(*placed, SIDE_NAMES.index(options["to_move"]))
        self._seal_setup()

    @classmethod
    def from_text(cls, text: str, to_move: str | int = "black", **options: Any) -> Brandubh:
        """A teacher's position: 7 lines from rank 7 down to rank 1 (``.`` empty, ``a``
        attacker, ``d`` defender, ``K`` king); ``BadRecord`` says what is wrong."""
        if not isinstance(text, str):
            raise BadRecord(f"a position is text (7 lines of 7 squares), not {type(text).__name__}")
        return cls(position=text, to_move=to_move, **options)

    def _set_position(self, attackers: int, defenders: int, king: int, turn: int) -> None:
        self._att, self._dfd, self._king, self._seat = attackers, defenders, king, turn
        self._start = (attackers, defenders, king, turn)
        self._reps: dict[tuple[int, int, int, int], int] = {(attackers, defenders, king, turn): 1}
        self._outcome = None if self._can_move() else STUCK[turn]
        self._invalidate()

    # ------------------------------------------------------------ the position
    @property
    def turn(self) -> int:
        """The side whose move it is or would be (also once the game is over)."""
        return self._seat

    @property
    def rules(self) -> Rules:
        """The precomputed tables of this game's variant."""
        return self._rules

    @property
    def king(self) -> str:
        """The king's square, e.g. ``"d4"``."""
        return SQUARE_NAMES[self._king]

    @property
    def attackers(self) -> list[str]:
        """The squares of Black's attackers, a1 first."""
        return [SQUARE_NAMES[s] for s in _squares_of(self._att)]

    @property
    def defenders(self) -> list[str]:
        """The squares of White's defenders (the king apart), a1 first."""
        return [SQUARE_NAMES[s] for s in _squares_of(self._dfd)]

    def piece_at(self, square: str) -> str | None:
        """``"a"``, ``"d"``, ``"K"`` or ``None`` on the named square."""
        index = self._square_index(square)
        bit = BIT[index]
        if self._att & bit:
            return "a"
        if self._dfd & bit:
            return "d"
        return "K" if index == self._king else None

    def captured(self) -> tuple[int, int]:
        """How many (attackers, defenders) have been captured since the start position."""
        att, dfd = self._start[0], self._start[1]
        return att.bit_count() - self._att.bit_count(), dfd.bit_count() - self._dfd.bit_count()

    def to_text(self) -> str:
        """The position in the text form that :meth:`from_text` reads."""
        return position_text(self._att, self._dfd, self._king)

    @staticmethod
    def _square_index(square: str) -> int:
        if not isinstance(square, str) or square.strip().lower() not in SQUARE_INDEX:
            raise ValueError(f"{short_repr(square)} is not a square of the 7x7 board (a1 to g7)")
        return SQUARE_INDEX[square.strip().lower()]

    # ------------------------------------------------------ movement (§3.2)
    def _generate_actions(self) -> list[Action]:
        king, king_path, piece_path = self._king, self._rules.king_path, self._rules.piece_path
        occupied = self._att | self._dfd | BIT[king]
        actions = []
        for frm in _squares_of(self._att if self._seat == BLACK else self._dfd | BIT[king]):
            paths = king_path if frm == king else piece_path
            base = 12 * frm
            for index in range(base, base + 12):
                if not paths[index] & occupied:
                    actions.append(ACTIONS[index])
        return actions

    def _can_move(self) -> bool:
        """D18: has the side to move any legal move?

        Nearly always a piece has an empty ordinary square next to it, which is a
        legal one-step move; only when none has are the moves listed."""
        empty = ~(self._att | self._dfd | BIT[self._king]) & ~RESTRICTED
        if self._seat == BLACK:
            if _spread(self._att) & empty:
                return True
        elif _spread(self._dfd | BIT[self._king]) & empty:
            return True
        return bool(self._generate_actions())

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal move, by rejection: a random (piece, one of its 12
        squares) pair is kept when legal, so every legal move is equally likely; after
        ``MAX_TRIES`` misses the moves are listed instead. Vouched for ``play``."""
        if self._outcome is not None:
            return super().random_action(rng)
        king, king_path, piece_path = self._king, self._rules.king_path, self._rules.piece_path
        occupied = self._att | self._dfd | BIT[king]
        pieces = _squares_of(self._att if self._seat == BLACK else self._dfd | BIT[king])
        count = 12 * len(pieces)
        draw = rng.random
        for _ in range(MAX_TRIES):
            pick = int(draw() * count)
            frm = pieces[pick // 12]
            index = 12 * frm + pick % 12
            if not (king_path if frm == king else piece_path)[index] & occupied:
                self._vouched = ACTIONS[index]
                return self._vouched
        return super().random_action(rng)

    # --------------------------------------------- capture and the end (§3.3–3.4)
    def _captures(self, frm: int, to: int) -> tuple[int, bool]:
        """What moving the piece on ``frm`` to ``to`` captures: (captured men mask, king captured?)."""
        move = BIT[frm] | BIT[to]
        king = self._king
        if self._seat == BLACK:
            attackers = self._att ^ move
            hostile = attackers | (CORNERS if king == THRONE_SQ else RESTRICTED)   # D15
            victims = self._dfd
            captured = 0
            for near, _, far in CAPTURE_LINES[to]:
                if victims & near and hostile & far:
                    captured |= near
            needed = self._rules.king_needs[SQUARES * king + to]   # §3.4, D17
            return captured, bool(needed) and (attackers | RESTRICTED) & needed == needed
        armed = self._rules.armed_king
        if frm == king:
            if not armed:
                return 0, False
            king = to
        hostile = (self._dfd ^ move if frm != self._king else self._dfd) | CORNERS
        if armed:
            hostile |= BIT[king] | THRONE        # D16: the armed king (on the throne or not) is an anvil
        elif king != THRONE_SQ:
            hostile |= THRONE
        victims = self._att
        captured = 0
        for near, _, far in CAPTURE_LINES[to]:
            if victims & near and hostile & far:
                captured |= near
        return captured, False

    def _apply(self, action: Action) -> Undo:
        frm, to, _ = action.data
        move = BIT[frm] | BIT[to]
        captured, king_taken = self._captures(frm, to)
        turn = self._seat
        if turn == BLACK:
            self._att ^= move
            self._dfd ^= captured
        else:
            if frm == self._king:
                self._king = to
            else:
                self._dfd ^= move
            self._att ^= captured
        self._seat = turn = 1 - turn
        key = (self._att, self._dfd, self._king, turn)
        count = self._reps.get(key, 0) + 1
        self._reps[key] = count
        if king_taken:
            self._outcome = BLACK_CAPTURES
        elif BIT[self._king] & CORNERS:
            self._outcome = WHITE_ESCAPES
        elif count >= 3:
            self._outcome = DRAW_BY_REPETITION
        elif not self._can_move():
            self._outcome = STUCK[turn]
        return Undo(captured)

    def _revert(self, action: Action, undo_info: Undo) -> None:
        frm, to, _ = action.data
        key = (self._att, self._dfd, self._king, self._seat)
        count = self._reps[key] - 1
        if count:
            self._reps[key] = count
        else:
            del self._reps[key]
        self._seat = turn = 1 - self._seat
        move = BIT[frm] | BIT[to]
        if turn == BLACK:
            self._att ^= move
            self._dfd |= undo_info.captured
        else:
            if to == self._king:
                self._king = frm
            else:
                self._dfd ^= move
            self._att |= undo_info.captured
        self._outcome = None

    def repetitions(self) -> int:
        """How often the current position (with this side to move) has occurred."""
        return self._reps.get((self._att, self._dfd, self._king, self._seat), 0)

    # -------------------------------------------------------- the fast engine
    def random_playout(self, rng: random.Random, max_plies: int = 100_000, record: bool = False) -> Playout:
        """Play uniformly random legal moves from here to the end; the game itself is untouched.

        Returns the winner (``None`` for a draw, or when ``max_plies`` moves did
        not finish the game: reason ``"ply limit"``), the reason, the number of
        moves and, with ``record=True``, their texts (which replay through
        ``play`` to the same end: the tests check it).

        Same rules as ``play`` on plain ints, unrolled for speed: the piece
        lists of both sides, the occupancy and the repetition counts are kept
        incrementally, and a capture clears the repetition counts (a position
        with more pieces never comes back).
        """
        if self._outcome is not None:
            winner = self._outcome.winner
            return Playout(winner, self._outcome.reason, 0)
        draw = rng.random
        rules = self._rules
        piece_path, king_path, king_needs = rules.piece_path, rules.king_path, rules.king_needs
        armed = rules.armed_king
        dest, bit, lines, neighbours = DEST, BIT, CAPTURE_LINES, NEIGHBOURS
        att, dfd, king = self._att, self._dfd, self._king
        occupied = att | dfd | bit[king]
        blacks = list(_squares_of(att))
        whites = list(_squares_of(dfd))
        whites.append(king)
        seen: tuple[dict[tuple[int, int, int], int], dict[tuple[int, int, int], int]] = ({}, {})
        for (a, d, k, side), count in self._reps.items():
            seen[side][(a, d, k)] = count
        turn = self._seat
        moves: list[int] = []
        plies = 0
        while plies < max_plies:
            if turn == BLACK:
                count = 12 * len(blacks)
                if not count:
                    return Playout(WHITE, NO_LEGAL_MOVE, plies, self._texts(moves))   # D18: no attackers left
                for _ in range(MAX_TRIES):
                    pick = int(draw() * count)
                    i = pick // 12
                    frm = blacks[i]
                    index = 12 * frm + pick - 12 * i
                    if not piece_path[index] & occupied:
                        break
                else:
                    legal = [(i, index) for i, frm in enumerate(blacks)
                             for index in range(12 * frm, 12 * frm + 12) if not piece_path[index] & occupied]
                    if not legal:
                        return Playout(WHITE, NO_LEGAL_MOVE, plies, self._texts(moves))
                    i, index = legal[int(draw() * len(legal))]
                    frm = blacks[i]
                to = dest[index]
                blacks[i] = to
                move = bit[frm] | bit[to]
                att ^= move
                occupied ^= move
                plies += 1
                if record:
                    moves.append(index)
                captured = False
                if dfd & neighbours[to]:      # most moves touch no defender: skip the four lines
                    hostile = att | (CORNERS if king == THRONE_SQ else RESTRICTED)
                    for near, square, far in lines[to]:
                        if dfd & near and hostile & far:
                            dfd ^= near
                            occupied ^= near
                            whites.remove(square)
                            captured = True
                needed = king_needs[49 * king + to]
                if needed and (att | RESTRICTED) & needed == needed:
                    return Playout(BLACK, KING_CAPTURED, plies, self._texts(moves))
                turn = WHITE
            else:
                count = 12 * len(whites)
                for _ in range(MAX_TRIES):
                    pick = int(draw() * count)
                    i = pick // 12
                    frm = whites[i]
                    index = 12 * frm + pick - 12 * i
                    if not (king_path if frm == king else piece_path)[index] & occupied:
                        break
                else:
                    legal = [(i, index) for i, frm in enumerate(whites)
                             for index in range(12 * frm, 12 * frm + 12)
                             if not (king_path if frm == king else piece_path)[index] & occupied]
                    if not legal:
                        return Playout(BLACK, NO_LEGAL_MOVE, plies, self._texts(moves))
                    i, index = legal[int(draw() * len(legal))]
                    frm = whites[i]
                to = dest[index]
                whites[i] = to
                move = bit[frm] | bit[to]
                occupied ^= move
                plies += 1
                if record:
                    moves.append(index)
                if frm == king:
                    king = to
                    if bit[to] & CORNERS:
                        return Playout(WHITE, KING_ESCAPED, plies, self._texts(moves))
                    hostile = dfd | CORNERS | THRONE | bit[king] if armed else 0   # an unarmed king captures nothing
                else:
                    dfd ^= move
                    if armed:
                        hostile = dfd | CORNERS | THRONE | bit[king]
                    else:
                        hostile = dfd | (CORNERS if king == THRONE_SQ else RESTRICTED)
                captured = False
                if hostile and att & neighbours[to]:
                    for near, square, far in lines[to]:
                        if att & near and hostile & far:
                            att ^= near
                            occupied ^= near
                            blacks.remove(square)
                            captured = True
                turn = BLACK
            if captured:
                seen[0].clear()
                seen[1].clear()
            key = (att, dfd, king)
            table = seen[turn]
            repeated = table.get(key, 0) + 1
            if repeated == 3:
                return Playout(None, THREEFOLD, plies, self._texts(moves))
            table[key] = repeated
        return Playout(None, PLY_LIMIT, plies, self._texts(moves))

    @staticmethod
    def _texts(indices: list[int]) -> tuple[str, ...]:
        return tuple(ACTIONS[index].text for index in indices)

    # ------------------------------------------------------------- heuristic
    def evaluate(self, seat: int) -> float:
        """How good the position looks for ``seat``, between -1 and 1 (search bots' hook).

        From White's side: the king's open lines to corners (one open line with
        White to move is an escape; two cannot both be blocked), how close he is
        to a corner, how free he is and how many attackers touch him, and the
        material (a defender counts double an attacker: there are half as many).
        Black's value is the negative.
        """
        outcome = self._outcome
        if outcome is not None:
            return 0.0 if outcome.is_draw else (1.0 if outcome.winner == seat else -1.0)
        king, att, dfd = self._king, self._att, self._dfd
        occupied = att | dfd | BIT[king]
        king_path = self._rules.king_path
        base = 12 * king
        open_corners = free = 0
        for index in range(base, base + 12):
            if not king_path[index] & occupied:
                free += 1
                if BIT[DEST[index]] & CORNERS:
                    open_corners += 1
        file, rank = _coords(king)
        distance = min(file, SIZE - 1 - file) + min(rank, SIZE - 1 - rank)
        touching = (NEIGHBOURS[king] & att).bit_count()
        material = dfd.bit_count() / 4 - att.bit_count() / 8
        if open_corners and self._seat == WHITE:
            value = 0.9
        elif open_corners >= 2:
            value = 0.8
        else:
            value = (0.35 * material + 0.2 * open_corners + 0.15 * (1 - distance / 6)
                     + 0.1 * free / 12 - 0.15 * touching / 4)
        return value if seat == WHITE else -value

    # ------------------------------------------------------------- parsing
    _MOVE_TEXT = re.compile(r" *([a-z][0-9]+) *(?:-|–|→|x|:)? *([a-z][0-9]+) *", re.ASCII)

    def parse(self, text: ActionLike) -> Action:
        """The legal move written ``d1-d3`` (also ``d1d3``, ``d1 d3``, ``d1→d3``; see the module doc).

        A move is checked on its own (whose piece, path mask against the occupancy)
        instead of being looked up among all legal moves: search bots play and undo
        thousands of moves a second through here."""
        if isinstance(text, Action):
            text = text.text
        if not isinstance(text, str):
            raise IllegalAction(f"a move is written as text such as 'd1-d3', not {type(text).__name__}")
        action = ACTION_BY_TEXT.get(text)
        if action is None and len(text) <= 40 and _MOVE_CHARACTERS.issuperset(text):
            match = self._MOVE_TEXT.fullmatch(" ".join(text.split()))
            if match:
                action = ACTION_BY_TEXT.get(f"{match.group(1)}-{match.group(2)}")
        if action is not None and self._outcome is None:
            frm, _, index = action.data
            own = self._att if self._seat == BLACK else self._dfd | BIT[self._king]
            paths = self._rules.king_path if frm == self._king else self._rules.piece_path
            if own & BIT[frm] and not paths[index] & (self._att | self._dfd | BIT[self._king]):
                return action
        cleaned = " ".join(text.split())
        if len(cleaned) > 40:
            raise IllegalAction(too_long(cleaned))
        if not _MOVE_CHARACTERS.issuperset(text):
            raise IllegalAction(not_plain(text))
        raise IllegalAction(self._explain_illegal(cleaned))

    def click_reasons(self, seat: int) -> dict[str, str]:
        """Why a square cannot be used by ``seat`` now: the other side's piece, an own
        piece shut in (no square it may reach), an empty square no move reaches."""
        return square_reasons(self, seat)

    def _explain_illegal(self, text: str) -> str:
        return explain_illegal(self, text)

    def describe(self, action: ActionLike) -> str:
        """A log line in words, such as 'Black: attacker from d1 to d3, captures the
        defender on c3', computed before the move is played
        (:mod:`drezlab.games.brandubh.words`)."""
        chosen = self.parse(action)
        frm, to, _ = chosen.data
        captured, king_taken = self._captures(frm, to)
        piece = "king" if frm == self._king else "attacker" if self._seat == BLACK else "defender"
        return move_words(self.seat_name(self._seat), piece, SQUARE_NAMES[frm], SQUARE_NAMES[to],
                          [SQUARE_NAMES[s] for s in _squares_of(captured)],
                          "defender" if self._seat == BLACK else "attacker",
                          SQUARE_NAMES[self._king] if king_taken else None,
                          frm == self._king and bool(BIT[to] & CORNERS))

    # ------------------------------------------------------------- the view
    def _public(self, seat: int | None) -> dict[str, Any]:
        """The whole position (nothing is hidden in Brandubh), as the picture needs it."""
        taken: list[list[str]] = []
        last_move = None
        if self._history:
            step = self._history[-1]
            frm, to, _ = step.action.data
            last_move = [SQUARE_NAMES[frm], SQUARE_NAMES[to]]
            kind = "d" if self._seat == WHITE else "a"      # the mover's opponent lost these men
            taken = [[SQUARE_NAMES[square], kind] for square in _squares_of(step.undo.captured)]
            if self._outcome is not None and self._outcome.reason == KING_CAPTURED:
                taken.append([SQUARE_NAMES[self._king], "K"])
        return {"board": position_text(self._att, self._dfd, self._king, separator="/"),
                "turn": SIDE_NAMES[self._seat], "king": SQUARE_NAMES[self._king],
                "last_move": last_move, "taken": taken, "captured": list(self.captured()),
                "repetitions": self.repetitions()}

    # ------------------------------------------------------------ records
    def _state(self) -> dict[str, Any]:
        """The position a record ends in (the same fields as in version 1 records)."""
        return {"board": position_text(self._att, self._dfd, self._king, separator="/"),
                "turn": SIDE_NAMES[self._seat],
                "outcome": None if self._outcome is None else self._outcome.to_dict()}

    @classmethod
    def _oldest_record_version(cls) -> int:
        """drezlab 0.1's version 1 records are still read (see ``_from_record_version_1``)."""
        return 1

    @classmethod
    def _from_record(cls, data: dict[str, Any]) -> Brandubh:
        """Version 2 records through the base class; version 1 records by their own reader."""
        if data["version"] == 1:
            return cls._from_record_version_1(data)
        return super()._from_record(data)

    @classmethod
    def _new_for_record(cls, options: dict[str, Any], deal_seed: int | None, chance: Chance | None) -> Brandubh:
        """The game a record starts from: its options are checked by name first, so an
        unknown one is refused with its name (there is no deal seed nor chance to pass)."""
        return cls(**SPEC.validate_options(options))

    @classmethod
    def _from_record_version_1(cls, data: dict[str, Any]) -> Brandubh:
        """A record written by drezlab 0.1: options (``position`` and ``to_move`` only
        when not the defaults), seed, ``start`` position, moves and final state."""
        options = field_of(data, "options", dict)
        seed = record_seed(data)
        start = field_of(data, "start", dict)
        board = field_of(start, "board", str, "start")
        turn = field_of(start, "turn", str, "start")
        try:
            game = cls._new_for_record(options, None, None)
        except BadRecord:
            raise
        except ValueError as error:
            raise BadRecord(f"the saved options are not valid: {short_repr(str(error), 200)}") from None
        game.seed = seed
        attackers, defenders, king, side = game._start
        if position_text(attackers, defenders, king, separator="/") != board or SIDE_NAMES[side] != turn:
            raise BadRecord("the saved start position does not match the game's options")
        replay_record(game, data, game._state)
        return game

    def __repr__(self) -> str:
        """``<Brandubh Black to move; 8 attackers, 4 defenders>``."""
        return (f"<Brandubh {self.status_text()}; {len(self.attackers)} {t('attackers')}, "
                f"{len(self.defenders)} {t('defenders')}>")
