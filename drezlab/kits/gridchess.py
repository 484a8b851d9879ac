"""A drezlab game over a grid-engine position: the layer every chess variant on
:mod:`drezlab.boards` shares (jumping-bishop chess; the river variants may use it).

:class:`GridChessGame` turns a :class:`~drezlab.boards.engine.Position` into the
Game protocol:

* actions are the position's legal moves, written in its square-name notation
  (``e2e4``, ``e7e8q``, castling as the king's move ``e1g1``); their targets are
  the from-square and the to-square, plus ``promote-q`` style choices (the widget
  offers those as buttons), so a pupil clicks a piece and then where it goes;
* ``_apply``/``_revert`` are the engine's ``push``/``pop``; the undo record is the
  outcome before the move;
* the end of the game (``_judge``) is the engine's ``outcome()`` for two seats:
  checkmate, stalemate, threefold repetition, the 50-move rule and the dead
  positions of D22, all automatic (a subclass with other ends overrides it);
* views hold the whole position (nothing is hidden in these games): the board's
  description for the picture (:func:`board_description`: size, holes, seam, tags),
  the pieces, the terrain, whose turn, the last move, the checked king;
* records save the options, the moves and the final state (placement, turn,
  castling rights, en-passant square, clocks, terrain, variant values);
* ``evaluate``/``adjudicate`` count material with the kinds' ``value``.

A subclass sets ``spec`` and ``seat_names``, builds its position in ``__init__``
and calls :meth:`GridChessGame._bind` then ``_seal_setup()``.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from drezlab.boards.engine import Position, kind_of, seat_of
from drezlab.boards.grid import Grid
from drezlab.boards.pieces import DROP, Move
from drezlab.core.action import Action, Outcome
from drezlab.core.game import Game
from drezlab.core.i18n import add_translations, t

add_translations({"in check": "en jaque"})

#: the engine's outcome reasons and the phrases the records and the widget show
#: (the same phrases as the python-chess games, already translated in drezlab.core.i18n)
REASONS = {
    "checkmate": "checkmate",
    "stalemate": "stalemate",
    "repetition": "threefold repetition",
    "fifty-moves": "fifty-move rule",
    "insufficient-material": "insufficient material",
}


def board_description(grid: Grid) -> dict[str, Any]:
    """The board as plain data for a picture: size, holes, seams and tagged squares."""
    holes = sorted([f, r] for f, r in grid.holes)
    return {
        "files": grid.files,
        "ranks": grid.ranks,
        "holes": holes,
        "wrap_files": grid.wrap_files,
        "wrap_ranks": grid.wrap_ranks,
        "tags": {
            tag: sorted(grid.names[c] for c in cells)
            for tag, cells in sorted(grid.tags.items())
        },
    }


class GridChessGame(Game):
    """Base of the chess variants on the grid engine (see the module docstring)."""

    position: Position
    #: the base class's ``copy`` copies the position with its own ``copy``
    _copy_with_method: ClassVar[tuple[str, ...]] = ("position",)
    #: the seat names, ("White", "Black") for two-seat chess (translated by drezlab.core.i18n)
    seat_names: ClassVar[tuple[str, ...]] = ("White", "Black")

    def _bind(self, position: Position) -> None:
        """Adopt ``position`` as the game's board and judge it (a teacher's position
        may already be over)."""
        self.position = position
        self._players = position.rules.seats
        self._seat = position.turn
        self._outcome = self._judge()
        self._invalidate()

    # ------------------------------------------------------------ actions
    def action_of(self, move: Move) -> Action:
        """The action for a legal ``move``: its text, targets and the move as data."""
        pos = self.position
        text = pos.move_text(move)
        names = pos.grid.names
        if move.flag == DROP:
            letter = pos.rules.kinds[move.extra - 1].letter.lower()
            return Action(text, (f"drop-{letter}", names[move.to]), text, move)
        targets: tuple[str, ...] = (names[move.frm], names[move.to])
        if move.promo:
            targets += (f"promote-{pos.rules.kinds[move.promo - 1].letter.lower()}",)
        return Action(text, targets, text, move)

    def _generate_actions(self) -> list[Action]:
        return [self.action_of(m) for m in self.position.legal_moves()]

    def _apply(self, action: Action) -> Any:
        before = self._outcome
        self.position.push(action.data)
        self._seat = self.position.turn
        self._outcome = self._judge()
        return before

    def _revert(self, action: Action, undo_info: Any) -> None:
        self.position.pop()
        self._seat = self.position.turn
        self._outcome = undo_info

    def _judge(self) -> Outcome | None:
        """How the game stands after a move: ``None`` while it goes on (two seats:
        the engine's ``outcome``)."""
        result = self.position.outcome()
        if result is None:
            return None
        winner, engine_reason = result
        reason = REASONS[engine_reason]
        if winner is None:
            return Outcome((), reason, (0.5,) * self.players)
        return Outcome(
            (winner,),
            reason,
            tuple(1.0 if s == winner else 0.0 for s in range(self.players)),
        )

    def _explain_illegal(self, text: str) -> str:
        if self.is_over:
            return f"the game is over, so {text!r} cannot be played"
        pos = self.position
        try:
            frm, end = pos.grid.parse_square(text)
            pos.grid.parse_square(text, end)
        except ValueError:
            return (
                f"{text!r} is not a move: write the square a piece leaves and the square it goes to, "
                "like 'e2e4' (add the new piece's letter to promote: 'e7e8q')"
            )
        code = pos.board[frm]
        if not code:
            return f"{text!r} is not legal: there is no piece on {pos.grid.names[frm]}"
        if seat_of(code) != pos.turn:
            return f"{text!r} is not legal: the piece on {pos.grid.names[frm]} is not yours"
        if pos.is_check():
            return f"{text!r} is not legal: your king is in check and must be saved"
        return f"{text!r} is not a legal move of the {pos.rules.kinds[kind_of(code) - 1].name} now"

    # ------------------------------------------------------------ judging
    @property
    def plies(self) -> int:
        """Moves played (each seat's move counts one)."""
        return len(self._history)

    def material(self, seat: int) -> float:
        """The material of ``seat``'s team minus that of the other teams, in pawns."""
        pos = self.position
        teams = pos.rules.teams
        total = 0
        for s in range(pos.rules.seats):
            sign = 1 if teams[s] == teams[seat] else -1
            for c in pos.pieces[s]:
                total += sign * pos.rules.kinds[kind_of(pos.board[c]) - 1].value
        return total / 100

    def evaluate(self, seat: int) -> float:
        """Material for ``seat`` squashed into (-1, 1) (a queen up is about 0.7); a
        finished game is 1, 0 or -1."""
        outcome = self._outcome
        if outcome is not None:
            if outcome.is_draw:
                return 0.0
            return 1.0 if seat in outcome.winners else -1.0
        return math.tanh(self.material(seat) / 10)

    def adjudicate(self) -> tuple[float, ...] | None:
        """An unfinished game cut by a simulation: the team ahead in material by at
        least a pawn wins; otherwise a draw (``None``)."""
        lead = self.material(0)
        if abs(lead) < 1:
            return None
        teams = self.position.rules.teams
        return tuple(1.0 if (teams[s] == teams[0]) == (lead > 0) else 0.0 for s in range(self.players))

    # ------------------------------------------------------------ views and records
    def _last_squares(self) -> list[str] | None:
        if not self._history:
            return None
        move: Move = self._history[-1].action.data
        names = self.position.grid.names
        frm = names[move.frm] if move.frm >= 0 else None
        to = names[move.to] if move.to >= 0 else None
        return [s for s in (frm, to) if s is not None]

    def _public(self, seat: int | None) -> dict[str, Any]:
        """The whole position (nothing is hidden): the board's description, pieces as
        ``[square, seat, letter]``, terrain, turn, last move, checked king."""
        pos = self.position
        names = pos.grid.names
        pieces = [
            [sq, s, letter] for sq, (s, letter) in sorted(pos.placement().items())
        ]
        king = pos.kings[pos.turn]
        checked = names[king] if king >= 0 and pos.in_check(pos.turn) else None
        return {
            "board": board_description(pos.grid),
            "pieces": pieces,
            "terrain": {names[c]: v for c, v in enumerate(pos.terrain) if v},
            "turn": self.seat_names[pos.turn]
            if pos.turn < len(self.seat_names)
            else pos.turn,
            "seat_names": list(self.seat_names),
            "last_move": self._last_squares(),
            "check": checked,
            "halfmove": pos.halfmove,
            "repetitions": pos.repetitions(),
        }

    def _state(self) -> dict[str, Any]:
        """The position a record ends in."""
        pos = self.position
        names = pos.grid.names
        return {
            "pieces": [
                [sq, s, letter] for sq, (s, letter) in sorted(pos.placement().items())
            ],
            "terrain": {names[c]: v for c, v in enumerate(pos.terrain) if v},
            "turn": pos.turn,
            "castling": "".join(
                cs.letter
                for i, cs in enumerate(pos.rules.castlings)
                if pos.castling >> i & 1
            ),
            "ep": names[pos.ep] if pos.ep >= 0 else None,
            "halfmove": pos.halfmove,
            "ply": pos.ply,
            "vars": {k: _plain(v) for k, v in sorted(pos.vars.items())},
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
        }

    def status_text(self) -> str:
        text = super().status_text()
        if self._outcome is None and self.position.is_check():
            text += f" ({t('in check')})"
        return text


def _plain(value: Any) -> Any:
    """A variant value as JSON data (tuples become lists)."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value
