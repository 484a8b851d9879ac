"""Poker7 with bots and in the generic widget: the equity bot, the random bot,
betting by buttons, revealing by clicking a card, 2 to 10 seats, and the picture
(deterministic, every face-up card clickable, seats that never overlap, the
best partition drawn at showdown)."""

from __future__ import annotations

import random
import re

import pytest

from drezlab import Action, Game
from drezlab.games.poker7 import Poker7, hand_value, picture
from drezlab.games.poker7.actions import AllIn, Bet
from drezlab.games.poker7.bots import EquityPlayer
from drezlab.players import RandomPlayer, play_out
from drezlab.ui import play, svg_ids

AC1_HANDS = {0: ["B5", "B8"], 1: ["P6", "J3"], 2: ["J8", "N9"], 3: ["Q2", "N2"]}
AC1_BOARD = ["R2", "P2", "P9", "B9", "J6"]


def check_until(game: Poker7, phase: str) -> None:
    while game.phase != phase:
        game.play("check" if game.phase == "bet" else game.legal_actions()[0])


# ------------------------------------------------------------------- bots
def single_hand_payoffs(player_for_seed, hands: int = 100) -> list[int]:
    """Seat 0's chips won or lost in ``hands`` seeded one-hand games against a random bot."""
    payoffs = []
    for seed in range(hands):
        game = Poker7(seed=seed, players=2, max_hands=1, dealer=seed % 2)
        play_out(game, [player_for_seed(seed), RandomPlayer(seed + 1000)])
        payoffs.append(game.outcome.payoffs[0])
    return payoffs


@pytest.mark.slow
def test_the_equity_bot_wins_chips_from_a_random_bot() -> None:
    equity_bot = single_hand_payoffs(lambda seed: EquityPlayer(seed=seed, samples=60))
    random_bot = single_hand_payoffs(lambda seed: RandomPlayer(seed))
    assert sum(equity_bot) > 0 and sum(equity_bot) > sum(random_bot) + 300


def test_the_equity_bot_is_repeatable_and_only_plays_legal_actions() -> None:
    games = []
    for _ in range(2):
        game = Poker7(seed=9, players=4, max_hands=6)
        bots = [EquityPlayer(seed=seat, samples=60) for seat in range(4)]
        while not game.is_over:
            action = bots[game.to_move].choose(game)
            assert action in game.legal_actions()
            game.play(action)
        games.append(game.to_json())
    assert games[0] == games[1]


def test_the_equity_bot_decides_from_its_own_view_only() -> None:
    """Two games that differ only in seat 1's hidden card: seat 0's bot decides the same."""
    decisions = []
    for other in (["P6", "J3"], ["P6", "N2"]):
        game = Poker7(seed=1, players=2, hands={0: ["B5", "B8"], 1: other}, board=AC1_BOARD, dealer=1)
        check_until(game, "reveal")
        game.play("show B8")
        game.play("show P6")
        bot = EquityPlayer(seed=3)
        decisions.append((bot.choose(game).text, bot.last_equity))
    assert decisions[0] == decisions[1]


def test_the_equity_bot_shows_the_card_that_tells_least() -> None:
    game = Poker7(seed=1, players=2, hands={0: ["Q2", "N2"], 1: ["B5", "B8"]}, board=AC1_BOARD, dealer=1)
    check_until(game, "reveal")
    assert EquityPlayer(seed=1).choose(game).text == "show N2"


def test_the_equity_bot_bets_a_strong_hand_and_folds_a_hopeless_one() -> None:
    strong = Poker7(seed=1, players=2, hands={0: ["Q2", "N2"], 1: ["B5", "B8"]}, board=AC1_BOARD, dealer=1)
    check_until(strong, "reveal")
    strong.play("show N2")
    strong.play("show B5")
    action = EquityPlayer(seed=1).choose(strong)
    assert isinstance(action.data, (Bet, AllIn))
    weak = Poker7(seed=1, players=2, hands={0: ["B5", "B8"], 1: ["Q2", "N2"]}, board=AC1_BOARD, dealer=1)
    check_until(weak, "reveal")
    weak.play("show B5")
    weak.play("show N2")
    weak.play("check")
    weak.play("bet 40")
    assert EquityPlayer(seed=1).choose(weak).text == "fold"


