"""DomiDrez rules (shared/rules/card-games.md §0 and §8): one test per rule and DECISION,
the acceptance cases AC-DD-1 to AC-DD-4 and the source's worked example (the purple joker)."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction

import pytest

import drezlab
from drezlab import IllegalAction
from drezlab.core.cards import Card, Deck
from drezlab.core.chance import Scripted
from drezlab.games.domidrez.game import (
    CLOSED,
    OUT,
    TARGET_REACHED,
    DomiDrez,
    hand_points,
)
from drezlab.games.domidrez.knowledge import (
    LINE_ZONE,
    STOCK_ZONE,
    UNDER_ZONE,
    deal_size,
    follows,
    hand_zone,
    sort_key,
)
from drezlab.testing import random_plies


# ------------------------------------------------------------------ helpers
def scripted_deal(players: int, hands: Mapping[int, Sequence[str]], start: Sequence[str],
                  draws: Sequence[str] = (), packs: int = 1, first: int = 0) -> list[str]:
    """A deck order (top = end) that deals ``hands`` (filled up with other cards) from
    seat ``first``, turns up ``start`` in that order, and puts ``draws`` next on the stock."""
    size = deal_size(packs, players)
    pool = [card.id for card in Deck.all_cards(packs)]
    fixed = [card for cards in hands.values() for card in cards] + list(start) + list(draws)
    pool = [card for card in pool if card not in fixed]
    full = {seat: list(hands.get(seat, ())) for seat in range(players)}
    for seat in range(players):
        while len(full[seat]) < size:
            full[seat].append(pool.pop(0))
    order = [(first + step) % players for step in range(players)]
    sequence = [full[seat][index] for index in range(size) for seat in order] + list(start) + list(draws)
    return pool + sequence[::-1]


def dealt(players: int, hands: Mapping[int, Sequence[str]], start: Sequence[str] = ("J4",),
          draws: Sequence[str] = (), packs: int = 1, target: int = 50) -> DomiDrez:
    order = scripted_deal(players, hands, start, draws, packs)
    return DomiDrez(players=players, packs=packs, target=target, chance=Scripted([order]))


def arranged(game: DomiDrez, hands: Mapping[int, Sequence[str]], top: str, stock: Sequence[str] = ()) -> DomiDrez:
    """Lay out a position by hand (at the start of a hand, before any action is listed):
    the hands, the stock (top = end), and every other card under ``top`` in the line."""
    used = {card for cards in hands.values() for card in cards} | set(stock) | {top}
    rest = [card for card in game.cards if card.id not in used]
    for seat in range(game.players):
        game.zones.replace(hand_zone(seat), sorted((Card.parse(c) for c in hands.get(seat, ())), key=sort_key))
    game.zones.replace(STOCK_ZONE, [Card.parse(card) for card in stock])
    game.zones.replace(UNDER_ZONE, [])
    game.zones.replace(LINE_ZONE, rest + [Card.parse(top)])
    return game


def texts(game: DomiDrez) -> set[str]:
    return {action.text for action in game.legal_actions()}


# ------------------------------------------------------------------ §0.2, D41: the deal
@pytest.mark.parametrize("packs,players,each,stock", [
    (1, 5, 5, 30),       # AC-DD-3
    (1, 3, 9, 28),       # D41 example
    (2, 8, 7, 55),       # D41 example
    (1, 2, 14, 27),
    (2, 2, 28, 55),
    (1, 8, 3, 31),
])
def test_deal_sizes(packs: int, players: int, each: int, stock: int) -> None:
    for seed in range(3):
        game = DomiDrez(seed=seed, players=players, packs=packs)
        assert [len(game.hand(seat)) for seat in range(players)] == [each] * players
        assert game.stock_left() == stock
        assert len(game.line) == 1 and not game.top.is_neutral
        assert len(game.cards) == 56 * packs
        assert sum(card.is_neutral for card in game.cards) == 2 * packs, "neutral cards are kept (§0.2)"


def test_deal_is_one_card_at_a_time_from_the_first_player() -> None:
    order = scripted_deal(3, {}, ["J4"])
    game = DomiDrez(players=3, chance=Scripted([order]))
    sequence = order[::-1]
    for seat in range(3):
        assert {card.id for card in game.hand(seat)} == set(sequence[seat:27:3])
    assert game.top.id == "J4"


def test_neutral_start_card_goes_under_the_stock_and_the_next_is_turned_up() -> None:
    game = dealt(2, {}, start=["X1", "X2", "P3"])
    assert game.top.id == "P3"
    assert [card.id for card in game.zones[UNDER_ZONE]] == ["X2", "X1"]
    assert game.stock_left() == 56 - 28 - 1
    view = game.view(1)
    assert view.ids(UNDER_ZONE) == ("X2", "X1"), "the cards under the stock were seen by everyone"


def test_cards_under_the_stock_are_drawn_last_in_the_order_they_went_under() -> None:
    game = arranged(dealt(2, {}, start=["X1", "P3"]), {0: ["Q5", "Q6"], 1: ["R7", "R8"]}, top="P3", stock=["N9"])
    game.zones.replace(UNDER_ZONE, [Card.parse("X1")])
    game.play("draw")
    assert Card.parse("N9") in game.hand(0)
    assert game.chance_outcomes(0) == {"X1": Fraction(1)}
    game.play("draw")
    assert Card.parse("X1") in game.hand(1)
    assert game.known == ["X1"]
    other = game.resample(0, random.Random(3))
    assert Card.parse("X1") in other.hand(1), "the drawn known card stays with its drawer when resampling"


def test_first_dealer_is_the_last_seat_and_the_dealer_moves_on() -> None:
    game = arranged(DomiDrez(seed=1, players=3), {0: ["P5"], 1: ["Q1"], 2: ["R2"]}, top="P3")
    assert game.dealer == 2 and game.to_move == 0
    game.play("p5")
    assert game.phase == "next"
    for _ in range(3):
        game.play("next")
    assert game.hand_number == 2 and game.dealer == 0 and game.to_move == 1 and game.first == 1


# ------------------------------------------------------------------ following
def test_ac_dd_1_on_the_purple_joker() -> None:
    """AC-DD-1 and the source's example: on J4, a joker, a purple card or a neutral card."""
    game = dealt(2, {0: ["J1", "R4", "X1", "R5"]}, start=["J4"])
    legal = texts(game)
    assert {"j1", "r4", "x1"} <= legal
    assert "r5" not in legal
    with pytest.raises(IllegalAction, match=r"Blue Rook card \(R5\) does not follow the Purple Joker card \(Joker or Purple\)"):
        game.play("r5")
    for card, ok in [("J1", True), ("R4", True), ("X1", True), ("R5", False), ("Q9", False), ("J4b", True)]:
        assert follows(Card.parse(card), Card.parse("J4"), None) is ok


