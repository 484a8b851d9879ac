"""SokuDrez rules (card-games.md §4): the deal (D20), the goal, swaps, the 2-player
turns and scoring (D22, D23), and the acceptance cases AC-SK-1 .. AC-SK-4."""

from __future__ import annotations

import json
import random

import pytest

from drezlab.core.chance import Scripted
from drezlab.core.errors import IllegalAction
from drezlab.games.sokudrez import SokuDrez, from_grid, seat_of_swap
from drezlab.games.sokudrez.game import (
    BUDGET_USED,
    SOLVED,
    SwapCards,
    first_of_double_turn,
)
from drezlab.games.sokudrez.grid import (
    SOLVED_EXAMPLE,
    as_grid,
    card_id,
    d21_bound,
    defect_drop,
    defects,
    is_solved,
    swap_criteria,
    swap_points,
    swapped,
)
from drezlab.testing import random_game, random_plies


def cell(r: int, c: int) -> int:
    return r * 9 + c


def ids(grid: tuple[int, ...]) -> list[str]:
    return [card_id(code) for code in grid]


#: AC-SK-2: the solved grid with P1 (5,0) and N7 (4,6) swapped
G1 = swapped(SOLVED_EXAMPLE, cell(5, 0), cell(4, 6))


def test_ac_sk_1_the_example_grid_is_solved() -> None:
    assert [card_id(SOLVED_EXAMPLE[cell(0, c)]) for c in range(9)] == [f"J{n}" for n in range(1, 10)]
    assert [card_id(SOLVED_EXAMPLE[cell(r, 0)]) for r in range(6)] == ["J1", "Q1", "R1", "B1", "N1", "P1"]
    assert defects(SOLVED_EXAMPLE) == (0, 0)


def test_ac_sk_2_defects_bound_and_the_two_solving_swaps() -> None:
    assert card_id(G1[cell(5, 0)]) == "N7" and card_id(G1[cell(4, 6)]) == "P1"
    assert defects(G1) == (2, 2)
    assert d21_bound(G1) == 1
    for p, q in ((cell(4, 6), cell(5, 0)), (cell(4, 0), cell(5, 6))):
        assert swap_points(G1, p, q) == 8
        assert defects(swapped(G1, p, q)) == (0, 0)
    assert {card_id(G1[cell(4, 0)]), card_id(G1[cell(5, 6)])} == {"N1", "P7"}


def test_ac_sk_3_points_count_criteria_not_progress() -> None:
    assert swap_points(G1, cell(0, 0), cell(1, 0)) == 0            # J1, Q1: same column, same number
    criteria = swap_criteria(G1, cell(5, 1), cell(4, 6))            # P2, P1: same figure
    assert card_id(G1[cell(5, 1)]) == "P2" and card_id(G1[cell(4, 6)]) == "P1"
    assert [number for number, met in enumerate(criteria, start=1) if met] == [7, 8]
    assert defect_drop(G1, cell(5, 1), cell(4, 6)) == 0


def test_d22_same_row_swaps_earn_no_number_points_and_same_column_no_figure_points() -> None:
    grid = as_grid(SokuDrez(seed=5).grid)
    for p in range(0, 54, 7):
        for q in range(p + 1, 54, 5):
            criteria = swap_criteria(grid, p, q)
            if p // 9 == q // 9 or grid[p] % 10 == grid[q] % 10:
                assert not any(criteria[i] for i in (2, 3, 6, 7))
            if p % 9 == q % 9 or grid[p] // 10 == grid[q] // 10:
                assert not any(criteria[i] for i in (0, 1, 4, 5))


def test_d20_cards_are_laid_row_by_row_and_a_solved_deal_is_dealt_again() -> None:
    order = ids(G1)
    game = SokuDrez(chance=Scripted([order]))
    assert [card.id for card in game.cards] == order
    assert game.grid[cell(4, 6)] == G1[cell(4, 6)]
    again = SokuDrez(chance=Scripted([ids(SOLVED_EXAMPLE), order]))
    assert again.grid == G1
    for seed in range(20):
        assert defects(SokuDrez(seed=seed).grid) != (0, 0)
    with pytest.raises(ValueError):
        from_grid(ids(SOLVED_EXAMPLE))


