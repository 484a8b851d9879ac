"""Pairing systems and standings for a class's rounds, as plain functions (no server).

Players are any hashable keys (the class server uses pupil ids); a pairing is a list of
``(first seat, second seat)`` pairs and at most one bye.

* :func:`random_pairs` -- pairs drawn by lot; in an odd class the bye goes by lot to one of
  those with the fewest byes so far.
* :func:`berger_round` -- round robin by the Berger tables (FIDE's): with ``n`` players
  (one more, the dummy, when ``n`` is odd: meeting it is the bye), round ``r`` of ``n - 1``;
  every pair meets exactly once in a cycle, and a second cycle swaps the seats.
* :func:`swiss_pairs` -- by score: a maximum-weight matching (networkx's
  ``max_weight_matching``, Edmonds' blossom algorithm, exact with integer weights) over the
  pairs that have not met, each weighted to prefer close scores (the squared difference
  of half-points is subtracted); repeated pairs are left out of the graph. Only when no
  complete matching without repeats exists are repeats allowed, as few as possible, and
  named in the result. The bye goes to the lowest-ranked player without a bye yet (the
  next one up when that would force a repeat; nobody has a second bye while another
  player has none).
* :func:`standings` -- points (win 1, draw 0.5, loss 0, a bye as given), then the
  tie-breaks Buchholz (the sum of the opponents' points) and Sonneborn-Berger (the
  opponents' points weighted by one's own score against them), then the name.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

#: a player's key: any hashable value (the class server uses pupil ids)
Player = Any

__all__ = ["Pairing", "Played", "berger_round", "berger_rounds", "random_pairs", "standings", "swiss_pairs"]


@dataclass
class Pairing:
    """A round's pairs (first seat, second seat), its bye, and any pair that meets again."""

    pairs: list[tuple[Player, Player]]
    bye: Player | None = None
    repeats: list[tuple[Player, Player]] = field(default_factory=list)


@dataclass(frozen=True)
class Played:
    """One game of a round: the players in seat order and the first seat's score (1, 0.5
    or 0), ``None`` while the game is not over."""

    first: Player
    second: Player
    score: float | None = None


# ----------------------------------------------------------------------- random
def random_pairs(players: Sequence[Player], rng: random.Random,
                 byes: Counter[Player] | None = None) -> Pairing:
    """Pairs by lot; with an odd number the bye goes by lot to one of those with the
    fewest byes so far (``byes`` counts them)."""
    order = list(players)
    rng.shuffle(order)
    bye = None
    if len(order) % 2:
        had = byes or Counter()
        fewest = min(had[player] for player in order)
        bye = next(player for player in order if had[player] == fewest)
        order.remove(bye)
    return Pairing([(order[index], order[index + 1]) for index in range(0, len(order), 2)], bye)


# ------------------------------------------------------------------ round robin
def berger_rounds(count: int) -> int:
    """How many rounds a round robin of ``count`` players has (a cycle)."""
    return count - 1 if count % 2 == 0 else count


