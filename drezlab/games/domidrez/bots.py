"""DomiDrez bots: a greedy player that keeps its options open, a sampling player, and a
tracking player that also reads what the others could not follow.

All decide for the seat to move from what that seat may know: the greedy
player reads ``game.view(seat)`` only; the sampling and tracking players also ask
``game.resample(seat, rng)`` for worlds that seat cannot tell from the real one
(the unseen cards dealt afresh among the other hands and the stock), and the
tracking player reads the public list of actions (``game.history``: every
DomiDrez action is public, a draw shows no card). None ever reads another
seat's hand. Forced moves (a single legal action: draw,
pass, next hand) are played at once.

:class:`GreedyPlayer` — *keeps its options open*:

* it plays a figure card rather than a neutral card whenever it can (a neutral
  card follows anything, so it is the last option to give away);
* among the figure cards that follow, it plays the one after which most of its
  remaining cards would still follow (same figure or colour as the card played),
  so that if the line comes back unchanged it can play again; ties go to the
  card whose figure and colour are rarest in its hand (it sheds the odd ones);
* after a neutral card it names the figure and the colour that most of its
  remaining cards have.

:class:`SamplingPlayer` — *determinised Monte Carlo* (perfect-information Monte
Carlo): for each of ``samples`` worlds drawn with ``game.resample(seat, rng)``
it plays every candidate action and finishes the hand with a fast playout
policy (a random figure card that follows, else a neutral card naming the hand's
most common figure and colour, else draw or pass); a candidate's value is its
average of (points this seat gains − the most points another seat gains) in
that hand. All candidates are tried on the same worlds and playouts share their
random numbers, so the comparison is fair. The playouts run on small integer
lists (a card is ``10 × figure + colour``, neutral = 0), not on game objects,
which is what keeps a decision under the 300 ms budget. After a neutral card
it compares the names made of its hand's three most common figures and colours.

:class:`TrackingPlayer` — *determinised search that reads the table*, the
strongest level. It is the sampling player with three changes, each of which a
good human player makes too:

* **it remembers who drew on what** (:func:`since_last_play`): a seat that drew
  (or passed) held no card of the figure or colour it had to follow, nor a
  neutral card. Since that seat's last played card this is exact: the cards it
  held at its first draw fail every later requirement, the card each draw
  brought fails the requirements after it. Every world is dealt so that the
  other hands fit (a card that fits is chosen for the most constrained places
  first), instead of dealing the unseen cards blindly;
* **its playouts are played well**: every seat finishes the hand with the
  greedy policy (the figure card that keeps most of its hand following, a
  neutral card last), so a move is judged against sensible replies rather than
  random ones;
* **it plays for the match** (:func:`match_value`): a hand that ends the match
  counts as a win (1) or a loss (-1), any other hand as the lead it leaves over
  the best other seat, as a share of the target. So near the end it blocks a
  seat about to reach the target rather than counting points.

The unseen cards are read once per decision from one ``game.resample`` and dealt
afresh for each of ``samples`` worlds (sorted first, so their order in the real
deal leaves no trace); ``time_limit`` caps a decision (the median is a few
hundredths of a second).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from drezlab.core.action import Action
from drezlab.core.cards import Card
from drezlab.core.game import Game
from drezlab.core.observation import Observation
from drezlab.games.domidrez.actions import Draw, Name, NextHand, Pass, Play
from drezlab.games.domidrez.knowledge import (
    LINE_ZONE,
    STOCK_ZONE,
    UNDER_ZONE,
    follows,
    hand_zone,
    own_hand,
)
from drezlab.games.domidrez.meta import SPEC
from drezlab.players import seat_to_choose

__all__ = ["GreedyPlayer", "SamplingPlayer", "TrackingPlayer", "best_name", "greedy_playout", "keep_options_score",
           "match_value", "playout", "since_last_play"]


def _check(game: Game) -> tuple[int, list[Action]]:
    return seat_to_choose(game, SPEC.name), game.legal_actions()


def keep_options_score(card: Card, rest: Sequence[Card]) -> tuple[int, int]:
    """How open ``rest`` stays after playing ``card``: (cards of ``rest`` that would
    follow ``card``, minus how common ``card``'s figure and colour are in ``rest``
    as a tie-break that sheds the odd cards first)."""
    follow = sum(1 for other in rest if follows(other, card, None))
    same = sum(1 for other in rest if not other.is_neutral
               and (other.figure_number == card.figure_number) + (other.number == card.number))
    return follow, -same


def best_name(hand: Sequence[Card]) -> tuple[int, int]:
    """The (figure, colour) that most of ``hand``'s figure cards have (ties: the lower numbers)."""
    figures = Counter(card.figure_number for card in hand if not card.is_neutral)
    colours = Counter(card.number for card in hand if not card.is_neutral)
    figure = max(range(1, 7), key=lambda value: (figures[value], -value))
    colour = max(range(1, 10), key=lambda value: (colours[value], -value))
    return figure, colour


