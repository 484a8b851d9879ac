// The click narrowing of widgets/board.js, run in node on cases that Python sends
// (tests/test_never_stuck.py), so that the JavaScript port is compared with
// drezlab/ui/selection.py and the widget without a browser.
//
// stdin: a JSON list of cases {actions: [[target, ...], ...], present: [id, ...],
// clicked: [id, ...] (the selection before, may be omitted), clicks: [id, ...]}.
// stdout: a JSON list with, for each case, one entry per click: the selection after
// it, the index of the action it completed (null if none), whether it changed
// anything, and what the board offers next: the highlight with and without the
// picture's ids, every next target and the target buttons -- computed as board.js's
// render() does (clickStep over the actions with targets, indices of the full list).
import { readFileSync } from "node:fs";

// board.js is an ES module in a folder without package.json: imported by its text, so that
// node need not guess the module kind (node 18 would take a bare .js file for CommonJS)
const source = readFileSync(new URL("../../widgets/board.js", import.meta.url), "utf8");
const { clickStep, missingTargets, nextTargets, stagedTargets } =
  await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);

const cases = JSON.parse(readFileSync(0, "utf8"));
const traces = cases.map(({ actions, present, clicked = [], clicks }) => {
  const shown = new Set(present);
  const all = actions.map((targets, index) => ({ targets, index }));
  const clickable = all.filter((action) => action.targets.length);
  let selection = [...clicked];
  return clicks.map((id) => {
    const result = clickStep(clickable, selection, id);
    selection = result.action ? [] : result.clicked;
    return {
      clicked: selection,
      action: result.action ? result.action.index : null,
      changed: result.changed,
      staged: stagedTargets(all, selection),
      shown: stagedTargets(all, selection, shown),
      next: nextTargets(all, selection),
      missing: missingTargets(clickable, selection, shown),
    };
  });
});
process.stdout.write(JSON.stringify(traces));
