"""One language at a time (issue 8): with ``drezlab.set_language("es")`` what a pupil
reads is Spanish: every registered game's pictures (each seat and the spectator),
status lines, button labels, move-log lines, ``repr`` and the errors raised for
illegal or malformed input, over the first actions of a seeded game.

Words are checked against a list of English words that never appear in Spanish
text. Text in single quotes is the game's notation (``'bid 7 q'``, ``'e2e4'``: what
the pupil types, the same in both languages) and is left out, as are the
notation's own vocabularies that a message lists for the pupil to type.
"""

from __future__ import annotations

import random
import re
from itertools import islice

import pytest

import drezlab
from drezlab.core.errors import IllegalAction
from drezlab.core.registry import specs
from drezlab.testing import random_plies

#: English words that are not Spanish words (so finding one means untranslated text)
ENGLISH = frozenset("""
the to move moves wins win white black player players card cards pile discard your turn is not of and game
over pot bet fold hand trick tricks points score you must cannot illegal roll die draw new undo seed holds
with for from only there this that piece pieces square squares empty king queen rook bishop knight pawn
stock table deal dealer bid bids lead follow play played plays round total common wait thinking choose
which take takes remove keep yes it has have are can be by on in at as or written write allowed
""".split())
STEPS = 10
BAD_INPUT = ("zzz", "e2e9", "a1a1", "play zz", "bid 99")


def english_words(text: str) -> set[str]:
    """The English words of ``text`` outside single-quoted notation."""
    text = re.sub(r"'[^']*'", "", text)
    return {word.lower() for word in re.findall(r"[^\W\d_]+", text)} & ENGLISH


def texts_of(game: drezlab.Game) -> list[tuple[str, str]]:
    """What a pupil reads now: pictures, status, labels, errors for bad input."""
    texts = []
    for seat in [None, *range(game.players)]:
        svg = game.svg(seat)
        texts += [("picture", text) for text in re.findall(r">([^<>]+)</text", svg)]
        texts += [("picture title", text) for text in re.findall(r"<title>([^<>]+)</title", svg)]
    texts.append(("status", game.status_text()))
    texts += [("button", action.label) for action in game.legal_actions() if not action.targets]
    for bad in BAD_INPUT:
        try:
            game.play(bad)
        except IllegalAction as error:
            texts.append(("error", str(error)))
    texts.append(("repr", repr(game)))
    return texts


@pytest.fixture
def spanish():
    drezlab.set_language("es")
    yield
    drezlab.set_language("en")


@pytest.mark.parametrize("name", sorted(name for name, spec in specs().items()
                                          if spec.game_class.startswith("drezlab.games.")))
def test_a_spanish_pupil_reads_spanish(name: str, spanish) -> None:
    game = drezlab.new(name, seed=3)
    rng = random.Random(1)
    found: dict[tuple[str, str], set[str]] = {}
    for _ in range(STEPS):
        for kind, text in texts_of(game):
            words = english_words(text)
            if words:
                found.setdefault((kind, text[:100]), words)
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        for kind, text in (("move log", game.describe(action)),):
            words = english_words(text)
            if words:
                found.setdefault((kind, text[:100]), words)
        game.play(action)
    report = "\n".join(f"{kind}: {text!r} {sorted(words)}" for (kind, text), words in list(found.items())[:15])
    assert not found, f"{name} shows English in Spanish:\n{report}"


def test_the_check_finds_english(spanish) -> None:
    """The word list catches an untranslated sentence and leaves quoted notation alone."""
    assert english_words("the hand is over") == {"the", "hand", "is", "over"}
    assert english_words("escribe 'fold', 'bid 7 q' o 'e2e4'") == set()


@pytest.mark.parametrize("deck_text", [
    "3 x Mueve siete: N", "Mueve una: Z", "Mueve una", "Bomba: luna", "Objetivo: ganar", "Veto: N",
    "Elige y mueve dos: N N B", "99 x Veto", "Quita: K",
])
def test_the_deck_editor_answers_in_spanish(deck_text: str, spanish) -> None:
    from drezlab.games.edami.cards import EdamiDeck

    with pytest.raises(drezlab.BadRecord) as refused:
        EdamiDeck.from_text(f"# mi mazo\n{deck_text}\n")
    message = str(refused.value)
    assert message.startswith("línea 2 del mazo"), message
    assert not english_words(message), message


