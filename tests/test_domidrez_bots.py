"""DomiDrez bots: the greedy player keeps its options open, the sampling player plays
from what its seat may know only (it decides alike in games it cannot tell apart),
and both finish games; win rates and timings are printed by bench/bench_domidrez.py."""

from __future__ import annotations

import random

import pytest
from test_domidrez_rules import arranged

from drezlab.core.cards import Card
from drezlab.games.domidrez.bots import (
    GreedyPlayer,
    SamplingPlayer,
    best_name,
    keep_options_score,
    playout,
)
from drezlab.games.domidrez.game import DomiDrez
from drezlab.players import make
from drezlab.sim import tournament


def cards(text: str) -> list[Card]:
    return [Card.parse(card) for card in text.split()]


def test_greedy_keeps_the_neutral_card_while_a_figure_card_follows() -> None:
    game = arranged(DomiDrez(seed=1, players=2), {0: ["X1", "J1", "Q5"], 1: ["P2", "P3"]}, top="J4")
    assert GreedyPlayer(seed=1).choose(game).text == "j1"


def test_greedy_plays_the_card_that_leaves_most_cards_following() -> None:
    game = arranged(DomiDrez(seed=2, players=2), {0: ["R4", "J1", "Q1", "P1", "B8"], 1: ["P2", "P3"]}, top="J4")
    # after J1 the pawn P1 and queen Q1 (colour 1) still follow; after R4 nothing does
    assert GreedyPlayer(seed=1).choose(game).text == "j1"
    assert keep_options_score(Card.parse("J1"), cards("R4 Q1 P1 B8"))[0] == 2
    assert keep_options_score(Card.parse("R4"), cards("J1 Q1 P1 B8"))[0] == 0


def test_greedy_names_the_figure_and_colour_it_holds_most() -> None:
    assert best_name(cards("Q5 Q6 R6 P6 X2")) == (5, 6)
    game = arranged(DomiDrez(seed=3, players=2), {0: ["X1", "Q5", "Q6", "R6", "P6"], 1: ["P2", "P3"]}, top="B9")
    game.play("x1")
    assert GreedyPlayer(seed=1).choose(game).text == "name q6"


def test_greedy_plays_a_neutral_card_when_nothing_else_follows() -> None:
    game = arranged(DomiDrez(seed=4, players=2), {0: ["X1", "Q5"], 1: ["P2", "P3"]}, top="B9")
    assert GreedyPlayer(seed=1).choose(game).text == "x1"
    assert SamplingPlayer(seed=1, samples=4).choose(game).text == "x1"


def test_sampling_player_goes_out_when_it_can() -> None:
    game = arranged(DomiDrez(seed=5, players=3), {0: ["J1"], 1: ["P2", "P3"], 2: ["B2"]}, top="J4")
    assert SamplingPlayer(seed=2, samples=3).choose(game).text == "j1"


@pytest.mark.parametrize("name", ["greedy", "sampling"])
def test_bots_decide_alike_in_games_their_seat_cannot_tell_apart(name: str) -> None:
    rng = random.Random(5)
    for seed in range(4):
        game = DomiDrez(seed=seed, players=3)
        for _ in range(rng.randrange(1, 30)):
            game.play(game.random_action(rng))
        if game.is_over or len(game.legal_actions()) < 2:
            continue
        seat = game.to_move
        assert seat is not None
        twin = game.resample(seat, random.Random(seed))
        assert twin.view(seat) == game.view(seat)
        first = make(name, seed=11, game=game).choose(game)
        second = make(name, seed=11, game=twin).choose(twin)
        assert first == second


def test_playout_reaches_the_end_of_a_hand() -> None:
    points = playout([[11, 22], [33, 44, 55]], [], 1, 1, 0, random.Random(1))
    assert points == [2, 0], "P1 played, then nobody follows: closed with 1 and 3 cards"
    closed = playout([[23], [34]], [], 5, 9, 0, random.Random(1))
    assert closed == [0, 0]


def test_bots_refuse_other_games_and_bad_settings() -> None:
    import drezlab
    other = drezlab.new("poker7", seed=1, players=2)
    for bot in (GreedyPlayer(seed=1), SamplingPlayer(seed=1)):
        with pytest.raises(ValueError, match="DomiDrez"):
            bot.choose(other)
    with pytest.raises(ValueError):
        SamplingPlayer(samples=0)


def test_a_short_tournament_finishes_and_sampling_beats_random() -> None:
    results = tournament(("domidrez", {"players": 2, "target": 5}), ["sampling", "random"], games=12, seed=3)
    assert results["sampling"].games == 12
    assert results["sampling"].rate > 0.5
