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
import random
from typing import Any, ClassVar

import chess

from drezlab.boards.engine import Position, Rules, kind_of, seat_of
from drezlab.boards.grid import Grid
from drezlab.boards.pieces import CASTLE, DROP, EN_PASSANT, Move, PieceKind
from drezlab.core import words as _shared_words  # noqa: F401  (the shared phrases: "{piece} to {square}"...)
from drezlab.core.action import Action, Outcome
from drezlab.core.game import ActionLike, Game
from drezlab.core.i18n import add_translations, t
from drezlab.kits.chesstext import THE_PIECE

#: a piece kind's name with its article, as the refusals use it (translated with ``t``;
#: the six chess kinds are those of :data:`drezlab.kits.chesstext.THE_PIECE`). A variant
#: with a kind of its own registers "the <name>" with :func:`drezlab.core.i18n.add_translations`.
THE_KIND = {chess.piece_name(piece): the_piece for piece, the_piece in THE_PIECE.items()}

add_translations({
    "in check": "en jaque",
    "the jumping bishop": "el alfil saltador",
    "the amazon": "la amazona",
    "{text} is not a move: write the square a piece leaves and the square it goes to, "
    "like 'e2e4' (add the new piece's letter to promote: 'e7e8q')":
        "{text} no es una jugada: escribe la casilla de la que sale una pieza y la casilla a la que va, "
        "como 'e2e4' (para coronar, añade la letra de la pieza nueva: 'e7e8q')",
    "{text} is not legal: there is no piece on {square}": "{text} no es legal: no hay ninguna pieza en {square}",
    "{text} is not legal: the piece on {square} is not yours": "{text} no es legal: la pieza de {square} no es tuya",
    "{text} is not legal: your king is in check and must be saved":
        "{text} no es legal: tu rey está en jaque y hay que salvarlo",
    "{text} is not a legal move of {the_piece} now": "{text} no es ahora una jugada legal para {the_piece}",
    "that piece is not yours: it belongs to {owner}": "esa pieza no es tuya: es de {owner}",
})


def the_kind(kind: PieceKind) -> str:
    """'the rook' / 'la torre': a kind's name with its article, in the current language."""
    return t(THE_KIND.get(kind.name, f"the {kind.name}"))


# ------------------------------------------------------------------ words (issue 22)
#: the names of the grid engine's own kinds beyond the six of chess (the six are in
#: drezlab.core.words); a variant with a kind of its own registers its name
add_translations({
    "jumping bishop": "alfil saltador",
    "amazon": "amazona",
    "{piece} comes back on {square}": "{piece} vuelve a {square}",
    "{move}, becomes an amazon": "{move} y se convierte en amazona",
})


def kind_words(kind: PieceKind) -> str:
    """A kind's name without article, in the current language ("knight" / "caballo")."""
    return t(kind.name)


def grid_move_words(pos: Position, move: Move, check: bool = True) -> str:
    """A grid-engine ``move`` (legal in ``pos``, before it is played) in words in the
    current language, as :func:`drezlab.core.words.chess_move_words` says a python-chess
    move: "knight to f3", "bishop takes on c7", "castles kingside", "pawn to e8, becomes
    a queen", a piece back from the reserve "knight comes back on e1"; with ", check" /
    ", checkmate" after it when ``check`` (two seats: the side to move next)."""
    frm, to, promo, flag, extra = move
    names = pos.grid.names
    kinds = pos.rules.kinds
    square = names[to]
    if flag == DROP:
        words = t("{piece} comes back on {square}").format(piece=kind_words(kinds[extra - 1]), square=square)
    elif flag == CASTLE:
        castling = pos.rules.castlings[extra]
        (kf, kr), (rf, rr) = pos.grid.coords[castling.king_from], pos.grid.coords[castling.rook_from]
        short = max(abs(kf - rf), abs(kr - rr)) <= 3
        words = t("castles kingside") if short else t("castles queenside")
    elif flag == EN_PASSANT:
        words = t("pawn takes on {square} en passant").format(square=square)
    else:
        code = pos.board[frm]
        name = kind_words(kinds[kind_of(code) - 1]) if code else "?"
        template = "{piece} takes on {square}" if pos.board[to] else "{piece} to {square}"
        words = t(template).format(piece=name, square=square)
    if promo:
        words = promotion_words(words, kinds[promo - 1])
    if check and pos.rules.seats == 2:
        words = check_words(pos, move, words)
    return words


def promotion_words(words: str, kind: PieceKind) -> str:
    """"pawn to e8, becomes a queen" (the shared phrase; "an amazon" has its own)."""
    if kind.name == "amazon":
        return t("{move}, becomes an amazon").format(move=words)
    return t("{move}, becomes a {piece}").format(move=words, piece=kind_words(kind))


def check_words(pos: Position, move: Move, words: str) -> str:
    """``words`` with ", check" or ", checkmate" after it if ``move`` gives one."""
    pos.push(move)
    try:
        if pos.is_check():
            key = "{move}, checkmate" if not pos.legal_moves() else "{move}, check"
            words = t(key).format(move=words)
    finally:
        pos.pop()
    return words

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


