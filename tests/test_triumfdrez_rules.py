"""TriumfDrez rules (card-games.md §0, §6): one test per rule and DECISION, and every
acceptance case (AC-TD-1..7), the source's bidding and scoring examples included."""

from __future__ import annotations

import json
import random

import pytest

from drezlab.core.cards import Card
from drezlab.core.chance import Scripted
from drezlab.core.errors import IllegalAction
from drezlab.core.zones import UNKNOWN_ID
from drezlab.games.triumfdrez.actions import Bid, Pass, Phase, PlayCard
from drezlab.games.triumfdrez.cards import (
    DECK,
    Contract,
    all_contracts,
    power,
    score,
    trick_winner,
)
from drezlab.games.triumfdrez.game import TriumfDrez, deal_script, hand_zone
from drezlab.testing import random_game, random_plies

C = Card.parse


def scripted(hands: dict[int, list[str]], players: int = 4, dealer: int | None = None, **options) -> TriumfDrez:
    """A game whose first deal gives the listed hands."""
    return TriumfDrez(players=players, dealer=dealer, chance=Scripted([deal_script(hands, players, dealer)]),
                      **options)


#: AC-TD-1's table: seat 0 leads knights, seats 1 and 3 have none
AC1_HANDS = {0: ["N9", "N8", "N7", "N6", "N5", "J1", "J2", "J3", "J4", "J5", "J6", "J7", "J8"],
             1: ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "R1", "R2", "R3", "R4"],
             2: ["N1", "N2", "N3", "N4", "Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7", "Q8", "Q9"],
             3: ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "R5", "R6", "R7", "R8"]}


def play_random_until(game: TriumfDrez, rng: random.Random, done) -> TriumfDrez:
    return random_game(game, rng, until=done)


# ---------------------------------------------------------------- the deck and the deal
def test_the_deck_has_54_cards_without_the_neutral_cards() -> None:
    assert len(DECK) == 54 and len({card.id for card in DECK}) == 54
    assert not any(card.is_neutral for card in DECK)


@pytest.mark.parametrize("players,unseen", [(2, 28), (3, 15), (4, 2)])
def test_thirteen_cards_each_and_the_rest_stay_unseen(players: int, unseen: int) -> None:
    game = TriumfDrez(seed=3, players=players)
    assert [len(game.hand(seat)) for seat in range(players)] == [13] * players
    assert len(game.zones["stock"]) == unseen
    view = game.view(0)
    assert view.zone("stock").count == unseen and view.ids("stock") == ()
    assert set(view.ids(hand_zone(1))) == {UNKNOWN_ID}


def test_cards_are_dealt_one_at_a_time_from_the_first_player() -> None:
    order = [card.id for card in DECK]
    game = TriumfDrez(players=4, chance=Scripted([order]))
    # the top of the stock is the end of the list: the first player (seat 0) gets the last card
    assert C(order[-1]) in game.hand(0) and C(order[-2]) in game.hand(1) and C(order[-5]) in game.hand(0)


def test_the_dealer_moves_on_and_the_first_player_is_after_the_dealer() -> None:
    game = TriumfDrez(seed=1, players=3, dealer=1)
    assert game.dealer == 1 and game.first_player == 2 and game.to_move == 2
    rng = random.Random(1)
    play_random_until(game, rng, lambda g: g.phase == "next")
    assert game.to_move == 0, "between deals the next first player is asked first"
    play_random_until(game, rng, lambda g: g.phase != "next")
    assert game.deal_number == 2 and game.dealer == 2 and game.to_move == 0


def test_the_default_first_dealer_is_the_last_seat() -> None:
    assert TriumfDrez(seed=1, players=4).dealer == 3
    with pytest.raises(ValueError, match="dealer"):
        TriumfDrez(seed=1, players=2, dealer=3)


def test_partners_sit_opposite_with_four_players() -> None:
    game = TriumfDrez(seed=1, players=4)
    assert game.side_of(0) == (0, 2) and game.side_of(3) == (1, 3)
    assert TriumfDrez(seed=1, players=3).side_of(1) == (1,)


