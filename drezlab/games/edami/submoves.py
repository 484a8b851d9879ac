"""The sub-moves an action card orders (D27 revised, rules/chess-cards.md §4.5), as pure functions.

A card such as "Mueve +: K Q" lists entries (piece types); the side obeys it with
sub-moves, each moving one not yet moved piece whose type fills a remaining entry, as
many as it can. m* is the most entries any order of sub-moves fills; a sub-move that
gives check ends the turn at once (Rule 6) and counts only its own entry. D27
(revised): a sub-move that fills an entry and gives check is always allowed; any other
only if m* can still be reached after it. A check is never compulsory.

Every function takes a python-chess board (never changed: sub-moves are tried on
copies), the entries still to fill, the squares of pieces already moved, the active
temporary effect and whether kings may be captured, and returns its result.
"""

from __future__ import annotations

from collections.abc import Collection

import chess

from drezlab.games.edami.moves import (
    MOVEMENT_EFFECTS,
    Effect,
    in_check,
    is_castling,
    legal_moves,
)


def candidates(board: chess.Board, remaining: tuple[int, ...], moved: Collection[int], effect: Effect | None,
               king_capture: bool) -> list[chess.Move]:
    """Legal moves of unmoved pieces whose type fills a remaining entry, in the order of
    :func:`~drezlab.games.edami.moves.legal_moves`.

    Where python-chess decides legality alone (no movement effect, no king capture) it is
    asked for the moves from those pieces' squares only (``from_mask``): its masked
    generation yields the full list's moves from those squares in the same order, and
    skips the other pieces (the sub-move search asks here for every position it tries:
    about a third of its time with the full list)."""
    from_mask = 0
    for piece_type in set(remaining):
        from_mask |= board.pieces_mask(piece_type, board.turn)
    for square in moved:
        from_mask &= ~chess.BB_SQUARES[square]
    if not king_capture and (effect is None or effect.name not in MOVEMENT_EFFECTS):
        return list(board.generate_legal_moves(from_mask))
    return [move for move in legal_moves(board, effect, king_capture) if from_mask & chess.BB_SQUARES[move.from_square]]


def after_sub(board: chess.Board, move: chess.Move, effect: Effect | None) -> tuple[chess.Board, bool]:
    """The board after a sub-move with the same side to move again, and whether it gave
    check (or took the king): both end the turn (Rule 6)."""
    mover = board.turn
    after = board.copy(stack=False)
    took_king = bool(after.kings & chess.BB_SQUARES[move.to_square])
    after.push(move)
    ended = took_king or in_check(after, not mover, effect)
    after.turn = mover
    after.ep_square = None
    after.clear_stack()
    return after, ended


def fill(remaining: tuple[int, ...], piece_type: int) -> tuple[int, ...]:
    """The entries left once one of ``piece_type`` is filled."""
    index = remaining.index(piece_type)
    return remaining[:index] + remaining[index + 1:]


def moved_after(board: chess.Board, move: chess.Move, moved: frozenset[int]) -> frozenset[int]:
    """The squares of moved pieces after ``move`` (D28: a castled rook counts as moved too)."""
    squares = {move.to_square}
    if is_castling(board, move):
        rank = chess.square_rank(move.from_square)
        squares.add(chess.square(5 if move.to_square > move.from_square else 3, rank))
    return moved | squares


def best(board: chess.Board, remaining: tuple[int, ...], need: int, moved: frozenset[int], goal: int,
         effect: Effect | None, king_capture: bool) -> int:
    """m* of D27: the most entries (at most ``need``) any sequence of sub-moves from
    here fills, a checking sub-move ending its sequence and counting only its own
    entry; the search stops once ``goal`` is reached."""
    found = 0
    if need <= 0:
        return 0
    for move in candidates(board, remaining, moved, effect, king_capture):
        after, ended = after_sub(board, move, effect)
        value = 1 if ended or need == 1 else \
            1 + _rest(board, move, after, remaining, need, moved, goal, effect, king_capture)
        if value > found:
            found = value
            if found >= goal:
                break
    return found


def _rest(board: chess.Board, move: chess.Move, after: chess.Board, remaining: tuple[int, ...], need: int,
          moved: frozenset[int], goal: int, effect: Effect | None, king_capture: bool) -> int:
    """The most entries the sub-moves after ``move`` (played: ``after``) still fill."""
    piece_type = board.piece_type_at(move.from_square)
    assert piece_type is not None
    return best(after, fill(remaining, piece_type), need - 1, moved_after(board, move, moved), goal - 1,
                effect, king_capture)


def allowed(board: chess.Board, remaining: tuple[int, ...], need: int, target: int, moved: frozenset[int],
            effect: Effect | None, king_capture: bool, excluded: str | None = None,
            excluded_type: int = 0) -> list[chess.Move]:
    """The sub-moves D27 (revised) allows now, ``target`` being m* of the card from here:
    a checking sub-move always, any other only if ``target`` stays reachable after it.
    A veto correction (``excluded``: the move taken back) must move another piece of
    the same type (``excluded_type``)."""
    moves = candidates(board, remaining, moved, effect, king_capture)
    if excluded is not None:
        moves = [move for move in moves if move.uci() != excluded
                 and board.piece_type_at(move.from_square) == excluded_type]
    result = []
    for move in moves:
        after, ended = after_sub(board, move, effect)
        if ended or target <= 1 or \
                1 + _rest(board, move, after, remaining, need, moved, target, effect, king_capture) >= target:
            result.append(move)
    return result
