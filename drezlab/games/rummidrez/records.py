"""The RummiDrez solitaire's personal record per seed (D29).

The solitaire's score is the number of cards left in the hand (lower is better,
0 is perfect), and the player tries to beat it on the same deal. A
:class:`RecordBook` is a small JSON file mapping each seed to the best score
reached on it and how many times it was played::

    book = RecordBook()                      # ~/.drezlab/rummidrez-records.json
    book = RecordBook(tmp_path / "r.json")   # or a path the caller gives (tests, a class)
    book.submit(game)                        # after a finished solitaire: True if a new record
    book.best(seed)                          # the record on that deal, or None

The file is plain JSON, read and checked on every call (never executed); a
damaged file raises :class:`~drezlab.core.errors.BadRecord` instead of being
overwritten. It is written atomically (a temporary file renamed over it).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from drezlab.core.errors import BadRecord
from drezlab.games.rummidrez.game import RummiDrez, hand_zone

__all__ = ["DEFAULT_PATH", "RecordBook"]

#: where the records live when the caller gives no path
DEFAULT_PATH = Path.home() / ".drezlab" / "rummidrez-records.json"
_VERSION = 1
_MAX_CHARS = 5_000_000


class RecordBook:
    """The personal records of the RummiDrez solitaire, one per seed, in a JSON file."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else DEFAULT_PATH

    def _load(self) -> dict[str, dict[str, int]]:
        if not self.path.exists():
            return {}
        text = self.path.read_text(encoding="utf-8")
        if len(text) > _MAX_CHARS:
            raise BadRecord(f"{self.path} is far too large to be a record book")
        try:
            data: Any = json.loads(text)
        except ValueError:
            raise BadRecord(f"{self.path} is not a RummiDrez record book (not JSON)") from None
        if not isinstance(data, dict) or data.get("kind") != "rummidrez-records" or data.get("version") != _VERSION:
            raise BadRecord(f"{self.path} is not a RummiDrez record book")
        records = data.get("records")
        if not isinstance(records, dict):
            raise BadRecord(f"{self.path}: the records are missing")
        for seed, entry in records.items():
            if not (isinstance(entry, dict) and set(entry) == {"best", "played"}
                    and all(type(entry[key]) is int and entry[key] >= 0 for key in entry)):
                raise BadRecord(f"{self.path}: the record of seed {seed!r} is damaged")
        return records

    def _save(self, records: dict[str, dict[str, int]]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"kind": "rummidrez-records", "version": _VERSION, "records": records},
                          sort_keys=True, indent=1)
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".rummidrez-", suffix=".json")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, self.path)

    def best(self, seed: int) -> int | None:
        """The fewest cards left ever reached on the deal ``seed``, or ``None`` if never played."""
        entry = self._load().get(str(_check_seed(seed)))
        return None if entry is None else entry["best"]

    def played(self, seed: int) -> int:
        """How many finished solitaires on the deal ``seed`` were submitted."""
        entry = self._load().get(str(_check_seed(seed)))
        return 0 if entry is None else entry["played"]

    def record(self, seed: int, cards_left: int) -> bool:
        """Note a finished solitaire on deal ``seed`` with ``cards_left``; True if it is a new record."""
        _check_seed(seed)
        if type(cards_left) is not int or cards_left < 0:
            raise ValueError(f"the cards left must be a whole number >= 0, not {cards_left!r}")
        records = self._load()
        entry = records.get(str(seed))
        better = entry is None or cards_left < entry["best"]
        records[str(seed)] = {"best": cards_left if better else entry["best"],  # type: ignore[index]
                              "played": (0 if entry is None else entry["played"]) + 1}
        self._save(records)
        return better

    def submit(self, game: RummiDrez) -> bool:
        """Note a finished solitaire ``game`` (made with a seed); True if it set a new record."""
        if not isinstance(game, RummiDrez) or not game.solitaire:
            raise ValueError("only a RummiDrez solitaire (players=1) has a personal record")
        if not game.is_over:
            raise ValueError("the solitaire is not over yet: its score is the cards left at the end")
        if game.seed is None:
            raise ValueError("this solitaire was dealt without a seed, so no record can name its deal")
        return self.record(game.seed, len(game.zones[hand_zone(0)]))


def _check_seed(seed: Any) -> int:
    if type(seed) is not int:
        raise ValueError(f"a seed is a whole number, not {seed!r}")
    return seed
