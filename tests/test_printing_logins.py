"""drezlab.printing.login_cards: a class's login cards, ten to a sheet, in the pupils' order.

PDFs are checked through pypdf's text extraction (every name and code, in order; the
words in the chosen language) and Poppler's ``pdftoppm`` (page size, ink, the code's
printed height). That every text stays inside its card is checked on the drawn SVG:
each ``<text>`` is measured as it is set (DejaVu Sans by ``text_width``, the code by
DejaVu Sans Mono's fixed advance) from its position and anchor.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from test_printing import INK_FLOOR, SIZES_MM, ink, page_sizes_mm, page_texts, render

from drezlab import printing
from drezlab.core.i18n import get_language
from drezlab.printing.logins import (
    CARD_H,
    CARD_W,
    CODE_BAND,
    MARK_GAP,
    MARK_LENGTH,
    MONO_ADVANCE,
    PAD,
    PER_SHEET,
    card_corner,
    grid_origin,
    login_pages,
    pupils_of,
)
from drezlab.printing.pages import PAPERS
from drezlab.render.textwidth import text_width

SVG = "{http://www.w3.org/2000/svg}"
URL = "https://drezlab.example.org/clase-5b"
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
LONG_NAMES = [
    "Begoña Núñez-Ibáñez",
    "María de los Ángeles Fernández-Villaverde y Gómez de la Serna",
    "Bartholomewmaximilianfeatherstonehaughsmythe-Wolfeschlegelsteinhausen",
    "Ñ" * 3 + " Àlex Çelik Øster Zoë",  # letters the width table does not know count as the widest
    " ".join(["Alejandro"] * 30),
]


def code(number: int) -> str:
    """A login code like the class server's: 8 characters of its alphabet, shown with a dash."""
    chars = "".join(ALPHABET[(number * 7 + position * 13) % len(ALPHABET)] for position in range(8))
    return f"{chars[:4]}-{chars[4:]}"


def pupils(count: int) -> list[tuple[str, str]]:
    names = ["Ana", "Begoña Núñez-Ibáñez", "Luis", "Zoë", "Íñigo", "Mei", "Ángel", "Lucía", "Olu", "Jan",
             "Kai", "Nuria"]
    return [(f"{names[number % len(names)]} {number + 1}", code(number)) for number in range(count)]


def in_order(text: str, words: list[str]) -> bool:
    """Whether every one of ``words`` appears in ``text`` after the one before it (a name
    wrapped onto two lines counts as written with one space)."""
    text = " ".join(text.split())
    at = 0
    for word in words:
        found = text.find(word, at)
        if found < 0:
            return False
        at = found + len(word)
    return True


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("count", [1, 10, 11])
def test_one_card_per_pupil_ten_to_a_sheet(tmp_path: Path, paper: str, count: int) -> None:
    """1 and 10 pupils fill one sheet, 11 two; every page has the paper's size and ink, and
    every name and code is printed, in the teacher's order."""
    class_list = pupils(count)
    language = get_language()
    pdf = printing.login_cards(class_list, URL, class_name="5B", paper=paper, path=tmp_path / "cards.pdf")
    assert pdf == tmp_path / "cards.pdf" and pdf.exists()
    assert get_language() == language, "printing changed the library's language"
    sizes = page_sizes_mm(pdf)
    assert len(sizes) == math.ceil(count / PER_SHEET)
    want_w, want_h = SIZES_MM[paper]
    assert all(abs(w - want_w) <= 1 and abs(h - want_h) <= 1 for w, h in sizes)
    assert all(ink(page) > INK_FLOOR for page in render(pdf, 12))
    texts = page_texts(pdf)
    words = [word for pair in class_list for word in pair]
    assert in_order("\n".join(texts), words), "names and codes missing or out of order"
    for number, text in enumerate(texts):
        on_sheet = class_list[number * PER_SHEET:(number + 1) * PER_SHEET]
        assert text.count("Your login code") == len(on_sheet)
        assert text.count(URL) == len(on_sheet)
        assert f"{number + 1}/{len(texts)}" in text


def test_a_dict_keeps_the_teachers_order(tmp_path: Path) -> None:
    names = {"Zoë": "ZZZZ-2222", "Ana": "AAAA-3333", "Íñigo": "KKKK-4444", "Begoña Núñez-Ibáñez": "BBBB-5555"}
    text = page_texts(printing.login_cards(names, URL, path=tmp_path / "cards.pdf"))[0]
    assert in_order(text, [word for pair in names.items() for word in pair])
    assert "Open" in text and "and type your code" in text


def test_spanish_cards_say_it_in_spanish(tmp_path: Path) -> None:
    language = get_language()
    pdf = printing.login_cards([("Lucía", "K7PQ-3MXD")], URL, class_name="Ajedrez 5.º B", language="es",
                               paper="letter", path=tmp_path / "es.pdf")
    assert get_language() == language
    text = " ".join(page_texts(pdf)[0].split())
    assert "Tu código de acceso" in text and f"Abre {URL} y escribe tu código" in text
    assert "tarjetas de acceso" in text and "Ajedrez 5.º B" in text
    assert "Your login code" not in text and "Open" not in text
    english = " ".join(page_texts(printing.login_cards([("Lucía", "K7PQ-3MXD")], URL, language="en",
                                                       path=tmp_path / "en.pdf"))[0].split())
    assert f"Open {URL} and type your code" in english and "Tu código" not in english


