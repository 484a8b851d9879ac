"""TriumfDrez bots: a rule-based player and a sampling (determinising) player.

Both decide from their own seat only: the rule-based player reads
``game.view(seat)``; the sampling player also asks ``game.resample(seat, rng)``
for deals of the unseen cards that agree with everything the seat has seen
(known voids included) and solves each with all hands open. Neither ever reads
another seat's hand.

**Bidding** (the rule-based player; :func:`estimate_tricks`): for every trump figure (or none)
and supertrump colour (or none) the bot counts its likely winners — supertrump-
coloured cards count most, then trumps by number, then high cards of other
figures — scaled to the table (a fair share is 13 / players) and, with 4
players, adds what a partner makes on average. It takes the best choice. The
first player opens with the minimum bid in it; later the bot makes the lowest
legal bid of its best choice if its estimate reaches that many tricks (never open
hands, never over its partner), else passes.

**RulePlayer** plays the cards by three rules (the issue's "follows cheap, wins
cheap, trumps when it pays"):

* following: when its side already wins the trick it plays its cheapest card of
  the led figure; otherwise its cheapest card that beats the trick, or else its
  cheapest card of the figure;
* void: it trumps (or supertrumps) with its cheapest winning card only when the
  trick is not already its side's; otherwise it discards its cheapest card;
* leading: a card that is the highest still out in its figure (and no trump or
  supertrump can beat it unless someone is void), else the lowest card of its
  longest plain figure.

"Cheap" orders cards by what they are worth later: plain cards by number, then
trumps by number, then supertrumps by figure.

**SamplingPlayer** bids by sampling with 3 or 4 players (:func:`sampled_bid`;
heads-up, where it measured no better, by the rule above): it deals the unseen
cards ``bid_samples`` times and, in each deal, estimates a side's tricks in a
contract by its share of the cards' strength there (the solver's estimate below
its search depth). Around these estimates it puts a spread of
:data:`ESTIMATE_SPREAD` tricks and weighs each action by the expected points of
its side minus the others' (§6: made, ``k + 2(t - k)``; down, the opponents score
``k + 2(k - t)``): the lowest legal closed bid of each trump and supertrump, or a
pass, which leaves the opponents' contract to be played. Their bid is evidence
about their cards, so a sampled deal in which their side could hardly expect its
tricks counts less. It never bids over its partner. Unlike the rule-based
estimate, this asks who holds the trumps: a hand full of the opponents' trump
lets their contract go down rather than bid its own.

It plays the cards by sampling too: it deals the unseen cards ``samples`` times with
``game.resample(seat, rng)``, reads each deal with open hands
(:class:`~drezlab.games.triumfdrez.solver.Deal`) and asks the double-dummy solver
for the value of each of its legal cards (the tricks its side makes from here).
It plays the card with the best average (ties: the cheapest). Near the end the
search is exact; earlier, to keep a decision within the widget's budget, it
searches the current trick and ``depth`` more exactly and estimates the rest
(:func:`~drezlab.games.triumfdrez.solver.move_values`); it also stops sampling once
``budget`` seconds are spent (after at least ``min_samples`` deals).
"""

from __future__ import annotations

import math
import random
import time
from functools import cache
from typing import Any

from drezlab.core.action import Action
from drezlab.core.cards import UNKNOWN_ID, Card
from drezlab.core.game import Game
from drezlab.core.observation import Observation
from drezlab.games.triumfdrez.actions import Bid, Pass
from drezlab.games.triumfdrez.cards import BY_ID, DECK, Contract, minimum_bid, power
from drezlab.games.triumfdrez.meta import SPEC
from drezlab.games.triumfdrez.solver import Deal, bit, card_weights, move_values
from drezlab.kits.chips import bot_turn

__all__ = ["RulePlayer", "SamplingPlayer", "cheapness", "estimate_tricks", "expected_net", "sampled_bid", "side_in_play",
           "tricks_distribution"]

#: a partner's average contribution with 4 players, in tricks
PARTNER_TRICKS = 2.5
#: how far, in tricks, a side's tricks may fall from the estimate of one sampled deal
#: (the spread of the normal curve the sampling bot's bidding puts around each estimate)
ESTIMATE_SPREAD = 1.5
#: the table sizes at which the sampling player bids by sampling: measured on the same
#: deals played from both sides with rule-based card play, its bids gained 3.6 points a
#: deal with 4 players and 1.2 with 3, and nothing heads-up (+0.04 over 100 deals),
#: where most of the unseen cards are out of play; there it bids by the rule
SAMPLED_BIDDING = (3, 4)


