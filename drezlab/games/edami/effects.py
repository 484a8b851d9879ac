"""What EDAMI's action cards may do to the board (§4.4 and D30–D32), as pure functions.

Each function takes a python-chess board and what the card says (its spec, the lost
pieces, the bomb mode, the active temporary effect, whether kings may be captured) and
returns the choices the card leaves the side to move: Cambia's relocations, the squares
Quita and Bomba may empty, the lost pieces Recupera or a prize may put back, the
objectives a move fulfils. Boards are changed only by the ``apply_*`` functions (the
card's effect itself); the searches put back every piece they lift.
"""

from __future__ import annotations

from collections.abc import Sequence

import chess

from drezlab.games.edami.cards import CardSpec, LuckCard
from drezlab.games.edami.moves import SUPER_TYPES, Effect, attackers, in_check

ZONE_MASKS = {
    "center": chess.BB_D4 | chess.BB_E4 | chess.BB_D5 | chess.BB_E5,
    "wide-center": sum(chess.BB_SQUARES[chess.square(f, r)] for f in range(2, 6) for r in range(2, 6)),
    "queenside": chess.BB_FILE_A | chess.BB_FILE_B | chess.BB_FILE_C,
    "kingside": chess.BB_FILE_F | chess.BB_FILE_G | chess.BB_FILE_H,
}
HALF_MASKS = {chess.WHITE: chess.BB_RANK_1 | chess.BB_RANK_2 | chess.BB_RANK_3 | chess.BB_RANK_4,
              chess.BLACK: chess.BB_RANK_5 | chess.BB_RANK_6 | chess.BB_RANK_7 | chess.BB_RANK_8}
#: the squares a pawn may stand on (a card never puts one on rank 1 or 8)
PAWN_RANKS = sum(chess.BB_RANKS[r] for r in range(1, 7))


def relocations(board: chess.Board, effect: Effect | None, king_capture: bool) -> list[tuple[int, int]]:
    """Cambia: (from, to) pairs that leave the own king safe (unless king capture).

    Exactly "put the piece there and test check", with most tests decided on
    bitboards: an own piece is only a blocker; a rival piece can only add an attack
    from a square it would attack the king from (:func:`reach`), when its removal
    exposed nothing. The board is the same afterwards."""
    mover = board.turn
    rival = not mover
    movable = board.occupied_co[mover] | (board.occupied_co[rival] & ~board.kings)
    empty = ~board.occupied & chess.BB_ALL
    king = board.king(mover)
    result = []
    for source in chess.scan_forward(movable):
        piece = board.remove_piece_at(source)
        assert piece is not None
        targets = empty
        if piece.piece_type == chess.PAWN:
            targets &= PAWN_RANKS
        if king_capture or king is None:
            result += [(source, target) for target in chess.scan_forward(targets)]
        elif piece.color == mover and piece.piece_type == chess.KING:
            result += [(source, target) for target in chess.scan_forward(targets)
                       if not attackers(board, rival, target, effect, board.occupied | chess.BB_SQUARES[target])]
        elif piece.color == mover:
            if not attackers(board, rival, king, effect):
                result += [(source, target) for target in chess.scan_forward(targets)]
            else:
                result += [(source, target) for target in chess.scan_forward(targets)
                           if not attackers(board, rival, king, effect, board.occupied | chess.BB_SQUARES[target])]
        else:
            exposed = bool(attackers(board, rival, king, effect))
            within = chess.BB_ALL if exposed else reach(piece, king, effect)
            for target in chess.scan_forward(targets):
                if within & chess.BB_SQUARES[target]:
                    board.set_piece_at(target, piece)
                    safe = not in_check(board, mover, effect)
                    board.remove_piece_at(target)
                    if not safe:
                        continue
                result.append((source, target))
        board.set_piece_at(source, piece)
    return result


def reach(piece: chess.Piece, king: int, effect: Effect | None) -> int:
    """Squares from which ``piece`` could attack ``king`` on an empty board (under the
    effect): elsewhere, placing it cannot give the king a new attacker."""
    piece_type = piece.piece_type
    squares = 0
    if piece_type == chess.PAWN:
        squares = chess.BB_PAWN_ATTACKS[not piece.color][king]
    elif piece_type == chess.KNIGHT:
        squares = chess.BB_KNIGHT_ATTACKS[king]
    elif piece_type == chess.KING:
        squares = chess.BB_KING_ATTACKS[king]
    if piece_type in (chess.ROOK, chess.QUEEN):
        squares |= chess.BB_RANK_ATTACKS[king][0] | chess.BB_FILE_ATTACKS[king][0]
    if piece_type in (chess.BISHOP, chess.QUEEN):
        squares |= chess.BB_DIAG_ATTACKS[king][0]
    if effect is not None and effect.color == piece.color and SUPER_TYPES.get(effect.name) == piece_type:
        squares |= chess.BB_KNIGHT_ATTACKS[king]
    return squares


def zone_mask(spec: CardSpec, turn: chess.Color) -> int:
    """The squares of a bomb's zone for the side to move."""
    return HALF_MASKS[turn] if spec.param == "your-half" else ZONE_MASKS[spec.param]


