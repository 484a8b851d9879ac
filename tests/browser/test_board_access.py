"""The board by keyboard, by screen reader and by touch, in Chromium (issue 22).

``widgets/board.js`` runs in a plain page (served by ``page.route``, no Jupyter)
over a stand-in of the widget's model, the way the class pages feed it
(``widgets/pupil.js``'s ``BoardModel``). Behind the model is a real
:class:`drezlab.ui.play.PlayWidget`: what the page sends (a complete action) is
handed to the widget's board, the bots reply, and the widget's traits go back to
the page. So these tests play real games, and the page sees exactly what the
notebook's front end would.

* keyboard only: Tab into the board, Enter picks the target the keyboard is on,
  the keyboard then moves to the next thing to pick; arrow keys move between the
  clickable targets, Escape starts the choice again; buttons are reached by Tab;
  a PokerDrez game is played this way for several moves (cards, pieces, squares
  and buttons), the accessible names of the clickable targets are checked against
  :func:`drezlab.core.face.target_name` and through Chromium's accessibility tree
  (``get_by_role``), in English and in Spanish, and the "Your turn" banner against
  :func:`drezlab.core.face.guidance_text`;
* touch: a 1024x768 tablet (``has_touch``, ``is_mobile``) plays Brandubh by
  Playwright's ``tap`` alone.

Playwright's sync API does not nest, and the session's Chromium
(``browser_context``) may be open: each test drives its own Chromium from a
thread of its own. Screenshots go to ``test-artifacts/``::

    PYTHONPATH=$PWD .venv/bin/python -m pytest -q tests/browser/test_board_access.py
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from boardpage import ARTIFACTS, launch, open_board, pump, run_in_thread

from drezlab.core.face import guidance_text, target_name
from drezlab.core.i18n import in_language
from drezlab.ui.play import PlayWidget
from drezlab.ui.selection import guidance, svg_ids

FOCUSED = """() => {
  const node = document.activeElement;
  if (!node || node === document.body) return null;
  return {id: node.getAttribute('data-id'), label: node.getAttribute('aria-label'), tag: node.tagName.toLowerCase(),
          text: node.textContent, inPicture: !!node.closest('.dz-picture'), key: node.classList.contains('dz-key'),
          button: node.tagName.toLowerCase() === 'button' && !!node.closest('.dz-actions')};
}"""

KEYS = """() => [...document.querySelectorAll('.dz-picture .dz-key')].map((n) => ({
  id: n.getAttribute('data-id'), label: n.getAttribute('aria-label'), role: n.getAttribute('role'),
  tabindex: n.getAttribute('tabindex')}))"""



def turn_words(widget: PlayWidget) -> str:
    """The banner Python expects now (the widget's own selection is empty in the browser)."""
    actions = widget.game.legal_actions()
    steps, buttons = guidance(actions, [], svg_ids(widget.board.svg))
    return guidance_text(steps, buttons)


# ------------------------------------------------------------------ keyboard
def keyboard_move(page: Any, widget: PlayWidget, tabs: list[int] | None = None) -> str:
    """Play the viewer's next action by keys alone: Enter on what the keyboard is on
    (it moves on to the next thing to pick by itself), or Tab to a button when only
    buttons are offered. Returns how it was played; ``tabs`` gets how many times Tab
    was pressed."""
    before = len(widget.log)
    how = []
    pressed = 0
    for _ in range(8):
        focused = page.evaluate(FOCUSED)
        if focused is None or not (focused["key"] or focused["button"]):
            # Tab into the board (the target the keyboard is on), else on to a button
            for _ in range(12):
                page.keyboard.press("Tab")
                pressed += 1
                focused = page.evaluate(FOCUSED)
                if focused and (focused["key"] or focused["button"]):
                    break
        assert focused and (focused["key"] or focused["button"]), f"nothing to play by keys: {focused}"
        how.append(focused["label"] or focused["text"])
        page.keyboard.press("Enter")
        page.wait_for_timeout(40)
        if pump(page, widget) and len(widget.log) > before:
            if tabs is not None:
                tabs.append(pressed)
            return " + ".join(how)
    raise AssertionError(f"eight keys played nothing: {how}; status {widget.board.status!r}")


def check_names(page: Any, widget: PlayWidget) -> list[dict[str, str]]:
    """Every clickable target of the picture has its role, one tab stop, and the name
    Python gives its id (a <title> of the picture may name it better)."""
    keys = page.evaluate(KEYS)
    assert keys, "no clickable target in the picture"
    assert all(key["role"] == "button" for key in keys)
    assert sum(key["tabindex"] == "0" for key in keys) == 1, keys
    for key in keys:
        if not re.search(rf'data-id="{re.escape(key["id"])}"[^>]*>\s*<title>', widget.board.svg):
            assert key["label"] == target_name(key["id"], widget.board.texts, svg_ids(widget.board.svg)), key
    return keys


def test_keyboard_plays_pokerdrez_with_names(chromium_path: str) -> None:
    widget = PlayWidget("pokerdrez", seats=("human", "random"), seed=5, reply_delay=0)
    report: list[str] = []

    def body(playwright: Any) -> None:
        browser = launch(playwright, chromium_path)
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        page = open_board(context, widget)
        try:
            banner = page.locator(".dz-banner")
            assert banner.text_content() == turn_words(widget)
            seen_card = seen_square = False
            tabs: list[int] = []
            targets_offered: list[bool] = []
            for move in range(8):
                if widget.game.is_over:
                    break
                keys = check_names(page, widget) if widget.board.actions and any(
                    a["targets"] for a in widget.board.actions) else []
                for key in keys:
                    if re.match(r"^[PNBRQJ][1-9]b?$", key["id"]) and not seen_card:
                        seen_card = True
                        assert re.match(r"^(grey|red|magenta|purple|blue|yellow|cyan|orange|green) "
                                        r"(Pawn|Knight|Bishop|Rook|Queen|Joker) card(, second pack)?$", key["label"])
                        # Chromium's accessibility tree exposes it by that name
                        assert page.get_by_role("button", name=key["label"], exact=True).count() == 1
                    if re.match(r"^[a-h][1-8]$", key["id"]) and not seen_square:
                        seen_square = True
                        assert key["label"] == f"square {key['id']}"
                        assert page.get_by_role("button", name=key["label"], exact=True).count() == 1
                targets_offered.append(bool(keys))
                report.append(keyboard_move(page, widget, tabs))
                banner_text = banner.text_content()
                if widget.board.actions and not widget.board.busy:
                    assert banner_text == turn_words(widget), (banner_text, turn_words(widget))
            assert len(report) >= 4, report
            # after the first Tab into the board, the keyboard stays on a target across
            # redraws and bot replies: no more Tab is needed while targets are offered
            assert tabs[0] >= 1
            assert all(count == 0 for count, offered in zip(tabs[1:], targets_offered[1:]) if offered), \
                (tabs, targets_offered, report)
            assert seen_card and seen_square, report
            page.screenshot(path=str(ARTIFACTS / "board-keyboard.png"))

            # arrows move between the clickable targets; Escape takes the choice back
            focused = page.evaluate(FOCUSED)
            if not (focused and focused["key"]):
                page.keyboard.press("Tab")
            start = page.evaluate(FOCUSED)
            assert start and start["key"], start
            visited = {start["id"]}
            for key in ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "End", "Home"]:
                page.keyboard.press(key)
                now = page.evaluate(FOCUSED)
                assert now and (now["key"] or now["button"]), (key, now)
                visited.add(now["id"] or now["text"])
            assert len(visited) >= 2, visited
            assert page.locator(".dz-picture [tabindex='0']").count() == 1
            assert page.errors == [], page.errors
        finally:
            browser.close()

    run_in_thread(body)
    print("keyboard moves:", report)


