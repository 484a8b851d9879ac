"""Lesson 15 (Guadalete): a mate across the planks."""

from __future__ import annotations

from drezlab.games.guadalete.game import Guadalete
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import MateIn

SET = PracticeSet("lesson-15", (
    Exercise("bridge-mate", lambda: Guadalete(position="6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - e4,e5"), MateIn(1),
             defender=1,
             title="Mate over the bridge", title_es="Mate por el puente",
             instructions="Planks on e4 and e5 let a rook cross the river. Mate in one.",
             instructions_es="Las tablas de e4 y e5 dejan cruzar el río a una torre. Mate en una."),
), title="Guadalete practice", title_es="Práctica de Guadalete")
