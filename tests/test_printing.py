"""drezlab.printing: every kind of printout, on both papers, rendered back to pixels.

The PDFs are written once (``everything`` into a temporary folder, with a few lessons
picked for their kinds of exercises), then every page of every PDF is rendered with
Poppler's ``pdftoppm`` at low resolution and checked: the page size in mm (A4 210 x 297,
Letter 215.9 x 279.4, within 1 mm), the number of pages, and that no page is blank. The
card sheets are rendered sharper to find the cut marks where the cutting lines run and
the backs of a part-filled sheet behind their faces (mirrored for duplex).

Outside CI a missing ``pdftoppm`` skips these tests with the command that installs it;
with ``CI=true`` it fails.
"""

from __future__ import annotations

import itertools
import math
import os
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import drezlab
from drezlab import printing
from drezlab.core.i18n import get_language
from drezlab.printing.boards import OVERLAP, Tiling
from drezlab.printing.decks import (
    CARD_H,
    CARD_W,
    MARK_GAP,
    MARK_LENGTH,
    cut_lines,
    grid_origin,
)
from drezlab.printing.pages import PAPERS, one_text_per_glyph
from drezlab.printing.worksheets import read_lesson

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
#: lessons printed here: English and Spanish, one diagram, several diagrams per exercise, puzzles, river boards
#: pupils' lessons printed by the module's fixture (questions answered by clicking, the guide beside
#: them): a card game whose answers are cards and choices, and a board game in each language
PICKED = ("en/04-poker7", "en/03-vikingdrez", "es/03-vikingdrez")
GUIDES = {"en": "-guide", "es": "-guia"}
SIZES_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PT_PER_MM = 72 / 25.4
LOW_DPI = 12
INK_FLOOR = 0.004
"""A page is not blank when more than 0.4 % of its pixels are darker than light grey."""


def _pdftoppm() -> str:
    found = shutil.which("pdftoppm")
    if found is None:
        message = "pdftoppm is missing: install Poppler with  sudo apt-get install poppler-utils"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


def render(pdf: Path, dpi: int, first: int | None = None, last: int | None = None) -> list[tuple[int, int, bytes]]:
    """The pages of ``pdf`` as greyscale pixels: (width, height, one byte per pixel)."""
    out = pdf.parent / f".{pdf.stem}-{dpi}"
    command = [_pdftoppm(), "-gray", "-r", str(dpi)]
    if first is not None:
        command += ["-f", str(first), "-l", str(last if last is not None else first)]
    subprocess.run([*command, str(pdf), str(out)], check=True, capture_output=True, timeout=120)
    pages = []
    for path in sorted(pdf.parent.glob(f"{out.name}-*.pgm"), key=lambda p: int(p.stem.rsplit("-", 1)[1])):
        pages.append(_read_pgm(path.read_bytes()))
        path.unlink()
    return pages


