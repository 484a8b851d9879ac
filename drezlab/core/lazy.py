"""Lazy package exports: a game package names what it lends, imported on first use.

The registry imports every game package to read its ``meta`` module, so a game's
``__init__`` must not import its rules. Each package instead writes::

    __getattr__, __dir__ = lazy_exports(__name__, {"Poker7": "game", "EquityPlayer": "bots"})

and ``from drezlab.games.poker7 import Poker7`` imports ``poker7.game`` only then.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable, Mapping


def lazy_exports(package: str, exports: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: each name in ``exports`` is
    taken from the submodule it maps to when first asked for, then kept."""
    table = dict(exports)

    def __getattr__(name: str) -> Any:
        module = table.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(table))

    return __getattr__, __dir__
