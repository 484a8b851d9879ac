"""Lesson 9 (SoloDrez): solve a deal the solver proves winnable."""

from __future__ import annotations

from drezlab.games.solodrez.game import SoloDrez
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Win

SET = PracticeSet("lesson-09", (
    Exercise("solve-deal-1", lambda: SoloDrez(seed=1), Win(),
             title="Solve deal 1", title_es="Resuelve el reparto 1",
             instructions="This deal can be solved: clear it. Use Hint when stuck.",
             instructions_es="Este reparto tiene solución: resuélvelo. Pulsa Pista si te atascas."),
), title="SoloDrez practice", title_es="Práctica de SoloDrez")
