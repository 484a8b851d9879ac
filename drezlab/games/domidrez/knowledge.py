"""The DomiDrez zones, the follow rule, and what one seat knows, read from its view.

DomiDrez keeps its cards in these zones (declared by
:class:`~drezlab.games.domidrez.game.DomiDrez`, decided from §8 of the rules):

==========  ============  =====================================================
``stock``   count only    the face-down stock: everybody sees how many cards
``under``   public        neutral cards turned up as the start card and put at
                          the bottom of the stock (D41): everybody saw them, so
                          they are known; they are drawn after the stock proper
``line``    public        the line of played cards; its last card is the top
``hand3``   owner only    seat 3's hand (one zone per seat), kept sorted as a
                          player sorts it (figure, then colour; neutral cards
                          last); public once a hand is over, until the next deal
==========  ============  =====================================================

The public part of the observation holds ``phase`` (``play``, ``name``,
``next``, ``over``), ``named`` (the figure number and colour number named after
a neutral card, or null), ``scores`` (match points), ``target``, ``hand_number``,
``dealer``, ``first`` (the first player of this hand) and ``result`` (the last
hand: how it ended, its winners, the points each seat gained, each hand's size).

The functions here read an observation or plain card ids only, so the picture,
the bots and the game all use one follow rule and exactly what a seat may know.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from drezlab.core.cards import UNKNOWN_ID, Card, CardLike, Color, Deck, Figure
from drezlab.core.i18n import get_language
from drezlab.core.observation import Observation

STOCK_ZONE = "stock"
UNDER_ZONE = "under"
LINE_ZONE = "line"


def hand_zone(seat: int) -> str:
    """The zone of ``seat``'s hand."""
    return f"hand{seat}"


def follows(card: Card, top: Card, named: Sequence[int] | None) -> bool:
    """May ``card`` go on the line whose last card is ``top``?

    A neutral card goes on anything. After a neutral card the player named a
    figure and a colour (``named`` = (figure number, colour number)): the card
    must have that figure or that colour. Otherwise it must share the top card's
    figure or colour (AC-DD-1: on ``J4``, ``J1``, ``R4`` and ``X`` may be played)."""
    if card.is_neutral:
        return True
    if top.is_neutral:
        if named is None:
            return False
        return card.figure_number == named[0] or card.number == named[1]
    return card.figure_number == top.figure_number or card.number == top.number


def sort_key(card: Card) -> tuple[int, int, int, int]:
    """How a player sorts a hand: by figure (pawn first), then colour, neutral cards last."""
    if card.is_neutral:
        return (7, 0, card.pack, card.neutral_index)
    return (card.figure_number, card.number or 0, card.pack, 0)


def sorted_cards(cards: Iterable[CardLike]) -> list[Card]:
    """``cards`` in the order a player holds them (:func:`sort_key`)."""
    return sorted((Card.parse(card) for card in cards), key=sort_key)


def figure_name(figure: int) -> str:
    """A figure's name in the current language ('Rook' / 'Torre')."""
    return Figure(figure).spanish if get_language() == "es" else Figure(figure).english


def colour_name(colour: int) -> str:
    """A colour's name in the current language ('Green' / 'Verde')."""
    return Color(colour).spanish if get_language() == "es" else Color(colour).english


def deal_size(packs: int, players: int) -> int:
    """D41: each player gets ⌊(cards / 2) / players⌋ cards."""
    return (56 * packs // 2) // players


# ------------------------------------------------------------ from a view
def top_card(view: Observation) -> Card:
    """The last card of the line."""
    return Card.parse(view.ids(LINE_ZONE)[-1])


def named_of(view: Observation) -> tuple[int, int] | None:
    """The (figure number, colour number) named after a neutral card, if one is in force."""
    named = view.public["named"]
    return None if named is None else (int(named[0]), int(named[1]))


def own_hand(view: Observation) -> list[Card]:
    """The cards of the view's own seat."""
    if view.seat is None:
        return []
    return [Card.parse(card) for card in view.ids(hand_zone(view.seat))]


def hand_sizes(view: Observation) -> list[int]:
    """How many cards each seat holds (public)."""
    return [view.zones[hand_zone(seat)].count for seat in range(view.players)]


def stock_size(view: Observation) -> int:
    """Cards left to draw: the stock proper and the known cards under it."""
    return view.zones[STOCK_ZONE].count + view.zones[UNDER_ZONE].count


def unseen_cards(view: Observation, packs: int) -> list[Card]:
    """Every card this seat has not seen: in the stock or in the other hands."""
    known: dict[str, int] = {}
    for zone in view.zones.values():
        for identifier in zone.ids:
            if identifier != UNKNOWN_ID:
                known[identifier] = known.get(identifier, 0) + 1
    return [card for card in Deck.all_cards(packs) if card.id not in known]


def playable_ids(view: Observation) -> set[str]:
    """The cards of the view's own hand that follow the line now (the picture dims the others)."""
    if not view.ids(LINE_ZONE) or view.public["phase"] != "play":
        return set()
    top, named = top_card(view), named_of(view)
    return {card.id for card in own_hand(view) if follows(card, top, named)}
