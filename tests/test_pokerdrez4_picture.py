"""PokerDrez for 4's picture fits one screen (issue 22): at most 790 x 560 px, so that the
widget draws it at its own size beside the move log in a 1366 x 768 laptop window and a
1024 x 768 tablet; 38 px squares; the four hands in the board's corners, beside the
arms; the viewer's cards and the common cards large enough to carry their names; no
text under 12 px."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import drezlab
from drezlab.games.pokerdrez4 import PokerDrez4
from drezlab.games.pokerdrez4.picture import BOARD_X, BOARD_Y, HOLE, SQUARE, hole_origin
from drezlab.testing import random_game

SVG = "{http://www.w3.org/2000/svg}"
LINK = "{http://www.w3.org/1999/xlink}href"
KINGS = "ykh1 gka7 rkg14 bkn8"


def positions() -> list[tuple[str, PokerDrez4]]:
    """The start, a game played on (random moves), one with reserves and a check."""
    played = random_game(PokerDrez4(seed=7, decks=1), 7, 120)
    teacher = PokerDrez4(seed=1, decks=1, position=f"{KINGS} yrd7 rpd9 +yne1 +ypd2 +ype2 +gba9 +gqd8 +rre14 +bnn10",
                         hands={0: ["J1", "J2"], 2: ["Q1", "Q2"]}, common=["P1", "P2", "P3", "P4", "P6"])
    return [("start", PokerDrez4(seed=1)), ("played", played), ("teacher", teacher)]


def size(svg: str) -> tuple[float, float]:
    match = re.search(r'viewBox="([^"]+)"', svg)
    assert match is not None
    _, _, width, height = (float(value) for value in match.group(1).split(","))
    return width, height


def card_width(node: ET.Element) -> float:
    """A card group's drawn width (its transform's scale times the 60 px design)."""
    scale = re.search(r"scale\(([\d.]+)", node.get("transform", ""))
    return 60 * (float(scale.group(1)) if scale else 1.0)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("name", ["start", "played", "teacher"])
def test_the_picture_fits_one_screen_with_readable_text(name: str, language: str) -> None:
    game = dict(positions())[name]
    drezlab.set_language(language)
    try:
        views = [game.svg(seat) for seat in (*range(4), None)]
    finally:
        drezlab.set_language("en")
    for svg in views:
        width, height = size(svg)
        assert width <= 790 and height <= 560, (name, width, height)
        sizes = [float(value) for value in re.findall(r'font-size="([\d.]+)"', svg)]
        assert sizes and min(sizes) >= 12, sorted(sizes)[:3]
        assert 'class="dz-note"' not in svg, "the 11 px note class is too small here"


def test_squares_are_38_px_and_the_hands_sit_in_the_corners_beside_the_arms() -> None:
    svg = PokerDrez4(seed=1).svg(0)
    root = ET.fromstring(svg)
    squares = [node for node in root.iter(f"{SVG}rect") if re.fullmatch(r"[a-n]\d+", node.get("data-id", ""))]
    assert len(squares) == 160 and {node.get("width") for node in squares} == {str(SQUARE)}
    assert SQUARE >= 36
    for seat in (1, 2, 3):
        frame = next(node for node in root.iter(f"{SVG}rect") if node.get("data-id") == f"hand-{seat}")
        x, y = float(frame.get("x")), float(frame.get("y"))
        hx, hy = hole_origin(seat)
        assert hx <= x and x + float(frame.get("width")) <= hx + HOLE and hy <= y <= hy + HOLE, seat
        assert BOARD_X <= hx and BOARD_Y <= hy, "inside the board's square, in an empty corner"
    # a corner holds no square: Yellow's box (south-west) lies where a1..c3 would be
    assert hole_origin(0) == (BOARD_X, BOARD_Y + 11 * SQUARE)
    assert not any(node.get("data-id") in ("a1", "c3", "n14", "l12") for node in squares)


def test_the_viewers_and_the_common_cards_carry_their_names_and_the_others_are_small() -> None:
    game = dict(positions())["teacher"]
    root = ET.fromstring(game.svg(0))
    cards = {node.get("data-id"): node for node in root.iter(f"{SVG}g") if "dz-card" in node.get("class", "")}
    for card in ("J1", "J2", "P1", "P2", "P3", "P4", "P6"):
        node = cards[card]
        assert card_width(node) >= 60, card
        assert node.find(f"{SVG}use").get(LINK).endswith("-en"), f"{card} is drawn with its name"
    assert "Q1" not in cards, "the partner's cards stay hidden without show_partner_cards"
    shown = PokerDrez4(seed=1, decks=1, show_partner_cards=True, position=f"{KINGS} yrd7", hands={0: ["J1", "J2"], 2: ["Q1", "Q2"]},
                       common=["P1", "P2", "P3", "P4", "P6"])
    root = ET.fromstring(shown.svg(0))
    partner = [node for node in root.iter(f"{SVG}g") if node.get("data-id") in ("Q1", "Q2")]
    assert len(partner) == 2 and all(card_width(node) < 60 for node in partner), "small, in Red's corner"


def test_every_reserve_piece_and_the_pile_can_be_clicked() -> None:
    svg = dict(positions())["teacher"].svg(0)
    for target in ("reserve-0-n", "reserve-0-p", "reserve-1-b", "reserve-1-q", "reserve-2-r", "reserve-3-n",
                   "pile"):
        assert f'data-id="{target}"' in svg, target
    assert 'data-id="reserve-3-q"' not in svg
    assert "Reserve" in svg and "\u00d7" not in svg
