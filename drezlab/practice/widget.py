"""The practice widget: a practice set played in the one game widget.

``PracticeWidget(practice_set, folder=None)`` (or ``practice_set.widget()``)
composes with ipywidgets:

* a "Your name" field, asked once for the whole set (the attempts are recorded
  under it; an attempt finished before a name is typed is recorded as soon as
  one is);
* the exercise chooser (when the set has more than one), its title, goal and
  instructions;
* :class:`drezlab.ui.play.PlayWidget` with the pupil's seat ``"human"`` and every
  other seat the exercise's defender, without its New game / Undo controls;
* the goal's verdict after every action, in a plain sentence: still open, met
  or missed; once decided, play stops and the attempt is recorded
  (:mod:`drezlab.practice.attempts`); an attempt left undecided after a move of the
  pupil's ("Try again", another exercise) is recorded as ``unfinished``;
* "Try again" (the exercise's position again) and "Hint" (the move the top of
  the game's ladder would play, as text and highlighted on the board).

In a lesson joined to a class (``classroom=`` a :class:`drezlab.classroom.client.Pupil`,
from ``drezlab.classroom.connect(url, code)``), the attempts go to the class database
under the pupil's login name instead (the name field shows it and cannot be changed);
when the class server cannot take one (not answering, logged out...), that attempt is
written to the local folder as without a class, and the pupil is told so in plain words:
nothing is lost, and the teacher can import the folder later
(:meth:`drezlab.classroom.client.Teacher.import_attempts`).

For scripts and tests: ``name``, ``choose(index_or_id)``, ``play`` (the game
widget: ``click``, ``press``...), ``verdict``, ``result``, ``try_again()``,
``hint()``, ``recorded`` (the attempts written by this widget, wherever they went),
``sent`` (those the class database stored) and ``warning`` (why the last attempt is
kept on this computer instead, or ``""``).
"""

from __future__ import annotations

import html
import os
from typing import Any

import ipywidgets as widgets

from drezlab.core.i18n import add_translations, get_language, t
from drezlab.core.mime import img_html
import drezlab.practice.attempts as store
from drezlab.practice.exercise import Attempt, Exercise, PracticeSet, hint
from drezlab.practice.goals import MET, OPEN, UNFINISHED, Verdict
from drezlab.ui.play import REPLY_DELAY, PlayWidget, game_title

add_translations({
    "Your name": "Tu nombre",
    "Exercise": "Ejercicio",
    "Goal": "Objetivo",
    "Try again": "Otra vez",
    "Hint": "Pista",
    "Hint: {move}": "Pista: {move}",
    "No hint: the goal is decided.": "Sin pista: el objetivo ya está decidido.",
    "No hint: it is not your turn.": "Sin pista: no es tu turno.",
    "Well done!": "¡Muy bien!",
    "Not this time.": "Esta vez no.",
    "Recorded for {name}.": "Guardado para {name}.",
    "Type your name above to record this attempt.": "Escribe tu nombre arriba para guardar este intento.",
    "Saved in the class for {name}.": "Guardado en la clase para {name}.",
    "The class did not get this attempt ({why}), so it is kept on this computer in {folder}: nothing is lost. "
    "Tell your teacher.":
        "La clase no recibió este intento ({why}), así que se guarda en este ordenador, en {folder}: no se pierde "
        "nada. Díselo a tu profesor.",
})

#: seconds the widget waits for the class server to store an attempt before keeping it locally
CLASS_TIMEOUT = 5.0


def check_classroom(classroom: Any) -> Any:
    """``classroom`` if it is a pupil logged in to a class (or ``None``), else a ValueError."""
    if classroom is not None and not callable(getattr(classroom, "record_attempt", None)):
        raise ValueError("classroom= takes the pupil of a class, as drezlab.classroom.connect(url, code) gives it, "
                         f"not {classroom!r}")
    return classroom


