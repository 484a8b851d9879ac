"""Never stuck (issue 22): no click sequence leaves a pupil with a selection that
has nowhere to go.

The bug: in Abyss a push ``e2-a2`` and its reverse ``a2-e2`` have the same
targets in another order; clicking ``e2`` then ``a2`` made both complete, so
neither was played and nothing was highlighted. The narrowing now lets the order
of the clicks decide (``drezlab/ui/selection.py``, ported to ``widgets/board.js``).

For every registered game and option set, Hypothesis (derandomized, few examples,
the same on every machine) takes random reachable positions (seeded random play)
and random click sequences over the ids the picture shows and the buttons the
widget offers, played through :class:`~drezlab.ui.play.PlayWidget`. After every
click one of these holds:

* an action was played;
* the selection is not empty and has a next step: a highlighted id or a target
  button (every next target is shown in the picture or offered as a button);
* the click emptied the selection (a deselection), or it changed nothing and
  the status line says why;

and every turn starts with something highlighted or a button.

At each position every clickable legal action can be made by clicks the board
accepts (a sample of them, and every action whose targets are another's in another
order), and no two legal actions have the same targets in the same order (clicks
could not tell them apart).

The same clicks are then run through the narrowing functions of
``widgets/board.js`` in node (``tests/js/narrowing.mjs``, one run per game and
option set): the JavaScript port must complete the same action, keep the same
selection, highlight the same ids and offer the same target buttons as the widget
in Python. Without ``node`` only that comparison is left out (it is required in
CI). About 40 s of one core::

    PYTHONPATH=$PWD .venv/bin/python -m pytest tests/test_never_stuck.py
"""

from __future__ import annotations

import itertools
import json
import os
import random
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("anywidget")

from drezlab.core.face import svg_ids
from drezlab.core.game import Game
from drezlab.core.i18n import t
from drezlab.core.registry import specs
from drezlab.games.abyss.game import Abyss
from drezlab.testing import random_game
from drezlab.ui import selection as sel
from drezlab.ui.play import PlayWidget

REPO = Path(__file__).resolve().parents[1]
HARNESS = REPO / "tests" / "js" / "narrowing.mjs"

#: every game of drezlab with every option set its metadata declares (as the conformance suite);
#: the tests' own toy games are left out: other test files register and unregister them
CASES = [(name, index, options) for name, spec in sorted(specs().items())
         if spec.cls().__module__.startswith("drezlab.games.")
         for index, options in enumerate(spec.all_option_sets())]
IDS = [f"{name}-{index}" for name, index, _ in CASES]
#: the games whose click property takes more than about 10 s on two busy cores (marked slow)
SLOW = {"sokudrez-0", "pokerguess-0"}
#: examples per game's default options, and per further option set
EXAMPLES, MORE_EXAMPLES = 8, 1
#: random actions played before the clicks start (at most; the game is never ended)
MOST_STEPS = 60
#: clicks per example, and the legal actions per position checked for being reachable
MOST_CLICKS, REACHED = 14, 12


@dataclass(frozen=True, eq=False)
class Made:
    """An action of a synthetic set: its targets and its place in the list (equal only to itself)."""

    targets: tuple[str, ...]
    index: int = 0


