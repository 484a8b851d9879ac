"""The Game protocol (DESIGN.md) as an abstract base class.

A game is a mutable position plus its history, in the spirit of
``chess.Board``. Subclasses supply the rules (``_generate_actions``,
``_apply``, ``_revert``), their state for records (``_state``) and what each
seat may see (``_public``); this class supplies what every game does the same
way:

* parsing text into actions and rejecting illegal input without touching the
  position; caching the legal-action list;
* the undo stack: each :class:`Step` keeps the action, the game's own named undo
  record, and marks in the zones' journal and the chance log, so ``undo`` puts
  cards, tiles and chance back without game code;
* ``players`` / ``to_move`` / ``outcome`` / ``_finish`` from ``_players``,
  ``_seat`` and ``_outcome``;
* ``view(seat)``: an immutable :class:`~drezlab.core.observation.Observation`
  built from the zones and ``_public(seat)``; ``svg`` draws observations only;
* records: ``to_json`` / ``from_json`` (options, deal seed or scripted chance,
  actions, final state; replayed and compared on load);
* ``copy`` and ``resample`` (a copy whose hidden items are dealt afresh).
"""

from __future__ import annotations

import abc
import json
import random
from typing import Any, ClassVar, NamedTuple, TypeVar, Union

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import short_repr
from drezlab.core.chance import Chance, NoChance, Scripted, Seeded
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.i18n import add_translations, get_language, t, turn_text
from drezlab.core.mime import svg_bundle
from drezlab.core.observation import Observation
from drezlab.core.records import (field_of, load_record, record_seed, replay_record, rng_state_from_json,
                                  rng_state_to_json)
from drezlab.core.spec import GameSpec
from drezlab.core.zones import Zones

GameT = TypeVar("GameT", bound="Game")
MAX_ACTION_TEXT = 200
ActionLike = Union[Action, str]
#: the characters action text may hold: printable ASCII and ASCII white space
#: (notation is never localised; white space is normalised by ``parse``)
ACTION_CHARACTERS = frozenset(chr(code) for code in range(32, 127)) | frozenset("\t\n\r")
#: the refusal of :meth:`Game._set_up_teacher_position` in a game without a ``position`` option
NO_TEACHER_POSITION = "{game} takes no teacher's position: it has no option 'position'"
add_translations({NO_TEACHER_POSITION: "{game} no admite una posición de profesor: no tiene la opción 'position'"})

__all__ = ["ACTION_CHARACTERS", "ActionLike", "Game", "Step", "field_of", "load_record", "record_seed", "replay_record",
           "rng_state_from_json", "rng_state_to_json", "short_repr"]


class Step(NamedTuple):
    """One played action and what undoing it needs."""

    action: Action
    undo: Any
    zones_mark: int
    chance_mark: int


#: makes a :class:`Step` from a tuple of its fields in one C call (:meth:`Game.play`)
_new_tuple = tuple.__new__


