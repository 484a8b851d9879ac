"""Chess moves and attacks under an EDAMI temporary effect (§4.8.3, DECISION D36).

Without an effect that changes movement, python-chess decides legality. With
one, python-chess cannot be used directly (D36): we take its pseudo-legal
moves, add the extra knight jumps of the holder's super pieces, drop what the
effect forbids, generate castling ourselves, and test king safety with
:func:`attackers`, which counts exactly the squares a piece could capture on
under the effect:

- superqueen / superrooks / superbishops: the holder's Q / R / B also attack
  like a knight (so they also give check like one);
- no-retreat (D40): the holder's pieces neither move nor attack backwards;
- untouchable-pawns (D38): the rival may not capture the holder's pawns (en
  passant and king captures included). Kings are never pawns, so attacks on
  kings do not change.

Superknights, lead king and harakiri change no move of a single chess move and
leave python-chess in charge. ``king_capture`` (Carta Obligatoria, D33) keeps
pseudo-legal moves: the own king may be left attacked, castling still may not
start in, pass through or land on an attacked square.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess

SUPER_TYPES = {"superqueen": chess.QUEEN, "superrooks": chess.ROOK, "superbishops": chess.BISHOP}
MOVEMENT_EFFECTS = frozenset(("superqueen", "superrooks", "superbishops", "untouchable-pawns", "no-retreat"))

# Squares on ranks <= r and >= r, for the no-retreat attack filter.
_RANKS_UP_TO = [0] * 8
_RANKS_FROM = [0] * 8
for _rank in range(8):
    _RANKS_UP_TO[_rank] = sum(chess.BB_RANKS[r] for r in range(_rank + 1))
    _RANKS_FROM[_rank] = sum(chess.BB_RANKS[r] for r in range(_rank, 8))


@dataclass(frozen=True)
class Effect:
    """The active temporary effect: its name (``EFFECTS`` key) and the colour it helps."""

    name: str
    color: chess.Color


def attackers(board: chess.Board, by: chess.Color, square: chess.Square, effect: Effect | None,
              occupied: chess.Bitboard | None = None) -> chess.Bitboard:
    """The pieces of ``by`` that attack ``square`` under ``effect`` (D36)."""
    mask = board.attackers_mask(by, square, occupied)
    if effect is not None and effect.color == by:
        super_type = SUPER_TYPES.get(effect.name)
        if super_type is not None:
            mask |= chess.BB_KNIGHT_ATTACKS[square] & board.pieces_mask(super_type, by)
        elif effect.name == "no-retreat":
            rank = chess.square_rank(square)
            # a White attacker above the square would capture backwards (D40)
            mask &= _RANKS_UP_TO[rank] if by == chess.WHITE else _RANKS_FROM[rank]
    return mask


def in_check(board: chess.Board, color: chess.Color, effect: Effect | None) -> bool:
    """Is ``color``'s king attacked under ``effect``? (False when it has no king.)"""
    king = board.king(color)
    return king is not None and bool(attackers(board, not color, king, effect))


def is_castling(board: chess.Board, move: chess.Move) -> bool:
    """A king move of two files (standard chess notation e1g1)."""
    return bool(board.kings & chess.BB_SQUARES[move.from_square]) and \
        abs(chess.square_file(move.from_square) - chess.square_file(move.to_square)) == 2


def is_backward(move: chess.Move, color: chess.Color) -> bool:
    """D40: towards the mover's own side (sideways moves and castling are not backward)."""
    from_rank, to_rank = chess.square_rank(move.from_square), chess.square_rank(move.to_square)
    return to_rank < from_rank if color == chess.WHITE else to_rank > from_rank


def legal_moves(board: chess.Board, effect: Effect | None, king_capture: bool = False) -> list[chess.Move]:
    """Every move the side to move may make under ``effect`` (see the module docstring)."""
    if not king_capture and (effect is None or effect.name not in MOVEMENT_EFFECTS):
        return list(board.generate_legal_moves())
    turn = board.turn
    kings = board.kings
    moves = [move for move in board.generate_pseudo_legal_moves()
             if not (kings & chess.BB_SQUARES[move.from_square]
                     and abs((move.from_square & 7) - (move.to_square & 7)) == 2)]
    moves += _castling_moves(board, effect)
    if effect is not None:
        if effect.color == turn:
            super_type = SUPER_TYPES.get(effect.name)
            if super_type is not None:
                own = board.occupied_co[turn]
                for square in chess.scan_forward(board.pieces_mask(super_type, turn)):
                    for target in chess.scan_forward(chess.BB_KNIGHT_ATTACKS[square] & ~own):
                        moves.append(chess.Move(square, target))
            elif effect.name == "no-retreat":
                moves = [move for move in moves if not is_backward(move, turn)]
        elif effect.name == "untouchable-pawns":
            protected = board.pawns & board.occupied_co[effect.color]
            ep = board.ep_square
            moves = [move for move in moves if not (
                protected & chess.BB_SQUARES[move.to_square]
                or (ep is not None and move.to_square == ep and board.pawns & chess.BB_SQUARES[move.from_square]
                    and (move.from_square & 7) != (move.to_square & 7)))]
    if king_capture:
        return moves
    return [move for move in moves if _is_safe(board, move, effect)]


def _is_safe(board: chess.Board, move: chess.Move, effect: Effect | None) -> bool:
    """Does ``move`` leave the mover's own king unattacked under ``effect``?"""
    turn = board.turn
    board.push(move)
    try:
        return not in_check(board, turn, effect)
    finally:
        board.pop()


def _castling_moves(board: chess.Board, effect: Effect | None) -> list[chess.Move]:
    """python-chess's castling rules with the effect-aware attack test (standard chess only)."""
    turn = board.turn
    backrank = chess.BB_RANK_1 if turn == chess.WHITE else chess.BB_RANK_8
    king = board.occupied_co[turn] & board.kings & ~board.promoted & backrank
    if not king or board.chess960:
        return []
    king_square = chess.msb(king)
    king_bb = chess.BB_SQUARES[king_square]
    moves = []
    for candidate in chess.scan_reversed(board.clean_castling_rights() & backrank):
        rook = chess.BB_SQUARES[candidate]
        a_side = rook < king_bb
        king_to = chess.msb(chess.BB_FILE_C & backrank) if a_side else chess.msb(chess.BB_FILE_G & backrank)
        rook_to = chess.msb(chess.BB_FILE_D & backrank) if a_side else chess.msb(chess.BB_FILE_F & backrank)
        king_path = chess.between(king_square, king_to)
        rook_path = chess.between(candidate, rook_to)
        blocked = (board.occupied ^ king_bb ^ rook) & (king_path | rook_path | chess.BB_SQUARES[king_to]
                                                       | chess.BB_SQUARES[rook_to])
        if blocked:
            continue
        occupied = board.occupied ^ king_bb
        if any(attackers(board, not turn, square, effect, occupied)
               for square in chess.scan_forward(king_path | king_bb)):
            continue
        after = board.occupied ^ king_bb ^ rook ^ chess.BB_SQUARES[rook_to]
        if attackers(board, not turn, king_to, effect, after):
            continue
        moves.append(chess.Move(king_square, king_to))
    return moves
