"""Answers by clicking: the small question widget of the pupils' lessons.

A pupil answers an exercise by clicking, never by typing Python:

* :func:`pick` — click the answer on a picture drawn by the library: squares,
  pieces, cards (every element of the picture with a ``data-id``, or only the ids
  the question allows). One thing to find: the click is the answer. Several: the
  pupil clicks them (a second click takes one back) and presses "Check my answer".
* :func:`choice` — press one of a few buttons ("Yes" / "No", three moves, three
  fractions...); :func:`yes_no` is the two-button case.

Each says "Correct!" (and the explanation, if the lesson gives one) or, for a
wrong answer, what was wrong in plain words ("Not this one: e5.", "One more to find.") followed by the lesson's hint; the pupil tries again as often as they
like. Words in the current language (:func:`drezlab.set_language`).

The answer stays in Python: the browser gets the picture, the question, the
buttons and the verdicts, never the right answer before the pupil finds it, so
looking at the page's source gives nothing away.

For scripts and tests: ``click(id)``, ``check()``, ``choose(label_or_index)``,
``feedback``, ``solved`` and ``tries`` (answers checked so far).
"""

from __future__ import annotations

import html
from xml.etree import ElementTree
from collections.abc import Iterable, Sequence
from typing import Any

import anywidget
import traitlets

from drezlab.core.assets import asset
from drezlab.core.face import CARD_ID, SQUARE_ID, board_squares, target_name
from drezlab.core.i18n import add_translations, t
from drezlab.core.mime import img_html
from drezlab.ui.selection import svg_ids

SVG_NS = "{http://www.w3.org/2000/svg}"

add_translations({
    "Correct!": "¡Correcto!",
    "Check my answer": "Comprobar",
    "Start again": "Borrar",
    "Yes": "Sí",
    "No": "No",
    "Not yet.": "Todavía no.",
    "Not this one.": "Esa no es.",
    "Not this one: {things}.": "Esa no: {things}.",
    "Not these: {things}.": "Esas no: {things}.",
    "One more to find.": "Falta una.",
    "{count} more to find.": "Faltan {count}.",
    "Click your answer on the picture.": "Haz clic en tu respuesta, en el dibujo.",
    "Find {count} on the picture, then press Check my answer.":
        "Encuentra {count} en el dibujo y pulsa Comprobar.",
    "Press the right button.": "Pulsa el botón correcto.",
})

#: kinds of verdict the front end colours: right, wrong, or nothing yet
VERDICTS = ("", "right", "wrong")


