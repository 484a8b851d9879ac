"""No lesson announces a lesson that does not exist.

Read from the saved notebooks (nothing runs). A lesson is mentioned when its text
says "lesson 7" / "lección 7" / "Lesson 12", or when its closing "**Next:**" /
"**Siguiente:**" line names the game of a lesson, existing or planned: the games
of the notebooks in ``lessons/`` (from their titles, "# Lesson N · Game: ...") and
the planned lessons 09-16. A mentioned lesson must be a notebook in ``lessons/``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
NOTEBOOKS = sorted(path for path in LESSONS.rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts)

#: the lessons planned in the course (number: the words a lesson text would name it by)
PLANNED: dict[int, tuple[str, ...]] = {
    9: ("SoloDrez",), 10: ("SokuDrez",), 11: ("RummiDrez",), 12: ("Dejarik",), 13: ("Abyss",),
    14: ("jumping bishop", "jumping-bishop", "alfil saltador"), 15: ("Guadalete",),
    16: ("PokerDrez 4", "PokerDrez4", "PokerDrez for 4", "PokerDrez para 4"),
}
NUMBERED = re.compile(r"\b(?:lessons?|lecci[oó]n(?:es)?)\s+(\d{1,2})\b", re.IGNORECASE)
NEXT_LINE = re.compile(r"\*\*(?:Next|Siguiente|Coming next|Próximamente):?\*\*:?(.*)", re.IGNORECASE)
TITLE = re.compile(r"^#\s*(?:Lesson|Lecci[oó]n)\s+(\d+)\s*·\s*([^:\n(]+)", re.IGNORECASE | re.MULTILINE)


def existing_numbers() -> set[int]:
    """The lesson numbers that have a notebook (``NN-name.ipynb``)."""
    return {int(path.name[:2]) for path in NOTEBOOKS if path.name[:2].isdigit()}


def lesson_names() -> dict[int, tuple[str, ...]]:
    """Lesson number: names of its game, from the planned list and the notebooks' titles."""
    names = {number: list(words) for number, words in PLANNED.items()}
    for path in NOTEBOOKS:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        first = "".join(cells[0]["source"]) if cells else ""
        match = TITLE.search(first)
        if match:
            names.setdefault(int(match.group(1)), []).append(match.group(2).strip())
    return {number: tuple(words) for number, words in names.items()}


def mentioned_lessons(text: str, names: dict[int, tuple[str, ...]]) -> set[int]:
    """The lesson numbers ``text`` refers to: "lesson N", or a lesson's game named on a Next line."""
    found = {int(number) for number in NUMBERED.findall(text)}
    for line in NEXT_LINE.findall(text):
        for number, words in names.items():
            if any(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", line, re.IGNORECASE) for word in words):
                found.add(number)
    return found


def test_the_reference_finder_sees_announcements() -> None:
    """The finder catches a numbered mention and a game named on a Next line, and ignores other text."""
    names = {1: ("PokerDrez",), 9: ("SoloDrez",), 16: ("PokerDrez 4",)}
    assert mentioned_lessons("**Next:** lesson 9 brings SoloDrez.", names) == {9}
    assert mentioned_lessons("**Siguiente:** la lección 3 deja las cartas", names) == {3}
    assert mentioned_lessons("**Next:** SoloDrez, a patience game.", names) == {9}
    assert mentioned_lessons("**Next:** PokerDrez 4, team play.", names) == {1, 16}
    assert mentioned_lessons("Play SoloDrez at home; the next card decides.", names) == set()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: str(path.relative_to(LESSONS)))
def test_every_mentioned_lesson_exists(path: Path) -> None:
    names = lesson_names()
    existing = existing_numbers()
    own = int(path.name[:2]) if path.name[:2].isdigit() else None
    missing: list[tuple[int, int]] = []
    for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        for number in sorted(mentioned_lessons("".join(cell["source"]), names) - existing - {own}):
            missing.append((index, number))
    assert not missing, (f"{path.name} announces lessons that are not in lessons/ (cell, lesson): {missing}; "
                         "say what the pupils can do next instead, or write that lesson first")
