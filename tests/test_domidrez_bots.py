"""DomiDrez bots: the greedy player keeps its options open, the sampling player plays
from what its seat may know only (it decides alike in games it cannot tell apart),
the tracking player deals its worlds to fit what the others drew on, counts cards and
plays for the match; all finish games. Win rates and timings are printed by
bench/bench_domidrez.py and bench/ladder.py."""

from __future__ import annotations

import random

import pytest
from test_domidrez_rules import arranged

from drezlab.core.cards import Card
from drezlab.games.domidrez.actions import Draw, Play
from drezlab.games.domidrez.bots import (
    GreedyPlayer,
    SamplingPlayer,
    TrackingPlayer,
    _greedy_pick,
    _slots,
    _Table,
    best_name,
    greedy_playout,
    keep_options_score,
    match_value,
    playout,
    since_last_play,
)
from drezlab.games.domidrez.game import DomiDrez
from drezlab.players import make
from drezlab.sim import tournament
from drezlab.testing import random_game


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


@pytest.mark.parametrize("name", ["greedy", "sampling", "tracking"])
def test_bots_decide_alike_in_games_their_seat_cannot_tell_apart(name: str) -> None:
    rng = random.Random(5)
    for seed in range(4):
        game = random_game(DomiDrez(seed=seed, players=3), rng, rng.randrange(1, 30))
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
    for bot in (GreedyPlayer(seed=1), SamplingPlayer(seed=1), TrackingPlayer(seed=1)):
        with pytest.raises(ValueError, match="DomiDrez"):
            bot.choose(other)
    with pytest.raises(ValueError):
        SamplingPlayer(samples=0)
    for bad in ({"samples": 0}, {"samples": True}, {"time_limit": 0}, {"time_limit": "1"}):
        with pytest.raises(ValueError):
            TrackingPlayer(**bad)


@pytest.mark.slow
def test_a_short_tournament_finishes_and_sampling_beats_random() -> None:
    results = tournament(("domidrez", {"players": 2, "target": 5}), ["sampling", "random"], games=12, seed=3)
    assert results["sampling"].games == 12
    assert results["sampling"].rate > 0.5


# ------------------------------------------------------------------ the tracking player
def drew_after_a_play(players: int) -> DomiDrez:
    """A seeded game in which the seat to move has just seen the seat before it draw
    right after a card was played (so that seat's hand is known to miss what it had to follow)."""
    for seed in range(200):
        game = DomiDrez(seed=seed, players=players)
        bot = GreedyPlayer(seed=seed)
        for _ in range(60):
            if game.is_over or game.phase != "play":
                break
            game.play(bot.choose(game))
            history = game.history
            if (len(history) >= 2 and isinstance(history[-1].data, Draw) and isinstance(history[-2].data, Play)
                    and not history[-2].data.card.is_neutral and len(game.legal_actions()) > 1):
                return game
    raise AssertionError("no seeded game reached a draw after a play")


def test_since_last_play_reads_who_drew_on_what() -> None:
    game = drew_after_a_play(2)
    drawer = (game.to_move - 1) % 2
    top = game.top
    events = since_last_play(game.history, game.line, game.first, 2)
    assert events[drawer][-1] == ("draw", (top.figure_number, top.number))
    assert events[game.to_move] == [], "the seat to move has just played: nothing since"


def test_slots_give_each_card_the_requirements_it_failed() -> None:
    first, second, third = (6, 4), (5, 2), (1, 9)
    events = [("draw", first), ("draw", second), ("pass", third)]
    # 5 cards: 3 held at the first draw failed all three, the first drawn card failed the
    # later two, the second drawn card only the pass
    assert _slots(5, events) == [[third, second, first]] * 3 + [[third, second], [third]]
    assert _slots(1, events) == [[third]], "a hand of one: only the newest card can be left"


def test_tracking_deals_worlds_that_fit_the_draws() -> None:
    game = drew_after_a_play(2)
    seat = game.to_move
    drawer = 1 - seat
    top = game.top
    events = since_last_play(game.history, game.line, game.first, 2)
    table = _Table.of(game.resample(seat, random.Random(1)), seat, 2, events)
    rng = random.Random(2)

    def fitting(codes: list[int]) -> int:
        return sum(1 for code in codes if code == 0 or code // 10 == top.figure_number or code % 10 == top.number)

    for _ in range(50):
        hands, stock = table.deal(rng)
        assert len(hands[drawer]) == len(game.hand(drawer)) and hands[seat] == [
            10 * card.figure_number + card.number for card in game.hand(seat) if not card.is_neutral
        ] + [0] * sum(card.is_neutral for card in game.hand(seat))
        assert fitting(hands[drawer]) <= 1, "only the card it drew may follow what it drew on"
        assert len(stock) == game.stock_left()
    blind = [fitting([10 * c.figure_number + (c.number or 0) if not c.is_neutral else 0
                      for c in game.resample(seat, random.Random(s)).hand(drawer)]) for s in range(50)]
    assert max(blind) >= 2, "a blind deal often gives the drawer cards it cannot have held"


def test_tracking_blocks_the_seat_about_to_go_out() -> None:
    # every joker, every purple card and both neutral cards are in sight: after J4 the other seat
    # cannot follow, after R1 any of the unseen cards (greys and rooks) takes it out
    game = arranged(DomiDrez(seed=6, players=2), {0: ["R1", "J4"], 1: ["N1"]}, top="R4",
                    stock=["R2", "R3", "P1", "B1"])
    assert [action.text for action in game.legal_actions()] == ["r1", "j4"]
    bot = TrackingPlayer(seed=3, samples=20)
    assert bot.choose(game).text == "j4"
    assert bot.last_values["j4"] > bot.last_values["r1"]


def test_match_value_counts_a_match_won_or_lost_above_any_lead() -> None:
    assert match_value([45, 10], [6, 0], 0, 50) == 1.0
    assert match_value([45, 10], [0, 40], 0, 50) == -1.0
    assert match_value([10, 20], [5, 0], 0, 50) == pytest.approx(-5 / 50)
    assert match_value([48, 49, 0], [3, 4, 0], 0, 50) == -1.0, "the higher total wins when both reach it"


def test_greedy_playout_reaches_the_end_of_a_hand() -> None:
    # P1 follows the named pawn, the other seat cannot follow and passes, B1 follows grey and goes out
    assert greedy_playout([[11, 31], [55, 66]], [], 1, 9, 0, random.Random(1)) == [2, 0]
    # the policy: the card after which most of the hand follows (P2: P1 and N2 still follow), a
    # neutral card only when no figure card follows
    assert _greedy_pick([11, 12, 22], 1, 9, random.Random(1)) == 1
    assert _greedy_pick([0, 55], 5, 9, random.Random(1)) == 1
    assert _greedy_pick([0, 22], 5, 9, random.Random(1)) == 0
    assert _greedy_pick([22], 5, 9, random.Random(1)) == -1
