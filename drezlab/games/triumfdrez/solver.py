"""A double-dummy solver for TriumfDrez: with every hand open, how many of the
remaining tricks can one side make against best defence?

It is written for this game's trick rule (D31: the trump figure in the supertrump
colour, then supertrump colours by figure, then trumps by number, then the led
figure by number) and its follow rule (follow the led figure if you can).

How it searches:

* **Alpha-beta over card plays.** Each player in turn tries its legal cards; the
  side being solved maximises its tricks, the other side minimises them.
* **A transposition table at trick boundaries.** The same cards left in the same
  hands with the same leader always have the same value, however the earlier
  tricks went; the table keeps a lower and an upper bound per such position, so
  a window search can reuse what a narrower or wider search found.
* **Equivalent cards.** Two cards of one figure (neither of the supertrump colour)
  with no card of that figure still in play between them behave identically
  for the rest of the deal: only one of them is tried.
* **Move ordering.** A player who can beat the trick so far tries its winning
  cards first, lowest first; otherwise its cheapest cards first.

Cards are bit positions ``(figure - 1) * 9 + (number - 1)`` and hands are
integers, so a position is a tuple of integers and the leader.

Use :class:`Deal` (from a game with open hands, e.g. a resampled copy) and
:func:`solve` / :func:`move_values`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from drezlab.core.cards import Card
from drezlab.games.triumfdrez.actions import Phase
from drezlab.games.triumfdrez.cards import BY_ID, DECK, power

__all__ = ["Deal", "SolverTimeout", "bit", "card_weights", "move_values", "solve"]

#: the card with bit ``i``
CARD_OF_BIT: tuple[Card, ...] = tuple(sorted(DECK, key=lambda card: (card.figure_number, card.number)))
FIGURE_MASK: tuple[int, ...] = (0,) + tuple(((1 << 9) - 1) << (9 * (figure - 1)) for figure in range(1, 7))


def bit(card: Card | str) -> int:
    """The bit index of ``card`` (``N9`` -> 17)."""
    card = BY_ID[card] if isinstance(card, str) else card
    return (card.figure_number - 1) * 9 + (card.number or 0) - 1


class SolverTimeout(RuntimeError):
    """The search went past its time limit (``deadline``)."""


@dataclass
class Deal:
    """A double-dummy position: every hand open.

    ``hands[s]``: seat ``s``'s cards; ``leader``: the seat that led (or leads) the
    current trick; ``trick``: the cards already played to it, in order;
    ``side``: the seats whose tricks are counted (the solver maximises them).
    """

    hands: list[list[Card]]
    trump: int
    supertrump: int
    leader: int
    trick: list[Card] = field(default_factory=list)
    side: tuple[int, ...] = (0,)

    @classmethod
    def from_game(cls, game: object, side: Sequence[int]) -> Deal:
        """The position of a TriumfDrez game in its play phase, read with every hand
        open: use it on a resampled copy (a bot) or a game whose hands you may see."""
        from drezlab.games.triumfdrez.game import TriumfDrez
        if not isinstance(game, TriumfDrez) or game.contract is None or game.phase != Phase.PLAY:
            raise ValueError("a double-dummy deal is read from a TriumfDrez game whose tricks are being played")
        return cls([game.hand(seat) for seat in range(game.players)], game.contract.trump,
                   game.contract.supertrump, game.leader, game.trick, tuple(side))

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def tricks_left(self) -> int:
        """Tricks still to finish, the current one included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)


