"""A pupil practises in JupyterLab (Chromium): types a name, solves one exercise by clicks,
misses it on a second try, and the report in a following cell shows both.

The notebook is written into the server's ``harness/`` folder by the test: a cell with
lesson 1's practice set (``practice_set("01").widget(folder=...)``, attempts in a
temporary folder) and a cell with ``report(folder)``. After "Run all" the test types
"Ana" in the name field, plays the card mate (the Rook card, a1, a8: goal met), presses
"Try again", presses "Hint" and sees the hint's three ids marked on the board (``dz-hinted``),
plays R3 Kh1 (no mate: goal missed; the mark is gone), runs the report cell again and checks
the page (Ana, met 1 of 2) and the JSON lines (met, then missed). Fixtures and page
helpers are those of conftest.py and test_lesson_browser.py; the screenshot goes to
``test-artifacts/practice.png``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from labjs import FIND_PANEL
from test_lesson_browser import click_id, screenshot

pytestmark = pytest.mark.browser

NOTEBOOK = "harness/practice.ipynb"

RUN_CELL = """
async ([path, index]) => {""" + FIND_PANEL + """  const kernel = panel.sessionContext.session.kernel;
  panel.content.activeCellIndex = index;
  await app.commands.execute('notebook:run-cell');
  const cell = panel.content.widgets[index];
  while (kernel.status !== 'idle' || cell.model.executionState === 'running') {
    if (Date.now() > deadline) throw new Error('the report cell did not finish');
    await sleep(100);
  }
  return cell.node.querySelector('.jp-OutputArea').innerText;
}
"""


def write_notebook(root: Path, folder: Path) -> None:
    cells = [
        ("from drezlab.practice import practice_set, report\n"
         f"FOLDER = {str(folder)!r}\n"
         "practice = practice_set('01').widget(folder=FOLDER, reply_delay=0.1)\n"
         "practice"),
        "report(FOLDER)",
    ]
    notebook = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": f"practice-{i}", "metadata": {},
                   "outputs": [], "source": source} for i, source in enumerate(cells)],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    (root / NOTEBOOK).write_text(json.dumps(notebook, indent=1), encoding="utf-8")


def result_text(page) -> str:
    return page.locator(".dz-practice .dz-practice-result").inner_text()


def wait_result(page, start: str, timeout: float = 20.0) -> str:
    deadline = time.monotonic() + timeout
    while True:
        text = result_text(page)
        if text.startswith(start):
            return text
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {start!r}; the result line says {text!r}")
        page.wait_for_timeout(50)


@pytest.mark.browser
def test_a_pupil_solves_one_misses_one_and_the_report_shows_both(page, lab_server, run_notebook, timings,
                                                                 tmp_path: Path) -> None:
    folder = tmp_path / "attempts"
    write_notebook(lab_server.root, folder)
    try:
        run_notebook(NOTEBOOK)
        started = time.monotonic()
        page.wait_for_selector(".dz-practice .dz-board .dz-picture svg", state="attached")
        wait_result(page, "Goal: Checkmate in 1")
        page.locator(".dz-practice-name input").fill("Ana")
        for target, piece in (("R3", False), ("a1", True), ("a8", False)):
            click_id(page, target, prefer_piece=piece)
        solved = wait_result(page, "Well done!")
        assert "Checkmate on your move 1" in solved
        page.locator(".dz-practice-again").click()
        wait_result(page, "Goal: Checkmate in 1")
        page.locator(".dz-practice-hint").click()
        page.wait_for_function("document.querySelectorAll('.dz-practice .dz-hinted').length >= 3")
        hinted = page.evaluate("[...document.querySelectorAll('.dz-practice .dz-hinted')]"
                               ".map((node) => node.getAttribute('data-id'))")
        assert {"R3", "a1", "a8"} <= set(hinted), hinted
        assert "Hint: White: rook to a8 with the Magenta Rook card, checkmate" in result_text(page)
        for target, piece in (("R3", False), ("g1", True), ("h1", False)):
            click_id(page, target, prefer_piece=piece)
        missed = wait_result(page, "Not this time.")
        assert page.locator(".dz-practice .dz-hinted").count() == 0   # the move played cleared the hint
        assert "No checkmate by your move 1" in missed and "Recorded for Ana" in missed
        shown = page.evaluate(RUN_CELL, [NOTEBOOK, 1])
        assert "Ana" in shown and "lesson-01/card-mate" in shown and "met (1/2)" in shown, shown
        assert page.locator(".dz-practice-report svg").count() == 1
        lines = [json.loads(line) for line in (folder / "Ana.jsonl").read_text(encoding="utf-8").splitlines()]
        assert [(line["pupil"], line["result"], line["moves"][0]) for line in lines] == [
            ("Ana", "met", "R3:a1a8"), ("Ana", "missed", "R3:g1h1")]
        timings.add(f"{NOTEBOOK}: name, solve, try again, miss, report", time.monotonic() - started)
    finally:
        screenshot(page, "practice.png", 0)
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