def _card_weight(card: Card, trump: int, supertrump: int) -> float:
    """How likely ``card`` is to take a trick in a contract (a rough count)."""
    figure, number = card.figure_number, card.number or 0
    if supertrump and number == supertrump:
        return 1.0 if figure == trump or figure >= 4 else 0.75
    if trump and figure == trump:
        return 0.9 if number >= 7 else 0.6 if number >= 4 else 0.4
    if number == 9:
        return 0.8
    if number >= 7:
        return 0.35
    return 0.0


def estimate_tricks(hand: list[Card], players: int) -> tuple[float, int, int]:
    """The bot's estimate of its side's tricks with the best trump and supertrump
    for ``hand``: ``(tricks, trump, supertrump)`` (0 = none)."""
    fair = 13 / players
    best = (-1.0, 0, 0)
    for trump in range(7):
        for supertrump in range(10):
            raw = sum(_card_weight(card, trump, supertrump) for card in hand)
            tricks = raw / 4.1 * fair + (PARTNER_TRICKS if players == 4 else 0.0)
            if tricks > best[0]:
                best = (tricks, trump, supertrump)
    return best


def cheapness(card: Card, trump: int, supertrump: int) -> tuple[int, int]:
    """Sort key: cheapest first (plain cards by number, then trumps, then supertrumps)."""
    strength = power(card, card.figure_number, trump, supertrump)
    return (2 if strength >= 300 else 1 if strength >= 200 else 0, strength)


def side_in_play(view: Observation, seat: int) -> tuple[int, ...]:
    """The seats playing with ``seat`` this deal: its partner (4 players), or, with 3,
    the other opponent when neither is the declarer (D30)."""
    contract = view.public["contract"]
    declarer = None if contract is None else contract["declarer"]
    if view.players == 4:
        return (seat, (seat + 2) % 4)
    if view.players == 3 and declarer is not None and seat != declarer:
        return tuple(other for other in range(3) if other != declarer)
    return (seat,)


def _bid(game: Game, view: Observation, seat: int) -> Action:
    """The bidding rule shared by both bots (see the module docstring)."""
    legal = game.legal_actions()
    hand = [BY_ID[card] for card in view.ids(f"hand{seat}")]
    tricks, trump, supertrump = estimate_tricks(hand, view.players)
    bids = [(action, action.data.contract) for action in legal if isinstance(action.data, Bid)]
    current = view.public["contract"]
    if current is None:
        opening = Contract(minimum_bid(view.players), trump, supertrump, False)
        return next(action for action, contract in bids if contract == opening)
    passing = next(action for action in legal if isinstance(action.data, Pass))
    if current["declarer"] in side_in_play(view, seat):
        return passing
    mine = [action for action, contract in bids if contract.trump == trump and contract.supertrump == supertrump
            and not contract.open and contract.k <= tricks]
    return mine[0] if mine else passing


def _trick_state(view: Observation) -> tuple[list[Card], list[int], int, int]:
    contract = view.public["contract"]
    trick = [BY_ID[card] for card in view.ids("trick")]
    return trick, list(view.public["trick_seats"]), contract["trump"], contract["supertrump"]


def _rule_card(view: Observation, seat: int, legal: list[Action]) -> Action:
    """The card chosen by the three rules (see the module docstring)."""
    trick, trick_seats, trump, supertrump = _trick_state(view)
    by_card = {action.data.card: action for action in legal}
    cards = list(by_card)
    cheap = sorted(cards, key=lambda card: cheapness(card, trump, supertrump))
    if not trick:
        return by_card[_lead(view, seat, cards, trump, supertrump)]
    led = trick[0].figure_number
    powers = [power(card, led, trump, supertrump) for card in trick]
    best = max(powers)
    ours = trick_seats[powers.index(best)] in side_in_play(view, seat)
    if ours:
        return by_card[cheap[0]]
    winners = [card for card in cheap if power(card, led, trump, supertrump) > best]
    return by_card[winners[0] if winners else cheap[0]]


def _lead(view: Observation, seat: int, cards: list[Card], trump: int, supertrump: int) -> Card:
    seen = {card for zone in view.zones.values() for card in zone.ids if card != UNKNOWN_ID}
    mine = {card.id for card in cards}
    out = [card for card in DECK if card.id not in seen or card.id in mine]
    nobody_void = not any(view.public["voids"][other] for other in range(view.players) if other != seat)
    bosses = []
    for card in cards:
        strength = power(card, card.figure_number, trump, supertrump)
        rivals = [other for other in out if other.id not in mine
                  and power(other, card.figure_number, trump, supertrump) > strength]
        if not rivals and (strength >= 200 or nobody_void):
            bosses.append(card)
    if bosses:
        return max(bosses, key=lambda card: cheapness(card, trump, supertrump))
    plain = [card for card in cards if cheapness(card, trump, supertrump)[0] == 0]
    if not plain:
        return min(cards, key=lambda card: cheapness(card, trump, supertrump))
    lengths: dict[int, int] = {}
    for card in plain:
        lengths[card.figure_number] = lengths.get(card.figure_number, 0) + 1
    longest = max(lengths, key=lambda figure: (lengths[figure], figure))
    return min((card for card in plain if card.figure_number == longest), key=lambda card: card.number or 0)