def test_the_deal_uses_the_54_figure_cards_without_neutral_cards() -> None:
    game = SokuDrez(seed=3)
    assert sorted(card.id for card in game.cards) == sorted(card_id(code) for code in SOLVED_EXAMPLE)
    assert all(not card.is_neutral for card in game.cards)
    assert SokuDrez(seed=3).grid == game.grid and SokuDrez(seed=4).grid != game.grid


def test_a_swap_exchanges_two_cards_and_solving_ends_the_solitaire() -> None:
    game = from_grid(ids(G1))
    action = game.play("n7 p1")
    assert action.text == "p1 n7" and action.targets == ("P1", "N7")
    assert game.is_over and game.outcome is not None
    assert game.outcome.winners == (0,) and game.outcome.reason == SOLVED
    assert defects(game.grid) == (0, 0) and game.swaps == 1
    assert not game.legal_actions()
    with pytest.raises(IllegalAction):
        game.play("j1 q1")


def test_any_two_cells_can_be_swapped() -> None:
    game = SokuDrez(seed=1)
    actions = game.legal_actions()
    assert len(actions) == 54 * 53 // 2
    first = game.grid
    game.play(actions[-1])
    assert game.grid == swapped(first, 52, 53)


def test_d23_turn_pattern_one_then_two_each() -> None:
    assert [seat_of_swap(n) for n in range(1, 12)] == [0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1]
    assert [n for n in range(1, 12) if first_of_double_turn(n)] == [2, 4, 6, 8, 10]
    game = SokuDrez(seed=2, players=2)
    seats = []
    for _ in range(7):
        seats.append(game.to_move)
        game.play(game.legal_actions()[0] if game.swaps % 2 else game.legal_actions()[1])
    assert seats == [0, 1, 1, 0, 0, 1, 1]


def _swap(game: SokuDrez, p: int, q: int) -> int:
    """Play the swap of cells p, q and return the points it added to the mover's total."""
    seat = game.to_move
    assert seat is not None
    before = game.scores[seat]
    game.play(game.swap_action(p, q))
    return game.scores[seat] - before


def test_ac_sk_4_the_solving_swap_scores_only_as_the_first_of_a_double_turn() -> None:
    two_away = swapped(G1, cell(0, 1), cell(1, 2))                 # solved after undoing both swaps
    junk = [(cell(2, 2), cell(3, 3)), (cell(2, 2), cell(3, 3)), (cell(2, 4), cell(3, 5)), (cell(2, 4), cell(3, 5))]
    game = from_grid(ids(two_away), players=2)
    for p, q in junk:
        _swap(game, p, q)
    _swap(game, cell(0, 1), cell(1, 2))                            # swap 5 (Player 1): back to G1
    assert game.to_move == 1 and not game.is_over
    assert _swap(game, cell(4, 6), cell(5, 0)) == 8                # swap 6: Player 2's first of a double turn
    assert game.is_over and game.outcome is not None and game.outcome.reason == SOLVED

    game = from_grid(ids(G1), players=2)
    for p, q in junk + [(cell(2, 6), cell(3, 7)), (cell(2, 6), cell(3, 7))]:
        _swap(game, p, q)
    assert game.swaps == 6 and game.to_move == 1
    assert _swap(game, cell(4, 6), cell(5, 0)) == 0                # swap 7: Player 2's second swap
    assert game.is_over
    state = json.loads(game.to_json())["state"]
    assert state["last"][4] == 8 and state["last"][5] is False    # 8 points earned but not scored


def test_highest_total_wins_and_equal_totals_draw() -> None:
    game = from_grid(ids(G1), players=2)
    _swap(game, cell(4, 6), cell(5, 0))                           # swap 1 solves: not a double turn
    assert game.is_over and game.scores == [0, 0]
    assert game.outcome is not None and game.outcome.is_draw


def test_the_swap_budget_ends_the_game() -> None:
    solo = SokuDrez(seed=4, max_swaps=2)
    solo.play(solo.legal_actions()[0])
    assert not solo.is_over
    solo.play(solo.legal_actions()[0])
    assert solo.is_over and solo.outcome is not None
    assert solo.outcome.reason == BUDGET_USED and solo.outcome.winners == () and solo.outcome.scores == (0.0,)
    duel = SokuDrez(seed=4, players=2, max_swaps=3)
    for _ in range(3):
        duel.play(duel.legal_actions()[7])
    assert duel.is_over and duel.outcome is not None and duel.outcome.reason == BUDGET_USED


