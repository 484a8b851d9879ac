"""EDAMI rules: the acceptance cases A5, A10–A18 of rules/chess-cards.md §5 and one
test per card kind, option and DECISION (D21–D41), each on a position where the rule matters."""

from __future__ import annotations

import chess
import pytest

import drezlab
from drezlab import BadRecord, IllegalAction
from drezlab.core.i18n import in_language
from drezlab.games.edami import Edami, EdamiDeck, parse_spec
from drezlab.games.edami.actions import ChessMove
from drezlab.games.edami.moves import Effect, in_check, legal_moves

A5_FEN = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
START = chess.STARTING_FEN


def texts(game: Edami) -> set[str]:
    return {a.text for a in game.legal_actions()}


def moves(game: Edami) -> set[str]:
    """The chess moves (UCI) among the legal actions."""
    return {a.text for a in game.legal_actions() if isinstance(a.data, ChessMove)}


# ------------------------------------------------------------------ A5, A10
def test_a5_castling_is_a_king_entry_never_a_rook_entry() -> None:
    king = Edami(fen=A5_FEN, drawn="Move one: K")
    assert king.phase == "card" and "e1g1" in moves(king)
    rook = Edami(fen=A5_FEN, drawn="Move one: R")
    assert moves(rook) == {"h1f1", "h1g1"}


def test_a5_d28_castling_moves_king_and_rook_for_the_turn() -> None:
    # castling moves the rook too (D28), so the Rook entry stays empty: score 1 < 2 (D27)
    game = Edami(fen=A5_FEN, drawn="Move both: K R")
    assert "e1g1" not in moves(game) and {"e1f1", "h1g1"} <= moves(game)
    alone = Edami(fen=A5_FEN, drawn="Move one: K")
    alone.play("e1g1")
    assert alone.board.turn == chess.BLACK


def test_a10_rule6_check_by_the_first_sub_move_ends_the_turn() -> None:
    game = Edami(fen=A5_FEN, drawn="Move both: Q B")
    assert "c4f7" in moves(game)
    game.play("c4f7")
    assert game.board.turn == chess.BLACK and game.phase == "start"
    other = Edami(fen=A5_FEN, drawn="Move both: Q B")
    other.play("d1e2")
    assert other.phase == "card" and all(m.startswith("c4") for m in moves(other))
    other.play("c4b5")
    assert other.board.turn == chess.BLACK


# -------------------------------------------------------------- A11, A12
A11_FEN = "6k1/8/8/8/8/8/2Q2PPP/4r1K1 w - - 0 1"


def test_a11_superqueen_knight_jump_defends_so_it_is_not_mate_and_no_draw() -> None:
    assert Edami(fen=A11_FEN).outcome.reason == "checkmate"
    game = Edami(fen=A11_FEN, temporary=("Temporary: superqueen", 0))
    assert not game.is_over
    assert moves(game) == {"c2e1"}
    assert "draw" not in texts(game)            # Rule 7


A12_FEN = "6k1/8/8/8/8/7P/5PP1/4r1K1 w - - 0 1"


def test_a12_lead_king_holder_who_must_move_the_king_loses() -> None:
    game = Edami(fen=A12_FEN, temporary=("Temporary: lead-king", 0))
    assert game.outcome.reason == "lead king" and game.outcome.winners == (1,)
    not_holder = Edami(fen=A12_FEN, temporary=("Temporary: lead-king", 1))
    assert not not_holder.is_over and moves(not_holder) == {"g1h2"}


def test_d39_lead_king_with_a_usable_veto_offers_only_the_veto() -> None:
    game = Edami(fen="6k1/8/8/8/8/7P/4rPP1/6K1 b - - 0 1", temporary=("Temporary: lead-king", 0),
                 specials={0: ["Veto"]})
    game.play("e2e1")
    assert not game.is_over
    assert texts(game) == {"veto", "resign"}
    game.play("veto")
    assert game.board.turn == chess.BLACK and "e2e1" not in moves(game) and "draw" not in texts(game)


def test_d39_lead_king_with_a_non_king_answer_is_not_lost() -> None:
    game = Edami(fen="6k1/8/8/8/8/7P/5PP1/R3r1K1 w - - 0 1", temporary=("Temporary: lead-king", 0))
    assert not game.is_over and "a1e1" in moves(game)


