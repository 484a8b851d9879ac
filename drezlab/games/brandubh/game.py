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

The engine (:mod:`drezlab.games.brandubh.board`): the position is three Python
ints, bitboards of the 49 squares for attackers and defenders plus the king's
square; movement and capture are written there once, on plain ints, and this
class, its random playouts and its words all use them. A move's undo record is
the :class:`BrandubhState` before it (the repetition count of the position it
reached is taken back). :meth:`Brandubh.random_playout` plays random games to
the end with the same functions on plain ints, without building actions,
sampling a uniformly random legal move by rejection (a random (piece,
destination) pair, kept when legal), which is what bots and statistics use. :meth:`Brandubh.evaluate` is the
heuristic that the greedy and search bots of :mod:`drezlab.players.search` call.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, NamedTuple

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import short_repr
from drezlab.core.chance import Chance
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.game import ACTION_CHARACTERS, ActionLike, Game
from drezlab.core.i18n import t
from drezlab.core.records import field_of, record_seed, replay_record
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.games.brandubh.board import (  # noqa: F401 - the board's names are also the game's (public API)
    ACTION_BY_TEXT,
    ACTION_INDEX,
    ACTIONS,
    ADJACENT_TO_THRONE,
    BETWEEN,
    BIT,
    BLACK,
    BLACK_CAPTURES,
    CAPTURE_LINES,
    CORNER_SQS,
    CORNERS,
    DEST,
    DESTINATIONS,
    DRAW_BY_REPETITION,
    FILE_A,
    FILE_G,
    FILES,
    FULL,
    KING_CAPTURED,
    KING_ESCAPED,
    MAX_TRIES,
    MOVE_TEXT,
    MOVES,
    NEIGHBOURS,
    NO_LEGAL_MOVE,
    NO_PATH,
    OUTCOME_REASONS,
    PLY_LIMIT,
    RESTRICTED,
    SIZE,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARES,
    STUCK,
    THREEFOLD,
    THRONE,
    THRONE_SQ,
    WHITE,
    WHITE_ESCAPES,
    Move,
    Rules,
    can_move,
    coords,
    is_clear,
    legal_moves,
    movers,
    play_move,
    rules_for,
    sample_move,
    spread,
    squares_of,
)
from drezlab.games.brandubh.meta import SIDE_NAMES, SPEC
from drezlab.games.brandubh.position import MAX_TEXT, parse_position, position_text  # noqa: F401  (read from here too)
from drezlab.games.brandubh.words import (
    explain_illegal,
    move_words,
    not_plain,
    square_reasons,
    too_long,
)

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

#: what move text may hold: printable ASCII and the two documented separators ``–`` and ``→``
_MOVE_CHARACTERS = ACTION_CHARACTERS | {"–", "→"}


class Playout(NamedTuple):
    """The result of :meth:`Brandubh.random_playout`."""

    winner: int | None
    reason: str
    plies: int
    moves: tuple[str, ...] = ()


