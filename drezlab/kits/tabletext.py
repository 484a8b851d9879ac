"""Sentences the card games at the table share, in the current language.

Several games end a hand (Poker7, PokerGuess, DomiDrez), a round (BlackDrez) or a
deal (TriumfDrez) with a ``next`` action, and the two poker games ask a player to
turn a card face up; their refusals say the same thing in the same words, so they
live here once, written as whole sentences because Spanish agreement differs
between "la mano", "la ronda" and "el reparto".
"""

from __future__ import annotations

from typing import Iterable

from drezlab.core.cards import Card
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.core.words import card_words

#: what the games call the unit a ``next`` action starts
UNITS = ("hand", "round", "deal")


def over_text(text: str, who: str, unit: str) -> str:
    """'zzz' is not allowed now: the hand is over; Player 1 writes 'next' for the next hand."""
    if unit not in UNITS:
        raise ValueError(f"unit must be one of {', '.join(UNITS)}, not {unit!r}")
    return t(f"{{text}} is not allowed now: the {unit} is over; {{who}} writes 'next' for the next {unit}").format(
        text=repr(text), who=who)


def reveal_text(text: str, who: str, hand: Iterable[Card]) -> str:
    """'zzz' is not allowed now: Player 2 must turn one own card face up: 'show Q2' (Red Queen)
    or 'show Q3' (Magenta Queen): each card's id explained by its printed name."""
    language = get_language()
    ids = f" {t('or')} ".join(f"'show {card.id}' ({card.name(language)})" for card in hand)
    return t("{text} is not allowed now: {who} must turn one own card face up: {ids}").format(
        text=repr(text), who=who, ids=ids)


def ready_words(who: str, unit: str) -> str:
    """The move log's line for a ``next`` action: "Player 2 is ready for the next hand"."""
    if unit not in UNITS:
        raise ValueError(f"unit must be one of {', '.join(UNITS)}, not {unit!r}")
    return t(f"{{who}} is ready for the next {unit}").format(who=who)


def show_words(who: str, card: Card) -> str:
    """The move log's line for turning an own card face up: "Player 2 shows the Blue
    Queen card" (the card as the deck prints it, never its id)."""
    return t("{who} shows {card}").format(who=who, card=card_words(card))


def table_repr(game: str, players: int, unit: str, number: int, status: str) -> str:
    """'<Poker7 4 players, hand 2: Player 3 to move>' in the current language."""
    return f"<{game} {t('{count} players, ' + unit + ' {number}').format(count=players, number=number)}: {status}>"


add_translations({
    "{count} players, hand {number}": "{count} jugadores, mano {number}",
    "{count} players, round {number}": "{count} jugadores, ronda {number}",
    "{count} players, deal {number}": "{count} jugadores, reparto {number}",
    "or": "o",
    "{text} is not allowed now: the hand is over; {who} writes 'next' for the next hand":
        "{text} no se puede ahora: la mano terminó; {who} escribe 'next' para la mano siguiente",
    "{text} is not allowed now: the round is over; {who} writes 'next' for the next round":
        "{text} no se puede ahora: la ronda terminó; {who} escribe 'next' para la ronda siguiente",
    "{text} is not allowed now: the deal is over; {who} writes 'next' for the next deal":
        "{text} no se puede ahora: el reparto terminó; {who} escribe 'next' para el reparto siguiente",
    "{who} is ready for the next hand": "{who} está listo para la siguiente mano",
    "{who} is ready for the next round": "{who} está listo para la siguiente ronda",
    "{who} is ready for the next deal": "{who} está listo para el siguiente reparto",
    "{who} shows {card}": "{who} muestra {card}",
    "{text} is not allowed now: {who} must turn one own card face up: {ids}":
        "{text} no se puede ahora: {who} debe poner boca arriba una carta propia: {ids}",
})
