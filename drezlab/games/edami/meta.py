"""EDAMI luck-card chess: what the game declares about itself (read by the registry).

Options (rules/chess-cards.md §4.7). The game options:

=====================  =======================================================
``impossible_card``    "normal_move" (2nd edition, default) or "lose_turn" (1st)
``mandatory_card``     Carta Obligatoria: every turn starts with a draw (D33)
``king_capture``       kings may be left attacked and captured; off unless asked
                       for, and only with ``mandatory_card`` (§4.7, D33)
``bomb_mode``          "standard", "cruel", "feroz" or "loca" (§4.6)
``deck``               deck text (``EdamiDeck.from_text``) or a list of card
                       lines; ``None`` = the default deck (D21)
``special_cards``      "all", or the special kinds / effects to keep
``blank_card_effect``  a card line the blank card acts as; ``None`` = no effect
``draw_claims``        "auto" or "claim" (D1)
=====================  =======================================================

A teacher's position is given by further options, saved in the game's record
like the others: ``fen``, ``drawn``, ``specials``, ``temporary``, ``pile``,
``used`` and ``lost`` (see :class:`drezlab.games.edami.game.Edami`). Here each
option's type and choices are checked; the game checks what its texts say
(card lines, FEN) when it is made.

Information: the draw pile's order and the used pile's contents are hidden from
both seats alike (D26: only the used pile's size and its last card are shown);
drawn cards are always shown and kept special cards lie face up, so no seat ever
knows more than the other: ``hidden_information`` is false (no hand-over screen
between two human seats).
"""

from __future__ import annotations

from typing import Any

from drezlab.core.spec import GameSpec, Option


def _all_or_names(value: Any) -> Any:
    """``special_cards``: the text "all" or a list of card kinds / effect names."""
    if isinstance(value, str):
        if value != "all":
            raise ValueError(f"special_cards must be 'all' or a list such as ['veto', 'harakiri'], not {value!r}")
        return value
    if not all(isinstance(name, str) for name in value):
        raise ValueError("special_cards must list card kinds or effect names as text, e.g. ['veto', 'harakiri']")
    return list(value)


def _text_list(name: str) -> Any:
    """A check that ``value`` is a list of card lines (text)."""
    def check(value: Any) -> Any:
        if not all(isinstance(item, str) for item in value):
            raise ValueError(f"{name} must be a list of card lines such as 'Move one: N'")
        return list(value)
    return check


def _deck(value: Any) -> Any:
    """``deck``: deck text or a list of card lines (with an optional count each)."""
    if isinstance(value, str):
        return value
    for entry in value:
        if isinstance(entry, str):
            continue
        if not (isinstance(entry, (list, tuple)) and len(entry) == 2 and isinstance(entry[0], str)
                and isinstance(entry[1], int) and not isinstance(entry[1], bool)):
            raise ValueError("deck must be deck text or a list of card lines, each optionally with a count: "
                             "['Veto', ['Move one: N', 3]]")
    return [entry if isinstance(entry, str) else [entry[0], entry[1]] for entry in value]


def _specials(value: Any) -> Any:
    """``specials``: {seat: [kept special cards]} with seats 0 and 1 (JSON keys are text)."""
    checked = {}
    for seat, cards in value.items():
        if str(seat) not in ("0", "1"):
            raise ValueError("specials maps seats 0 and 1 to lists of kept special cards")
        if not isinstance(cards, (list, tuple)) or not all(isinstance(card, str) for card in cards):
            raise ValueError("specials maps each seat to a list of card lines such as 'Veto'")
        checked[str(seat)] = list(cards)
    return checked


def _temporary(value: Any) -> Any:
    """``temporary``: [card line, seat holding it]."""
    if len(value) != 2 or not isinstance(value[0], str) or value[1] not in (0, 1) or isinstance(value[1], bool):
        raise ValueError("temporary must be (card, seat holding it), e.g. ('Temporary: superqueen', 0)")
    return [value[0], value[1]]


def _lost(value: Any) -> Any:
    if any(letter not in "QRBNPqrbnp" for letter in value):
        raise ValueError("lost is written as piece letters, upper case for White, e.g. 'QNp'")
    return value


