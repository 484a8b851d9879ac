"""The words of PokerDrez: its Spanish catalogue, the move log's sentences, the
explanations of illegal input and the click reasons.

:func:`describe` says an action of the seat to move, before it is played, as a
sentence in the current language (``PokerDrez.describe`` calls it):

* a move with the card (or die) that backs it: "White: knight to f3 with the Blue
  Knight card" / "Blancas: caballo a f3 con la carta Caballo Azul" (the shared phrases
  of :mod:`drezlab.core.words` and :func:`drezlab.kits.cardchess.card_action_words`);
* the rest: "Black: removed the pawn on c7", "White: put the Red Pawn card back among
  the common cards", "Black: raised the bet to 3", "White: accepted the raise".

Notation stays one click away: the actions' texts (``J3:e2e4``) and ``PokerDrez.pgn``.
"""

from __future__ import annotations

import chess

from drezlab.core.action import Action
from drezlab.core.cards import Card, Figure
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.core.words import chess_move_words
from drezlab.games.pokerdrez.actions import (
    PHASE_ANSWER,
    PHASE_REMOVE,
    Accept,
    KeepPawns,
    Raise,
    Refuse,
    RemovePawn,
)
from drezlab.games.pokerdrez.meta import WHITE
from drezlab.kits.cardchess import (
    CASTLE,
    DIE,
    PHASE_RETURN,
    CardChessGame,
    card_action_words,
    card_refusal,
    deck_card_words,
)
from drezlab.kits.chesstext import THE_PIECE, why_not

add_translations({
    # the move log
    "removed the pawn on {square}": "quitó el peón de {square}",
    "kept all pawns": "conservó todos los peones",
    "raised the bet to {amount}": "subió la apuesta a {amount}",
    "accepted the raise": "aceptó la subida",
    "refused the raise and lost the game": "rechazó la subida y perdió la partida",
    # explanations of illegal input
    "{text} is not allowed now: {who} may remove one own pawn still on its first square "
    "(write 'remove e7') or keep all pawns ('keep')":
        "{text} no se puede ahora: {who} puede quitar un peón propio que siga en su casilla inicial "
        "(escribe 'remove e7') o conservar todos los peones ('keep')",
    "White may not remove the pawn on Black's file": "las Blancas no pueden quitar el peón de la columna de las Negras",
    # the status line of the two questions (a whole phrase: Spanish opens a question with "¿")
    "{who}: remove pawns?": "{who}: ¿quitar peones?",
    "{who}: accept the bet of {bet}?": "{who}: ¿aceptas la apuesta de {bet}?",
    "{text} is not allowed now: {who} must return one of {ids} to the common cards (e.g. {example})":
        "{text} no se puede ahora: {who} debe devolver una de {ids} a las cartas comunes (por ejemplo {example})",
    "{text} is not allowed now: {who} must answer the raise with 'accept', 'refuse' or a higher 'raise N'":
        "{text} no se puede ahora: {who} debe responder a la subida con 'accept', 'refuse' o un 'raise N' mayor",
    "{text} is not a legal chess move here (plain chess: write a move such as 'e2e4')":
        "{text} no es una jugada de ajedrez legal aquí (ajedrez normal: escribe una jugada como 'e2e4')",
    "{text} is not an action: write a card and a move such as 'J3:e2e4', or 'roll', 'X1>pile', 'return Q5'":
        "{text} no es una acción: escribe una carta y una jugada como 'J3:e2e4', o 'roll', 'X1>pile', 'return Q5'",
    "{text} is not a chess move: write it like e2e4 (or e7e8q to promote)":
        "{text} no es una jugada de ajedrez: escríbela como e2e4 (o e7e8q para coronar)",
    "the pile is empty, so this is plain chess: write just the move, e.g. {text}":
        "el mazo está vacío, así que es ajedrez normal: escribe solo la jugada, por ejemplo {text}",
    "the die has not been rolled this turn": "el dado no se ha tirado en este turno",
    "the die shows {value} ({figure}), which does not permit {move}":
        "el dado marca {value} ({figure}), que no permite {move}",
    "the piece": "la pieza",
})


