"""One step at a time: what the widget highlights when a human turn starts.

Issue 8, point 3: before the first click only what a turn starts with is
highlighted (cards, the pile, the pieces that can move), never a bare
destination; the median number of highlighted elements at turn start must be
at most 8 in PokerDrez and VikingDrez and at most 16 in EDAMI. Seeded games
are played by clicks against the random bot; the figures are printed and
written to ``test-artifacts/highlight-medians.txt``::

    PYTHONPATH=$PWD .venv/bin/python -m pytest -s tests/test_ui_highlight.py
"""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import pytest
from clicks import play_by_clicks

pytest.importorskip("anywidget")

import drezlab
import drezlab.ui

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
#: game, options, the most highlighted elements allowed as the median at turn start
GOALS = [("pokerdrez", {"pawn_removal": False}, 8), ("vikingdrez", {}, 8), ("edami", {}, 16)]
SEEDS = range(1, 7)
TURNS = 30


def turn_start_counts(name: str, options: dict, seed: int) -> list[int]:
    """Highlighted elements at the start of each human turn of one seeded game;
    checks on the way that each is the first target of some legal action."""
    rng = random.Random(seed)
    player = drezlab.ui.play(drezlab.new(name, seed=seed, **options), seats=("human", "random"), seed=seed)
    counts = []
    for _ in range(TURNS):
        game = player.game
        if game.is_over:
            break
        actions = game.legal_actions()
        firsts = {action.targets[0] for action in actions if action.targets}
        assert set(player.highlight) <= firsts, f"a later target is highlighted: {set(player.highlight) - firsts}"
        counts.append(len(player.highlight))
        chosen = actions[rng.randrange(len(actions))]
        play_by_clicks(player, chosen)
        assert game.history[-1] == chosen or chosen in game.history
    return counts


@pytest.mark.slow
def test_highlight_at_turn_start_is_small() -> None:
    lines = []
    failures = []
    for name, options, goal in GOALS:
        counts = [count for seed in SEEDS for count in turn_start_counts(name, options, seed)]
        median = statistics.median(counts)
        lines.append(f"{name}: median {median:g}, max {max(counts)} highlighted at turn start "
                     f"over {len(counts)} turns of {len(SEEDS)} seeded games (goal <= {goal})")
        if median > goal:
            failures.append(lines[-1])
    print("\n".join(lines))
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "highlight-medians.txt").write_text("\n".join(lines) + "\n")
    assert not failures, failures


def test_a_piece_first_still_works_and_the_card_is_highlighted_next() -> None:
    """The order stays free: in PokerDrez a piece clicked first narrows to the cards that move it."""
    player = drezlab.ui.play(drezlab.new("pokerdrez", seed=3, pawn_removal=False), seats=("human", "random"))
    actions = player.game.legal_actions()
    move = next(action for action in actions if len(action.targets) == 3)
    card, origin, _ = move.targets
    assert origin not in player.highlight and card in player.highlight
    player.click(origin)
    cards = {action.targets[0] for action in actions if action.targets[1:2] == (origin,)}
    assert set(player.highlight) == cards


def test_a_target_the_picture_does_not_show_passes_the_highlight_on() -> None:
    """A first target that is a button (not in the picture) must not hide the action:
    the highlight goes to its next target the picture shows."""
    from drezlab.core.action import Action
    from drezlab.ui.selection import staged_targets

    actions = [Action("x", ("choose-red", "c1", "c2")), Action("y", ("c3", "c4"))]
    assert staged_targets(actions, []) == ["choose-red", "c3"]
    assert staged_targets(actions, [], present={"c1", "c2", "c3", "c4"}) == ["c1", "c3"]
