"""BlackDrez rules (rules/card-games.md §0 and §7): one test per rule, per DECISION
D35-D40 and per choice the module documents, and the acceptance cases AC-BD-1..3
(AC-BD-1 is the source's 4-player example)."""

from __future__ import annotations

import json

import pytest

from drezlab import IllegalAction, Scripted
from drezlab.games.blackdrez import BlackDrez, score, stock_order
from drezlab.games.blackdrez.game import deck
from drezlab.testing import random_game, random_plies


def texts(game: BlackDrez) -> list[str]:
    return [action.text for action in game.legal_actions()]


def ids(cards: list) -> list[str]:
    return [card.id for card in cards]


def scripted(top: list[str], players: int, packs: int = 1, **options) -> BlackDrez:
    return BlackDrez(players=players, packs=packs, chance=Scripted([stock_order(top, packs)]), **options)


def random_games(count: int, **options) -> list[BlackDrez]:
    return [random_game(BlackDrez(seed=seed, **options), seed) for seed in range(count)]


# ----------------------------------------------------------------- AC-BD-1 (source)
SOURCE_DEAL = ["Q1", "Q2", "R2", "R4",      # first card of Top, Left, Bottom, Right
               "R1", "Q3", "R3", "B4"]      # their second cards
TOP, LEFT, BOTTOM, RIGHT = range(4)


def test_ac_bd_1_the_source_example_step_by_step() -> None:
    game = scripted(SOURCE_DEAL + ["Q4", "J5", "P5", "N5"], players=4)
    assert [game.score(seat) for seat in range(4)] == [9, 10, 8, 7]
    assert ids(game.hand(TOP)) == ["Q1", "R1"] and ids(game.hand(RIGHT)) == ["R4", "B4"]
    assert game.to_move == RIGHT                       # 7, the lowest
    game.play("draw")                                  # Q4: 12
    assert game.status[RIGHT] == "bust" and ids(game.hand(RIGHT)) == ["R4", "B4", "Q4"]
    assert game.to_move == BOTTOM                      # 8
    game.play("draw")                                  # J5: 14 or 9
    assert game.score(BOTTOM) == 9
    assert game.to_move == BOTTOM                      # tied with Top for lowest: acts again (D37)
    game.play("draw")                                  # P5: 10
    assert game.score(BOTTOM) == 10
    assert game.to_move == TOP
    game.play("draw")                                  # N5: 11, Top wins at once
    assert len(game.pile(TOP)) == 12
    assert all(not game.hand(seat) for seat in range(4))
    assert game.phase == "next" and game.view(0).public["results"][0].startswith("Round 1: Player 1 (reaches 11)")


# ------------------------------------------------------------------ AC-BD-2, D36
@pytest.mark.parametrize("cards,expected", [
    (["J1", "Q1"], 11), (["J1", "J2"], 7), (["J1", "J2", "Q1"], 7), (["J1", "R1", "Q1"], 10),
    (["Q1", "Q2", "P1"], 11), (["Q1", "Q2", "B1"], 13)])
def test_ac_bd_2_scores(cards: list[str], expected: int) -> None:
    assert score(cards) == expected


def test_d36_a_joker_counts_six_when_it_fits_and_one_when_six_would_bust() -> None:
    assert score(["J1", "P1"]) == 7 and score(["J1", "R1", "P1"]) == 11 and score(["J1", "R1", "B1"]) == 8


def test_an_eleven_at_the_deal_wins_the_round_at_once() -> None:
    game = scripted(["J1", "P1", "Q1", "P2"], players=2)
    assert game.phase == "next" and len(game.pile(0)) == 4 and not game.pile(1)


def test_several_elevens_at_the_deal_share_the_table() -> None:
    game = scripted(["J1", "J2", "P1", "Q1", "Q2", "P2"], players=3)
    assert game.score(0) == game.score(1) == 0                   # collected
    assert [len(game.pile(seat)) for seat in range(3)] == [3, 3, 0]
    assert not game.zones["aside"]


