"""The betting games' words at school: "points", not chips, bets and a pot.

Poker7 and PokerGuess are played for chips at a card table; in a classroom the same
rules are played for points (issue 25: "the rules stay; the words change; chips
remain an option"). A game's ``words`` option picks the wording:

* ``"chips"`` (the default, the words of the rules): "Player 2 raises to 12 chips",
  "Pot 24", the buttons Fold / Check / Call / Bet / Raise to / All-in;
* ``"points"``: "Player 2 goes up to 12 points", "Prize 24", the buttons Drop out /
  Pass / Match / Put in / Go up to / All my points; in Spanish "Jugador 2 sube a 12
  puntos", "Premio 24", Retirarse / Pasar / Igualar / Poner / Subir a / Todos mis puntos.

The wording is a set of English keys said as other English keys
(:func:`drezlab.core.i18n.add_wording`), so every sentence keeps one Spanish
translation; :func:`speaks_its_words` makes a game class say its move log, buttons,
status, results and refusals in its own ``words`` option, and :func:`in_words_of`
does the same for a picture drawn from a view. The typed notation (``bet 6``,
``raise 12``, ``allin``) is the same in both wordings: it is how actions are written,
not what a pupil reads.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

from drezlab.core.i18n import add_translations, add_wording, in_wording

__all__ = ["TABLE_WORDS", "WORDED_METHODS", "in_words_of", "speaks_its_words"]

#: the values of a betting game's ``words`` option, the rules' own first
TABLE_WORDS = ("chips", "points")

#: the methods of a betting game that say words a pupil reads
WORDED_METHODS = ("describe", "status_text", "view", "result_lines", "_generate_actions", "_explain_illegal",
                  "history_in_words", "click_reasons")

#: a card table's key -> the school's key, for every word of chips, bets and a pot
_POINTS = {
    # counts and the table
    "chips": "points",
    "all the chips": "all the points",
    "{count} chip": "{count} point",
    "{count} chips": "{count} points",
    "Pot": "Prize",
    "Main pot": "Main prize",
    "Side pot": "Side prize",
    "to call": "to match",
    "call": "match",
    "folded": "dropped out",
    "all-in": "all points in",
    "Showdown": "Cards face up",
    "everyone else folded": "everyone else dropped out",
    # the buttons
    "Fold": "Drop out",
    "Check": "Pass",
    "Call": "Match",
    "Bet": "Put in",
    "Raise to": "Go up to",
    "All-in": "All my points",
    # the move log
    "{who} folds": "{who} drops out",
    "{who} checks": "{who} passes",
    "{who} calls with {chips}": "{who} matches with {chips}",
    "{who} bets {chips}": "{who} puts in {chips}",
    "{who} raises to {chips}": "{who} goes up to {chips}",
    "{who} goes all in with {chips}": "{who} puts in all their {chips}",
    # why an input is refused (Poker7)
    "there is no bet to fold against: 'check' costs nothing":
        "nobody has put in points yet: 'check' (pass) costs nothing",
    "you cannot check: there is a bet; 'call' costs {call}, or 'fold'":
        "you cannot pass: someone has put in points; 'call' (match) costs {call}, or 'fold' (drop out)",
    "there is no bet to call: write 'check' or bet": "there is nothing to match: write 'check' (pass) or 'bet N' "
                                                     "(put in N)",
    "you may not raise now (nobody left to answer, or betting is not reopened for you): call or fold":
        "you may not go up now (nobody is left to answer, or it is not open to you again): match or drop out",
    "there is already a bet of {bet}: write 'raise N' (N = your new total)":
        "{bet} points are already in this round: write 'raise N' (go up to N)",
    "there is no bet to raise yet: write 'bet N'": "nobody has put in points yet: write 'bet N' (put in N)",
    "you have {stack} chips, not more than the {call} to call: only 'allin' or 'fold'":
        "you have {stack} points, not more than the {call} to match: only 'allin' (all your points) or 'fold' "
        "(drop out)",
    "you may not raise now: every other player is all-in, or an all-in raise smaller than {minimum} did not "
    "reopen the betting for you; call or fold":
        "you may not go up now: every other player has put in all their points, or someone put in all their "
        "points going up by less than {minimum}, which does not open it to you again; match or drop out",
    "{action} is too small: the smallest is {smallest} (the bet {bet} plus the minimum {minimum})":
        "{action} is too little: the least is {smallest} (the {bet} already in plus the minimum {minimum})",
    # why an input is refused (PokerGuess)
    "you have {stack} chips, not more than the {call} to call: {all_in} or 'fold'":
        "you have {stack} points, not more than the {call} to match: {all_in} or 'fold' (drop out)",
    "you may not raise now: nobody still in has chips to answer it, or you cannot cover the call":
        "you may not go up now: nobody still in has points to answer it, or you cannot match",
    "there is no bet to fold against: 'stay' costs nothing": "nobody has gone up: 'stay' costs nothing",
    "{action} is not possible: raise to at least {smallest} and to less than {most} (that is 'allin')":
        "{action} is not possible: go up to at least {smallest} and to less than {most} (that is 'allin')",
}

add_wording("points", _POINTS)

add_translations({
    "points": "puntos",
    "all the points": "todos los puntos",
    "Prize": "Premio",
    "Main prize": "Premio principal",
    "Side prize": "Premio aparte",
    "to match": "para igualar",
    "match": "igualar",
    "dropped out": "retirado",
    "all points in": "todo puesto",
    "Cards face up": "Cartas descubiertas",
    "everyone else dropped out": "los demás se retiraron",
    "Drop out": "Retirarse",
    "Pass": "Pasar",
    "Match": "Igualar",
    "Put in": "Poner",
    "Go up to": "Subir a",
    "All my points": "Todos mis puntos",
    "{who} drops out": "{who} se retira",
    "{who} passes": "{who} pasa",
    "{who} matches with {chips}": "{who} iguala con {chips}",
    "{who} puts in {chips}": "{who} pone {chips}",
    "{who} goes up to {chips}": "{who} sube a {chips}",
    "{who} puts in all their {chips}": "{who} pone todos sus {chips}",
    "nobody has put in points yet: 'check' (pass) costs nothing":
        "nadie ha puesto puntos todavía: 'check' (pasar) no cuesta nada",
    "you cannot pass: someone has put in points; 'call' (match) costs {call}, or 'fold' (drop out)":
        "no puedes pasar: alguien ha puesto puntos; 'call' (igualar) cuesta {call}, o 'fold' (retirarse)",
    "there is nothing to match: write 'check' (pass) or 'bet N' (put in N)":
        "no hay nada que igualar: escribe 'check' (pasar) o 'bet N' (poner N)",
    "you may not go up now (nobody is left to answer, or it is not open to you again): match or drop out":
        "no puedes subir ahora (no queda nadie para responder, o no se te vuelve a abrir): iguala o retírate",
    "{bet} points are already in this round: write 'raise N' (go up to N)":
        "ya hay {bet} puntos en esta ronda: escribe 'raise N' (subir a N)",
    "nobody has put in points yet: write 'bet N' (put in N)":
        "nadie ha puesto puntos todavía: escribe 'bet N' (poner N)",
    "you have {stack} points, not more than the {call} to match: only 'allin' (all your points) or 'fold' "
    "(drop out)":
        "tienes {stack} puntos, no más que los {call} para igualar: solo 'allin' (todos tus puntos) o 'fold' "
        "(retirarse)",
    "you may not go up now: every other player has put in all their points, or someone put in all their "
    "points going up by less than {minimum}, which does not open it to you again; match or drop out":
        "no puedes subir ahora: los demás han puesto todos sus puntos, o alguien los puso todos subiendo menos "
        "de {minimum}, y eso no te lo vuelve a abrir; iguala o retírate",
    "{action} is too little: the least is {smallest} (the {bet} already in plus the minimum {minimum})":
        "{action} es muy poco: lo mínimo es {smallest} (los {bet} ya puestos más el mínimo {minimum})",
    "you have {stack} points, not more than the {call} to match: {all_in} or 'fold' (drop out)":
        "tienes {stack} puntos, no más que los {call} para igualar: {all_in} o 'fold' (retirarse)",
    "you may not go up now: nobody still in has points to answer it, or you cannot match":
        "no puedes subir ahora: nadie que siga tiene puntos para responder, o no puedes igualar",
    "nobody has gone up: 'stay' costs nothing": "nadie ha subido: 'stay' no cuesta nada",
    "{action} is not possible: go up to at least {smallest} and to less than {most} (that is 'allin')":
        "{action} no es posible: sube al menos a {smallest} y a menos de {most} (eso es 'allin')",
})

GameClass = TypeVar("GameClass", bound=type)


def speaks_its_words(cls: GameClass) -> GameClass:
    """Class decorator: every method of :data:`WORDED_METHODS` the class has speaks in
    the game's ``words`` option (its ``words`` attribute). The rules' own wording costs
    nothing: those calls go straight through."""
    for name in WORDED_METHODS:
        method = getattr(cls, name, None)
        if method is not None:
            setattr(cls, name, _worded(method))
    return cls


def _worded(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def speaking(self: Any, *args: Any, **kwargs: Any) -> Any:
        if self.words == "chips":
            return method(self, *args, **kwargs)
        with in_wording(self.words):
            return method(self, *args, **kwargs)
    return speaking


@contextmanager
def in_words_of(public: Mapping[str, Any]) -> Iterator[None]:
    """The wording of a betting game's view (its ``public["words"]``) inside the block,
    for its picture: drawn from the view alone, it speaks as the game does."""
    with in_wording(public.get("words", "chips")):
        yield
