"""The class at a glance: ``report(folder)`` reads the recorded attempts and
shows a table (pupil x exercise: met / missed / left unfinished / attempts) and a plot.

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
})

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


def report(folder: str | os.PathLike[str] | None = None) -> Report:
    """The class's practice results in ``folder`` (default as in :mod:`drezlab.practice.attempts`)."""
    path = folder_of(folder)
    return Report(read(path), folder=str(path))