def describe(game: CardChessGame, board: chess.Board, action: Action) -> str:
    """The move log's line for ``action`` (legal now, not yet played) of ``game``, whose
    board is ``board``: who, then what, in words."""
    who = game.seat_name(game._seat)
    words = card_action_words(game, action, lambda move: chess_move_words(board, move, check=False),
                              lambda move: check_key(board, move))
    if words is None:
        match action.data:
            case RemovePawn(square=square):
                words = t("removed the pawn on {square}").format(square=chess.square_name(square))
            case KeepPawns():
                words = t("kept all pawns")
            case Raise(amount=amount):
                words = t("raised the bet to {amount}").format(amount=amount)
            case Accept():
                words = t("accepted the raise")
            case Refuse():
                words = t("refused the raise and lost the game")
            case _:
                words = action.label
    return f"{who}: {words}"


def check_key(board: chess.Board, move: chess.Move) -> str | None:
    """The phrase after a move that gives check ("{move}, check") or mate, or ``None``."""
    board.push(move)
    try:
        if board.is_checkmate():
            return "{move}, checkmate"
        return "{move}, check" if board.is_check() else None
    finally:
        board.pop()


def explain_illegal(game: CardChessGame, board: chess.Board, text: str) -> str:
    """Why ``text`` is not an action of the seat to move now in ``game`` (not over), whose
    board is ``board``."""
    who = game.seat_name(game._seat)
    if game._phase == PHASE_REMOVE:
        return (t("{text} is not allowed now: {who} may remove one own pawn still on its first square "
                  "(write 'remove e7') or keep all pawns ('keep')").format(text=repr(text), who=who)
                + ("; " + t("White may not remove the pawn on Black's file") if game._seat == WHITE else ""))
    if game._phase == PHASE_RETURN:
        hand = game._hands[game._seat]
        ids = ", ".join(f"{card.id} ({card.name(get_language())})" for card in hand)
        return t("{text} is not allowed now: {who} must return one of {ids} to the common cards "
                 "(e.g. {example})").format(text=repr(text), who=who, ids=ids, example=repr(f"return {hand[0].id}"))
    if game._phase == PHASE_ANSWER:
        return t("{text} is not allowed now: {who} must answer the raise with 'accept', 'refuse' or a higher "
                 "'raise N'").format(text=repr(text), who=who)
    source, sep, move_text = text.partition(":")
    if not sep:
        if game.plain_chess:
            reason = why_not(board, text, board.legal_moves)
            return reason or t("{text} is not a legal chess move here (plain chess: write a move such as "
                               "'e2e4')").format(text=repr(text))
        return t("{text} is not an action: write a card and a move such as 'J3:e2e4', or 'roll', 'X1>pile', "
                 "'return Q5'").format(text=repr(text))
    try:
        move = chess.Move.from_uci(move_text)
    except ValueError:
        return t("{text} is not a chess move: write it like e2e4 (or e7e8q to promote)").format(text=repr(move_text))
    if game.plain_chess:
        return t("the pile is empty, so this is plain chess: write just the move, e.g. {text}").format(
            text=repr(move_text))
    if move not in board.legal_moves:
        return why_not(board, move_text, board.legal_moves) or t(
            "{move} is not a legal move in this position").format(move=move_text)
    if source == DIE:
        if game.die_value is None:
            return t("the die has not been rolled this turn")
        return t("the die shows {value} ({figure}), which does not permit {move}").format(
            value=game.die_value, figure=t(Figure(game.die_value).english), move=move_text)
    piece = board.piece_at(move.from_square)
    return card_refusal(source, game.available_cards(game._seat), who,
                        t(THE_PIECE[piece.piece_type]) if piece else t("the piece"),
                        game._source.move_classes([move])[0] == CASTLE)


def idle_source_reason(source: Card | str) -> str:
    """The click reason of a card (or the die) that permits no legal move now."""
    return t("{card} permits no legal move now").format(card=t("the die") if source == DIE else deck_card_words(source))