@cache
def _weights(trump: int, supertrump: int) -> tuple[int, ...]:
    return card_weights(trump, supertrump)


def _side_of(seat: int, players: int, declarer: int) -> tuple[int, ...]:
    """The seats that score with ``declarer``'s contract: a pair with 4 players, else the declarer."""
    return (declarer, (declarer + 2) % 4) if players == 4 else (declarer,)


def _below(x: float, mean: float) -> float:
    """The chance that a normal curve of spread :data:`ESTIMATE_SPREAD` around ``mean`` falls below ``x``."""
    return 0.5 * (1.0 + math.erf((x - mean) / (ESTIMATE_SPREAD * math.sqrt(2.0))))


def tricks_distribution(estimates: list[float], weights: list[float] | None = None, tricks: int = 13) -> list[float]:
    """The chance of each number of tricks ``0..tricks`` for a side whose estimate in
    each sampled deal is ``estimates[i]``: a mixture (by ``weights``, equal if none) of
    normal curves of spread :data:`ESTIMATE_SPREAD` around the estimates, cut into whole tricks."""
    weights = [1.0] * len(estimates) if weights is None else weights
    total = sum(weights)
    chances = [0.0] * (tricks + 1)
    for mean, weight in zip(estimates, weights):
        for count in range(tricks + 1):
            low = 0.0 if count == 0 else _below(count - 0.5, mean)
            high = 1.0 if count == tricks else _below(count + 0.5, mean)
            chances[count] += weight * (high - low) / total
    return chances


def expected_net(k: int, chances: list[float]) -> float:
    """The declaring side's expected points minus its opponents' for a contract of ``k``
    whose side takes ``t`` tricks with ``chances[t]``: made, it scores ``k + 2(t - k)``;
    down, the opponents score ``k + 2(k - t)`` (§6)."""
    return sum(chance * ((2 * tricks - k) if tricks >= k else -(3 * k - 2 * tricks))
               for tricks, chance in enumerate(chances))


def sampled_bid(game: Game, view: Observation, seat: int, rng: random.Random, samples: int) -> Action:
    """The sampling bot's bid: deal the unseen cards ``samples`` times
    (``game.resample(seat, rng)``), estimate in each deal the tricks a side takes in a
    contract by its share of the cards' strength (:func:`~drezlab.games.triumfdrez.solver.card_weights`),
    and take the action with the best expected points for its side minus the others':
    the lowest legal closed bid of each trump and supertrump (a lower ``k`` never scores
    less), or passing, which leaves the opponents' contract on the table. It never bids
    over its partner (its partner bid from cards this seat cannot see)."""
    legal = game.legal_actions()
    players = view.players
    lowest: dict[tuple[int, int], tuple[Action, Contract]] = {}
    for action in legal:
        if isinstance(action.data, Bid) and not action.data.contract.open:
            contract = action.data.contract
            choice = (contract.trump, contract.supertrump)
            if choice not in lowest or contract.k < lowest[choice][1].k:
                lowest[choice] = (action, contract)
    deals = []
    for _ in range(samples):
        copy = game.resample(seat, rng)
        deals.append([[bit(card) for card in copy.zones[f"hand{other}"]] for other in range(players)])
    mine = _side_of(seat, players, seat)

    def estimates(trump: int, supertrump: int, side: tuple[int, ...]) -> list[float]:
        weights = _weights(trump, supertrump)
        out = []
        for hands in deals:
            strengths = [sum(weights[index] for index in hand) for hand in hands]
            total = sum(strengths)
            ours = sum(strengths[other] for other in side)
            out.append(13 * ours / total if total else 0.0)
        return out

    best: tuple[float, Action] | None = None
    for (trump, supertrump), (action, contract) in lowest.items():
        value = expected_net(contract.k, tricks_distribution(estimates(trump, supertrump, mine)))
        if best is None or value > best[0]:
            best = (value, action)
    current = view.public["contract"]
    passing = next((action for action in legal if isinstance(action.data, Pass)), None)
    if passing is not None and current is not None:
        side = _side_of(seat, players, current["declarer"])
        if seat in side:
            return passing
        theirs = estimates(current["trump"], current["supertrump"], side)
        # their bid is evidence: a deal where their side could hardly expect its tricks counts less
        evidence = [_below(estimate, current["k"] - 1) for estimate in theirs]
        value = -expected_net(current["k"], tricks_distribution(theirs, evidence))
        if players == 3:
            # with 3 players both defenders score the declarer's fall (D30): against the
            # other defender it gains nothing, so it is worth half (the mean over two rivals)
            value /= 2
        if best is None or value >= best[0]:
            return passing
    assert best is not None, "the opening bid always has a closed bid to make"
    return best[1]


