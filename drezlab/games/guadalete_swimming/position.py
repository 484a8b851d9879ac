"""The swimming variant's teacher positions: its own fields and checks of the option
``position`` (pure functions).

The position text is the river family's (:mod:`drezlab.games.guadalete.position` reads
and writes it); the swimming variant's extra field is the two drifts,
``"<White's>,<Black's>"`` (each 0 to 15). :func:`check_pawns` and :func:`read_drifts`
raise ``BadRecord`` (a ``ValueError``) in the pupil's language; :func:`drifts_text` writes
the field back. The game runs them through the base hook
(:meth:`drezlab.games.guadalete.river.RiverChess._set_up_teacher_position`).
"""

from __future__ import annotations

from drezlab.core.errors import BadRecord
from drezlab.core.i18n import t
from drezlab.games.guadalete_swimming import words

__all__ = ["check_pawns", "drifts_text", "read_drifts"]


def check_pawns(placement: dict[str, tuple[int, str]]) -> None:
    """No pawn on the first or last rank."""
    for square, (_, letter) in placement.items():
        if letter == "P" and square[1:] in ("1", "8"):
            raise BadRecord(t(words.PAWN_PLACE).format(square=square))


def read_drifts(extra: str | None, placement: dict[str, tuple[int, str]]) -> tuple[int, int]:
    """The pieces each side has lost, (White's, Black's), from the drifts field
    ``"<White's>,<Black's>"`` (each 0 to 15; a side's drift is the opponent's losses);
    without it, 16 minus each side's pieces in ``placement``."""
    if extra is None:
        counts = [sum(1 for owner, _ in placement.values() if owner == seat) for seat in (0, 1)]
        return max(0, 16 - counts[0]), max(0, 16 - counts[1])
    parts = extra.split(",")
    if len(parts) != 2 or not all(part.isdigit() and len(part) <= 2 for part in parts):
        raise BadRecord(t(words.DRIFTS_WRITTEN).format(text=repr(extra)))
    white, black = int(parts[0]), int(parts[1])
    if not (0 <= white <= 15 and 0 <= black <= 15):
        raise BadRecord(t(words.DRIFT_RANGE))
    return black, white


def drifts_text(white: int, black: int) -> str:
    """The drifts field, as :func:`read_drifts` reads it."""
    return f"{white},{black}"
