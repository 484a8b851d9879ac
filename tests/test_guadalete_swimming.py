"""Swimming Guadalete Chess (rules/board-games.md §8, D28, D29): the current and
drowning, acceptance cases SW-1..7 and the source's figures 6 and 7."""

from __future__ import annotations

import drezlab
from drezlab.core.i18n import in_language
from drezlab.games.guadalete_swimming import GuadaleteSwimming


def moves(game: GuadaleteSwimming) -> set[str]:
    return {str(action) for action in game.legal_actions()}


def landing(game: GuadaleteSwimming, text: str) -> str | None:
    """Where the move written ``text`` (its nominal square) really ends."""
    return game.landing(text)


def test_sw1_figure_6_the_current_carries_the_bishop_onto_the_white_bishop() -> None:
    game = GuadaleteSwimming(position="3k4/2b5/8/5B2/8/8/8/4K3 b - - 0,1")
    assert game.drift(1) == 1
    assert landing(game, "c7e5") == "f5"
    game.play("c7e5")
    assert game.piece_at("f5") == "b" and game.piece_at("e5") is None
    assert game.drift(1) == 2                   # one more White piece gone


SW2 = "k7/8/4n3/5p2/6P1/8/8/7K b - - 0,3"


def test_sw2_figure_7_the_knights_choices() -> None:
    game = GuadaleteSwimming(position=SW2)
    knight = {m for m in moves(game) if m.startswith("e6")}
    assert knight == {"e6d4", "e6f4", "e6g5", "e6c7", "e6g7", "e6d8", "e6f8"}
    assert landing(game, "e6d4") == "g4"                             # captures the White pawn
    assert landing(game, "e6f4") is None and landing(game, "e6g5") is None   # drowns
    assert all(landing(game, m) == m[2:] for m in ("e6c7", "e6g7", "e6d8", "e6f8"))
    game.play("e6d4")
    assert game.piece_at("g4") == "n" and game.piece_at("d4") is None


def test_sw2_c5_is_refused_because_the_current_ends_on_an_own_piece() -> None:
    game = GuadaleteSwimming(position=SW2)
    assert "e6c5" not in moves(game)


def test_sw3_a_drowning_counts_as_a_captured_piece() -> None:
    game = GuadaleteSwimming(position=SW2)
    before = game.drift(0)
    game.play("e6f4")
    assert game.piece_at("e6") is None and "n" not in game.position_text().split()[0]
    assert game.drift(0) == before + 1


def test_sw4_a_move_that_starts_in_the_river_does_not_drift() -> None:
    game = GuadaleteSwimming(position="k7/8/8/r7/8/8/8/7K b - - 0,3")
    assert landing(game, "a5a4") == "a4"


def test_sw5_a_move_across_the_river_does_not_drift() -> None:
    game = GuadaleteSwimming(position="7k/8/8/8/8/R7/8/K7 w - - 3,0")
    assert landing(game, "a3a6") == "a6"
    assert landing(game, "a3a4") == "d4"        # but stopping in it does


def test_sw6_the_king_never_enters_the_river() -> None:
    game = GuadaleteSwimming(position="k7/8/8/8/8/4K3/8/8 w - - 0,0")
    assert not {"e3e4", "e3d4", "e3f4"} & moves(game)


def test_sw7_the_current_jumps_over_pieces_in_the_river() -> None:
    game = GuadaleteSwimming(position="k7/8/8/8/4p3/1N6/8/7K w - - 2,0")
    assert landing(game, "b3d4") == "f4"
    assert landing(game, "b3a5") == "c5" and landing(game, "b3c5") == "e5"
    game.play("b3d4")
    assert game.piece_at("e4") == "p" and game.piece_at("f4") == "N"


def test_with_a_drift_the_piece_on_the_nominal_square_is_untouched() -> None:
    game = GuadaleteSwimming(position="k7/8/8/3p4/8/2N5/8/7K w - - 1,0")
    game.play("c3d5")                            # aims at the pawn on d5, the current takes it to e5
    assert game.piece_at("d5") == "p" and game.piece_at("e5") == "N"


def test_a_pawn_push_that_drifts_onto_an_enemy_captures_it() -> None:
    game = GuadaleteSwimming(position="k7/8/8/8/8/4P3/8/7K w - - 1,0")
    assert landing(game, "e3e4") == "f4"
    capture = GuadaleteSwimming(position="k7/8/8/8/5p2/4P3/8/7K w - - 1,0")
    capture.play("e3e4")
    assert capture.piece_at("f4") == "P"


def test_en_passant_only_after_an_undrifted_double_step() -> None:
    plain = GuadaleteSwimming(position="k7/3p4/8/4P3/8/8/8/7K b - - 0,0")
    plain.play("d7d5")
    assert "e5d6" in moves(plain)
    drifted = GuadaleteSwimming(position="k7/2p5/8/4P3/8/8/8/7K b - - 0,1")
    drifted.play("c7c5")                         # aims at c5, lands on d5
    assert drifted.piece_at("d5") == "p" and "e5d6" not in moves(drifted)


def test_promotion_and_the_start_position() -> None:
    game = drezlab.new("guadalete-swimming")
    assert len(moves(game)) == 20
    promote = GuadaleteSwimming(position="k7/4P3/8/8/8/8/8/7K w - - 0,0")
    assert {"e7e8q", "e7e8r", "e7e8b", "e7e8n"} <= moves(promote)
    assert promote.parse("e7e8q").targets == ("e7", "e8", "promote-q")


def test_the_view_lists_every_drifting_move_for_the_picture() -> None:
    game = GuadaleteSwimming(position=SW2)
    currents = game.view(1).public["currents"]
    assert sorted(map(tuple, currents["e6"])) == [("d4", "g4"), ("f4", None), ("g5", None)]
    svg = game.svg(chosen="e6")
    assert svg.count("<circle") >= 3


def test_the_move_log_says_where_the_current_carries_the_piece() -> None:
    """Issue 22: the nominal square, then the current's work, in words."""
    game = GuadaleteSwimming(position=SW2)
    with in_language("en"):
        assert game.describe("e6d4") == "Black: knight to d4; the current carries it to g4, where it takes"
        assert game.describe("e6f4") == "Black: knight to f4; the current carries it off the board and it drowns"
        assert game.describe("e6c7") == "Black: knight to c7"
    with in_language("es"):
        assert game.describe("e6d4") == "Negras: caballo a d4; la corriente arrastra la pieza hasta g4, donde captura"
