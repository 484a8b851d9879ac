"""The numbers on demand: a game whose metadata names a picture option in
``spec.numbers`` gets a "Show the numbers" toggle in the widget, which redraws
the picture of the seat at the screen with its exact odds (PokerGuess ``odds``)
or values (BlackDrez ``hints``), and off again. The numbers are a seat's own:
never added to the hot-seat cover or a spectator picture. A game that declares
none has no toggle.

Runs without a browser: the widget is driven through its programmatic hooks and
the test reads what would be synced (``board.svg``)."""

from __future__ import annotations

import re

from collections.abc import Iterator

import pytest

pytest.importorskip("anywidget")

from toygame import Race, register_race

from drezlab import Scripted
from drezlab.core.i18n import set_language
from drezlab.core.registry import spec_of
from drezlab.games.blackdrez import BlackDrez, stock_order
from drezlab.games.pokerguess import PokerGuess
from drezlab.ui import play

#: the source's 4-player deal (rules §7): Player 4 is to move at the start
SOURCE_DEAL = ["Q1", "Q2", "R2", "R4", "R1", "Q3", "R3", "B4"]
PREDICTION = "3 red + 4 bishops ("


def said(svg: str) -> str:
    """The picture's text lines joined by spaces (a prediction and its odds may wrap)."""
    return " ".join(re.findall(r">([^<]+)</text>", svg))


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts and ends in English."""
    set_language("en")
    yield
    set_language("en")


def predicted() -> PokerGuess:
    """Three seats; Player 1 has predicted "3 red 4 bishops" and Player 2 is to act."""
    game = PokerGuess(seed=1, players=3)
    game.play("stay new")
    game.play("3 red 4 bishops")
    assert game.to_move == 1
    return game


def source_table(hints: bool = False) -> BlackDrez:
    return BlackDrez(players=4, hints=hints, chance=Scripted([stock_order(SOURCE_DEAL)]))


def test_the_games_declare_their_numbers_option() -> None:
    assert spec_of("pokerguess").numbers == "odds"
    assert spec_of("blackdrez").numbers == "hints"
    assert spec_of("poker7").numbers == ""


def test_pokerguess_toggle_adds_and_removes_the_viewers_odds() -> None:
    game = predicted()
    widget = play(game, seats=("random", "human", "random"))
    assert widget.viewer == 1 and widget.numbers is False
    assert widget.board.svg == game.svg(1) and PREDICTION not in said(widget.board.svg)
    widget.press("Show the numbers")
    assert widget.numbers is True
    assert widget.board.svg == game.svg(1, odds=True)
    assert PREDICTION in said(widget.board.svg) and "%)" in said(widget.board.svg)
    widget.press("Show the numbers")
    assert widget.numbers is False and widget.board.svg == game.svg(1)
    assert PREDICTION not in said(widget.board.svg)


def test_pokerguess_numbers_follow_the_game_and_stay_on() -> None:
    """Once pressed, every later picture of the viewer carries the numbers."""
    game = predicted()
    widget = play(game, seats=("random", "human", "random"))
    widget.numbers = True
    widget.press("Stay + new prediction")
    assert widget.board.svg == game.svg(1, odds=True)
    for target in ("c2", "red", "f3", "pawns"):
        widget.click(target)
    assert "Player 2 predicts at least 2 red cards and 3 pawns" in widget.log and len(game.history) > 4
    assert widget.board.svg == game.svg(1, odds=True)
    assert "2 red + 3 pawns (" in said(widget.board.svg)


def test_pokerguess_hot_seat_cover_never_gets_the_numbers() -> None:
    game = predicted()
    widget = play(game, seats=("human", "human", "random"))
    widget.numbers = True
    assert widget.overlay == "Pass the screen to Player 2"
    assert widget.board.svg == game.svg(None) and PREDICTION not in said(widget.board.svg)
    widget.ready()
    assert widget.viewer == 1 and widget.board.svg == game.svg(1, odds=True)
    assert PREDICTION in said(widget.board.svg)


def test_spanish_toggle() -> None:
    set_language("es")
    game = predicted()
    widget = play(game, seats=("random", "human", "random"))
    widget.press("Mostrar los números")
    assert widget.numbers is True and widget.board.svg == game.svg(1, odds=True)
    assert "Mostrar los números" in repr(widget.widget)


def test_blackdrez_toggle_adds_and_removes_the_exact_values() -> None:
    game = source_table()
    widget = play(game, seats=("random", "random", "random", "human"))
    assert widget.viewer == 3 == game.to_move and widget.numbers is False
    assert "Exact values" not in widget.board.svg
    widget.numbers = True
    assert f"Exact values (Player 4): {game.exact_values()}" in widget.board.svg
    assert "Stock: 9 P, 9 N, 8 B, 5 R, 6 Q, 9 J" in widget.board.svg
    widget.numbers = False
    assert "Exact values" not in widget.board.svg and "Stock:" not in widget.board.svg


def test_blackdrez_hints_option_presses_the_toggle_and_it_turns_them_off() -> None:
    game = source_table(hints=True)
    widget = play(game, seats=("random", "random", "random", "human"))
    assert widget.numbers is True
    assert f"Exact values (Player 4): {game.exact_values()}" in widget.board.svg
    widget.press("Show the numbers")
    assert widget.numbers is False and "Exact values" not in widget.board.svg
    assert game.svg(3) != widget.board.svg, "the game option alone still shows them"


def test_no_toggle_without_a_pupil_or_without_numbers() -> None:
    spectators = play(predicted(), seats=("random", "random", "random"))
    register_race()
    race = play(Race(seed=1), seats=("human", "random"))
    for widget in (spectators, race):
        assert widget.numbers is None
        assert "Show the numbers" not in repr(widget.widget)
        with pytest.raises(ValueError, match="no button 'Show the numbers'"):
            widget.press("Show the numbers")
        with pytest.raises(ValueError, match="no numbers"):
            widget.numbers = True
    assert PREDICTION not in said(spectators.board.svg)
