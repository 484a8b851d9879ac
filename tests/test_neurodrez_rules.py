"""NeuroDrez's rules (board-games.md §9): every acceptance case ND-1..ND-14 and a test
per DECISION D30-D42 that would fail if the rule were implemented otherwise.

Positions are laid out with the game's ``position`` option; chance is scripted with
:class:`~drezlab.core.chance.Scripted`: the set-up asks for the first-player roll and
four shuffles (``None`` keeps the order), then every ``roll`` takes three values
(number, colour face, surface face; faces 1-6 in the order of ``COLOURS`` and
``SURFACES``). Seat 0 is side A = {white, red, green}, seat 1 side B = {black, blue,
yellow}, as in §9.11.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

import drezlab
from drezlab.core.chance import Scripted
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.i18n import set_language
from drezlab.games.neurodrez.actions import MovePiece, Phase
from drezlab.games.neurodrez.game import NeuroDrez, cards_zone, layout, tiles_zone
from drezlab.games.neurodrez.tiles import (
    CENTRE,
    COLOURS,
    SURFACES,
    exterior_cells,
    removable_tiles,
)
from drezlab.games.neurodrez.words import NO_SURFACE_LEFT, TOO_FEW_SURFACES
from drezlab.testing import random_plies


def setup(players: int) -> list[Any]:
    """The scripted set-up: hand 0 wins the first-player roll, every shuffle keeps its order."""
    return [6] + [1] * (players - 1) + [None] * 4


def dice(number: int, colour: str, surface: str) -> list[int]:
    """The three scripted values of one roll."""
    return [number, COLOURS.index(colour) + 1, SURFACES.index(surface) + 1]


def game_at(position: dict[str, Any], rolls: list[int] = (), **options: Any) -> NeuroDrez:  # type: ignore[assignment]
    options.setdefault("players", 2)
    return NeuroDrez(chance=Scripted(setup(options["players"]) + list(rolls)), position=position, **options)


def die_moves(game: NeuroDrez, piece: str) -> set[str]:
    """The cells ``piece`` may go to by the die (no card) now."""
    return {action.data.cell for action in game.legal_actions()
            if isinstance(action.data, MovePiece) and action.data.piece == piece and action.data.card is None}


def quiet(game: NeuroDrez, avoid: set[str] = frozenset()) -> str:  # type: ignore[assignment]
    """A legal action that neither lands on nor moves from a cell of ``avoid`` (tests
    play it where the rules let the player do anything)."""
    for action in game.legal_actions():
        data = action.data
        if isinstance(data, MovePiece) and (data.cell in avoid or game.pieces.get(data.piece) in avoid):
            continue
        return action.text
    raise AssertionError("no quiet action")


# ----------------------------------------------------------------------------- ND-1
@pytest.mark.parametrize("players,each,limit,leftover", [(2, 15, 5, 0), (4, 7, 5, 2), (5, 6, 2, 0)])
def test_nd1_setups(players: int, each: int, limit: int, leftover: int) -> None:
    game = NeuroDrez(seed=players, players=players)
    assert [len(game.zones[tiles_zone(hand)]) for hand in range(players)] == [each] * players
    assert game.layout.limit == limit
    assert len(game.zones["leftover"]) == leftover
    centre = [game.board[cell] for cell in CENTRE]
    assert sorted(tile[0] for tile in centre) == sorted(COLOURS)
    assert sorted(tile[1:] for tile in centre) == sorted(SURFACES)
    assert all(len(game.zones[cards_zone(hand)]) == 2 for hand in range(players))
    if leftover:
        assert game.phase == "leftover" and game.to_move == game.first
        game.play(game.legal_actions()[0])
        game.play(game.legal_actions()[0])
        assert len(game.board) == 8 and game.phase == "roll" and not game.zones["leftover"]


# ----------------------------------------------------------------------------- ND-2
def test_nd2_entering_by_colour_or_surface_die() -> None:
    board = {"c3": "rea", "d3": "rai", "e3": "kwa", "c4": "bwa", "d4": "rfi", "e4": "gfl", "c5": "rfa", "d5": "yea"}
    game = game_at({"board": board, "markers": {"e4": "r", "c5": "k"}, "pieces": {"wq": "d3", "kn": "c4", "bn": "d4"},
                    "dice": [1, "r", "wa"], "phase": "piece", "hand": 0, "cards": {"0": ["R1", "R2"]}})
    # c3 red; e3 water; d4 red with an unsafe B piece; e4 red by its marker. Not: d3 (own piece),
    # c4 (B knight safe on blue), c5 (marked black, fauna), d5 (yellow earth)
    assert die_moves(game, "wp") == {"c3", "e3", "d4", "e4"}
    game.play("wp d4")
    assert game.pieces["wp"] == "d4" and "bn" not in game.pieces


# ----------------------------------------------------------------------------- ND-3
def test_nd3_rook_stopped_by_a_hole() -> None:
    game = game_at({"board": {"a1": "wea", "b1": "kea", "d1": "rea"}, "pieces": {"wr": "a1"}, "dice": [4, "y", "fa"],
                    "phase": "piece", "hand": 0})
    assert game.natural_moves("wr") == ["b1"]
    assert die_moves(game, "wr") == {"b1"}


# ----------------------------------------------------------------------------- ND-4
def test_nd4_pawn_steps_and_diagonal_captures() -> None:
    board = {"d4": "wea", "d5": "kai", "d3": "yai", "c4": "gai", "e4": "kfi", "c5": "bfa", "e5": "rfa"}
    game = game_at({"board": board, "pieces": {"wp": "d4", "kn": "c5", "bn": "e5"}, "dice": [1, "y", "wa"],
                    "phase": "piece", "hand": 0})
    assert set(game.natural_moves("wp")) == {"d5", "d3", "c4", "e4", "e5"}
    captures = {cell for cell in game.natural_moves("wp") if cell in game.piece_at()}
    assert captures == {"e5"}


def _knight_on_d4(rolls: list[int], extra_board: dict[str, str] | None = None,
                  pieces: dict[str, str] | None = None) -> NeuroDrez:
    """Turn 5: A's knight enters d4 = blue/fire (ND-5, ND-6)."""
    board = {"d4": "bfi", "c4": "wea", "e4": "kea", **(extra_board or {})}
    return game_at({"board": board, "pieces": pieces or {}, "dice": [2, "b", "ai"], "phase": "piece", "hand": 0,
                    "turn": 5, "cards": {"0": ["P1", "P2"], "1": ["P3", "P4"]}}, rolls)


