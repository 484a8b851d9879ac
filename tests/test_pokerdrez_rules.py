"""PokerDrez rules: the acceptance cases A1–A9 of rules/chess-cards.md §5 and one
test for every rule and DECISION of §2 that they do not already cover."""

from __future__ import annotations

import random
import re

import chess
import pytest

import drezlab
from drezlab import Card, IllegalAction
from drezlab.core.i18n import in_language
from drezlab.games.pokerdrez import PokerDrez

A1_FEN = "6k1/8/8/8/8/3N4/5PPP/4r1K1 w - - 0 1"
A1_COMMON = ["P1", "P2", "P4", "P5", "P6"]
A5_FEN = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
START_FEN = chess.STARTING_FEN


def a1(white_hand: list[str], **kwargs) -> PokerDrez:
    kwargs.setdefault("die", 1)
    return PokerDrez(fen=A1_FEN, decks=1, hands={0: white_hand}, common=A1_COMMON, **kwargs)


def move_texts(game: PokerDrez) -> set[str]:
    """The chess moves (UCI) of the legal move actions, whatever card backs them."""
    return {game.chess_move(action).uci() for action in game.legal_actions() if action.data[0] == "move"}


def ucis(moves: list[chess.Move]) -> set[str]:
    return {move.uci() for move in moves}


def seed_rolling(value: int, fen: str = A1_FEN, **kwargs) -> PokerDrez:
    """A game whose first roll of the die gives ``value`` (found by trying seeds)."""
    for seed in range(500):
        game = PokerDrez(seed=seed, fen=fen, **kwargs)
        probe = game.copy()
        probe.play("roll")
        if probe.die_value == value:
            return game
    raise AssertionError(f"no seed rolls {value}")


# --------------------------------------------------------------------- A1–A9
def test_a1_card_mate_pawn_cards_cannot_move_the_knight() -> None:
    game = a1(["P3", "P7"])
    assert game.is_over
    assert game.outcome.reason == "checkmate"
    assert game.outcome.winners == (1,)
    assert game.legal_actions() == []


@pytest.mark.parametrize("card", ["N4", "J8", "Q9", "R9", "B9"])
def test_a2_knight_joker_or_absent_figure_permits_only_nxe1(card: str) -> None:
    game = a1(["P3", card])
    assert not game.is_over
    assert move_texts(game) == {"d3e1"}
    assert {str(a) for a in game.legal_actions() if a.data[0] == "move"} == {f"{card}:d3e1"}


def test_a3_die_holder_rolls_one_and_is_mated() -> None:
    game = seed_rolling(1, decks=1, hands={0: ["P3", "P7"]}, common=A1_COMMON, die=0)
    assert {str(a) for a in game.legal_actions()} == {"roll", "stop"}
    game.play("roll")
    assert game.outcome.reason == "checkmate" and game.outcome.winners == (1,)


@pytest.mark.parametrize("value", [2, 3, 4, 5, 6])
def test_a3_die_two_to_six_permits_nxe1_without_a_card(value: int) -> None:
    game = seed_rolling(value, decks=1, hands={0: ["P3", "P7"]}, common=A1_COMMON, die=0)
    pile_before, discard_before = game.pile_count, len(game.discard)
    game.play("roll")
    assert game.die_value == value
    assert game.die_holder == 1, "after any roll the die passes to the opponent"
    assert [str(a) for a in game.legal_actions()] == ["die:d3e1"]
    game.play("die:d3e1")
    assert game.pile_count == pile_before and len(game.discard) == discard_before
    assert game.hands[0] == [Card.parse("P3"), Card.parse("P7")]
    assert game.to_move == 1 and game.die_value is None


def test_a4_pawn_removal_then_king_moves_with_a_pawn_card() -> None:
    game = PokerDrez(seed=4, decks=1)
    assert game.phase == "remove" and game.to_move == 1, "Black removes first"
    assert game.hands == [[], []] and game.common == [], "D4: no card is dealt before the removal"
    game.play("remove d7")
    assert game.to_move == 0
    with pytest.raises(IllegalAction, match="Black's file"):
        game.play("remove d2")
    game.play("remove e2")
    assert game.board.fen() == "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
    pawn_card = ucis(game.permitted_moves(cards=["P4"]))
    assert {"e1e2", "a2a3", "d2d4", "f2f4"} <= pawn_card
    assert not {"d1g4", "f1d3", "e1g1"} & pawn_card


