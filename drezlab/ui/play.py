"""``drezlab.ui.play``: play any drezlab game in a notebook.

``play(game, seats=("human", "random"), seed=None)`` returns a
:class:`PlayWidget`. Display it (last expression of a cell) to get:

* the game's title, from its metadata (``spec.title_in(language)``);
* the board (:class:`~drezlab.ui.board.BoardWidget`): click the things an
  action touches (a card, a piece, a square...) in any order; the possible
  next clicks are highlighted and the action is played as soon as the clicks
  name exactly one legal action (rules in :mod:`drezlab.ui.selection`);
* a status line (whose turn, the result, or why something was refused);
* buttons for the legal actions without targets (roll the die, pass...) and for
  targets the picture does not show (a promotion choice);
* the move log (``game.describe(action)``, computed before each action);
* a level chooser for each bot seat (a dropdown of the game's strength ladder by
  friendly names, "Level 1: Beginner" ... "Level 4: Strongest", :func:`level_choices`;
  the new level plays from the bot's next move and at New game) and a Rules button
  that shows the game's short rules (its metadata's summary) in the current language;
* New game, Undo (back to the previous decision of a human, taking back the
  bots' replies too) and the Seed field. New game deals with a fresh seed,
  drawn at random and shown in the Seed field, unless the seed is fixed
  (``play(..., seed=12)``: the whole class plays the same deal) or the teacher
  typed one there. In a hot-seat game with hidden cards, Undo takes back only
  the own actions of the player at the screen within their turn: a move is
  final once the screen has been passed.

Seats: one entry per seat of the game, each ``"human"``, a bot name (one the
game's metadata declares or a generic one such as ``"random"``, resolved by
``drezlab.players.make(name, seed, game=game)``), a level of the game's strength
ladder (``"level-3"``: the third of ``spec.levels``, weakest first) or a player
object. ``PlayWidget.levels`` lists the ladder in order (``"level-1: random"``,
``"level-2: greedy"`` ...), and so does the message for a seat name that is none
of these. Bots move automatically after every human action.

How a move made in the browser is handled (see :mod:`drezlab.ui.board` for the
messages): the front end narrows the clicks itself against the viewer's legal
actions and sends one complete action with the version of the position it was
chosen in; a stale or repeated one is refused, so a burst of clicks plays at
most the one action it completes. The pupil's move is shown at once; then the
bots reply in a background thread (each thinks on ``game.copy()``, so the
kernel keeps answering and the picture is never drawn from a half-searched
position), the board shows "<seat> thinking…" and takes no clicks, and each
reply is shown as its own step at least ``reply_delay`` seconds after the
previous one (a click on the board skips the wait). The status line names the
reply ("Black played: ...") and the last action of each side stays marked.
Programmatic calls (``click``, ``press``, ``new_game``...) let the bots reply
synchronously, so scripts and tests see the reply when the call returns. A bot named by string
gets the seed ``seed + seat`` (``seed`` = the ``seed`` argument, else the
game's seed), re-applied at New game with the Seed field's value. With no
human seat, a "Next move" button advances the bots one action at a time.

What the browser receives: only ever ``game.svg(viewer)``, which the game's
picture function draws from the immutable observation ``game.view(viewer)``.
With one human seat the viewer is that seat. With two or more human seats
(hot seat) in a game whose metadata declares hidden information
(``spec.hidden_information``), whenever the human to move changes the board is
covered with "Pass the screen to <seat>" over the spectator picture
``game.svg(None)``, until that player presses "I am ready". With no human seat
the viewer is the spectator (``None``).

The numbers on demand: a game whose metadata names a picture option in
``spec.numbers`` (PokerGuess ``odds``, BlackDrez ``hints``) gets a "Show the
numbers" toggle next to New game whenever a pupil plays. Pressed, the board is
redrawn as ``game.svg(viewer, **{spec.numbers: True})``, the viewer's exact odds
or values, drawn from the viewer's own observation; pressed again, without them.
They are a seat's own knowledge: the toggle adds them only to the picture of the
seat at the screen, never to a spectator picture or the hot-seat cover. When the game has an
option of the same name (BlackDrez's ``hints=True``) the toggle starts pressed.

The widget knows no game: everything above goes through the Game protocol and
the game's metadata, so a new game plays in it without widget code.
The move log shows ``game.describe(action)``: games with hidden information
must keep those lines free of secrets.

For tests and scripting the widget has programmatic hooks: ``click(id)``,
``press(label_or_text)``, ``ready()``, ``undo()``, ``new_game(seed)``,
``log`` (list of strings), ``status``, ``banner`` (the "Your turn" banner's words),
``set_level(seat, "level-2")``, ``level_choices``, ``rules``, ``buttons``, ``game``, ``board``,
``numbers`` (the toggle's state; ``None`` when not offered), and ``wait()``
(until bots started from the browser have replied).
"""

from __future__ import annotations

import html
import inspect
import random
import re
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from drezlab.core.action import Action
from drezlab.core.cards import Card
from drezlab.core.errors import IllegalAction
from drezlab.core.face import (
    front_end_texts,
    game_title,
    guidance_text,
    hidden_ids,
    last_marks,
    outcome_text,
    target_name,
)
from drezlab.core.game import Game
from drezlab.core.i18n import add_translations, get_language, t, turn_text
from drezlab.core.mime import img_html
from drezlab.core.registry import new
from drezlab.players import RESIGN, level_labels, make
from drezlab.ui.board import BoardWidget
from drezlab.ui.selection import Selection, guidance, svg_ids

