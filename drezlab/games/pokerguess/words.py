"""PokerGuess's words: the Spanish catalogue, the buttons' labels, a prediction in words,
the move log's sentences and the explanations of illegal input, so that
:mod:`drezlab.games.pokerguess.game` holds rules.

The move log says what a player does as a sentence in the current language, with the
words of a Spanish card table (:func:`drezlab.kits.chips.betting_words`) and a
prediction said in full, never in its notation (``'4 red 4 bishops'``, ``'raise 6 new'``):
"Player 2 raises to 6 chips and announces a new prediction" / "Jugador 2 sube a 6 fichas y
anuncia una nueva predicción", "Player 2 predicts at least 4 red cards and 1 bishop" /
"Jugador 2 predice al menos 4 cartas rojas y 1 alfil" (the source: "propondrá una
cantidad de cartas de color y otra de alguna de las figuras que AL MENOS hay").
"""

from __future__ import annotations

import re

from drezlab.core.cards import Card
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.games.pokerguess.actions import (
    AllIn,
    Fold,
    GuessAction,
    NextHand,
    Predict,
    Raise,
    Show,
    Stay,
)
from drezlab.games.pokerguess.predictions import COLOUR_WORDS, FIGURE_WORDS, Prediction
from drezlab.kits.chips import betting_words
from drezlab.kits.tabletext import ready_words, show_words

__all__ = ["RAISE", "action_words", "bet_label", "betting_refusal", "prediction_label", "prediction_words",
           "sentence", "show_label"]

RAISE = re.compile(r"^raise ([0-9]{1,9})( new)?$")

add_translations({
    "{who} must announce a prediction now: {why}": "{who} debe anunciar ahora una predicción: {why}",
    "{text} was already announced in this hand; every prediction must differ from all earlier ones (D13)":
        "{text} ya se anunció en esta mano; cada predicción debe ser distinta de las anteriores (D13)",
    "you have {stack} chips, not more than the {call} to call: {all_in} or 'fold'":
        "tienes {stack} fichas, no más que las {call} para igualar: {all_in} o 'fold'",
    "{who} has no prediction yet: the first turn must announce one ({example})":
        "{who} aún no tiene predicción: el primer turno debe anunciar una ({example})",
    "you may not raise now: nobody still in has chips to answer it, or you cannot cover the call":
        "no puedes subir ahora: nadie que siga tiene fichas para responder, o no cubres lo que hay que igualar",
    "{action} is not possible: raise to at least {smallest} and to less than {most} (that is 'allin')":
        "{action} no es posible: sube al menos a {smallest} y a menos de {most} (eso es 'allin')",
    "there is no bet to fold against: 'stay' costs nothing": "no hay apuesta de la que retirarse: 'stay' no cuesta nada",
    "{text} is not an action now: write 'fold', 'stay', 'raise N' or 'allin', with ' new' to announce a new "
    "prediction":
        "{text} no es una acción ahora: escribe 'fold', 'stay', 'raise N' o 'allin', con ' new' para anunciar "
        "una predicción nueva",
    "Player": "Jugador",
    "Fold": "Retirarse",
    "Stay": "Seguir",
    "Raise to": "Subir a",
    "All-in": "Resto",
    "Show": "Mostrar",
    "Next hand": "Siguiente mano",
    "new prediction": "nueva predicción",
    "call": "igualar",
    "Pot": "Bote",
    "Hand": "Mano",
    "show one of your cards": "muestra una de tus cartas",
    "make your prediction": "haz tu predicción",
    "everyone else folded": "los demás se retiraron",
    "ready for the next hand?": "¿lista la siguiente mano?",
    "nobody was right: split": "nadie acertó: se reparte",
    "Main pot": "Bote principal",
    "Side pot": "Bote lateral",
    "takes": "se lleva",
    "true": "cierta",
    "false": "falsa",
})

#: Spanish colour and figure words for prediction labels
_COLOUR_ES = {1: "grises", 2: "rojas", 3: "magenta", 4: "moradas", 5: "azules", 6: "amarillas", 7: "cian",
              8: "naranjas", 9: "verdes"}
_FIGURE_ES = {1: "peones", 2: "caballos", 3: "alfiles", 4: "torres", 5: "damas", 6: "bufones"}


#: colour words of a sentence, singular and plural (a card is "carta", feminine)
_COLOUR_ONE_ES = {1: "gris", 2: "roja", 3: "magenta", 4: "morada", 5: "azul", 6: "amarilla", 7: "cian",
                  8: "naranja", 9: "verde"}
_FIGURE_ONE_ES = {1: "peón", 2: "caballo", 3: "alfil", 4: "torre", 5: "dama", 6: "bufón"}


def _colour_and_figure(prediction: Prediction) -> tuple[str, str]:
    """The colour and the figure of ``prediction`` as words of the current language, each
    agreeing with its count: ("red", "bishop") for one bishop / ("rojas", "alfiles")."""
    if get_language() == "es":
        colour = (_COLOUR_ES if prediction.colour_count != 1 else _COLOUR_ONE_ES)[prediction.colour]
        figure = (_FIGURE_ES if prediction.figure_count != 1 else _FIGURE_ONE_ES)[prediction.figure]
        return colour, figure
    figure = FIGURE_WORDS[prediction.figure]
    return COLOUR_WORDS[prediction.colour], figure[:-1] if prediction.figure_count == 1 else figure


