"""Every lesson's practice set: each exercise is built from the lesson's game, and
the top of that game's ladder (``spec.strongest``), playing the pupil's seat against
the exercise's defender, meets the goal (seeded)."""

from __future__ import annotations

import pytest

from drezlab.practice import MET, practice_set, solve
from drezlab.practice.sets import LESSONS

#: each lesson's game, by registry name (lesson 2's set lives in the package; another cell adds it)
LESSON_GAMES = {
    "01": "pokerdrez", "02": "edami", "03": "brandubh", "04": "poker7", "05": "pokerguess",
    "06": "triumfdrez", "07": "blackdrez", "08": "domidrez", "09": "solodrez", "10": "sokudrez",
    "11": "rummidrez", "12": "dejarik", "13": "abyss", "14": "jumping-bishop", "15": "guadalete",
    "16": "pokerdrez4", "17": "neurodrez",
}

EXERCISES = [(lesson, exercise.id) for lesson in LESSONS for exercise in practice_set(lesson).exercises]


def test_every_lesson_has_a_set_of_its_own_game() -> None:
    assert sorted(LESSONS) == sorted(LESSON_GAMES)
    for lesson, game in LESSON_GAMES.items():
        chosen = practice_set(lesson)
        assert chosen.id == f"lesson-{lesson}"
        assert {exercise.start().name for exercise in chosen.exercises} == {game}


@pytest.mark.parametrize(("lesson", "exercise_id"), [
    pytest.param(lesson, exercise_id, id=f"{lesson}-{exercise_id}",
                 marks=[pytest.mark.slow] if (lesson, exercise_id) == ("17", "first-round") else [])   # over 10 s
    for lesson, exercise_id in EXERCISES])
def test_the_strongest_level_meets_the_goal(lesson: str, exercise_id: str) -> None:
    exercise = practice_set(lesson)[exercise_id]
    attempt = solve(exercise, seed=0)
    assert attempt.verdict.state == MET, (exercise_id, attempt.verdict.english, attempt.moves())
    assert attempt.moves()


def test_exercises_have_spanish_titles_and_instructions() -> None:
    for lesson in LESSONS:
        for exercise in practice_set(lesson).exercises:
            assert exercise.title and exercise.title_es and exercise.title != exercise.title_es
            assert exercise.instructions and exercise.instructions_es
