"""DomiDrez's words: the Spanish catalogue, the move log's sentences, the explanations of
illegal input and the words of the status line, so that :mod:`drezlab.games.domidrez.game`
holds rules.

The move log says what a player does as a sentence in the current language
(:func:`action_words`), naming a card as the deck prints it, never by its id:
"Player 2 plays the Purple Joker card" / "Jugador 2 juega la carta Bufón Morado",
"Player 3 names rook and green" / "Jugador 3 nombra torre y verde",
"Player 1 draws a card and passes" / "Jugador 1 roba una carta y pasa" (the source:
"deberá robar la primera del mazo y pasará el turno").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drezlab.core.cards import Card
from drezlab.core.i18n import add_translations, t
from drezlab.core.words import card_words
from drezlab.games.domidrez.actions import DomiAction, Draw, Name, Pass, Phase, Play
from drezlab.games.domidrez.knowledge import colour_name, figure_name
from drezlab.kits.tabletext import over_text

__all__ = ["TARGET_REACHED", "action_words", "card_label", "card_named", "card_ref", "illegal_text", "last_words",
           "naming_label", "requirement_text"]

TARGET_REACHED = "match target reached"

add_translations({
    "the named {figure} or {colour}": "lo nombrado: {figure} o {colour}",
    "{text} is not allowed now: {who} played a neutral card and must name a figure and a colour, e.g. 'name r9' "
    "(rook, green): figures p n b r q j, colours 1-9":
        "{text} no se puede ahora: {who} jugó una carta neutra y debe nombrar una figura y un color, por ejemplo "
        "'name r9' (torre, verde): figuras p n b r q j, colores 1-9",
    "{who} holds a card that follows ({ids}) and must play one (D42)":
        "{who} tiene una carta que sigue ({ids}) y debe jugar una (D42)",
    "the stock is empty: write 'pass'": "el mazo está vacío: escribe 'pass'",
    "there are cards left in the stock: write 'draw' (draw one card and pass)":
        "quedan cartas en el mazo: escribe 'draw' (roba una carta y pasa)",
    "{text} is not an action: write a card of your hand such as 'q5' or 'x1', 'draw', 'pass', 'name r9' or 'next'":
        "{text} no es una acción: escribe una carta de tu mano como 'q5' o 'x1', 'draw', 'pass', 'name r9' o 'next'",
    "{who} does not hold {card}": "{who} no tiene {card}",
    "{card} does not follow {requirement}: nothing in the hand does, so 'draw'":
        "{card} no sigue a {requirement}: nada de la mano lo sigue, así que 'draw'",
    "{card} does not follow {requirement}: nothing in the hand does, and the stock is empty: 'pass'":
        "{card} no sigue a {requirement}: nada de la mano lo sigue y el mazo está vacío: 'pass'",
    "{card} does not follow {requirement}: play a card of that figure or colour, or a neutral card":
        "{card} no sigue a {requirement}: juega una carta de esa figura o color, o una carta neutra",
    "Draw and pass": "Robar y pasar",
    "Pass": "Pasar",
    "Next hand": "Siguiente mano",
    "Name": "Nombrar",
    "name a figure and a colour": "nombra una figura y un color",
    "points": "puntos",
    "Follow": "Sigue",
    "Under the stock": "Bajo el mazo",
    "cards": "cartas",
    "went out": "se quedó sin cartas",
    "closed game": "juego cerrado",
    TARGET_REACHED: "meta de la partida alcanzada",
    "Hand": "Mano",
    "Target": "Meta",
    "must follow": "debe seguir",
    "or": "o",
    "ready for the next hand?": "¿lista la siguiente mano?",
    "Named": "Nombrado",
})

add_translations({
    # the move log (DomiDrez)
    "{who} plays {card}": "{who} juega {card}",
    "{who} plays a neutral card": "{who} juega una carta neutral",
    "{who} names {figure} and {colour}": "{who} nombra {figure} y {colour}",
    "{who} draws a card and passes": "{who} roba una carta y pasa",
    "{who} passes": "{who} pasa",
    "{who} is ready for the next hand": "{who} está listo para la siguiente mano",
    "a neutral card": "una carta neutral",
    "Named {figure} and {colour}": "Nombrado: {figure} y {colour}",
    "Drew a card and passed": "Robó una carta y pasó",
    "Passed": "Pasó",
    "Ready for the next hand": "Listo para la siguiente mano",
    "the {name} card ({id})": "la carta {name} ({id})",
    "the neutral card {id}": "la carta neutral {id}",
})


def card_named(card: Card) -> str:
    """A card as the deck prints it, with its article: "the Blue Queen card",
    "a neutral card" (the two neutral cards look alike)."""
    return t("a neutral card") if card.is_neutral else card_words(card)


def card_label(card: Card) -> str:
    """The label of the action that plays ``card``: its printed name ("Blue Queen",
    "Neutral card")."""
    from drezlab.core.i18n import get_language

    return card.name(get_language())


def card_ref(card: Card) -> str:
    """A card where a pupil typed its id: the name first, the id explained after it
    ("the Blue Queen card (Q5)")."""
    if card.is_neutral:
        return t("the neutral card {id}").format(id=card.id)
    from drezlab.core.i18n import get_language

    return t("the {name} card ({id})").format(name=card.name(get_language()), id=card.id)


def action_words(who: str, data: DomiAction) -> str:
    """The move log's sentence for ``who`` (a seat's name) playing the action with ``data``."""
    match data:
        case Play(card=card):
            if card.is_neutral:
                return t("{who} plays a neutral card").format(who=who)
            return t("{who} plays {card}").format(who=who, card=card_words(card))
        case Name(figure=figure, colour=colour):
            return t("{who} names {figure} and {colour}").format(
                who=who, figure=figure_name(figure).lower(), colour=colour_name(colour).lower())
        case Draw():
            return t("{who} draws a card and passes").format(who=who)
        case Pass():
            return t("{who} passes").format(who=who)
        case _:
            return t("{who} is ready for the next hand").format(who=who)


def last_words(data: DomiAction) -> str:
    """The last action, in words, for the picture's corner (every action is public):
    the card played ("Blue Queen"), "Named rook and green", "Drew a card and passed"..."""
    match data:
        case Play(card=card):
            return card_label(card)
        case Name(figure=figure, colour=colour):
            return t("Named {figure} and {colour}").format(figure=figure_name(figure).lower(),
                                                           colour=colour_name(colour).lower())
        case Draw():
            return t("Drew a card and passed")
        case Pass():
            return t("Passed")
        case _:
            return t("Ready for the next hand")


def naming_label(figure: int, colour: int) -> str:
    """The button that names ``figure`` and ``colour`` ("Name Rook Green")."""
    return f"{t('Name')} {figure_name(figure)} {colour_name(colour)}"


def requirement_text(top: Card, named: tuple[int, int] | None) -> str:
    """What the next card must match, in words ("the Purple Joker card (Joker or Purple)")."""
    if named is not None:
        figure, colour = named
        return t("the named {figure} or {colour}").format(figure=figure_name(figure), colour=colour_name(colour))
    assert top.figure is not None and top.color is not None
    return f"{card_words(top)} ({figure_name(int(top.figure))} {t('or')} {colour_name(int(top.color))})"


def illegal_text(text: str, who: str, phase: Phase, playable: list[Card], stock_left: bool, hand: Any,
                 requirement: Callable[[], str]) -> str:
    """Why ``text`` cannot be played now by ``who`` (the game is not over); ``phase`` is
    PLAY, NAME or NEXT; ``requirement`` says what the next card must match."""
    if phase == Phase.NEXT:
        return over_text(text, who, "hand")
    if phase == Phase.NAME:
        return t("{text} is not allowed now: {who} played a neutral card and must name a figure and a colour, "
                 "e.g. 'name r9' (rook, green): figures p n b r q j, colours 1-9").format(text=repr(text), who=who)
    if text in ("draw", "pass"):
        if playable:
            ids = ", ".join(f"'{card.id.lower()}' ({card_label(card)})" for card in playable)
            return t("{who} holds a card that follows ({ids}) and must play one (D42)").format(who=who, ids=ids)
        return (t("the stock is empty: write 'pass'") if text == "draw"
                else t("there are cards left in the stock: write 'draw' (draw one card and pass)"))
    try:
        card = Card.parse(text[:2].upper() + text[2:] if text.islower() else "?")
    except ValueError:
        return t("{text} is not an action: write a card of your hand such as 'q5' or 'x1', 'draw', 'pass', "
                 "'name r9' or 'next'").format(text=repr(text))
    requirement_words = requirement()
    if card not in hand:
        return t("{who} does not hold {card}").format(who=who, card=card_ref(card))
    if not playable:
        if stock_left:
            return t("{card} does not follow {requirement}: nothing in the hand does, so 'draw'").format(
                card=card_ref(card), requirement=requirement_words)
        return t("{card} does not follow {requirement}: nothing in the hand does, and the stock is empty: "
                 "'pass'").format(card=card_ref(card), requirement=requirement_words)
    return t("{card} does not follow {requirement}: play a card of that figure or colour, or a neutral "
             "card").format(card=card_ref(card), requirement=requirement_words)