SPEC = GameSpec(
    name="edami",
    game_class="drezlab.games.edami.game:Edami",
    title="EDAMI luck-card chess",
    title_es="Ajedrez EDAMI: cartas de la suerte",
    summary="EDAMI luck-card chess: draw a luck card or play a normal move",
    summary_es="Ajedrez EDAMI con cartas de la suerte: toma una carta o haz una jugada normal",
    aliases=("luck-cards", "cartas-de-la-suerte"),
    seats=(2, 2),
    teams=False,
    chance="explicit",
    hidden_information=False,
    options=(
        Option("impossible_card", "normal_move", (str,), "a card that cannot be obeyed: a normal move "
               "(2nd edition) or a lost turn (1st edition)", choices=("normal_move", "lose_turn")),
        Option("mandatory_card", False, (bool,), "Carta Obligatoria: every turn starts with a draw (D33)"),
        Option("king_capture", False, (bool,), "kings may be left attacked and captured (only with "
               "mandatory_card)"),
        Option("bomb_mode", "standard", (str,), "how the bomb cards remove pieces",
               choices=("standard", "cruel", "feroz", "loca")),
        Option("deck", None, (str, list, tuple), "deck text or a list of card lines; None = the default deck",
               check=_deck),
        Option("special_cards", "all", (str, list, tuple), "'all' or the special card kinds / effects kept",
               check=_all_or_names),
        Option("blank_card_effect", None, (str,), "the card line the blank card acts as; None = no effect"),
        Option("draw_claims", "auto", (str,), "threefold repetition and the 50-move rule end the game "
               "('auto') or offer a claim ('claim')", choices=("auto", "claim")),
        Option("fen", None, (str,), "a teacher's position: the board"),
        Option("drawn", None, (str,), "a teacher's position: the card the side to move has just drawn"),
        Option("specials", None, (dict,), "a teacher's position: {seat: [kept vetoes and objectives]}",
               check=_specials),
        Option("temporary", None, (list, tuple), "a teacher's position: [temporary card, seat holding it]",
               check=_temporary),
        Option("pile", None, (list, tuple), "a teacher's position: the draw pile, first drawn first",
               check=_text_list("pile")),
        Option("used", None, (list, tuple), "a teacher's position: the used pile", check=_text_list("used")),
        Option("lost", None, (str,), "a teacher's position: lost pieces, upper case White ('QNp')",
               check=_lost),
    ),
    picture="drezlab.games.edami.picture:draw",
    #: measured with bench/ladder.py (30 games a pair, seats rotated): stockfish-low and
    #: stockfish-mid are bots but not rungs. With cards, stockfish-low scored 40 % (21.9-61.3)
    #: against search-chess, which draws cards in quiet turns and catches up, and stockfish-mid
    #: 56.7 % (39.2-72.6): no measured edge; stockfish-high scored 83.3 % (66.4-92.7) against
    #: search-chess. A stronger top (stockfish-high with 120,000 nodes instead of 20,000) scored
    #: 50.0 % (33.2-66.8) against stockfish-high: with the cards' luck, more engine depth did
    #: not show (bench/ladder.py's play_pair, --games 30)
    levels=('random', 'greedy-chess', 'search-chess', 'stockfish-high'),
    bots={
        "random": "drezlab.players:RandomPlayer",
        "greedy-chess": "drezlab.games.edami.bots:GreedyChessPlayer",
        "search-chess": "drezlab.games.edami.bots:SearchChessPlayer",
        "greedy-chess-nocards": "drezlab.games.edami.bots:PlainGreedyChessPlayer",
        "search-chess-nocards": "drezlab.games.edami.bots:PlainSearchChessPlayer",
        "stockfish-low": "drezlab.games.edami.bots:StockfishLow",
        "stockfish-mid": "drezlab.games.edami.bots:StockfishMid",
        "stockfish-high": "drezlab.games.edami.bots:StockfishHigh",
    },
    option_sets=(
        {"mandatory_card": True},
        {"mandatory_card": True, "king_capture": True},
        {"impossible_card": "lose_turn", "bomb_mode": "loca", "draw_claims": "claim"},
        {"bomb_mode": "cruel", "special_cards": ["veto", "temporary"]},
        {"bomb_mode": "feroz", "deck": "3 x Relocate\n3 x Veto\n2 x Objective: capture\nTemporary: harakiri\n"
                                       "Temporary: superknights\nWildcard\n2 x Move both: N P\nRecover: any\n"
                                       "Blank", "blank_card_effect": "Bomb: wide-center"},
        {"fen": "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
         "specials": {"0": ["Veto"], "1": ["Objective: castle"]}, "temporary": ["Temporary: superqueen", 1],
         "lost": "Pp"},
    ),
    max_random_actions=600,
    record_versions=(2,),
)
