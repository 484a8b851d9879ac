"""PokerGuess rules (card-games.md §2): every DECISION and acceptance case, and the
source's 4-player worked example (seeds 000 and 002) prediction by prediction."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from drezlab.core.cards import Card
from drezlab.core.chance import Scripted
from drezlab.core.errors import IllegalAction
from drezlab.games.pokerguess import PokerGuess, Prediction
from drezlab.games.pokerguess.actions import Raise
from drezlab.games.pokerguess.predictions import (
    ALL_PREDICTIONS,
    DECK,
    truth_probability,
)
from drezlab.testing import random_plies

TOP, LEFT, BOTTOM, RIGHT = 0, 1, 2, 3
SOURCE_HANDS = {TOP: ["B5", "B8"], LEFT: ["P6", "J3"], BOTTOM: ["J8", "N9"], RIGHT: ["Q2", "N2"]}
SOURCE_BOARD = ["R2", "P2", "P9", "B9", "J6"]


def deck_order(hands: dict[int, list[str]], board: list[str], order: list[int]) -> list[str]:
    """A deck (list order) whose deal gives ``hands`` (dealt one at a time in ``order``)
    and then ``board``: the deal draws from the end of the list."""
    sequence = [hands[seat][round_index] for round_index in range(2) for seat in order] + list(board)
    rest = [card.id for card in DECK if card.id not in sequence]
    return rest + sequence[::-1]


def source_game(**options: object) -> PokerGuess:
    return PokerGuess(players=4, chance=Scripted([deck_order(SOURCE_HANDS, SOURCE_BOARD, [0, 1, 2, 3])]), **options)


def cards(text: str) -> list[Card]:
    return [Card.parse(card) for card in text.split()]


# ------------------------------------------------------------ the source example
def test_source_example_prediction_by_prediction() -> None:
    """AC-PG-1: Top, Left, Bottom, Right predict, Top changes to (4 red, 4 bishops), nobody
    changes again; verification in D14 order: Top, Left, Right false; Bottom true, takes the pot."""
    game = source_game()
    assert [c.id for c in game.cards_of(TOP)] == ["B5", "B8"] and [c.id for c in game.board] == SOURCE_BOARD
    script = [(TOP, "3 red 4 bishops"), (LEFT, "4 red 4 pawns"), (BOTTOM, "3 green 3 jokers"),
              (RIGHT, "4 red 3 pawns"), (TOP, "4 red 4 bishops")]
    for seat, prediction in script:
        assert game.to_move == seat
        game.play("stay new")
        game.play(prediction)
        assert game.predictions[seat] == Prediction.parse(prediction)
    for seat in (LEFT, BOTTOM, RIGHT):        # nobody changes: phase A ends back at Top
        assert game.to_move == seat and game.step == "act"
        game.play("stay")
    assert game.step == "reveal" and game.to_move == TOP
    for seat, card in ((TOP, "B5"), (LEFT, "P6"), (BOTTOM, "J8"), (RIGHT, "Q2")):
        assert game.to_move == seat
        game.play(f"show {card}")
    assert game.stage == 2 and game.to_move == TOP
    for seat in (TOP, LEFT, BOTTOM, RIGHT):
        game.play("stay")
    pool = game.pool
    assert len(pool) == 13
    checks = [(seat, prediction.text, right) for seat, prediction, right in game.checks]
    assert checks == [(TOP, "4 red 4 bishops", False), (LEFT, "4 red 4 pawns", False),
                      (RIGHT, "4 red 3 pawns", False), (BOTTOM, "3 green 3 jokers", True)]
    assert [prediction.key for _, prediction, _ in game.checks] == [(4, 4, 2, 3), (4, 4, 2, 1), (4, 3, 2, 1),
                                                                   (3, 3, 9, 6)]
    assert [Prediction.parse(text).counts(pool) for _, text, _ in checks] == [(4, 3, 0), (3, 2, 1), (3, 2, 1),
                                                                           (3, 3, 0)]
    assert game.pots == [(8, (0, 1, 2, 3), (BOTTOM,))]
    assert game.stacks == [98, 98, 106, 98]
    assert game.view(TOP).zone("hand2").ids == ("N9",)          # every card shown at verification (D12)


def test_source_example_replaced_prediction_stays_used() -> None:
    """AC-PG-4 / D13: Top's replaced (3 red, 4 bishops) may not be announced again by anyone,
    in phase A or phase B (the round is the whole hand)."""
    game = source_game()
    game.play("stay new"); game.play("3 red 4 bishops")
    game.play("stay new")
    with pytest.raises(IllegalAction, match="already announced"):
        game.play("3 red 4 bishops")
    game.play("4 red 4 pawns")
    game.play("stay new"); game.play("3 green 3 jokers")
    game.play("stay new"); game.play("4 red 3 pawns")
    game.play("stay new"); game.play("4 red 4 bishops")
    for _ in range(3):
        game.play("stay")
    for card in ("B5", "P6", "J8", "Q2"):
        game.play(f"show {card}")
    game.play("stay new")
    assert "3 red 4 bishops" not in {a.text for a in game.legal_actions()}
    assert "3 red 5 bishops" in {a.text for a in game.legal_actions()}


# ------------------------------------------------------------------- D15, D14
def test_d15_shared_card_counts_for_the_group_that_needs_it() -> None:
    """AC-PG-2: pool R2 Q2 N2 P2 P5 P7 + other cards."""
    pool = cards("R2 Q2 N2 P2 P5 P7 B9 J4 Q8")
    assert Prediction.parse("3 red 3 pawns").is_true(pool)
    assert not Prediction.parse("4 red 3 pawns").is_true(pool)
    assert Prediction.parse("4 red 2 pawns").is_true(pool)


def test_d15_matches_the_literal_search_over_groupings() -> None:
    """D15 equals 'some way of putting cards into the two groups, none in both' on random pools."""
    import random
    rng = random.Random(5)
    for _ in range(300):
        pool = rng.sample(DECK, rng.randrange(5, 20))
        prediction = rng.choice(ALL_PREDICTIONS)
        colour_cards = [c for c in pool if c.number == prediction.colour]
        figure_cards = [c for c in pool if c.figure_number == prediction.figure]
        literal = any(len(set(colour_group)) >= prediction.colour_count
                      and len([c for c in figure_cards if c not in colour_group]) >= prediction.figure_count
                      for size in range(len(colour_cards) + 1) for colour_group in combinations(colour_cards, size))
        assert prediction.is_true(pool) == literal


def test_d14_order() -> None:
    """AC-PG-3: colour count, then figure count, then colour number, then figure rank."""
    assert Prediction.parse("5 grey 1 pawns").key > Prediction.parse("4 grey 6 pawns").key
    assert Prediction.parse("4 green 3 pawns").key > Prediction.parse("4 red 3 jokers").key
    assert Prediction.parse("4 red 4 bishops").key > Prediction.parse("4 red 4 pawns").key
    assert len(ALL_PREDICTIONS) == 2916 and ALL_PREDICTIONS[0].text == "6 green 9 jokers"


def test_d13_values_and_notation() -> None:
    for bad in ("0 red 3 pawns", "7 red 3 pawns", "3 red 0 pawns", "3 red 10 pawns", "3 pink 3 pawns",
                "3 red 3 kings", "3 Red 3 pawns"):
        with pytest.raises(ValueError):
            Prediction.parse(bad)
    assert all(Prediction.parse(p.text) == p for p in ALL_PREDICTIONS)


def test_d12_folded_hands_count() -> None:
    """AC-PG-5: a folded player holds J1 and the pool has 2 other jokers: 3 jokers is true."""
    hands = {0: ["B2", "Q7"], 1: ["J1", "N5"], 2: ["P3", "R8"]}
    game = PokerGuess(players=3, chance=Scripted([deck_order(hands, ["J4", "J9", "R6", "B8", "N3"], [0, 1, 2])]))
    game.play("raise 4 new"); game.play("1 red 3 jokers")
    game.play("fold")
    game.play("stay new"); game.play("1 cyan 1 pawns")
    game.play("stay")
    assert game.step == "reveal" and game.folded[1]
    game.play("show B2"); game.play("show P3")
    game.play("stay"); game.play("stay")
    assert (game.checks[0][0], game.checks[0][1].text, game.checks[0][2]) == (0, "1 red 3 jokers", True)
    assert game.pots[0][2] == (0,)
    assert not Prediction.parse("1 red 3 jokers").is_true([c for c in game.pool if c.id != "J1"])
    assert game.view(2).zone("hand1").ids == ("J1", "N5")        # folded hands are shown too (D12)


def test_ac_pg_6_split_when_nobody_is_right() -> None:
    """3 players reach verification with a pot of 100, all wrong: 34, 33, 33, odd chip to the first player."""
    hands = {0: ["P1", "P2"], 1: ["N1", "N2"], 2: ["B1", "B2"], 3: ["R1", "R2"]}
    game = PokerGuess(players=4, chance=Scripted([deck_order(hands, ["Q1", "Q2", "Q3", "Q4", "Q5"], [0, 1, 2, 3])]))
    game.play("raise 20 new"); game.play("6 green 9 jokers")
    game.play("stay new"); game.play("6 green 8 jokers")
    game.play("stay new"); game.play("6 green 7 jokers")
    game.play("stay new"); game.play("6 green 6 jokers")
    for _ in range(3):
        game.play("stay")
    for seat in range(4):
        game.play(game.legal_actions()[0])
    game.play("raise 4")
    game.play("stay"); game.play("stay")
    before = list(game.stacks)
    assert game.pot == 88 + 12 - 0 and game.to_move == 3
    game.play("fold")
    assert [amount for amount, _, _ in game.pots] == [100]
    assert [after - start for after, start in zip(game.stacks, before)] == [34, 33, 33, 0]
    assert all(not right for _, _, right in game.checks)


# ------------------------------------------------------------------ turn order
def test_first_turn_must_predict_and_folding_needs_a_bet() -> None:
    game = PokerGuess(seed=3)
    texts = {a.text for a in game.legal_actions()}
    assert "stay" not in texts and "stay new" in texts and "fold" not in texts
    with pytest.raises(IllegalAction, match="first turn must announce"):
        game.play("stay")
    game.play("raise 10 new"); game.play("2 red 2 pawns")
    assert "fold" in {a.text for a in game.legal_actions()}


def test_a_change_makes_everyone_act_again_and_the_last_changer_does_not() -> None:
    game = PokerGuess(seed=4, players=3)
    for _ in range(3):
        game.play("stay new"); game.play(game.legal_actions()[0])
    assert game.to_move == 0 and game.pending == [0, 1]       # seat 2's announcement was the last change
    game.play("raise 6")                                        # a raise is a change
    assert game.pending == [1, 2]
    game.play("stay"); game.play("stay")
    assert game.step == "reveal"


def test_phase_b_ends_after_one_round_without_changes() -> None:
    game = PokerGuess(seed=4, players=3)
    for _ in range(3):
        game.play("stay new"); game.play(game.legal_actions()[0])
    game.play("stay"); game.play("stay")
    for _ in range(3):
        game.play(game.legal_actions()[0])
    assert game.stage == 2
    game.play("stay"); game.play("stay"); game.play("stay")
    assert game.step in ("next", "over") and len(game.checks) == 3


def test_all_in_players_may_change_prediction_but_not_raise() -> None:
    game = PokerGuess(seed=2, players=3, stack=10)
    game.play("allin new"); game.play("1 red 1 pawns")
    game.play("allin new"); game.play("1 red 2 pawns")
    game.play("allin new"); game.play("1 red 3 pawns")
    assert game.to_move == 0 and game.stacks[0] == 0
    assert {a.text for a in game.legal_actions()} == {"stay", "stay new"}
    game.play("stay new"); game.play("2 red 1 pawns")
    assert game.pending == [1, 2]


def test_nobody_raises_into_nobody_and_typed_amounts() -> None:
    game = PokerGuess(seed=2, players=2, stack=30)
    game.play("raise 7 new"); game.play("1 red 1 pawns")            # any legal amount may be typed
    assert game.phase_bets[0] == 7
    with pytest.raises(IllegalAction):
        game.play("raise 8")                                        # 8 < 7 + 2
    game.play("allin new"); game.play("1 red 2 pawns")
    assert not any(isinstance(a.data, Raise) for a in game.legal_actions())


def test_everyone_else_folds_no_verification() -> None:
    game = PokerGuess(seed=9, players=3)
    game.play("raise 10 new"); game.play("3 red 3 pawns")
    game.play("fold"); game.play("fold")
    assert game.checks == [] and game.pots[0][2] == (0,) and game.stacks[0] == 104
    assert game.view(1).zone("hand0").ids == ("??", "??")           # not shown (D16)


def test_side_pots_go_to_the_best_true_prediction_among_the_eligible() -> None:
    """D16: a short all-in player's right prediction wins only the pot it is eligible for."""
    hands = {0: ["J1", "J2"], 1: ["P1", "P2"], 2: ["N1", "N2"]}
    game = PokerGuess(players=3, chance=Scripted([deck_order(hands, ["J3", "J4", "B5", "B6", "B7"], [0, 1, 2])]))
    game.stacks[0] = 8                                            # a teacher's short stack (after the ante)
    game.play("allin new"); game.play("1 grey 4 jokers")          # true: J1..J4 + grey N1 P1
    game.play("raise 30 new"); game.play("6 green 9 jokers")     # false
    game.play("stay new"); game.play("1 grey 3 bishops")          # true, checked after seat 0's
    game.play("stay"); game.play("stay")
    for _ in range(3):
        game.play(game.legal_actions()[0])
    while not game.pots:
        game.play("stay")
    assert [seat for seat, _, _ in game.checks] == [1, 0, 2]
    assert [right for _, _, right in game.checks] == [False, True, True]
    assert game.pots == [(30, (0, 1, 2), (0,)), (44, (1, 2), (2,))]


