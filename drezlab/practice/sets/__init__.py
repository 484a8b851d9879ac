"""One practice set per lesson, each in its own module (``lesson01`` ... ``lesson17``),
built from the lesson's game and teacher positions. ``practice_set("03")`` gives
lesson 3's set; ``practise("03", folder=...)`` its widget (the lessons' last cell)."""

from __future__ import annotations

import importlib
import os
from typing import Any

from drezlab.practice.exercise import PracticeSet

#: lesson number -> the module holding its ``SET``
LESSONS: dict[str, str] = {f"{n:02d}": f"drezlab.practice.sets.lesson{n:02d}" for n in range(1, 18)}


def practice_set(lesson: str | int) -> PracticeSet:
    """The practice set of a lesson, by number (``3`` or ``"03"``)."""
    key = f"{lesson:02d}" if isinstance(lesson, int) and not isinstance(lesson, bool) else str(lesson).strip()
    if key not in LESSONS:
        raise ValueError(f"there is no practice set for lesson {lesson!r}; the lessons are 01 to 17")
    found = importlib.import_module(LESSONS[key]).SET
    assert isinstance(found, PracticeSet)
    return found


def practise(lesson: str | int, folder: str | os.PathLike[str] | None = None, name: str = "",
             classroom: Any = None) -> Any:
    """The practice widget of a lesson's set (attempts recorded in ``folder``; with
    ``classroom=`` the pupil of a class, ``drezlab.classroom.connect(url, code)``, in the
    class database, ``folder`` keeping any the class could not take)."""
    return practice_set(lesson).widget(folder=folder, name=name, classroom=classroom)
