"""The Pokerdrez deck: 6 figures x 9 numbered colours + 2 neutral cards.

A card is identified by a short id: figure letter + number (``Q5`` is the
blue queen card, ``J9`` the green joker), ``X1``/``X2`` for the two neutral
("betrayal") cards, and a pack suffix when two packs are combined (``Q5b``
is the blue queen card of the second pack). Number and colour carry no rule
in PokerDrez; they only help players remember which cards are gone.

``Card.unknown()`` is the face-down placeholder that redacted views put where
a card is hidden; its id ``??`` never matches a real card.
"""

from __future__ import annotations

import enum
import random
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Iterable, Iterator, Sequence, Union

from drezlab.core.errors import BadRecord


class Figure(enum.IntEnum):
    """The six card figures; the value is the die face printed on the card."""

    PAWN = 1
    KNIGHT = 2
    BISHOP = 3
    ROOK = 4
    QUEEN = 5
    JOKER = 6

    @property
    def letter(self) -> str:
        """One-letter code used in card ids (P N B R Q J)."""
        return _FIGURE_LETTERS[self]

    @property
    def english(self) -> str:
        return _FIGURE_NAMES[self][0]

    @property
    def spanish(self) -> str:
        return _FIGURE_NAMES[self][1]

    def plural_in(self, language: str) -> str:
        """The plural in small letters, for captions: 'bishops' / 'alfiles'."""
        return _FIGURE_PLURALS[self][language == "es"]

    @classmethod
    def from_letter(cls, letter: str) -> "Figure":
        try:
            return _LETTER_FIGURES[letter.upper()]
        except KeyError:
            raise ValueError(f"{letter!r} is not a figure letter; use one of P N B R Q J") from None


_FIGURE_LETTERS = {Figure.PAWN: "P", Figure.KNIGHT: "N", Figure.BISHOP: "B",
                   Figure.ROOK: "R", Figure.QUEEN: "Q", Figure.JOKER: "J"}
_LETTER_FIGURES = {letter: figure for figure, letter in _FIGURE_LETTERS.items()}
_FIGURE_PLURALS = {Figure.PAWN: ("pawns", "peones"), Figure.KNIGHT: ("knights", "caballos"),
                   Figure.BISHOP: ("bishops", "alfiles"), Figure.ROOK: ("rooks", "torres"),
                   Figure.QUEEN: ("queens", "damas"), Figure.JOKER: ("jokers", "bufones")}
_FIGURE_NAMES = {Figure.PAWN: ("Pawn", "Peón"), Figure.KNIGHT: ("Knight", "Caballo"),
                 Figure.BISHOP: ("Bishop", "Alfil"), Figure.ROOK: ("Rook", "Torre"),
                 Figure.QUEEN: ("Queen", "Dama"), Figure.JOKER: ("Joker", "Bufón")}


class Color(enum.IntEnum):
    """The nine card colours; the value is the number printed on the card."""

    GREY = 1
    RED = 2
    MAGENTA = 3
    PURPLE = 4
    BLUE = 5
    YELLOW = 6
    CYAN = 7
    ORANGE = 8
    GREEN = 9

    @property
    def english(self) -> str:
        return self.name.capitalize()

    @property
    def spanish(self) -> str:
        return _COLOR_SPANISH[self]

    @property
    def spanish_feminine(self) -> str:
        """The Spanish colour agreeing with a feminine noun ("Roja": *la carta*, *la Dama*)."""
        return _COLOR_SPANISH_FEMININE.get(self, self.spanish)

    def spanish_for(self, figure: Figure) -> str:
        """The Spanish colour as it agrees with ``figure`` ("Roja" for the Torre and the Dama)."""
        return self.spanish_feminine if figure in FEMININE_FIGURES else self.spanish

    def name_in(self, language: str) -> str:
        """The colour's name in ``language`` ('Blue' / 'Azul')."""
        return self.spanish if language == "es" else self.english

    @property
    def hex(self) -> str:
        """An RGB colour for drawing the card face."""
        return _COLOR_HEX[self]


_COLOR_SPANISH = {Color.GREY: "Gris", Color.RED: "Rojo", Color.MAGENTA: "Magenta",
                  Color.PURPLE: "Morado", Color.BLUE: "Azul", Color.YELLOW: "Amarillo",
                  Color.CYAN: "Cyan", Color.ORANGE: "Naranja", Color.GREEN: "Verde"}
#: the figures whose Spanish name is feminine, and the colours that change with them
FEMININE_FIGURES = frozenset({Figure.ROOK, Figure.QUEEN})
_COLOR_SPANISH_FEMININE = {Color.RED: "Roja", Color.PURPLE: "Morada", Color.YELLOW: "Amarilla"}
_COLOR_HEX = {Color.GREY: "#7f7f7f", Color.RED: "#d62728", Color.MAGENTA: "#d8249c",
              Color.PURPLE: "#7b3fa8", Color.BLUE: "#1f5fbf", Color.YELLOW: "#d9a400",
              Color.CYAN: "#0fa3b8", Color.ORANGE: "#ef7d16", Color.GREEN: "#2e9a3e"}

_PACK_SUFFIXES = ("", "b")
_CARD_ID = re.compile(r"^(?:([PNBRQJ])([1-9])|X([12]))(b?)$")
UNKNOWN_ID = "??"


