"""SokuDrez's words: the Spanish catalogue, the move log's sentences and the explanations of
illegal input (the rules are in :mod:`drezlab.games.sokudrez.game`).

A swap is said with the cards' names as the deck prints them: "Player 1 swapped the Blue
Knight card and the Cyan Pawn card (3 points)" / "Jugador 1 intercambió la carta Caballo
Azul por la carta Peón Cyan (3 puntos)" -- never the ids ``N5``, ``P7`` alone (the notation
``n5 p7`` is one click away in "Copy the moves").
"""

from __future__ import annotations

from typing import Any

from drezlab.core.i18n import OwnWords, add_translations, t
from drezlab.core.words import card_words, count_words

SOLVED = "grid solved"
BUDGET_USED = "swap budget used up"

#: the game's own labels live in the one global table under this prefix, so they never
#: clash with another game's (``label`` strips it again for English)
LABEL_PREFIX = "sokudrez: "


#: SokuDrez's own labels (see :class:`~drezlab.core.i18n.OwnWords`): ``add_labels({...})``
#: registers their Spanish, ``label(text)`` is ``text`` in the current language
LABELS = OwnWords(LABEL_PREFIX)
add_labels = LABELS.add
label = LABELS


#: the end reasons are read by the core's status line, which translates them unprefixed
add_translations({
    SOLVED: "cuadrícula resuelta",
    BUDGET_USED: "se acabaron los cambios",
})
add_labels({
    "{who} swapped {first} and {second} ({points})": "{who} intercambió {first} por {second} ({points})",
    "Swap": "Cambio",
    "swaps": "cambios",
    "points": "puntos",
    "to swap": "cambia",
    "a solving swap now scores": "un cambio que resuelve ahora puntúa",
    "a solving swap now scores nothing": "un cambio que resuelve ahora no puntúa",
    "lost": "perdida",
    "player(s)": "jugador(es)",
    "the game is over ({reason}), so {text} cannot be played": "la partida terminó ({reason}): {text} ya no se juega",
    "{text} is not a swap: write the two cards to swap, e.g. 'n1 p7' (a figure letter p n b r q j and a number "
    "1-9, lower case)": "{text} no es un cambio: escribe las dos cartas que cambias, p. ej. 'n1 p7' (una letra "
                        "de figura p n b r q j y un número 1-9, en minúsculas)",
    "{word} is not a card of the grid: write a figure letter p n b r q j and a number 1-9, e.g. 'n7'":
        "{word} no es una carta de la cuadrícula: escribe una letra de figura p n b r q j y un número 1-9, "
        "p. ej. 'n7'",
    "{text} is not a swap: name two different cards, e.g. 'n1 p7'":
        "{text} no es un cambio: nombra dos cartas distintas, p. ej. 'n1 p7'",
    "{text}: actions are written in lower case, like {lower}":
        "{text}: las acciones se escriben en minúsculas, como {lower}",
    "a swap needs two different cells 0-{last}, not {p} and {q}":
        "un cambio necesita dos casillas distintas de 0 a {last}, no {p} y {q}",
})


def swap_words(who: str, first: Any, second: Any, points: int) -> str:
    """'Player 1 swapped the Blue Knight card and the Cyan Pawn card (3 points)'."""
    return label("{who} swapped {first} and {second} ({points})").format(
        who=who, first=card_words(first), second=card_words(second), points=count_words(points, "point"))


def explain_illegal(game: Any, text: str) -> str:
    """Why ``text`` is not a swap of ``game`` now, in the current language."""
    if game._outcome is not None:
        return label("the game is over ({reason}), so {text} cannot be played").format(
            reason=t(game._outcome.reason), text=repr(text))
    words = text.split()
    lower = " ".join(words).lower()
    if lower != text and (lower in game._legal_by_text() or " ".join(reversed(lower.split())) in game._legal_by_text()):
        return label("{text}: actions are written in lower case, like {lower}").format(text=repr(text),
                                                                                      lower=repr(lower))
    if len(words) != 2:
        return label("{text} is not a swap: write the two cards to swap, e.g. 'n1 p7' (a figure letter "
                     "p n b r q j and a number 1-9, lower case)").format(text=repr(text))
    for word in words:
        if not (len(word) == 2 and word[0] in "pnbrqj" and word[1] in "123456789"):
            return label("{word} is not a card of the grid: write a figure letter p n b r q j and a number "
                         "1-9, e.g. 'n7'").format(word=repr(word))
    return label("{text} is not a swap: name two different cards, e.g. 'n1 p7'").format(text=repr(text))