# ---------------------------------------------------------------- D31: who wins a trick
def test_ac_td_1_the_supertrump_pawn_beats_the_trump_bishop() -> None:
    """AC-TD-1 (source): trump B, supertrump cyan; N9 led, B4, N2 (must follow), P7 wins."""
    game = scripted(AC1_HANDS)
    game.play("bid 7 b 7")
    for _ in range(3):
        game.play("pass")
    assert game.to_move == 0, "D33: the declarer leads"
    game.play("play n9")
    game.play("play b4")
    with pytest.raises(IllegalAction, match="follow"):
        game.play("play q9")
    game.play("play n2")
    assert trick_winner([C("N9"), C("B4")], 3, 7) == 1, "B4 wins for now"
    game.play("play p7")
    assert game.tricks_won == [0, 0, 0, 1] and game.to_move == 3, "P4 wins and leads the next trick"
    assert [card.id for card in game.zones["played"]] == ["N9", "B4", "N2", "P7"]


def test_ac_td_2_a_supertrump_trump_beats_a_supertrump_joker() -> None:
    assert trick_winner([C("Q3"), C("J7"), C("B7"), C("Q9")], 3, 7) == 2


def test_ac_td_3_a_supertrump_lead_and_a_void_supertrump() -> None:
    assert trick_winner([C("R7"), C("R9"), C("R8")], 3, 7) == 0
    assert trick_winner([C("B2"), C("B9"), C("N7")], 3, 7) == 2


def test_ac_td_4_without_trump_the_led_figure_wins_by_number() -> None:
    assert trick_winner([C("P3"), C("P8"), C("J9"), C("N9")], 0, 0) == 1


def test_d31_order_of_power() -> None:
    trump, supertrump, led = 3, 7, 2
    ranked = ["B7", "J7", "Q7", "R7", "N7", "P7", "B9", "B1", "N9", "N1"]
    powers = [power(C(card), led, trump, supertrump) for card in ranked]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)
    assert power(C("J9"), led, trump, supertrump) == 0, "another figure cannot win"


# ---------------------------------------------------------------- following
def test_must_follow_the_led_figure_and_a_void_may_play_anything() -> None:
    game = scripted(AC1_HANDS)
    game.play("bid 7 b 7")
    for _ in range(3):
        game.play("pass")
    game.play("play n5")
    assert {action.text for action in game.legal_actions()} == {f"play {card.id.lower()}" for card in game.hand(1)}
    game.play("play r1")
    assert all(action.data.card.figure_number == 2 for action in game.legal_actions()), "seat 2 holds knights"
    assert game.voids[1] == (2,), "seat 1 showed it has no knight"


def test_nobody_is_forced_to_win() -> None:
    game = scripted(AC1_HANDS)
    game.play("bid 7 b 7")
    for _ in range(3):
        game.play("pass")
    game.play("play n5")
    game.play("play b9")
    game.play("play n1")
    legal = {action.text for action in game.legal_actions()}
    assert "play p1" in legal and "play r5" in legal, "seat 3 may discard instead of supertrumping"


def test_thirteen_tricks_make_a_deal() -> None:
    game = TriumfDrez(seed=5, players=4)
    play_random_until(game, random.Random(5), lambda g: g.phase == "next" or g.is_over)
    assert sum(game.tricks_won) == 13 and len(game.completed) == 13
    assert len(game.zones["played"]) == 52


# ---------------------------------------------------------------- D32: bidding
def test_ac_td_5_the_source_auction() -> None:
    """AC-TD-5 (source): P1..P4 = seats 0..3; P1 and P3 must make 10, hands closed."""
    game = TriumfDrez(seed=2, players=4)
    for text in ("bid 8 n 5", "bid 9 b 2", "bid 9 - 9", "bid 9 - 7 open", "bid 10 n 5"):
        game.play(text)
    assert game.contract is not None and game.contract.key == (10, 0, 0)
    for _ in range(3):
        game.play("pass")
    assert game.phase == "play" and game.declarer == 0 and game.declarer_side() == (0, 2)
    assert game.contract == Contract(10, 2, 5, False)
    assert game.view(1).ids(hand_zone(0))[0] == UNKNOWN_ID, "closed: the declarer's hand stays hidden"
    assert [Contract(8, 2, 5, False).key, Contract(9, 3, 2, False).key, Contract(9, 0, 9, False).key,
            Contract(9, 0, 7, True).key, Contract(10, 2, 5, False).key] == \
        [(8, 0, 0), (9, 0, 0), (9, 0, 1), (9, 1, 1), (10, 0, 0)]


