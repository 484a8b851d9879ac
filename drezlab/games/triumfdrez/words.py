"""TriumfDrez's words: the Spanish catalogue, a bid in words, the move log's sentences and
the explanations of illegal input, so that :mod:`drezlab.games.triumfdrez.game` holds rules.

The move log says a bid as a sentence, never in its notation (``bid 8 b 8``), with the
source's Spanish ("ganará ocho bazas si el triunfo es el caballo y el supertriunfo el
azul", "con sus cartas abiertas"): "Player 2 bids 8 tricks, trump bishops, supertrump
orange, closed" / "Jugador 2 propone 8 bazas, triunfo de alfiles, supertriunfo naranja,
con las cartas cerradas"; a card as the deck prints it: "Player 3 leads the Blue Queen
card" / "Jugador 3 sale con la carta Dama Azul", "Player 4 plays the Red Pawn card" /
"Jugador 4 juega la carta Peón Rojo".
"""

from __future__ import annotations

from collections.abc import Sequence

from drezlab.core.cards import Card, Color, Figure, short_repr
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.core.words import card_words
from drezlab.games.triumfdrez.actions import Bid, Pass, PlayCard, TriumfAction
from drezlab.games.triumfdrez.cards import BY_ID, Contract
from drezlab.kits.tabletext import ready_words

__all__ = ["DEAL_LIMIT", "MATCH_TARGET", "action_words", "bid_refusal", "bid_words", "case_refusal",
           "contract_label", "play_refusal"]

MATCH_TARGET = "match target"
DEAL_LIMIT = "deal limit"

add_translations({
    "{text} is not allowed now: the auction is on; {who} bids (e.g. 'bid 8 n 5') or passes":
        "{text} no se puede ahora: la subasta sigue; {who} puja (por ejemplo 'bid 8 n 5') o pasa",
    "{who} opens the auction and must bid: passing is not allowed":
        "{who} abre la subasta y debe pujar: no se puede pasar",
    "{text} is not a legal bid now: a bid must beat {contract} by D32 (more tricks; or as many, open against "
    "closed; or as many and as open, without trump or supertrump)":
        "{text} no es una puja legal ahora: una puja debe superar a {contract} según D32 (más bazas; o las mismas, "
        "abiertas contra cerradas; o las mismas e igual de abiertas, sin triunfo o sin supertriunfo)",
    "{text} is not a bid: write 'bid K F C' with K tricks ({lowest}-13), F a trump figure (p n b r q j, or -), "
    "C a supertrump colour (1-9, or -), and ' open' for open hands; or 'pass'":
        "{text} no es una puja: escribe 'bid K F C' con K bazas ({lowest}-13), F una figura de triunfo "
        "(p n b r q j, o -), C un color de supertriunfo (1-9, o -), y ' open' para manos abiertas; o 'pass'",
    "{text}: {card} is not a card; write e.g. 'play n9' (lower case)":
        "{text}: {card} no es una carta; escribe por ejemplo 'play n9' (en minúsculas)",
    "{who} does not hold {card}": "{who} no tiene {card}",
    "{text}: actions are written in lower case, like {lower}":
        "{text}: las acciones se escriben en minúsculas, como {lower}",
    "{who} must follow the led figure ({figure}) and cannot play {card}":
        "{who} debe seguir la figura de salida ({figure}) y no puede jugar {card}",
    "{text} is not an action now: {who} plays a card, e.g. 'play n9'":
        "{text} no es una acción ahora: {who} juega una carta, por ejemplo 'play n9'",
    "Pass": "Pasar",
    "Play": "Jugar",
    "Bid": "Propuesta",
    "Next deal": "Siguiente mano",
    "no trump": "sin triunfo",
    "no supertrump": "sin supertriunfo",
    "trump": "triunfo",
    "supertrump": "supertriunfo",
    "open": "abiertas",
    "closed": "cerradas",
    "tricks": "bazas",
    "points": "puntos",
    "bids": "propone",
    "passes": "pasa",
    "leads": "sale",
    "Deal": "Mano",
    "made": "cumple",
    "went down": "no cumple",
    "scores": "se anota",
    "each score": "se anotan cada uno",
    "ready for the next deal?": "¿lista la siguiente mano?",
    "must bid": "debe proponer",
    "bid or pass": "propone o pasa",
    "play a card": "juega una carta",
    MATCH_TARGET: "puntos objetivo",
    DEAL_LIMIT: "límite de manos",
})

add_translations({
    # the move log (TriumfDrez)
    "{who} bids {bid}": "{who} propone {bid}",
    "{count} tricks, {trump}, {supertrump}, open": "{count} bazas, {trump}, {supertrump}, con las cartas abiertas",
    "{count} tricks, {trump}, {supertrump}, closed": "{count} bazas, {trump}, {supertrump}, con las cartas cerradas",
    "trump {figures}": "triunfo de {figures}",
    "supertrump {colour}": "supertriunfo {colour}",
    "{who} passes": "{who} pasa",
    "{who} plays {card}": "{who} juega {card}",
    "{who} leads {card}": "{who} sale con {card}",
    "{id} ({name})": "{id} ({name})",
})