class ActionMemo:
    """The actions one game class has made for the moves of one rules value, by move.

    An action whose text, targets and label follow from the move alone (the rules and
    the class fixed) is made once and then looked up: random play draws one action a
    ply and making it (names, text, targets, the variant's label) was 4 % of a
    Guadalete ply (valgrind: about 8,000 of 183,000 instructions; with the memo 3,900
    over four fresh games, first sights and plank moves included). Shared by every
    game of the class and rules, so it is kept here (:func:`action_memo`), never on a
    game: a game, its copies and its views reach nothing mutable that another game
    shares (issue 24)."""

    __slots__ = ("actions", "rules")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.actions: dict[Move, Action] = {}


#: the memo of each (game class, rules): ``{(class, id(rules)): memo}`` (the memo keeps its rules alive)
_MEMOS: dict[tuple[type, int], ActionMemo] = {}


def action_memo(cls: type, rules: Rules) -> ActionMemo:
    """The :class:`ActionMemo` of game class ``cls`` for ``rules`` (made on first use)."""
    key = (cls, id(rules))
    memo = _MEMOS.get(key)
    if memo is None or memo.rules is not rules:
        memo = _MEMOS[key] = ActionMemo(rules)
    return memo


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
        """The action for a legal ``move``: its text, targets, label and the move as data
        (looked up in the class's :class:`ActionMemo`, made by :meth:`_new_action` the first
        time, and remembered unless :meth:`_label_varies` says its label may change)."""
        actions = action_memo(type(self), self.position.rules).actions
        action = actions.get(move)
        if action is None:
            action = self._new_action(move)
            if not self._label_varies(move):
                actions[move] = action
        return action

    def _label_varies(self, move: Move) -> bool:
        """May the action of ``move`` differ from one position or language to another (a
        label saying more than the move: "plank", the current)? Default: no, the text and
        targets are the move's own."""
        return False

    def _new_action(self, move: Move) -> Action:
        """The action for a legal ``move``, made now (a variant's labels override this)."""
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

    def random_action(self, rng: random.Random) -> Action:
        """The base's choice (the same index drawn over the legal moves, which the actions
        list in the same order) without building an action for every move: random play
        and simulations pay for one action a ply (it was a third of jumping-bishop
        chess's random play)."""
        moves = self.position.legal_tuple() if self._outcome is None else ()
        if not moves:
            return super().random_action(rng)
        self._vouched = self.action_of(moves[rng.randrange(len(moves))])
        return self._vouched

    def _apply(self, action: Action) -> Any:
        before = self._outcome
        pos = self.position
        pos.push(action.data)
        self._seat = pos.turn
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
            return self._over_text(text)
        pos = self.position
        try:
            frm, end = pos.grid.parse_square(text)
            pos.grid.parse_square(text, end)
        except ValueError:
            return t(
                "{text} is not a move: write the square a piece leaves and the square it goes to, "
                "like 'e2e4' (add the new piece's letter to promote: 'e7e8q')"
            ).format(text=repr(text))
        code = pos.board[frm]
        square = pos.grid.names[frm]
        if not code:
            return t("{text} is not legal: there is no piece on {square}").format(text=repr(text), square=square)
        if seat_of(code) != pos.turn:
            return t("{text} is not legal: the piece on {square} is not yours").format(
                text=repr(text), square=square
            )
        if pos.is_check():
            return t("{text} is not legal: your king is in check and must be saved").format(text=repr(text))
        return t("{text} is not a legal move of {the_piece} now").format(
            text=repr(text), the_piece=the_kind(pos.rules.kinds[kind_of(code) - 1])
        )

    def click_reasons(self, seat: int) -> dict[str, str]:
        """Why each square no action of ``seat`` uses cannot be clicked now (for the widget):
        another seat's piece, an own piece without a move, an empty square no move reaches."""
        if self.is_over or seat != self.to_move:
            return {}
        usable = {target for action in self.legal_actions() for target in action.targets}
        pos = self.position
        reasons: dict[str, str] = {}
        for cell, name in enumerate(pos.grid.names):
            if name in usable:
                continue
            code = pos.board[cell]
            if not code:
                reasons[name] = t("no move of yours ends on {square} now").format(square=name)
            elif seat_of(code) != seat:
                reasons[name] = t("that piece is not yours: it belongs to {owner}").format(
                    owner=self.seat_name(seat_of(code))
                )
            else:
                reasons[name] = t("{the_piece} on {origin} cannot move now").format(
                    the_piece=the_kind(pos.rules.kinds[kind_of(code) - 1]), origin=name
                )
        return reasons

    # ------------------------------------------------------------ words
    def describe(self, action: ActionLike) -> str:
        """The move log's line, in words, computed before the action is played:
        "White: knight to f3", "Negras: alfil saltador captura en c7"."""
        chosen = self.parse(action)
        return f"{self.seat_name(self.to_move)}: {self._move_words(chosen.data)}"

    def _move_words(self, move: Move) -> str:
        """``move`` in words, with ", check" or ", checkmate" after it in a two-seat game."""
        words = self._plain_move_words(move)
        if self.position.rules.seats == 2:
            words = check_words(self.position, move, words)
        return words

    def _plain_move_words(self, move: Move) -> str:
        """``move`` in words without check (variants add their own events: a plank, the current)."""
        return grid_move_words(self.position, move, check=False)

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