class GreedyPlayer:
    """Keeps its options open (see the module docstring); ties are broken by its own
    seeded generator, so a seeded bot repeats its game exactly."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "GreedyPlayer()"

    def choose(self, game: Game) -> Action:
        seat, actions = _check(game)
        if len(actions) == 1:
            return actions[0]
        view = game.view(seat)
        hand = own_hand(view)
        if isinstance(actions[0].data, Name):
            return next(action for action in actions if action.data == Name(*best_name(hand)))
        return self._play(hand, actions)

    def _play(self, hand: list[Card], actions: list[Action]) -> Action:
        figures = [action for action in actions if not action.data.card.is_neutral]
        if not figures:
            return actions[0]
        scored = []
        for action in figures:
            card = action.data.card
            rest = [other for other in hand if other != card]
            scored.append((keep_options_score(card, rest), action))
        best = max(score for score, _ in scored)
        tied = [action for score, action in scored if score == best]
        return tied[self.rng.randrange(len(tied))]


# ------------------------------------------------------------------ sampling
def _code(card: Card) -> int:
    return 0 if card.is_neutral else 10 * card.figure_number + (card.number or 0)


def _hand_points(counts: list[int]) -> list[int]:
    fewest = min(counts)
    return [sum(other - fewest for other in counts) if count == fewest else 0 for count in counts]


def _name_for(hand: list[int]) -> tuple[int, int]:
    figures = Counter(code // 10 for code in hand if code)
    colours = Counter(code % 10 for code in hand if code)
    figure = max(figures, key=figures.__getitem__) if figures else 1
    colour = max(colours, key=colours.__getitem__) if colours else 1
    return figure, colour


#: a playout policy: the index of the card ``hand`` plays on (figure, colour), or -1 for none
Pick = Callable[[list[int], int, int, random.Random], int]


def _random_pick(hand: list[int], figure: int, colour: int, rng: random.Random) -> int:
    """The sampling player's playout policy: a random figure card that follows, else a
    neutral card, else -1."""
    playable = [index for index, code in enumerate(hand)
                if code == 0 or code // 10 == figure or code % 10 == colour]
    if not playable:
        return -1
    plain = [index for index in playable if hand[index]]
    return plain[rng.randrange(len(plain))] if plain else playable[0]


def _finish(hands: list[list[int]], stock: list[int], figure: int, colour: int, seat: int,
            rng: random.Random, limit: int, pick: Pick) -> list[int]:
    """Finish a hand on integer cards from ``seat``'s turn, every seat playing ``pick``
    (a neutral card names the hand's most common figure and colour); returns the points
    each seat gains. ``hands`` and ``stock`` (top = end) are changed."""
    players = len(hands)
    passes = 0
    for _ in range(limit):
        hand = hands[seat]
        index = pick(hand, figure, colour, rng)
        if index >= 0:
            passes = 0
            code = hand.pop(index)
            if not hand:
                return _hand_points([len(cards) for cards in hands])
            if code:
                figure, colour = code // 10, code % 10
            else:
                figure, colour = _name_for(hand)
        elif stock:
            passes = 0
            hand.append(stock.pop())
        else:
            passes += 1
            if passes >= players:
                return _hand_points([len(cards) for cards in hands])
        seat = (seat + 1) % players
    return _hand_points([len(cards) for cards in hands])


def playout(hands: list[list[int]], stock: list[int], figure: int, colour: int, seat: int,
            rng: random.Random, limit: int = 2000) -> list[int]:
    """Finish a hand on integer cards from ``seat``'s turn with the fast playout policy
    (:func:`_random_pick`); returns the points each seat gains. ``hands`` and ``stock``
    (top = end) are changed."""
    return _finish(hands, stock, figure, colour, seat, rng, limit, _random_pick)


def _gains(action: Action, seat: int, hands: list[list[int]], stock: list[int], playout_seed: int,
           pick: Pick) -> list[int]:
    """The points each seat gains when ``seat`` takes ``action`` in the world (``hands``,
    ``stock``, left unchanged) and the hand is finished with ``pick``."""
    hands = [cards[:] for cards in hands]
    stock = stock[:]
    rng = random.Random(playout_seed)
    if isinstance(action.data, Name):
        figure, colour = action.data.figure, action.data.colour
    else:
        code = _code(action.data.card)
        hands[seat].remove(code)
        if not hands[seat]:
            return _hand_points([len(cards) for cards in hands])
        figure, colour = (code // 10, code % 10) if code else _name_for(hands[seat])
    return _finish(hands, stock, figure, colour, (seat + 1) % len(hands), rng, 2000, pick)


class SamplingPlayer:
    """Determinised Monte Carlo over ``game.resample`` (see the module docstring).
    ``samples``: worlds per decision (default 24)."""

    name = "sampling"

    def __init__(self, seed: int | None = None, samples: int = 24) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError("samples must be a whole number of at least 1")
        self.rng = random.Random(seed)
        self.samples = samples
        #: each candidate's average value at the last decision (lessons show them)
        self.last_values: dict[str, float] = {}

    def __repr__(self) -> str:
        return f"SamplingPlayer(samples={self.samples})"

    def choose(self, game: Game) -> Action:
        seat, actions = _check(game)
        if len(actions) == 1:
            return actions[0]
        view = game.view(seat)
        if isinstance(actions[0].data, Name):
            actions = self._name_candidates(own_hand(view), actions)
        totals = dict.fromkeys((action.text for action in actions), 0.0)
        for _ in range(self.samples):
            hands, stock = _world(game.resample(seat, self.rng), view.players)
            playout_seed = self.rng.randrange(2**32)
            for action in actions:
                totals[action.text] += self._value(action, view, seat, hands, stock, playout_seed)
        self.last_values = {text: total / self.samples for text, total in totals.items()}
        best = max(self.last_values.values())
        return next(action for action in actions if self.last_values[action.text] == best)

    @staticmethod
    def _name_candidates(hand: list[Card], actions: list[Action]) -> list[Action]:
        figures = Counter(card.figure_number for card in hand if not card.is_neutral)
        colours = Counter(card.number for card in hand if not card.is_neutral)
        top_figures = {value for value, _ in figures.most_common(3)} or {1}
        top_colours = {value for value, _ in colours.most_common(3)} or {1}
        return [action for action in actions
                if action.data.figure in top_figures and action.data.colour in top_colours]

    @staticmethod
    def _value(action: Action, view: Observation, seat: int, hands: list[list[int]], stock: list[int],
               playout_seed: int) -> float:
        gained = _gains(action, seat, hands, stock, playout_seed, _random_pick)
        return float(gained[seat] - max(points for other, points in enumerate(gained) if other != seat))


def _world(world: Game, players: int) -> tuple[list[list[int]], list[int]]:
    """A resampled world's hands and draw order as integer cards (top of the stock = end)."""
    zones = world.zones
    hands = [[_code(card) for card in zones[hand_zone(seat)]] for seat in range(players)]
    stock = [_code(card) for card in zones[UNDER_ZONE]] + [_code(card) for card in zones[STOCK_ZONE]]
    return hands, stock


# ------------------------------------------------------------------ search
#: a seat's constraints since its last played card: each draw or pass says that every card it
#: held then neither followed the requirement (figure, colour) nor was neutral
Requirement = tuple[int, int]


def _void_of(code: int, requirements: Sequence[Requirement]) -> bool:
    """Could a card (integer code) have been held through draws on ``requirements``?"""
    if code == 0:
        return not requirements
    figure, colour = code // 10, code % 10
    return all(figure != wanted_figure and colour != wanted_colour
               for wanted_figure, wanted_colour in requirements)


def since_last_play(history: Sequence[Action], line: Sequence[Card], first: int,
                    players: int) -> list[list[tuple[str, Requirement]]]:
    """Per seat, the draws and passes (with the requirement each failed) since that seat
    last played a card in the current hand, read from the public history of actions.

    Every action of DomiDrez is public (a draw shows no card), so this is what each seat
    at the table has seen: ``history`` is ``game.history``, ``line`` the public line,
    ``first`` the hand's first player."""
    start = len(history)
    while start > 0 and not isinstance(history[start - 1].data, NextHand):
        start -= 1
    events: list[list[tuple[str, Requirement]]] = [[] for _ in range(players)]
    top = _code(line[0])
    named: Requirement | None = None
    seat = first
    for action in history[start:]:
        match action.data:
            case Play(card=card):
                top = _code(card)
                named = None
                events[seat] = []
                if top:
                    seat = (seat + 1) % players
            case Name(figure=figure, colour=colour):
                named = (figure, colour)
                seat = (seat + 1) % players
            case Draw() | Pass():
                wanted = named if top == 0 and named is not None else (top // 10, top % 10)
                events[seat].append((action.text, wanted))
                seat = (seat + 1) % players
    return events


def _slots(size: int, events: Sequence[tuple[str, Requirement]]) -> list[list[Requirement]]:
    """The requirements each card of a hand of ``size`` must have failed, most constrained
    first: the cards held before the first draw failed every later requirement, the card
    each draw brought failed the requirements after it, the last drawn card none."""
    slots: list[list[Requirement]] = []
    later: list[Requirement] = []
    for kind, wanted in reversed(events):
        if kind == "draw":
            slots.append(list(later))
        later.append(wanted)
    slots = slots[:size]
    slots.reverse()
    return [list(later)] * (size - len(slots)) + slots


def _greedy_pick(hand: list[int], figure: int, colour: int, rng: random.Random) -> int:
    """The index of the playout policy's card: the figure card that follows and leaves most
    cards of ``hand`` following it (ties at random), else a neutral card, else -1."""
    best = -1
    best_score = -1
    ties = 0
    neutral = -1
    for index, code in enumerate(hand):
        if code == 0:
            neutral = index
            continue
        card_figure, card_colour = code // 10, code % 10
        if card_figure != figure and card_colour != colour:
            continue
        score = 0
        for other in hand:
            if other and (other // 10 == card_figure or other % 10 == card_colour):
                score += 1
        if score > best_score:
            best, best_score, ties = index, score, 1
        elif score == best_score:
            ties += 1
            if rng.randrange(ties) == 0:
                best = index
    return best if best >= 0 else neutral


def greedy_playout(hands: list[list[int]], stock: list[int], figure: int, colour: int, seat: int,
                   rng: random.Random, limit: int = 2000) -> list[int]:
    """Finish a hand like :func:`playout`, every seat playing the greedy policy
    (:func:`_greedy_pick`: the figure card that keeps most of its hand following, a
    neutral card last, naming the hand's most common figure and colour)."""
    return _finish(hands, stock, figure, colour, seat, rng, limit, _greedy_pick)


class TrackingPlayer:
    """Determinised search that reads the table (see the module docstring).

    ``samples``: worlds per decision (default 60); ``time_limit``: a cap in seconds
    after which no new world is started (``None``: none)."""

    name = "tracking"

    def __init__(self, seed: int | None = None, samples: int = 60, time_limit: float | None = 0.9) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError("samples must be a whole number of at least 1")
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
                                       or not time_limit > 0):
            raise ValueError("time_limit must be a positive number of seconds or None")
        self.rng = random.Random(seed)
        self.samples = samples
        self.time_limit = time_limit
        #: each candidate's average value at the last decision
        self.last_values: dict[str, float] = {}

    def __repr__(self) -> str:
        return f"TrackingPlayer(samples={self.samples}, time_limit={self.time_limit})"

    def choose(self, game: Game) -> Action:
        seat, actions = _check(game)
        if len(actions) == 1:
            return actions[0]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        view = game.view(seat)
        players = view.players
        if isinstance(actions[0].data, Name):
            actions = SamplingPlayer._name_candidates(own_hand(view), actions)
        events = since_last_play(game.history, [Card.parse(card) for card in view.ids(LINE_ZONE)],
                                 int(view.public["first"]), players)
        scores = [int(score) for score in view.public["scores"]]
        target = int(view.public["target"])
        totals = dict.fromkeys((action.text for action in actions), 0.0)
        table = _Table.of(game.resample(seat, self.rng), seat, players, events)
        done = 0
        while done < self.samples and (deadline is None or done == 0 or time.perf_counter() < deadline):
            hands, stock = table.deal(self.rng)
            playout_seed = self.rng.randrange(2**32)
            for action in actions:
                gained = _gains(action, seat, hands, stock, playout_seed, _greedy_pick)
                totals[action.text] += match_value(scores, gained, seat, target)
            done += 1
        self.last_values = {text: total / done for text, total in totals.items()}
        best = max(self.last_values.values())
        return next(action for action in actions if self.last_values[action.text] == best)


@dataclass(frozen=True)
class _Table:
    """What one seat knows of a hand, as integer cards, ready to be dealt into worlds: its
    own hand, the cards known to be in other hands (drawn from under the stock), the
    requirements every unknown card of each other hand failed (:func:`_slots`, most
    constrained first), the unseen cards, and the known cards at the bottom of the stock."""

    own: tuple[int, ...]
    seat: int
    fixed: tuple[tuple[int, ...], ...]
    slots: tuple[tuple[int, tuple[Requirement, ...]], ...]
    pool: tuple[int, ...]
    under: tuple[int, ...]

    @classmethod
    def of(cls, world: Game, seat: int, players: int, events: list[list[tuple[str, Requirement]]]) -> _Table:
        """Read a resampled ``world`` (only what ``seat`` may know survives in it: the unseen
        cards as a set, sorted here so that the real deal leaves no trace in their order)."""
        zones = world.zones
        known = set(getattr(world, "known", ()))
        pool = [_code(card) for card in zones[STOCK_ZONE]]
        fixed: list[tuple[int, ...]] = []
        slots: list[tuple[int, tuple[Requirement, ...]]] = []
        for other in range(players):
            cards = zones[hand_zone(other)]
            if other == seat:
                fixed.append(())
                continue
            fixed.append(tuple(_code(card) for card in cards if card.id in known))
            pool.extend(_code(card) for card in cards if card.id not in known)
            slots.extend((other, tuple(wanted))
                         for wanted in _slots(len(cards) - len(fixed[other]), events[other]))
        slots.sort(key=lambda slot: -len(slot[1]))
        return cls(tuple(_code(card) for card in zones[hand_zone(seat)]), seat, tuple(fixed), tuple(slots),
                   tuple(sorted(pool)), tuple(_code(card) for card in zones[UNDER_ZONE]))

    def deal(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """One world: the unseen cards shuffled and dealt so that each other hand's card fits
        the draws and passes it made since its last card (a card it held when it drew cannot
        follow what it drew on); when no unseen card fits a slot, any card goes there."""
        pool = list(self.pool)
        rng.shuffle(pool)
        hands = [list(cards) for cards in self.fixed]
        hands[self.seat] = list(self.own)
        for other, wanted in self.slots:
            index = next((place for place, code in enumerate(pool) if _void_of(code, wanted)), 0)
            hands[other].append(pool.pop(index))
        return hands, list(self.under) + pool


def match_value(scores: Sequence[int], gained: Sequence[int], seat: int, target: int) -> float:
    """What a hand's points are worth to ``seat`` in the match: 1 when they win it, -1 when
    another seat wins it, else the seat's lead over the best other seat as a share of
    the target (so a hand that ends the match outweighs any lead)."""
    totals = [score + points for score, points in zip(scores, gained)]
    reached = [total for total in totals if total >= target]
    if reached:
        return 1.0 if totals[seat] == max(reached) else -1.0
    return (totals[seat] - max(total for other, total in enumerate(totals) if other != seat)) / target
