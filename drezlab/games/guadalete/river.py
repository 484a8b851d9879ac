"""The river family's shared layer: a drezlab game over a grid-engine position.

The three Guadalete variants (``shared/rules/board-games.md`` §§6-8) are built on
drezlab's grid engine (:mod:`drezlab.boards`): each is a board described as data
(a :class:`~drezlab.boards.Grid` with the river as a tag, wrapping round for the
cylinder), piece kinds as movement specs, a :class:`~drezlab.boards.Rules` value,
and a :class:`~drezlab.boards.Position` subclass whose hooks say what the river
changes:

=========================  ==========================================================
``may_stop(code, cell)``   kings never on the river; other pieces on it only on a
                           plank (Guadalete, cylinder), anywhere but the king
                           (swimming); pawns enter only the empty river (planks)
``line_walls``             the empty unplanked river stops lines and attacks (walls
                           as data: the engine reads them per cell)
``after_move``             a pawn that entered the river becomes a plank (terrain)
``reshape``                only a plank-making move changes the board after it
``reshape_cells``          ... and it lands on the river (other moves are not asked)
``reshape_codes``          ... and it is a plank-maker's
``pseudo_moves``           the swimming variant's current (a drifting move is a
                           ``VARIANT`` move applied by ``make_special``)
``generate_legal_moves``   the plank-balance obligation (D25)
=========================  ==========================================================

The engine does the chess: check and legality, castling, en passant, promotion,
repetition, the fifty-move count and the dead positions of D22; the shared
card-free chess layer :class:`drezlab.kits.gridchess.GridChessGame` turns a position
into a drezlab game (play and undo, the end of the game, records, material for the
bots). This module adds what the river family shares on top: the position text a
teacher writes, the move labels, the planks and currents in the views, and what the
two plank variants share (:class:`PlankGame`: the planks field, the plank-balance
queries; :func:`chess_setup` and :func:`chess_castlings`, the chess army on any
ranks). Each variant's rules live in its own package: ``guadalete.game``,
``guadalete_cylinder.game``, ``guadalete_swimming.game``.

Terrain: a planked cell holds ``1`` (a plank White made) or ``2`` (Black's); 0 is
plain ground or open water. Pieces are written as in FEN: capitals White (seat 0),
small letters Black (seat 1); ``A`` is the amazon, ``T`` the cylinder's rear pawn.

Position text (the ``position`` option): ``<placement> <w|b> [castling] [en passant]
[extra]`` -- placement ranks from the top down separated by ``/`` with digits for
empty runs, castling as ``KQkq`` letters or ``-``, the en passant square or ``-``,
and the variant's extra field: the planked squares (``e4,d5``) in the plank
variants, the two drifts (``0,1``) in the swimming variant.
"""

from __future__ import annotations

import abc
from typing import Any, ClassVar

from drezlab.boards import (
    Castling,
    Grid,
    Move,
    Position,
    Rules,
    castling_on_line,
    code_of,
    seat_of,
)
from drezlab.core.action import Action
from drezlab.core.cards import short_repr
from drezlab.core.errors import BadRecord
from drezlab.core.i18n import t
from drezlab.games.guadalete import words
from drezlab.games.guadalete.position import (  # noqa: F401  (WHITE, BLACK ... are also read from here)
    BLACK,
    MAX_POSITION_TEXT,
    PLANK_OF,
    WHITE,
    check_placement,
    grid_cell,
    position_text,
    read_placement,
    read_planks,
    split_position,
)
from drezlab.games.guadalete.words import plank_words
from drezlab.kits.gridchess import GridChessGame, grid_move_words


def letters_of(rules: Rules) -> tuple[str, ...]:
    """The FEN letter of every piece code (``""`` for codes that are no piece)."""
    table = [""] * ((rules.seats << 4) + 1)
    for seat in range(rules.seats):
        for index, kind in enumerate(rules.kinds, 1):
            table[code_of(seat, index)] = kind.letter if seat == WHITE else kind.letter.lower()
    return tuple(table)