class Countdown(Game):
    """A game without cards or bets: two seats take turns saying 'go' three times."""

    name = "countdown"

    def __init__(self) -> None:
        super().__init__()
        self.left = 3

    def _generate_actions(self) -> list[Action]:
        return [Action("go")]

    def _apply(self, action: Action) -> int:
        self.left -= 1
        self._seat = 1 - self._seat
        if not self.left:
            self._finish((), "agreement")
        return 0

    def _revert(self, action: Action, undo_info: int) -> None:
        self.left += 1
        self._seat = 1 - self._seat
        self._outcome = None

    def _state(self) -> dict:
        return {"left": self.left}


def test_the_equity_bot_refuses_games_without_betting() -> None:
    with pytest.raises(ValueError, match="^the equity bot plays Poker7, not Countdown$"):
        EquityPlayer().choose(Countdown())


def test_the_equity_bot_decides_the_same_on_every_deal_its_seat_cannot_tell_apart() -> None:
    game = Poker7(seed=4, players=3, hands={0: ["Q2", "N2"]}, board=AC1_BOARD, dealer=2)
    check_until(game, "reveal")
    game.play("show N2")
    seat = game.to_move
    expected = EquityPlayer(seed=5).choose(game).text
    rng = random.Random(6)
    for _ in range(5):
        twin = game.resample(seat, rng)
        assert [card.id for card in twin.hole[seat]] == [card.id for card in game.hole[seat]]
        assert twin.view(seat) == game.view(seat)
        assert EquityPlayer(seed=5).choose(twin).text == expected


def test_the_old_import_of_the_equity_bot_still_works_with_a_warning() -> None:
    import drezlab.players.equity as old_place
    with pytest.warns(DeprecationWarning, match="drezlab.games.poker7.bots"):
        assert old_place.EquityPlayer is EquityPlayer


def test_a_tournament_between_the_bots_reports_chips_and_adjudicates_at_the_cap() -> None:
    from drezlab.sim import tournament
    finished = tournament(lambda seed: Poker7(seed=seed, players=2, stack=20, max_hands=3), ["equity", "random"],
                          games=4, seed=1)
    assert finished.adjudicated == 0
    assert all(game.payoffs is not None and sum(game.payoffs) == 0 for game in finished.games)
    capped = tournament(lambda seed: Poker7(seed=seed, players=3), ["equity", "random", "random"], games=3,
                        seed=2, max_plies=12)
    assert capped.adjudicated >= 1
    assert all(sum(game.scores) == pytest.approx(1.0) and game.reason in ("adjudicated", "all the chips")
               for game in capped.games)


def test_adjudication_and_evaluation_count_the_chips_with_the_hand_called_off() -> None:
    game = Poker7(seed=5, players=3)
    assert game.adjudicate() == (1 / 3, 1 / 3, 1 / 3) and game.evaluate(0) == 0.0
    game.play("bet 10")
    assert game.adjudicate() == (1 / 3, 1 / 3, 1 / 3), "bets in play go back to their owners"
    game.play("fold")
    game.play("fold")
    assert game.stacks == [104, 98, 98]
    assert game.adjudicate() == (1.0, 0.0, 0.0)
    assert game.evaluate(0) == pytest.approx(4 / 200) and game.evaluate(1) == pytest.approx(-2 / 100)
    winner = Poker7(seed=2, players=2, hands={0: ["Q2", "N2"], 1: ["B5", "B8"]}, board=AC1_BOARD)
    winner.play("allin")
    winner.play("allin")
    while not winner.is_over:
        winner.play(winner.legal_actions()[0])
    assert winner.evaluate(0) == 1.0 and winner.evaluate(1) == -1.0