# ----------------------------------------------------------------------------- ND-5
def test_nd5_conquest_after_a_full_round() -> None:
    game = _knight_on_d4(dice(1, "y", "fa") + dice(1, "y", "fa"))
    game.play("wn d4")
    assert game.turn == 6 and game.to_move == 1 and not game.is_safe("wn", "d4")
    game.play("roll")
    while game.hand == 1:
        game.play(quiet(game, {"d4"}))
    assert game.turn == 7 and game.markers["d4"] == "w" and game.is_safe("wn", "d4")
    assert game.view(0).public["board"]["d4"]["effective"] == "w"


# ----------------------------------------------------------------------------- ND-6
def test_nd6_the_conqueror_is_captured() -> None:
    game = _knight_on_d4(dice(4, "y", "fa") + dice(1, "y", "fa"), {"d5": "kai", "d6": "yai", "d7": "bai"},
                         {"kr": "d7"})
    game.play("wn d4")
    game.play("roll")
    game.play(quiet(game, {"d4"}) if game.phase == "tile" else "roll")
    assert "kr d4" in {action.text for action in game.legal_actions()}
    game.play("kr d4")
    while game.hand == 1:
        game.play("end")
    assert "wn" not in game.pieces and game.pieces["kr"] == "d4"
    assert game.view(0).public["pieces"]["wn"] is None
    assert game.turn == 7 and "d4" not in game.markers


# ----------------------------------------------------------------------------- ND-7
def test_nd7_the_king_never_twice_in_a_row() -> None:
    board = {"c3": "wea", "d3": "kea", "e3": "rea", "c4": "gea", "d4": "bea", "e4": "yea"}
    game = game_at({"board": board, "dice": [6, "w", "ea"], "phase": "piece", "hand": 0, "turn": 5,
                    "tiles": {"0": ["wwa", "rwa"], "1": ["kwa", "bwa"]}, "cards": {"0": ["P1", "P2"], "1": ["P3", "P4"]}},
                   dice(6, "w", "ea") * 4)
    game.play("wk c3")                                     # turn 5: A's king enters
    _play_turn(game, {"c3"})                               # turn 6: B
    game.play("roll")
    game.play(quiet(game))
    kings = {a.data.piece for a in game.legal_actions() if isinstance(a.data, MovePiece) and a.data.piece[1] == "k"}
    assert game.turn == 7 and not kings                   # turn 7: no king of A may be selected
    with pytest.raises(IllegalAction, match="twice"):
        game.play("wk d3")
    game.play(next(a.text for a in game.legal_actions() if isinstance(a.data, MovePiece)))
    assert game.turn == 8 and not game.king_last[0]
    _play_turn(game, set(game.pieces.values()))            # turn 8: B
    game.play("roll")
    game.play(quiet(game))
    assert game.turn == 9 and any(isinstance(a.data, MovePiece) and a.data.piece == "wk" for a in game.legal_actions())


