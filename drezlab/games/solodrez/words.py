"""SoloDrez's words: the Spanish catalogue, the move log's sentences and the explanations of
illegal input (the rules are in :mod:`drezlab.games.solodrez.game` and
:mod:`drezlab.games.solodrez.runs`; the words are handed the columns, never the game).

A move is said with the card's name as the deck prints it: "Player 1: moved the Magenta
Bishop card and the 2 cards above it onto column 4" / "Jugador 1: movió la carta Alfil
Magenta y las 2 cartas que tiene encima a la columna 4" -- never the id ``B3`` alone (the
notation ``b3 c4`` is one click away in "Copy the moves").
"""

from __future__ import annotations

from collections.abc import Sequence

from drezlab.core.cards import Card
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.core.words import card_words
from drezlab.games.solodrez.runs import column_number, run_bases

WON = "all cards removed"
BLOCKED = "no move left"
RESIGNED = "resigned"

add_translations({
    "column": "columna",
    "Column": "Columna",
    "Remove column": "Retirar columna",
    "Resign": "Abandonar",
    WON: "todas las cartas retiradas",
    BLOCKED: "no queda ninguna jugada",
    RESIGNED: "abandono",
    "Deal won": "Partida ganada",
    "Deal lost": "Partida perdida",
    "Sequences set aside": "Series retiradas",
    "moves made": "jugadas hechas",
    "Cards set aside": "Cartas retiradas",
    "Last action": "Última acción",
    "a SoloDrez deal has {columns} columns, not {count}": "un reparto de SoloDrez tiene {columns} columnas, no {count}",
    "D17 deals 7 cards to columns 1 and 2 and 6 to the others, not {sizes}":
        "D17 reparte 7 cartas a las columnas 1 y 2 y 6 a las demás, no {sizes}",
    "the columns must hold the 56 cards of one pack, each once":
        "las columnas deben tener las 56 cartas de una baraja, cada una una sola vez",
    "{text}: write the column as c1 ... c9, e.g. 'remove c4'":
        "{text}: escribe la columna como c1 ... c9, por ejemplo 'remove c4'",
    "column {column} cannot be removed: it must hold exactly J Q R B N P (no neutral card), "
    "bottom to top, and nothing else":
        "la columna {column} no se puede retirar: debe tener exactamente J Q R B N P (sin carta neutral), "
        "de abajo arriba, y nada más",
    "{text} is not an action: write the bottom card of the run and the column it goes to, "
    "e.g. 'b3 c4', or 'remove c4', or 'resign'":
        "{text} no es una acción: escribe la carta de abajo de la serie y la columna a la que va, "
        "por ejemplo 'b3 c4', o 'remove c4', o 'resign'",
    "{card} is not a card: write a figure letter p n b r q j and a colour 1-9 ('b3'), or 'x1'":
        "{card} no es una carta: escribe una letra de figura p n b r q j y un color 1-9 ('b3'), o 'x1'",
    "{card} is not a card of the SoloDrez pack": "{card} no es una carta de la baraja de SoloDrez",
    "{column} is not a column: write c1 ... c9": "{column} no es una columna: escribe c1 ... c9",
    "{card} has been set aside": "{card} ya está retirada",
    "the run {run} is in column {column} already": "la serie {run} ya está en la columna {column}",
    "the cards {run} are not an ordered run: from the bottom up each must rank exactly one below "
    "the card under it (J Q R B N P; a neutral card plays any one rank)":
        "las cartas {run} no forman una serie ordenada: de abajo arriba, cada una debe valer exactamente un rango "
        "menos que la carta que tiene debajo (J Q R B N P; una carta neutral hace de cualquier rango)",
    "an empty column takes only a run based on a Joker (or a neutral card playing one): not {run}":
        "una columna vacía solo admite una serie que empiece por un Bufón (o por una carta neutral que haga de "
        "Bufón): no {run}",
    "the neutral card {card} would have to rank above a Joker to take {run}":
        "la carta neutral {card} tendría que valer más que un Bufón para recibir {run}",
    # the move log, in words
    "a neutral card": "una carta neutral",
    "{who}: moved {card} onto column {column}": "{who}: movió {card} a la columna {column}",
    "{who}: moved {card} and the {count} cards above it onto column {column}":
        "{who}: movió {card} y las {count} cartas que tiene encima a la columna {column}",
    "{who}: moved {card} and the card above it onto column {column}":
        "{who}: movió {card} y la carta que tiene encima a la columna {column}",
    "{who}: set column {column} aside (Joker to Pawn)": "{who}: retiró la columna {column} (de Bufón a Peón)",
    "{who}: gave the game up": "{who}: abandonó la partida",
    "the run {run} cannot go onto {card}: its bottom card must rank exactly one below the top card of column {column}":
        "la serie {run} no puede ir sobre {card}: su carta de abajo debe valer exactamente un rango menos que la "
        "carta de arriba de la columna {column}",
})


