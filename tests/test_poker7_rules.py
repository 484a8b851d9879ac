"""Poker7 rules (rules/card-games.md §0–1): the flow of a hand, betting with side pots,
the reveal round, showdown, dealer rotation, elimination — one test per rule and per
DECISION D1, D3, D4, D6 of the game, and per choice the module documents."""

from __future__ import annotations

import random

import pytest

from drezlab import IllegalAction, Outcome
from drezlab.core.i18n import in_language
from drezlab.games.poker7 import Poker7, hand_value
from drezlab.games.poker7 import game as game_module
from drezlab.games.poker7.hands import DECK
from drezlab.games.poker7.knowledge import seat_cards
from drezlab.testing import random_plies

HIDDEN = "??"

AC1_BOARD = ["R2", "P2", "P9", "B9", "J6"]


def texts(game: Poker7) -> list[str]:
    return [action.text for action in game.legal_actions()]


def check_round(game: Poker7) -> None:
    """Everyone checks until the betting round (or the reveal round) is over."""
    street, phase = game.street, game.phase
    while game.phase == phase == "bet" and game.street == street:
        game.play("check")


def reveal_first_cards(game: Poker7) -> list[str]:
    shown = []
    while game.phase == "reveal":
        action = game.legal_actions()[0]
        shown.append(action.text)
        game.play(action)
    return shown


def to_showdown_by_checking(game: Poker7) -> None:
    for _ in range(3):
        check_round(game)
    reveal_first_cards(game)
    check_round(game)


def total_chips(game: Poker7) -> int:
    return sum(game.stacks) + sum(game.committed)


# --------------------------------------------------------------- §0, set-up
def test_poker7_uses_54_cards_without_neutrals() -> None:
    game = Poker7(seed=1, players=4)
    cards = game.deck + game.board + [card for hole in game.hole for card in hole]
    assert sorted(card.id for card in cards) == sorted(card.id for card in DECK)
    assert len(cards) == 54 and not any(card.is_neutral for card in cards)


@pytest.mark.parametrize("players", [2, 3, 7, 10])
def test_d4_two_to_ten_players(players: int) -> None:
    game = Poker7(seed=players, players=players)
    assert game.players == players and all(len(hole) == 2 for hole in game.hole)


@pytest.mark.parametrize("bad", [
    {"players": 1}, {"players": 11}, {"players": "4"}, {"stack": 0}, {"min_bet": 0}, {"min_bet": 101},
    {"max_hands": 0}, {"dealer": 4}, {"stacks": [10, 10]}, {"stacks": [10, 0, 10, 10]},
    {"hands": {0: ["B5"]}}, {"hands": {5: ["B5", "B8"]}}, {"hands": {0: ["B5", "B8"], 1: ["B8", "J1"]}},
    {"board": ["B1", "B2", "B3", "B4", "B5", "B6"]}, {"board": ["X1"]}, {"hands": {0: ["B5", "Q5b"]}},
    {"players": True}, {"stack": 2.5}, {"stack": float("nan")}, {"min_bet": "2"}, {"max_hands": -99},
    {"max_hands": float("inf")}, {"dealer": -1}, {"hands": {True: ["B5", "B8"]}}, {"board": "R2 P2 P9"},
    {"stacks": [50, 50.5, 50, 50]}, {"hands": [["B5", "B8"]]},
])
def test_bad_options_are_refused_with_a_reason(bad: dict) -> None:
    with pytest.raises(ValueError) as info:
        Poker7(seed=1, **bad)
    assert str(info.value)


def test_d4_defaults_equal_stacks_of_100_and_minimum_bet_2() -> None:
    game = Poker7(seed=1, players=3)
    assert game.min_bet == 2 and game.starting_stacks == [100, 100, 100]


def test_d1_first_dealer_is_the_last_seat_and_the_first_player_the_seat_after() -> None:
    game = Poker7(seed=1, players=5)
    assert game.dealer == 4 and game.first_player == 0 and game.to_move == 0
    game = Poker7(seed=1, players=5, dealer=1)
    assert game.dealer == 1 and game.first_player == 2 and game.to_move == 2


