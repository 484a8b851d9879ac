"""Poker7's ladder bots beyond the basics of tests/test_poker7_play.py: the equity
bot's margin for calls that risk its stack, and the bet-reading bot (its weighted
equity, the pressure it reads from the chips, that it folds to a big bet the
plain equity bot pays off, and that it decides from its own view only)."""

from __future__ import annotations

import random

import pytest

from drezlab.games.poker7 import Poker7, estimate_equity
from drezlab.games.poker7.bots import EquityPlayer, ReaderPlayer
from drezlab.games.poker7.knowledge import (
    MAX_PRESSURE,
    bet_pressure,
    view_equity,
    view_read_equity,
)
from drezlab.games.poker7.meta import SPEC
from drezlab.games.poker7.odds import read_equity
from drezlab.players import make


def shoved_on_the_river(hands: dict[int, list[str]], board: list[str]) -> Poker7:
    """Heads-up with 100 chips: both check to the reveal, both show the card the equity
    bot shows, Player 1 checks and Player 2 goes all-in: Player 1 must call 98 or fold."""
    game = Poker7(seed=1, players=2, hands=hands, board=board, dealer=1)
    while game.phase != "reveal":
        game.play("check")
    for _ in range(2):
        game.play(EquityPlayer(seed=1).choose(game))
    game.play("check")
    game.play("allin")
    assert game.to_move == 0 and game.to_call(0) == 98
    return game


def test_an_all_in_call_needs_more_than_the_pot_odds() -> None:
    game = shoved_on_the_river({0: ["N8", "P5"], 1: ["B4", "B2"]}, ["Q3", "Q2", "P1", "J5", "Q8"])
    bold = EquityPlayer(seed=1, risk=0.0)
    assert bold.choose(game).text == "allin"
    assert bold.last_equity is not None and 98 / 200 + 0.05 < bold.last_equity < 98 / 200 + 0.15
    assert EquityPlayer(seed=1).choose(game).text == "fold"


@pytest.mark.parametrize("bad", [-0.1, 1.5])
def test_the_risk_margin_is_checked(bad: float) -> None:
    with pytest.raises(ValueError, match="risk"):
        EquityPlayer(risk=bad)


def test_read_equity_without_pressure_is_the_plain_estimate() -> None:
    plain = estimate_equity(["B5", "B8"], ["R2", "P2", "P9"], opponents=2, samples=200, seed=4)
    read = read_equity(["B5", "B8"], ["R2", "P2", "P9"], pressure=[0.0, 0.0], samples=200, seed=4)
    assert read.equity == pytest.approx(plain.equity)
    assert (read.wins, read.ties, read.losses) == (plain.wins, plain.ties, plain.losses)


def test_a_big_bet_makes_a_middling_hand_worth_less() -> None:
    hole, board = ["Q4", "N8"], ["Q9", "J7", "Q6", "R7", "P2"]
    shares = [read_equity(hole, board, pressure=[level], shown=[["J3"]], samples=400, seed=2).equity
              for level in (0.0, 1.0, MAX_PRESSURE)]
    assert shares[0] > shares[1] > shares[2]
    assert shares[0] > 0.6 and shares[2] < 0.4


@pytest.mark.parametrize("bad", [[], [-1.0], [float("nan")]])
def test_read_equity_refuses_bad_pressures(bad: list[float]) -> None:
    with pytest.raises(ValueError):
        read_equity(["B5", "B8"], ["R2", "P2", "P9"], pressure=bad)


def test_the_pressure_is_read_from_the_chips_each_seat_put_in() -> None:
    game = Poker7(seed=3, players=3, dealer=2)
    view = game.view(0)
    assert [bet_pressure(view, seat) for seat in range(3)] == [0.0, 0.0, 0.0]
    game.play("bet 4")
    game.play("allin")
    view = game.view(2)
    assert bet_pressure(view, 0) == pytest.approx(1.0)
    assert bet_pressure(view, 1) == MAX_PRESSURE


def test_the_reader_folds_to_a_shove_the_equity_bot_pays_off() -> None:
    game = shoved_on_the_river({0: ["Q4", "N8"], 1: ["J3", "B5"]}, ["Q9", "J7", "Q6", "R7", "P2"])
    equity_bot, reader = EquityPlayer(seed=1), ReaderPlayer(seed=1)
    assert equity_bot.choose(game).text == "allin"
    assert reader.choose(game).text == "fold"
    assert reader.last_equity is not None and equity_bot.last_equity is not None
    assert reader.last_equity < 0.5 < equity_bot.last_equity


def test_the_reader_reads_nothing_into_checks() -> None:
    """When nobody has bet beyond the ante, its equity is the equity bot's."""
    game = Poker7(seed=2, players=3, hands={2: ["Q2", "N2"]}, board=["R2", "P2", "P9", "B9", "J6"], dealer=2)
    game.play("check")
    game.play("check")
    view = game.view(2)
    assert view_read_equity(view, samples=300, seed=8).equity == pytest.approx(
        view_equity(view, samples=300, seed=8).equity)


def test_the_reader_decides_the_same_on_every_deal_its_seat_cannot_tell_apart() -> None:
    game = shoved_on_the_river({0: ["Q4", "N8"], 1: ["J3", "B5"]}, ["Q9", "J7", "Q6", "R7", "P2"])
    expected = ReaderPlayer(seed=5).choose(game).text
    rng = random.Random(6)
    for _ in range(4):
        twin = game.resample(0, rng)
        assert twin.view(0) == game.view(0)
        assert ReaderPlayer(seed=5).choose(twin).text == expected


def test_the_ladder_climbs_from_random_to_the_reader() -> None:
    assert SPEC.levels == ("random", "equity", "reader")
    game = Poker7(seed=1, players=2)
    assert isinstance(make("level-3", seed=1, game=game), ReaderPlayer)
    assert type(make("level-2", seed=1, game=game)) is EquityPlayer
