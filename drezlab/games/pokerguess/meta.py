"""PokerGuess's metadata: what the registry, the widget, the simulations and the
conformance suite read about the game without importing its rules.

Option types and ranges are checked here (a saved record with ``"players": "4"``,
``true`` for a number or ``NaN`` is refused); what depends on several options
(the minimum bet against the stack, the dealer's seat) is checked by the game.
"""

from __future__ import annotations

from drezlab.core.spec import GameSpec, Option, within
from drezlab.kits.tablewords import TABLE_WORDS

#: 2-10 seats, as the rules table says (D4; issue 24 lifted the 8 of issue 9)
MIN_PLAYERS, MAX_PLAYERS = 2, 10
MAX_STACK = 1_000_000
MAX_HANDS = 1_000_000


SPEC = GameSpec(
    name="pokerguess",
    game_class="drezlab.games.pokerguess.game:PokerGuess",
    title="PokerGuess",
    title_es="PokerGuess",
    summary="Guess how many cards of a colour and of a figure lie among everybody's cards, and bet on it "
            "(2-10 players)",
    summary_es="Adivina cuántas cartas de un color y de una figura hay entre las cartas de todos, y apuesta "
               "(2-10 jugadores)",
    aliases=("poker-guess",),
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    teams=False,
    chance="explicit",
    hidden_information=True,
    options=(
        Option("players", 4, (int,), "number of seats (D4: 2 to 10)",
               check=within("players", MIN_PLAYERS, MAX_PLAYERS)),
        Option("stack", 100, (int,), "starting chips of every seat (D4: 100)", check=within("stack", 1, MAX_STACK)),
        Option("min_bet", 2, (int,), "the minimum bet m: the ante and the smallest raise (D4: 2)",
               check=within("min_bet", 1, MAX_STACK)),
        Option("max_hands", None, (int,), "stop after this many hands (None: until one player has every chip)",
               check=within("max_hands", 1, MAX_HANDS)),
        Option("dealer", None, (int,), "the first dealer's seat (None: the last seat)",
               check=within("dealer", 0, MAX_PLAYERS - 1)),
        Option("words", "chips", (str,), "the table's words: 'chips' (a card table's chips, bets and pot) or "
               "'points' (a school's points; the rules are the same)", choices=TABLE_WORDS),
    ),
    picture="drezlab.games.pokerguess.picture:draw",
    numbers="odds",
    levels=('random', 'probability'),
    bots={"random": "drezlab.players:RandomPlayer",
          "probability": "drezlab.games.pokerguess.bots:ProbabilityPlayer"},
    option_sets=(
        {"players": 3, "stack": 20, "words": "points"},
        {"players": 2, "stack": 12},
        {"players": 3, "stack": 20, "min_bet": 5},
        {"players": 5, "stack": 10, "max_hands": 3, "dealer": 1},
        {"players": 8, "stack": 6, "min_bet": 1, "max_hands": 2},
    ),
    max_random_actions=4000,
)
