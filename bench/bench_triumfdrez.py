"""TriumfDrez benchmarks, with Poker7's random hands per second timed in the same run
as the anchor (so figures from different machines can be compared).

Run with ``make bench`` or ``.venv/bin/python bench/bench_triumfdrez.py``
(``--deals N`` changes the number of seeded deals of part 5; default 200).

1. Random games: whole TriumfDrez matches (to 50 points, random bots) per second,
   against Poker7's random hands per second (4 players). Goal: ratio >= 0.5.
2. Double-dummy solve of a 5-trick ending with 4 hands (20 seeded endings from
   random play). Goal: <= 1 s each. The script exits with status 1 if missed.
3. Double-dummy solve of a full 13-trick deal: 2 players (both hands, 10 deals),
   3 and 4 players (3 deals each) with a time cap of 60 s per deal; a deal that hits
   the cap is reported as such.
4. One decision of the sampling bot at its default level (12 deals, 0.25 s budget),
   over whole deals with 2 and 4 players. Goal: median <= 300 ms (status 1 if missed).
5. The sampling bot against the rule-based bot over seeded single deals
   (``max_deals=1``; seats swap every deal): its score (1 = won the deal on points,
   0 = lost) with a 95 % Wilson interval, 2 players (``--deals`` deals) and 4 players
   in pairs (half as many). The bot samples its default 12 deals per decision without
   its time cut, so the figures do not depend on the machine's load.
6. The undo record: random 4-player play with the game's own named-tuple record against
   the same 17 fields declared as a :class:`drezlab.core.snapshot.AttributeSnapshot` (the
   house's one idiom), in sandwiched rounds (own, generic, own on the same seeds) so both
   see the same load: the median ratio and its quartiles (``--record-only`` runs only
   this part). The game keeps its own record while the ratio stays well below 1.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any, ClassVar

import drezlab.games.triumfdrez.game as triumfdrez_game
from drezlab.core.action import Outcome
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.games.poker7 import Poker7
from drezlab.games.triumfdrez.actions import Phase
from drezlab.games.triumfdrez.bots import RulePlayer, SamplingPlayer
from drezlab.games.triumfdrez.cards import Contract
from drezlab.games.triumfdrez.game import TriumfDrez
from drezlab.games.triumfdrez.solver import Deal, SolverTimeout, solve
from drezlab.players import RandomPlayer
from drezlab.sim import tournament
from drezlab.sim.results import wilson

ENDING_GOAL_S = 1.0
DECISION_GOAL_S = 0.3
FULL_CAP_S = 60.0
#: the default sampling bot (12 deals) without its time cut, so that the match gives
#: the same figures on every machine, however busy
UNCUT = {"budget": 60.0}


def poker7_hands_per_second() -> float:
    hands = 0
    start = time.perf_counter()
    for seed in range(40):
        game = Poker7(seed=seed, players=4)
        players = [RandomPlayer(seed * 10 + seat) for seat in range(4)]
        while not game.is_over:
            game.play(players[game.to_move].choose(game))
        hands += game.hand_number
    return hands / (time.perf_counter() - start)


def bench_random(anchor: float) -> list[tuple[str, str, str]]:
    rows = []
    for players in (2, 3, 4):
        games = deals = actions = 0
        start = time.perf_counter()
        for seed in range(30):
            game = TriumfDrez(seed=seed, players=players)
            bots = [RandomPlayer(seed * 10 + seat) for seat in range(players)]
            while not game.is_over:
                game.play(bots[game.to_move].choose(game))
                actions += 1
            games += 1
            deals += game.deal_number
        seconds = time.perf_counter() - start
        rows.append((f"random matches to 50, {players} players [goal >= 0.5x]",
                     (f"{games / seconds:,.1f} games/s ({deals / seconds:,.0f} deals/s, {actions / seconds:,.0f} "
                     "actions/s)"), f"{games / seconds / anchor:.2f}x Poker7 hands/s (a deal: {deals / seconds / anchor:.2f}x)"))
    return rows


def into_play(game: TriumfDrez, rng: random.Random, cards: int) -> TriumfDrez:
    while game.phase == "bid":
        game.play(game.random_action(rng))
    for _ in range(cards):
        game.play(game.random_action(rng))
    return game


def bench_endings() -> tuple[list[tuple[str, str, str]], float]:
    rng = random.Random(2026)
    times = []
    for seed in range(20):
        game = into_play(TriumfDrez(seed=seed, players=4), rng, 32)
        deal = Deal.from_game(game, game.declarer_side())
        start = time.perf_counter()
        solve(deal)
        times.append(time.perf_counter() - start)
    worst = max(times)
    return [(f"double-dummy, 5-trick ending, 4 hands [goal <= {ENDING_GOAL_S:.0f} s]",
             f"median {statistics.median(times) * 1e3:.1f} ms, max {worst * 1e3:.1f} ms", "20 endings")], worst


def bench_full() -> list[tuple[str, str, str]]:
    rows = []
    rng = random.Random(13)
    for players, count in ((2, 10), (3, 3), (4, 3)):
        times, capped = [], 0
        for seed in range(count):
            game = into_play(TriumfDrez(seed=100 + seed, players=players), rng, 0)
            deal = Deal.from_game(game, game.declarer_side())
            start = time.perf_counter()
            try:
                solve(deal, time_limit=FULL_CAP_S)
                times.append(time.perf_counter() - start)
            except SolverTimeout:
                capped += 1
        solved = (f"median {statistics.median(times):.2f} s, max {max(times):.2f} s" if times else "none solved")
        rows.append((f"double-dummy, full 13-trick deal, {players} hands (cap {FULL_CAP_S:.0f} s)",
                     solved, f"{len(times)} of {count} solved, {capped} hit the cap"))
    return rows


def bench_decisions() -> tuple[list[tuple[str, str, str]], float]:
    rows = []
    medians = []
    for players, deals in ((2, 4), (4, 3)):
        times = []
        for seed in range(deals):
            game = TriumfDrez(seed=500 + seed, players=players, max_deals=1)
            bots = [SamplingPlayer(seed=seat) if seat % 2 == 0 else RulePlayer(seed=seat) for seat in range(players)]
            while not game.is_over:
                bot = bots[game.to_move]
                start = time.perf_counter()
                action = bot.choose(game)
                if isinstance(bot, SamplingPlayer) and game.phase == "play" and len(game.legal_actions()) > 1:
                    times.append(time.perf_counter() - start)
                game.play(action)
        median = statistics.median(times)
        medians.append(median)
        rows.append((f"sampling bot decision, {players} players [goal <= {DECISION_GOAL_S * 1e3:.0f} ms median]",
                     f"median {median * 1e3:.0f} ms, max {max(times) * 1e3:.0f} ms", f"{len(times)} decisions"))
    return rows, max(medians)


def bench_match(deals: int) -> list[tuple[str, str, str]]:
    rows = []
    start = time.perf_counter()
    results = tournament(("triumfdrez", {"players": 2, "max_deals": 1}), [("sampling", UNCUT), "rules"],
                         games=deals, seed=0)
    standing = results[results.players[0]]
    low, high = standing.interval
    rows.append((f"sampling vs rules, 2 players, {deals} seeded deals",
                 f"score {standing.rate:.3f} [95 % {low:.3f}, {high:.3f}]",
                 f"{time.perf_counter() - start:.0f} s"))
    pairs = max(1, deals // 2)
    start = time.perf_counter()
    won = 0.0
    for index in range(pairs):
        game = TriumfDrez(seed=10_000 + index, players=4, max_deals=1)
        sampling_seats = {0, 2} if index % 2 == 0 else {1, 3}
        bots = {seat: SamplingPlayer(seed=index * 4 + seat, **UNCUT) if seat in sampling_seats else RulePlayer(seed=seat)
                for seat in range(4)}
        while not game.is_over:
            game.play(bots[game.to_move].choose(game))
        won += sum(game.outcome.scores[seat] for seat in sampling_seats)
    low, high = wilson(won, pairs)
    rows.append((f"sampling pair vs rules pair, 4 players, {pairs} seeded deals",
                 f"score {won / pairs:.3f} [95 % {low:.3f}, {high:.3f}]", f"{time.perf_counter() - start:.0f} s"))
    return rows


WIDTH = 62


@dataclass(frozen=True)
class GenericTable(AttributeSnapshot):
    """TriumfDrez's undo record written in the house's one idiom, to time against its own."""

    LISTS: ClassVar[frozenset[str]] = frozenset({"points", "bids", "trick_seats", "tricks_won", "completed",
                                                 "voids", "_queue"})

    dealer: int
    deal_number: int
    points: tuple[int, ...]
    _phase: Phase
    _seat: int
    bids: tuple[tuple[int, Contract | None], ...]
    contract: Contract | None
    declarer: int | None
    _passes: int
    leader: int
    trick_seats: tuple[int, ...]
    tricks_won: tuple[int, ...]
    completed: tuple[tuple[int, int], ...]
    voids: tuple[tuple[int, ...], ...]
    result: tuple[Any, ...] | None
    _queue: tuple[int, ...]
    _outcome: Outcome | None


def random_actions_per_second(first_seed: int, games: int) -> float:
    """Random 4-player actions per second over ``games`` seeded matches."""
    actions = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        game = TriumfDrez(seed=seed, players=4)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(game.random_action(rng))
            actions += 1
    return actions / (time.perf_counter() - start)


def bench_undo_record(rounds: int = 12, games: int = 6) -> list[tuple[str, str, str]]:
    """The generic record's random-play rate over the game's own, per sandwiched round."""
    module = vars(triumfdrez_game)          # the game's _apply reads its record class from here
    own = module["_Table"]
    ratios = []
    try:
        for index in range(rounds):
            module["_Table"] = own
            before = random_actions_per_second(index * games, games)
            module["_Table"] = GenericTable
            generic = random_actions_per_second(index * games, games)
            module["_Table"] = own
            after = random_actions_per_second(index * games, games)
            ratios.append(generic / ((before + after) / 2))
    finally:
        module["_Table"] = own
    low, median, high = statistics.quantiles(ratios, n=4)
    return [("undo record: AttributeSnapshot / the game's own", f"{median:.2f}x random-play rate (median)",
             f"quartiles {low:.2f}-{high:.2f} over {rounds} rounds of {games} matches")]


def show(rows: list[tuple[str, str, str]]) -> None:
    """Print rows as soon as a part is done (the whole run takes minutes)."""
    for name, value, extra in rows:
        print(f"{name:<{WIDTH}}  {value:<52}  {extra}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="seeded deals for the bot match (2 players)")
    parser.add_argument("--record-only", action="store_true", help="only part 6, the undo record")
    arguments = parser.parse_args()
    if arguments.record_only:
        show(bench_undo_record())
        return 0
    anchor = poker7_hands_per_second()
    show([("Poker7 random hands, 4 players (anchor)", f"{anchor:,.0f} hands/s", "1.00x")])
    show(bench_random(anchor))
    ending_rows, worst_ending = bench_endings()
    show(ending_rows)
    show(bench_full())
    decision_rows, decision_median = bench_decisions()
    show(decision_rows)
    show(bench_match(arguments.deals))
    show(bench_undo_record())
    failed = []
    if worst_ending > ENDING_GOAL_S:
        failed.append("5-trick ending")
    if decision_median > DECISION_GOAL_S:
        failed.append("bot decision")
    if failed:
        print("goal missed: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
