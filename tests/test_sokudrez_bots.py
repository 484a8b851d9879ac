"""SokuDrez bots: legal, seat-honest, finishing games, and the planner's timing rule."""

from __future__ import annotations

from drezlab.games.sokudrez import GreedyPlayer, PlannerPlayer, SokuDrez, from_grid
from drezlab.games.sokudrez.grid import SOLVED_EXAMPLE, card_id, defects, swapped
from drezlab.players import RandomPlayer


def test_bots_finish_two_player_games_and_the_solitaire() -> None:
    for seed in range(3):
        game = SokuDrez(seed=seed, players=2)
        bots = [PlannerPlayer(seed), GreedyPlayer(seed)]
        while not game.is_over and game.swaps < 60:
            game.play(bots[game.to_move].choose(game))
        assert game.outcome is not None
    solo = SokuDrez(seed=5)
    bot = GreedyPlayer()
    while not solo.is_over:
        solo.play(bot.choose(solo))
    assert solo.outcome is not None and solo.outcome.winners == (0,)


def test_greedy_takes_the_most_points_among_progressing_swaps() -> None:
    g1 = swapped(SOLVED_EXAMPLE, 45, 42)
    game = from_grid([card_id(code) for code in g1], players=2)
    assert GreedyPlayer().choose(game).text in ("p1 n7", "n1 p7")


def _solves(game: SokuDrez, choice) -> bool:
    grid = game.grid
    p, q = sorted((grid.index(choice.data.first), grid.index(choice.data.second)))
    return defects(swapped(grid, p, q)) == (0, 0)


def test_planner_solves_on_the_first_swap_of_a_double_turn() -> None:
    g1 = swapped(SOLVED_EXAMPLE, 45, 42)
    game = from_grid([card_id(code) for code in g1], players=2)
    game.play(game.swap_action(0, 1))                             # swap 1 (Player 1): J1 <-> J2, nothing changes
    assert game.to_move == 1
    assert _solves(game, PlannerPlayer().choose(game))            # swap 2 would score 8 and end the game


def test_planner_does_not_solve_on_a_second_swap_when_behind() -> None:
    g1 = swapped(SOLVED_EXAMPLE, 45, 42)
    game = from_grid([card_id(code) for code in g1], players=2)
    for p, q in ((0, 1), (0, 10), (0, 10), (0, 1)):               # swaps 1-4 leave the grid as it was
        game.play(game.swap_action(p, q))
    assert game.grid == g1 and game.to_move == 0 and game.swaps == 4
    assert game.scores[0] < game.scores[1]
    assert _solves(game, GreedyPlayer().choose(game))             # the greedy bot solves for 0 points and loses
    assert not _solves(game, PlannerPlayer().choose(game))        # the planner waits


def test_random_bot_plays_legal_swaps() -> None:
    game = SokuDrez(seed=1, players=2, max_swaps=10)
    bot = RandomPlayer(seed=1)
    while not game.is_over:
        game.play(bot.choose(game))
    assert game.swaps == 10
