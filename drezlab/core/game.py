"""The Game protocol (DESIGN.md) as an abstract base class.

A game is a mutable position plus its history, in the spirit of
``chess.Board``. Subclasses supply the rules (``_generate_actions``,
``_apply``, ``_revert``) and the picture; this class supplies what every game
does the same way: parsing text into actions, rejecting illegal input without
touching the position, caching the legal-action list, the undo stack, and the
Jupyter representation.
"""

from __future__ import annotations

import abc
import json
import random
from typing import Any, Callable, ClassVar, Iterable, TypeVar, Union

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import short_repr
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.i18n import t

GameT = TypeVar("GameT", bound="Game")
MAX_ACTION_TEXT = 200
ActionLike = Union[Action, str]


class Game(abc.ABC):
    """Base of every drezlab game. See DESIGN.md for the meaning of each member."""

    #: registry name, e.g. ``"pokerdrez"``
    name: ClassVar[str] = ""
    #: human title
    title: ClassVar[str] = ""
    #: version of the JSON record written by ``to_json``
    record_version: ClassVar[int] = 1
    #: True when some seat may not see everything (the widget then shows a
    #: hand-over screen between two human seats)
    hidden_information: ClassVar[bool] = False

    #: the seed and keyword options the game was made with (``fresh`` reuses them)
    seed: int | None = None
    options: dict[str, Any] = {}

    def __init__(self) -> None:
        self._actions_cache: list[Action] | None = None
        #: an action this game itself produced for the current position (random_action)
        self._vouched: Action | None = None
        self._actions_by_text: dict[str, Action] | None = None
        #: one entry per played action: (action, whatever ``_apply`` returned to undo it)
        self._history: list[tuple[Action, Any]] = []

    # ------------------------------------------------------------------ protocol
    @property
    @abc.abstractmethod
    def players(self) -> int:
        """Number of seats."""

    @property
    @abc.abstractmethod
    def to_move(self) -> int | None:
        """The seat whose decision it is; ``None`` once the game is over."""

    @property
    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal_actions(self) -> list[Action]:
        """Every legal action now (a fresh list; the actions are shared values)."""
        return list(self._legal())

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action; games may override this with a faster
        sampler of the same distribution (random bots and simulations use it)."""
        actions = self._legal()
        if not actions:
            raise IllegalAction("the game is over: there is no action to choose")
        self._vouched = actions[rng.randrange(len(actions))]
        return self._vouched

    def parse(self, text: str) -> Action:
        """The legal action written ``text``; ``IllegalAction`` if there is none."""
        if isinstance(text, Action):
            text = text.text
        if not isinstance(text, str):
            raise IllegalAction(f"an action is written as text in the game's notation, not {type(text).__name__}")
        cleaned = " ".join(text.split())
        if len(cleaned) > MAX_ACTION_TEXT:
            raise IllegalAction(f"{short_repr(cleaned)} is far too long to be an action")
        action = self._legal_by_text().get(cleaned)
        if action is None:
            raise IllegalAction(self._explain_illegal(cleaned))
        return action

    def play(self, action: ActionLike) -> Action:
        """Apply one legal action (an ``Action`` or its text) and return it.

        Anything illegal or malformed raises ``IllegalAction`` before the
        position is touched.
        """
        if self._is_redacted_view():
            raise IllegalAction("this is a view for one seat, with hidden cards; play on the game itself")
        if action is not None and action is self._vouched:
            chosen = action
        else:
            chosen = self.parse(action.text if isinstance(action, Action) else action)
        self._invalidate()
        undo_info = self._apply(chosen)
        self._history.append((chosen, undo_info))
        return chosen

    def undo(self) -> Action:
        """Take back the last action, restoring any randomness it consumed."""
        if not self._history:
            raise IllegalAction("there is nothing to undo")
        action, undo_info = self._history.pop()
        self._invalidate()
        self._revert(action, undo_info)
        self._invalidate()
        return action

    @property
    def history(self) -> list[Action]:
        """The actions played so far, oldest first."""
        return [action for action, _ in self._history]

    def _repr_svg_(self) -> str:
        return self.svg()

    def fresh(self: GameT, seed: int | None = None) -> GameT:
        """A new game with the same options and another (or the same) seed."""
        return type(self)(seed=seed, **self.options)

    #: English names of the seats when they have fixed names (chess colours);
    #: empty for games whose seats are numbered players
    seat_names: ClassVar[tuple[str, ...]] = ()

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
        return str(action)

    # ------------------------------------------------------------- for subclasses
    @abc.abstractmethod
    def _generate_actions(self) -> list[Action]:
        """All legal actions in the current position."""

    @abc.abstractmethod
    def _apply(self, action: Action) -> Any:
        """Apply a legal action; return what ``_revert`` needs to undo it.

        The action cache is already cleared; ``_apply`` may fill it for the new
        position (e.g. when it needs the legal actions to detect the game's end)."""

    @abc.abstractmethod
    def _revert(self, action: Action, undo_info: Any) -> None:
        """Exactly undo ``_apply``."""

    @abc.abstractmethod
    def view(self: GameT, seat: int | None) -> GameT:
        """A copy that shows only what ``seat`` may see (``None`` = spectator)."""

    @abc.abstractmethod
    def to_json(self) -> str: ...

    @classmethod
    @abc.abstractmethod
    def from_json(cls: type[GameT], text: str) -> GameT: ...

    @abc.abstractmethod
    def copy(self: GameT) -> GameT: ...

    @abc.abstractmethod
    def svg(self, viewer: int | None = None, **options: Any) -> str: ...

    def _is_redacted_view(self) -> bool:
        return False

    def _explain_illegal(self, text: str) -> str:
        """A pupil-readable reason why ``text`` is not legal now (override for detail)."""
        if self.is_over:
            return f"the game is over, so {text!r} cannot be played"
        return f"{text!r} is not a legal action now"

    # ------------------------------------------------------------------- caching
    def _legal(self) -> list[Action]:
        if self._actions_cache is None:
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


# ---------------------------------------------------------------------- records
def load_record(text: str | bytes, kinds: Iterable[str], max_version: int) -> dict[str, Any]:
    """Parse a saved-game document safely, checking its kind and version.

    Only plain JSON is read (no pickle, no eval). Any problem becomes a
    ``BadRecord`` that says what is wrong.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRecord("the saved game is not UTF-8 text") from None
    if not isinstance(text, str):
        raise BadRecord(f"a saved game is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadRecord(f"the saved game is not valid JSON ({error})") from None
    except (ValueError, RecursionError, MemoryError):
        raise BadRecord("the saved game is not JSON that drezlab can read (too deep or too large)") from None
    if not isinstance(data, dict):
        raise BadRecord("the saved game must be a JSON object")
    kind = data.get("game")
    allowed = sorted(kinds)
    if not isinstance(kind, str) or kind not in allowed:
        raise BadRecord(f"this record is for {short_repr(kind)}, expected one of {allowed}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= max_version:
        raise BadRecord(f"unsupported record version {short_repr(version)} (this drezlab reads 1 to {max_version})")
    return data





def record_seed(data: dict[str, Any]) -> int | None:
    """The ``seed`` of a saved game: a whole number or null."""
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise BadRecord("the seed must be a whole number or null")
    return seed


def replay_record(game: Game, data: dict[str, Any], final_state: Callable[[], Any]) -> None:
    """Play a record's ``actions`` on ``game`` in order, then insist that the position
    reached equals the record's saved ``state``: a record whose moves or position
    were altered by hand is refused as a whole."""
    for number, text_action in enumerate(field_of(data, "actions", list), start=1):
        if not isinstance(text_action, str):
            raise BadRecord(f"action {number} is not text")
        try:
            game.play(text_action)
        except IllegalAction as error:
            raise BadRecord(f"action {number} ({short_repr(text_action)}) cannot be replayed: "
                            f"{short_repr(str(error), 200)}") from None
    if final_state() != field_of(data, "state", dict):
        raise BadRecord("the saved position does not match its own move record (the file was altered)")


def field_of(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str = "record") -> Any:
    """``data[key]`` checked against ``kind``, or a ``BadRecord`` naming the field."""
    if key not in data:
        raise BadRecord(f"the {where} has no {key!r} field")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if bool not in kinds and isinstance(value, bool) and int in kinds:
        raise BadRecord(f"the {where} field {key!r} must be a number, not true/false")
    if not isinstance(value, kinds):
        names = "/".join(k.__name__ for k in kinds)
        raise BadRecord(f"the {where} field {key!r} must be {names}, not {type(value).__name__}")
    return value


def rng_state_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_state_from_json(value: Any) -> tuple[Any, ...]:
    """Validate a saved ``random.Random`` state (3 items, 625 words)."""
    try:
        version, internal, gauss = value
        words = tuple(int(word) for word in internal)
        if version != 3 or len(words) != 625 or any(not 0 <= w < 2**32 for w in words[:-1]):
            raise ValueError
        if gauss is not None:
            gauss = float(gauss)
        state = (version, words, gauss)
        random.Random().setstate(state)
    except (TypeError, ValueError, OverflowError):
        raise BadRecord("the saved random-number state is damaged") from None
    return state