# ----------------------------------------------------------------------------- ND-8
def test_nd8_limit_stops_entering_not_moving() -> None:
    board = {"a1": "wea", "b1": "rea", "c1": "gea", "d1": "wwa", "e1": "rwa", "f1": "kai", "a2": "kea"}
    pieces = {"wq": "a1", "wr": "b1", "rb": "c1", "gn": "d1", "rp": "e1"}
    game = game_at({"board": board, "pieces": pieces, "dice": [6, "k", "ai"], "phase": "piece", "hand": 0})
    moved = {a.data.piece for a in game.legal_actions() if isinstance(a.data, MovePiece)}
    assert moved and moved <= set(pieces)
    assert "wq f1" in {a.text for a in game.legal_actions()}
    with pytest.raises(IllegalAction, match="limit"):
        game.play("wn f1")


# ----------------------------------------------------------------------------- ND-9
def test_nd9_conquest_marking_wins_before_the_roll() -> None:
    board = {"a1": "wwa", "b1": "rwa", "c1": "gwa", "d1": "kwa", "e1": "bwa", "f1": "ywa"}
    game = game_at({"board": board, "markers": {"d1": "r", "e1": "w"}, "pieces": {"wq": "f1"},
                    "dice": [1, "y", "fa"], "phase": "call", "hand": 1, "turn": 8})
    assert not game.is_over
    game.play("end")
    assert game.is_over and game.outcome.winners == (0,) and game.dice is None
    assert game.markers["f1"] == "w" and game.winner_side == 0


# ----------------------------------------------------------------------------- ND-10
ND10 = ["b2", "c2", "d2", "e2", "b3", "d3", "e3", "b4", "c4", "d4", "e4", "c1", "e5", "e6"]


def test_nd10_removable_tiles_in_sudden_death() -> None:
    assert removable_tiles(ND10, ()) == sorted(["b2", "b3", "b4", "c1", "c4", "d2", "d4", "e2", "e3", "e6"],
                                               key=lambda cell: (cell[1], cell[0]))
    assert "c3" not in exterior_cells(ND10) and "d5" in exterior_cells(ND10)
    tiles = ["kea", "rea", "gea", "bea", "yea", "wwa", "kwa", "rwa", "gwa", "bwa", "ywa", "wai", "kai", "wea"]
    game = game_at({"board": dict(zip(ND10, tiles)), "sudden": True, "dice": [1, "y", "fa"], "phase": "remove",
                    "hand": 0})
    assert {a.text for a in game.legal_actions()} == {f"take {cell}" for cell in
                                                      ("b2", "b3", "b4", "c1", "c4", "d2", "d4", "e2", "e3", "e6")}
    with pytest.raises(IllegalAction, match="cannot be removed"):
        game.play("take d3")
    game.play("take e6")
    assert "e6" not in game.board and game.phase == "piece"
    assert [tile.id for tile in game.zones["out"]][-1] == "wea"


def test_nd10_a_tile_with_a_piece_stays() -> None:
    assert "b2" not in removable_tiles(ND10, ["b2"])


# ----------------------------------------------------------------------------- ND-11
def test_nd11_sudden_death_victory_on_the_remaining_tiles() -> None:
    board = {"a1": "wfi", "b1": "bfi", "c1": "wea", "d1": "kea", "e1": "rwa", "f1": "bwa", "a2": "gai",
             "b2": "yai", "c2": "wfl", "d2": "kfl", "e2": "rfa", "f2": "bfa"}
    position = {"board": board, "pieces": {"gn": "b1"}, "dice": [1, "y", "fa"], "phase": "call", "hand": 1}
    normal = game_at(position)
    normal.play("end")
    assert not normal.is_over and normal.markers["b1"] == "g"     # two fire tiles only: no win before
    game = game_at({**position, "sudden": True})
    game.play("end")
    assert game.is_over and game.outcome.winners == (0,)


