"""The RummiDrez picture: melds in rows behind clickable handles, the sorted hand, the
stock count, "check my play" marks and the best-play hint — drawn from a view only."""

from __future__ import annotations

from drezlab.games.rummidrez.game import RummiDrez
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
    assert "✗" in picture and "meld 2 (N6) has only 1 card" in picture
    game.play("b6 m2")
    game.play("r6 m2")
    picture = game.svg(0)
    assert "✗" not in picture and "✓" in picture and "commit" in picture


def test_the_hint_shows_the_best_play_for_the_seat_at_the_screen_only() -> None:
    game = arranged(RummiDrez(seed=1), {0: "N6 R6 J1", 1: "P1 P2"}, melds=["B3 B4 B5 B6"], opened=[0])
    assert "Best play" not in game.svg(0)
    hinted = game.svg(0, hint=True)
    assert "Best play: lays down 2 cards" in hinted and "N6 B6 R6" in hinted
