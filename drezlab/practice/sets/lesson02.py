"""Lesson 2 (EDAMI, luck cards): mates the drawn card allows, and an opening to survive."""

from __future__ import annotations

from drezlab.games.edami.game import Edami
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import MateIn, Survive

SET = PracticeSet("lesson-02", (
    Exercise("rook-card-mate", lambda: Edami(seed=1, fen="6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
                                             drawn="Move one: R"),
             MateIn(1), defender=1,
             title="The rook card mates", title_es="La carta de torre da mate",
             instructions="You drew 'Move one: R'. Mate with the rook.",
             instructions_es="Has tomado 'Mueve una: T'. Da mate con la torre."),
    Exercise("relocate-mate", lambda: Edami(seed=1, fen="6rk/6pp/8/8/8/8/5PPP/2N3K1 w - - 0 1", drawn="Relocate"),
             MateIn(1), defender=1,
             title="Mate by relocation", title_es="Mate por recolocación",
             instructions="You drew Relocate: put a piece where it gives mate.",
             instructions_es="Has tomado Cambia: pon una pieza donde dé mate."),
    Exercise("lucky-opening", lambda: Edami(seed=4), Survive(3), defender=2,
             title="Three moves with luck cards", title_es="Tres jugadas con cartas de la suerte",
             instructions="Draw, play what the cards allow, and do not lose.",
             instructions_es="Toma carta, juega lo que permitan las cartas y no pierdas."),
), title="EDAMI practice", title_es="Práctica de EDAMI")