def test_elimination_and_the_end() -> None:
    hands = {0: ["B2", "B3"], 1: ["P1", "N4"]}
    game = PokerGuess(players=2, stack=4, chance=Scripted([deck_order(hands, ["Q5", "R6", "J7", "Q8", "R9"],
                                                                      [0, 1])]))
    game.play("allin new"); game.play("6 green 9 jokers")
    game.play("allin new"); game.play("1 grey 1 knights")
    while not game.is_over and game.step != "next":
        game.play(game.legal_actions()[0] if game.step != "act" else "stay")
    assert game.is_over and game.outcome.winners == (1,) and game.outcome.reason == "all the chips"


def test_dealer_moves_on_and_first_player_follows() -> None:
    game = PokerGuess(seed=1, players=3)
    assert game.dealer == 2 and game.to_move == 0
    game.play("raise 10 new"); game.play("1 red 1 pawns")
    game.play("fold"); game.play("fold")
    game.play("next"); game.play("next"); game.play("next")
    assert game.hand_number == 2 and game.dealer == 0 and game.to_move == 1


# ----------------------------------------------------------- exact probability
def brute_probability(prediction: Prediction, known: list[Card], unseen: list[Card], hidden: int) -> Fraction:
    hits = total = 0
    for chosen in combinations(unseen, hidden):
        total += 1
        hits += prediction.is_true(list(known) + list(chosen))
    return Fraction(hits, total)


