"""``drezlab.practice``: exercises with goals, played in the game widget, recorded
for the teacher (lichess practice is the anchor).

A teacher writes an exercise as a position of any game + a goal + a defending
bot level::

    from drezlab.practice import Exercise, MateIn, PracticeSet
    mate = Exercise("back-rank", lambda: PokerDrez(seed=1, fen=...), MateIn(1), defender=1)
    PracticeSet("my-class", (mate,)).widget(folder="attempts")

Goals (:mod:`drezlab.practice.goals`): ``Win()``, ``MateIn(n)``, ``Reach(square)``,
``KeepMaterial(n)``, ``Survive(n)`` and ``Goal.of(function, text)``. Every lesson
has a set (:mod:`drezlab.practice.sets`: ``practise("01")`` shows lesson 1's).
Attempts go to JSON lines in a local folder (:mod:`drezlab.practice.attempts`)
and ``report(folder)`` shows the class as a table and a plot. In a lesson joined to a
class, ``practise("01", classroom=pupil)`` (``pupil = drezlab.classroom.connect(url,
code)``) sends them to the class database instead (the folder keeps any the class could
not take), and ``report(teacher)`` reads them from there -- ``report(folder,
classroom=teacher)`` merges the two, counting an attempt found in both once.
"""

from __future__ import annotations

from drezlab.practice.attempts import CorruptAttemptWarning, read, record
from drezlab.practice.exercise import Attempt, Exercise, PracticeSet, hint, solve
from drezlab.practice.goals import (
    MET,
    MISSED,
    OPEN,
    UNFINISHED,
    Goal,
    KeepMaterial,
    MateIn,
    Reach,
    Survive,
    Verdict,
    Win,
)
from drezlab.practice.report import Report, report
from drezlab.practice.sets import practice_set, practise

__all__ = ["MET", "MISSED", "OPEN", "UNFINISHED", "Attempt", "CorruptAttemptWarning", "Exercise", "Goal", "KeepMaterial",
           "MateIn", "PracticeSet", "Reach", "Report", "Survive", "Verdict", "Win", "hint", "practice_set",
           "practise", "read", "record", "report", "solve"]
