"""Courtier's teacher positions: the option ``position`` read and written (pure functions).

A position is written as tokens ``side:piece@cell`` (the ring board's form,
:func:`drezlab.kits.ring.parse_placement`), e.g. ``"s:king@o5 s:guard@o4 n:king@i5"``;
each side needs exactly one king. :func:`parse_position` reads it into
``(seat, piece, cell)`` triples and raises ``BadRecord`` (a ``ValueError``) saying what
is wrong; :func:`position_text` writes it back, normalised (in cell order). The game
sets the position up through the base hook
(:meth:`drezlab.games.courtier.game.Courtier._set_up_teacher_position`).
"""

from __future__ import annotations

from collections.abc import Iterable

from drezlab.core.errors import BadRecord
from drezlab.games.dejarik.meta import SIDE_NAMES
from drezlab.kits.ring import parse_placement, placement_text

__all__ = ["parse_position", "position_text"]


def parse_position(text: str, pieces: Iterable[str]) -> list[tuple[int, str, int]]:
    """The ``(seat, piece, cell)`` triples of a teacher's position (``pieces``: the piece
    names allowed); ``BadRecord`` if it is malformed or a side has not exactly one king."""
    placed = parse_placement(text, pieces)
    for seat in (0, 1):
        kings = [p for s, p, _ in placed if s == seat and p == "king"]
        if len(kings) != 1:
            raise BadRecord(f"{SIDE_NAMES[seat]} needs exactly one king in a position, not {len(kings)}")
    return placed


def position_text(placed: Iterable[tuple[int, str, int]]) -> str:
    """The text form of ``(seat, piece, cell)`` triples, in cell order, as :func:`parse_position` reads it."""
    return placement_text(placed)
