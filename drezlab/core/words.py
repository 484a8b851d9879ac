"""What happened, in words a ten-year-old reads: the shared phrases of the move logs.

Every game's ``describe`` says an action as a sentence in the current language
(:func:`drezlab.core.i18n.get_language`), never as its notation: "White: knight to f3 with
the Blue Knight card", "Blancas: caballo a f3 con la carta Caballo Azul". This module holds
what several games say the same way:

* :func:`piece_name` -- a chess piece's name ("knight" / "caballo");
* :func:`san_in` -- chess notation as a pupil of that language reads it: Spanish piece
  letters R D T A C (rey, dama, torre, alfil, caballo; pawns have none): "Nf3" -> "Cf3",
  "Rxe1" -> "Txe1", "e8=Q" -> "e8=D"; :func:`pgn_in` the same for a PGN's moves;
* :func:`chess_move_words` -- a python-chess move on its board as words ("knight to f3",
  "pawn takes on d5", "castles kingside", "pawn to e8, becomes a queen");
* :func:`card_words` -- a card by the name the deck prints on it, with the article
  ("the Blue Queen card" / "la carta Dama Azul"), so a card's id (``Q5``) never stands
  alone in a log;
* :func:`count_words` -- "1 point" / "2 points", singular and plural right.

The sentences are English keys translated with :func:`~drezlab.core.i18n.t`, so a game's
own words module registers only what is its own.
"""

from __future__ import annotations

import re
from typing import Any

import chess

from drezlab.core.i18n import add_translations, get_language, t

__all__ = ["PIECE_NAMES", "card_words", "chess_move_words", "count_words", "pgn_in", "piece_name", "san_in"]

#: chess piece names by python-chess piece type
PIECE_NAMES = {chess.PAWN: "pawn", chess.KNIGHT: "knight", chess.BISHOP: "bishop", chess.ROOK: "rook",
               chess.QUEEN: "queen", chess.KING: "king"}
#: the piece letters of Spanish notation (SAN's K Q R B N)
SPANISH_LETTERS = str.maketrans("KQRBN", "RDTAC")

add_translations({
    "pawn": "peón", "knight": "caballo", "bishop": "alfil", "rook": "torre", "queen": "dama", "king": "rey",
    "{piece} to {square}": "{piece} a {square}",
    "{piece} takes on {square}": "{piece} captura en {square}",
    "pawn takes on {square} en passant": "peón captura en {square} al paso",
    "castles kingside": "enroque corto",
    "castles queenside": "enroque largo",
    "{move}, becomes a {piece}": "{move} y corona {piece}",
    "{move}, check": "{move}, jaque",
    "{move}, checkmate": "{move}, jaque mate",
    "the {name} card": "la carta {name}",
    "a hidden card": "una carta oculta",
    "a neutral card": "una carta neutral",
    "{count} point": "{count} punto",
    "{count} points": "{count} puntos",
})


def piece_name(piece_type: int) -> str:
    """A chess piece's name in the current language ("knight" / "caballo")."""
    return t(PIECE_NAMES[piece_type])


def san_in(san: str, language: str | None = None) -> str:
    """Chess notation (SAN) as a pupil of ``language`` (default: the current one) writes it:
    Spanish piece letters R D T A C; files, squares and castling stay as they are."""
    if (language or get_language()) != "es":
        return san
    return san.translate(SPANISH_LETTERS)


def pgn_in(pgn: str, language: str | None = None) -> str:
    """A PGN text with its moves written as a pupil of ``language`` writes them
    (:func:`san_in`): the tag pairs ``[...]`` and the comments ``{...}`` are left as they
    are, so a Spanish pupil reads "1. e4 Cf6 2. Ab5" (chess software reads only the
    English letters: keep the original for it)."""
    if (language or get_language()) != "es":
        return pgn
    parts = re.split(r"(\{[^}]*\}|\[[^\]]*\])", pgn)
    return "".join(part if part[:1] in ("{", "[") else san_in(part, "es") for part in parts)


def chess_move_words(board: chess.Board, move: chess.Move, check: bool = True) -> str:
    """``move`` (legal on ``board``, before it is played) in words in the current language:
    "knight to f3", "pawn takes on d5", "castles kingside", "pawn to e8, becomes a queen",
    with ", check" or ", checkmate" after it when ``check`` (python-chess decides)."""
    piece = board.piece_at(move.from_square)
    square = chess.square_name(move.to_square)
    if piece is not None and piece.piece_type == chess.KING and board.is_castling(move):
        words = t("castles kingside") if board.is_kingside_castling(move) else t("castles queenside")
    elif board.is_en_passant(move):
        words = t("pawn takes on {square} en passant").format(square=square)
    else:
        name = piece_name(piece.piece_type) if piece is not None else "?"
        template = "{piece} takes on {square}" if board.is_capture(move) else "{piece} to {square}"
        words = t(template).format(piece=name, square=square)
    if move.promotion:
        words = t("{move}, becomes a {piece}").format(move=words, piece=piece_name(move.promotion))
    if check and board.is_legal(move):
        board.push(move)
        try:
            if board.is_checkmate():
                words = t("{move}, checkmate").format(move=words)
            elif board.is_check():
                words = t("{move}, check").format(move=words)
        finally:
            board.pop()
    return words


def card_words(card: Any) -> str:
    """A card by the name the deck prints on it, with its article, in the current language:
    "the Blue Queen card" / "la carta Dama Azul" (:meth:`drezlab.core.cards.Card.name`)."""
    if getattr(card, "is_unknown", False):
        return t("a hidden card")
    if getattr(card, "is_neutral", False):
        return t("a neutral card")
    return t("the {name} card").format(name=card.name(get_language()))


def count_words(count: int, singular: str) -> str:
    """"1 point", "2 points" (``singular`` is "point": the key of both forms)."""
    key = "{count} " + singular if count == 1 else "{count} " + singular + "s"
    return t(key).format(count=count)
