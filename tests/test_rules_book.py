"""The rules book (docs/rules): a page per game in English and Spanish, with the parts a
teacher looks for, and diagrams that are exactly what the library draws today."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from drezlab.core.registry import names, spec_of

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "docs" / "rules"
#: the library's games (the test suite registers toy games of its own, left out)
GAMES = sorted({spec_of(name).name for name in names() if spec_of(name).game_class.startswith("drezlab.games.")})
#: the headings every page has, by language (the section "Special rules" only where a game has them)
PARTS = {
    "en": ("What you need", "Setting up", "A turn", "End of the game", "Where the original rules are silent",
           "Playing it here"),
    "es": ("Qué hace falta", "Preparación", "El turno", "Fin de la partida", "Lo que las reglas originales no dicen",
           "Jugar aquí"),
}


def rules_book_tool():
    spec = importlib.util.spec_from_file_location("rules_book", ROOT / "tools" / "rules_book.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_page_with_the_parts_a_teacher_looks_for(game: str, language: str) -> None:
    page = BOOK / language / f"{game}.md"
    assert page.exists(), f"no rules-book page {page.relative_to(ROOT)}"
    text = page.read_text(encoding="utf-8")
    title = spec_of(game).title if language == "en" else spec_of(game).title_es
    assert text.startswith(f"# {title}\n"), f"{page.name} should open with its game's title {title!r}"
    headings = re.findall(r"^##\s+(.+)$", text, re.MULTILINE)
    missing = [part for part in PARTS[language] if not any(heading.startswith(part) for heading in headings)]
    assert not missing, f"{page.relative_to(ROOT)} lacks {missing}"
    assert re.search(r"!\[[^\]]+\]\(\.\./img/[\w.-]+\.svg\)", text), "a page shows at least one diagram"
    assert f'drezlab.new("{game}"' in text, "the page says how to play it here"
    index = (BOOK / language / "README.md").read_text(encoding="utf-8")
    assert f"]({game}.md)" in index, "the book's index lists the page"


def test_every_diagram_is_what_the_library_draws_today() -> None:
    stale = rules_book_tool().stale()
    assert not stale, "run: python tools/rules_book.py\n" + "\n".join(stale)


def test_every_drawn_diagram_is_on_a_page() -> None:
    pages = "\n".join(path.read_text(encoding="utf-8") for path in BOOK.rglob("*.md"))
    listed = [entry["file"] for _listing, entry in rules_book_tool().entries()]
    assert len(listed) == len(set(listed)), "two diagrams share a file name"
    unused = [name for name in listed if f"../img/{name})" not in pages]
    assert not unused, f"diagrams drawn for no page: {unused}"
    drawn = {path.name for path in (BOOK / "img").glob("*.svg")}
    assert drawn == set(listed), f"files in docs/rules/img that no list draws: {sorted(drawn - set(listed))}"
