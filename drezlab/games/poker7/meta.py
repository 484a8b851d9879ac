"""Poker7's metadata: what the registry, the widget, the simulations and the
conformance suite read about the game without importing its rules.

The options are checked here for their type and range (so a saved record with
``"players": "4"``, ``true`` for a number, or ``NaN`` is refused); what depends
on several options at once (a stack list as long as the table, a dealer seat
that exists, the teacher's cards) is checked by the game's constructor.
"""

from __future__ import annotations

from typing import Any

from drezlab.core.spec import GameSpec, Option, within
from drezlab.kits.tablewords import TABLE_WORDS

MIN_PLAYERS, MAX_PLAYERS = 2, 10
MAX_STACK = 1_000_000
MAX_HANDS = 1_000_000

#: the picture of one hand as its groups (``HandValue.svg``), looked up by name
#: like the table picture, so that the evaluator never imports the picture module
HAND_PICTURE = "drezlab.games.poker7.picture:partition_svg"


def _check_stacks(value: list[Any] | tuple[Any, ...]) -> list[int]:
    if any(isinstance(chips, bool) or not isinstance(chips, int) or not 1 <= chips <= MAX_STACK
           for chips in value):
        raise ValueError(f"the option 'stacks' gives each seat a whole number of chips from 1 to {MAX_STACK}")
    return list(value)


def _check_board(value: list[Any] | tuple[Any, ...]) -> list[Any]:
    if len(value) > 5:
        raise ValueError(f"the option 'board' fixes at most the 5 community cards, not {len(value)}")
    return list(value)


def _check_hands(value: dict[Any, Any]) -> dict[Any, Any]:
    for cards in value.values():
        if isinstance(cards, str) or not isinstance(cards, (list, tuple)) or len(cards) != 2:
            raise ValueError("the option 'hands' maps seats to exactly 2 cards each, e.g. {0: ['B5', 'B8']}")
    return dict(value)


SPEC = GameSpec(
    name="poker7",
    game_class="drezlab.games.poker7.game:Poker7",
    title="Poker7",
    title_es="Poker7",
    summary="Hold'em with Pokerdrez cards where all 7 cards make the hand, with a reveal round (2-10 players)",
    summary_es="Hold'em con cartas Pokerdrez: cuentan las 7 cartas, con una ronda de mostrar (2-10 jugadores)",
    aliases=("poker-7",),
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    teams=False,
    chance="explicit",
    hidden_information=True,
    options=(
        Option("players", 4, (int,), "number of seats (D4: 2 to 10)",
               check=within("players", MIN_PLAYERS, MAX_PLAYERS, " (D4)")),
        Option("stack", 100, (int,), "starting chips of every seat (D4: 100)",
               check=within("stack", 1, MAX_STACK)),
        Option("min_bet", 2, (int,), "the minimum bet m: the ante and the smallest bet or raise (D4: 2)",
               check=within("min_bet", 1, MAX_STACK)),
        Option("max_hands", None, (int,), "stop after this many hands (None: until one player has every chip)",
               check=within("max_hands", 1, MAX_HANDS)),
        Option("dealer", None, (int,), "the first dealer's seat (None: the last seat)",
               check=within("dealer", 0, MAX_PLAYERS - 1)),
        Option("words", "chips", (str,), "the table's words: 'chips' (a card table's chips, bets and pot) or "
               "'points' (a school's points; the rules are the same)", choices=TABLE_WORDS),
        Option("hands", None, (dict,), "a teacher's first deal: seat -> its 2 own cards",
               check=_check_hands),
        Option("board", None, (list, tuple), "a teacher's first community cards (up to 5)",
               check=_check_board),
        Option("stacks", None, (list, tuple), "each seat's own starting chips (instead of 'stack')",
               check=_check_stacks),
    ),
    picture="drezlab.games.poker7.picture:draw",
    # the ladder, measured heads-up with 100 chips to the end (bench/ladder.py): the generic
    # IS-MCTS ("mcts", still a named bot) won 50 % of 40 matches against the random bot (57.5 %
    # with 40-ply rollouts), so it is no rung; the equity bot beats the random bot and the
    # bet-reading bot beats the equity bot
    levels=('random', 'equity', 'reader'),
    bots={"random": "drezlab.players:RandomPlayer", "equity": "drezlab.games.poker7.bots:EquityPlayer",
          "reader": "drezlab.games.poker7.bots:ReaderPlayer",
          "mcts": "drezlab.players.mcts:MCTSPlayer(iterations=400, time_limit=0.9)"},
    option_sets=(
        {"players": 3, "stack": 20, "words": "points"},
        {"players": 2, "stack": 20},
        {"players": 3, "stack": 30, "min_bet": 5},
        {"players": 4, "stacks": [6, 20, 40, 12], "max_hands": 6},
        {"players": 6, "stack": 20, "max_hands": 4, "dealer": 2},
        {"players": 10, "stack": 10, "min_bet": 1, "max_hands": 3},
        {"players": 3, "stack": 20, "hands": {"0": ["B5", "B8"], "2": ["Q2", "N2"]},
         "board": ["R2", "P2", "P9", "B9", "J6"], "max_hands": 2},
    ),
    max_random_actions=5000,
    record_versions=(1, 2),
)
