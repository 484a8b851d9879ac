"""Bots that play any game through the Game protocol.

A player is anything with ``choose(game) -> Action``. ``make("random", seed=1)``
builds one by name; the widget and the simulations take names or objects.
"""

from __future__ import annotations

import importlib
import random
from typing import Protocol, runtime_checkable

from drezlab.core.action import Action
from drezlab.core.game import Game


@runtime_checkable
class Player(Protocol):
    name: str

    def choose(self, game: Game) -> Action:
        """Pick one of ``game.legal_actions()``; never changes ``game``."""
        ...


#: the text of the action that gives the game up, in every game that offers one
RESIGN = "resign"


class RandomPlayer:
    """Picks uniformly among the legal actions, from its own seeded generator,
    except that it never resigns while anything else is legal: a pupil's random
    opponent that gave up one turn in thirty would teach nothing."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        action = game.random_action(self.rng)
        if action.text != RESIGN:
            return action
        others = [other for other in game.legal_actions() if other.text != RESIGN]
        return others[self.rng.randrange(len(others))] if others else action

    def __repr__(self) -> str:
        return "RandomPlayer()"


#: bot name -> class, or "module:Class" imported on first use (keeps ``import drezlab`` light)
PLAYERS: dict[str, "type | str"] = {
    "random": RandomPlayer,
    "equity": "drezlab.players.equity:EquityPlayer",
    "greedy": "drezlab.players.search:GreedyPlayer",
    "search": "drezlab.players.search:SearchPlayer",
    "greedy-chess": "drezlab.players.chess_bots:GreedyChessPlayer",
    "search-chess": "drezlab.players.chess_bots:SearchChessPlayer",
    "greedy-chess-nocards": "drezlab.players.chess_bots:PlainGreedyChessPlayer",
    "search-chess-nocards": "drezlab.players.chess_bots:PlainSearchChessPlayer",
}


def make(player: "str | Player", seed: int | None = None) -> Player:
    """A bot from its name (``"random"``) or the player object itself."""
    if isinstance(player, str):
        if player not in PLAYERS:
            raise ValueError(f"there is no bot called {player!r}; choose one of {', '.join(PLAYERS)}")
        factory = PLAYERS[player]
        if isinstance(factory, str):
            module_name, _, class_name = factory.partition(":")
            factory = getattr(importlib.import_module(module_name), class_name)
            PLAYERS[player] = factory
        return factory(seed=seed)
    if not isinstance(player, Player):
        raise ValueError(f"{player!r} is not a player: it needs a name and a choose(game) method")
    return player


def play_out(game: Game, players: "list[Player]", max_actions: int = 100_000) -> Game:
    """Play ``game`` to its end with one player per seat; returns the game."""
    for _ in range(max_actions):
        seat = game.to_move
        if seat is None:
            return game
        game.play(players[seat].choose(game))
    raise RuntimeError(f"the game did not finish within {max_actions} actions")
