"""Game metadata, declared once per game.

Every game package has a light ``meta`` module holding one :class:`GameSpec`:
its registry name and aliases, titles in English and Spanish, the seat range,
teams, whether chance and hidden information are part of it, its options with
defaults and validation, where its class, picture and bots live, and the option
sets the conformance suite must cover. The registry (``drezlab.games()``), the
widget, the simulations and ``drezlab.testing`` read it; adding a game touches
only its own package.

Classes, pictures and bots are named by ``"module:attribute"`` strings and
imported on first use, so listing the games imports no game code.
"""

from __future__ import annotations

import ast
import functools
import importlib
import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from drezlab.core.i18n import add_translations, get_language, t

#: how an option's value type is named in an error message
_KIND_NAMES: dict[type, str] = {bool: "true or false", int: "a whole number", float: "a number", str: "text",
                                list: "a list", tuple: "a list", dict: "a mapping", type(None): "nothing"}

add_translations({
    "the option {name} must be {low} to {high}{why}, not {value}":
        "la opción {name} debe valer de {low} a {high}{why}, no {value}",
    "{what} must be {allowed}, not {shown}": "{what} debe ser {allowed}, no {shown}",
    " or ": " o ",
    "the option {name} needs a value": "la opción {name} necesita un valor",
    "the option {name} must be {kinds}, not true/false": "la opción {name} debe ser {kinds}, no verdadero/falso",
    "the option {name} must be {kinds}, not {given}": "la opción {name} debe ser {kinds}, no {given}",
    "the option {name} must be a finite number": "la opción {name} debe ser un número finito",
    "the option {name} must be one of {allowed}, not {value}": "la opción {name} debe ser una de {allowed}, no {value}",
    "true or false": "verdadero o falso",
    "a whole number": "un número entero",
    "a number": "un número",
    "text": "un texto",
    "a list": "una lista",
    "a mapping": "un diccionario",
    "nothing": "nada",
    "(none)": "(ninguno)",
    "{game} has no bot called {name}; choose one of {names}": "{game} no tiene ningún bot llamado {name}; elige uno de {names}",
    "{game} declares no strength levels": "{game} no declara niveles de fuerza",
    "{game} has levels 1 to {top}, not {number}": "{game} tiene los niveles 1 a {top}, no {number}",
    "the options must be a mapping of option names to values":
        "las opciones deben ser un diccionario de nombres de opción y valores",
    "{game} has no option {name}; its options are {names}": "{game} no tiene la opción {name}; sus opciones son {names}",
    "there is no game called {name}; choose one of {names}": "no hay ningún juego llamado {name}; elige uno de {names}",
})

CHANCE_KINDS = ("none", "explicit")


def load_object(path: str) -> Any:
    """The object named ``"package.module:attribute"``."""
    module_name, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def load_bot(path: str) -> Any:
    """The bot class named ``"package.module:Class"``, or a factory for
    ``"package.module:Class(name=value, ...)"``: the class with those keyword options
    fixed (a game's metadata tunes a generic bot, e.g. a search budget, this way).

    The values are Python literals read with :func:`ast.literal_eval` (numbers, text,
    ``None``, true/false, tuples): nothing in the text is executed."""
    target, bracket, rest = path.partition("(")
    factory = load_object(target.strip())
    if not bracket:
        return factory
    if not rest.endswith(")"):
        raise ValueError(f"the bot {path!r} must end with ')' after the options of the bot")
    try:
        call = ast.parse(f"f({rest}", mode="eval").body
        if not isinstance(call, ast.Call) or call.args:
            raise ValueError("only name=value options")
        options: dict[str, Any] = {}
        for keyword in call.keywords:
            if keyword.arg is None:
                raise ValueError("only name=value options")
            options[keyword.arg] = ast.literal_eval(keyword.value)
    except (SyntaxError, ValueError) as error:
        raise ValueError(f"the options of the bot {path!r} must be name=value literals ({error})") from None
    return functools.partial(factory, **options)


