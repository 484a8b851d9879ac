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
``line_blocked``           the empty unplanked river stops lines and attacks
``after_move``             a pawn that entered the river becomes a plank (terrain)
``pseudo_moves``           the swimming variant's current (a drifting move is a
                           ``VARIANT`` move applied by ``make_special``)
``legal_moves``            the plank-balance obligation (D25)
=========================  ==========================================================

The engine does the chess: check and legality, castling, en passant, promotion,
repetition, the fifty-move count and the dead positions of D22. This module wraps
such a position as a drezlab :class:`~drezlab.core.game.Game`: the position text a
teacher writes, the notation, the end of the game, records, views and the bots'
evaluation.

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
import math
import re
from typing import Any, ClassVar, NamedTuple

from drezlab.boards import Grid, Move, Position, Rules, code_of, kind_of, seat_of
from drezlab.core.action import Action
from drezlab.core.cards import short_repr
from drezlab.core.errors import BadRecord
from drezlab.core.game import Game
from drezlab.core.i18n import add_translations, t

WHITE, BLACK = 0, 1
#: terrain value of a plank made by each seat
PLANK_OF = (1, 2)
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


def letters_of(rules: Rules) -> list[str]:
    """The FEN letter of every piece code (``""`` for codes that are no piece)."""
    table = [""] * ((rules.seats << 4) + 1)
    for seat in range(rules.seats):
        for index, kind in enumerate(rules.kinds, 1):
            table[code_of(seat, index)] = kind.letter if seat == WHITE else kind.letter.lower()
    return table


class RiverSide(Position):
    """A grid-engine position that knows its river cells and its pieces' letters
    (class tables set once by :meth:`for_rules`: one rules value per class)."""

    _letters: ClassVar[list[str]] = []
    _river: ClassVar[frozenset[int]] = frozenset()

    @classmethod
    def for_rules(cls, rules: Rules) -> None:
        """Fix the class's lookup tables for ``rules``."""
        cls._letters = letters_of(rules)
        cls._river = rules.grid.tagged("river")


class RiverPosition(RiverSide):
    """A grid-engine position with the Guadalete river (§6.1): planks are terrain.

    ``PLANKERS`` are the letters of the pawns that turn into planks when they enter
    the empty river (``P`` in §6, the rear pawn ``T`` in §7); ``SWIMMERS`` the
    letters that may stand on and cross open water (the amazon)."""

    PLANKERS: ClassVar[str] = "P"
    SWIMMERS: ClassVar[str] = "A"

    def may_stop(self, code: int, cell: int) -> bool:
        """Kings never on the river; plank-makers only on open water (they turn into a
        plank there, and never stand on one); swimmers anywhere; the rest on planks."""
        if cell not in self._river:
            return True
        letter = self._letters[code].upper()
        if letter == "K":
            return False
        if letter in self.PLANKERS:
            return not self.terrain[cell]
        if letter in self.SWIMMERS:
            return True
        return self._may_stop_in_river(letter, code, cell)

    def _may_stop_in_river(self, letter: str, code: int, cell: int) -> bool:
        """Any other piece: only on a plank (the cylinder lets front pawns promote too)."""
        return bool(self.terrain[cell])

    def line_blocked(self, code: int, cell: int) -> bool:
        """Open water stops every line and attack except the swimmers' (pawns' single
        and double steps end on it, which ``may_stop`` decides)."""
        if cell not in self._river or self.terrain[cell]:
            return False
        letter = self._letters[code].upper()
        return letter not in self.SWIMMERS and letter not in self.PLANKERS and letter != "P"

    def after_move(self, move: Move, moved: int, captured: int) -> None:
        """A plank-maker that entered the river is replaced by its side's plank."""
        to = move[1]
        if to in self._river and self._letters[moved].upper() in self.PLANKERS:
            self.put(to, 0)
            self.set_terrain(to, PLANK_OF[seat_of(moved)])

    def plank_count(self, seat: int) -> int:
        """The planks ``seat`` has made."""
        value = PLANK_OF[seat]
        return sum(1 for cell in self._river if self.terrain[cell] == value)

    def must_plank(self) -> bool:
        """D25: is the side to move behind on planks (``mine <= theirs / 2``, ``theirs >= 1``)?"""
        mine, theirs = self.plank_count(self.turn), self.plank_count(1 - self.turn)
        return theirs >= 1 and 2 * mine <= theirs

    def makes_plank(self, move: Move) -> bool:
        return move[1] in self._river and self._letters[self.board[move[0]]].upper() in self.PLANKERS

    def legal_moves(self) -> list[Move]:
        """The engine's legal moves, each once (round the cylinder a file's two
        directions reach the same square), narrowed by the plank-balance rule: when
        behind on planks, only plank-making moves, if any is legal (D25)."""
        moves = list(dict.fromkeys(super().legal_moves()))
        if self.must_plank():
            planking = [move for move in moves if self.makes_plank(move)]
            if planking:
                return planking
        return moves