def test_ac_td_6_open_beats_no_trump_at_the_same_k() -> None:
    assert Contract(9, 3, 7, True).key > Contract(9, 0, 0, False).key
    game = TriumfDrez(seed=2, players=4)
    game.play("bid 9 - -")
    game.play("bid 9 b 7 open")
    assert game.contract == Contract(9, 3, 7, True)


def test_a_new_bid_needs_a_strictly_greater_key() -> None:
    game = TriumfDrez(seed=2, players=4)
    game.play("bid 8 n 5")
    before = game.to_json()
    for text in ("bid 8 b 2", "bid 7 - -", "bid 8 q 9"):
        with pytest.raises(IllegalAction, match="beat"):
            game.play(text)
    assert game.to_json() == before
    game.play("bid 8 - 5")


def test_figure_and_colour_do_not_change_the_order() -> None:
    keys = {contract.key for contract in all_contracts(4) if contract.k == 8 and not contract.open}
    assert keys == {(8, 0, 0), (8, 0, 1), (8, 0, 2)}
    assert Contract(8, 0, 5, False).key == Contract(8, 5, 0, False).key


@pytest.mark.parametrize("players,lowest", [(2, 7), (3, 5), (4, 7)])
def test_minimum_and_maximum_bids(players: int, lowest: int) -> None:
    game = TriumfDrez(seed=2, players=players)
    ks = {action.data.contract.k for action in game.legal_actions()}
    assert min(ks) == lowest and max(ks) == 13
    with pytest.raises(IllegalAction):
        game.play(f"bid {lowest - 1} n 5")
    with pytest.raises(IllegalAction):
        game.play("bid 14 n 5")


def test_the_first_player_must_bid() -> None:
    game = TriumfDrez(seed=2, players=4)
    assert "pass" not in {action.text for action in game.legal_actions()}
    with pytest.raises(IllegalAction, match="must bid"):
        game.play("pass")


def test_a_pass_is_not_permanent_and_a_partner_may_be_overbid() -> None:
    game = TriumfDrez(seed=2, players=4)
    game.play("bid 7 n 5")
    game.play("pass")
    game.play("bid 8 n 5")            # seat 2 overbids its partner seat 0
    game.play("pass")
    game.play("bid 9 n 5")            # seat 0 bids again after seat 2
    game.play("bid 10 n 5")           # seat 1 passed before and bids now
    assert game.declarer == 1 and game.phase == "bid"


def test_the_auction_ends_after_everyone_else_passes_in_a_row() -> None:
    game = TriumfDrez(seed=2, players=3)
    game.play("bid 5 n 5")
    game.play("pass")
    game.play("bid 6 n 5")
    game.play("pass")
    assert game.phase == "bid"
    game.play("pass")
    assert game.phase == "play" and game.declarer == 2 and game.to_move == 2


def test_the_top_bid_leaves_only_passes() -> None:
    game = TriumfDrez(seed=2, players=2)
    game.play("bid 13 - - open")
    assert [action.text for action in game.legal_actions()] == ["pass"]


def test_d33_open_hands_are_shown_after_the_auction_but_owners_play_them() -> None:
    game = TriumfDrez(seed=2, players=4)
    game.play("bid 7 n 5 open")
    assert game.view(1).ids(hand_zone(0))[0] == UNKNOWN_ID, "face down while the auction goes on"
    for _ in range(3):
        game.play("pass")
    for seat in (1, 3, None):
        assert UNKNOWN_ID not in game.view(seat).ids(hand_zone(0))
        assert UNKNOWN_ID not in game.view(seat).ids(hand_zone(2)), "the partner's hand is open too"
        assert set(game.view(seat).ids(hand_zone(1 if seat != 1 else 3))) == {UNKNOWN_ID}
    assert game.to_move == 0
    game.play(game.legal_actions()[0])
    assert game.to_move == 1, "seat 1 plays its own cards; nobody plays the open hands for them"


