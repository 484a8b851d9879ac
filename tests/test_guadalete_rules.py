"""Ajedrez del Guadalete (rules/board-games.md §6): every rule, DECISION and
acceptance case GU-1..7 as a test, through the public game API."""

from __future__ import annotations

import pytest

import drezlab
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.i18n import in_language
from drezlab.games.guadalete import Guadalete


def moves(game: Guadalete) -> set[str]:
    return {str(action) for action in game.legal_actions()}


def from_square(game: Guadalete, square: str) -> set[str]:
    """The destinations of the piece on ``square``."""
    return {str(a)[len(square):len(square) + 2] for a in game.legal_actions() if str(a).startswith(square)}


def test_gu1_a_pawn_in_the_river_becomes_a_plank_and_black_must_answer() -> None:
    game = drezlab.new("guadalete")
    game.play("e2e4")
    assert game.piece_at("e4") is None and game.planks == {"e4"}
    assert moves(game) == {f"{f}7{f}5" for f in "abcdefgh"}      # exactly 8: a7-a5 ... h7-h5


def test_at_the_start_nobody_is_forced_and_white_has_the_twenty_chess_moves() -> None:
    game = drezlab.new("guadalete")
    assert len(moves(game)) == 20 and "e2e3" in moves(game)
    assert not game.must_plank()


@pytest.mark.parametrize("white,black,forced", [
    ("a4,b4", "a5", True),              # 2-1: 1 is not more than half of 2
    ("a4,b4,c4", "a5,b5", False),       # 3-2: 2 is more than half of 3
    ("a4,b4,c4,d4", "a5,b5", True),     # 4-2: forced again
    ("a4", "-", True),                  # 1-0: the first plank obliges the answer
])
def test_gu2_the_plank_balance_rule(white: str, black: str, forced: bool) -> None:
    planks = ",".join(p for p in (white, black) if p != "-")
    game = Guadalete(position=f"4k3/5ppp/8/8/8/8/8/4K3 b - - {planks}")
    assert game.must_plank() is forced
    planking = {m for m in moves(game) if m in ("f7f5", "g7g5", "h7h5")}
    assert planking == {"f7f5", "g7g5", "h7h5"}
    if forced:
        assert moves(game) == planking
    else:
        assert "e8d8" in moves(game) and "f7f6" in moves(game)


def test_gu2_no_pawns_no_obligation() -> None:
    game = Guadalete(position="4k2r/8/8/8/8/8/8/4K3 b - - a4,b4")
    assert game.must_plank() and "e8d8" in moves(game)


def test_d25_blocked_pawns_free_the_move_and_the_obligation_carries_over() -> None:
    # the only Black pawn (e7) is blocked by the White knight on e6: any move is allowed
    game = Guadalete(position="k7/4p3/4N3/8/8/8/8/4K3 b - - a4,b4")
    assert game.must_plank() and "a8b8" in moves(game)
    game.play("a8b8")
    game.play("e6g7")                 # the knight steps aside: now Black must plank
    assert moves(game) == {"e7e5"}


def test_d25_a_plank_that_does_not_answer_check_is_not_forced() -> None:
    # Black is in check from the rook on b8 along the back rank; pawn moves do not help
    game = Guadalete(position="1R2k3/6pp/8/8/8/8/8/4K3 b - - a4,b4")
    assert game.must_plank()
    assert moves(game) and all(not m.startswith(("g7", "h7")) for m in moves(game))


def test_gu3_a_rook_is_stopped_by_the_empty_river() -> None:
    base = "7k/8/8/8/8/R7/8/7K w - - "
    up = lambda planks: {s for s in from_square(Guadalete(position=base + planks), "a3")
                         if s[0] == "a" and int(s[1]) > 3}
    assert up("-") == set()
    assert up("a4") == {"a4"}
    assert up("a4,a5") == {"a4", "a5", "a6", "a7", "a8"}


