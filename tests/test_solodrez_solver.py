"""The SoloDrez solver and its hint: correct on hand-made deals (a winnable one whose line
replays through ``play``, unwinnable ones proven), canonical states, budgets, the hint's
promise, and the solver's bot."""

from __future__ import annotations

import random

import pytest
from solodrez_deals import (
    BLOCKED,
    LOCKED_QUEEN,
    TRAP_MOVE,
    TRAP_PREFIX,
    TRAP_SEED,
    WINNABLE,
    WINNABLE_LINE,
    deal,
)

from drezlab.games.solodrez.bots import SolverPlayer
from drezlab.games.solodrez.game import WON, SoloDrez
from drezlab.games.solodrez.solver import LOST_TEXT, describe, hint, solve


def replay(game: SoloDrez, line: tuple[str, ...]) -> SoloDrez:
    for action in line:
        game.play(action)
    return game


def test_a_winnable_hand_made_deal_is_solved_and_its_line_replays_to_the_win() -> None:
    solution = solve(deal(*WINNABLE))
    assert solution.status == "won" and solution.won and solution.decided
    game = replay(deal(*WINNABLE), solution.line)
    assert game.outcome is not None and game.outcome.winners == (0,) and game.outcome.reason == WON
    assert len(solution.line) <= len(WINNABLE_LINE)     # no longer than the line worked out by hand


def test_a_deal_without_moves_is_proven_lost() -> None:
    solution = solve(deal(*BLOCKED))
    assert solution.status == "lost" and solution.line == () and solution.decided


def test_an_unwinnable_deal_with_moves_is_proven_lost_over_its_canonical_positions() -> None:
    """Only Q3 can move, from Joker to Joker. Sorted columns make the positions with Q3 on
    either X-based column one position, and on any of the six plain columns another: with
    the deal itself, three positions, none won."""
    solution = solve(deal(*LOCKED_QUEEN))
    assert solution.status == "lost"
    assert solution.states == 3


def test_the_solver_agrees_with_a_plain_search_through_the_game() -> None:
    """An exhaustive search with play/undo (no ranks, no canonical keys) on the positions
    of the last part of the hand-made line gives the same verdicts."""
    def plain(game: SoloDrez, seen: set[str]) -> bool:
        if game.is_over:
            return bool(game.outcome and game.outcome.winners)
        key = repr(game.columns)
        if key in seen:
            return False
        seen.add(key)
        for action in game.legal_actions():
            if action.text == "resign":
                continue
            game.play(action)
            won = plain(game, seen)
            game.undo()
            if won:
                return True
        return False

    game = replay(deal(*WINNABLE), WINNABLE_LINE[:10])
    assert plain(game.copy(), set()) is (solve(game).status == "won") is True
    locked = deal(*LOCKED_QUEEN)
    assert plain(locked.copy(), set()) is False and solve(locked).status == "lost"


def test_colours_and_column_order_do_not_change_the_search() -> None:
    """Ranks only: the same deal with its colours renamed is searched over the same
    positions. Canonical states: with its columns reordered it gets the same verdict, and
    a lost deal (searched to the end) the same number of positions."""
    game = SoloDrez(seed=4)
    columns = [[card.id for card in column] for column in game.columns]
    rename = {str(colour): str(10 - colour) for colour in range(1, 10)}
    renamed = [[card[0] + rename[card[1]] if card[0] != "X" else card for card in column] for column in columns]
    first, second = solve(columns), solve(renamed)
    assert (first.status, first.states) == (second.status, second.states) == ("won", first.states)
    assert solve(renamed[1:] + renamed[:1]).status == "won"
    locked = [column.split() for column in LOCKED_QUEEN]
    assert solve(locked[::-1]).states == solve(locked).states == 3


def test_a_seeded_deal_is_won_by_a_line_that_replays() -> None:
    game = SoloDrez(seed=1)
    solution = solve(game)
    assert solution.status == "won"
    replay(game, solution.line)
    assert game.outcome is not None and game.outcome.winners == (0,)


def test_a_budget_too_small_leaves_the_deal_undecided() -> None:
    solution = solve(SoloDrez(seed=1), budget=2)
    assert solution.status == "unknown" and not solution.decided and solution.line == ()
    with pytest.raises(ValueError, match="budget"):
        solve(SoloDrez(seed=1), budget=0)


def test_solving_leaves_the_game_untouched() -> None:
    game = SoloDrez(seed=1)
    before = game.to_json()
    solve(game)
    hint(game)
    assert game.to_json() == before


# ------------------------------------------------------------------ the hint
def test_the_hint_is_a_move_after_which_the_deal_can_still_be_won() -> None:
    game = deal(*WINNABLE)
    for _ in range(30):
        if game.is_over:
            break
        found = hint(game)
        assert found.status == "won" and found.action is not None
        assert found.text == f"Solver's hint: {describe(found.action)}"
        game.play(found.action)
        assert game.is_over or solve(game).status == "won"
    assert game.outcome is not None and game.outcome.winners == (0,)


def test_the_hint_says_a_lost_deal_can_no_longer_be_won_at_once() -> None:
    found = hint(deal(*LOCKED_QUEEN))
    assert found.action is None and found.status == "lost" and found.text == LOST_TEXT == str(found)


def test_the_hint_warns_right_after_the_move_that_loses_the_deal() -> None:
    game = replay(SoloDrez(seed=TRAP_SEED), TRAP_PREFIX)
    before = hint(game)
    assert before.status == "won" and before.action is not None and before.action != TRAP_MOVE
    game.play(TRAP_MOVE)
    assert not game.is_over and len(game.legal_actions()) > 1      # moves are left, yet ...
    assert hint(game).text == LOST_TEXT                             # ... the hint says it at once
    assert solve(game).status == "lost"


def test_the_hint_agrees_with_the_solver_along_a_random_game() -> None:
    rng = random.Random(3)
    game = SoloDrez(seed=7)
    for _ in range(12):
        moves = [action for action in game.legal_actions() if action.text != "resign"]
        game.play(moves[rng.randrange(len(moves))])
        assert hint(game).status == solve(game).status


def test_the_hint_names_the_move_in_words() -> None:
    assert describe("b3 c4") == "move Magenta Bishop (B3) onto column 4"
    assert describe("remove c2") == "set aside column 2"


# ------------------------------------------------------------------ the bot
def test_the_solver_bot_wins_a_winnable_deal_and_resigns_a_lost_one() -> None:
    bot = SolverPlayer(seed=0)
    game = deal(*WINNABLE)
    while not game.is_over:
        game.play(bot.choose(game))
    assert game.outcome is not None and game.outcome.winners == (0,)
    locked = deal(*LOCKED_QUEEN)
    assert bot.choose(locked).text == "resign"


def test_the_solver_bot_plays_on_when_its_budget_cannot_decide() -> None:
    bot = SolverPlayer(seed=0, budget=1)
    game = SoloDrez(seed=2)
    action = bot.choose(game)
    assert action.text != "resign" and action in game.legal_actions()