class PracticeWidget:
    """A practice set (or one exercise) to play; see the module doc."""

    def __init__(self, exercises: PracticeSet | Exercise, folder: str | os.PathLike[str] | None = None,
                 name: str = "", reply_delay: float | None = None, classroom: Any = None) -> None:
        if isinstance(exercises, Exercise):
            exercises = PracticeSet(exercises.id, (exercises,))
        if not isinstance(exercises, PracticeSet):
            raise ValueError(f"the practice widget needs a practice set or an exercise, not {exercises!r}")
        self.set = exercises
        self.folder = store.folder_of(folder)
        #: the pupil of a class the attempts go to (``None``: only the local folder)
        self.classroom = check_classroom(classroom)
        self.class_timeout = CLASS_TIMEOUT
        if self.classroom is not None and str(getattr(self.classroom, "name", "") or "").strip():
            name = str(self.classroom.name)
        self.reply_delay = REPLY_DELAY if reply_delay is None else float(reply_delay)
        #: the attempts this widget has written (each as recorded)
        self.recorded: list[dict[str, Any]] = []
        self._pending: list[dict[str, Any]] = []
        #: the attempts the class database stored (as it answered)
        self.sent: list[dict[str, Any]] = []
        self._failure: BaseException | None = None     # why the last attempt did not reach the class
        self._saved_for = ""                            # the login name the class stored the last one under
        self._hint = ""
        self._name = widgets.Text(value=name, placeholder=t("Your name"), description=t("Your name"))
        self._name.add_class("dz-practice-name")
        if self.classroom is not None and name:
            self._name.disabled = True          # the login says who the pupil is
        self._name.observe(lambda _change: self._name_changed(), names="value")
        self._chooser = widgets.Dropdown(options=[(e.title_text(), i) for i, e in enumerate(self.set.exercises)],
                                         value=0, description=t("Exercise"))
        self._chooser.add_class("dz-practice-chooser")
        self._chooser.observe(lambda change: self.choose(change["new"]), names="value")
        self._about = widgets.HTML()
        self._about.add_class("dz-practice-goal")
        self._result = widgets.HTML()
        self._result.add_class("dz-practice-result")
        self._again = widgets.Button(description=t("Try again"))
        self._again.add_class("dz-practice-again")
        self._again.on_click(lambda _button: self.try_again())
        self._hint_button = widgets.Button(description=t("Hint"))
        self._hint_button.add_class("dz-practice-hint")
        self._hint_button.on_click(lambda _button: self.hint())
        self._board_box = widgets.VBox()
        top = [self._name] + ([self._chooser] if len(self.set) > 1 else [])
        self.widget = widgets.VBox([widgets.HBox(top), self._about, self._board_box, self._result,
                                    widgets.HBox([self._again, self._hint_button])])
        self.widget.add_class("dz-practice")
        self.exercise: Exercise = self.set.exercises[0]
        self.attempt: Attempt = Attempt(self.exercise)
        self.play: PlayWidget = self._new_play()

    # --------------------------------------------------------------- display
    def __repr__(self) -> str:
        return f"<drezlab practice: {self.set.id}, {len(self.set)} exercises>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, a stable text repr (nbval compares it) and, for a lesson opened
        before it is run, the exercise's title, goal and board as a static picture (the
        pupil's view, as :meth:`drezlab.ui.play.PlayWidget._repr_mimebundle_` explains)."""
        bundle = self.widget._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data or {})
        data["text/plain"] = repr(self)
        if self.play.board.svg:
            data["text/html"] = (f"<p>{self._about.value}</p>"
                                 + img_html(self.play.board.svg, game_title(self.play.game)))
        return data, metadata

    # ------------------------------------------------------------ the pupil
    @property
    def name(self) -> str:
        return self._name.value.strip()

    @name.setter
    def name(self, value: str) -> None:
        self._name.value = str(value)

    @property
    def verdict(self) -> Verdict:
        return self.attempt.verdict

    @property
    def result(self) -> str:
        """The verdict line as shown (plain text)."""
        return self._result_text()

    def choose(self, exercise: int | str) -> None:
        """Switch to another exercise of the set (by position or id); an attempt left
        undecided after a move of the pupil's is recorded as unfinished."""
        chosen = self.set[exercise]
        self.exercise = chosen
        index = self.set.exercises.index(chosen)
        if self._chooser.value != index:
            self._chooser.value = index    # observed: comes back here with the same exercise
            return
        self._leave()
        self.attempt = Attempt(chosen)
        self.play = self._new_play()

    def try_again(self) -> None:
        """The exercise's position again (an attempt left undecided after a move of the
        pupil's is recorded as unfinished)."""
        self.play.wait()
        self._leave()
        game = self.attempt.restart()
        self._hint = ""
        self.play.restart(game)
        self.attempt.game = self.play.game
        self._show()

    def hint(self) -> str:
        """The move the strongest level would play for the pupil now, shown and returned."""
        game = self.play.game
        if self.attempt.verdict.state != OPEN:
            self._hint = t("No hint: the goal is decided.")
        elif game.to_move != self.attempt.progress.pupil or self.play.board.busy:
            self._hint = t("No hint: it is not your turn.")
        else:
            action = hint(game, seed=self.exercise.seed)
            self._hint = t("Hint: {move}").format(move=game.describe(action))
            self.play.show_hint(action.targets)
        self._show()
        return self._hint

    # ------------------------------------------------------------- internals
    def _new_play(self) -> PlayWidget:
        """A game widget for the current attempt (put in place of the previous one)."""
        game = self.attempt.game
        play = PlayWidget(game, seats=self.exercise.seats(game), seed=self.exercise.seed,
                          reply_delay=self.reply_delay, controls=False)
        play.on_action(self._acted)
        self.play = play
        self._hint = ""
        self._board_box.children = (play.widget,)
        self._show()
        return play

    def _acted(self) -> None:
        """After every action in the game widget: judge, and stop and record once decided."""
        play = self.play
        seat = play.movers[-1] if play.movers else None
        before = self.attempt.verdict.state
        verdict = self.attempt.after(play.game, seat)
        self._hint = ""
        if before == OPEN and verdict.state != OPEN:
            play.stop(self._verdict_line(verdict))
            self._finish(verdict)
        self._show()

    def _finish(self, verdict: Verdict) -> None:
        self._keep(verdict.state)

    def _leave(self) -> None:
        """The pupil leaves the current attempt: record it as unfinished if they moved in
        it and its goal is still open (a decided attempt is already recorded)."""
        if self.attempt.verdict.state == OPEN and self.attempt.progress.moves:
            self._keep(UNFINISHED)

    def _keep(self, result: str) -> None:
        """Record the current attempt with ``result`` (waiting for a name if none yet)."""
        entry = {"exercise": f"{self.set.id}/{self.attempt.exercise.id}", "moves": self.attempt.moves(),
                 "result": result, "seconds": self.attempt.seconds()}
        self._pending.append(entry)
        self._flush()

    def _flush(self) -> None:
        """Write the attempts waiting for a name, once there is one."""
        if not self.name:
            return
        while self._pending:
            entry = self._pending.pop(0)
            self.recorded.append(self._write(entry))

    def _write(self, entry: dict[str, Any]) -> dict[str, Any]:
        """One attempt to the class database, else (or without a class) to the folder."""
        if self.classroom is None:
            return store.record(self.folder, self.name, **entry)
        entry = {**entry, "timestamp": store.now()}
        try:
            saved = dict(self.classroom.record_attempt(entry, timeout=self.class_timeout))
        except Exception as error:  # noqa: BLE001 - whatever went wrong, the attempt is kept here
            kept = store.record(self.folder, self.name, **entry)
            self._failure, self._saved_for = error, ""
            return kept
        self.sent.append(saved)
        self._failure, self._saved_for = None, str(saved.get("pupil") or self.name)
        return saved

    @property
    def warning(self) -> str:
        """Why the last attempt is kept on this computer instead of the class (in the
        current language), or ``""``."""
        error = self._failure
        if error is None:
            return ""
        words = getattr(error, "words", None)
        why = words(get_language()) if callable(words) else (str(error) or type(error).__name__)
        return t("The class did not get this attempt ({why}), so it is kept on this computer in {folder}: "
                 "nothing is lost. Tell your teacher.").format(why=why, folder=self.folder)

    def _name_changed(self) -> None:
        self._flush()
        self._show()

    def _verdict_line(self, verdict: Verdict) -> str:
        cheer = t("Well done!") if verdict.state == MET else t("Not this time.")
        return f"{cheer} {verdict.reason}"

    def _result_text(self) -> str:
        verdict = self.attempt.verdict
        if verdict.state == OPEN:
            line = f"{t('Goal')}: {self.exercise.goal.text()} — {verdict.reason}"
        else:
            line = self._verdict_line(verdict)
            if self._pending:
                line += " " + t("Type your name above to record this attempt.")
            elif self.name and self.recorded and self._failure is None:
                line += " " + (t("Saved in the class for {name}.").format(name=self._saved_for) if self._saved_for
                               else t("Recorded for {name}.").format(name=self.name))
        if self.warning:
            line += " " + self.warning
        return f"{line} {self._hint}".strip()

    def _show(self) -> None:
        exercise = self.exercise
        parts = [f"<b>{html.escape(exercise.title_text())}</b>",
                 f"{html.escape(t('Goal'))}: {html.escape(exercise.goal.text())}"]
        if exercise.instructions_text():
            parts.append(html.escape(exercise.instructions_text()))
        self._about.value = "<br>".join(parts)
        state = self.attempt.verdict.state
        colour = {"met": "#2e7d32", "missed": "#b23c17"}.get(state, "inherit")
        self._result.value = (f'<span class="dz-practice-{state}" style="color:{colour}">'
                              f"{html.escape(self._result_text())}</span>")
