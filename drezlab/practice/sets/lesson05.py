"""Lesson 5 (PokerGuess): three guesses without going bust, and one hand won heads-up."""

from __future__ import annotations

from drezlab.games.pokerguess.game import PokerGuess
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Survive, Win

SET = PracticeSet("lesson-05", (
    Exercise("careful-guesses", lambda: PokerGuess(seed=5, players=3, max_hands=3, words="points"), Survive(3), defender=2,
             title="Three careful guesses", title_es="Tres predicciones con cuidado",
             instructions="Guess, stay or drop out three times without losing all your points.",
             instructions_es="Adivina, sigue o retírate tres veces sin quedarte sin puntos."),
    Exercise("heads-up-guess", lambda: PokerGuess(seed=5, players=2, max_hands=1, words="points"), Win(), defender=2,
             title="One hand heads-up", title_es="Una mano cara a cara",
             instructions="One hand against one opponent: finish with more points.",
             instructions_es="Una mano contra un rival: termina con más puntos."),
), title="PokerGuess practice", title_es="Práctica de PokerGuess")