def test_several_elevens_at_the_deal_set_the_remainder_aside() -> None:
    game = scripted(["J1", "J2", "J3", "P1", "Q1", "Q2", "Q3", "P2"], players=4)
    assert [len(game.pile(seat)) for seat in range(4)] == [2, 2, 2, 0]
    assert len(game.zones["aside"]) == 2


# ------------------------------------------------------------------ AC-BD-3, D39
TIE_TEN = ["Q1", "B1", "Q2", "B2", "P1", "P2", "N1"]    # A: Q Q = 10; B: B B, then P P N = 10


def test_ac_bd_3_a_player_who_retires_with_5_cards_keeps_2() -> None:
    game = scripted(TIE_TEN, players=2)
    for _ in range(3):
        game.play("draw")
    assert game.to_move == 1 and len(game.hand(1)) == 5
    game.play("retire")
    assert ids(game.pile(1)) == ["B1", "B2"]                  # the first two received
    assert len(game.pile(0)) == 5                             # the last player takes the table: 2 + 3


def test_ac_bd_3_two_players_tied_at_10_stand_with_7_cards_on_the_table() -> None:
    game = scripted(TIE_TEN, players=2)
    for _ in range(3):
        game.play("draw")
    assert game.score(0) == game.score(1) == 10
    assert game.to_move == 1 and "stand" in texts(game)       # tied for lowest after the draw: acts again
    game.play("stand")
    assert game.to_move == 0
    game.play("stand")
    assert [len(game.pile(seat)) for seat in range(2)] == [3, 3]
    assert len(game.zones["aside"]) == 1


# ------------------------------------------------------------------ D35, set-up
@pytest.mark.parametrize("players,cards", [(2, 54), (4, 54), (5, 108), (8, 108)])
def test_d35_one_pack_for_2_to_4_players_two_for_5_to_8(players: int, cards: int) -> None:
    game = BlackDrez(seed=1, players=players)
    assert len(game.conserved_items()) == cards
    assert not any(card.is_neutral for card in game.conserved_items())        # D5


def test_d35_the_number_of_packs_is_configurable() -> None:
    assert len(BlackDrez(seed=1, players=8, packs=1).conserved_items()) == 54
    assert len(BlackDrez(seed=1, players=2, packs=2).conserved_items()) == 108
    with pytest.raises(ValueError):
        BlackDrez(seed=1, packs=3)


def test_each_player_gets_2_face_up_cards_dealt_from_the_seat_after_the_dealer() -> None:
    game = scripted(SOURCE_DEAL, players=4, dealer=1)
    # the first player is seat 2, so the first card (Q1) goes to seat 2
    assert ids(game.hand(2)) == ["Q1", "R1"] and ids(game.hand(1)) == ["R4", "B4"]
    view = game.view(3)
    assert view.ids("table0") == tuple(ids(game.hand(0)))                    # everybody sees every hand


def test_the_stock_order_is_unknown_to_everybody() -> None:
    game = BlackDrez(seed=3)
    for seat in (None, 0, 1):
        stock = game.view(seat).zones["stock"]
        assert stock.count == len(game.stock) and stock.ids == ()


def test_the_dealer_moves_one_seat_on_each_round() -> None:
    game = BlackDrez(seed=4, players=3)
    assert game.dealer == 2
    random_game(game, 4, until=lambda game: game.round_number != 1)
    assert game.dealer == 0


def test_no_card_goes_back_to_the_stock() -> None:
    sizes = [len(game.stock) for game in random_plies(BlackDrez(seed=5, players=3), 5)]
    assert sizes == sorted(sizes, reverse=True)


# ------------------------------------------------------------------ turn order, D37
def test_the_lowest_score_acts_first() -> None:
    game = scripted(SOURCE_DEAL, players=4)
    assert game.to_move == RIGHT


