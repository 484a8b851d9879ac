"""Student mode's lesson preparation (drezlab.student): what Voilà shows a pupil instead of the lesson file."""

from __future__ import annotations

import ast
import copy
from pathlib import Path

import nbformat
import pytest

from drezlab.core.i18n import get_language, in_language
from drezlab.student import (
    STUDENT_NOTE_TAG,
    TEACHER_TAG,
    is_for_teachers,
    lesson_language,
    prelaunch_hook,
    prepare_lesson,
    student_note,
)

LESSONS = sorted((Path(__file__).resolve().parents[1] / "lessons").glob("*.ipynb"))
#: the older lessons written in Spanish (the others are English; the pupils' lessons of lessons/en and
#: lessons/es are checked in tests/test_lessons.py)
SPANISH = ("00-clase",)


def note_cells(notebook) -> list:
    return [cell for cell in notebook.cells if STUDENT_NOTE_TAG in cell.metadata.get("tags", [])]


@pytest.mark.parametrize("path", LESSONS, ids=[path.stem for path in LESSONS])
def test_every_lesson_loses_its_teachers_notes_and_gains_the_note(path: Path) -> None:
    original = nbformat.read(path, as_version=4)
    prepared = prepare_lesson(copy.deepcopy(original))
    notes = [cell for cell in original.cells if is_for_teachers(cell) and TEACHER_TAG not in cell.metadata.get("tags", [])]
    assert len(notes) == 1 and notes[0].cell_type == "markdown", "each lesson has one teacher's-notes cell"
    assert "<details>" not in "".join(cell.source for cell in prepared.cells), "an answer key is left on the page"
    kept = [cell for cell in prepared.cells if STUDENT_NOTE_TAG not in cell.metadata.get("tags", [])]
    assert kept == [cell for cell in original.cells if not is_for_teachers(cell)]
    assert [c.source for c in kept if c.cell_type == "code"] == [
        c.source for c in original.cells if c.cell_type == "code" and TEACHER_TAG not in c.metadata.get("tags", [])]
    assert prepared.cells[0] == original.cells[0] and note_cells(prepared) == [prepared.cells[1]]
    spanish = path.stem in SPANISH
    assert prepared.cells[1].source.startswith("> **Modo alumno.**" if spanish else "> **Student mode.**")
    nbformat.validate(prepared)
    assert prepare_lesson(copy.deepcopy(prepared)) == prepared, "preparing twice must change nothing more"
    assert nbformat.read(path, as_version=4) == original, "the lesson file itself is never changed"


def names(source: str, context: type) -> set[str]:
    """The names a cell binds (``ast.Store``) or reads (``ast.Load``), imports and definitions included."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and isinstance(node.ctx, context):
            found.add(node.id)
        elif context is ast.Store and isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif context is ast.Store and isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return found


@pytest.mark.parametrize("path", LESSONS, ids=[path.stem for path in LESSONS])
def test_code_left_out_defines_nothing_that_later_cells_use(path: Path) -> None:
    """A code cell tagged ``teacher`` does not run in student mode: what it defines must not be needed later."""
    cells = nbformat.read(path, as_version=4).cells
    for index, cell in enumerate(cells):
        if cell.cell_type != "code" or not is_for_teachers(cell):
            continue
        defined = names(cell.source, ast.Store)
        later = set().union(*(names(c.source, ast.Load) for c in cells[index + 1:]
                             if c.cell_type == "code" and not is_for_teachers(c)))
        assert not defined & later, f"cell {index} is left out in student mode but defines {defined & later}"


@pytest.mark.parametrize("path", LESSONS, ids=[path.stem for path in LESSONS])
def test_no_lesson_cell_raises_on_purpose(path: Path) -> None:
    """Voilà stops at the first error: the rest of the lesson would be missing from the pupil's page."""
    tagged = [index for index, cell in enumerate(nbformat.read(path, as_version=4).cells)
              if "raises-exception" in cell.metadata.get("tags", [])]
    assert not tagged, f"cells {tagged} raise on purpose; in student mode the page would stop there"


def test_a_cell_tagged_teacher_is_left_out_and_the_hook_returns_the_prepared_notebook() -> None:
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# A lesson"),
        nbformat.v4.new_code_cell("answer = 42", metadata={"tags": ["teacher"]}),
        nbformat.v4.new_code_cell('drezlab.set_language("es")\ndrezlab.set_language("en")'),
        nbformat.v4.new_markdown_cell("## Teacher's notes\n\nThe answer is 42."),
    ])
    prepared = prelaunch_hook(None, notebook=notebook, cwd=".")
    assert [cell.source for cell in prepared.cells] == [
        "# A lesson", student_note("es"), 'drezlab.set_language("es")\ndrezlab.set_language("en")']
    nbformat.validate(prepared)


def test_the_language_is_that_of_the_first_call_and_english_without_one() -> None:
    code = nbformat.v4.new_code_cell
    assert lesson_language(nbformat.v4.new_notebook(cells=[code('set_language("es")'), code("set_language('en')")])) == "es"
    assert lesson_language(nbformat.v4.new_notebook(cells=[code("set_language('fr')"), code("print(1)")])) == "en"
    assert lesson_language(nbformat.v4.new_notebook()) == "en"


def test_the_note_leaves_the_library_language_as_it_was() -> None:
    before = get_language()
    assert student_note("es").startswith("> **Modo alumno.**") and student_note("en").startswith("> **Student mode.**")
    assert get_language() == before


def test_an_empty_notebook_gets_only_the_note() -> None:
    prepared = prepare_lesson(nbformat.v4.new_notebook())
    assert len(prepared.cells) == 1 and note_cells(prepared) == prepared.cells


def test_in_language_switches_for_the_block_only_and_refuses_a_bad_language() -> None:
    before = get_language()
    with in_language("es") as used:
        assert used == "es" and get_language() == "es"
    with pytest.raises(RuntimeError), in_language("es"):
        raise RuntimeError("the block fails")
    with pytest.raises(ValueError), in_language("fr"):
        pass
    with in_language(None) as used:
        assert used == before
    assert get_language() == before
