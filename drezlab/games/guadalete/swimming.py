"""Swimming Guadalete Chess: rules/board-games.md §8 (D28, D29).

Standard chess on 8 x 8 with the river of D23 (ranks 4 and 5) and no planks:
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

from drezlab.core.errors import BadRecord
from drezlab.core.i18n import add_translations, t
from drezlab.games.guadalete.river import WHITE, Move, RiverBoard, RiverChess, side_of
from drezlab.games.guadalete_swimming.meta import SPEC, START

add_translations({"current": "corriente", "drowns": "se ahoga"})

SWIMMING_BOARD = RiverBoard(files=8, ranks=8, wrap=False, river_ranks=(3, 4))


class GuadaleteSwimming(RiverChess):
    """A game of Swimming Guadalete Chess (seat 0 White, seat 1 Black; White first).

    ``GuadaleteSwimming(position="...")`` is a teacher's position:
    ``<placement> <w|b> [castling] [en passant] [drifts]``, e.g.
    ``"3k4/2b5/8/5B2/8/8/8/4K3 b - - 0,1"`` (Black's drift is 1).
    """

    spec = SPEC
    board_shape = SWIMMING_BOARD
    home_ranks = (0, 7)
    start_text = START
    chess_pawns = True

    def can_stop(self, kind: str, cell: int, setup: bool = False) -> bool:
        """Everyone swims but the king, who never enters the river."""
        return kind != "K" or cell not in self.board_shape.river

    def wet(self, kind: str, cell: int) -> bool:
        """No square stops a line: pieces swim across the river."""
        return False

    def _pawn_moves(self, cell: int, piece: str, out: list[Move]) -> None:
        if side_of(piece) == WHITE:
            self._chess_pawn_moves(cell, piece, 1, 7, "QRBN", out)
        else:
            self._chess_pawn_moves(cell, piece, 6, 0, "QRBN", out)

    def _promotion_choices(self) -> int:
        return 4

    def drift(self, side: int) -> int:
        """The current for ``side``'s moves: the opponent's pieces removed so far (D28)."""
        return self._removed[1 - side]

    def _settle(self, start: int, nominal: int, kind: str) -> tuple[bool, int | None]:
        """The current: a move from the bank into the river lands ``drift`` squares
        toward file h; an own piece there forbids it; past file h the piece drowns."""
        shape = self.board_shape
        river = shape.river
        if start in river or nominal not in river:
            return True, nominal
        file = shape.file_of(nominal) + self.drift(self._seat)
        if file >= shape.files:
            return True, None
        land = shape.rank_of(nominal) * shape.files + file
        occupant = self._board[land]
        if occupant is not None and side_of(occupant) == self._seat:
            return False, None
        return True, land

    def _label(self, move: Move, text: str) -> str:
        if move.land is None:
            return f"{text} ({t('drowns')})"
        if move.land != move.nominal:
            return f"{text} ({t('current')}: {self.board_shape.names[move.land]})"
        return text

    def _read_extra(self, text: str | None) -> None:
        """The extra field: the two drifts ``"<White's>,<Black's>"`` (each 0 to 15)."""
        if text is None or text == "-":
            return
        parts = text.split(",")
        if len(parts) != 2 or not all(part.isdigit() and len(part) <= 2 for part in parts):
            raise BadRecord(f"the drifts are written '<White's>,<Black's>' such as '0,1', not {text!r}")
        white, black = int(parts[0]), int(parts[1])
        if not (0 <= white <= 15 and 0 <= black <= 15):
            raise BadRecord("a drift counts removed pieces: 0 to 15")
        self._removed = (black, white)

    def _extra_text(self) -> str:
        return f"{self._removed[1]},{self._removed[0]}"

    def _currents(self) -> dict[str, list[list[str | None]]]:
        names = self.board_shape.names
        found: dict[str, list[list[str | None]]] = {}
        for action in self._legal():
            move: Move = action.data
            if move.land != move.nominal:
                found.setdefault(names[move.start], []).append(
                    [names[move.nominal], None if move.land is None else names[move.land]])
        return found

    def _public(self, seat: int | None) -> dict[str, object]:
        public = super()._public(seat)
        public["drifts"] = [self.drift(WHITE), self.drift(1 - WHITE)]
        return public