def removal_squares(board: chess.Board, spec: CardSpec, bomb_mode: str, effect: Effect | None,
                    king_capture: bool) -> tuple[list[int], bool]:
    """Quita / Bomba: the squares one may empty, and whether the bomb removes them all at once."""
    mover = board.turn
    rival = board.occupied_co[not mover] & ~board.kings
    if spec.kind == "remove":
        mask = 0
        for piece_type in spec.pieces:
            mask |= board.pieces_mask(piece_type, not mover)
        return safe_removals(board, list(chess.scan_forward(mask)), effect, king_capture), False
    zone = zone_mask(spec, mover)
    if bomb_mode in ("feroz", "loca"):
        mask = (rival if bomb_mode == "feroz" else board.occupied & ~board.kings) & zone
        squares = list(chess.scan_forward(mask))
        if squares and is_safe_removal(board, squares, effect, king_capture):     # D31: all or nothing
            return squares, True
        return [], True
    if bomb_mode == "cruel" and not rival & zone:
        own = board.occupied_co[mover] & ~board.kings & zone
        return safe_removals(board, list(chess.scan_forward(own)), effect, king_capture), False
    return safe_removals(board, list(chess.scan_forward(rival & zone)), effect, king_capture), False


def safe_removals(board: chess.Board, squares: list[int], effect: Effect | None, king_capture: bool) -> list[int]:
    """The squares whose piece may be removed alone without exposing the own king."""
    return [square for square in squares if is_safe_removal(board, [square], effect, king_capture)]


def is_safe_removal(board: chess.Board, squares: Sequence[int], effect: Effect | None, king_capture: bool) -> bool:
    """Does removing every piece on ``squares`` leave the own king unattacked (or may kings be taken)?"""
    if king_capture:
        return True
    pieces = [(square, board.remove_piece_at(square)) for square in squares]
    safe = not in_check(board, board.turn, effect)
    for square, piece in pieces:
        board.set_piece_at(square, piece)
    return safe


def placements(board: chess.Board, lost: Sequence[int], types: Sequence[int]) -> list[tuple[int, int]]:
    """Recupera / prize: (type, square) for every lost piece (``lost``: counts of the side
    to move by piece type) of the allowed types on every empty square it may stand on (D32)."""
    empty = ~board.occupied & chess.BB_ALL
    result = []
    for piece_type in sorted(set(types), reverse=True):
        if lost[piece_type] <= 0:
            continue
        squares = empty & PAWN_RANKS if piece_type == chess.PAWN else empty
        result += [(piece_type, square) for square in chess.scan_forward(squares)]
    return result


def objectives_met(kept: Sequence[LuckCard], mover: chess.Color, move: chess.Move, piece_type: int,
                   captured: int | None, castled: bool, gave_check: bool) -> list[LuckCard]:
    """D35: the kept objectives a chess move of ``mover`` fulfils."""
    sixth = 5 if mover == chess.WHITE else 2
    done = []
    for card in kept:
        if card.spec.kind != "objective":
            continue
        goal = card.spec.param
        if ((goal == "check" and gave_check) or (goal == "castle" and castled)
                or (goal == "pawn-6th" and piece_type == chess.PAWN and chess.square_rank(move.to_square) == sixth)
                or (goal == "capture" and captured not in (None, chess.PAWN, chess.KING))):
            done.append(card)
    return done


def apply_edit(board: chess.Board, squares: Sequence[int]) -> None:
    """D30 after a card adds, removes or relocates pieces on ``squares``: castling rights
    are only lost, en passant is cleared and the halfmove clock starts again."""
    for square in squares:
        board.castling_rights &= ~chess.BB_SQUARES[square]
    for color, backrank in ((chess.WHITE, chess.BB_RANK_1), (chess.BLACK, chess.BB_RANK_8)):
        king = board.king(color)
        if king is None or king != (chess.E1 if color == chess.WHITE else chess.E8):
            board.castling_rights &= ~backrank
    board.castling_rights = board.clean_castling_rights()
    board.ep_square = None
    board.halfmove_clock = 0


def apply_relocation(board: chess.Board, source: int, target: int) -> None:
    """Cambia: the piece on ``source`` goes to ``target`` (a moved king loses its castling)."""
    piece = board.remove_piece_at(source)
    board.set_piece_at(target, piece)
    if piece is not None and piece.piece_type == chess.KING:
        board.castling_rights &= ~(chess.BB_RANK_1 if piece.color == chess.WHITE else chess.BB_RANK_8)
    apply_edit(board, [source, target])


def apply_removal(board: chess.Board, squares: Sequence[int]) -> list[chess.Piece]:
    """Quita / Bomba: empty ``squares``; the pieces removed (they are lost)."""
    removed = []
    for square in squares:
        piece = board.remove_piece_at(square)
        assert piece is not None
        removed.append(piece)
    apply_edit(board, squares)
    return removed


def apply_placement(board: chess.Board, piece_type: int, square: int) -> None:
    """Recupera / prize: a lost piece of the side to move back on ``square``."""
    board.set_piece_at(square, chess.Piece(piece_type, board.turn))
    apply_edit(board, [square])
