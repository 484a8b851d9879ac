"""Chess moves as teachers and pupils write them, and why one cannot be played.

Shared by the chess-with-cards games built on python-chess (PokerDrez, EDAMI):

* :func:`san_to_uci` reads SAN (``Nf3``, ``exd5``, ``O-O``, ``e8=Q``) against the
  game's own legal chess moves, so the game still decides what is legal (a card
  may allow less than chess does, EDAMI's effects may allow more);
* :func:`why_not` explains in words a pupil can read why a move written in UCI
  or SAN cannot be played now: no piece there, the other side's piece, a piece
  that does not move that way, a king left in check. The sentences are
  translated with :func:`drezlab.core.i18n.t`.
"""

from __future__ import annotations

from typing import Callable, Iterable

import chess

from drezlab.core.i18n import add_translations, t

#: piece names with their article, as the explanations use them (translated with ``t``:
#: Spanish articles agree with the piece, "la torre", "un alfil")
THE_PIECE = {chess.PAWN: "the pawn", chess.KNIGHT: "the knight", chess.BISHOP: "the bishop",
             chess.ROOK: "the rook", chess.QUEEN: "the queen", chess.KING: "the king"}
A_PIECE = {chess.PAWN: "a pawn", chess.KNIGHT: "a knight", chess.BISHOP: "a bishop",
           chess.ROOK: "a rook", chess.QUEEN: "a queen", chess.KING: "a king"}


def _plain_san(text: str) -> str:
    """SAN without check marks, annotations and the 'x' of captures, O-O written with letters."""
    cleaned = text.strip().replace("0-0-0", "O-O-O").replace("0-0", "O-O")
    return cleaned.rstrip("+#!?").replace("x", "").replace("=", "")


def san_to_uci(board: chess.Board, text: str, legal: Iterable[chess.Move]) -> str | None:
    """The UCI text of the move among ``legal`` written ``text`` in SAN, or ``None``.

    Each legal move is written in SAN on ``board`` (python-chess) and compared
    without check marks, so a move the game allows but chess does not is matched
    through the same letters; an ambiguous text (two moves, same SAN) gives ``None``."""
    wanted = _plain_san(text)
    if not wanted or len(wanted) > 8:
        return None
    found: list[chess.Move] = []
    for move in legal:
        try:
            written = board.san(move)
        except (ValueError, AssertionError, IndexError):
            continue
        if _plain_san(written) == wanted:
            found.append(move)
    return found[0].uci() if len(found) == 1 else None


def why_not(board: chess.Board, text: str, legal: Iterable[chess.Move]) -> str | None:
    """Why the chess move ``text`` (UCI, or SAN) cannot be played on ``board`` now, or
    ``None`` if ``text`` is not written as a chess move at all. ``legal`` are the
    moves the game allows now (``board.turn`` is the side to move)."""
    legal = list(legal)
    try:
        move = chess.Move.from_uci(text.strip())
    except ValueError:
        return _why_not_san(board, text)
    side = t("White") if board.turn == chess.WHITE else t("Black")
    piece = board.piece_at(move.from_square)
    origin, target = chess.square_name(move.from_square), chess.square_name(move.to_square)
    if piece is None:
        return t("there is no piece on {square}").format(square=origin)
    owner = t("White") if piece.color == chess.WHITE else t("Black")
    if piece.color != board.turn:
        return t("the piece on {square} belongs to {owner} and {side} are to move").format(
            square=origin, owner=owner, side=side)
    name = t(THE_PIECE[piece.piece_type])
    if any(m.from_square == move.from_square and m.to_square == move.to_square for m in legal):
        return t("a pawn that reaches the last rank must be promoted: add q, r, b or n (e.g. {move}q)").format(
            move=origin + target)
    if move in board.pseudo_legal_moves or (move.promotion is None and chess.Move(
            move.from_square, move.to_square, chess.QUEEN) in board.pseudo_legal_moves):
        if board.is_check():
            return t("{side} are in check: {move} does not get the king out of check").format(side=side, move=text)
        return t("{move} would leave the {side} king in check").format(move=text, side=side)
    if any(m.from_square == move.from_square for m in legal):
        return t("{the_piece} on {origin} cannot go to {target} now").format(the_piece=name, origin=origin,
                                                                              target=target)
    return t("{the_piece} on {origin} cannot move now").format(the_piece=name, origin=origin)


