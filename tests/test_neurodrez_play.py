"""NeuroDrez played to the end for every player count and mode, and its bots: the
greedy player conquers, captures conquerors and takes a win; both bots decide from
what their seat may know only (two games that differ only in hidden tiles and cards
get the same choice from bots seeded alike)."""

from __future__ import annotations

import random

import pytest

from drezlab.core.chance import Scripted
from drezlab.games.neurodrez.bots import GreedyPlayer, SamplingPlayer
from drezlab.games.neurodrez.game import NeuroDrez
from drezlab.games.neurodrez.tiles import connected
from drezlab.games.neurodrez.words import NO_SURFACE_LEFT, TOO_FEW_SURFACES, TURN_CAP
from drezlab.players import RandomPlayer
from drezlab.testing import random_game

MODES = [dict(players=2), dict(players=3), dict(players=4), dict(players=5), dict(players=6),
         dict(players=6, teams6="two"), dict(players=2, mode="cooperative"), dict(players=3, mode="cooperative"),
         dict(players=1, turn_cap=120)]


def check_invariants(game: NeuroDrez) -> None:
    """What holds at every position: one piece per tile and only on tiles, a side within
    its limit with at most one king, the terrain one group, the tiles all accounted for."""
    cells = list(game.pieces.values())
    assert len(set(cells)) == len(cells) and set(cells) <= set(game.board)
    for side, colours in enumerate(game.layout.side_colours):
        assert game.on_terrain(side) <= game.layout.limit
        assert sum(piece[1] == "k" and piece[0] in colours for piece in game.pieces) <= 1
    assert connected(game.board)
    assert set(game.markers) <= set(game.board)
    assert len(game.board) + len(game.zones["out"]) + game.tiles_in_hands() == 36


@pytest.mark.parametrize("options", MODES, ids=lambda options: "-".join(str(value) for value in options.values()))
def test_random_games_reach_their_end(options: dict) -> None:
    for seed in range(2):
        game = NeuroDrez(seed=seed, **options)
        players = [RandomPlayer(seed * 10 + seat) for seat in range(game.players)]
        while not game.is_over:
            game.play(players[game.to_move].choose(game))
            check_invariants(game)
        game.zones.check_conserved(game.conserved_items())
        outcome = game.outcome
        assert outcome is not None and len(outcome.scores) == game.players
        if outcome.winners:
            if game.mode == "competitive":
                side = game.winner_side
                assert set(outcome.winners) == {game.seat_of_hand(hand) for hand in range(game.hands)
                                                if game.layout.hand_sides[hand] == side}
            else:
                assert outcome.winners == tuple(range(game.players))
        elif outcome.reason == TOO_FEW_SURFACES:
            assert game.mode != "competitive" and len(game.surfaces_left()) < game.sides     # D43
        elif outcome.reason == NO_SURFACE_LEFT:
            assert game.mode == "competitive" and not game.board and not game.surfaces_left()  # D43
        else:
            assert outcome.reason == TURN_CAP and game.turn == game.turn_cap


@pytest.mark.slow
def test_a_game_between_greedy_and_sampling_ends() -> None:
    game = NeuroDrez(seed=3, players=2)
    players = [GreedyPlayer(1), SamplingPlayer(2, worlds=2, candidates=2)]
    while not game.is_over:
        game.play(players[game.to_move].choose(game))
    assert game.outcome is not None


def _scripted(position: dict, **options: object) -> NeuroDrez:
    return NeuroDrez(chance=Scripted([6, 1, None, None, None, None, 1, 1, 1, 1, 1, 1]), position=position,
                     **options)  # type: ignore[arg-type]


def test_greedy_places_the_tile_that_wins() -> None:
    board = {"a1": "wwa", "b1": "rwa", "c1": "kwa", "d1": "bwa", "e1": "ywa"}
    game = _scripted({"board": board, "markers": {"c1": "w", "d1": "r", "e1": "g"},
                      "tiles": {"0": ["wfa", "gwa", "rfa"], "1": ["kfa"]}, "dice": [1, "y", "fa"], "phase": "tile",
                      "hand": 0})
    choice = GreedyPlayer(0).choose(game)
    assert choice.data.tile == "gwa"
    game.play(choice)
    assert game.is_over and game.outcome.winners == (0,)


def test_greedy_captures_the_conqueror_and_conquers() -> None:
    board = {"a1": "wea", "b1": "rwa", "c1": "kai", "d1": "bfi"}
    game = _scripted({"board": board, "pieces": {"wr": "a1", "kn": "b1"}, "dice": [4, "y", "fl"],
                      "phase": "piece", "hand": 0, "cards": {"0": ["P1", "P2"], "1": ["P3", "P4"]}})
    assert GreedyPlayer(0).choose(game).text == "wr b1"       # the black knight conquers A's red tile


@pytest.mark.parametrize("bot", [GreedyPlayer, SamplingPlayer])
def test_bots_decide_from_their_own_view(bot: type) -> None:
    game = random_game(NeuroDrez(seed=11, players=3), 0, 12)
    seat = game.to_move
    other = game.resample(seat, random.Random(5))
    assert other.view(seat) == game.view(seat) and other.to_json() != game.to_json()
    assert bot(7).choose(game) == bot(7).choose(other)
