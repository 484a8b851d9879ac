"""The registry of games, read from each game package's metadata.

A game is a package ``drezlab/games/<package>/`` with a light ``meta`` module
that defines ``SPEC`` (a :class:`~drezlab.core.spec.GameSpec`). The registry
finds those packages by listing ``drezlab.games`` the first time it is asked,
so adding a game touches only its own package. ``register(spec)`` adds a game
from elsewhere (a teacher's own game, the tests' toy games).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from drezlab.core.i18n import t
from drezlab.core.spec import GameSpec

GAMES_PACKAGE = "drezlab.games"

_specs: dict[str, GameSpec] | None = None
_extra: dict[str, GameSpec] = {}
#: every game by name and every alias's name, made once and again after ``register``/``unregister``
#: (``new`` looks a game up each time, and remaking them was 7 % of a short game's random play)
_lookup: tuple[dict[str, GameSpec], dict[str, str]] | None = None


def _discover() -> dict[str, GameSpec]:
    global _specs
    if _specs is None:
        package = importlib.import_module(GAMES_PACKAGE)
        found: dict[str, GameSpec] = {}
        for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            if not module.ispkg:
                continue
            try:
                meta = importlib.import_module(f"{GAMES_PACKAGE}.{module.name}.meta")
            except ModuleNotFoundError as error:
                if error.name == f"{GAMES_PACKAGE}.{module.name}.meta":
                    continue
                raise
            spec = getattr(meta, "SPEC", None)
            if isinstance(spec, GameSpec):
                found[spec.name] = spec
        _specs = found
    return {**_specs, **_extra}


def register(spec: GameSpec) -> None:
    """Add a game defined outside ``drezlab.games`` (its name must be new)."""
    if spec.name in _discover() or spec.name in _aliases():
        raise ValueError(f"a game called {spec.name!r} is registered already")
    _extra[spec.name] = spec
    _forget_lookup()


def unregister(name: str) -> None:
    """Remove a game added with ``register`` (tests use it to clean up)."""
    _extra.pop(name, None)
    _forget_lookup()


def _forget_lookup() -> None:
    global _lookup
    _lookup = None


def _games_and_aliases() -> tuple[dict[str, GameSpec], dict[str, str]]:
    global _lookup
    if _lookup is None:
        every = _discover()
        _lookup = every, {alias: spec.name for spec in every.values() for alias in spec.aliases}
    return _lookup


def _aliases() -> dict[str, str]:
    return _games_and_aliases()[1]


def specs() -> dict[str, GameSpec]:
    """Every registered game's metadata, by name (aliases not repeated)."""
    return _discover()


def spec_of(name: str) -> GameSpec:
    """The metadata of the game called ``name`` (or one of its aliases)."""
    if not isinstance(name, str):
        raise ValueError(f"a game is named by text such as 'pokerdrez', not {type(name).__name__}")
    every, aliases = _games_and_aliases()
    key = name.strip().lower()
    key = aliases.get(key, key)
    if key not in every:
        raise ValueError(t("there is no game called {name}; choose one of {names}").format(
            name=repr(name), names=", ".join(names())))
    return every[key]


def names() -> list[str]:
    """Every name a game can be made by: registry names and aliases."""
    listed: list[str] = []
    for spec in _discover().values():
        listed += [spec.name, *spec.aliases]
    return listed


def game_class(name: str) -> type:
    return spec_of(name).cls()


def new(name: str, seed: int | None = None, **options: Any) -> Any:
    """A new game by registry name, e.g. ``drezlab.new("pokerdrez", seed=7)``."""
    return game_class(name)(seed=seed, **options)
