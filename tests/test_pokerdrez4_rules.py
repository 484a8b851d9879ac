"""PokerDrez for 4: one test per rule of chess-cards.md §3 and per DECISION D14-D20,
the acceptance cases A19 and A20, and the D1 draws as they read for four seats."""

from __future__ import annotations

import pytest

from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.i18n import in_language
from drezlab.games.pokerdrez4 import PokerDrez4
from drezlab.games.pokerdrez4.cross import (
    GRID,
    KNIGHT,
    PAWN,
    ROOK,
    CrossBoard,
)
from drezlab.games.pokerdrez4.position import parse_placement

KINGS = "ykh1 gka7 rkg14 bkn8"
PAWNS_ONLY = {"hands": {0: ["P3", "P7"]}, "common": ["P1", "P2", "P4", "P5", "P6"]}


def game_at(position: str, to_move: int = 0, **cards: object) -> PokerDrez4:
    """A one-pack teacher's position with the four kings at home plus ``position``."""
    return PokerDrez4(seed=1, decks=1, position=f"{KINGS} {position}".strip(), to_move=to_move, **cards)  # type: ignore[arg-type]


def targets(game: PokerDrez4, origin: str) -> set[str]:
    """The squares the piece on ``origin`` may move to now (card-backed moves)."""
    found = set()
    for action in game.legal_actions():
        move = action.text.split(":")[-1]
        if action.data[0] == "move" and move.startswith(origin) and move[len(origin):] in GRID.names:
            found.add(move[len(origin):])
    return found


def play_move(game: PokerDrez4, move: str) -> None:
    """Play ``move`` with the first card that permits it, then return a card if asked."""
    chosen = next(action for action in game.legal_actions() if action.text.split(":")[-1] == move)
    game.play(chosen)
    if game.phase == "return":
        game.play(game.legal_actions()[0])


# ----------------------------------------------------------------- D14 board
def test_d14_board_has_160_squares_without_corners() -> None:
    assert len(GRID) == 160
    for name in ("a1", "c3", "l1", "n3", "a12", "c14", "l12", "n14"):
        assert name not in GRID.names
    for name in ("d1", "a4", "n11", "k14", "g7"):
        assert name in GRID.names


def test_d14_initial_position_table() -> None:
    game = PokerDrez4(seed=1)
    placement = set(game.board.placement().split())
    expected = {"yRd1", "yNe1", "yBf1", "yQg1", "yKh1", "yBi1", "yNj1", "yRk1",
                "gRa11", "gNa10", "gBa9", "gQa8", "gKa7", "gBa6", "gNa5", "gRa4",
                "rRk14", "rNj14", "rBi14", "rQh14", "rKg14", "rBf14", "rNe14", "rRd14",
                "bRn4", "bNn5", "bBn6", "bQn7", "bKn8", "bBn9", "bNn10", "bRn11"}
    assert expected <= placement
    assert {f"yP{file}2" for file in "defghijk"} <= placement
    assert {f"gPb{rank}" for rank in range(4, 12)} <= placement
    assert {f"rP{file}13" for file in "defghijk"} <= placement
    assert {f"bPm{rank}" for rank in range(4, 12)} <= placement
    assert len(placement) == 64


