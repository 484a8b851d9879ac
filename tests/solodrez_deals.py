"""Hand-made SoloDrez deals shared by the SoloDrez tests (columns bottom card first)."""

from __future__ import annotations

from drezlab.core.chance import Scripted
from drezlab.games.solodrez.game import SoloDrez, deal_order

FIGURES = "JQRBNP"


def sequence(colour: int) -> list[str]:
    """J Q R B N P of one colour, bottom to top: a removable column."""
    return [f"{figure}{colour}" for figure in FIGURES]


def deal(*columns: str) -> SoloDrez:
    """A game dealt with the given nine columns ("J1 Q1 ..." each, bottom first)."""
    return SoloDrez(chance=Scripted([deal_order([column.split() for column in columns])]))


#: won by a short line: five sequences lie ready; the neutral cards block columns 1, 2 and 4
WINNABLE = (
    "J1 Q1 R1 B1 N1 P1 X1",
    "J2 Q2 R2 B2 N2 X2 P2",
    " ".join(sequence(3)),
    "J4 Q4 R4 B4 P4 N4",
    *(" ".join(sequence(colour)) for colour in range(5, 10)),
)
#: the line worked out by hand for WINNABLE (checked in the tests by replaying it)
WINNABLE_LINE = ("remove c3", "remove c5", "remove c6", "remove c7", "remove c8", "remove c9",
                 "p2 c4", "x2 c1", "p2 c2", "remove c2", "n4 c1", "p4 c1", "n4 c4", "remove c4",
                 "x1 c2", "remove c1")

#: no move at all: every top card is a Joker and no column is empty
BLOCKED = (
    "X1 P1 N1 B1 R1 Q1 J1",
    "X2 P2 N2 B2 R2 Q2 J2",
    *(" ".join(reversed(sequence(colour))) for colour in range(3, 10)),
)
#: only the queen Q3 can move (from Joker to Joker): a few positions, none of them winning
LOCKED_QUEEN = (
    "X1 P1 N1 B1 R1 Q1 J1",
    "X2 P2 N2 B2 R2 Q2 J2",
    "P3 N3 B3 R3 J3 Q3",
    *(" ".join(reversed(sequence(colour))) for colour in range(4, 10)),
)

#: a seeded game that reaches a trap: after TRAP_PREFIX the deal can still be won, but
#: TRAP_MOVE (the run J8 Q2 R4 into the only empty column) loses it
TRAP_SEED = 1
TRAP_PREFIX = ("q9 c9", "q1 c8", "p9 c6", "r4 c4", "r2 c8", "r1 c1", "q2 c3", "n8 c4", "b9 c9", "n8 c4", "b1 c8",
               "p1 c4", "b9 c2", "q9 c6", "q1 c9", "n1 c2", "j7 c4", "remove c4", "j3 c4", "b9 c4", "remove c4",
               "j2 c4", "b7 c4", "n9 c4", "p8 c4", "remove c4")
TRAP_MOVE = "j8 c4"
