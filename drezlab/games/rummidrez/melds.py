"""RummiDrez melds: which sets of cards are valid, why not, and how they are laid out.

A meld (§5) is a figure run (one figure, consecutive numbers = colours, up to 9
cards) or a colour run (one colour, consecutive figure ranks P<N<B<R<Q<J, up to
6 cards), at least 3 cards, no wrap-around and no card twice (D24). A neutral
card only fills a missing card *between* two others (D25).

Why a meld is a **set**: since a neutral may stand only at interior positions,
a valid meld holds exactly as many neutrals as there are missing numbers (or
ranks) between its lowest and highest natural card. So the cards alone fix the
layout — naturals ascending, each neutral in the one gap it fills — and the
neutral's role. The game and the solver therefore treat a meld as a set of cards
and :func:`arrange` lays it out. The same set test is what "check my play" uses:
:func:`meld_problem` names the first thing wrong in words a pupil can act on.

Cards are :class:`~drezlab.core.cards.Card` values (the pack suffix is ignored
for the rules: ``B4`` and ``B4b`` are two copies of one card).
"""

from __future__ import annotations

from typing import Sequence

from drezlab.core.cards import Card, CardLike, Figure, as_cards
from drezlab.core.i18n import OwnWords

__all__ = ["FIGURE_RUN", "COLOUR_RUN", "MAX_LENGTH", "arrange", "is_valid", "meld_kind", "meld_problem",
           "meld_text", "sort_key", "tr"]

#: RummiDrez's own labels are registered under keys with this prefix, so they never
#: clash with another game's translation of the same English words
PREFIX = "rummidrez: "
_SPANISH = {
    "has only 1 card: a meld needs at least 3": "solo tiene 1 carta: un grupo necesita al menos 3",
    "has only {count} cards: a meld needs at least 3": "solo tiene {count} cartas: un grupo necesita al menos 3",
    "needs at least 2 figure cards: a neutral card only fills a gap between two cards (D25)":
        "necesita al menos 2 cartas de figura: una carta neutral solo cubre un hueco entre dos cartas (D25)",
    "holds {card} twice: a meld never repeats a card, so never a colour or a figure twice (D24)":
        "tiene {card} dos veces: un grupo nunca repite una carta, ni un color ni una figura (D24)",
    "mixes figures and colours: a meld is one figure in consecutive colours, or one colour in consecutive "
    "figures P N B R Q J": "mezcla figuras y colores: un grupo es una figura con colores seguidos, o un color "
                           "con figuras seguidas P N B R Q J",
    "repeats a colour: a figure run never repeats one": "repite un color: una escalera de figura nunca lo repite",
    "repeats a figure: a colour run never repeats one": "repite una figura: una escalera de color nunca la repite",
    "has a gap at {missing}: fill it with that card or a neutral card":
        "tiene un hueco en {missing}: cúbrelo con esa carta o con una carta neutral",
    " (runs do not wrap around, D24)": " (las escaleras no dan la vuelta, D24)",
    "has a neutral card with no gap to fill: a neutral card may stand only between two cards (D25)":
        "tiene una carta neutral sin hueco que cubrir: una carta neutral solo puede ir entre dos cartas (D25)",
}
#: ``tr(text)``: RummiDrez's own labels in the current language (registered under
#: :data:`PREFIX` with ``tr.add``; see :class:`~drezlab.core.i18n.OwnWords`)
tr = OwnWords(PREFIX)
tr.add(_SPANISH)

FIGURE_RUN, COLOUR_RUN = "figure run", "colour run"
#: the longest run of each kind: 9 colours, 6 figures
MAX_LENGTH = {FIGURE_RUN: 9, COLOUR_RUN: 6}


def sort_key(card: Card) -> tuple[int, int, int]:
    """How a hand is sorted: by figure (P..J), then colour, the copy from the second
    pack after the first; neutral cards last."""
    if card.is_neutral:
        return (7, card.neutral_index, card.pack)
    return (card.figure_number, card.number or 0, card.pack)


def _naturals(cards: Sequence[Card]) -> list[Card]:
    return [card for card in cards if not card.is_neutral]


