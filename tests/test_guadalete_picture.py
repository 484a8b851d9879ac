"""The river family's picture: every square clickable by its name, water and planks
drawn as shapes, the cylinder's seam with the ranks that meet across it, and the
swimming variant's current (nominal square ringed, arrow to the landing)."""

from __future__ import annotations

import re

import pytest

import drezlab
from drezlab.games.guadalete_swimming import GuadaleteSwimming
from drezlab.render.grid import PLANK_LINE, WAVE
from drezlab.render.gridboard_river import square_corner
from drezlab.ui.selection import svg_ids


@pytest.mark.parametrize("name,squares", [("guadalete", 64), ("guadalete-cylinder", 112),
                                          ("guadalete-swimming", 64)])
def test_every_square_and_piece_carries_its_name(name: str, squares: int) -> None:
    game = drezlab.new(name)
    svg = game.svg()
    assert len(re.findall(r'<rect[^>]*data-id="[a-h]\d{1,2}"', svg)) == squares
    targets = {target for action in game.legal_actions() for target in action.targets}
    assert targets <= svg_ids(svg)


def test_water_and_planks_are_shapes_not_only_colours() -> None:
    game = drezlab.new("guadalete")
    plain = game.svg()
    game.play("e2e4")
    planked = game.svg()
    assert plain.count(f'stroke="{WAVE}"') == 16 and PLANK_LINE not in plain
    assert planked.count(f'stroke="{WAVE}"') == 15 and PLANK_LINE in planked
    assert "Planks made: White 1 · Black 0" in planked and "Black must make a plank" in planked


def test_the_cylinder_shows_its_seam_and_the_ranks_meeting_across_it() -> None:
    svg = drezlab.new("guadalete-cylinder").svg()
    assert "rank 14 meets rank 1" in svg and "rank 1 meets rank 14" in svg


@pytest.mark.parametrize("name", ["guadalete", "guadalete-cylinder", "guadalete-swimming"])
def test_one_screen_with_readable_coordinates(name: str) -> None:
    """Issue 22: at most 790 x 560 px, so drawn unshrunk on a 1024 x 768 tablet; the
    cylinder's 14 ranks on smaller squares with its captions beside the board, its
    coordinates and seam labels still at least 12 px."""
    game = drezlab.new(name)
    game.play(game.legal_actions()[0])
    svg = game.svg()
    width, height = (float(v) for v in re.search(r'viewBox="0,0,([\d.]+),([\d.]+)"', svg).groups())
    assert width <= 790 and height <= 560, (width, height)
    body = re.sub(r"<style.*?</style>", "", svg, flags=re.DOTALL)
    assert min(float(v) for v in re.findall(r'font-size="([\d.]+)"', body)) >= 12
    if name == "guadalete-cylinder":                    # the rank numbers, 14 the highest
        assert re.search(r'<g[^>]*font-size="1[2-9]"[^>]*>(<text[^>]*>\w+</text>)*<text[^>]*>14</text>', svg)


def test_the_swimming_picture_shows_where_the_current_takes_a_chosen_piece() -> None:
    game = GuadaleteSwimming(position="k7/8/4n3/5p2/6P1/8/8/7K b - - 0,3")
    svg = game.svg(chosen="e6")
    assert svg.count("<circle") >= 3 and 'stroke="#c0161b"' in svg       # three rings, one drowning cross
    game.play("e6d4")
    after = game.svg()
    assert "Current: White's drift 0, Black's drift 4" in after        # the pawn taken adds one
    with pytest.raises(ValueError):
        game.svg(chosen="z9")


def test_the_arrow_layer_places_squares_like_the_board_and_refuses_others() -> None:
    board = {"files": 8, "ranks": 14, "wrap_ranks": True}
    left, top = square_corner(board, "a14", square=40, coordinates=False)
    assert (left, top) == (0, 28)                     # below the seam strip
    with pytest.raises(ValueError):
        square_corner(board, "i1")
    svg = drezlab.new("guadalete-swimming", position="k7/8/4n3/5p2/6P1/8/8/7K b - - 0,3").svg(chosen="e6")
    assert svg.count('stroke-dasharray="5.8 4.6"') == 3     # the three rings of draw_arrows


def test_the_spanish_plank_line_agrees_and_does_not_read_like_a_draw() -> None:
    """'Negras deben poner una tabla' (the side is plural in Spanish) under 'Tablas en el río',
    never 'Tablas puestas', which a Spanish chess player reads as 'draws agreed'."""
    from drezlab.core.i18n import get_language, set_language

    before = get_language()
    set_language("es")
    try:
        game = drezlab.new("guadalete")
        game.play(next(action for action in game.legal_actions() if action.text.startswith("e2e4")))
        svg = game.svg()
    finally:
        set_language(before)
    assert "Tablas en el río: Blancas 1 · Negras 0 — Negras deben poner una tabla" in svg
    assert "Tablas puestas" not in svg and "debe poner" not in svg
