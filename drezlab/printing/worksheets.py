"""Worksheets from a lesson: its exercises on paper, and the answer key on its own page.

The lesson notebook is read as JSON; nothing is executed (the saved outputs are what
"Run all" drew). An exercise starts at a markdown paragraph that opens with
``**Exercise N.**`` (``**Ejercicio N.**``, ``**Puzzle N**``...) and takes the rest of
that markdown cell, the diagrams (``image/svg+xml`` outputs) of the code cells right
after it, and a hint paragraph (``*Hint:*`` / ``*Pista:*``) opening the next markdown
cell. On paper each exercise gets its text, its diagrams (scaled to the page, at most
0.3 mm per px so a small diagram is not blown up) and lines to write the answer on.

The answer key is the list in the lesson's teacher's notes cell (``## Teacher's notes``
/ ``## Notas para el monitor``): every item of its ``<details>`` block, on a new page
headed "Answer key (for the teacher)" so it can be kept back from the pupils.

The worksheet's language is the lesson's: a lesson whose first code cell calls
``set_language("es")`` gives Spanish headings. Markdown is reduced to plain text (no
bold, code or links); formulas stay as written.

A pupil's lesson (notebook metadata ``drezlab.audience == "pupils"``) is answered by
clicking on screen; on paper each of its questions (the answer widgets saved with the
lesson, in the order they appear) becomes an exercise that speaks to paper: the
question, its picture, and "Write the squares:" (or the cards, or the answer) with
lines to write on, or "Circle the right answer:" with the choices. The answer key is
the "Answers" table of the teacher's guide beside the lesson (``NN-game-guide.ipynb``
/ ``NN-game-guia.ipynb``), one line per question.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from drezlab.core.i18n import in_language
from drezlab.printing.pages import (
    Page,
    Paper,
    PrintingError,
    add_words,
    fit,
    picture_box,
    say,
)
from drezlab.render.textwidth import fit_lines, wrap_to_width

MARGIN = 18.0
TEXT_SIZE = 3.6
WRITE_LINES = 4
LINE_GAP = 9.0
MOST_MM_PER_PX = 0.3
DIAGRAM_HEIGHT = 105.0

EXERCISE = re.compile(r"^\*\*(Exercise|Ejercicio|Puzzle|Problema|Reto)\s+\d+", re.IGNORECASE)
HINT = re.compile(r"^\*(Hint|Pista)", re.IGNORECASE)
NOTES = re.compile(r"^##\s+(Teacher's notes|Notas para el monitor)", re.MULTILINE)
SPANISH = re.compile(r"""set_language\(\s*["']es["']\s*\)""")

add_words({
    "Question {number}": "Pregunta {number}",
    "Write the square:": "Escribe la casilla:",
    "Write the squares:": "Escribe las casillas:",
    "Write the card:": "Escribe la carta:",
    "Write the cards:": "Escribe las cartas:",
    "Write your answer:": "Escribe tu respuesta:",
    "Circle the right answer:": "Rodea la respuesta correcta:",
    "Name": "Nombre",
    "Date": "Fecha",
    "Worksheet": "Hoja de ejercicios",
    "Answer key (for the teacher)": "Soluciones (para el monitor)",
    "page {number}": "página {number}",
})


@dataclass
class Exercise:
    """One exercise: its name ("Exercise 1."), its paragraphs of plain text and its
    diagrams (SVG text)."""

    name: str
    paragraphs: list[str]
    diagrams: list[str] = field(default_factory=list)


@dataclass
class Lesson:
    """What a worksheet needs from a lesson."""

    title: str
    language: str
    exercises: list[Exercise]
    answers: list[str]
    #: lines to write each exercise's answer on (none for a choice, which is circled)
    write_lines: list[int] = field(default_factory=list)


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def plain(markdown: str) -> str:
    """Markdown reduced to plain text: no emphasis, code marks, links or HTML tags."""
    text = re.sub(r"<[^>]+>", "", markdown)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = text.replace("**", "").replace("`", "")
    text = re.sub(r"(?<![\w*])\*(?!\s)([^*\n]+?)\*(?!\w)", r"\1", text)
    text = re.sub(r"(?<!\w)_([^_\n]+)_(?!\w)", r"\1", text)
    return re.sub(r"[ \t]+", " ", text).strip()


def _paragraphs(markdown: str) -> list[str]:
    """Paragraphs and list items of a markdown text (line breaks inside one joined)."""
    blocks: list[str] = []
    for block in re.split(r"\n\s*\n", markdown.strip()):
        items = re.split(r"\n(?=\s*[*-]\s)", block)
        for item in items:
            item = re.sub(r"^\s*[*-]\s+", "• ", item) if re.match(r"^\s*[*-]\s", item) else item
            text = " ".join(line.strip() for line in item.splitlines())
            if text:
                blocks.append(text)
    return blocks


def read_lesson(path: str | Path) -> Lesson:
    """The title, language, exercises and answers of the lesson notebook at ``path``."""
    source = Path(path)
    try:
        notebook = json.loads(source.read_text(encoding="utf-8"))
        cells = notebook["cells"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise PrintingError(f"{source} is not a readable lesson notebook: {error}") from None
    if notebook.get("metadata", {}).get("drezlab", {}).get("audience") == "pupils":
        return _read_pupils_lesson(source, notebook)
    title, language = source.stem, "en"
    exercises: list[Exercise] = []
    answers: list[str] = []
    current: Exercise | None = None
    for cell in cells:
        text = _source(cell)
        if cell.get("cell_type") == "code":
            if SPANISH.search(text):
                language = "es"
            if current is not None:
                current.diagrams += [_svg(output) for output in cell.get("outputs", [])
                                     if "image/svg+xml" in output.get("data", {})]
            continue
        if cell.get("cell_type") != "markdown":
            continue
        heading = re.match(r"^#\s+(.+)$", text, re.MULTILINE)
        if heading and title == source.stem:
            title = plain(heading.group(1))
        if NOTES.search(text):
            answers = _answers(text)
            current = None
            continue
        blocks = [block for block in re.split(r"\n\s*\n", text.strip()) if block.strip()]
        if current is not None and blocks and HINT.match(blocks[0].strip()):
            current.paragraphs.append(plain(" ".join(blocks[0].split())))
        current = None
        for block in blocks:
            if EXERCISE.match(block.strip()):
                name = re.match(r"^\*\*(.+?)\*\*", block.strip())
                assert name is not None  # EXERCISE matched an opening **...**
                current = Exercise(plain(name.group(1)), [])
                exercises.append(current)
                block = block.strip()[name.end():]
            elif block.lstrip().startswith("#"):
                current = None
            if current is not None:
                current.paragraphs += [plain(paragraph) for paragraph in _paragraphs(block)]
    return Lesson(title, language, exercises, answers)


QUESTION_NAME = re.compile(r"^((?:Question|Pregunta|Puzzle|Problema|Exercise|Ejercicio)\s+\d+)\.\s*", re.IGNORECASE)
SQUARE = re.compile(r"^[a-z][0-9]{1,2}$")
CARD = re.compile(r"^[A-Z][0-9X]b?$|^X[0-9]b?$")
GUIDE_SUFFIX = {"en": "-guide", "es": "-guia"}


def _read_pupils_lesson(source: Path, notebook: dict[str, Any]) -> Lesson:
    """A pupil's lesson: its questions (the saved answer widgets) as exercises for paper,
    and the answer key from the guide beside it."""
    language = str(notebook["metadata"]["drezlab"].get("language", "en"))
    title = source.stem
    for cell in notebook["cells"]:
        heading = re.match(r"^#\s+(.+)$", _source(cell), re.MULTILINE) if cell.get("cell_type") == "markdown" else None
        if heading:
            title = plain(heading.group(1))
            break
    states = notebook["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    models = states.get("state", {})
    exercises: list[Exercise] = []
    lines: list[int] = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get("application/vnd.jupyter.widget-view+json", {})
            state = models.get(view.get("model_id", ""), {}).get("state", {})
            if "question" not in state or "verdict" not in state:
                continue
            with in_language(language):
                exercise, write = _paper_question(state, len(exercises) + 1)
            exercises.append(exercise)
            lines.append(write)
    guide = source.with_name(source.stem + GUIDE_SUFFIX.get(language, "-guide") + source.suffix)
    return Lesson(title, language, exercises, _guide_answers(guide), lines)


def _paper_question(state: dict[str, Any], number: int) -> tuple[Exercise, int]:
    """One answer widget as an exercise on paper, and the lines to write its answer on."""
    question = str(state["question"])
    named = QUESTION_NAME.match(question)
    name = named.group(1) if named else say("Question {number}").format(number=number)
    text = question[named.end():] if named else question
    if state.get("mode") == "choice":
        choices = "     ".join(f"○ {option}" for option in state.get("options", []))
        return Exercise(name, [text, say("Circle the right answer:"), choices]), 0
    count = int(state.get("count", 1))
    clickable = list(state.get("clickable", []))
    names = dict(state.get("names", {}))
    if clickable and all(SQUARE.match(thing) and names.get(thing, thing) == thing for thing in clickable):
        instruction = say("Write the square:") if count == 1 else say("Write the squares:")
    elif clickable and all(CARD.match(thing) for thing in clickable):
        instruction = say("Write the card:") if count == 1 else say("Write the cards:")
    else:
        instruction = say("Write your answer:")
    diagrams = [str(state["svg"])] if state.get("svg") else []
    return Exercise(name, [text, instruction], diagrams), 2


def _guide_answers(guide: Path) -> list[str]:
    """The rows of the guide's "Answers" / "Soluciones" table, as "Question: answer" lines."""
    try:
        cells = json.loads(guide.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    for cell in cells:
        text = _source(cell)
        if cell.get("cell_type") == "markdown" and re.match(r"^##\s+(Answers|Soluciones)\b", text):
            rows = [row.strip().strip("|").split("|") for row in text.splitlines() if row.strip().startswith("|")]
            return [f"{plain(row[0].strip())}: {plain('|'.join(row[1:]).strip())}" for row in rows[2:] if len(row) >= 2]
    return []


def _svg(output: dict[str, Any]) -> str:
    data = output["data"]["image/svg+xml"]
    return data if isinstance(data, str) else "".join(data)


def _answers(notes: str) -> list[str]:
    """The items of the teacher's answers (the ``<details>`` block, else the whole cell)."""
    details = re.search(r"<details>(.*?)</details>", notes, re.DOTALL)
    body = details.group(1) if details else notes
    body = re.sub(r"<summary>.*?</summary>", "", body, flags=re.DOTALL)
    items = [plain(paragraph) for paragraph in _paragraphs(body)
             if paragraph.startswith("• ") or not details]
    return [item for item in items if item and not NOTES.match(item)]


class _Writer:
    """Lays blocks down a column of pages, starting a new page when one is full."""

    def __init__(self, paper: Paper, heading: str, name_line: bool) -> None:
        self.paper = paper
        self.heading = heading
        self.name_line = name_line
        self.pages: list[Page] = []
        self.width = paper.width - 2 * MARGIN
        self.y = 0.0
        self._new_page()

    def _new_page(self) -> None:
        page = Page(self.paper)
        lines, size = fit_lines(self.heading, self.width, 4.6, 2, bold=True, smallest=3.6)
        y = MARGIN - 4.6
        for line in lines:
            y += size * 1.3
            page.text(MARGIN, y, line, size=size, bold=True)
        y += 3
        if self.name_line and not self.pages:
            y += 8
            name, date = say("Name"), say("Date")
            page.text(MARGIN, y, f"{name}:", size=TEXT_SIZE)
            page.line(MARGIN + 18, y + 0.8, MARGIN + 118, y + 0.8, width=0.3, colour="#333")
            page.text(MARGIN + 124, y, f"{date}:", size=TEXT_SIZE)
            page.line(MARGIN + 140, y + 0.8, self.paper.width - MARGIN, y + 0.8, width=0.3, colour="#333")
        page.line(MARGIN, y + 3, self.paper.width - MARGIN, y + 3, width=0.4, colour="#999")
        page.text(self.paper.width / 2, self.paper.height - 8,
                  say("page {number}").format(number=len(self.pages) + 1), size=2.6,
                  anchor="middle", colour="#666")
        self.pages.append(page)
        self.y = y + 6

    @property
    def bottom(self) -> float:
        return self.paper.height - MARGIN

    def room(self, height: float) -> None:
        """Start a new page unless ``height`` mm fit below the current position."""
        if self.y + height > self.bottom and self.y > MARGIN + 20:
            self._new_page()

    def text_height(self, text: str, bold: bool = False) -> float:
        """The height in mm :meth:`paragraph` takes for ``text``."""
        return len(wrap_to_width(text, self.width, TEXT_SIZE, bold=bold)) * TEXT_SIZE * 1.35 + 2

    def diagram_height(self, svg: str) -> float:
        """The height in mm :meth:`diagram` takes for ``svg``."""
        _, _, w, h = picture_box(svg)
        return h * fit(w, h, self.width, DIAGRAM_HEIGHT, most=MOST_MM_PER_PX) + 3

    def paragraph(self, text: str, bold: bool = False) -> None:
        self.room(self.text_height(text, bold))
        self.y = self.pages[-1].paragraph(MARGIN, self.y, text, self.width, size=TEXT_SIZE, bold=bold) + 1.5

    def diagram(self, svg: str) -> None:
        _, _, w, h = picture_box(svg)
        scale = fit(w, h, self.width, DIAGRAM_HEIGHT, most=MOST_MM_PER_PX)
        self.room(self.diagram_height(svg))
        self.pages[-1].place(svg, MARGIN + (self.width - w * scale) / 2, self.y, w * scale, h * scale)
        self.y += h * scale + 3

    def write_lines(self, count: int) -> None:
        self.room(count * LINE_GAP + 4)
        for _ in range(count):
            self.y += LINE_GAP
            self.pages[-1].line(MARGIN, self.y, self.paper.width - MARGIN, self.y, width=0.3, colour="#777")
        self.y += 7


def worksheet_pages(lesson: Lesson, paper: Paper) -> list[Page]:
    """The exercise pages (text, diagrams, lines to write on), then the answer key's."""
    if not lesson.exercises:
        raise PrintingError(f"the lesson {lesson.title!r} has no exercises to print "
                            "(none of its markdown cells starts a paragraph with **Exercise N.**)")
    sheet = _Writer(paper, f"{say('Worksheet')} · {lesson.title}", name_line=True)
    for index, exercise in enumerate(lesson.exercises):
        # the whole exercise on one page if it fits one, else at least its text and first diagram
        text = sum(sheet.text_height(paragraph) for paragraph in exercise.paragraphs) + TEXT_SIZE * 2
        diagrams = [sheet.diagram_height(svg) for svg in exercise.diagrams]
        lines = WRITE_LINES * LINE_GAP + 4
        whole = text + sum(diagrams) + lines
        sheet.room(whole if whole < sheet.bottom - MARGIN - 30 else text + (diagrams or [lines])[0])
        sheet.paragraph(exercise.name, bold=True)
        for paragraph in exercise.paragraphs:
            sheet.paragraph(paragraph)
        for svg in exercise.diagrams:
            sheet.diagram(svg)
        count = lesson.write_lines[index] if index < len(lesson.write_lines) else WRITE_LINES
        if count:
            sheet.write_lines(count)
        else:
            sheet.y += 4
    key = _Writer(paper, f"{say('Answer key (for the teacher)')} · {lesson.title}", name_line=False)
    for answer in lesson.answers:
        key.paragraph(answer)
    return sheet.pages + key.pages
