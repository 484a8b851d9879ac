"""Login cards for a class: one small card per pupil with their name and login code.

The class server gives every pupil a short code ("K7PQ-3MXD"); the teacher prints
these cards, cuts them out and hands each pupil theirs. A card is 85 x 52 mm (a
credit card, 2 mm shorter so five rows leave a margin for cut marks on Letter too),
ten to a sheet in five rows of two, butted together so one straight cut separates
two cards. Each card shows, top to bottom: the class name (small), the pupil's name
(large), "Your login code", the code very large in DejaVu Sans Mono (capitals
8.75 mm tall, dash included, exactly as the server gave it) in a thin box, and
"Open <address> and type your code" with the address in bold.

Cutting: black cut marks in the margin continue every cutting line (as on the card
sheets of :mod:`~drezlab.printing.decks`), and a light grey line runs along every
card's edge, for scissors.

Every text is measured (DejaVu Sans by :func:`drezlab.render.textwidth.text_width`,
the code by DejaVu Sans Mono's fixed advance of 0.602 em) and shrunk, or wrapped to
two lines, until it fits inside the card's 4 mm padding: a long name or a long
address never runs off the card. Names are printed as typed (accents, ñ), only with
runs of spaces made one and in Unicode's composed form (NFC).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from drezlab.printing.pages import CUT_WIDTH, Page, Paper, PrintingError, add_words, say
from drezlab.render.textwidth import text_width

CARD_W, CARD_H = 85.0, 52.0
"""The size of a login card in mm."""
COLUMNS, ROWS = 2, 5
PER_SHEET = COLUMNS * ROWS
PAD = 4.0
"""Space in mm kept clear inside every card edge."""
MARK_GAP = 1.5
"""Space in mm between the grid's edge and the start of a cut mark."""
MARK_LENGTH = 5.0
GUIDE = "#bbb"
"""Colour of the light cut line along every card's edge."""

MONO = "'DejaVu Sans Mono',Menlo,Consolas,monospace"
MONO_ADVANCE = 1233 / 2048
"""Advance width of every DejaVu Sans Mono glyph (regular and bold), in em."""
MONO_CAP = 1493 / 2048
"""Height of a capital (and a digit) in DejaVu Sans Mono, in em."""
ASCENT, DESCENT = 0.93, 0.24
"""How far DejaVu Sans reaches above (accented capitals) and below the baseline, in em."""

CODE_SIZE = 12.0
"""Font size in mm of the login code: capitals 8.75 mm tall (shrunk only for a code of
more than 9 characters)."""
CODE_INSET = 3.0
"""Space in mm between the code box's sides and the code."""

# vertical bands of a card, in mm from its top: (top, bottom)
CLASS_BAND = (2.5, 7.0)
NAME_BAND = (7.0, 19.5)
LABEL_BASELINE = 23.6
CODE_BAND = (25.5, 40.0)
HOWTO_BAND = (41.0, CARD_H - 1.5)

add_words({
    "Your login code": "Tu código de acceso",
    "Open {url} and type your code": "Abre {url} y escribe tu código",
    "login cards": "tarjetas de acceso",
    "print at 100 % · cut along the grey lines": "imprime al 100 % · recorta por las líneas grises",
})


@dataclass(frozen=True)
class Pupil:
    """One card: the name as it is printed and the login code."""

    name: str
    code: str