# -------------------------------------------------------------- A13, A14
def test_a13_remove_that_would_expose_the_own_king_is_discarded() -> None:
    game = Edami(fen="4r1k1/8/8/8/4n3/8/8/4K3 w - - 0 1", drawn="Remove: N")
    assert game.phase == "free" and "e1d1" in moves(game)
    first = Edami(fen="4r1k1/8/8/8/4n3/8/8/4K3 w - - 0 1", drawn="Remove: N", edition=1)
    assert first.board.turn == chess.BLACK and first.phase == "start"
    must = Edami(fen="1n2r1k1/8/8/8/4n3/8/8/4K3 w - - 0 1", drawn="Remove: N")
    assert texts(must) == {"remove b8"}
    must.play("remove b8")
    assert must.board.piece_at(chess.B8) is None and must.lost[chess.BLACK][chess.KNIGHT] == 1
    assert must.board.turn == chess.BLACK


@pytest.mark.parametrize("card", ["Move one: N", "Recover: R"])
def test_a14_impossible_card_normal_move_or_lost_turn(card: str) -> None:
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    second = Edami(fen=fen, drawn=card, lost="")
    assert second.phase == "free" and "e2e4" in moves(second)
    first = Edami(fen=fen, drawn=card, lost="", impossible_card="lose_turn")
    assert first.board.turn == chess.BLACK and first.board.fen().split()[4] == "1"


# ------------------------------------------------------------------ A15, A16
def test_a15_forced_order_queen_first_then_king() -> None:
    game = Edami(fen="6k1/8/8/8/8/8/6PP/6QK w - - 0 1", drawn="Move both: K Q")
    assert moves(game) and all(m.startswith("g1") for m in moves(game))
    game.play("g1f1")
    assert moves(game) == {"h1g1"}
    game.play("h1g1")
    assert game.board.turn == chess.BLACK


def test_a16_mid_turn_stalemate_is_judged_at_the_end_of_the_turn() -> None:
    game = Edami(fen="7k/5K2/8/8/8/8/P7/6Q1 w - - 0 1", drawn="Move both: Q P")
    game.play("g1g6")
    assert not game.is_over and game.phase == "card"
    game.play("a2a3")
    assert game.outcome.reason == "stalemate"


# ------------------------------------------------------------------ A17, A18
def test_a17_mandatory_card_king_capture_pass_in_check_then_the_king_is_taken() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", mandatory_card=True, king_capture=True,
                 pile=["Lose a turn", "Blank"])
    assert texts(game) == {"draw", "resign"}
    game.play("draw")
    assert game.board.turn == chess.BLACK
    game.play("draw")
    assert "e2e1" in moves(game)
    game.play("e2e1")
    assert game.outcome.reason == "king captured" and game.outcome.winners == (1,)


# ------------------------------------------------------------ A17b, A17c, A17d
A17B_FEN = "4k3/7p/8/8/4N3/8/7P/4K3 w - - 0 1"


def test_a17b_d27_a_check_is_never_compulsory_under_a_movement_card() -> None:
    # no white rook: m* = 1, and every knight move fills the knight entry, checking or not
    game = Edami(fen=A17B_FEN, drawn="Move both: R N")
    assert game.phase == "card"
    assert moves(game) == {"e4c3", "e4c5", "e4d2", "e4d6", "e4f2", "e4f6", "e4g3", "e4g5"}
    game.play("e4c3")
    assert game.board.turn == chess.BLACK
    checking = Edami(fen=A17B_FEN, drawn="Move both: R N")
    checking.play("e4d6")
    assert checking.board.turn == chess.BLACK and checking.in_check()


def test_d27_a_checking_sub_move_ends_the_sequence_and_counts_one_entry() -> None:
    # Qd8+ ends the turn at once (always allowed); a quiet queen move must leave the pawn free to move
    game = Edami(fen="6k1/8/8/8/8/8/P7/3QK3 w - - 0 1", drawn="Move both: Q P")
    assert "d1d8" in moves(game) and "a2a3" in moves(game) and "d1a4" in moves(game)
    game.play("d1d8")
    assert game.board.turn == chess.BLACK
    blocked = Edami(fen="6k1/8/8/8/8/8/P7/3QK3 w - - 0 1", drawn="Move both: Q P")
    assert "d1a3" not in moves(blocked)             # a quiet Qa3 would block the only pawn: m* lost


def test_a17c_d35_a_mating_move_ends_the_game_before_any_prize() -> None:
    game = Edami(fen="6bk/7p/8/8/8/8/8/2B3K1 w - - 0 1", specials={0: ["Objective: check"]}, lost="P")
    game.play("c1b2")
    assert game.is_over and game.outcome.winners == (0,) and game.outcome.reason == "checkmate"
    assert game.legal_actions() == [] and game.phase != "prize"
    assert game.board.pieces(chess.PAWN, chess.WHITE) == chess.SquareSet()      # no pawn came back
    assert not game.specials[0] and game.used[-1].spec.param == "check"
    game.undo()
    assert game.specials[0] and not game.is_over