class Pushed(NamedTuple):
    """The undo record of one move: the engine keeps everything on its own stack,
    so undoing is ``pop``; the record names the move for reading a history."""

    move: Move


class RiverChess(Game):
    """A two-seat game of the river family over a grid-engine position.

    Subclasses set ``rules``, ``position_class``, ``start_text`` and ``home_ranks``
    and may add to the position checks, the extra position field and the labels.
    Notation: ``<from><to>`` with the square clicked as destination (``e2e4``,
    ``b13b14``; in the swimming variant the nominal square), a promotion adds the new
    piece's letter (``e7e8q``, ``e13e14a``), castling is the king's move (``e1g1``).
    """

    seat_names = ("White", "Black")
    rules: ClassVar[Rules]
    position_class: ClassVar[type[RiverSide]]
    start_text: ClassVar[str] = ""
    #: does this variant keep en passant (a double step's square in the position text)?
    en_passant_rule: ClassVar[bool] = False
    _copy_with_method = ("_pos",)

    def __init__(self, seed: int | None = None, *, position: str | None = None) -> None:
        super().__init__()
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed must be a whole number or None, not {short_repr(seed)}")
        assert self.spec is not None
        options = self.spec.validate_options({"position": position})
        self.seed = seed
        self._pos = self._read_position(self.start_text if options["position"] is None else options["position"])
        self._seat = self._pos.turn
        if options["position"] is not None:      # kept normalised, so equal positions save alike
            options["position"] = self.position_text()
        self.options = options
        self._check_end()
        self._seal_setup()

    # ---------------------------------------------------------------- positions
    @property
    def grid(self) -> Grid:
        return self.rules.grid

    def _read_position(self, text: str) -> Position:
        """The engine position of a position text (module doc); ``BadRecord`` says what is wrong."""
        if not isinstance(text, str):
            raise BadRecord(f"a position is text such as {self.start_text!r}, not {type(text).__name__}")
        if len(text) > MAX_POSITION_TEXT:
            raise BadRecord("this position text is far too long")
        fields = text.split()
        if not 2 <= len(fields) <= 5:
            raise BadRecord("a position is '<placement> <w|b> [castling] [en passant] [extra]', "
                            f"not {short_repr(text)}")
        grid = self.grid
        letters = "".join(kind.letter for kind in self.rules.kinds)
        placement: dict[str, tuple[int, str]] = {}
        rows = fields[0].split("/")
        if len(rows) != grid.ranks:
            raise BadRecord(f"the placement needs {grid.ranks} ranks separated by '/', not {len(rows)}")
        for row_number, row in enumerate(rows):
            rank = grid.ranks - 1 - row_number
            file = 0
            for symbol in re.findall(r"\d+|.", row):
                if symbol.isdigit():
                    file += int(symbol)
                    continue
                if symbol.upper() not in letters or not symbol.isalpha():
                    raise BadRecord(f"{short_repr(symbol)} on rank {rank + 1} is not a piece of this game "
                                    f"(use {', '.join(letters)} for White, small letters for Black)")
                if file < grid.files:
                    placement[grid.name(grid.at(file, rank))] = (WHITE if symbol.isupper() else BLACK,
                                                                 symbol.upper())
                file += 1
            if file != grid.files:
                raise BadRecord(f"rank {rank + 1} of the placement has {file} squares instead of {grid.files}")
        if fields[1] not in ("w", "b"):
            raise BadRecord(f"the side to move is 'w' or 'b', not {short_repr(fields[1])}")
        castling = fields[2] if len(fields) > 2 else "-"
        if castling != "-" and (not set(castling) <= set("KQkq") or len(set(castling)) != len(castling)):
            raise BadRecord(f"castling rights are letters of KQkq or '-', not {short_repr(castling)}")
        castling = "".join(letter for letter in "KQkq" if letter in castling)
        ep = fields[3] if len(fields) > 3 and fields[3] != "-" else None
        if ep is not None and not self.en_passant_rule:
            raise BadRecord("this game has no en passant: write '-' for the en passant square")
        turn = WHITE if fields[1] == "w" else BLACK
        extra = fields[4] if len(fields) > 4 and fields[4] != "-" else None
        terrain = self._terrain_of(extra)
        self._check_placement(placement, castling)
        try:
            pos = self.position_class.from_placement(self.rules, placement, turn=turn, castling=castling, ep=ep,
                                                     terrain=terrain)
        except ValueError as error:
            raise BadRecord(f"this position cannot be set up: {error}") from None
        self._set_extra(pos, extra, placement)
        for cell, code in enumerate(pos.board):
            if code and not pos.may_stop(code, cell):
                raise BadRecord(f"a {self.position_class._letters[code]} cannot stand on {grid.name(cell)}")
        if pos.in_check(1 - turn):
            raise BadRecord("the side that is not to move is in check: this position cannot arise")
        return pos

    def _terrain_of(self, extra: str | None) -> dict[str, int]:
        """The terrain a position's extra field gives (default: none)."""
        return {}

    def _set_extra(self, pos: Position, extra: str | None, placement: dict[str, tuple[int, str]]) -> None:
        """Set what else a position's extra field gives (default: nothing; the field
        must then be empty unless ``_terrain_of`` read it)."""

    def _check_placement(self, placement: dict[str, tuple[int, str]], castling: str) -> None:
        """Refuse what the rules cannot reach: one king each, pieces where they may not
        stand, castling rights without their king and rook, and the variant's checks."""
        for seat in (WHITE, BLACK):
            kings = [square for square, (owner, letter) in placement.items() if owner == seat and letter == "K"]
            if len(kings) != 1:
                raise BadRecord(f"a position has exactly one {t(self.seat_names[seat]).lower()} king, "
                                f"not {len(kings)}")
        river = {self.grid.name(cell) for cell in self.grid.tagged("river")}
        for square, (owner, letter) in placement.items():
            if letter == "K" and square in river:
                raise BadRecord(f"a king never stands on the river ({square})")
        for cs in self.rules.castlings:
            if cs.letter in castling:
                want = {cs.king_from: "K", cs.rook_from: "R"}
                for cell, letter in want.items():
                    if placement.get(self.grid.name(cell)) != (cs.seat, letter):
                        raise BadRecord(f"castling right {cs.letter} needs the king and rook on their home squares")
        self._check_variant(placement)

    @abc.abstractmethod
    def _check_variant(self, placement: dict[str, tuple[int, str]]) -> None:
        """The variant's own checks of a teacher's placement."""

    def _extra_text(self) -> str:
        """The variant's extra position field ('-' for none)."""
        return "-"

    def position_text(self) -> str:
        """The position in the text form read by ``position=`` (see the module doc)."""
        grid, pos, letters = self.grid, self._pos, self._letters
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
        rights = "".join(cs.letter for index, cs in enumerate(self.rules.castlings) if pos.castling >> index & 1)
        rights = "".join(letter for letter in "KQkq" if letter in rights) or "-"
        ep = grid.name(pos.ep) if self.en_passant_rule and pos.ep >= 0 else "-"
        return f"{'/'.join(rows)} {'wb'[pos.turn]} {rights} {ep} {self._extra_text()}"

    @property
    def _letters(self) -> list[str]:
        return self.position_class._letters

    def piece_at(self, square: str) -> str | None:
        """The piece letter on ``square`` (``"e4"``), or None."""
        code = self._pos.board[self._cell(square)]
        return self._letters[code] if code else None

    def _cell(self, square: str) -> int:
        try:
            return self.grid.cell(square)
        except ValueError as error:
            raise BadRecord(str(error)) from None

    @property
    def planks(self) -> frozenset[str]:
        """The names of the planked squares."""
        return frozenset(self.grid.name(cell) for cell in self.grid.tagged("river") if self._pos.terrain[cell])

    def in_check(self) -> bool:
        """Is the side to move in check?"""
        return self._pos.is_check()

    # ------------------------------------------------------------------ actions
    def _landing(self, move: Move) -> int | None:
        """Where ``move`` really ends (``None``: the piece drowns). Default: its square."""
        return move[1]

    def _action(self, move: Move) -> Action:
        grid = self.grid
        frm, to, promo = move[0], move[1], move[2]
        letter = self.rules.kinds[promo - 1].letter.lower() if promo else ""
        text = f"{grid.name(frm)}{grid.name(to)}{letter}"
        targets: tuple[str, ...] = (grid.name(frm), grid.name(to))
        if promo and len(self.rules.promote_to) > 1:
            targets += (f"promote-{letter}",)
        return Action(text, targets, self._label(move, text), move)

    def _label(self, move: Move, text: str) -> str:
        """The button / log text of a move (variants add the plank or the current)."""
        return text

    def _moves(self) -> list[Move]:
        """The engine's legal moves in a fixed order (the engine keeps pieces in sets,
        whose order may change when a move is taken back)."""
        return sorted(self._pos.legal_moves())

    def _generate_actions(self) -> list[Action]:
        return [self._action(move) for move in self._moves()]

    def _explain_illegal(self, text: str) -> str:
        if self.is_over:
            return f"the game is over, so {text!r} cannot be played"
        if not re.fullmatch(r"[a-h]\d{1,2}[a-h]\d{1,2}[qrbna]?", text):
            return (f"{short_repr(text)} is not a move: write the square a piece leaves and the square it goes "
                    "to, such as 'e2e4' (add the new piece's letter for a promotion)")
        return f"{text!r} is not a legal move now"

    # ----------------------------------------------------------------- playing
    def _apply(self, action: Action) -> Pushed:
        self._pos.push(action.data)
        self._seat = self._pos.turn
        self._check_end()
        return Pushed(action.data)

    def _revert(self, action: Action, undo: Pushed) -> None:
        self._pos.pop()
        self._seat = self._pos.turn
        self._outcome = None

    def _check_end(self) -> None:
        """Mate and stalemate, then the draws of D22, for the side to move. Whether
        any legal move exists is found by testing pseudo-legal moves until one keeps
        the king safe (the full list is made only when asked for: search bots play
        many more positions than they list)."""
        self._outcome = None
        pos = self._pos
        side = pos.turn
        if not self._has_legal_move():
            if pos.is_check():
                self._finish((1 - side,), "checkmate")
            else:
                self._finish((), "stalemate")
        elif pos.is_repetition(3):
            self._finish((), "threefold repetition")
        elif pos.is_fifty_moves():
            self._finish((), "fifty moves without capture or pawn move")
        elif pos.is_insufficient_material():
            self._finish((), "insufficient material")

    def _has_legal_move(self) -> bool:
        pos = self._pos
        side = pos.turn
        for move in pos.pseudo_moves():
            pos.push(move)
            safe = not pos.in_check(side)
            pos.pop()
            if safe:
                return True
        return False

    # ---------------------------------------------------------------- records
    def _state(self) -> dict[str, Any]:
        return {"position": self.position_text(), "halfmove": self._pos.halfmove, "ply": self._pos.ply,
                "outcome": None if self._outcome is None else self._outcome.to_dict()}

    # ----------------------------------------------------------------- views
    def _public(self, seat: int | None) -> dict[str, Any]:
        grid, pos, letters = self.grid, self._pos, self._letters
        last = self._history[-1].action.data if self._history else None
        check = None
        if (self._outcome is None or self._outcome.reason == "checkmate") and pos.is_check():
            check = grid.name(pos.kings[pos.turn])
        landing = None if last is None else self._last_landing()
        return {
            "variant": self.name,
            "files": grid.files, "ranks": grid.ranks, "wrap": grid.wrap_ranks,
            "river": sorted(grid.name(cell) for cell in grid.tagged("river")),
            "planks": sorted(self.planks),
            "pieces": {grid.name(cell): letters[code] for cell, code in enumerate(pos.board) if code},
            "turn": pos.turn, "position": self.position_text(), "check": check,
            "last_move": None if last is None else [grid.name(last[0]), grid.name(last[1]),
                                                    None if landing is None else grid.name(landing)],
            "currents": self._currents(),
        }

    def _last_landing(self) -> int | None:
        """Where the last move ended (variants with a current override it)."""
        return self._history[-1].action.data[1]

    def _currents(self) -> dict[str, list[list[str | None]]]:
        """For the swimming variant's picture: per piece, its drifting moves as
        [nominal, landing or None]. Empty in the other variants."""
        return {}

    # --------------------------------------------------------------- for bots
    def evaluate(self, seat: int) -> float:
        """Material balance for ``seat`` (the engine's piece values in pawns; a plank
        made is worth 0.3 to its maker), squashed to (-1, 1)."""
        pos, kinds = self._pos, self.rules.kinds
        score = 0.0
        for cell, code in enumerate(pos.board):
            if code:
                value = kinds[kind_of(code) - 1].value / 100.0
                score += value if seat_of(code) == seat else -value
        score += 0.3 * (self._plank_count(seat) - self._plank_count(1 - seat))
        return math.tanh(score / 12.0)

    def _plank_count(self, seat: int) -> int:
        value = PLANK_OF[seat]
        return sum(1 for cell in self.grid.tagged("river") if self._pos.terrain[cell] == value)

    def adjudicate(self) -> tuple[float, ...] | None:
        """An unfinished game stopped by a simulation: the side ahead in material wins."""
        value = self.evaluate(WHITE)
        if abs(value) < 0.05:
            return None
        return (1.0, 0.0) if value > 0 else (0.0, 1.0)
