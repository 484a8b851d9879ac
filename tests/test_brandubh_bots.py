"""The greedy and search bots (drezlab.players.search) on Brandubh and on other games of the
protocol, and Brandubh in the generic play() widget (Python side, no browser)."""

from __future__ import annotations

import pytest
from toygame import Race

from drezlab import IllegalAction
from drezlab.games.brandubh import BLACK, WHITE, Brandubh
from drezlab.games.pokerdrez import PokerDrez
from drezlab.players import Player, RandomPlayer, make, play_out
from drezlab.players.search import WIN, GreedyPlayer, SearchPlayer, static_value
from drezlab.testing import random_plies

CAPTURE_IN_TWO = """
..a....
ad.....
.......
....a..
.a.....
.K.....
.......
"""
ESCAPE_IN_TWO = """
.......
....a..
..K....
.......
a.....a
..a..d.
.......
"""


def test_search_beats_random_with_both_colours() -> None:
    results = {WHITE: [], BLACK: []}
    for seat in (WHITE, BLACK):
        for number in range(8):
            players = [None, None]
            players[seat] = SearchPlayer(seed=number)
            players[1 - seat] = RandomPlayer(seed=100 + number)
            game = play_out(Brandubh(), players)
            results[seat].append(game.outcome.winner)
    assert results[WHITE] == [WHITE] * 8
    assert results[BLACK] == [BLACK] * 8


def test_search_finds_the_capture_in_two() -> None:
    game = Brandubh.from_text(CAPTURE_IN_TWO, to_move="black")
    bot = SearchPlayer(seed=1, depth=3)
    assert bot.choose(game).text == "c7-c2"
    assert bot.value == WIN - 3


def test_search_finds_the_escape_in_two() -> None:
    game = Brandubh.from_text(ESCAPE_IN_TWO, to_move="white")
    bot = SearchPlayer(seed=1, depth=3)
    assert bot.choose(game).text == "c5-c7"
    assert bot.value == WIN - 3


KING_ON_A3 = "......./......./a....../......./K....../......./......."   # a3-a1 escapes at once


def test_search_prefers_the_quickest_win() -> None:
    game = Brandubh.from_text(KING_ON_A3, to_move="white")
    bot = SearchPlayer(seed=3, depth=3)
    assert bot.choose(game).text == "a3-a1"
    assert bot.value == WIN - 1


def test_greedy_takes_an_immediate_win() -> None:
    escape = Brandubh.from_text(KING_ON_A3, to_move="white")
    assert GreedyPlayer(seed=1).choose(escape).text == "a3-a1"
    capture = Brandubh.from_text(".K..a../......./......./......./......./......./.......", to_move="black")
    assert GreedyPlayer(seed=1).choose(capture).text == "e7-c7"      # BR-10


def test_bots_never_change_the_game_they_are_given() -> None:
    game = Brandubh()
    game.play("d1-c1")
    before = game.to_json()
    for bot in (GreedyPlayer(seed=1), SearchPlayer(seed=1), SearchPlayer(seed=1, depth=3)):
        bot.choose(game)
        assert game.to_json() == before


def test_same_seed_same_game() -> None:
    def one_game(seed: int) -> list[str]:
        game = play_out(Brandubh(), [SearchPlayer(seed=seed), GreedyPlayer(seed=seed)])
        return [action.text for action in game.history]
    assert one_game(5) == one_game(5)
    assert one_game(5) != one_game(6)


def test_bots_work_on_any_game_of_the_protocol() -> None:
    """No ``evaluate`` hook (the toy Race), chance and hidden cards (PokerDrez): they still play legally."""
    for bot in (GreedyPlayer(seed=2), SearchPlayer(seed=2, depth=3)):
        race = Race(seed=4)
        while not race.is_over:
            action = bot.choose(race)
            assert action in race.legal_actions()
            race.play(action)
    poker = PokerDrez(seed=3, pawn_removal=False)
    for _ in range(6):
        action = GreedyPlayer(seed=1).choose(poker)
        assert action in poker.legal_actions()
        poker.play(action)


def test_static_value() -> None:
    game = Brandubh.from_text("......./......./......./......./......./K....../.......", to_move="white")
    game.play("a2-a1")
    assert static_value(game, WHITE) == WIN and static_value(game, BLACK) == -WIN
    assert static_value(game, WHITE, ply=3) == WIN - 3 and static_value(game, BLACK, ply=3) == -WIN + 3
    assert static_value(Race(seed=1), 0) == 0.0          # no evaluate hook, not finished


def test_evaluate_is_bounded_and_zero_sum() -> None:
    for game in random_plies(Brandubh(), 9):
        white, black = game.evaluate(WHITE), game.evaluate(BLACK)
        assert -1 <= white <= 1 and white == -black
    assert abs(game.evaluate(WHITE)) in (0.0, 1.0)


def test_bots_are_players() -> None:
    for bot in (GreedyPlayer(seed=1), SearchPlayer(seed=1)):
        assert isinstance(bot, Player)
        assert make(bot) is bot
    assert repr(SearchPlayer(depth=3)) == "SearchPlayer(depth=3)" and repr(GreedyPlayer()) == "GreedyPlayer()"
    with pytest.raises(ValueError, match="depth"):
        SearchPlayer(depth=0)


def test_no_choice_in_a_finished_game() -> None:
    game = Brandubh.from_text(".ad..../.d...../......./...K.../......./......./.......")
    for bot in (GreedyPlayer(), SearchPlayer()):
        with pytest.raises(IllegalAction):
            bot.choose(game)


# ------------------------------------------------------------------ the widget
def test_brandubh_plays_in_the_generic_widget() -> None:
    from drezlab.ui import play, svg_ids

    widget = play(Brandubh(), seats=("human", SearchPlayer(seed=1)))
    assert len(widget.log) == 1 and widget.log[0].startswith("Black: ")     # the bot opened
    assert widget.status == "Your turn: White"
    picture = widget.board.svg
    assert {"d3", "d5", "c4", "e4", "d4"} <= svg_ids(picture)
    assert widget.buttons == []                                          # every move is made by clicks
    assert "d5" in widget.highlight
    widget.click("d5")
    assert widget.selected == ["d5"]
    targets = widget.highlight
    assert targets and all(target[0] == "d" or target[1] == "5" for target in targets)
    played = widget.click(targets[0])
    assert played is not None and played.targets == ("d5", targets[0])
    assert len(widget.log) == 3 and widget.log[1].startswith("White: defender from d5 to ")
    widget.undo()
    assert len(widget.log) == 1 and widget.game.to_move == WHITE


def test_puzzle_in_the_widget_new_game_restarts_the_puzzle() -> None:
    from drezlab.ui import play

    widget = play(Brandubh.from_text(CAPTURE_IN_TWO, to_move="black"), seats=(SearchPlayer(seed=1), "human"))
    widget.click("c7")
    widget.click("c2")
    assert widget.game.history[0].text == "c7-c2"
    widget.new_game(0)
    assert widget.game.to_text() == Brandubh.from_text(CAPTURE_IN_TWO).to_text()