def test_a17d_d26_views_show_only_the_used_piles_size_and_last_card() -> None:
    pile = ["Lose a turn", "Blank", "Relocate", "Bomb: center", "Lose a turn", "Blank", "Wildcard", "Blank",
            "Lose a turn", "Move one: P"]
    game = Edami(fen=START, pile=pile, used=[], deck="\n".join(pile))
    while len(game.used) < 10:
        texts_now = texts(game)
        game.play("draw" if "draw" in texts_now else sorted(texts_now - {"resign"})[0])
    used_ids = [card.id for card in game.used]
    last = game.used[-1]
    for seat in (None, 0, 1):
        view = game.view(seat)
        assert view.zone("used").count == 10 and view.ids("used") == (last.id,)
        seen = view.to_json()
        picture = view.svg()
        for identifier in used_ids[:-1]:
            assert f'"{identifier}"' not in seen and f'data-id="{identifier}"' not in picture
        assert view.zone("pile").ids == ()
    assert "Used: 10" in game.svg() and "Pile: 0" in game.svg()


def test_a18_exhausted_deck_reshuffles_the_used_pile_but_not_kept_cards() -> None:
    deck = "10 x Lose a turn\nVeto"
    game = Edami(seed=3, deck=deck, fen=START, pile=[], specials={0: ["Veto"]})
    assert len(game.deck) == 0 and len(game.used) == 10
    game.play("draw")
    assert len(game.deck) == 9 and len(game.used) == 1 and game.specials[0]
    game.undo()
    assert len(game.deck) == 0 and len(game.used) == 10


def test_d23_nothing_to_draw_means_a_normal_move() -> None:
    game = Edami(deck="Veto", fen=START, specials={1: ["Veto"]})
    assert "draw" not in texts(game) and "e2e4" in texts(game)


# ------------------------------------------------------------- Rule 5 and 7
def test_rule5_first_sub_move_may_not_leave_the_king_in_check_d27_best_order() -> None:
    game = Edami(fen="4r1k1/8/8/8/8/R7/4B3/4K3 w - - 0 1", drawn="Move both: B R")
    assert moves(game) == {"a3e3", "a3g3"}      # unpin first, or give check (full score)
    game.play("a3e3")
    assert moves(game) and all(m.startswith("e2") for m in moves(game))


def test_rule7_a_side_in_check_may_not_draw() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    assert "draw" not in texts(game) and "e1e2" in texts(game)
    with pytest.raises(IllegalAction, match="Rule 7"):
        game.play("draw")


def test_rule3_partial_compliance_moves_what_can_move() -> None:
    game = Edami(fen=START, drawn="Move both: Q N")     # the queen is blocked: only the knight moves
    assert moves(game) == {"b1a3", "b1c3", "g1f3", "g1h3"}
    game.play("g1f3")
    assert game.board.turn == chess.BLACK


# ------------------------------------------------------------- movement cards
def test_move_one_moves_only_that_piece() -> None:
    game = Edami(fen=START, drawn="Move one: N")
    assert moves(game) == {"b1a3", "b1c3", "g1f3", "g1h3"}


def test_move_both_pawns_are_two_different_pawns() -> None:
    game = Edami(fen=START, drawn="Move both: P P")
    game.play("e2e4")
    assert "e4e5" not in moves(game) and "d2d4" in moves(game)
    game.play("d2d4")
    assert game.board.turn == chess.BLACK
    assert game.board.ep_square is None or chess.square_name(game.board.ep_square) == "d3"


def test_d29_only_the_first_sub_move_may_capture_en_passant() -> None:
    fen = "4k3/8/8/3pP3/8/8/8/4K1N1 w - d6 0 2"
    first = Edami(fen=fen, drawn="Move both: N P")
    assert "e5d6" in moves(first)
    second = Edami(fen=fen, drawn="Move both: N P")
    second.play("g1f3")
    assert "e5d6" not in moves(second) and "e5e6" in moves(second)


def test_move_three_makes_three_sub_moves() -> None:
    game = Edami(fen=START, drawn="Move three: N B P")
    game.play("e2e4")
    game.play("g1f3")
    assert game.board.turn == chess.WHITE
    game.play("f1c4")
    assert game.board.turn == chess.BLACK


def test_choose_one_moves_one_of_the_shown_pieces() -> None:
    game = Edami(fen=START, drawn="Choose one: B N")
    assert moves(game) == {"b1a3", "b1c3", "g1f3", "g1h3"}
    game.play("b1c3")
    assert game.board.turn == chess.BLACK


def test_choose_two_moves_two_different_types() -> None:
    game = Edami(fen=START, drawn="Choose two: K N P")
    game.play("e2e4")
    after = moves(game)
    assert "e1e2" in after and "g1f3" in after and "d2d4" not in after
    game.play("e1e2")
    assert game.board.turn == chess.BLACK


