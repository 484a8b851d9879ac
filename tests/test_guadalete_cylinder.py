"""Cylindrical Guadalete Chess 14 x 8 (rules/board-games.md §7, D26, D27): the
acceptance cases CY-1..6 and the rules they rest on, through the public API."""

from __future__ import annotations

import pytest

import drezlab
from drezlab.core.errors import BadRecord
from drezlab.games.guadalete_cylinder import GuadaleteCylinder

EMPTY = ["8"] * 14


def position(pieces: dict[str, str], side: str = "w", planks: str = "-", castling: str = "-") -> str:
    """A 14-rank position text from {square: piece}."""
    rows = []
    for rank in range(14, 0, -1):
        row, gap = "", 0
        for file in "abcdefgh":
            piece = pieces.get(f"{file}{rank}")
            if piece is None:
                gap += 1
                continue
            row += (str(gap) if gap else "") + piece
            gap = 0
        rows.append(row + (str(gap) if gap else ""))
    return f"{'/'.join(rows)} {side} {castling} - {planks}"


def moves(game: GuadaleteCylinder) -> set[str]:
    return {str(action) for action in game.legal_actions()}


def targets(game: GuadaleteCylinder, square: str) -> set[str]:
    return {str(a)[len(square):].rstrip("a") for a in game.legal_actions() if str(a).startswith(square)
            and str(a)[len(square)].isalpha()}


def test_cy1_the_start_has_28_moves() -> None:
    game = drezlab.new("guadalete-cylinder")
    texts = moves(game)
    assert len(texts) == 28
    assert {f"{f}2{f}1" for f in "abcdefgh"} <= texts                          # 8 rear-pawn planks
    assert {f"{f}4{f}{r}" for f in "abcdefgh" for r in (5, 6)} <= texts        # 16 front-pawn moves
    assert {"b3a5", "b3c5", "g3f5", "g3h5"} <= texts                            # 4 knight moves


def test_cy2_black_must_answer_the_first_plank() -> None:
    game = drezlab.new("guadalete-cylinder")
    game.play("b2b1")
    assert game.planks == {"b1"}
    assert moves(game) == {f"{f}13{f}14" for f in "abcdefgh"}


@pytest.mark.parametrize("planks,expected", [
    ("-", {"a2"}),
    ("a1", {"a2", "a1"}),
    ("a1,a14", {"a2", "a1", "a14", "a13"}),
])
def test_cy3_a_rook_goes_down_through_the_seam(planks: str, expected: set[str]) -> None:
    game = GuadaleteCylinder(position=position({"a3": "R", "a4": "P", "a13": "t", "h2": "K", "h12": "k"},
                                               planks=planks))
    assert targets(game, "a3") - {f"{f}3" for f in "bcdefgh"} == expected


@pytest.mark.parametrize("planks", ["-", "e14"])
def test_cy4_a_front_pawn_on_the_rivals_river_becomes_an_amazon(planks: str) -> None:
    game = GuadaleteCylinder(position=position({"e13": "P", "a3": "K", "a10": "k"}, planks=planks))
    assert "e13e14a" in moves(game)
    game.play("e13e14a")
    assert game.piece_at("e14") == "A"


def test_cy5_the_amazon_swims_across_the_seam() -> None:
    game = GuadaleteCylinder(position=position({"e14": "A", "a3": "K", "h10": "k"}))
    reach = targets(game, "e14")
    assert {"e1", "e2", "e13"} <= reach
    assert {"d12", "f12", "c13", "g13", "d2", "f2", "c1", "g1"} <= reach        # knight leaps across the seam


def test_cy6_the_king_never_goes_to_the_river() -> None:
    game = GuadaleteCylinder(position=position({"e3": "K", "a10": "k", "h10": "r"}))
    assert "e3e2" in moves(game)
    game.play("e3e2")
    game.play("h10h9")
    assert not any(m.startswith("e2") and m.endswith("1") for m in moves(game))
    planked = GuadaleteCylinder(position=position({"e2": "K", "a10": "k", "h10": "r"}, planks="d1,e1,f1"))
    assert not any(m.startswith("e2") and m.endswith("1") for m in moves(planked))


