"""The EDAMI luck cards ("Cartas de la Suerte") as data: card specs and decks.

Rules: ``shared/rules/chess-cards.md`` §4.2, §4.5–4.8. The deck is data
(DECISION D21): a teacher writes one card per line, optionally with a count,
in English or Spanish::

    # my deck for the Tuesday class
    3 x Move one: N          # "Mueve una: caballo" works too
    Move both: K Q
    Choose two: Q R B
    Remove: R
    Bomb: center
    Recover: any
    Veto
    Objective: check
    Temporary: superqueen
    Wildcard

``EdamiDeck.from_text`` reads that; a wrong line raises ``BadRecord`` naming
the line number and what is wrong. On the table each physical card is a
:class:`LuckCard`: its id (``card1``, ``card2`` ... in the order the deck lists the
cards, so an id says which card it is) and its :class:`CardSpec`. ``EdamiDeck.default()`` is our
reconstruction of the printed deck (the source gives only counts),
``basic()`` is the deck for 6-year-olds (action cards only) and
``advanced()`` the full deck for 10+.

Card kinds (``CardSpec.kind``):

==============  ==================================  ==============================
kind            Spanish card                        parameters
==============  ==================================  ==============================
``move``        Mueve una / Mueve + / Mueve tres    ``pieces``: 1–3 piece types, all moved
``choose``      Elige y mueve una / dos             ``pieces`` (2–3 types), ``k`` of them moved
``relocate``    Cambia                              —
``lose_turn``   Pierde el turno                     —
``remove``      Quita                               ``pieces``: the types that may be removed
``bomb``        Bomba                               ``param``: zone name (``ZONES``)
``recover``     Recupera                            ``pieces``: allowed types (all 5 = "any")
``veto``        No me gusta tu jugada               —
``objective``   Objetivo y Premio                   ``param``: ``OBJECTIVES`` key
``temporary``   Carta temporal                      ``param``: ``EFFECTS`` name
``wildcard``    Comodín                             —
``blank``       Carta en blanco                     — (its effect is the game option ``blank_card_effect``)
==============  ==================================  ==============================
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from typing import Iterable, Sequence, Union

import chess

from drezlab.core.errors import BadRecord
from drezlab.core.i18n import add_translations, t

PIECE_LETTERS = {chess.KING: "K", chess.QUEEN: "Q", chess.ROOK: "R", chess.BISHOP: "B",
                 chess.KNIGHT: "N", chess.PAWN: "P"}
PIECE_WORDS = {chess.KING: "King", chess.QUEEN: "Queen", chess.ROOK: "Rook", chess.BISHOP: "Bishop",
               chess.KNIGHT: "Knight", chess.PAWN: "Pawn"}
NON_KING_TYPES = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN)

#: Bomb zones of §4.2 (Z5 depends on the colour of the side that drew the card).
ZONES: dict[str, str] = {
    "center": "Centre (d4 e4 d5 e5)",
    "wide-center": "Wide centre (c3–f6)",
    "queenside": "Queen's flank (files a–c)",
    "kingside": "King's flank (files f–h)",
    "your-half": "Your half (your ranks 1–4)",
}

#: Objectives of §4.2: name -> (what to do, prize piece type).
OBJECTIVES: dict[str, tuple[str, int]] = {
    "check": ("Give check", chess.PAWN),
    "castle": ("Castle", chess.KNIGHT),
    "pawn-6th": ("Pawn to your 6th rank", chess.BISHOP),
    "capture": ("Capture a piece (not a pawn)", chess.ROOK),
}

#: The 8 temporary effects of §4.8.3, in the order of the rules table.
EFFECTS: dict[str, str] = {
    "superqueen": "Superqueen",
    "superrooks": "Superrooks",
    "superbishops": "Superbishops",
    "superknights": "Superknights",
    "untouchable-pawns": "Untouchable pawns",
    "lead-king": "Lead king",
    "no-retreat": "No retreat",
    "harakiri": "Harakiri",
}

EFFECT_TEXT: dict[str, str] = {
    "superqueen": "Your queens also move like a knight.",
    "superrooks": "Your rooks also move like a knight.",
    "superbishops": "Your bishops also move like a knight.",
    "superknights": "After a normal knight move you may move a knight again.",
    "untouchable-pawns": "Your rival may not capture your pawns.",
    "lead-king": "If you are in check and must move the king, you lose.",
    "no-retreat": "None of your pieces may move backwards.",
    "harakiri": "Change colours! Play your rival's pieces until the next temporary card.",
}

SPECIAL_KINDS = ("veto", "objective", "temporary", "wildcard", "blank")
ACTION_KINDS = ("move", "choose", "relocate", "lose_turn", "remove", "bomb", "recover")
KINDS = ACTION_KINDS + SPECIAL_KINDS


@dataclass(frozen=True)
class CardSpec:
    """One kind of luck card with its parameters (immutable; many cards may share it).

    ``pieces`` are python-chess piece types; ``k`` is how many entries a
    ``choose`` card moves; ``param`` is the bomb zone, objective or effect name.
    """

    kind: str
    pieces: tuple[int, ...] = ()
    k: int = 0
    param: str = ""

    # ------------------------------------------------------------ naming
    @property
    def is_special(self) -> bool:
        """Special cards (kept face up, or used at once) carry an icon; action cards do not."""
        return self.kind in SPECIAL_KINDS

    @property
    def required(self) -> int:
        """How many sub-moves a movement card asks for (r of §4.5)."""
        return len(self.pieces) if self.kind == "move" else self.k

    def title(self) -> str:
        """The card's name in the current language, e.g. 'Move both' / 'Mueve +'."""
        if self.kind == "move":
            return t({1: "Move one", 2: "Move both", 3: "Move three"}[len(self.pieces)])
        if self.kind == "choose":
            return t({1: "Choose and move one", 2: "Choose and move two", 3: "Choose and move three"}[self.k])
        if self.kind == "temporary":
            return t(EFFECTS[self.param])
        if self.kind == "objective":
            return t("Objective and prize")
        return t(CARD_TITLES[self.kind])

    def body(self) -> list[str]:
        """The card's instructions in the current language, a few short lines."""
        names = ", ".join(t(PIECE_WORDS[p]) for p in self.pieces)
        if self.kind == "move":
            return [f"{t('Move')}: " + " + ".join(t(PIECE_WORDS[p]) for p in self.pieces)]
        if self.kind == "choose":
            return [f"{t('Choose from')}: {names}"]
        if self.kind == "remove":
            return [f"{t('Remove a rival')}: {names}"]
        if self.kind == "bomb":
            return [t(ZONES[self.param]), t("Remove a rival piece there")]
        if self.kind == "recover":
            what = t("any piece") if set(self.pieces) == set(NON_KING_TYPES) else names
            return [f"{t('Put back a lost piece')}: {what}"]
        if self.kind == "objective":
            goal, prize = OBJECTIVES[self.param]
            return [t(goal), f"{t('Prize')}: {t(PIECE_WORDS[prize])}"]
        if self.kind == "temporary":
            return [t(EFFECT_TEXT[self.param])]
        return [t(_BODIES[self.kind])]

    def text(self) -> str:
        """The canonical English deck line of this spec; ``parse_spec(spec.text()) == spec``."""
        letters = " ".join(PIECE_LETTERS[p] for p in self.pieces)
        if self.kind == "move":
            return f"{ {1: 'Move one', 2: 'Move both', 3: 'Move three'}[len(self.pieces)] }: {letters}"
        if self.kind == "choose":
            return f"{ {1: 'Choose one', 2: 'Choose two', 3: 'Choose three'}[self.k] }: {letters}"
        if self.kind in ("remove",):
            return f"Remove: {letters}"
        if self.kind == "recover":
            return "Recover: any" if set(self.pieces) == set(NON_KING_TYPES) else f"Recover: {letters}"
        if self.kind == "bomb":
            return f"Bomb: {self.param}"
        if self.kind == "objective":
            return f"Objective: {self.param}"
        if self.kind == "temporary":
            return f"Temporary: {self.param}"
        return CARD_TITLES[self.kind]

    def __str__(self) -> str:
        return self.text()


