"""Login codes for pupils and the brake on guessing them.

A code is 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown
as ``K7PQ-3MXD``: 32**8, about 10**12 codes, drawn by :mod:`secrets`. A pupil types
it in any case, with or without the dash or spaces (:func:`normalise`).

:class:`Throttle` slows repeated wrong codes from one address: after ``free`` wrong
tries within ``window`` seconds, every further try waits 1, 2, 4 ... up to ``longest``
seconds since the last wrong one and is refused before that, with the wait in plain
words. A right code clears the address's count. (Kept in memory: a restart of the
server forgets it, which costs a guesser nothing worth having.)
"""

from __future__ import annotations

import re
import secrets
import time
from dataclasses import dataclass, field

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 8
_NOT_CODE = re.compile(r"[\s\-_.]")


def new_code() -> str:
    """A fresh random code, ``XXXX-XXXX``."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def normalise(text: object) -> str | None:
    """The stored form of what a pupil typed (``k7pq 3mxd`` -> ``K7PQ-3MXD``), or
    ``None`` when it cannot be a code (wrong length or characters)."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    raw = _NOT_CODE.sub("", text).upper()
    if len(raw) != LENGTH or any(char not in ALPHABET for char in raw):
        return None
    return f"{raw[:4]}-{raw[4:]}"


@dataclass
class _Tries:
    wrong: int = 0
    last: float = 0.0


@dataclass
class Throttle:
    """Wrong login codes per address (see the module doc)."""

    free: int = 5
    window: float = 600.0
    longest: float = 60.0
    clock: object = time.monotonic
    _tries: dict[str, _Tries] = field(default_factory=dict)

    def wait(self, address: str) -> float:
        """Seconds ``address`` must still wait before its next try (0: it may try now)."""
        tries = self._tries.get(address)
        now = self.clock()  # type: ignore[operator]
        if tries is None:
            return 0.0
        if now - tries.last > self.window:
            del self._tries[address]
            return 0.0
        if tries.wrong < self.free:
            return 0.0
        pause = min(self.longest, 2.0 ** (tries.wrong - self.free))
        return max(0.0, tries.last + pause - now)

    def failed(self, address: str) -> None:
        tries = self._tries.setdefault(address, _Tries())
        tries.wrong += 1
        tries.last = self.clock()  # type: ignore[operator]

    def succeeded(self, address: str) -> None:
        self._tries.pop(address, None)
