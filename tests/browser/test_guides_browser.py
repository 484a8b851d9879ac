"""A teacher's guide in JupyterLab, English and Spanish: it runs top to bottom without an
error, its plan and answers show as tables, its simulation prints its numbers; a screenshot
of each goes to test-artifacts/ (guide-<en|es>-<lesson>.png: guide-en-03-vikingdrez.png,
guide-es-06-triumfdrez.png ...). Two guides, each in both languages: lesson 3 (VikingDrez,
a board game) and lesson 6 (TriumfDrez, a card game)."""

from __future__ import annotations

import pytest
from conftest import REPO

pytestmark = pytest.mark.browser

#: (lesson, language) -> (the guide, a line its simulation prints, its plan's heading)
GUIDES = {("03-vikingdrez", "en"): ("lessons/en/03-vikingdrez-guide.ipynb", "At random, 1000 games",
                                    "Plan of the session"),
          ("03-vikingdrez", "es"): ("lessons/es/03-vikingdrez-guia.ipynb", "Al azar, 1000 partidas",
                                    "Plan de la sesión"),
          ("06-triumfdrez", "en"): ("lessons/en/06-triumfdrez-guide.ipynb", "Sampling bot: 6 deals won of 12",
                                    "Plan of the session"),
          ("06-triumfdrez", "es"): ("lessons/es/06-triumfdrez-guia.ipynb", "Bot de muestreo: 6 manos ganadas de 12",
                                    "Plan de la sesión")}


@pytest.mark.parametrize(("lesson", "language"), sorted(GUIDES), ids=[f"{language}-{lesson}" for lesson, language
                                                                       in sorted(GUIDES)])
def test_a_guide_runs_and_shows_its_plan(page, run_notebook, lesson: str, language: str) -> None:
    path, printed, plan = GUIDES[(lesson, language)]
    page.set_viewport_size({"width": 1280, "height": 1500})
    run_notebook(path)
    page.wait_for_selector(f"text={printed}", state="attached")
    # the guide's own tab: JupyterLab reopens the guides of the tests before it, behind it
    guide = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    assert guide.count() == 1 and guide.locator(f"text={printed}").count() >= 1, f"{path} is not in front"
    rendered = guide.locator(".jp-RenderedMarkdown table")
    assert rendered.count() >= 2, "the plan and the answers are tables"
    heading = guide.locator(f".jp-RenderedMarkdown h2:has-text('{plan}')").first
    heading.wait_for(state="visible", timeout=15_000)
    # back to the top ("run all" leaves the notebook at its end): the picture shows the title and the plan
    heading.scroll_into_view_if_needed()
    guide.locator(".jp-WindowedPanel-outer, .jp-Notebook").evaluate_all(
        "(nodes) => nodes.forEach((node) => node.scrollTo(0, 0))")
    page.wait_for_timeout(300)
    assert heading.bounding_box() is not None and 0 < heading.bounding_box()["y"] < 1500, "the plan is not in view"
    (REPO / "test-artifacts").mkdir(exist_ok=True)
    page.screenshot(path=str(REPO / "test-artifacts" / f"guide-{language}-{lesson}.png"))
