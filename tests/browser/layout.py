"""One screen, big enough (issue 22): every game's board measured in Chromium.

For every registered game (its default options), at its start and after some
seeded random play, the board (``widgets/board.js`` over a real
:class:`~drezlab.ui.play.PlayWidget`, the pupil playing the seat to move) is drawn
in a 1366x768 laptop window and a 1024x768 tablet, and measured by element boxes:

* ``board``: the board's box (status line, "Your turn" banner, picture, buttons
  and move log). It must fit the window with room for the notebook's row of
  controls above it (:data:`CONTROLS`, measured in JupyterLab): no scrolling
  between cards and board, no sideways scrolling;
* ``text``: the smallest text of the picture as drawn (its font size times the
  picture's scale on the screen), and of the board's own lines and buttons: at
  least 12 px; ``cards``: the smallest text on a card, at least 11 px;
* ``squares``: the smallest square of a chess board as drawn (PokerDrez for 4:
  at least 36 px);
* ``click``: the smallest clickable part of a card that lies under another card
  (what is left to click of it), at least 24 px.

Screenshots of the position after play go to ``test-artifacts/layout-<game>-<size>.png``.
The report (about a minute)::

    .venv/bin/python tests/browser/layout.py
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from drezlab.core.game import Game
from drezlab.core.registry import specs
from drezlab.ui.play import PlayWidget

sys.path.insert(0, str(Path(__file__).resolve().parent))
from boardpage import ARTIFACTS, launch, open_board, push, run_in_thread  # noqa: E402

SIZES = ((1366, 768), (1024, 768))
#: the notebook's row of controls above the board (New game, level, Rules), with its margins
CONTROLS = 48
TEXT_PX, CARD_PX, SQUARE_PX, CLICK_PX = 12.0, 11.0, 36.0, 24.0
#: the games whose squares must be at least SQUARE_PX (the issue names PokerDrez for 4)
BIG_SQUARES = ("pokerdrez4",)
#: the random actions played before the second measurement (stopped before the game ends)
STEPS = 40
SEED = 22

MEASURE = """() => {
  const board = document.querySelector('.dz-board');
  const box = board.getBoundingClientRect();
  const svg = board.querySelector('.dz-picture svg');
  const picture = svg ? svg.getBoundingClientRect() : {width: 0, height: 0, left: 0, top: 0};
  const visible = (node) => {
    for (let n = node; n && n !== svg.parentNode; n = n.parentNode) {
      const style = getComputedStyle(n);
      if (style.display === 'none' || style.visibility === 'hidden' || parseFloat(style.opacity) === 0) return false;
    }
    return true;
  };
  const scaleOf = (matrix) => Math.hypot(matrix.a, matrix.b);
  const root = svg ? scaleOf(svg.getScreenCTM()) : 1;
  let text = {px: Infinity, what: ''}, cards = {px: Infinity, what: ''};
  const note = (node, px, onCard) => {
    const slot = onCard ? cards : text;
    if (px < slot.px) { slot.px = px; slot.what = node.textContent.trim().slice(0, 30); }
  };
  const size = (node) => parseFloat(getComputedStyle(node).fontSize);
  for (const node of svg ? svg.querySelectorAll('text') : []) {
    if (!node.textContent.trim() || node.closest('defs') || !visible(node)) continue;
    note(node, size(node) * scaleOf(node.getScreenCTM()), !!node.closest('.dz-card'));
  }
  // text drawn through <use> of a def (a card face's name): the def's own scale times the use's
  for (const use of svg ? svg.querySelectorAll('use') : []) {
    if (!visible(use)) continue;
    const href = use.getAttribute('href') || use.getAttribute('xlink:href') || '';
    const def = href.startsWith('#') ? svg.querySelector(href.replace(/([.:])/g, '\\$1')) : null;
    if (!def) continue;
    for (const node of def.querySelectorAll('text')) {
      if (!node.textContent.trim()) continue;
      const inner = scaleOf(node.getScreenCTM()) / root;
      note(node, size(node) * inner * scaleOf(use.getScreenCTM()), !!use.closest('.dz-card'));
    }
  }
  // cards and their groups are opaque: nothing beneath shows through a greyed card
  let translucent = '';
  for (const node of svg ? svg.querySelectorAll('.dz-card') : []) {
    for (let n = node; n && n !== svg; n = n.parentNode) {
      const animated = n.getAnimations && n.getAnimations().length > 0;   // a bot's reply fading in
      if (!animated && (parseFloat(getComputedStyle(n).opacity) < 1 || (n.getAttribute('opacity') || '1') !== '1')) {
        translucent = node.getAttribute('data-id') || 'a card'; break;
      }
    }
    if (translucent) break;
  }
  let html = {px: Infinity, what: ''};
  for (const node of board.querySelectorAll('.dz-status, .dz-banner, .dz-hint, .dz-log li, .dz-actions button, .dz-log-panel button, .dz-result')) {
    if (!node.textContent.trim() || node.getClientRects().length === 0) continue;
    const px = parseFloat(getComputedStyle(node).fontSize);
    if (px < html.px) { html.px = px; html.what = node.textContent.trim().slice(0, 30); }
  }
  let squares = Infinity;
  for (const node of svg ? svg.querySelectorAll('rect[data-id]') : []) {
    if (!/^[a-h][1-8]$/.test(node.getAttribute('data-id'))) continue;
    const r = node.getBoundingClientRect();
    squares = Math.min(squares, r.width, r.height);
  }
  // what is left to click of each card lying under a later one: its box minus the later cards' boxes
  let click = {px: Infinity, what: ''};
  const cardsDrawn = svg ? [...svg.querySelectorAll('g[data-id].dz-card, .dz-card[data-id]')] : [];
  const rects = cardsDrawn.map((node) => node.getBoundingClientRect());
  rects.forEach((r, i) => {
    let width = r.width, height = r.height, covered = false;
    for (let j = i + 1; j < rects.length; j++) {
      const o = rects[j];
      const overlapX = Math.min(r.right, o.right) - Math.max(r.left, o.left);
      const overlapY = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top);
      if (overlapX <= 0 || overlapY <= 0) continue;
      covered = true;
      if (overlapY >= r.height - 0.5) width = Math.min(width, r.width - overlapX);
      else if (overlapX >= r.width - 0.5) height = Math.min(height, r.height - overlapY);
      else { width = Math.min(width, r.width - overlapX); height = Math.min(height, r.height - overlapY); }
    }
    if (covered && Math.max(width, height) < click.px) {
      click.px = Math.max(width, height); click.what = cardsDrawn[i].getAttribute('data-id');
    }
  });
  return {board: {width: box.width, height: box.height, bottom: box.bottom},
          picture: {width: picture.width, height: picture.height},
          scale: svg ? picture.width / svg.viewBox.baseVal.width : 0,
          text, cards, html, squares, click, translucent,
          scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
          innerHeight: window.innerHeight};
}"""


@dataclass
class Measure:
    """One board at one window size."""

    game: str
    when: str
    size: tuple[int, int]
    values: dict[str, Any]

    @property
    def fits(self) -> bool:
        values = self.values
        return (values["board"]["bottom"] <= self.size[1] - CONTROLS
                and values["scrollWidth"] <= values["innerWidth"])

    def problems(self) -> list[str]:
        """What is wrong with this board at this size, in words (empty: nothing)."""
        values, found = self.values, []
        if values["board"]["bottom"] > self.size[1] - CONTROLS:
            found.append(f"board {values['board']['height']:.0f} px tall (room: {self.size[1] - CONTROLS - 8})")
        if values["scrollWidth"] > values["innerWidth"]:
            found.append(f"page {values['scrollWidth']} px wide")
        for key, least in (("text", TEXT_PX), ("html", TEXT_PX), ("cards", CARD_PX)):
            if values[key]["px"] < least - 0.05:
                found.append(f"{key} {values[key]['px']:.1f} px ({values[key]['what']!r})")
        if self.game in BIG_SQUARES and values["squares"] < SQUARE_PX - 0.05:
            found.append(f"squares {values['squares']:.1f} px")
        if values["translucent"]:
            found.append(f"card {values['translucent']} is see-through")
        if values["click"]["px"] < CLICK_PX - 0.05:
            found.append(f"covered card {values['click']['what']} leaves {values['click']['px']:.1f} px to click")
        return found


def position(name: str, steps: int, seed: int = SEED) -> Game:
    """The game after up to ``steps`` seeded random actions, stopped before it ends."""
    game = specs()[name].cls()(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.play(game.random_action(rng))
        if game.is_over:
            game.undo()
            break
    return game


def widget_for(game: Game) -> PlayWidget:
    """The pupil plays the seat to move, random bots the others."""
    seats = ["random"] * game.players
    seats[game.to_move if game.to_move is not None else 0] = "human"
    return PlayWidget(game, seats=tuple(seats), seed=SEED, reply_delay=0.0)


def measure_all(chromium: str, games: list[str] | None = None, screenshots: bool = True) -> list[Measure]:
    """Every game (or ``games``) at its start and after play, at both sizes."""
    names = games or sorted(name for name, spec in specs().items()
                            if spec.cls().__module__.startswith("drezlab.games."))
    measures: list[Measure] = []

    def body(playwright: Any) -> None:
        browser = launch(playwright, chromium)
        try:
            for width, height in SIZES:
                context = browser.new_context(viewport={"width": width, "height": height})
                page = None
                for name in names:
                    for when, steps in (("start", 0), ("play", STEPS)):
                        widget = widget_for(position(name, steps))
                        # one tab per window size: each board's traits replace the last's, as the
                        # class pages swap games in one board
                        if page is None:
                            page = open_board(context, widget)
                        else:
                            push(page, widget)
                        page.wait_for_timeout(50)
                        measures.append(Measure(name, when, (width, height), page.evaluate(MEASURE)))
                        if screenshots and when == "play":
                            page.screenshot(path=str(ARTIFACTS / f"layout-{name}-{width}x{height}.png"))
                        assert page.errors == [], (name, page.errors)
                context.close()
        finally:
            browser.close()

    run_in_thread(body)
    return measures


def report(measures: list[Measure]) -> str:
    """One line per game, position and size."""
    lines = [f"{'game':20s} {'when':5s} {'window':9s} {'board w x h':>11s} {'scale':>5s} {'text':>5s} "
             f"{'lines':>5s} {'cards':>5s} {'square':>6s} {'click':>5s}  problems"]
    for m in measures:
        v = m.values

        def px(value: float) -> str:
            return "-" if value == float("inf") or value is None else f"{value:.1f}"
        lines.append(
            f"{m.game:20s} {m.when:5s} {m.size[0]}x{m.size[1]:<4d} "
            f"{v['board']['width']:5.0f}x{v['board']['height']:<5.0f} {v['scale']:5.2f} {px(v['text']['px']):>5s} "
            f"{px(v['html']['px']):>5s} {px(v['cards']['px']):>5s} {px(v['squares']):>6s} {px(v['click']['px']):>5s}  "
            f"{'; '.join(m.problems()) or 'ok'}")
    return "\n".join(lines)


if __name__ == "__main__":
    import os

    chosen = sys.argv[1:] or None
    print(report(measure_all(os.environ.get("DREZLAB_CHROMIUM", "/usr/bin/chromium"), chosen)))