def _extent(element: ET.Element) -> tuple[float, float, float, float]:
    """Left, right, top and bottom (mm) of a ``<text>`` as drawn: measured in DejaVu Sans,
    or DejaVu Sans Mono for the code, from its x, baseline, size and anchor."""
    text = element.text or ""
    size = float(element.get("font-size", "0"))
    if "Mono" in element.get("font-family", ""):
        width = MONO_ADVANCE * size * len(text)
    else:
        width = text_width(text, size, bold=element.get("font-weight") == "bold")
    x, baseline = float(element.get("x", "0")), float(element.get("y", "0"))
    left = {"start": x, "middle": x - width / 2, "end": x - width}[element.get("text-anchor", "start")]
    return left, left + width, baseline - 0.93 * size, baseline + 0.24 * size


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_long_names_and_addresses_stay_inside_their_card(paper: str) -> None:
    sheet = PAPERS[paper]
    class_list = pupils_of([(name, code(number)) for number, name in enumerate(LONG_NAMES)]
                           + [("Ana", "K7PQ-3MXD-9ZZ2")])
    long_url = "https://drezlab.colegio-san-jose-de-calasanz.example.org/clases/2025/ajedrez-5b/entrar"
    pages = login_pages(class_list, long_url, "Ajedrez · Colegio San José de Calasanz, grupo de los jueves", sheet)
    root = ET.fromstring(pages[0].to_svg())
    corners = [card_corner(sheet, index) for index in range(len(class_list))]
    on_cards = 0
    for element in root.iter(f"{SVG}text"):
        left, right, top, bottom = _extent(element)
        x, y = float(element.get("x", "0")), float(element.get("y", "0"))
        home = [(cx, cy) for cx, cy in corners if cx <= x <= cx + CARD_W and cy <= y <= cy + CARD_H]
        if not home:
            continue  # a caption in the margin
        on_cards += 1
        (cx, cy), = home
        assert cx + PAD - 0.01 <= left and right <= cx + CARD_W - PAD + 0.01, (
            f"{element.text!r} runs {left - cx:.1f} to {right - cx:.1f} mm across an {CARD_W:.0f} mm card")
        assert cy <= top and bottom <= cy + CARD_H, f"{element.text!r} leaves its card at the top or bottom"
    assert on_cards >= 6 * len(class_list)
    # Begoña's name is whole on one line, large, and the drawn text is her name as typed
    names = {element.text: float(element.get("font-size", "0")) for element in root.iter(f"{SVG}text")
             if element.get("font-weight") == "bold"}
    assert names.get("Begoña Núñez-Ibáñez", 0) >= 5.0
    assert text_width("Begoña Núñez-Ibáñez", names["Begoña Núñez-Ibáñez"], bold=True) < CARD_W - 2 * PAD


def test_the_code_is_printed_at_least_8_mm_tall(tmp_path: Path) -> None:
    dpi = 200
    sheet = PAPERS["a4"]
    pdf = printing.login_cards([("Ana", "K7HX-3MWD")], URL, path=tmp_path / "tall.pdf")
    width, _, pixels = render(pdf, dpi, 1, 1)[0]
    x, y = card_corner(sheet, 0)

    def px(mm: float) -> int:
        return round(mm / 25.4 * dpi)

    dark_rows = [row for row in range(px(y + CODE_BAND[0] + 0.8), px(y + CODE_BAND[1] - 0.8))
                 if any(pixels[row * width + column] < 100
                        for column in range(px(x + PAD + 1), px(x + CARD_W - PAD - 1)))]
    assert dark_rows, "no code printed in the code box"
    assert (dark_rows[-1] - dark_rows[0] + 1) * 25.4 / dpi >= 8.0


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_grid_leaves_room_for_cut_marks(paper: str) -> None:
    sheet = PAPERS[paper]
    left, top = grid_origin(sheet)
    assert top >= MARK_GAP + MARK_LENGTH and left >= MARK_GAP + MARK_LENGTH
    assert card_corner(sheet, PER_SHEET - 1) == (left + CARD_W, top + 4 * CARD_H)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"pupils": {}}, "no pupils"),
    ({"pupils": []}, "no pupils"),
    ({"pupils": "Ana K7PQ-3MXD"}, "pupils must be"),
    ({"pupils": 42}, "pupils must be"),
    ({"pupils": [("Ana", "K7PQ-3MXD"), ("Luis",)]}, "pupil 2 must be a .name, code. pair"),
    ({"pupils": [("Ana", "K7PQ-3MXD"), ("", "W2HN-8RTA")]}, "pupil 2 has an empty name"),
    ({"pupils": {"Ana": "K7PQ-3MXD", "   ": "W2HN-8RTA"}}, "pupil 2 has an empty name"),
    ({"pupils": [(None, "K7PQ-3MXD")]}, "name of pupil 1 must be text"),
    ({"pupils": [("Ana", "K7PQ-3MXD"), ("Luis", "W2HN-8RTA"), ("Eva", 73214)]},
     r"login code of pupil 3 \(Eva\) must be text"),
    ({"pupils": [("Ana", "  ")]}, r"pupil 1 \(Ana\) has an empty login code"),
    ({"paper": "a5"}, "a4, letter"),
    ({"language": "fr"}, "language must be one of en, es"),
    ({"url": ""}, "url must be the address"),
    ({"url": None}, "url must be the address"),
    ({"class_name": 5}, "class_name must be text"),
])
def test_bad_requests_say_what_is_wrong_and_write_nothing(tmp_path: Path, kwargs: dict, message: str) -> None:
    target = tmp_path / "bad.pdf"
    request = {"pupils": [("Ana", "K7PQ-3MXD")], "url": URL, "path": target, **kwargs}
    language = get_language()
    with pytest.raises(printing.PrintingError, match=message) as raised:
        printing.login_cards(**request)
    assert isinstance(raised.value, ValueError)
    assert not target.exists()
    assert get_language() == language