def test_relocate_any_piece_but_the_rival_king_to_an_empty_square() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1", drawn="Relocate")
    acts = texts(game)
    assert "relocate a1d4" in acts and "relocate e1e3" in acts
    assert not any(a.startswith("relocate e8") for a in acts)
    assert "relocate a2b8" not in acts and "relocate a2b1" not in acts and "relocate a2b7" in acts
    game.play("relocate a1a3")
    assert game.board.castling_rights == 0         # D30: the rook left its square: rights lost for good
    assert game.board.turn == chess.BLACK


def test_relocate_may_give_check_but_not_expose_the_own_king() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/4B3/R3K3 w - - 0 1", drawn="Relocate")
    game.play("relocate a1a8")
    assert game.board.turn == chess.BLACK and game.in_check()
    pinned = Edami(fen="4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", drawn="Relocate")
    assert "relocate e2a6" not in texts(pinned) and "relocate e2e5" in texts(pinned)   # still blocking
    assert "relocate e1a1" in texts(pinned)     # the own king may be relocated


def test_lose_a_turn_passes_clears_en_passant_and_counts_the_clock() -> None:
    game = Edami(fen="4k3/8/8/8/4Pp2/8/8/4K3 b - e3 3 10", drawn="Lose a turn")
    assert game.board.turn == chess.WHITE and game.board.ep_square is None
    assert game.board.halfmove_clock == 4 and game.board.fullmove_number == 11


# ------------------------------------------------------------- material cards
BOMB_FEN = "4k3/7p/8/3np3/4N3/8/7P/4K3 w - - 0 1"


def test_bomb_standard_removes_one_rival_piece_in_the_zone() -> None:
    game = Edami(fen=BOMB_FEN, drawn="Bomb: center")
    assert texts(game) == {"remove d5", "remove e5"}


def test_bomb_cruel_removes_an_own_piece_when_no_rival_is_there() -> None:
    game = Edami(fen="4k3/7p/8/8/4N3/8/7P/4K3 w - - 0 1", drawn="Bomb: center", bomb_mode="cruel")
    assert texts(game) == {"remove e4"}
    standard = Edami(fen="4k3/7p/8/8/4N3/8/7P/4K3 w - - 0 1", drawn="Bomb: center")
    assert standard.phase == "free"


def test_bomb_feroz_empties_the_zone_of_rivals() -> None:
    game = Edami(fen=BOMB_FEN, drawn="Bomb: center", bomb_mode="feroz", lost="")
    assert game.board.piece_at(chess.D5) is None and game.board.piece_at(chess.E5) is None
    assert game.board.piece_at(chess.E4) is not None and game.lost[chess.BLACK][chess.KNIGHT] == 1
    assert game.board.turn == chess.BLACK


def test_bomb_loca_removes_both_colours() -> None:
    game = Edami(fen=BOMB_FEN, drawn="Bomb: center", bomb_mode="loca")
    for square in (chess.D5, chess.E5, chess.E4):
        assert game.board.piece_at(square) is None


def test_d31_feroz_fails_whole_if_it_exposes_the_own_king() -> None:
    fen = "4r1k1/8/8/3p4/4n3/8/8/4K3 w - - 0 1"
    feroz = Edami(fen=fen, drawn="Bomb: center", bomb_mode="feroz")
    assert feroz.phase == "free" and feroz.board.piece_at(chess.D5) is not None
    standard = Edami(fen=fen, drawn="Bomb: center")
    assert texts(standard) == {"remove d5"}


def test_bomb_your_half_depends_on_the_side_to_move() -> None:
    fen = "4k3/7p/8/8/8/2n5/7P/4K3 b - - 0 1"
    black = Edami(fen=fen, drawn="Bomb: your-half")
    assert black.phase == "free"                 # Black's half (ranks 5-8) has no white piece
    white = Edami(fen=fen.replace(" b ", " w "), drawn="Bomb: your-half")
    assert texts(white) == {"remove c3"}


def test_recover_places_a_lost_piece_on_an_empty_square() -> None:
    game = Edami(fen="4k3/7p/8/8/8/8/7P/4K3 w - - 0 1", drawn="Recover: P", lost="P")
    acts = texts(game)
    assert "P@e4" in acts and "P@a1" not in acts and "P@h8" not in acts and "P@b7" in acts
    game.play("P@d7")
    assert game.board.piece_at(chess.D7) == chess.Piece(chess.PAWN, chess.WHITE)
    assert game.board.turn == chess.BLACK and game.outcome is None


def test_recover_any_offers_every_lost_type() -> None:
    game = Edami(fen="4k3/7p/8/8/8/8/7P/4K3 w - - 0 1", drawn="Recover: any", lost="QNn")
    kinds = {a.text[0] for a in game.legal_actions()}
    assert kinds == {"Q", "N"}


