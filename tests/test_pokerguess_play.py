"""PokerGuess beyond the rules: the picture, the bots, labels, records of a scripted game."""

from __future__ import annotations

import random
import re

import pytest

from drezlab.core.chance import Scripted
from drezlab.core.errors import IllegalAction
from drezlab.core.i18n import set_language
from drezlab.games.pokerguess import PokerGuess, ProbabilityPlayer
from drezlab.players import RandomPlayer
from drezlab.sim import tournament
from drezlab.testing import random_game


def test_prediction_pad_only_for_the_seat_that_must_predict() -> None:
    game = PokerGuess(seed=1)
    assert 'data-id="red"' not in game.svg(0)
    game.play("stay new")
    mine, other = game.svg(0), game.svg(1)
    for identifier in ("c1", "c6", "grey", "green", "f1", "f9", "pawns", "jokers"):
        assert f'data-id="{identifier}"' in mine
        assert f'data-id="{identifier}"' not in other
    ids = set(re.findall(r'data-id="([^"]+)"', mine))
    for action in game.legal_actions():
        assert set(action.targets) <= ids


def test_prediction_pad_names_a_count_of_one_in_the_singular() -> None:
    game = PokerGuess(seed=1)
    game.play("stay new")
    titles = re.findall(r"<title>([^<]+)</title>", game.svg(0))
    assert "at least 1 card of one colour" in titles and "at least 1 card of one figure" in titles
    assert "at least 2 cards of one colour" in titles and "at least 9 cards of one figure" in titles
    set_language("es")
    try:
        spanish = re.findall(r"<title>([^<]+)</title>", game.svg(0))
    finally:
        set_language("en")
    assert "al menos 1 carta de un color" in spanish and "al menos 2 cartas de una figura" in spanish


def test_picture_shows_predictions_odds_and_results() -> None:
    game = PokerGuess(seed=1, players=3)
    game.play("stay new"); game.play("3 red 4 bishops")
    picture = game.svg(1, odds=True)
    # the seat box wraps the prediction and its chance onto two lines of its own
    assert re.search(r">3 red \+ 4 bishops</text><text[^>]*>\(\d+\.\d%\)<", picture), picture
    assert "Announced: Player 1: 3 red + 4 bishops" in game.svg(2)
    game.play("raise 10 new"); game.play("1 red 1 pawns")
    game.play("fold"); game.play("fold")
    # the notes are wrapped to the column beside the table: read its lines as one text
    assert "everyone else folded" in " ".join(re.findall(r">([^<]+)</text>", game.svg(None)))


def test_reveal_cards_are_clickable_for_their_owner_only() -> None:
    game = PokerGuess(seed=5, players=2)
    game.play("stay new"); game.play("1 red 1 pawns")
    game.play("stay new"); game.play("1 red 2 pawns")
    game.play("stay")
    assert game.step == "reveal"
    own = [card.id for card in game.cards_of(0)]
    assert all(f'data-id="{card}"' in game.svg(0) for card in own)
    assert not any(f'data-id="{card}"' in game.svg(1) for card in own)


def test_spanish_labels() -> None:
    game = PokerGuess(seed=1)
    set_language("es")
    try:
        labels = [action.label for action in game.legal_actions()]
        assert "Seguir + nueva predicción" in labels
        game.play("stay new")
        assert game.legal_actions()[0].label == "6 verdes + 9 bufones"
        assert "cuántas del color" in game.svg(0)
    finally:
        set_language("en")
    game.undo()
    game.play("stay new")
    assert game.legal_actions()[0].label == "6 green + 9 jokers"


def test_probability_bot_decides_from_its_own_view() -> None:
    """Games that differ only in what the bot's seat may not see get the same decision."""
    rng = random.Random(4)
    for seed in range(6):
        game = random_game(PokerGuess(seed=seed, players=4), rng, rng.randrange(0, 12))
        if game.is_over:
            continue
        seat = game.to_move
        other = game.resample(seat, random.Random(seed))
        assert ProbabilityPlayer(seed=1).choose(game) == ProbabilityPlayer(seed=1).choose(other)


def test_probability_bot_beats_random_heads_up() -> None:
    results = tournament(("pokerguess", {"players": 2, "stack": 12}), ["probability", "random"], games=12, seed=3)
    assert results["probability"].rate > 0.75


def test_undo_takes_back_a_whole_verification() -> None:
    game = PokerGuess(seed=2, players=2)
    game.play("stay new"); game.play("1 red 1 pawns")
    game.play("stay new"); game.play("1 red 2 pawns")
    game.play("stay")
    game.play(game.legal_actions()[0]); game.play(game.legal_actions()[0])
    game.play("stay")
    before = game.to_json()
    game.play("stay")
    assert game.step == "next" and game.checks
    game.undo()
    assert game.to_json() == before and game.view(0).zone("hand1").ids == ("??",)
    loaded = PokerGuess.from_json(before)
    assert loaded.to_json() == before


def test_random_player_plays_to_the_end() -> None:
    game = PokerGuess(seed=8, players=3, stack=10)
    bots = [RandomPlayer(seed) for seed in range(3)]
    while not game.is_over:
        game.play(bots[game.to_move].choose(game))
    assert sum(game.stacks) == 30 and len(game.outcome.winners) == 1
    assert game.outcome.payoffs is not None and sum(game.outcome.payoffs) == 0


def test_scripted_deal_is_recorded() -> None:
    order = [card for card in PokerGuess(seed=0).conserved_items()]
    game = PokerGuess(players=2, chance=Scripted([[card.id for card in order]]))
    game.play("stay new"); game.play("1 red 1 pawns")
    loaded = PokerGuess.from_json(game.to_json())
    assert loaded.to_json() == game.to_json() and [c.id for c in loaded.board] == [c.id for c in game.board]


def test_bad_options_are_refused() -> None:
    for options in ({"players": 1}, {"players": 11}, {"stack": 0}, {"min_bet": 200}, {"dealer": 4},
                    {"players": True}, {"max_hands": 0}):
        with pytest.raises(ValueError):
            PokerGuess(seed=1, **options)


def test_two_to_ten_players_as_the_rules_table_says() -> None:
    """D4: 2 to 10 seats; a ten-player game deals every seat and plays a hand to its end."""
    assert PokerGuess.spec.seats == (2, 10)
    game = PokerGuess(players=10, seed=3, max_hands=1)
    assert game.players == 10 and all(game.view(seat).zone(f"hand{seat}").count for seat in range(10))
    random_game(game, 3)
    assert game.outcome is not None and len(game.outcome.payoffs) == 10 and sum(game.outcome.payoffs) == 0


def test_a_prediction_is_parsed_directly_like_the_legal_list() -> None:
    """The fast lookup of a prediction gives the same action as the list, refuses what the list refuses."""
    game = PokerGuess(seed=1)
    game.play("stay new")
    listed = {action.text: action for action in game.legal_actions()}
    for text in ("4 red 4 bishops", "1 grey 1 pawns", "6 green 9 jokers"):
        parsed = game.parse(f"  {text.replace(' ', '  ')} ")
        assert parsed == listed[text] and parsed.targets == listed[text].targets
    game.play("4 red 4 bishops")
    game.play("stay new")
    with pytest.raises(IllegalAction, match="already announced"):
        game.parse("4 red 4 bishops")
    for bad in ("4 RED 4 bishops", "4 red 4 bishop", "4 red 4 bishops\u00a0"):
        with pytest.raises(IllegalAction):
            game.parse(bad)
