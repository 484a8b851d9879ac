"""How wide a line of text is in DejaVu Sans, the font the pictures ask for.

SVG text does not wrap, and a browser draws it in the font of the CSS rule
``.dz-svg,.dz-card{font-family:'DejaVu Sans',...}`` (``drezlab.render.base``).
Pictures that must keep a text inside a box (a card title) measure it here
instead of guessing from the number of characters. The advance widths below
were read from ``DejaVuSans.ttf`` and ``DejaVuSans-Bold.ttf`` (Debian's
``fonts-dejavu-core``) with fontTools, in thousandths of the font size,
for printable ASCII and the accented letters and signs of Spanish. A character
not in the table counts as the widest one (an "M"-sized guess errs on the safe
side: the text may wrap early, never run off).
"""

from __future__ import annotations

import re

_CHARS = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~áéíóúÁÉÍÓÚñÑüÜ¿¡×–—’·°'
_REGULAR: dict[str, int] = dict(zip(_CHARS, (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
    1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
    603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
    500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
    635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838, 613,
    615, 278, 612, 634, 684, 632, 295, 787, 732, 634, 748, 634, 732, 531, 401, 838,
    500, 1000, 318, 318, 500,
)))
_BOLD: dict[str, int] = dict(zip(_CHARS, (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
    1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
    733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
    500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
    716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838, 675,
    678, 343, 687, 712, 774, 683, 372, 850, 812, 712, 837, 712, 812, 580, 456, 838,
    500, 1000, 380, 380, 500,
)))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width in px of ``text`` set in DejaVu Sans at ``size`` px (bold or regular)."""
    table = _BOLD if bold else _REGULAR
    widest = max(table.values())
    return sum(table.get(char, widest) for char in text) * size / 1000


def wrap_to_width(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` px where a word allows it.

    A single word wider than ``width`` stays on its own line: callers that must
    fit it shrink the font (see :func:`fit_lines`).
    """
    lines: list[str] = []
    for word in re.split(r"\s+", text.strip()):
        if not word:
            continue
        if lines and text_width(lines[-1] + " " + word, size, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def fit_lines(text: str, width: float, size: float, max_lines: int, bold: bool = False,
              smallest: float = 6.0) -> tuple[list[str], float]:
    """Lines of ``text`` and a font size at most ``size`` with which every line fits ``width``
    in at most ``max_lines`` lines; the size shrinks in steps of 0.5 px down to ``smallest``
    (below that the lines are returned as they are at ``smallest``)."""
    current = size
    while True:
        lines = wrap_to_width(text, width, current, bold)
        fits = len(lines) <= max_lines and all(text_width(line, current, bold) <= width for line in lines)
        if fits or current - 0.5 < smallest:
            return lines, current
        current -= 0.5

