"""One screen, big enough (issue 22): every game's board, measured in Chromium at 1366x768
and 1024x768, at its start and after play (see ``tests/browser/layout.py``, whose report
prints the same measurements)::

    PYTHONPATH=$PWD .venv/bin/python -m pytest -q tests/browser/test_layout_browser.py
    .venv/bin/python tests/browser/layout.py          # the figures, one line per board

Every board fits the window (with the notebook's controls above it) without scrolling;
text in the picture and on the board's lines and buttons is at least 12 px on the
screen, the text on cards at least 11 px, PokerDrez for 4's squares at least 36 px; a
covered card leaves at least 24 px to click and no card is see-through. Screenshots:
``test-artifacts/layout-<game>-<size>.png``.
"""

from __future__ import annotations

from layout import CARD_PX, SIZES, TEXT_PX, measure_all, report


def test_every_board_fits_both_windows_and_reads(chromium_path: str) -> None:
    measures = measure_all(chromium_path)
    print(report(measures))
    games = {measure.game for measure in measures}
    assert len(games) >= 20 and len(measures) == len(games) * 2 * len(SIZES)
    # the measurements are real: every board has a picture, text and a size
    assert all(measure.values["picture"]["width"] > 100 and measure.values["text"]["px"] < 100
               for measure in measures)
    assert any(measure.values["cards"]["px"] < 100 for measure in measures)
    problems = [f"{m.game} {m.when} {m.size[0]}x{m.size[1]}: {'; '.join(m.problems())}"
                for m in measures if m.problems()]
    assert not problems, "\n".join(problems)
    assert TEXT_PX == 12 and CARD_PX == 11


def test_in_narrow_room_the_log_goes_below_the_picture(chromium_path: str) -> None:
    """A notebook column beside JupyterLab's file browser (about 600 px at 1024 wide): the
    move log goes below the picture instead of squeezing it, and comes back beside it
    when there is room again."""
    from boardpage import launch, open_board, run_in_thread
    from layout import position, widget_for

    widget = widget_for(position("pokerdrez", 12))
    seen: dict[str, dict] = {}
    boxes = """() => {
      const board = document.querySelector('.dz-board');
      const picture = board.querySelector('.dz-picture svg').getBoundingClientRect();
      const log = board.querySelector('.dz-log-panel').getBoundingClientRect();
      return {narrow: board.classList.contains('dz-narrow'), pictureWidth: picture.width,
              natural: board.querySelector('.dz-picture svg').viewBox.baseVal.width,
              pictureBottom: picture.bottom, pictureRight: picture.right, logTop: log.top, logLeft: log.left};
    }"""

    def body(playwright) -> None:
        browser = launch(playwright, chromium_path)
        try:
            page = open_board(browser.new_context(viewport={"width": 1024, "height": 768}), widget)
            seen["wide"] = page.evaluate(boxes)
            page.evaluate("() => { document.getElementById('board').style.width = '660px'; }")
            page.wait_for_timeout(200)
            seen["narrow"] = page.evaluate(boxes)
            page.evaluate("() => { document.getElementById('board').style.width = ''; }")
            page.wait_for_timeout(200)
            seen["again"] = page.evaluate(boxes)
        finally:
            browser.close()

    run_in_thread(body)
    wide, narrow, again = seen["wide"], seen["narrow"], seen["again"]
    natural = narrow["natural"]
    assert not wide["narrow"] and wide["logLeft"] >= wide["pictureRight"], wide
    assert narrow["narrow"] and narrow["logTop"] >= narrow["pictureBottom"] - 1, narrow
    # the picture as wide as the room allows (its full size if that fits), not squeezed by the log
    assert abs(narrow["pictureWidth"] - min(natural, 660)) < 2, narrow
    assert not again["narrow"] and again["logLeft"] >= again["pictureRight"], again