@dataclass(frozen=True)
class BrandubhState(AttributeSnapshot):
    """What a move changes besides the repetition counts (undone from the position the
    move reached): the undo record of every move, declared once."""

    _att: int
    _dfd: int
    _king: int
    _seat: int
    _outcome: Outcome | None


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
        self.seed = seed
        self.options = options
        self._rules = rules_for(options["king_returns"], options["king_capture"], options["armed_king"],
                                options["pass_empty_throne"])
        if not self._begin_teacher_position():
            self._set_position(*parse_position(START_TEXT), SIDE_NAMES.index(options["to_move"]))
        self._seal_setup()

    @classmethod
    def from_text(cls, text: str, to_move: str | int = "black", **options: Any) -> Brandubh:
        """A teacher's position: 7 lines from rank 7 down to rank 1 (``.`` empty, ``a``
        attacker, ``d`` defender, ``K`` king); ``BadRecord`` says what is wrong."""
        if not isinstance(text, str):
            raise BadRecord(f"a position is text (7 lines of 7 squares), not {type(text).__name__}")
        return cls(position=text, to_move=to_move, **options)

    def _set_up_teacher_position(self, position: str) -> str:
        """The option ``position`` (base hook, read by
        :func:`~drezlab.games.brandubh.position.parse_position`), ``to_move`` first; recorded
        normalised (one line, ranks separated by ``/``), so equal positions save alike."""
        placed = parse_position(position)
        self._set_position(*placed, SIDE_NAMES.index(self.options["to_move"]))
        return position_text(*placed, separator="/")

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
        return [SQUARE_NAMES[s] for s in squares_of(self._att)]

    @property
    def defenders(self) -> list[str]:
        """The squares of White's defenders (the king apart), a1 first."""
        return [SQUARE_NAMES[s] for s in squares_of(self._dfd)]

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
    def _occupied(self) -> int:
        return self._att | self._dfd | BIT[self._king]

    def _generate_actions(self) -> list[Action]:
        pieces = movers(self._att, self._dfd, self._king, self._seat)
        return [ACTIONS[index] for index in legal_moves(self._rules, pieces, self._king, self._occupied())]

    def _can_move(self) -> bool:
        """D18: has the side to move any legal move?"""
        return can_move(self._rules, self._att, self._dfd, self._king, self._seat)

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal move, by rejection (:func:`~drezlab.games.brandubh.board.sample_move`);
        after ``MAX_TRIES`` misses the moves are listed instead. Vouched for ``play``."""
        if self._outcome is not None:
            return super().random_action(rng)
        pieces = movers(self._att, self._dfd, self._king, self._seat)
        index = sample_move(self._rules.piece_path, self._rules.king_path, pieces, self._king, self._occupied(),
                            rng.random)
        if index < 0:
            return super().random_action(rng)
        self._vouched = ACTIONS[index]
        return self._vouched

    # --------------------------------------------- capture and the end (§3.3–3.4)
    def _captures(self, frm: int, to: int) -> tuple[int, bool]:
        """What moving the piece on ``frm`` to ``to`` captures: (captured men mask, king captured?)."""
        *_, captured, ending = play_move(self._rules, self._att, self._dfd, self._king, self._seat, frm, to)
        return captured, ending is BLACK_CAPTURES

    def _apply(self, action: Action) -> BrandubhState:
        before = BrandubhState.of(self)
        match action.data:
            case Move(frm=frm, to=to):
                self._att, self._dfd, self._king, _, ending = play_move(
                    self._rules, self._att, self._dfd, self._king, self._seat, frm, to)
        self._seat = turn = 1 - self._seat
        key = (self._att, self._dfd, self._king, turn)
        count = self._reps.get(key, 0) + 1
        self._reps[key] = count
        if ending is not None:
            self._outcome = ending
        elif count >= 3:
            self._outcome = DRAW_BY_REPETITION
        elif not self._can_move():
            self._outcome = STUCK[turn]
        return before

    def _revert(self, action: Action, undo_info: BrandubhState) -> None:
        key = (self._att, self._dfd, self._king, self._seat)
        count = self._reps[key] - 1
        if count:
            self._reps[key] = count
        else:
            del self._reps[key]
        undo_info.restore(self)

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

        The same rules as ``play`` (:func:`~drezlab.games.brandubh.board.sample_move`,
        :func:`~drezlab.games.brandubh.board.legal_moves`,
        :func:`~drezlab.games.brandubh.board.play_move`), on plain ints without
        actions or undo records: the piece lists of both sides, the occupancy and
        the repetition counts are kept incrementally, and a capture clears the
        repetition counts (a position with fewer pieces never comes back). A man
        landing next to no enemy piece can capture nothing and end nothing, so
        his move skips ``play_move``. One copy of the rules costs some speed: 0.85x
        to 0.89x of the old playout's own copy (plies per CPU second, same seeds,
        alternating rounds in one run, a loaded two-core machine).
        """
        if self._outcome is not None:
            return Playout(self._outcome.winner, self._outcome.reason, 0)
        draw, sample, play, bit, neighbours, dest = rng.random, sample_move, play_move, BIT, NEIGHBOURS, DEST
        rules = self._rules
        piece_path, king_path = rules.piece_path, rules.king_path
        att, dfd, king, turn = self._att, self._dfd, self._king, self._seat
        pieces = (list(squares_of(dfd)) + [king], list(squares_of(att)))     # indexed by side
        seen: tuple[dict[tuple[int, int, int], int], dict[tuple[int, int, int], int]] = ({}, {})
        for (a, d, k, side), count in self._reps.items():
            seen[side][(a, d, k)] = count
        moves: list[int] = []
        plies = 0
        occupied = att | dfd | bit[king]
        while plies < max_plies:
            own = pieces[turn]
            index = sample(piece_path, king_path, own, king, occupied, draw)
            if index < 0:
                legal = legal_moves(rules, own, king, occupied)
                if not legal:
                    return Playout(1 - turn, NO_LEGAL_MOVE, plies, self._texts(moves))   # D18
                index = legal[int(draw() * len(legal))]
            frm = index // 12
            to = dest[index]
            own[own.index(frm)] = to
            plies += 1
            if record:
                moves.append(index)
            mover, turn = turn, 1 - turn
            if frm == king or (att if turn == BLACK else dfd | bit[king]) & neighbours[to]:
                att, dfd, king, captured, ending = play(rules, att, dfd, king, mover, frm, to)
                if ending is not None:
                    return Playout(ending.winner, ending.reason, plies, self._texts(moves))
                occupied = att | dfd | bit[king]
                if captured:
                    for square in squares_of(captured):
                        pieces[turn].remove(square)
                    seen[0].clear()
                    seen[1].clear()
            else:       # the fast path: a man lands next to no enemy, so he captures nothing and ends nothing
                move = bit[frm] | bit[to]
                occupied ^= move
                if mover == BLACK:
                    att ^= move
                else:
                    dfd ^= move
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
        file, rank = coords(king)
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
            match = MOVE_TEXT.fullmatch(" ".join(text.split()))
            if match:
                action = ACTION_BY_TEXT.get(f"{match.group(1)}-{match.group(2)}")
        if action is not None and self._outcome is None:
            move: Move = action.data
            own = self._att if self._seat == BLACK else self._dfd | BIT[self._king]
            if own & BIT[move.frm] and is_clear(self._rules, move.number, move.frm, self._king, self._occupied()):
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
        if self._outcome is not None or seat != self._seat:
            return {}
        return square_reasons(self, seat, {target for action in self._legal() for target in action.targets})

    def _explain_illegal(self, text: str) -> str:
        if self._outcome is not None:
            return self._over_text(text)
        return explain_illegal(self, text)

    def describe(self, action: ActionLike) -> str:
        """A log line in words, such as 'Black: attacker from d1 to d3, captures the
        defender on c3', computed before the move is played
        (:mod:`drezlab.games.brandubh.words`)."""
        move: Move = self.parse(action).data
        frm, to = move.frm, move.to
        captured, king_taken = self._captures(frm, to)
        piece = "king" if frm == self._king else "attacker" if self._seat == BLACK else "defender"
        return move_words(self.seat_name(self._seat), piece, SQUARE_NAMES[frm], SQUARE_NAMES[to],
                          [SQUARE_NAMES[s] for s in squares_of(captured)],
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
            move: Move = step.action.data
            before: BrandubhState = step.undo
            last_move = [SQUARE_NAMES[move.frm], SQUARE_NAMES[move.to]]
            if self._seat == WHITE:      # Black moved: the defenders missing now were captured
                kind, captured = "d", before._dfd & ~self._dfd
            else:
                kind, captured = "a", before._att & ~self._att
            taken = [[SQUARE_NAMES[square], kind] for square in squares_of(captured)]
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