def within(name: str, low: int, high: int, why: str = "") -> Callable[[int], None]:
    """An ``Option.check`` that ``low <= value <= high``, naming the option and the range
    (``why`` adds the rule behind it, e.g. ``" (D4)"``) in a pupil-readable message."""
    def check(value: int) -> None:
        if not low <= value <= high:
            raise ValueError(t("the option {name} must be {low} to {high}{why}, not {value}").format(
                name=repr(name), low=low, high=high, why=why, value=value))
    return check


def seat_by_name(what: str, names: tuple[str, ...]) -> Callable[[Any], str]:
    """An ``Option.check`` for a seat given by name (any case) or by seat number: it
    gives the name back (``names[seat]``), or says in a pupil-readable message what
    ``what`` (e.g. ``"the side to move"``) may be."""
    def check(value: Any) -> str:
        if isinstance(value, str) and value.strip().lower() in names:
            return value.strip().lower()
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
            return names[value]
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise ValueError(t("{what} must be {allowed}, not {shown}").format(
            what=t(what), allowed=t(" or ").join(repr(name) for name in names), shown=shown))
    return check


@dataclass(frozen=True)
class Option:
    """One option of a game: its default, the plain type it must have, and its
    allowed values (``choices``) or a ``check`` that raises ``ValueError``.

    Values are type-checked strictly, because they also arrive from saved files:
    ``True`` is not a number, ``1`` is not a truth value, and ``NaN`` or an
    infinity is never a number."""

    name: str
    default: Any
    kinds: tuple[type, ...]
    doc: str = ""
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], Any] | None = None
    nullable: bool = False

    def validate(self, value: Any) -> Any:
        """``value`` if it is allowed (as the check may normalise it), else ``ValueError``."""
        if value is None:
            if self.nullable or self.default is None:
                return None
            raise ValueError(t("the option {name} needs a value").format(name=repr(self.name)))
        if isinstance(value, bool) and bool not in self.kinds:
            raise ValueError(t("the option {name} must be {kinds}, not true/false").format(
                name=repr(self.name), kinds=self._kind_names()))
        if not isinstance(value, self.kinds):
            raise ValueError(t("the option {name} must be {kinds}, not {given}").format(
                name=repr(self.name), kinds=self._kind_names(), given=t(_KIND_NAMES.get(type(value), type(value).__name__))))
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(t("the option {name} must be a finite number").format(name=repr(self.name)))
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(choice) for choice in self.choices)
            raise ValueError(t("the option {name} must be one of {allowed}, not {value}").format(
                name=repr(self.name), allowed=allowed, value=repr(value)))
        if self.check is not None:
            checked = self.check(value)
            if checked is not None:
                value = checked
        return value

    def _kind_names(self) -> str:
        return t(" or ").join(dict.fromkeys(t(_KIND_NAMES.get(kind, kind.__name__)) for kind in self.kinds))