def pupils_of(pupils: Mapping[str, str] | Iterable[tuple[str, str]]) -> list[Pupil]:
    """The pupils in the teacher's order from a mapping name -> code or (name, code) pairs;
    anything else raises :class:`PrintingError` saying which pupil is wrong and why."""
    if isinstance(pupils, Mapping):
        pairs: list[object] = list(pupils.items())
    elif isinstance(pupils, (str, bytes)) or not isinstance(pupils, Iterable):
        raise PrintingError("pupils must be a dict of name -> code or a list of (name, code) pairs, "
                            f"not {pupils!r}")
    else:
        pairs = list(pupils)
    if not pairs:
        raise PrintingError("there are no pupils: give at least one name and login code")
    found: list[Pupil] = []
    for number, pair in enumerate(pairs, start=1):
        items: tuple[object, ...] = ()
        if isinstance(pair, Iterable) and not isinstance(pair, (str, bytes)):
            items = tuple(pair)
        if len(items) != 2:
            raise PrintingError(f"pupil {number} must be a (name, code) pair, not {pair!r}")
        name, code = items
        if not isinstance(name, str):
            raise PrintingError(f"the name of pupil {number} must be text, not {name!r}")
        shown = unicodedata.normalize("NFC", " ".join(name.split()))
        if not shown:
            raise PrintingError(f"pupil {number} has an empty name: write the pupil's name")
        if not isinstance(code, str):
            raise PrintingError(f"the login code of pupil {number} ({shown}) must be text like 'K7PQ-3MXD', "
                                f"not {code!r}")
        if not code.strip():
            raise PrintingError(f"pupil {number} ({shown}) has an empty login code")
        found.append(Pupil(shown, code.strip()))
    return found


# --------------------------------------------------------------------------- fitting text
#: a word to print and whether it is bold
Token = tuple[str, bool]


@dataclass(frozen=True)
class Line:
    """A line of a card: runs of words (text, bold, x from the card's left edge in mm)
    on one baseline (mm from the card's top) at one size; ``left`` and ``right`` are where
    its ink starts and ends, as measured."""

    runs: tuple[tuple[str, bool, float], ...]
    baseline: float
    size: float
    left: float
    right: float


def _runs(tokens: list[Token]) -> list[tuple[str, bool]]:
    """Neighbouring words of the same weight joined into one run."""
    runs: list[tuple[str, bool]] = []
    for word, bold in tokens:
        if runs and runs[-1][1] == bold:
            runs[-1] = (runs[-1][0] + " " + word, bold)
        else:
            runs.append((word, bold))
    return runs


def _width(tokens: list[Token], size: float) -> float:
    """How wide ``tokens`` are on one line at ``size`` mm (one regular space between runs)."""
    runs = _runs(tokens)
    return sum(text_width(text, size, bold) for text, bold in runs) + (len(runs) - 1) * text_width(" ", size)


def _wrap(tokens: list[Token], width: float, size: float) -> list[list[Token]]:
    """``tokens`` broken into lines no wider than ``width`` where a word allows it."""
    lines: list[list[Token]] = []
    for token in tokens:
        if lines and _width([*lines[-1], token], size) <= width:
            lines[-1].append(token)
        else:
            lines.append([token])
    return lines


def _height(lines: int, size: float, leading: float) -> float:
    return size * (ASCENT + DESCENT) + (lines - 1) * leading * size


def fit_text(tokens: list[Token], width: float, height: float, largest: float, smallest: float,
             leading: float = 1.15, max_lines: int = 2, whole_down_to: float | None = None,
             ) -> tuple[list[list[Token]], float]:
    """Lines of ``tokens`` and the largest size (``largest`` down to ``smallest`` mm in steps
    of 0.25) at which they fit a box ``width`` x ``height`` in at most ``max_lines`` lines.

    With ``whole_down_to``, one line at any size down to it is preferred to more lines
    at a larger size (a name reads better whole).

    If nothing fits at ``smallest`` (a very long word) the lines are made fewer and the
    size is cut below ``smallest`` exactly as far as the box needs: text may get small,
    it never leaves the box.
    """
    steps = round((largest - smallest) / 0.25)
    if whole_down_to is not None:
        for step in range(round((largest - whole_down_to) / 0.25) + 1):
            size = largest - step * 0.25
            if _width(tokens, size) <= width and _height(1, size, leading) <= height:
                return [list(tokens)], size
    for step in range(steps + 1):
        size = largest - step * 0.25
        lines = _wrap(tokens, width, size)
        if (len(lines) <= max_lines and _height(len(lines), size, leading) <= height
                and all(_width(line, size) <= width for line in lines)):
            return lines, size
    room = width
    lines = _wrap(tokens, room, smallest)
    while len(lines) > max_lines:
        room *= 1.1
        lines = _wrap(tokens, room, smallest)
    widest = max(_width(line, smallest) for line in lines)
    scale = min(1.0, width / widest, height / _height(len(lines), smallest, leading))
    return lines, smallest * scale * 0.999