class RiverSide(Position):
    """A grid-engine position that knows its river cells and its pieces' letters
    (read-only class tables set once by :meth:`for_rules`: one rules value per class)."""

    _letters: ClassVar[tuple[str, ...]] = ()
    _river: ClassVar[frozenset[int]] = frozenset()
    #: does the board wrap (then two directions of one piece may reach the same cell)?
    _wraps: ClassVar[bool] = False

    @classmethod
    def for_rules(cls, rules: Rules) -> None:
        """Fix the class's lookup tables for ``rules``."""
        cls._letters = letters_of(rules)
        cls._river = rules.grid.tagged("river")
        cls._wraps = bool(rules.grid.wrap_files or rules.grid.wrap_ranks)


#: where a piece may stop on the river, per code (:attr:`RiverPosition._stop_rule`):
#: never (the king), on open water only (plank-makers), anywhere (swimmers), on a
#: plank only, or as ``_may_stop_in_river`` says (a variant's own rule)
NEVER, OPEN_WATER, ANYWHERE, ON_PLANK, ASK = range(5)


class RiverPosition(RiverSide):
    """A grid-engine position with the Guadalete river (§6.1): planks are terrain.

    ``PLANKERS`` are the letters of the pawns that turn into planks when they enter
    the empty river (``P`` in §6, the rear pawn ``T`` in §7); ``SWIMMERS`` the
    letters that may stand on and cross open water (the amazon)."""

    PLANKERS: ClassVar[str] = "P"
    SWIMMERS: ClassVar[str] = "A"
    #: the letters for which a variant's own ``_may_stop_in_river`` decides (None: every
    #: other letter, if it is overridden; the others stop on planks only)
    ASKED: ClassVar[str | None] = None
    #: the codes whose lines open water does not stop, and the plank-makers' codes
    #: (set by :meth:`for_rules`)
    _crossing: ClassVar[frozenset[int]] = frozenset()
    _plankers: ClassVar[frozenset[int]] = frozenset()
    #: per code, where it may stop on the river (``NEVER`` ... ``ASK``), and the river
    #: as runs of consecutive cells ``(first, end)`` (the planks are counted by slices)
    _stop_rule: ClassVar[tuple[int, ...]] = ()
    _river_runs: ClassVar[tuple[tuple[int, int], ...]] = ()

    @classmethod
    def for_rules(cls, rules: Rules) -> None:
        """Fix the class's lookup tables for ``rules``, with the codes that cross open
        water: swimmers, plank-makers and pawns (their steps end on it)."""
        super().for_rules(rules)
        crossing = cls.SWIMMERS + cls.PLANKERS + "P"
        cls._crossing = frozenset(code for code, letter in enumerate(cls._letters)
                                  if letter and letter.upper() in crossing)
        cls._plankers = frozenset(code for code, letter in enumerate(cls._letters)
                                  if letter and letter.upper() in cls.PLANKERS)
        own_rule = cls._may_stop_in_river is not RiverPosition._may_stop_in_river
        asked = cls.ASKED
        rules_of = []
        for letter in cls._letters:
            upper = letter.upper()
            if upper == "K":
                rules_of.append(NEVER)
            elif upper and upper in cls.PLANKERS:
                rules_of.append(OPEN_WATER)
            elif upper and upper in cls.SWIMMERS:
                rules_of.append(ANYWHERE)
            else:
                rules_of.append(ASK if own_rule and (asked is None or (upper and upper in asked)) else ON_PLANK)
        cls._stop_rule = tuple(rules_of)
        runs: list[list[int]] = []
        for cell in sorted(cls._river):
            if runs and runs[-1][1] == cell:
                runs[-1][1] = cell + 1
            else:
                runs.append([cell, cell + 1])
        cls._river_runs = tuple((first, end) for first, end in runs)

    def stop_cells(self) -> frozenset[int]:
        """Only the river restricts where pieces stop."""
        return self._river

    def may_stop(self, code: int, cell: int) -> bool:
        """Kings never on the river; plank-makers only on open water (they turn into a
        plank there, and never stand on one); swimmers anywhere; the rest on planks."""
        if cell not in self._river:
            return True
        rule = self._stop_rule[code]
        if rule == ON_PLANK:
            return bool(self.terrain[cell])
        if rule == OPEN_WATER:
            return not self.terrain[cell]
        if rule == ASK:
            return self._may_stop_in_river(self._letters[code].upper(), code, cell)
        return rule == ANYWHERE

    def stop_rules(self) -> tuple[tuple[frozenset[int], frozenset[int]] | None, ...]:
        """``may_stop`` as data: per code, the river cells where it may stop (on a plank,
        on open water), None for the codes a variant's ``_may_stop_in_river`` decides (a
        variant that overrides ``may_stop`` itself overrides this too)."""
        river = self._river
        none: frozenset[int] = frozenset()
        by_rule = {NEVER: (none, none), OPEN_WATER: (none, river), ANYWHERE: (river, river),
                   ON_PLANK: (river, none), ASK: None}
        return tuple(by_rule[rule] for rule in self._stop_rule)

    def _may_stop_in_river(self, letter: str, code: int, cell: int) -> bool:
        """Any other piece: only on a plank (the cylinder lets front pawns promote too)."""
        return bool(self.terrain[cell])

    def line_walls(self) -> tuple[frozenset[int], frozenset[int]]:
        """Open water (a river cell without a plank) stops every line and attack except
        the swimmers' (pawns' single and double steps end on it, which ``may_stop``
        decides)."""
        return self._river, self._crossing

    def after_move(self, move: Move, moved: int, captured: int) -> None:
        """A plank-maker that entered the river is replaced by its side's plank."""
        to = move[1]
        if to in self._river and moved in self._plankers:
            self.put(to, 0)
            self.set_terrain(to, PLANK_OF[seat_of(moved)])

    def plank_count(self, seat: int) -> int:
        """The planks ``seat`` has made."""
        value = PLANK_OF[seat]
        terrain = self.terrain
        return sum(terrain[first:end].count(value) for first, end in self._river_runs)

    def must_plank(self) -> bool:
        """D25: is the side to move behind on planks (``mine <= theirs / 2``, ``theirs >= 1``)?
        (Counted by slices of the river's runs of cells: asked once per move list.)"""
        terrain = self.terrain
        mine_value = PLANK_OF[self.turn]
        mine = theirs = 0
        for first, end in self._river_runs:
            run = terrain[first:end]
            own = run.count(mine_value)
            mine += own
            theirs += end - first - run.count(0) - own
        return theirs >= 1 and 2 * mine <= theirs

    def makes_plank(self, move: Move) -> bool:
        """Does ``move`` (of the side to move) turn a pawn into a plank?"""
        return move[1] in self._river and self.board[move[0]] in self._plankers

    def reshape(self, move: Move) -> bool | tuple[int, int]:
        """Only a plank-making move changes the board after it (``after_move``): its
        landing cell then holds no piece and the mover's plank."""
        if move[1] in self._river and self.board[move[0]] in self._plankers:
            return 0, PLANK_OF[self.turn]
        return False

    def reshape_cells(self) -> frozenset[int]:
        """A move reshapes the board only if it lands on the river (asked once per position)."""
        return self._river

    def reshape_codes(self) -> frozenset[int]:
        """... and only if a plank-maker makes it."""
        return self._plankers

    def generate_legal_moves(self) -> list[Move]:
        """The engine's legal moves, each once (round the cylinder a file's two
        directions reach the same square), narrowed by the plank-balance rule: when
        behind on planks, only plank-making moves, if any is legal (D25)."""
        moves = super().generate_legal_moves()
        if self._wraps:
            moves = list(dict.fromkeys(moves))
        if self.must_plank():
            planking = [move for move in moves if self.makes_plank(move)]
            if planking:
                return planking
        return moves


