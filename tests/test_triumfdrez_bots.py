"""TriumfDrez: the double-dummy solver against a plain minimax, resampling with
voids, and the bots (legal, from their own view only, the rule-based player's rules,
the sampling player's choice; its decision time is measured by bench/bench_triumfdrez.py)."""

from __future__ import annotations

import random

import pytest

from drezlab.core.cards import Card
from drezlab.core.chance import Scripted
from drezlab.games.triumfdrez.bots import (
    RulePlayer,
    SamplingPlayer,
    estimate_tricks,
    expected_net,
    tricks_distribution,
)
from drezlab.games.triumfdrez.cards import trick_winner
from drezlab.games.triumfdrez.game import TriumfDrez, deal_script, sides
from drezlab.games.triumfdrez.solver import Deal, SolverTimeout, move_values, solve
from drezlab.sim import tournament
from drezlab.testing import random_game

C = Card.parse


def minimax(deal: Deal) -> int:
    """The same value by brute force (no table, no pruning): the reference."""
    n = deal.players

    def value(hands: list[list[Card]], leader: int, trick: list[Card]) -> int:
        if not trick and not hands[leader]:
            return 0
        seat = (leader + len(trick)) % n
        legal = [card for card in hands[seat] if trick and card.figure_number == trick[0].figure_number]
        results = []
        for card in legal or hands[seat]:
            rest = [list(hand) for hand in hands]
            rest[seat].remove(card)
            now = trick + [card]
            if len(now) == n:
                winner = (leader + trick_winner(now, deal.trump, deal.supertrump)) % n
                results.append(int(winner in deal.side) + value(rest, winner, []))
            else:
                results.append(value(rest, leader, now))
        return max(results) if seat in deal.side else min(results)

    return value([list(hand) for hand in deal.hands], deal.leader, list(deal.trick))


def into_play(game: TriumfDrez, rng: random.Random, cards_played: int) -> TriumfDrez:
    random_game(game, rng, until=lambda game: game.phase != "bid")
    return random_game(game, rng, cards_played)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_solver_agrees_with_plain_minimax_on_endings(players: int) -> None:
    rng = random.Random(players)
    for trial in range(8):
        game = TriumfDrez(seed=trial, players=players)
        tricks_left = 3 if players == 4 else 4
        into_play(game, rng, 13 * players - tricks_left * players + rng.randrange(players))
        deal = Deal.from_game(game, game.declarer_side())
        assert solve(deal) == minimax(deal)
        values = move_values(deal)
        best = max(values.values()) if game.to_move in deal.side else min(values.values())
        assert best == solve(deal)


def test_a_known_ending_by_hand() -> None:
    """Two cards each, 2 players, trump B, no supertrump. Seat 0 leads and holds
    B9 and P1; seat 1 holds N9 and B1. Leading B9 draws B1, then P1 wins against
    N9 (a knight cannot win a pawn trick): 2 tricks. Leading P1 lets seat 1 trump
    with B1; it leads N9 and seat 0 trumps it: 1 trick."""
    deal = Deal([[C("B9"), C("P1")], [C("N9"), C("B1")]], trump=3, supertrump=0, leader=0, side=(0,))
    assert solve(deal) == 2 == minimax(deal)
    assert move_values(deal) == {"P1": 1, "B9": 2}
    strong = Deal([[C("B9"), C("B8")], [C("N9"), C("B1")]], trump=3, supertrump=0, leader=0, side=(0,))
    assert solve(strong) == 2


def test_the_solver_stops_at_its_time_limit() -> None:
    game = into_play(TriumfDrez(seed=1, players=4), random.Random(1), 0)
    with pytest.raises(SolverTimeout):
        solve(Deal.from_game(game, game.declarer_side()), time_limit=0.05)


def test_a_depth_limited_search_returns_an_estimate_in_range() -> None:
    game = into_play(TriumfDrez(seed=3, players=4), random.Random(3), 1)
    deal = Deal.from_game(game, game.declarer_side())
    values = move_values(deal, depth=1)
    assert values and all(0 <= value <= 13 for value in values.values())


def test_resampling_keeps_voids_and_what_the_seat_sees() -> None:
    game = TriumfDrez(seed=9, players=4)
    rng = random.Random(9)
    into_play(game, rng, 0)
    random_game(game, rng, until=lambda game: any(game.voids[seat] for seat in range(4) if seat != game.to_move))
    seat = game.to_move
    for trial in range(20):
        other = game.resample(seat, random.Random(trial))
        assert other.view(seat) == game.view(seat)
        for each in range(4):
            assert not any(card.figure_number in game.voids[each] for card in other.hand(each))