# ------------------------------------------------------------------ veto
VETO_FEN = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"


def vetoed_game(**kwargs: object) -> Edami:
    game = Edami(fen=VETO_FEN, pile=["Veto"], deck="3 x Lose a turn\nVeto", **kwargs)
    game.play("e8d8")
    game.play("draw")
    return game


def test_veto_used_upon_drawing_rewinds_and_forces_another_move() -> None:
    game = vetoed_game()
    assert "veto" in texts(game)
    game.play("veto")
    assert game.board.turn == chess.BLACK and game.board.king(chess.BLACK) == chess.E8
    assert "e8d8" not in texts(game) and "draw" not in texts(game) and "e8f8" in texts(game)
    game.play("e8f8")
    assert game.to_move == 0 and game.phase == "free"      # the vetoer now makes the normal move
    assert game.used[-1].spec.kind == "veto" and not game.specials[0]


def test_veto_kept_and_used_at_the_start_of_the_next_turn() -> None:
    game = vetoed_game()
    game.play("e2e4")
    game.play("d8c8")
    assert "veto" in texts(game)
    game.play("veto")
    assert "d8c8" not in texts(game)
    game.play("d8d7")
    assert game.to_move == 0 and game.phase == "start" and "draw" in texts(game)


def test_veto_cannot_cancel_a_card_or_mate_or_the_only_move() -> None:
    after_card = Edami(fen="4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", pile=["Lose a turn"], specials={0: ["Veto"]})
    after_card.play("draw")
    assert "veto" not in texts(after_card)
    mate = Edami(fen="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", specials={1: ["Veto"]})
    mate.play("a1a8")
    assert mate.outcome.reason == "checkmate" and mate.legal_actions() == []


def test_veto_is_unusable_when_the_vetoed_move_was_the_only_legal_one() -> None:
    game = Edami(fen="7k/8/5K2/8/8/8/8/6R1 b - - 0 1", specials={0: ["Veto"]})
    assert moves(game) == {"h8h7"}
    game.play("h8h7")
    assert "veto" not in texts(game)


def test_veto_not_stackable_the_second_goes_to_the_rival() -> None:
    game = Edami(fen=START, specials={0: ["Veto"]}, pile=["Veto"])
    game.play("draw")
    assert [c.spec.kind for c in game.specials[1]] == ["veto"]
    assert [c.spec.kind for c in game.specials[0]] == ["veto"]


# ------------------------------------------------------------- objectives
def test_objective_check_claims_a_pawn_after_the_checking_move() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/8/R3K3 w - - 0 1", specials={0: ["Objective: check"]}, lost="P")
    game.play("a1a8")
    assert game.phase == "prize" and "decline" in texts(game)
    game.play("P@c2")
    assert game.board.piece_at(chess.C2) is not None and game.board.turn == chess.BLACK
    assert not game.specials[0] and game.used[-1].spec.param == "check"


def test_objective_declined_or_unavailable_prize_discards_the_card() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/8/R3K3 w - - 0 1", specials={0: ["Objective: check"]}, lost="P")
    game.play("a1a8")
    game.play("decline")
    assert game.board.turn == chess.BLACK and game.lost[chess.WHITE][chess.PAWN] == 1
    nothing = Edami(fen="4k3/8/8/8/8/8/8/R3K3 w - - 0 1", specials={0: ["Objective: check"]}, lost="")
    nothing.play("a1a8")
    assert nothing.board.turn == chess.BLACK and not nothing.specials[0]


