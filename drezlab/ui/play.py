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
* New game (with the seed in the Seed field), Undo (back to the previous
  decision of a human, taking back the bots' replies too) and the Seed field.

Seats: one entry per seat of the game, each ``"human"``, a bot name (one the
game's metadata declares or a generic one such as ``"random"``, resolved by
``drezlab.players.make(name, seed, game=game)``) or a player object. Bots move
automatically, synchronously, after every human action. A bot named by string
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

The widget knows no game: everything above goes through the Game protocol and
the game's metadata, so a new game plays in it without widget code.
The move log shows ``game.describe(action)``: games with hidden information
must keep those lines free of secrets.

For tests and scripting the widget has programmatic hooks: ``click(id)``,
``press(label_or_text)``, ``ready()``, ``undo()``, ``new_game(seed)``,
``log`` (list of strings), ``status``, ``buttons``, ``game``, ``board``.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from drezlab.core.action import Action
from drezlab.core.errors import IllegalAction
from drezlab.core.game import Game
from drezlab.core.i18n import get_language, t
from drezlab.core.registry import new, spec_of
from drezlab.players import make
from drezlab.ui.board import BoardWidget
from drezlab.ui.selection import Selection, svg_ids

HUMAN = "human"
#: the most actions bots may take in a row before the widget stops them
MAX_BOT_ACTIONS = 10_000


def _seat_label(spec: Any) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", type(spec).__name__))


def hidden_information(game: Game) -> bool:
    """Does ``game`` hide anything from some seat (its metadata, else its class attribute)?"""
    spec = type(game).spec
    return spec.hidden_information if spec is not None else bool(game.hidden_information)


def game_title(game: Game) -> str:
    """The game's title in the current language, from its metadata (registered name first)."""
    spec = type(game).spec
    if spec is None and game.name:
        try:
            spec = spec_of(game.name)
        except ValueError:
            spec = None
    if spec is not None:
        return spec.title_in(get_language())
    return game.title or type(game).__name__


def outcome_text(game: Game) -> str:
    """'Game over: White wins (checkmate)' in the current language."""
    outcome = game.outcome
    if outcome is None:
        return ""
    if outcome.is_draw:
        who = t("Draw")
    elif len(outcome.winners) == 1:
        who = game.winner_text(outcome.winners[0])
    else:
        who = f"{', '.join(game.seat_name(seat) for seat in outcome.winners)} {t('win')}"
    text = f"{t('Game over')}: {who}"
    if outcome.reason:
        text += f" ({t(outcome.reason)})"
    return text


class PlayWidget:
    """A game with its board, buttons, move log and controls (see the module doc).

    Not itself an ipywidget (``log`` is taken there); the composed widget is
    ``.widget`` and displaying this object displays it.
    """

    def __init__(self, game: Game | str, seats: Sequence[Any] = (HUMAN, "random"),
                 seed: int | None = None) -> None:
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
        self.game: Game = game
        self._bots: dict[int, Any] = {}
        self._make_bots(self.seed)  # raises ValueError for an unknown bot name
        #: one line per action of ``game.history`` (earlier actions shown by their text)
        self.log: list[str] = [str(action) for action in game.history]
        self.selection = Selection()
        self.status = ""
        self._message = ""
        self._shown: int | None = None   # the human seat whose private view was last revealed
        self._running = False
        self._buttons: list[tuple[str, str, str]] = []   # (kind, key, label) now offered

        self._title_html = widgets.HTML()
        self._title_html.add_class("dz-title")
        self.board = BoardWidget()
        self.board.on_click(self._guarded(self.click))
        self.board.on_ready(self._guarded(self.ready))
        self._status_html = widgets.HTML()
        self._status_html.add_class("dz-status")
        self._action_box = widgets.HBox()
        self._action_box.add_class("dz-actions")
        self._log_title = widgets.HTML()
        self._log_html = widgets.HTML()
        self._log_html.add_class("dz-log")
        log_box = widgets.VBox([self._log_title, self._log_html],
                               layout=widgets.Layout(max_height="480px", overflow="auto",
                                                     min_width="180px", padding="0 0 0 12px"))
        self._new_button = widgets.Button()
        self._new_button.add_class("dz-new-game")
        self._new_button.on_click(self._guarded(lambda _button: self.new_game()))
        self._undo_button = widgets.Button()
        self._undo_button.add_class("dz-undo")
        self._undo_button.on_click(self._guarded(lambda _button: self.undo()))
        self._next_button = widgets.Button()
        self._next_button.add_class("dz-next")
        self._next_button.on_click(self._guarded(lambda _button: self.next_move()))
        self._seed_field = widgets.IntText(value=self.seed if self.seed is not None else 0,
                                           layout=widgets.Layout(width="160px"))
        self._controls = widgets.HBox([self._new_button, self._seed_field, self._undo_button])
        self._controls.add_class("dz-controls")
        self.widget = widgets.VBox([
            self._title_html,
            self._status_html,
            widgets.HBox([self.board, log_box]),
            self._action_box,
            self._controls,
        ])
        self.widget.add_class("dz-play")

        self._run_bots()
        self._refresh()

    # ------------------------------------------------------------- display
    def __repr__(self) -> str:
        seats = ", ".join(_seat_label(seat) for seat in self.seats)
        return f"<drezlab play: {type(self.game).__name__}, seats: {seats}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            data, metadata = bundle
        else:
            data, metadata = bundle, {}
        data = dict(data or {})
        data["text/plain"] = repr(self)
        return data, metadata

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
        if self._running or not self._interactive():
            return None
        actions = self.game.legal_actions()
        action = self.selection.click(actions, str(target))
        if action is not None:
            return self._play_human(action)
        self._refresh()
        return None

    def press(self, label: str) -> Action | None:
        """Press a button by its label (or an action's text): an action button,
        a target button (promotion choice...), "I am ready", "New game", "Undo"
        or "Next move" (English or the current language)."""
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
        for english, method in controls.items():
            if label in (english, t(english)):
                method()
                return None
        offered = [shown for _, _, shown in self._buttons] + [t(name) for name in controls]
        raise ValueError(f"there is no button {label!r} now; the buttons are: {', '.join(offered)}")

    def ready(self) -> None:
        """The player named on the hand-over screen is at the screen: show their view."""
        if self._human_turn():
            self._shown = self.game.to_move
        self._refresh()

    def new_game(self, seed: int | None = None) -> None:
        """Start again with ``seed`` (default: the Seed field's value)."""
        if self._running:
            return
        if seed is None:
            seed = self._seed_field.value
        else:
            self._seed_field.value = seed
        self.seed = seed
        self.game = self.game.fresh(seed)
        self._make_bots(seed)
        self.log = [str(action) for action in self.game.history]
        self.selection.clear()
        self._message = ""
        self._shown = None
        self._run_bots()
        self._refresh()

    def undo(self) -> None:
        """Take back to the previous decision of a human, with the bots' replies."""
        if self._running:
            return
        game = self.game
        self.selection.clear()
        self._message = ""
        if not game.history:
            self._message = t("Nothing to undo")
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
        self._refresh()

    def next_move(self) -> Action | None:
        """Let the bot to move play one action (for games without a human to move)."""
        game = self.game
        if self._running or game.is_over or game.to_move not in self._bots:
            return None
        played = self._bot_step()
        self._refresh()
        return played

    @property
    def buttons(self) -> list[str]:
        """The labels of the action and target buttons offered now."""
        return [shown for _, _, shown in self._buttons]

    @property
    def highlight(self) -> list[str]:
        return list(self.board.highlight)

    @property
    def selected(self) -> list[str]:
        return list(self.board.selected)

    # ------------------------------------------------------------ internals
    def _guarded(self, method: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap a front-end callback: a failure shows in the status line instead of vanishing."""
        def call(*args: Any) -> None:
            try:
                method(*args)
            except Exception as error:  # noqa: BLE001 - show it to the pupil, keep the widget alive
                self._running = False
                self._message = f"{type(error).__name__}: {error}"
                self._refresh()
                self.widget.log.exception("drezlab widget callback failed")
        return call

    def _interactive(self) -> bool:
        return self._human_turn() and not self._viewer_and_overlay()[1]

    def _make_bots(self, seed: int | None) -> None:
        self._bots = {}
        for seat, spec in enumerate(self.seats):
            if spec == HUMAN:
                continue
            bot_seed = None if seed is None else seed + seat
            self._bots[seat] = make(spec, seed=bot_seed, game=self.game) if isinstance(spec, str) else make(spec)

    def _play_human(self, action: Action) -> Action | None:
        if self._running or not self._interactive():
            return None
        self.selection.clear()
        try:
            line = self.game.describe(action)
            played = self.game.play(action)
        except IllegalAction as error:
            self._message = str(error)
            self._refresh()
            return None
        self.log.append(line)
        self._message = ""
        self._run_bots()
        self._refresh()
        return played

    def _bot_step(self) -> Action | None:
        game = self.game
        seat = game.to_move
        if seat is None:
            return None
        bot = self._bots[seat]
        try:
            action = bot.choose(game)
            line = game.describe(action)
            played = game.play(action)
        except IllegalAction as error:
            self._message = f"{game.seat_name(seat)} ({_seat_label(self.seats[seat])}): {error}"
            return None
        self.log.append(line)
        return played

    def _run_bots(self) -> None:
        """Let the bots move until a human is to move or the game ends."""
        if not self.humans or self._running:
            return
        self._running = True
        try:
            steps = 0
            while not self.game.is_over and self.game.to_move in self._bots:
                if steps >= MAX_BOT_ACTIONS:
                    self._message = f"the bots played {MAX_BOT_ACTIONS} actions in a row; stopped"
                    break
                if steps == 0:
                    self.board.busy = True
                    self._status_html.value = self._status_markup(
                        f"{self.game.seat_name(self.game.to_move)} {t('thinking')}…")
                if self._bot_step() is None:
                    break
                steps += 1
        finally:
            self._running = False
            self.board.busy = False

    def _status_markup(self, text: str) -> str:
        return f"<b>{html.escape(text)}</b>"

    def _refresh(self) -> None:
        """Push the current state to every part of the widget."""
        game = self.game
        viewer, overlay = self._viewer_and_overlay()
        interactive = self._human_turn() and not overlay
        picture = game.svg(viewer)
        actions = game.legal_actions() if interactive else []
        present = svg_ids(picture)
        # buttons: target-less actions, then targets the picture does not show
        offered: list[tuple[str, str, str]] = [("action", a.text, a.label) for a in actions if not a.targets]
        offered += [("target", target, target) for target in self.selection.missing_targets(actions, present)]

        with self.board.hold_sync():
            self.board.svg = picture
            self.board.highlight = [x for x in self.selection.next_targets(actions) if x in present]
            self.board.selected = list(self.selection.clicked) if interactive else []
            self.board.overlay = overlay
            self.board.overlay_button = t("I am ready")

        if offered != self._buttons:
            old = list(self._action_box.children)
            self._action_box.children = [self._make_button(*entry) for entry in offered]
            for button in old:
                button.close()
            self._buttons = offered

        if game.is_over:
            base = outcome_text(game)
        elif overlay:
            base = overlay
        elif interactive:
            base = f"{t('Your turn')}: {game.seat_name(game.to_move)}"
            if self.selection.clicked:
                base += f" — {' '.join(self.selection.clicked)}"
        elif game.to_move is not None:
            base = f"{game.seat_name(game.to_move)} {t('to move')}"
        else:
            base = ""
        self.status = f"{base} — {self._message}" if self._message and base else (self._message or base)
        self._status_html.value = self._status_markup(self.status)

        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.log)
        self._title_html.value = f"<b>{html.escape(game_title(game))}</b>"
        self._log_title.value = f"<b>{html.escape(t('Move log'))}</b>"
        self._log_html.value = f"<ol class='dz-log-list'>{items}</ol>"
        self._new_button.description = t("New game")
        self._undo_button.description = t("Undo")
        self._next_button.description = t("Next move")
        self._seed_field.description = t("Seed")
        bot_turn = not game.is_over and game.to_move in self._bots and not self._running
        self._next_button.layout.display = None if bot_turn else "none"
        if bot_turn and self._next_button not in self._controls.children:
            self._controls.children = (*self._controls.children, self._next_button)

    def _make_button(self, kind: str, key: str, label: str) -> widgets.Button:
        button = widgets.Button(description=label, tooltip=key)
        button.add_class("dz-action" if kind == "action" else "dz-target")
        if kind == "action":
            button.on_click(self._guarded(lambda _button: self._press_action(key)))
        else:
            button.on_click(self._guarded(lambda _button: self.click(key)))
        return button

    def _press_action(self, text: str) -> Action | None:
        try:
            action = self.game.parse(text)
        except IllegalAction as error:
            self._message = str(error)
            self._refresh()
            return None
        return self._play_human(action)


def play(game: Game | str, seats: Sequence[Any] = (HUMAN, "random"), seed: int | None = None) -> PlayWidget:
    """Play ``game`` in the notebook: ``drezlab.ui.play(PokerDrez(seed=1), seats=("human", "random"))``.

    ``seats`` has one entry per seat: ``"human"``, a bot name (``"random"``)
    or a player object. ``seed`` seeds the bots and fills the Seed field
    (default: the game's seed). See :mod:`drezlab.ui.play` for the rest.
    """
    return PlayWidget(game, seats=seats, seed=seed)