def test_gu4_knights_land_only_on_banks_and_planks_and_jump_the_river() -> None:
    game = Guadalete(position="7k/7p/8/8/8/5N2/8/K7 w - - -")
    assert not {"e5", "g5", "d4", "h4"} & from_square(game, "f3")
    game = Guadalete(position="7k/7p/8/8/4N3/8/8/K7 w - - e4")
    assert {"d6", "f6"} <= from_square(game, "e4")


def test_gu5_the_empty_river_blocks_a_check() -> None:
    game = Guadalete(position="4r2k/8/8/8/8/8/8/4K3 w - - e4")
    assert not game.in_check()
    game = Guadalete(position="4r2k/8/8/8/8/8/8/4K3 w - - e4,e5")
    assert game.in_check()


def test_gu6_the_king_never_steps_on_a_plank() -> None:
    game = Guadalete(position="7k/8/8/8/8/3K4/8/8 w - - d4")
    assert "d3d4" not in moves(game)
    with pytest.raises(IllegalAction):
        game.play("d3d4")


@pytest.mark.parametrize("planks,legal", [("-", False), ("d4", False), ("e5", False), ("d4,e5", True)])
def test_gu7_a_bishop_crosses_only_on_planks(planks: str, legal: bool) -> None:
    game = Guadalete(position=f"k7/7p/8/8/8/2B5/8/7K w - - {planks}")
    assert ("c3f6" in moves(game)) is legal


def test_gu7_a_piece_on_the_plank_blocks_the_bishop() -> None:
    game = Guadalete(position="k7/8/8/4n3/8/2B5/8/7K w - - d4,e5")
    assert "c3e5" in moves(game) and "c3f6" not in moves(game)


def test_pawns_never_capture_but_are_captured() -> None:
    game = Guadalete(position="4k3/8/3n4/8/8/3N4/4P3/4K3 w - - -")
    assert from_square(game, "e2") == {"e3", "e4"}            # d3 is a piece of its own, f3 empty
    game = Guadalete(position="4k3/8/8/8/8/3n4/4P3/4K3 w - - -")
    assert "e2d3" not in moves(game)
    game = Guadalete(position="4k3/3p4/4N3/8/8/8/8/4K3 b - - -")
    assert from_square(game, "d7") == {"d6", "d5"}            # the Black pawn cannot take e6 either
    game = Guadalete(position="4k3/8/8/8/8/2n5/4P3/4K3 b - - -")
    game.play("c3e2")                                         # but a pawn is taken like any piece
    assert game.piece_at("e2") == "n"


def test_planks_are_neutral_and_cannot_be_taken_or_moved() -> None:
    game = Guadalete(position="4k3/8/8/8/8/8/8/R3K3 b - - e4")
    black = Guadalete(position="r3k3/8/8/8/8/8/8/4K3 b - - a4,a5")
    assert "a8a4" in moves(black) and "a8a3" in moves(black)  # Black rides on White's and Black's planks
    assert not any(m.startswith("e4") for m in moves(game))


def test_planks_let_a_rook_check_across_and_a_king_never_crosses() -> None:
    game = Guadalete(position="6k1/5ppp/8/8/8/8/8/R5K1 w - - a4,a5")
    assert {"a1a8"} <= moves(game)
    game.play("a1a8")
    assert game.is_over and game.outcome.winners == (0,) and game.outcome.reason == "checkmate"


def test_a_king_next_to_the_river_has_no_way_across() -> None:
    game = Guadalete(position="7k/8/8/8/8/4K3/8/8 w - - d4,e4,f4")
    assert not any(m[2:3] in "def" and m[3] in "45" for m in moves(game))


def test_castling_on_the_back_rank() -> None:
    game = Guadalete(position="r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - -")
    assert {"e1g1", "e1c1"} <= moves(game)
    game.play("e1g1")
    assert game.piece_at("g1") == "K" and game.piece_at("f1") == "R"
    game.undo()
    assert game.piece_at("e1") == "K" and game.piece_at("h1") == "R"


