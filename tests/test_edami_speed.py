"""The EDAMI fast paths agree with the slow, obviously correct ways of computing the same thing.

- ``legal_moves`` decides king safety on bitboards (``safe_moves``/``is_safe_after``);
  here it is compared, list and order, with push-and-test on positions from seeded
  random games, for every temporary effect helping either colour.
- ``Edami._relocations`` (Cambia) decides most placements on bitboards; compared with
  "put the piece there and test check" for every pair.
- ``Edami.random_action`` counts moves instead of building every action; it must return
  a member of ``legal_actions()``, the very action the base class would pick from the
  same generator state, and leave the generator in the same state.
"""

from __future__ import annotations

import random

import chess
import pytest

from drezlab.core.errors import BadRecord
from drezlab.core.game import Game
from drezlab.games.edami import Edami
from drezlab.games.edami.cards import EFFECTS
from drezlab.games.edami.moves import (
    MOVEMENT_EFFECTS,
    SUPER_TYPES,
    Effect,
    _castling_moves,
    in_check,
    is_backward,
    legal_moves,
)


def reference_legal_moves(board: chess.Board, effect: Effect | None) -> list[chess.Move]:
    """The pre-optimisation generator: pseudo-legal moves + effect moves, each pushed and tested."""
    if effect is None or effect.name not in MOVEMENT_EFFECTS:
        return list(board.generate_legal_moves())
    turn = board.turn
    moves = [m for m in board.generate_pseudo_legal_moves()
             if not (board.kings & chess.BB_SQUARES[m.from_square]
                     and abs((m.from_square & 7) - (m.to_square & 7)) == 2)]
    moves += _castling_moves(board, effect)
    if effect.color == turn:
        super_type = SUPER_TYPES.get(effect.name)
        if super_type is not None:
            own = board.occupied_co[turn]
            for square in chess.scan_forward(board.pieces_mask(super_type, turn)):
                for target in chess.scan_forward(chess.BB_KNIGHT_ATTACKS[square] & ~own):
                    moves.append(chess.Move(square, target))
        elif effect.name == "no-retreat":
            moves = [m for m in moves if not is_backward(m, turn)]
    elif effect.name == "untouchable-pawns":
        protected = board.pawns & board.occupied_co[effect.color]
        moves = [m for m in moves if not (
            protected & chess.BB_SQUARES[m.to_square]
            or (board.ep_square is not None and m.to_square == board.ep_square
                and board.pawns & chess.BB_SQUARES[m.from_square] and (m.from_square & 7) != (m.to_square & 7)))]
    safe = []
    for move in moves:
        board.push(move)
        if not in_check(board, turn, effect):
            safe.append(move)
        board.pop()
    return safe


def sample_boards(count: int, seed: int = 11) -> list[chess.Board]:
    """Positions from seeded random chess games, plus a few with castling, en passant and pins."""
    rng = random.Random(seed)
    boards = [chess.Board(fen) for fen in (
        "r3k2r/pppq1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/1b6/8/3N4/8/r2QK2R w K - 0 1",
        "4k3/4r3/8/8/4B3/8/4K3/8 w - - 0 1",
        "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1",
    )]
    while len(boards) < count:
        board = chess.Board()
        while not board.is_game_over() and len(boards) < count:
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            if rng.random() < 0.08:
                boards.append(board.copy(stack=False))
    return boards


EFFECT_CASES = [None] + [Effect(name, color) for name in EFFECTS for color in (chess.WHITE, chess.BLACK)]


@pytest.mark.parametrize("effect", EFFECT_CASES, ids=lambda e: "none" if e is None else f"{e.name}-{int(e.color)}")
def test_legal_moves_equal_push_and_test_in_the_same_order(effect: Effect | None) -> None:
    for board in sample_boards(160):
        before = board.fen()
        assert legal_moves(board, effect) == reference_legal_moves(board, effect), (board.fen(), effect)
        assert board.fen() == before


@pytest.mark.parametrize("effect", [None, Effect("superqueen", chess.WHITE), Effect("no-retreat", chess.BLACK),
                                    Effect("untouchable-pawns", chess.WHITE)], ids=str)
