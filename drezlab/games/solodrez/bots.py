"""SoloDrez bots: the solver's player.

:class:`SolverPlayer` plays the solver's hint (:func:`drezlab.games.solodrez.solver.hint`):
a move after which the deal can still be won, so it wins every deal the solver can win
within its budget. When the deal is proven lost it resigns; when the solver cannot decide
within the budget it plays the legal move that looks best to ``game.evaluate`` (cards in
place at the foot of the columns), never resigning while it might still win.

SoloDrez has no hidden information, so the bot reads the whole position: everything it
uses is in ``game.view(0)`` too.
"""

from __future__ import annotations

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.games.solodrez.solver import DEFAULT_BUDGET, hint
from drezlab.players import RESIGN, seat_to_choose


class SolverPlayer:
    """Plays the solver's hint; resigns a deal proven lost (see the module docstring)."""

    name = "solver"

    def __init__(self, seed: int | None = None, budget: int = DEFAULT_BUDGET) -> None:
        self.seed = seed
        self.budget = budget

    def choose(self, game: Game) -> Action:
        seat_to_choose(game)
        found = hint(game, self.budget)  # type: ignore[arg-type]
        if found.action is not None:
            return game.parse(found.action)
        actions = game.legal_actions()
        if found.status == "lost" or len(actions) == 1:
            return game.parse(RESIGN)
        return max((action for action in actions if action.text != RESIGN), key=lambda action: _worth(game, action))

    def __repr__(self) -> str:
        return f"SolverPlayer(budget={self.budget})"


def _worth(game: Game, action: Action) -> float:
    """``game.evaluate`` after ``action`` (on a copy)."""
    trial = game.copy()
    trial.play(action)
    return trial.evaluate(0)