def test_stalemate_and_dead_positions_draw() -> None:
    game = Guadalete(position="k7/8/1Q6/8/8/8/8/4K3 b - - -")
    assert game.is_over and game.outcome.reason == "stalemate" and game.outcome.is_draw
    game = Guadalete(position="k7/8/8/8/8/8/8/4KN2 w - - -")
    assert game.is_over and game.outcome.reason == "insufficient material"


def test_threefold_repetition_draws() -> None:
    game = Guadalete(position="k7/8/8/8/8/8/8/R3K3 w - - -")
    for move in ["a1b1", "a8a7", "b1a1", "a7a8"] * 2:
        game.play(move)
    assert game.is_over and game.outcome.reason == "threefold repetition"


def test_fifty_moves_without_capture_or_pawn_move_draw() -> None:
    # the White king walks a 14-square loop, the Black king a 3-square one: no position
    # comes three times in 100 plies, and nothing is captured and no pawn moves
    game = Guadalete(position="k7/7p/8/8/8/8/P7/1K6 w - - -")
    loop = ["b1", "c1", "d1", "e1", "f1", "g1", "h1", "h2", "g2", "f2", "e2", "d2", "c2", "b2"]
    black = ["a8", "b8", "b7"]
    plies = 0
    while not game.is_over:
        white_move = plies // 2
        if plies % 2 == 0:
            game.play(loop[white_move % 14] + loop[(white_move + 1) % 14])
        else:
            game.play(black[white_move % 3] + black[(white_move + 1) % 3])
        plies += 1
    assert plies == 100 and game.outcome.reason == "fifty-move rule"


def test_teacher_positions_that_cannot_arise_are_refused() -> None:
    for bad in ["4k3/8/8/8/4P3/8/8/4K3 w - - -",            # a pawn in the river
                "4k3/8/8/8/8/8/8/4K3 w - - e3",             # a plank off the river
                "4k3/8/8/8/4N3/8/8/4K3 w - - -",            # a knight on the empty river
                "4k3/8/8/8/4K3/8/8/8 w - - e4",             # a king on a plank
                "4k3/8/8/8/8/8/8/4K3 w K - -",              # castling without a rook
                "8/8/8/8/8/8/8/4K3 w - - -"]:               # no Black king
        with pytest.raises(BadRecord):
            Guadalete(position=bad)


def test_illegal_input_changes_nothing() -> None:
    game = drezlab.new("guadalete")
    before = game.to_json()
    for bad in ["e2e5", "e1e2", "E2E4", "e2-e4", "z9z9"]:
        with pytest.raises(IllegalAction):
            game.play(bad)
    assert game.to_json() == before


def test_the_position_text_round_trips_and_records_reload() -> None:
    game = drezlab.new("guadalete")
    for move in ["e2e4", "d7d5", "g1f3", "b8c6"]:
        game.play(move)
    again = Guadalete(position=game.position_text())
    assert again.position_text() == game.position_text()
    assert Guadalete.from_json(game.to_json()).to_json() == game.to_json()


def test_the_move_log_says_a_plank_in_words() -> None:
    """Issue 22: 'White: pawn to e4, becomes a plank', not 'e2e4 (plank)'."""
    game = Guadalete()
    with in_language("en"):
        assert game.describe("e2e4") == "White: pawn to e4, becomes a plank"
        assert game.describe("g1f3") == "White: knight to f3"
    with in_language("es"):
        assert game.describe("e2e4") == "Blancas: peón a e4 y se convierte en una tabla"


def test_a_teachers_position_is_refused_in_the_current_language() -> None:
    with in_language("es"), pytest.raises(BadRecord, match="no puede estar en e5"):
        Guadalete(position="4k3/8/8/4P3/8/8/8/4K3 w - -")
