"""Poker7's words: the Spanish catalogue, the buttons' labels, the move log's sentences
and the explanations of illegal betting input, so that :mod:`drezlab.games.poker7.game`
holds rules.

The move log says what a player does as a sentence in the current language, with the
words of a Spanish card table (:func:`drezlab.kits.chips.betting_words`): "Player 2
raises to 12 chips" / "Jugador 2 sube a 12 fichas", "Player 1 checks" / "Jugador 1
pasa", "Player 3 goes all in with 40 chips" / "Jugador 3 va de resto con 40 fichas",
"Player 4 shows the Blue Queen card" / "Jugador 4 muestra la carta Dama Azul".

A hand's value, the comparison of two hands and an equity are said in the current
language too, in the words of the Spanish lessons (a *grupo de color*, *en escalera*,
*el tipo del grupo más grande*): :func:`group_name` ('red colour group of 4 (ordered)' /
'grupo de color rojo de 4 (en escalera)'), :func:`comparison_reason` (why
:func:`~drezlab.games.poker7.hands.compare_hands` says one hand wins) and
:func:`equity_text` (``str(Equity)``).
"""

from __future__ import annotations

import re

from drezlab.core.cards import Card, Color, Figure
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.games.poker7.actions import NextHand, PokerAction, Show, kind_and_value
from drezlab.kits.chips import betting_words
from drezlab.kits.tabletext import ready_words, show_words

__all__ = ["LABELS", "action_words", "betting_refusal", "colour_word", "comparison_reason", "equity_text", "group_name",
           "group_words", "label"]

_AMOUNT = re.compile(r"^(bet|raise) ([0-9]{1,9})$")

#: the English words of each action's button (translated when shown)
LABELS = {"fold": "Fold", "check": "Check", "call": "Call", "bet": "Bet", "raise": "Raise to",
          "allin": "All-in", "show": "Show", "next": "Next hand"}

add_translations({
    "Player": "Jugador",
    "Fold": "Retirarse",
    "Check": "Pasar",
    "Call": "Igualar",
    "All-in": "Resto",
    "Show": "Mostrar",
    "Next hand": "Siguiente mano",
    "Pot": "Bote",
    "chips": "fichas",
    "folded": "retirado",
    "all-in": "resto",
    "out": "eliminado",
    "Hand": "Mano",
    "Showdown": "Cartas descubiertas",
    "Community cards": "Cartas comunitarias",
    "show one of your cards": "muestra una de tus cartas",
    "everyone else folded": "los demás se retiraron",
    "Main pot": "Bote principal",
    "Side pot": "Bote lateral",
    "there is no bet to fold against: 'check' costs nothing": "no hay apuesta de la que retirarse: 'check' no cuesta nada",
    "you cannot check: there is a bet; 'call' costs {call}, or 'fold'":
        "no puedes pasar: hay una apuesta; 'call' cuesta {call}, o 'fold'",
    "there is no bet to call: write 'check' or bet": "no hay apuesta que igualar: escribe 'check' o apuesta",
    "you may not raise now (nobody left to answer, or betting is not reopened for you): call or fold":
        "no puedes subir ahora (nadie queda para responder, o la apuesta no se te reabre): iguala o retírate",
    "there is already a bet of {bet}: write 'raise N' (N = your new total)":
        "ya hay una apuesta de {bet}: escribe 'raise N' (N = tu nuevo total)",
    "there is no bet to raise yet: write 'bet N'": "aún no hay apuesta que subir: escribe 'bet N'",
    "you have {stack} chips, not more than the {call} to call: only 'allin' or 'fold'":
        "tienes {stack} fichas, no más que las {call} para igualar: solo 'allin' o 'fold'",
    "you may not raise now: every other player is all-in, or an all-in raise smaller than {minimum} did not "
    "reopen the betting for you; call or fold":
        "no puedes subir ahora: los demás están con el resto, o un resto menor que {minimum} no te reabrió "
        "la apuesta; iguala o retírate",
    "{action} is too small: the smallest is {smallest} (the bet {bet} plus the minimum {minimum})":
        "{action} es muy poco: lo mínimo es {smallest} (la apuesta {bet} más el mínimo {minimum})",
    "{action} is more than you have: your round total can be at most {most} ('allin')":
        "{action} es más de lo que tienes: tu total en la ronda puede ser como mucho {most} ('allin')",
    "{text} is not an action: write 'fold', 'check', 'call', 'bet N', 'raise N' or 'allin'":
        "{text} no es una acción: escribe 'fold', 'check', 'call', 'bet N', 'raise N' o 'allin'",
    "ready for the next hand?": "¿lista la siguiente mano?",
    "takes": "se lleva",
    "you": "tú",
})


