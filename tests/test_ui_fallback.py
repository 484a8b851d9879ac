"""The static picture a ``play()`` output carries for a notebook opened before "Run all".

``PlayWidget._repr_mimebundle_`` adds ``text/html``: an ``<img>`` whose ``data:`` URI
is the board exactly as the browser gets it (``board.svg``). No kernel is needed:
the widget is built and its bundle read. That JupyterLab shows this picture for an
unrun lesson and the live widget once the cell runs is checked in the browser
(tests/browser/test_lesson_fallback_browser.py).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator

import pytest
from toygame import CARDS, Race, register_race

from drezlab.ui import play

DATA_SVG = re.compile(r'<img class="dz-fallback" alt="([^"]*)" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)">')


@pytest.fixture(autouse=True)
def race() -> Iterator[None]:
    """The toy game Race, registered for each test."""
    register_race()
    yield


def fallback_svg(bundle: dict[str, str]) -> str:
    """The SVG inside the bundle's ``text/html`` picture (fails when there is none)."""
    match = DATA_SVG.fullmatch(bundle["text/html"])
    assert match, bundle["text/html"][:200]
    return base64.b64decode(match.group(2)).decode("utf-8")


def test_the_bundle_keeps_the_widget_and_adds_the_board_picture() -> None:
    player = play(Race(seed=4), seats=("human", "random"), seed=1)
    data, _ = player._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"] == repr(player)
    assert fallback_svg(data) == player.board.svg
    assert DATA_SVG.fullmatch(data["text/html"]).group(1)  # an alt text (the game's title)


def test_the_picture_follows_the_game() -> None:
    """Displayed again after a move, the output pictures the new position, not the first one."""
    game = Race(seed=3)
    player = play(game, seats=("human", "random"), seed=1)
    first = fallback_svg(player._repr_mimebundle_()[0])
    card = next(iter(game.zones["hand-0"]))
    player.click(card)
    player.click(f"t{CARDS[card]}")
    assert player.click("t0") is not None
    assert fallback_svg(player._repr_mimebundle_()[0]) == player.board.svg != first


def test_a_covered_hot_seat_board_shows_no_hidden_card() -> None:
    """Under the hand-over screen the saved picture is the covered board: no seat's cards."""
    game = Race(seed=6)
    player = play(game, seats=("human", "human"))
    assert player.overlay
    picture = fallback_svg(player._repr_mimebundle_()[0])
    hidden = [card for seat in (0, 1) for card in game.zones[f"hand-{seat}"]]
    assert hidden and not [card for card in hidden if f'"{card}"' in picture]