def test_a5_castling_is_a_rook_move_only() -> None:
    game = PokerDrez(fen=A5_FEN, decks=1)
    rook = ucis(game.permitted_moves(cards=["R1"]))
    assert {"e1g1", "h1f1", "h1g1"} <= rook
    pawn = ucis(game.permitted_moves(cards=["P1"]))
    assert {"e1f1", "e1e2", "d2d4"} <= pawn
    assert "e1g1" not in pawn, "D5: the king-with-any-card rule does not cover castling"


def test_a6_figure_with_no_pieces_acts_as_joker_for_that_side_only() -> None:
    fen = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/R1BQKB1R w KQkq - 0 1"
    white = PokerDrez(fen=fen, decks=1)
    assert ucis(white.permitted_moves(cards=["N1"])) == ucis(list(white.board.legal_moves))
    assert "d1h5" in ucis(white.permitted_moves(cards=["N1"]))
    black = PokerDrez(fen=fen.replace(" w ", " b "), decks=1)
    pieces = {black.board.piece_type_at(m.from_square) for m in black.permitted_moves(cards=["N1"])}
    assert pieces == {chess.KNIGHT, chess.KING}


def test_a7_stalemate_by_cards_and_the_blocked_figures_option() -> None:
    cards = dict(hands={0: ["Q1", "R2"]}, common=["B3", "B4", "R5", "Q6", "R7"], decks=1)
    game = PokerDrez(fen=START_FEN, **cards)
    assert game.outcome.reason == "stalemate" and game.outcome.is_draw
    jokers = PokerDrez(fen=START_FEN, blocked_figures_are_jokers=True, **cards)
    assert not jokers.is_over
    assert len(move_texts(jokers)) == 20


def test_a8_plain_chess_once_the_pile_is_empty() -> None:
    game = a1(["P3", "P7"], pile=[])
    assert game.plain_chess and not game.is_over
    assert [str(a) for a in game.legal_actions()] == ["d3e1"]
    game.play("Nxe1")
    assert game.board.peek().uci() == "d3e1"


def test_a9_neutral_exchange_for_a_knight_saves_white() -> None:
    # A9 says "Neutral + Pawn-2", but in one deck Pawn-2 is already a common card of A1: Pawn-3 stands in.
    game = a1(["X1", "P3"], pile=["N5", "P9"])
    assert {"X1>pile", "X1>hand", "stop"} <= {str(a) for a in game.legal_actions()}
    assert move_texts(game) == set()
    game.play("X1>pile")
    assert game.hands[0] == [Card.parse("N5"), Card.parse("P3")]
    assert [str(a) for a in game.legal_actions() if a.data[0] == "move"] == ["N5:d3e1"]


def test_a9_neutral_exchange_that_brings_no_permission_is_mate() -> None:
    game = a1(["X1", "P3"], pile=["P9", "N5"])
    game.play("X1>pile")
    assert game.outcome.reason == "checkmate" and game.outcome.winners == (1,)


def test_a9_random_card_from_the_opponent_then_the_opponent_draws() -> None:
    game = PokerDrez(fen=A1_FEN, decks=1, hands={0: ["X1", "P3"], 1: ["J1", "J2"]}, common=A1_COMMON,
                     pile=["P9", "P8"], die=1)
    game.play("X1>hand")
    taken = game.hands[0][0]
    assert taken.id in ("J1", "J2")
    assert len(game.hands[1]) == 2 and Card.parse("P9") in game.hands[1], "the opponent draws back to 2"
    assert [str(a) for a in game.legal_actions() if a.data[0] == "move"] == [f"{taken.id}:d3e1"]


def test_stop_ends_the_search_for_a_permitted_move() -> None:
    game = a1(["P3", "P7"], die=0)
    game.play("stop")
    assert game.outcome.reason == "checkmate"


# ------------------------------------------------------------ setup (§2.1)
@pytest.mark.parametrize("decks,pile", [(1, 47), (2, 103)])
def test_deal_two_private_and_five_common_cards(decks: int, pile: int) -> None:
    game = PokerDrez(seed=11, decks=decks, pawn_removal=False)
    assert [len(hand) for hand in game.hands] == [2, 2]
    assert len(game.common) == 5 and game.pile_count == pile
    assert game.die_holder == 1 and game.to_move == 0


