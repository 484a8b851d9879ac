"""A gallery of an EDAMI deck as one SVG: every different card once, with its count.

``deck_gallery(deck, language)`` draws the cards of ``deck`` (an
:class:`~drezlab.games.edami.cards.EdamiDeck`, deck text or a list of card
specs) in three labelled groups, in the order the deck lists them:

* **Movement cards** (``move``, ``choose``, ``relocate``, ``lose_turn``),
* **Material cards** (``remove``, ``bomb``, ``recover``),
* **Special cards** (``veto``, ``objective``, ``temporary``, ``wildcard``, ``blank``).

A card that appears more than once is drawn once with a "×n" badge; the group
headers give the number of physical cards ("Movement cards: 26"). Faces are
drawn by :func:`drezlab.games.edami.picture.draw_luck_card`, so they look like
the cards on the table. ``language`` ("en" or "es") is used for this picture
only: the library's language is restored afterwards.

Choices: 7 cards per row of 118 x 158 px (the size of the card just drawn on the table),
so the gallery is 894 px wide and fits a notebook's 960 px output area; an empty group is left out; the
output is deterministic (no ids or randomness: the same deck and language give
the same text). The gallery is a picture for reading, so its cards carry no
``data-id``.
"""

from __future__ import annotations

from typing import Any, Sequence

from drezlab.core.i18n import LANGUAGES, add_translations, in_language, t
from drezlab.games.edami.cards import CardSpec, EdamiDeck
from drezlab.games.edami.picture import draw_luck_card
from drezlab.render.base import new_drawing, num, to_svg

COLUMNS = 7
CARD_W, CARD_H = 118, 158
GAP = 8
MARGIN = 10
HEADER_H = 26

#: the three groups of the gallery: (title, card kinds)
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Movement cards", ("move", "choose", "relocate", "lose_turn")),
    ("Material cards", ("remove", "bomb", "recover")),
    ("Special cards", ("veto", "objective", "temporary", "wildcard", "blank")),
)


def _as_deck(deck: EdamiDeck | str | Sequence[Any]) -> EdamiDeck:
    if isinstance(deck, EdamiDeck):
        return deck
    if isinstance(deck, str):
        return EdamiDeck.from_text(deck)
    return EdamiDeck(deck)


def _grouped(deck: EdamiDeck) -> list[tuple[str, list[tuple[CardSpec, int]]]]:
    """The deck's entries by group, equal specs merged (counts added), in the deck's order."""
    counts: dict[CardSpec, int] = {}
    for spec, count in deck.entries:
        counts[spec] = counts.get(spec, 0) + count
    groups = []
    for title, kinds in GROUPS:
        entries = [(spec, count) for spec, count in counts.items() if spec.kind in kinds]
        if entries:
            groups.append((title, entries))
    return groups


def deck_gallery(deck: EdamiDeck | str | Sequence[Any] | None = None, language: str | None = None) -> str:
    """Every different card of ``deck`` (default: ``EdamiDeck.default()``) once, grouped, with counts.

    ``language``: "en" or "es" for this picture (default: the current language).
    """
    deck = EdamiDeck.default() if deck is None else _as_deck(deck)
    if language is not None and language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    with in_language(language):
        return _draw(deck)


def _draw(deck: EdamiDeck) -> str:
    groups = _grouped(deck)
    width = 2 * MARGIN + COLUMNS * CARD_W + (COLUMNS - 1) * GAP
    height = MARGIN
    for _, entries in groups:
        rows = (len(entries) + COLUMNS - 1) // COLUMNS
        height += HEADER_H + rows * (CARD_H + GAP) + GAP
    height += 16
    dwg = new_drawing(width, height)
    y = MARGIN
    for title, entries in groups:
        total = sum(count for _, count in entries)
        dwg.add(dwg.text(f"{t(title)}: {total}", insert=(MARGIN, y + 17), class_="dz-lb"))
        y += HEADER_H
        for index, (spec, count) in enumerate(entries):
            x = MARGIN + (index % COLUMNS) * (CARD_W + GAP)
            card_y = y + (index // COLUMNS) * (CARD_H + GAP)
            draw_luck_card(dwg, spec, x=x, y=card_y, w=CARD_W, h=CARD_H)
            if count > 1:
                badge_x, badge_y = x + CARD_W - 16, card_y + CARD_H - 14
                dwg.add(dwg.circle((num(badge_x), num(badge_y)), 12, class_="dz-badge"))
                dwg.add(dwg.text(f"×{count}", insert=(num(badge_x), num(badge_y + 4.5)), class_="dz-count",
                                 font_size=11))
        rows = (len(entries) + COLUMNS - 1) // COLUMNS
        y += rows * (CARD_H + GAP) + GAP
    dwg.add(dwg.text(f"{t('Cards in the deck')}: {len(deck)}", insert=(MARGIN, y + 8), class_="dz-sm"))
    return to_svg(dwg)


add_translations({"Movement cards": "Cartas de movimiento", "Material cards": "Cartas de material",
                  "Special cards": "Cartas especiales", "Cards in the deck": "Cartas en la baraja"})
