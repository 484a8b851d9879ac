"""Lesson 13 (Abyss): win a played-out position."""

from __future__ import annotations

from drezlab.games.abyss.game import Abyss
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Win

SET = PracticeSet("lesson-13", (
    Exercise("push-to-win", lambda: Abyss(seed=13, position="wwb../...../..b../...../.....", to_move="white"),
             Win(), defender=2,
             title="Push to win", title_es="Empuja para ganar",
             instructions="You are White. Win from here.",
             instructions_es="Juegas con las blancas. Gana desde aquí."),
), title="Abyss practice", title_es="Práctica de Abyss")