HUMAN = "human"
#: where New game draws fresh seeds from (not the games' own generators)
FRESH_SEEDS = random.SystemRandom()
#: the most actions bots may take in a row before the widget stops them
MAX_BOT_ACTIONS = 10_000
#: seconds between a move made in the browser and each bot reply shown after it
REPLY_DELAY = 0.5
#: why Undo refuses in a hot-seat game with hidden cards
HOT_SEAT_UNDO = "Undo takes back only your own move in this turn, never another player's"
#: seconds the bot thread waits before thinking, so that the pupil's move is sent first
START_PAUSE = 0.05
#: actions that end the game for the pupil who plays them: the browser asks before sending
#: them and shows them apart from the other buttons (``text`` -> the question asked)
CONFIRM = {RESIGN: "Really resign? The game ends and the other side wins."}
#: the ladder's friendly words, weakest first, for the level chooser (see :func:`level_choices`)
LEVEL_FIRST, LEVEL_LAST = "Beginner", "Strongest"
LEVEL_MIDDLE = ("Easy", "Medium", "Hard", "Very hard")
add_translations({
    "Level": "Nivel", "Beginner": "Principiante", "Strongest": "El más fuerte", "Easy": "Fácil",
    "Medium": "Medio", "Hard": "Difícil", "Very hard": "Muy difícil", "Rules": "Reglas",
    "{seat} plays": "{seat} juega", "{seat} now plays at {level}": "{seat} juega ahora en {level}",
})


def level_words(count: int) -> list[str]:
    """A friendly word for each rung of a ladder of ``count`` (English; ``t`` translates):
    "Beginner" first, "Strongest" last, "Easy", "Medium", "Hard"... between."""
    if count <= 0:
        return []
    if count == 1:
        return [LEVEL_FIRST]
    between = count - 2
    if between <= len(LEVEL_MIDDLE):
        middle = {0: [], 1: ["Medium"], 2: ["Easy", "Hard"], 3: ["Easy", "Medium", "Hard"]}.get(
            between, list(LEVEL_MIDDLE))
    else:
        middle = [*LEVEL_MIDDLE, *(LEVEL_MIDDLE[-1] for _ in range(between - len(LEVEL_MIDDLE)))]
    return [LEVEL_FIRST, *middle, LEVEL_LAST]


def level_choices(game: Game) -> list[tuple[str, str]]:
    """The game's ladder for the level chooser, in the current language and weakest first:
    ``[("Level 1: Beginner", "level-1"), ("Level 2: Medium", "level-2"), ...]`` (each value
    is a seat name :func:`drezlab.players.make` accepts); ``[]`` without a ladder."""
    spec = type(game).spec
    levels = spec.levels if spec is not None else ()
    return [(f"{t('Level')} {number}: {t(word)}", f"level-{number}")
            for number, word in enumerate(level_words(len(levels)), 1)]


def rules_text(game: Game) -> str:
    """The game's short rules in the current language (its metadata's summary)."""
    spec = type(game).spec
    if spec is None:
        return game.title or type(game).__name__
    return spec.summary_in(get_language())


def _seat_label(spec: Any) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", type(spec).__name__))


def _named_in(card_id: str, lines: Sequence[str]) -> bool:
    """Does the move log name the card ``card_id`` in words ("the Blue Queen card",
    "la carta Dama azul"), as log lines in words do instead of its id? (Both packs'
    copies of a card have the same name.)"""
    try:
        card = Card.parse(card_id)
    except ValueError:
        return False
    if card.is_unknown or card.is_neutral:
        return False
    said = "\n".join(lines).lower()
    return any(card.name(language).lower() in said for language in ("en", "es"))


def _pgn_for_pupils(game: Game, pgn: Callable[..., Any], standard: str) -> str:
    """``game``'s PGN in the current language when its ``pgn`` can write one, else ``standard``."""
    if "language" in inspect.signature(pgn).parameters:
        return str(pgn(language=get_language()))
    return standard


def numbers_option(game: Game) -> str:
    """The picture option that adds the viewer's exact numbers (``spec.numbers``), or ``""``."""
    spec = type(game).spec
    return spec.numbers if spec is not None else ""


def hidden_information(game: Game) -> bool:
    """Does ``game`` hide anything from some seat (its metadata, else its class attribute)?"""
    spec = type(game).spec
    return spec.hidden_information if spec is not None else bool(game.hidden_information)


