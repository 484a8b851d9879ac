"""The RummiDrez meld solver (an integer program, HiGHS) against brute force on small
hands, on the acceptance cases, the initial meld (D26) and the hint; and the bots."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache

import pytest

from drezlab.core.cards import Card
from drezlab.core.observation import Observation
from drezlab.games.rummidrez.bots import GreedyPlayer, SolverPlayer, greedy_play, next_move
from drezlab.games.rummidrez.game import RummiDrez, hand_zone
from drezlab.games.rummidrez.melds import arrange, is_valid
from drezlab.games.rummidrez.picture import draw
from drezlab.games.rummidrez.solver import best_play, meld_templates, solve
from drezlab.players import play_out
from tests.test_rummidrez_rules import arranged


def cards(text: str) -> list[Card]:
    return [Card.parse(identifier) for identifier in text.split()]


# ------------------------------------------------------------------ brute force
NEUTRALS = (Card.neutral(1), Card.neutral(2), Card.neutral(1, 1), Card.neutral(2, 1))


def _name(card: Card) -> str:
    return "X" if card.is_neutral else card.id.rstrip("b")


@lru_cache(maxsize=None)
def _partitionable(names: tuple[str, ...]) -> bool:
    """Can these cards (sorted names) be split into valid melds? Tries every meld holding the first card."""
    if not names:
        return True
    first, rest = names[0], names[1:]
    for size in range(2, len(rest) + 1):
        for chosen in set(itertools.combinations(range(len(rest)), size)):
            meld = [first, *(rest[index] for index in chosen)]
            neutrals = iter(NEUTRALS)
            if is_valid([next(neutrals) if name == "X" else Card.parse(name) for name in meld]):
                left = tuple(name for index, name in enumerate(rest) if index not in chosen)
                if _partitionable(left):
                    return True
    return False


def brute_force(hand: list[Card], table: list[list[Card]]) -> int:
    """The most hand cards that can join the table with every card in a valid meld."""
    table_names = [_name(card) for meld in table for card in meld]
    for size in range(len(hand), 0, -1):
        for chosen in itertools.combinations(hand, size):
            if _partitionable(tuple(sorted(table_names + [_name(card) for card in chosen]))):
                return size
    return 0


def _position(rng: random.Random) -> tuple[list[Card], list[list[Card]]]:
    """A small random position on a few figures and colours (so melds are likely): a table
    of 0-2 valid melds and a hand of 3-6 cards, neutral cards included."""
    universe = [Card.parse(f"{figure}{colour}{pack}") for figure in "NBR" for colour in range(3, 6)
                for pack in ("", "b")] + [Card.neutral(1), Card.neutral(2)]
    rng.shuffle(universe)
    table: list[list[Card]] = []
    pool = list(universe)
    for _ in range(rng.randrange(3)):
        for _attempt in range(40):
            meld = rng.sample(pool, rng.choice((3, 3, 4)))
            if is_valid(meld):
                table.append(arrange(meld))
                pool = [card for card in pool if card not in meld]
                break
    hand = pool[:rng.randrange(3, 7)]
    return hand, table


@pytest.mark.parametrize("seed", range(30))
def test_the_integer_program_matches_brute_force_on_small_hands(seed: int) -> None:
    hand, table = _position(random.Random(seed))
    play = solve(hand, table)
    assert play.count == brute_force(hand, table), (hand, table, play)
    laid = [card for meld in play.melds for card in meld]
    assert all(is_valid([Card.parse(card) for card in meld]) for meld in play.melds)
    assert sorted(laid) == sorted([card.id for meld in table for card in meld] + list(play.played))


def test_meld_templates_cover_every_valid_meld_of_one_figure_or_colour() -> None:
    templates = meld_templates()
    assert len(set(templates)) == len(templates)
    # a run of 6 natural cards is not a template: two runs of 3 make it
    assert ((18, 19, 20, 21, 22, 23), 0) not in templates
    assert ((18, 19, 20), 0) in templates and ((18, 20), 1) in templates


def test_ac_rd_4_solver_rearranges_the_table() -> None:
    play = solve(cards("N6 R6"), [cards("B3 B4 B5 B6")])
    assert play.count == 2 and set(play.played) == {"N6", "R6"}
    assert sorted(play.melds) == sorted([("B3", "B4", "B5"), ("N6", "B6", "R6")])


def test_neutral_cards_are_placed_by_d25() -> None:
    play = solve(cards("X1 B6"), [cards("B3 B4 B5")])
    assert play.count == 1 and play.played == ("B6",)           # X1 alone would stand at an end
    play = solve(cards("X1 B7"), [cards("B3 B4 B5")])
    assert play.count == 2 and ("B3", "B4", "B5", "X1", "B7") in play.melds


def test_d26_initial_meld_needs_seven_cards_and_leaves_the_table_alone() -> None:
    assert solve(cards("B3 B4 B5 N2 B2 R2 J9"), [cards("Q1 Q2 Q3")], initial=True).count == 0
    play = solve(cards("B3 B4 B5 N2 B2 R2 Q2"), [cards("Q1 Q2b Q3")], initial=True)
    assert play.count == 7 and ("Q1", "Q2b", "Q3") in play.melds


def test_best_play_is_the_hint_from_the_seats_own_view() -> None:
    game = RummiDrez(seed=11)
    view = game.view(0)
    play = best_play(view)
    hand = [card.id for card in game.hand(0)]
    assert set(play.played) <= set(hand)
    with pytest.raises(ValueError, match="spectator"):
        best_play(game.view(None))
    picture = draw(view, hint=True)
    assert "Best play" in picture
    assert isinstance(view, Observation)


def test_greedy_never_rearranges_and_the_solver_lays_down_at_least_as_much() -> None:
    table = [cards("B3 B4 B5 B6")]
    hand = cards("N6 R6 J1")
    assert greedy_play(hand, table, opened=True) is None
    assert solve(hand, table).count == 2
    plan = greedy_play(cards("B7 Q1 Q2 Q3"), table, opened=True)
    assert plan is not None and ("B3", "B4", "B5", "B6", "B7") in plan and ("Q1", "Q2", "Q3") in plan


def test_next_move_reaches_the_plan_by_legal_clicks() -> None:
    game = RummiDrez(seed=2)
    arranged(game, {0: "N6 R6 J1", 1: "P1"}, melds=["B3 B4 B5 B6"], opened=[0])
    plan = solve(cards("N6 R6 J1"), [cards("B3 B4 B5 B6")]).melds
    for _ in range(10):
        move = next_move(game.view(0), plan)
        if move is None:
            break
        game.play(move)
    game.play("done")
    assert sorted(tuple(card.id for card in meld) for meld in game.melds()) == sorted(plan)


def test_a_short_game_solver_against_greedy_ends_with_every_card_kept() -> None:
    game = RummiDrez(seed=0, target=1)
    play_out(game, [SolverPlayer(seed=1), GreedyPlayer(seed=2)])
    assert game.is_over
    game.zones.check_conserved(game.cards)
    assert len(game.zones[hand_zone(0)]) + len(game.zones[hand_zone(1)]) < 112