def meld_kind(cards: Sequence[Card]) -> str | None:
    """``FIGURE_RUN`` when the natural cards share one figure, ``COLOUR_RUN`` when they
    share one colour, ``None`` otherwise (or with fewer than 2 distinct naturals the
    kind is not fixed: D24 fixes it by the natural cards)."""
    naturals = _naturals(cards)
    figures = {card.figure_number for card in naturals}
    colours = {card.number for card in naturals}
    if len(naturals) < 2 or (len(figures) == 1 and len(colours) == 1):
        return None
    if len(figures) == 1:
        return FIGURE_RUN
    if len(colours) == 1:
        return COLOUR_RUN
    return None


def _position(card: Card, kind: str) -> int:
    """A natural card's place in a run: its number in a figure run, its figure's rank in a colour run."""
    return (card.number or 0) if kind == FIGURE_RUN else card.figure_number


def meld_problem(cards: Sequence[CardLike]) -> str | None:
    """``None`` for a valid meld, else what is wrong, in words (D24, D25), in the current language."""
    melded = as_cards(cards)
    if len(melded) < 3:
        if len(melded) == 1:
            return tr("has only 1 card: a meld needs at least 3")
        return tr("has only {count} cards: a meld needs at least 3").format(count=len(melded))
    naturals = _naturals(melded)
    neutrals = len(melded) - len(naturals)
    if len(naturals) < 2:
        return tr("needs at least 2 figure cards: a neutral card only fills a gap between two cards (D25)")
    names = [card.id.rstrip("b") for card in naturals]
    for name in names:
        if names.count(name) > 1:
            return tr("holds {card} twice: a meld never repeats a card, so never a colour or a figure twice (D24)"
                      ).format(card=name)
    kind = meld_kind(melded)
    if kind is None:
        return tr("mixes figures and colours: a meld is one figure in consecutive colours, or one colour in "
                  "consecutive figures P N B R Q J")
    places = sorted(_position(card, kind) for card in naturals)
    if len(set(places)) < len(places):
        return tr("repeats a colour: a figure run never repeats one" if kind == FIGURE_RUN
                  else "repeats a figure: a colour run never repeats one")
    gaps = places[-1] - places[0] + 1 - len(places)
    if gaps > neutrals:
        missing = [value for value in range(places[0], places[-1] + 1) if value not in places]
        shown = ", ".join(str(value) if kind == FIGURE_RUN else Figure(value).letter for value in missing)
        wrap = tr(" (runs do not wrap around, D24)") if places[-1] - places[0] >= MAX_LENGTH[kind] - 2 else ""
        return tr("has a gap at {missing}: fill it with that card or a neutral card").format(missing=shown) + wrap
    if neutrals > gaps:
        return tr("has a neutral card with no gap to fill: a neutral card may stand only between two cards (D25)")
    return None


def is_valid(cards: Sequence[CardLike]) -> bool:
    """Whether ``cards`` form a valid meld (see :func:`meld_problem`)."""
    return meld_problem(cards) is None


def arrange(cards: Sequence[CardLike]) -> list[Card]:
    """The meld laid out in ascending order with each neutral in the gap it fills (D24,
    D25). A set that is no valid meld is laid out as a hand is sorted, neutrals last."""
    melded = as_cards(cards)
    if meld_problem(melded) is not None:
        return sorted(melded, key=sort_key)
    kind = meld_kind(melded)
    assert kind is not None
    naturals = sorted(_naturals(melded), key=lambda card: _position(card, kind))
    spare = sorted((card for card in melded if card.is_neutral), key=sort_key)
    laid: list[Card] = [naturals[0]]
    for before, card in zip(naturals, naturals[1:]):
        for _ in range(_position(card, kind) - _position(before, kind) - 1):
            laid.append(spare.pop(0))
        laid.append(card)
    return laid


def meld_text(cards: Sequence[CardLike]) -> str:
    """A meld as the rules write it: ``B3 X B5`` (neutral cards as ``X``)."""
    return " ".join("X" if card.is_neutral else card.id for card in arrange(cards))