def test_rule_player_follows_cheap_wins_cheap_and_trumps_when_it_pays() -> None:
    hands = {0: ["N9", "N8", "N7", "N6", "N5", "J1", "J2", "J3", "J4", "J5", "J6", "J7", "J8"],
             1: ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "R1", "R2", "R3", "R4"],
             2: ["N1", "N2", "N3", "N4", "Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7", "Q8", "Q9"],
             3: ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "R5", "R6", "R7", "R8"]}
    game = TriumfDrez(players=4, chance=Scripted([deal_script(hands)]))
    bot = RulePlayer()
    game.play("bid 7 b 7")
    for _ in range(3):
        game.play("pass")
    game.play("play n5")
    assert bot.choose(game).text == "play b1", "seat 1 is void in knights: it trumps with its cheapest trump"
    game.play("play r1")
    assert bot.choose(game).text == "play n1", "seat 2's partner leads and wins: follow cheap"
    game.play("play n4")
    assert bot.choose(game).text == "play p7", "the opponents win: seat 3 supertrumps with its cheapest winner"
    game.play("play p7")
    game.play("play p1")
    assert bot.choose(game).text == "play n7", "void in pawns, seat 0 wins with its cheapest supertrump (N7, not J7)"


def test_rule_player_wins_cheap_when_following() -> None:
    hands = {0: ["N5", "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "J1", "J2", "J3"],
             1: ["N9", "N8", "N1", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "J4"]}
    game = TriumfDrez(players=2, chance=Scripted([deal_script(hands, players=2)]))
    game.play("bid 7 j -")
    game.play("pass")
    game.play("play n5")
    assert RulePlayer().choose(game).text == "play n8", "the cheapest knight that beats N5"


def test_bots_bid_by_their_estimate() -> None:
    game = TriumfDrez(seed=1, players=4)
    first = RulePlayer().choose(game)
    _tricks, trump, supertrump = estimate_tricks(game.hand(0), 4)
    opening = first.data.contract
    assert opening.k == 7 and (opening.trump, opening.supertrump) == (trump, supertrump)
    game.play(first)
    reply = RulePlayer().choose(game)
    if reply.text != "pass":
        assert reply.data.contract.k <= estimate_tricks(game.hand(1), 4)[0]


@pytest.mark.parametrize("level", [RulePlayer, SamplingPlayer])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_whole_deals_legally(level: type, players: int) -> None:
    game = TriumfDrez(seed=players, players=players, max_deals=1)
    settings = {"samples": 3} if level is SamplingPlayer else {}
    bots = [level(seed=seat, **settings) for seat in range(players)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        action = bots[seat].choose(game)
        assert action in game.legal_actions()
        game.play(action)


@pytest.mark.parametrize("level", [RulePlayer, SamplingPlayer])
def test_bots_decide_from_their_own_view_only(level: type) -> None:
    """Two games that differ only in what the seat may not see get the same decision."""
    rng = random.Random(4)
    for trial in range(4):
        game = into_play(TriumfDrez(seed=trial, players=4), rng, 5 + trial)
        seat = game.to_move
        twin = game.resample(seat, random.Random(trial))
        assert level(seed=1).choose(game) == level(seed=1).choose(twin)


def test_the_sampling_player_values_every_legal_card() -> None:
    """The sampling player values every legal card over several deals."""
    rng = random.Random(2)
    game = into_play(TriumfDrez(seed=2, players=2), rng, 20)
    random_game(game, rng, until=lambda game: len(game.legal_actions()) >= 2)
    bot = SamplingPlayer(seed=1)
    action = bot.choose(game)
    assert action in game.legal_actions() and bot.last_samples >= 3
    assert set(bot.last_values) == {each.data.card.id for each in game.legal_actions()}


def test_a_bot_refuses_a_finished_game_and_bad_settings() -> None:
    game = TriumfDrez(seed=1, players=2, max_deals=1)
    while not game.is_over:
        game.play(game.random_action(random.Random(1)))
    with pytest.raises(ValueError):
        RulePlayer().choose(game)
    with pytest.raises(ValueError):
        SamplingPlayer(samples=0)
    with pytest.raises(ValueError):
        SamplingPlayer(budget=0)


# ------------------------------------------------- the sampling player's bidding
def test_expected_net_scores_made_and_failed_contracts() -> None:
    """All the chance on one number of tricks: made by 2 over 7 is 7 + 2*2 = 11 for the
    declaring side; down 2 gives the opponents 7 + 2*2 = 11 (§6)."""
    sure = [0.0] * 14
    sure[9] = 1.0
    assert expected_net(7, sure) == 11
    sure[9], sure[5] = 0.0, 1.0
    assert expected_net(7, sure) == -11
    chances = tricks_distribution([6.0, 8.0])
    assert abs(sum(chances) - 1.0) < 1e-9
    assert abs(sum(count * chance for count, chance in enumerate(chances)) - 7.0) < 1e-3
    assert tricks_distribution([6.0, 8.0], [1.0, 0.0])[6] > tricks_distribution([6.0, 8.0])[6]


#: seat 1 holds eight pawns and five cards numbered 1: in a contract with pawn trump and
#: supertrump 1 it takes nearly every trick, whoever declares it
PAWN_HAND = ["P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "N1", "B1", "R1", "Q1", "J1"]


def test_the_sampling_player_opens_in_its_strong_trump_and_supertrump() -> None:
    game = TriumfDrez(players=4, chance=Scripted([deal_script({0: PAWN_HAND})]))
    action = SamplingPlayer(seed=1).choose(game)
    assert action.text == "bid 7 p 1"


def test_the_sampling_player_lets_a_hopeless_opposing_contract_stand() -> None:
    """Seat 0 bids 8 tricks with pawn trump and supertrump 1, which seat 1 holds: seat 0's
    side goes down heavily and seat 1's side scores 8 + 2 per trick short, more than its own
    9-trick contract would bring. The sampling player passes; the rule player, whose
    estimate asks only how strong its own hand is, bids 9 on."""
    game = TriumfDrez(players=4, chance=Scripted([deal_script({1: PAWN_HAND})]))
    game.play("bid 8 p 1")
    assert SamplingPlayer(seed=1).choose(game).text == "pass"
    assert RulePlayer().choose(game).text == "bid 9 p 1"


def test_the_sampling_player_never_bids_over_its_partner() -> None:
    game = TriumfDrez(players=4, chance=Scripted([deal_script({2: PAWN_HAND})]))
    game.play("bid 7 n 2")
    game.play("pass")
    assert SamplingPlayer(seed=1).choose(game).text == "pass"


def test_the_sampling_player_bids_from_its_own_view_only() -> None:
    """Two deals that differ only in the cards seat 1 cannot see get the same bid."""
    for trial in range(4):
        game = TriumfDrez(seed=30 + trial, players=4)
        game.play(RulePlayer().choose(game))
        twin = game.resample(1, random.Random(trial))
        assert twin.hand(0) != game.hand(0)
        assert SamplingPlayer(seed=2).choose(game) == SamplingPlayer(seed=2).choose(twin)


def test_heads_up_the_sampling_player_bids_by_the_rule() -> None:
    """With 2 players sampled bids measured no better, so both bots bid alike there
    (lesson 6 compares their card play heads-up); with 4 they differ somewhere."""
    differ = False
    for trial in range(6):
        for players in (2, 4):
            game = TriumfDrez(seed=40 + trial, players=players)
            game.play(RulePlayer().choose(game))
            same = SamplingPlayer(seed=1).choose(game) == RulePlayer().choose(game)
            assert same or players == 4
            differ = differ or not same
    assert differ


def test_the_ladders_alternate_seats_are_always_one_partnership() -> None:
    """bench/ladder.py gives a 4-seat team game's level under test every other seat
    ([upper, lower, upper, lower], rotated one seat each game by the tournament). In
    TriumfDrez the pairs are fixed (0+2, 1+3) whatever the contract, so each level
    always holds a whole pair and partners share one result: the comparison never
    sets partners against each other."""
    results = tournament(("triumfdrez", {"players": 4, "max_deals": 1}), ["rules", "random", "rules", "random"], 4,
                         seed=3)
    for result in results.games:
        upper = tuple(seat for seat, label in enumerate(result.seats) if label.startswith("rules"))
        assert upper in sides(4)
        for side in sides(4):
            assert len({result.scores[seat] for seat in side}) == 1