def _place(lines: list[list[Token]], size: float, band: tuple[float, float], leading: float) -> list[Line]:
    """``lines`` centred across the card and down the band (top, bottom)."""
    top = band[0] + (band[1] - band[0] - _height(len(lines), size, leading)) / 2
    placed = []
    for number, tokens in enumerate(lines):
        baseline = top + ASCENT * size + number * leading * size
        left = (CARD_W - _width(tokens, size)) / 2
        x, runs = left, []
        for text, bold in _runs(tokens):
            runs.append((text, bold, x))
            x += text_width(text, size, bold) + text_width(" ", size)
        placed.append(Line(tuple(runs), baseline, size, left, CARD_W - left))
    return placed


def _words(text: str, bold: bool) -> list[Token]:
    return [(word, bold) for word in text.split()]


@dataclass(frozen=True)
class CardText:
    """Everything written on one card, positioned in mm from the card's top-left corner."""

    class_name: list[Line]
    name: list[Line]
    label: list[Line]
    code: Line
    howto: list[Line]

    def lines(self) -> list[Line]:
        return [*self.class_name, *self.name, *self.label, self.code, *self.howto]


def card_text(pupil: Pupil, url: str, class_name: str = "") -> CardText:
    """The lines of ``pupil``'s card in the current language, each fitted inside the card."""
    inner = CARD_W - 2 * PAD
    heading: list[Line] = []
    name_band = NAME_BAND
    if class_name:
        lines, size = fit_text(_words(class_name, False), inner, CLASS_BAND[1] - CLASS_BAND[0], 3.0, 2.2,
                               max_lines=1)
        heading = _place(lines, size, CLASS_BAND, 1.15)
    else:
        name_band = (CLASS_BAND[0], NAME_BAND[1])
    lines, size = fit_text(_words(pupil.name, True), inner, name_band[1] - name_band[0], 7.0, 3.0, leading=1.1,
                           whole_down_to=5.0)
    name = _place(lines, size, name_band, 1.1)
    lines, size = fit_text(_words(say("Your login code"), False), inner, 4.0, 3.2, 2.4, max_lines=1)
    label = [Line(line.runs, LABEL_BASELINE, line.size, line.left, line.right) for line in _place(lines, size, (0, 4), 1)]
    room = inner - 2 * CODE_INSET
    code_size = min(CODE_SIZE, room / (MONO_ADVANCE * len(pupil.code)))
    code_width = MONO_ADVANCE * code_size * len(pupil.code)
    baseline = (CODE_BAND[0] + CODE_BAND[1]) / 2 + MONO_CAP * code_size / 2
    left = (CARD_W - code_width) / 2
    code = Line(((pupil.code, True, left),), baseline, code_size, left, left + code_width)
    before, _, after = say("Open {url} and type your code").partition("{url}")
    tokens = [*_words(before, False), (url, True), *_words(after, False)]
    lines, size = fit_text(tokens, inner, HOWTO_BAND[1] - HOWTO_BAND[0], 3.4, 2.2, leading=1.2)
    howto = _place(lines, size, HOWTO_BAND, 1.2)
    return CardText(heading, name, label, code, howto)


# --------------------------------------------------------------------------- sheets
def grid_origin(paper: Paper) -> tuple[float, float]:
    """The top-left corner (mm) of the 2 x 5 grid of cards, centred on the sheet."""
    return (paper.width - COLUMNS * CARD_W) / 2, (paper.height - ROWS * CARD_H) / 2


def card_corner(paper: Paper, index: int) -> tuple[float, float]:
    """The top-left corner (mm) of the card in place ``index`` (0 to 9, row by row) of a sheet."""
    left, top = grid_origin(paper)
    row, column = divmod(index, COLUMNS)
    return left + column * CARD_W, top + row * CARD_H


