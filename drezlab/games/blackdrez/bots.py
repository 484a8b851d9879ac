"""BlackDrez bots: a simple threshold player and the exact-value player.

Both look at the table only through their own seat's observation
(``game.view(seat)``); in BlackDrez that is the whole table, since every card is
face up and only the stock's order is unknown.

* :class:`ThresholdPlayer` draws while its score is below ``threshold`` (default
  8); at or above it, it stands when standing is allowed (D38) and retires otherwise.
* :class:`ExactPlayer` plays the exact values of
  :func:`~drezlab.games.blackdrez.knowledge.view_values`: it draws when drawing is
  worth more cards on average than retiring. Standing (allowed only when every
  active score is equal) is valued as an equal share of the table, the result if
  the others stand too; it stands when that share beats both.

Between rounds both press "next". Neither uses randomness.
"""

from __future__ import annotations

from fractions import Fraction

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.core.observation import Observation
from drezlab.games.blackdrez.knowledge import cards_on_table, view_values
from drezlab.games.blackdrez.meta import SPEC
from drezlab.players import seat_to_choose


def _view_of(game: Game) -> tuple[Observation, dict[str, Action]]:
    view = game.view(seat_to_choose(game, SPEC.name))
    return view, {action.text: action for action in game.legal_actions()}


class ThresholdPlayer:
    """Draws below ``threshold`` points, then stands if allowed, else retires."""

    name = "threshold"

    def __init__(self, seed: int | None = None, threshold: int = 8) -> None:
        if isinstance(threshold, bool) or not isinstance(threshold, int) or not 2 <= threshold <= 11:
            raise ValueError("threshold is a score from 2 to 11")
        self.threshold = threshold

    def __repr__(self) -> str:
        return f"ThresholdPlayer(threshold={self.threshold})"

    def choose(self, game: Game) -> Action:
        view, actions = _view_of(game)
        if "next" in actions:
            return actions["next"]
        if view.public["scores"][view.seat] < self.threshold:
            return actions["draw"]
        return actions.get("stand", actions["retire"])


class ExactPlayer:
    """Chooses the action with the highest exact value (see the module docstring).
    ``last_values`` keeps the values behind its last choice (for lessons)."""

    name = "exact"

    def __init__(self, seed: int | None = None) -> None:
        self.last_values: dict[str, Fraction] = {}

    def __repr__(self) -> str:
        return "ExactPlayer()"

    def choose(self, game: Game) -> Action:
        view, actions = _view_of(game)
        if "next" in actions:
            return actions["next"]
        values = view_values(view, view.seat)
        worth: dict[str, Fraction] = {"retire": Fraction(values.retire)}
        if "stand" in actions:
            active = sum(1 for status in view.public["status"] if status == "active")
            worth["stand"] = Fraction(cards_on_table(view) // active)
        if values.draw is not None and "draw" in actions:
            worth["draw"] = values.draw
        self.last_values = worth
        best = max(worth.values())
        for text in ("retire", "stand", "draw"):
            if worth.get(text) == best:
                return actions[text]
        raise AssertionError("no action was worth the best value")