def test_spanish_names_and_banner(chromium_path: str) -> None:
    with in_language("es"):
        widget = PlayWidget("pokerdrez", seats=("human", "random"), seed=7, reply_delay=0)
        expected = turn_words(widget)

        def body(playwright: Any) -> None:
            browser = launch(playwright, chromium_path)
            page = open_board(browser.new_context(viewport={"width": 1366, "height": 768}), widget)
            try:
                assert page.locator(".dz-banner").text_content() == expected
                assert expected.startswith("Tu turno: ")
                keys = check_names(page, widget)
                assert any(key["label"].startswith("casilla ") for key in keys), keys
                # the first card move: cards named the Spanish way
                for _ in range(6):
                    if any(re.match(r"^[PNBRQJ][1-9]b?$", key["id"]) for key in page.evaluate(KEYS)):
                        break
                    keyboard_move(page, widget)
                cards = [key for key in page.evaluate(KEYS) if re.match(r"^[PNBRQJ][1-9]b?$", key["id"])]
                assert cards, page.evaluate(KEYS)
                assert all(re.match(r"^carta (Peón|Caballo|Alfil|Torre|Dama|Bufón) "
                                    r"(gris|rojo|magenta|morado|azul|amarillo|cyan|naranja|verde)"
                                    r"(, segunda baraja)?$", key["label"]) for key in cards), cards
                assert page.errors == [], page.errors
            finally:
                browser.close()

        run_in_thread(body)


