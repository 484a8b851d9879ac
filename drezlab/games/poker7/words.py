"""Poker7's words: the Spanish catalogue, the buttons' labels, the move log's sentences
and the explanations of illegal betting input, so that :mod:`drezlab.games.poker7.game`
holds rules.

The move log says what a player does as a sentence in the current language, with the
words of a Spanish card table (:func:`drezlab.kits.chips.betting_words`): "Player 2
raises to 12 chips" / "Jugador 2 sube a 12 fichas", "Player 1 checks" / "Jugador 1
pasa", "Player 3 goes all in with 40 chips" / "Jugador 3 va de resto con 40 fichas",
"Player 4 shows the Blue Queen card" / "Jugador 4 muestra la carta Dama Azul".
"""

from __future__ import annotations

import re

from drezlab.core.cards import Card
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.games.poker7.actions import NextHand, PokerAction, Show, kind_and_value
from drezlab.kits.chips import betting_words
from drezlab.kits.tabletext import ready_words, show_words

__all__ = ["LABELS", "action_words", "betting_refusal", "label"]

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
