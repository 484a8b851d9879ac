"""TriumfDrez's cards and contracts as plain values: the deck (§6 and D5), the
power of a card in a trick (D31) and the order of bids (D32).

Kept apart from the game so that the double-dummy solver, the bots and the
picture use exactly the same rules as :class:`~drezlab.games.triumfdrez.game.TriumfDrez`.

A *contract* is ``(k, trump, supertrump, open)``: ``k`` tricks, the trump figure
as its die number 1..6 (0 = no trump), the supertrump colour as its number 1..9
(0 = no supertrump), and whether the declarer's side plays with open hands.
"""

from __future__ import annotations

from typing import NamedTuple

from drezlab.core.cards import Card, Figure, full_pack

#: the 54 figure cards (D5: the two neutral cards are removed), figures in die order
DECK: tuple[Card, ...] = tuple(card for card in full_pack() if not card.is_neutral)
BY_ID: dict[str, Card] = {card.id: card for card in DECK}
TRICKS_PER_DEAL = 13
CARDS_EACH = 13
MAX_TRICKS = 13


class Contract(NamedTuple):
    """A bid: ``k`` tricks, trump figure (0 none), supertrump colour (0 none), open hands."""

    k: int
    trump: int
    supertrump: int
    open: bool

    @property
    def level(self) -> int:
        """D32: 0 = trump and supertrump, 1 = exactly one of them is none, 2 = both none."""
        return (self.trump == 0) + (self.supertrump == 0)

    @property
    def key(self) -> tuple[int, int, int]:
        """D32: bids compare by ``(k, open, level)``; a new bid needs a strictly greater key."""
        return (self.k, int(self.open), self.level)

    @property
    def text(self) -> str:
        """Notation: ``bid 8 n 5``, ``bid 9 - 7 open``, ``bid 10 - -``."""
        trump = Figure(self.trump).letter.lower() if self.trump else "-"
        supertrump = str(self.supertrump) if self.supertrump else "-"
        return f"bid {self.k} {trump} {supertrump}" + (" open" if self.open else "")


def minimum_bid(players: int) -> int:
    """D32: at least 7 tricks with 2 or 4 players, 5 with 3."""
    return 5 if players == 3 else 7


def all_contracts(players: int) -> list[Contract]:
    """Every bid a table of ``players`` may make, weakest key first (ties in a fixed order)."""
    contracts = [Contract(k, trump, supertrump, is_open)
                 for k in range(minimum_bid(players), MAX_TRICKS + 1)
                 for is_open in (False, True)
                 for trump in range(7) for supertrump in range(10)]
    return sorted(contracts, key=lambda contract: (contract.key, contract.trump, contract.supertrump))


def power(card: Card, led: int, trump: int, supertrump: int) -> int:
    """D31: how strong ``card`` is in a trick whose led figure is ``led``; the
    highest power wins, 0 cannot win.

    1. the trump figure in the supertrump colour (400); 2. other cards of the
    supertrump colour, by figure (300 + figure); 3. other cards of the trump
    figure, by number (200 + number); 4. cards of the led figure, by number
    (100 + number); 5. anything else (0)."""
    figure, number = card.figure_number, card.number or 0
    if supertrump and number == supertrump:
        return 400 if figure == trump else 300 + figure
    if trump and figure == trump:
        return 200 + number
    if figure == led:
        return 100 + number
    return 0


def trick_winner(cards: list[Card], trump: int, supertrump: int) -> int:
    """The index (in play order) of the card that wins a trick (D31); the first card is the lead."""
    led = cards[0].figure_number
    powers = [power(card, led, trump, supertrump) for card in cards]
    return powers.index(max(powers))


def score(k: int, tricks: int) -> int:
    """§6 scoring: the value ``k + 2·|t − k|`` of a contract of ``k`` with ``t`` tricks made."""
    return k + 2 * abs(tricks - k)


def sort_hand(cards: list[Card], trump: int = 0, supertrump: int = 0) -> list[Card]:
    """A hand as a player sorts it: supertrumps first (strongest first), then trumps,
    then the other figures from the Joker down, each by number from high to low."""
    def order(card: Card) -> tuple[int, int, int]:
        strength = power(card, card.figure_number, trump, supertrump)
        group = 0 if strength >= 300 else 1 if strength >= 200 else 2
        return (group, -card.figure_number if group != 0 else -strength, -(card.number or 0))
    return sorted(cards, key=order)