# --------------------------------------------------------------------- touch
def test_tablet_plays_brandubh_by_taps(chromium_path: str) -> None:
    widget = PlayWidget("brandubh", seats=("human", "random"), seed=3, reply_delay=0)
    played: list[str] = []

    def body(playwright: Any) -> None:
        browser = launch(playwright, chromium_path)
        context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True, is_mobile=True,
                                      device_scale_factor=1)
        page = open_board(context, widget)
        try:
            assert page.evaluate("() => navigator.maxTouchPoints") > 0
            for _ in range(4):
                if widget.game.is_over or widget.game.to_move not in widget.humans:
                    break
                before = len(widget.log)
                action = widget.game.legal_actions()[0]
                for target in action.targets:
                    # the topmost element of the id (a piece is drawn over its square)
                    page.locator(f'.dz-picture [data-id="{target}"]').last.tap()
                    page.wait_for_timeout(40)
                assert pump(page, widget) == 1, f"taps on {action.targets} sent nothing"
                assert len(widget.log) > before, widget.board.status
                played.append(widget.log[before])
            assert len(played) == 4, played
            page.screenshot(path=str(ARTIFACTS / "board-tablet-taps.png"))
            assert page.errors == [], page.errors

            # a card game on the same tablet: card, piece and square by taps
            cards = PlayWidget("pokerdrez", seats=("human", "random"), seed=5, reply_delay=0)
            page = open_board(context, cards)
            three = 0
            for _ in range(10):
                if cards.game.is_over or three >= 2:
                    break
                before = len(cards.log)
                actions = cards.game.legal_actions()
                action = next((a for a in actions if len(a.targets) == 3), None) or \
                    next((a for a in actions if a.targets), None)
                if action is None:           # buttons only: tapped too
                    page.locator(".dz-actions button").first.tap()
                else:
                    for target in action.targets:
                        page.locator(f'.dz-picture [data-id="{target}"]').last.tap()
                        page.wait_for_timeout(40)
                    three += len(action.targets) == 3
                assert pump(page, cards) == 1, f"taps on {action} sent nothing"
                assert len(cards.log) > before, cards.board.status
                played.append(cards.log[before])
            assert three == 2, played
            page.screenshot(path=str(ARTIFACTS / "board-tablet-taps-cards.png"))
            assert page.errors == [], page.errors
        finally:
            browser.close()

    run_in_thread(body)


# ------------------------------------------------------------ in JupyterLab
def test_keyboard_in_jupyterlab_is_the_boards(page: Any, run_notebook: Callable[[str], None]) -> None:
    """In JupyterLab, Enter on a target plays (it does not open the cell's editor) and the
    arrow keys move on the board (not between cells): the VikingDrez lesson's first
    move made by keys alone, after the keyboard is put on the board."""
    from test_lesson_browser import BOARD, playable_board, wait_for

    run_notebook("lessons/en/03-vikingdrez.ipynb")
    page.wait_for_selector(f"{BOARD} .dz-picture svg", state="visible")
    index = playable_board(page)
    before = wait_for(page, lambda s: s["status"].startswith("Your turn: White") and s["highlight"],
                      "White to move", index)
    board = page.locator(BOARD).nth(index)
    assert board.locator(".dz-banner").text_content() == "Your turn: pick a piece, then a square"
    styles = page.evaluate("""(index) => {
      const banner = document.querySelectorAll('.dz-board')[index].querySelector('.dz-banner');
      const style = getComputedStyle(banner);
      return {background: style.backgroundColor, weight: style.fontWeight,
              sheets: [...document.querySelectorAll('style')].filter((s) => s.textContent.includes('dz-banner')).length,
              boards: [...document.querySelectorAll('style')].filter((s) => s.textContent.includes('.dz-board')).length};
    }""", index)
    assert styles["background"] == "rgb(227, 244, 232)", styles      # board.css reached JupyterLab
    board.locator(".dz-picture [tabindex='0']").focus()      # as Tab would
    first = page.evaluate(FOCUSED)
    assert first and first["key"] and first["label"].startswith("square "), first
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    moved = page.evaluate(FOCUSED)
    assert moved and moved["key"], f"an arrow key left the board: {moved}"
    assert page.locator(".jp-Notebook.jp-mod-editMode").count() == 0
    page.keyboard.press("Enter")             # the piece
    chosen = wait_for(page, lambda s: len(s["selected"]) == 1, "a piece chosen by Enter", index)
    assert page.locator(".jp-Notebook.jp-mod-editMode").count() == 0, "Enter opened the cell editor"
    assert board.locator(".dz-banner").text_content() == "Your turn: pick a square"
    now = page.evaluate(FOCUSED)
    assert now and now["key"] and now["id"] not in chosen["selected"], now   # on to a destination
    page.keyboard.press("Enter")             # the square
    after = wait_for(page, lambda s: len(s["log"]) > len(before["log"]), "the move played by Enter", index)
    assert after["log"][len(before["log"])].startswith("White: "), after["log"]
    page.screenshot(path=str(ARTIFACTS / "board-keyboard-lab.png"))