def berger_round(players: Sequence[Player], index: int) -> Pairing:
    """Round ``index`` (0 = the first; past the last round a new cycle begins with the
    seats swapped) of the Berger tables for ``players`` in their drawn order (player 1 is
    ``players[0]``). With an odd number, a dummy is the last number and meeting it is
    the bye.

    The FIDE tables: with ``n`` even, in round ``r`` (1-based) player ``n`` meets
    ``c = ((r - 1) * n / 2) mod (n - 1) + 1``, with the second seat in odd rounds and the
    first in even ones; on the other boards ``c + k`` (first seat) meets ``c - k``, numbers
    taken mod ``n - 1`` in 1..n-1 (for ``n = 4``: 1-4 2-3 / 4-3 1-2 / 2-4 3-1).
    """
    if len(players) < 2:
        raise ValueError("a round robin needs at least two players")
    numbered: list[Player | None] = list(players)
    if len(numbered) % 2:
        numbered.append(None)       # the dummy: whoever meets it has the bye
    n = len(numbered)
    cycle, r = divmod(index, n - 1)
    r += 1

    def player(number: int) -> Player | None:
        return numbered[number - 1]

    def wrap(number: int) -> int:
        return (number - 1) % (n - 1) + 1

    c = ((r - 1) * (n // 2)) % (n - 1) + 1
    boards: list[tuple[int, int]] = [(n, c) if r % 2 == 0 else (c, n)]
    boards += [(wrap(c + k), wrap(c - k)) for k in range(1, n // 2)]
    pairs: list[tuple[Player, Player]] = []
    bye = None
    for first, second in boards:
        a, b = player(first), player(second)
        if a is None or b is None:
            bye = b if a is None else a
            continue
        pairs.append((b, a) if cycle % 2 else (a, b))
    return Pairing(pairs, bye)


# ------------------------------------------------------------------------ swiss
def _half_points(points: float) -> int:
    return round(points * 2)


def _matching(players: Sequence[Player], points: dict[Player, float], met: Counter[frozenset[Any]],
              repeats: bool, rng: random.Random) -> list[tuple[Player, Player]] | None:
    """A complete matching of ``players`` preferring close scores: without pairs that
    have met (``None`` if there is none), or with as few repeats as possible."""
    import networkx as nx  # the class extra; imported only when a Swiss round is paired

    if not players:
        return []
    half = {player: _half_points(points.get(player, 0.0)) for player in players}
    spread = (max(half.values()) - min(half.values())) ** 2
    # every weight is positive; one repeat fewer outweighs any sum of score differences
    repeat_cost = spread * len(players) + 1
    most_met = max((met[frozenset(pair)] for pair in _all_pairs(players)), default=0)
    base = repeat_cost * most_met + spread + 1
    graph: Any = nx.Graph()
    order = list(players)
    rng.shuffle(order)              # among equal scores (a first round), pairs by lot
    graph.add_nodes_from(order)
    for a, b in _all_pairs(order):
        times = met[frozenset((a, b))]
        if times and not repeats:
            continue
        graph.add_edge(a, b, weight=base - (half[a] - half[b]) ** 2 - repeat_cost * times)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(players):
        return None
    return [tuple(pair) for pair in matching]


def _all_pairs(players: Sequence[Player]) -> Iterable[tuple[Player, Player]]:
    for index, a in enumerate(players):
        for b in players[index + 1:]:
            yield a, b


def swiss_pairs(ranked: Sequence[Player], points: dict[Player, float], met: Counter[frozenset[Any]],
                byes: Counter[Player] | None = None, seats: dict[Player, list[int]] | None = None,
                rng: random.Random | None = None) -> Pairing:
    """A Swiss round for ``ranked`` (best first; see :func:`standings`): players with
    close ``points`` meet, pairs counted in ``met`` (``frozenset({a, b})``: times met) do
    not meet again unless nothing else is possible (then :attr:`Pairing.repeats` names
    them). ``byes`` counts earlier byes; ``seats`` lists each player's earlier seats
    (0 or 1), so that the first seat alternates."""
    rng = rng or random.Random()
    had = byes or Counter()
    history = seats or {}
    players = list(ranked)
    candidates: list[Player | None] = [None]
    if len(players) % 2:
        # nobody has a second bye while another has none: among those with the fewest
        # byes, the lowest-ranked first
        fewest = min(had[player] for player in players)
        candidates = [player for player in reversed(players) if had[player] == fewest]
    chosen: tuple[Player | None, list[tuple[Player, Player]]] | None = None
    repeated = False
    for bye in candidates:
        rest = [player for player in players if player != bye]
        pairs = _matching(rest, points, met, repeats=False, rng=random.Random(rng.random()))
        if pairs is not None:
            chosen = (bye, pairs)
            break
    if chosen is None:
        bye = candidates[0]
        rest = [player for player in players if player != bye]
        pairs = _matching(rest, points, met, repeats=True, rng=random.Random(rng.random()))
        assert pairs is not None    # a complete graph on an even number of players always has one
        chosen = (bye, pairs)
        repeated = True
    bye, pairs = chosen
    rank = {player: index for index, player in enumerate(players)}
    ordered = [_seat_order(a, b, history, rank, rng) for a, b in pairs]
    ordered.sort(key=lambda pair: min(rank[pair[0]], rank[pair[1]]))     # board 1: the leaders
    repeats = [pair for pair in ordered if met[frozenset(pair)]] if repeated else []
    return Pairing(ordered, bye, repeats)


def _seat_order(a: Player, b: Player, seats: dict[Player, list[int]], rank: dict[Player, int],
                rng: random.Random) -> tuple[Player, Player]:
    """Who takes the first seat: the one who had it less often; then the one who had the
    second seat last time; then by lot."""
    def balance(player: Player) -> int:
        history = seats.get(player, [])
        return history.count(0) - history.count(1)
    if balance(a) != balance(b):
        return (a, b) if balance(a) < balance(b) else (b, a)
    last_a, last_b = seats.get(a, [])[-1:], seats.get(b, [])[-1:]
    if last_a != last_b:
        return (a, b) if last_a == [1] or last_b == [0] else (b, a)
    return (a, b) if rng.random() < 0.5 else (b, a)


# --------------------------------------------------------------------- standings
def standings(names: dict[Player, str], games: Iterable[Played],
              byes: Iterable[tuple[Player, float]] = ()) -> list[dict[str, Any]]:
    """The table of points of ``names`` (every player listed, best first): one row per
    player with ``rank``, ``name``, ``points``, ``buchholz``, ``sonneborn_berger``,
    ``played``, ``wins``, ``draws``, ``losses``, ``byes`` (and ``key``, the player's
    key). Only finished games count; a bye counts its points and nothing else."""
    points: dict[Player, float] = {player: 0.0 for player in names}
    count = {player: Counter[str]() for player in names}
    results: dict[Player, list[tuple[Player, float]]] = {player: [] for player in names}
    for game in games:
        if game.score is None or game.first not in names or game.second not in names:
            continue
        for me, other, score in ((game.first, game.second, game.score), (game.second, game.first, 1 - game.score)):
            points[me] += score
            results[me].append((other, score))
            count[me]["played"] += 1
            count[me]["wins" if score == 1 else "losses" if score == 0 else "draws"] += 1
    for player, value in byes:
        if player in names:
            points[player] += value
            count[player]["byes"] += 1
    rows = []
    for player, name in names.items():
        buchholz = sum((points[other] for other, _ in results[player]), 0.0)
        berger = sum((points[other] * score for other, score in results[player]), 0.0)
        rows.append({"key": player, "name": name, "points": points[player], "buchholz": buchholz,
                     "sonneborn_berger": berger, "played": count[player]["played"],
                     "wins": count[player]["wins"], "draws": count[player]["draws"],
                     "losses": count[player]["losses"], "byes": count[player]["byes"]})
    rows.sort(key=lambda row: (-row["points"], -row["buchholz"], -row["sonneborn_berger"],
                               row["name"].casefold(), row["name"]))
    for index, row in enumerate(rows, 1):
        row["rank"] = index
    return [{"rank": row.pop("rank"), **row} for row in rows]
