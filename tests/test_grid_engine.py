"""The grid engine (drezlab.boards): perft equal to python-chess on the standard
perft positions, move sets equal to python-chess along seeded random games, exact
undo, and boards/pieces/hooks as data (holes, a seam, four seats, walls, stops)."""

from __future__ import annotations

import random

import chess
import pytest

from drezlab.boards import (
    AMAZON,
    JUMPING_BISHOP,
    KING,
    KNIGHT,
    PAWN,
    ROOK,
    START_FEN,
    Component,
    Grid,
    Move,
    Position,
    Rules,
    chess_rules,
    code_of,
    from_fen,
    perft,
    to_fen,
)

RULES = chess_rules()

PERFT = {
    "start": (START_FEN, (20, 400, 8902)),
    "kiwipete": (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        (48, 2039, 97862),
    ),
    "position3": ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", (14, 191, 2812, 43238)),
    "position4": (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        (6, 264, 9467),
    ),
    "position5": (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        (44, 1486, 62379),
    ),
    "position6": (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        (46, 2079, 89890),
    ),
}


def chess_perft(board: chess.Board, depth: int) -> int:
    """python-chess's own count, computed in the test (not copied from a table)."""
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for m in board.legal_moves:
        board.push(m)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


@pytest.mark.parametrize("name", sorted(PERFT))
def test_perft_equals_python_chess(name: str) -> None:
    fen, known = PERFT[name]
    depth = 3 if name != "kiwipete" else 2
    pos = from_fen(RULES, fen)
    for d in range(1, depth + 1):
        assert perft(pos, d) == chess_perft(chess.Board(fen), d) == known[d - 1]
    assert to_fen(pos) == chess.Board(fen).fen(en_passant="fen")


def test_perft_kiwipete_depth3_and_position3_depth4() -> None:
    assert perft(from_fen(RULES, PERFT["kiwipete"][0]), 3) == 97862
    assert perft(from_fen(RULES, PERFT["position3"][0]), 4) == 43238


def test_random_games_match_python_chess_move_by_move() -> None:
    rng = random.Random(11)
    for _game in range(12):
        pos = Position(RULES)
        board = chess.Board()
        for _ply in range(160):
            mine = sorted(pos.move_text(m) for m in pos.legal_moves())
            theirs = sorted(m.uci() for m in board.legal_moves)
            assert mine == theirs, to_fen(pos)
            assert pos.is_check() == board.is_check()
            if not mine:
                assert pos.is_checkmate() == board.is_checkmate()
                assert pos.is_stalemate() == board.is_stalemate()
                break
            text = rng.choice(mine)
            before = (
                pos.board[:],
                pos.hash,
                pos.castling,
                pos.ep,
                pos.halfmove,
                [set(s) for s in pos.pieces],
            )
            move = pos.parse_move(text)
            pos.push(move)
            pos.pop()
            assert (
                pos.board,
                pos.hash,
                pos.castling,
                pos.ep,
                pos.halfmove,
                pos.pieces,
            ) == (before[0], before[1], before[2], before[3], before[4], before[5])
            pos.play(text)
            board.push_uci(text)
            assert pos.hash == pos._full_hash()
            assert pos.halfmove == board.halfmove_clock
            assert pos.is_insufficient_material() == _d22_dead(board)


def _d22_dead(board: chess.Board) -> bool:
    others = [p for p in board.piece_map().values() if p.piece_type != chess.KING]
    return not others or (
        len(others) == 1 and others[0].piece_type in (chess.BISHOP, chess.KNIGHT)
    )


def test_repetition_and_fifty_moves() -> None:
    pos = Position(RULES)
    for text in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        assert not pos.is_repetition(3)
        pos.play(text)
    assert pos.repetitions() == 3 and pos.outcome() == (None, "repetition")
    late = from_fen(RULES, "8/8/8/4k3/8/8/8/R3K3 w - - 99 80")
    assert not late.is_fifty_moves()
    late.play("a1a2")
    assert late.is_fifty_moves() and late.outcome() == (None, "fifty-moves")