def test_d1_cards_are_dealt_one_at_a_time_in_seat_order_from_the_first_player() -> None:
    seed, players, dealer = 9, 4, 1
    game = Poker7(seed=seed, players=players, dealer=dealer)
    deck = list(DECK)
    random.Random(seed).shuffle(deck)            # the deck's top is the end of the list
    order = [2, 3, 0, 1]
    for position, seat in enumerate(order):
        assert game.hole[seat] == [deck[-1 - position], deck[-1 - position - players]]
    check_round(game)
    assert game.board == deck[-1 - 2 * players:-1 - 2 * players - 3:-1]


def test_step_0_every_player_pays_the_ante() -> None:
    game = Poker7(seed=1, players=4, min_bet=3)
    assert game.stacks == [97] * 4 and game.committed == [3] * 4 and game.pot == 12


def test_antes_are_dead_money_so_round_1_starts_with_no_bet() -> None:
    game = Poker7(seed=1, players=3)
    assert game.current_bet == 0 and game.to_call() == 0
    assert texts(game)[0] == "check" and "fold" not in texts(game)


def test_an_ante_bigger_than_the_stack_puts_the_player_all_in() -> None:
    game = Poker7(seed=1, players=3, stacks=[1, 50, 50], min_bet=2)
    assert game.stacks == [0, 48, 48] and game.committed == [1, 2, 2]
    assert game.to_move == 1                     # seat 0 cannot act: it has no chips left


# ------------------------------------------------------- §1.1 flow of a hand
def test_the_streets_3_community_cards_then_2_together_then_the_reveal() -> None:
    game = Poker7(seed=3, players=3)
    assert game.board == [] and game.street == 1
    check_round(game)
    assert len(game.board) == 3 and game.street == 2 and game.to_move == game.first_player
    check_round(game)
    assert len(game.board) == 5 and game.street == 3
    check_round(game)
    assert game.phase == "reveal" and len(game.board) == 5


def test_a_betting_round_ends_when_everyone_has_acted_and_matched() -> None:
    game = Poker7(seed=3, players=3)
    game.play("check")
    game.play("bet 4")
    assert game.street == 1 and game.to_move == 2
    game.play("call")
    assert game.street == 1 and game.to_move == 0, "seat 0 has not matched the bet yet"
    game.play("call")
    assert game.street == 2 and game.round_bets == [0, 0, 0] and game.pot == 6 + 12


def test_a_round_starts_with_the_first_player_still_in_the_hand() -> None:
    game = Poker7(seed=3, players=4)
    game.play("bet 2")
    game.play("call")
    game.play("fold")
    game.play("call")
    assert game.street == 2 and game.folded == [False, False, True, False]
    assert game.to_move == 0
    game = Poker7(seed=3, players=3)
    game.play("bet 2")
    game.play("call")
    game.play("call")
    game.play("check")
    game.play("bet 4")
    game.play("fold")       # seat 2 folds
    game.play("fold")       # seat 0 folds: seat 1 alone
    assert game.phase == "next" and game.won[1] == game.pots[0][0]


def test_when_only_one_player_remains_they_take_the_pot_and_nothing_is_shown() -> None:
    game = Poker7(seed=5, players=3)
    game.play("bet 10")
    game.play("fold")
    game.play("fold")
    assert game.phase == "next"
    assert game.stacks == [100 - 2 - 10 + 16, 98, 98]
    assert game.shown == [False] * 3
    spectator = game.view(None)
    assert all(seat_cards(spectator, seat) == [HIDDEN, HIDDEN] for seat in range(3))
    assert game.result_lines() == ["Main pot 16: Player 1 takes 16 (everyone else folded)"]