def short_repr(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages about hostile input."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


@dataclass(frozen=True, order=True)
class Card:
    """One card. ``figure``/``number`` are ``None`` for the neutral cards
    (D2: they have no figure, number or colour) and for the unknown placeholder."""

    figure: Figure | None
    number: int | None
    pack: int = 0
    neutral_index: int = 0
    id: str = field(default="", init=False, compare=False, repr=False)
    #: the figure's die number as a plain int (0 for neutral and hidden cards):
    #: hot loops hash ints much faster than enum members
    figure_number: int = field(default=0, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "id", self._make_id())
        object.__setattr__(self, "figure_number", int(self.figure) if self.figure is not None else 0)

    @classmethod
    def parse(cls, text: "str | Card") -> "Card":
        """``Card.parse("Q5")``, ``Card.parse("X2")``, ``Card.parse("J9b")``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a card id must be text such as 'Q5', not {type(text).__name__}")
        cleaned = text.strip()
        if cleaned == UNKNOWN_ID:
            return UNKNOWN
        match = _CARD_ID.match(cleaned)
        if not match:
            raise ValueError(
                f"{short_repr(text)} is not a card id: write a figure letter (P N B R Q J) and a number 1-9 "
                "such as 'Q5', or 'X1'/'X2' for a neutral card; add 'b' for the second pack ('Q5b')")
        letter, number, neutral, pack = match.groups()
        pack_index = 1 if pack else 0
        if neutral:
            return cls(None, None, pack_index, int(neutral))
        return cls(Figure.from_letter(letter), int(number), pack_index)

    @classmethod
    def neutral(cls, index: int, pack: int = 0) -> "Card":
        return cls(None, None, pack, index)

    @classmethod
    def unknown(cls) -> "Card":
        return UNKNOWN

    def _make_id(self) -> str:
        if self.is_unknown:
            return UNKNOWN_ID
        suffix = _PACK_SUFFIXES[self.pack]
        if self.is_neutral:
            return f"X{self.neutral_index}{suffix}"
        assert self.figure is not None
        return f"{self.figure.letter}{self.number}{suffix}"

    @property
    def is_neutral(self) -> bool:
        return self.figure is None and self.neutral_index > 0

    @property
    def is_unknown(self) -> bool:
        return self.figure is None and self.neutral_index == 0

    @property
    def color(self) -> Color | None:
        return Color(self.number) if self.number else None

    def name(self, language: str = "en") -> str:
        """A readable name: 'Blue Queen' / 'Dama Azul', 'Neutral card' / 'Carta neutral'."""
        spanish = language == "es"
        if self.is_unknown:
            return "Carta oculta" if spanish else "Hidden card"
        if self.is_neutral:
            return "Carta neutral" if spanish else "Neutral card"
        assert self.figure is not None and self.color is not None
        if spanish:      # the colour agrees with the figure: "Torre Roja", "Caballo Rojo"
            return f"{self.figure.spanish} {self.color.spanish_for(self.figure)}"
        return f"{self.color.english} {self.figure.english}"

    def __str__(self) -> str:
        return self.id

    def __repr__(self) -> str:
        return f"Card({self.id!r})"


UNKNOWN = Card(None, None, 0, 0)

CardLike = Union[Card, str]


def as_card(card: CardLike) -> Card:
    """Accept a Card or its id wherever the API takes cards."""
    return Card.parse(card)


def as_cards(cards: Iterable[CardLike]) -> list[Card]:
    if isinstance(cards, (str, Card)):
        raise ValueError("give a list of cards, e.g. ['Q5', 'P3'], not a single card")
    return [as_card(card) for card in cards]


def full_pack(pack: int = 0) -> list[Card]:
    """The 56 cards of one pack, figures in die order then the two neutrals (a new list;
    the cards are frozen values, made once per pack and shared by every game, since
    making them afresh was a tenth of setting up a game)."""
    return list(_pack_cards(pack))


@cache
def _pack_cards(pack: int) -> tuple[Card, ...]:
    cards = [Card(figure, number, pack) for figure in Figure for number in range(1, 10)]
    cards += [Card.neutral(1, pack), Card.neutral(2, pack)]
    return tuple(cards)


class Deck:
    """A draw pile and a discard pile made of one or two Pokerdrez packs.

    The top of the pile is the end of ``pile``. Shuffles take the game's own
    ``random.Random`` so a seed reproduces every deal.
    """

    def __init__(self, packs: int = 1, cards: Sequence[CardLike] | None = None) -> None:
        if packs not in (1, 2):
            raise ValueError(f"a deck is made of 1 or 2 packs, not {packs!r}")
        self.packs = packs
        self.pile: list[Card] = as_cards(cards) if cards is not None else self.all_cards(packs)
        self.discard: list[Card] = []

    @staticmethod
    def all_cards(packs: int = 1) -> list[Card]:
        cards: list[Card] = []
        for pack in range(packs):
            cards += full_pack(pack)
        return cards

    def shuffle(self, rng: random.Random) -> None:
        rng.shuffle(self.pile)

    def draw(self) -> Card:
        if not self.pile:
            raise IndexError("the draw pile is empty")
        return self.pile.pop()

    def __len__(self) -> int:
        return len(self.pile)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.pile)


def check_card_ids(cards: Iterable[CardLike], packs: int, where: str) -> list[Card]:
    """Parse cards for a position, insisting that they exist in ``packs`` packs."""
    if isinstance(cards, (str, Card)) or not isinstance(cards, Iterable):
        raise BadRecord(f"{where} must be a list of cards such as ['Q5', 'P3'], not {type(cards).__name__}")
    parsed: list[Card] = []
    for card in cards:
        try:
            parsed_card = as_card(card)
        except ValueError as error:
            raise BadRecord(f"{where}: {error}") from None
        if parsed_card.is_unknown or parsed_card.pack >= packs:
            raise BadRecord(f"{where}: card {parsed_card.id} is not in a game with {packs} pack(s)")
        parsed.append(parsed_card)
    return parsed