def test_ac_dd_2_after_a_neutral_card_named_rook_and_green() -> None:
    game = dealt(2, {0: ["X1", "P4"], 1: ["R1", "J9", "X2", "J1"]}, start=["J4"])
    game.play("x1")
    assert game.phase == "name" and game.to_move == 0
    assert len(game.legal_actions()) == 54
    game.play("name r9")
    assert game.named == (4, 9) and game.to_move == 1
    legal = texts(game)
    assert {"r1", "j9", "x2"} <= legal and "j1" not in legal
    assert "Rook or Green" in game.status_text()
    assert game.view(0).public["named"] == (4, 9)


def test_a_normal_card_ends_the_naming() -> None:
    game = dealt(2, {0: ["X1", "P4"], 1: ["R1", "P2"]}, start=["J4"])
    game.play("x1")
    game.play("name r9")
    game.play("r1")
    assert game.named is None and game.top.id == "R1"


def test_naming_palette_targets_and_notation() -> None:
    game = dealt(2, {0: ["X1", "P4"]}, start=["J4"])
    game.play("x1")
    action = game.parse("name r9")
    assert action.targets == ("fig-r", "col-9")
    for bad in ("name r0", "name k9", "name R9", "namer9", "x1"):
        with pytest.raises(IllegalAction):
            game.play(bad)