def _read_pgm(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and pixels of a binary PGM (P5, 8 bits) as pdftoppm writes it."""
    fields = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    assert fields is not None, "pdftoppm wrote something that is not a PGM"
    width, height = int(fields.group(1)), int(fields.group(2))
    return width, height, data[fields.end():fields.end() + width * height]


def ink(page: tuple[int, int, bytes]) -> float:
    """The fraction of a page's pixels darker than light grey."""
    _, _, pixels = page
    return sum(1 for value in pixels if value < 200) / len(pixels)


def page_sizes_mm(pdf: Path) -> list[tuple[float, float]]:
    from pypdf import PdfReader

    return [(float(page.mediabox.width) / PT_PER_MM, float(page.mediabox.height) / PT_PER_MM)
            for page in PdfReader(str(pdf)).pages]


def page_texts(pdf: Path) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() or "" for page in PdfReader(str(pdf)).pages]


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Path]]:
    """Every printout for both papers: {paper: {file stem: path}}."""
    root = tmp_path_factory.mktemp("print")
    lessons = root / "lessons"
    lessons.mkdir()
    for name in PICKED:
        (lessons / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(LESSONS / f"{name}.ipynb", lessons / f"{name}.ipynb")
        if "/" in name:
            guide = name + GUIDES[name.split("/")[0]] + ".ipynb"
            shutil.copy(LESSONS / guide, lessons / guide)
    language = get_language()
    paths = printing.everything(root / "out", lessons=lessons, games=("brandubh",))
    assert get_language() == language, "printing changed the library's language"
    found: dict[str, dict[str, Path]] = {}
    for path in paths:
        found.setdefault(path.parent.name, {})[path.stem] = path
    return found


def _expected_pages(stem: str, paper: str) -> int | None:
    """The page count a printout must have (None: checked by other tests)."""
    sheets = {"pokerdrez-1pack": 56, "pokerdrez-2pack": 112, "edami-en": 54, "edami-es": 54,
              "edami-class-deck-en": 20, "edami-class-deck-es": 20}
    if stem in sheets:
        return 2 * math.ceil(sheets[stem] / 9)
    if stem.endswith("-fit") or stem.startswith("rules-card-"):
        return 1
    if stem.startswith("neurodrez-tiles-"):
        return 3           # the 36 tiles on one sheet, the tokens on two
    tiles = {("board-brandubh-tile", "a4"): 2, ("board-brandubh-tile", "letter"): 2,
             ("board-cross-tile", "a4"): 6, ("board-cross-tile", "letter"): 6,
             ("board-guadalete-tile", "a4"): 2, ("board-guadalete-tile", "letter"): 2,
             ("board-guadalete-cylinder-tile", "a4"): 4, ("board-rings-tile", "a4"): 2,
             ("board-rings-tile", "letter"): 2}
    return tiles.get((stem, paper))


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_every_page_has_its_size_and_ink(printed: dict[str, dict[str, Path]], paper: str) -> None:
    """Every page of every printout: the paper's size within 1 mm, the right count, not blank."""
    files = printed["a4" if paper == "a4" else "letter"]
    kinds = {"pokerdrez-1pack", "pokerdrez-2pack", "edami-en", "edami-es",
             "edami-class-deck-en", "edami-class-deck-es"} | {
        f"board-{name}-{mode}" for name in printing.BOARDS for mode in ("tile", "fit")} | {
        f"worksheet-{name.replace('/', '-')}" for name in PICKED} | {
        "rules-card-brandubh-en", "rules-card-brandubh-es", "neurodrez-tiles-en", "neurodrez-tiles-es"}
    assert set(files) == kinds
    want_w, want_h = SIZES_MM[paper]
    for stem, pdf in sorted(files.items()):
        sizes = page_sizes_mm(pdf)
        for number, (width, height) in enumerate(sizes, start=1):
            assert abs(width - want_w) <= 1 and abs(height - want_h) <= 1, (
                f"{pdf.name} page {number} is {width:.1f} x {height:.1f} mm, not {paper}")
        expected = _expected_pages(stem, paper)
        if expected is not None:
            assert len(sizes) == expected, f"{pdf.name}: {len(sizes)} pages, expected {expected}"
        pages = render(pdf, LOW_DPI)
        assert len(pages) == len(sizes)
        for number, page in enumerate(pages, start=1):
            assert abs(page[0] - want_w / 25.4 * LOW_DPI) <= 1.5
            assert ink(page) > INK_FLOOR, f"{pdf.name} page {number} is blank (ink {ink(page):.4f})"


def _pixel(page: tuple[int, int, bytes], x_mm: float, y_mm: float, dpi: int) -> int:
    width, _, pixels = page
    return pixels[round(y_mm / 25.4 * dpi) * width + round(x_mm / 25.4 * dpi)]


def _darkest_across(page: tuple[int, int, bytes], x_mm: float, y_mm: float, dpi: int, vertical: bool) -> int:
    """The darkest pixel within 0.5 mm across a line at (x, y) (the line is thinner than a pixel)."""
    steps = [-0.5, -0.25, 0.0, 0.25, 0.5]
    return min(_pixel(page, x_mm + (d if vertical else 0), y_mm + (0 if vertical else d), dpi) for d in steps)


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_cut_marks_continue_every_cutting_line(printed: dict[str, dict[str, Path]], paper: str) -> None:
    """In the margin, a dark mark on every cutting line and white paper beside it."""
    dpi = 100
    sheet = PAPERS[paper]
    face, back = render(printed["a4" if paper == "a4" else "letter"]["pokerdrez-1pack"], dpi, 1, 2)
    xs, ys = cut_lines(sheet)
    assert xs[-1] - xs[0] == pytest.approx(3 * CARD_W) and ys[-1] - ys[0] == pytest.approx(3 * CARD_H)
    mid = MARK_GAP + MARK_LENGTH / 2
    for page in (face, back):
        for x in xs:
            for y in (ys[0] - mid, ys[-1] + mid):
                assert _darkest_across(page, x, y, dpi, vertical=True) < 170, f"no cut mark at x={x:.1f} mm"
                assert _pixel(page, x + 2.5, y, dpi) > 235, f"ink beside the cut mark at x={x:.1f} mm"
        for y in ys:
            for x in (xs[0] - mid, xs[-1] + mid):
                assert _darkest_across(page, x, y, dpi, vertical=False) < 170, f"no cut mark at y={y:.1f} mm"
                assert _pixel(page, x, y + 2.5, dpi) > 235


def test_backs_are_mirrored_for_duplex(printed: dict[str, dict[str, Path]]) -> None:
    """56 cards leave 2 on the last sheet (top row, columns 1 and 2); their backs sit in
    columns 3 and 2 of the back page, so each lands behind its face when printed duplex."""
    dpi = 30
    pages = render(printed["a4"]["pokerdrez-1pack"], dpi, 13, 14)
    face, back = pages
    left, top = grid_origin(PAPERS["a4"])

    def centre(col: int) -> tuple[float, float]:
        return left + (col + 0.5) * CARD_W, top + CARD_H * 0.3

    for col in range(3):
        x, y = centre(col)
        assert (_pixel(face, x, y, dpi) < 250) == (col in (0, 1)), f"face sheet, column {col + 1}"
        assert (_pixel(back, x, y, dpi) < 200) == (col in (1, 2)), f"back sheet, column {col + 1}"
    x, y = centre(0)
    assert _pixel(back, x, top + CARD_H * 1.5, dpi) > 250, "the back page has a card where no face is"


def test_a_teachers_spanish_deck_prints_through_edamis_parser(tmp_path: Path) -> None:
    """Any deck text works; the cards show the chosen language; a wrong line raises the
    parser's pupil-readable error, in that language, and writes nothing."""
    text = "4 x Mueve una: caballo\n2 x Bomba: centro\nRecupera: cualquiera\nVeto\n"
    pdf = printing.edami_deck(text, language="es", paper="letter", path=tmp_path / "clase.pdf")
    assert len(page_sizes_mm(pdf)) == 2
    assert all(ink(page) > INK_FLOOR for page in render(pdf, LOW_DPI))
    words = page_texts(pdf)[0]
    assert "Mueve una" in words and "Bomba" in words and "No me gusta tu" in words
    english = printing.edami_deck(text, language="en", path=tmp_path / "class.pdf")
    assert "Move one" in page_texts(english)[0]
    bad = tmp_path / "bad.pdf"
    with pytest.raises(drezlab.BadRecord, match=r"2.*la luna"):
        printing.edami_deck("Mueve una: caballo\nBomba: la luna", language="es", path=bad)
    assert not bad.exists()


def test_the_class_deck_is_printed_with_its_20_cards(printed: dict[str, dict[str, Path]], tmp_path: Path) -> None:
    """EDAMI's class deck (lesson 02a's guide cites it) is in the plan for every paper in both
    languages, is 20 cards, and prints as 3 sheets of faces, each followed by its backs."""
    from drezlab.games.edami.cards import CLASS_DECK_TEXT, EdamiDeck

    deck = EdamiDeck.from_text(CLASS_DECK_TEXT)
    assert len(deck) == 20 and not any(card.is_special for card in deck.cards())
    planned = {relative.as_posix() for relative, _write in printing.plan(lessons=tmp_path, games=())}
    for paper in PAPERS:
        for language in ("en", "es"):
            assert f"{paper.lower()}/edami-class-deck-{language}.pdf" in planned
    for paper, files in printed.items():
        for language, title in (("en", "Move one"), ("es", "Mueve una")):
            pdf = files[f"edami-class-deck-{language}"]
            assert len(page_sizes_mm(pdf)) == 2 * math.ceil(20 / 9) == 6, f"{paper}/{pdf.name}"
            assert title in page_texts(pdf)[0], f"{paper}/{pdf.name} is not in its language"


def test_pokerdrez_faces_follow_the_language(tmp_path: Path) -> None:
    pdf = printing.deck("pokerdrez", language="es", path=tmp_path / "es.pdf")
    assert "Peón" in page_texts(pdf)[0]


def test_worksheets_have_the_exercises_then_the_answer_key(printed: dict[str, dict[str, Path]]) -> None:
    english = page_texts(printed["a4"]["worksheet-en-04-poker7"])
    assert "Question 1" in english[0] and "Name:" in english[0] and "Write the cards:" in english[0]
    assert "Circle the right answer:" in " ".join(english)
    key = [number for number, text in enumerate(english) if "Answer key (for the teacher)" in text]
    assert key and key[0] > 0, "the answer key must start on a page of its own"
    assert all("Answer key" not in text for text in english[:key[0]])
    assert "Hand A" in " ".join(english[key[0]:])
    pupils = page_texts(printed["letter"]["worksheet-en-03-vikingdrez"])
    assert "Question 1" in pupils[0] and "Write the square:" in " ".join(pupils)
    assert any("Answer key (for the teacher)" in text for text in pupils[1:])


#: pages of lessons/ that are not lessons with exercises (joining the class room, English and Spanish)
WITHOUT_EXERCISES = ("00-class", "00-clase")


@pytest.mark.parametrize("path", sorted(LESSONS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_every_lessons_exercises_and_answers_are_found(path: Path) -> None:
    """Each exercise the lesson names is read, with the diagrams saved under it, and the
    teacher's notes give at least one answer per exercise. The class room's join pages have
    no exercise, so no worksheet."""
    lesson = read_lesson(path)
    if path.stem in WITHOUT_EXERCISES:
        assert not lesson.exercises
        return
    source = path.read_text(encoding="utf-8")
    markers = set(re.findall(r"\*\*((?:Exercise|Ejercicio|Puzzle) \d+)", source))
    numbered = [re.match(r"\w+ \d+", exercise.name) for exercise in lesson.exercises]
    names = {match.group(0) for match in numbered if match is not None}
    assert len(names) == len(lesson.exercises), f"{path.name}: an exercise without its own number"
    assert names <= markers, f"{path.name}: exercises {sorted(names)}, the lesson names {sorted(markers)}"
    assert len(lesson.exercises) >= 2
    assert len(lesson.answers) >= len(lesson.exercises)
    assert lesson.language == ("es" if "cartas-de-la-suerte" in path.stem else "en")
    assert all(svg.lstrip().startswith("<svg") for exercise in lesson.exercises for svg in exercise.diagrams)


def test_bad_requests_raise_and_write_nothing(tmp_path: Path) -> None:
    with pytest.raises(printing.PrintingError, match="a4, letter"):
        printing.deck("pokerdrez", paper="a5", path=tmp_path / "x.pdf")
    with pytest.raises(printing.PrintingError, match="brandubh"):
        printing.board("hexagon", path=tmp_path / "x.pdf")
    with pytest.raises(printing.PrintingError, match="tile"):
        printing.board("rings", mode="poster", path=tmp_path / "x.pdf")
    with pytest.raises(printing.PrintingError, match="packs"):
        printing.deck("pokerdrez", packs=0, path=tmp_path / "x.pdf")
    with pytest.raises(printing.PrintingError, match="deck called"):
        printing.deck("tarot", path=tmp_path / "x.pdf")
    with pytest.raises(printing.PrintingError, match="language"):
        printing.deck("pokerdrez", language="fr", path=tmp_path / "x.pdf")
    with pytest.raises(printing.PrintingError, match="not a readable lesson"):
        printing.worksheet(tmp_path / "missing.ipynb", path=tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("total", [150.0, 190.0, 191.0, 410.0, 700.0])
def test_tiles_cover_the_board_and_overlap_by_the_stated_width(total: float) -> None:
    tiling = Tiling(total, 100.0, 190.0, 256.0)
    spans = [(tiling.start(i, "x"), tiling.start(i, "x") + tiling.size(i, "x")) for i in range(tiling.columns)]
    assert spans[0][0] == 0 and spans[-1][1] == pytest.approx(total)
    assert all(0 < end - start <= 190 for start, end in spans)
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert end - start == pytest.approx(OVERLAP)
    assert (tiling.columns == 1) == (total <= 190)


def test_coordinates_drawn_as_one_text_get_one_text_per_letter() -> None:
    root = ET.fromstring('<svg xmlns="http://www.w3.org/2000/svg"><g><text x="5 15 25" y="9">abc</text>'
                         '<text x="1" y="2 4">78</text><text x="3" y="3">plain</text></g></svg>')
    one_text_per_glyph(root)
    texts = [(t.get("x"), t.get("y"), t.text) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts == [("5", "9", "a"), ("15", "9", "b"), ("25", "9", "c"), ("1", "2", "7"), ("1", "4", "8"),
                     ("3", "3", "plain")]


PUPILS_LESSONS = sorted(path for language in ("en", "es") for path in (LESSONS / language).glob("*.ipynb")
                        if json.loads(path.read_text(encoding="utf-8"))["metadata"].get("drezlab", {})
                        .get("audience") == "pupils")
CLICK_WORDS = re.compile(r"\b(click|press|clic|pulsa)\b", re.IGNORECASE)


@pytest.mark.parametrize("path", PUPILS_LESSONS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_pupils_lesson_prints_its_questions_for_paper(path: Path) -> None:
    """Every question (answer widget) of a pupil's lesson is an exercise on paper that asks to
    write or circle, never to click; the guide's answer table gives one key line per question."""
    lesson = read_lesson(path)
    widgets = path.read_text(encoding="utf-8").count('"question": ')
    assert len(lesson.exercises) == widgets > 0
    said = [paragraph for exercise in lesson.exercises for paragraph in exercise.paragraphs
            if CLICK_WORDS.search(paragraph)]
    assert not said, f"{path.name} asks paper to be clicked: {said}"
    assert len(lesson.answers) == len(lesson.exercises), "the guide's Answers table has one row per question"


def test_a_spanish_pupils_worksheet_speaks_to_paper(tmp_path: Path) -> None:
    texts = page_texts(printing.worksheet(LESSONS / "es" / "03-vikingdrez.ipynb", path=tmp_path / "ws.pdf"))
    whole = " ".join(texts)
    assert "Pregunta 1" in texts[0] and "Escribe la casilla:" in whole and "Rodea la respuesta correcta:" in whole
    key = [number for number, text in enumerate(texts) if "Soluciones (para el monitor)" in text]
    assert key and "d7–d6" in " ".join(texts[key[0]:])


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_game_has_a_rules_card_on_one_page(language: str) -> None:
    """The "On one card" section of every rules-book page fits one sheet in large type
    (the layout raises when it does not), 5 to 9 points."""
    from drezlab.printing.rulecards import BOOK, card_rules, rules_card_pages

    for page in sorted((BOOK / language).glob("*.md")):
        if page.stem == "README":
            continue
        assert 5 <= len(card_rules(page.stem, language)) <= 9, page.name
        assert len(rules_card_pages(page.stem, language, printing.paper_named("a4"))) == 1


def test_neurodrez_tiles_are_every_colour_with_every_surface(tmp_path: Path) -> None:
    texts = " ".join(page_texts(printing.neurodrez_pieces(path=tmp_path / "tiles.pdf", language="es")))
    assert "Losetas de NeuroDrez" in texts and "Marcadores de conquista" in texts
    from drezlab.printing.tokens import tile_pages

    pages = tile_pages(printing.paper_named("a4"))
    placed = sum(page.to_svg().count('viewBox="0 0 100 100"') for page in pages)
    assert placed == 36
