"""Lesson 14 (Jumping Bishop): a capture the jumping bishop reaches, and a rook mate."""

from __future__ import annotations

from drezlab.games.jumpingbishop.game import JumpingBishop
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import MateIn, Reach

SET = PracticeSet("lesson-14", (
    Exercise("take-c6", lambda: JumpingBishop(position="k7/8/2p5/8/8/5B2/8/4K3 w - - 0 1"), Reach("c6", 1),
             defender=1,
             title="The bishop takes c6", title_es="El alfil toma c6",
             instructions="Get a piece of yours to c6 in one move.",
             instructions_es="Lleva una pieza tuya a c6 en una jugada."),
    Exercise("rook-mate", lambda: JumpingBishop(position="4k3/8/4K3/8/8/8/8/R7 w - - 0 1"), MateIn(1),
             defender=1,
             title="Rook mate", title_es="Mate de torre",
             instructions="Mate in one move.", instructions_es="Da mate en una jugada."),
), title="Jumping Bishop practice", title_es="Práctica del Alfil Saltarín")