def test_d37_a_tie_for_lowest_goes_to_the_first_tied_player_after_the_last_to_act() -> None:
    # seat 0: Q1 B1 = 8, seat 1: B2 N1 = 5, seat 2: Q2 B3 = 8; seat 1 draws R1 = 9
    game = scripted(["Q1", "B2", "Q2", "B1", "N1", "B3", "R1"], players=3)
    assert game.to_move == 1
    game.play("draw")
    assert game.to_move == 2                       # seats 0 and 2 tied at 8: seat 2 comes first after seat 1


def test_d37_at_the_start_a_tie_goes_to_the_first_tied_player_after_the_dealer() -> None:
    # dealer 0, dealt from seat 1: seat 1 P1 P2 = 2, seat 2 Q1 Q2 = 10, seat 0 P3 P4 = 2
    game = scripted(["P1", "Q1", "P3", "P2", "Q2", "P4"], players=3, dealer=0)
    assert game.to_move == 1
    # dealer 2 (the default), dealt from seat 0: seat 0 and seat 2 tied at 2
    game = scripted(["P1", "Q1", "P3", "P2", "Q2", "P4"], players=3)
    assert game.to_move == 0


def test_d37_still_lowest_acts_again_otherwise_the_turn_passes() -> None:
    # seat 0: Q1 B1 = 8, seat 1: P2 P3 = 2; seat 1 draws R1 (6), then B2 (9)
    game = scripted(["Q1", "P2", "B1", "P3", "R1", "B2"], players=2)
    assert game.to_move == 1
    game.play("draw")
    assert game.score(1) == 6 and game.to_move == 1
    game.play("draw")
    assert game.score(1) == 9 and game.to_move == 0


def test_a_bust_players_cards_stay_on_the_table_for_the_winner() -> None:
    game = scripted(SOURCE_DEAL + ["Q4", "J5", "P5", "N5"], players=4)
    game.play("draw")
    assert game.status[RIGHT] == "bust" and len(game.hand(RIGHT)) == 3
    assert "bust" in game.view(0).public["status"]


def test_the_last_active_player_takes_the_whole_table() -> None:
    game = scripted(["Q1", "P1", "Q2", "P2", "Q3"], players=2)        # seat 0: 10, seat 1: 2 draws Q3 = 7
    game.play("draw")
    game.play("retire")                                               # seat 1 keeps 1 of 3
    assert len(game.pile(1)) == 1 and len(game.pile(0)) == 4


# ------------------------------------------------------------------ D38, standing
def test_d38_no_standing_unless_every_active_score_is_equal() -> None:
    game = scripted(SOURCE_DEAL, players=4)
    assert texts(game) == ["draw", "retire"]
    with pytest.raises(IllegalAction, match="same score"):
        game.play("stand")


def test_d38_a_draw_by_a_tied_player_resumes_normal_play() -> None:
    # three players at 8: seat 0 stands, seat 1 draws
    game = scripted(["Q1", "Q2", "Q3", "B1", "B2", "B3", "P1"], players=3)
    assert texts(game) == ["draw", "retire", "stand"] and game.to_move == 0
    game.play("stand")
    assert game.standing[0] and game.to_move == 1
    game.play("draw")
    assert not any(game.standing)
    assert game.to_move == 2                               # seats 0 and 2 at 8, seat 2 first after seat 1


def test_d38_a_retirement_keeps_the_stands_and_a_full_tie_splits() -> None:
    game = scripted(["Q1", "Q2", "Q3", "B1", "B2", "B3"], players=3)
    game.play("stand")
    game.play("retire")                                    # seat 1 keeps 1 of its 2 cards
    assert game.to_move == 2 and game.standing[0]
    game.play("stand")                                     # every active player has stood: a tie
    assert [len(game.pile(seat)) for seat in range(3)] == [2, 1, 2]
    assert len(game.zones["aside"]) == 1                    # 5 cards: 2 each, 1 aside


