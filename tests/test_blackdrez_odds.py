"""BlackDrez odds: the chance to bust, the next card's exact odds, and the exact
values of drawing and retiring, checked against a plain enumeration over every
order of a small stock; and the bots that play them."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from drezlab import Scripted
from drezlab.games.blackdrez import BlackDrez, ExactPlayer, ThresholdPlayer, stock_order
from drezlab.games.blackdrez.odds import (
    ExactValues,
    bust_chance,
    composition,
    exact_values,
    hand_state,
    score,
)

SOURCE_DEAL = ["Q1", "Q2", "R2", "R4", "R1", "Q3", "R3", "B4"]


def brute_draw(hand: list[str], stock: list[str], others: int) -> Fraction:
    """Drawing, then choosing optimally, by plain enumeration of every next card."""
    total = Fraction(0)
    for index, card in enumerate(stock):
        new = hand + [card]
        low, _ = hand_state(new)
        if low > 11:
            gain: Fraction = Fraction(0)
        elif score(new) == 11:
            gain = Fraction(others + len(new))
        else:
            rest = stock[:index] + stock[index + 1:]
            gain = Fraction(len(new) // 2)
            if rest:
                gain = max(gain, brute_draw(new, rest, others))
        total += gain / len(stock)
    return total


@pytest.mark.parametrize("hand,stock,others", [
    (["P1", "P2"], ["Q1", "R1", "N1", "P3", "J1", "B1"], 5),
    (["J2", "N2"], ["Q1", "Q2", "P3", "P4", "B1", "J3", "N3"], 9),
    (["R1", "B2"], ["P1", "N1", "N3", "Q1", "R3", "J1"], 3),
    (["Q1", "P2"], ["P3", "P4", "P5", "N1", "Q2"], 0)])
def test_exact_values_equal_a_plain_enumeration(hand: list[str], stock: list[str], others: int) -> None:
    values = exact_values(hand, composition(stock), others)
    assert values.draw == brute_draw(hand, stock, others)
    assert values.retire == len(hand) // 2
    assert isinstance(values.draw, Fraction)


def test_the_source_says_8_busts_only_on_a_queen_or_a_rook() -> None:
    game = BlackDrez(players=4, chance=Scripted([stock_order(SOURCE_DEAL + ["Q4"])]))
    game.play("draw")                                            # Right busts with Q4
    assert game.to_move == 2 and game.score(2) == 8
    figures = game.stock_figures()
    queens_and_rooks = figures[3] + figures[4]
    values = game.exact_values()
    assert values.bust == Fraction(queens_and_rooks, len(game.stock))
    assert bust_chance(hand_state(["R2", "R3"]), figures) == values.bust


def test_the_exact_values_are_computed_from_the_view_and_match_the_game() -> None:
    game = BlackDrez(seed=11, players=3)
    seat = game.to_move
    own = [card.id for card in game.hand(seat)]
    others = sum(len(game.hand(other)) for other in range(3)) - len(own)
    assert game.exact_values() == exact_values(own, composition(game.stock), others)
    assert game.view(seat).public["stock_figures"] == composition(game.stock)


def test_chance_outcomes_are_the_stock_cards_equally_likely() -> None:
    game = BlackDrez(seed=12, players=2)
    odds = game.chance_outcomes()
    assert sorted(odds) == sorted(card.id for card in game.stock)
    assert sum(odds.values()) == 1 and len(set(odds.values())) == 1


def test_an_eleven_chance_against_a_likely_bust() -> None:
    values = exact_values(["Q1", "Q2"], (1, 0, 0, 0, 3, 0), 4)
    assert values.eleven == Fraction(1, 4) and values.bust == Fraction(3, 4)
    assert values.draw == Fraction(1, 4) * 7 and values.best == "draw"          # 1.75 cards beat 1 sure card
    assert str(values).startswith("draw 1.75 cards, retire 1 card ")


def test_the_exact_bot_draws_when_drawing_is_worth_more() -> None:
    game = BlackDrez(players=4, chance=Scripted([stock_order(SOURCE_DEAL)]))
    bot = ExactPlayer()
    values: ExactValues = game.exact_values()
    choice = bot.choose(game)
    assert choice.text == values.best
    assert bot.last_values["retire"] == values.retire and bot.last_values["draw"] == values.draw


def test_the_exact_bot_stands_when_an_equal_share_is_worth_most() -> None:
    game = BlackDrez(players=2, chance=Scripted([stock_order(["Q1", "Q2", "Q3", "Q4"])]))     # 10 against 10
    assert ExactPlayer().choose(game).text == "stand"


def test_the_threshold_bot() -> None:
    game = BlackDrez(players=4, chance=Scripted([stock_order(SOURCE_DEAL)]))      # Right has 7
    assert ThresholdPlayer(threshold=8).choose(game).text == "draw"
    assert ThresholdPlayer(threshold=7).choose(game).text == "retire"
    tied = BlackDrez(players=2, chance=Scripted([stock_order(["Q1", "Q2", "Q3", "Q4"])]))
    assert ThresholdPlayer().choose(tied).text == "stand"
    with pytest.raises(ValueError):
        ThresholdPlayer(threshold=12)


def test_the_bots_play_whole_games() -> None:
    for seed in range(3):
        game = BlackDrez(seed=seed, players=3)
        bots = [ExactPlayer(), ThresholdPlayer(), ExactPlayer()]
        while not game.is_over:
            game.play(bots[game.to_move].choose(game))
        assert game.outcome.reason == "most cards"


def test_the_hints_option_shows_the_exact_values_in_the_picture() -> None:
    plain = BlackDrez(players=4, chance=Scripted([stock_order(SOURCE_DEAL)]))
    hinted = BlackDrez(players=4, hints=True, chance=Scripted([stock_order(SOURCE_DEAL)]))
    assert "Exact values" not in plain.svg(0)
    # the notes are wrapped to the column beside the table: read its lines as one text
    picture = " ".join(re.findall(r">([^<]+)</text>", hinted.svg(0)))
    assert "Exact values (Player 4): " + str(hinted.exact_values()) in picture
    assert "Stock: 9 P, 9 N, 8 B, 5 R, 6 Q, 9 J" in picture
