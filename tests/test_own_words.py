"""A module's own words (``drezlab.core.i18n.OwnWords``): the same English kept apart by
prefix, so two games may say it differently in Spanish; English as is when untranslated."""

from __future__ import annotations

import importlib

import pytest

from drezlab.core.i18n import OwnWords, in_language, t


def test_the_same_english_may_have_two_spanish_words_in_two_modules() -> None:
    tiles, pieces = OwnWords("test-own-words tiles: "), OwnWords("test-own-words pieces: ")
    tiles.add({"the red {count}": "las {count} rojas"})
    pieces.add({"the red {count}": "los {count} rojos"})
    with in_language("es"):
        assert tiles("the red {count}").format(count=2) == "las 2 rojas"
        assert pieces("the red {count}") == "los {count} rojos"
        assert tiles("not registered") == "not registered"
        assert t("the red {count}") == "the red {count}"
    assert tiles("the red {count}") == pieces("the red {count}") == "the red {count}"


def test_a_word_keeps_its_one_spanish_within_a_module() -> None:
    words = OwnWords("test-own-words clash: ")
    words.add({"king": "rey"})
    words.add({"king": "rey"})
    with pytest.raises(ValueError, match="already has another Spanish translation"):
        words.add({"king": "monarca"})
    with in_language("es"):
        assert words("king") == "rey"


@pytest.mark.parametrize(("module", "name", "english", "spanish"), [
    ("drezlab.games.brandubh.words", "own_words", "{first} and {last}", "{first} y {last}"),
    ("drezlab.games.abyss.words", "own_words", "{who} wins", "{who} gana"),
    ("drezlab.games.sokudrez.words", "label", "{text} is not a swap: name two different cards, e.g. 'n1 p7'", None),
    ("drezlab.games.rummidrez.melds", "tr", "has only {count} cards: a meld needs at least 3",
     "solo tiene {count} cartas: un grupo necesita al menos 3"),
    ("drezlab.printing.boards", "say", "actual size", "tamaño real"),
])
def test_the_games_own_words_speak_spanish(module: str, name: str, english: str, spanish: str | None) -> None:
    words = getattr(importlib.import_module(module), name)
    assert isinstance(words, OwnWords)
    assert words(english) == english
    with in_language("es"):
        shown = words(english)
    assert shown == spanish if spanish is not None else shown != english