def settings_for(index: int) -> settings:
    return settings(max_examples=EXAMPLES if index == 0 else MORE_EXAMPLES, derandomize=True, deadline=None,
                    database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ------------------------------------------------------------------ positions
def position(name: str, options: dict, seed: int, steps: int) -> Game:
    """The game after up to ``steps`` seeded random actions, stopped before it ends."""
    game = random_game(specs()[name].cls()(seed=seed, **options), seed, steps)
    if game.is_over:
        game.undo()
    return game


def widget_for(game: Game, seed: int) -> PlayWidget:
    """The game in the widget, the seat to move played by a pupil, every other seat by random bots."""
    seats = ["random"] * game.players
    seats[game.to_move if game.to_move is not None else 0] = "human"
    return PlayWidget(game, seats=tuple(seats), seed=seed, reply_delay=0.0)


def interactive(widget: PlayWidget) -> bool:
    game = widget.game
    return not game.is_over and game.to_move in widget.humans and not widget.overlay


# ------------------------------------------------------------ what is offered
def reachable(actions: Sequence, action, present: set[str]) -> bool:
    """Can ``action`` be made by clicks the board accepts (an id of the picture, or a
    target offered as a button at that moment), in some order of its targets?"""
    # only the actions that share a target with it take part (the same answers, much faster)
    actions = [other for other in actions if not set(other.targets).isdisjoint(action.targets)]
    for order in dict.fromkeys(itertools.permutations(action.targets)):
        clicked: tuple[str, ...] = ()
        for target in order:
            if target not in present and target not in sel.missing_targets(actions, clicked, present):
                break
            result = sel.click(actions, clicked, target)
            if result.action is not None:
                if result.action == action and len(clicked) + 1 == len(order):
                    return True
                break
            clicked = result.clicked
    return False


def check_position(widget: PlayWidget, rng: random.Random) -> None:
    """No two actions with the same targets in the same order; a sample of the clickable
    actions can each be made by clicks; a turn starts with something to click or press."""
    actions = widget.game.legal_actions()
    present = svg_ids(widget.board.svg)
    clickable = sel.clickable(actions)
    seen: dict[tuple[str, ...], Any] = {}
    for action in clickable:
        other = seen.setdefault(tuple(action.targets), action)
        assert other is action, f"{other} and {action} have the same targets {action.targets}: clicks cannot tell them apart"
    # a sample, and every action whose targets are another's in another order (an Abyss push
    # and its reverse: the case of issue 22)
    shuffled: dict[tuple[str, ...], list] = {}
    for action in clickable:
        shuffled.setdefault(tuple(sorted(action.targets)), []).append(action)
    alike = [action for group in shuffled.values() if len(group) > 1 for action in group]
    for action in rng.sample(clickable, min(REACHED, len(clickable))) + alike:
        assert reachable(actions, action, present), f"no clicks make {action} (targets {action.targets})"
    assert widget.highlight or widget.buttons, "a turn starts with nothing highlighted and no button"


def offered_targets(widget: PlayWidget, actions: Sequence) -> list[str]:
    """The target buttons the widget offers now (its buttons but those of target-less actions)."""
    labels = {action.label for action in actions if not action.targets}
    return [label for label in widget.buttons if label not in labels]


def plain_status(widget: PlayWidget) -> str:
    """The status line of the pupil's turn with the selection and no message."""
    game = widget.game
    base = f"{t('Your turn')}: {game.seat_name(game.to_move)}"
    return base + (f" — {' '.join(widget.selected)}" if widget.selected else "")


def after_click(widget: PlayWidget, before: list[str], played: bool, what: str) -> None:
    """The never-stuck property, after one click or press (``what`` names it)."""
    if played or not interactive(widget):
        return
    actions = widget.game.legal_actions()
    present = svg_ids(widget.board.svg)
    selected = widget.selected
    following = sel.next_targets(actions, selected)
    highlight = widget.highlight
    targets = offered_targets(widget, actions)
    assert set(highlight) <= set(following), f"{what}: highlighted {highlight}, not next targets {following}"
    if selected:
        assert highlight or targets, (f"{what}: stuck with {selected} selected: nothing highlighted, no target "
                                      f"button; candidates {[a.text for a in sel.candidates(actions, selected)]}")
        unclickable = [x for x in following if x not in present and x not in targets]
        assert not unclickable, f"{what}: next targets {unclickable} are neither in the picture nor buttons"
    if selected == before:
        assert widget.status.startswith(plain_status(widget) + " — "), \
            f"{what} changed nothing and says nothing: {widget.status!r}"


# --------------------------------------------------------------- click sessions
def session(name: str, options: dict, seed: int, steps: int, picks: Sequence[int]) -> list[dict]:
    """Random clicks and presses on a random reachable position, each checked; returns
    every click (not the presses of action buttons) as a case for the JavaScript port,
    with what the widget did (``expect``)."""
    game = position(name, options, seed, steps)
    if game.is_over:
        return []
    widget = widget_for(game, seed)
    if not interactive(widget):
        return []
    check_position(widget, random.Random(seed))
    cases = []
    for pick in picks:
        if not interactive(widget):
            break
        game = widget.game
        actions = game.legal_actions()
        present = svg_ids(widget.board.svg)
        before = widget.selected
        following = sorted(set(widget.highlight) | set(offered_targets(widget, actions)))
        anything = sorted(present) + widget.buttons
        pool = following if following and pick % 3 else anything
        choice = pool[pick // 3 % len(pool)]
        length = len(game.history)
        action_button = choice in widget.buttons and any(not a.targets and choice in (a.label, a.text)
                                                         for a in actions)
        if choice in present or not action_button:
            widget.click(choice)
            what = f"{name} seed {seed} after {steps} steps: click {choice} with {before} selected"
        else:
            widget.press(choice)
            what = f"{name} seed {seed} after {steps} steps: press {choice!r} with {before} selected"
        played = len(game.history) > length or widget.game is not game
        after_click(widget, before, played, what)
        if action_button and choice not in present:
            continue
        expect: dict[str, Any] = {"action": actions.index(game.history[length]) if played else None}
        if not played:
            expect.update(clicked=widget.selected, shown=widget.highlight,
                          missing=offered_targets(widget, actions))
        cases.append({"actions": [list(a.targets) for a in actions], "present": sorted(present),
                      "clicked": before, "clicks": [choice], "expect": expect, "what": what})
    return cases


@pytest.mark.parametrize("name,index,options", [
    pytest.param(*case, id=case_id, marks=[pytest.mark.slow] if case_id in SLOW else []) for case, case_id in zip(CASES, IDS)])
def test_no_click_sequence_gets_stuck(name: str, index: int, options: dict) -> None:
    """The property above for the widget in Python; then board.js on the same clicks."""
    cases: list[dict] = []

    @settings_for(index)
    @given(seed=st.integers(0, 10**6), steps=st.integers(0, MOST_STEPS),
           picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=MOST_CLICKS))
    def clicks(seed: int, steps: int, picks: list[int]) -> None:
        cases.extend(session(name, options, seed, steps, picks))

    clicks()
    if node(required=False):
        same_in_javascript(cases)


# ------------------------------------------------------------------- the bug
def abyss_with_both_ways(seed: int) -> PlayWidget:
    """Issue 22's game: Abyss, the pupil chooses 'I pick my colour', then 'I play White';
    the random bot places and pushes, until White may push some piece both ways."""
    widget = PlayWidget(Abyss(seed=seed, placer=1), seats=("human", "random"), seed=seed, reply_delay=0.0)
    widget.press(t("I pick my colour (you move first)"))
    widget.press(t("I play White"))
    return widget


def reverse_pairs(game: Game) -> list[tuple[Any, Any]]:
    pushes = {tuple(action.targets): action for action in game.legal_actions() if len(action.targets) == 2}
    return [(action, pushes[(to, frm)]) for (frm, to), action in pushes.items() if (to, frm) in pushes and frm < to]


@pytest.mark.slow
def test_abyss_a_push_and_its_reverse_are_both_made_by_clicks() -> None:
    """The order of the clicks decides: the piece clicked first is the one that pushes,
    and the square clicked second is highlighted after the first click."""
    tried = 0
    for seed in range(3307, 3307 + 40):
        widget = abyss_with_both_ways(seed)
        while interactive(widget) and not reverse_pairs(widget.game):
            actions = widget.game.legal_actions()
            chosen = random.Random(seed).choice(actions)
            for target in chosen.targets:
                widget.click(target)
        if not interactive(widget):
            continue
        for forward, backward in reverse_pairs(widget.game):
            for action in (forward, backward):
                frm, to = action.targets
                assert widget.click(frm) is None and widget.selected == [frm]
                assert to in widget.highlight, (action, widget.highlight)
                length = len(widget.game.history)
                assert widget.click(to) == action, f"seed {seed}: clicking {frm} then {to} does not play {action}"
                assert widget.game.history[length] == action
                widget.undo()
                assert len(widget.game.history) == length and widget.selected == []
                tried += 1
    assert tried >= 20, f"only {tried} pushes with a legal reverse were tried"


def test_the_same_targets_in_another_order_are_told_apart_by_the_click_order() -> None:
    forward, backward = Made(("e2", "a2")), Made(("a2", "e2"))
    three = [Made(order) for order in itertools.permutations(("c", "x", "y"))]
    assert sel.click([forward, backward], ("e2",), "a2").action is forward
    assert sel.click([forward, backward], ("a2",), "e2").action is backward
    # with no action in the order clicked, the one that needs the first click earliest
    assert three[0].targets == ("c", "x", "y") and three[4].targets == ("y", "c", "x")
    assert sel.complete([three[0], three[4]], ("x", "c", "y")) is three[0]
    for action in three:
        assert sel.complete(three, action.targets) is action
    assert sel.click_order(("e2", "e2", "a2"), ("a2", "e2", "e2")) == (2, 0, 1)


# ------------------------------------------------------------- synthetic sets
@st.composite
def action_sets(draw) -> list[tuple[str, ...]]:
    """Distinct target sequences over a few ids, many of them the same ids in another order."""
    ids = st.sampled_from("abcd")
    base = draw(st.lists(st.lists(ids, min_size=1, max_size=3).map(tuple), min_size=1, max_size=6))
    made = list(base)
    for targets in base:
        if draw(st.booleans()):
            made.append(tuple(draw(st.permutations(targets))))
    return list(dict.fromkeys(made))


@settings(max_examples=300, derandomize=True, deadline=None, database=None)
@given(actions=action_sets(), clicks=st.lists(st.sampled_from("abcde"), max_size=8),
       present=st.sets(st.sampled_from("abcd")))
def test_a_selection_always_has_a_next_step(actions: list[tuple[str, ...]], clicks: list[str],
                                            present: set[str]) -> None:
    """With distinct target sequences, any clicks leave an empty selection or one with a
    highlighted id or a target button; with targets of one length, clicking an action's
    targets in its order plays it."""
    made = [Made(targets) for targets in actions]
    clicked: tuple[str, ...] = ()
    for target in clicks:
        result = sel.click(made, clicked, target)
        clicked = () if result.action is not None else result.clicked
        if clicked:
            assert sel.staged_targets(made, clicked, present) or sel.missing_targets(made, clicked, present), \
                (actions, clicks, clicked)
    same = [action for action in made if len(action.targets) == len(made[0].targets)]
    for action in same:
        clicked = ()
        for target in action.targets[:-1]:
            clicked = sel.click(same, clicked, target).clicked
        assert sel.click(same, clicked, action.targets[-1]).action is action


# ---------------------------------------------------------- the JavaScript port
def node(required: bool = True) -> str | None:
    """The node program; without it a test that needs it skips (fails in CI), others go on."""
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but node is not installed (Debian's nodejs, which npm brings)", pytrace=False)
        if required:
            pytest.skip("node is not installed: sudo apt-get install nodejs")
    return found


def run_javascript(cases: list[dict]) -> list[list[dict]]:
    sent = [{key: case[key] for key in ("actions", "present", "clicked", "clicks")} for case in cases]
    done = subprocess.run([node(), str(HARNESS)], input=json.dumps(sent), capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def python_trace(actions: list[list[str]], present: set[str], clicked: Sequence[str],
                 clicks: Sequence[str]) -> list[dict]:
    """What board.js computes for each click, by the rules of drezlab/ui/selection.py."""
    every = [Made(tuple(targets), index) for index, targets in enumerate(actions)]
    clickable = sel.clickable(every)
    selection = tuple(clicked)
    trace = []
    for target in clicks:
        result = sel.click(clickable, selection, target)
        selection = () if result.action is not None else result.clicked
        trace.append({"clicked": list(selection), "action": None if result.action is None else result.action.index,
                      "changed": result.changed, "staged": sel.staged_targets(every, selection),
                      "shown": sel.staged_targets(every, selection, present),
                      "next": sel.next_targets(every, selection),
                      "missing": sel.missing_targets(clickable, selection, present)})
    return trace


def same_in_javascript(cases: list[dict]) -> None:
    """board.js completes the same action as the widget did, keeps the same selection,
    highlights the same ids and offers the same target buttons, click by click (and
    agrees with selection.py on everything it computes)."""
    traces = run_javascript(cases)
    for case, trace in zip(cases, traces, strict=True):
        (step,) = trace
        expect = case["expect"]
        assert step["action"] == expect["action"], case["what"]
        if expect["action"] is None:
            assert step["clicked"] == expect["clicked"], case["what"]
            assert step["shown"] == expect["shown"], case["what"]
            assert step["missing"] == expect["missing"], case["what"]
        assert step == python_trace(case["actions"], set(case["present"]), case["clicked"], case["clicks"])[0], \
            case["what"]


def test_node_runs_the_javascript_port() -> None:
    """The harness runs (the per-game tests compare with it only when node is there)."""
    node()
    (trace,) = run_javascript([{"actions": [["e2", "a2"], ["a2", "e2"], []], "present": ["a2", "e2"],
                                "clicked": [], "clicks": ["e2", "a2"]}])
    assert [step["action"] for step in trace] == [None, 0] and trace[0]["shown"] == ["a2"]


def test_javascript_tells_the_same_targets_apart_like_python() -> None:
    """Synthetic action sets full of the same ids in other orders, random clicks (ids that
    fit nothing among them): the two ports agree click by click."""
    node()
    rng = random.Random(2207)
    cases = []
    for _ in range(400):
        base = [tuple(rng.choice("abcd") for _ in range(rng.randrange(1, 4))) for _ in range(rng.randrange(1, 7))]
        made = base + [tuple(rng.sample(targets, len(targets))) for targets in base if rng.random() < 0.6]
        actions = [list(targets) for targets in dict.fromkeys(made)] + [[] for _ in range(rng.randrange(2))]
        present = sorted(x for x in "abcd" if rng.random() < 0.8)
        clicks = [rng.choice("abcdz") for _ in range(rng.randrange(1, 9))]
        cases.append({"actions": actions, "present": present, "clicked": [], "clicks": clicks})
    traces = run_javascript(cases)
    for case, trace in zip(cases, traces, strict=True):
        assert trace == python_trace(case["actions"], set(case["present"]), [], case["clicks"]), case
