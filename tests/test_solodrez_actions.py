"""SoloDrez's actions are typed (issue 24): ``MoveRun``, ``RemoveColumn`` and ``Resign``
in ``Action.data``; an action's undo record is the game's declared plain state; the
words are handed the columns and never import the game; the list of actions keeps its
order (records and seeded games depend on it)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from drezlab.games.solodrez import SoloDrez
from drezlab.games.solodrez import game as rules_module
from drezlab.games.solodrez.game import MoveRun, RemoveColumn, Resign, SoloDrezState
from drezlab.games.solodrez.runs import COLUMN_SETS, column_runs, fits, run_bases

PACKAGE = Path(rules_module.__file__).parent


def test_actions_carry_typed_data() -> None:
    game = SoloDrez(seed=4)
    kinds = {type(action.data) for action in game.legal_actions()}
    assert kinds <= {MoveRun, RemoveColumn, Resign} and {MoveRun, Resign} <= kinds
    move = next(action for action in game.legal_actions() if isinstance(action.data, MoveRun))
    column = game.columns[move.data.source]
    assert move.targets == (column[-move.data.size].id, f"c{move.data.target + 1}")


def test_the_moves_are_listed_by_source_size_then_target() -> None:
    """The order every seeded random game relies on, checked against the rule itself."""
    rng = random.Random(7)
    for seed in range(20):
        game = SoloDrez(seed=seed)
        for _ in range(30):
            if game.is_over:
                break
            ranks = [tuple(card.figure_number for card in column) for column in game.columns]
            expected = []
            for source, column_ranks in enumerate(ranks):
                for size in range(1, len(column_ranks) + 1):
                    bases = run_bases(column_ranks[-size:])
                    if not bases:
                        break
                    expected += [(source, size, target) for target in range(9)
                                 if target != source and fits(bases, ranks[target][-1] if ranks[target] else None)]
            moves = [tuple(action.data) for action in game.legal_actions() if isinstance(action.data, MoveRun)]
            assert moves == expected
            choices = [action for action in game.legal_actions() if not isinstance(action.data, Resign)]
            game.play(rng.choice(choices) if choices else "resign")


def test_column_runs_and_column_sets() -> None:
    """A column's runs, smallest first, with the tops each goes onto: ``N`` onto a Bishop or
    a neutral card; ``X N`` (X a Bishop) onto a Rook or a neutral card; ``Q X N`` is no run."""
    assert column_runs((6, 5, 0, 2)) == ((1, frozenset({0, 3})), (2, frozenset({0, 4})))
    assert column_runs((6,)) == ((1, frozenset({None})),)
    assert column_runs((0,)) == ((1, frozenset({None, 0, 2, 3, 4, 5, 6})),)
    assert COLUMN_SETS[0b100000101] == (0, 2, 8)


def test_an_actions_undo_record_is_the_declared_state() -> None:
    game = SoloDrez(seed=4)
    before = SoloDrezState.of(game)
    game.play("resign")
    assert game._history[-1].undo == before and game.is_over
    game.undo()
    assert SoloDrezState.of(game) == before and not game.is_over


def test_the_words_do_not_import_the_game() -> None:
    tree = ast.parse((PACKAGE / "words.py").read_text(encoding="utf-8"))
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    names = {f"{node.module}.{alias.name}" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             for alias in node.names}
    assert not any(name and name.endswith("solodrez.game") for name in modules | names)


def test_random_action_is_the_base_draw_without_the_list() -> None:
    """``random_action`` counts the actions and makes only the one drawn: the count is the
    list's length and the draw is the one :meth:`Game.random_action` makes from the list,
    along random games that remove columns and are blocked, after undo and in a copy."""
    from drezlab.core.game import Game

    for seed in range(40):
        game, rng = SoloDrez(seed=seed), random.Random(seed)
        for _ in range(60):
            if game.is_over:
                break
            assert game._action_count() == len(game.legal_actions())
            draw = random.getrandbits(32)
            ours = game.random_action(random.Random(draw))
            fresh = game.copy()
            assert ours == Game.random_action(fresh, random.Random(draw))
            actions = [action for action in game.legal_actions() if action.text != "resign"]
            removals = [action for action in actions if isinstance(action.data, RemoveColumn)]
            game.play(rng.choice(removals or actions) if actions else ours)
            if rng.random() < 0.2:
                game.undo()
