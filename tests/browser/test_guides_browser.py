"""A teacher's guide in JupyterLab, English and Spanish: it runs top to bottom without an
error, its plan and answers show as tables, its simulation prints its numbers; a screenshot
of each goes to test-artifacts/ (guide-en-03-vikingdrez.png, guide-es-03-vikingdrez.png)."""

from __future__ import annotations

import pytest
from conftest import REPO

pytestmark = pytest.mark.browser

GUIDES = {"en": ("lessons/en/03-vikingdrez-guide.ipynb", "At random, 1000 games", "Plan of the session"),
          "es": ("lessons/es/03-vikingdrez-guia.ipynb", "Al azar, 1000 partidas", "Plan de la sesión")}


@pytest.mark.parametrize("language", sorted(GUIDES))
def test_a_guide_runs_and_shows_its_plan(page, run_notebook, language: str) -> None:
    path, printed, plan = GUIDES[language]
    page.set_viewport_size({"width": 1280, "height": 1500})
    run_notebook(path)
    page.wait_for_selector(f"text={printed}", state="attached")
    rendered = page.locator(".jp-RenderedMarkdown table")
    assert rendered.count() >= 2, "the plan and the answers are tables"
    page.locator(f"h2:has-text('{plan}')").first.scroll_into_view_if_needed()
    page.locator(".jp-Notebook").first.evaluate("(node) => node.scrollTo(0, 0)")
    (REPO / "test-artifacts").mkdir(exist_ok=True)
    page.screenshot(path=str(REPO / "test-artifacts" / f"guide-{language}-03-vikingdrez.png"))