@dataclass(frozen=True)
class GameSpec:
    """What a game declares about itself (see the module docstring)."""

    name: str
    game_class: str
    title: str
    title_es: str
    summary: str
    summary_es: str = ""
    aliases: tuple[str, ...] = ()
    seats: tuple[int, int] = (2, 2)
    teams: bool = False
    chance: str = "none"
    hidden_information: bool = False
    options: tuple[Option, ...] = ()
    picture: str = ""
    #: the picture option that shows the viewer's exact odds/values (e.g. ``"odds"``):
    #: ``draw(view, **{numbers: True})`` adds them; the widget offers a toggle when set
    numbers: str = ""
    #: bot level name -> "module:Class" (the class takes ``seed=``), or
    #: "module:Class(name=value, ...)" to fix some of its options (see :func:`load_bot`)
    bots: Mapping[str, str] = field(default_factory=dict)
    #: the strength ladder: bot names from the beginner's level to the strongest, each one of
    #: ``bots``; ``seats=("human", "level-2")`` names the second (see :meth:`level`)
    levels: tuple[str, ...] = ()
    #: option sets the conformance suite plays (the defaults are always included)
    option_sets: tuple[Mapping[str, Any], ...] = ()
    #: conformance bounds: random play is cut after this many actions
    max_random_actions: int = 2000
    #: the record versions ``from_json`` still reads
    record_versions: tuple[int, ...] = (1,)

    def __post_init__(self) -> None:
        if self.chance not in CHANCE_KINDS:
            raise ValueError(f"chance must be one of {CHANCE_KINDS}, not {self.chance!r}")
        low, high = self.seats
        if not 1 <= low <= high:
            raise ValueError(f"seats must be (minimum, maximum) with 1 <= minimum <= maximum, not {self.seats!r}")
        unknown = [level for level in self.levels if level not in self.bots]
        if unknown:
            raise ValueError(f"the levels {unknown} of {self.name!r} are not among its bots {list(self.bots)}")

    # ------------------------------------------------------------------ lookups
    def cls(self) -> type:
        """The game class (imported on first use)."""
        return load_object(self.game_class)

    def draw(self, observation: Any, **options: Any) -> str:
        """The picture of an observation, drawn by the game's picture function."""
        if not self.picture:
            raise ValueError(f"the game {self.name!r} declares no picture")
        return load_object(self.picture)(observation, **options)

    def bot(self, level: str) -> Callable[..., Any]:
        """The class (or factory, see :func:`load_bot`) of the bot called ``level``."""
        try:
            return load_bot(self.bots[level])
        except KeyError:
            raise ValueError(t("{game} has no bot called {name}; choose one of {names}").format(
                game=self.title_in(get_language()), name=repr(level), names=", ".join(self.bots) or t("(none)"))) from None

    def level(self, number: int) -> str:
        """The bot name of ladder level ``number`` (1 = the beginner's level)."""
        if not self.levels:
            raise ValueError(t("{game} declares no strength levels").format(game=self.title_in(get_language())))
        if not 1 <= number <= len(self.levels):
            raise ValueError(t("{game} has levels 1 to {top}, not {number}").format(
                game=self.title_in(get_language()), top=len(self.levels), number=number))
        return self.levels[number - 1]

    def level_name(self, name: str) -> str | None:
        """The bot name that ``name`` means on this game's ladder: ``"level-N"`` (also
        ``"level N"``, ``"levelN"``, any case) is ladder level ``N``; a level's own name is
        itself. ``None`` when ``name`` is neither (it may still be a generic bot's name)."""
        text = name.strip().lower()
        if text in self.levels:
            return text
        if text.startswith("level"):
            number = text[len("level"):].lstrip(" -_")
            if number.isdigit():
                return self.level(int(number))
        return None

    def level_labels(self) -> list[str]:
        """The ladder as the widget lists it: ``["level-1: random", "level-2: greedy", ...]``."""
        return [f"level-{number}: {name}" for number, name in enumerate(self.levels, 1)]

    @property
    def strongest(self) -> str:
        """The bot name of the top of the ladder (what hints and practice defenders use)."""
        return self.level(len(self.levels))

    def title_in(self, language: str) -> str:
        return self.title_es if language == "es" and self.title_es else self.title

    def summary_in(self, language: str) -> str:
        return self.summary_es if language == "es" and self.summary_es else self.summary

    # ------------------------------------------------------------------ options
    def defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}

    def validate_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """All options, defaults filled in and every value checked; unknown names refused."""
        if not isinstance(given, Mapping):
            raise ValueError(t("the options must be a mapping of option names to values"))
        known = {option.name: option for option in self.options}
        unknown = sorted(set(given) - set(known), key=str)
        if unknown:
            raise ValueError(t("{game} has no option {name}; its options are {names}").format(
                game=self.title_in(get_language()), name=repr(unknown[0]), names=", ".join(map(repr, known)) or t("(none)")))
        return {name: option.validate(given.get(name, option.default)) for name, option in known.items()}

    def all_option_sets(self) -> list[dict[str, Any]]:
        """The defaults first, then every declared option set (validated)."""
        sets = [self.defaults()]
        for options in self.option_sets:
            full = self.validate_options(options)
            if full not in sets:
                sets.append(full)
        return sets
