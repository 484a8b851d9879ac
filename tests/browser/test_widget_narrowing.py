"""The front end narrows clicks with the rules of drezlab/ui/selection.py, ported
to JavaScript (widgets/board.js): both must agree, click by click.

``board.js`` is loaded as a module in a blank Chromium page (no Jupyter
needed); the legal actions of seeded positions of several games and random
click sequences (legal targets mixed with ids that fit nothing) are run
through both implementations, comparing the selection, the highlight, the
next targets, the target buttons and the completed action after every click.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import drezlab
from drezlab.ui import selection as sel

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
GAMES = [("pokerdrez", {"pawn_removal": False}), ("pokerdrez", {}), ("edami", {}), ("vikingdrez", {}),
         ("poker7", {"players": 2})]

RUN = """(cases) => cases.map(({ actions, clicks, present }) => {
  const { clickStep, stagedTargets, nextTargets, missingTargets } = window.dz;
  const shown = new Set(present);
  const all = actions.map((targets, index) => ({ targets, index }));
  const clickable = all.filter((a) => a.targets.length);
  let clicked = [];
  const trace = [];
  for (const id of clicks) {
    const result = clickStep(clickable, clicked, id);
    clicked = result.action ? [] : result.clicked;
    trace.push({ clicked, action: result.action ? result.action.index : null, changed: result.changed,
                 staged: stagedTargets(all, clicked), shown: stagedTargets(all, clicked, shown),
                 next: nextTargets(all, clicked),
                 missing: missingTargets(clickable, clicked, shown) });
  }
  return trace;
})"""


def python_trace(actions: list, clicks: list[str], present: set[str]) -> list[dict]:
    clicked: tuple[str, ...] = ()
    trace = []
    for target in clicks:
        result = sel.click(actions, clicked, target)
        clicked = () if result.action is not None else result.clicked
        trace.append({"clicked": list(clicked),
                      "action": None if result.action is None else actions.index(result.action),
                      "changed": result.changed,
                      "staged": sel.staged_targets(actions, clicked),
                      "shown": sel.staged_targets(actions, clicked, present),
                      "next": sel.next_targets(actions, clicked),
                      "missing": sel.missing_targets(sel.clickable(actions), clicked, present)})
    return trace


def cases(rng: random.Random) -> list[dict]:
    made = []
    for name, options in GAMES:
        game = drezlab.new(name, seed=rng.randrange(1000), **options)
        for _ in range(12):
            if game.is_over:
                break
            actions = game.legal_actions()
            ids = sorted({target for action in actions for target in action.targets}) + ["zz", "h9"]
            present = {x for x in ids if rng.random() < 0.9}
            for _ in range(3):
                chosen = rng.choice(actions)
                clicks = list(chosen.targets)
                rng.shuffle(clicks)
                clicks = [rng.choice(ids) if rng.random() < 0.3 else x for x in clicks] + \
                         [rng.choice(ids) for _ in range(rng.randrange(4))]
                made.append({"actions": [list(a.targets) for a in actions], "clicks": clicks,
                             "present": sorted(present), "python": actions})
            game.play(rng.choice(actions))
    return made


def test_javascript_narrowing_matches_python(browser_context) -> None:
    page = browser_context.new_page()
    try:
        page.set_content("<html><body></body></html>")
        source = (REPO / "widgets" / "board.js").read_text()
        page.add_script_tag(content=source + "\nwindow.dz = { clickStep, stagedTargets, nextTargets, "
                                              "missingTargets, candidates, complete };", type="module")
        page.wait_for_function("() => window.dz !== undefined")
        made = cases(random.Random(8))
        sent = [{key: value for key, value in case.items() if key != "python"} for case in made]
        traces = page.evaluate(RUN, sent)
        compared = 0
        for case, trace in zip(made, traces):
            expected = python_trace(case["python"], case["clicks"], set(case["present"]))
            assert trace == expected, (case["actions"][:5], case["clicks"])
            compared += len(trace)
        assert compared > 300
    finally:
        page.close()