def test_going_out_with_a_neutral_card_names_nothing() -> None:
    game = arranged(DomiDrez(seed=2, players=2), {0: ["X1"], 1: ["Q1", "Q2"]}, top="P3")
    game.play("x1")
    assert game.phase == "next" and game.result is not None and game.result[0] == OUT
    assert game.scores == [2, 0]


# ------------------------------------------------------------------ D42: must play, draw and pass
def test_d42_a_player_with_a_card_that_follows_must_play() -> None:
    game = dealt(2, {0: ["J1", "Q5", "Q6"]}, start=["J4"])
    assert "draw" not in texts(game)
    with pytest.raises(IllegalAction, match="must play one"):
        game.play("draw")


def test_d42_draw_one_and_pass_even_if_the_drawn_card_follows() -> None:
    hand0 = ["P1", "P2", "P3", "P5", "P6", "P7", "P8", "P9", "N1", "N2", "N3", "N5", "N6", "N7"]
    game = dealt(2, {0: hand0}, start=["J4"], draws=["J7"])
    assert texts(game) == {"draw"}
    stock = game.stock_left()
    game.play("draw")
    assert Card.parse("J7") in game.hand(0) and len(game.hand(0)) == 15
    assert game.stock_left() == stock - 1
    assert game.to_move == 1, "the drawn card is not played on the same turn"
    assert game.hand(0) == sorted(game.hand(0), key=sort_key), "the drawn card goes to its sorted place"


def test_d42_with_an_empty_stock_a_player_without_a_card_passes() -> None:
    game = arranged(DomiDrez(seed=3, players=3), {0: ["Q5", "Q6"], 1: ["J1", "Q7"], 2: ["B1"]}, top="J4")
    assert texts(game) == {"pass"}
    with pytest.raises(IllegalAction, match="stock is empty"):
        game.play("draw")
    game.play("pass")
    assert game.to_move == 1 and game.phase == "play"


# ------------------------------------------------------------------ end of a hand, D43, AC-DD-4
def test_ac_dd_4_scoring() -> None:
    assert hand_points((0, 3, 6)) == (9, 0, 0)
    assert hand_points((2, 4, 5)) == (5, 0, 0)
    assert hand_points((2, 2, 5)) == (3, 3, 0)


def test_going_out_scores_the_cards_left_in_the_other_hands() -> None:
    game = arranged(DomiDrez(seed=4, players=3), {0: ["P5"], 1: ["Q1", "Q2", "Q3"], 2: ["R1", "R2", "R3", "R6", "R7", "R8"]},
                    top="P3", stock=["N9"])
    game.play("p5")
    assert game.result == (OUT, (0,), (9, 0, 0), (0, 3, 6))
    assert game.scores == [9, 0, 0]
    assert game.chance_outcomes(0) == {}, "between hands no draw is pending (the next shuffle is not listed)"
    assert game.view(1).ids(hand_zone(2)) == ("R1", "R2", "R3", "R6", "R7", "R8"), "hands are shown after the hand"


def test_d43_closed_game_fewest_cards_scores_the_differences() -> None:
    """AC-DD-4 in play: hands of 2, 4 and 5, nothing to draw, nobody follows -> the 2 scores 5."""
    game = arranged(DomiDrez(seed=5, players=3),
                    {0: ["X1", "P1", "P2"], 1: ["N3", "N5", "N6", "N8"], 2: ["Q3", "Q5", "Q6", "Q8", "J8"]}, top="P4")
    game.play("x1")
    assert game.phase == "name"
    game.play("name b7")
    assert game.result is not None and game.result[0] == CLOSED
    assert game.result[2] == (5, 0, 0) and game.scores == [5, 0, 0]


def test_d43_tied_fewest_each_score() -> None:
    game = arranged(DomiDrez(seed=6, players=3),
                    {0: ["X1", "P1", "P2"], 1: ["N3", "N5"], 2: ["Q3", "Q5", "Q6", "Q8", "J8"]}, top="P4")
    game.play("x1")
    game.play("name b7")
    assert game.result == (CLOSED, (0, 1), (3, 3, 0), (2, 2, 5))


def test_d43_not_closed_while_someone_can_still_play() -> None:
    game = arranged(DomiDrez(seed=7, players=3), {0: ["Q5", "Q6"], 1: ["J1", "Q7"], 2: ["B1"]}, top="J4")
    game.play("pass")
    assert game.phase == "play" and game.result is None
    game.play("j1")
    assert game.to_move == 2