def test_rear_pawns_step_once_toward_their_river_and_never_capture() -> None:
    game = GuadaleteCylinder(position=position({"c2": "T", "d1": "a", "a3": "K", "a10": "k"}, side="w"))
    assert targets(game, "c2") == {"c1"}                       # one square, never d1's amazon
    blocked = GuadaleteCylinder(position=position({"c2": "T", "c1": "a", "a3": "K", "a10": "k"}))
    assert targets(blocked, "c2") == set()                      # the amazon on c1 blocks it
    planked = GuadaleteCylinder(position=position({"c2": "T", "a3": "K", "a10": "k", "h11": "p"}, planks="c1"))
    assert targets(planked, "c2") == set()                      # a pawn never steps onto a plank


def test_front_pawns_capture_take_en_passant_and_cannot_enter_their_own_river() -> None:
    game = GuadaleteCylinder(position=position({"e4": "P", "d6": "p", "a3": "K", "a12": "k", "f11": "p"}))
    game.play("e4e6")
    game.play("f11f9")          # Black's front pawn double step...
    game.play("e6e7")
    game.play("d6d5")
    assert "e7e8" in moves(game)
    again = GuadaleteCylinder(position=position({"e9": "P", "a3": "K", "a12": "k", "d11": "p"}, side="b"))
    again.play("d11d9")
    assert "e9d10" in moves(again)                             # en passant on d10
    again.play("e9d10")
    assert again.piece_at("d9") is None and again.piece_at("d10") == "P"


def test_the_balance_rule_counts_rear_planks_and_frees_a_side_without_rear_pawns() -> None:
    forced = GuadaleteCylinder(position=position({"a3": "K", "a12": "k", "c13": "t", "h11": "p"}, side="b",
                                                 planks="a1"))
    assert forced.must_plank() and moves(forced) == {"c13c14"}
    free = GuadaleteCylinder(position=position({"a3": "K", "a12": "k", "h11": "p"}, side="b", planks="a1"))
    assert "h11h10" in moves(free)


def test_castling_on_ranks_3_and_12() -> None:
    game = GuadaleteCylinder(position=position({"e3": "K", "h3": "R", "a3": "R", "e12": "k", "h12": "r"},
                                               castling="KQk"))
    assert {"e3g3", "e3c3"} <= moves(game)
    game.play("e3g3")
    assert game.piece_at("f3") == "R" and game.piece_at("g3") == "K"
    assert "e12g12" not in moves(game)                         # the rook on f3 guards f12 across the board
    black = GuadaleteCylinder(position=position({"e3": "K", "e12": "k", "h12": "r"}, side="b", castling="k"))
    assert "e12g12" in moves(black)


def test_a_rook_checks_through_the_seam_over_planks_only() -> None:
    pieces = {"e3": "K", "e12": "r", "e11": "p", "a12": "k"}    # the pawn shuts the direct way down
    open_seam = GuadaleteCylinder(position=position(pieces, planks="e1,e14"))
    assert open_seam.in_check()
    closed = GuadaleteCylinder(position=position(pieces, planks="e14"))
    assert not closed.in_check()


def test_positions_that_cannot_arise_are_refused() -> None:
    for pieces in ({"e1": "K", "a10": "k"}, {"e3": "K", "a10": "k", "c1": "T"}, {"e3": "K", "a10": "k", "c2": "P"},
                   {"e3": "K", "a10": "k", "c5": "T"}, {"e3": "K", "a10": "k", "c1": "N"}):
        with pytest.raises(BadRecord):
            GuadaleteCylinder(position=position(pieces))


def test_the_old_import_paths_still_work_and_warn() -> None:
    """Issue 24: each variant lives in its own package; the old spellings of a release
    ago still give the same class, with a DeprecationWarning."""
    import importlib
    import sys

    import drezlab.games.guadalete as family
    from drezlab.games.guadalete_swimming import GuadaleteSwimming

    for old, new in (("drezlab.games.guadalete.cylinder", GuadaleteCylinder),
                     ("drezlab.games.guadalete.swimming", GuadaleteSwimming)):
        sys.modules.pop(old, None)
        with pytest.warns(DeprecationWarning, match="moved"):
            module = importlib.import_module(old)
        assert getattr(module, new.__name__) is new
        with pytest.warns(DeprecationWarning, match="moved"):
            assert getattr(family, new.__name__) is new
    from drezlab.core.registry import spec_of

    assert spec_of("guadalete-cylinder").game_class == "drezlab.games.guadalete_cylinder.game:GuadaleteCylinder"
