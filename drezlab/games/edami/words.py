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

from typing import TYPE_CHECKING

import chess

from drezlab.core.action import Action
from drezlab.core.i18n import add_translations, t
from drezlab.core.words import chess_move_words
from drezlab.kits.chesstext import A_PIECE, THE_PIECE, why_not

if TYPE_CHECKING:
    from drezlab.games.edami.game import Edami

#: the phases in which the player to move makes a chess move (SAN accepted, illegal moves explained)
MOVE_PHASES = frozenset({"start", "free", "card", "knight2"})
#: what the player to move must do in each phase (the status line)
PHASE_TASKS = {
    "start": "Move or draw a card", "free": "Make a normal move", "card": "Obey the card",
    "knight2": "Move a knight again or stop", "relocate": "Relocate a piece", "remove": "Remove a piece",
    "recover": "Put back a lost piece", "prize": "Claim the prize", "steal": "Steal a special card",
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


def move_words(game: Edami, move: chess.Move) -> str:
    """A chess move of the side to move in words, with ", check" when it gives one."""
    board = game.board
    words = chess_move_words(board, move, check=False)
    try:
        gives_check = board.gives_check(move)
    except (AssertionError, IndexError, ValueError):
        gives_check = False
    return t("{move}, check").format(move=words) if gives_check else words


def describe(game: Edami, action: Action) -> str:
    """The move log's line for ``action`` (legal now, not yet played): who, then what, in words."""
    from drezlab.games.edami.cards import _TITLES

    who = game.seat_name(game.to_move)
    board = game.board
    data = action.data
    kind = data[0]
    if kind in ("move", "sub", "knight2"):
        words = move_words(game, chess.Move(data[1], data[2], data[3]))
        if kind == "sub":
            words = t("{move}, as the card says").format(move=words)
        elif kind == "knight2":
            words = t("{move}, a second knight move").format(move=words)
    elif kind == "draw":
        words = t("drew a card")
    elif kind == "stop":
        words = t("did not move a knight again")
    elif kind == "relocate":
        piece = board.piece_at(data[1])
        words = t("moved {the_piece} on {origin} to {target} ({card})").format(
            the_piece=t(THE_PIECE[piece.piece_type]) if piece else t("the piece"),
            origin=chess.square_name(data[1]), target=chess.square_name(data[2]), card=t(_TITLES["relocate"]))
    elif kind == "remove":
        piece = board.piece_at(data[1])
        words = t("removed {the_piece} on {square}").format(
            the_piece=t(THE_PIECE[piece.piece_type]) if piece else t("the piece"), square=chess.square_name(data[1]))
    elif kind in ("recover", "prize"):
        key = "put back {a_piece} on {square}" if kind == "recover" else "claimed the prize: {a_piece} on {square}"
        words = t(key).format(a_piece=t(A_PIECE[data[1]]), square=chess.square_name(data[2]))
    elif kind == "decline":
        words = t("did not claim the prize")
    elif kind == "steal":
        titles = [card.spec.title() for card in game._steal_options() if card.id == data[1]]
        words = t("stole the card {card}").format(card=f"«{titles[0]}»" if titles else t("a hidden card"))
    elif kind == "veto":
        words = t("played the card {card}: the last move is taken back").format(card=f"«{t(_TITLES['veto'])}»")
    elif kind == "claim":
        words = t("claimed a draw")
    elif kind == "resign":
        words = t("resigned the game")
    else:
        words = action.label
    return f"{who}: {words}"


def explain_illegal(game: Edami, text: str) -> str:
    """Why ``text`` is not an action of the player to move now (the game is not over)."""
    task = PHASE_TASKS[game.phase]
    if game.phase in MOVE_PHASES:
        reason = why_not(game.board, text, game._legal_moves())
        if reason is not None:
            return f"{reason} ({game.seat_name(game.to_move)}: {t(task).lower()})"
    hint = ""
    if game.phase == "start" and text == "draw":
        hint = " (" + (t("a side in check may not draw: Rule 7") if game.in_check()
                       else t("no cards left to draw")) + ")"
    elif game.phase == "card" and game.ctx.card is not None:
        hint = " (" + t("the card {card} must be obeyed with the best possible order of moves: {moves} ...").format(
            card=repr(game.ctx.card.spec.text()), moves=", ".join(a.text for a in game._legal()[:8])) + ")"
    return t("{text} is not allowed now: {who}: {task}").format(
        text=repr(text), who=game.seat_name(game.to_move), task=t(task).lower()) + hint
