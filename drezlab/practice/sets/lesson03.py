"""Lesson 3 (VikingDrez / Brandubh): the king's escape and holding the start as the attackers."""

from __future__ import annotations

from drezlab.games.brandubh import Brandubh
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Survive, Win

#: the king on c7 with one attacker far away: a corner is one move away
ESCAPE = "..K....\n.......\n.......\n.......\n.......\n.......\n.....a."

SET = PracticeSet("lesson-03", (
    Exercise("king-escape", lambda: Brandubh(position=ESCAPE, to_move="white"), Win(1), defender=1,
             title="The king escapes", title_es="El rey escapa",
             instructions="You are White. Bring the king to a corner.",
             instructions_es="Juegas con las blancas. Lleva el rey a una esquina."),
    Exercise("hold-the-ring", Brandubh(), Survive(3), defender=2,
             title="Keep the king in", title_es="Mantén dentro al rey",
             instructions="You are Black, the attackers. Three moves without letting the king out.",
             instructions_es="Juegas con las negras, los atacantes. Tres jugadas sin dejar salir al rey."),
), title="VikingDrez practice", title_es="Práctica de VikingDrez")
