"""DomiDrez bots: a greedy player that keeps its options open, and a sampling player.

Both decide for the seat to move from what that seat may know: the greedy
player reads ``game.view(seat)`` only; the sampling player also asks
``game.resample(seat, rng)`` for worlds that seat cannot tell from the real one
(the unseen cards dealt afresh among the other hands and the stock). Neither
ever reads another seat's hand. Forced moves (a single legal action: draw,
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
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from drezlab.core.action import Action
from drezlab.core.cards import Card
from drezlab.core.game import Game
from drezlab.core.observation import Observation
from drezlab.games.domidrez.knowledge import (
    STOCK_ZONE,
    UNDER_ZONE,
    follows,
    hand_zone,
    own_hand,
)
from drezlab.games.domidrez.meta import SPEC

__all__ = ["GreedyPlayer", "SamplingPlayer", "best_name", "keep_options_score", "playout"]


def _check(game: Game) -> tuple[int, list[Action]]:
    seat = game.to_move
    if seat is None:
        raise ValueError("the game is over: there is nothing to choose")
    if getattr(type(game), "spec", None) is not SPEC:
        raise ValueError(f"this bot plays DomiDrez, not {type(game).__name__}")
    return seat, game.legal_actions()


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
        if actions[0].data[0] == "name":
            figure, colour = best_name(hand)
            return next(action for action in actions if action.data[1:] == (figure, colour))
        return self._play(hand, actions)

    def _play(self, hand: list[Card], actions: list[Action]) -> Action:
        figures = [action for action in actions if not action.data[1].is_neutral]
        if not figures:
            return actions[0]
        scored = []
        for action in figures:
            card = action.data[1]
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


def playout(hands: list[list[int]], stock: list[int], figure: int, colour: int, seat: int,
            rng: random.Random, limit: int = 2000) -> list[int]:
    """Finish a hand on integer cards from ``seat``'s turn with the fast playout policy;
    returns the points each seat gains. ``hands`` and ``stock`` (top = end) are changed."""
    players = len(hands)
    passes = 0
    for _ in range(limit):
        hand = hands[seat]
        playable = [index for index, code in enumerate(hand)
                    if code == 0 or code // 10 == figure or code % 10 == colour]
        if playable:
            passes = 0
            plain = [index for index in playable if hand[index]]
            index = plain[rng.randrange(len(plain))] if plain else playable[0]
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
        if actions[0].data[0] == "name":
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
        return [action for action in actions if action.data[1] in top_figures and action.data[2] in top_colours]

    @staticmethod
    def _value(action: Action, view: Observation, seat: int, hands: list[list[int]], stock: list[int],
               playout_seed: int) -> float:
        hands = [cards[:] for cards in hands]
        stock = stock[:]
        rng = random.Random(playout_seed)
        players = view.players
        if action.data[0] == "name":
            figure, colour = action.data[1], action.data[2]
        else:
            code = _code(action.data[1])
            hands[seat].remove(code)
            if not hands[seat]:
                gained = _hand_points([len(cards) for cards in hands])
                return float(gained[seat] - max(points for other, points in enumerate(gained) if other != seat))
            figure, colour = (code // 10, code % 10) if code else _name_for(hands[seat])
        gained = playout(hands, stock, figure, colour, (seat + 1) % players, rng)
        return float(gained[seat] - max(points for other, points in enumerate(gained) if other != seat))


def _world(world: Game, players: int) -> tuple[list[list[int]], list[int]]:
    """A resampled world's hands and draw order as integer cards (top of the stock = end)."""
    zones = world.zones
    hands = [[_code(card) for card in zones[hand_zone(seat)]] for seat in range(players)]
    stock = [_code(card) for card in zones[UNDER_ZONE]] + [_code(card) for card in zones[STOCK_ZONE]]
    return hands, stock
