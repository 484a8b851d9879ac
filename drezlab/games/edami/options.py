"""EDAMI's options turned into what the game starts from: the deck and the blank card's
effect (the options themselves are declared in :mod:`drezlab.games.edami.meta`; a
teacher's position, several of them, is read by :mod:`drezlab.games.edami.position`,
whose names are also read from here, where they were before)."""

from __future__ import annotations

from typing import Any

from drezlab.core.errors import BadRecord
from drezlab.games.edami.cards import (
    CardSpec,
    EdamiDeck,
    check_deck_entries,
    parse_spec,
)
from drezlab.games.edami.meta import SPEC
from drezlab.games.edami.position import (  # noqa: F401  (read from here too: their old home)
    NO_LOSSES,
    POSITION_OPTIONS,
    START_COUNTS,
    Layout,
    Lost,
    board_from,
    lost_from,
    lost_text,
    teacher_layout,
)


def as_text(value: Any) -> Any:
    """A card spec as its deck line; anything else unchanged."""
    return value.text() if isinstance(value, CardSpec) else value


def plain_options(options: dict[str, Any]) -> dict[str, Any]:
    """The constructor's options as plain JSON values (an ``EdamiDeck`` as its text, card
    specs as their lines, tuples as lists), so that records and copies hold plain data."""
    plain = dict(options)
    deck = plain.get("deck")
    if isinstance(deck, EdamiDeck):
        plain["deck"] = deck.to_text()
    elif isinstance(deck, (list, tuple)):
        check_deck_entries(deck)
        plain["deck"] = [[as_text(entry[0]), entry[1]] if isinstance(entry, (list, tuple)) else as_text(entry)
                         for entry in deck]
    for name in ("drawn", "blank_card_effect"):
        if name in plain:
            plain[name] = as_text(plain[name])
    for name in ("pile", "used"):
        if isinstance(plain.get(name), (list, tuple)):
            plain[name] = [as_text(line) for line in plain[name]]
    temporary = plain.get("temporary")
    if isinstance(temporary, (list, tuple)) and temporary:
        plain["temporary"] = [as_text(temporary[0]), *temporary[1:]]
    specials = plain.get("specials")
    if isinstance(specials, dict):
        plain["specials"] = {key: [as_text(line) for line in lines] if isinstance(lines, (list, tuple)) else lines
                             for key, lines in specials.items()}
    return plain


def make_deck(deck: str | list[Any] | None, special_cards: str | list[str]) -> EdamiDeck:
    """The deck the game is played with (``None``: the default deck), special cards filtered."""
    if deck is None:
        built = EdamiDeck.default()
    elif isinstance(deck, str):
        built = EdamiDeck.from_text(deck)
    else:
        built = EdamiDeck([tuple(entry) if isinstance(entry, list) else entry for entry in deck])
    if special_cards != "all":
        built = built.only_specials(special_cards)
    return built


def blank_effect(line: str | None) -> CardSpec | None:
    """What the blank card does (``blank_card_effect``), or ``None``."""
    if line is None:
        return None
    try:
        effect = parse_spec(line)
    except ValueError as error:
        raise BadRecord(f"blank_card_effect: {error}") from None
    if effect.kind == "blank":
        raise BadRecord("blank_card_effect cannot be the blank card itself")
    return effect


def checked_options(options: dict[str, Any], edition: int | None) -> dict[str, Any]:
    """Every option of a new game, checked and with its default filled in (``edition=1`` /
    ``2`` is short for ``impossible_card``); the plain values records and copies hold."""
    options = plain_options(options)
    if edition is not None:
        if edition not in (1, 2) or isinstance(edition, bool):
            raise ValueError(f"edition must be 1 (lose the turn) or 2 (normal move), not {edition!r}")
        options["impossible_card"] = "lose_turn" if edition == 1 else "normal_move"
    given = SPEC.validate_options(options)
    if given["king_capture"] and not given["mandatory_card"]:
        raise ValueError("king_capture is allowed only with mandatory_card (Carta Obligatoria, §4.7)")
    if given["fen"] is None and any(given[name] is not None for name in POSITION_OPTIONS):
        raise ValueError("drawn, specials, temporary, pile, used and lost describe a teacher's position: "
                         "give a fen too")
    return given