def test_scramble_starts_from_the_solved_grid_with_random_swaps() -> None:
    for seed in range(10):
        grid = SokuDrez(seed=seed, scramble=2).grid
        assert defects(grid) != (0, 0)
        assert sum(a != b for a, b in zip(grid, SOLVED_EXAMPLE)) <= 4
    with pytest.raises(ValueError):
        SokuDrez(scramble=61)
    with pytest.raises(ValueError):
        SokuDrez(players=3)
    with pytest.raises(ValueError):
        SokuDrez(max_swaps=0)


def test_notation_names_the_two_cards_in_cell_order_and_either_order_parses() -> None:
    game = from_grid(ids(G1))
    action = game.swap_action(cell(5, 0), cell(4, 6))
    assert str(action) == "p1 n7" and game.parse("p1 n7") == action == game.parse("n7 p1")
    assert game.parse(" P1  n7 ".lower()) == action
    for bad in ("p1", "p1 p1", "x1 p1", "p1 n7 q3", "p0 n7"):
        with pytest.raises(IllegalAction):
            game.parse(bad)
    with pytest.raises(IllegalAction, match="figure letter"):
        game.play("z1 n7")


def test_points_are_public_in_the_view_and_the_move_log() -> None:
    game = from_grid(ids(G1), players=2)
    assert "8" in game.describe("p1 n7")
    game.play("n1 p7")
    last = game.view(1).public["last"]
    assert last["points"] == 8 and tuple(last["cells"]) == (cell(4, 0), cell(5, 6))


def test_a_random_swap_is_drawn_without_listing_all_1431(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: listing every swap was 87 % of a random game's time. ``random_action`` never
    lists them, and draws exactly the swap the listing would give (one ``randrange(1431)``
    over the pairs in the order of ``legal_actions``), so seeded random games are unchanged."""
    import random

    listings = []
    listing = SokuDrez._generate_actions
    monkeypatch.setattr(SokuDrez, "_generate_actions", lambda self: listings.append(1) or listing(self))
    game = SokuDrez(seed=3, players=2, max_swaps=150)
    rng = random.Random(7)
    played = [action.text for action in random_game(game, rng).history]
    assert not listings
    with pytest.raises(IllegalAction):
        game.random_action(rng)
    monkeypatch.undo()
    twin, rng = SokuDrez(seed=3, players=2, max_swaps=150), random.Random(7)
    for text in played:
        actions = twin.legal_actions()
        assert actions[rng.randrange(len(actions))].text == text
        twin.play(text)
    assert twin.to_json() == game.to_json()


def test_a_swap_is_typed_by_its_two_cards() -> None:
    game = SokuDrez(seed=4)
    action = game.legal_actions()[0]
    first, second = game.grid[0], game.grid[1]
    assert action.data == SwapCards(first=first, second=second) and action.text == action.text.lower()
    assert game.parse(f"{action.targets[1]} {action.targets[0]}".lower()).data == action.data


@pytest.mark.parametrize("players", [1, 2])
def test_malformed_text_is_always_an_illegal_action(players: int) -> None:
    """Mangled swaps are refused as IllegalAction, never IndexError or KeyError; a swap
    typed with the card ids as printed (``N1 P7``) is told to use lower case."""
    import random

    rng = random.Random(players)
    for game in random_plies(SokuDrez(seed=players, players=players, max_swaps=30), rng):
        if game.is_over:
            break
        for action in rng.sample(game.legal_actions(), 3):
            first, second = action.text.split()
            for text in (action.text.upper(), f"{first} {second} {first}", first, f"{first} {first}",
                         f"{first[0]} {second}", f"{first}z {second}", f"{first} -", action.text.replace(" ", "")):
                with pytest.raises(IllegalAction) as refused:
                    game.parse(text)
                if text == action.text.upper():
                    assert "lower case" in str(refused.value)


def test_is_solved_is_no_defect_on_any_grid() -> None:
    """grid.is_solved stops at the first defect; it must agree with ``defects(grid) == (0, 0)``
    on the solved example, on every grid one swap from it and on shuffled grids."""
    solved = list(SOLVED_EXAMPLE)
    assert is_solved(solved)
    grids = [swapped(solved, p, q) for p in range(len(solved)) for q in range(p + 1, len(solved))]
    rng = random.Random(5)
    for _ in range(300):
        shuffled = solved[:]
        rng.shuffle(shuffled)
        grids.append(shuffled)
    for grid in grids:
        assert is_solved(grid) == (defects(grid) == (0, 0))
