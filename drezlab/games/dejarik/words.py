"""Dejarik's words: the Spanish catalogue, the move log's sentences and the explanations of
illegal input (the rules are in :mod:`drezlab.games.dejarik.game`).

Cells are said as a pupil finds them on the picture, by the ring and the sector number
printed round the board (:func:`drezlab.kits.ring.cell_words`): "South: moved the Savrip
from outer ring 7 to inner ring 7" / "Sur: movió el Savrip del 7 del anillo exterior al 7
del anillo interior" -- never the notation ``o7-i7`` (one click away in "Copy the moves").
"""

from __future__ import annotations

from collections.abc import Callable

from drezlab.core.i18n import add_translations
from drezlab.games.dejarik.actions import (
    Attack,
    DejarikAction,
    Move,
    Pass,
    Phase,
    Place,
    Push,
)
from drezlab.kits.ring import add_labels, cell_words, label, say

ALL_CAPTURED = "all creatures captured"
DUEL = "duel"
QUIET_DRAW = "50 turns without a removal"

add_translations({
    ALL_CAPTURED: "todas las criaturas capturadas", DUEL: "duelo", QUIET_DRAW: "50 turnos sin capturas",
})
add_labels({
    "Pass this action": "Pasar esta acción",
    "mortal attack": "ataque mortal", "attacker push": "empuje del atacante",
    "defender push": "empuje del defensor", "mortal defence": "defensa mortal",
    "{who} to act ({count} actions left)": "Actúa {who} (quedan {count} acciones)",
    "{who} to act ({count} action left)": "Actúa {who} (queda {count} acción)",
    "{who} places {creature}": "{who} coloca {creature}",
    "{who} chooses where to push {creature}": "{who} elige adónde empujar {creature}",
    "{who} chooses where to push": "{who} elige adónde empujar",
    "pushes → {cell}": "empuja → {cell}",
    # the move log, in words
    "{who}: placed the {creature} on {cell}": "{who}: colocó el {creature} en {cell}",
    "{who}: moved the {creature} from {frm} to {to}": "{who}: movió el {creature} de {frm} a {to}",
    "{who}: the {attacker} attacked the {defender} on {cell}": "{who}: el {attacker} atacó al {defender} en {cell}",
    "{who}: pushed the {creature} to {cell}": "{who}: empujó al {creature} a {cell}",
    "{who}: passed this action": "{who}: pasó esta acción",
    # illegal input
    "{text} is not legal now: place your {creature} on a free cell of your group, e.g. {example}":
        "{text} no se puede ahora: coloca tu {creature} en una casilla libre de tu grupo, p. ej. {example}",
    "{text} is not legal now: choose where to push, e.g. {example}":
        "{text} no se puede ahora: elige adónde empujar, p. ej. {example}",
    "{text} is not a legal action now: move with 'o5-i5' (exactly the creature's Move steps, at most one turn), "
    "attack an adjacent enemy with 'i5xo6', or 'pass'":
        "{text} no es una acción legal ahora: mueve con 'o5-i5' (exactamente los pasos de Movimiento de la "
        "criatura, con un giro como mucho), ataca a un enemigo vecino con 'i5xo6' o escribe 'pass'",
})


def action_words(who: str, data: DejarikAction, creature_on: Callable[[int], str],
                 name_of: Callable[[int], str]) -> str:
    """A Dejarik action (its ``data``) as a log line before it is played. ``creature_on(cell)``
    is the name of the creature on a cell, ``name_of(number)`` a creature's name by number."""
    match data:
        case Place(number=number, cell=cell):
            return say("{who}: placed the {creature} on {cell}", who=who, creature=name_of(number),
                       cell=cell_words(cell))
        case Move(frm=frm, to=to):
            return say("{who}: moved the {creature} from {frm} to {to}", who=who, creature=creature_on(frm),
                       frm=cell_words(frm), to=cell_words(to))
        case Attack(frm=frm, to=to):
            return say("{who}: the {attacker} attacked the {defender} on {cell}", who=who,
                       attacker=creature_on(frm), defender=creature_on(to), cell=cell_words(to))
        case Push(pushed=pushed, to=to):
            return say("{who}: pushed the {creature} to {cell}", who=who, creature=creature_on(pushed),
                       cell=cell_words(to))
        case Pass():
            return say("{who}: passed this action", who=who)
    raise TypeError(f"not a Dejarik action: {data!r}")


def explain_illegal(text: str, phase: Phase, example: str, placing: str | None) -> str:
    """Why ``text`` is not a legal action now (the game goes on), in the current language:
    ``example`` is a legal action's text, ``placing`` the key of the creature to place in
    the setup."""
    if phase == Phase.PLACE:
        return label("{text} is not legal now: place your {creature} on a free cell of your group, "
                     "e.g. {example}").format(text=repr(text), creature=placing, example=repr(example))
    if phase == Phase.PUSH:
        return label("{text} is not legal now: choose where to push, e.g. {example}").format(
            text=repr(text), example=repr(example))
    return label("{text} is not a legal action now: move with 'o5-i5' (exactly the creature's Move steps, "
                 "at most one turn), attack an adjacent enemy with 'i5xo6', or 'pass'").format(text=repr(text))
