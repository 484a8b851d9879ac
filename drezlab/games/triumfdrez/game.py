"""TriumfDrez: trick-taking with Pokerdrez cards, a trump figure and a supertrump colour.

Rules: ``shared/rules/card-games.md`` §0 and §6 (from the Spanish source
"TriumfDrez", seed 000), every DECISION there binding. In the order of a deal:

1. **Deal.** 54 cards (D5: the two neutral cards are removed). The dealer moves one
   seat on every deal (D1); the first player is the seat after the dealer. Each
   player gets 13 cards, one at a time in seat order from the first player; the
   rest stay face down and unseen all deal (2 players: 28; 3: 15; 4: 2).
2. **Bidding.** The first player must bid. A bid is ``k`` tricks, a trump figure
   or none, a supertrump colour or none, open or closed hands. In turn the others
   pass or bid higher: bids compare by ``(k, open, level)`` (D32; level 0 = trump
   and supertrump, 1 = one of them none, 2 = both none; figure and colour do not
   count), a new bid needs a strictly greater key. ``k`` is 7..13 with 2 or 4
   players, 5..13 with 3. A pass is not permanent and a player may overbid their
   partner. The auction ends when every other player has passed in a row after
   the last bid; the last bidder is the declarer.
3. **Play.** In an open contract the hands of the declarer and their partner are
   turned face up (each owner still plays their own cards; D33). The declarer
   leads the first trick (D33). Everyone must play a card of the led figure if
   they have one; without one, any card (a trump, a supertrump or a discard).
   Nobody is forced to try to win. The trick goes to the highest card (D31): the
   trump figure in the supertrump colour; then other supertrump-coloured cards by
   figure (J > Q > R > B > N > P); then other trump-figure cards by number; then
   cards of the led figure by number; anything else cannot win. The winner leads
   the next trick; a deal has 13 tricks.
4. **Scoring.** With contract ``k`` and ``t`` tricks won by the declarer's side the
   deal is worth ``k + 2·|t − k|``: the declarer's side scores it if ``t ≥ k``,
   otherwise every opposing player or pair scores it (D30: with 3 players the
   declarer plays alone and both opponents score).
5. **Match.** The first player or pair to reach the target (default 50) wins; if
   several reach it in the same deal the highest total wins, and on equal totals
   play goes on (D34).

Seats: with 4 players the pairs are seats 0+2 and 1+3 (partners sit opposite);
with 2 or 3 everyone plays for themselves (with 3, the two opponents of the
declarer play together for that deal).

Zones (``game.zones``):

===========  ===========  ============================================================
``stock``    count only   the undealt cards (face down all deal)
``hand2``    owner only   seat 2's cards (turned public for an open contract's side)
``trick``    public       the cards of the trick being played, in play order
``played``   public       the cards of the completed tricks of this deal, in order
===========  ===========  ============================================================

The public part of a view (``view(seat).public``) holds the phase (``bid``,
``play``, ``next``), the dealer and first player, the bids (seat and notation),
the contract, the current leader and the seats that played to this trick, each
seat's tricks this deal, the completed tricks (leader, winner), each seat's known
voids (figures it failed to follow, derived from the public tricks), the points,
the target and the last deal's result.

Action notation (``str(action)``, lower-case ASCII, accepted by ``play``/``parse``):

===================  =============================================================
``bid 8 n 5``        bid 8 tricks, trump knight (p n b r q j), supertrump 5 (blue)
``bid 9 - 9``        9 tricks, no trump, supertrump green
``bid 9 - 7 open``   the same kind of bid with open hands
``bid 10 - -``       10 tricks, no trump and no supertrump
``pass``             pass in the auction
``play n9``          play the card N9 (the green knight)
``next``             after a deal: ready for the next one
===================  =============================================================

Each action's ``data`` is a typed value of :mod:`drezlab.games.triumfdrez.actions`
(``Bid``, ``Pass``, ``PlayCard``, ``NextDeal``), read by its fields.

Targets: ``play n9`` has the target ``N9`` (click the card); a bid has four
targets, clicked in any order on the bidding panel of the picture:
``bid-8``, ``trump-n`` (or ``trump-none``), ``super-5`` (or ``super-none``) and
``open`` or ``closed``. ``pass`` and ``next`` are buttons.

Choices this module makes where the rules are silent (each is tested):

* **Between deals** the finished deal stays on the table until every player has
  pressed "Next deal" (``next``), in seat order from the next first player, so a
  pupil playing against bots always sees how the deal ended.
* **The first dealer** is the last seat (option ``dealer``), so Player 1 bids first.
* **The top bid** ``(13, open, no trump and no supertrump)`` cannot be beaten: the
  others can only pass.
* **Option** ``max_deals``: stop after that many deals (a lesson's time limit, or
  one deal for a benchmark); the players or pairs with the most points share the
  win, and equal points for everyone is a draw. Without it the match goes on
  until someone wins by D34.
* **Hands are sorted** in their zones after the deal (figures from the Joker down,
  numbers high to low), as a player sorts them; the picture sorts again by the
  contract once it is known.
* **Resampling** (``resample(seat, rng)``, used by the sampling bot) also keeps
  every known void: a seat that failed to follow a figure is dealt no card of it.
* **Chance** is only the shuffle at the start of each deal (``game.chance``; tests
  and lessons fix it with ``Scripted([deal_script(...)])``). Its outcomes, every
  order of 54 cards, are not listed one by one, so the game has no
  ``chance_outcomes``: what a seat may not see is sampled with ``resample``.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import Any, NamedTuple

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import Card, Figure
from drezlab.core.chance import Chance
from drezlab.core.game import Game
from drezlab.core.i18n import get_language, t
from drezlab.core.zones import Visibility, item_id
from drezlab.games.triumfdrez.actions import Bid, NextDeal, Pass, Phase, PlayCard
from drezlab.games.triumfdrez.cards import (
    BY_ID,
    CARDS_EACH,
    DECK,
    TRICKS_PER_DEAL,
    Contract,
    all_contracts,
    minimum_bid,
    score,
    sort_hand,
    trick_winner,
)
from drezlab.games.triumfdrez.meta import SPEC
from drezlab.games.triumfdrez.words import (
    DEAL_LIMIT,
    MATCH_TARGET,
    action_words,
    bid_refusal,
    case_refusal,
    contract_label,
    play_refusal,
)
from drezlab.kits.tabletext import over_text, table_repr

__all__ = ["DEAL_LIMIT", "MATCH_TARGET", "PLAYED_ZONE", "STOCK_ZONE", "TRICK_ZONE", "TriumfDrez", "deal_script",
           "hand_zone", "partner", "sides"]

STOCK_ZONE, TRICK_ZONE, PLAYED_ZONE = "stock", "trick", "played"


def hand_zone(seat: int) -> str:
    """The zone of ``seat``'s cards."""
    return f"hand{seat}"