def test_d6_reveals_are_sequential_in_betting_order_and_seen_by_later_players() -> None:
    game = Poker7(seed=8, players=4, dealer=1)
    for _ in range(3):
        check_round(game)
    assert game.phase == "reveal"
    order = []
    while game.phase == "reveal":
        seat = game.to_move
        earlier = [other for other in order]
        view = game.view(seat)
        for other in earlier:
            assert game.revealed[other].id in seat_cards(view, other), "a later player sees earlier reveals"
        for other in set(range(4)) - set(earlier) - {seat}:
            assert seat_cards(view, other) == [HIDDEN, HIDDEN]
        order.append(seat)
        game.play(game.legal_actions()[1])
    assert order == [2, 3, 0, 1]
    assert game.phase == "bet" and game.street == 4 and game.to_move == 2


def test_d6_reveal_actions_are_the_own_cards_with_the_card_as_target() -> None:
    game = Poker7(seed=8, players=2)
    for _ in range(3):
        check_round(game)
    actions = game.legal_actions()
    assert [a.text for a in actions] == [f"show {card.id}" for card in game.hole[game.to_move]]
    assert [a.targets for a in actions] == [(card.id,) for card in game.hole[game.to_move]]
    with pytest.raises(IllegalAction, match="turn one own card face up"):
        game.play("check")
    other = game.hole[1 - game.to_move][0].id
    with pytest.raises(IllegalAction):
        game.play(f"show {other}")


def test_d6_all_in_players_also_reveal_and_folded_players_do_not() -> None:
    game = Poker7(seed=4, players=3, stacks=[10, 100, 100])
    game.play("allin")         # seat 0: 8 chips
    game.play("call")
    game.play("fold")
    assert game.folded == [False, False, True]
    for _ in range(2):
        check_round(game)
    assert game.phase == "reveal"
    seats = []
    while game.phase == "reveal":
        seats.append(game.to_move)
        game.play(game.legal_actions()[0])
    assert seats == [0, 1]
    assert game.revealed[0] is not None and game.revealed[2] is None


def test_showdown_on_the_source_example_right_wins_the_pot() -> None:
    hands = {0: ["B5", "B8"], 1: ["P6", "J3"], 2: ["J8", "N9"], 3: ["Q2", "N2"]}   # top, left, bottom, right
    game = Poker7(seed=1, players=4, hands=hands, board=AC1_BOARD)
    assert [[c.id for c in hole] for hole in game.hole] == list(hands.values())
    to_showdown_by_checking(game)
    assert game.board == [game_module.Card.parse(card) for card in AC1_BOARD]
    assert game.phase == "next" and game.pots == [(8, (0, 1, 2, 3), (3,))]
    assert game.stacks == [98, 98, 98, 106] and game.shown == [True] * 4
    assert game.hand_value(3).sizes == (4, 2, 1)
    spectator = game.view(None)
    assert [seat_cards(spectator, seat) for seat in range(4)] == list(hands.values())


def test_folded_hands_are_never_shown() -> None:
    game = Poker7(seed=6, players=3)
    game.play("bet 2")
    game.play("fold")
    game.play("call")
    to_showdown_by_checking(game)
    assert game.phase == "next" and game.shown == [True, False, True]
    for viewer in (None, 0, 2):
        assert seat_cards(game.view(viewer), 1) == [HIDDEN, HIDDEN]
    assert seat_cards(game.view(1), 1) == [card.id for card in game.hole[1]], \
        "a player still sees their own folded cards"


# ----------------------------------------------------------- D4 betting
def test_d4_a_bet_or_raise_adds_at_least_m() -> None:
    game = Poker7(seed=2, players=3, min_bet=3)
    with pytest.raises(IllegalAction, match="the smallest is 3"):
        game.play("bet 2")
    game.play("bet 3")
    with pytest.raises(IllegalAction, match="too small: the smallest is 6"):
        game.play("raise 5")
    game.play("raise 6")
    assert game.current_bet == 6 and game.to_call() == 6