@pytest.mark.parametrize("goal, fen, move, prize", [
    ("castle", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", chess.KNIGHT),
    ("pawn-6th", "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", "e5e6", chess.BISHOP),
    ("capture", "4k3/8/8/8/8/8/1n6/R3K3 w - - 0 1", "a1a2", None),
    ("capture", "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1", "a1a2", chess.ROOK),
])
def test_each_objective_and_its_prize(goal: str, fen: str, move: str, prize: int | None) -> None:
    game = Edami(fen=fen, specials={0: [f"Objective: {goal}"]}, lost="QRBNP")
    game.play(move)
    if prize is None:
        assert game.phase == "start" and game.specials[0]     # not fulfilled
    else:
        assert game.phase == "prize"
        assert {a.text[0] for a in game.legal_actions() if "@" in a.text} == {chess.piece_symbol(prize).upper()}


def test_objective_drawn_counts_for_the_normal_move_of_the_same_turn() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/8/R3K3 w - - 0 1", pile=["Objective: check"], lost="N")
    game.play("draw")
    game.play("a1a8")
    assert game.phase == "start"            # fulfilled; the knight prize was not lost, so no prize
    assert not game.specials[0]


# ------------------------------------------------------------- temporary cards
def test_superrooks_move_and_check_like_knights_castling_unchanged() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", temporary=("Temporary: superrooks", 0))
    assert {"a1b3", "a1c2", "h1g3", "e1g1", "e1c1"} <= moves(game)
    check = Edami(fen="8/8/8/8/8/3k4/8/R3K3 w - - 0 1", temporary=("Temporary: superrooks", 0))
    assert "a1c2" in moves(check)
    check.play("a1c2")
    assert check.board.turn == chess.BLACK and "d3c2" in moves(check)


def test_superbishops_knight_jump_gives_check_to_the_rival() -> None:
    game = Edami(fen="8/8/8/8/3k4/8/4B3/4K3 b - - 0 1", temporary=("Temporary: superbishops", 0))
    assert game.in_check()
    assert "draw" not in texts(game)


def test_superknights_second_move_is_optional_and_check_ends_the_turn() -> None:
    fen = "4k3/7p/8/8/8/8/7P/1N2K1N1 w - - 0 1"
    game = Edami(fen=fen, temporary=("Temporary: superknights", 0))
    game.play("g1f3")
    assert game.phase == "knight2" and "stop" in texts(game) and "f3g5" in texts(game)
    game.play("stop")
    assert game.board.turn == chess.BLACK
    again = Edami(fen=fen, temporary=("Temporary: superknights", 0))
    again.play("g1f3")
    again.play("f3g5")
    assert again.board.turn == chess.BLACK
    checking = Edami(fen="4k3/7p/8/8/8/8/7P/1N1K4 w - - 0 1", temporary=("Temporary: superknights", 0))
    checking.play("b1c3")
    checking.play("c3d5")
    assert checking.board.turn == chess.BLACK
    first_check = Edami(fen="4k3/7p/8/3N4/8/8/7P/3K4 w - - 0 1", temporary=("Temporary: superknights", 0))
    first_check.play("d5c7")
    assert first_check.board.turn == chess.BLACK


def test_superknights_do_not_add_moves_to_card_sub_moves() -> None:
    game = Edami(fen=START, drawn="Move one: N", temporary=("Temporary: superknights", 0))
    game.play("g1f3")
    assert game.board.turn == chess.BLACK


def test_untouchable_pawns_cannot_be_captured_by_the_rival_even_en_passant_or_by_the_king() -> None:
    capture = Edami(fen="4k3/5p2/4P3/8/8/8/8/4K3 b - - 0 1", temporary=("Temporary: untouchable-pawns", 0))
    assert "f7e6" not in moves(capture) and "f7f6" in moves(capture)
    king = Edami(fen="8/8/8/8/8/3k4/3P4/4K3 b - - 0 1", temporary=("Temporary: untouchable-pawns", 0))
    assert "d3d2" not in moves(king)
    ep = Edami(fen="4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", temporary=("Temporary: untouchable-pawns", 0))
    assert "d4e3" not in moves(ep)
    holder = Edami(fen="4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", temporary=("Temporary: untouchable-pawns", 1))
    assert "d4e3" in moves(holder)


def test_no_retreat_forbids_backward_moves_and_backward_checks() -> None:
    game = Edami(fen="4k3/7p/8/8/3N4/8/7P/4K3 w - - 0 1", temporary=("Temporary: no-retreat", 0))
    assert not any(m.startswith("d4") and int(m[3]) < 4 for m in moves(game))
    assert "d4e6" in moves(game) and "d4b5" in moves(game)
    # the holder's rook above the black king does not check it (D36/D40)
    black = Edami(fen="R7/8/8/8/8/8/8/k3K3 b - - 0 1", temporary=("Temporary: no-retreat", 0))
    assert not black.in_check() and "a1a2" in moves(black)


def test_harakiri_swaps_persons_until_the_next_temporary_card() -> None:
    game = Edami(fen=START, pile=["Temporary: harakiri", "Temporary: superqueen"])
    game.play("draw")
    assert game.board.turn == chess.WHITE and game.to_move == 1     # seat 1 now plays White
    game.play("e2e4")
    assert game.to_move == 0                                        # seat 0 plays Black
    game.play("draw")
    assert game.to_move == 1 and game.effect == Effect("superqueen", chess.WHITE)
    assert not game.swapped


def test_harakiri_mate_wins_for_whoever_gives_it() -> None:
    game = Edami(fen="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", temporary=("Temporary: harakiri", 0))
    assert game.to_move == 1
    game.play("a1a8")
    assert game.outcome.reason == "checkmate" and game.outcome.winners == (1,)


def test_harakiri_suspends_objectives() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/8/R3K3 w - - 0 1", temporary=("Temporary: harakiri", 1),
                 specials={1: ["Objective: check"]}, lost="P")
    game.play("a1a8")
    assert game.phase == "start" and game.specials[1]