# ----------------------------------------------------------------------------- ND-12
@pytest.mark.parametrize("count,callable_", [(17, False), (18, True)])
def test_nd12_early_sudden_death_from_18_tiles(count: int, callable_: bool) -> None:
    cells = [f"{file}{rank}" for rank in range(1, 8) for file in "abcdefg"][:count]
    tiles = [colour + surface for surface in SURFACES for colour in COLOURS][:count]
    game = game_at({"board": dict(zip(cells, tiles)), "pieces": {"wq": "a1"}, "dice": [5, "y", "fa"],
                    "phase": "piece", "hand": 0}, dice(1, "y", "fa"))
    assert game.can_call_sudden_death() is callable_
    game.play(next(a.text for a in game.legal_actions() if isinstance(a.data, MovePiece)))
    assert (game.phase == "call") is callable_
    if callable_:
        game.play("sudden")
        assert game.sudden and game.sudden_from == game.turn and game.hand == 1
        assert not any(game.zones[tiles_zone(hand)] for hand in range(2))     # D41: unplaced tiles left
        assert len(game.zones["out"]) == 36 - count
        game.play("roll")
        assert game.phase in ("remove", "piece")


# ----------------------------------------------------------------------------- ND-13
def _cooperative(b_on_fire: bool) -> NeuroDrez:
    """Turn 9, B to end its turn; water all A's but the yellow tile under A's queen;
    fire all B's but the green tile (B's queen on it when ``b_on_fire``)."""
    board = {"a1": "wwa", "b1": "rwa", "c1": "gwa", "d1": "kwa", "e1": "bwa", "f1": "ywa",
             "a2": "kfi", "b2": "bfi", "c2": "yfi", "d2": "wfi", "e2": "rfi", "f2": "gfi", "a3": "kai"}
    pieces = {"wq": "f1", "kq": "f2"} if b_on_fire else {"wq": "f1", "kq": "a3"}
    quiet_roll = dice(1, "k", "ea")
    rolls = quiet_roll + (dice(5, "g", "fa") if not b_on_fire else quiet_roll) + quiet_roll * 3
    return game_at({"board": board, "markers": {"d1": "r", "e1": "w", "d2": "b", "e2": "k"}, "pieces": pieces,
                    "dice": [1, "y", "fa"], "phase": "call", "hand": 1, "turn": 9,
                    "tiles": {"0": ["wea", "rea", "gea"], "1": ["kea", "bea", "yea"]},
                    "cards": {"0": ["P1", "P2"], "1": ["P3", "P4"]}}, rolls, mode="cooperative")


#: the water and fire cells of :func:`_cooperative`, which the other moves leave alone
ROWS_1_2 = {f"{file}{rank}" for file in "abcdef" for rank in (1, 2)}


def _play_turn(game: NeuroDrez, avoid: set[str], move: str | None = None) -> None:
    turn = game.turn
    while game.turn == turn and not game.is_over:
        if move is not None and move in {a.text for a in game.legal_actions()}:
            game.play(move)
        else:
            game.play(quiet(game, avoid) if game.phase != "call" else "end")


def test_nd13_cooperative_dominations_in_consecutive_turns_win() -> None:
    game = _cooperative(b_on_fire=True)
    game.play("end")                                               # turn 10: A's queen marks water
    assert game.turn == 10 and game.markers["f1"] == "w"
    _play_turn(game, ROWS_1_2)
    assert not game.is_over and game.since == {"0:wa": 10}
    assert game.turn == 11 and game.markers["f2"] == "k"           # turn 11: B's queen marks fire
    _play_turn(game, ROWS_1_2)
    assert game.is_over and game.outcome.winners == (0, 1) and game.outcome.scores == (0.5, 0.5)


def test_nd13_cooperative_dominations_too_far_apart_do_not_win() -> None:
    game = _cooperative(b_on_fire=False)
    game.play("end")
    _play_turn(game, ROWS_1_2)                                  # turn 10: A holds water
    _play_turn(game, ROWS_1_2, move="kq f2")                          # turn 11: B's queen onto fire
    assert game.pieces["kq"] == "f2"
    _play_turn(game, ROWS_1_2)                                  # turn 12: A
    assert game.turn == 13 and game.markers["f2"] == "k"           # turn 13: B completes fire
    _play_turn(game, ROWS_1_2)
    assert not game.is_over and game.since == {"0:wa": 10, "1:fi": 13}


