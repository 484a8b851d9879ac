"""Abyss bots and picture: the greedy push, the perfect player's results (never
below what the solver promises; the perfect placer holds the draw), the refusals,
and the picture's clickable ids and perfect-play numbers."""

from __future__ import annotations

import random
import re

import pytest

from drezlab import IllegalAction
from drezlab.games.abyss import Abyss
from drezlab.games.abyss.bots import GreedyPlayer, PerfectPlayer
from drezlab.games.abyss.solver import first_mover_values, perfect_play
from drezlab.players import RandomPlayer, make, play_out


def test_greedy_takes_the_biggest_fall() -> None:
    game = Abyss.from_text("...../...../bb.w./...../w..b.")   # a1-e1 drops one; d3-a3 drops two
    assert GreedyPlayer(seed=1).choose(game).text == "d3-a3"


def test_greedy_chooser_moves_first() -> None:
    game = Abyss(placer=1)
    bot = RandomPlayer(seed=2)
    while game.phase == "place":
        game.play(bot.choose(game))
    assert GreedyPlayer(seed=0).choose(game).text == "first"


@pytest.mark.parametrize("seed", range(4))
def test_perfect_chooser_never_loses_and_gets_its_value(seed: int) -> None:
    for opponent in ("random", "greedy"):
        game = Abyss(seed=seed, placer=1)
        players = [PerfectPlayer(seed=seed), make(opponent, seed=seed, game=game)]
        while game.phase == "place":
            game.play(players[1].choose(game))
        promised = perfect_play(game).value
        assert promised is not None and promised >= 0
        play_out(game, players)
        assert game.outcome is not None and game.outcome.payoffs is not None
        assert game.outcome.payoffs[0] >= promised >= 0


def test_perfect_placer_holds_the_draw_against_the_perfect_chooser() -> None:
    game = Abyss(seed=3, placer=0)
    play_out(game, [PerfectPlayer(seed=1), PerfectPlayer(seed=2)])
    assert game.outcome is not None and game.outcome.is_draw


def test_perfect_placer_plans_a_placement_the_chooser_cannot_win() -> None:
    bot = PerfectPlayer(seed=5)
    white, black = bot.plan(1 << 12, 0)                   # a White piece already on c3
    assert white & 1 << 12 and white.bit_count() == black.bit_count() == 6
    assert min(first_mover_values(white, black)) == 0


def test_bots_refuse_other_games_and_finished_games() -> None:
    from drezlab.games.brandubh import Brandubh
    with pytest.raises(ValueError, match="plays Abyss"):
        PerfectPlayer().choose(Brandubh())
    over = Abyss.from_text("...../...../...../...../w....")
    with pytest.raises(IllegalAction):
        GreedyPlayer().choose(over)
    with pytest.raises(ValueError, match="tries"):
        PerfectPlayer(tries=0)


def test_picture_ids_and_reserves() -> None:
    game = Abyss(placer=0)
    svg = game.svg()
    ids = set(re.findall(r'data-id="([^"]+)"', svg))
    assert {f"{f}{r}" for f in "abcde" for r in range(1, 6)} <= ids
    assert {"w", "b"} <= ids                               # the reserves, first target of a placement
    played = Abyss.from_text("...../...../...../...../w..bb")
    assert 'data-id="w"' not in played.svg()


def test_picture_shows_perfect_play_on_demand() -> None:
    game = Abyss.from_text("...../...../...../...../w..bb")
    assert "Perfect play" not in game.svg()
    svg = game.svg(perfect=True)
    assert "Perfect play: Player 1 (White) wins by 1 (best: a1-e1)" in svg
    assert ">+1<" in svg and ">-1<" in svg                 # the values on the squares the pushes stop on
    with pytest.raises(ValueError):
        game.svg(square=-3)
    with pytest.raises(TypeError):
        game.svg(perfect="yes")


def test_random_bots_finish_games() -> None:
    rng = random.Random(0)
    for seed in range(5):
        game = Abyss(seed=seed)
        play_out(game, [RandomPlayer(seed=rng.randrange(100)), GreedyPlayer(seed=seed)])
        assert game.is_over


def test_the_widget_shows_perfect_play_with_the_numbers_toggle() -> None:
    pytest.importorskip("anywidget")
    import drezlab.ui
    game = Abyss.from_text("..b../.w.b./b.w../...w./..b..", to_move="white")
    widget = drezlab.ui.play(game, seats=("human", "perfect"))
    assert widget.numbers is False and "Perfect play" not in widget.board.svg
    widget.numbers = True
    assert "Perfect play: a draw (best: d2-d5, c3-c1)" in widget.board.svg