def test_d4_any_legal_amount_is_accepted_as_text_but_the_buttons_are_few() -> None:
    game = Poker7(seed=2, players=3)
    assert texts(game) == ["check", "bet 2", "bet 3", "bet 6", "allin"]
    assert "bet 37" not in texts(game)
    played = game.play("bet 37")
    assert played.text == "bet 37" and game.current_bet == 37 and game.stacks[0] == 61
    # pot 43 + the call 37 = 80: half the pot raises to 77, the pot (117) is more than all-in (98)
    assert texts(game) == ["fold", "call", "raise 39", "raise 77", "allin"]
    game.play("raise 50")
    assert game.current_bet == 50
    assert game.play("raise 98").text == "allin", "an amount equal to the whole stack is all-in"
    assert game.stacks[2] == 0


def test_bet_buttons_are_the_minimum_half_the_pot_and_the_pot() -> None:
    game = Poker7(seed=2, players=4)                # pot 8 of antes
    assert game.suggested_amounts() == [2, 4, 8]
    game.play("bet 4")                               # pot 12; to call 4 -> pot after the call 16
    assert game.suggested_amounts() == [6, 12, 20]
    labels = [action.label for action in game.legal_actions()]
    assert labels == ["Fold", "Call 4", "Raise to 6", "Raise to 12", "Raise to 20", "All-in 98"]


def test_all_in_spellings_and_betting_words_are_checked() -> None:
    game = Poker7(seed=2, players=3)
    assert game.parse("all-in") == game.parse("all in") == game.parse("allin")
    with pytest.raises(IllegalAction, match="not an action"):
        game.parse("All In")
    with pytest.raises(IllegalAction, match="no bet to raise"):
        game.play("raise 10")
    with pytest.raises(IllegalAction, match="no bet to fold against"):
        game.play("fold")
    with pytest.raises(IllegalAction, match="no bet to call"):
        game.play("call")
    with pytest.raises(IllegalAction, match="more than you have"):
        game.play("bet 99")
    game.play("bet 4")
    with pytest.raises(IllegalAction, match="you cannot check"):
        game.play("check")
    with pytest.raises(IllegalAction, match="already a bet"):
        game.play("bet 10")
    with pytest.raises(IllegalAction, match="not an action"):
        game.play("double")


def test_action_text_is_plain_ascii_with_runs_of_spaces_read_as_one() -> None:
    game = Poker7(seed=2, players=3)
    for text in ("bet \uff14", "bet \u0664", "all\u00a0in", "bet\x0b4"):
        with pytest.raises(IllegalAction, match="plain letters"):
            game.play(text)
    assert game.history == []
    assert game.play("  bet\t  37 \n").text == "bet 37"
    assert game.play("all  in").text == "allin"


def test_a_player_who_cannot_cover_the_call_may_only_go_all_in_or_fold() -> None:
    game = Poker7(seed=2, players=2, stacks=[100, 20])
    game.play("bet 30")
    assert texts(game) == ["fold", "allin"]
    assert game.play("call").text == "allin", "calling with every chip left is going all-in"
    assert game.committed == [32, 20] and game.phase == "reveal"


def test_hold_em_an_incomplete_all_in_raise_does_not_reopen_the_betting() -> None:
    game = Poker7(seed=2, players=3, stacks=[100, 100, 5])
    game.play("bet 2")          # seat 0
    game.play("call")           # seat 1
    game.play("allin")          # seat 2: 3 chips, raises to 3, only 1 more than the bet (m = 2)
    assert game.current_bet == 3 and game.to_move == 0
    assert texts(game) == ["fold", "call"], "seat 0 already acted: it may call or fold, not raise"
    with pytest.raises(IllegalAction, match="did not reopen"):
        game.play("raise 10")
    game.play("call")
    assert texts(game) == ["fold", "call"]
    game.play("call")
    assert game.street == 2


def test_a_full_raise_reopens_the_betting() -> None:
    game = Poker7(seed=2, players=3)
    game.play("bet 2")
    game.play("raise 4")
    game.play("call")
    assert game.to_move == 0 and "raise 6" in texts(game)
    game.play("raise 6")
    assert game.to_move == 1 and "raise 8" in texts(game)