class RulePlayer:
    """Bids by :func:`estimate_tricks` and plays by three rules (module docstring)."""

    name = "rules"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "RulePlayer()"

    def choose(self, game: Game) -> Action:
        """The bot's action for the seat to move, from that seat's view only."""
        view, legal = bot_turn(game, SPEC.name, self.name)
        seat = view.seat
        assert seat is not None
        if len(legal) == 1:
            return legal[0]
        if view.public["phase"] == "bid":
            return self._bid(game, view, seat)
        return self._card(game, view, seat, legal)

    def _bid(self, game: Game, view: Observation, seat: int) -> Action:
        """The bid or pass (the estimate rule; the sampling player overrides it)."""
        return _bid(game, view, seat)

    def _card(self, game: Any, view: Observation, seat: int, legal: list[Action]) -> Action:
        """The card to play (the three rules; the sampling player overrides it)."""
        return _rule_card(view, seat, legal)


class SamplingPlayer(RulePlayer):
    """Bids by the expected points over ``bid_samples`` sampled deals with 3 or 4 players
    (:func:`sampled_bid`; heads-up by the rule);
    plays the card with the best double-dummy value averaged over ``samples`` deals
    of the unseen cards (module docstring). ``exact``: with this many tricks
    left or fewer (the current one included) each deal is solved exactly (default:
    5 with 4 players, 6 with 3, 8 with 2); earlier the solver searches ``depth``
    tricks past the current one and estimates the rest. ``budget``: seconds per
    decision after which no new deal is started (at least ``min_samples`` are)."""

    name = "sampling"

    def __init__(self, seed: int | None = None, samples: int = 12, depth: int = 1, exact: int | None = None,
                 budget: float = 0.25, min_samples: int = 3, bid_samples: int = 24) -> None:
        for label, value, low in (("samples", samples, 1), ("depth", depth, 0), ("min_samples", min_samples, 1),
                                  ("bid_samples", bid_samples, 1)):
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise ValueError(f"{label} must be a whole number of at least {low}")
        if exact is not None and (isinstance(exact, bool) or not isinstance(exact, int) or not 1 <= exact <= 13):
            raise ValueError("exact must be a number of tricks from 1 to 13, or None")
        if not budget > 0:
            raise ValueError("budget is a positive number of seconds")
        super().__init__(seed)
        self.samples = samples
        self.depth = depth
        self.exact = exact
        self.budget = float(budget)
        self.min_samples = min_samples
        self.bid_samples = bid_samples
        #: the averaged value of each card at the last decision (for lessons)
        self.last_values: dict[str, float] = {}
        #: how many deals the last decision used
        self.last_samples = 0

    def __repr__(self) -> str:
        return f"SamplingPlayer(samples={self.samples})"

    def _bid(self, game: Game, view: Observation, seat: int) -> Action:
        """With 3 or 4 players, the bid with the best expected points over ``bid_samples``
        sampled deals (:func:`sampled_bid`); heads-up, the rule-based player's bid."""
        if view.players in SAMPLED_BIDDING:
            return sampled_bid(game, view, seat, self.rng, self.bid_samples)
        return super()._bid(game, view, seat)

    def _exact_limit(self, players: int) -> int:
        if self.exact is not None:
            return self.exact
        return {2: 8, 3: 6, 4: 5}[players]

    def _card(self, game: Any, view: Observation, seat: int, legal: list[Action]) -> Action:
        """The card with the best average double-dummy value over the sampled deals."""
        side = side_in_play(view, seat)
        totals: dict[str, float] = {}
        started = time.perf_counter()
        used = 0
        for _ in range(self.samples):
            if used >= self.min_samples and time.perf_counter() - started > self.budget:
                break
            deal = Deal.from_game(game.resample(seat, self.rng), side)
            depth = None if deal.tricks_left() <= self._exact_limit(view.players) else self.depth
            for card, value in move_values(deal, depth=depth).items():
                totals[card] = totals.get(card, 0.0) + value
            used += 1
        self.last_samples = used
        self.last_values = {card: value / used for card, value in totals.items()}
        _, _, trump, supertrump = _trick_state(view)
        return max(legal, key=lambda action: (round(self.last_values[action.data.card.id], 9),
                                              tuple(-part for part in cheapness(action.data.card, trump, supertrump))))
