"""EDAMI on the shared core: records, copies, views, options and chance (issue 7).

The conformance suite (``drezlab.testing``) checks the protocol over EDAMI's option
sets; these are the EDAMI defects issue 7 names, each on a case that failed in
drezlab 0.1, and what the game promises about its deal, its zones and its odds.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import chess
import pytest

from drezlab import BadRecord, IllegalAction, Scripted
from drezlab.core.observation import Observation
from drezlab.core.zones import Visibility
from drezlab.games.edami import Edami, EdamiDeck, parse_spec
from drezlab.games.edami.actions import Steal

DATA = Path(__file__).parent / "data"
START = chess.STARTING_FEN


# ------------------------------------------------------------------ copies and views
def test_copy_shares_no_cards_options_or_move_cache_with_the_game() -> None:
    game = Edami(seed=3, special_cards=["veto", "harakiri"], fen=START, specials={"0": ["Veto"]})
    before = game.to_json()
    clone = game.copy()
    clone.options["special_cards"].append("wildcard")
    clone.options["specials"]["0"].append("Objective: check")
    clone.play("draw")
    clone.zones["pile"].clear()
    assert game.to_json() == before
    assert game.options["special_cards"] == ["veto", "harakiri"]


def test_moves_is_a_fresh_list_of_fresh_moves() -> None:
    game = Edami(seed=1)
    moves = game.moves()
    moves.clear()
    assert len(game.moves()) == 20
    first = game.moves()[0]
    first.to_square = chess.E8                  # a chess.Move can be changed: the game's cannot
    assert game.moves()[0] != first and len(game.legal_actions()) == 22


def test_action_data_holds_only_plain_immutable_values() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/1n6/R3K3 w - - 0 1", specials={"1": ["Veto"]}, temporary=("Temporary: superqueen", 1),
                 pile=["Wildcard"])
    for action in Edami(seed=2).legal_actions() + game.legal_actions():
        assert isinstance(action.data, tuple)
        assert all(value is None or isinstance(value, (int, str)) for value in action.data), action
    assert game.chess_move("a1a2") == chess.Move.from_uci("a1a2") and game.chess_move("resign") is None
    game.play("draw")
    assert [a.data for a in game.legal_actions()] == [Steal(card=game.specials[1][0].id),
                                                      Steal(card=game.temporary[0].id)]
    assert all(type(a.data) is Steal for a in game.legal_actions())


def test_a_view_is_an_immutable_observation_that_cannot_be_played() -> None:
    game = Edami(seed=5)
    view = game.view(0)
    assert isinstance(view, Observation) and not hasattr(view, "play")
    with pytest.raises(AttributeError):
        view.public = {}                                         # type: ignore[misc]
    with pytest.raises(TypeError):
        view.public["fen"] = "8/8/8/8/8/8/8/8 w - - 0 1"        # type: ignore[index]
    game.play("e2e4")
    assert view.public["fen"] == START


def test_saved_views_are_not_games() -> None:
    game = Edami(seed=5)
    game.play("e2e4")
    with pytest.raises(BadRecord, match="view"):
        Edami.from_json(game.view(1).to_json())


@pytest.mark.parametrize("seat", [True, 2, -1, "0", 0.0])
def test_view_of_a_seat_that_does_not_exist_is_refused(seat: object) -> None:
    with pytest.raises(IllegalAction):
        Edami(seed=1).view(seat)                                 # type: ignore[arg-type]


def test_describe_none_is_an_illegal_action() -> None:
    game = Edami(seed=1)
    with pytest.raises(IllegalAction):
        game.describe(None)                                      # type: ignore[arg-type]
    assert game.describe("g1f3") == "White: knight to f3"
    assert game.describe("Nf3") == "White: knight to f3"              # SAN is read, the log says words


# ------------------------------------------------------------------ zones and D26
def test_zones_and_their_visibility() -> None:
    game = Edami(seed=1)
    zones = game.zones
    assert zones.visibility("pile") is Visibility.COUNT
    assert zones.visibility("used") is Visibility.TOP
    assert zones.visibility("temporary") is Visibility.PUBLIC and zones.visibility("prizes") is Visibility.PUBLIC
    for seat in (0, 1):                 # D26: kept special cards lie face up
        assert zones.visibility(f"kept-{seat}") is Visibility.PUBLIC and zones.owner(f"kept-{seat}") == seat
    zones.check_conserved(game.conserved_items())


def test_games_that_differ_below_the_used_piles_last_card_look_the_same() -> None:
    deck = "Veto\nLose a turn\nBlank\nRelocate\nWildcard"
    one = Edami(fen=START, deck=deck, pile=["Veto", "Lose a turn"], used=["Blank", "Relocate", "Wildcard"])
    two = Edami(fen=START, deck=deck, pile=["Blank", "Relocate"], used=["Veto", "Lose a turn", "Wildcard"])
    assert one.to_json() != two.to_json()
    for seat in (None, 0, 1):
        assert one.view(seat) == two.view(seat) and one.view(seat).svg() == two.view(seat).svg()
    one.play("draw")
    two.play("draw")
    assert one.view(0) != two.view(0)            # the card drawn is shown


def test_the_log_line_of_a_draw_names_no_hidden_card() -> None:
    game = Edami(seed=9)
    game.play("draw")
    assert game.view(1).last == "draw"


# ------------------------------------------------------------------ options
@pytest.mark.parametrize("options, message", [
    ({"mandatory_card": float("nan")}, "mandatory_card"),
    ({"mandatory_card": 1}, "mandatory_card"),
    ({"bomb_mode": "nuclear"}, "bomb_mode"),
    ({"impossible_card": True}, "impossible_card"),
    ({"special_cards": "vetoes"}, "special_cards"),
    ({"special_cards": ["no such card"]}, "special_cards"),
    ({"deck": 54}, "deck"),
    ({"lost": "Kq"}, "lost"),
    ({"fen": START, "temporary": ["Temporary: harakiri", 2]}, "temporary"),
    ({"fen": START, "specials": {"white": ["Veto"]}}, "specials"),
    ({"king_capture": True}, "mandatory_card"),
    ({"pile": ["Veto"]}, "fen"),
    ({"no_such_option": 1}, "no option"),
])
def test_options_are_checked_when_the_game_is_made(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Edami(seed=1, **options)


@pytest.mark.parametrize("name, value", [("mandatory_card", "yes"), ("bomb_mode", 7), ("king_capture", True),
                                         ("deck", "Move one: X"), ("draw_claims", None), ("lost", "QQQZ")])
def test_options_are_checked_when_a_record_is_loaded(name: str, value: object) -> None:
    record = json.loads(Edami(seed=4).to_json())
    record["options"][name] = value
    with pytest.raises(BadRecord):
        Edami.from_json(json.dumps(record))


def test_teacher_options_are_saved_as_plain_data_and_replayed() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", drawn=parse_spec("Move one: K"), specials={1: ["Veto"]},
                 temporary=(parse_spec("Temporary: superqueen"), 0), pile=("Relocate", "Lose a turn"), lost="Qn",
                 deck=EdamiDeck.default())
    assert game.options["specials"] == {"1": ["Veto"]} and game.options["temporary"] == ["Temporary: superqueen", 0]
    assert game.options["drawn"] == "Move one: K" and isinstance(game.options["deck"], str)
    game.play("e1d1")
    assert Edami.from_json(game.to_json()).to_json() == game.to_json()
    assert game.fresh().to_json() != game.to_json() and game.fresh().board.fen().startswith("4k3/8/8/8/8/8/4P3/4K3")


# ------------------------------------------------------------------ records
def test_records_of_drezlab_0_1_are_refused_with_the_version_needed() -> None:
    old = (DATA / "edami-seed0-0.1.json").read_text()
    assert json.loads(old)["version"] == 1
    with pytest.raises(BadRecord, match="version 1.*version 2"):
        Edami.from_json(old)


def test_the_same_game_saved_by_this_version_loads() -> None:
    new = (DATA / "edami-seed0-2.json").read_text()
    game = Edami.from_json(new)
    assert game.to_json() == new and json.loads(new)["version"] == 2
    assert [a.text for a in game.history] == json.loads((DATA / "edami-seed0-0.1.json").read_text())["actions"]


def test_seeded_deals_are_those_of_drezlab_0_1() -> None:
    """Seeds 0..20 shuffle the pile exactly as drezlab 0.1 did (same generator calls);
    only the faces of cards 35-38 changed, the Recupera cards of the corrected D21."""
    old = json.loads((DATA / "edami-deals-0.1.json").read_text())["deals"]
    for seed in range(21):
        assert [int(card.id[len("card"):]) for card in Edami(seed=seed).deck] == old[str(seed)], seed
    faces = [card.spec.text() for card in Edami(seed=0).cards]
    assert faces[34:38] == ["Recover: any"] * 4


def test_a_scripted_deal_and_its_record() -> None:
    deck = "Lose a turn\nVeto\nBlank"
    game = Edami(deck=deck, chance=Scripted([["card2", "card3", "card1"]]))
    assert [card.id for card in game.deck] == ["card2", "card3", "card1"]
    game.play("draw")                         # card1 (Lose a turn) is on top: the turn is lost
    assert game.board.turn == chess.BLACK and game.used[-1].id == "card1"
    again = Edami.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    with pytest.raises(ValueError, match="shuffle"):
        Edami(deck=deck, chance=Scripted([["card1", "card2"]]))


def test_a_reshuffle_goes_through_the_chance_source_and_undo_takes_it_back() -> None:
    game = Edami(deck="3 x Lose a turn", fen=START, pile=[], chance=Scripted([["card3", "card1", "card2"]]))
    assert not game.deck and len(game.used) == 3
    game.play("draw")
    assert [card.id for card in game.deck] == ["card3", "card1"] and game.used[-1].id == "card2"
    game.undo()
    assert not game.deck and [card.id for card in game.used] == ["card1", "card2", "card3"]


def test_undoing_a_veto_restores_the_repetition_counts() -> None:
    # drezlab 0.1 forgot to count the vetoed position again when a veto was taken back
    game = Edami(fen="4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", specials={0: ["Veto"]})
    game.play("e8d8")
    counts = dict(game._repetitions)
    game.play("veto")
    game.undo()
    assert game._repetitions == counts


# ------------------------------------------------------------------ chance
def test_next_card_odds_count_every_card_the_players_cannot_see() -> None:
    deck = "Veto\n2 x Lose a turn\nBlank\nRelocate"
    game = Edami(fen=START, deck=deck, pile=["Veto", "Lose a turn", "Lose a turn"], used=["Blank", "Relocate"])
    odds = game.chance_outcomes("draw")
    # the pile (3 cards) and the used pile below its last card (Blank) are unknown: 4 cards
    assert odds == {parse_spec("Veto"): Fraction(1, 4), parse_spec("Lose a turn"): Fraction(1, 2),
                    parse_spec("Blank"): Fraction(1, 4)}
    assert sum(odds.values()) == 1
    assert game.chance_outcomes("e2e4") == {}
    with pytest.raises(IllegalAction):
        game.chance_outcomes("e2e5")


def test_next_card_odds_after_the_pile_runs_out_are_the_used_pile_reshuffled() -> None:
    game = Edami(fen=START, deck="Veto\nLose a turn\nBlank", pile=[], used=["Veto", "Lose a turn", "Blank"])
    assert game.next_card_odds() == {parse_spec(line): Fraction(1, 3) for line in ("Veto", "Lose a turn", "Blank")}


def test_the_odds_match_the_draws_of_many_seeded_deals() -> None:
    odds = Edami(seed=0, deck="3 x Veto\nLose a turn").chance_outcomes("draw")
    assert odds == {parse_spec("Veto"): Fraction(3, 4), parse_spec("Lose a turn"): Fraction(1, 4)}
    rng = random.Random(0)
    vetoes = sum(Edami(seed=rng.randrange(10**9), deck="3 x Veto\nLose a turn").deck[-1].spec.kind == "veto"
                 for _ in range(400))
    assert 0.68 < vetoes / 400 < 0.82


def test_no_odds_when_every_card_is_kept() -> None:
    game = Edami(fen=START, deck="Veto", specials={1: ["Veto"]}, pile=[])
    assert game.next_card_odds() == {} and "draw" not in {a.text for a in game.legal_actions()}


# ------------------------------------------------------------------ hooks for simulations
def test_plies_adjudication_and_evaluation_count_material_for_the_person() -> None:
    game = Edami(fen="4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1", pile=["Lose a turn", "Lose a turn"])
    assert game.adjudicate() == (0.0, 1.0) and game.evaluate(1) > 0.5 > -0.5 > game.evaluate(0)
    game.play("draw")                                       # a card turn is one ply, like a move
    assert game.plies == 1 and len(game.history) == 1
    even = Edami(fen="4k3/8/8/8/8/8/8/R3K2r w - - 0 1")
    assert even.adjudicate() is None and even.evaluate(0) == 0.0
    # Harakiri: seat 1 plays White, so White's extra queen is seat 1's
    swapped = Edami(fen="4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", temporary=("Temporary: harakiri", 0))
    assert swapped.adjudicate() == (0.0, 1.0)
