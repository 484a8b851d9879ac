"""RummiDrez bots: a greedy player that never rearranges, and the solver's player.

Both decide for the seat to move from ``game.view(seat)`` only (their own hand and
the table); neither reads another hand or the stock. Each plans its whole play at
the start of a turn — the table it wants at the end — and then makes it one
small action at a time, as a pupil does by clicks (:func:`next_move`), and
commits with ``done``; with no play it draws (or passes on an empty stock).

:class:`GreedyPlayer` — *the simple play*: it lays down the longest meld it can
make from its hand, again and again (before the initial meld only if that lays
down at least 7 cards, D26); after its initial meld it then adds any single hand
card that extends a meld on the table, until none does. It never takes a meld
apart.

:class:`SolverPlayer` — *the largest play*: the solver's play
(:func:`drezlab.games.rummidrez.solver.solve`), which rearranges the whole table
to lay down as many hand cards as possible.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence

import numpy as np

from drezlab.core.action import Action
from drezlab.core.cards import Card
from drezlab.core.game import Game
from drezlab.core.observation import Observation
from drezlab.games.rummidrez.game import (
    INITIAL_MELD,
    MELD_ZONES,
    STOCK_ZONE,
    RummiDrez,
    hand_zone,
)
from drezlab.games.rummidrez.melds import arrange, is_valid, sort_key
from drezlab.games.rummidrez.meta import SPEC
from drezlab.games.rummidrez.solver import (
    candidate_melds,
    card_type,
    meld_templates,
    solve,
    template_arrays,
    type_counts,
)
from drezlab.players import seat_to_choose

__all__ = ["GreedyPlayer", "Position", "SolverPlayer", "greedy_play", "next_move", "turn_positions"]

Plan = tuple[tuple[str, ...], ...]


def next_move(observation: Observation, plan: Plan) -> str | None:
    """The next small action (its text) that turns the table toward ``plan`` (the melds
    wanted at the end of the turn), or ``None`` when the table is the plan.

    Melds already on the table stay. For each other planned meld the largest meld
    place holding only its cards is its home (else its first card starts a new meld),
    and its missing cards move there one by one."""
    places = {name: set(observation.ids(name)) for name in MELD_ZONES if observation.ids(name)}
    for wanted in plan:
        target = set(wanted)
        if any(cards == target for cards in places.values()):
            continue
        homes = [name for name, cards in places.items() if cards <= target]
        if not homes:
            first = min(wanted, key=lambda identifier: sort_key(Card.parse(identifier)))
            return f"{first.lower()} new"
        home = max(homes, key=lambda name: (len(places[name]), -MELD_ZONES.index(name)))
        missing = sorted(target - places[home], key=lambda identifier: sort_key(Card.parse(identifier)))
        return f"{missing[0].lower()} {home}"
    return None


def _longest_meld(hand: Sequence[Card]) -> list[Card] | None:
    """The longest meld (fewest neutral cards on a tie) that ``hand`` alone can make."""
    counts = type_counts(hand)
    melds = candidate_melds(counts)
    if len(melds) == 0:
        return None
    _, naturals, neutrals = template_arrays()
    sizes = naturals[melds] + neutrals[melds]
    best = melds[int(np.lexsort((neutrals[melds], -sizes))[0])]
    types, neutral_count = meld_templates()[int(best)]
    pool = list(hand)
    chosen: list[Card] = []
    for wanted in [*types, *[card_type(Card.neutral(1))] * neutral_count]:
        card = next(card for card in pool if card_type(card) == wanted)
        pool.remove(card)
        chosen.append(card)
    return chosen


def greedy_play(hand: Sequence[Card], table: Sequence[Sequence[Card]], opened: bool) -> Plan | None:
    """The greedy player's play: the table it leaves (melds of ids), or ``None`` for no play."""
    left = sorted(hand, key=sort_key)
    new: list[list[Card]] = []
    while True:
        meld = _longest_meld(left)
        if meld is None:
            break
        new.append(meld)
        for card in meld:
            left.remove(card)
    if not opened:
        if sum(len(meld) for meld in new) < INITIAL_MELD:
            return None
        return tuple(tuple(card.id for card in arrange(meld)) for meld in [*table, *new])
    melds = [list(meld) for meld in table] + new
    extended = True
    while extended:
        extended = False
        for card in list(left):
            fit = next((meld for meld in melds if is_valid([*meld, card])), None)
            if fit is not None:
                fit.append(card)
                left.remove(card)
                extended = True
    if len(left) == len(hand):
        return None
    return tuple(tuple(card.id for card in arrange(meld)) for meld in melds)


class _Planner(abc.ABC):
    """A bot that plans its turn's final table once, then plays it move by move."""

    name = "planner"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._key: tuple[object, ...] | None = None
        self._plan: Plan | None = None

    @abc.abstractmethod
    def plan(self, hand: list[Card], table: list[list[Card]], opened: bool) -> Plan | None:
        """The table wanted at the end of the turn, or ``None`` to draw."""

    def choose(self, game: Game) -> Action:
        seat = seat_to_choose(game, SPEC.name)
        view = game.view(seat)
        public = view.public
        if public["phase"] == "next":
            return game.parse("next")
        key = (seat, public["hand_number"], public["turn"], tuple(map(tuple, public["start"])))
        if key != self._key:
            if public["changed"]:
                return game.parse("reset")
            self._key = key
            hand = [Card.parse(identifier) for identifier in view.ids(hand_zone(seat))]
            table = [[Card.parse(identifier) for identifier in meld] for meld in public["start"] if meld]
            self._plan = self.plan(hand, table, public["opened"][seat])
        if self._plan is None:
            if public["changed"]:
                return game.parse("reset")
            return game.parse("draw" if view.zone(STOCK_ZONE).count else "pass")
        move = next_move(view, self._plan)
        return game.parse(move if move is not None else "done")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


class GreedyPlayer(_Planner):
    """Lays down the longest melds from its hand and extends table melds card by card;
    never rearranges (see the module docstring)."""

    name = "greedy"

    def plan(self, hand: list[Card], table: list[list[Card]], opened: bool) -> Plan | None:
        return greedy_play(hand, table, opened)


class SolverPlayer(_Planner):
    """Plays the solver's largest play, rearranging the table (see the module docstring)."""

    name = "solver"

    def plan(self, hand: list[Card], table: list[list[Card]], opened: bool) -> Plan | None:
        play = solve(hand, table, initial=not opened)
        return play.melds if play.count else None


Position = tuple[tuple[str, ...], tuple[tuple[str, ...], ...], bool]


def turn_positions(count: int, seed: int = 0, players: int = 2) -> list[Position]:
    """``count`` positions met in seeded games (solver against greedy, one hand each), one
    at the start of every turn: (the hand to move, the table's melds, whether it is an
    initial meld). The benchmark times the solver on them; the lesson compares plays."""
    found: list[Position] = []
    game_seed = seed
    while len(found) < count:
        game = RummiDrez(seed=game_seed, players=players, target=1)
        bots: list[_Planner] = [SolverPlayer(seed=game_seed), GreedyPlayer(seed=game_seed + 1)]
        while not game.is_over and len(found) < count:
            seat = game.to_move
            assert seat is not None
            public = game.view(seat).public
            if public["phase"] == "play" and not public["changed"]:
                hand = tuple(game.view(seat).ids(hand_zone(seat)))
                table = tuple(tuple(meld) for meld in public["start"] if meld)
                found.append((hand, table, not public["opened"][seat]))
            game.play(bots[seat % 2].choose(game))
        game_seed += 1
    return found
