"""Lesson 12 (Dejarik): the lesson's battle position, two turns without losing."""

from __future__ import annotations

from drezlab.games.dejarik.game import Dejarik
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Survive

#: the lesson's battle: Molatar against Ng'ok in the middle ring
BATTLE = "s:molatar@i5 s:houjix@o0 n:ngok@i6 n:strider@o3 n:klor@o9"

SET = PracticeSet("lesson-12", (
    Exercise("battle", lambda: Dejarik(seed=2, position=BATTLE), Survive(2), defender=2,
             title="Hold the battle", title_es="Aguanta la batalla",
             instructions="Two turns: attack where the odds favour you, and do not lose.",
             instructions_es="Dos turnos: ataca donde te favorezcan las probabilidades y no pierdas."),
), title="Dejarik practice", title_es="Práctica de Dejarik")
