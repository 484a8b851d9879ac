"""Lesson 7 (BlackDrez): two draws without busting, and a game won against the dealer's rule."""

from __future__ import annotations

from drezlab.games.blackdrez.game import BlackDrez
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Survive, Win

SET = PracticeSet("lesson-07", (
    Exercise("no-bust", lambda: BlackDrez(seed=7, players=2), Survive(2), defender=2,
             title="Draw without going bust", title_es="Toma cartas sin pasarte",
             instructions="Draw a card or retire twice; do not lose.",
             instructions_es="Toma carta o retírate dos veces; no pierdas."),
    Exercise("beat-the-table", lambda: BlackDrez(seed=7, players=2), Win(), defender=2,
             title="Win the game", title_es="Gana la partida",
             instructions="Decide when to draw and when to retire, and win.",
             instructions_es="Decide cuándo tomar carta y cuándo retirarte, y gana."),
), title="BlackDrez practice", title_es="Práctica de BlackDrez")