def test_nobody_bets_into_players_who_are_all_in() -> None:
    game = Poker7(seed=2, players=2, stacks=[100, 30])
    game.play("check")
    game.play("allin")          # seat 1 all-in for 28
    assert texts(game) == ["fold", "call"], "no raise: nobody could answer it"
    game.play("call")
    assert game.phase == "reveal" and len(game.board) == 5, "the rounds with nobody to bet are skipped"


def test_everyone_all_in_still_deals_every_card_and_reveals() -> None:
    game = Poker7(seed=12, players=3, stacks=[20, 20, 20])
    game.play("allin")
    game.play("allin")
    game.play("allin")
    assert game.phase == "reveal" and len(game.board) == 5
    reveal_first_cards(game)
    assert game.phase in ("next", "over") and sum(game.shown) == 3
    assert total_chips(game) == 60


# ------------------------------------------------------- D4 side pots and splits
def test_d4_side_pots_as_in_hold_em() -> None:
    # seat 1 (30 chips) holds the best hand, seat 2 (60) the second, seat 0 (100) the worst
    hands = {0: ["B5", "B8"], 1: ["Q2", "N2"], 2: ["J8", "N9"]}
    game = Poker7(seed=2, players=3, stacks=[100, 30, 60], hands=hands, board=AC1_BOARD)
    game.play("allin")
    game.play("allin")
    game.play("allin")
    reveal_first_cards(game)
    assert game.pots == [(90, (0, 1, 2), (1,)), (60, (0, 2), (2,)), (40, (0,), (0,))]
    assert game.stacks == [40, 90, 60]
    assert game.result_lines() == ["Main pot 90: Player 2 takes 90", "Side pot 60: Player 3 takes 60",
                                   "Side pot 40: Player 1 takes 40"]


def test_side_pots_count_the_chips_of_folded_players() -> None:
    game = Poker7(seed=2, players=4, stacks=[100, 100, 100, 20])
    game.play("bet 10")      # seat 0
    game.play("call")        # seat 1
    game.play("call")        # seat 2
    game.play("allin")       # seat 3: 18 -> round total 18
    game.play("raise 40")    # seat 0
    game.play("fold")        # seat 1: 2 + 10 in the pot
    game.play("call")        # seat 2
    pots = game.side_pots()
    assert pots == [(2 * 4 + 18 * 3 + 10, (0, 2, 3)), (22 * 2, (0, 2))]
    assert sum(amount for amount, _ in pots) == game.pot


@pytest.mark.parametrize("dealer, odd_chip_to", [(2, 0), (0, 1)])
def test_d4_a_split_pot_gives_odd_chips_from_the_first_player(monkeypatch, dealer: int, odd_chip_to: int) -> None:
    monkeypatch.setattr(game_module, "value_key", lambda mask: 7)     # every hand ties
    game = Poker7(seed=2, players=3, min_bet=1, dealer=dealer)
    first = game.to_move
    game.play("bet 1")
    game.play("call")
    game.play("fold")
    to_showdown_by_checking(game)
    assert game.pot == 0 and game.pots[0][0] == 5
    winners = game.pots[0][2]
    assert len(winners) == 2 and first in winners
    assert game.won[odd_chip_to] == 3 and sum(game.won) == 5


def test_chips_are_conserved_through_a_whole_game() -> None:
    for game in random_plies(Poker7(seed=21, players=6), 21):
        assert total_chips(game) == 600
        assert min(game.stacks) >= 0
    assert sorted(game.stacks) == [0] * 5 + [600]


# ------------------------------------------------- D1 rotation, D4 elimination
def test_between_hands_every_player_with_chips_presses_next_from_the_first_player() -> None:
    game = Poker7(seed=5, players=3)
    game.play("bet 10")
    game.play("fold")
    game.play("fold")
    assert game.phase == "next" and texts(game) == ["next"]
    pressed = []
    while game.phase == "next":
        pressed.append(game.to_move)
        game.play("next")
    assert pressed == [0, 1, 2]
    assert game.hand_number == 2 and game.dealer == 0 and game.to_move == 1
    assert game.pot == 6 and all(len(hole) == 2 for hole in game.hole) and game.board == []