# ----------------------------------------------------------------------------- ND-14
def test_nd14_forced_removal_replaces_both_cards() -> None:
    board = {"a1": "wea", "c3": "rai", "g7": "kwa"}
    game = game_at({"board": board, "pieces": {"wk": "a1", "wp": "c3"}, "king_last": [0], "dice": [1, "y", "fa"],
                    "phase": "piece", "hand": 0, "cards": {"0": ["P1", "N1"]}})
    assert {a.text for a in game.legal_actions()} == {"remove wk", "remove wp"}
    assert all(not a.targets for a in game.legal_actions())
    game.play("remove wp")
    assert "wp" not in game.pieces and [card.id for card in game.zones["discard"]] == ["P1", "N1"]
    assert len(game.zones[cards_zone(0)]) == 2 and not {"P1", "N1"} & {c.id for c in game.zones[cards_zone(0)]}
    assert game.king_last[0]                         # the removal is no piece action: the king stays barred


def test_d35_no_piece_on_the_terrain_only_the_cards_are_replaced() -> None:
    game = game_at({"board": {"a1": "wea"}, "dice": [1, "y", "fa"], "phase": "piece", "hand": 0,
                    "king_last": [0], "cards": {"0": ["P1", "N1"]}})
    assert [a.text for a in game.legal_actions()] == ["replace"]
    game.play("replace")
    assert len(game.zones["discard"]) == 2 and game.hand == 1


# ------------------------------------------------------------------- decisions
def test_d30_108_cards_without_neutrals_and_the_discards_reshuffled() -> None:
    game = NeuroDrez(seed=1)
    assert len(game.cards) == 108 and not any(card.is_neutral for card in game.cards)
    for card in list(game.zones["pile"])[:-1]:
        game.zones.move(card, "pile", "discard")
    game.zones.forget_journal()
    game._draw_card()
    game._draw_card()
    assert len(game.zones["pile"]) == 103 - 1 and len(game.zones["discard"]) == 0
    game.zones.check_conserved(game.conserved_items())


def test_d31_six_players_three_teams_or_two() -> None:
    three, two = layout(6), layout(6, "two")
    assert three.hand_sides == (0, 1, 2, 0, 1, 2) and three.limit == 3
    assert two.hand_sides == (0, 1, 0, 1, 0, 1) and two.limit == 5
    assert layout(4).side_colours == (("w", "r", "g"), ("k", "b", "y")) and layout(4).hand_colours[0] == ("w", "g")
    with pytest.raises(ValueError):
        NeuroDrez(players=4, teams6="two")


def test_d32_own_colour_is_side_level_and_shared_colours_move() -> None:
    game = game_at({"board": {"a1": "rea", "b1": "kea", "c1": "yea"}, "pieces": {"wq": "a1", "gq": "b1"}, "dice": [5, "y", "fa"],
                    "phase": "piece", "hand": 0}, players=4)
    assert game.is_safe("wq", "a1")                 # white piece on the team's red tile
    assert not game.is_safe("gq", "b1")
    movers = {a.data.piece for a in game.legal_actions() if isinstance(a.data, MovePiece)}
    assert "gq" in movers and not any(piece[0] == "r" for piece in movers)   # seat 0 moves white and green


def test_d33_a_marker_decides_the_colour() -> None:
    game = game_at({"board": {"a1": "kea"}, "markers": {"a1": "r"}, "pieces": {"wq": "a1"}, "dice": [1, "y", "fa"],
                    "phase": "piece", "hand": 0})
    assert game.effective("a1") == "r" and game.is_safe("wq", "a1")


def test_d34_the_centre_six_are_a_random_pairing() -> None:
    pairings = {tuple(NeuroDrez(seed=seed).board[cell] for cell in CENTRE) for seed in range(8)}
    assert len(pairings) > 1
    assert all(set(CENTRE) <= set(NeuroDrez(seed=seed).board) for seed in range(3))


def test_first_player_roll_ties_roll_again() -> None:
    game = NeuroDrez(chance=Scripted([5, 5, 2, 4, None, None, None, None]), players=2)
    assert game.first_rolls == [[(0, 5), (1, 5)], [(0, 2), (1, 4)]] and game.first == 1 and game.to_move == 1


def test_d36_king_free_and_one_king_per_side() -> None:
    game = game_at({"board": {"a1": "wea", "b1": "rea", "c1": "kea"}, "pieces": {"wk": "a1"}, "dice": [1, "y", "fa"],
                    "phase": "piece", "hand": 0, "cards": {"0": ["P1", "P2"]}})
    assert die_moves(game, "wk") == {"b1"}          # moving the king needs no die
    assert not die_moves(game, "rk")                 # the side has a king on the terrain
    assert not any(isinstance(a.data, MovePiece) and a.data.piece[1] == "k" and a.data.card for a in game.legal_actions())


