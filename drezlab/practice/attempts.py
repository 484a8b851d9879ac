"""Attempts recorded as JSON lines in a folder the teacher chooses.

Every attempt (goal met or missed, or ``unfinished``: left by the pupil after a
move of their own, before the goal was decided) is one line of
``<folder>/<pupil>.jsonl`` (one file per pupil, so pupils sharing a folder
never write to the same file): ``{"pupil", "exercise", "moves", "result",
"seconds", "timestamp"}``, where ``moves`` are the actions in the game's own
notation and ``timestamp`` is UTC in ISO 8601. The folder is the ``folder``
argument, else the environment variable ``DREZLAB_PRACTICE_DIR``, else
``practice-attempts`` in the working directory; it is created on the first
write. Nothing leaves the machine: no network, no accounts.

Reading is tolerant: a line that is not a complete attempt (a half-written line,
a hand edit) is skipped with a warning naming the file and the line.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from drezlab.practice.goals import MET, MISSED, UNFINISHED

#: the environment variable naming the default folder
FOLDER_VARIABLE = "DREZLAB_PRACTICE_DIR"
DEFAULT_FOLDER = "practice-attempts"
FIELDS = ("pupil", "exercise", "moves", "result", "seconds", "timestamp")
#: the results an attempt may have
RESULTS = (MET, MISSED, UNFINISHED)


class CorruptAttemptWarning(UserWarning):
    """A line of an attempts file that is not a complete attempt (it is skipped)."""


def folder_of(folder: str | os.PathLike[str] | None = None) -> Path:
    """The attempts folder: ``folder``, else ``$DREZLAB_PRACTICE_DIR``, else ``practice-attempts``."""
    if folder is None:
        folder = os.environ.get(FOLDER_VARIABLE) or DEFAULT_FOLDER
    if not isinstance(folder, (str, os.PathLike)) or not str(folder).strip():
        raise ValueError(f"the practice folder must be a folder name, not {folder!r}")
    return Path(folder).expanduser()


def file_name(pupil: str) -> str:
    """The file of a pupil's attempts: letters, digits, ``-`` and ``_`` of the name."""
    slug = re.sub(r"[^\w-]+", "_", pupil.strip(), flags=re.UNICODE).strip("_")
    return f"{slug or 'pupil'}.jsonl"


def check_pupil(pupil: Any) -> str:
    if not isinstance(pupil, str) or not pupil.strip():
        raise ValueError("an attempt needs the pupil's name")
    return pupil.strip()


def now() -> str:
    """The time stamp of an attempt made now: UTC, ISO 8601, to the second."""
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def record(folder: str | os.PathLike[str] | None, pupil: str, exercise: str, moves: Iterable[str],
           result: str, seconds: float, timestamp: str | None = None) -> dict[str, Any]:
    """Append one attempt to the pupil's file in ``folder`` (created if missing); returns it."""
    pupil = check_pupil(pupil)
    if result not in RESULTS:
        raise ValueError(f"an attempt's result is one of {', '.join(map(repr, RESULTS))}, not {result!r}")
    entry = {
        "pupil": pupil,
        "exercise": str(exercise),
        "moves": [str(move) for move in moves],
        "result": result,
        "seconds": round(float(seconds), 1),
        "timestamp": timestamp or now(),
    }
    path = folder_of(folder)
    path.mkdir(parents=True, exist_ok=True)
    with open(path / file_name(pupil), "a", encoding="utf-8") as stream:
        stream.write(json.dumps(entry, ensure_ascii=False) + "\n")
    return entry


def _valid(entry: Any) -> str:
    """Why ``entry`` is not an attempt, or ``""``."""
    if not isinstance(entry, dict):
        return "not a JSON object"
    missing = [name for name in FIELDS if name not in entry]
    if missing:
        return f"missing {', '.join(missing)}"
    if not isinstance(entry["pupil"], str) or not entry["pupil"].strip():
        return "no pupil name"
    if entry["result"] not in RESULTS:
        return f"result {entry['result']!r}"
    if not isinstance(entry["moves"], list):
        return "moves is not a list"
    return ""


def read(folder: str | os.PathLike[str] | None = None) -> list[dict[str, Any]]:
    """Every attempt in the folder's ``*.jsonl`` files, in file and line order; a bad
    line is skipped with a :class:`CorruptAttemptWarning` naming file and line. A folder
    that does not exist yet holds no attempts."""
    path = folder_of(folder)
    attempts: list[dict[str, Any]] = []
    if not path.is_dir():
        return attempts
    for file in sorted(path.glob("*.jsonl")):
        with open(file, encoding="utf-8", errors="replace") as stream:
            for number, line in enumerate(stream, start=1):
                if not line.strip():
                    continue
                try:
                    entry = json.loads(line)
                    why = _valid(entry)
                except json.JSONDecodeError as error:
                    why = f"not JSON ({error.msg})"
                if why:
                    warnings.warn(f"{file}, line {number}: skipped, not a practice attempt ({why})",
                                  CorruptAttemptWarning, stacklevel=2)
                    continue
                attempts.append(entry)
    return attempts