class AnswerWidget(anywidget.AnyWidget):
    """One question answered by clicking; make it with :func:`pick`, :func:`choice` or :func:`yes_no`."""

    _esm = asset("answer.js")
    _css = asset("answer.css")

    #: "pick" (click things on the picture) or "choice" (press a button)
    mode = traitlets.Unicode("choice").tag(sync=True)
    question = traitlets.Unicode("").tag(sync=True)
    #: the picture (pick), drawn by the library from a view
    svg = traitlets.Unicode("").tag(sync=True)
    #: the ids that may be clicked (pick)
    clickable = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    #: how many things the answer has (pick): 1 answers on the first click
    count = traitlets.Int(1).tag(sync=True)
    #: the name of each clickable thing, for screen readers and the verdicts ("e4", "blue Queen card")
    names = traitlets.Dict(default_value={}).tag(sync=True)
    #: the buttons (choice), as their labels
    options = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    #: what the pupil has clicked so far (pick) or the last button pressed (choice)
    picked = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    #: the verdict on each picked thing once checked: ``{id: "right" | "wrong"}``
    marks = traitlets.Dict(default_value={}).tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    verdict = traitlets.Unicode("").tag(sync=True)
    solved = traitlets.Bool(False).tag(sync=True)
    #: the front end's words: the Check and Start-again buttons, the instructions
    texts = traitlets.Dict(default_value={}).tag(sync=True)

    def __init__(self, *, answer: Iterable[str], hint: str = "", explain: str = "", **traits: Any) -> None:
        super().__init__(**traits)
        self._answer = frozenset(answer)
        self._hint = hint
        self._explain = explain
        #: answers checked so far (right or wrong)
        self.tries = 0
        self.texts = {"check": t("Check my answer"), "clear": t("Start again"), "help": self._instructions()}
        self.on_msg(self._on_front_end_message)

    # ------------------------------------------------------------ the pupil's clicks
    def click(self, thing: str) -> None:
        """Click ``thing`` on the picture (pick): adds it, or takes it back if already picked."""
        if self.mode != "pick" or self.solved or thing not in self.clickable:
            return
        picked = list(self.picked)
        if self.count == 1:
            picked = [thing]            # one thing to find: a new click replaces the last
        elif thing in picked:
            picked.remove(thing)
        else:
            picked.append(thing)
        self.picked = picked
        self.marks = {}
        if self.count == 1 and picked:
            self.check()

    def check(self) -> None:
        """Judge what is picked (pick): "Correct!", or what is wrong and the hint."""
        if self.mode != "pick" or self.solved or not self.picked:
            return
        self.tries += 1
        picked = set(self.picked)
        wrong = [thing for thing in self.picked if thing not in self._answer]
        missing = len(self._answer - picked)
        self.marks = {thing: ("wrong" if thing in wrong else "right") for thing in self.picked}
        if not wrong and not missing:
            self._right()
            return
        words = [] if wrong else [t("Not yet.")]
        if wrong:
            names = ", ".join(self.names.get(thing, thing) for thing in wrong)
            words.append((t("Not this one: {things}.") if len(wrong) == 1 else t("Not these: {things}.")).format(things=names))
        if missing and self.count > 1:
            words.append(t("One more to find.") if missing == 1 else t("{count} more to find.").format(count=missing))
        self._wrong(" ".join(words))

    def choose(self, option: str | int) -> None:
        """Press a button (choice), by its label or its place (0 = the first)."""
        if self.mode != "choice" or self.solved:
            return
        label = self.options[option] if isinstance(option, int) and 0 <= option < len(self.options) else option
        if label not in self.options:
            return
        self.tries += 1
        self.picked = [str(label)]
        if label in self._answer:
            self.marks = {str(label): "right"}
            self._right()
        else:
            self.marks = {str(label): "wrong"}
            self._wrong(t("Not this one."))

    def clear(self) -> None:
        """Take every pick back (the Start again button)."""
        if not self.solved:
            self.picked = []
            self.marks = {}
            self.feedback = ""
            self.verdict = ""

    # ------------------------------------------------------------ verdicts
    def _right(self) -> None:
        self.solved = True
        self.verdict = "right"
        self.feedback = " ".join(filter(None, [t("Correct!"), self._explain]))

    def _wrong(self, what: str) -> None:
        self.verdict = "wrong"
        self.feedback = " ".join(filter(None, [what, self._hint]))

    def _instructions(self) -> str:
        if self.mode == "choice":
            return t("Press the right button.")
        if self.count == 1:
            return t("Click your answer on the picture.")
        return t("Find {count} on the picture, then press Check my answer.").format(count=self.count)

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        if not isinstance(content, dict):
            return
        kind, value = content.get("type"), content.get("value")
        if kind == "click" and isinstance(value, str):
            self.click(value)
        elif kind == "choose" and type(value) is int:
            self.choose(value)
        elif kind == "check":
            self.check()
        elif kind == "clear":
            self.clear()

    def __repr__(self) -> str:
        # Nothing that changes between runs: nbval compares it.
        return f"AnswerWidget({self.question!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, and for a lesson opened before "Run all" (no widget renderer
        yet, an untrusted notebook) the question as HTML: its text and its picture as an
        image, or its choices. Never the answer."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data or {})
        data["text/plain"] = repr(self)
        shown = f"<p><b>{html.escape(self.question)}</b></p>"
        if self.mode == "pick" and self.svg:
            shown += img_html(self.svg, self.question)
        else:
            shown += "<p>" + " · ".join(html.escape(option) for option in self.options) + "</p>"
        data.setdefault("text/html", shown)
        return data, metadata


def picture_of(picture: Any, viewer: int | None = None) -> str:
    """The SVG of ``picture``: a game (drawn from ``viewer``'s view) or SVG text as it is."""
    if isinstance(picture, str):
        return picture
    draw = getattr(picture, "svg", None)
    if not callable(draw):
        raise ValueError(f"pick() needs a game or an SVG picture, not {picture!r}")
    return str(draw(viewer=viewer))