def test_d36_a_card_selects_and_is_replaced() -> None:
    game = game_at({"board": {"a1": "wea", "b1": "yfa"}, "dice": [1, "y", "fa"], "phase": "piece", "hand": 0,
                    "cards": {"0": ["Q5", "R2b"]}})
    assert "wq b1 q5" in {a.text for a in game.legal_actions()} and not die_moves(game, "wq")
    action = game.parse("wq b1 q5")
    assert action.targets == ("Q5", "wq", "b1")
    game.play(action)
    assert [card.id for card in game.zones["discard"]] == ["Q5"] and len(game.zones[cards_zone(0)]) == 2


def test_d37_die_destinations_capture() -> None:
    game = game_at({"board": {"a1": "wea", "g7": "rfa"}, "pieces": {"wp": "a1", "bn": "g7"}, "dice": [1, "y", "fa"],
                    "phase": "piece", "hand": 0})
    assert "g7" in die_moves(game, "wp")
    game.play("wp g7")
    assert "bn" not in game.pieces


def test_d38_marker_replaced_or_removed() -> None:
    board = {"a1": "kea", "b1": "wwa"}
    game = game_at({"board": board, "markers": {"a1": "b", "b1": "k"}, "pieces": {"rq": "a1", "wr": "b1"},
                    "dice": [1, "y", "fa"], "phase": "call", "hand": 1})
    game.play("end")
    assert game.markers == {"a1": "r"}              # blue marker replaced; white rook on its own tile: marker gone


def test_d39_several_sides_the_side_to_move_wins() -> None:
    board = {"a1": "wwa", "b1": "rwa", "c1": "gwa", "d1": "kwa", "e1": "bwa", "f1": "ywa",
             "a2": "kfi", "b2": "bfi", "c2": "yfi", "d2": "wfi", "e2": "rfi", "f2": "gfi"}
    position = {"board": board, "markers": {"d1": "w", "e1": "w", "f1": "w", "d2": "k", "e2": "k", "f2": "k"},
                "dice": [1, "y", "fa"], "phase": "piece", "hand": 1}
    game = game_at(position)
    assert game.is_over and game.outcome.winners == (1,)
    assert game_at({**position, "hand": 0}).outcome.winners == (0,)


def test_d39_turn_cap_is_a_draw_and_the_group_loses() -> None:
    game = game_at({"board": {"a1": "wea"}, "dice": [1, "y", "fa"], "phase": "call", "hand": 0, "turn": 3},
                   turn_cap=3)
    game.play("end")
    assert game.is_over and game.outcome.is_draw
    group = game_at({"board": {"a1": "wea"}, "dice": [1, "y", "fa"], "phase": "call", "hand": 0, "turn": 3},
                    turn_cap=3, mode="cooperative")
    group.play("end")
    assert group.outcome.is_draw and group.outcome.scores == (0.0, 0.0)


def test_d41_the_call_is_offered_only_with_the_option() -> None:
    cells = [f"{file}{rank}" for rank in range(1, 8) for file in "abcdefg"][:18]
    tiles = [colour + surface for surface in SURFACES for colour in COLOURS][:18]
    game = game_at({"board": dict(zip(cells, tiles)), "pieces": {"wq": "a1"}, "dice": [5, "y", "fa"],
                    "phase": "piece", "hand": 0}, early_sudden_death=False)
    game.play(next(a.text for a in game.legal_actions() if isinstance(a.data, MovePiece)))
    assert game.hand == 1 and not game.can_call_sudden_death()


def test_sudden_death_begins_the_turn_after_the_36th_tile() -> None:
    game = NeuroDrez(seed=4, players=2, early_sudden_death=False)
    rng_actions = 0
    while not game.sudden and not game.is_over:
        action = game.legal_actions()[-1]
        game.play(action)
        rng_actions += 1
    if not game.is_over:
        assert len(game.board) == 36 and game.sudden_from == game.turn and game.phase == "roll"


def test_d42_solo_six_colour_hands_limit_one() -> None:
    game = NeuroDrez(seed=2, players=1)
    assert game.hands == 6 and game.sides == 6 and game.layout.limit == 1 and game.mode == "solo"
    assert {game.seat_of_hand(hand) for hand in range(6)} == {0}
    with pytest.raises(ValueError):
        NeuroDrez(players=1, mode="competitive")
    with pytest.raises(ValueError):
        NeuroDrez(players=3, mode="solo")