# ------------------------------------------------------------- comodín and blank
def test_wildcard_steals_a_special_card_and_the_effect_moves_with_it() -> None:
    game = Edami(fen=START, temporary=("Temporary: superqueen", 1), specials={1: ["Objective: check"]},
                 pile=["Wildcard"])
    game.play("draw")
    assert game.phase == "steal" and len(game.legal_actions()) == 2
    temporary_id = game.temporary[0].id
    game.play(f"steal {temporary_id}")
    assert game.effect == Effect("superqueen", chess.WHITE) and game.phase == "free"


def test_wildcard_without_rival_specials_has_no_effect() -> None:
    game = Edami(fen=START, pile=["Wildcard"])
    game.play("draw")
    assert game.phase == "free" and game.used[-1].spec.kind == "wildcard"


def test_wildcard_cannot_give_a_second_veto() -> None:
    game = Edami(fen=START, specials={0: ["Veto"], 1: ["Veto"]}, pile=["Wildcard"], deck="2 x Veto\nWildcard")
    game.play("draw")
    assert game.phase == "free"


def test_blank_card_default_none_or_a_teacher_effect() -> None:
    blank = Edami(fen=START, drawn="Blank")
    assert blank.phase == "free"
    custom = Edami(fen=START, drawn="Blank", blank_card_effect="Lose a turn")
    assert custom.board.turn == chess.BLACK


# ------------------------------------------------------------------ options
def test_mandatory_card_means_always_draw_unless_in_check() -> None:
    game = Edami(fen=START, mandatory_card=True, king_capture=False)
    assert texts(game) == {"draw", "resign"}
    checked = Edami(fen="4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", mandatory_card=True, king_capture=False)
    assert "draw" not in texts(checked) and "e1e2" in texts(checked)


def test_king_capture_allows_leaving_the_king_attacked() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", mandatory_card=True, king_capture=True, pile=["Blank"])
    game.play("draw")
    assert {"e1d1", "e1e2", "e1d2", "e1f2"} <= moves(game)       # d2 and f2 are attacked by the rook
    assert game.options["king_capture"] is True


def test_d33_king_capture_is_off_unless_asked_for_and_needs_mandatory_card() -> None:
    # drezlab 0.1 turned king capture on with every Carta Obligatoria game
    game = Edami(fen="4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", mandatory_card=True, pile=["Blank"])
    assert game.king_capture is False and game.options["king_capture"] is False
    assert "draw" not in texts(game)                       # Rule 7 wins over the mode
    assert moves(game) == {"e1d1", "e1e2", "e1f1"}
    with pytest.raises(ValueError, match="mandatory_card"):
        Edami(king_capture=True)


def test_draw_claims_auto_and_claim_threefold() -> None:
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2
    auto = Edami(fen=START)
    for move in shuffle:
        auto.play(move)
    assert auto.outcome.reason == "threefold repetition"
    claim = Edami(fen=START, draw_claims="claim")
    for move in shuffle:
        claim.play(move)
    assert not claim.is_over and "claim" in texts(claim)
    claim.play("claim")
    assert claim.outcome.reason == "draw claimed (threefold repetition)"


def test_d30_repetition_counting_survives_card_edits() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/8/RN2K3 w - - 0 1", pile=["Relocate", "Relocate"])
    game.play("draw")
    game.play("relocate b1c3")
    assert game.repetitions() == 1


def test_fifty_move_rule_and_insufficient_material() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    game.play("a1a2")
    assert game.outcome.reason == "fifty-move rule"
    assert Edami(fen="4k3/8/8/8/8/8/8/2N1K3 w - - 0 1").outcome.reason == "insufficient material"


def test_resign() -> None:
    game = Edami(fen=START)
    game.play("resign")
    assert game.outcome.winners == (1,) and game.outcome.reason == "resignation"


# ------------------------------------------------------------------ decks
def test_default_deck_is_the_d21_reconstruction() -> None:
    deck = EdamiDeck.default()
    assert len(deck) == 54 and "D21" in EdamiDeck.default.__doc__
    kinds = [spec.kind for spec in deck.cards()]
    assert kinds.count("move") + kinds.count("choose") + kinds.count("relocate") + kinds.count("lose_turn") == 26
    assert kinds.count("remove") + kinds.count("bomb") + kinds.count("recover") == 12
    assert sum(spec.is_special for spec in deck.cards()) == 16
    assert EdamiDeck.from_text(deck.to_text()) == deck


