"""Lesson 4 (Poker7): stay in the game for three decisions, and win a short heads-up game."""

from __future__ import annotations

from drezlab.games.poker7.game import Poker7
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Survive, Win

SET = PracticeSet("lesson-04", (
    Exercise("stay-in", lambda: Poker7(seed=7, players=3, max_hands=3), Survive(3), defender=2,
             title="Three careful decisions", title_es="Tres decisiones con cuidado",
             instructions="Bet, call or fold three times without going bust.",
             instructions_es="Apuesta, iguala o retírate tres veces sin arruinarte."),
    Exercise("heads-up", lambda: Poker7(seed=7, players=2, max_hands=1), Win(), defender=2,
             title="One hand heads-up", title_es="Una mano cara a cara",
             instructions="One hand against one opponent: finish with more chips.",
             instructions_es="Una mano contra un rival: termina con más fichas."),
), title="Poker7 practice", title_es="Práctica de Poker7")
