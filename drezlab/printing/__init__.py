"""Print-and-play: ready-to-print PDFs of drezlab's cards, boards and worksheets (A4 or Letter).

For a class without computers, or a table where the real cards and boards are nicer::

    from drezlab import printing
    printing.deck("pokerdrez", packs=2, paper="a4", path="print/pokerdrez.pdf")
    printing.edami_deck("3 x Mueve una: caballo\\nBomba: centro", language="es", path="print/edami.pdf")
    printing.board("brandubh", paper="letter", path="print/brandubh.pdf")          # tiled, real size
    printing.board("cross", mode="fit", path="print/cross.pdf")                    # one sheet, scale stated
    printing.worksheet("lessons/en/03-vikingdrez.ipynb", path="print/lesson03.pdf")
    printing.rules_card("brandubh", language="es", path="print/vikingdrez-card.pdf")   # one page, large type
    printing.neurodrez_pieces(paper="a4", path="print/neurodrez-tiles.pdf")           # tiles and tokens
    printing.login_cards({"Ana": "K7PQ-3MXD", "Luis": "W2HN-8RTA"}, "drezlab.example.org", class_name="5B")
    printing.everything("print/")                                                  # all of it, both papers

``make print`` runs :func:`everything` into ``print/`` (git-ignored).

What is where: :mod:`~drezlab.printing.decks` (card sheets: 63 x 88 mm cards, cut
marks, mirrored backs for duplex), :mod:`~drezlab.printing.boards` (the boards,
tiled or fitted), :mod:`~drezlab.printing.worksheets` (a lesson's exercises and answer
key), :mod:`~drezlab.printing.rulecards` (a game's rules on one page, from the rules
book), :mod:`~drezlab.printing.tokens` (NeuroDrez's tiles and tokens), :mod:`~drezlab.printing.logins` (a class's login cards, 85 x 52 mm, ten to a
sheet), :mod:`~drezlab.printing.pages` (pages in mm and the PDF writer: CairoSVG for
each page, pypdf to join them). Every function writes one PDF and returns its path;
nothing is printed or changed anywhere else, and the library's language is left as it
was. Needs the packages ``cairosvg`` (with Debian's ``libcairo2``) and ``pypdf``, which
``pip install drezlab[lab]`` brings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial
from pathlib import Path

from drezlab.printing.boards import BOARDS, board_named, board_pages
from drezlab.printing.decks import (
    card_sheets,
    edami_back,
    edami_faces,
    language_of,
    pokerdrez_back,
    pokerdrez_faces,
)
from drezlab.printing.logins import login_pages, pupils_of
from drezlab.printing.pages import PAPERS, Paper, PrintingError, paper_named, write_pdf
from drezlab.printing.rulecards import BOOK, rules_card_pages
from drezlab.printing.tokens import tile_pages, token_pages
from drezlab.printing.worksheets import read_lesson, worksheet_pages

DECKS = ("pokerdrez", "edami")
"""The decks :func:`deck` prints by name (EDAMI: the default deck; any other through :func:`edami_deck`)."""


def _target(path: str | Path | None, default: str) -> Path:
    return Path(default) if path is None else Path(path)


def deck(name: str = "pokerdrez", *, packs: int = 1, paper: str = "a4", path: str | Path | None = None,
         language: str | None = None) -> Path:
    """Write a deck of cards as a PDF and return its path.

    ``name``: ``"pokerdrez"`` (``packs`` packs of 56 cards: 1 or 2 for the games, up
    to 4) or ``"edami"`` (EDAMI's default deck of 54 luck cards). Cards are 63 x 88 mm,
    nine to a sheet with cut marks; each sheet of faces is followed by its backs,
    mirrored for duplex printing flipped on the long edge. ``language`` ("en"/"es",
    default: the current one) is the language of the card labels. ``paper``: "a4" or
    "letter". ``path`` defaults to ``<name>-<packs>packs-<paper>.pdf`` here.
    """
    sheet = paper_named(paper)
    key = name.strip().lower() if isinstance(name, str) else ""
    if key == "edami":
        from drezlab.games.edami.cards import DEFAULT_DECK_TEXT

        return edami_deck(DEFAULT_DECK_TEXT, paper=paper, path=path, language=language)
    if key != "pokerdrez":
        raise PrintingError(f"no deck called {name!r}: choose one of {', '.join(DECKS)} "
                            "(or edami_deck(text) for a teacher's own EDAMI deck)")
    with language_of(language) as chosen:
        pages = card_sheets(pokerdrez_faces(packs, chosen), pokerdrez_back, sheet,
                            "PokerDrez" if packs == 1 else f"PokerDrez ×{packs}")
    return write_pdf(pages, _target(path, f"pokerdrez-{packs}packs-{sheet.name.lower()}.pdf"))


def edami_deck(text: str, *, language: str | None = None, paper: str = "a4", path: str | Path | None = None) -> Path:
    """Write the EDAMI luck-card deck described by ``text`` as a PDF and return its path.

    ``text`` is a teacher's deck, one card per line in English or Spanish, as
    :meth:`drezlab.games.edami.cards.EdamiDeck.from_text` reads it (``3 x Mueve una:
    caballo``). A wrong line raises that parser's :class:`drezlab.BadRecord`, naming the
    line, in ``language``, and writes nothing. ``language`` ("en"/"es", default: the
    current one) is the language printed on the cards. Cards, cut marks and backs as in
    :func:`deck`; ``path`` defaults to ``edami-<paper>.pdf`` here.
    """
    sheet = paper_named(paper)
    with language_of(language):
        pages = card_sheets(edami_faces(text), edami_back, sheet, "EDAMI")
    return write_pdf(pages, _target(path, f"edami-{sheet.name.lower()}.pdf"))


def board(name: str, *, paper: str = "a4", mode: str = "tile", path: str | Path | None = None,
          language: str | None = None) -> Path:
    """Write a playing board as a PDF and return its path.

    ``name``: ``"brandubh"`` (the 7 x 7 board, also ``"neurodrez"``), ``"rings"``
    (Dejarik and Courtier), ``"guadalete"``, ``"guadalete-cylinder"``,
    ``"guadalete-swimming"`` or ``"cross"`` (PokerDrez for 4). ``mode="tile"`` prints it
    at playing size over as many sheets as it needs, overlapping by 12 mm with the
    overlap marked and every tile named; ``mode="fit"`` scales it to one sheet and
    states the scale. ``language`` is that of the captions. ``path`` defaults to
    ``<name>-<mode>-<paper>.pdf`` here.
    """
    sheet = paper_named(paper)
    key = board_named(name)
    with language_of(language):
        pages = board_pages(key, sheet, mode)
    return write_pdf(pages, _target(path, f"{key}-{mode}-{sheet.name.lower()}.pdf"))


def neurodrez_pieces(*, paper: str = "a4", path: str | Path | None = None, language: str | None = None) -> Path:
    """Write NeuroDrez's 36 tiles (33 mm, the printed board's squares, cut lines, blank backs)
    and its tokens (the 36 pieces, conquest markers, limit tokens) as a PDF; return its path.
    ``path`` defaults to ``neurodrez-tiles-<paper>.pdf`` here."""
    sheet = paper_named(paper)
    with language_of(language):
        pages = tile_pages(sheet) + token_pages(sheet)
    return write_pdf(pages, _target(path, f"neurodrez-tiles-{sheet.name.lower()}.pdf"))


def rules_card(game: str, *, language: str = "en", paper: str = "a4", path: str | Path | None = None) -> Path:
    """Write a game's one-page rules card (the "On one card" section of its rules-book page,
    in large type, with the start drawn by the library) in ``language``; return its path.
    ``path`` defaults to ``rules-card-<game>-<language>-<paper>.pdf`` here."""
    from drezlab.core.registry import spec_of

    name = spec_of(game).name
    sheet = paper_named(paper)
    with language_of(language):
        pages = rules_card_pages(name, language, sheet)
    return write_pdf(pages, _target(path, f"rules-card-{name}-{language}-{sheet.name.lower()}.pdf"))


def worksheet(lesson_path: str | Path, *, paper: str = "a4", path: str | Path | None = None) -> Path:
    """Write the worksheet of a lesson's exercises, then its answer key on a new page, as a
    PDF; return its path.

    Each exercise is printed with its text, its diagrams as the lesson saved them and
    lines to write the answer on; the key comes from the lesson's teacher's notes. A
    Spanish lesson gives a Spanish worksheet. A lesson without exercises raises
    :class:`PrintingError`. ``path`` defaults to ``<lesson>-worksheet-<paper>.pdf`` here.
    """
    sheet = paper_named(paper)
    lesson = read_lesson(lesson_path)
    with language_of(lesson.language):
        pages = worksheet_pages(lesson, sheet)
    return write_pdf(pages, _target(path, f"{Path(lesson_path).stem}-worksheet-{sheet.name.lower()}.pdf"))


def login_cards(pupils: Mapping[str, str] | Iterable[tuple[str, str]], url: str, class_name: str = "",
                paper: str = "a4", language: str | None = None,
                path: str | Path = "print/login-cards.pdf") -> Path:
    """Write a class's login cards as a PDF and return its path.

    ``pupils``: a dict of name -> login code, or a list of (name, code) pairs; the
    cards come in that order, one per pupil, ten to a sheet (85 x 52 mm, five rows of
    two, with cut marks and light cut lines). Each card shows ``class_name`` (if
    given), the pupil's name, "Your login code" and the code in large capitals (as
    given, dash included), and "Open ``url`` and type your code". Long names and
    addresses are shrunk or wrapped to fit the card. ``language`` ("en"/"es", default:
    the current one) is that of the card's words. ``paper``: "a4" or "letter".

    No pupils, a pupil without a name or code, a code that is not text, an empty
    ``url``, an unknown paper or language raise :class:`PrintingError` (a
    ``ValueError``) saying what is wrong, and nothing is written.
    """
    sheet = paper_named(paper)
    if not isinstance(url, str) or not url.strip():
        raise PrintingError(f"url must be the address the pupils open, like 'https://drezlab.example.org', "
                            f"not {url!r}")
    if not isinstance(class_name, str):
        raise PrintingError(f"class_name must be text (or left out), not {class_name!r}")
    found = pupils_of(pupils)
    with language_of(language):
        pages = login_pages(found, url.strip(), " ".join(class_name.split()), sheet)
    return write_pdf(pages, Path(path))


def plan(*, lessons: str | Path | None = None, papers: tuple[str, ...] = tuple(PAPERS),
         games: Iterable[str] | None = None) -> list[tuple[Path, Callable[[Path], Path]]]:
    """Every printout :func:`everything` writes, without writing any: each as its path inside
    the print folder (``a4/board-brandubh-tile.pdf``) and the function that writes it there.

    Per paper: PokerDrez with one and two packs, EDAMI's default deck in English and
    Spanish (``edami-en.pdf``), EDAMI's 20-card class deck in English and Spanish
    (``edami-class-deck-es.pdf``, :data:`~drezlab.games.edami.cards.CLASS_DECK_TEXT`), NeuroDrez's tiles and tokens in English and Spanish, every board tiled at playing size and fitted to one sheet, and the
    worksheet of every lesson in ``lessons`` (default: the ``lessons/`` folder beside the
    package's checkout, if there is one) that has exercises, and of every pupil's lesson in its
    language folders (``worksheet-en-03-vikingdrez.pdf``), and every game's rules card in
    English and Spanish (``rules-card-brandubh-es.pdf``; from a checkout's rules book; ``games``
    names the games whose cards to print, default all). A guide names its
    printouts by these paths (``print/a4/...``); the test of links checks them here.
    """
    from drezlab.games.edami.cards import CLASS_DECK_TEXT, DEFAULT_DECK_TEXT

    lesson_dir = Path(lessons) if lessons is not None else Path(__file__).resolve().parents[2] / "lessons"
    found = sorted(lesson_dir.glob("*.ipynb")) + sorted(lesson_dir.glob("*/*.ipynb")) if lesson_dir.is_dir() else []
    notebooks = [notebook for notebook in found if read_lesson(notebook).exercises]
    card_games = sorted(path.stem for path in (BOOK / "en").glob("*.md") if path.stem != "README") \
        if games is None else list(games)
    printouts: list[tuple[Path, Callable[[Path], Path]]] = []
    for paper in papers:
        out = Path(paper_named(paper).name.lower())
        for packs in (1, 2):
            printouts.append((out / f"pokerdrez-{packs}pack.pdf",
                              partial(lambda path, packs, paper: deck("pokerdrez", packs=packs, paper=paper, path=path),
                                      packs=packs, paper=paper)))
        for name, text in (("edami", DEFAULT_DECK_TEXT), ("edami-class-deck", CLASS_DECK_TEXT)):
            for language in ("en", "es"):
                printouts.append((out / f"{name}-{language}.pdf",
                                  partial(lambda path, text, language, paper: edami_deck(text, language=language,
                                                                                         paper=paper, path=path),
                                          text=text, language=language, paper=paper)))
        for language in ("en", "es"):
            printouts.append((out / f"neurodrez-tiles-{language}.pdf",
                              partial(lambda path, language, paper: neurodrez_pieces(paper=paper, path=path,
                                                                                     language=language),
                                      language=language, paper=paper)))
        for name in BOARDS:
            for mode in ("tile", "fit"):
                printouts.append((out / f"board-{name}-{mode}.pdf",
                                  partial(lambda path, name, mode, paper: board(name, paper=paper, mode=mode, path=path),
                                          name=name, mode=mode, paper=paper)))
        for game in card_games:
            for language in ("en", "es"):
                printouts.append((out / f"rules-card-{game}-{language}.pdf",
                                  partial(lambda path, game, language, paper: rules_card(game, language=language,
                                                                                         paper=paper, path=path),
                                          game=game, language=language, paper=paper)))
        for notebook in notebooks:
            language = f"{notebook.parent.name}-" if notebook.parent != lesson_dir else ""
            printouts.append((out / f"worksheet-{language}{notebook.stem}.pdf",
                              partial(lambda path, notebook, paper: worksheet(notebook, paper=paper, path=path),
                                      notebook=notebook, paper=paper)))
    return printouts


def everything(folder: str | Path, *, lessons: str | Path | None = None,
               papers: tuple[str, ...] = tuple(PAPERS), games: Iterable[str] | None = None) -> list[Path]:
    """Write every printout of :func:`plan` into ``folder`` and return the paths
    (files go to ``folder/<paper>/``)."""
    root = Path(folder)
    return [write(root / relative) for relative, write in plan(lessons=lessons, papers=papers, games=games)]


__all__ = ["BOARDS", "DECKS", "PAPERS", "Paper", "PrintingError", "board", "deck", "edami_deck", "everything",
           "login_cards", "neurodrez_pieces", "plan", "rules_card", "worksheet"]