def test_basic_and_advanced_decks_and_special_card_options() -> None:
    assert not any(spec.is_special for spec in EdamiDeck.basic().cards()) and len(EdamiDeck.basic()) == 38
    assert EdamiDeck.advanced() == EdamiDeck.default()
    game = Edami(seed=1, special_cards=["veto"])
    assert {c.spec.kind for c in game.deck} & {"objective", "temporary", "wildcard", "blank"} == set()
    no_harakiri = EdamiDeck.default().without(["harakiri"])
    assert len(no_harakiri) == 53


def test_teacher_deck_in_spanish_with_counts() -> None:
    deck = EdamiDeck.from_text("3 x Mueve una: caballo\nMueve +: rey dama\nBomba: centro ampliado\n"
                               "Temporal: rey de plomo\nNo me gusta tu jugada  # veto")
    assert len(deck) == 7
    assert deck.cards()[3] == parse_spec("Move both: K Q")


@pytest.mark.parametrize("text, where", [
    ("Move one: N\nMove one: X", "line 2"),
    ("Bomb: moon", "line 1"),
    ("Mueve una: K Q", "line 1"),
    ("Elige y mueve dos: Q R", "line 1"),
    ("Quita: K", "line 1"),
    ("\n\nFlying pig", "line 3"),
])
def test_bad_deck_specs_name_the_line(text: str, where: str) -> None:
    with pytest.raises(BadRecord, match=where):
        EdamiDeck.from_text(text)


def test_teacher_position_with_pile_order_specials_and_effect() -> None:
    game = Edami(fen=START, pile=["Lose a turn", "Veto"], specials={1: ["Objective: castle"]},
                 temporary=("Temporary: superrooks", 1))
    assert game.deck[-1].spec.kind == "lose_turn" and game.deck[-2].spec.kind == "veto"
    assert game.effect == Effect("superrooks", chess.BLACK)
    extra = Edami(fen=START, pile=["Remove: Q"])          # not in the deck: added as an extra card
    assert extra.deck[-1].spec == parse_spec("Remove: Q") and len(extra.cards) == 55


# ------------------------------------------------------------------ picture
def test_svg_shows_drawn_card_kept_cards_effect_and_counts_in_spanish() -> None:
    game = Edami(fen=START, drawn="Move both: K Q", specials={1: ["Veto"]},
                 temporary=("Temporary: superqueen", 0), lost="n")
    svg = game.svg()
    assert "Move both" in svg and "Superqueen" in svg and 'data-id="pile"' in svg and 'data-id="lost-n"' in svg
    assert f'data-id="{game.specials[1][0].id}"' in svg
    drezlab.set_language("es")
    try:
        spanish = game.svg()
        assert "Mueve +" in spanish and "Superdama" in spanish and "Obedece la carta" in spanish
    finally:
        drezlab.set_language("en")


# ------------------------------------------------------------------ effect-aware attacks
def test_effect_aware_check_detection() -> None:
    board = chess.Board("8/8/8/8/3k4/8/4Q3/4K3 b - - 0 1")
    assert not in_check(board, chess.BLACK, None)
    assert in_check(board, chess.BLACK, Effect("superqueen", chess.WHITE))
    assert not in_check(board, chess.BLACK, Effect("superqueen", chess.BLACK))
    assert all(m.uci() != "d4d3" for m in legal_moves(board, Effect("superqueen", chess.WHITE)))


def test_the_move_log_says_what_happened_in_words() -> None:
    """Issue 22: moves and card actions in words, the card by its Spanish name ('Cambia')."""
    game = Edami(fen="4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1", drawn="Relocate")
    with in_language("en"):
        assert game.describe("relocate a1a3") == "White: moved the rook on a1 to a3 (Relocate)"
    with in_language("es"):
        assert game.describe("relocate a1a3") == "Blancas: llevó la torre de a1 a a3 (Cambia)"
    fresh = Edami(seed=1)
    with in_language("es"):
        assert fresh.describe("g1f3") == "Blancas: caballo a f3"
        assert fresh.describe("draw") == "Blancas: tomó una carta"


# ------------------------------------------------------------------ options
@pytest.mark.parametrize("deck", [[["x"]], [[]], ["Veto", ("Move one: N", 2, 3)], [7]])
def test_a_deck_entry_that_is_not_a_card_line_nor_a_pair_is_refused_in_words(deck: list[object]) -> None:
    """Issue 24: a malformed entry of the option ``deck`` raised IndexError; now a ValueError
    that names the option and says what is wrong, in English and in Spanish."""
    with in_language("en"):
        with pytest.raises(ValueError, match=r"the option 'deck': entry \d+ .*(empty list|neither a card line)"):
            drezlab.new("edami", deck=deck)
    with in_language("es"):
        with pytest.raises(ValueError, match=r"la opción 'deck': la entrada \d+ .*(lista vacía|no es una línea)"):
            drezlab.new("edami", deck=deck)