class _Search:
    """One search: the contract's power tables, the side and the transposition table."""

    def __init__(self, deal: Deal, deadline: float | None, depth: int | None = None) -> None:
        self.n = deal.players
        #: trick starts with this many cards per hand or fewer are searched exactly;
        #: deeper ones are estimated (the current trick and ``depth`` more are searched)
        self.floor = -1 if depth is None else deal.tricks_left() - 1 - max(0, depth)
        self.weight = card_weights(deal.trump, deal.supertrump)
        self.maxing = tuple(seat in deal.side for seat in range(self.n))
        self.supertrump = deal.supertrump
        self.power = [[power(card, led, deal.trump, deal.supertrump) for card in CARD_OF_BIT] for led in range(7)]
        super_mask = 0
        if deal.supertrump:
            for index, card in enumerate(CARD_OF_BIT):
                if card.number == deal.supertrump:
                    super_mask |= 1 << index
        self.plain = ((1 << 54) - 1) & ~super_mask
        self.table: dict[tuple[tuple[int, ...], int], tuple[float, float]] = {}
        self.deadline = deadline
        self.nodes = 0

    # ------------------------------------------------------------ moves
    def candidates(self, hands: tuple[int, ...], seat: int, led: int, trick_mask: int) -> list[int]:
        """The bits ``seat`` may play, one per class of equivalent cards."""
        hand = hands[seat]
        legal = hand & FIGURE_MASK[led] if led else 0
        if not legal:
            legal = hand
        out = []
        in_play = trick_mask
        for other in hands:
            in_play |= other
        plain = self.plain
        rest = legal
        while rest:
            low = rest & -rest
            index = low.bit_length() - 1
            rest ^= low
            if low & plain:
                # skip it if the next higher card of its figure still in play is ours and equivalent
                figure_top = (index // 9) * 9 + 8
                higher = index + 1
                skip = False
                while higher <= figure_top:
                    mark = 1 << higher
                    if in_play & mark and plain & mark:
                        skip = bool(legal & mark)
                        break
                    higher += 1
                if skip:
                    continue
            out.append(index)
        return out

    # ------------------------------------------------------------ search
    def trick_start(self, hands: tuple[int, ...], leader: int, alpha: float, beta: float) -> float:
        left = hands[leader].bit_count()
        if left == 0:
            return 0
        if left == 1:
            return self.last_trick(hands, leader)
        if left <= self.floor:
            return self.estimate(hands)
        key = (hands, leader)
        entry = self.table.get(key)
        low, high = (0, left) if entry is None else entry
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        start_alpha, start_beta = max(alpha, low), min(beta, high)
        value = self.in_trick(hands, leader, (), 0, start_alpha, start_beta)
        if value <= start_alpha:
            high = min(high, value)
        elif value >= start_beta:
            low = max(low, value)
        else:
            low = high = value
        self.table[key] = (low, high)
        return value

    def estimate(self, hands: tuple[int, ...]) -> float:
        """The remaining tricks shared out by the strength of each side's cards
        (supertrumps count most, then trumps, then high numbers): the value of a
        position below the search depth."""
        mine = theirs = 0
        weight = self.weight
        for seat, hand in enumerate(hands):
            total = 0
            rest = hand
            while rest:
                low = rest & -rest
                total += weight[low.bit_length() - 1]
                rest ^= low
            if self.maxing[seat]:
                mine += total
            else:
                theirs += total
        left = hands[0].bit_count()
        return left * mine / (mine + theirs) if mine + theirs else 0.0

    def last_trick(self, hands: tuple[int, ...], leader: int) -> int:
        n = self.n
        led_bit = hands[leader].bit_length() - 1
        powers = self.power[led_bit // 9 + 1]
        best_seat, best = leader, powers[led_bit]
        for step in range(1, n):
            seat = (leader + step) % n
            strength = powers[hands[seat].bit_length() - 1]
            if strength > best:
                best_seat, best = seat, strength
        return 1 if self.maxing[best_seat] else 0

    def in_trick(self, hands: tuple[int, ...], leader: int, played: tuple[int, ...], trick_mask: int,
                 alpha: float, beta: float) -> float:
        """The value (tricks for the maximising side from this trick on) with
        ``played`` bits already on the table in this trick."""
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise SolverTimeout("the double-dummy search ran out of time")
        n = self.n
        seat = (leader + len(played)) % n
        led = played[0] // 9 + 1 if played else 0
        maxing = self.maxing[seat]
        moves = self.candidates(hands, seat, led, trick_mask)
        if played:
            powers = self.power[led]
            best_index = max(range(len(played)), key=lambda index: powers[played[index]])
            best_power = powers[played[best_index]]
            partner_winning = self.maxing[(leader + best_index) % n] == maxing
            if partner_winning:
                moves.sort(key=lambda move: powers[move])
            else:
                moves.sort(key=lambda move: (powers[move] <= best_power, powers[move] if powers[move] > best_power
                                             else move % 9))
        else:
            moves.sort(key=lambda move: -self.power[move // 9 + 1][move])
        best_value: float = -1 if maxing else 99
        for move in moves:
            mark = 1 << move
            new_hands = hands[:seat] + (hands[seat] ^ mark,) + hands[seat + 1:]
            now = played + (move,)
            if len(now) == n:
                powers = self.power[now[0] // 9 + 1]
                winner_index = max(range(n), key=lambda index: powers[now[index]])
                winner = (leader + winner_index) % n
                won = 1 if self.maxing[winner] else 0
                value = won + self.trick_start(new_hands, winner, alpha - won, beta - won)
            else:
                value = self.in_trick(new_hands, leader, now, trick_mask | mark, alpha, beta)
            if maxing:
                best_value = max(best_value, value)
                alpha = max(alpha, best_value)
            else:
                best_value = min(best_value, value)
                beta = min(beta, best_value)
            if alpha >= beta:
                break
        return best_value


def card_weights(trump: int, supertrump: int) -> tuple[int, ...]:
    """Every card's strength in a contract, by bit (:func:`bit`): what the search's
    estimate below its depth shares the tricks out by (supertrumps 30+, trumps 15+,
    other cards their number). A side holding ``mine`` of the weight in play against
    ``theirs`` is expected to take ``tricks * mine / (mine + theirs)`` tricks; the
    sampling bot bids by the same estimate over sampled deals."""
    return tuple(_weight(card, trump, supertrump) for card in CARD_OF_BIT)


def _weight(card: Card, trump: int, supertrump: int) -> int:
    """A card's strength for :meth:`_Search.estimate`: supertrumps 30+, trumps 15+, others their number."""
    strength = power(card, card.figure_number, trump, supertrump)
    if strength >= 300:
        return 30 + strength - 300
    if strength >= 200:
        return 15 + strength - 200
    return strength - 100


def _start(deal: Deal) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    hands = tuple(sum(1 << bit(card) for card in hand) for hand in deal.hands)
    played = tuple(bit(card) for card in deal.trick)
    return hands, played, sum(1 << index for index in played)


def solve(deal: Deal, time_limit: float | None = None, depth: int | None = None) -> float:
    """The tricks ``deal.side`` makes from here (the current trick included) when
    everyone plays perfectly with open hands. ``time_limit`` (seconds) raises
    :class:`SolverTimeout` when passed. ``depth``: search only that many whole
    tricks after the current one exactly and estimate the rest by the strength of
    each side's cards (:meth:`_Search.estimate`; the value is then a fraction)."""
    search = _Search(deal, None if time_limit is None else time.perf_counter() + time_limit, depth)
    hands, played, trick_mask = _start(deal)
    if not played:
        return search.trick_start(hands, deal.leader, -1, deal.tricks_left() + 1)
    return search.in_trick(hands, deal.leader, played, trick_mask, -1, deal.tricks_left() + 1)


def move_values(deal: Deal, time_limit: float | None = None, depth: int | None = None) -> dict[str, float]:
    """For each legal card of the seat to play (by id): the tricks ``deal.side``
    makes from here (the current trick included) if that card is played and
    everyone plays perfectly afterwards. Equivalent cards get the same value.
    ``time_limit`` and ``depth`` as for :func:`solve`."""
    search = _Search(deal, None if time_limit is None else time.perf_counter() + time_limit, depth)
    hands, played, trick_mask = _start(deal)
    seat = deal.to_play
    led = played[0] // 9 + 1 if played else 0
    hand = hands[seat]
    legal = hand & FIGURE_MASK[led] if led else 0
    legal = legal or hand
    top = deal.tricks_left() + 1
    values: dict[str, float] = {}
    n = deal.players
    for index in range(54):
        mark = 1 << index
        if not legal & mark:
            continue
        new_hands = hands[:seat] + (hand ^ mark,) + hands[seat + 1:]
        now = played + (index,)
        if len(now) == n:
            powers = search.power[now[0] // 9 + 1]
            winner = (deal.leader + max(range(n), key=lambda i: powers[now[i]])) % n
            won = 1 if search.maxing[winner] else 0
            value = won + search.trick_start(new_hands, winner, -1, top)
        else:
            value = search.in_trick(new_hands, deal.leader, now, trick_mask | mark, -1, top)
        values[CARD_OF_BIT[index].id] = value
    return values