# ------------------------------------------------------------------ D40, the match
def test_d40_the_stock_running_out_gives_the_table_to_the_highest_score() -> None:
    found = 0
    for seed in range(60):
        last_card, piles = False, [0, 0]
        for game in random_plies(BlackDrez(seed=seed, players=2), seed):
            emptying = last_card and game.history[-1].text == "draw"
            if emptying and "stock empty" in " ".join(game.view(0).public["results"]):
                found += 1
                active = [seat for seat in range(2) if game.status[seat] == "active"]
                scores = {seat: score(game.view(0).public["shown"][seat]) for seat in active}
                best = [seat for seat in active if scores[seat] == max(scores.values())]
                gained = [seat for seat in range(2) if len(game.pile(seat)) > piles[seat]]
                assert gained == best
            last_card = game.phase == "play" and len(game.stock) == 1
            piles = [len(game.pile(seat)) for seat in range(2)]
    assert found, "no round in these games ended with an empty stock"


def test_d40_the_game_ends_when_the_stock_cannot_deal_2_cards_each() -> None:
    for game in random_games(25, players=3):
        assert len(game.stock) < 2 * 3
        counts = [len(game.pile(seat)) for seat in range(3)]
        assert game.outcome.reason == "most cards"
        assert list(game.outcome.winners) == [seat for seat in range(3) if counts[seat] == max(counts)]
        assert game.outcome.payoffs == tuple(counts)


def test_equal_card_counts_share_the_win() -> None:
    shared = [game for game in random_games(60, players=2) if len(game.outcome.winners) == 2]
    assert shared and all(game.outcome.scores == (0.5, 0.5) for game in shared)


# ------------------------------------------------------------------ flow and notation
def test_every_player_presses_next_between_rounds_in_seat_order() -> None:
    game = scripted(["J1", "P1", "Q1", "P2"], players=2)
    assert game.phase == "next" and texts(game) == ["next"] and game.to_move == 0
    game.play("next")
    assert game.to_move == 1 and game.phase == "next"
    game.play("next")
    assert game.phase == "play" and game.round_number == 2 and game.dealer == 0


def test_bad_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    game = scripted(SOURCE_DEAL, players=4)
    before = game.to_json()
    for bad in ("next", "hit", "DRAW", "stand"):
        with pytest.raises(IllegalAction):
            game.play(bad)
    assert game.to_json() == before


def test_the_deck_has_no_neutral_cards() -> None:
    assert len(deck(1)) == 54 and len({card.id for card in deck(2)}) == 108


def test_spanish_labels_through_the_language_switch() -> None:
    import drezlab
    game = scripted(SOURCE_DEAL, players=4)
    try:
        drezlab.set_language("es")
        assert [action.label for action in game.legal_actions()] == ["Tomar carta", "Retirarse"]
        assert game.status_text() == "Turno de Jugador 4 (7 puntos)"
        assert "Ronda 1" in game.svg(0)
    finally:
        drezlab.set_language("en")
    assert [action.label for action in scripted(SOURCE_DEAL, players=4).legal_actions()] == ["Draw a card", "Retire"]


def test_every_action_carries_a_typed_value_and_the_phase_is_an_enum() -> None:
    """Issue 24: an action's ``data`` is one of BlackDrez's action types, and the phase
    an enum that keeps its string value in views and records."""
    from drezlab.games.blackdrez.actions import Draw, NextRound, Phase, Retire, Stand

    words = {Draw: "draw", Retire: "retire", Stand: "stand", NextRound: "next"}
    seen: set[type] = set()
    for game in random_plies(BlackDrez(seed=2, players=3), 2):
        assert isinstance(game.phase, Phase) and game.view(None).public["phase"] == str(game.phase)
        for action in game.legal_actions():
            assert words[type(action.data)] == action.text
            seen.add(type(action.data))
    assert seen == set(words)
    assert game.phase == "over" and json.loads(game.to_json())["state"]["phase"] == "over"
