"""Bots that play any game through the Game protocol.

A player is anything with ``choose(game) -> Action``. ``make(name, seed, game=game)``
builds one by name; the widget and the simulations take names or objects.

Where names come from. This package knows no game: it holds only the bots that
play every game through the protocol (:data:`PLAYERS`: ``"random"``, ``"greedy"``,
``"search"``, ``"mcts"``: see :mod:`drezlab.players.mcts`). A game's own bots live in the game's package and are declared in its
metadata (``GameSpec.bots``: level name -> ``"module:Class"``). ``make`` looks a
name up in this order:

1. the bots of ``game`` (its class's ``spec``, else the registry's entry for its name),
   including its strength ladder: ``"level-3"`` is the third level of ``spec.levels``
   (:meth:`~drezlab.core.spec.GameSpec.level_name`; :func:`level_labels` lists them);
2. the generic bots;
3. without a game: the bots the registered games declare under that name, when they
   all mean the same class (so a game's bot is still found by its name alone); a name
   that several games declare with different classes needs ``game=``.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from drezlab.core.action import Action
from drezlab.core.errors import IllegalAction
from drezlab.core.game import Game
from drezlab.core.i18n import t
from drezlab.core.registry import spec_of
from drezlab.core.spec import GameSpec, load_bot, load_object

__all__ = ["PLAYERS", "RESIGN", "Player", "RandomPlayer", "bot_names", "level_labels", "make", "play_out",
           "seat_to_choose"]


@runtime_checkable
class Player(Protocol):
    name: str

    def choose(self, game: Game) -> Action:
        """Pick one of ``game.legal_actions()``; never changes ``game``."""
        ...


#: the text of the action that gives the game up, in every game that offers one
RESIGN = "resign"


def seat_to_choose(game: Game, plays: str | None = None, bot: str | None = None) -> int:
    """The seat whose action a bot chooses in ``game``: the seat to move.

    Every bot starts its ``choose`` here, so that all of them refuse alike and in words a
    pupil can read, in the current language. With ``plays`` (the registry name of the
    game the bot was written for), a game of another kind raises ``ValueError`` ("the
    <bot> bot plays <that game's title>, not <the class given>"; without ``bot``, "this
    bot"). A game that is over raises :class:`~drezlab.core.errors.IllegalAction` (a
    ``ValueError`` too).
    """
    if plays is not None:
        spec = getattr(type(game), "spec", None)
        if spec is None or spec.name != plays:
            title = _title_of(plays)
            said = (t("the {bot} bot plays {game}").format(bot=bot, game=title) if bot
                    else t("this bot plays {game}").format(game=title))
            raise ValueError(t("{refusal}, not {other}").format(refusal=said, other=type(game).__name__))
    seat = game.to_move
    if seat is None or game.is_over:
        raise IllegalAction(t("the game is over: there is no action to choose"))
    return seat


def _title_of(name: str) -> str:
    """The title of the registered game ``name`` (its name when it is not registered)."""
    try:
        return spec_of(name).title
    except ValueError:
        return name


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


#: the generic bots, which play every game: name -> class, or "module:Class"
#: imported on first use (keeps ``import drezlab`` light)
PLAYERS: dict[str, type | str] = {
    "random": RandomPlayer,
    "greedy": "drezlab.players.search:GreedyPlayer",
    "search": "drezlab.players.search:SearchPlayer",
    "mcts": "drezlab.players.mcts:MCTSPlayer",
}


def _spec_of_game(game: Game | GameSpec | str | None) -> GameSpec | None:
    """The metadata of ``game`` (a game, a game class's spec or a registry name), if any."""
    if game is None or isinstance(game, GameSpec):
        return game
    from drezlab.core import registry
    if isinstance(game, str):
        return registry.spec_of(game)
    spec = getattr(type(game), "spec", None)
    if isinstance(spec, GameSpec):
        return spec
    name = getattr(game, "name", None)
    if isinstance(name, str) and name:
        try:
            return registry.spec_of(name)
        except ValueError:
            return None
    return None


def _declared_anywhere(name: str) -> list[tuple[GameSpec, str]]:
    """Every registered game that declares a bot called ``name``, with its class path."""
    from drezlab.core.registry import specs
    return [(spec, spec.bots[name]) for spec in specs().values() if name in spec.bots]


def bot_names(game: Game | GameSpec | str | None = None) -> list[str]:
    """The bot names ``make`` accepts for ``game``: its own bots, then the generic ones."""
    spec = _spec_of_game(game)
    own = list(spec.bots) if spec is not None else []
    return own + [name for name in PLAYERS if name not in own]


def level_labels(game: Game | GameSpec | str) -> list[str]:
    """``game``'s strength ladder as the widget lists it, weakest first:
    ``["level-1: random", "level-2: greedy", ...]`` (each ``level-N`` and each name
    after the colon is a name :func:`make` accepts)."""
    spec = _spec_of_game(game)
    return spec.level_labels() if spec is not None else []


def _factory(name: str, game: Game | GameSpec | str | None) -> Any:
    """The class (or factory) called ``name`` for ``game`` (see the module docstring)."""
    spec = _spec_of_game(game)
    if spec is not None:
        name = spec.level_name(name) or name
    elif name.lower().startswith("level"):
        raise ValueError(f"{name!r} is a level of a game's strength ladder: say which game, "
                         f"e.g. make({name!r}, game=the_game)")
    if spec is not None and name in spec.bots:
        return load_bot(spec.bots[name])
    if name in PLAYERS:
        factory = PLAYERS[name]
        if isinstance(factory, str):
            factory = load_object(factory)
            PLAYERS[name] = factory
        return factory
    if spec is None:
        declared = _declared_anywhere(name)
        paths = {path for _, path in declared}
        if len(paths) == 1:
            return load_bot(paths.pop())
        if declared:
            games = ", ".join(sorted(found.name for found, _ in declared))
            raise ValueError(f"several games have a bot called {name!r} ({games}): say which game, "
                             f"e.g. make({name!r}, game=the_game)")
        raise ValueError(f"there is no bot called {name!r}; choose one of {', '.join(PLAYERS)}, "
                         "or a bot of a game (give game=...)")
    levels = f" or a level of its ladder ({', '.join(spec.level_labels())})" if spec.levels else ""
    raise ValueError(f"there is no bot called {name!r} for {spec.title}; choose one of "
                     f"{', '.join(bot_names(spec))}{levels}")


def make(player: str | Player, seed: int | None = None, game: Game | GameSpec | str | None = None,
         **options: Any) -> Player:
    """A bot from its name (a bot ``game``'s metadata declares, a level of its ladder
    such as ``"level-3"``, or a generic bot: ``"random"``, ``"greedy"``, ``"search"``,
    ``"mcts"``) seeded with ``seed``, or the player object itself.

    ``game`` (a game, its spec or its registry name) lets the game's own bots be
    found first; ``options`` are passed to the bot's constructor
    (``make("search", 1, depth=3)``)."""
    if isinstance(player, str):
        return _factory(player.strip(), game)(seed=seed, **options)
    if options:
        raise ValueError("options can be given only with a bot name, not with a player object")
    if not isinstance(player, Player):
        raise ValueError(f"{player!r} is not a player: it needs a name and a choose(game) method")
    return player


def play_out(game: Game, players: list[Player], max_actions: int = 100_000) -> Game:
    """Play ``game`` to its end with one player per seat; returns the game."""
    for _ in range(max_actions):
        seat = game.to_move
        if seat is None:
            return game
        game.play(players[seat].choose(game))
    raise RuntimeError(f"the game did not finish within {max_actions} actions")
