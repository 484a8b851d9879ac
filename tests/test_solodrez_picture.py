"""The SoloDrez picture: nine overlapping columns where every card stays identifiable,
the ids a pupil clicks (card, then column), the removed pile, and the hint."""

from __future__ import annotations

import re

from solodrez_deals import LOCKED_QUEEN, WINNABLE, deal

from drezlab.games.solodrez.game import SoloDrez
from drezlab.games.solodrez.picture import (
    CARD_H,
    COLUMNS_Y,
    FOOTER_H,
    MIN_STRIP,
    STRIP,
    WIDTH,
    strip_for,
)
from drezlab.games.solodrez.solver import LOST_TEXT
from drezlab.ui.selection import svg_ids


def test_every_card_on_the_table_and_every_column_can_be_clicked() -> None:
    game = SoloDrez(seed=1)
    ids = svg_ids(game.svg(0))
    assert {card.id for column in game.columns for card in column} <= ids
    assert {f"c{column}" for column in range(1, 10)} <= ids
    for action in game.legal_actions():
        assert set(action.targets) <= ids, action.text


def test_each_covered_card_shows_its_number_and_a_corner_glyph() -> None:
    """Every card (face up) carries its number and the small figure glyph of its corner,
    which stays visible in the strip a covered card shows."""
    svg = SoloDrez(seed=1).svg(0)
    cards = re.findall(r'<g class="dz-target dz-card"[^>]*data-id="([A-Z]\d)"', svg)
    assert len(cards) == 56
    assert svg.count('class="dz-cn"') == 54            # the number of every figure card
    assert svg.count("scale(0.4222)") == 56            # the corner glyph of every card (19 / 45)


def test_the_picture_fits_one_screen_and_is_deterministic() -> None:
    """Issue 22: at most 790 x 560, so that the widget draws it at its own size beside
    the move log in a 1024 x 768 window."""
    game = SoloDrez(seed=2)
    svg = game.svg(0)
    assert f'width="{WIDTH}"' in svg and svg == SoloDrez(seed=2).svg(0)
    width, height = (float(value) for value in re.search(r'viewBox="0,0,([\d.]+),([\d.]+)"', svg).groups())
    assert width <= 790 and height <= 560


def test_long_columns_draw_their_cards_closer_but_every_strip_stays_clickable() -> None:
    """Up to 14 cards in a column the picture keeps its height; every covered card shows at
    least MIN_STRIP (its number and corner glyph, more than 24 px to click); longer columns
    make the picture taller."""
    def height(longest: int) -> float:
        return COLUMNS_Y + (longest - 1) * strip_for(longest) + CARD_H + FOOTER_H

    assert strip_for(7) == STRIP and MIN_STRIP >= 24
    for longest in range(1, 15):
        assert MIN_STRIP <= strip_for(longest) <= STRIP and height(longest) <= 560, longest
    assert strip_for(20) == MIN_STRIP and height(20) > 560


def test_an_empty_column_is_a_slot_to_click() -> None:
    game = deal(*WINNABLE)
    game.play("remove c3")
    svg = game.svg(0)
    assert svg.count('data-id="c3"') == 2              # the tab and the empty slot
    assert "dz-empty" in svg


def test_the_hint_is_drawn_on_demand_only() -> None:
    game = deal(*WINNABLE)
    assert "hint" not in game.svg(0)
    with_hint = game.svg(0, hint=True)
    assert "Solver's hint: set aside column 3" in with_hint
    assert "Solver's hint" in SoloDrez(seed=1, hint=True).svg(0)        # the option turns it on from the start
    assert "hint" not in SoloDrez(seed=1, hint=True).svg(0, hint=False)


def test_the_hint_says_when_the_deal_is_lost() -> None:
    assert LOST_TEXT in deal(*LOCKED_QUEEN).svg(0, hint=True)


def test_the_status_line_tells_progress_and_the_end() -> None:
    game = SoloDrez(seed=3)
    assert "Sequences set aside: 0/9" in game.svg(0)
    game.play("resign")
    assert "Deal lost: resigned" in game.svg(0)