def test_d43_not_closed_while_cards_are_left_to_draw() -> None:
    game = arranged(DomiDrez(seed=8, players=2), {0: ["Q5", "Q6"], 1: ["Q7"]}, top="J4", stock=["B8", "B1"])
    assert texts(game) == {"draw"}, "nobody follows, but the stock is not empty: not closed"
    game.play("draw")
    assert game.phase == "play" and game.to_move == 1
    game.play("draw")
    assert game.result is not None and game.result[0] == CLOSED, "the last card drawn, nobody follows: closed"
    assert game.result[3] == (3, 2) and game.result[2] == (0, 1)


# ------------------------------------------------------------------ D44: the match
def test_d44_match_target_default_and_reaching_it_ends_the_match() -> None:
    assert DomiDrez(seed=1).target == 50
    game = arranged(DomiDrez(seed=9, players=3, target=5), {0: ["P5"], 1: ["Q1", "Q2"], 2: ["R1", "R2", "R6"]}, top="P3")
    game.play("p5")
    assert game.is_over and game.outcome is not None
    assert game.outcome.winners == (0,) and game.outcome.reason == TARGET_REACHED
    assert game.legal_actions() == []


def test_d44_several_at_the_target_the_highest_total_wins() -> None:
    game = arranged(DomiDrez(seed=10, players=3, target=6), {0: ["P5"], 1: ["Q1", "Q2", "Q3"], 2: ["R1"]}, top="P3")
    game.play("p5")
    assert game.scores == [4, 0, 0] and not game.is_over
    for _ in range(3):
        game.play("next")
    assert game.to_move == 1
    arranged(game, {1: ["X1", "P1", "P2"], 2: ["N3", "N5"], 0: ["Q3", "Q5", "Q6", "Q8", "J8"]}, top="P4")
    game.play("x1")
    game.play("name b7")
    assert game.scores == [4, 3, 3]
    game2 = arranged(DomiDrez(seed=11, players=3, target=3),
                     {0: ["X1", "P1", "P2"], 1: ["N3", "N5"], 2: ["Q3", "Q5", "Q6", "Q8", "J8"]}, top="P4")
    game2.play("x1")
    game2.play("name b7")
    assert game2.outcome is not None and game2.outcome.winners == (0, 1), "equal highest totals share the win"
    assert game2.outcome.scores == (0.5, 0.5, 0.0)


def test_d44_highest_total_among_those_reaching_it() -> None:
    game = arranged(DomiDrez(seed=12, players=3, target=8), {0: ["P5"], 1: ["Q1", "Q2", "Q3", "Q4"], 2: ["R1", "R2", "R6"]},
                    top="P3")
    game.play("p5")
    assert game.scores == [7, 0, 0]
    for _ in range(3):
        game.play("next")
    arranged(game, {1: ["X1", "P1"], 0: ["N3"], 2: ["Q3", "Q5", "Q6", "Q8", "J8", "J9", "Q9", "J6", "J5", "J3", "J2"]},
             top="P4")
    game.play("x1")
    game.play("name b7")
    # closed: counts 1, 1, 11: seats 0 and 1 each gain 10 -> 17 and 10, both reach 8; 17 wins
    assert game.outcome is not None and game.outcome.winners == (0,)


# ------------------------------------------------------------------ information, odds, records
def test_hands_and_stock_are_hidden_sizes_and_line_public() -> None:
    game = DomiDrez(seed=13, players=3)
    view = game.view(1)
    assert set(view.ids(hand_zone(0))) == {"??"} and len(view.ids(hand_zone(0))) == 9
    assert "??" not in view.ids(hand_zone(1))
    assert view.ids(STOCK_ZONE) == () and view.zones[STOCK_ZONE].count == 28
    assert view.ids(LINE_ZONE) == (game.top.id,)
    spectator = game.view(None)
    assert all(set(spectator.ids(hand_zone(seat))) == {"??"} for seat in range(3))


