"""SokuDrez picture: every card clickable by its id, the repeats marked by shapes, the
panel's counts and points, Spanish labels, deterministic output."""

from __future__ import annotations

import re

import drezlab
from drezlab.games.sokudrez import SokuDrez, from_grid
from drezlab.games.sokudrez.grid import (
    COL_CELLS,
    ROW_CELLS,
    SOLVED_EXAMPLE,
    card_id,
    swapped,
)
from drezlab.games.sokudrez.picture import marks
from drezlab.ui.selection import svg_ids


def test_every_card_carries_its_id_and_every_swap_target_is_in_the_picture() -> None:
    game = SokuDrez(seed=2, players=2)
    svg = game.svg()
    ids = svg_ids(svg)
    assert {card.id for card in game.cards} <= ids
    assert {target for action in game.legal_actions() for target in action.targets} <= ids
    assert svg == SokuDrez(seed=2, players=2).svg()


def test_repeated_figures_and_numbers_are_marked_with_shapes() -> None:
    game = SokuDrez(seed=6)
    grid = game.grid
    figures, numbers = marks(tuple(card.id for card in game.cards))
    expected_figures = {i for cells in COL_CELLS for i in cells
                        if sum(grid[j] // 10 == grid[i] // 10 for j in cells) > 1}
    expected_numbers = {i for cells in ROW_CELLS for i in cells
                        if sum(grid[j] % 10 == grid[i] % 10 for j in cells) > 1}
    assert figures == expected_figures and numbers == expected_numbers
    svg = game.svg()
    assert svg.count('class="dz-fig-mark"') == len(figures) + 1          # + the legend's triangle
    assert svg.count('class="dz-num-mark"') == len(numbers) + 1          # + the legend's square


def test_a_solved_grid_has_no_marks_and_the_panel_shows_the_last_swap_points() -> None:
    g1 = swapped(SOLVED_EXAMPLE, 45, 42)
    game = from_grid([card_id(code) for code in g1], players=2)
    before = game.svg()
    assert "Dcol 2" in before and "Drow 2" in before and "a solving swap now scores nothing" in before
    game.play("p1 n7")
    svg = game.svg()
    assert svg.count('class="dz-fig-mark"') == 1 and svg.count('class="dz-num-mark"') == 1
    assert "= 8 points" in svg and "not scored" in svg


def test_spanish_labels() -> None:
    drezlab.set_language("es")
    try:
        svg = SokuDrez(seed=1, players=2).svg()
        assert "Cambio 1" in svg and "Fila 0" in svg and "cota inferior" in svg
    finally:
        drezlab.set_language("en")


def test_the_picture_fits_one_screen_with_readable_notes() -> None:
    """Issue 22: at most 790 x 560 (drawn at its own size beside the move log in a 1024 x 768
    window); the column headers and the notes (class dz-note, 11 px) are 13 px by a style."""
    game = SokuDrez(seed=2, players=2)
    game.play(game.legal_actions()[0])
    svg = game.svg()
    assert 'viewBox="0,0,790,540"' in svg
    notes = re.findall(r'<text class="dz-note"[^>]*>', svg)
    assert notes and all("font-size:13px" in note for note in notes)