def reason_words(reason: str) -> str:
    """An end reason in the current language ("abandono")."""
    return t(reason)


def over_text(reason: str, text: str) -> str:
    """'the game is over (resigned), so 'b3 c4' cannot be played', in the current language."""
    return t("the game is over{reason}, so {text} cannot be played").format(
        reason=f" ({reason_words(reason)})", text=repr(text))


def card_name(card: Card) -> str:
    """A card as an explanation names it: its printed name and, for the notation the pupil
    types, its id: "Magenta Bishop (B3)" / "Alfil Magenta (B3)"."""
    return f"{card.name(get_language())} ({card.id})"


def the_card(card: Card) -> str:
    """'the Magenta Bishop card' / 'la carta Alfil Magenta'; a neutral card (its printed
    name is "Neutral card") as 'a neutral card' / 'una carta neutral'."""
    if card.is_neutral:
        return t("a neutral card")
    return card_words(card)


def move_words(who: str, bottom: Card, size: int, column: int) -> str:
    """'Player 1: moved the Magenta Bishop card and the 2 cards above it onto column 4'."""
    card = the_card(bottom)
    if size == 1:
        return t("{who}: moved {card} onto column {column}").format(who=who, card=card, column=column)
    if size == 2:
        return t("{who}: moved {card} and the card above it onto column {column}").format(
            who=who, card=card, column=column)
    return t("{who}: moved {card} and the {count} cards above it onto column {column}").format(
        who=who, card=card, count=size - 1, column=column)


def remove_words(who: str, column: int) -> str:
    """'Player 1: set column 4 aside (Joker to Pawn)'."""
    return t("{who}: set column {column} aside (Joker to Pawn)").format(who=who, column=column)


def resign_words(who: str) -> str:
    """'Player 1: gave the game up'."""
    return t("{who}: gave the game up").format(who=who)


def explain_illegal(columns: Sequence[Sequence[Card]], text: str) -> str:
    """Why ``text`` is not a legal action of an unfinished game whose nine ``columns`` (each
    bottom card first) are these, in the current language."""
    words = text.split()
    if len(words) == 2 and words[0] == "remove":
        index = column_number(words[1])
        if index is None:
            return t("{text}: write the column as c1 ... c9, e.g. 'remove c4'").format(text=repr(text))
        return t("column {column} cannot be removed: it must hold exactly J Q R B N P (no neutral card), "
                 "bottom to top, and nothing else").format(column=index + 1)
    if len(words) != 2:
        return t("{text} is not an action: write the bottom card of the run and the column it goes to, "
                 "e.g. 'b3 c4', or 'remove c4', or 'resign'").format(text=repr(text))
    try:
        card = Card.parse(words[0].upper())
    except ValueError:
        return t("{card} is not a card: write a figure letter p n b r q j and a colour 1-9 ('b3'), "
                 "or 'x1'").format(card=repr(words[0]))
    if card.is_unknown or card.pack:
        return t("{card} is not a card of the SoloDrez pack").format(card=repr(words[0]))
    target = column_number(words[1])
    if target is None:
        return t("{column} is not a column: write c1 ... c9").format(column=repr(words[1]))
    return why_not(columns, card, target)


def why_not(columns: Sequence[Sequence[Card]], card: Card, target: int) -> str:
    """Why moving the run based on ``card`` onto column ``target`` (0-8) is illegal, in words,
    the nine ``columns`` (each bottom card first) being these (cards named as the deck prints
    them, their id in brackets: the notation names them so)."""
    source = next((index for index, column in enumerate(columns) if card in column), None)
    if source is None:
        return t("{card} has been set aside").format(card=card_name(card))
    column = list(columns[source])
    run = column[column.index(card):]
    ranks = tuple(item.figure_number for item in run)
    shown = ", ".join(card_name(item) for item in run)
    if source == target:
        return t("the run {run} is in column {column} already").format(run=shown, column=target + 1)
    bases = run_bases(ranks)
    if not bases:
        return t("the cards {run} are not an ordered run: from the bottom up each must rank exactly one below "
                 "the card under it (J Q R B N P; a neutral card plays any one rank)").format(run=shown)
    destination = columns[target]
    if not destination:
        return t("an empty column takes only a run based on a Joker (or a neutral card playing one): "
                 "not {run}").format(run=shown)
    top = destination[-1]
    if top.is_neutral:
        return t("the neutral card {card} would have to rank above a Joker to take {run}").format(
            card=card_name(top), run=shown)
    return t("the run {run} cannot go onto {card}: its bottom card must rank exactly one below the top card of "
             "column {column}").format(run=shown, card=card_name(top), column=target + 1)
