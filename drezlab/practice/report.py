"""The class at a glance: ``report(folder)`` reads the recorded attempts and
shows a table (pupil x exercise: met / missed / left unfinished / attempts) and a plot.

Where the lesson was joined to a class, the attempts are in the class database:
``report(teacher)`` (a :class:`drezlab.classroom.client.Teacher`: the newest class, or
``class_id=``) or ``report("sqlite:///class.db")`` (the database itself: every class, or
``class_id=``). ``report(folder, classroom=teacher)`` merges a folder with the class
database; an attempt found in both (a folder imported with
:meth:`~drezlab.classroom.client.Teacher.import_attempts`, or an attempt kept locally
while the class server was away and imported later) counts once.

The returned :class:`Report` displays itself in Jupyter (an HTML table and the
plot as SVG; a plain-text table elsewhere) and keeps its data for scripts and
tests: ``pupils``, ``exercises``, ``cell(pupil, exercise)`` and ``rows()``.
An exercise counts as met for a pupil when any attempt met it. Pupils and exercises are
sorted (exercise ids start with their lesson, ``lesson-03/king-escape``, so lessons come
in order).
"""

from __future__ import annotations

import html
import io
import os
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from drezlab.core.i18n import add_translations, t
from drezlab.practice.attempts import folder_of, read
from drezlab.practice.goals import MET, MISSED, UNFINISHED

add_translations({
    "Pupil": "Alumno",
    "met": "cumplido",
    "missed": "no cumplido",
    "unfinished": "sin terminar",
    "attempts": "intentos",
    "not tried": "sin intentar",
    "Exercises met": "Ejercicios cumplidos",
    "Tried, not met yet": "Intentados, aún sin cumplir",
    "Exercises": "Ejercicios",
    "Practice results in {folder}": "Resultados de práctica en {folder}",
    "No attempts recorded in {folder} yet.": "Aún no hay intentos guardados en {folder}.",
    "the class database at {where}": "la base de datos de la clase en {where}",
    "class {number}": "clase {number}",
    "There is no class database at {url}": "No hay ninguna base de datos de la clase en {url}",
})

#: a class database's address (SQLAlchemy URL), as ``report`` tells it from a folder
DATABASE_URL = re.compile(r"^(sqlite|postgres(ql)?)(\+\w+)?://", re.IGNORECASE)

#: the plot's size in inches at 100 dpi: 900 px wide fits a 960 px notebook column
PLOT_WIDTH, PLOT_DPI = 9.0, 100


@dataclass(frozen=True)
class Cell:
    """One pupil's attempts at one exercise."""

    met: int = 0
    missed: int = 0
    unfinished: int = 0

    @property
    def attempts(self) -> int:
        return self.met + self.missed + self.unfinished

    @property
    def solved(self) -> bool:
        return self.met > 0

    def text(self) -> str:
        if not self.attempts:
            return "-"
        word = t("met") if self.solved else t("missed") if self.missed else t("unfinished")
        return f"{word} ({self.met}/{self.attempts})"

    @property
    def kind(self) -> str:
        """The table cell's class: met, missed, unfinished (only left unfinished) or none."""
        return "met" if self.solved else "missed" if self.missed else UNFINISHED if self.unfinished else "none"


class Report:
    """The table and plot of a folder's attempts (see the module doc)."""

    def __init__(self, attempts: list[dict[str, Any]], folder: str = "") -> None:
        self.folder = folder
        self.attempts = attempts
        self.pupils: list[str] = sorted({entry["pupil"].strip() for entry in attempts}, key=str.lower)
        self.exercises: list[str] = sorted({str(entry["exercise"]) for entry in attempts})
        counts: dict[tuple[str, str], dict[str, int]] = {}
        for entry in attempts:
            tally = counts.setdefault((entry["pupil"].strip(), str(entry["exercise"])), {})
            tally[entry["result"]] = tally.get(entry["result"], 0) + 1
        self._cells = {key: Cell(tally.get(MET, 0), tally.get(MISSED, 0), tally.get(UNFINISHED, 0))
                       for key, tally in counts.items()}

    def cell(self, pupil: str, exercise: str) -> Cell:
        """The attempts of ``pupil`` at ``exercise`` (an empty cell when none)."""
        return self._cells.get((pupil, exercise), Cell())

    def rows(self) -> list[dict[str, Any]]:
        """One dict per pupil and exercise tried: pupil, exercise, met, missed, unfinished, attempts."""
        return [{"pupil": pupil, "exercise": exercise, MET: cell.met, MISSED: cell.missed,
                 UNFINISHED: cell.unfinished, "attempts": cell.attempts}
                for pupil in self.pupils for exercise in self.exercises
                if (cell := self.cell(pupil, exercise)).attempts]

    def solved(self, pupil: str) -> int:
        return sum(self.cell(pupil, exercise).solved for exercise in self.exercises)

    def tried(self, pupil: str) -> int:
        return sum(bool(self.cell(pupil, exercise).attempts) for exercise in self.exercises)

    # ------------------------------------------------------------ showing
    def text(self) -> str:
        """The table as plain text."""
        if not self.attempts:
            return t("No attempts recorded in {folder} yet.").format(folder=self.folder)
        header = [t("Pupil"), *self.exercises]
        body = [[pupil, *(self.cell(pupil, exercise).text() for exercise in self.exercises)]
                for pupil in self.pupils]
        widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
        return "\n".join("  ".join(value.ljust(width) for value, width in zip(row, widths)).rstrip()
                         for row in [header, *body])

    def figure(self) -> Any:
        """A matplotlib figure: per pupil, exercises met and tried but not met (stacked
        bars), the legend outside the plot, 900 px wide."""
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator
        height = max(2.4, 0.5 * len(self.pupils) + 1.4)
        figure = Figure(figsize=(PLOT_WIDTH, height), dpi=PLOT_DPI)
        axes = figure.add_axes((0.18, 0.2, 0.52, 0.72))
        positions = list(range(len(self.pupils)))
        met = [self.solved(pupil) for pupil in self.pupils]
        open_ = [self.tried(pupil) - done for pupil, done in zip(self.pupils, met)]
        axes.barh(positions, met, color="#2e8b57", label=t("Exercises met"))
        axes.barh(positions, open_, left=met, color="#e08a2e", label=t("Tried, not met yet"))
        axes.set_yticks(positions, self.pupils)
        axes.invert_yaxis()
        axes.set_xlabel(t("Exercises"))
        axes.set_xlim(0, max(1, len(self.exercises)))
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False)
        return figure

    def svg(self) -> str:
        buffer = io.StringIO()
        self.figure().savefig(buffer, format="svg")
        text = buffer.getvalue()
        return text[text.index("<svg"):]

    def _repr_html_(self) -> str:
        title = html.escape(t("Practice results in {folder}").format(folder=self.folder))
        if not self.attempts:
            return f"<p>{html.escape(self.text())}</p>"
        head = "".join(f"<th>{html.escape(name)}</th>" for name in [t("Pupil"), *self.exercises])
        body = []
        for pupil in self.pupils:
            cells = []
            for exercise in self.exercises:
                cell = self.cell(pupil, exercise)
                cells.append(f'<td class="dz-practice-{cell.kind}">{html.escape(cell.text())}</td>')
            body.append(f"<tr><th>{html.escape(pupil)}</th>{''.join(cells)}</tr>")
        return (f'<div class="dz-practice-report"><p><b>{title}</b></p>'
                f'<table><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'
                f'<div style="max-width:100%">{self.svg()}</div></div>')

    def __repr__(self) -> str:
        return self.text()