#: the English titles of the card kinds (translated by ``t``)
CARD_TITLES = {"relocate": "Relocate", "lose_turn": "Lose a turn", "remove": "Remove", "bomb": "Bomb",
           "recover": "Recover", "veto": "I don't like your move", "wildcard": "Wildcard",
           "blank": "Blank card"}
_BODIES = {
    "relocate": "Put one piece (not the rival king) on any empty square.",
    "lose_turn": "You lose your turn.",
    "veto": "Keep it. Your rival must take back the last move and play another.",
    "wildcard": "Steal one special card from your rival.",
    "blank": "The teacher decides what this card does.",
}


# ---------------------------------------------------------------- parsing
def _fold(text: str) -> str:
    """Lower case without accents, single spaces: 'Mueve  Úna' -> 'mueve una'."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.lower().replace("_", " ").replace("-", " ").split())


_PIECE_ALIASES: dict[str, int] = {}
for _ptype, _words in {chess.KING: ("k", "king", "rey"), chess.QUEEN: ("q", "queen", "dama", "reina"),
                       chess.ROOK: ("r", "rook", "torre"), chess.BISHOP: ("b", "bishop", "alfil"),
                       chess.KNIGHT: ("n", "knight", "caballo"), chess.PAWN: ("p", "pawn", "peon")}.items():
    for _word in _words:
        _PIECE_ALIASES[_word] = _ptype
        _PIECE_ALIASES[_word + "s"] = _ptype
        _PIECE_ALIASES[_word + "es"] = _ptype

# card name (folded) -> (kind, fixed k or number of entries or None)
_NAMES: dict[str, tuple[str, int | None]] = {
    "move one": ("move", 1), "mueve una": ("move", 1), "move both": ("move", 2), "mueve +": ("move", 2),
    "mueve mas": ("move", 2), "move two": ("move", 2), "move three": ("move", 3), "mueve tres": ("move", 3),
    "move": ("move", None), "mueve": ("move", None),
    "choose one": ("choose", 1), "choose and move one": ("choose", 1), "elige y mueve una": ("choose", 1),
    "choose two": ("choose", 2), "choose and move two": ("choose", 2), "elige y mueve dos": ("choose", 2),
    "choose three": ("choose", 3), "elige y mueve tres": ("choose", 3),
    "relocate": ("relocate", None), "cambia": ("relocate", None),
    "lose a turn": ("lose_turn", None), "lose turn": ("lose_turn", None), "pierde el turno": ("lose_turn", None),
    "remove": ("remove", None), "quita": ("remove", None),
    "bomb": ("bomb", None), "bomba": ("bomb", None),
    "recover": ("recover", None), "recupera": ("recover", None),
    "veto": ("veto", None), "i don't like your move": ("veto", None), "no me gusta tu jugada": ("veto", None),
    "objective": ("objective", None), "objective and prize": ("objective", None),
    "objetivo": ("objective", None), "objetivo y premio": ("objective", None),
    "temporary": ("temporary", None), "temporal": ("temporary", None),
    "wildcard": ("wildcard", None), "comodin": ("wildcard", None),
    "blank": ("blank", None), "blank card": ("blank", None), "carta en blanco": ("blank", None),
}
_ZONE_ALIASES = {"center": "center", "centre": "center", "centro": "center", "z1": "center",
                 "wide center": "wide-center", "wide centre": "wide-center", "centro ampliado": "wide-center",
                 "z2": "wide-center", "queenside": "queenside", "queen side": "queenside",
                 "flanco de dama": "queenside", "z3": "queenside", "kingside": "kingside",
                 "king side": "kingside", "flanco de rey": "kingside", "z4": "kingside",
                 "your half": "your-half", "tu campo": "your-half", "z5": "your-half"}
_OBJECTIVE_ALIASES = {"check": "check", "give check": "check", "da jaque": "check", "jaque": "check", "o1": "check",
                      "castle": "castle", "enroca": "castle", "o2": "castle",
                      "pawn 6th": "pawn-6th", "pawn to 6th": "pawn-6th", "peon a 6a": "pawn-6th", "o3": "pawn-6th",
                      "capture": "capture", "captura": "capture", "captura una pieza": "capture", "o4": "capture"}
_EFFECT_ALIASES = {"superqueen": "superqueen", "superdama": "superqueen", "superrooks": "superrooks",
                   "supertorres": "superrooks", "superbishops": "superbishops", "superalfiles": "superbishops",
                   "superknights": "superknights", "supercaballos": "superknights",
                   "untouchable pawns": "untouchable-pawns", "peones intocables": "untouchable-pawns",
                   "lead king": "lead-king", "rey de plomo": "lead-king", "no retreat": "no-retreat",
                   "prohibido retroceder": "no-retreat", "harakiri": "harakiri"}


def parse_spec(text: str | CardSpec) -> CardSpec:
    """One card from its deck line without a count ('Move both: K Q', 'Bomba: centro'); a card spec as it is.

    Raises ``ValueError`` with a readable reason; ``EdamiDeck.from_text`` adds the line number.
    """
    if isinstance(text, CardSpec):
        return text
    if not isinstance(text, str):
        raise ValueError(t("a card is written as text such as 'Move one: N', not {kind}").format(
            kind=type(text).__name__))
    name, sep, rest = text.partition(":")
    folded = _fold(name).replace(" + ", " +").replace("mueve+", "mueve +")
    if folded not in _NAMES:
        raise ValueError(t("unknown card {name} (known: Move one, Move both, Move three, Choose one, Choose two, "
                           "Relocate, Lose a turn, Remove, Bomb, Recover, Veto, Objective, Temporary, Wildcard, "
                           "Blank; or their Spanish names)").format(name=repr(name.strip())))
    kind, number = _NAMES[folded]
    words = [w for w in re.split(r"[\s,+]+", rest) if w] if sep else []
    folded_rest = _fold(rest) if sep else ""
    if kind in ("move", "choose", "remove", "recover"):
        if kind == "recover" and folded_rest in ("any", "cualquiera", "all"):
            return CardSpec("recover", NON_KING_TYPES)
        pieces = []
        for word in words:
            ptype = _PIECE_ALIASES.get(_fold(word))
            if ptype is None:
                raise ValueError(t("{word} is not a piece (write K Q R B N P, or king, dama, caballo ...)").format(
                    word=repr(word)))
            pieces.append(ptype)
        if not pieces:
            raise ValueError(t("{name} needs pieces after a colon, e.g. {example}").format(
                name=repr(name.strip()), example=repr(f"{name.strip()}: N")))
        if kind == "move":
            if number is not None and len(pieces) != number:
                raise ValueError(t("{name} shows exactly {number} piece(s), not {count}").format(
                    name=repr(name.strip()), number=number, count=len(pieces)))
            if len(pieces) > 3:
                raise ValueError(t("a movement card moves at most 3 pieces (D27 searches 3 sub-moves)"))
            return CardSpec("move", tuple(pieces))
        if kind == "choose":
            k = number or 1
            if len(set(pieces)) != len(pieces):
                raise ValueError(t("a choose card shows different piece types"))
            if not k < len(pieces) <= 4:
                raise ValueError(t("choose {k} needs more than {k} pieces to choose from (at most 4)").format(k=k))
            return CardSpec("choose", tuple(pieces), k)
        if chess.KING in pieces:
            raise ValueError(t("{name} can never take or bring back a king").format(name=repr(name.strip())))
        return CardSpec(kind, tuple(sorted(set(pieces), reverse=True)))
    if kind == "bomb":
        zone = _ZONE_ALIASES.get(folded_rest)
        if zone is None:
            raise ValueError(t("unknown bomb zone {zone} (center, wide-center, queenside, kingside, your-half)").format(
                zone=repr(rest.strip())))
        return CardSpec("bomb", param=zone)
    if kind == "objective":
        goal = _OBJECTIVE_ALIASES.get(folded_rest)
        if goal is None:
            raise ValueError(t("unknown objective {goal} (check, castle, pawn-6th, capture)").format(
                goal=repr(rest.strip())))
        return CardSpec("objective", param=goal)
    if kind == "temporary":
        effect = _EFFECT_ALIASES.get(folded_rest)
        if effect is None:
            raise ValueError(t("unknown temporary effect {effect} ({effects})").format(
                effect=repr(rest.strip()), effects=", ".join(EFFECTS)))
        return CardSpec("temporary", param=effect)
    if sep and folded_rest:
        raise ValueError(t("{name} takes no parameters").format(name=repr(name.strip())))
    return CardSpec(kind)


SpecLike = Union[CardSpec, str]


@dataclass(frozen=True)
class LuckCard:
    """One physical card of a game: its id on the table and what it is.

    Ids are ``card1``, ``card2`` ... in the order the deck description lists the
    cards (extra cards of a teacher's position follow), so the id of a face-up card
    tells nothing that its face does not; a face-down card is never shown by id.
    (drezlab 0.1 called them ``c1``, ``c2`` ...: ``c1`` to ``c8`` were also the
    names of squares, so a click on a square could name a card.)"""

    id: str
    spec: CardSpec

    def __str__(self) -> str:
        return f"{self.id} ({self.spec.text()})"


# ------------------------------------------------------------------- decks
class EdamiDeck:
    """A deck description: card specs with counts, in the order written.

    ``EdamiDeck([("Move one: N", 3), "Veto"])`` or ``EdamiDeck.from_text(...)``.
    ``cards()`` lists one spec per physical card (the game numbers them c1, c2 ...).
    """

    def __init__(self, entries: Iterable[SpecLike | tuple[SpecLike, int]]) -> None:
        parsed: list[tuple[CardSpec, int]] = []
        for number, entry in enumerate(entries, start=1):
            spec, count = (entry if isinstance(entry, tuple) else (entry, 1))
            try:
                card = parse_spec(spec)
            except ValueError as error:
                raise BadRecord(t("deck entry {number} ({card}): {error}").format(
                    number=number, card=repr(spec), error=error)) from None
            if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 60:
                raise BadRecord(t("deck entry {number} ({card}): the count must be 0 to 60, not {count}").format(
                    number=number, card=repr(spec), count=repr(count)))
            if count:
                parsed.append((card, count))
        if not parsed:
            raise BadRecord(t("the deck has no cards"))
        if sum(count for _, count in parsed) > 300:
            raise BadRecord(t("a deck may hold at most 300 cards"))
        self.entries: tuple[tuple[CardSpec, int], ...] = tuple(parsed)

    @classmethod
    def from_text(cls, text: str) -> "EdamiDeck":
        """Read a deck written one card per line: ``[count x] Card name[: parameters]``.

        ``#`` starts a comment; blank lines are ignored. Errors name the line.
        """
        if not isinstance(text, str):
            raise BadRecord(t("a deck is written as text, not {kind}").format(kind=type(text).__name__))
        entries: list[tuple[CardSpec, int]] = []
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            match = re.match(r"^(\d+)\s*[x×*]?\s+(.*)$", line, flags=re.I)
            count, spec_text = (int(match.group(1)), match.group(2)) if match else (1, line)
            try:
                spec = parse_spec(spec_text)
            except ValueError as error:
                raise BadRecord(t("deck line {number} ({line}): {error}").format(
                    number=number, line=repr(raw.strip()), error=error)) from None
            if not 0 < count <= 60:
                raise BadRecord(t("deck line {number} ({line}): the count must be 1 to 60").format(
                    number=number, line=repr(raw.strip())))
            entries.append((spec, count))
        return cls(entries)

    def to_text(self) -> str:
        """The deck as text that ``from_text`` reads back (canonical English names)."""
        return "\n".join(f"{count} x {spec.text()}" for spec, count in self.entries)

    def cards(self) -> list[CardSpec]:
        """One spec per physical card, in the order written."""
        return [spec for spec, count in self.entries for _ in range(count)]

    def luck_cards(self) -> list[LuckCard]:
        """The physical cards of a game, in the order written, named ``card1``, ``card2``...

        Cards are immutable values, so the games of one deck share them (made once per deck
        contents, :func:`_luck_cards`): making 54 of them was about a fifth of ``new()``."""
        return list(_luck_cards(self.entries))

    def __len__(self) -> int:
        return sum(count for _, count in self.entries)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EdamiDeck) and other.entries == self.entries

    def __repr__(self) -> str:
        return f"<EdamiDeck {len(self)} {t('cards')}>"

    def without(self, kinds_or_effects: Iterable[str]) -> "EdamiDeck":
        """This deck minus every card whose kind (``"veto"``, ``"temporary"`` ...) or
        temporary effect / objective name (``"harakiri"``) is listed."""
        drop = {_fold(name) for name in kinds_or_effects}
        kept = [(spec, count) for spec, count in self.entries
                if _fold(spec.kind) not in drop and not (spec.param and _fold(spec.param) in drop)]
        return EdamiDeck(kept)

    def only_specials(self, allowed: Iterable[str]) -> "EdamiDeck":
        """Keep every action card and only the special cards whose kind or effect name is allowed
        (the option ``special_cards``; the source calls special cards optional)."""
        keep = {_fold(name) for name in allowed}
        unknown = keep - {_fold(k) for k in SPECIAL_KINDS} - {_fold(e) for e in EFFECTS} - {
            _fold(o) for o in OBJECTIVES}
        if unknown:
            raise ValueError(f"special_cards names unknown cards: {sorted(unknown)} (use kinds such as "
                             f"{', '.join(SPECIAL_KINDS)} or effect names such as harakiri)")
        kept = [(spec, count) for spec, count in self.entries
                if not spec.is_special or _fold(spec.kind) in keep or (spec.param and _fold(spec.param) in keep)]
        return EdamiDeck(kept)

    # ------------------------------------------------------------ presets
    @classmethod
    def default(cls) -> "EdamiDeck":
        """Our reconstruction of the printed 54-card playing deck (DECISION D21).

        The source gives only the counts per card type (38 action + 16 special);
        the pieces, zones, objectives and effects below are the parameters chosen
        in D21, not a transcription of the printed cards. The 4 Recupera cards
        recover any lost piece, as the seed says ("una pieza previamente
        capturada"); a teacher's deck may restrict them. The 2 rules-summary
        cards are never shuffled in.

        The text is read once (:func:`_default_entries`); each call makes a new deck of
        the same immutable card specs.
        """
        return cls._of_checked(_default_entries())

    @classmethod
    def _of_checked(cls, entries: tuple[tuple[CardSpec, int], ...]) -> EdamiDeck:
        """A deck of entries the constructor has checked already (the default deck's, read
        once): checking them again on every new game cost about a twentieth of ``new()``."""
        deck = cls.__new__(cls)
        deck.entries = entries
        return deck

    @classmethod
    def basic(cls) -> "EdamiDeck":
        """The basic deck for players from 6 years: the 38 action cards of D21 and no special
        cards (the source recommends basic cards from 6 and advanced ones from 10; we count
        every special card as advanced)."""
        return cls.default().without(SPECIAL_KINDS)

    @classmethod
    def advanced(cls) -> "EdamiDeck":
        """The advanced deck for players from 10 years: the full default deck."""
        return cls.default()


@functools.lru_cache(maxsize=32)
def _luck_cards(entries: tuple[tuple[CardSpec, int], ...]) -> tuple[LuckCard, ...]:
    """The physical cards of a deck's ``entries`` (see :meth:`EdamiDeck.luck_cards`); a few
    decks are remembered (the default one, and teachers' decks while they are in use)."""
    specs = [spec for spec, count in entries for _ in range(count)]
    return tuple(LuckCard(f"card{index + 1}", spec) for index, spec in enumerate(specs))


@functools.cache
def _default_entries() -> tuple[tuple[CardSpec, int], ...]:
    """The default deck's specs and counts, read from :data:`DEFAULT_DECK_TEXT` once: every
    new game starts from this deck, and reading its text was about 25 % of ``new()``."""
    return EdamiDeck.from_text(DEFAULT_DECK_TEXT).entries


DEFAULT_DECK_TEXT = """\
# Movement cards (26)
Move one: K
Move one: Q
Move one: R
Move one: B
Move one: N
2 x Move one: P
Move both: K Q
Move both: Q B
Move both: R N
Move both: B N
Move both: N P
Move both: P P
Move three: N B P
Choose one: Q R
Choose one: R B
Choose one: B N
Choose one: N P
Choose two: Q R B
Choose two: R B N
Choose two: B N P
Choose two: K N P
2 x Relocate
2 x Lose a turn
# Material cards (12)
Remove: R
Remove: B
Remove: N
Bomb: center
Bomb: wide-center
Bomb: queenside
Bomb: kingside
Bomb: your-half
4 x Recover: any
# Special cards (16)
2 x Veto
Objective: check
Objective: castle
Objective: pawn-6th
Objective: capture
Temporary: superqueen
Temporary: superrooks
Temporary: superbishops
Temporary: superknights
Temporary: untouchable-pawns
Temporary: lead-king
Temporary: no-retreat
Temporary: harakiri
Wildcard
Blank
"""

CLASS_DECK_TEXT = """\
# EDAMI 6+: 20 basic cards for a class
2 x Move one: knight
2 x Move one: bishop
Move one: rook
Move one: queen
Move one: king
2 x Move one: pawn
Move both: knight pawn
Move both: bishop knight
Choose one: bishop knight
Choose one: knight pawn
Relocate
Lose a turn
Remove: knight
Remove: bishop
Bomb: centre
2 x Recover: any
"""
"""The class deck "EDAMI 6+": 20 basic action cards (no special cards) for a first session
with 6- to 12-year-olds, one deck per pair. A class of 26 then cuts 13 x 20 = 260 cards, not
the 702 of 13 default decks of 54. ``make print`` writes it as ``print/<paper>/edami-class-deck-<en|es>.pdf``
(:func:`drezlab.printing.plan`); lesson 02a's guide shows it. Read it with
``EdamiDeck.from_text(CLASS_DECK_TEXT)``; a teacher's own deck is a copy with lines changed."""


add_translations({
    "Move one": "Mueve una", "Move both": "Mueve +", "Move three": "Mueve tres",
    "Choose and move one": "Elige y mueve una", "Choose and move two": "Elige y mueve dos",
    "Choose and move three": "Elige y mueve tres",
    "Relocate": "Cambia", "Lose a turn": "Pierde el turno", "Remove": "Quita", "Bomb": "Bomba",
    "Recover": "Recupera", "I don't like your move": "No me gusta tu jugada", "Wildcard": "Comodín",
    "Blank card": "Carta en blanco", "Objective and prize": "Objetivo y Premio",
    "King": "Rey", "Queen": "Dama", "Rook": "Torre", "Bishop": "Alfil", "Knight": "Caballo", "Pawn": "Peón",
    "Move": "Mueve", "Choose from": "Elige entre", "Remove a rival": "Quita al rival",
    "Remove a rival piece there": "Quita allí una pieza rival", "Put back a lost piece": "Recupera una pieza",
    "any piece": "cualquier pieza", "Prize": "Premio",
    "Centre (d4 e4 d5 e5)": "Centro (d4 e4 d5 e5)", "Wide centre (c3–f6)": "Centro ampliado (c3–f6)",
    "Queen's flank (files a–c)": "Flanco de dama (columnas a–c)",
    "King's flank (files f–h)": "Flanco de rey (columnas f–h)",
    "Your half (your ranks 1–4)": "Tu campo (tus filas 1–4)",
    "Give check": "Da jaque", "Castle": "Enroca", "Pawn to your 6th rank": "Peón a 6ª",
    "Capture a piece (not a pawn)": "Captura una pieza (no un peón)",
    "Superqueen": "Superdama", "Superrooks": "Supertorres", "Superbishops": "Superalfiles",
    "Superknights": "Supercaballos", "Untouchable pawns": "Peones intocables", "Lead king": "Rey de plomo",
    "No retreat": "Prohibido retroceder", "Harakiri": "Harakiri",
    "Your queens also move like a knight.": "Tu dama mueve también como caballo.",
    "Your rooks also move like a knight.": "Tus torres mueven también como caballos.",
    "Your bishops also move like a knight.": "Tus alfiles mueven también como caballos.",
    "After a normal knight move you may move a knight again.":
        "Tus caballos pueden hacer dos jugadas seguidas.",
    "Your rival may not capture your pawns.": "No se permite al rival capturar tus peones.",
    "If you are in check and must move the king, you lose.":
        "Si te dan jaque y tienes que mover el rey, pierdes la partida.",
    "None of your pieces may move backwards.": "Ninguna de tus piezas puede mover hacia atrás.",
    "Change colours! Play your rival's pieces until the next temporary card.":
        "¡Cambio de color! Juega con las piezas del rival hasta la siguiente carta temporal.",
    "Put one piece (not the rival king) on any empty square.":
        "Cambia de sitio una pieza (no el rey rival) a cualquier casilla libre.",
    "You lose your turn.": "Pierdes el turno.",
    "Keep it. Your rival must take back the last move and play another.":
        "Guárdala. Tu rival debe rectificar su última jugada y hacer otra.",
    "Steal one special card from your rival.": "Roba al rival una de sus cartas especiales.",
    "The teacher decides what this card does.": "El monitor decide qué hace esta carta.",
})


#: the option ``deck`` given as a list with an empty entry, or one that is not a pair
EMPTY_DECK_ENTRY = ("the option 'deck': entry {number} is an empty list: write a card line such as 'Veto' "
                    "or a pair [card line, count] such as ['Move one: N', 3]")
BAD_DECK_ENTRY = ("the option 'deck': entry {number} ({entry}) is neither a card line nor a pair "
                  "[card line, count]: write 'Veto' or ['Move one: N', 3]")


def check_deck_entries(entries: Sequence[object]) -> None:
    """The option ``deck`` given as a list: each entry is a card line (or card) or a pair
    [card line, count]; anything else is refused by a ``ValueError`` in plain words that
    names the option and the entry, before any entry is read."""
    for number, entry in enumerate(entries, start=1):
        if isinstance(entry, (str, CardSpec)) or (isinstance(entry, (list, tuple)) and len(entry) == 2):
            continue
        if isinstance(entry, (list, tuple)) and not entry:
            raise ValueError(t(EMPTY_DECK_ENTRY).format(number=number))
        raise ValueError(t(BAD_DECK_ENTRY).format(number=number, entry=repr(entry)))


def check_specs(values: Sequence[SpecLike], where: str) -> list[CardSpec]:
    """Parse a list of card specs given by a teacher, naming the bad one."""
    if isinstance(values, str) or not isinstance(values, (list, tuple)):
        raise BadRecord(f"{where} must be a list of cards such as ['Veto', 'Objective: check']")
    specs = []
    for number, value in enumerate(values, start=1):
        try:
            specs.append(parse_spec(value))
        except ValueError as error:
            raise BadRecord(f"{where}, card {number} ({value!r}): {error}") from None
    return specs


add_translations({
    "a card is written as text such as 'Move one: N', not {kind}":
        "una carta se escribe como texto, por ejemplo 'Mueve una: N', no como {kind}",
    "unknown card {name} (known: Move one, Move both, Move three, Choose one, Choose two, Relocate, Lose a turn, "
    "Remove, Bomb, Recover, Veto, Objective, Temporary, Wildcard, Blank; or their Spanish names)":
        "carta desconocida {name} (se conocen: Mueve una, Mueve +, Mueve tres, Elige y mueve una, Elige y mueve "
        "dos, Cambia, Pierde el turno, Quita, Bomba, Recupera, No me gusta tu jugada, Objetivo, Temporal, "
        "Comodín, En blanco; o sus nombres en inglés)",
    "{word} is not a piece (write K Q R B N P, or king, dama, caballo ...)":
        "{word} no es una pieza (escribe K Q R B N P, o rey, dama, caballo ...)",
    "{name} needs pieces after a colon, e.g. {example}": "{name} necesita piezas después de dos puntos, por ejemplo {example}",
    "{name} shows exactly {number} piece(s), not {count}": "{name} muestra exactamente {number} pieza(s), no {count}",
    "a movement card moves at most 3 pieces (D27 searches 3 sub-moves)":
        "una carta de movimiento mueve como mucho 3 piezas (D27 busca 3 subjugadas)",
    "a choose card shows different piece types": "una carta de elegir muestra tipos de pieza distintos",
    "choose {k} needs more than {k} pieces to choose from (at most 4)":
        "elegir {k} necesita más de {k} piezas entre las que elegir (como mucho 4)",
    "{name} can never take or bring back a king": "{name} nunca puede quitar ni recuperar un rey",
    "unknown bomb zone {zone} (center, wide-center, queenside, kingside, your-half)":
        "zona de bomba desconocida {zone} (centro, centro ampliado, flanco de dama, flanco de rey, tu campo)",
    "unknown objective {goal} (check, castle, pawn-6th, capture)":
        "objetivo desconocido {goal} (jaque, enroca, peón a 6a, captura)",
    "unknown temporary effect {effect} ({effects})": "efecto temporal desconocido {effect} ({effects})",
    "{name} takes no parameters": "{name} no lleva parámetros",
    "deck entry {number} ({card}): {error}": "entrada {number} del mazo ({card}): {error}",
    "deck entry {number} ({card}): the count must be 0 to 60, not {count}":
        "entrada {number} del mazo ({card}): la cantidad debe ser de 0 a 60, no {count}",
    "the deck has no cards": "el mazo no tiene cartas",
    EMPTY_DECK_ENTRY: "la opción 'deck': la entrada {number} es una lista vacía: escribe una línea de carta "
                      "como 'Veto' o un par [línea de carta, cantidad] como ['Mueve una: N', 3]",
    BAD_DECK_ENTRY: "la opción 'deck': la entrada {number} ({entry}) no es una línea de carta ni un par "
                    "[línea de carta, cantidad]: escribe 'Veto' o ['Mueve una: N', 3]",
    "a deck may hold at most 300 cards": "un mazo puede tener como mucho 300 cartas",
    "a deck is written as text, not {kind}": "un mazo se escribe como texto, no como {kind}",
    "deck line {number} ({line}): {error}": "línea {number} del mazo ({line}): {error}",
    "deck line {number} ({line}): the count must be 1 to 60": "línea {number} del mazo ({line}): la cantidad debe ser de 1 a 60",
})
