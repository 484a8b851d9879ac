"""The RummiDrez picture: melds in rows behind clickable handles, the sorted hand, the
stock count, "check my play" marks and the best-play hint — drawn from a view only."""

from __future__ import annotations

import re

from drezlab.games.rummidrez.game import RummiDrez, hand_zone
from drezlab.render.cards import LABEL_WIDTH
from drezlab.ui.selection import svg_ids
from tests.test_rummidrez_rules import arranged


def test_every_click_target_is_in_the_picture() -> None:
    game = arranged(RummiDrez(seed=1), {0: "N6 R6 J1", 1: "P1 P2"}, melds=["B3 B4 B5 B6", "Q1 Q2 Q3"],
                    opened=[0])
    ids = svg_ids(game.svg(0))
    for action in game.legal_actions():
        for target in action.targets:
            assert target in ids, f"{action.text}: {target} cannot be clicked"
    assert {"m1", "m2", "new", "hand", "N6", "R6", "J1", "B3"} <= ids
    assert "P1" not in ids                                      # the other hand is never drawn
    assert "Stock: 100" in game.svg(0)


def test_invalid_staged_melds_are_marked_and_valid_ones_ticked() -> None:
    game = arranged(RummiDrez(seed=1), {0: "N6 R6 J1", 1: "P1 P2"}, melds=["B3 B4 B5 B6"], opened=[0])
    game.play("n6 new")
    picture = game.svg(0)
    assert "✗" in picture and "meld 2 (Yellow Knight) has only 1 card" in picture
    game.play("b6 m2")
    game.play("r6 m2")
    picture = game.svg(0)
    assert "✗" not in picture and "✓" in picture and "commit" in picture


def test_the_hint_shows_the_best_play_for_the_seat_at_the_screen_only() -> None:
    game = arranged(RummiDrez(seed=1), {0: "N6 R6 J1", 1: "P1 P2"}, melds=["B3 B4 B5 B6"], opened=[0])
    assert "Best play" not in game.svg(0)
    hinted = game.svg(0, hint=True)
    assert "Best play: lays down 2 cards" in hinted and "N6 B6 R6" in hinted


def _size(svg: str) -> tuple[float, float]:
    width, height = re.search(r'viewBox="0,0,([\d.]+),([\d.]+)"', svg).groups()  # type: ignore[union-attr]
    return float(width), float(height)


def _card_widths(svg: str) -> dict[str, float]:
    """The drawn width of every face-up card, by id (60 x its scale)."""
    return {card: 60 * float(scale or 1) for card, scale in
            re.findall(r'<g class="dz-target dz-card"[^>]*data-id="(\w+)" transform="translate\([^)]*\)'
                       r'(?: scale\(([\d.]+)\))?"', svg)}


def test_the_picture_fits_one_screen_and_hand_cards_carry_their_names() -> None:
    """Issue 22: at most 790 x 560 (drawn at its own size beside the move log in a 1024 x 768
    window); the cards of the hand are 60 px wide, so they carry their names."""
    game = RummiDrez(seed=1)
    svg = game.svg(0)
    assert _size(svg)[0] == 790 and _size(svg)[1] <= 560
    widths = _card_widths(svg)
    hand = game.view(0).ids(hand_zone(0))
    assert len(hand) == 14 and all(widths[card] >= LABEL_WIDTH for card in hand)
    assert 'id="dz-cP-en"' in svg and "-bare" not in svg         # named faces only, no bare ones


FIGURES = "PNBRQJ"


def test_a_full_table_still_fits_with_smaller_table_cards() -> None:
    """108 cards in twelve long melds: every card drawn (at least 32 px wide, its number
    above 11 px), the hand's cards still 60 px, the picture no taller than 560 px."""
    melds = [" ".join(f"{figure}{colour}{pack}" for colour in range(1, 10)) for figure in FIGURES for pack in ("", "b")]
    game = arranged(RummiDrez(seed=1), {0: "X1 X2 X1b X2b", 1: ""}, melds=melds, opened=[0], rest_to=1)
    svg = game.svg(0, hint=True)
    widths = _card_widths(svg)
    assert len(widths) == 112 and {f"m{place}" for place in range(1, 13)} <= svg_ids(svg)
    assert min(widths.values()) >= 31.99 and all(widths[card] >= LABEL_WIDTH for card in ("X1", "X2", "X1b", "X2b"))
    assert _size(svg)[1] <= 560


def test_many_short_melds_make_the_picture_taller_but_lose_nothing() -> None:
    """36 melds of 3 cards: more than one screen can hold; the picture grows by rows of melds."""
    melds = [" ".join(f"{figure}{colour}{pack}" for colour in range(start, start + 3))
             for figure in FIGURES for pack in ("", "b") for start in (1, 4, 7)]
    game = arranged(RummiDrez(seed=1), {0: "X1 X2", 1: ""}, melds=melds, opened=[0], rest_to=1)
    svg = game.svg(0)
    assert {f"m{place}" for place in range(1, 37)} | {"new", "hand"} <= svg_ids(svg)
    assert len(_card_widths(svg)) == 110 and min(_card_widths(svg).values()) >= 31.99
    assert 560 < _size(svg)[1] <= 700
