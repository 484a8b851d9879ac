"""Swimming Guadalete Chess: rules/board-games.md §8 (D28, D29).

Standard chess on 8 x 8 with the river of D23 (ranks 4 and 5) and no planks, built
on the river family's shared layer (:mod:`drezlab.games.guadalete.river`) and the grid engine (chess as data, :func:`drezlab.boards.chess_rules`, on a grid whose
ranks 4 and 5 carry the tag ``river``):
pawns are ordinary chess pawns (double step, en passant, promotion) and every
piece but the king may stand on and cross the river. The king never enters it.

**The current (§8.1).** Moves that start in the river, and moves that cross it,
are ordinary chess moves. Only a move that starts outside the river and whose
ordinary destination -- the *nominal square* -- is a river square drifts:

* the drift ``n`` is the number of the opponent's pieces no longer on the board
  (captured or drowned: D28, ``16 -`` their count in a game from the start);
* the piece lands ``n`` squares to the right from White's side (toward file h,
  for both colours) on the nominal square's rank, jumping over anything between;
* on the landing square an enemy piece is captured, an own piece makes the move
  illegal, and beyond file h the piece **drowns**: it leaves the board and counts
  as a piece removed (so the opponent's drift grows by one).

D29: the nominal square must be an ordinary pseudo-legal target (empty or enemy;
a pawn's push empty and its capture an enemy; the path up to it clear). With
``n >= 1`` a piece on the nominal square is not touched; only the landing square
counts. En passant is possible only against a pawn whose double step did not
drift. Legality (own king not in check) is judged on the final position. Draws
as in D22.

Notation: the move is written with its *nominal* square, the square a pupil aims
at: ``e6d4`` (the knight aims at d4 and, with a drift of 3, lands on g4), ``e7e8q``
for a promotion (targets: the two squares and ``promote-q``). The action's label
says where the current takes it: ``e6d4 (current: g4)``, ``e6f4 (drowns)``.

Choices made where the rules are silent:

* A teacher's position may give the two drifts explicitly (its last field,
  ``"<White's drift>,<Black's drift>"``), so that a position with few pieces can
  still have a small current; without it, each drift is 16 minus the opponent's
  pieces on the board. Captures and drownings then add to them.
* A drowning resets the fifty-move count, like a capture (a piece left the board).
* The picture shows, for a chosen piece, each nominal square and where the
  current takes it (``draw(view, chosen="e6")``; the view's ``currents`` field
  lists them for every piece of the side to move).
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar

from drezlab.boards import (
    CASTLE,
    VARIANT,
    Grid,
    Move,
    Position,
    chess_rules,
    kind_of,
    seat_of,
)
from drezlab.core.i18n import t
from drezlab.games.guadalete.river import WHITE, RiverChess, RiverSide
from drezlab.games.guadalete_swimming.meta import SPEC, START
from drezlab.games.guadalete_swimming.position import (
    check_pawns,
    drifts_text,
    read_drifts,
)
from drezlab.games.guadalete_swimming.words import current_words
from drezlab.kits.gridchess import grid_move_words, kind_words

SWIMMING_GRID = Grid(8, 8, tags={"river": [f"{f}{r}" for r in (4, 5) for f in "abcdefgh"]})
SWIMMING_RULES = chess_rules(grid=SWIMMING_GRID)
_new = tuple.__new__     # a Move without the NamedTuple's Python-level constructor
#: the variant value holding how many pieces each side has lost (captured or drowned)
REMOVED = "removed"


class SwimmingPosition(RiverSide):
    """The engine position of the swimming variant: everyone swims but the king, and
    a move from the bank into the river becomes a ``VARIANT`` move whose ``extra`` is
    the landing cell (-1: the piece drowns), applied by :meth:`make_special`."""

    #: the kings' codes (set by :meth:`for_rules`)
    _king_codes: ClassVar[frozenset[int]] = frozenset()
    #: a drifting move only carries its piece (``special_landing`` always answers)
    specials_carry = True

    @classmethod
    def for_rules(cls, rules: Any) -> None:
        super().for_rules(rules)
        cls._king_codes = frozenset(code for code, letter in enumerate(cls._letters) if letter.upper() == "K")

    def may_stop(self, code: int, cell: int) -> bool:
        """The king never enters the river."""
        return cell not in self._river or code not in self._king_codes

    def stop_cells(self) -> frozenset[int]:
        """Only the river restricts where pieces stop."""
        return self._river

    def stop_rules(self) -> tuple[tuple[frozenset[int], frozenset[int]] | None, ...]:
        """``may_stop`` as data: the king nowhere on the river, the others anywhere on it."""
        river, kings = self._river, self._king_codes
        none: frozenset[int] = frozenset()
        return tuple((none, none) if code in kings else (river, river) for code in range(len(self._letters)))

    def drift(self, seat: int) -> int:
        """The current for ``seat``'s moves: the opponent's pieces removed so far (D28)."""
        return int(self.vars[REMOVED][1 - seat])

    def pseudo_moves(self) -> list[Move]:
        """The chess moves, each that dives from the bank into the river carried
        ``drift`` squares toward file h (refused if an own piece is there)."""
        moves = super().pseudo_moves()
        shift = self.drift(self.turn)
        if not shift:
            return moves
        lands = _landings(self.grid, shift)
        river, board, turn = self._river, self.board, self.turn
        out: list[Move] = []
        app = out.append
        for move in moves:
            # most moves do not aim at the river: that test first
            nominal = move[1]
            if nominal not in river or move[0] in river or move[3] == CASTLE:
                app(move)
                continue
            land = lands[nominal]
            if land >= 0 and board[land] and seat_of(board[land]) == turn:
                continue
            app(_new(Move, (move[0], nominal, move[2], VARIANT, land)))
        return out

    def special_landing(self, move: Move) -> int | None:
        """A drifting move only carries its piece to the landing cell, or drowns it."""
        return move[4]

    def make_special(self, move: Move) -> bool:
        """Carry the piece to its landing cell (taking what stands there) or drown it."""
        start, _, _, _, land = move
        moved = self.board[start]
        removed = list(self.vars[REMOVED])
        self.put(start, 0)
        taken = 0
        if land >= 0:
            taken = self.board[land]
            if taken:
                removed[seat_of(taken)] += 1
            self.put(land, moved)
        else:
            removed[seat_of(moved)] += 1
        self.set_var(REMOVED, (removed[0], removed[1]))
        return bool(taken) or land < 0 or self._letters[moved].upper() == "P"

    def reshape(self, move: Move) -> bool | tuple[int, int]:
        """``after_move`` only counts a capture: it never changes the board."""
        return False

    def reshape_cells(self) -> frozenset[int]:
        """No move reshapes the board (``reshape``)."""
        return frozenset()

    def after_move(self, move: Move, moved: int, captured: int) -> None:
        """An ordinary capture removes a piece too (the current counts it)."""
        if captured:
            removed = list(self.vars[REMOVED])
            removed[seat_of(captured)] += 1
            self.set_var(REMOVED, (removed[0], removed[1]))


SwimmingPosition.for_rules(SWIMMING_RULES)


@functools.lru_cache(maxsize=64)
def _landings(grid: Grid, shift: int) -> tuple[int, ...]:
    """Per cell, where a piece aiming at it lands with a drift of ``shift``: ``shift``
    files toward h on its rank (-1 beyond file h). Read-only, once per grid and drift."""
    return tuple(grid.at(grid.file_of(cell) + shift, grid.rank_of(cell)) for cell in range(len(grid)))


class GuadaleteSwimming(RiverChess):
    """A game of Swimming Guadalete Chess (seat 0 White, seat 1 Black; White first).

    ``GuadaleteSwimming(position="...")`` is a teacher's position:
    ``<placement> <w|b> [castling] [en passant] [drifts]``, e.g.
    ``"3k4/2b5/8/5B2/8/8/8/4K3 b - - 0,1"`` (Black's drift is 1).
    """

    spec = SPEC
    rules = SWIMMING_RULES
    position_class = SwimmingPosition
    start_text = START
    en_passant_rule = True

    def drift(self, side: int) -> int:
        """The current for ``side``'s moves: the opponent's pieces removed so far (D28)."""
        return self.position.drift(side)  # type: ignore[attr-defined]

    def landing(self, action: Any) -> str | None:
        """The square where the move ``action`` (or its text) really ends; None if it drowns."""
        land = self._landing(self.parse(action).data)
        return None if land is None else self.grid.name(land)

    def _landing(self, move: Move) -> int | None:
        if move[3] >= VARIANT:
            return None if move[4] < 0 else move[4]
        return move[1]

    def _check_variant(self, placement: dict[str, tuple[int, str]]) -> None:
        """No pawn on the first or last rank (:mod:`drezlab.games.guadalete_swimming.position`)."""
        check_pawns(placement)

    def _set_extra(self, pos: Position, extra: str | None, placement: dict[str, tuple[int, str]]) -> None:
        """The drifts field ``"<White's>,<Black's>"`` (each 0 to 15); without it each
        drift is 16 minus the opponent's pieces on the board."""
        pos.vars[REMOVED] = read_drifts(extra, placement)
        pos.rehash()

    def _extra_text(self) -> str:
        return drifts_text(self.drift(0), self.drift(1))

    def _label_varies(self, move: Move) -> bool:
        """A drifting move's label says where the current takes it, in the pupil's language."""
        return move[3] >= VARIANT

    def _label(self, move: Move, text: str) -> str:
        land = self._landing(move)
        if land is None:
            return f"{text} ({t('drowns')})"
        if land != move[1]:
            return f"{text} ({t('current')}: {self.grid.name(land)})"
        return text

    def _plain_move_words(self, move: Move) -> str:
        """The move in words; one from the bank into the river says where the current
        carries the piece (its nominal square's piece, if any, is not touched: D29)."""
        pos = self.position
        if move[3] < VARIANT:
            return grid_move_words(pos, move, check=False)
        kind = self.rules.kinds[kind_of(pos.board[move[0]]) - 1]
        words = t("{piece} to {square}").format(piece=kind_words(kind), square=self.grid.name(move[1]))
        land = move[4]
        if land < 0:
            return current_words(words, None, False)
        return current_words(words, self.grid.name(land), bool(pos.board[land]))

    def _currents(self) -> dict[str, list[list[str | None]]]:
        names = self.grid.names
        found: dict[str, list[list[str | None]]] = {}
        for action in self._legal():
            move = action.data
            if move[3] >= VARIANT:
                found.setdefault(names[move[0]], []).append([names[move[1]], None if move[4] < 0 else names[move[4]]])
        return found

    def _public(self, seat: int | None) -> dict[str, Any]:
        public = super()._public(seat)
        public["drifts"] = [self.drift(WHITE), self.drift(1 - WHITE)]
        return public