def test_a_single_domination_never_ends_a_cooperative_game() -> None:
    board = {"a1": "wwa", "b1": "rwa", "c1": "gwa", "d1": "kwa", "e1": "bwa", "f1": "ywa"}
    game = game_at({"board": board, "markers": {"d1": "w", "e1": "w", "f1": "w"}, "dice": [1, "y", "fa"],
                    "phase": "call", "hand": 0}, mode="cooperative")
    game.play("end")
    assert not game.is_over and game.since == {"0:wa": 1}


# -------------------------------------------------------------- input and records
def test_bad_input_is_refused_and_changes_nothing() -> None:
    game = NeuroDrez(seed=5)
    before = game.to_json()
    for bad in ("wq d4", "rwa d4", "take c1", "fly", "sudden"):
        with pytest.raises(IllegalAction):
            game.play(bad)
    assert game.to_json() == before
    with pytest.raises(ValueError):
        NeuroDrez(position={"board": {"z9": "wea"}})
    with pytest.raises(ValueError):
        NeuroDrez(position={"nonsense": 1})
    with pytest.raises(ValueError):
        NeuroDrez(position={"board": {"a1": "wea"}, "phase": "piece"})


def test_a_seat_sees_only_its_own_tiles_and_cards() -> None:
    game = NeuroDrez(seed=6, players=3)
    mine = {tile.id for tile in game.zones[tiles_zone(0)]} | {card.id for card in game.zones[cards_zone(0)]}
    assert set(game.view(0).ids(tiles_zone(0))) | set(game.view(0).ids(cards_zone(0))) == mine
    for seat in (None, 1, 2):
        seen = game.view(seat).to_json()
        assert not any(f'"{identifier}"' in seen for identifier in mine)
    world = game.resample(1, __import__("random").Random(3))
    assert all(len(tile.id) == 3 for hand in range(3) for tile in world.zones[tiles_zone(hand)])
    assert all(len(world.zones[cards_zone(hand)]) == 2 for hand in range(3))
    assert world.view(1) == game.view(1)


def test_chance_outcomes_of_the_dice_and_of_a_draw() -> None:
    game = NeuroDrez(seed=8)
    assert game.phase == "roll"
    odds = game.chance_outcomes(game.to_move)
    assert len(odds) == 216 and sum(odds.values()) == 1 and odds["4 r wa"] == Fraction(1, 216)
    game.play("roll")
    seat = game.to_move
    draw = game.chance_outcomes(seat)
    own = {card.id for card in game.zones[cards_zone(game.hand)]}
    assert len(draw) == 108 - 2 and not own & set(draw) and sum(draw.values()) == 1
    assert len(game.chance_outcomes(None)) == 108


# ------------------------------------------------------------------ D43
def test_d43_an_empty_teacher_position_is_refused_saying_what_is_missing() -> None:
    """Issue 24: ``position={}`` was accepted; after ``roll`` the game was not over and had no
    legal action (an empty terrain takes no tile and no piece)."""
    with pytest.raises(ValueError, match="the terrain is empty"):
        drezlab.new("neurodrez", seed=0, position={})
    with pytest.raises(ValueError, match="the terrain is empty"):
        NeuroDrez(seed=0, position={"tiles": {0: ["wea"], 1: ["kea"]}, "turn": 3})


def test_d43_a_record_holding_an_empty_position_is_refused() -> None:
    record = json.loads(NeuroDrez(seed=0, position={"board": {"d4": "rwa"}}).to_json())
    record["options"]["position"] = {}
    with pytest.raises(BadRecord, match="the terrain is empty"):
        NeuroDrez.from_json(json.dumps(record))


def test_d43_a_phase_without_what_it_needs_is_refused() -> None:
    with pytest.raises(ValueError, match="needs tiles to lay"):
        game_at({"board": {"d4": "rwa"}, "tiles": {0: [], 1: ["kea"]}, "dice": [1, "y", "fa"], "phase": "tile",
                 "hand": 0})
    with pytest.raises(ValueError, match="needs a tile that may be removed"):
        game_at({"board": {"d4": "rwa"}, "pieces": {"wq": "d4"}, "sudden": True, "dice": [1, "y", "fa"],
                 "phase": "remove", "hand": 0})


