"""The words of EDAMI: its Spanish catalogue, the move log's sentences, the tasks of
the status line and the explanations of illegal input.

:func:`describe` says an action of the player to move, before it is played, as a
sentence in the current language (``Edami.describe`` calls it), in the words of the
Spanish deck ("tomar carta", "Cambia", "No me gusta tu jugada"):

* a chess move in words (:func:`drezlab.core.words.chess_move_words`): "White: knight
  to f3" / "Blancas: caballo a f3"; a move the card orders: "Black: pawn to e5, as
  the card says" / "Negras: peón a e5, como manda la carta";
* the rest: "White: drew a card" / "Blancas: tomó una carta", "Black: moved the rook on
  a8 to d5 (Relocate)" / "Negras: llevó la torre de a8 a d5 (Cambia)", "White: put back
  a knight on g1" / "Blancas: recuperó un caballo en g1".

Notation stays one click away: the actions' texts (``g1f3``, ``N@g1``) and the records.
"""

from __future__ import annotations

from typing import Protocol

import chess

from drezlab.core.action import Action
from drezlab.core.i18n import add_translations, t
from drezlab.core.words import chess_move_words
from drezlab.games.edami.actions import (
    MOVE_PHASES,
    CardContext,
    ChessMove,
    Claim,
    Decline,
    Draw,
    MoveKind,
    Phase,
    Prize,
    Recover,
    Relocate,
    Remove,
    Resign,
    Steal,
    Stop,
    Veto,
)
from drezlab.games.edami.cards import CARD_TITLES, LuckCard
from drezlab.kits.chesstext import A_PIECE, THE_PIECE, why_not

__all__ = ["MOVE_PHASES", "PHASE_TASKS", "PILE_TITLE", "EdamiTable", "describe", "explain_illegal", "move_words",
           "status_text"]


class EdamiTable(Protocol):
    """What the words read of a game of EDAMI (its public accessors: ``Edami`` has them)."""

    board: chess.Board
    phase: Phase
    ctx: CardContext

    @property
    def to_move(self) -> int | None: ...

    @property
    def swapped(self) -> bool: ...

    def seat_name(self, seat: int | None) -> str: ...

    def in_check(self, color: chess.Color | None = None) -> bool: ...

    def moves(self) -> list[chess.Move]: ...

    def legal_actions(self) -> list[Action]: ...

    def steal_options(self) -> list[LuckCard]: ...


#: what the player to move must do in each phase (the status line)
PHASE_TASKS = {
    Phase.START: "Move or draw a card", Phase.FREE: "Make a normal move", Phase.CARD: "Obey the card",
    Phase.KNIGHT2: "Move a knight again or stop", Phase.RELOCATE: "Relocate a piece",
    Phase.REMOVE: "Remove a piece", Phase.RECOVER: "Put back a lost piece", Phase.PRIZE: "Claim the prize",
    Phase.STEAL: "Steal a special card",
}

#: the accessible name of the pile of luck cards (click it to take a card)
PILE_TITLE = "Take a luck card from the pile: {count} left"

add_translations({
    PILE_TITLE: "Toma una carta de suerte del mazo: quedan {count}",
    # the status line and the buttons
    "Move or draw a card": "Mueve o toma carta", "Make a normal move": "Haz una jugada normal",
    "Obey the card": "Obedece la carta", "Move a knight again or stop": "Mueve otra vez un caballo o termina",
    "Relocate a piece": "Cambia una pieza de sitio", "Remove a piece": "Quita una pieza",
    "Put back a lost piece": "Recupera una pieza", "Claim the prize": "Reclama el premio",
    "Steal a special card": "Roba una carta especial", "in check: defend without drawing":
        "en jaque: defiende sin tomar carta",
    "playing": "jugando", "Resign": "Abandonar", "Draw a card": "Tomar carta",
    "used": "usadas",
    "No second knight move": "Sin segunda jugada de caballo", "Do not claim the prize": "No reclamar el premio",
    "Steal": "Robar", "resignation": "abandono", "lead king": "rey de plomo", "king captured": "rey capturado",
    # explanations of illegal input
    "a side in check may not draw: Rule 7": "un bando en jaque no puede tomar carta: regla 7",
    "no cards left to draw": "no quedan cartas que tomar",
    "the card {card} must be obeyed with the best possible order of moves: {moves} ...":
        "hay que obedecer la carta {card} con el mejor orden posible de jugadas: {moves} ...",
    # the move log
    "{move}, as the card says": "{move}, como manda la carta",
    "{move}, a second knight move": "{move}, segunda jugada de caballo",
    "did not move a knight again": "no movió otra vez un caballo",
    "drew a card": "tomó una carta",
    "moved {the_piece} on {origin} to {target} ({card})": "llevó {the_piece} de {origin} a {target} ({card})",
    "removed {the_piece} on {square}": "quitó {the_piece} de {square}",
    "put back {a_piece} on {square}": "recuperó {a_piece} en {square}",
    "claimed the prize: {a_piece} on {square}": "reclamó el premio: {a_piece} en {square}",
    "did not claim the prize": "no reclamó el premio",
    "stole the card {card}": "robó la carta {card}",
    "played the card {card}: the last move is taken back": "jugó la carta {card}: se deshace la última jugada",
    "claimed a draw": "reclamó tablas",
    "resigned the game": "abandonó la partida",
    "the piece": "la pieza",
})