def test_chance_outcomes_of_a_draw_are_uniform_over_the_unseen_cards() -> None:
    hand0 = ["P1", "P2", "P3", "P5", "P6", "P7", "P8", "P9", "N1", "N2", "N3", "N5", "N6", "N7"]
    game = dealt(2, {0: hand0}, start=["J4"])
    odds = game.chance_outcomes(0)
    assert len(odds) == 56 - 14 - 1 and set(odds.values()) == {Fraction(1, 41)}
    assert sum(odds.values()) == 1
    assert not set(odds) & {card.id for card in game.hand(0)}
    game.play("draw")
    seen_by_1 = game.chance_outcomes(1)
    assert len(seen_by_1) == 56 - 14 - 1 and sum(seen_by_1.values()) == 1, \
        "given whoever is to move: it never tells whether the mover can follow"
    assert game.chance_outcomes(None) == {card.id: Fraction(1, 55)
                                          for card in game.cards if card.id not in {c.id for c in game.line}}


def test_undo_of_a_draw_and_a_new_deal_restores_everything() -> None:
    game = DomiDrez(seed=14, players=2, target=3)
    before = game.to_json()
    for _ in random_plies(game, 0):
        if game.history:
            action, after = game.history[-1], game.to_json()
            game.undo()
            assert game.to_json() == before
            game.play(action)
            assert game.to_json() == after
        before = game.to_json()


def test_records_round_trip_and_scripted_chance() -> None:
    game = dealt(2, {0: ["J1", "X1"]}, start=["J4"])
    game.play("x1")
    game.play("name q2")
    loaded = DomiDrez.from_json(game.to_json())
    assert loaded.to_json() == game.to_json()
    record = json.loads(game.to_json())
    assert record["chance"]["kind"] == "scripted"
    assert drezlab.new("domidrez", seed=3, players=2).to_json() == DomiDrez(seed=3, players=2).to_json()


def test_notation_is_lower_case_card_ids() -> None:
    game = dealt(2, {0: ["J1", "X1", "J2"]}, start=["J4"], packs=2)
    assert {"j1", "x1", "j2"} <= texts(game)
    action = game.parse("j1")
    assert action.targets == ("J1",) and str(action) == "j1"
    with pytest.raises(IllegalAction):
        game.play("J1")
    with pytest.raises(IllegalAction, match="does not hold"):
        game.play("q9b" if Card.parse("Q9b") not in game.hand(0) else "q9")


def test_options_are_validated() -> None:
    for bad in ({"players": 1}, {"players": 9}, {"packs": 3}, {"target": 0}, {"players": True}, {"target": "50"}):
        with pytest.raises(ValueError):
            DomiDrez(seed=1, **bad)


def test_evaluate_and_adjudicate() -> None:
    game = arranged(DomiDrez(seed=15, players=3, target=50), {0: ["P5"], 1: ["Q1", "Q2"], 2: ["R1", "R2", "R6"]},
                    top="P3")
    game.play("p5")
    assert game.adjudicate() == (1.0, 0.0, 0.0)
    assert game.evaluate(0) > 0 > game.evaluate(1)


def test_every_action_carries_a_typed_value_and_the_phase_is_an_enum() -> None:
    """Issue 24: an action's ``data`` is one of DomiDrez's action types, read by its
    fields (never by position), and agrees with its notation; the phase keeps its string."""
    from drezlab.games.domidrez.actions import Draw, Name, NextHand, Pass, Phase, Play

    letters = "pnbrqj"
    seen: set[type] = set()
    for game in random_plies(DomiDrez(seed=3, players=3, target=20), 3):
        assert isinstance(game.phase, Phase) and game.view(None).public["phase"] == str(game.phase)
        for action in game.legal_actions():
            data = action.data
            seen.add(type(data))
            match data:
                case Play(card=card):
                    assert action.text == card.id.lower()
                case Name(figure=figure, colour=colour):
                    assert action.text == f"name {letters[figure - 1]}{colour}"
                case Draw() | Pass() | NextHand():
                    assert action.text == {Draw: "draw", Pass: "pass", NextHand: "next"}[type(data)]
                case _:
                    raise AssertionError(f"{action.text!r} carries {data!r}")
    assert seen >= {Play, Name, Draw, NextHand}
