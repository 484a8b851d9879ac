"""The pupils' lessons and the teachers' guides (issue 25), read from the saved notebooks.

Layout: ``lessons/en/NN-game.ipynb`` (a pupil's lesson, notebook metadata
``drezlab.audience = "pupils"``) with its guide beside it, ``NN-game-guide.ipynb``
(``"teachers"``); the Spanish twins in ``lessons/es/`` (``NN-game.ipynb`` and
``NN-game-guia.ipynb``). The checks:

* every lesson and guide has its twin in the other language;
* a pupil's lesson is answered by clicking: it asks questions with the answer widget,
  never asks to type or run anything, saves no verdict before a pupil answers, and
  keeps every cell in student mode (nothing in it is for teachers only);
* a guide has the parts a teacher needs (the plan with times, grouping, two tracks,
  the answers, an exit ticket, what to print, what the numbers mean), links its pupil's
  lesson and its game's rules-book page, and student mode never shows it;
* a Spanish notebook's saved outputs and question widgets hold no English words.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from test_spanish_everywhere import english_words

from drezlab.student import FOR_TEACHERS, STUDENT_NOTE_TAG, prepare_lesson

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
LANGUAGES = ("en", "es")
GUIDE_SUFFIX = {"en": "-guide", "es": "-guia"}
ANSWER_CALL = re.compile(r"\b(?:pick|choice|yes_no)\(")
ANSWER_MODEL = "AnswerWidget"
#: what asks a pupil to type or run code (the older lessons' way)
TYPING = re.compile(r"my_\w+\s*=\s*None|mi_\w+\s*=\s*None|run (?:this|the) cell|ejecuta (?:esta|la) celda",
                    re.IGNORECASE)
#: the headings every guide has, by language
GUIDE_PARTS = {
    "en": ("Plan of the session", "Grouping", "Two tracks", "Answers", "Exit ticket", "What to print",
           "What the numbers say"),
    "es": ("Plan de la sesión", "Agrupamiento", "Dos itinerarios", "Soluciones", "Ticket de salida",
           "Qué imprimir", "Qué dicen los números"),
}


def notebooks(language: str) -> list[Path]:
    return sorted((LESSONS / language).glob("*.ipynb"))


def audience(path: Path) -> str:
    return str(json.loads(path.read_text(encoding="utf-8"))["metadata"].get("drezlab", {}).get("audience", ""))


PUPILS = [path for language in LANGUAGES for path in notebooks(language) if audience(path) == "pupils"]
GUIDES = [path for language in LANGUAGES for path in notebooks(language) if audience(path) == "teachers"]


def name_of(path: Path) -> str:
    return str(path.relative_to(LESSONS))


def twin_name(path: Path) -> str:
    """The file name of ``path``'s twin in the other language."""
    language = path.parent.name
    other = "es" if language == "en" else "en"
    stem = path.stem
    if stem.endswith(GUIDE_SUFFIX[language]):
        stem = stem[: -len(GUIDE_SUFFIX[language])] + GUIDE_SUFFIX[other]
    return f"{other}/{stem}.ipynb"