def partner(seat: int, players: int) -> int | None:
    """``seat``'s partner: the seat opposite with 4 players, nobody otherwise."""
    return (seat + 2) % 4 if players == 4 else None


def sides(players: int) -> list[tuple[int, ...]]:
    """The players or pairs that score together: (0, 2) and (1, 3) with 4 players."""
    return [(0, 2), (1, 3)] if players == 4 else [(seat,) for seat in range(players)]


def deal_script(hands: dict[int, list[str]], players: int = 4, dealer: int | None = None) -> list[str]:
    """The deck order (card ids) a ``Scripted`` shuffle needs so that the first deal
    gives each seat the 13 cards listed in ``hands`` (seats not listed get the
    remaining cards in id order; the rest stay in the stock). For tests and lessons:
    ``TriumfDrez(players=4, chance=Scripted([deal_script({0: [...], ...})]))``."""
    dealer = players - 1 if dealer is None else dealer
    placed = [card for cards in hands.values() for card in cards]
    if len(set(placed)) != len(placed) or any(card not in BY_ID for card in placed):
        raise ValueError("deal_script: every listed card must be a TriumfDrez card, listed once")
    rest = [card.id for card in DECK if card.id not in set(placed)]
    own = {seat: list(hands.get(seat, ())) for seat in range(players)}
    for seat in range(players):
        if len(own[seat]) > CARDS_EACH:
            raise ValueError(f"deal_script: seat {seat} gets 13 cards, not {len(own[seat])}")
        while len(own[seat]) < CARDS_EACH:
            own[seat].append(rest.pop(0))
    order = [(dealer + 1 + index) % players for index in range(players)]
    drawn = [own[seat][round_index] for round_index in range(CARDS_EACH) for seat in order]
    return rest + drawn[::-1]


