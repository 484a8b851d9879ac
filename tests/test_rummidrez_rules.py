"""RummiDrez rules (shared/rules/card-games.md §0 and §5): one test per rule and DECISION
(D24-D29), the acceptance cases AC-RD-1 to AC-RD-5, the staged turn and its "check my
play", and the solitaire's personal record."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import pytest

import drezlab
from drezlab import IllegalAction
from drezlab.core.cards import Card
from drezlab.core.chance import Scripted
from drezlab.core.errors import BadRecord
from drezlab.games.rummidrez.game import (
    BLOCKED,
    MELD_ZONES,
    OUT,
    STOCK_ZONE,
    TARGET_REACHED,
    RummiDrez,
    hand_points,
    hand_zone,
)
from drezlab.games.rummidrez.melds import arrange, is_valid, meld_kind, meld_problem, meld_text, sort_key
from drezlab.games.rummidrez.records import RecordBook
from drezlab.testing import random_plies


# ------------------------------------------------------------------ helpers
def cards(text: str) -> list[Card]:
    """'B3 X1 B5' -> cards."""
    return [Card.parse(identifier) for identifier in text.split()]


def arranged(game: RummiDrez, hands: Mapping[int, str], melds: Sequence[str] = (), stock: str = "",
             opened: Sequence[int] = (), rest_to: int | None = None) -> RummiDrez:
    """Lay out a position by hand at the start of a turn (before any action is listed): the
    hands, the table's melds, the top of the stock (last = top), who has made the initial
    meld; every other card goes under the stock, or into seat ``rest_to``'s hand (so the
    stock can be empty). Every card stays exactly once in the zones."""
    zones = game.zones
    placed = {zone: cards(text) for zone, text in
              [*((hand_zone(seat), text) for seat, text in hands.items()),
               *((MELD_ZONES[index], text) for index, text in enumerate(melds))]}
    top = cards(stock)
    used = {card for group in placed.values() for card in group} | set(top)
    rest = [card for card in game.cards if card not in used]
    if rest_to is not None:
        placed[hand_zone(rest_to)] = placed.get(hand_zone(rest_to), []) + rest
    for seat in range(game.players):
        zones.replace(hand_zone(seat), sorted(placed.get(hand_zone(seat), []), key=sort_key))
    for name in MELD_ZONES:
        zones.replace(name, arrange(placed.get(name, [])))
    zones.replace(STOCK_ZONE, ([] if rest_to is not None else rest) + top)
    zones.forget_journal()
    game.opened = [seat in opened for seat in range(game.players)]
    game._begin_turn()
    game._invalidate()
    zones.check_conserved(game.cards)
    return game


def texts(game: RummiDrez) -> set[str]:
    return {action.text for action in game.legal_actions()}


def play_all(game: RummiDrez, moves: str) -> None:
    for move in moves.split(","):
        game.play(move.strip())


# ------------------------------------------------------------------ §5 deal
def test_two_packs_fourteen_cards_each_the_rest_is_the_stock() -> None:
    game = RummiDrez(seed=3, players=3)
    assert len(game.cards) == 112 and sum(card.is_neutral for card in game.cards) == 4
    assert [len(game.hand(seat)) for seat in range(3)] == [14, 14, 14]
    assert game.stock_left() == 112 - 42
    assert game.to_move == 0 and game.dealer == 2      # D1: the first player is the seat after the dealer


def test_cards_are_dealt_one_at_a_time_from_the_first_player() -> None:
    order = [card.id for card in RummiDrez(seed=0).cards]        # top of the stock = the end
    game = RummiDrez(players=2, chance=Scripted([order]))
    top = order[::-1]
    assert {card.id for card in game.hand(0)} == set(top[0:28:2])
    assert {card.id for card in game.hand(1)} == set(top[1:28:2])
    assert game.hand(0) == sorted(game.hand(0), key=sort_key)


def test_same_seed_same_deal_and_options_are_strict() -> None:
    assert RummiDrez(seed=5).to_json() == RummiDrez(seed=5).to_json()
    for bad in ({"players": 5}, {"players": 0}, {"players": "2"}, {"target": 0}, {"target": True},
                {"players": 1, "target": 10}):
        with pytest.raises(ValueError):
            RummiDrez(seed=1, **bad)
    assert [RummiDrez(seed=1, players=n).target for n in (2, 3, 4)] == [14, 28, 42]
    assert RummiDrez(seed=1, players=1).target is None


def test_registered_with_every_seat_count() -> None:
    assert "rummidrez" in drezlab.games()
    assert drezlab.new("rummidrez", seed=1, players=4).players == 4


# ------------------------------------------------------------------ melds: AC-RD-1, AC-RD-2, D24, D25
@pytest.mark.parametrize("meld", ["B3 B4 B5", "N2 B2 R2", "P7 N7 B7 R7 Q7 J7", "B1 B2 B3 B4 B5 B6 B7 B8 B9",
                                  "J5 J6 J7", "R3 Q3 J3", "B3 X1 B5", "B3 X1 X2 B6", "P2 X1 X2 R2"])
def test_ac_rd_1_valid_melds(meld: str) -> None:
    assert meld_problem(cards(meld)) is None


@pytest.mark.parametrize("meld,why", [
    ("B3 B4", "at least 3"),
    ("B3 B4 B4b", "holds B4 twice"),
    ("B8 B9 B1", "do not wrap around"),
    ("P2 B2 R2", "gap at N"),
    ("X1 B4 B5", "no gap to fill"),
    ("B4 B5 X1", "no gap to fill"),
    ("N2 X1 B2", "no gap to fill"),
])
def test_ac_rd_2_invalid_melds_say_why(meld: str, why: str) -> None:
    problem = meld_problem(cards(meld))
    assert problem is not None and why in problem


def test_d24_kind_is_fixed_by_the_natural_cards_and_runs_are_ascending() -> None:
    assert meld_kind(cards("B3 X1 B5")) == "figure run"
    assert meld_kind(cards("N3 X1 R3")) == "colour run"
    assert meld_text(cards("B5 B3 B4")) == "B3 B4 B5"
    assert meld_text(cards("J3 R3 Q3")) == "R3 Q3 J3"
    assert not is_valid(cards("B3 N4 R5"))                      # neither one figure nor one colour
    assert not is_valid(cards("P1 N1 B1 R1 Q1 J1 P1b"))          # a colour run has at most 6 figures


def test_d25_neutral_only_between_two_cards_and_its_role_is_fixed_by_position() -> None:
    assert meld_text(cards("X1 B6 B3 X2")) == "B3 X X B6"
    assert meld_text(cards("P2 R2 X1 X2")) == "P2 X X R2"        # the neutrals are N2 and B2
    assert not is_valid(cards("X1 X2 B4"))                       # fewer than 2 figure cards
    assert not is_valid(cards("B3 X1 X2 B5"))                    # one neutral would stand at an end


# ------------------------------------------------------------------ D26 initial meld, AC-RD-3
def test_ac_rd_3_initial_meld_of_seven_is_accepted() -> None:
    game = arranged(RummiDrez(seed=1), {0: "B3 B4 B5 N2 B2 R2 Q2 J9", 1: "P1 P2 P3"})
    play_all(game, "b3 new, b4 m1, b5 m1, n2 new, b2 m2, r2 m2")
    assert game.check_play() is not None and "at least 7" in game.check_play()
    assert "done" not in texts(game)
    game.play("q2 m2")
    assert game.check_play() is None and "done" in texts(game)
    game.play("done")
    assert game.opened == [True, False] and game.to_move == 1
    assert [meld_text(meld) for meld in game.melds()] == ["B3 B4 B5", "N2 B2 R2 Q2"]


def test_ac_rd_3_initial_meld_of_six_is_refused_with_the_reason() -> None:
    game = arranged(RummiDrez(seed=1), {0: "B3 B4 B5 N2 B2 R2 J9", 1: "P1 P2 P3"})
    play_all(game, "b3 new, b4 m1, b5 m1, n2 new, b2 m2, r2 m2")
    with pytest.raises(IllegalAction, match="at least 7 cards from the hand"):
        game.play("done")


def test_d26_the_initial_meld_does_not_touch_the_table() -> None:
    game = arranged(RummiDrez(seed=1), {0: "B6 B7 B8 N2 B2 R2 Q2 J9", 1: "P1"}, melds=["B3 B4 B5"], opened=[1])
    assert not any(text.startswith("b3 ") for text in texts(game))          # a table card cannot move
    assert "b6 m1" not in texts(game)                                      # nor may a card join an old meld
    with pytest.raises(IllegalAction, match="initial meld"):
        game.play("b6 m1")
    game.play("b6 new")
    assert "b7 m2" in texts(game)                                          # new melds of this turn: yes


def test_d26_until_the_initial_meld_a_player_draws() -> None:
    game = arranged(RummiDrez(seed=1), {0: "B3 B4 B5 J9", 1: "P1 P2 P3"}, stock="Q7 Q8")
    assert texts(game) >= {"draw"} and "done" not in texts(game)
    game.play("draw")
    assert "Q8" in [card.id for card in game.hand(0)] and game.to_move == 1


# ------------------------------------------------------------------ the staged turn, AC-RD-4
def test_ac_rd_4_rearranging_the_table() -> None:
    game = arranged(RummiDrez(seed=1), {0: "N6 R6 J1", 1: "P1"}, melds=["B3 B4 B5 B6"], opened=[0, 1])
    play_all(game, "b6 new, n6 m2, r6 m2")
    assert game.check_play() is None
    game.play("done")
    assert [meld_text(meld) for meld in game.melds()] == ["B3 B4 B5", "N6 B6 R6"]
    assert [card.id for card in game.hand(0)] == ["J1"]


def test_ac_rd_4_taking_a_card_out_that_breaks_a_meld_is_refused() -> None:
    game = arranged(RummiDrez(seed=1), {0: "N6 R6 J1", 1: "P1"}, melds=["B3 B4 B5", "Q1 Q2 Q3"], opened=[0])
    play_all(game, "b4 new, n6 m3, r6 m3")
    problem = game.check_play()
    # the meld's cards by their names, not their ids
    assert problem is not None and problem.startswith("meld 1 (Magenta Bishop, Blue Bishop)") and \
        "only 2 cards" in problem
    assert "meld 1 (Magenta Bishop, Blue Bishop)" in game.status_text()
    with pytest.raises(IllegalAction, match=r"meld 1 \(Magenta Bishop, Blue Bishop\)"):
        game.play("done")
    assert "done" not in texts(game)


def test_a_play_lays_down_at_least_one_hand_card() -> None:
    game = arranged(RummiDrez(seed=1), {0: "J1", 1: "P1"}, melds=["B3 B4 B5 B6", "Q1 Q2 Q3"], opened=[0])
    game.play("b6 new")
    game.play("b6 m1")
    assert game.check_play() is not None and "at least one" in game.check_play()


def test_d27_table_cards_never_return_to_a_hand_but_own_staged_cards_may() -> None:
    game = arranged(RummiDrez(seed=1), {0: "B6 J1", 1: "P1"}, melds=["B3 B4 B5"], opened=[0])
    assert not any(text.endswith(" hand") for text in texts(game))
    game.play("b6 m1")
    assert "b6 hand" in texts(game) and "b3 hand" not in texts(game)
    with pytest.raises(IllegalAction, match="never return to a hand"):
        game.play("b3 hand")
    game.play("b6 hand")
    assert [card.id for card in game.hand(0)] == ["B6", "J1"] and not game.changed


def test_d27_drawing_is_always_allowed_and_gives_the_turns_moves_up() -> None:
    game = arranged(RummiDrez(seed=1), {0: "B6 N6 R6", 1: "P1"}, melds=["B3 B4 B5"], stock="Q9", opened=[0])
    before = json.loads(game.to_json())["state"]["zones"]
    assert "draw" in texts(game) and "done" not in texts(game) and "reset" not in texts(game)
    play_all(game, "b6 m1, b3 new")
    assert {"draw", "reset"} <= texts(game)
    game.play("reset")
    assert json.loads(game.to_json())["state"]["zones"] == before
    play_all(game, "b6 m1, b3 new, draw")
    assert [meld_text(meld) for meld in game.melds()] == ["B3 B4 B5"]
    assert [card.id for card in game.hand(0)] == ["N6", "B6", "R6", "Q9"] and game.to_move == 1


def test_every_staged_move_is_undone_alone() -> None:
    game = arranged(RummiDrez(seed=1), {0: "N6 R6 J1", 1: "P1"}, melds=["B3 B4 B5 B6"], opened=[0])
    records = [game.to_json()]
    for move in ("b6 new", "n6 m2", "r6 m2", "done"):
        game.play(move)
        records.append(game.to_json())
    for expected in reversed(records[:-1]):
        game.undo()
        assert game.to_json() == expected


def test_moves_need_a_card_of_the_hand_or_the_table_and_a_real_place() -> None:
    game = arranged(RummiDrez(seed=1), {0: "B6 J1", 1: "P1"}, melds=["B3 B4 B5"], opened=[0])
    for bad, why in (("p1 new", "does not hold P1"), ("b6 m7", "cannot go"), ("b6 m99", "no place on the table"),
                     ("q9 m1", "does not hold")):
        with pytest.raises(IllegalAction, match=why):
            game.play(bad)
    assert game.parse("b6 m1").targets == ("B6", "m1")
    assert game.parse("b6 new").targets == ("B6", "new")


# ------------------------------------------------------------------ hand end, match, AC-RD-5
def test_ac_rd_5_the_winner_scores_the_cards_left_in_the_other_hands() -> None:
    assert hand_points((0, 4, 9)) == (13, 0, 0)
    assert RummiDrez(seed=1, players=3).target == 28


def test_going_out_ends_the_hand_and_reaching_the_target_ends_the_match() -> None:
    game = arranged(RummiDrez(seed=1, target=3), {0: "B6", 1: "P1 P2 P3 P9"}, melds=["B3 B4 B5"], opened=[0])
    play_all(game, "b6 m1, done")
    assert game.is_over and game.outcome is not None
    assert game.outcome.winners == (0,) and game.outcome.reason == TARGET_REACHED and game.scores == [4, 0]
    assert game.result is not None and game.result[0] == OUT


def test_between_hands_next_deals_again_and_the_dealer_moves_on() -> None:
    game = arranged(RummiDrez(seed=1), {0: "B6", 1: "P1 P2 P3 P9"}, melds=["B3 B4 B5"], opened=[0])
    play_all(game, "b6 m1, done")
    assert game.phase == "next" and texts(game) == {"next"} and game.scores == [4, 0]
    game.play("next")
    assert game.hand_number == 2 and game.dealer == 0 and game.to_move == 1
    assert [len(game.hand(seat)) for seat in range(2)] == [14, 14] and not game.melds()
    assert game.opened == [False, False]


def test_d28_empty_stock_passes_and_a_full_round_blocks_the_hand() -> None:
    game = arranged(RummiDrez(seed=1, players=3), {0: "P1 P5", 1: "J1 J3 J5 J7", 2: "Q1"}, melds=["B3 B4 B5"],
                    opened=[0, 1, 2], rest_to=2)
    assert "pass" in texts(game) and "draw" not in texts(game)
    game.play("pass")
    game.play("pass")
    assert game.phase == "play"
    game.play("pass")
    assert game.result is not None and game.result[0] == BLOCKED
    counts = game.result[3]                     # seat 3 got the rest of the packs (the helper)
    assert counts[:2] == (2, 4)
    assert game.result[2] == ((4 - 2) + (counts[2] - 2), 0, 0) and game.scores[0] == game.result[2][0]


def test_d28_blocked_scores_the_differences_and_a_tie_scores_nothing() -> None:
    assert hand_points((2, 5, 7)) == (8, 0, 0)
    assert hand_points((3, 3, 9)) == (0, 0, 0)


def test_d28_a_play_restarts_the_round_of_passes() -> None:
    game = arranged(RummiDrez(seed=1, players=3), {0: "P1", 1: "B6 J3", 2: "Q1"}, melds=["B3 B4 B5"],
                    opened=[0, 1, 2], rest_to=2)
    game.play("pass")
    play_all(game, "b6 m1, done")
    assert game.passes == 0 and game.to_move == 2


# ------------------------------------------------------------------ D29 solitaire and records
def drawn_out(seed: int) -> RummiDrez:
    """A solitaire in which the player only draws until the stock is empty, then passes."""
    game = RummiDrez(seed=seed, players=1)
    while "draw" in texts(game):
        game.play("draw")
    assert game.to_move == 0 and texts(game) >= {"pass"}
    game.play("pass")
    return game


def test_d29_solitaire_ends_on_a_pass_with_an_empty_stock_and_scores_the_cards_left() -> None:
    game = arranged(RummiDrez(seed=4, players=1), {0: "B3 B4 B5 J9"}, stock="Q1")
    game.play("draw")
    assert game.to_move == 0 and not game.is_over          # the one player plays every turn
    game = drawn_out(4)
    assert game.is_over and game.outcome is not None and game.outcome.payoffs == (-112,)
    assert game.outcome.winners == () and "112" in game.status_text()


def test_d29_solitaire_keeps_the_initial_meld_rule_and_an_empty_hand_is_perfect() -> None:
    game = arranged(RummiDrez(seed=4, players=1), {0: "B3 B4 B5 N2 B2 R2 Q2"}, stock="Q1")
    play_all(game, "b3 new, b4 m1, b5 m1, n2 new, b2 m2, r2 m2, q2 m2, done")
    assert game.is_over and game.outcome is not None
    assert game.outcome.winners == (0,) and game.outcome.payoffs == (0,)


def test_personal_record_per_seed(tmp_path) -> None:
    book = RecordBook(tmp_path / "records.json")
    assert book.best(4) is None and book.played(4) == 0
    assert book.submit(drawn_out(4)) is True and book.best(4) == 112
    assert book.record(4, 6) is True and book.best(4) == 6 and book.played(4) == 2
    assert book.record(4, 9) is False and book.best(4) == 6
    assert book.best(5) is None
    with pytest.raises(ValueError, match="not over"):
        book.submit(RummiDrez(seed=4, players=1))
    with pytest.raises(ValueError, match="solitaire"):
        book.submit(RummiDrez(seed=4))
    (tmp_path / "records.json").write_text('{"kind": "rummidrez-records", "version": 1, "records": {"4": 3}}')
    with pytest.raises(BadRecord):
        book.best(4)


# ------------------------------------------------------------------ hidden information
def test_a_seat_sees_its_own_hand_the_table_and_the_counts_only() -> None:
    game = arranged(RummiDrez(seed=1), {0: "N6 R6 J1", 1: "P1 P2"}, melds=["B3 B4 B5 B6"], opened=[0])
    game.play("n6 new")
    view = game.view(1)
    assert set(view.ids(hand_zone(1))) == {"P1", "P2"}
    assert view.ids(hand_zone(0)) == ("??", "??") and view.zone(STOCK_ZONE).ids == ()
    assert "N6" in view.ids("m2") and list(view.public["staged"]) == ["N6"]
    assert '"R6"' not in view.to_json() and 'data-id="R6"' not in game.svg(1)


def test_played_by_time_the_most_points_win_when_the_turns_run_out() -> None:
    game = arranged(RummiDrez(seed=1, turn_limit=2), {0: "B6 J1", 1: "P1 P2"}, melds=["B3 B4 B5"], opened=[0])
    game.scores = [5, 2]
    play_all(game, "b6 m1, done")
    assert not game.is_over
    game.play("draw")
    assert game.is_over and game.outcome is not None
    assert game.outcome.winners == (0,) and game.outcome.reason == "time limit"
    tied = RummiDrez(seed=1, turn_limit=1)
    tied.play("draw")
    assert tied.outcome is not None and tied.outcome.is_draw


def test_check_my_play_and_refusals_speak_spanish() -> None:
    drezlab.set_language("es")
    try:
        game = arranged(RummiDrez(seed=1), {0: "N6 R6 J1", 1: "P1"}, melds=["B3 B4 B5", "Q1 Q2 Q3"], opened=[0])
        play_all(game, "b4 new, n6 m3")
        assert game.check_play() == "el grupo 1 (Alfil Magenta, Alfil Azul) solo tiene 2 cartas: un grupo necesita al menos 3"
        with pytest.raises(IllegalAction, match="la jugada no se puede confirmar"):
            game.play("done")
        with pytest.raises(IllegalAction, match="nunca vuelven a una mano"):
            game.play("b3 hand")
    finally:
        drezlab.set_language("en")


def test_a_draw_brings_any_unseen_card_with_equal_odds() -> None:
    game = arranged(RummiDrez(seed=1), {0: "N6 R6 J1", 1: "P1 P2"}, melds=["B3 B4 B5"], opened=[0])
    odds = game.chance_outcomes(0)
    assert sum(odds.values()) == 1 and len(odds) == 112 - 3 - 3
    assert "N6" not in odds and "B3" not in odds and "P1" in odds       # seat 0 has not seen P1
    assert "P1" not in game.chance_outcomes(1)
    game.play("n6 m1")
    assert "N6" not in game.chance_outcomes(1)                          # staged cards are seen by all


def test_an_unfinished_match_is_judged_by_points_then_cards() -> None:
    game = arranged(RummiDrez(seed=1), {0: "N6 R6", 1: "P1 P2 P3"}, melds=["B3 B4 B5"], opened=[0])
    assert game.adjudicate() == (1.0, 0.0)                               # same points, fewer cards wins
    game.scores = [0, 3]
    assert game.adjudicate() == (0.0, 1.0) and game.evaluate(1) > game.evaluate(0)


@pytest.mark.slow
def test_every_action_carries_a_typed_value_and_the_phase_is_an_enum() -> None:
    """Issue 24: an action's ``data`` is one of RummiDrez's action types, read by its
    fields (never by position), and agrees with its notation; the phase keeps its string."""
    from drezlab.core.action import Action
    from drezlab.games.rummidrez.actions import Commit, Draw, Move, NextHand, Pass, Phase, Reset

    words = {Commit: "done", Reset: "reset", Draw: "draw", Pass: "pass", NextHand: "next"}
    seen: set[type] = set()
    # the 80 turns are ~26,600 plies listing ~13.6 million actions, nearly all the same few
    # thousand shared immutable values: each object is checked once (kept, so no id is reused)
    checked: dict[int, Action] = {}
    for game in random_plies(RummiDrez(seed=1, players=2, turn_limit=80), 1):
        assert isinstance(game.phase, Phase) and game.view(None).public["phase"] == str(game.phase)
        for action in game.legal_actions():
            if id(action) in checked:
                continue
            checked[id(action)] = action
            data = action.data
            seen.add(type(data))
            match data:
                case Move(card=card, dest=dest):
                    assert action.text == f"{card.id.lower()} {dest}" and action.targets == (card.id, dest)
                case _:
                    assert action.text == words[type(data)]
    assert seen >= {Move, Reset, Draw}
