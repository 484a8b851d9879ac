"""What one seat knows at a Poker7 table, read from its observation.

Poker7 keeps its cards in these zones (declared by
:class:`~drezlab.games.poker7.game.Poker7`, decided from §1.1 of the rules):

=========  ============  ======================================================
``deck``   count only    the shuffled pile: everybody sees how many cards, nobody which
``board``  public        the community cards
``hand3``  owner only    seat 3's own cards still face down (one zone per seat);
                         turned public at showdown for the seats still in the hand
``up3``    public        the card seat 3 turned face up in the reveal round (D6)
=========  ============  ======================================================

A folded hand stays face down in front of its owner (owner only: its owner
still knows it, nobody else ever sees it: "folded hands are never shown");
nothing is burnt. When the next hand starts every card goes back to the deck.

The public part of the observation holds the chips and bets (``stacks``,
``committed``, ``round_bets``, ``current_bet``, ``pot``, ``to_call``, ``pots``,
``won``), who is still in (``in_hand``, ``folded``, ``out``, ``shown``), the
flow (``phase``, ``street``, ``hand_number``, ``dealer``, ``min_bet``), which of
its two cards each seat turned up (``reveal_slot``: 0, 1 or null), the last
action (``last``: seat and label) and the result of the last hand (``results``).

The functions below read an observation only, so the picture, the equity bot
and the game's own ``equity`` and ``chance_outcomes`` all use exactly what one
seat may know and nothing else.
"""

from __future__ import annotations

import math
from fractions import Fraction

from drezlab.core.cards import UNKNOWN_ID, Card, CardLike
from drezlab.core.chance import uniform
from drezlab.core.observation import Observation
from drezlab.games.poker7.hands import DECK, HandValue, hand_value
from drezlab.games.poker7.odds import Equity, equity, read_equity

DECK_ZONE = "deck"
BOARD_ZONE = "board"


def hand_zone(seat: int) -> str:
    """The zone of ``seat``'s own cards that are still face down."""
    return f"hand{seat}"


def up_zone(seat: int) -> str:
    """The zone of the card ``seat`` turned face up in the reveal round."""
    return f"up{seat}"


def seat_cards(view: Observation, seat: int) -> list[str]:
    """``seat``'s own cards as ``view`` sees them, in the order they were dealt
    (``"??"`` for a card this seat may not see)."""
    down = list(view.ids(hand_zone(seat)))
    up = list(view.ids(up_zone(seat)))
    slot = view.public["reveal_slot"][seat]
    if not up:
        return down
    return up + down if slot == 0 else down + up


def board_cards(view: Observation) -> list[str]:
    """The community cards dealt so far."""
    return list(view.ids(BOARD_ZONE))


def contenders(view: Observation) -> list[int]:
    """Seats in the hand that have not folded."""
    public = view.public
    return [seat for seat in range(view.players) if public["in_hand"][seat] and not public["folded"][seat]]


def known_cards(view: Observation) -> set[str]:
    """Every card id this seat can see anywhere on the table."""
    return {card for zone in view.zones.values() for card in zone.ids if card != UNKNOWN_ID}


def unseen_cards(view: Observation) -> list[Card]:
    """The cards this seat has not seen (in the deck or in other hands), in deck order."""
    known = known_cards(view)
    return [card for card in DECK if card.id not in known]


def next_card_odds(view: Observation) -> dict[str, Fraction]:
    """Each possible next community card with its exact chance, as this seat
    sees it: every unseen card is equally likely. Empty when no community
    card is still to come in this hand. (The last two come together; the
    chances are those of each of them.)"""
    if view.is_over or view.public["phase"] != "bet" or len(board_cards(view)) >= 5:
        return {}
    return uniform(card.id for card in unseen_cards(view))


def view_equity(view: Observation, *, samples: int = 1000, seed: int | None = 0) -> Equity:
    """The average share of the pot of the seat ``view`` was made for.

    Its own cards, the community cards and whatever other seats have turned
    face up are known; every other card is unknown. Against one opponent on
    the river the figure is exact (every possible opponent hand), otherwise a
    seeded Monte Carlo estimate over ``samples`` deals. Cards turned up by
    players who have folded are dead."""
    seat, opponents, shown, dead = _what_seat_knows(view)
    if not opponents:
        return Equity(1.0, 1, 0, 0, exact=True)
    return equity(seat_cards(view, seat), board_cards(view), opponents=len(opponents), shown=shown, dead=dead,
                  samples=samples, seed=seed)


def _what_seat_knows(view: Observation) -> tuple[int, list[int], list[list[str]], list[str]]:
    """The seat of ``view``, its opponents still in the hand, the cards each of them
    has turned up, and the cards turned up by seats that folded (dead cards)."""
    seat = view.seat
    if seat is None:
        raise ValueError("equity is a seat's figure: use the view of a seat, not a spectator's")
    if seat not in contenders(view):
        raise ValueError(f"Player {seat + 1} is not in the hand")
    opponents = [other for other in contenders(view) if other != seat]
    shown = [[card for card in seat_cards(view, other) if card != UNKNOWN_ID] for other in opponents]
    dead = [card for other in range(view.players) if other != seat and other not in opponents
            for card in seat_cards(view, other) if card != UNKNOWN_ID]
    return seat, opponents, shown, dead


#: the most an opponent's bets count in :func:`bet_pressure` (about an all-in)
MAX_PRESSURE = 3.0


def bet_pressure(view: Observation, seat: int) -> float:
    """How much ``seat`` has told the table by betting in this hand: 0 when it has
    put in only the ante, 1 when it has added twice the ante (a pot-sized bet into
    the antes of two seats), and one more each time that doubles, up to
    :data:`MAX_PRESSURE`. Read from the public chips, so every seat sees the same."""
    public = view.public
    extra = max(0, public["committed"][seat] - public["min_bet"])
    return min(MAX_PRESSURE, math.log2(1 + extra / (2 * public["min_bet"])))


def view_read_equity(view: Observation, *, samples: int = 300, seed: int | None = 0) -> Equity:
    """Like :func:`view_equity`, but the opponents' bets count
    (:func:`~drezlab.games.poker7.odds.read_equity` with each opponent's
    :func:`bet_pressure`): the seat's share of the pot against hands that would
    have bet as they did. Always a seeded estimate (also on the river)."""
    seat, opponents, shown, dead = _what_seat_knows(view)
    if not opponents:
        return Equity(1.0, 1, 0, 0, exact=True)
    return read_equity(seat_cards(view, seat), board_cards(view), pressure=[bet_pressure(view, other)
                       for other in opponents], shown=shown, dead=dead, samples=samples, seed=seed)


def reveal_value(view: Observation, card: CardLike) -> HandValue:
    """What the table would see of a hand if ``card`` were turned face up: the
    value of the community cards plus that card."""
    return hand_value(board_cards(view) + [Card.parse(card)])