def widget_states(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    """The saved state of every answer widget of a notebook."""
    states = notebook["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    return [model["state"] for model in states.get("state", {}).values()
            if "question" in model.get("state", {}) and "verdict" in model.get("state", {})]


def test_there_are_new_lessons_in_both_languages() -> None:
    assert PUPILS and GUIDES
    assert {path.parent.name for path in PUPILS} == {path.parent.name for path in GUIDES} == set(LANGUAGES)


@pytest.mark.parametrize("path", PUPILS + GUIDES, ids=name_of)
def test_every_lesson_and_guide_has_its_twin(path: Path) -> None:
    twin = LESSONS / twin_name(path)
    assert twin.exists(), f"{name_of(path)} has no twin {twin_name(path)}"
    assert audience(twin) == audience(path)


@pytest.mark.parametrize("path", PUPILS, ids=name_of)
def test_a_pupils_lesson_is_answered_by_clicking(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    code = [''.join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    prose = [''.join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"]
    assert sum(len(ANSWER_CALL.findall(source)) for source in code) >= 3, "a lesson asks a few questions"
    asked = [match.group(0) for text in code + prose for match in TYPING.finditer(text)]
    assert not asked, f"{name_of(path)} asks the pupil to type or run code: {asked}"
    states = widget_states(notebook)
    assert states, "the saved lesson holds its question widgets (run it: make lessons)"
    answered = [state["question"] for state in states if state["feedback"] or state["verdict"] or state["picked"]]
    assert not answered, f"saved with answers already given: {answered}"


@pytest.mark.parametrize("path", PUPILS, ids=name_of)
def test_student_mode_shows_a_pupils_lesson_whole(path: Path) -> None:
    original = nbformat.read(path, as_version=4)
    prepared = prepare_lesson(copy.deepcopy(original))
    kept = [cell for cell in prepared.cells if STUDENT_NOTE_TAG not in cell.metadata.get("tags", [])]
    assert kept == original.cells, "a pupil's lesson has nothing for teachers only"
    note = prepared.cells[1].source
    assert "clic" in note and "cell" not in note and "celda" not in note, note


@pytest.mark.parametrize("path", GUIDES, ids=name_of)
def test_a_guide_has_what_a_teacher_needs(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    prose = "\n".join(''.join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown")
    headings = re.findall(r"^#{1,3}\s+(.+)$", prose, re.MULTILINE)
    language = path.parent.name
    missing = [part for part in GUIDE_PARTS[language] if not any(heading.startswith(part) for heading in headings)]
    assert not missing, f"{name_of(path)} lacks {missing}"
    lesson = path.stem[: -len(GUIDE_SUFFIX[language])] + ".ipynb"
    assert f"]({lesson})" in prose, f"{name_of(path)} does not link its pupil's lesson {lesson}"
    assert f"../../docs/rules/{language}/" in prose, f"{name_of(path)} does not link the rules book"
    assert re.search(r"\|\s*\d+\s*min", prose), "the plan gives times"


@pytest.mark.parametrize("path", GUIDES, ids=name_of)
def test_student_mode_never_shows_a_guide(path: Path) -> None:
    prepared = prepare_lesson(nbformat.read(path, as_version=4))
    assert [cell.cell_type for cell in prepared.cells] == ["markdown"]
    text = prepared.cells[0].source
    assert ("profesorado" in text) if path.parent.name == "es" else text == FOR_TEACHERS


@pytest.mark.parametrize("path", [path for path in PUPILS + GUIDES if path.parent.name == "es"], ids=name_of)
def test_a_spanish_notebook_speaks_spanish(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    texts = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            texts.append("".join(output.get("text", "")))
            data = output.get("data", {})
            if "application/vnd.jupyter.widget-view+json" not in data:     # a widget's repr is not shown
                texts.append("".join(data.get("text/plain", "")))
    for state in widget_states(notebook):
        texts += [state["question"], *state["texts"].values(), *state["names"].values(), *state["options"]]
    found = {word for text in texts for word in english_words(text)}
    assert not found, f"{name_of(path)} shows English words: {sorted(found)}"


#: a JupyterLab menu named as one language's JupyterLab shows it ("Run > Run All Cells",
#: "Ejecutar > Ejecutar todas las celdas"): the lessons and guides word it neutrally
#: ("run the whole notebook"), so they read the same whatever language JupyterLab speaks
MENU_NAMES = re.compile(r"\b(?:Run|Kernel|File|Edit|View|Ejecutar|Archivo|Editar|Ver|Núcleo)\s*(?:→|->|>|›)|"
                        r"Run All Cells|Restart Kernel|Ejecutar todas las celdas|Reiniciar el núcleo", re.IGNORECASE)


@pytest.mark.parametrize("path", PUPILS + GUIDES, ids=name_of)
def test_jupyterlab_menus_are_worded_neutrally(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    prose = "\n".join(''.join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown")
    named = [match.group(0) for match in MENU_NAMES.finditer(prose)]
    assert not named, f"{name_of(path)} names JupyterLab menus in one language: {named}"
