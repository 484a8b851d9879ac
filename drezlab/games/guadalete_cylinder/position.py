"""The cylinder's teacher positions: its own checks of the option ``position`` (pure functions).

The position text is the river family's (:mod:`drezlab.games.guadalete.position` reads
and writes it, with the planked squares as the last field); the cylinder adds where its
pawns may stand: :func:`check_pawns` raises ``BadRecord`` (a ``ValueError``) in the pupil's
language. The game runs it through the base hook
(:meth:`drezlab.games.guadalete.river.RiverChess._set_up_teacher_position`).
"""

from __future__ import annotations

from drezlab.core.errors import BadRecord
from drezlab.core.i18n import t
from drezlab.games.guadalete_cylinder import words

__all__ = ["check_pawns"]


def check_pawns(placement: dict[str, tuple[int, str]]) -> None:
    """Rear pawns (``T``) on their start ranks (White 2, Black 13); front pawns (``P``)
    off their own river and not behind their start rank (White 4-13, Black 2-11)."""
    for square, (owner, letter) in placement.items():
        rank = int(square[1:])
        if letter == "T" and rank != (2 if owner == 0 else 13):
            raise BadRecord(t(words.REAR_PAWN_PLACE).format(square=square))
        if letter == "P" and not (4 <= rank <= 13 if owner == 0 else 2 <= rank <= 11):
            raise BadRecord(t(words.FRONT_PAWN_PLACE).format(square=square))