def is_class_source(source: Any) -> bool:
    """A class database's address, or a teacher of a class server (anything with ``attempts()``)."""
    if isinstance(source, str):
        return bool(DATABASE_URL.match(source.strip()))
    return not isinstance(source, os.PathLike) and callable(getattr(source, "attempts", None))


def class_attempts(source: Any, class_id: int | None = None) -> tuple[list[dict[str, Any]], str]:
    """The attempts stored in a class database (a teacher of its server, or its address)
    and the words naming where they come from."""
    if isinstance(source, str):
        from sqlalchemy.engine import make_url

        from drezlab.classroom.store import Store
        url = source.strip()
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite" and not (parsed.database and os.path.isfile(parsed.database)):
            raise ValueError(t("There is no class database at {url}").format(url=url))
        store = Store(url)
        try:
            entries = [row.entry() for row in store.attempts(class_id)]
            where = store.safe_url
        finally:
            store.close()
    else:
        entries = [dict(entry) for entry in source.attempts(class_id)]
        where = str(getattr(source, "url", source))
    where = t("the class database at {where}").format(where=where)
    if class_id is not None:
        where += f" ({t('class {number}').format(number=class_id)})"
    return entries, where


def _seconds(value: Any) -> Any:
    try:
        return round(float(value), 1)
    except (TypeError, ValueError):
        return str(value)


def attempt_key(entry: dict[str, Any]) -> tuple[Any, ...]:
    """What makes two records the same attempt: pupil (ignoring case), exercise, moves,
    result, seconds (to tenths) and time stamp."""
    moves = entry.get("moves")
    return (str(entry.get("pupil", "")).strip().casefold(), str(entry.get("exercise", "")).strip(),
            tuple(str(move) for move in moves) if isinstance(moves, list) else str(moves),
            entry.get("result"), _seconds(entry.get("seconds")), str(entry.get("timestamp", "")))


def merge(stored: list[dict[str, Any]], local: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The class database's attempts and, after them, the folder's that the database does
    not hold already (each stored attempt stands for one line of the folder)."""
    held = Counter(attempt_key(entry) for entry in stored)
    merged = list(stored)
    for entry in local:
        key = attempt_key(entry)
        if held[key] > 0:
            held[key] -= 1
        else:
            merged.append(entry)
    return merged


def report(folder: Any = None, classroom: Any = None, class_id: int | None = None) -> Report:
    """The class's practice results: in ``folder`` (default as in
    :mod:`drezlab.practice.attempts`), or in a class database -- ``folder`` (or
    ``classroom``) a :class:`drezlab.classroom.client.Teacher` (its newest class unless
    ``class_id``) or the database's address such as ``"sqlite:///class.db"`` (every class
    unless ``class_id``). With both a folder and ``classroom``, the two are merged and an
    attempt found in both counts once."""
    if is_class_source(folder):
        if classroom is not None:
            raise ValueError("give one class database: report(folder, classroom=teacher)")
        folder, classroom = None, folder
    if classroom is None:
        path = folder_of(folder)
        return Report(read(path), folder=str(path))
    stored, where = class_attempts(classroom, class_id)
    if folder is None:
        return Report(stored, folder=where)
    path = folder_of(folder)
    return Report(merge(stored, read(path)), folder=f"{path} + {where}")