# ---------------------------------------------------------------- scoring and the match
def test_ac_td_7_the_value_of_a_contract() -> None:
    assert score(8, 10) == 12, "source: 8 bid, 10 made = 12 points"
    assert score(8, 7) == 10, "source: 8 bid, 7 made = 10 points to each opponent"
    assert score(10, 13) == 16
    assert score(7, 7) == 7


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_right_side_scores_each_deal(players: int) -> None:
    made = failed = 0
    for seed in range(12):
        game = TriumfDrez(seed=seed, players=players, target=1000)
        rng = random.Random(seed)
        play_random_until(game, rng, lambda g: g.phase == "next")
        contract, side = game.contract, game.declarer_side()
        tricks = sum(game.tricks_won[seat] for seat in side)
        value = score(contract.k, tricks)
        if tricks >= contract.k:
            made += 1
            expected = [value if seat in side else 0 for seat in range(players)]
        else:
            failed += 1
            expected = [0 if seat in side else value for seat in range(players)]
        assert game.points == expected
    assert failed > 0


def test_d30_with_three_players_both_opponents_score_a_failed_contract() -> None:
    for seed in range(40):
        game = TriumfDrez(seed=seed, players=3, target=1000)
        play_random_until(game, random.Random(seed), lambda g: g.phase == "next")
        if game.result is not None and game.result[2] < game.contract.k:
            scorers = [seat for seat in range(3) if seat != game.declarer]
            assert [game.points[seat] for seat in scorers] == [game.result[3]] * 2
            assert game.points[game.declarer] == 0
            return
    raise AssertionError("no failed contract in 40 deals")


def test_d34_the_match_goes_to_the_target() -> None:
    game = TriumfDrez(seed=4, players=4)
    play_random_until(game, random.Random(4), lambda g: g.is_over)
    winners = game.outcome.winners
    assert game.outcome.reason == "match target"
    assert winners in ((0, 2), (1, 3)) and all(game.points[seat] >= 50 for seat in winners)
    assert game.outcome.scores[winners[0]] == 0.5


def test_d34_equal_totals_at_the_target_play_on() -> None:
    """With 3 players a failed contract makes both opponents score alike: at a low
    target they reach it together with equal totals, and play continues."""
    for seed in range(60):
        game = TriumfDrez(seed=seed, players=3, target=5)
        play_random_until(game, random.Random(seed), lambda g: g.phase == "next" or g.is_over)
        if not game.is_over:
            opponents = [seat for seat in range(3) if seat != game.declarer]
            assert game.points[opponents[0]] == game.points[opponents[1]] >= 5
            return
    raise AssertionError("no failed contract in 60 deals")


def test_max_deals_ends_the_match_with_the_leaders() -> None:
    game = TriumfDrez(seed=6, players=2, max_deals=1)
    play_random_until(game, random.Random(6), lambda g: g.is_over)
    assert game.outcome.reason == "deal limit" and game.deal_number == 1
    leader = max(range(2), key=lambda seat: game.points[seat])
    assert game.outcome.winners == (leader,)


def test_every_player_confirms_the_next_deal() -> None:
    game = TriumfDrez(seed=7, players=3, target=1000)
    play_random_until(game, random.Random(7), lambda g: g.phase == "next")
    assert [action.text for action in game.legal_actions()] == ["next"]
    seats = []
    while game.phase == "next":
        seats.append(game.to_move)
        game.play("next")
    assert seats == [1, 2, 0] and game.deal_number == 2, "from the next first player (dealer 2 -> 0, first 1)"
    assert all(len(game.hand(seat)) == 13 for seat in range(3))
    assert game.points == json.loads(game.to_json())["state"]["points"]


# ---------------------------------------------------------------- notation
def test_notation_is_lower_case_and_round_trips() -> None:
    game = TriumfDrez(seed=2, players=4)
    for action in game.legal_actions()[:50] + game.legal_actions()[-5:]:
        assert action.text == action.text.lower() and game.parse(str(action)) == action
    bid = game.parse("bid 9 - 7 open")
    assert bid.targets == ("bid-9", "trump-none", "super-7", "open")
    game.play("bid 7 - -")
    for _ in range(3):
        game.play("pass")
    card = game.legal_actions()[0]
    assert card.text == f"play {card.targets[0].lower()}" and card.targets[0] in {c.id for c in game.hand(0)}
    with pytest.raises(IllegalAction):
        game.play(card.text.upper())