@pytest.mark.parametrize("text", ["3 red 4 bishops", "4 red 4 pawns", "3 green 3 jokers", "1 grey 1 pawns",
                                  "2 red 2 pawns", "6 blue 9 queens"])
def test_exact_probability_equals_enumeration(text: str) -> None:
    """Over all C(47, 2) = 1,081 hidden pairs, the fraction of true pools."""
    known = cards("B5 B8 R2 P2 P9 B9 J6")
    unseen = [card for card in DECK if card not in known]
    prediction = Prediction.parse(text)
    assert truth_probability(prediction, known, unseen, 2) == brute_probability(prediction, known, unseen, 2)
    assert truth_probability(prediction, known, unseen[:20], 3) == brute_probability(prediction, known,
                                                                                     unseen[:20], 3)


def test_truth_probability_of_a_seat_uses_only_its_view() -> None:
    game = source_game()
    probability = game.truth_probability("4 red 4 bishops", TOP)
    assert isinstance(probability, Fraction) and 0 < probability < 1
    known = cards("B5 B8") + cards(" ".join(SOURCE_BOARD))
    unseen = [card for card in DECK if card not in known]
    assert probability == truth_probability(Prediction.parse("4 red 4 bishops"), known, unseen, 6)
    resampled = game.resample(TOP, __import__("random").Random(3))
    assert resampled.truth_probability("4 red 4 bishops", TOP) == probability
    assert game.truth_probability("2 red 1 bishops", TOP) == 1          # R2 P2 + B5: certain
    with pytest.raises(ValueError):
        game.truth_probability("7 red 1 bishops", TOP)


