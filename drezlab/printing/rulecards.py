"""One-page rules cards: the rules a pair of pupils needs on the table, in large type.

Each game's page of the rules book (``docs/rules/<language>/<game>.md`` in a checkout)
has a short section "On one card" / "En una tarjeta": five to nine plain sentences
(the goal, the setup, a turn, the rules that matter in play, the end). A rules card
prints that section on one sheet with the game's title, its summary line and the start
position drawn by the library, large enough to read from across a table. The rules
book is the one source: the card says nothing the page does not.
"""

from __future__ import annotations

import re
from pathlib import Path

from drezlab.printing.pages import Page, Paper, PrintingError, add_words, fit, picture_box, say
from drezlab.render.textwidth import fit_lines, wrap_to_width

#: the rules book of a checkout (a wheel has none: its cards cannot be printed)
BOOK = Path(__file__).resolve().parents[2] / "docs" / "rules"
CARD_HEADINGS = {"en": "On one card", "es": "En una tarjeta"}
MARGIN = 16.0
TITLE_SIZE = 9.0
TEXT_SIZE = 5.2
SMALLEST_TEXT = 4.2
LINE = 1.35
PICTURE_SHARE = 0.42

add_words({"Rules card": "Tarjeta de reglas"})


def card_rules(game: str, language: str, book: Path = BOOK) -> list[str]:
    """The sentences of ``game``'s "On one card" section in ``language`` (its bullets, as plain text)."""
    page = book / language / f"{game}.md"
    try:
        text = page.read_text(encoding="utf-8")
    except OSError:
        raise PrintingError(f"no rules-book page {page}: rules cards are printed from a drezlab checkout's "
                            "docs/rules") from None
    heading = CARD_HEADINGS.get(language)
    section = re.search(rf"^##\s+{re.escape(heading or '')}\s*$(.*?)(?=^##\s|\Z)", text, re.MULTILINE | re.DOTALL)
    if heading is None or section is None:
        raise PrintingError(f"{page.name} ({language}) has no section '## {heading}' to print")
    bullets = [re.sub(r"\s+", " ", item).strip()
               for item in re.split(r"^\s*[-*]\s+", section.group(1), flags=re.MULTILINE)[1:]]
    plain = [re.sub(r"\*\*|`|(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)", "", item) for item in bullets if item]
    if not plain:
        raise PrintingError(f"the section '## {heading}' of {page.name} has no points to print")
    return plain


def rules_card_pages(game: str, language: str, paper: Paper, book: Path = BOOK) -> list[Page]:
    """One sheet: the title, the summary, the card's rules in large type, the start drawn by the library."""
    import drezlab
    from drezlab.core.registry import spec_of

    spec = spec_of(game)
    rules = card_rules(spec.name, language, book)
    page = Page(paper)
    width = paper.width - 2 * MARGIN
    title = spec.title_in(language)
    lines, size = fit_lines(title, width, TITLE_SIZE, 2, bold=True, smallest=6.0)
    y = MARGIN
    for line in lines:
        y += size * 1.2
        page.text(MARGIN, y, line, size=size, bold=True)
    summary = spec.summary_in(language)
    y = page.paragraph(MARGIN, y + 3, summary, width, size=3.8) + 2
    page.line(MARGIN, y, paper.width - MARGIN, y, width=0.4, colour="#999")
    y += 4
    picture = drezlab.new(spec.name, seed=1).svg()
    room = (paper.height - MARGIN - 10 - y)
    text_room = room * (1 - PICTURE_SHARE)
    size = TEXT_SIZE
    while size > SMALLEST_TEXT and _height(rules, width, size) > text_room:
        size -= 0.2
    if _height(rules, width, size) > room - 40:
        raise PrintingError(f"the rules card of {spec.name} ({language}) does not fit one page: shorten its "
                            f"section '## {CARD_HEADINGS[language]}'")
    for rule in rules:
        top = y + size * 0.4
        page.text(MARGIN + 1, top + size * LINE, "•", size=size, bold=True)
        y = page.paragraph(MARGIN + 6, top, rule, width - 6, size=size, leading=LINE) + size * 0.35
    y += 3
    _, _, w, h = picture_box(picture)
    scale = fit(w, h, width, paper.height - MARGIN - 10 - y)
    page.place(picture, MARGIN + (width - w * scale) / 2, y, w * scale, h * scale)
    page.text(paper.width / 2, paper.height - 8, f"{say('Rules card')} · {title}", size=2.6, anchor="middle",
              colour="#666")
    return [page]


def _height(rules: list[str], width: float, size: float) -> float:
    """The height in mm the rules take at ``size``."""
    return sum(len(wrap_to_width(rule, width - 6, size)) * size * LINE + size * 1.1 for rule in rules)
