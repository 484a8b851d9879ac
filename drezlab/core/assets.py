"""The front-end files (``widgets/``: the board's ES module and CSS, the pupil's page),
found the same way by the notebook widget and the class server that serves them."""

from __future__ import annotations

import pathlib

_PACKAGE = pathlib.Path(__file__).resolve().parent.parent

__all__ = ["asset"]


def asset(name: str) -> pathlib.Path:
    """A front-end file: ``drezlab/_static/`` in a wheel, ``widgets/`` in a checkout."""
    for folder in (_PACKAGE / "_static", _PACKAGE.parent / "widgets"):
        path = folder / name
        if path.is_file():
            return path
    raise FileNotFoundError(
        f"drezlab's widget file {name} is missing: looked in {_PACKAGE / '_static'} and "
        f"{_PACKAGE.parent / 'widgets'}; reinstall drezlab")
