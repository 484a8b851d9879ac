"""Lesson 17 (NeuroDrez): a king that conquers the last water tile, and a first round that
loses no piece."""

from __future__ import annotations

from drezlab.games.neurodrez.game import NeuroDrez
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Survive, Win

#: five of the six water tiles are already White/Red/Green's (two by their markers); the
#: white king stands safe on e1 beside the yellow water tile f1 (tiles stay in the hands, so
#: sudden death is far away): the king needs no die, steps onto f1, and if it is still there at the
#: start of the next turn the marker makes all six water tiles the side's
LAST_WATER = {
    "board": {"a1": "wwa", "b1": "rwa", "c1": "gwa", "d1": "kwa", "e1": "bwa", "f1": "ywa",
              "a2": "wea", "b2": "kfi", "c2": "rai"},
    "markers": {"d1": "r", "e1": "w"},
    "pieces": {"wk": "e1"},
    "tiles": {0: ["wfl", "rfl", "gfa"], 1: ["kfl", "bfl", "yfa"]},
    "phase": "roll", "hand": 0, "turn": 9,
}

SET = PracticeSet("lesson-17", (
    Exercise("last-water-tile", lambda: NeuroDrez(players=2, seed=17, position=LAST_WATER), Win(2), defender=2,
             title="The last water tile", title_es="La última loseta de agua",
             instructions="You are White, Red and Green. Conquer the yellow water tile and hold it for a round.",
             instructions_es="Juegas con blanco, rojo y verde. Conquista la loseta amarilla de agua y "
                             "mantenla una ronda."),
    Exercise("first-round", lambda: NeuroDrez(players=2, seed=5), Survive(3), defender=2,
             title="Three safe turns", title_es="Tres turnos seguros",
             instructions="A new game: play three turns without losing.",
             instructions_es="Una partida nueva: juega tres turnos sin perder."),
), title="NeuroDrez practice", title_es="Práctica de NeuroDrez")