def test_d1_the_dealer_moves_one_seat_on_after_each_hand() -> None:
    game = Poker7(seed=5, players=4)
    dealers = [game.dealer]
    for _ in range(5):
        while game.phase == "bet" and game.street == 1:
            game.play("fold" if "fold" in texts(game) else "bet 2")
        while game.phase == "next":
            game.play("next")
        dealers.append(game.dealer)
    assert dealers == [3, 0, 1, 2, 3, 0]


def test_d4_a_player_without_chips_is_eliminated_and_skipped() -> None:
    hands = {0: ["Q2", "N2"], 1: ["B5", "B8"], 2: ["P6", "J3"]}
    game = Poker7(seed=2, players=3, stacks=[100, 10, 100], hands=hands, board=AC1_BOARD, dealer=0)
    game.play("allin")          # seat 1 first to act
    game.play("call")           # seat 2
    game.play("call")           # seat 0
    while not game.is_over and game.phase != "next":
        action = game.legal_actions()[0]
        game.play(action)
    assert game.stacks[1] == 0 and game.is_eliminated(1)
    while game.phase == "next":
        assert game.to_move != 1
        game.play("next")
    assert game.in_hand == [True, False, True] and game.hole[1] == []
    assert game.dealer == 2, "the button skips the eliminated seat"


def test_d4_the_game_ends_when_one_player_holds_all_the_chips() -> None:
    hands = {0: ["Q2", "N2"], 1: ["B5", "B8"]}
    game = Poker7(seed=2, players=2, hands=hands, board=AC1_BOARD)
    game.play("allin")
    game.play("allin")
    reveal_first_cards(game)
    assert game.is_over and game.phase == "over" and game.to_move is None
    assert game.outcome == Outcome((0,), "all the chips", (1.0, 0.0), (100, -100))
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        game.play("next")
    assert game.status_text() == "Player 1 wins: all the chips"


def test_max_hands_ends_the_game_with_the_chip_leaders() -> None:
    game = Poker7(seed=5, players=3, max_hands=1)
    game.play("bet 10")
    game.play("fold")
    game.play("fold")
    assert game.outcome == Outcome((0,), "hand limit", (1.0, 0.0, 0.0), (4, -2, -2))
    tie = Poker7(seed=5, players=2, max_hands=1)
    to_showdown_by_checking(tie)
    assert tie.outcome.reason == "hand limit" and len(tie.outcome.winners) == 1


def test_max_hands_shares_the_win_between_equal_chip_leaders(monkeypatch) -> None:
    monkeypatch.setattr(game_module, "value_key", lambda mask: 7)
    game = Poker7(seed=5, players=3, max_hands=1)
    to_showdown_by_checking(game)
    assert game.outcome == Outcome((0, 1, 2), "hand limit", (1 / 3, 1 / 3, 1 / 3), (0, 0, 0))


# ----------------------------------------------------------- notation, help
def test_actions_are_unique_and_parse_back() -> None:
    for game in random_plies(Poker7(seed=13, players=5), 13, 299):    # its first 300 positions
        actions = game.legal_actions()
        assert len({a.text for a in actions}) == len(actions) <= 6
        for action in actions:
            assert game.parse(str(action)) == action
            assert (action.targets == ()) == (not action.text.startswith("show"))


def test_describe_and_status_lines() -> None:
    game = Poker7(seed=2, players=3)
    assert game.status_text() == "Player 1 to move (Pot 6)"
    assert game.describe("bet 4") == "Player 1 bets 4 chips"
    game.play("bet 4")
    assert game.status_text() == "Player 2: 4 to call (Pot 10)"
    assert game.describe("raise 13") == "Player 2 raises to 13 chips"
    assert game.describe("allin") == "Player 2 goes all in with 98 chips"
    assert game.describe("call") == "Player 2 calls with 4 chips"
    with in_language("es"):
        assert game.describe("raise 13") == "Jugador 2 sube a 13 fichas"
        assert game.describe("allin") == "Jugador 2 va de resto con 98 fichas"
        assert game.describe("fold") == "Jugador 2 se retira"
    assert game.last == (0, "Bet 4")


