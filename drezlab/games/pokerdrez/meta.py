"""PokerDrez's metadata: registry name, titles, seats, options, picture and bots.

Read by the registry without importing the game (this module imports only
``drezlab.core.spec``). The options are those of ``shared/rules/chess-cards.md`` §2
(D3, D7, D1, D12, §2.10); they are type-checked strictly, here and when a saved
game is read.
"""

from __future__ import annotations

from typing import Any

from drezlab.core.spec import GameSpec, Option

#: the highest bet allowed: every amount up to the maximum is a button, so keep the row readable
MAX_BET = 1000
#: the seats (shared by the rules and their words)
WHITE, BLACK = 0, 1



def check_betting(value: Any) -> tuple[int, int]:
    """``(minimum, maximum)`` with whole numbers ``0 < minimum <= maximum <= MAX_BET``."""
    if len(value) != 2 or any(isinstance(amount, bool) or not isinstance(amount, int) for amount in value):
        raise ValueError("the option 'betting' must be a pair of whole numbers (minimum, maximum), e.g. (5, 20)")
    low, high = value
    if not 0 < low <= high <= MAX_BET:
        raise ValueError(f"the option 'betting' needs 0 < minimum <= maximum <= {MAX_BET}, not ({low}, {high})")
    return low, high


SPEC = GameSpec(
    name="pokerdrez",
    game_class="drezlab.games.pokerdrez.game:PokerDrez",
    title="PokerDrez",
    title_es="PokerDrez",
    summary="PokerDrez: chess where every move needs a card",
    summary_es="PokerDrez: ajedrez en el que cada jugada necesita una carta",
    seats=(2, 2),
    teams=False,
    chance="explicit",
    hidden_information=True,
    options=(
        Option("decks", 2, (int,), "packs of 56 cards shuffled together (D3)", choices=(1, 2)),
        Option("pawn_removal", True, (bool,), "Black, then White, may remove one own pawn before the deal (§2.1)"),
        Option("blocked_figures_are_jokers", False, (bool,),
               "a figure card whose pieces cannot move acts as a Joker (D7)"),
        Option("betting", None, (list, tuple), "(minimum, maximum) stakes of the betting variant (§2.10)",
               check=check_betting, nullable=True),
        Option("draw_claims", "auto", (str,), "threefold repetition and the 50-move rule end the game "
               "('auto') or let the side to move claim a draw ('claim') (D1)", choices=("auto", "claim")),
        Option("show_discard_history", False, (bool,), "the discard pile is face up instead of a count (D12)"),
    ),
    picture="drezlab.games.pokerdrez.picture:draw",
    levels=('random', 'greedy', 'search', 'stockfish-low', 'stockfish-mid', 'stockfish-high'),
    bots={
        "random": "drezlab.players:RandomPlayer",
        "greedy": "drezlab.players.search:GreedyPlayer",
        "search": "drezlab.players.search:SearchPlayer",
        "greedy-chess": "drezlab.kits.chessbots:GreedyChessPlayer",
        "search-chess": "drezlab.kits.chessbots:SearchChessPlayer",
        "stockfish-low": "drezlab.games.pokerdrez.bots:StockfishLow",
        "stockfish-mid": "drezlab.games.pokerdrez.bots:StockfishMid",
        "stockfish-high": "drezlab.games.pokerdrez.bots:StockfishHigh",
    },
    option_sets=(
        {"decks": 1},
        {"decks": 1, "pawn_removal": False, "betting": (1, 5), "draw_claims": "claim"},
        {"blocked_figures_are_jokers": True, "show_discard_history": True},
    ),
    max_random_actions=4000,
    record_versions=(1, 2),
)
