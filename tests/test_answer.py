"""The answer widget of the pupils' lessons (drezlab.ui.answer): answers by clicking,
"Correct!" or what was wrong and the hint, in English and Spanish; the right answer
never synced to the browser."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import drezlab
from drezlab.core.i18n import get_language, set_language
from drezlab.ui.answer import AnswerWidget, choice, pick, yes_no


@pytest.fixture(autouse=True)
def english_words() -> Iterator[None]:
    before = get_language()
    set_language("en")
    yield
    set_language(before)


def synced(widget: AnswerWidget) -> str:
    """Everything the browser gets: the synced traits, as JSON."""
    state = {name: value for name, value in widget.get_state().items() if name != "layout"}
    return json.dumps(state, default=str)


def test_one_square_to_find_answers_on_the_first_click_and_a_new_click_replaces_it() -> None:
    board = drezlab.new("brandubh")
    widget = pick(board, "Where does the king start?", "d4", hint="On the throne, in the middle.")
    widget.click("a1")
    assert widget.feedback == "Not this one: a1. On the throne, in the middle."
    assert widget.verdict == "wrong" and widget.marks == {"a1": "wrong"} and not widget.solved
    widget.click("d4")
    assert widget.picked == ["d4"] and widget.feedback == "Correct!" and widget.solved and widget.tries == 2
    widget.click("a1")
    assert widget.picked == ["d4"], "a solved question takes no more clicks"


def test_several_things_to_find_wait_for_check_and_say_what_is_missing() -> None:
    board = drezlab.new("brandubh")
    widget = pick(board, "Click the two corners of the bottom row.", ["a1", "g1"], hint="Corners are refuges.",
                  explain="Only the king may stop there.")
    widget.click("a1")
    assert widget.feedback == "" and widget.tries == 0, "two to find: the first click is not judged"
    widget.check()
    assert widget.feedback == "Not yet. One more to find. Corners are refuges." and widget.marks == {"a1": "right"}
    widget.click("b1")
    widget.check()
    assert widget.feedback.startswith("Not this one: b1.") and widget.marks == {"a1": "right", "b1": "wrong"}
    widget.click("b1")                      # taken back
    widget.click("g1")
    widget.check()
    assert widget.solved and widget.feedback == "Correct! Only the king may stop there."
    assert widget.tries == 3


def test_start_again_clears_the_picks() -> None:
    widget = pick(drezlab.new("brandubh"), "Two corners?", ["a1", "g1"])
    widget.click("a1")
    widget.click("b1")
    widget.check()
    widget.clear()
    assert widget.picked == [] and widget.marks == {} and widget.feedback == "" and widget.verdict == ""


def test_only_the_clickable_things_can_be_picked() -> None:
    widget = pick(drezlab.new("brandubh"), "Which corner?", "a1", clickable=["a1", "g1", "a7", "g7"])
    widget.click("d4")
    assert widget.picked == [] and widget.tries == 0
    with pytest.raises(ValueError, match="not among the clickable"):
        pick(drezlab.new("brandubh"), "?", "d4", clickable=["a1"])
    with pytest.raises(ValueError, match="nothing to click called z9"):
        pick(drezlab.new("brandubh"), "?", "z9")


def test_cards_are_named_in_words_in_the_verdict() -> None:
    game = drezlab.new("solodrez", seed=1)
    widget = pick(game, "Which card?", "B1", viewer=0)
    widget.click("B2")
    assert widget.feedback == "Not this one: red Bishop card."


def test_a_choice_says_correct_or_gives_the_hint() -> None:
    widget = choice("How many dice?", ["1", "2", "3"], "3", hint="Count the dice on the table.")
    widget.choose("2")
    assert widget.feedback == "Not this one. Count the dice on the table." and widget.marks == {"2": "wrong"}
    widget.choose(2)
    assert widget.solved and widget.feedback == "Correct!" and widget.marks == {"3": "right"}
    with pytest.raises(ValueError):
        choice("?", ["a", "b"], "c")
    with pytest.raises(ValueError):
        choice("?", ["a"], "a")


def test_yes_no_in_spanish() -> None:
    set_language("es")
    widget = yes_no("¿Está el rey en jaque?", False, hint="Mira las diagonales.")
    assert widget.options == ["Sí", "No"] and widget.texts["help"] == "Pulsa el botón correcto."
    widget.choose("Sí")
    assert widget.feedback == "Esa no es. Mira las diagonales."
    widget.choose("No")
    assert widget.feedback == "¡Correcto!"
    several = pick(drezlab.new("brandubh"), "?", ["a1", "g1"])
    several.click("a1")
    several.check()
    assert several.feedback == "Todavía no. Falta una." and several.texts["check"] == "Comprobar"


def test_the_browser_never_gets_the_answer_before_it_is_found() -> None:
    """Two questions that differ only in their answer send the browser the same thing
    until the pupil finds it (before any click, and after a wrong one)."""
    board = drezlab.new("brandubh")
    questions = [pick(board, "Where?", answer, clickable=["a1", "e5", "g7"], hint="Look again.") for answer in ("e5", "g7")]
    assert synced(questions[0]) == synced(questions[1])
    for question in questions:
        question.click("a1")
    assert synced(questions[0]) == synced(questions[1])
    choices = [choice("Pick one", ["North", "South", "East"], answer) for answer in ("South", "East")]
    assert synced(choices[0]) == synced(choices[1])
    for question in choices:
        question.choose("North")
    assert synced(choices[0]) == synced(choices[1])


def test_front_end_messages_act_like_clicks_and_junk_is_ignored() -> None:
    widget = pick(drezlab.new("brandubh"), "Two corners?", ["a1", "g1"])
    for junk in ("click", {"type": "click", "value": 3}, {"type": "choose", "value": "x"}, {"type": "nope"}):
        widget._on_front_end_message(widget, junk)
    assert widget.picked == [] and widget.tries == 0
    widget._on_front_end_message(widget, {"type": "click", "value": "a1"})
    widget._on_front_end_message(widget, {"type": "click", "value": "g1"})
    widget._on_front_end_message(widget, {"type": "check"})
    assert widget.solved


def test_an_unrun_lesson_shows_the_question_as_html_without_the_answer() -> None:
    """Before "Run all" a lesson shows the saved HTML: the question and its picture (or its
    choices), the same whatever the answer is."""
    board = drezlab.new("brandubh")
    shown = [pick(board, "Where?", answer)._repr_mimebundle_()[0] for answer in ("d4", "a1")]
    assert shown[0]["text/html"] == shown[1]["text/html"]
    assert shown[0]["text/html"].startswith("<p><b>Where?</b></p><img class=\"dz-fallback\"")
    assert "application/vnd.jupyter.widget-view+json" in shown[0]
    buttons = choice("Which?", ["North", "South"], "South")._repr_mimebundle_()[0]["text/html"]
    assert buttons == "<p><b>Which?</b></p><p>North · South</p>"
