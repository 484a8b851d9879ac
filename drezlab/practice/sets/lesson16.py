"""Lesson 16 (PokerDrez for 4): the first move of a team game without losing."""

from __future__ import annotations

from drezlab.games.pokerdrez4.game import PokerDrez4
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import Survive

SET = PracticeSet("lesson-16", (
    Exercise("first-round", lambda: PokerDrez4(seed=7, decks=1), Survive(1), defender=2,
             title="A first round", title_es="Una primera ronda",
             instructions="You are Yellow: play one move with your cards and do not lose.",
             instructions_es="Juegas con Amarillo: haz una jugada con tus cartas y no pierdas."),
), title="PokerDrez for 4 practice", title_es="Práctica de PokerDrez para 4")
