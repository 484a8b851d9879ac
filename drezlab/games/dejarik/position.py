"""Dejarik's teacher positions: the option ``position`` read and written (pure functions).

A position is written as tokens ``side:piece@cell`` (the ring board's form,
:func:`drezlab.kits.ring.parse_placement`), the pieces being the creatures' keys, e.g.
``"s:savrip@o5 n:ngok@i5"``; each creature stands at most once and each side has at
least one. :func:`parse_position` reads it into ``(seat, creature key, cell)`` triples
and raises ``BadRecord`` (a ``ValueError``) saying what is wrong; :func:`position_text`
writes it back, normalised (in cell order). The game sets the position up through the
base hook (:meth:`drezlab.games.dejarik.game.Dejarik._set_up_teacher_position`).
"""

from __future__ import annotations

from collections.abc import Iterable

from drezlab.core.errors import BadRecord
from drezlab.kits.ring import parse_placement, placement_text

__all__ = ["parse_position", "position_text"]


def parse_position(text: str, creatures: Iterable[str]) -> list[tuple[int, str, int]]:
    """The ``(seat, creature key, cell)`` triples of a teacher's position (``creatures``:
    the keys allowed); ``BadRecord`` if it is malformed, names a creature twice or leaves
    a side without creatures."""
    placed = parse_placement(text, creatures)
    if len({piece for _, piece, _ in placed}) != len(placed):
        raise BadRecord("each creature stands at most once on the board")
    if not {seat for seat, _, _ in placed} >= {0, 1}:
        raise BadRecord("a position needs at least one creature on each side")
    return placed


def position_text(placed: Iterable[tuple[int, str, int]]) -> str:
    """The text form of ``(seat, creature key, cell)`` triples, in cell order, as :func:`parse_position` reads it."""
    return placement_text(placed)