def test_deal_alternates_from_white_then_lays_the_common_cards() -> None:
    game = PokerDrez(seed=5, decks=1, pawn_removal=False)
    order = drezlab.Deck.all_cards(1)
    random.Random(5).shuffle(order)
    top = order[::-1]
    assert game.hands[0] == [top[0], top[2]] and game.hands[1] == [top[1], top[3]]
    assert game.common == top[4:9]


def test_black_may_keep_all_pawns_then_white_chooses_any_pawn() -> None:
    game = PokerDrez(seed=1, decks=1)
    game.play("keep")
    assert {str(a) for a in game.legal_actions()} == {f"remove {f}2" for f in "abcdefgh"} | {"keep"}
    game.play("remove a2")
    assert game.phase == "play" and game.board.piece_at(chess.A2) is None
    assert game.board.castling_rights == chess.BB_CORNERS, "a removed pawn does not affect castling"


def test_same_seed_same_game_and_seat_zero_is_white() -> None:
    assert PokerDrez(seed=9).to_json() == PokerDrez(seed=9).to_json()
    assert PokerDrez(seed=9).to_json() != PokerDrez(seed=10).to_json()
    assert drezlab.new("pokerdrez", seed=9).to_json() == PokerDrez(seed=9).to_json()


# ------------------------------------------------------ permission (§2.2)
def test_king_moves_with_any_card_including_a_neutral() -> None:
    fen = "4k3/8/8/8/8/8/3PPP2/4K3 w - - 0 1"
    game = PokerDrez(fen=fen, decks=1, hands={0: ["X1", "P1"]}, common=["P2", "P3", "P4", "P5", "P6"])
    neutral = {str(a) for a in game.legal_actions() if a.text.startswith("X1:")}
    assert neutral == {"X1:e1d1", "X1:e1f1"}


def test_card_acting_as_joker_is_rechecked_after_a_promotion() -> None:
    fen = "7k/P7/8/8/8/8/8/R3K3 w - - 0 1"
    game = PokerDrez(fen=fen, decks=1, hands={0: ["Q1", "P1"]}, common=["P2", "P3", "P4", "P5", "P6"])
    assert "a1a5" in move_texts(game), "no queen: the Queen card acts as a joker"
    game.play("P1:a7a8q")
    game.play(next(a for a in game.legal_actions() if a.data[0] == "move"))
    if game.phase == "return":
        game.play(game.legal_actions()[0])
    assert game.to_move == 0
    queen_moves = {game.board.piece_type_at(m.from_square) for m in game.permitted_moves(cards=["Q1"])}
    assert queen_moves == {chess.QUEEN, chess.KING}, "with a queen on the board the card is a queen card again"


def test_blocked_figures_option_only_changes_blocked_figures() -> None:
    plain = PokerDrez(fen=START_FEN, decks=1)
    jokers = PokerDrez(fen=START_FEN, decks=1, blocked_figures_are_jokers=True)
    assert ucis(plain.permitted_moves(cards=["R1"])) == set()
    assert len(jokers.permitted_moves(cards=["R1"])) == 20
    assert len(jokers.permitted_moves(cards=["N1"])) == 4, "knights can move: the card stays a knight card"


def test_an_unpermitted_move_is_refused_with_a_reason_and_changes_nothing() -> None:
    game = PokerDrez(fen=A5_FEN, decks=1, hands={0: ["P1", "P2"]}, common=["P3", "P4", "P5", "P6", "P7"])
    before = game.to_json()
    with pytest.raises(IllegalAction, match="castling is a rook move"):
        game.play("P1:e1g1")
    with pytest.raises(IllegalAction, match="not in the hand of White"):
        game.play("J1:e1g1")
    with pytest.raises(IllegalAction, match="the king on e1 cannot go to e3 now"):
        game.play("P1:e1e3")
    assert game.to_json() == before


