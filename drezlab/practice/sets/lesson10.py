"""Lesson 10 (SokuDrez): put scrambled boards back in order."""

from __future__ import annotations

from drezlab.games.sokudrez.game import SokuDrez
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Win

SET = PracticeSet("lesson-10", (
    Exercise("two-swaps", lambda: SokuDrez(seed=3, scramble=4), Win(2),
             title="Two swaps", title_es="Dos cambios",
             instructions="The board was scrambled a little: fix it within 2 moves.",
             instructions_es="El tablero se desordenó un poco: arréglalo en 2 jugadas."),
    Exercise("six-scrambles", lambda: SokuDrez(seed=3, scramble=6), Win(4),
             title="A bigger mess", title_es="Un lío mayor",
             instructions="Fix the board within 4 moves.",
             instructions_es="Arregla el tablero en 4 jugadas."),
), title="SokuDrez practice", title_es="Práctica de SokuDrez")