def _why_not_san(board: chess.Board, text: str) -> str | None:
    """Why a SAN text is not a move now, or ``None`` if it does not look like SAN."""
    try:
        board.parse_san(text)
    except chess.IllegalMoveError:
        return t("{move} is not a legal move in this position").format(move=text)
    except chess.AmbiguousMoveError:
        return t("{move} could be more than one move: say which piece, e.g. Nbd2, or write it like g1f3").format(
            move=text)
    except (chess.InvalidMoveError, ValueError):
        return None
    return t("{move} is a chess move, but not one allowed now").format(move=text)


def square_reasons(board: chess.Board, side: chess.Color, usable: set[str],
                   unbacked: Callable[[int], bool] | None = None) -> dict[str, str]:
    """Why each square of ``board`` that no action of ``side`` uses cannot be clicked now
    (for ``Game.click_reasons``): the other side's piece, an own piece without a move
    (or, with ``unbacked(piece_type)`` true, without a card that moves its kind), an
    empty square no move reaches. Squares in ``usable`` are left out."""
    owner_names = {chess.WHITE: t("White"), chess.BLACK: t("Black")}
    reasons: dict[str, str] = {}
    for square in chess.SQUARES:
        name = chess.square_name(square)
        if name in usable:
            continue
        piece = board.piece_at(square)
        if piece is None:
            reasons[name] = t("no move of yours ends on {square} now").format(square=name)
        elif piece.color != side:
            reasons[name] = t("that piece belongs to {owner}").format(owner=owner_names[piece.color])
        elif unbacked is not None and unbacked(piece.piece_type):
            reasons[name] = t("no card of yours moves {a_piece}").format(a_piece=t(A_PIECE[piece.piece_type]))
        else:
            reasons[name] = t("{the_piece} on {origin} cannot move now").format(
                the_piece=t(THE_PIECE[piece.piece_type]), origin=name)
    return reasons


add_translations({
    "{card} permits no legal move now": "{card} no permite ahora ninguna jugada legal",
    "the die": "el dado",
    "no card of yours moves {a_piece}": "ninguna carta tuya mueve {a_piece}",
    "the pawn": "el peón", "the knight": "el caballo", "the bishop": "el alfil", "the rook": "la torre",
    "the queen": "la dama", "the king": "el rey", "a pawn": "un peón", "a knight": "un caballo",
    "a bishop": "un alfil", "a rook": "una torre", "a queen": "una dama", "a king": "un rey",
    "a pawn that reaches the last rank must be promoted: add q, r, b or n (e.g. {move}q)":
        "un peón que llega a la última fila se corona: añade q, r, b o n (por ejemplo {move}q)",
    "{side} are in check: {move} does not get the king out of check":
        "las {side} están en jaque: {move} no saca al rey del jaque",
    "{move} would leave the {side} king in check": "{move} dejaría en jaque al rey de las {side}",
    "{the_piece} on {origin} cannot go to {target} now": "{the_piece} de {origin} no puede ir ahora a {target}",
    "{the_piece} on {origin} cannot move now": "{the_piece} de {origin} no puede moverse ahora",
    "{move} is not a legal move in this position": "{move} no es una jugada legal en esta posición",
    "{move} could be more than one move: say which piece, e.g. Nbd2, or write it like g1f3":
        "{move} puede ser más de una jugada: di qué pieza, por ejemplo Nbd2, o escríbela como g1f3",
    "{move} is a chess move, but not one allowed now": "{move} es una jugada de ajedrez, pero no está permitida ahora",
})
