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


# board.js's own view (render) in the blank page, driven by a model that records what it sends
RENDER = """([svg, actions]) => {
  const values = { svg, actions, version: 1, selected: [], marks: {}, overlay: "", overlay_button: "OK",
                   busy: false, texts: {}, status: "Your turn", log: [], log_title: "", result: "", reasons: {} };
  const sent = [];
  const model = { get: (name) => values[name], on: () => {}, off: () => {}, send: (message) => sent.push(message) };
  const el = document.createElement("div");
  document.body.append(el);
  window.dzSent = sent;
  window.dzBoard = el;
  window.dz.render({ model, el });
}"""
CLICK = """(id) => {
  const nodes = window.dzBoard.querySelectorAll(`.dz-picture [data-id="${id}"]`);
  nodes[nodes.length - 1].dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  const ids = (cls) => [...new Set([...window.dzBoard.querySelectorAll('[data-id].' + cls)]
                                   .map((n) => n.getAttribute('data-id')))].sort();
  return { highlight: ids('dz-highlight'), selected: ids('dz-selected'), sent: window.dzSent };
}"""


def test_an_abyss_push_and_its_reverse_by_clicks_in_the_board(browser_context) -> None:
    """Issue 22: with White to push e2-a2 and a2-e2 (the same squares), clicking e2 then a2
    in the board's own view selects e2, highlights a2, then sends e2-a2; a2 then e2 sends
    a2-e2 (the piece clicked first pushes)."""
    from drezlab.games.abyss.game import Abyss

    game = Abyss.from_text("..b../...../...../wb..w/.....", to_move="white")
    actions = game.legal_actions()
    texts = [action.text for action in actions]
    assert "e2-a2" in texts and "a2-e2" in texts, texts
    sent_actions = [{"targets": list(a.targets), "label": "" if a.targets else a.label, "confirm": ""}
                    for a in actions]
    for first, second in (("e2", "a2"), ("a2", "e2")):
        page = browser_context.new_page()
        try:
            page.set_content("<html><body></body></html>")
            source = (REPO / "widgets" / "board.js").read_text()
            page.add_script_tag(content=source + "\nwindow.dz = { render };", type="module")
            page.wait_for_function("() => window.dz !== undefined")
            page.evaluate(RENDER, [game.svg(0), sent_actions])
            after = page.evaluate(CLICK, first)
            assert after["selected"] == [first] and second in after["highlight"] and not after["sent"], after
            after = page.evaluate(CLICK, second)
            assert after["sent"] == [{"type": "act", "index": texts.index(f"{first}-{second}"), "version": 1}], after
        finally:
            page.close()
