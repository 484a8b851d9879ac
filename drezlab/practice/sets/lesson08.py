"""Lesson 8 (DomiDrez): the first tiles without losing."""

from __future__ import annotations

from drezlab.games.domidrez.game import DomiDrez
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Survive

SET = PracticeSet("lesson-08", (
    Exercise("first-tiles", lambda: DomiDrez(seed=12, players=2), Survive(3), defender=2,
             title="Three good plays", title_es="Tres buenas jugadas",
             instructions="Play three times against one opponent and do not lose.",
             instructions_es="Juega tres veces contra un rival y no pierdas."),
    Exercise("table-of-three", lambda: DomiDrez(seed=12, players=3), Survive(4), defender=1,
             title="A table of three", title_es="Una mesa de tres",
             instructions="Four plays at a table of three, without losing.",
             instructions_es="Cuatro jugadas en una mesa de tres, sin perder."),
), title="DomiDrez practice", title_es="Práctica de DomiDrez")