class Game(abc.ABC):
    """Base of every drezlab game. See DESIGN.md for the meaning of each member."""

    #: the game's metadata (set by each game class from its ``meta`` module)
    spec: ClassVar[GameSpec | None] = None
    #: registry name, title and hidden information: taken from ``spec``
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    hidden_information: ClassVar[bool] = False
    #: version of the JSON record written by ``to_json``
    record_version: ClassVar[int] = 1
    #: English names of the seats when they have fixed names (chess colours)
    seat_names: ClassVar[tuple[str, ...]] = ()

    #: the seed and keyword options the game was made with (``fresh`` reuses them)
    seed: int | None = None
    options: dict[str, Any] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        spec = cls.__dict__.get("spec")
        if isinstance(spec, GameSpec):
            cls.name = spec.name
            cls.title = spec.title
            cls.hidden_information = spec.hidden_information

    def __init__(self) -> None:
        self._actions_cache: list[Action] | None = None
        #: an action this game itself produced for the current position (random_action)
        self._vouched: Action | None = None
        self._actions_by_text: dict[str, Action] | None = None
        self._history: list[Step] = []
        self._undo_floor = 0
        self.zones = Zones()
        self.chance: Chance = NoChance()
        self._deal_seed: int | None = None
        self._players = 2
        self._seat: int = 0
        self._outcome: Outcome | None = None

    def _start_chance(self, seed: int | None, chance: Chance | None = None) -> Chance:
        """Set up the game's chance source: ``chance`` if given (tests script it),
        else a generator seeded by ``seed`` (or by a fresh seed when ``seed`` is
        None, kept so that the game's record can replay the deal)."""
        if chance is not None:
            if not isinstance(chance, Chance):
                raise ValueError("chance must be a drezlab chance source such as Scripted([...])")
            self.chance = chance
            self._deal_seed = None
            return chance
        deal_seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self._deal_seed = deal_seed
        self.chance = Seeded(deal_seed, setting_up=True)
        return self.chance

    # ------------------------------------------------------- a teacher's position
    def _begin_teacher_position(self, option: str = "position") -> bool:
        """The one call site of a teacher's position: a constructor calls it once, when
        ``self.options`` holds the checked options, where it would otherwise set up the usual
        start. If the option ``option`` is given (not None; ``position``, or ``fen`` for
        PokerDrez and EDAMI, whose board is written so in the README, lessons and records),
        it is handed to :meth:`_set_up_teacher_position`, the form the hook returns is
        recorded in ``self.options[option]`` (the normalised text, so equal positions save
        alike and a record made from the game loads the same position) and the answer is
        True; without the option nothing is done and the answer is False (the caller sets
        up the start)."""
        position = self.options.get(option)
        if position is None:
            return False
        recorded = self._set_up_teacher_position(position)
        if recorded is not None:
            self.options[option] = recorded
        return True

    def _set_up_teacher_position(self, position: Any) -> Any:
        """Set up a teacher's position: the hook of every game whose metadata declares a
        ``position`` option (``tests/test_teacher_positions.py`` checks that each such game
        overrides it and goes through it).

        Called once, in construction, by :meth:`_begin_teacher_position` when the option is
        given, in place of the usual start. ``position`` has passed the metadata's check of
        its type; the other options (``to_move``, variants) are in ``self.options``. Its
        content is read by the game's own parser, the pure functions of
        ``drezlab.games.<game>.position``, which raise a pupil-readable ``ValueError``
        (usually :class:`~drezlab.core.errors.BadRecord`) saying what is wrong. Returns the
        option as the game's record keeps it (the normalised text), or None to keep it as
        given.

        Default: the game takes no teacher's position, and a ``ValueError`` says so."""
        spec = type(self).spec
        game = spec.title_in(get_language()) if spec is not None else (self.title or type(self).__name__)
        raise ValueError(t(NO_TEACHER_POSITION).format(game=game))

    # ------------------------------------------------------------------ protocol
    @property
    def players(self) -> int:
        """Number of seats."""
        return self._players

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is; ``None`` once the game is over."""
        return None if self._outcome is not None else self._seat

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        """Has the game ended? Read straight from the outcome kept by ``_finish`` (random
        play and every bot ask it before each action)."""
        return self._outcome is not None

    def _finish(self, winners: tuple[int, ...], reason: str, payoffs: tuple[int, ...] | None = None,
                scores: tuple[float, ...] | None = None) -> None:
        """End the game: ``winners`` share the win (none = a draw)."""
        if scores is None:
            if winners:
                scores = tuple(1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.players))
            else:
                scores = (1.0 / self.players,) * self.players if self.players > 2 else (0.5,) * self.players
        self._outcome = Outcome(tuple(winners), reason, tuple(scores), payoffs)

    def legal_actions(self) -> list[Action]:
        """Every legal action now (a fresh list; the actions are shared immutable values)."""
        return list(self._legal())

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action; games may override this with a faster
        sampler of the same distribution (random bots and simulations use it)."""
        actions = self._legal()
        if not actions:
            raise IllegalAction(t("the game is over: there is no action to choose"))
        self._vouched = actions[rng.randrange(len(actions))]
        return self._vouched

    def parse(self, text: ActionLike) -> Action:
        """The legal action written ``text``; ``IllegalAction`` if there is none.

        ASCII white space is normalised: runs of spaces, tabs and line breaks read
        as one space and white space at either end is ignored (a pupil's text box
        often adds a line break). Anything else outside printable ASCII (other
        scripts' digits, no-break spaces, control characters) is refused."""
        if isinstance(text, Action):
            text = text.text
        if not isinstance(text, str):
            raise IllegalAction(t("an action is written as text in the game's notation, not {kind}").format(
                kind=type(text).__name__))
        if len(text) > MAX_ACTION_TEXT:
            raise IllegalAction(t("{text} is far too long to be an action").format(text=short_repr(text)))
        if not ACTION_CHARACTERS.issuperset(text):
            raise IllegalAction(t("{text} is not an action: write it with plain letters, digits and signs "
                                  "such as 'e2e4'").format(text=short_repr(text)))
        cleaned = " ".join(text.split())
        action = self._legal_by_text().get(cleaned)
        if action is None:
            raise IllegalAction(self._explain_illegal(cleaned))
        return action

    def play(self, action: ActionLike) -> Action:
        """Apply one legal action (an ``Action`` or its text) and return it.

        Anything illegal or malformed raises ``IllegalAction`` before the
        position is touched.
        """
        if action is not None and action is self._vouched:
            chosen = action
        else:
            chosen = self.parse(action)
        self._invalidate()
        zones_mark, chance_mark = self.zones.mark(), self.chance.mark()
        undo_info = self._apply(chosen)
        # Step(chosen, ...) without the named tuple's Python-level __new__: 0.15 µs of every action
        self._history.append(_new_tuple(Step, (chosen, undo_info, zones_mark, chance_mark)))
        return chosen

    def undo(self) -> Action:
        """Take back the last action, with the cards it moved and the chance it used."""
        if len(self._history) <= self._undo_floor:
            if self._history:
                raise IllegalAction(t("this is a resampled copy: it cannot be undone past the moment it was made"))
            raise IllegalAction(t("there is nothing to undo"))
        step = self._history.pop()
        self._invalidate()
        self._revert(step.action, step.undo)
        self.zones.rewind(step.zones_mark)
        self.chance.rewind(step.chance_mark)
        self._invalidate()
        return step.action

    @property
    def history(self) -> list[Action]:
        """The actions played so far, oldest first."""
        return [step.action for step in self._history]

    # ------------------------------------------------- hooks for bots and simulations
    @property
    def plies(self) -> int:
        """How far the game has gone, in the unit a simulation's ``max_plies`` cap counts.

        Default: the number of actions played. Games whose natural unit differs
        override it (a chess game counts the board's plies, so card draws and die
        rolls are not counted as moves)."""
        return len(self._history)

    def adjudicate(self) -> tuple[float, ...] | None:
        """Scores (one per seat, as in ``Outcome.scores``) for a game that a simulation
        stops unfinished at its ``max_plies`` cap, or ``None`` to call it a draw.

        Default: ``None``. A game with a natural judgement of an unfinished position
        overrides it (chess games: the side with more material wins)."""
        return None

    def evaluate(self, seat: int) -> float:
        """How good the current, unfinished position looks for ``seat``, from -1 (lost)
        to 1 (won): the heuristic the greedy and search bots of
        :mod:`drezlab.players.search` use. Default: 0 (no opinion)."""
        return 0.0

    def fresh(self: GameT, seed: int | None = None) -> GameT:
        """A new game with the same options and another (or the same) seed."""
        return type(self)(seed=seed, **self.options)  # type: ignore[call-arg]  # every game takes a seed

    def seat_name(self, seat: int | None) -> str:
        """How the widget and messages name a seat, in the current language."""
        if seat is None:
            return t("Spectator")
        if self.seat_names:
            return t(self.seat_names[seat])
        return f"{t('Player')} {seat + 1}"

    def winner_text(self, seat: int) -> str:
        """'White wins' / 'Ganan las blancas': whole phrases, because Spanish
        agreement differs between the plural colours and a single player."""
        if self.seat_names:
            return t(f"{self.seat_names[seat]} wins")
        return f"{self.seat_name(seat)} {t('wins')}"

    def describe(self, action: ActionLike) -> str:
        """A readable line for the move log, computed before ``action`` is played."""
        return f"{self.seat_name(self.to_move)}: {self.parse(action).label}"

    def history_in_words(self) -> list[str]:
        """The :meth:`describe` line of every action played so far, in the current language,
        as the move log would have shown them: each described on a copy taken back to the
        start and replayed (a lesson's game opened in the widget after some moves reads
        "White: knight to f3", not ``g1f3``). Public by the ``describe`` contract. Should
        the copy not replay (a game that cannot undo that far), the actions' notation is
        given instead."""
        history = list(self.history)
        if not history:
            return []
        try:
            replay = self.copy()
            for _ in history:
                replay.undo()
            lines = []
            for action in history:
                lines.append(replay.describe(action))
                replay.play(action)
            return lines
        except (IllegalAction, IndexError, ValueError, RuntimeError):
            return [str(action) for action in history]

    def click_reasons(self, seat: int) -> dict[str, str]:
        """Why the things ``seat`` may click in its picture cannot start or end any of its
        actions now, keyed by ``data-id`` (``{"d7": "that piece belongs to Black"}``), so that
        the widget answers every refused click with a reason (issue 8, point 4). Only asked
        for the seat to move, about its own picture: the reasons may use only what that seat
        may know. Ids left out get the widget's generic answer; the default leaves out all."""
        return {}

    def status_text(self) -> str:
        """One line for the picture and the widget: whose turn, or how the game ended."""
        outcome = self.outcome
        if outcome is not None:
            if outcome.is_draw:
                return f"{t('Lost' if self.players == 1 else 'Draw')}: {t(outcome.reason)}"
            if len(outcome.winners) == 1:
                return f"{self.winner_text(outcome.winners[0])}: {t(outcome.reason)}"
            names = ", ".join(self.seat_name(seat) for seat in outcome.winners)
            return f"{names}: {t(outcome.reason)}"
        return turn_text(self.seat_name(self.to_move))

    # ------------------------------------------------------------- observations
    def _check_seat(self, seat: Any) -> int | None:
        if seat is None:
            return None
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"a seat is a number from 0 to {self.players - 1}, or None for a spectator, "
                                f"not {short_repr(seat)}")
        return seat

    def view(self, seat: int | None) -> Observation:
        """What ``seat`` may know now (``None`` = a spectator), as an immutable observation."""
        seat = self._check_seat(seat)
        return Observation(self.name, seat, self.players, self.to_move, self.outcome, self.status_text(),
                           self.zones.observe(seat), self._public(seat), self._last_public(seat))

    def _public(self, seat: int | None) -> dict[str, Any]:
        """The game's state outside the zones that ``seat`` may know (plain data)."""
        return {}

    def _last_public(self, seat: int | None) -> str | None:
        """The last action as ``seat`` may know it (default: its text, which for
        games with hidden information must not name hidden cards: override)."""
        if not self._history:
            return None
        return self._history[-1].action.text

    def svg(self, viewer: int | None = None, **options: Any) -> str:
        """The picture as ``viewer`` sees it: drawn from ``view(viewer)`` only, by the
        picture function of the class's own spec (so a game that is not registered,
        such as a teacher's own, is drawn too)."""
        spec = type(self).spec
        if spec is None:
            return self.view(viewer).svg(**options)
        return spec.draw(self.view(viewer), **options)

    def __repr__(self) -> str:
        """'<Abyss Turno de Blancas>': the class and the status line, in the current language."""
        return f"<{type(self).__name__} {self.status_text()}>"

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        """A game shown as a cell's last expression: the spectator's picture (``svg()``,
        nothing a seat keeps hidden) as ``image/svg+xml`` and as an ``<img>`` in
        ``text/html``, which a notebook opened before "Run all" (untrusted) still shows.
        IPython adds ``text/plain`` (``repr``)."""
        spec = type(self).spec
        title = spec.title_in(get_language()) if spec is not None else (self.title or type(self).__name__)
        return svg_bundle(self.svg(), title)

    # ------------------------------------------------------------------ records
    @abc.abstractmethod
    def _state(self) -> dict[str, Any]:
        """The whole position as plain data (cards, board, counters), for records."""

    def _record_options(self) -> dict[str, Any]:
        """The options as saved (plain JSON); loading passes them back to the constructor."""
        return dict(self.options)

    def to_json(self) -> str:
        """The game as a versioned JSON record (replayed and checked on load)."""
        if isinstance(self.chance, Scripted):
            chance: Any = {"kind": "scripted", "outcomes": [outcome for _, outcome in self._start_log]
                           + [outcome for _, outcome in self.chance.log]}
        elif self._without_chance():
            chance = {"kind": "none"}
        else:
            chance = {"kind": "seeded", "seed": self._deal_seed}
        record = {"game": self.name, "version": self.record_version, "kind": "game",
                  "seed": self.seed, "options": self._record_options(), "chance": chance,
                  "actions": [step.action.text for step in self._history], "state": self._state()}
        return json.dumps(record, sort_keys=True, separators=(",", ":"))

    @classmethod
    def _without_chance(cls) -> bool:
        """Does the game's metadata declare ``chance="none"``? Its records then say
        ``"chance": {"kind": "none"}`` instead of an unused deal seed."""
        return cls.spec is not None and cls.spec.chance == "none"

    @property
    def _start_log(self) -> list[tuple[str, Any]]:
        """Chance events of the set-up (before the first action)."""
        return getattr(self, "_setup_log", [])

    def _seal_setup(self) -> None:
        """Call at the end of a constructor: the set-up is done and cannot be undone."""
        self.zones.forget_journal()
        if isinstance(self.chance, Seeded):
            self.chance.forget_log()
        else:
            self._setup_log = self.chance.log[:]
            self.chance.log.clear()

    @classmethod
    def from_json(cls: type[GameT], text: str | bytes) -> GameT:
        """A game from ``to_json`` text; anything damaged or hostile raises ``BadRecord``."""
        data = load_record(text, (cls.name,), cls.record_version, cls._oldest_record_version())
        try:
            return cls._from_record(data)
        except BadRecord:
            raise
        except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError,
                AssertionError, RecursionError, MemoryError, RuntimeError) as error:
            raise BadRecord(f"the saved game is damaged and cannot be rebuilt ({type(error).__name__}: "
                            f"{short_repr(str(error), 120)})") from None

    @classmethod
    def _oldest_record_version(cls) -> int:
        return cls.record_version

    @classmethod
    def _from_record(cls: type[GameT], data: dict[str, Any]) -> GameT:
        """Make the game again from the record's options and chance, replay, compare."""
        options = field_of(data, "options", dict)
        seed = record_seed(data)
        chance_data = field_of(data, "chance", dict)
        kind = chance_data.get("kind")
        if cls._without_chance() != (kind == "none"):
            expected = "'none'" if cls._without_chance() else "'seeded' or 'scripted'"
            raise BadRecord(f"the saved chance source must be {expected} for {cls.title}")
        chance: Chance | None
        if kind == "none":
            deal_seed, chance = None, None
        elif kind == "seeded":
            deal_seed = record_seed(chance_data, "seed")
            if deal_seed is None:
                raise BadRecord("the saved game has no deal seed")
            chance = None
        elif kind == "scripted":
            outcomes = field_of(chance_data, "outcomes", list, "chance record")
            deal_seed, chance = None, Scripted(outcomes)
        else:
            raise BadRecord("the saved chance source must be 'seeded' or 'scripted'")
        try:
            game = cls._new_for_record(options, deal_seed, chance)
        except BadRecord:
            raise
        except (TypeError, ValueError) as error:
            raise BadRecord(f"the saved options are not valid: {short_repr(str(error), 200)}") from None
        game.seed = seed
        replay_record(game, data, game._state)
        if isinstance(game.chance, Scripted) and game.chance.script:
            raise BadRecord("the saved chance outcomes do not match the actions")
        return game

    @classmethod
    def _new_for_record(cls: type[GameT], options: dict[str, Any], deal_seed: int | None,
                        chance: Chance | None) -> GameT:
        """The game a record starts from (games whose constructor differs override this)."""
        if chance is not None:
            return cls(seed=None, chance=chance, **options)  # type: ignore[call-arg]
        return cls(seed=deal_seed, **options)  # type: ignore[call-arg]

    # ------------------------------------------------------------------- copies
    #: attributes holding mutable objects with their own ``copy()`` (a chess board)
    _copy_with_method: ClassVar[tuple[str, ...]] = ()

    def copy(self: GameT) -> GameT:
        """An independent copy: lists, dicts and sets are copied one level deep, the
        zones and the chance source are copied, caches are dropped."""
        clone = object.__new__(type(self))
        state = dict(self.__dict__)
        for key, value in state.items():
            if type(value) in (list, dict, set):
                state[key] = value.copy()
        for key in self._copy_with_method:
            if state.get(key) is not None:
                state[key] = state[key].copy()
        state["zones"] = self.zones.copy()
        state["chance"] = self.chance.copy()
        state["options"] = _copy_plain(self.options)
        clone.__dict__.update(state)
        clone._invalidate()
        return clone

    def resample(self: GameT, seat: int | None, rng: random.Random) -> GameT:
        """A copy that ``seat`` cannot tell from this game: the items it may not see
        are dealt afresh among the places it may not see, and chance is reseeded
        from ``rng`` (bots determinise with it; the information test uses it).
        The copy keeps the history of actions but cannot be undone past this point;
        in a game with hidden information it keeps no undo record either (those hold
        the real cards an action moved), so nothing hidden travels in the copy."""
        seat = self._check_seat(seat)
        clone = self.copy()
        clone.zones.resample_hidden(seat, rng, clone._resample_fixed(seat))
        if not isinstance(clone.chance, NoChance):
            clone.chance = Seeded(rng.randrange(2**63))
        if self.hidden_information:
            clone._history = [Step(step.action, None, 0, 0) for step in clone._history]
        clone._undo_floor = len(clone._history)
        clone._after_resample()
        clone._invalidate()
        return clone

    def conserved_items(self) -> list[Any] | None:
        """Every card or tile the game's zones must hold, each exactly once, or
        ``None`` for a game whose zones do not keep a fixed set (the conformance
        suite checks conservation at every position when this is given)."""
        return None

    def _resample_fixed(self, seat: int | None) -> Any:
        """``fixed(zone, item)`` for items ``seat`` knows the place of although the
        zone hides it (None: no such knowledge)."""
        return None

    def _after_resample(self) -> None:
        """Recompute whatever the game derives from its zones (hook)."""

    # ------------------------------------------------------------- for subclasses
    @abc.abstractmethod
    def _generate_actions(self) -> list[Action]:
        """All legal actions in the current position."""

    @abc.abstractmethod
    def _apply(self, action: Action) -> Any:
        """Apply a legal action; return the named record ``_revert`` needs to undo it
        (zones and chance are undone by the base class).

        The action cache is already cleared; ``_apply`` may fill it for the new
        position (e.g. when it needs the legal actions to detect the game's end)."""

    @abc.abstractmethod
    def _revert(self, action: Action, undo_info: Any) -> None:
        """Exactly undo ``_apply`` (except zone moves and chance: done by the base)."""

    def _explain_illegal(self, text: str) -> str:
        """A pupil-readable reason why ``text`` is not legal now (override for detail)."""
        if self.is_over:
            return self._over_text(text)
        return t("{text} is not a legal action now").format(text=repr(text))

    def _over_text(self, text: str) -> str:
        """'the game is over (checkmate), so 'e2e4' cannot be played', in the current language."""
        outcome = self._outcome
        reason = f" ({t(outcome.reason)})" if outcome is not None and outcome.reason else ""
        return t("the game is over{reason}, so {text} cannot be played").format(reason=reason, text=repr(text))

    # ------------------------------------------------------------------- caching
    def _legal(self) -> list[Action]:
        # labels are words in the current language: a list made in another one is made again
        # (the class server shows one table to pupils reading English and Spanish)
        language = get_language()
        if self._actions_cache is None or self.__dict__.get("_actions_language") != language:
            self._actions_by_text = None
            self._actions_language = language
            self._actions_cache = [] if self.is_over else self._generate_actions()
        return self._actions_cache

    def _legal_by_text(self) -> dict[str, Action]:
        if self._actions_by_text is None:
            self._actions_by_text = {action.text: action for action in self._legal()}
        return self._actions_by_text

    def _invalidate(self) -> None:
        """Forget everything computed for the previous position."""
        self._actions_cache = None
        self._actions_by_text = None
        self._vouched = None


def _copy_plain(value: Any) -> Any:
    """A deep copy of plain option data (dicts, lists, tuples of scalars)."""
    if isinstance(value, dict):
        return {key: _copy_plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy_plain(item) for item in value]
    return value
