"""NeuroDrez's sampling bot: its cheap reading of a step equals the game's own after
playing the step, and it takes the wins the rules give (a surface completed, a call of
sudden death that wins), does not call sudden death when the call does not win, and in
sudden death keeps the other side from a winning removal."""

from __future__ import annotations

import random

import pytest

from drezlab.core.chance import Scripted
from drezlab.games.neurodrez.bots import SamplingPlayer
from drezlab.games.neurodrez.game import NeuroDrez
from drezlab.games.neurodrez.reading import (
    conquest_wins,
    exposes,
    step_value,
    strengths,
)
from drezlab.practice.sets.lesson17 import LAST_WATER

OPTIONS = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 5}, {"players": 2, "mode": "cooperative"}]


@pytest.mark.parametrize("options", OPTIONS)
def test_the_reading_equals_the_games_side_strength(options: dict) -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(8):
        game = NeuroDrez(seed=seed, **options)
        while not game.is_over and checked < 400 * (seed + 1):
            for callable_counts in (False, True):
                by_present = game.sudden or (callable_counts and game.can_call_sudden_death())
                expected = [game.side_strength(side, callable_counts) for side in range(game.sides)]
                assert strengths(game, game.board, game.markers, game.pieces, by_present) == pytest.approx(expected)
            checked += 1
            game.play(game.random_action(rng))
    assert checked > 100


@pytest.mark.parametrize("options", OPTIONS[:4])
def test_a_step_valued_without_playing_it_equals_the_step_played(options: dict) -> None:
    rng = random.Random(5)
    steps = 0
    for seed in range(6):
        game = NeuroDrez(seed=seed, turn_cap=120, **options)
        while not game.is_over:
            if game.phase.value in ("tile", "remove", "piece"):
                seat = game.to_move
                assert seat is not None
                side = game.side
                for action in rng.sample(game.legal_actions(), min(6, len(game.legal_actions()))):
                    value = step_value(game, side, action, game.sudden)
                    game.play(action)
                    if game.is_over:
                        assert value == (1.0 if game.outcome.scores[seat] == 1.0 else -1.0)
                    elif game.phase.value != "roll":          # the turn not ended by the step
                        assert value == pytest.approx(game.evaluate(seat))
                    game.undo()
                    steps += 1
            game.play(game.random_action(rng))
    assert steps > 100


def _scripted(position: dict) -> NeuroDrez:
    return NeuroDrez(chance=Scripted([6, 1, None, None, None, None, 1, 1, 1, 1, 1, 1]), position=position)


def test_sampling_places_the_tile_that_wins() -> None:
    board = {"a1": "wwa", "b1": "rwa", "c1": "kwa", "d1": "bwa", "e1": "ywa"}
    game = _scripted({"board": board, "markers": {"c1": "w", "d1": "r", "e1": "g"},
                      "tiles": {"0": ["wfa", "gwa", "rfa"], "1": ["kfa"]}, "dice": [1, "y", "fa"], "phase": "tile",
                      "hand": 0})
    choice = SamplingPlayer(0, worlds=2, candidates=2).choose(game)
    assert choice.data.tile == "gwa"                     # the sixth water tile, on any free cell
    game.play(choice)
    assert game.outcome is not None and game.outcome.winners == (0,)


def _call_position(own_fire: bool) -> NeuroDrez:
    """18 tiles, A (white, red, green) to call or end; A holds every fire tile on the terrain
    when ``own_fire``, else one fire tile is black (B's)."""
    board = {"c3": "wea", "d3": "kwa", "e3": "rai", "c4": "gfi", "d4": "bfl", "e4": "yfa",
             "b3": "wwa", "b4": "rfl", "b5": "gea", "c5": "kai", "d5": "bfa", "e5": "yea",
             "f3": "wfi" if own_fire else "kfi", "f4": "rfa", "f5": "gai", "c2": "kfl", "d2": "bwa", "e2": "yai"}
    return _scripted({"board": board, "pieces": {"wq": "b3"}, "dice": [1, "y", "fa"], "phase": "call", "hand": 0,
                      "tiles": {"0": ["wfl"], "1": ["kea"]}})


def test_sampling_calls_sudden_death_when_the_call_wins() -> None:
    game = _call_position(own_fire=True)
    assert SamplingPlayer(0, worlds=2, candidates=2).choose(game).text == "sudden"
    game.play("sudden")
    assert game.outcome is not None and game.outcome.winners == (0,)


def test_sampling_does_not_call_sudden_death_when_the_call_does_not_win() -> None:
    assert SamplingPlayer(0, worlds=3, candidates=2).choose(_call_position(own_fire=False)).text == "end"


def _sudden_position() -> NeuroDrez:
    """Sudden death, A (white, red, green) to enter or move with a pawn, red or fauna. Every
    surface holds tiles of both sides; the pieces of A stand on A's only tile of four
    surfaces, so B cannot remove those, but A's only fauna tile (red, e2) is free: if it
    stays so, B removes it and holds all the fauna left."""
    board = {"c3": "wea", "d3": "kwa", "e3": "rai", "c4": "gfi", "d4": "bfl", "e4": "yfa",
             "c5": "kea", "d5": "rwa", "e5": "bai", "c2": "kfi", "d2": "gfl", "e2": "rfa", "b4": "rfl"}
    return _scripted({"board": board, "pieces": {"wp": "c3", "rn": "d5", "gn": "e3", "wn": "c4"}, "sudden": True,
                      "dice": [1, "r", "fa"], "phase": "piece", "hand": 0, "tiles": {"0": [], "1": []}})


def test_a_step_that_leaves_the_other_side_a_winning_removal_is_seen() -> None:
    game = _sudden_position()
    assert exposes(game, 0, game.parse("gp e2")) is False       # a piece on e2: it cannot be removed
    assert exposes(game, 0, game.parse("gp e4")) is True
    assert exposes(game, 0, game.parse("wp e2")) is True        # c3's earth tile is left free


def test_sampling_guards_the_tile_whose_removal_loses() -> None:
    game = _sudden_position()
    choice = SamplingPlayer(0, worlds=2, candidates=2).choose(game)
    assert choice.text in ("gp e2", "rp e2")
    game.play(choice)
    assert game.pieces[choice.data.piece] == "e2"


def test_a_step_whose_conquest_wins_is_seen_before_it_is_marked() -> None:
    """reading.conquest_wins: the white king onto the last yellow water tile wins once the
    conquest is marked (D38), and the sampling bot plays it; entering elsewhere does not."""
    game = NeuroDrez(players=2, seed=17, position=LAST_WATER)
    game.play("roll")
    while game.phase.value != "piece":
        game.play(game.legal_actions()[0])
    by_text = {action.text: action for action in game.legal_actions()}
    assert conquest_wins(game, game.side, by_text["wk f1"])
    assert not any(conquest_wins(game, game.side, action) for text, action in by_text.items()
                   if not text.startswith("wk f1"))
    assert SamplingPlayer(seed=0).choose(game).text == "wk f1"
