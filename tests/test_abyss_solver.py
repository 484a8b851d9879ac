"""The Abyss solver: its values against plain minimax (no table, no pruning) on small
and late positions, the placement theorem (the chooser gets |m|), the "what does
perfect play give?" answers, and the review of a played game."""

from __future__ import annotations

import random

import pytest

from drezlab.games.abyss import Abyss
from drezlab.games.abyss.bots import DEAD_DRAW
from drezlab.games.abyss.game import pushes
from drezlab.games.abyss.solver import (
    Solver,
    choice_values,
    first_mover_values,
    move_values,
    perfect_play,
    plain_minimax,
    random_placement,
    review,
    solve,
    survey,
)
from drezlab.testing import random_game


def random_position(rng: random.Random, own: int, opponent: int) -> tuple[int, int]:
    cells = rng.sample(range(25), own + opponent)
    return sum(1 << c for c in cells[:own]), sum(1 << c for c in cells[own:])


def test_solver_matches_plain_minimax_on_small_and_late_positions() -> None:
    rng = random.Random(7)
    solver = Solver()                    # one table across all positions: reused entries must stay exact
    sizes = [(1, 1), (2, 1), (1, 3), (2, 2), (3, 2), (3, 3), (4, 3), (3, 4), (4, 4)] * 6 + [(5, 5)] * 3
    for own_count, opponent_count in sizes:
        own, opponent = random_position(rng, own_count, opponent_count)
        assert solver.value(own, opponent) == plain_minimax(own, opponent), (own, opponent)
        assert Solver().value(own, opponent) == plain_minimax(own, opponent)


def test_solver_matches_plain_minimax_after_real_openings() -> None:
    """Full placements played a few random pushes deep (late positions of real games)."""
    rng = random.Random(3)
    checked = 0
    while checked < 6:
        own, opponent = random_position(rng, 6, 6)
        for _ in range(5):
            found = pushes(own, opponent)
            if not found:
                break
            push = found[rng.randrange(len(found))]
            own, opponent = opponent ^ push.opponent_change, own ^ push.own_change
        else:
            assert Solver().value(own, opponent) == plain_minimax(own, opponent)
            checked += 1


def test_values_of_hand_positions() -> None:
    assert solve(1 << 0, 1 << 1) == 1                           # W a1 pushes B b1 off: 1-0
    assert solve(1 << 0, 0) == 1                                # nothing to push: the count
    assert solve(0, 1 << 3) == -1
    game = Abyss.from_text("...../...../...../...../w..bb")
    assert move_values(game) == {"a1-d1": -1, "a1-e1": 1}       # after d1, e1 pushes White off the far end
    verdict = perfect_play(game)
    assert verdict.value == 1 and verdict.best == ("a1-e1",)
    assert verdict.text == "Perfect play: Player 1 (White) wins by 1 (best: a1-e1)"


def test_the_chooser_gets_the_absolute_value_of_m() -> None:
    rng = random.Random(1)
    for _ in range(30):
        white, black = random_position(rng, 6, 6)
        white_first, black_first = first_mover_values(white, black)
        m = min(white_first, black_first)
        values = choice_values(white, black)
        assert values == {"first": m, "colour": -m}
        assert max(values.values()) == abs(m) >= 0


def test_choice_values_agree_with_playing_each_option_out() -> None:
    """The chooser's option values equal what the placer's best colour reply leaves."""
    rng = random.Random(9)
    for _ in range(5):
        white, black = random_position(rng, 6, 6)
        for option in ("first", "colour"):
            game = Abyss(placer=0)
            for colour, mask in (("w", white), ("b", black)):
                for square in range(25):
                    if mask >> square & 1:
                        game.play(f"{colour}@{'abcde'[square % 5]}{square // 5 + 1}")
            chooser_value = choice_values(white, black)[option]
            game.play(option)
            deciding = game.to_move
            colour_values = move_values(game)
            if deciding == game.placer:       # the placer answers with the worst colour for the chooser
                assert -max(colour_values.values()) == chooser_value
            else:
                assert max(colour_values.values()) == chooser_value


def test_dead_draw_placement_is_a_draw_from_both_sides() -> None:
    assert first_mover_values(*DEAD_DRAW) == (0, 0)


def test_placement_phase_has_no_value_yet() -> None:
    verdict = perfect_play(Abyss(placer=0))
    assert verdict.value is None and verdict.values == {}
    assert "place all twelve pieces first" in verdict.text


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_perfect_play_keeps_its_value_to_the_end(seed: int) -> None:
    game = random_game(Abyss(seed=seed), seed, until=lambda game: game.phase != "place")
    start = perfect_play(game)
    assert start.value is not None
    chooser = game.to_move
    while not game.is_over:
        game.play(perfect_play(game).best[0])
    assert game.outcome is not None and game.outcome.payoffs is not None
    assert game.outcome.payoffs[chooser] == start.value


def test_review_values_every_decision_of_a_game() -> None:
    game = random_game(Abyss(seed=4), 4)
    rows = review(game)
    decisions = [action.text for action in game.history if action.text[1:2] != "@"]
    assert [row.action for row in rows] == decisions
    for row in rows:
        assert row.value <= row.best_value and row.best
        assert (row.action in row.best) == (row.value == row.best_value)


def test_survey_counts_and_callback() -> None:
    calls: list[int] = []
    found = survey(6, seed=3, done=calls.append)
    assert calls == [1] * 6 and len(found.white_first) == len(found.black_first) == 6
    assert len(found.seconds) == 12 and all(second >= 0 for second in found.seconds)
    rng = random.Random(3)
    for index in range(6):
        white, black = random_placement(rng)
        assert (found.white_first[index], found.black_first[index]) == first_mover_values(white, black)
    wins, draws, losses = found.first_mover_results()
    assert wins + draws + losses == 12
    assert found.chooser_values() == tuple(abs(min(w, b)) for w, b in zip(found.white_first, found.black_first))
    with pytest.raises(ValueError, match="count"):
        survey(0)
