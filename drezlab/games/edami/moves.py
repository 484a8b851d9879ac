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

Speed (random games and search bots spend most of their time here): king safety
is decided on bitboards, without pushing the move. A move can only expose the
own king if the side is in check, the king itself moves, it captures en passant,
or the moving piece is the only piece between the king and a rival slider
(python-chess's "slider blockers"): knight-like attacks of super pieces cannot be
blocked, so they show up as a check, and no-retreat only ever removes attackers.
Only those moves get the exact test :func:`is_safe_after`, which looks at the
occupancy after the move (captured piece removed, castled rook moved). The move
list and its order are exactly what push-and-test gave (tests/test_edami_speed.py
compares them on many positions).
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
              occupied: chess.Bitboard | None = None, removed: chess.Bitboard = 0) -> chess.Bitboard:
    """The pieces of ``by`` that attack ``square`` under ``effect`` (D36).

    ``occupied`` overrides the board's occupancy for sliders; ``removed`` are
    squares whose pieces count as gone (a piece about to be captured)."""
    mask = board.attackers_mask(by, square, occupied)
    if effect is not None and effect.color == by:
        super_type = SUPER_TYPES.get(effect.name)
        if super_type is not None:
            mask |= chess.BB_KNIGHT_ATTACKS[square] & board.pieces_mask(super_type, by)
        elif effect.name == "no-retreat":
            rank = chess.square_rank(square)
            # a White attacker above the square would capture backwards (D40)
            mask &= _RANKS_UP_TO[rank] if by == chess.WHITE else _RANKS_FROM[rank]
    return mask & ~removed


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


def legal_moves(board: chess.Board, effect: Effect | None, king_capture: bool = False,
                to_mask: chess.Bitboard = chess.BB_ALL) -> list[chess.Move]:
    """Every move the side to move may make under ``effect`` (see the module docstring);
    with ``to_mask`` only those landing there (search bots ask for captures or checks)."""
    if not king_capture and (effect is None or effect.name not in MOVEMENT_EFFECTS):
        return list(board.generate_legal_moves(to_mask=to_mask))
    turn = board.turn
    # python-chess's castling moves are dropped (ours are added below): it only yields them
    # for a ``to_mask`` that holds the own rook, and no other pseudo-legal move lands on
    # an own piece, so excluding the own pieces drops exactly the castling moves
    moves = list(board.generate_pseudo_legal_moves(to_mask=to_mask & ~board.occupied_co[turn]))
    castling = _castling_moves(board, effect)
    moves += castling if to_mask == chess.BB_ALL else [m for m in castling if to_mask & chess.BB_SQUARES[m.to_square]]
    if effect is not None:
        if effect.color == turn:
            super_type = SUPER_TYPES.get(effect.name)
            if super_type is not None:
                own = board.occupied_co[turn]
                for square in chess.scan_forward(board.pieces_mask(super_type, turn)):
                    for target in chess.scan_forward(chess.BB_KNIGHT_ATTACKS[square] & ~own & to_mask):
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
    return safe_moves(board, moves, effect)


def safe_moves(board: chess.Board, moves: list[chess.Move], effect: Effect | None) -> list[chess.Move]:
    """The moves of ``moves`` (pseudo-legal for the side to move) that leave its king
    unattacked under ``effect``, in the same order (see the module docstring)."""
    turn = board.turn
    king = board.king(turn)
    if king is None:          # no own king (only in a teacher's odd position): nothing to expose
        return moves
    them = not turn
    checked = attackers(board, them, king, effect)
    risky = own_slider_blockers(board, king) | chess.BB_SQUARES[king]
    ep = board.ep_square
    pawns = board.pawns
    result = []
    for move in moves:
        source = move.from_square
        if (not checked and not risky & chess.BB_SQUARES[source]
                and not (move.to_square == ep and pawns & chess.BB_SQUARES[source])) \
                or is_safe_after(board, move, effect, king):
            result.append(move)
    return result


def own_slider_blockers(board: chess.Board, king: chess.Square) -> chess.Bitboard:
    """The pieces of the king's colour that stand alone between it and a rival rook,
    bishop or queen (the only pieces whose move can uncover a slider's attack).

    The same squares as python-chess's private ``Board._slider_blockers``, computed from
    its public attack tables, so that no private API is called."""
    color = board.color_at(king)
    assert color is not None
    rooks_and_queens = board.rooks | board.queens
    bishops_and_queens = board.bishops | board.queens
    snipers = ((chess.BB_RANK_ATTACKS[king][0] & rooks_and_queens)
               | (chess.BB_FILE_ATTACKS[king][0] & rooks_and_queens)
               | (chess.BB_DIAG_ATTACKS[king][0] & bishops_and_queens)) & board.occupied_co[not color]
    blockers = 0
    for sniper in chess.scan_reversed(snipers):
        between = chess.between(king, sniper) & board.occupied
        if between and chess.BB_SQUARES[chess.msb(between)] == between:
            blockers |= between
    return blockers & board.occupied_co[color]


def position_key(board: chess.Board) -> tuple[object, ...]:
    """The position as the repetition rules count it (D1, FIDE 9.2): the pieces, the side
    to move, the castling rights and a capturable en passant square.

    Why not python-chess's ``is_repetition`` / ``can_claim_threefold_repetition`` /
    ``is_fivefold_repetition``: they replay the board's move stack, and EDAMI's board
    has none to replay (cards relocate, remove and add pieces, a lost turn flips the
    side, sub-moves keep the side to move; the game clears the stack after each step
    and counts the positions a turn ends in itself). The key holds the same parts as
    python-chess's own transposition key, read through its public attributes."""
    return (board.pawns, board.knights, board.bishops, board.rooks, board.queens, board.kings,
            board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK], board.turn,
            board.clean_castling_rights(), board.ep_square if board.has_legal_en_passant() else None)


def is_safe_after(board: chess.Board, move: chess.Move, effect: Effect | None,
                  king: chess.Square | None = None) -> bool:
    """Would ``move`` (pseudo-legal for the side to move) leave the mover's king
    unattacked under ``effect``? Decided on the occupancy after the move, without
    pushing it: exactly ``push``, ``not in_check``, ``pop``."""
    turn = board.turn
    if king is None:
        king = board.king(turn)
        if king is None:
            return True
    source, target = move.from_square, move.to_square
    source_bb, target_bb = chess.BB_SQUARES[source], chess.BB_SQUARES[target]
    occupied = board.occupied & ~source_bb
    removed = target_bb & board.occupied_co[not turn]
    if source == king:
        king = target
        if abs((source & 7) - (target & 7)) == 2:         # castling: the rook moves too
            rank_bb = chess.BB_RANK_1 if turn == chess.WHITE else chess.BB_RANK_8
            rook_from = chess.BB_FILE_H if target > source else chess.BB_FILE_A
            rook_to = chess.BB_FILE_F if target > source else chess.BB_FILE_D
            occupied = (occupied & ~(rook_from & rank_bb)) | (rook_to & rank_bb)
    elif target == board.ep_square and board.pawns & source_bb and not board.occupied & target_bb \
            and abs(target - source) in (7, 9):
        removed = chess.BB_SQUARES[target - 8 if turn == chess.WHITE else target + 8]
        occupied &= ~removed
    occupied = (occupied & ~removed) | target_bb
    return not attackers(board, not turn, king, effect, occupied, removed)


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