def contract_label(contract: Contract) -> str:
    """A readable bid in the current language: '8 tricks, trump Knight, supertrump Blue, open'."""
    spanish = get_language() == "es"
    trump = (f"{t('trump')} {Figure(contract.trump).spanish if spanish else Figure(contract.trump).english}"
             if contract.trump else t("no trump"))
    colour = Card(Figure.PAWN, contract.supertrump).color if contract.supertrump else None
    supertrump = (f"{t('supertrump')} {colour.spanish if spanish else colour.english}"
                  if colour is not None else t("no supertrump"))
    return f"{contract.k} {t('tricks')}, {trump}, {supertrump}, {t('open') if contract.open else t('closed')}"


def bid_words(contract: Contract) -> str:
    """A bid as the move log says it: "8 tricks, trump bishops, supertrump orange, closed" /
    "8 bazas, triunfo de alfiles, supertriunfo naranja, con las cartas cerradas"."""
    language = get_language()
    trump = (t("trump {figures}").format(figures=Figure(contract.trump).plural_in(language))
             if contract.trump else t("no trump"))
    supertrump = (t("supertrump {colour}").format(colour=Color(contract.supertrump).name_in(language).lower())
                  if contract.supertrump else t("no supertrump"))
    template = "{count} tricks, {trump}, {supertrump}, open" if contract.open else \
        "{count} tricks, {trump}, {supertrump}, closed"
    return t(template).format(count=contract.k, trump=trump, supertrump=supertrump)


def action_words(who: str, data: TriumfAction, leads: bool = False) -> str:
    """The move log's sentence for ``who`` (a seat's name) playing the action with ``data``;
    ``leads``: a card played to an empty trick."""
    match data:
        case Bid(contract=contract):
            return t("{who} bids {bid}").format(who=who, bid=bid_words(contract))
        case Pass():
            return t("{who} passes").format(who=who)
        case PlayCard(card=card):
            return t("{who} leads {card}" if leads else "{who} plays {card}").format(who=who, card=card_words(card))
        case _:
            return ready_words(who, "deal")


def _figure_name(figure: int) -> str:
    """A figure's name in the current language ('Knight' / 'Caballo')."""
    return Figure(figure).spanish if get_language() == "es" else Figure(figure).english


def bid_refusal(text: str, who: str, contract: Contract | None, lowest: int) -> str:
    """Why ``text`` cannot be played in the auction: ``contract`` is the bid to beat
    (``None``: ``who`` opens), ``lowest`` the smallest number of tricks."""
    if text.startswith("play "):
        return t("{text} is not allowed now: the auction is on; {who} bids (e.g. 'bid 8 n 5') or "
                 "passes").format(text=repr(text), who=who)
    if text == "pass":
        return t("{who} opens the auction and must bid: passing is not allowed").format(who=who)
    if text.startswith("bid ") and contract is not None:
        return t("{text} is not a legal bid now: a bid must beat {contract} by D32 (more tricks; or as "
                 "many, open against closed; or as many and as open, without trump or supertrump)").format(
            text=repr(text), contract=repr(contract.text))
    return t("{text} is not a bid: write 'bid K F C' with K tricks ({lowest}-13), F a trump figure "
             "(p n b r q j, or -), C a supertrump colour (1-9, or -), and ' open' for open hands; or "
             "'pass'").format(text=repr(text), lowest=lowest)


def case_refusal(text: str, lower: str) -> str:
    """Why ``text`` (say 'play R8', a card id as the picture prints it) is refused when its
    lower-case spelling ``lower`` is legal: the notation is lower case."""
    return t("{text}: actions are written in lower case, like {lower}").format(text=repr(text), lower=repr(lower))


def play_refusal(text: str, who: str, hand: Sequence[Card], led: Card | None) -> str:
    """Why ``text`` cannot be played in the play of the cards: ``hand`` is ``who``'s hand,
    ``led`` the trick's first card."""
    if text.startswith("play "):
        name = text[5:].upper()
        if name not in BY_ID:
            return t("{text}: {card} is not a card; write e.g. 'play n9' (lower case)").format(
                text=repr(text), card=short_repr(text[5:]))
        named = t("{id} ({name})").format(id=name, name=BY_ID[name].name(get_language()))
        if BY_ID[name] not in hand or led is None:
            return t("{who} does not hold {card}").format(who=who, card=named)
        return t("{who} must follow the led figure ({figure}) and cannot play {card}").format(
            who=who, figure=_figure_name(led.figure_number), card=named)
    return t("{text} is not an action now: {who} plays a card, e.g. 'play n9'").format(text=repr(text), who=who)
