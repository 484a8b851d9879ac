"""Ajedrez del Guadalete (Guadalete River Chess): rules/board-games.md §6.

Chess on the standard board with the river Guadalete across it, from the Spanish
source (seed 004), built on drezlab's grid engine (:mod:`drezlab.boards`): the
board is an 8 x 8 :class:`~drezlab.boards.Grid` whose ranks 4 and 5 carry the tag
``river``; the river's rules are the hooks of
:class:`~drezlab.games.guadalete.river.RiverPosition`. In the order of the rules:

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
* Who made a plank is read from where it lies in a teacher's position: White pawns
  can only plank rank 4 and Black pawns rank 5 (D24), so it needs no plank counts.
* A teacher's position may not put a pawn on the river or beyond it (it could
  never have got there) nor a piece on an unplanked river square.
"""

from __future__ import annotations

from typing import Any

from drezlab.boards import (
    BISHOP,
    KING,
    KNIGHT,
    QUEEN,
    ROOK,
    Component,
    Grid,
    Move,
    PieceKind,
    Rules,
    castling_on_line,
)
from drezlab.core.errors import BadRecord
from drezlab.core.i18n import t
from drezlab.games.guadalete import words
from drezlab.games.guadalete.meta import SPEC, START
from drezlab.games.guadalete.river import PLANK_OF, RiverChess, RiverPosition
from drezlab.games.guadalete.words import plank_words
from drezlab.kits.gridchess import grid_move_words

#: the Guadalete pawn: one step forward (two from the start rank), never a capture
PLANK_PAWN = PieceKind("pawn", "P", (Component(((0, 1),), rider=True, mode="m", limit=1),), pawn=True, value=100)


def chess_setup(grid: Grid, white_rank: int, black_rank: int, pawns: tuple[int, int]) -> dict[str, tuple[int, str]]:
    """The chess army on the given (1-based) ranks: pieces and a row of ``P`` pawns."""
    setup: dict[str, tuple[int, str]] = {}
    for file, letter in zip("abcdefgh", "RNBQKBNR"):
        setup[f"{file}{white_rank}"] = (0, letter)
        setup[f"{file}{black_rank}"] = (1, letter)
        setup[f"{file}{pawns[0]}"] = (0, "P")
        setup[f"{file}{pawns[1]}"] = (1, "P")
    return setup


def chess_castlings(grid: Grid, white_rank: int, black_rank: int) -> tuple[Any, ...]:
    """Both sides' castlings on their home ranks (king on e, rooks on a and h)."""
    castlings = []
    for seat, rank, (short, long) in ((0, white_rank, "KQ"), (1, black_rank, "kq")):
        castlings.append(castling_on_line(grid, seat, f"e{rank}", f"g{rank}", f"h{rank}", f"f{rank}", short))
        castlings.append(castling_on_line(grid, seat, f"e{rank}", f"c{rank}", f"a{rank}", f"d{rank}", long))
    return tuple(castlings)


GUADALETE_GRID = Grid(8, 8, tags={"river": [f"{f}{r}" for r in (4, 5) for f in "abcdefgh"]})
GUADALETE_RULES = Rules(
    grid=GUADALETE_GRID,
    kinds=(PLANK_PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING),
    setup=chess_setup(GUADALETE_GRID, 1, 8, (2, 7)),
    castlings=chess_castlings(GUADALETE_GRID, 1, 8),
    pawn_start=(frozenset(GUADALETE_GRID.cells_of_rank(1)), frozenset(GUADALETE_GRID.cells_of_rank(6))),
)


class GuadaletePosition(RiverPosition):
    """The engine position of Ajedrez del Guadalete (the hooks of RiverPosition)."""


GuadaletePosition.for_rules(GUADALETE_RULES)


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

    def _plain_move_words(self, move: Move) -> str:
        """The move in words; a pawn that enters the river "becomes a plank"."""
        words = grid_move_words(self.position, move, check=False)
        return plank_words(words) if self.position.makes_plank(move) else words  # type: ignore[attr-defined]

    def _terrain_of(self, extra: str | None) -> dict[str, int]:
        """The planks field: the planked squares, comma-separated; who made each plank
        is read from its rank."""
        if extra is None:
            return {}
        grid = self.grid
        terrain = {}
        for name in extra.split(","):
            cell = self._cell(name)
            rank = grid.rank_of(cell)
            if rank not in self.plank_ranks:
                raise BadRecord(t(words.PLANK_OFF_RIVER).format(square=name))
            terrain[name] = PLANK_OF[self.plank_ranks.index(rank)]
        return terrain

    def _extra_text(self) -> str:
        return ",".join(sorted(self.planks, key=lambda name: (int(name[1:]), name[0]))) or "-"

    def _public(self, seat: int | None) -> dict[str, Any]:
        public = super()._public(seat)
        public["plank_counts"] = list(self.plank_counts())
        public["must_plank"] = self.must_plank() and self._outcome is None
        return public


class Guadalete(PlankGame):
    """A game of Ajedrez del Guadalete (seat 0 White, seat 1 Black; White first).

    ``Guadalete()`` is the start position; ``Guadalete(position="...")`` a teacher's
    position: ``<placement> <w|b> [castling] [en passant '-'] [planks]``, e.g.
    ``"4k3/8/8/4p3/8/8/8/R3K3 w Q - e4,d5"`` (the planks field lists the planked
    squares). ``seed`` is kept for records only: nothing is left to chance.
    """

    spec = SPEC
    rules = GUADALETE_RULES
    position_class = GuadaletePosition
    start_text = START
    plank_ranks = (3, 4)

    def _check_variant(self, placement: dict[str, tuple[int, str]]) -> None:
        """Pawns only behind the river (White ranks 2-3, Black 6-7); no piece on the
        open river (the planks are checked when the position is built)."""
        for square, (owner, letter) in placement.items():
            rank = int(square[1:])
            if letter == "P" and rank not in ((2, 3) if owner == 0 else (6, 7)):
                raise BadRecord(t(words.WHITE_PAWN_PLACE if owner == 0 else words.BLACK_PAWN_PLACE).format(
                    square=square))