class _Table(NamedTuple):
    """Everything of the position outside the zones, as it was before an action
    (the undo record: the zones' journal puts the cards back); its fields are the game's
    attributes :data:`_ATTRIBUTES`, in order.

    A bespoke record, not the house's :class:`~drezlab.core.snapshot.AttributeSnapshot`,
    because one is made for every action a search or a simulation plays: with the same 17
    fields declared as an ``AttributeSnapshot`` (seven of them containers to freeze),
    random 4-player play ran at 0.86x this record's rate (median of 12 sandwiched
    rounds, quartiles 0.68-1.00x; ``bench/bench_triumfdrez.py --record-only``, issue 24,
    measured with the core's faster snapshot): its ``of`` costs 3.8 µs against 1.1 µs
    here (``timeit``, one run)."""

    dealer: int
    deal_number: int
    points: tuple[int, ...]
    phase: Phase
    seat: int
    bids: tuple[tuple[int, Contract | None], ...]
    contract: Contract | None
    declarer: int | None
    passes: int
    leader: int
    trick_seats: tuple[int, ...]
    tricks_won: tuple[int, ...]
    completed: tuple[tuple[int, int], ...]
    voids: tuple[tuple[int, ...], ...]
    result: tuple[Any, ...] | None
    queue: tuple[int, ...]
    outcome: Outcome | None

    @classmethod
    def of(cls, game: TriumfDrez) -> _Table:
        return cls(game.dealer, game.deal_number, tuple(game.points), game._phase, game._seat, tuple(game.bids),
                   game.contract, game.declarer, game._passes, game.leader, tuple(game.trick_seats),
                   tuple(game.tricks_won), tuple(game.completed), tuple(game.voids), game.result,
                   tuple(game._queue), game._outcome)

    def restore(self, game: TriumfDrez) -> None:
        values: tuple[Any, ...] = tuple(self)
        for name, value in zip(_ATTRIBUTES, values):
            setattr(game, name, list(value) if name in _LIST_FIELDS else value)


#: the game's attribute behind each field of :class:`_Table`, in order
_ATTRIBUTES = ("dealer", "deal_number", "points", "_phase", "_seat", "bids", "contract", "declarer", "_passes",
               "leader", "trick_seats", "tricks_won", "completed", "voids", "result", "_queue", "_outcome")
_LIST_FIELDS = frozenset({"points", "bids", "trick_seats", "tricks_won", "completed", "voids", "_queue"})

#: per language: every bid Action in D32 order, and the play Action of every card
_BID_ACTIONS: dict[tuple[str, int], list[Action]] = {}
_PLAY_ACTIONS: dict[str, dict[str, Action]] = {}
_BID_KEYS: dict[int, list[tuple[int, int, int]]] = {}


def _bid_actions(players: int) -> list[Action]:
    key = (get_language(), players)
    actions = _BID_ACTIONS.get(key)
    if actions is None:
        actions = []
        for contract in all_contracts(players):
            targets = (f"bid-{contract.k}",
                       f"trump-{Figure(contract.trump).letter.lower()}" if contract.trump else "trump-none",
                       f"super-{contract.supertrump}" if contract.supertrump else "super-none",
                       "open" if contract.open else "closed")
            actions.append(Action(contract.text, targets, f"{t('Bid')} {contract_label(contract)}",
                                  Bid("bid", contract)))
        _BID_ACTIONS[key] = actions
    return actions


def _bid_keys(players: int) -> list[tuple[int, int, int]]:
    """The D32 key of every bid of :func:`_bid_actions`, in the same (rising) order."""
    keys = _BID_KEYS.get(players)
    if keys is None:
        keys = _BID_KEYS[players] = [contract.key for contract in all_contracts(players)]
    return keys


def _play_action(card: Card) -> Action:
    language = get_language()
    table = _PLAY_ACTIONS.get(language)
    if table is None:
        table = _PLAY_ACTIONS[language] = {
            each.id: Action(f"play {each.id.lower()}", (each.id,), f"{t('Play')} {each.name(language)}",
                            PlayCard("play", each)) for each in DECK}
    return table[card.id]