# ----------------------------------------------------- turn sequence (§2.3)
def test_private_card_is_discarded_and_replaced_from_the_pile() -> None:
    game = PokerDrez(fen=START_FEN, decks=1, hands={0: ["P1", "N2"]}, common=["B3", "B4", "B5", "B6", "B7"],
                     pile=["Q9", "J9"])
    game.play("P1:e2e4")
    assert game.discard[-1] == Card.parse("P1")
    assert game.hands[0] == [Card.parse("N2"), Card.parse("Q9")], "the top of the pile is its last card"
    assert game.to_move == 1 and game.pile_count == 1


def test_common_card_then_return_one_of_three_cards() -> None:
    game = PokerDrez(fen=START_FEN, decks=1, hands={0: ["P1", "P2"]}, common=["N3", "B4", "B5", "B6", "B7"],
                     pile=["Q9", "J9"])
    game.play("N3:g1f3")
    assert game.phase == "return" and game.to_move == 0
    assert {str(a) for a in game.legal_actions()} == {"return P1", "return P2", "return Q9"}
    game.play("return Q9")
    assert Card.parse("Q9") in game.common and len(game.common) == 5
    assert game.hands[0] == [Card.parse("P1"), Card.parse("P2")]
    assert game.to_move == 1


def test_pile_emptied_mid_turn_skips_the_owed_draw_and_then_plain_chess() -> None:
    game = PokerDrez(fen=START_FEN, decks=1, hands={0: ["X1", "P2"]}, common=["N3", "B4", "B5", "B6", "B7"],
                     pile=["J9"])
    game.play("X1>pile")
    assert game.pile_count == 0 and not game.plain_chess, "plain chess starts only with the next turn"
    game.play("N3:g1f3")
    assert game.phase == "play" and game.to_move == 1 and len(game.common) == 4
    assert game.plain_chess
    assert "e7e5" in {str(a) for a in game.legal_actions()}


def test_exchange_for_a_common_card_refills_the_common_cards() -> None:
    game = PokerDrez(fen=START_FEN, decks=1, hands={0: ["X1", "P2"]}, common=["N3", "B4", "B5", "B6", "B7"],
                     pile=["J9", "J8"])
    game.play("X1>N3")
    assert game.hands[0] == [Card.parse("N3"), Card.parse("P2")]
    assert game.common == [Card.parse(c) for c in ["J9", "B4", "B5", "B6", "B7"]]
    assert game.to_move == 0, "an exchange is free: the player still moves"


def test_common_neutral_cannot_take_a_common_card() -> None:
    game = PokerDrez(fen=START_FEN, decks=1, hands={0: ["P1", "P2"]}, common=["X1", "B4", "B5", "B6", "B7"],
                     pile=["J9", "J8"])
    exchanges = {str(a) for a in game.legal_actions() if a.data[0] == "exchange"}
    assert exchanges == {"X1>pile", "X1>hand"}
    game.play("X1>pile")
    assert game.common[0] == Card.parse("J9")


# ------------------------------------------------------------ the die (§2.6)
def test_die_can_be_rolled_once_per_turn_and_its_use_is_optional() -> None:
    game = seed_rolling(1, fen=START_FEN, decks=1, hands={0: ["N1", "N2"]}, die=0)
    game.play("roll")
    texts = {str(a) for a in game.legal_actions()}
    assert "roll" not in texts
    assert "die:e2e4" in texts and "N1:g1f3" in texts
    game.play("N1:g1f3")
    assert game.die_holder == 1 and game.die_value is None
    assert "roll" in {str(a) for a in game.legal_actions()}, "Black may now roll on a later turn"


def test_die_virtual_card_follows_permission_rules() -> None:
    game = seed_rolling(1, fen=A5_FEN, decks=1, hands={0: ["P1", "P2"]}, common=["P3", "P4", "P5", "P6", "P7"],
                        die=0)
    game.play("roll")
    die_moves = {game.chess_move(a).uci() for a in game.legal_actions() if a.text.startswith("die:")}
    assert "e1f1" in die_moves, "the die permits king moves (D9)"
    assert "e1g1" not in die_moves and "f3e5" not in die_moves
    rook = seed_rolling(4, fen=A5_FEN, decks=1, hands={0: ["P1", "P2"]},
                        common=["P3", "P4", "P5", "P6", "P7"], die=0)
    rook.play("roll")
    assert "die:e1g1" in {str(a) for a in rook.legal_actions()}


