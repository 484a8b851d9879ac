"""Student mode: how a lesson is prepared before Voilà shows it to a pupil (`make student`).

Voilà already strips every code cell's source and runs the lesson in a kernel
of the pupil's own. Two things still read wrongly on a page without code, and
this module fixes them on the copy Voilà renders (the lesson files are never
changed, and JupyterLab shows them as before):

* the teacher's notes, with the exercises' answers, would be on the pupil's
  page: a markdown cell that starts with a teacher's-notes heading, or any
  cell tagged ``teacher``, is left out;
* the older lessons say "run the cells", "change it and run the cell again" and
  "write your answer in ``my_answer`` and run the cell", which a pupil without
  code cannot do: a short note in the lesson's language, placed right after
  the lesson's first cell, says what works here and what to do instead. A
  pupil's lesson (notebook metadata ``drezlab.audience == "pupils"``) is answered
  by clicking, so its note only says that the page has already run;
* a teacher's guide (``drezlab.audience == "teachers"``: the answers, the plan,
  the simulations) is never shown: Voilà gets a page that says it is for
  teachers, and no cell of the guide runs. ``student/voila.py`` also leaves the
  guides out of the list of lessons.

Voilà stops a lesson at the first cell that raises and shows the pupil a
message meant for the server's administrator instead of the rest of the page,
so lessons keep no cell that raises on purpose (tests/test_student.py checks).

``student/voila.py`` (Voilà's configuration for `make student`) installs
:func:`prelaunch_hook` as Voilà's ``prelaunch_hook``.
"""

from __future__ import annotations

import re
from typing import Any

import nbformat

from drezlab.core.i18n import LANGUAGES, add_translations, in_language, t

TEACHER_TAG = "teacher"
# the teacher's-notes headings of the lessons, in each language
TEACHER_HEADINGS = ("## Teacher's notes", "## Notas para el monitor")
STUDENT_NOTE_TAG = "student-mode-note"
_FIRST_LANGUAGE_CALL = re.compile(r"""set_language\(\s*["'](\w+)["']\s*\)""")

STUDENT_NOTE = (
    "> **Student mode.** This lesson has already run for you: read it, look at the pictures and play on the "
    "boards by clicking. There is no code on this page, so nothing here can be changed or run again: where the "
    "lesson says to change a cell, to write your answer in the notebook (`my_answer` and the like) or to run a "
    "cell, write your answer on paper or tell your teacher instead."
)
PUPIL_NOTE = ("> **Student mode.** This lesson has already run for you: read it, answer the questions by "
              "clicking and play on the boards.")
FOR_TEACHERS = ("# This page is for teachers\n\nIt is a teacher's guide, with the answers. Go back to the list "
                "and open your lesson.")
#: the notebook metadata that says who a notebook is for: ``{"drezlab": {"audience": "pupils" | "teachers"}}``
AUDIENCE_KEY = "audience"
add_translations({
    PUPIL_NOTE: ("> **Modo alumno.** Esta lección ya se ha ejecutado para ti: léela, contesta las preguntas "
                 "haciendo clic y juega en los tableros."),
    FOR_TEACHERS: ("# Esta página es para el profesorado\n\nEs una guía del profesor, con las soluciones. "
                   "Vuelve a la lista y abre tu lección."),
    STUDENT_NOTE: (
        "> **Modo alumno.** Esta lección ya se ha ejecutado para ti: léela, mira los dibujos y juega en los "
        "tableros haciendo clic. En esta página no hay código, así que aquí no se puede cambiar ni volver a "
        "ejecutar nada: cuando la lección diga que cambies una celda, que escribas tu respuesta en el cuaderno "
        "(`mi_veredicto` y parecidas) o que ejecutes una celda, escribe tu respuesta en un papel o díselo a tu "
        "monitor."
    ),
})


def _source(cell: Any) -> str:
    """A cell's text (nbformat keeps it as one string once read, as lines in the file)."""
    source = cell.source
    return source if isinstance(source, str) else "".join(source)


def lesson_language(notebook: Any) -> str:
    """The language a lesson is written in: that of its first ``set_language("..")`` call, else English."""
    for cell in notebook.cells:
        if cell.cell_type == "code":
            found = _FIRST_LANGUAGE_CALL.search(_source(cell))
            if found and found.group(1) in LANGUAGES:
                return found.group(1)
    return "en"


def is_for_teachers(cell: Any) -> bool:
    """A cell pupils should not see in student mode: tagged ``teacher``, or the teacher's notes."""
    if TEACHER_TAG in cell.get("metadata", {}).get("tags", []):
        return True
    return cell.cell_type == "markdown" and _source(cell).lstrip().startswith(TEACHER_HEADINGS)


def audience(notebook: Any) -> str:
    """Who a notebook is for: "pupils" (a pupil's lesson), "teachers" (a guide), or "" (an older lesson)."""
    return str(notebook.get("metadata", {}).get("drezlab", {}).get(AUDIENCE_KEY, ""))


def student_note(language: str, for_pupils: bool = False) -> str:
    """The note that tells a pupil what works on a page without code, in ``language``
    (shorter for a pupil's lesson, which asks for nothing but clicks)."""
    with in_language(language):
        return t(PUPIL_NOTE if for_pupils else STUDENT_NOTE)


def prepare_lesson(notebook: Any) -> Any:
    """Leave out the cells for teachers and add the student-mode note after the first cell (in place).

    ``notebook`` is an ``nbformat`` notebook; it is returned for convenience.
    Preparing a prepared lesson changes nothing more.
    """
    language = lesson_language(notebook)
    if audience(notebook) == "teachers":
        with in_language(language):
            notebook.cells = [nbformat.v4.new_markdown_cell(t(FOR_TEACHERS))]
        if notebook.get("nbformat_minor", 5) < 5:
            del notebook.cells[0]["id"]
        return notebook
    cells = [cell for cell in notebook.cells if not is_for_teachers(cell)]
    if not any(STUDENT_NOTE_TAG in cell.get("metadata", {}).get("tags", []) for cell in cells):
        note = nbformat.v4.new_markdown_cell(student_note(language, audience(notebook) == "pupils"))
        note.metadata["tags"] = [STUDENT_NOTE_TAG]
        if notebook.get("nbformat_minor", 5) < 5:
            del note["id"]  # cell ids exist from format 4.5 on
        cells.insert(min(1, len(cells)), note)
    notebook.cells = cells
    return notebook


def prelaunch_hook(handler: Any, notebook: Any, cwd: str) -> Any:
    """Voilà's ``VoilaConfiguration.prelaunch_hook``: prepare the lesson before it is run and shown."""
    return prepare_lesson(notebook)
