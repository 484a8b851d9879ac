"""Saved games: reading JSON records safely.

A game record is plain JSON: ``{"game", "version", "kind": "game", "options",
"seed", "chance", "actions", "state"}``. It is loaded by making the game again from
its options and deal seed (or scripted chance), replaying the actions, and
insisting that the position reached equals the saved ``state``: a record whose
moves or position were changed by hand is refused as a whole. Only JSON is read
(no pickle, no eval); records over :data:`MAX_RECORD_CHARS` are refused before
parsing; every problem is a :class:`~drezlab.core.errors.BadRecord` that says what
is wrong. A seat's view (``kind: "view"``) is not a game and is never loaded as one.
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable, Iterable

from drezlab.core.cards import short_repr
from drezlab.core.chance import rng_state_from_json
from drezlab.core.errors import BadRecord, IllegalAction

#: the largest record read: far above any real game (a long EDAMI game is ~60 KB)
MAX_RECORD_CHARS = 2_000_000


def load_record(text: str | bytes, kinds: Iterable[str], max_version: int,
                min_version: int = 1) -> dict[str, Any]:
    """Parse a saved-game document safely, checking its size, kind and version."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_RECORD_CHARS:
            raise BadRecord(f"the saved game is {len(text):,} bytes; drezlab reads records up to "
                            f"{MAX_RECORD_CHARS:,} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise BadRecord("the saved game is not UTF-8 text") from None
    if not isinstance(text, str):
        raise BadRecord(f"a saved game is JSON text, not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise BadRecord(f"the saved game is {len(text):,} characters; drezlab reads records up to "
                        f"{MAX_RECORD_CHARS:,} characters")
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise BadRecord(f"the saved game is not valid JSON ({error})") from None
    except BadRecord:
        raise
    except (ValueError, RecursionError, MemoryError):
        raise BadRecord("the saved game is not JSON that drezlab can read (too deep or too large)") from None
    if not isinstance(data, dict):
        raise BadRecord("the saved game must be a JSON object")
    kind = data.get("game")
    allowed = sorted(kinds)
    if not isinstance(kind, str) or kind not in allowed:
        raise BadRecord(f"this record is for {short_repr(kind)}, expected one of {allowed}")
    if data.get("kind", "game") == "view":
        raise BadRecord("this is what one seat saw (a view), not a game: a view has no hidden cards "
                        "and cannot be loaded as a game")
    if data.get("kind", "game") != "game":
        raise BadRecord(f"unknown record kind {short_repr(data.get('kind'))} (a saved game has kind 'game')")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= max_version:
        raise BadRecord(f"unsupported record version {short_repr(version)} (this drezlab reads 1 to {max_version})")
    if version < min_version:
        raise BadRecord(f"this record has version {version}, written by an older drezlab; this drezlab reads "
                        f"version {min_version} to {max_version} of {kind} records: open it with drezlab 0.1 "
                        "and save it again")
    return data


def _refuse_constant(name: str) -> Any:
    raise BadRecord(f"the saved game contains {name}, which is not a number JSON allows")


def record_seed(data: dict[str, Any], key: str = "seed") -> int | None:
    """The seed of a saved game: a whole number or null."""
    seed = data.get(key)
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise BadRecord(f"the {key} must be a whole number or null")
    return seed


def replay_record(game: Any, data: dict[str, Any], final_state: Callable[[], Any]) -> None:
    """Play a record's ``actions`` on ``game`` in order, then insist that the position
    reached equals the record's saved ``state``."""
    for number, text_action in enumerate(field_of(data, "actions", list), start=1):
        if not isinstance(text_action, str):
            raise BadRecord(f"action {number} is not text")
        try:
            game.play(text_action)
        except IllegalAction as error:
            raise BadRecord(f"action {number} ({short_repr(text_action)}) cannot be replayed: "
                            f"{short_repr(str(error), 200)}") from None
    if _canonical(final_state()) != _canonical(field_of(data, "state", dict)):
        raise BadRecord("the saved position does not match its own move record (the file was altered)")


def _canonical(state: Any) -> str:
    """A state as JSON text, so that ``true`` never passes for ``1`` nor ``1.0`` for ``1``."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def field_of(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str = "record") -> Any:
    """``data[key]`` checked against ``kind``, or a ``BadRecord`` naming the field."""
    if not isinstance(data, dict):
        raise BadRecord(f"the {where} must be a JSON object")
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


__all__ = ["MAX_RECORD_CHARS", "field_of", "load_record", "record_seed", "replay_record",
           "rng_state_from_json", "rng_state_to_json"]
