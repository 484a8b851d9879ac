"""The DomiDrez picture: drawn from a view on the shared table; the viewer's hand
face up and sorted with the cards that do not follow greyed, the others face down,
the stock clickable, the naming palette after a neutral card, labels in Spanish."""

from __future__ import annotations

from test_domidrez_rules import arranged

import drezlab
from drezlab.games.domidrez.game import DomiDrez
from drezlab.games.domidrez.knowledge import hand_zone
from drezlab.ui.selection import svg_ids


def test_viewer_hand_face_up_others_hidden_and_the_stock_clickable() -> None:
    game = DomiDrez(seed=3, players=4)
    svg = game.svg(0)
    ids = svg_ids(svg)
    assert {card.id for card in game.hand(0)} <= ids
    for seat in (1, 2, 3):
        assert not {card.id for card in game.hand(seat)} & ids
    assert "pile" in ids and game.top.id in ids
    assert svg == game.view(0).svg(), "the picture is drawn from the view"


def test_cards_that_do_not_follow_are_greyed_on_the_viewers_turn() -> None:
    game = arranged(DomiDrez(seed=4, players=2), {0: ["J1", "Q5", "X1"], 1: ["P2", "P3"]}, top="J4")
    svg = game.svg(0)
    greyed = [part for part in svg.split("<g ") if 'data-id="Q5"' in part]
    assert greyed and "dz-grey" in greyed[0]
    for card in ("J1", "X1"):
        part = next(part for part in svg.split("<g ") if f'data-id="{card}"' in part)
        assert "dz-grey" not in part
    assert "Follow: Joker or Purple" in svg


def test_naming_palette_after_a_neutral_card() -> None:
    game = arranged(DomiDrez(seed=5, players=2), {0: ["X1", "Q5"], 1: ["P2", "P3"]}, top="B9")
    assert "fig-r" not in svg_ids(game.svg(0))
    game.play("x1")
    ids = svg_ids(game.svg(0))
    assert {f"fig-{letter}" for letter in "pnbrqj"} <= ids
    assert {f"col-{number}" for number in range(1, 10)} <= ids
    game.play("name q6")
    assert "Named: Queen or Yellow" in game.svg(1)


def test_hands_shown_after_a_hand_and_spanish_labels() -> None:
    game = arranged(DomiDrez(seed=6, players=3), {0: ["P5"], 1: ["Q1", "Q2"], 2: ["R1", "R2", "R6"]}, top="P3")
    game.play("p5")
    assert {"Q1", "Q2", "R1", "R2", "R6"} <= svg_ids(game.svg(0))
    assert game.view(0).ids(hand_zone(1)) == ("Q1", "Q2")
    drezlab.set_language("es")
    try:
        svg = game.svg(0)
        assert "puntos" in svg and "Jugador 1" in svg
    finally:
        drezlab.set_language("en")
