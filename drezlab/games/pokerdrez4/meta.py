"""PokerDrez for 4's metadata: registry name, titles, seats, options, picture and bots.

Read by the registry without importing the game (this module imports only
``drezlab.core.spec``). The options are those ``shared/rules/chess-cards.md`` §3
names or inherits from §2 (D3, D7, D1, D12, D15); they are type-checked strictly,
here and when a saved game is read.
"""

from __future__ import annotations

from drezlab.core.spec import GameSpec, Option

SPEC = GameSpec(
    name="pokerdrez4",
    game_class="drezlab.games.pokerdrez4.game:PokerDrez4",
    title="PokerDrez for 4",
    title_es="PokerDrez para 4",
    summary="PokerDrez for 4: two teams on the cross board, every move backed by a card",
    summary_es="PokerDrez para 4: dos parejas en el tablero en cruz, cada jugada con una carta",
    seats=(4, 4),
    teams=True,
    chance="explicit",
    hidden_information=True,
    options=(
        Option("decks", 2, (int,), "packs of 56 cards shuffled together (D3, D15)", choices=(1, 2)),
        Option("blocked_figures_are_jokers", False, (bool,),
               "a figure card whose pieces cannot move acts as a Joker (D7)"),
        Option("draw_claims", "auto", (str,), "threefold repetition and the 50-move rule end the game "
               "('auto') or let the side to move claim a draw ('claim') (D1)", choices=("auto", "claim")),
        Option("show_discard_history", False, (bool,), "the discard pile is face up instead of a count (D12)"),
        Option("show_partner_cards", False, (bool,), "partners see each other's private cards (D15)"),
    ),
    picture="drezlab.games.pokerdrez4.picture:draw",
    # "search" (two plies: the next opponent's answer only) stays a named bot for lesson 16 but
    # left the ladder: measured no stronger than greedy (51.7 % over 30 games, bench/ladder.py)
    levels=('random', 'greedy', 'alphabeta'),
    bots={
        "random": "drezlab.players:RandomPlayer",
        "greedy": "drezlab.games.pokerdrez4.bots:GreedyTeamPlayer",
        "search": "drezlab.games.pokerdrez4.bots:SearchTeamPlayer",
        "alphabeta": "drezlab.games.pokerdrez4.bots:AlphaBetaTeamPlayer",
    },
    option_sets=(
        {"decks": 1, "draw_claims": "claim", "show_partner_cards": True},
        {"decks": 1, "blocked_figures_are_jokers": True, "show_discard_history": True},
    ),
    max_random_actions=12000,
)
