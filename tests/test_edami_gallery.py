"""drezlab.games.edami.gallery: the deck gallery groups, counts, translates and is deterministic."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from drezlab.core.i18n import get_language, set_language
from drezlab.games.edami.cards import EdamiDeck
from drezlab.games.edami.gallery import deck_gallery

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    return [node.text or "" for node in ET.fromstring(svg).iter(f"{SVG}text")]


def cards(svg: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(svg).iter(f"{SVG}g") if "dz-card" in g.get("class", "")]


def test_default_deck_every_different_card_once_with_group_totals() -> None:
    svg = deck_gallery(EdamiDeck.default(), "en")
    assert len(cards(svg)) == len(set(EdamiDeck.default().cards())) == 47
    words = texts(svg)
    assert "Movement cards: 26" in words and "Material cards: 12" in words and "Special cards: 16" in words
    assert "Cards in the deck: 54" in words
    assert words.count("×2") == 4        # Move one: P, Relocate, Lose a turn, Veto
    assert words.count("×4") == 1        # Recover: any (D21: every Recupera card recovers any piece)


def test_deterministic_and_language_only_for_this_picture() -> None:
    set_language("en")
    spanish = deck_gallery(EdamiDeck.default(), "es")
    assert spanish == deck_gallery(EdamiDeck.default(), "es")
    assert get_language() == "en"
    words = texts(spanish)
    assert "Cartas de movimiento: 26" in words and "Mueve una" in words and "Comodín" in words
    assert deck_gallery(None, "en") == deck_gallery(EdamiDeck.default(), "en") != spanish


def test_teacher_deck_text_merges_equal_cards_and_drops_empty_groups() -> None:
    svg = deck_gallery("2 x Move one: N\nMueve una: caballo\nVeto", "en")
    words = texts(svg)
    assert len(cards(svg)) == 2 and "×3" in words
    assert "Movement cards: 3" in words and "Special cards: 1" in words
    assert not any(w.startswith("Material cards") for w in words)
    assert "data-id" not in svg


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="language"):
        deck_gallery(None, "fr")
