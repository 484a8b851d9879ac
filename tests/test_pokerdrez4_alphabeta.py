"""PokerDrez for 4's strongest level, the team alpha-beta bot (``alphabeta``): it sees
both opponents and its partner, reads only what its seat may know, and its capture
generator agrees with the rules' own move list."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from drezlab.boards import kind_of, seat_of
from drezlab.games.pokerdrez4 import PokerDrez4
from drezlab.games.pokerdrez4.bots import AlphaBetaTeamPlayer, SearchTeamPlayer, _captures, stuck_chance
from drezlab.games.pokerdrez4.cross import KING, TEAMS, move_text, opponents
from drezlab.testing import random_plies

KINGS = "ykh1 gka7 rkg14 bkn8"
PAWN_COMMONS = ["P1", "P2", "P3", "P4", "P6"]


def position(pieces: str, hand: list[str]) -> PokerDrez4:
    """Yellow to move with ``hand``; Yellow has no pawn, so the common pawn cards act as
    Jokers for it (§2.2 rule 2) and every legal move is permitted."""
    return PokerDrez4(seed=1, decks=1, position=f"{KINGS} {pieces}", hands={0: hand}, common=PAWN_COMMONS)


def test_it_sees_the_second_opponent_that_the_two_ply_search_misses() -> None:
    """Qh6xl6 wins a rook, but Blue's pawn on m7 (Blue moves after Green and Red)
    takes the queen back. The two-ply search looks only at Green's answer and grabs
    the rook; the team search keeps its queen on a square no opponent attacks."""
    pieces = "yqh6 yne3 gpd5 brl6 bpm7"
    assert SearchTeamPlayer(seed=2).choose(position(pieces, ["Q5", "N9"])).text.endswith("h6l6")
    game = position(pieces, ["Q5", "N9"])
    action = AlphaBetaTeamPlayer(seed=2, nodes=3000).choose(game)
    assert action.text.split(":")[1].startswith("h6") and not action.text.endswith("l6"), action.text
    game.play(action)
    queen = game.board.move_stack[-1][0].to
    assert not game.board.attacked_by(queen, opponents(0)), "the queen stands where no opponent attacks it"


def test_it_counts_on_the_partner_to_recapture() -> None:
    """Rd6xd10 takes a rook that Green's bishop retakes; with Red's pawn on e11 to take
    the bishop back the exchange wins a piece, without it the rook steps away."""
    backed = AlphaBetaTeamPlayer(seed=3, nodes=3000).choose(position("yrd6 grd10 gbc11 rpe11 yne3 gpd5", ["R5", "N9"]))
    alone = AlphaBetaTeamPlayer(seed=3, nodes=3000).choose(position("yrd6 grd10 gbc11 yne3 gpd5", ["R5", "N9"]))
    assert backed.text == "R5:d6d10"
    assert alone.text.split(":")[1].startswith("d6") and not alone.text.endswith("d10"), alone.text


def test_it_decides_from_what_its_seat_may_know_and_repeats_with_its_seed() -> None:
    """Deals that differ only in cards Yellow may not see give the same choice: the
    search reads the public board and Yellow's own permitted moves, and stops on a
    node budget, not on the clock."""
    game = PokerDrez4(seed=21, decks=1)
    rng = random.Random(3)
    chosen = AlphaBetaTeamPlayer(seed=5, nodes=600).choose(game).text
    for _ in range(2):
        assert AlphaBetaTeamPlayer(seed=5, nodes=600).choose(game.resample(0, rng)).text == chosen


def test_the_capture_generator_lists_exactly_the_legal_captures_of_opponents() -> None:
    rng = random.Random(11)
    checked = found = 0
    for seed in range(6):
        # the positions after each of up to 20 to 119 random actions
        for game in islice(random_plies(PokerDrez4(seed=seed, decks=1), rng, rng.randrange(20, 120)), 1, None):
            board = game.board
            cells = board.pos.board
            team = TEAMS[board.turn]
            legal = sorted(tuple(move) for move in board.legal_moves()
                           if move.frm >= 0 and cells[move.to] and TEAMS[seat_of(cells[move.to])] != team
                           and kind_of(cells[move.to]) != KING)
            listed = _captures(board, prune=False)
            assert sorted(tuple(move) for _, move in listed) == legal
            gains = [gain for gain, _ in listed]
            assert gains == sorted(gains, reverse=True), "most valuable victim first"
            pruned = {tuple(move) for _, move in _captures(board)}
            assert pruned <= set(legal)
            checked += 1
            found += len(legal)
    assert checked > 100 and found > 50


GREEN_BOXED = "gpa6 gpa8 gpb6 gpb7 gpb8 gnc11 grd10 gbe13 gqf12"
KNIGHT_CHECKS = ("c6", "c8", "b5", "b9")


def boxed_green(common: list[str], green_hand: list[str]) -> PokerDrez4:
    """Green's king on a7 is walled in by its own pawns and every Green piece kind is on
    the board (so no Green figure card acts as a Joker): a knight check there is mate
    unless Green has a pawn card or a Joker to take the knight."""
    return PokerDrez4(seed=1, decks=1, position=f"{KINGS} {GREEN_BOXED} yne7", hands={0: ["N5", "N9"], 1: green_hand},
                      common=common)


def test_it_checks_a_walled_king_when_the_common_cards_cannot_save_it() -> None:
    """With no pawn card or Joker among the common cards, a knight check mates unless
    Green's unseen hand holds one: worth the knight. The choice is the same whatever
    Green holds; with R3 and Q5 it mates. With a pawn card in common the check only
    loses the knight, and the bot does not give it."""
    hopeless = ["R1", "R2", "B3", "Q4", "B6"]
    for green_hand in (["R3", "Q5"], ["P3", "Q5"]):
        game = boxed_green(hopeless, green_hand)
        action = AlphaBetaTeamPlayer(seed=1, nodes=3000).choose(game)
        assert action.text[-2:] in KNIGHT_CHECKS, action.text
    game.play(action)
    assert game.outcome is None, "Green's pawn card takes the knight"
    mated = boxed_green(hopeless, ["R3", "Q5"])
    mated.play(action)
    assert mated.outcome is not None and mated.outcome.reason == "checkmate" and mated.outcome.winners == (0, 2)
    saved = AlphaBetaTeamPlayer(seed=1, nodes=3000).choose(boxed_green(["P1", "R2", "B3", "Q4", "B6"], ["R3", "Q5"]))
    assert saved.text[-2:] not in KNIGHT_CHECKS, saved.text


def test_stuck_chance_counts_the_unseen_cards_only_when_nothing_public_helps() -> None:
    game = boxed_green(["R1", "R2", "B3", "Q4", "B6"], ["R3", "Q5"])
    start = game.board.copy()
    assert stuck_chance(start, start.legal_moves(), [4, 4, 3, 5, 3]) == 0.0, "Yellow's king can step"
    game.play("N5:e7c6")
    board = game.board
    answers = board.legal_moves()
    assert [move_text(move) for move in answers] == ["b7c6"]
    assert stuck_chance(board, answers, [4, 4, 3, 5, 3]) == pytest.approx((1 - 2 * 9 / 56) ** 2), "a pawn card or a Joker"
    assert stuck_chance(board, answers, [4, 1, 3, 5, 3]) == 0.0, "a pawn card in common"
    assert stuck_chance(board, answers, [6]) == 0.0, "a Joker in common"
    assert stuck_chance(board, [], []) == 1.0