class PlayWidget:
    """A game with its board, buttons, move log and controls (see the module doc).

    Not itself an ipywidget (``log`` is taken there); the composed widget is
    ``.widget`` and displaying this object displays it. ``controls=False`` hides
    New game, Seed and Undo (for a caller that restarts the game itself).
    """

    def __init__(self, game: Game | str, seats: Sequence[Any] = (HUMAN, "random"),
                 seed: int | None = None, reply_delay: float = REPLY_DELAY, controls: bool = True) -> None:
        if isinstance(game, str):
            game = new(game, seed=seed)
        if not isinstance(game, Game):
            raise ValueError(f"play() needs a drezlab game such as PokerDrez(seed=1), not {type(game).__name__}")
        if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
            raise ValueError(f"seats must be a tuple with one entry per seat, e.g. ('human', 'random'), not {seats!r}")
        seats = tuple(seat.strip().lower() if isinstance(seat, str) else seat for seat in seats)
        if len(seats) != game.players:
            raise ValueError(
                f"{type(game).__name__} has {game.players} seats but seats has {len(seats)} "
                f"entries {seats!r}: give one per seat, each 'human', a bot name such as 'random', "
                "or a player object")
        self.seats: tuple[Any, ...] = seats
        self.humans: tuple[int, ...] = tuple(i for i, seat in enumerate(seats) if seat == HUMAN)
        self.seed = seed if seed is not None else (game.seed if isinstance(game.seed, int) else None)
        #: ``play(..., seed=12)`` fixes the seed for every New game (a whole class plays one deal)
        self.fixed_seed = seed is not None
        self.game: Game = game
        self._bots: dict[int, Any] = {}
        self._make_bots(self.seed)  # raises ValueError for an unknown bot name
        #: one line per action of ``game.history``, in words (also those played before the widget)
        self.log: list[str] = game.history_in_words()
        #: the seat that played each action of the log (``None``: played before the widget)
        self.movers: list[int | None] = [None] * len(game.history)
        self.selection = Selection()
        self.status = ""
        #: seconds between a move made in the browser and each bot reply after it
        self.reply_delay = float(reply_delay)
        self._message = ""
        self._reply = ""                 # "Black played: ..." after the bots' last reply
        self._shown: int | None = None   # the human seat whose private view was last revealed
        #: a hint's ids and the position it was given for (actions played so far, last action)
        self._hint: tuple[list[str], int, Action | None] = ([], 0, None)
        self._running = False
        self._banner = ""
        self._buttons: list[tuple[str, str, str]] = []   # (kind, key, label) now offered
        self._offered: list[Action] = []  # the actions sent to the browser at this version
        self._version = 0
        self._reply_step = 0              # bumped when a bot reply should be animated
        # every entry point takes the lock; the bot thread holds it only to apply a move
        self._lock = threading.RLock()
        self._thread: threading.Thread | None = None
        self._skip = threading.Event()
        #: callbacks run after every action played in the widget (see :meth:`on_action`)
        self._action_callbacks: list[Callable[[], None]] = []
        #: why play is stopped (see :meth:`stop`), ``""`` while it goes on
        self._stopped = ""

        self._title_html = widgets.HTML()
        self._title_html.add_class("dz-title")
        self.board = BoardWidget()
        self.board.on_click(self._guarded(self.click))
        self.board.on_ready(self._guarded(self.ready))
        self.board.on_act(self._guarded(self._front_end_act))
        self.board.on_skip(self._skip.set)
        self.board.on_copy(self._guarded(self._send_record))
        self._new_button = widgets.Button()
        self._new_button.add_class("dz-new-game")
        self._new_button.on_click(self._guarded(lambda _button: self.new_game(background=True)))
        self._undo_button = widgets.Button()
        self._undo_button.add_class("dz-undo")
        self._undo_button.on_click(self._guarded(lambda _button: self.undo()))
        self._next_button = widgets.Button()
        self._next_button.add_class("dz-next")
        self._next_button.on_click(self._guarded(lambda _button: self.next_move()))
        self._seed_field = widgets.IntText(value=self.seed if self.seed is not None else 0,
                                           layout=widgets.Layout(width="160px"))
        # the numbers toggle: offered when the game declares them and a pupil plays;
        # a game option of the same name (BlackDrez's hints=True) presses it at the start
        keyword = numbers_option(game)
        self._numbers_keyword = keyword if self.humans else ""
        self._numbers_button = widgets.ToggleButton(value=game.options.get(keyword) is True)
        self._numbers_button.add_class("dz-numbers")
        self._numbers_button.observe(self._guarded(lambda _change: self._numbers_toggled()), names="value")
        buttons = [self._new_button, self._seed_field, self._undo_button]
        if self._numbers_keyword:
            buttons.append(self._numbers_button)
        self._controls = widgets.HBox(buttons)
        self._controls.add_class("dz-controls")
        # the level chooser of each bot seat (named by text) and the Rules button
        self._level_boxes: dict[int, widgets.Dropdown] = {}
        self._relabeling = False
        choices = level_choices(game)
        self._given_seats = seats
        for seat, entry in enumerate(seats):
            if choices and entry != HUMAN:
                self._level_boxes[seat] = self._level_box(seat, entry, choices)
        self._rules_button = widgets.ToggleButton(value=False)
        self._rules_button.add_class("dz-rules-button")
        self._rules_button.observe(self._guarded(lambda _change: self._refresh_rules()), names="value")
        self._rules_html = widgets.HTML(layout=widgets.Layout(display="none"))
        self._rules_html.add_class("dz-rules")
        self._setup = widgets.HBox([*self._level_boxes.values(), self._rules_button])
        self._setup.add_class("dz-setup")
        if not controls:    # a caller with its own restart (the practice widget) hides them
            self._controls.layout.display = "none"
            self._setup.layout.display = "none"
        self.widget = widgets.VBox([
            self._title_html,
            self.board,
            self._controls,
            self._setup,
            self._rules_html,
        ])
        self.widget.add_class("dz-play")

        self._run_bots()
        self._refresh()

    # ----------------------------------------------------- levels and rules
    def _level_box(self, seat: int, entry: Any, choices: list[tuple[str, str]]) -> widgets.Dropdown:
        """The level chooser of bot seat ``seat`` (given as ``entry``), on its level; a
        seat given as a player object or a bot off the ladder is offered as given too
        (the value ``""`` for an object)."""
        spec = type(self.game).spec
        try:
            name = spec.level_name(entry) if spec is not None and isinstance(entry, str) else None
        except ValueError:
            name = None
        if name is not None:
            value, options = f"level-{spec.levels.index(name) + 1}", list(choices)
        else:
            value = entry if isinstance(entry, str) else ""
            options = [(_seat_label(entry), value), *choices]
        box = widgets.Dropdown(options=options, value=value, layout=widgets.Layout(width="auto"),
                               style={"description_width": "initial"})
        box.add_class("dz-level")
        box.observe(self._guarded(lambda change: self._level_chosen(seat, change["new"])), names="value")
        return box

    def _level_chosen(self, seat: int, level: str) -> None:
        if not self._relabeling:
            self.set_level(seat, level)

    @property
    def level_choices(self) -> dict[int, list[str]]:
        """The level chooser of each bot seat: seat -> the friendly names offered
        ("Level 1: Beginner", ...), in the current language."""
        return {seat: [label for label, _ in box.options] for seat, box in self._level_boxes.items()}

    def set_level(self, seat: int, level: str) -> None:
        """Let bot seat ``seat`` play at ``level`` ("level-2", or a bot name of the ladder;
        ``""``: the player object the seat was given) from its next move on (the level
        chooser calls this)."""
        with self._lock:
            if not 0 <= seat < len(self.seats) or self.seats[seat] == HUMAN:
                raise ValueError(f"seat {seat + 1} is not a bot's seat")
            given = self._given_seats[seat]
            if level == "" and not isinstance(given, str):
                level = given
            if self.seats[seat] is level or self.seats[seat] == level:
                return
            bot_seed = None if self.seed is None else self.seed + seat
            try:
                bot = make(level, seed=bot_seed, game=self.game) if isinstance(level, str) else make(level)
            except ValueError as error:
                self._message = str(error)
                box = self._level_boxes.get(seat)
                playing = self.seats[seat] if isinstance(self.seats[seat], str) else ""
                if box is not None and box.value != playing and playing in [v for _, v in box.options]:
                    box.value = playing             # back to the level that plays
                self._refresh()
                return
            self.seats = (*self.seats[:seat], level, *self.seats[seat + 1:])
            self._bots[seat] = bot
            box = self._level_boxes.get(seat)
            value = level if isinstance(level, str) else ""
            if box is not None and box.value != value and value in [v for _, v in box.options]:
                box.value = value
            shown = dict((v, label) for label, v in box.options).get(value, value) if box else _seat_label(level)
            self._message = t("{seat} now plays at {level}").format(seat=self.game.seat_name(seat), level=shown)
            self._refresh()

    @property
    def rules(self) -> str:
        """The game's short rules, as the Rules button shows them (current language)."""
        return rules_text(self.game)

    @property
    def rules_shown(self) -> bool:
        """Is the Rules button pressed (the rules shown under the board)?"""
        return bool(self._rules_button.value)

    def _refresh_rules(self) -> None:
        self._rules_button.description = t("Rules")
        self._rules_html.value = f'<div class="dz-rules-text">{html.escape(rules_text(self.game))}</div>'
        self._rules_html.layout.display = None if self._rules_button.value else "none"

    @property
    def levels(self) -> list[str]:
        """The game's strength ladder, weakest first: ``["level-1: random", ...]``; each
        ``level-N`` (or the name after the colon) can take a seat."""
        return level_labels(self.game)

    def _seat_text(self, seat: Any) -> str:
        """A seat as ``__repr__`` names it: a seat given as ``"level-N"`` with the bot
        that level is (``"level-2: greedy"``); any other seat by its name, as given."""
        label = _seat_label(seat)
        spec = type(self.game).spec
        if isinstance(seat, str) and spec is not None and seat not in spec.levels:
            try:
                name = spec.level_name(seat)
            except ValueError:
                name = None
            if name is not None:
                return f"level-{spec.levels.index(name) + 1}: {name}"
        return label

    # ------------------------------------------------------------- display
    def __repr__(self) -> str:
        seats = ", ".join(self._seat_text(seat) for seat in self.seats)
        return f"<drezlab play: {type(self.game).__name__}, seats: {seats}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, a stable text repr and a static picture for a notebook opened unrun.

        A saved notebook opened in JupyterLab 4 before "Run all" shows no widget: the
        widget renderer is not there yet, so Lab falls back to the next mime type of the
        output. An untrusted notebook (any notebook a teacher downloads) does not render
        ``image/svg+xml`` either, but its sanitised ``text/html`` keeps an ``<img>`` whose
        source is a ``data:`` URI. So the bundle carries the board as exactly the browser
        would get it (``self.board.svg``: the seat at the screen's view, covered when a
        hand-over screen is up, never another seat's hidden cards) inside such an image.
        Once the kernel runs the cell, the widget renderer ranks above HTML and the live
        widget is shown instead (tests/browser/test_lesson_fallback_browser.py).
        """
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            data, metadata = bundle
        else:
            data, metadata = bundle, {}
        data = dict(data or {})
        data["text/plain"] = repr(self)
        if self.board.svg and "text/html" not in data:
            data["text/html"] = img_html(self.board.svg, game_title(self.game))
        return data, metadata

    # ---------------------------------------------------------- the numbers
    @property
    def numbers(self) -> bool | None:
        """Is "Show the numbers" pressed? ``None`` when the widget does not offer it
        (the game declares no ``spec.numbers``, or nobody plays)."""
        return self._numbers_button.value if self._numbers_keyword else None

    @numbers.setter
    def numbers(self, shown: bool) -> None:
        if not self._numbers_keyword:
            raise ValueError(f"{game_title(self.game)} has no numbers to show in this widget")
        self._numbers_button.value = bool(shown)

    def _numbers_toggled(self) -> None:
        """The toggle changed: redraw the picture for the same viewer and position."""
        with self._lock:
            self._refresh()

    def _picture_options(self, viewer: int | None, overlay: str) -> dict[str, bool]:
        """The picture option that adds the numbers, for the seat at the screen only."""
        if not self._numbers_keyword or viewer is None or overlay:
            return {}
        return {self._numbers_keyword: bool(self._numbers_button.value)}

    # ----------------------------------------------------------- the viewer
    @property
    def overlay(self) -> str:
        """The hand-over text covering the board, or ``""``."""
        return self.board.overlay

    @property
    def viewer(self) -> int | None:
        """The seat whose view the board shows now (``None`` = spectator)."""
        return self._viewer_and_overlay()[0]

    def _human_turn(self) -> bool:
        return not self.game.is_over and self.game.to_move in self.humans

    def _hot_seat_hidden(self) -> bool:
        return len(self.humans) >= 2 and hidden_information(self.game)

    def _viewer_and_overlay(self) -> tuple[int | None, str]:
        if not self.humans:
            return None, ""
        if len(self.humans) == 1:
            return self.humans[0], ""
        to_move = self.game.to_move
        if self._human_turn() and to_move != self._shown:
            if self._hot_seat_hidden():
                return None, f"{t('Pass the screen to')} {self.game.seat_name(to_move)}"
            self._shown = to_move   # nothing hidden: follow the player to move
        return self._shown, ""

    # ------------------------------------------------------------- actions
    def click(self, target: str) -> Action | None:
        """Click the element with ``data-id == target``; returns the action played, if any."""
        with self._lock:
            if self._running or not self._interactive():
                return None
            actions = self.game.legal_actions()
            before = list(self.selection.clicked)
            action = self.selection.click(actions, str(target))
            if action is not None:
                return self._play_human(action)
            self._message = ""
            if list(self.selection.clicked) == before and not any(target in a.targets for a in actions):
                reason = self.game.click_reasons(self.game.to_move).get(str(target))
                self._message = reason or f"{target} {t('cannot be used now')}"
            self._refresh()
            return None

    def press(self, label: str) -> Action | None:
        """Press a button by its label (or an action's text): an action button,
        a target button (promotion choice...), "I am ready", "New game", "Undo",
        "Next move", "Rules" or the "Show the numbers" toggle (English or the current language)."""
        with self._lock:
            for kind, key, shown in self._buttons:
                if label in (shown, key):
                    if kind == "action":
                        return self._press_action(key)
                    return self.click(key)
            controls: dict[str, Callable[[], Any]] = {"Undo": self.undo, "New game": self.new_game}
            if self.board.overlay:
                controls["I am ready"] = self.ready
            if self._next_button.layout.display != "none":
                controls["Next move"] = self.next_move
            if self._numbers_keyword:
                controls["Show the numbers"] = self._press_numbers
            controls["Rules"] = self._press_rules
            for english, method in controls.items():
                if label in (english, t(english)):
                    method()
                    return None
            offered = [shown for _, _, shown in self._buttons] + [t(name) for name in controls]
            raise ValueError(f"there is no button {label!r} now; the buttons are: {', '.join(offered)}")

    def _press_rules(self) -> None:
        """Press the Rules button: the short rules shown, or hidden again."""
        self._rules_button.value = not self._rules_button.value

    def _press_numbers(self) -> None:
        """Press the numbers toggle: on if it was off, off if it was on."""
        self._numbers_button.value = not self._numbers_button.value

    def ready(self) -> None:
        """The player named on the hand-over screen is at the screen: show their view."""
        with self._lock:
            if self._human_turn():
                self._shown = self.game.to_move
            self._changed()
            self._refresh()

    def new_game(self, seed: int | None = None, background: bool = False) -> None:
        """Start again with ``seed``. Without one: the Seed field's value when the
        seed is fixed (``play(..., seed=12)``) or the teacher typed a new one there,
        else a fresh seed, drawn at random and shown in the Seed field (so that a
        teacher can still say "everyone type seed 12"). A bot that opens the new
        game moves in the background thread when ``background`` (the button)."""
        with self._lock:
            if self._running:
                return
            if seed is None:
                typed = self._seed_field.value
                seed = typed if self.fixed_seed or typed != self.seed else FRESH_SEEDS.randrange(1, 10_000)
            self._seed_field.value = seed
            self.seed = seed
            self.game = self.game.fresh(seed)
            self._make_bots(seed)
            self._begin()
            if background and self._bot_to_move():
                self._start_bots_in_background()
                return
            self._run_bots()
            self._refresh()

    def undo(self) -> None:
        """Take back to the previous decision of a human, with the bots' replies.

        Hot seat with hidden cards: Undo takes back only the last action of the
        player at the screen, within their own turn. A move is final once the
        screen has been passed: the other player's move is never taken back
        behind the cover, where its owner could not see what changed."""
        with self._lock:
            if self._running:
                return
            game = self.game
            self.selection.clear()
            self._message = ""
            self._reply = ""
            if not game.history:
                self._message = t("Nothing to undo")
            elif self._hot_seat_hidden():
                viewer, overlay = self._viewer_and_overlay()
                if overlay or self.movers[-1] != viewer:
                    self._message = t(HOT_SEAT_UNDO)
                else:
                    game.undo()
            elif not self.humans:
                game.undo()
            else:
                undone: list[Action] = []
                while game.history:
                    undone.append(game.undo())
                    if game.to_move in self.humans:
                        break
                if game.to_move not in self.humans:
                    # no human decision before: put everything back as it was
                    for action in reversed(undone):
                        game.play(action)
                    self._message = t("Nothing to undo")
            del self.log[len(game.history):]
            del self.movers[len(game.history):]
            self._changed()
            self._refresh()

    def next_move(self) -> Action | None:
        """Let the bot to move play one action (for games without a human to move)."""
        with self._lock:
            game = self.game
            if self._running or self._stopped or game.is_over or game.to_move not in self._bots:
                return None
            played = self._bot_step()
            self._refresh()
            return played

    def wait(self, timeout: float = 60.0) -> bool:
        """Wait until bots started by a move from the browser have replied; ``True`` if they have."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def on_action(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every action played here (a pupil's or a bot's),
        under the widget's lock and before the next bot moves, so that a caller
        (the practice widget) can judge the position and :meth:`stop` play in time."""
        self._action_callbacks.append(callback)

    def stop(self, text: str) -> None:
        """Stop play with ``text`` in the status line: no more clicks, no bot moves,
        until :meth:`restart` or New game (a practice goal met or missed)."""
        with self._lock:
            self._stopped = str(text)
            self.selection.clear()
            self._changed()
            self._refresh()

    def show_hint(self, targets: Sequence[str]) -> None:
        """Mark ``targets`` (ids of the picture; others are left out) as a hint on the
        board, in the browser too (``marks["hint"]``, class ``dz-hinted``), until the
        next action is played, a move is undone or the game restarts."""
        with self._lock:
            history = self.game.history
            self._hint = ([str(target) for target in targets], len(history), history[-1] if history else None)
            self._refresh()

    @property
    def hint_marks(self) -> list[str]:
        """The ids the board marks as the hint now (see :meth:`show_hint`)."""
        return list(self.board.marks.get("hint", []))

    @property
    def stopped(self) -> str:
        """Why play was stopped by :meth:`stop`, or ``""``."""
        return self._stopped

    def restart(self, game: Game) -> None:
        """Play ``game`` from its position (a practice exercise's "Try again"): the log,
        the marks and the bots start again, with the bots seeded as at the start."""
        if not isinstance(game, Game) or type(game) is not type(self.game):
            raise ValueError(f"restart needs a game of {type(self.game).__name__}, not {type(game).__name__}")
        with self._lock:
            if self._running:
                return
            self.game = game
            self._make_bots(self.seed)
            self._begin()
            self._run_bots()
            self._refresh()

    def _begin(self) -> None:
        """Forget the previous game's log, clicks, messages and stop (a new start)."""
        self.log = self.game.history_in_words()
        self.movers = [None] * len(self.log)
        self.selection.clear()
        self._message = ""
        self._reply = ""
        self._stopped = ""
        self._shown = None
        self._hint = ([], 0, None)
        self._changed()

    def _acted(self) -> None:
        for callback in self._action_callbacks:
            callback()

    @property
    def banner(self) -> str:
        """What the board's "Your turn" banner says now ("Your turn: pick a card, then a
        piece"; ``""`` when the pupil has nothing to do), for the clicks made through
        :meth:`click` (the browser computes the same for its own clicks)."""
        return self._banner

    @property
    def reply(self) -> str:
        """'Black played: ...' after the bots' last reply, else ``""`` (the status line
        shown in the browser, ``board.status``, adds it to ``status``)."""
        return self._reply

    @property
    def buttons(self) -> list[str]:
        """The labels of the action and target buttons offered now."""
        return [shown for _, _, shown in self._buttons]

    @property
    def highlight(self) -> list[str]:
        """The ``data-id``s highlighted now (the front end computes the same)."""
        return list(self.board.highlight)

    @property
    def selected(self) -> list[str]:
        """The ``data-id``s clicked so far through :meth:`click`."""
        return list(self.board.selected)

    # ------------------------------------------------------------ internals
    def _guarded(self, method: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap a front-end callback: a failure shows in the status line instead of vanishing."""
        def call(*args: Any) -> None:
            try:
                method(*args)
            except Exception as error:  # noqa: BLE001 - show it to the pupil, keep the widget alive
                with self._lock:
                    self._running = False
                    self.board.busy = False
                    self._message = f"{type(error).__name__}: {error}"
                    self._changed()
                    self._refresh()
                self.widget.log.exception("drezlab widget callback failed")
        return call

    def _changed(self) -> None:
        """The position or the viewer changed: actions chosen before are stale."""
        self._version += 1

    def _interactive(self) -> bool:
        return self._human_turn() and not self._stopped and not self._viewer_and_overlay()[1]

    def _make_bots(self, seed: int | None) -> None:
        self._bots = {}
        for seat, spec in enumerate(self.seats):
            if spec == HUMAN:
                continue
            bot_seed = None if seed is None else seed + seat
            try:
                self._bots[seat] = make(spec, seed=bot_seed, game=self.game) if isinstance(spec, str) else make(spec)
            except ValueError as error:
                if not isinstance(spec, str):
                    raise
                raise ValueError(f"seat {seat + 1} is {spec!r}: {error}, or {HUMAN!r} for a pupil") from None

    def _front_end_act(self, index: int, version: int) -> None:
        """A complete action from the browser: the ``index``-th one sent at ``version``.

        Anything stale (an older version, a second action of a burst of clicks,
        a move while the bots think) is refused; the version is bumped anyway so
        that the front end, which waits for a new version, takes clicks again."""
        with self._lock:
            fresh = version == self._version and 0 <= index < len(self._offered)
            if fresh and not self._running and self._interactive():
                action = self._offered[index]
                self.selection.clear()
                self._play_human(action, background=True)
                return
            self._changed()
            self._refresh()

    def _play_human(self, action: Action, background: bool = False) -> Action | None:
        """Play a human's action; then the bots reply (in a thread when ``background``)."""
        if self._running or not self._interactive():
            return None
        self.selection.clear()
        seat = self.game.to_move
        try:
            line = self.game.describe(action)
            played = self.game.play(action)
        except IllegalAction as error:
            self._message = str(error)
            self._changed()
            self._refresh()
            return None
        self.log.append(line)
        self.movers.append(seat)
        self._message = ""
        self._reply = ""
        self._changed()
        self._acted()
        if background and self._bot_to_move():
            self._start_bots_in_background()
        else:
            self._run_bots()
            self._refresh()
        return played

    def _bot_to_move(self) -> bool:
        return (bool(self.humans) and not self._stopped and not self.game.is_over
                and self.game.to_move in self._bots)

    def _bot_step(self, chosen: Action | None = None) -> Action | None:
        """One bot action (``chosen``, or the bot's choice on the live game), logged."""
        game = self.game
        seat = game.to_move
        if seat is None:
            return None
        bot = self._bots[seat]
        try:
            action = bot.choose(game) if chosen is None else chosen
            line = game.describe(action)
            played = game.play(action)
        except IllegalAction as error:
            self._message = f"{game.seat_name(seat)} ({_seat_label(self.seats[seat])}): {error}"
            return None
        self.log.append(line)
        self.movers.append(seat)
        self._reply = self._played_text(seat, line)
        self._reply_step += 1
        self._changed()
        self._acted()
        return played

    def _played_text(self, seat: int, line: str) -> str:
        """'Black played: Nf6' from the log line 'Black: Nf6'."""
        name = self.game.seat_name(seat)
        what = line[len(name) + 2:] if line.startswith(f"{name}: ") else line
        return t("{seat} played: {move}").format(seat=name, move=what)

    def _thinking_text(self) -> str:
        return f"{self.game.seat_name(self.game.to_move)} {t('thinking')}…"

    def _thinking(self) -> None:
        """Show that the bot to move is thinking (before a synchronous bot move)."""
        with self.board.hold_sync():
            self.board.busy = True
            self.board.status = self._thinking_text()

    def _run_bots(self) -> None:
        """Let the bots move until a human is to move or the game ends (synchronously)."""
        if not self.humans or self._running:
            return
        self._running = True
        try:
            steps = 0
            while self._bot_to_move():
                if steps >= MAX_BOT_ACTIONS:
                    self._message = f"the bots played {MAX_BOT_ACTIONS} actions in a row; stopped"
                    break
                if steps == 0:
                    self._thinking()
                if self._bot_step() is None:
                    break
                steps += 1
        finally:
            self._running = False
            self.board.busy = False

    def _start_bots_in_background(self) -> None:
        """Show the human's move now, then let the bots reply from a thread."""
        self._running = True
        self._skip.clear()
        self._refresh()
        self._thread = threading.Thread(target=self._bots_in_background, name="drezlab-bots", daemon=True)
        self._thread.start()

    def _bots_in_background(self) -> None:
        """The bot thread: each bot chooses on a copy (off the lock), the move is applied
        under the lock and shown as its own step, ``reply_delay`` after the previous one."""
        shown_at = time.monotonic()
        # let the kernel's I/O thread send the pupil's move before a bot takes the GIL to think
        self._skip.wait(min(START_PAUSE, self.reply_delay))
        try:
            for _ in range(MAX_BOT_ACTIONS):
                with self._lock:
                    if not self._bot_to_move():
                        break
                    game, seat = self.game, self.game.to_move
                    snapshot = game.copy()
                    bot = self._bots[seat]
                action = bot.choose(snapshot)
                pause = self.reply_delay - (time.monotonic() - shown_at)
                if pause > 0:
                    self._skip.wait(pause)
                with self._lock:
                    if self.game is not game or game.to_move != seat or self._bot_step(action) is None:
                        break
                    self._refresh()
                shown_at = time.monotonic()
            else:
                with self._lock:
                    self._message = f"the bots played {MAX_BOT_ACTIONS} actions in a row; stopped"
        except Exception as error:  # noqa: BLE001 - a failing bot is shown to the pupil, not lost in a thread
            with self._lock:
                self._message = f"{type(error).__name__}: {error}"
        finally:
            with self._lock:
                self._running = False
                self.board.busy = False
                self._changed()
                self._refresh()

    def _send_record(self) -> None:
        """Answer the Copy button with the record of the game as the board's viewer may see it."""
        with self._lock:
            viewer, overlay = self._viewer_and_overlay()
            self.board.send_record("" if overlay else self.record(viewer))

    def record(self, viewer: int | None = None) -> str:
        """The text the Copy button copies: the game's PGN when it offers ``pgn()`` (written
        for pupils of the current language when ``pgn`` takes a ``language``: "Cf3" and
        card names in Spanish) and
        the PGN names nothing hidden from ``viewer`` that the move log does not already
        name (log lines are public when written, by the ``describe`` contract), else
        the move log and the result. A card counts as named when the line of the very
        action that carries its id names it in words: so the two packs' copies of a card
        (``Q5``, ``Q5b``, both "the Blue Queen card") are told apart by the action."""
        pgn = getattr(self.game, "pgn", None)
        if callable(pgn):
            text = str(pgn())          # the standard PGN names the cards by their ids: checked
            words = set(re.findall(r"[A-Za-z0-9_+#=-]+", text))
            logged = set(re.findall(r"[A-Za-z0-9_+#=-]+", "\n".join(self.log)))
            named = {token for action, line in zip(self.game.history, self.log)
                     for token in re.findall(r"[A-Za-z0-9]+", action.text) if _named_in(token, [line])}
            if not (words & hidden_ids(self.game, viewer)) - logged - named:
                return _pgn_for_pupils(self.game, pgn, text)
        return "\n".join(self.log + ([outcome_text(self.game)] if self.game.is_over else []))

    def _marks(self, viewer: int | None, present: set[str]) -> dict[str, Any]:
        """The last action of the viewer and of the others, as ids of the picture.

        Only ids the viewer's own picture carries are sent, so a mark never
        names a hidden card."""
        history = self.game.history
        mine, theirs = last_marks(history, self.movers, viewer, present)
        hinted, length, last = self._hint
        same_position = length == len(history) and (history[-1] if history else None) is last
        hint = [target for target in hinted if target in present] if same_position else []
        return {"mine": mine, "theirs": theirs, "hint": hint, "step": self._reply_step}

    def _refresh(self) -> None:
        """Push the current state to every part of the widget."""
        game = self.game
        viewer, overlay = self._viewer_and_overlay()
        interactive = self._human_turn() and not overlay and not self._running and not self._stopped
        picture = game.svg(viewer, **self._picture_options(viewer, overlay))
        actions = game.legal_actions() if interactive else []
        present = svg_ids(picture)
        # buttons: target-less actions, then targets the picture does not show
        offered: list[tuple[str, str, str]] = [("action", a.text, a.label) for a in actions if not a.targets]
        offered += [("target", target, target_name(target, present=present))
                    for target in self.selection.missing_targets(actions, present)]
        self._buttons = offered
        self._offered = actions
        self._banner = guidance_text(*guidance(actions, self.selection.clicked, present)) if interactive else ""

        if self._stopped:
            base = self._stopped
        elif game.is_over:
            base = outcome_text(game)
        elif overlay:
            base = overlay
        elif interactive:
            base = f"{t('Your turn')}: {game.seat_name(game.to_move)}"
            if self.selection.clicked:
                base += f" — {' '.join(self.selection.clicked)}"
        elif game.to_move is not None:
            base = turn_text(game.seat_name(game.to_move))
        else:
            base = ""
        self.status = " — ".join(part for part in (base, self._message) if part)
        # the status line shown also names the bots' last reply
        shown = " — ".join(part for part in (base, "" if overlay else self._reply, self._message) if part)
        thinking = self._running and self._bot_to_move()
        with self.board.hold_sync():
            self.board.busy = thinking
            self.board.status = self._thinking_text() if thinking else shown
            self.board.svg = picture
            self.board.actions = [{"targets": list(a.targets), "label": "" if a.targets else a.label,
                                   "confirm": t(CONFIRM[a.text]) if a.text in CONFIRM and not a.targets else ""}
                                  for a in actions]
            self.board.reasons = self._click_reasons(actions, present) if interactive else {}
            self.board.highlight = self.selection.staged_targets(actions, present)
            self.board.selected = list(self.selection.clicked) if interactive else []
            self.board.marks = {} if overlay else self._marks(viewer, present)
            self.board.overlay = overlay
            self.board.overlay_button = t("I am ready")
            self.board.texts = front_end_texts()
            self.board.log = list(self.log)
            self.board.log_title = t("Move log")
            self.board.result = outcome_text(game)
            self.board.version = self._version


        self._title_html.value = f"<b>{html.escape(game_title(game))}</b>"
        self._new_button.description = t("New game")
        self._undo_button.description = t("Undo")
        self._next_button.description = t("Next move")
        self._seed_field.description = t("Seed")
        self._numbers_button.description = t("Show the numbers")
        self._refresh_rules()
        choices = level_choices(game)
        for seat, box in self._level_boxes.items():
            box.description = t("{seat} plays").format(seat=self.game.seat_name(seat))
            values = [value for _, value in box.options]
            labels = dict((value, label) for label, value in choices)
            relabeled = [(labels.get(value, label), value) for label, value in box.options]
            if relabeled != list(box.options):     # the language changed: same levels, new words
                chosen, self._relabeling = box.value, True
                try:
                    box.options = relabeled
                    box.value = chosen if chosen in values else box.value
                finally:
                    self._relabeling = False
        bot_turn = (not game.is_over and game.to_move in self._bots and not self._running
                    and not self._stopped)
        self._next_button.layout.display = None if bot_turn else "none"
        if bot_turn and self._next_button not in self._controls.children:
            self._controls.children = (*self._controls.children, self._next_button)

    def _click_reasons(self, actions: list[Action], present: set[str]) -> dict[str, str]:
        """The game's reasons for the ids of the picture that no action of the viewer uses."""
        usable = {target for action in actions for target in action.targets}
        reasons = self.game.click_reasons(self.game.to_move)
        return {key: text for key, text in reasons.items() if key in present and key not in usable}

    def _press_action(self, text: str) -> Action | None:
        try:
            action = self.game.parse(text)
        except IllegalAction as error:
            self._message = str(error)
            self._refresh()
            return None
        return self._play_human(action)


def play(game: Game | str, seats: Sequence[Any] = (HUMAN, "random"), seed: int | None = None,
         reply_delay: float = REPLY_DELAY) -> PlayWidget:
    """Play ``game`` in the notebook: ``drezlab.ui.play(PokerDrez(seed=1), seats=("human", "random"))``.

    ``seats`` has one entry per seat: ``"human"``, a bot name (``"random"``)
    or a player object. ``seed`` seeds the bots and fills the Seed field
    (default: the game's seed). ``reply_delay``: seconds between a move made
    in the browser and each bot reply shown after it (a click skips the wait).
    See :mod:`drezlab.ui.play` for the rest.
    """
    return PlayWidget(game, seats=seats, seed=seed, reply_delay=reply_delay)