def test_undo_of_a_roll_restores_the_randomness() -> None:
    game = PokerDrez(seed=3, fen=START_FEN, decks=1, die=0)
    before = game.to_json()
    game.play("roll")
    first = game.die_value
    game.undo()
    assert game.to_json() == before
    game.play("roll")
    assert game.die_value == first


# ------------------------------------------------------ end of game (§2.8, D1)
def test_insufficient_material_ends_the_game_at_once() -> None:
    game = PokerDrez(fen="4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", decks=1)
    game.play(next(a for a in game.legal_actions() if a.data[0] == "move" and game.chess_move(a).uci() == "e1e2"))
    if game.phase == "return":
        game.play(game.legal_actions()[0])
    assert game.outcome.reason == "insufficient material" and game.outcome.is_draw


def shuffle_knights(game: PokerDrez, plies: int) -> None:
    """Knights out and back, backed by any permitting card; returns answered at random."""
    route = ["g1f3", "g8f6", "f3g1", "f6g8"]
    for ply in range(plies):
        uci = route[ply % 4]
        game.play(next(a for a in game.legal_actions() if a.data[0] == "move" and game.chess_move(a).uci() == uci))
        if game.phase == "return":
            game.play(game.legal_actions()[0])


def test_threefold_repetition_ends_the_game_automatically() -> None:
    game = PokerDrez(fen=START_FEN, decks=2, hands={0: ["J1", "J2"], 1: ["J3", "J4"]},
                     common=["J5", "J6", "J7", "J8", "J9"])
    shuffle_knights(game, 8)
    assert game.outcome.reason == "threefold repetition"


def test_threefold_repetition_in_claim_mode_offers_a_claim() -> None:
    game = PokerDrez(fen=START_FEN, decks=2, draw_claims="claim", hands={0: ["J1", "J2"], 1: ["J3", "J4"]},
                     common=["J5", "J6", "J7", "J8", "J9"])
    shuffle_knights(game, 8)
    assert not game.is_over
    game.play("claim")
    assert game.outcome.is_draw and "threefold" in game.outcome.reason


def test_fifty_move_rule() -> None:
    game = PokerDrez(fen="4k3/8/8/8/8/8/R7/4K3 w - - 99 80", decks=1)
    game.play(next(a for a in game.legal_actions() if a.data[0] == "move" and game.chess_move(a).uci() == "a2b2"))
    if game.phase == "return":
        game.play(game.legal_actions()[0])
    assert game.outcome.reason == "fifty-move rule"


def test_seventy_five_move_rule_is_automatic_even_in_claim_mode() -> None:
    game = PokerDrez(fen="4k3/8/8/8/8/8/R7/4K3 w - - 149 80", decks=1, draw_claims="claim")
    game.play(next(a for a in game.legal_actions() if a.data[0] == "move" and game.chess_move(a).uci() == "a2b2"))
    if game.phase == "return":
        game.play(game.legal_actions()[0])
    assert game.outcome.reason == "seventy-five-move rule"


def test_plain_chess_checkmate_is_fide_checkmate() -> None:
    game = PokerDrez(fen="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", decks=1, pile=[])
    game.play("Ra8#")
    assert game.outcome.reason == "checkmate" and game.outcome.winners == (0,)


# ------------------------------------------------------------ betting (§2.10)
def betting_game() -> PokerDrez:
    return PokerDrez(fen=START_FEN, decks=1, betting=(5, 20), hands={0: ["J1", "J2"], 1: ["J3", "J4"]},
                     common=["J5", "J6", "J7", "J8", "J9"])


def test_raise_must_be_answered_and_refusing_loses_the_previous_bet() -> None:
    game = betting_game()
    assert "raise 21" not in {str(a) for a in game.legal_actions()}
    game.play("raise 10")
    assert game.phase == "answer" and game.to_move == 1
    assert {"accept", "refuse", "raise 11"} <= {str(a) for a in game.legal_actions()}
    game.play("refuse")
    assert game.outcome.winners == (0,) and game.outcome.payoffs == (5, -5)


def test_re_raise_then_accept_returns_to_the_player_whose_turn_it_is() -> None:
    game = betting_game()
    game.play("raise 8")
    game.play("raise 12")
    assert game.to_move == 0 and game.phase == "answer"
    game.play("accept")
    assert game.phase == "play" and game.to_move == 0 and game.bet == 12 and game.last_raiser == 1
    assert not any(a.text.startswith("raise") for a in game.legal_actions()), "one raise per turn"