def test_actions_are_typed_and_the_positional_spelling_still_reads() -> None:
    """Each action's data is a typed value read by its fields; its first field is still
    the kind's word, as lesson 6 reads a bid (``data[0] == "bid"``, ``data[1].key``)."""
    game = TriumfDrez(seed=2, players=4)
    bid = game.parse("bid 9 - 7 open")
    assert isinstance(bid.data, Bid) and bid.data.contract.text == "bid 9 - 7 open"
    assert bid.data[0] == "bid" and bid.data[1].key == bid.data.contract.key
    game.play("bid 7 - -")
    assert isinstance(game.parse("pass").data, Pass) and game.parse("pass").data[0] == "pass"
    for _ in range(3):
        game.play("pass")
    assert game.phase == Phase.PLAY == "play" and json.loads(game.to_json())["state"]["phase"] == "play"
    card = game.legal_actions()[0].data
    assert isinstance(card, PlayCard) and card[0] == "play" and card[1] is card.card


def test_bad_option_values_are_refused() -> None:
    for bad in ({"players": 5}, {"players": 1}, {"target": 0}, {"players": "4"}, {"max_deals": True},
                {"dealer": -1}):
        with pytest.raises(ValueError):
            TriumfDrez(seed=1, **bad)



def _fuzzed_auction_game() -> TriumfDrez:
    """The position the fuzzer found (issue 24): heads-up, the declarer (Player 2) to lead."""
    game = TriumfDrez(seed=0, players=2, target=20)
    for action in ("bid 8 r 3 open", "bid 10 n 8 open", "bid 12 j 5 open", "bid 13 - - open", "pass"):
        game.play(action)
    return game


def test_an_upper_case_card_id_is_refused_with_a_reason_a_pupil_can_act_on() -> None:
    """Issue 24: ``play R8`` (the card id as the picture prints it) once raised IndexError,
    then a false "does not hold R8"; it is refused, the game untouched, saying to write it
    in lower case (the player holds R8 and may lead it)."""
    game = _fuzzed_auction_game()
    assert "R8" in {card.id for card in game.hand(game.to_move)}
    before = game.to_json()
    with pytest.raises(IllegalAction, match="lower case, like 'play r8'") as refused:
        game.play("play R8")
    assert "does not hold" not in str(refused.value)
    assert game.to_json() == before
    game.play("play r8")


def test_every_kind_of_action_in_upper_case_gets_the_lower_case_reason() -> None:
    auction = TriumfDrez(seed=0, players=2, target=20)
    auction.play("bid 8 r 3 open")
    for text, lower in (("PASS", "pass"), ("bid 9 R 3 open", "bid 9 r 3 open")):
        with pytest.raises(IllegalAction, match=f"lower case, like '{lower}'"):
            auction.play(text)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_malformed_text_is_always_an_illegal_action(players: int) -> None:
    """Over a seeded game: every legal action mangled (upper case, cut short, tokens swapped,
    one too many, a token changed) is refused as IllegalAction, never IndexError or KeyError."""
    rng = random.Random(players)
    for game in random_plies(TriumfDrez(seed=players, players=players, max_deals=1), rng):
        for action in rng.sample(game.legal_actions(), min(3, len(game.legal_actions()))):
            words = action.text.split()
            mangled = {action.text.upper(), action.text.title(), " ".join(reversed(words)), " ".join(words[:-1]),
                       " ".join(words[1:]), action.text + " x", action.text + " 9", action.text.replace(" ", ""),
                       *(action.text.replace(word, word[:1]) for word in words),
                       *(action.text.replace(word, word + "z") for word in words),
                       *(action.text.replace(word, "-") for word in words)}
            for text in mangled - {legal.text for legal in game.legal_actions()}:
                with pytest.raises(IllegalAction):
                    game.parse(text)