def _draw_card(page: Page, x: float, y: float, text: CardText) -> None:
    page.add("rect", {"x": x, "y": y, "width": CARD_W, "height": CARD_H, "fill": "none", "stroke": GUIDE,
                      "stroke-width": 0.2})
    for line in text.class_name:
        page.text(x + CARD_W / 2, y + line.baseline, line.runs[0][0], size=line.size, anchor="middle",
                  colour="#555")
    for line in text.name:
        page.text(x + CARD_W / 2, y + line.baseline, line.runs[0][0], size=line.size, bold=True,
                  anchor="middle", colour="#000")
    for line in text.label:
        page.text(x + CARD_W / 2, y + line.baseline, line.runs[0][0], size=line.size, anchor="middle",
                  colour="#333")
    page.add("rect", {"x": x + PAD, "y": y + CODE_BAND[0], "width": CARD_W - 2 * PAD,
                      "height": CODE_BAND[1] - CODE_BAND[0], "rx": 2, "fill": "none", "stroke": "#888",
                      "stroke-width": 0.3})
    code = text.code
    page.add("text", {"x": x + code.left, "y": y + code.baseline, "font-size": code.size, "font-family": MONO,
                      "font-weight": "bold", "fill": "#000"}, code.runs[0][0])
    for line in text.howto:
        for words, bold, left in line.runs:
            page.text(x + left, y + line.baseline, words, size=line.size, bold=bold, colour="#111" if bold else "#333")


def _cut_marks(page: Page, cards: int) -> None:
    """Black marks in the margin continuing every cutting line of the cards on the sheet."""
    paper = page.paper
    left, top = grid_origin(paper)
    rows = math.ceil(cards / COLUMNS)
    xs = [left + column * CARD_W for column in range(min(cards, COLUMNS) + 1)]
    ys = [top + row * CARD_H for row in range(rows + 1)]
    for x in xs:
        page.line(x, ys[0] - MARK_GAP, x, max(0.5, ys[0] - MARK_GAP - MARK_LENGTH))
        page.line(x, ys[-1] + MARK_GAP, x, min(paper.height - 0.5, ys[-1] + MARK_GAP + MARK_LENGTH))
    for y in ys:
        page.line(xs[0] - MARK_GAP, y, max(0.5, xs[0] - MARK_GAP - MARK_LENGTH), y)
        page.line(xs[-1] + MARK_GAP, y, min(paper.width - 0.5, xs[-1] + MARK_GAP + MARK_LENGTH), y)


def _caption(page: Page, text: str, baseline: float) -> None:
    """A small line in the margin over the left column, between its cut marks."""
    left, _ = grid_origin(page.paper)
    room = CARD_W - 4
    size = min(2.4, 2.4 * room / max(text_width(text, 2.4), 1e-9))
    page.text(left + CARD_W / 2, baseline, text, size=size, anchor="middle", colour="#555")


def login_pages(pupils: list[Pupil], url: str, class_name: str, paper: Paper) -> list[Page]:
    """The sheets of login cards, ten to a sheet in the pupils' order, in the current language."""
    sheets = [pupils[start:start + PER_SHEET] for start in range(0, len(pupils), PER_SHEET)]
    _, top = grid_origin(paper)
    title = " · ".join(part for part in (class_name, say("login cards")) if part)
    pages = []
    for number, sheet in enumerate(sheets, start=1):
        page = Page(paper)
        for index, pupil in enumerate(sheet):
            _draw_card(page, *card_corner(paper, index), card_text(pupil, url, class_name))
        _cut_marks(page, len(sheet))
        _caption(page, f"{title} · {number}/{len(sheets)}", top - MARK_GAP - 0.6)
        _caption(page, say("print at 100 % · cut along the grey lines"),
                 top + math.ceil(len(sheet) / COLUMNS) * CARD_H + MARK_GAP + 3.2)
        pages.append(page)
    return pages


__all__ = [
    "CARD_H",
    "CARD_W",
    "CUT_WIDTH",
    "PER_SHEET",
    "CardText",
    "Line",
    "Pupil",
    "card_corner",
    "card_text",
    "fit_text",
    "grid_origin",
    "login_pages",
    "pupils_of",
]