def test_mate_stalemate_and_dead_positions() -> None:
    mate = Position(RULES)
    for text in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        mate.play(text)
    assert mate.is_checkmate() and mate.outcome() == (1, "checkmate")
    stale = from_fen(RULES, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stale.is_stalemate() and stale.outcome() == (None, "stalemate")
    assert from_fen(RULES, "8/8/8/4k3/8/8/8/4KN2 w - - 0 1").outcome() == (
        None,
        "insufficient-material",
    )
    assert from_fen(RULES, "8/8/8/4k3/8/8/8/3RK3 w - - 0 1").outcome() is None


def test_notation_and_illegal_input_change_nothing() -> None:
    pos = from_fen(RULES, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
    texts = sorted(pos.move_text(m) for m in pos.legal_moves())
    assert {"e7e8q", "e7e8r", "e7e8b", "e7e8n"} <= set(texts)
    for t in texts:
        assert pos.move_text(pos.parse_move(t)) == t
    before = to_fen(pos)
    for bad in ["e7e8", "e7e8k", "z9z9", "", "e1e3"]:
        with pytest.raises(ValueError):
            pos.play(bad)
        assert to_fen(pos) == before
    castle = from_fen(RULES, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert {"e1g1", "e1c1"} <= {castle.move_text(m) for m in castle.legal_moves()}


def test_copy_is_independent_and_keeps_undo() -> None:
    pos = Position(RULES)
    pos.play("e2e4")
    twin = pos.copy()
    twin.play("e7e5")
    assert to_fen(pos) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    twin.pop()
    twin.pop()
    assert to_fen(twin) == to_fen(Position(RULES))


# -- boards and pieces as data -------------------------------------------------------------


def test_grid_holes_seam_and_tags() -> None:
    cross = Grid(
        14,
        14,
        holes=[
            (f, r)
            for f in (*range(3), *range(11, 14))
            for r in (*range(3), *range(11, 14))
        ],
    )
    assert len(cross) == 160
    with pytest.raises(ValueError):
        cross.cell("a1")
    d1 = cross.cell("d1")
    assert cross.ray(d1, -1, 0) == ()
    assert cross.offset(cross.cell("d4"), -2, -1) == -1
    cyl = Grid(
        8,
        14,
        wrap_ranks=True,
        tags={"river": [f"{f}{r}" for f in "abcdefgh" for r in (1, 14)]},
    )
    a3 = cyl.cell("a3")
    ray = [cyl.name(c) for c in cyl.ray(a3, 0, -1)]
    assert ray[:4] == ["a2", "a1", "a14", "a13"] and len(ray) == 13 and "a3" not in ray
    assert cyl.cell("a1") in cyl.tagged("river") and len(cyl.tagged("river")) == 16
    assert cyl.parse_square("a13a14", 0) == (cyl.cell("a13"), 3)


def _rules_one(kind, files: int = 8, ranks: int = 8, **grid_kw) -> Rules:
    grid = Grid(files, ranks, **grid_kw)
    return Rules(grid=grid, kinds=(KING, kind), setup={})


def test_jumping_bishop_is_a_leaper_of_twelve_squares() -> None:
    rules = _rules_one(JUMPING_BISHOP)
    pos = Position.from_placement(
        rules, {"d4": (0, "B"), "c3": (0, "K"), "e5": (1, "K")}
    )
    targets = sorted(
        pos.grid.name(m.to) for m in pos.pseudo_moves() if m.frm == pos.grid.cell("d4")
    )
    assert targets == sorted(
        ["a1", "g1", "a7", "g7", "c1", "e1", "c7", "e7", "a3", "a5", "g3", "g5"]
    )


def test_amazon_on_the_cylinder_crosses_the_seam() -> None:
    rules = _rules_one(AMAZON, 8, 14, wrap_ranks=True)
    pos = Position.from_placement(
        rules, {"e14": (0, "A"), "a8": (0, "K"), "h8": (1, "K")}
    )
    names = {
        pos.grid.name(m.to) for m in pos.pseudo_moves() if m.frm == pos.grid.cell("e14")
    }
    assert {"e1", "e2", "e13", "d2", "f2", "d12", "c1", "g13"} <= names


def test_four_seats_on_the_cross_board_with_teams() -> None:
    holes = [
        (f, r) for f in (*range(3), *range(11, 14)) for r in (*range(3), *range(11, 14))
    ]
    grid = Grid(14, 14, holes=holes)
    orient = (
        ((0, 1), (1, 0)),
        ((1, 0), (0, -1)),
        ((0, -1), (-1, 0)),
        ((-1, 0), (0, 1)),
    )
    rules = Rules(
        grid=grid,
        kinds=(PAWN, ROOK, KING),
        seats=4,
        teams=(0, 1, 0, 1),
        orientation=orient,
        pawn_start=tuple(frozenset() for _ in range(4)),
        promotion=tuple(frozenset() for _ in range(4)),
        seat_names=("yellow", "green", "red", "blue"),
    )
    place = {
        "h1": (0, "K"),
        "a7": (1, "K"),
        "g14": (2, "K"),
        "n8": (3, "K"),
        "b7": (1, "P"),
        "h13": (2, "R"),
        "g13": (3, "P"),
    }
    pos = Position.from_placement(rules, place, turn=1)
    green_pawn = {
        pos.grid.name(m.to) for m in pos.legal_moves() if pos.grid.name(m.frm) == "b7"
    }
    assert green_pawn == {"c7"}  # Green's forward is toward file n
    pos.play("b7c7")
    assert pos.turn == 2
    # a partner's piece is not capturable without partner_capture; an opponent's is
    red_rook = {
        pos.grid.name(m.to) for m in pos.legal_moves() if pos.grid.name(m.frm) == "h13"
    }
    assert "h1" not in red_rook  # the partner king is never captured, nor attacked
    assert not pos.in_check(0)
    assert pos.in_check(3) is False
    by_red = Position.from_placement(rules, {**place, "n11": (2, "R")}, turn=3)
    assert by_red.in_check(3)
    by_partner = Position.from_placement(rules, {**place, "n11": (1, "R")}, turn=3)
    assert not by_partner.in_check(3) and by_partner.attacked(
        by_partner.grid.cell("n8"), (1,)
    )


class _River(Position):
    """A toy variant for the hooks: rank 4 is water that stops lines and that only
    pawns may enter; a pawn entering water becomes a plank (terrain 2)."""

    def may_stop(self, code: int, cell: int) -> bool:
        water = self.grid.rank_of(cell) == 3 and self.terrain[cell] != 2
        return not water or self.rules.kinds[code % 16 - 1].pawn

    def line_blocked(self, code: int, cell: int) -> bool:
        return self.grid.rank_of(cell) == 3 and self.terrain[cell] != 2

    def after_move(self, move: Move, moved: int, captured: int) -> None:
        if (
            self.rules.kinds[moved % 16 - 1].pawn
            and self.grid.rank_of(move.to) == 3
            and self.terrain[move.to] != 2
        ):
            self.put(move.to, 0)
            self.set_terrain(move.to, 2)


def test_hooks_stop_block_and_after_move_are_undone() -> None:
    rules = Rules(
        grid=Grid(8, 8), kinds=(PAWN, ROOK, KING), pawn_start=(frozenset(), frozenset())
    )
    pos = _River.from_placement(
        rules,
        {
            "a1": (0, "R"),
            "b3": (0, "P"),
            "h1": (0, "K"),
            "a8": (1, "K"),
            "h8": (1, "R"),
        },
    )
    rook = {
        pos.grid.name(m.to) for m in pos.legal_moves() if pos.grid.name(m.frm) == "a1"
    }
    assert rook == {"a2", "a3", "b1", "c1", "d1", "e1", "f1", "g1"}
    # the black rook on h8 does not attack h1 through the water on h4
    assert not pos.in_check(0)
    key = pos.hash
    pos.play("b3b4")
    assert pos.board[pos.grid.cell("b4")] == 0 and pos.terrain[pos.grid.cell("b4")] == 2
    assert pos.hash == pos._full_hash()
    pos.pop()
    assert pos.terrain[pos.grid.cell("b4")] == 0 and pos.board[
        pos.grid.cell("b3")
    ] == code_of(0, 1)
    assert pos.hash == key


def test_a_component_mode_only_move_does_not_attack() -> None:
    stepper = KNIGHT.__class__("stepper", "S", (Component(((0, 1),), mode="m"),))
    rules = Rules(grid=Grid(4, 4), kinds=(stepper, KING))
    pos = Position.from_placement(
        rules, {"a1": (1, "S"), "a2": (0, "K"), "d4": (1, "K")}
    )
    assert not pos.is_check()
    with pytest.raises(ValueError):
        Component(((1, 1),), rider=True, mode="c", limit=3)