def thing_names(svg: str, things: Iterable[str]) -> dict[str, str]:
    """What to call each clickable thing: the picture's own ``<title>`` for it, a card as the
    board names it ("blue Queen card"), a labelled target by its words ("Column 4"), a square
    of a board by its name ("e4"), anything else as the board would name it."""
    shown = svg_ids(svg)
    squares = board_squares(shown)
    titles: dict[str, str] = {}
    words: dict[str, str] = {}
    try:
        root = ElementTree.fromstring(svg)
    except ElementTree.ParseError:
        root = None
    for element in root.iter() if root is not None else ():
        thing = element.get("data-id")
        if thing is None:
            continue
        title = element.find(f"{SVG_NS}title")
        if title is not None and title.text and thing not in titles:
            titles[thing] = title.text.strip()
        text = " ".join(part.strip() for part in element.itertext() if part.strip())
        if element.tag == f"{SVG_NS}g" and text and thing not in words:
            words[thing] = text
    names = {}
    for thing in things:
        if thing in titles:
            names[thing] = titles[thing]
        elif CARD_ID.match(thing):
            names[thing] = target_name(thing, present=shown)
        elif thing in words and not (SQUARE_ID.match(thing) and thing in squares and words[thing] == thing):
            names[thing] = words[thing]
        elif SQUARE_ID.match(thing) and thing in squares:
            names[thing] = thing
        else:
            names[thing] = target_name(thing, present=shown)
    return names


def pick(picture: Any, question: str, answer: str | Iterable[str], *, hint: str = "", explain: str = "",
         clickable: Iterable[str] | None = None, viewer: int | None = None) -> AnswerWidget:
    """A question answered by clicking on a picture.

    ``picture`` is a game (drawn from ``viewer``'s view: a card game's question shows
    only what that seat may see) or an SVG; ``answer`` the id or ids to find
    (squares like ``"c6"``, card ids like ``"R8"``: the picture's ``data-id``s);
    ``clickable`` the ids the pupil may click (default: every id of the picture);
    ``hint`` what to say after a wrong answer; ``explain`` what to add to "Correct!".
    """
    svg = picture_of(picture, viewer)
    shown = list(dict.fromkeys(svg_ids(svg)))
    things = [answer] if isinstance(answer, str) else list(answer)
    allowed = shown if clickable is None else list(dict.fromkeys(clickable))
    if not things:
        raise ValueError("pick() needs at least one right answer")
    missing = [thing for thing in things + allowed if thing not in shown]
    if missing:
        raise ValueError(f"the picture has nothing to click called {', '.join(sorted(set(missing)))}")
    outside = [thing for thing in things if thing not in allowed]
    if outside:
        raise ValueError(f"the answer {', '.join(outside)} is not among the clickable things")
    return AnswerWidget(mode="pick", question=question, svg=svg, clickable=allowed, count=len(set(things)),
                        names=thing_names(svg, allowed), answer=things, hint=hint, explain=explain)


def choice(question: str, options: Sequence[str], answer: str | Iterable[str], *, hint: str = "",
           explain: str = "") -> AnswerWidget:
    """A question answered by pressing one of ``options`` (labels); ``answer`` the right one (or ones)."""
    labels = [str(option) for option in options]
    right = [answer] if isinstance(answer, str) else list(answer)
    if len(labels) < 2 or len(set(labels)) != len(labels):
        raise ValueError("choice() needs two or more different options")
    wrong = [label for label in right if label not in labels]
    if not right or wrong:
        raise ValueError(f"the answer must be one of the options {labels}, not {', '.join(wrong) or 'nothing'}")
    return AnswerWidget(mode="choice", question=question, options=labels, answer=right, hint=hint, explain=explain)


def yes_no(question: str, answer: bool, *, hint: str = "", explain: str = "") -> AnswerWidget:
    """A question answered by "Yes" or "No" (in the current language)."""
    yes, no = t("Yes"), t("No")
    return choice(question, [yes, no], yes if answer else no, hint=hint, explain=explain)
