"""Lesson 1 (PokerDrez): a card mate, saving a piece the cards let you move, and an opening to survive."""

from __future__ import annotations

from drezlab.games.pokerdrez.game import PokerDrez
from drezlab.practice.exercise import Exercise, PracticeSet
from drezlab.practice.goals import KeepMaterial, MateIn, Survive

#: the lesson's all-pawn common cards: the pupil's own hand decides what moves
PAWN_COMMON = ["P1", "P2", "P4", "P5", "P6"]

SET = PracticeSet("lesson-01", (
    Exercise("card-mate", lambda: PokerDrez(seed=1, fen="6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", decks=1,
                                            hands={0: ["R3", "P7"]}, common=PAWN_COMMON, die=1),
             MateIn(1), defender=1,
             title="Back-rank card mate", title_es="Mate de pasillo con cartas",
             instructions="Your Rook card lets the rook move. Find the mate.",
             instructions_es="Tu carta de Torre deja mover la torre. Encuentra el mate."),
    Exercise("save-the-knight", lambda: PokerDrez(seed=1, fen="4k3/8/8/3p4/4N3/8/4P3/4K3 w - - 0 1", decks=1,
                                                  hands={0: ["N3", "P7"]}, common=PAWN_COMMON, die=1),
             KeepMaterial(1), defender=3,
             title="Save the knight", title_es="Salva el caballo",
             instructions="The pawn on d5 attacks your knight and Black holds Pawn cards.",
             instructions_es="El peón de d5 ataca a tu caballo y las negras tienen cartas de Peón."),
    Exercise("first-moves", lambda: PokerDrez(seed=3, decks=1), Survive(3), defender=2,
             title="Three safe moves", title_es="Tres jugadas seguras",
             instructions="Play the opening with the cards you draw and do not lose.",
             instructions_es="Juega la apertura con las cartas que cojas y no pierdas."),
), title="PokerDrez practice", title_es="Práctica de PokerDrez")