def test_d14_sliders_stop_at_the_missing_corners_and_knights_never_land_there() -> None:
    game = game_at("yrc5 ync4", hands={0: ["J3", "J7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    rook_targets = targets(game, "c5")
    assert {"b5", "a5", "c6", "c11"} <= rook_targets and "c12" not in rook_targets
    assert "c3" not in rook_targets and "c4" not in rook_targets, "c4 is Yellow's own knight; c3 is missing"
    game = game_at("yNc4", hands={0: ["J3", "J7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    assert targets(game, "c4") == {"a5", "b6", "d6", "e5", "e3", "d2"}   # a3 and b2 are missing squares
    game = game_at("yRd6", hands={0: ["J3", "J7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    assert {"d3", "d2", "d1"} <= targets(game, "d6")


# ---------------------------------------------------------------- §3 turns
def test_turn_order_yellow_green_red_blue_and_teams() -> None:
    game = PokerDrez4(seed=3, decks=1)
    assert game.teams == (0, 1, 0, 1)
    assert [game.seat_name(seat) for seat in range(4)] == ["Yellow", "Green", "Red", "Blue"]
    seen = []
    while len(seen) < 8:
        seat = game.to_move
        if game.phase == "play":
            seen.append(seat)
        game.play(game.legal_actions()[0])
    assert seen == [0, 1, 2, 3, 0, 1, 2, 3]


def test_two_private_and_five_common_cards_for_four_seats() -> None:
    for decks, pile in ((1, 56 - 13), (2, 112 - 13)):
        game = PokerDrez4(seed=5, decks=decks)
        assert [len(hand) for hand in game.hands] == [2, 2, 2, 2]
        assert len(game.common) == 5
        assert game.pile_count == pile


def test_a_seat_moves_only_its_own_colour() -> None:
    game = PokerDrez4(seed=4, decks=1)
    for action in game.legal_actions():
        if action.data[0] == "move":
            origin = game._source.move_of(action.data[2]).frm
            assert origin < 0 or game.board.piece_at(origin).seat == 0


# ----------------------------------------------------------------- A19 pawns
def test_a19_pawn_slides_like_a_rook_and_captures_only_diagonally() -> None:
    game = game_at("yph6 gbg5 rpi7 bni5 ynh9 gph4 yng7 gpe6", **PAWNS_ONLY)
    reach = targets(game, "h6")
    file_h = {"h5", "h7", "h8"}                    # up to the own knight on h9, down to the Green pawn on h4
    rank_6 = {"g6", "f6", "i6", "j6", "k6", "l6", "m6", "n6"}   # left up to the Green pawn on e6
    diagonal = {"g5", "i5", "i7"}                  # Green bishop, Blue knight, Red (partner) pawn; g7 is Yellow's own
    assert reach == file_h | rank_6 | diagonal
    assert "h4" not in reach and "e6" not in reach, "a pawn never captures orthogonally"


def test_a19_pawn_attacks_exactly_its_four_diagonal_neighbours() -> None:
    game = game_at("yPh6", **PAWNS_ONLY)
    board = game.board
    for name in ("g5", "i5", "g7", "i7"):
        assert board.attacked_by(GRID.cell(name), (0,))
    for name in ("h5", "h7", "g6", "i6"):
        assert not board.attacked_by(GRID.cell(name), (0,))


def test_pawns_never_promote() -> None:
    game = game_at("yPh13", **PAWNS_ONLY)
    play_move(game, "h13h14")
    assert game.board.piece_at(GRID.cell("h14")).kind == PAWN


def test_a_pawn_card_does_not_move_other_pieces() -> None:
    game = game_at("yph6 yrd5", **PAWNS_ONLY)
    assert not targets(game, "d5")
    assert targets(game, "h1") == {"g1", "i1", "g2", "h2", "i2"}, "the king moves with any card"


# ---------------------------------------------------------------- bishops
def test_bishop_steps_one_square_orthogonally_onto_empty_squares_only() -> None:
    game = game_at("ybh6 gph7 rpg6", hands={0: ["B3", "B7"]}, common=["B1", "B2", "B4", "B5", "B6"])
    reach = targets(game, "h6")
    assert {"i6", "h5"} <= reach                  # orthogonal steps onto empty squares
    assert "h7" not in reach and "g6" not in reach, "the orthogonal step never captures"
    assert {"g7", "i7", "g5", "i5", "e3", "m11"} <= reach   # diagonal rides


def test_d17_bishop_step_does_not_attack() -> None:
    board = CrossBoard(*parse_placement("ykh1 gka7 rkg14 bkn8 gbh2"))
    assert not board.in_check(0), "a bishop's orthogonal step does not give check"
    board = CrossBoard(*parse_placement("ykh1 gka7 rkg14 bkn8 gpg2"))
    assert board.in_check(0), "a pawn attacks its diagonal neighbours"


# ------------------------------------------------------------ D17 captures
def test_partner_pieces_may_be_captured_own_pieces_and_kings_never() -> None:
    game = game_at("yrd7 rpf7 ype7 bpd9", hands={0: ["R3", "R7"]}, common=["R1", "R2", "R4", "R5", "R6"])
    reach = targets(game, "d7")
    assert "d8" in reach and "d9" in reach         # Blue pawn captured
    assert "e7" not in reach                       # own pawn
    game = game_at("yrg10 rpf7", hands={0: ["R3", "R7"]}, common=["R1", "R2", "R4", "R5", "R6"])
    reach = targets(game, "g10")
    assert "g13" in reach and "g14" not in reach, "the partner's king is never captured"


def test_d17_only_opponents_give_check() -> None:
    board = CrossBoard(*parse_placement("ykh1 gka7 rkg14 bkn8 rqh5"))
    assert not board.in_check(0), "a partner's queen never gives check"
    board = CrossBoard(*parse_placement("ykh1 gka7 rkg14 bkn8 bqh5"))
    assert board.in_check(0)
    board = CrossBoard(*parse_placement("ykh1 gka7 rkg14 bkn8 gnf2"))
    assert board.in_check(0)


def test_a_captured_piece_goes_to_its_owners_reserve_whoever_captures_it() -> None:
    game = game_at("yrd7 rpd9", hands={0: ["R3", "R7"]}, common=["R1", "R2", "R4", "R5", "R6"])
    play_move(game, "d7d9")
    assert [piece.code() for piece in game.board.reserves[2]] == ["rP"]
    assert game.view(1).public["reserves"][2] == ("rPd9",), "the reserve is public"


# --------------------------------------------------------- A20, D18 re-entry
def test_a20_reentry_captures_the_piece_on_the_home_square() -> None:
    game = game_at("+yne1 gbe1", hands={0: ["N3", "P7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    action = game.parse("N3:n@e1")
    assert action.targets == ("N3", "reserve-0-n", "e1")
    game.play(action)
    knight = game.board.piece_at(GRID.cell("e1"))
    assert knight is not None and (knight.seat, knight.kind) == (0, KNIGHT)
    assert [piece.code() for piece in game.board.reserves[1]] == ["gB"]
    assert not game.board.reserves[0]


def test_a20_a_joker_permits_reentry_and_a_pawn_card_does_not() -> None:
    game = game_at("+yne1 gbe1 ynj1 yph6", hands={0: ["J3", "P7"]},
                   common=["P1", "P2", "P4", "P5", "P6"])
    assert "J3:n@e1" in {action.text for action in game.legal_actions()}
    assert "P7:n@e1" not in {action.text for action in game.legal_actions()}
    with pytest.raises(IllegalAction, match="does not permit moving the knight"):
        game.play("P7:n@e1")


def test_a20_reentry_is_illegal_onto_an_own_piece_or_any_king() -> None:
    game = game_at("+yne1 ype1", hands={0: ["N3", "J7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    assert not any("@" in action.text for action in game.legal_actions())
    king_home = PokerDrez4(seed=1, decks=1, position="ykh2 gka7 rkg14 bkn8 +yqg1",
                           hands={0: ["Q3", "J7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    assert "Q3:q@g1" in {action.text for action in king_home.legal_actions()}
    blocked = PokerDrez4(seed=1, decks=1, position="ykg1/h1 gka7 rkg14 bkn8 +yqg1",
                         hands={0: ["Q3", "J7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    assert not any("@" in action.text for action in blocked.legal_actions()), "a king on the home square blocks it"


def test_d18_reentry_captures_a_partners_piece_but_may_not_leave_the_king_in_check() -> None:
    game = game_at("+ybf1 rpf1", hands={0: ["B3", "J7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    game.play("B3:b@f1")
    assert [piece.code() for piece in game.board.reserves[2]] == ["rP"]
    # a Green queen on k1 attacks h1 along rank 1 through i1 and j1: the re-entry on i1 blocks it
    checked = game_at("+ybi1 gqk1", hands={0: ["B3", "J7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    assert checked.board.in_check(0)
    assert "B3:b@i1" in {action.text for action in checked.legal_actions()}
    # f1 lies on the other side of the king: re-entering there leaves the check
    other = game_at("+ybf1 gqk1", hands={0: ["B3", "J7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    assert "B3:b@f1" not in {action.text for action in other.legal_actions()}, "the king would stay in check"


def test_d18_reentry_may_give_check() -> None:
    game = PokerDrez4(seed=1, decks=1, position="ykh1 gkd5/a7 rkg14 bkn8 +yrd1", hands={0: ["R3", "J7"]},
                      common=["P1", "P2", "P4", "P5", "P6"])
    game.play("R3:r@d1")
    assert game.board.in_check(1), "re-entry may give check"


def test_the_king_never_reenters_and_every_reserve_piece_keeps_its_home() -> None:
    with pytest.raises(BadRecord, match="never in reserve"):
        game_at("+ykh1")
    game = game_at("+ypd2 +ypk2", hands={0: ["P3", "P7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    entries = {action.text for action in game.legal_actions() if "@" in action.text}
    assert {"P3:p@d2", "P3:p@k2"} <= entries


# ------------------------------------------------------------ D16 castling
def test_d16_castling_needs_a_rook_card_and_moves_the_rook_to_the_crossed_square() -> None:
    position = "yrk1 yrd1"
    pawn = game_at(position, **PAWNS_ONLY)
    assert "h1j1" not in targets(pawn, "h1")
    rook = game_at(position, hands={0: ["R3", "P7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    assert {"j1", "f1"} <= targets(rook, "h1")
    rook.play("R3:h1j1")
    assert rook.board.piece_at(GRID.cell("i1")).kind == ROOK
    assert rook.board.piece_at(GRID.cell("k1")) is None


def test_d16_no_castling_through_an_attacked_square_or_out_of_check() -> None:
    through = game_at("yrk1 gri5", hands={0: ["R3", "P7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    assert "j1" not in targets(through, "h1")
    checked = game_at("yrk1 grh5", hands={0: ["R3", "P7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    assert "j1" not in targets(checked, "h1")


def test_d16_castling_rights_are_never_restored_by_reentry() -> None:
    game = game_at("+yrk1", hands={0: ["R3", "R7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    game.play("R3:r@k1")
    assert "h1j1" not in game.board.castling


def test_castling_works_for_green_along_its_file() -> None:
    game = game_at("gra4 gra11", to_move=1, hands={1: ["R3", "P7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    assert {"a5", "a9"} <= targets(game, "a7")
    game.play("R3:a7a5")
    assert game.board.piece_at(GRID.cell("a6")).kind == ROOK


# ----------------------------------------------------------- D19 mate, draw
GREEN_BOXED = "gqa8 gpa6 gpb6 gpb8 gra11 gna4"
GREEN_NO_HELP = {"hands": {1: ["R1", "N1"]}, "common": ["R2", "R3", "N2", "N3", "R4"]}


def test_d19_card_mate_of_green_wins_for_yellow_and_red() -> None:
    game = game_at(f"yrh7 {GREEN_BOXED}", to_move=1, **GREEN_NO_HELP)
    assert game.outcome is not None
    assert game.outcome.winners == (0, 2) and game.outcome.reason == "checkmate"
    assert game.status_text() == "Yellow and Red win: checkmate"


def test_d19_a_card_that_permits_a_block_is_not_mate() -> None:
    game = game_at(f"yrh7 {GREEN_BOXED}", to_move=1, hands={1: ["P1", "N1"]},
                   common=["R2", "R3", "N2", "N3", "R4"])
    assert game.outcome is None
    assert "P1:b6b7" in {action.text for action in game.legal_actions()}


def test_d19_mate_of_the_other_opposing_king_is_judged_at_its_own_turn() -> None:
    blue_box = "brn7 bbn9 bpm7 bpm9 bnn4"
    game = PokerDrez4(seed=1, decks=1, position=f"{KINGS} yre9 {blue_box}", to_move=0,
                      hands={0: ["R5", "P9"], 1: ["J1", "J2"], 2: ["J3", "J4"], 3: ["N1", "N2"]},
                      common=["N3", "N4", "N5", "N6", "N7"], pile=["P1", "P2", "P3", "P4", "P5", "P6"])
    game.play("R5:e9e8")
    assert game.board.in_check(3) and game.outcome is None
    game.play("J1:a7a6")
    assert game.outcome is None, "Blue is in check, but its mate waits for Blue's own turn"
    game.play("J3:g14g13")
    assert game.outcome is not None and game.outcome.winners == (0, 2)


def test_d19_stalemate_is_a_draw() -> None:
    game = game_at("gqa8 gpa6 gpb6 gpb7 gpb8 gpa9 gpb9", to_move=1,
                   hands={1: ["Q1", "Q2"]}, common=["Q3", "Q4", "Q5", "Q6", "Q7"])
    assert game.outcome is not None and game.outcome.is_draw and game.outcome.reason == "stalemate"


# --------------------------------------------------------- D15 cards, D20
def test_d15_no_die_and_no_pawn_removal() -> None:
    game = PokerDrez4(seed=2, decks=1)
    assert game.die_holder is None
    assert game.phase == "play" and game.to_move == 0
    assert not any(action.text in ("roll", "keep") for action in game.legal_actions())


def test_d15_neutral_exchange_takes_from_either_opponent_never_the_partner() -> None:
    game = game_at("", hands={0: ["X1", "P7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    texts = {action.text for action in game.legal_actions()}
    assert {"X1>hand-1", "X1>hand-3"} <= texts
    assert "X1>hand-2" not in texts


def test_d15_partners_do_not_see_each_others_cards_unless_the_option_says_so() -> None:
    hidden = PokerDrez4(seed=7, decks=1)
    assert set(hidden.view(0).zones["hand-2"].ids) == {"??"}
    shown = PokerDrez4(seed=7, decks=1, show_partner_cards=True)
    assert shown.view(0).zones["hand-2"].ids == tuple(card.id for card in shown.hands[2])
    assert set(shown.view(0).zones["hand-1"].ids) == {"??"}


def test_d20_pieces_in_reserve_do_not_count_for_a_figure_card_acting_as_a_joker() -> None:
    game = game_at("+yne1 +ynj1 yph6", hands={0: ["N3", "B7"]}, common=["B1", "B2", "B4", "B5", "B6"])
    texts = {action.text for action in game.legal_actions()}
    assert "N3:h6h7" in texts, "no knight on the board: the knight card acts as a Joker"
    game.play("N3:n@e1")
    game2 = game_at("yne1 +ynj1 yph6", hands={0: ["N3", "B7"]}, common=["B1", "B2", "B4", "B5", "B6"])
    assert "N3:h6h7" not in {action.text for action in game2.legal_actions()}


def test_d20_plain_chess_keeps_the_changed_moves_and_reentry_needs_no_card() -> None:
    game = game_at("+yne1 yph6", hands={0: ["P3", "P7"]}, common=["P1", "P2", "P4", "P5", "P6"], pile=[])
    assert game.plain_chess
    texts = {action.text for action in game.legal_actions()}
    assert {"n@e1", "h6h10", "h1h2"} <= texts
    assert "h6g7" not in texts


# ------------------------------------------------------------------- D1
def test_d1_threefold_repetition_ends_the_game() -> None:
    game = PokerDrez4(seed=11, decks=1, position=KINGS)
    shuffle = ["h1h2", "a7b7", "g14g13", "n8m8", "h2h1", "b7a7", "g13g14", "m8n8"]
    for move in (shuffle * 2)[:15]:
        play_move(game, move)
    assert game.outcome is None
    play_move(game, shuffle[7])
    assert game.outcome is not None and game.outcome.reason == "threefold repetition"
    assert game.plies == 16, "the start position (no rook, so no castling right) again after plies 8 and 16"


def test_d1_threefold_repetition_can_be_claimed_instead() -> None:
    game = PokerDrez4(seed=11, decks=1, position=KINGS, draw_claims="claim")
    shuffle = ["h1h2", "a7b7", "g14g13", "n8m8", "h2h1", "b7a7", "g13g14", "m8n8"]
    for move in shuffle * 2:
        play_move(game, move)
    assert game.outcome is None
    game.play("claim")
    assert game.outcome is not None and game.outcome.is_draw


def test_d1_fifty_moves_means_fifty_by_each_of_the_four() -> None:
    game = PokerDrez4(seed=11, decks=2, position=KINGS)
    game.board.pos.halfmove = 199
    assert game._claimable_draw() is None
    game.board.pos.halfmove = 200
    assert game._claimable_draw() == "fifty-move rule"


# --------------------------------------------------------- notation, input
def test_notation_round_trips_and_bad_input_changes_nothing() -> None:
    game = PokerDrez4(seed=9, decks=1)
    for action in game.legal_actions():
        assert game.parse(str(action)) == action
    before = game.to_json()
    for text in ("h2h6", "Z9:h2h6", "P1:h2z9", "n@e1", "", "J1:a1a2"):
        with pytest.raises(IllegalAction):
            game.play(text)
    assert game.to_json() == before


def test_teacher_positions_are_checked() -> None:
    with pytest.raises(BadRecord, match="exactly one king"):
        PokerDrez4(seed=1, decks=1, position="ykh1 gka7 rkg14")
    with pytest.raises(BadRecord, match="not a square"):
        PokerDrez4(seed=1, decks=1, position=f"{KINGS} ypa1")
    with pytest.raises(BadRecord, match="to_move"):
        PokerDrez4(seed=1, decks=1, position=KINGS, to_move=4)
    with pytest.raises(ValueError, match="teacher's position"):
        PokerDrez4(decks=1, to_move=2)


def test_the_move_log_says_a_reentry_in_words() -> None:
    """Issue 22: 'Yellow: queen comes back on g1 with the ... card', no 'Q3:q@g1'."""
    game = PokerDrez4(seed=1, decks=1, position="ykh2 gka7 rkg14 bkn8 +yqg1",
                      hands={0: ["Q3", "J7"]}, common=["P1", "P2", "P4", "P5", "P6"])
    with in_language("en"):
        assert game.describe("Q3:q@g1") == "Yellow: queen comes back on g1 with the Magenta Queen card"
    with in_language("es"):
        assert game.describe("Q3:q@g1") == "Amarillo: dama vuelve a g1 con la carta Dama Magenta"