def move_words(game: EdamiTable, move: chess.Move) -> str:
    """A chess move of the side to move in words, with ", check" when it gives one."""
    board = game.board
    words = chess_move_words(board, move, check=False)
    try:
        gives_check = board.gives_check(move)
    except (AssertionError, IndexError, ValueError):
        gives_check = False
    return t("{move}, check").format(move=words) if gives_check else words


def _the_piece(board: chess.Board, square: int) -> str:
    piece = board.piece_at(square)
    return t(THE_PIECE[piece.piece_type]) if piece else t("the piece")


def describe(game: EdamiTable, action: Action) -> str:
    """The move log's line for ``action`` (legal now, not yet played): who, then what, in words."""
    board = game.board
    match action.data:
        case ChessMove(kind=kind) as chess_move:
            words = move_words(game, chess_move.move())
            if kind == MoveKind.SUB:
                words = t("{move}, as the card says").format(move=words)
            elif kind == MoveKind.KNIGHT2:
                words = t("{move}, a second knight move").format(move=words)
        case Draw():
            words = t("drew a card")
        case Stop():
            words = t("did not move a knight again")
        case Relocate(source=source, target=target):
            words = t("moved {the_piece} on {origin} to {target} ({card})").format(
                the_piece=_the_piece(board, source), origin=chess.square_name(source),
                target=chess.square_name(target), card=t(CARD_TITLES["relocate"]))
        case Remove(square=square):
            words = t("removed {the_piece} on {square}").format(
                the_piece=_the_piece(board, square), square=chess.square_name(square))
        case Recover(piece_type=piece_type, square=square):
            words = t("put back {a_piece} on {square}").format(
                a_piece=t(A_PIECE[piece_type]), square=chess.square_name(square))
        case Prize(piece_type=piece_type, square=square):
            words = t("claimed the prize: {a_piece} on {square}").format(
                a_piece=t(A_PIECE[piece_type]), square=chess.square_name(square))
        case Decline():
            words = t("did not claim the prize")
        case Steal(card=card_id):
            titles = [card.spec.title() for card in game.steal_options() if card.id == card_id]
            words = t("stole the card {card}").format(card=f"«{titles[0]}»" if titles else t("a hidden card"))
        case Veto():
            words = t("played the card {card}: the last move is taken back").format(
                card=f"«{t(CARD_TITLES['veto'])}»")
        case Claim():
            words = t("claimed a draw")
        case Resign():
            words = t("resigned the game")
        case _:
            words = action.label
    return f"{game.seat_name(game.to_move)}: {words}"


def status_text(game: EdamiTable) -> str:
    """Whose turn and what they must do (the game is not over), in the current language."""
    who = game.seat_name(game.to_move)
    task = t(PHASE_TASKS[game.phase])
    if game.phase == Phase.START and game.in_check():
        task = t("in check: defend without drawing")
    if game.swapped:
        side = t("White") if game.board.turn == chess.WHITE else t("Black")
        return f"{who} ({t('playing')} {side}): {task}"
    return f"{who}: {task}"


def explain_illegal(game: EdamiTable, text: str) -> str:
    """Why ``text`` is not an action of the player to move now (the game is not over)."""
    task = PHASE_TASKS[game.phase]
    if game.phase in MOVE_PHASES:
        reason = why_not(game.board, text, game.moves())
        if reason is not None:
            return f"{reason} ({game.seat_name(game.to_move)}: {t(task).lower()})"
    hint = ""
    if game.phase == Phase.START and text == "draw":
        hint = " (" + (t("a side in check may not draw: Rule 7") if game.in_check()
                       else t("no cards left to draw")) + ")"
    elif game.phase == Phase.CARD and game.ctx.card is not None:
        hint = " (" + t("the card {card} must be obeyed with the best possible order of moves: {moves} ...").format(
            card=repr(game.ctx.card.spec.text()), moves=", ".join(a.text for a in game.legal_actions()[:8])) + ")"
    return t("{text} is not allowed now: {who}: {task}").format(
        text=repr(text), who=game.seat_name(game.to_move), task=t(task).lower()) + hint