def test_hand_limit_ends_the_game_with_the_most_chips() -> None:
    game = PokerGuess(seed=1, players=3, max_hands=1)
    game.play("raise 10 new"); game.play("1 red 1 pawns")
    game.play("fold"); game.play("fold")
    assert game.is_over and game.outcome.winners == (0,) and game.outcome.reason == "hand limit"
    assert game.outcome.payoffs == (4, -2, -2)


def test_a_short_stack_calls_all_in_and_messages_say_why() -> None:
    game = PokerGuess(seed=6, players=2)
    game.stacks[1] = 5                                               # a teacher's short stack
    with pytest.raises(IllegalAction, match="at least 2 and to less than 98"):
        game.play("raise 1 new")
    game.play("raise 9 new"); game.play("1 red 1 pawns")
    texts = {action.text for action in game.legal_actions()}
    assert texts == {"fold", "allin new"}          # 5 chips left, 9 to call, no prediction yet
    with pytest.raises(IllegalAction, match="not more than the 9 to call"):
        game.play("stay")
    with pytest.raises(IllegalAction, match="may not raise"):
        game.play("raise 12 new")
    game.play("allin new"); game.play("1 red 2 pawns")
    assert game.committed == [11, 7] and game.stacks[1] == 0


def test_every_action_carries_a_typed_value_and_the_step_is_an_enum() -> None:
    """Issue 24: an action's ``data`` is one of PokerGuess's action types, read by its
    fields (never by position), and agrees with its notation; the step keeps its string."""
    from drezlab.games.pokerguess.actions import AllIn, Fold, NextHand, Predict, Show, Stay, Step

    seen: set[type] = set()
    for game in random_plies(PokerGuess(seed=4, players=3, stack=20), 4, 600):
        assert isinstance(game.step, Step) and game.view(None).public["step"] == str(game.step)
        for action in game.legal_actions():
            data = action.data
            seen.add(type(data))
            suffix = " new" if getattr(data, "new", False) else ""
            match data:
                case Fold():
                    assert action.text == "fold"
                case Stay():
                    assert action.text == f"stay{suffix}"
                case Raise(total=total):
                    assert action.text == f"raise {total}{suffix}"
                case AllIn():
                    assert action.text == f"allin{suffix}"
                case Predict(prediction=prediction):
                    assert action.text == prediction.text
                case Show(card=card):
                    assert action.text == f"show {card.id}"
                case NextHand():
                    assert action.text == "next"
                case _:
                    raise AssertionError(f"{action.text!r} carries {data!r}")
    assert seen == {Fold, Stay, Raise, AllIn, Predict, Show, NextHand}
    assert game.phase_bets is game.round_bets          # PokerGuess's word for the round's bets


def test_a_prediction_label_is_singular_for_one_in_both_languages() -> None:
    """'3 magenta + 1 queen' / '1 roja + 1 dama', never '1 queens' or '1 damas'."""
    from drezlab.core.i18n import get_language, set_language
    from drezlab.games.pokerguess.predictions import Prediction
    from drezlab.games.pokerguess.words import prediction_label

    before = get_language()
    try:
        set_language("en")
        assert prediction_label(Prediction.parse("3 magenta 1 queens")) == "3 magenta + 1 queen"
        assert prediction_label(Prediction.parse("4 red 4 bishops")) == "4 red + 4 bishops"
        set_language("es")
        assert prediction_label(Prediction.parse("1 red 1 queens")) == "1 roja + 1 dama"
        assert prediction_label(Prediction.parse("4 red 4 bishops")) == "4 rojas + 4 alfiles"
    finally:
        set_language(before)