class RiverChess(GridChessGame):
    """A two-seat game of the river family over a grid-engine position.

    Subclasses set ``rules``, ``position_class`` and ``start_text`` and may add to the
    position checks, the extra position field and the labels. Notation:
    ``<from><to>`` with the square clicked as destination (``e2e4``, ``b13b14``; in
    the swimming variant the nominal square), a promotion adds the new piece's letter
    (``e7e8q``, ``e13e14a``), castling is the king's move (``e1g1``). The targets are
    the two squares, plus ``promote-q`` style buttons when there is a choice.
    """

    rules: ClassVar[Rules]
    position_class: ClassVar[type[RiverSide]]
    start_text: ClassVar[str] = ""
    #: does this variant keep en passant (a double step's square in the position text)?
    en_passant_rule: ClassVar[bool] = False

    def __init__(self, seed: int | None = None, *, position: str | None = None) -> None:
        super().__init__()
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed must be a whole number or None, not {short_repr(seed)}")
        assert self.spec is not None
        options = self.spec.validate_options({"position": position})
        self.seed = seed
        self.options = options
        if not self._begin_teacher_position():
            self._bind(self._read_position(self.start_text))
        self._seal_setup()

    def _set_up_teacher_position(self, position: str) -> str:
        """The option ``position`` (base hook, read by :meth:`_read_position`); recorded
        normalised (:meth:`position_text`), so equal positions save alike."""
        self._bind(self._read_position(position))
        return self.position_text()

    # ---------------------------------------------------------------- positions
    @property
    def grid(self) -> Grid:
        return self.rules.grid

    def _read_position(self, text: str) -> Position:
        """The engine position of a position text (module doc), its fields read by
        :mod:`drezlab.games.guadalete.position`; ``BadRecord`` says what is wrong."""
        fields = split_position(text, self.start_text, self.en_passant_rule)
        grid = self.grid
        placement = read_placement(fields.placement, grid, "".join(kind.letter for kind in self.rules.kinds))
        turn, castling, extra = fields.turn, fields.castling, fields.extra
        terrain = self._terrain_of(extra)
        self._check_placement(placement, castling)
        try:
            pos = self.position_class.from_placement(self.rules, placement, turn=turn, castling=castling,
                                                     ep=fields.ep, terrain=terrain)
        except ValueError as error:
            raise BadRecord(t(words.CANNOT_SET_UP).format(error=error)) from None
        self._set_extra(pos, extra, placement)
        for cell, code in enumerate(pos.board):
            if code and not pos.may_stop(code, cell):
                raise BadRecord(t(words.CANNOT_STAND).format(piece=self.position_class._letters[code],
                                                                        square=grid.name(cell)))
        if pos.in_check(1 - turn):
            raise BadRecord(t(words.OTHER_SIDE_IN_CHECK))
        return pos

    def _terrain_of(self, extra: str | None) -> dict[str, int]:
        """The terrain a position's extra field gives (default: none)."""
        return {}

    def _set_extra(self, pos: Position, extra: str | None, placement: dict[str, tuple[int, str]]) -> None:
        """Set what else a position's extra field gives (default: nothing)."""

    def _check_placement(self, placement: dict[str, tuple[int, str]], castling: str) -> None:
        """Refuse what the rules cannot reach: one king each, castling rights without
        their king and rook, and the variant's own checks (where pieces may stand is
        asked of the engine position's ``may_stop`` once it is built)."""
        check_placement(placement, castling, self.grid, self.rules.castlings, self.seat_names)
        self._check_variant(placement)

    @abc.abstractmethod
    def _check_variant(self, placement: dict[str, tuple[int, str]]) -> None:
        """The variant's own checks of a teacher's placement."""

    def _extra_text(self) -> str:
        """The variant's extra position field ('-' for none)."""
        return "-"

    def position_text(self) -> str:
        """The position in the text form read by ``position=`` (see the module doc)."""
        return position_text(self.position, self._letters, self.rules.castlings, self.en_passant_rule,
                             self._extra_text())

    @property
    def _letters(self) -> tuple[str, ...]:
        return self.position_class._letters

    def piece_at(self, square: str) -> str | None:
        """The piece letter on ``square`` (``"e4"``), or None."""
        code = self.position.board[self._cell(square)]
        return self._letters[code] if code else None

    def _cell(self, square: str) -> int:
        return grid_cell(self.grid, square)

    @property
    def planks(self) -> frozenset[str]:
        """The names of the planked squares."""
        return frozenset(self.grid.name(cell) for cell in self.grid.tagged("river") if self.position.terrain[cell])

    def in_check(self) -> bool:
        """Is the side to move in check?"""
        return self.position.is_check()

    # ------------------------------------------------------------------ actions
    def _landing(self, move: Move) -> int | None:
        """Where ``move`` really ends (``None``: the piece drowns). Default: its square."""
        return move[1]

    def _new_action(self, move: Move) -> Action:
        """The action of a legal move: text, the two squares as targets (and the
        promotion as a button when there is a choice), the variant's label."""
        rules = self.rules
        names = rules.grid.names
        frm, to, promo = names[move[0]], names[move[1]], move[2]
        if not promo:
            text = frm + to
            return Action(text, (frm, to), self._label(move, text), move)
        letter = rules.kinds[promo - 1].letter.lower()
        text = frm + to + letter
        targets: tuple[str, ...] = (frm, to)
        if len(rules.promote_to) > 1:
            targets += (f"promote-{letter}",)
        return Action(text, targets, self._label(move, text), move)

    def _label(self, move: Move, text: str) -> str:
        """The button / log text of a move (variants add the plank or the current)."""
        return text

    # ----------------------------------------------------------------- views
    def _public(self, seat: int | None) -> dict[str, Any]:
        """The grid layer's view, plus the family's: the variant, the planked squares,
        where the last move ended (the current may carry it) and the currents."""
        public = super()._public(seat)
        landing = self._landing(self._history[-1].action.data) if self._history else None
        public.update({
            "variant": self.name,
            "planks": sorted(self.planks),
            "landing": None if landing is None else self.grid.name(landing),
            "position": self.position_text(),
            "currents": self._currents(),
        })
        return public

    def _currents(self) -> dict[str, list[list[str | None]]]:
        """For the swimming variant's picture: per piece, its drifting moves as
        [nominal, landing or None]. Empty in the other variants."""
        return {}