def test_the_card_gallery_and_deck_are_spanish(spanish) -> None:
    from drezlab.games.edami.cards import EdamiDeck
    from drezlab.games.edami.gallery import deck_gallery

    deck = EdamiDeck.default()
    titles = re.findall(r">([^<>]+)</text", deck_gallery(deck))
    assert titles and not [text for text in titles if english_words(text)]
    assert not english_words(repr(deck))


def test_card_words_in_each_language() -> None:
    """Poker7's group captions name colours and figure plurals in the pupil's language."""
    from drezlab.core.cards import Color, Figure

    assert Figure.BISHOP.plural_in("en") == "bishops" and Figure.BISHOP.plural_in("es") == "alfiles"
    assert Figure.JOKER.plural_in("es") == "bufones" and Figure.PAWN.plural_in("es") == "peones"
    assert Color.BLUE.name_in("en") == "Blue" and Color.BLUE.name_in("es") == "Azul"


def test_pokerguess_pictures_name_actions_in_words(spanish) -> None:
    from drezlab.games.pokerguess.game import action_words

    assert action_words("raise 6 new") == "Subir a 6 + nueva predicción"
    assert action_words("4 red 4 bishops") == "4 rojas + 4 alfiles"
    assert action_words("fold") == "Retirarse"
    assert action_words("show Q5") == "Mostrar Dama Azul"       # the card by its name, not its id
    drezlab.set_language("en")
    assert action_words("raise 6") == "Raise to 6"
    assert action_words("stay new").endswith("+ new prediction")
    assert action_words("4 red 4 bishops") == "4 red + 4 bishops"
    assert action_words("show Q5") == "Show Blue Queen"


@pytest.mark.parametrize("name", ["triumfdrez", "domidrez"])
def test_the_last_action_is_named_in_words(name: str, spanish) -> None:
    """TriumfDrez and DomiDrez pictures name the last action as its button does, not in notation."""
    game = drezlab.new(name, seed=4, players=2)
    assert game.view(0).last is None
    for _ in islice(random_plies(game, 2, 6), 1, None):      # after each of six random actions
        action = game.history[-1]
        last = game.view(None).last
        assert last == action.label or last == action.targets[0], (action.text, last)
        assert not english_words(last), last


def test_table_sentences_name_a_known_unit() -> None:
    from drezlab.kits.tabletext import over_text

    assert over_text("zzz", "Player 1", "round") == \
        "'zzz' is not allowed now: the round is over; Player 1 writes 'next' for the next round"
    with pytest.raises(ValueError, match="unit must be one of"):
        over_text("zzz", "Player 1", "game")


@pytest.mark.parametrize(("name", "options"), [
    ("edami", {"bogus": 1}),
    ("poker7", {"players": 99}),
    ("poker7", {"players": "3"}),
    ("poker7", {"players": True}),
    ("edami", {"bomb_mode": "x"}),
    ("dejarik", {"to_move": "east"}),
    ("nogame", {}),
])
def test_a_teacher_with_spanish_reads_option_errors_in_spanish(name: str, options: dict, spanish) -> None:
    """A wrong option or game name in ``drezlab.new`` is refused in Spanish (names and
    values stay as written, in quotes; the lists of option and game names are code, so
    names with ``_`` or ``-`` are not read as words); in English the same call answers in English."""
    def words(error: pytest.ExceptionInfo[ValueError]) -> set[str]:
        return english_words(re.sub(r"\S*[_-]\S*", "", str(error.value)))

    with pytest.raises(ValueError) as refused:
        drezlab.new(name, **options)
    assert not words(refused), str(refused.value)
    drezlab.set_language("en")
    with pytest.raises(ValueError) as english:
        drezlab.new(name, **options)
    assert words(english), str(english.value)


def test_a_ladder_level_out_of_range_is_refused_in_spanish(spanish) -> None:
    spec = specs()["brandubh"]
    with pytest.raises(ValueError, match=f"tiene los niveles 1 a {len(spec.levels)}, no 9"):
        spec.level(9)
