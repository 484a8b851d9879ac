"""Ajedrez del Guadalete (Guadalete River Chess): rules/board-games.md §6.

Chess on the standard board with the river Guadalete across it, from the Spanish
source (seed 004). The shared chess machinery (pieces, check, castling, the ends of
the game) is :mod:`drezlab.games.guadalete.river`; this module is what the river
changes, in the order of the rules section:

* **The river (§6.1, D23).** Ranks 4 and 5 are river. An empty river square stops
  every piece but a pawn: no other piece may stop on it and sliding pieces may not
  cross it -- it blocks lines, and attacks, like a wall. A knight only needs its
  landing square: it may jump over the river (bank to plank, plank to bank).
* **Planks.** A pawn that enters an empty river square (by a single or a double
  step) is replaced at once by a plank. A plank never moves and is never taken; it
  is a normal square for every piece except the king, who never stands on the
  river, planked or not ("obesidad mórbida"). Planks are neutral.
* **Pawns (§6.2, D24).** Pawns move as in chess (one square forward, two from their
  start rank) but never capture; they can be captured. No en passant; a pawn
  never stands on a plank, so pawns never cross and never promote.
* **The plank-balance rule (§6.3, D25).** With ``mine`` and ``theirs`` the planks
  made by each side, the rules require ``mine > theirs / 2``. At the start of a
  turn in which ``mine <= theirs / 2``, if at least one legal move makes a plank,
  the side must make a plank; if none is legal (no pawns, all blocked, none
  answers a check) any legal move is allowed and the obligation carries over.
* **The end (D22).** Checkmate wins; stalemate, threefold repetition, fifty
  moves without capture or pawn move, and K v K / K+B v K / K+N v K draw.

Notation (lower-case ASCII; ``parse(str(a)) == a``):

=================  ==================================================
``e2e4``           a move from e2 to e4 (here: the pawn makes a plank on e4)
``g1f3``           any other move, captures included (``f3e5`` takes on e5)
``e1g1``           castling, written as the king's move
=================  ==================================================

An action's ``targets`` are the two squares (a pupil clicks the piece, then the
square); its label adds "plank" for a pawn that becomes one.

Choices made where the rules are silent:

* 0-0 is not an obligation: the source starts the obligation "the first time a
  player turns a pawn into a plank"; read literally, ``0 <= 0 / 2`` would force
  White's first move, which the source's worked example does not do. So the rule
  applies when ``theirs >= 1`` and ``mine <= theirs / 2``.
* Who made a plank is read from where it lies: White pawns can only plank rank 4
  and Black pawns rank 5 (D24), so a teacher's position needs no plank counts.
* A teacher's position may not put a pawn on the river or beyond it (it could
  never have got there) nor a piece on an unplanked river square.
* Repetition compares the pieces, the planks, the side to move, the castling
  rights (and the en passant square, which this variant never has).
"""

from __future__ import annotations

from typing import Any

from drezlab.core.errors import BadRecord
from drezlab.core.i18n import add_translations, t
from drezlab.games.guadalete.meta import SPEC, START
from drezlab.games.guadalete.river import WHITE, Move, RiverBoard, RiverChess, parse_square_list, side_of

add_translations({"plank": "tabla"})

GUADALETE_BOARD = RiverBoard(files=8, ranks=8, wrap=False, river_ranks=(3, 4))


class PlankBalance:
    """The plank-balance rule (D25), shared by the Guadalete and the cylinder:
    ``plank_ranks[side]`` is the (0-based) river rank only that side's pawns plank."""

    plank_ranks: tuple[int, int]
    board_shape: RiverBoard
    _planks: frozenset[int]
    _seat: int

    def _plank_count(self, side: int) -> int:
        files = self.board_shape.files
        rank = self.plank_ranks[side]
        return sum(1 for cell in self._planks if cell // files == rank)

    def plank_counts(self) -> tuple[int, int]:
        """Planks made by White and by Black."""
        return self._plank_count(0), self._plank_count(1)

    def must_plank(self) -> bool:
        """Is the side to move behind on planks (``mine <= theirs / 2``, ``theirs >= 1``)?"""
        mine, theirs = self._plank_count(self._seat), self._plank_count(1 - self._seat)
        return theirs >= 1 and 2 * mine <= theirs

    def _forced(self, moves: list[Move]) -> list[Move]:
        """D25: when behind on planks, only plank-making moves, if any is legal."""
        if self.must_plank():
            planking = [move for move in moves if move.plank]
            if planking:
                return planking
        return moves

    def _label(self, move: Move, text: str) -> str:
        return f"{text} ({t('plank')})" if move.plank else text

    def _read_extra(self, text: str | None) -> None:
        """The extra position field: the planked squares, comma-separated ('-' none)."""
        planks = parse_square_list(self.board_shape, "-" if text is None else text)
        wrong = sorted(self.board_shape.names[cell] for cell in planks - self.board_shape.river)
        if wrong:
            raise BadRecord(f"planks lie only on the river, not on {', '.join(wrong)}")
        self._planks = planks

    def _extra_text(self) -> str:
        return ",".join(sorted((self.board_shape.names[cell] for cell in self._planks),
                               key=lambda name: (int(name[1:]), name[0]))) or "-"


class Guadalete(PlankBalance, RiverChess):
    """A game of Ajedrez del Guadalete (seat 0 White, seat 1 Black; White first).

    ``Guadalete()`` is the start position; ``Guadalete(position="...")`` a teacher's
    position: ``<placement> <w|b> [castling] [en passant '-'] [planks]``, e.g.
    ``"4k3/8/8/4p3/8/8/8/R3K3 w Q - e4,d5"`` (the planks field lists the planked
    squares). ``seed`` is kept for records only: nothing is left to chance.
    """

    spec = SPEC
    board_shape = GUADALETE_BOARD
    home_ranks = (0, 7)
    start_text = START
    plank_ranks = (3, 4)

    def _pawn_moves(self, cell: int, piece: str, out: list[Move]) -> None:
        """One step forward (two from the start rank); entering the river makes a plank."""
        board, shape = self._board, self.board_shape
        white = side_of(piece) == WHITE
        one = shape.step(cell, 0, 1 if white else -1)
        if one is None or board[one] is not None or one in self._planks:
            return
        if one in shape.river:
            out.append(Move(cell, one, one, plank=True))
            return
        out.append(Move(cell, one, one))
        if shape.rank_of(cell) == (1 if white else 6):
            two = shape.step(one, 0, 1 if white else -1)
            if two is not None and board[two] is None and two not in self._planks:
                out.append(Move(cell, two, two, plank=two in shape.river))

    def _check_variant(self) -> None:
        shape = self.board_shape
        for cell, piece in enumerate(self._board):
            if piece in ("P", "p"):
                rank = shape.rank_of(cell)
                allowed = (1, 2) if piece == "P" else (5, 6)
                if rank not in allowed:
                    raise BadRecord(f"a {'White' if piece == 'P' else 'Black'} pawn cannot stand on "
                                    f"{shape.names[cell]}: pawns never reach the river or the last rank")

    def _public(self, seat: int | None) -> dict[str, Any]:
        public = super()._public(seat)
        public["plank_counts"] = list(self.plank_counts())
        public["must_plank"] = self.must_plank() and self._outcome is None
        return public