def test_legal_moves_to_mask_keeps_only_those_targets_in_order(effect: Effect | None) -> None:
    for number, board in enumerate(sample_boards(60, seed=3)):
        mask = board.occupied_co[not board.turn] if number % 2 else chess.BB_CENTER | chess.BB_RANK_3
        everything = legal_moves(board, effect)
        assert legal_moves(board, effect, to_mask=mask) == [m for m in everything
                                                            if mask & chess.BB_SQUARES[m.to_square]]


def reference_relocations(game: Edami) -> list[tuple[int, int]]:
    """Cambia by definition: every (own or rival non-king piece, empty square), placed and tested."""
    board, mover = game.board.copy(), game.board.turn
    movable = board.occupied_co[mover] | (board.occupied_co[not mover] & ~board.kings)
    empty = ~board.occupied & chess.BB_ALL
    result = []
    for source in chess.scan_forward(movable):
        piece = board.remove_piece_at(source)
        assert piece is not None
        targets = empty & (sum(chess.BB_RANKS[r] for r in range(1, 7)) if piece.piece_type == chess.PAWN
                           else chess.BB_ALL)
        for target in chess.scan_forward(targets):
            board.set_piece_at(target, piece)
            if game.king_capture or not in_check(board, mover, game.effect):
                result.append((source, target))
            board.remove_piece_at(target)
        board.set_piece_at(source, piece)
    return result


def test_relocations_equal_place_and_test() -> None:
    boards = [b for b in sample_boards(60, seed=5)
              if not b.status() & ~chess.STATUS_VALID & ~chess.STATUS_BAD_CASTLING_RIGHTS]
    names = [None] + list(EFFECTS)
    checked = 0
    for number, board in enumerate(boards):
        name = names[number % len(names)]
        temporary = None if name is None else (f"Temporary: {name}", number % 2)
        try:
            game = Edami(seed=number, fen=board.fen(), temporary=temporary)
        except BadRecord:          # not a legal EDAMI position
            continue
        if game.is_over:
            continue
        assert game._relocations() == reference_relocations(game), (board.fen(), name)
        assert game._relocations() == reference_relocations(game)      # the memo gives the same list
        checked += 1
    assert checked >= 40


def random_positions(count: int) -> list[Edami]:
    """Edami positions from seeded random games that draw cards often (every phase shows up)."""
    positions: list[Edami] = []
    seed = 0
    while len(positions) < count:
        game = Edami(seed=seed, mandatory_card=seed % 4 == 3, bomb_mode=["standard", "feroz"][seed % 2])
        rng = random.Random(seed)
        seed += 1
        for _ in range(150):
            if game.is_over:
                break
            texts = [a.text for a in game.legal_actions() if a.text != "resign"]
            if not texts:
                break
            if rng.random() < 0.3:
                positions.append(game.copy())
            game.play("draw" if "draw" in texts and rng.random() < 0.4 else rng.choice(texts))
    return positions


def test_random_action_is_legal_and_agrees_with_the_base_class() -> None:
    phases = set()
    for number, game in enumerate(random_positions(250)):
        fast_rng, slow_rng = random.Random(number), random.Random(number)
        slow_game = game.copy()
        fast = game.random_action(fast_rng)
        slow = Game.random_action(slow_game, slow_rng)
        assert fast.text == slow.text and fast.data == slow.data
        assert fast_rng.getstate() == slow_rng.getstate()
        assert fast in game.legal_actions()
        phases.add(game.phase)
        before = game.to_json()
        game.play(fast)           # the vouched action plays like its text
        slow_game.play(slow.text)
        assert game.to_json() == slow_game.to_json()
        game.undo()
        assert game.to_json() == before
    assert {"start", "free", "card"} <= phases


def test_random_games_replay_from_their_records() -> None:
    for seed in range(6):
        game = Edami(seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(game.history) < 300:
            action = game.random_action(rng)
            if action.text != "resign":
                game.play(action)
        assert Edami.from_json(game.to_json()).to_json() == game.to_json()
