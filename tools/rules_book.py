"""Draw the rules book's diagrams: ``python tools/rules_book.py [--check]``.

The rules book (``docs/rules/en/<game>.md``, ``docs/rules/es/<game>.md``) is written
for teachers from how the library plays; its pictures are drawn by the library, so
they show exactly what a pupil's board shows. Each game lists its diagrams in
``docs/rules/diagrams/<game>.json``, a list of entries::

    {"file": "edami-start.svg", "game": "edami", "options": {"seed": 1},
     "actions": ["draw", "e4"], "viewer": 0, "language": "en"}

``options`` go to ``drezlab.new`` (a seed for a reproducible deal, a teacher's
``position``...), ``actions`` are played in the game's notation, ``viewer`` is the
seat whose view is drawn (``null``: the public view) and ``language`` the words of
the picture. The drawing goes to ``docs/rules/img/<file>``.

``--check`` draws every diagram and reports the files that are missing or differ
from a fresh drawing, without writing (the test suite runs it).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "docs" / "rules"
DIAGRAMS = BOOK / "diagrams"
IMAGES = BOOK / "img"
LANGUAGES = ("en", "es")


class DiagramError(ValueError):
    """A diagram entry that cannot be drawn, with the file and entry that say where."""


def entries() -> Iterator[tuple[Path, dict[str, Any]]]:
    """Every diagram entry of every game, with the list file it comes from."""
    for listing in sorted(DIAGRAMS.glob("*.json")):
        try:
            items = json.loads(listing.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise DiagramError(f"{listing.relative_to(ROOT)} is not valid JSON: {error}") from error
        if not isinstance(items, list):
            raise DiagramError(f"{listing.relative_to(ROOT)} must hold a list of diagrams")
        for item in items:
            if not isinstance(item, dict) or not {"file", "game"} <= item.keys():
                raise DiagramError(f"{listing.relative_to(ROOT)}: each diagram needs 'file' and 'game': {item!r}")
            yield listing, item


def draw(entry: dict[str, Any]) -> str:
    """The SVG of one diagram entry, drawn by the library."""
    import drezlab
    from drezlab.core.i18n import get_language, set_language

    before = get_language()
    set_language(entry.get("language", "en"))
    try:
        game = drezlab.new(entry["game"], **entry.get("options", {}))
        for action in entry.get("actions", []):
            game.play(action)
        return str(game.svg(viewer=entry.get("viewer")))
    except Exception as error:
        raise DiagramError(f"diagram {entry['file']} ({entry['game']}) cannot be drawn: {error}") from error
    finally:
        set_language(before)


def stale() -> list[str]:
    """The diagrams whose file is missing or differs from a fresh drawing."""
    problems = []
    for _listing, entry in entries():
        path = IMAGES / entry["file"]
        if not path.exists():
            problems.append(f"{path.relative_to(ROOT)} is missing")
        elif path.read_text(encoding="utf-8") != draw(entry):
            problems.append(f"{path.relative_to(ROOT)} differs from a fresh drawing")
    return problems


def build() -> int:
    """Draw every diagram into ``docs/rules/img``; the number written."""
    IMAGES.mkdir(parents=True, exist_ok=True)
    count = 0
    for _listing, entry in entries():
        (IMAGES / entry["file"]).write_text(draw(entry), encoding="utf-8")
        count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report stale diagrams without writing")
    arguments = parser.parse_args(argv)
    if arguments.check:
        problems = stale()
        for problem in problems:
            print(problem)
        print(f"{len(problems)} stale diagram(s)")
        return 1 if problems else 0
    print(f"drew {build()} diagram(s) into {IMAGES.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