def chess_setup(grid: Grid, white_rank: int, black_rank: int, pawns: tuple[int, int]) -> dict[str, tuple[int, str]]:
    """The chess army on the given (1-based) ranks: pieces and a row of ``P`` pawns."""
    setup: dict[str, tuple[int, str]] = {}
    for file, letter in zip("abcdefgh", "RNBQKBNR"):
        setup[f"{file}{white_rank}"] = (0, letter)
        setup[f"{file}{black_rank}"] = (1, letter)
        setup[f"{file}{pawns[0]}"] = (0, "P")
        setup[f"{file}{pawns[1]}"] = (1, "P")
    return setup


def chess_castlings(grid: Grid, white_rank: int, black_rank: int) -> tuple[Castling, ...]:
    """Both sides' castlings on their home ranks (king on e, rooks on a and h)."""
    castlings = []
    for seat, rank, (short, long) in ((0, white_rank, "KQ"), (1, black_rank, "kq")):
        castlings.append(castling_on_line(grid, seat, f"e{rank}", f"g{rank}", f"h{rank}", f"f{rank}", short))
        castlings.append(castling_on_line(grid, seat, f"e{rank}", f"c{rank}", f"a{rank}", f"d{rank}", long))
    return tuple(castlings)


class PlankGame(RiverChess):
    """What the two plank variants share in the game layer: the planks field of a
    position text, the plank-balance queries and the "plank" label."""

    #: the (0-based) river rank each side's pawns plank
    plank_ranks: tuple[int, int] = (3, 4)

    def plank_counts(self) -> tuple[int, int]:
        """Planks made by White and by Black."""
        pos: RiverPosition = self.position  # type: ignore[assignment]
        return pos.plank_count(0), pos.plank_count(1)

    def must_plank(self) -> bool:
        """Is the side to move behind on planks, so that it must make one if it can (D25)?"""
        return self.position.must_plank()  # type: ignore[attr-defined]

    def _label(self, move: Move, text: str) -> str:
        return f"{text} ({t('plank')})" if self.position.makes_plank(move) else text  # type: ignore[attr-defined]

    def _label_varies(self, move: Move) -> bool:
        """A move onto the river says "plank" if a pawn makes it (another piece steps on a plank)."""
        return move[1] in self.position_class._river

    def _plain_move_words(self, move: Move) -> str:
        """The move in words; a pawn that enters the river "becomes a plank"."""
        words = grid_move_words(self.position, move, check=False)
        return plank_words(words) if self.position.makes_plank(move) else words  # type: ignore[attr-defined]

    def _terrain_of(self, extra: str | None) -> dict[str, int]:
        """The planks field: the planked squares, comma-separated; who made each plank
        is read from its rank (:func:`drezlab.games.guadalete.position.read_planks`)."""
        return read_planks(extra, self.grid, self.plank_ranks)

    def _extra_text(self) -> str:
        return ",".join(sorted(self.planks, key=lambda name: (int(name[1:]), name[0]))) or "-"

    def _public(self, seat: int | None) -> dict[str, Any]:
        public = super()._public(seat)
        public["plank_counts"] = list(self.plank_counts())
        public["must_plank"] = self.must_plank() and self._outcome is None
        return public