class TriumfDrez(Game):
    """A match of TriumfDrez for 2, 3 or 4 players (see the module docstring for the rules).

    ``TriumfDrez(seed=7, players=4)`` deals the first hand. Options: ``players``
    (2, 3 or 4), ``target`` (the match target, default 50), ``max_deals`` (stop
    after that many deals), ``dealer`` (first dealer, default the last seat).
    ``chance=Scripted([...])`` fixes the deck order of each deal (see :func:`deal_script`).
    """

    spec = SPEC

    def __init__(self, seed: int | None = None, *, players: int = 4, target: int = 50,
                 max_deals: int | None = None, dealer: int | None = None, chance: Chance | None = None) -> None:
        super().__init__()
        options = SPEC.validate_options({"players": players, "target": target, "max_deals": max_deals,
                                         "dealer": dealer})
        first_dealer = options["players"] - 1 if options["dealer"] is None else options["dealer"]
        if not 0 <= first_dealer < options["players"]:
            raise ValueError(f"dealer must be a seat from 0 to {options['players'] - 1}, not {first_dealer}")
        self.options = {**options, "dealer": first_dealer}
        self.seed = seed
        self._players = n = options["players"]
        self.target: int = options["target"]
        self.max_deals: int | None = options["max_deals"]
        self.zones.add(STOCK_ZONE, Visibility.COUNT, items=DECK)
        for seat in range(n):
            self.zones.add(hand_zone(seat), Visibility.OWNER, seat)
        self.zones.add(TRICK_ZONE, Visibility.PUBLIC)
        self.zones.add(PLAYED_ZONE, Visibility.PUBLIC)
        self.dealer = (first_dealer - 1) % n          # _start_deal moves it on to the first dealer
        self.deal_number = 0
        self.points = [0] * n
        self._phase = Phase.BID
        self.bids: list[tuple[int, Contract | None]] = []
        self.contract: Contract | None = None
        self.declarer: int | None = None
        self._passes = 0
        self.leader = 0
        self.trick_seats: list[int] = []
        self.tricks_won = [0] * n
        self.completed: list[tuple[int, int]] = []
        self.voids: list[tuple[int, ...]] = [()] * n
        self.result: tuple[Any, ...] | None = None
        self._queue: list[int] = []
        self._start_chance(seed, chance)
        self._start_deal()
        self._seal_setup()

    # ------------------------------------------------------------ basic access
    @property
    def phase(self) -> Phase:
        """'bid' (the auction), 'play' (the tricks), 'next' (deal over) or 'over'
        (a :class:`~drezlab.games.triumfdrez.actions.Phase`, equal to those strings)."""
        return Phase.OVER if self._outcome is not None else self._phase

    @property
    def first_player(self) -> int:
        """The seat after the dealer (D1): it bids first."""
        return (self.dealer + 1) % self._players

    def hand(self, seat: int) -> list[Card]:
        """``seat``'s cards (the game's own view of them: bots use ``view``)."""
        return list(self.zones[hand_zone(seat)])

    @property
    def trick(self) -> list[Card]:
        """The cards of the trick being played, in play order."""
        return list(self.zones[TRICK_ZONE])

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats that score with ``seat``."""
        return next(side for side in sides(self._players) if seat in side)

    def declarer_side(self) -> tuple[int, ...]:
        """The declarer and their partner (4 players), or the declarer alone."""
        if self.declarer is None:
            return ()
        return self.side_of(self.declarer)

    def conserved_items(self) -> list[Card]:
        """The 54 cards: the zones hold each exactly once at every moment."""
        return list(DECK)

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % self._players

    # ------------------------------------------------------------- the deal
    def _start_deal(self) -> None:
        """Step 1: move the button, gather and shuffle the cards, deal 13 each."""
        n = self._players
        zones = self.zones
        self.deal_number += 1
        self.dealer = (self.dealer + 1) % n
        for seat in range(n):
            if zones.visibility(hand_zone(seat)) is not Visibility.OWNER:
                zones.set_visibility(hand_zone(seat), Visibility.OWNER)
        if len(zones[STOCK_ZONE]) != len(DECK):
            for name in [hand_zone(seat) for seat in range(n)] + [TRICK_ZONE, PLAYED_ZONE]:
                if zones[name]:
                    zones.replace(name, ())
            zones.replace(STOCK_ZONE, DECK)
        zones.shuffle(STOCK_ZONE, lambda cards: self.chance.shuffle(cards, "deal"))
        order = [(self.dealer + 1 + index) % n for index in range(n)]
        for _ in range(CARDS_EACH):
            for seat in order:
                zones.draw(STOCK_ZONE, hand_zone(seat))
        for seat in range(n):
            zones.replace(hand_zone(seat), sort_hand(zones[hand_zone(seat)]))
        self._phase = Phase.BID
        self._seat = self.first_player
        self.bids = []
        self.contract = None
        self.declarer = None
        self._passes = 0
        self.leader = self.first_player
        self.trick_seats = []
        self.tricks_won = [0] * n
        self.completed = []
        self.voids = [()] * n
        self._queue = []

    # ------------------------------------------------------------- actions
    def _generate_actions(self) -> list[Action]:
        if self._phase == Phase.NEXT:
            return [Action("next", (), t("Next deal"), NextDeal("next"))]
        if self._phase == Phase.BID:
            return self._bidding_actions()
        return [_play_action(card) for card in self.playable(self._seat)]

    def _bidding_actions(self) -> list[Action]:
        """Every bid with a strictly greater D32 key than the last, and ``pass``
        (not for the first player's opening bid: they must bid)."""
        bids = _bid_actions(self._players)
        if self.contract is None:
            return list(bids)
        start = bisect_right(_bid_keys(self._players), self.contract.key)
        return [Action("pass", (), t("Pass"), Pass("pass"))] + bids[start:]

    def playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now: the led figure if it has one, else any card."""
        hand = self.zones[hand_zone(seat)]
        trick = self.zones[TRICK_ZONE]
        if not trick:
            return list(hand)
        led = trick[0].figure_number
        following = [card for card in hand if card.figure_number == led]
        return following or list(hand)

    def _last_public(self, seat: int | None) -> str | None:
        """The last action in words of the current language (every action is public):
        'Bid 7 tricks, ...', 'Play Knight Grey', 'Pass'."""
        if not self._history:
            return None
        match self._history[-1].action.data:
            case Bid(contract=contract):
                return f"{t('Bid')} {contract_label(contract)}"
            case PlayCard(card=card):
                return f"{t('Play')} {card.name(get_language())}"
            case Pass():
                return t("Pass")
            case _:
                return t("Next deal")

    def _explain_illegal(self, text: str) -> str:
        """Why ``text`` is refused, in words a pupil can act on: a legal action written in
        upper case (``play R8``, the card id as printed) is told to use lower case first."""
        if self._outcome is not None:
            return self._over_text(text)
        lower = text.lower()
        if lower != text and lower in self._legal_by_text():
            return case_refusal(text, lower)
        who = self.seat_name(self._seat)
        if self._phase == Phase.NEXT:
            return over_text(text, who, "deal")
        if self._phase == Phase.BID:
            return bid_refusal(text, who, self.contract, minimum_bid(self._players))
        led = self.zones[TRICK_ZONE][0] if self.zones[TRICK_ZONE] else None
        return play_refusal(text, who, self.zones[hand_zone(self._seat)], led)

    def describe(self, action: Action | str) -> str:
        """The move log's line for ``action``, computed before it is played, as a sentence
        in the current language: "Player 2 bids 8 tricks, trump bishops, supertrump
        orange, closed" / "Jugador 2 propone 8 bazas, triunfo de alfiles, supertriunfo
        naranja, con las cartas cerradas"; "Player 3 leads the Blue Queen card"."""
        return action_words(self.seat_name(self._seat), self.parse(action).data, leads=not self.zones[TRICK_ZONE])

    # ---------------------------------------------------------------- playing
    def _apply(self, action: Action) -> _Table:
        before = _Table.of(self)
        match action.data:
            case Bid(contract=contract):
                self._bid(contract)
            case Pass():
                self._pass()
            case PlayCard(card=card):
                self._play_card(card)
            case NextDeal():
                self._ready_for_next_deal()
        return before

    def _revert(self, action: Action, undo_info: _Table) -> None:
        undo_info.restore(self)

    def _ready_for_next_deal(self) -> None:
        """Between deals every player in turn presses "Next deal"; the last one deals."""
        self._queue.pop(0)
        if self._queue:
            self._seat = self._queue[0]
        else:
            self._start_deal()

    def _bid(self, contract: Contract) -> None:
        self.bids.append((self._seat, contract))
        self.contract = contract
        self.declarer = self._seat
        self._passes = 0
        self._seat = self._next_seat(self._seat)

    def _pass(self) -> None:
        self.bids.append((self._seat, None))
        self._passes += 1
        if self._passes == self._players - 1:
            self._end_auction()
        else:
            self._seat = self._next_seat(self._seat)

    def _end_auction(self) -> None:
        """The last bidder declares; open contracts turn their side's hands up (D33);
        the declarer leads the first trick (D33)."""
        assert self.contract is not None and self.declarer is not None
        if self.contract.open:
            for seat in self.declarer_side():
                self.zones.set_visibility(hand_zone(seat), Visibility.PUBLIC)
        self._phase = Phase.PLAY
        self.leader = self._seat = self.declarer

    def _play_card(self, card: Card) -> None:
        seat = self._seat
        trick = self.zones[TRICK_ZONE]
        if trick and card.figure_number != trick[0].figure_number:
            led = trick[0].figure_number
            if led not in self.voids[seat]:
                self.voids[seat] = tuple(sorted((*self.voids[seat], led)))
        hand = self.zones[hand_zone(seat)]
        index = next((place for place, held in enumerate(hand) if held is card), None)
        self.zones.move_at(hand_zone(seat), hand.index(card) if index is None else index, TRICK_ZONE)
        self.trick_seats.append(seat)
        if len(self.trick_seats) < self._players:
            self._seat = self._next_seat(seat)
            return
        assert self.contract is not None
        winner = self.trick_seats[trick_winner(self.zones[TRICK_ZONE], self.contract.trump,
                                               self.contract.supertrump)]
        for _ in range(self._players):
            self.zones.move_at(TRICK_ZONE, 0, PLAYED_ZONE)
        self.tricks_won[winner] += 1
        self.completed.append((self.leader, winner))
        self.trick_seats = []
        self.leader = self._seat = winner
        if len(self.completed) == TRICKS_PER_DEAL:
            self._end_deal()

    def _end_deal(self) -> None:
        """Step 4 and 5: score the contract, then end the match or wait for the next deal."""
        contract, declarer = self.contract, self.declarer
        assert contract is not None and declarer is not None
        made = sum(self.tricks_won[seat] for seat in self.declarer_side())
        value = score(contract.k, made)
        if made >= contract.k:
            scorers = list(self.declarer_side())
        else:
            scorers = [seat for seat in range(self._players) if seat not in self.declarer_side()]
        for seat in scorers:
            self.points[seat] += value
        self.result = (declarer, contract.text, made, value, tuple(scorers))
        side_points = [(side, self.points[side[0]]) for side in sides(self._players)]
        reached = [(side, points) for side, points in side_points if points >= self.target]
        if reached:
            best = max(points for _, points in reached)
            leaders = [side for side, points in reached if points == best]
            if len(leaders) == 1:
                self._finish(leaders[0], MATCH_TARGET)
                return
        if self.max_deals is not None and self.deal_number >= self.max_deals:
            best = max(points for _, points in side_points)
            leaders = [side for side, points in side_points if points == best]
            winners = () if len(leaders) == len(side_points) else tuple(sorted(s for side in leaders for s in side))
            self._finish(winners, DEAL_LIMIT)
            return
        self._phase = Phase.NEXT
        next_first = (self.dealer + 2) % self._players
        self._queue = [(next_first + index) % self._players for index in range(self._players)]
        self._seat = self._queue[0]

    # ------------------------------------------------ hooks for bots and simulations
    def adjudicate(self) -> tuple[float, ...]:
        """A match stopped unfinished: the players or pairs with the most points share the win."""
        best = max(self.points)
        leaders = [seat for seat, points in enumerate(self.points) if points == best]
        return tuple(1.0 / len(leaders) if seat in leaders else 0.0 for seat in range(self._players))

    def evaluate(self, seat: int) -> float:
        """``seat``'s lead in points over the best other side, as a share of the target (-1..1)."""
        mine = self.points[seat]
        others = [self.points[side[0]] for side in sides(self._players) if seat not in side]
        return max(-1.0, min(1.0, (mine - max(others)) / self.target))

    def resample(self, seat: int | None, rng: random.Random) -> TriumfDrez:
        """A copy ``seat`` cannot tell from this game, with the hidden cards dealt afresh
        (see :meth:`Game.resample`) and every known void kept: a seat that did not
        follow a figure gets no card of it. Hands are filled most constrained first,
        each from the cards it may hold; the stock takes what is left."""
        clone = super().resample(seat, rng)
        if any(self.voids):
            clone._deal_respecting_voids(seat, rng)
        return clone

    def _deal_respecting_voids(self, seat: int | None, rng: random.Random) -> None:
        zones = self.zones
        places = zones.hidden_places(seat)
        pool = sorted((zones[name][index] for name, index in places), key=item_id)
        by_zone: dict[str, list[int]] = {}
        for name, index in places:
            by_zone.setdefault(name, []).append(index)
        owners = {hand_zone(other): other for other in range(self._players)}
        hands = sorted((name for name in by_zone if name in owners),
                       key=lambda name: (-len(self.voids[owners[name]]), name))
        for _ in range(50):
            remaining = pool[:]
            rng.shuffle(remaining)
            assignment: dict[str, list[Card]] = {}
            for name in hands:
                void = self.voids[owners[name]]
                allowed = [card for card in remaining if card.figure_number not in void]
                need = len(by_zone[name])
                if len(allowed) < need:
                    break
                assignment[name] = allowed[:need]
                taken = set(assignment[name])
                remaining = [card for card in remaining if card not in taken]
            else:
                for name, indices in by_zone.items():
                    if name in assignment:
                        cards = assignment[name]
                    else:
                        cards, remaining = remaining[:len(indices)], remaining[len(indices):]
                    for index, card in zip(indices, cards):
                        zones[name][index] = card
                for name in hands:
                    if zones.visibility(name) is Visibility.OWNER and owners[name] != seat:
                        zones[name][:] = sort_hand(zones[name])
                zones.forget_journal()
                self._invalidate()
                return

    # ------------------------------------------------------------------ views
    def _public(self, seat: int | None) -> dict[str, Any]:
        """What everyone knows: the auction, the contract, the tricks, voids and points."""
        contract = self.contract
        return {
            "phase": self.phase.value, "dealer": self.dealer, "first": self.first_player, "deal_number": self.deal_number,
            "minimum_bid": minimum_bid(self._players), "target": self.target, "max_deals": self.max_deals,
            "points": self.points, "sides": [list(side) for side in sides(self._players)],
            "bids": [[bidder, "pass" if bid is None else bid.text] for bidder, bid in self.bids],
            "contract": None if contract is None else {
                "declarer": self.declarer, "k": contract.k, "trump": contract.trump,
                "supertrump": contract.supertrump, "open": contract.open, "text": contract.text,
                "decided": self._phase != Phase.BID},
            "leader": self.leader, "trick_seats": self.trick_seats, "tricks_won": self.tricks_won,
            "completed": [list(pair) for pair in self.completed], "voids": [list(void) for void in self.voids],
            "result": None if self.result is None else {
                "declarer": self.result[0], "contract": self.result[1], "made": self.result[2],
                "value": self.result[3], "scorers": list(self.result[4])},
            "waiting": self._queue,
        }

    def status_text(self) -> str:
        """One line for the picture: whose turn and what is asked, or how the match ended."""
        if self._outcome is not None:
            return super().status_text()
        who = self.seat_name(self._seat)
        if self._phase == Phase.NEXT:
            return f"{t('Deal')} {self.deal_number}: {who}, {t('ready for the next deal?')}"
        if self._phase == Phase.BID:
            return f"{who}: {t('must bid') if self.contract is None else t('bid or pass')}"
        return f"{who}: {t('play a card')}"

    # ---------------------------------------------------------------- records
    def _state(self) -> dict[str, Any]:
        """The whole position: every card in order, the auction, the tricks, the points."""
        contract = self.contract
        return {
            "zones": self.zones.to_dict(), "visibility": {name: self.zones.visibility(name).value
                                                          for name in self.zones.names()},
            "dealer": self.dealer, "deal_number": self.deal_number, "points": list(self.points),
            "phase": self._phase.value, "seat": self._seat,
            "bids": [[bidder, None if bid is None else bid.text] for bidder, bid in self.bids],
            "contract": None if contract is None else contract.text, "declarer": self.declarer,
            "passes": self._passes, "leader": self.leader, "trick_seats": list(self.trick_seats),
            "tricks_won": list(self.tricks_won), "completed": [list(pair) for pair in self.completed],
            "voids": [list(void) for void in self.voids],
            "result": None if self.result is None else [*self.result[:4], list(self.result[4])],
            "queue": list(self._queue), "outcome": None if self._outcome is None else self._outcome.to_dict(),
        }

    def __repr__(self) -> str:
        return table_repr("TriumfDrez", self._players, "deal", self.deal_number, self.status_text())