def test_d43_the_group_loses_when_a_removal_leaves_fewer_surfaces_than_sides() -> None:
    """Sudden death removes the last earth tile: one surface for two sides, no win possible,
    the cooperative game is lost at once (it ran to the turn cap before D43)."""
    game = game_at({"board": {"a1": "wea", "b1": "kwa"}, "sudden": True, "dice": [1, "y", "fa"], "phase": "remove",
                    "hand": 0}, mode="cooperative")
    assert not game.is_over and game.surfaces_left() == {"ea", "wa"}
    game.play("take a1")
    assert game.is_over and game.outcome.reason == TOO_FEW_SURFACES
    assert game.outcome.winners == () and game.outcome.scores == (0.0, 0.0)
    game.undo()
    assert not game.is_over and game.phase == "remove"


def test_d43_the_solo_game_needs_a_surface_for_each_of_its_six_colours() -> None:
    board = {"a1": "wea", "b1": "kwa", "c1": "rai", "d1": "gfi", "e1": "bfl", "f1": "yfa"}
    game = NeuroDrez(seed=0, players=1,
                     position={"board": board, "sudden": True, "dice": [1, "y", "fa"], "phase": "remove", "hand": 0})
    assert not game.is_over
    game.play("take a1")
    assert game.outcome.reason == TOO_FEW_SURFACES and game.outcome.scores == (0.0,)


def test_d43_calling_sudden_death_can_leave_the_group_too_few_surfaces() -> None:
    """The call sends the unplaced tiles out (D41): with only earth on the terrain the group
    of two sides has lost by the next turn."""
    game = game_at({"board": {"a1": "wea"}, "dice": [1, "y", "fa"], "phase": "call", "hand": 0}, mode="cooperative")
    assert len(game.surfaces_left()) == 6
    game.play("sudden")
    assert game.is_over and game.outcome.reason == TOO_FEW_SURFACES


def test_d43_a_competitive_game_is_drawn_when_no_surface_is_left() -> None:
    """Five players: yellow is nobody's, so the last (yellow) tile gives no win; once it is
    removed no surface is left and the game is drawn at once."""
    game = game_at({"board": {"a1": "yfa"}, "sudden": True, "dice": [1, "y", "fa"], "phase": "remove", "hand": 0},
                   players=5)
    assert not game.is_over
    game.play("take a1")
    assert game.is_over and game.outcome.is_draw and game.outcome.reason == NO_SURFACE_LEFT
    set_language("es")
    try:
        assert "no queda ninguna superficie" in game.status_text()
    finally:
        set_language("en")


def _mangled(text: str) -> set[str]:
    """``text`` spoiled as a pupil's typing might: upper case, cut short, the words swapped,
    one word too many, a word shortened, lengthened or replaced."""
    words = text.split()
    return {text.upper(), text.title(), " ".join(reversed(words)), " ".join(words[:-1]), " ".join(words[1:]),
            text + " x", text + " 9", text.replace(" ", ""), *(text.replace(word, word[:1]) for word in words),
            *(text.replace(word, word + "z") for word in words), *(text.replace(word, "-") for word in words)}


@pytest.mark.parametrize("players", [1, 2, 4])
def test_malformed_text_is_always_an_illegal_action(players: int) -> None:
    """Over a seeded game, mangled legal actions are refused as IllegalAction, never
    IndexError or KeyError, and a legal action typed in upper case is told so."""
    import random

    rng = random.Random(players)
    for game in random_plies(NeuroDrez(seed=players, players=players, turn_cap=40), rng):
        legal = game.legal_actions()
        texts = {action.text for action in legal}
        for action in rng.sample(legal, min(3, len(legal))):
            for text in _mangled(action.text) - texts:
                with pytest.raises(IllegalAction) as refused:
                    game.parse(text)
                if text.lower() in texts:
                    assert "lower case" in str(refused.value)


def test_actions_are_typed_and_the_positional_spelling_still_reads() -> None:
    """Each action's data is a typed value read by its fields; its first field is still the
    kind's word, as lesson 17 reads a move (``data[0] == "piece"``, ``data[3] is None``)."""
    game = game_at({"board": {"a1": "wea", "b1": "kea"}, "pieces": {"wq": "a1"}, "dice": [5, "y", "fa"],
                    "phase": "piece", "hand": 0, "cards": {0: ["J1", "J2"]}})
    assert game.phase == Phase.PIECE == "piece" and json.loads(game.to_json())["state"]["phase"] == "piece"
    by_die = game.parse("wq b1")
    assert by_die.data == MovePiece("piece", "wq", "b1", None)
    assert by_die.data[0] == "piece" and by_die.data[1] == "wq" and by_die.data[3] is None
    assert game.parse("wq b1 j1").data.card == "J1"
