"""Lesson 6 (TriumfDrez): bidding without losing, and winning one deal."""

from __future__ import annotations

from drezlab.games.triumfdrez.game import TriumfDrez
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Survive, Win

SET = PracticeSet("lesson-06", (
    Exercise("safe-bids", lambda: TriumfDrez(seed=3, players=4, max_deals=1), Survive(3), defender=2,
             title="Three safe calls", title_es="Tres decisiones seguras",
             instructions="Bid or pass three times and stay in the game.",
             instructions_es="Puja o pasa tres veces y sigue en la partida."),
    Exercise("win-the-deal", lambda: TriumfDrez(seed=3, players=4, max_deals=1), Win(), defender=1,
             title="Win one deal", title_es="Gana una mano",
             instructions="One deal: end it with the best score.",
             instructions_es="Una sola mano: termínala con la mejor puntuación."),
), title="TriumfDrez practice", title_es="Práctica de TriumfDrez")