def prediction_label(prediction: Prediction) -> str:
    """A prediction in words of the current language, singular for one: '4 red + 4 bishops',
    '3 magenta + 1 queen' / '4 rojas + 4 alfiles', '1 roja + 1 dama'."""
    colour, figure = _colour_and_figure(prediction)
    return f"{prediction.colour_count} {colour} + {prediction.figure_count} {figure}"


add_translations({
    # the move log (PokerGuess)
    "{action} and announces a new prediction": "{action} y anuncia una nueva predicción",
    "{who} predicts at least {colour} and {figure}": "{who} predice al menos {colour} y {figure}",
    "{count} {colour} card": "{count} carta {colour}",
    "{count} {colour} cards": "{count} cartas {colour}",
    "Show": "Mostrar",
})

def prediction_words(prediction: Prediction) -> tuple[str, str]:
    """A prediction's two groups in words of the current language, singular and plural
    right: ("4 red cards", "1 bishop") / ("4 cartas rojas", "1 alfil")."""
    many, count = prediction.colour_count != 1, prediction.colour_count
    colour, figure = _colour_and_figure(prediction)
    cards = t("{count} {colour} cards" if many else "{count} {colour} card").format(count=count, colour=colour)
    return cards, f"{prediction.figure_count} {figure}"


def show_label(card: Card) -> str:
    """The label of the action that turns ``card`` face up: "Show Blue Queen"."""
    return f"{t('Show')} {card.name(get_language())}"


def sentence(who: str, data: GuessAction, to_call: int, stack: int) -> str:
    """The move log's sentence for ``who`` (a seat's name) playing the action with ``data``,
    facing ``to_call`` chips (at most ``stack``, the chips left)."""
    match data:
        case NextHand():
            return ready_words(who, "hand")
        case Show(card=card):
            return show_words(who, card)
        case Predict(prediction=prediction):
            colour, figure = prediction_words(prediction)
            return t("{who} predicts at least {colour} and {figure}").format(who=who, colour=colour, figure=figure)
        case Fold():
            return betting_words(who, "fold")
        case Stay(new=new):
            words = betting_words(who, "call", to_call) if to_call else betting_words(who, "check")
        case Raise(total=total, new=new):
            words = betting_words(who, "raise", total)
        case AllIn(new=new):
            words = betting_words(who, "allin", stack)
    return t("{action} and announces a new prediction").format(action=words) if new else words


def betting_refusal(text: str, who: str, *, stack: int, call: int, predicted: bool, may_raise: bool,
                    smallest: int, most: int) -> str:
    """Why the betting input ``text`` is not legal now for ``who``: ``stack`` chips left,
    ``call`` to call, ``predicted`` whether they have a prediction yet, ``may_raise`` whether
    they may raise, to a round total from ``smallest`` to below ``most`` (all-in)."""
    base = text.removesuffix(" new")
    if base == "stay" and 0 < stack <= call:
        all_in = "'allin new'" if not predicted else "'allin' / 'allin new'"
        return t("you have {stack} chips, not more than the {call} to call: {all_in} or 'fold'").format(
            stack=stack, call=call, all_in=all_in)
    if not predicted and base == text and (base in ("stay", "allin") or RAISE.match(base)):
        return t("{who} has no prediction yet: the first turn must announce one ({example})").format(
            who=who, example=repr(f"{base} new"))
    match = RAISE.match(text)
    if match:
        if not may_raise:
            return t("you may not raise now: nobody still in has chips to answer it, or you cannot cover "
                     "the call")
        return t("{action} is not possible: raise to at least {smallest} and to less than {most} (that is "
                 "'allin')").format(action=repr(f"raise {match.group(1)}"), smallest=smallest, most=most)
    if base == "fold":
        return t("there is no bet to fold against: 'stay' costs nothing")
    return t("{text} is not an action now: write 'fold', 'stay', 'raise N' or 'allin', with ' new' to announce "
             "a new prediction").format(text=repr(text))


def bet_label(kind: str, amount: int | None, new: bool, to_call: int = 0) -> str:
    words = {"fold": "Fold", "stay": "Stay", "raise": "Raise to", "allin": "All-in"}
    label = t(words[kind])
    if kind == "raise":
        label += f" {amount}"
    elif kind == "stay" and to_call:
        label += f" ({t('call')} {to_call})"
    elif kind == "allin":
        label += f" {amount}"
    return f"{label} + {t('new prediction')}" if new else label


def action_words(text: str) -> str:
    """An action's notation as the words of its button in the current language, for
    pictures ('raise 6 new' -> 'Subir a 6 + predicción nueva'); notation it does not
    know comes back unchanged."""
    base, new = (text[:-4], True) if text.endswith(" new") else (text, False)
    if base in ("fold", "stay"):
        return bet_label(base, None, new)
    kind, _, amount = base.partition(" ")
    if kind in ("raise", "allin") and amount.isdigit():
        return bet_label(kind, int(amount), new)
    if kind == "allin" and not amount:
        return f"{t('All-in')} + {t('new prediction')}" if new else t("All-in")
    if text == "next":
        return t("Next hand")
    if kind == "show":
        try:
            return show_label(Card.parse(amount))
        except ValueError:
            return f"{t('Show')} {amount}"
    try:
        return prediction_label(Prediction.parse(text))
    except ValueError:
        return text
