"""Lesson 4 (Poker7): stay in the game for three decisions, and win a short heads-up game; in the
school's words (points, not chips and bets), as the lesson plays."""

from __future__ import annotations

from drezlab.games.poker7.game import Poker7
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Survive, Win

SET = PracticeSet("lesson-04", (
    Exercise("stay-in", lambda: Poker7(seed=7, players=3, max_hands=3, words="points"), Survive(3), defender=2,
             title="Three careful decisions", title_es="Tres decisiones con cuidado",
             instructions="Put in, match or drop out three times without losing all your points.",
             instructions_es="Pon puntos, iguala o retírate tres veces sin quedarte sin puntos."),
    Exercise("heads-up", lambda: Poker7(seed=7, players=2, max_hands=1, words="points"), Win(), defender=2,
             title="One hand heads-up", title_es="Una mano cara a cara",
             instructions="One hand against one opponent: finish with more points.",
             instructions_es="Una mano contra un rival: termina con más puntos."),
), title="Poker7 practice", title_es="Práctica de Poker7")