def test_seat_names_and_spanish_labels() -> None:
    from drezlab import set_language
    game = Poker7(seed=2, players=3)
    try:
        set_language("es")
        assert game.seat_name(1) == "Jugador 2"
        labels = [action.label for action in game._generate_actions()]
        assert labels[0] == "Pasar" and labels[-1].startswith("Resto")
    finally:
        set_language("en")


def test_equity_uses_only_what_the_seat_may_see() -> None:
    board = AC1_BOARD
    games = [Poker7(seed=1, players=3, hands={0: ["B5", "B8"], 1: other, 2: ["J8", "N9"]}, board=board)
             for other in (["P6", "J3"], ["Q2", "N2"])]
    for game in games:
        for _ in range(3):
            check_round(game)
    first, second = (game.equity(0, samples=200, seed=4) for game in games)
    assert first == second
    for game in games:
        game.play(game.legal_actions()[0])       # seat 0 shows a card
        game.play(game.legal_actions()[0])       # seat 1 shows its first card: now they differ
    assert games[0].equity(0, samples=200, seed=4) != games[1].equity(0, samples=200, seed=4)


def test_equity_on_the_river_heads_up_is_exact() -> None:
    game = Poker7(seed=1, players=2, hands={0: ["Q2", "N2"], 1: ["B5", "B8"]}, board=AC1_BOARD)
    for _ in range(3):
        check_round(game)
    result = game.equity(0)
    assert result.exact and result.deals == 1081
    game.play("show Q2")
    game.play("show B8")
    after = game.equity(0)
    assert after.exact and after.deals == 46


def test_reveal_value_is_the_board_plus_the_card() -> None:
    game = Poker7(seed=1, players=2, hands={0: ["Q2", "N2"], 1: ["B5", "B8"]}, board=AC1_BOARD)
    for _ in range(3):
        check_round(game)
    assert game.reveal_value("Q2") == hand_value(AC1_BOARD + ["Q2"])
    # both make a red group of 3 with R2 P2; the queen's tells the table more
    assert game.reveal_value("Q2") > game.reveal_value("N2")


def test_every_action_carries_a_typed_value_and_the_phase_is_an_enum() -> None:
    """Issue 24: an action's ``data`` is one of Poker7's action types, read by its fields
    (never by position), and agrees with its notation; the phase keeps its string value."""
    from drezlab.games.poker7.actions import AllIn, Bet, Call, Check, Fold, NextHand, Raise, Show

    seen: set[type] = set()
    for seed in range(40):
        if len(seen) == 8:
            break
        rng = random.Random(seed)
        game = Poker7(seed=seed, players=3, stack=30)
        _check_typed_actions(game, rng, seen)
    assert seen == {Fold, Check, Call, Bet, Raise, AllIn, Show, NextHand}


def _check_typed_actions(game: Poker7, rng: random.Random, seen: set[type]) -> None:
    from drezlab.games.poker7.actions import AllIn, Bet, Call, Check, Fold, NextHand, Phase, Raise, Show

    for _ in random_plies(game, rng, 600 - len(game.history)):
        assert isinstance(game.phase, Phase) and game.view(None).public["phase"] == str(game.phase)
        for action in game.legal_actions():
            data = action.data
            seen.add(type(data))
            match data:
                case Fold() | Check() | NextHand():
                    assert action.text == {Fold: "fold", Check: "check", NextHand: "next"}[type(data)]
                case Call(chips=chips):
                    assert action.text == "call" and chips == game.to_call()
                case Bet(total=total) | Raise(total=total):
                    assert action.text == f"{'bet' if isinstance(data, Bet) else 'raise'} {total}"
                case AllIn(chips=chips):
                    assert action.text == "allin" and chips == game.stacks[game.to_move]
                case Show(card=card):
                    assert action.text == f"show {card.id}"
                case _:
                    raise AssertionError(f"{action.text!r} carries {data!r}")