# ------------------------------------------------------------------ widget
def test_a_bet_by_button_in_the_widget() -> None:
    widget = play(Poker7(seed=3, players=4), seats=("human", EquityPlayer(seed=1), "random", "random"))
    assert widget.buttons == ["Check", "Bet 2", "Bet 4", "Bet 8", "All-in 98"]
    widget.press("Bet 4")
    assert widget.log[0] == "Player 1 bets 4 chips"
    assert len(widget.log) > 1, "the bots answered"
    picture_ids = svg_ids(widget.board.svg)
    game = widget.game
    for seat in (1, 2, 3):
        for card in game.hole[seat]:
            if not game.may_see(0, seat, card):
                assert card.id not in picture_ids and card.id not in widget.board.svg


class Checker:
    """A calm bot: checks or calls, shows its first card, always ready for the next hand."""

    name = "checker"

    def choose(self, game: Poker7):
        actions = game.legal_actions()
        return next((a for a in actions if a.text in ("check", "call")), actions[0])


def test_the_reveal_round_by_clicking_an_own_card() -> None:
    widget = play(Poker7(seed=3, players=2, dealer=1), seats=("human", Checker()))
    game = widget.game
    for _ in range(3):
        widget.press("Check")
    assert game.phase == "reveal" and game.to_move == 0
    own = [card.id for card in game.hole[0]]
    assert sorted(widget.highlight) == sorted(own) and widget.buttons == []
    widget.click(own[1])
    assert game.revealed[0] is not None and game.revealed[0].id == own[1]


@pytest.mark.parametrize("players", [2, 10])
def test_every_table_size_plays_in_the_widget(players: int) -> None:
    seats = ("human",) + ("random",) * (players - 1)
    widget = play(Poker7(seed=players, players=players), seats=seats)
    for _ in range(30):
        if widget.game.is_over or not widget.buttons:
            break
        widget.press(widget.buttons[0])
    assert widget.log


def test_hot_seat_covers_the_table_between_players() -> None:
    widget = play(Poker7(seed=3, players=3), seats=("human", "human", "random"))
    assert "Pass the screen to Player 1" in widget.overlay
    widget.ready()
    assert widget.overlay == "" and widget.viewer == 0
    widget.press("Check")
    assert "Pass the screen to Player 2" in widget.overlay
    covered = widget.board.svg
    assert not any(card.id in svg_ids(covered) for seat in (0, 1) for card in widget.game.hole[seat])


# ----------------------------------------------------------------- picture
def test_the_picture_is_deterministic_and_hides_what_it_must() -> None:
    game = Poker7(seed=1, players=4, hands=AC1_HANDS, board=AC1_BOARD)
    first, second = game.svg(2), Poker7(seed=1, players=4, hands=AC1_HANDS, board=AC1_BOARD).svg(2)
    assert first == second
    ids = svg_ids(first)
    assert {"J8", "N9"} <= ids and not ids & {"B5", "B8", "P6", "J3", "Q2", "N2"}
    assert "Player 3 (you)" in first and "Pot 8" in first


def test_the_showdown_draws_every_shown_hand_as_its_groups() -> None:
    game = Poker7(seed=1, players=4, hands=AC1_HANDS, board=AC1_BOARD)
    while game.phase != "next":
        game.play("check" if game.phase == "bet" else game.legal_actions()[0])
    svg = game.svg(None)
    assert "Showdown" in svg and "Player 4 +8" in svg and "S 4\u00b72\u00b71" in svg
    assert "red 4" in svg and "green 3 \u2197" in svg
    assert svg.count('data-id="Q2"') == 2, "the card in the seat box and in its group"
    assert "Main pot 8: Player 4 takes 8" in svg


def test_a_hand_value_draws_itself() -> None:
    value = hand_value("Q2 N2 R2 P2 P9 B9 J6")
    svg = value._repr_svg_()
    assert svg.startswith("<svg") and "red 4" in svg and re.search(r"S 4\u00b72\u00b71", svg)
    both = picture.hands_svg([value, hand_value("J8 N9 R2 P2 P9 B9 J6")], ["A", "B"], winner=0)
    assert both.count("<text") > 10 and value.svg(label="Right", winner=True).count("Right") == 1