def test_draw_costs_the_last_raiser_the_bet() -> None:
    game = PokerDrez(fen="4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", decks=1, betting=(5, 20))
    game.play("raise 7")
    game.play("accept")
    game.play(next(a for a in game.legal_actions() if a.data[0] == "move" and game.chess_move(a).uci() == "e1e2"))
    if game.phase == "return":
        game.play(game.legal_actions()[0])
    assert game.outcome.is_draw and game.outcome.payoffs == (-7, 7)


# ---------------------------------------------------- hidden information (D12)
def test_views_hide_the_other_hand_and_the_pile() -> None:
    game = PokerDrez(seed=8, pawn_removal=False)
    white = game.view(0)
    assert white.ids("hand-0") == tuple(card.id for card in game.hands[0])
    assert white.ids("hand-1") == ("??",) * len(game.hands[1])
    assert white.zone("pile").count == game.pile_count and white.ids("pile") == ()
    assert white.ids("common") == tuple(card.id for card in game.common)
    record = white.to_json()
    for card in game.hands[1] + game.pile:
        assert not re.search(rf'"{card.id}"', record), card.id
    assert not hasattr(white, "play"), "a view cannot be played"
    with pytest.raises(drezlab.BadRecord, match="view"):
        PokerDrez.from_json(record)


# ------------------------------------------------------------------- PGN
def test_pgn_records_the_cards_as_comments() -> None:
    game = PokerDrez(fen=START_FEN, decks=1, hands={0: ["P1", "N2"], 1: ["P3", "N4"]},
                     common=["B3", "B4", "B5", "B6", "B7"], pile=["J8", "J9"])
    game.play("P1:e4")
    game.play("N4:Nf6")
    pgn = game.pgn()
    assert "1. e4 { card P1 } 1... Nf6 { card N4 }" in pgn
    assert '[FEN "' not in pgn or "SetUp" in pgn


@pytest.mark.parametrize("blocked", [False, True])
def test_permitted_moves_agree_with_the_move_actions(blocked: bool) -> None:
    """The fast ``permitted_moves`` (from-masks) and the per-card action list are two
    computations of the set P of §2.8; on every position of several games they agree."""
    from drezlab.players import RandomPlayer

    checked = 0
    for seed in range(6):
        game = PokerDrez(seed=seed, decks=1, blocked_figures_are_jokers=blocked)
        bot = RandomPlayer(seed)
        while not game.is_over:
            if game.phase == "play":
                assert ucis(game.permitted_moves()) == move_texts(game)
                checked += 1
            game.play(bot.choose(game))
    assert checked > 100


def test_incremental_repetition_count_agrees_with_python_chess() -> None:
    from drezlab.players import RandomPlayer

    seen_repetition = False
    for seed in range(8):
        game = PokerDrez(seed=seed, decks=1, draw_claims="claim")
        bot = RandomPlayer(seed)
        while not game.is_over:
            if game.phase == "play":
                assert (game._repetition_count() >= 3) == game.board.is_repetition(3)
                seen_repetition |= game.board.is_repetition(3)
            game.play(bot.choose(game))
            if len(game.history) % 7 == 0:
                game.undo()
                game.play(bot.choose(game))
    assert seen_repetition


def test_the_move_log_says_the_move_and_the_card_in_words() -> None:
    """Issue 22: a log line names the move in words and the card as the deck prints it."""
    game = PokerDrez(fen=A1_FEN, decks=1, hands={0: ["X1", "P3"], 1: ["J1", "J2"]}, common=A1_COMMON,
                     pile=["P9", "P8"], die=1)
    with in_language("en"):
        assert game.describe("X1>hand") == "White: exchanged the neutral card for a card of the opponent"
    with in_language("es"):
        assert game.describe("X1>hand") == "Blancas: cambió la carta neutral por una carta del rival"
    game.play("X1>hand")
    taken = game.hands[0][0]
    with in_language("en"):
        line = game.describe(f"{taken.id}:d3e1")
    assert line.startswith("White: ") and f"with the {taken.name('en')} card" in line
    assert taken.id not in line
