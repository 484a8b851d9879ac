"""The words of PokerDrez for 4: its Spanish catalogue, the move log's sentences and the
explanations of illegal input.

:func:`describe` says an action of the seat to move, before it is played, as a
sentence in the current language (``PokerDrez4.describe`` calls it): "Yellow: knight
to f3 with the Blue Knight card" / "Amarillo: caballo a f3 con la carta Caballo Azul",
"Green: knight comes back on a10 with the Red Joker card", "Red: put the Grey Rook card
back among the common cards". The moves are said by the grid-chess layer
(:func:`drezlab.kits.gridchess.grid_move_words`), the cards by the card-chess layer
(:func:`drezlab.kits.cardchess.card_action_words`).
"""

from __future__ import annotations

from drezlab.core.action import Action
from drezlab.core.cards import Card
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.games.pokerdrez4.cross import KING, CrossBoard, move_text
from drezlab.kits.cardchess import CASTLE, PHASE_RETURN, CardChessGame, card_action_words, card_refusal
from drezlab.kits.chesstext import THE_PIECE
from drezlab.kits.gridchess import grid_move_words

#: refusals (whole sentences, so that Spanish word order is free)
REENTRY_REFUSED = ("{text} is not a possible re-entry for {who}: write the piece letter, '@' and its home square "
                   "(e.g. 'n@e1'); the piece must be in the reserve, its home may not hold one of your own pieces "
                   "or a king, and your king may not be left in check")
MOVE_REFUSED = ("{text} is not a legal move for {who} on the cross board: write from-square and to-square such as "
                "'h2h6' (files a-n, ranks 1-14), after a card such as 'J3:h2h6'")
CARD_FIRST = "on the cross board every move needs a card: write the card first, e.g. {example}"

add_translations({
    REENTRY_REFUSED: "{text} no es una reentrada posible para {who}: escribe la letra de la pieza, '@' y su casilla "
                     "de origen (por ejemplo 'n@e1'); la pieza debe estar en la reserva, en su casilla no puede haber "
                     "una pieza tuya ni un rey, y tu rey no puede quedar en jaque",
    MOVE_REFUSED: "{text} no es una jugada legal de {who} en el tablero en cruz: escribe la casilla de salida y la de "
                  "llegada, como 'h2h6' (columnas a-n, filas 1-14), tras una carta, como 'J3:h2h6'",
    CARD_FIRST: "en el tablero en cruz cada jugada necesita una carta: escribe primero la carta, por ejemplo {example}",
    "{text} is not allowed now: {who} must return one of {ids} to the common cards (e.g. {example})":
        "{text} no se puede ahora: {who} debe devolver una de {ids} a las cartas comunes (por ejemplo {example})",
    "the pile is empty, so this is plain chess: write just the move, e.g. {text}":
        "el mazo está vacío, así que es ajedrez normal: escribe solo la jugada, por ejemplo {text}",
    "Yellow": "Amarillo", "Green": "Verde", "Red": "Rojo", "Blue": "Azul",
    "Yellow and Red win": "Ganan Amarillo y Rojo", "Green and Blue win": "Ganan Verde y Azul",
    "Reserve": "Reserva", "in check": "en jaque", "Partner": "Pareja",
    "Plain chess: the cards no longer matter": "Ajedrez normal: las cartas ya no cuentan",
    "pawn": "peón", "knight": "caballo", "bishop": "alfil", "rook": "torre", "queen": "dama", "king": "rey",
})


def describe(game: CardChessGame, board: CrossBoard, action: Action) -> str:
    """The move log's line for ``action`` (legal now, not yet played) of the game on the cross
    ``board``: who, then what, in words (the game passes itself and its board, so the words
    read only the card-chess kit's public side and import no rules)."""
    who = game.seat_name(board.turn)
    words = card_action_words(game, action, lambda move: grid_move_words(board.pos, move, check=False))
    return f"{who}: {action.label if words is None else words}"


def explain_illegal(game: CardChessGame, board: CrossBoard, text: str) -> str:
    """Why ``text`` is not an action of the seat to move now on the cross ``board`` (the game
    is not over)."""
    seat = board.turn
    who = game.seat_name(seat)
    if game.phase == PHASE_RETURN:
        hand = game.hands[seat]
        ids = ", ".join(f"{card.id} ({card.name(get_language())})" for card in hand)
        return t("{text} is not allowed now: {who} must return one of {ids} to the common cards "
                 "(e.g. {example})").format(text=repr(text), who=who, ids=ids, example=repr(f"return {hand[0].id}"))
    source, sep, written = text.rpartition(":")
    if not sep:
        written = text
    legal = {move_text(move): move for move in board.legal_moves()}
    if written not in legal:
        if "@" in written:
            return t(REENTRY_REFUSED).format(text=repr(written), who=who)
        return t(MOVE_REFUSED).format(text=repr(written), who=who)
    if game.plain_chess:
        return t("the pile is empty, so this is plain chess: write just the move, e.g. {text}").format(
            text=repr(written))
    if not sep:
        return t(CARD_FIRST).format(example=repr(f"{game.available_cards()[0].id}:{written}"))
    move_class = board.move_class(legal[written])
    return card_refusal(source, game.available_cards(seat), who, t(THE_PIECE[min(move_class, KING)]),
                        move_class == CASTLE)
