"""Lesson 11 (RummiDrez): three turns at a table of two without losing."""

from __future__ import annotations

from drezlab.games.rummidrez.game import RummiDrez
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Survive

SET = PracticeSet("lesson-11", (
    Exercise("three-turns", lambda: RummiDrez(seed=5, players=2, turn_limit=6), Survive(3), defender=2,
             title="Three turns", title_es="Tres turnos",
             instructions="Draw or lay down groups for three turns and do not lose.",
             instructions_es="Roba o baja grupos durante tres turnos y no pierdas."),
), title="RummiDrez practice", title_es="Práctica de RummiDrez")