def label(kind: str, value: int | str | None = None) -> str:
    """The button text of an action, in the current language ('Raise to 12'); a card
    to show is named as the deck prints it ('Show Blue Queen'), its id given as ``value``."""
    word = t(LABELS[kind])
    if kind == "show" and isinstance(value, str):
        value = Card.parse(value).name(get_language())
    return word if value is None else f"{word} {value}"


def action_words(who: str, data: PokerAction) -> str:
    """The move log's sentence for ``who`` (a seat's name) playing the action with ``data``."""
    match data:
        case NextHand():
            return ready_words(who, "hand")
        case Show(card=card):
            return show_words(who, card)
        case _:
            kind, chips = kind_and_value(data)
            return betting_words(who, kind, None if chips is None else int(chips))


def betting_refusal(text: str, *, call: int, stack: int, bet: int, minimum: int, smallest: int, most: int,
                    may_raise: bool) -> str:
    """Why the betting input ``text`` is not legal now: ``call`` is what calling costs,
    ``stack`` the chips left, ``bet`` the round's bet, ``minimum`` the smallest raise step,
    ``smallest`` and ``most`` the round totals a bet or raise may reach, ``may_raise``
    whether betting is open to the player."""
    match = _AMOUNT.match(text)
    if text == "fold":
        return t("there is no bet to fold against: 'check' costs nothing")
    if text == "check":
        return t("you cannot check: there is a bet; 'call' costs {call}, or 'fold'").format(call=call)
    if text == "call":
        return t("there is no bet to call: write 'check' or bet")
    if text == "allin":
        return t("you may not raise now (nobody left to answer, or betting is not reopened for you): "
                 "call or fold")
    if match:
        word, total = match.group(1), int(match.group(2))
        if word == "bet" and bet:
            return t("there is already a bet of {bet}: write 'raise N' (N = your new total)").format(bet=bet)
        if word == "raise" and not bet:
            return t("there is no bet to raise yet: write 'bet N'")
        if not may_raise:
            if stack <= call:
                return t("you have {stack} chips, not more than the {call} to call: only 'allin' or "
                         "'fold'").format(stack=stack, call=call)
            return t("you may not raise now: every other player is all-in, or an all-in raise smaller than "
                     "{minimum} did not reopen the betting for you; call or fold").format(minimum=minimum)
        if total < smallest:
            return t("{action} is too small: the smallest is {smallest} (the bet {bet} plus the minimum "
                     "{minimum})").format(action=f"'{word} {total}'", smallest=smallest, bet=bet, minimum=minimum)
        return t("{action} is more than you have: your round total can be at most {most} ('allin')").format(
            action=f"'{word} {total}'", most=most)
    return t("{text} is not an action: write 'fold', 'check', 'call', 'bet N', 'raise N' or 'allin'").format(
        text=repr(text))


# ------------------------------------------------------------ hands, comparisons, equity
add_translations({
    "{colour} card": "carta {colour}",
    "{colour} colour group of {size}": "grupo de color {colour} de {size}",
    "{group} (ordered)": "{group} (en escalera)",
    "the two hands are worth exactly the same: the pot is split (D4)":
        "las dos manos valen exactamente lo mismo: el bote se reparte (D4)",
    "group sizes decide: {better} beats {worse} (the bigger group first, then the rest of the hand)":
        "deciden los tamaños de los grupos: {better} gana a {worse} (primero el grupo más grande, luego el resto "
        "de la mano)",
    "same group sizes; an ordered group (escalera) of {size} beats an unordered one of the same size":
        "mismos tamaños de grupo; un grupo de {size} en escalera gana a otro del mismo tamaño que no lo está",
    "same sizes and order; the hierarchy of the largest group decides: {better} beats {worse}":
        "mismos tamaños y escaleras; decide el tipo del grupo más grande: {better} gana a {worse}",
    "same sizes and order; the hierarchy of group {place} decides: {better} beats {worse}":
        "mismos tamaños y escaleras; decide el tipo del grupo {place}: {better} gana a {worse}",
    "{colour} ({number}) {cards}": "color {colour} ({number}) {cards}",
    "equity {equity} (exact; {wins}, {ties}, {losses} of {deals})":
        "equity {equity} (exacta; {wins}, {ties}, {losses} de {deals} {deal_word})",
    "equity {equity} (estimated ± {error}; {wins}, {ties}, {losses} of {deals})":
        "equity {equity} (estimada ± {error}; {wins}, {ties}, {losses} de {deals} {deal_word})",
    "{count} win": "{count} ganado", "{count} wins": "{count} ganados",
    "{count} tie": "{count} empatado", "{count} ties": "{count} empatados",
    "{count} loss": "{count} perdido", "{count} losses": "{count} perdidos",
    "deal": "reparto", "deals": "repartos",
})

