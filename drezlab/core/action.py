"""Actions and outcomes: the small immutable values every game trades in."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any


class Action(tuple):
    """One decision a seat can take.

    ``text`` is the game's compact notation and the action's identity: two
    actions are equal when their texts are equal, so ``game.parse(str(a)) == a``.
    ``targets`` are the ids of the things a player touches to make it (a card
    id, a from-square, a to-square, a promotion choice), in order; every
    clickable element of the game's SVG carries such an id in ``data-id``.
    An action without targets is shown as a button labelled ``label``.
    ``data`` is the game's own decoded form of the action; it is not part of
    the identity. Actions are tuples underneath, so they are immutable and
    cheap to make (search bots make millions).
    """

    __slots__ = ()

    def __new__(cls, text: str, targets: tuple[str, ...] = (), label: str = "",
                data: Any = None) -> "Action":
        return tuple.__new__(cls, (text, targets, label or text, data))

    text = property(itemgetter(0), doc="the action in the game's notation")
    targets = property(itemgetter(1), doc="ids of the things clicked to make the action")
    label = property(itemgetter(2), doc="button text for an action without targets")
    data = property(itemgetter(3), doc="the game's decoded form (not part of the identity)")

    def __str__(self) -> str:
        return self[0]

    def __repr__(self) -> str:
        return f"Action({self[0]!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other[0] == self[0]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[0])

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    def to_dict(self) -> dict[str, Any]:
        """What the widget needs: the text, the targets and the button label."""
        return {"text": self[0], "targets": list(self[1]), "label": self[2]}


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` is a tuple of seats (empty for a draw); ``reason`` is a short
    English phrase ("checkmate", "stalemate", ...); ``scores`` gives each seat
    1, 0.5 or 0; ``payoffs`` is the money or chips each seat won (negative =
    paid) in games with stakes, else ``None``.
    """

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...]
    payoffs: tuple[int, ...] | None = field(default=None)

    @property
    def is_draw(self) -> bool:
        return not self.winners

    @property
    def winner(self) -> int | None:
        """The single winning seat, or ``None`` for a draw."""
        return self.winners[0] if len(self.winners) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason,
                "scores": list(self.scores),
                "payoffs": None if self.payoffs is None else list(self.payoffs)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Outcome":
        payoffs = data.get("payoffs")
        return cls(tuple(data["winners"]), str(data["reason"]), tuple(data["scores"]),
                   None if payoffs is None else tuple(payoffs))