#: a colour in Spanish as it agrees with "color" (masculine) and with "carta" (feminine): the
#: deck's own names (:class:`~drezlab.core.cards.Color`) in running text, where colour 7, printed
#: "Cyan" on the cards, is written "cian" as the Spanish lessons write it
_COLOUR_ES = {colour: colour.spanish.lower() for colour in Color} | {Color.CYAN: "cian"}
_CARD_COLOUR_ES = {colour: colour.spanish_feminine.lower() for colour in Color} | {Color.CYAN: "cian"}


def colour_word(colour: Color, *, card: bool = False) -> str:
    """'red' / 'rojo' ('roja' for a card)."""
    if get_language() == "es":
        return (_CARD_COLOUR_ES if card else _COLOUR_ES)[colour]
    return colour.english.lower()


def group_name(size: int, ordered: bool, colour: Color | None, figure: Figure | None) -> str:
    """A group of a hand's best partition, of ``size`` cards of one ``colour`` or one
    ``figure``, in the current language: 'red colour group of 4 (ordered)' / 'grupo de
    color rojo de 4 (en escalera)', 'red card' / 'carta roja', 'bishops: 3' / 'alfiles: 3'."""
    if colour is not None:
        if size == 1:
            name = t("{colour} card").format(colour=colour_word(colour, card=True))
        else:
            name = t("{colour} colour group of {size}").format(colour=colour_word(colour), size=size)
    else:
        assert figure is not None, "a group is of one colour or of one figure"
        name = f"{figure.plural_in(get_language())}: {size}"
    return t("{group} (ordered)").format(group=name) if ordered else name


def group_words(colour: Color | None, figure: Figure | None, cards: str) -> str:
    """A group named by its kind and its cards, for a comparison: 'green (9) J9 N9 P9' /
    'color verde (9) J9 N9 P9', 'bishops B9 B5 B3' / 'alfiles B9 B5 B3'."""
    if colour is not None:
        return t("{colour} ({number}) {cards}").format(colour=colour_word(colour), number=colour.value, cards=cards)
    assert figure is not None, "a group is of one colour or of one figure"
    return f"{figure.plural_in(get_language())} {cards}"


def comparison_reason(rule: str, *, better: str = "", worse: str = "", size: int = 0, place: int = 0) -> str:
    """Why one hand beats the other, by the deciding ``rule`` of D10, in the current
    language: ``"tie"``, ``"sizes"`` (``better`` and ``worse`` are the sizes, '4·2·1'),
    ``"ordered"`` (the ordered group has ``size`` cards) or ``"hierarchy"`` (the groups at
    ``place``, 0 for the largest, said by :func:`group_words`)."""
    if rule == "tie":
        return t("the two hands are worth exactly the same: the pot is split (D4)")
    if rule == "sizes":
        return t("group sizes decide: {better} beats {worse} (the bigger group first, then the rest of the "
                 "hand)").format(better=better, worse=worse)
    if rule == "ordered":
        return t("same group sizes; an ordered group (escalera) of {size} beats an unordered one of the same "
                 "size").format(size=size)
    if place == 0:
        return t("same sizes and order; the hierarchy of the largest group decides: {better} beats "
                 "{worse}").format(better=better, worse=worse)
    return t("same sizes and order; the hierarchy of group {place} decides: {better} beats {worse}").format(
        place=place + 1, better=better, worse=worse)


def _decimal(value: float) -> str:
    """Three decimals, with a decimal comma in Spanish: '0.600' / '0,600'."""
    text = f"{value:.3f}"
    return text.replace(".", ",") if get_language() == "es" else text


def equity_text(equity: float, *, exact: bool, std_error: float, wins: int, ties: int, losses: int) -> str:
    """An equity in the current language: 'equity 0.600 (exact; 3 wins, 1 tie, 1 loss
    of 5)' / 'equity 0,600 (exacta; 3 ganados, 1 empatado, 1 perdido de 5 repartos)'. Each
    count agrees with its number (1 tie, 2 ties); the English sentence gives the deals as a
    bare number, the Spanish one names them ("de 1 reparto", "de 5 repartos")."""
    deals = wins + ties + losses
    counts = {"equity": _decimal(equity), "wins": _counted(wins, "{count} win", "{count} wins"),
              "ties": _counted(ties, "{count} tie", "{count} ties"),
              "losses": _counted(losses, "{count} loss", "{count} losses"),
              "deals": deals, "deal_word": t("deal" if deals == 1 else "deals")}
    if exact:
        return t("equity {equity} (exact; {wins}, {ties}, {losses} of {deals})").format(**counts)
    return t("equity {equity} (estimated ± {error}; {wins}, {ties}, {losses} of {deals})").format(
        error=_decimal(std_error), **counts)


def _counted(count: int, singular: str, plural: str) -> str:
    """'1 tie', '2 ties' / '1 empatado', '2 empatados': the noun agrees with ``count``."""
    return t(singular if count == 1 else plural).format(count=count)
