"""SokuDrez solvers: D21's ``hint`` and ``solve``, the cover bound, and an exact IDA*.

The contract (D21): the fewest swaps, over every valid target arrangement, is a
combinatorial optimisation problem; neither ``hint`` nor ``solve`` promises it.

* :func:`hint` returns one swap ``(p, q)``, ``p < q`` row-major indices: it
  maximises first ΔD = (Dcol + Drow) before − after, then ``swap_score`` (the
  points of D22), then takes the lexicographically smallest ``(p, q)``; ``None``
  when the grid is solved.
* :func:`solve` returns a valid list of swaps that ends solved (never shorter
  than any lower bound, since it is a real solution). It plays :func:`hint`
  while hints make progress (ΔD > 0); if they stall it finishes by the
  constructive proof of §4: first it fixes the columns one swap at a time (a swap
  lowering Dcol always exists), then the rows with swaps of same-figure cards
  (which keep every column's figures), finishing with the König decomposition of
  :func:`_row_target` if no such swap helps.
* :func:`solve_optimal` is IDA* with :func:`cover_bound`; ``max_depth`` caps the
  search (``None`` if no solution that short exists).
* :func:`exact` runs a beam search and randomised greedy dives for a short
  solution, depth-first searches for a shorter one, and IDA* for the proof, under a time limit, and returns an
  :class:`ExactResult`: the best swap list found, the best *proven* lower bound and
  a ``proven`` flag that is True only when the two meet. Nothing calls a count
  optimal unless ``proven`` is True.

The cover bound (stronger than D21's, proved here)
--------------------------------------------------

Call a *column group* the cards of one figure F in one column c, and a *row
group* the cards of one number n in one row r. ``Dcol`` is the sum over column
groups of (size − 1) for groups of size ≥ 2, and ``Drow`` the same for row groups.

Lemma 1 (must move). In any solution, from a column group of size k at least
k − 1 cards end in another cell: the solved grid holds at most one card of
figure F in column c, and a card that ends where it began is still in column c.
The same holds for row groups. So the set D of cards that end in another cell
*covers* every group: it holds at least (size − 1) cards of each group. Let
``m*`` be the least size of such a cover.

Lemma 2 (cycles). A sequence of s swaps whose net effect moves exactly the
cards D is a permutation of D without fixed points; a permutation needs
(moved cards − cycles) swaps at least, and each cycle has length ≥ 2, so
s ≥ |D| − |D|/2, i.e. s ≥ ⌈|D| / 2⌉ ≥ ⌈m* / 2⌉. A swap fixes at most two
cards; a cycle of k misplaced cards needs k − 1 swaps (:func:`cycle_swaps`).

Computing m*. A card belongs to exactly one column group and one row group. A
cover needs Dcol cards counted by column groups and Drow counted by row groups;
one card can count for both only if it lies in a column group *and* a row group
of size ≥ 2. The most cards that can count twice is a maximum flow X: source →
column group (capacity size − 1) → card → row group (capacity size − 1) → sink.
So ``m* = Dcol + Drow − X``, and :func:`cover_bound` = ⌈m*/2⌉. Since X ≤ min(Dcol,
Drow), m* ≥ max(Dcol, Drow), so the cover bound is never below D21's
``max(⌈Dcol/2⌉, ⌈Drow/2⌉)`` and is above it whenever the duplicates of columns and
rows sit on different cards.

Lemma 3 (consistency, for IDA*). One swap lowers m* by at most 2: a cover after
the swap plus the two swapped cards is a cover before it (every group before the
swap, minus the two cards, lies inside a group after it). So the cover bound
drops by at most 1 per swap. Sharper: m* drops by at most the number of swapped
cards that lie in a group of size ≥ 2 (*dirty* cards): the cover after the swap,
without the clean swapped cards and with the dirty ones, is a cover before it,
because a clean card belongs to no group that needs covering. IDA* skips the
swaps that cannot bring m* within reach by this rule before computing m*.

IDA* with an admissible, consistent bound finds a shortest solution; an
iteration with threshold L that ends without a solution proves that at least
L + 1 swaps are needed, which is how :func:`exact` raises its lower bound.

The target bound (an integer program, proved here)
--------------------------------------------------

Lemma 4 (cycles of a target). A solution of s swaps ends in a solved arrangement T;
its net effect sends each card to its cell in T, a permutation σ of the 54 cells.
Let m be the cards σ moves, t its 2-cycles and c all its cycles among the moved
cards. Then s ≥ m − c (Lemma 2), and since the c − t other cycles have length
≥ 3, c ≤ t + (m − 2t)/3; so s ≥ m − t − (m − 2t)/3 = (2m − t)/3.

The program (:func:`target_bound`): binary x[i, j] (the card now in cell i ends
in cell j) with each card in one cell and each cell holding one card, each row
holding one card of each number and each column one card of each figure (so x is
exactly a solved target); binary y[p, q] ≤ x[p, q], y[p, q] ≤ x[q, p] for p < q.
Minimise 2m − Σy with m = 54 − Σ x[i, i]. The net effect of any solution is a
feasible point (its 2-cycles as y) with value 2m − t, so every solution needs at
least OPT/3 swaps, and at least ⌈B/3⌉ for any proven lower bound B on OPT (HiGHS'
dual bound when it stops at its time limit; the objective is an integer, so B is
rounded up first, after a 10⁻⁴ tolerance). Since t ≤ m/2, (2m − t)/3 ≥ m/2 ≥ m*/2:
at optimality the bound is never below the cover bound (:func:`exact` keeps the
larger of the two anyway, as HiGHS may stop early). Any feasible x is also a
solution: :func:`swaps_to` reaches its target in m − c swaps, which is how the
program also gives :func:`exact` a short solution.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from drezlab.games.sokudrez.grid import (
    CELLS,
    COL_OF,
    COLUMNS,
    PAIRS,
    ROW_OF,
    ROWS,
    Grid,
    as_grid,
    d21_bound,
    defects,
    swap_points,
    swapped,
)

__all__ = ["ExactResult", "beam_solve", "cover_bound", "cover_size", "cycle_swaps", "dive", "exact", "hint",
           "is_solution", "solve", "solve_optimal", "swaps_to", "target_bound"]

Swap = tuple[int, int]


# ---------------------------------------------------------------- counting
def _counts(grid: Sequence[int]) -> tuple[list[list[int]], list[list[int]]]:
    """Figures per column (``col[c][f]``) and numbers per row (``row[r][n]``)."""
    col = [[0] * 7 for _ in range(COLUMNS)]
    row = [[0] * 10 for _ in range(ROWS)]
    for index, code in enumerate(grid):
        col[COL_OF[index]][code // 10] += 1
        row[ROW_OF[index]][code % 10] += 1
    return col, row


def _drops(grid: Sequence[int], col: list[list[int]], row: list[list[int]],
           pairs: Sequence[Swap] = PAIRS, need_col: int = -2, need_row: int = -2) -> list[tuple[int, int, int, int]]:
    """For each swap (p, q) of ``pairs``: (ΔDcol, ΔDrow, p, q) as drops (positive = fewer
    defects), from the counts in O(1) each: a column that loses figure F and gains G gets
    one defect more if it held F once, and one fewer if it held no G. Swaps with
    ΔDcol < ``need_col`` or ΔDrow < ``need_row`` are left out (by default none is)."""
    result: list[tuple[int, int, int, int]] = []
    append = result.append
    for p, q in pairs:
        a, b = grid[p], grid[q]
        c1, c2 = COL_OF[p], COL_OF[q]
        fa, fb = a // 10, b // 10
        dc = 0
        if c1 != c2 and fa != fb:
            k1, k2 = col[c1], col[c2]
            dc = (k1[fb] == 0) - (k1[fa] == 1) + (k2[fa] == 0) - (k2[fb] == 1)
        if dc < need_col:
            continue
        r1, r2 = ROW_OF[p], ROW_OF[q]
        na, nb = a % 10, b % 10
        dr = 0
        if r1 != r2 and na != nb:
            j1, j2 = row[r1], row[r2]
            dr = (j1[nb] == 0) - (j1[na] == 1) + (j2[na] == 0) - (j2[nb] == 1)
        if dr >= need_row:
            append((dc, dr, p, q))
    return result


# ---------------------------------------------------------------- D21 hint and solve
def hint(grid: Sequence[int]) -> Swap | None:
    """D21: the swap maximising ΔD, then the points of D22, then the smallest (p, q);
    ``None`` if the grid is solved."""
    grid = as_grid(grid)
    if defects(grid) == (0, 0):
        return None
    col, row = _counts(grid)
    drops = _drops(grid, col, row)
    best_drop = max(dc + dr for dc, dr, _, _ in drops)
    best: tuple[int, int, int] | None = None
    for dc, dr, p, q in drops:
        if dc + dr == best_drop:
            points = swap_points(grid, p, q)
            if best is None or points > best[0]:
                best = (points, p, q)
    assert best is not None
    return best[1], best[2]


def solve(grid: Sequence[int]) -> list[Swap]:
    """D21: a valid list of swaps that ends solved (see the module docstring)."""
    current = list(as_grid(grid))
    swaps: list[Swap] = []
    while defects(current) != (0, 0):
        col, row = _counts(current)
        if max(dc + dr for dc, dr, _, _ in _drops(current, col, row)) <= 0:
            break
        move = hint(current)
        assert move is not None
        _apply(current, move, swaps)
    swaps += _constructive(current)
    return swaps


def _apply(grid: list[int], move: Swap, swaps: list[Swap]) -> None:
    p, q = move
    grid[p], grid[q] = grid[q], grid[p]
    swaps.append(move)


def _constructive(grid: list[int]) -> list[Swap]:
    """The proof of §4 as an algorithm: columns first (each swap lowers Dcol), then rows
    with same-figure swaps (columns stay solved). Changes ``grid`` in place."""
    swaps: list[Swap] = []
    while defects(grid)[0]:
        col, row = _counts(grid)
        best = max((dc + dr, dc, -p, -q) for dc, dr, p, q in _drops(grid, col, row) if dc > 0)
        _apply(grid, (-best[2], -best[3]), swaps)
    while defects(grid)[1]:
        col, row = _counts(grid)
        useful = [(dr, -p, -q) for dc, dr, p, q in _drops(grid, col, row)
                  if dr > 0 and grid[p] // 10 == grid[q] // 10]
        if not useful:
            swaps += _row_target(grid)
            break
        _, minus_p, minus_q = max(useful)
        _apply(grid, (-minus_p, -minus_q), swaps)
    return swaps


def _row_target(grid: list[int]) -> list[Swap]:
    """Solve the rows of a grid whose columns are solved, by same-figure swaps only.

    The rows x figures multigraph (one edge per card) is 9-regular, so by König's
    theorem it splits into 9 perfect matchings; matching k gives number k to one
    figure of each row. Matchings and numbers are paired greedily to keep as many
    cards in place as possible; then each figure's cards are permuted into their
    rows, fixing two cards per swap where a direct exchange does it."""
    multiplicity = [[0] * 7 for _ in range(ROWS)]
    row_of_card = {}
    for index, code in enumerate(grid):
        multiplicity[ROW_OF[index]][code // 10] += 1
        row_of_card[code] = ROW_OF[index]
    target_row: dict[int, int] = {}
    numbers = set(range(1, 10))
    while numbers:
        best: tuple[int, tuple[int, ...], int] | None = None
        for perm in itertools.permutations(range(1, 7)):
            if all(multiplicity[r][perm[r]] for r in range(ROWS)):
                for n in numbers:
                    kept = sum(row_of_card[10 * perm[r] + n] == r for r in range(ROWS))
                    if best is None or kept > best[0]:
                        best = (kept, perm, n)
        assert best is not None, "König's theorem guarantees a perfect matching"
        _, perm, n = best
        numbers.discard(n)
        for r in range(ROWS):
            multiplicity[r][perm[r]] -= 1
            target_row[10 * perm[r] + n] = r
    swaps: list[Swap] = []
    while True:
        wrong = [index for index, code in enumerate(grid) if target_row[code] != ROW_OF[index]]
        if not wrong:
            return swaps
        move = None
        for p in wrong:
            for q in wrong:
                if (grid[p] // 10 == grid[q] // 10 and target_row[grid[p]] == ROW_OF[q]
                        and target_row[grid[q]] == ROW_OF[p]):
                    move = (min(p, q), max(p, q))
                    break
            if move:
                break
        if move is None:
            p = wrong[0]
            q = next(q for q in wrong if grid[q] // 10 == grid[p] // 10 and ROW_OF[q] == target_row[grid[p]])
            move = (min(p, q), max(p, q))
        _apply(grid, move, swaps)


def is_solution(grid: Sequence[int], swaps: Sequence[Swap]) -> bool:
    """Do ``swaps``, applied in order, solve ``grid``?"""
    current = list(as_grid(grid))
    for p, q in swaps:
        current[p], current[q] = current[q], current[p]
    return defects(current) == (0, 0)


# ---------------------------------------------------------------- the cover bound
def cover_size(grid: Sequence[int]) -> int:
    """m*: the fewest cards that must end in another cell (module docstring, Lemma 1):
    ``Dcol + Drow − X`` with X the maximum flow of cards counting for a column group
    and a row group at once."""
    col, row = _counts(grid)
    return _cover_from_counts(grid, col, row)


def _cover_from_counts(grid: Sequence[int], col: list[list[int]], row: list[list[int]]) -> int:
    """:func:`cover_size` from the counts of :func:`_counts` (the search keeps them up to date)."""
    dcol = 0
    for counts in col:
        for k in counts:
            if k > 1:
                dcol += k - 1
    drow = 0
    for counts in row:
        for k in counts:
            if k > 1:
                drow += k - 1
    left_cap: dict[int, int] = {}
    right_cap: dict[int, int] = {}
    edges: list[tuple[int, int]] = []
    for index, code in enumerate(grid):
        f, n = code // 10, code % 10
        kc = col[COL_OF[index]][f]
        if kc > 1:
            kr = row[ROW_OF[index]][n]
            if kr > 1:
                u, v = COL_OF[index] * 7 + f, ROW_OF[index] * 10 + n
                left_cap[u] = kc - 1
                right_cap[v] = kr - 1
                edges.append((u, v))
    if not edges:
        return dcol + drow
    return dcol + drow - _b_matching(edges, left_cap, right_cap)


def _b_matching(edges: list[tuple[int, int]], left_cap: dict[int, int], right_cap: dict[int, int]) -> int:
    """The most edges that can be chosen with each left node ``u`` in at most
    ``left_cap[u]`` of them and each right node ``v`` in at most ``right_cap[v]`` (a
    maximum flow): chosen greedily, then improved by augmenting paths that start at a
    left node with room, alternate unchosen and chosen edges, and end at a right node
    with room (each path adds one edge)."""
    left = dict(left_cap)
    right = dict(right_cap)
    chosen = [False] * len(edges)
    flow = 0
    for index, (u, v) in enumerate(edges):
        if left[u] and right[v]:
            chosen[index] = True
            left[u] -= 1
            right[v] -= 1
            flow += 1
    while True:
        starts = [u for u, free in left.items() if free]
        if not starts:
            return flow
        came: dict[tuple[int, int], tuple[tuple[int, int], int] | None] = {(0, u): None for u in starts}
        queue = [(0, u) for u in starts]
        end = None
        for kind, node in queue:
            for index, (u, v) in enumerate(edges):
                if kind == 0 and u == node and not chosen[index] and (1, v) not in came:
                    came[(1, v)] = ((kind, node), index)
                    if right[v]:
                        end = (1, v)
                        break
                    queue.append((1, v))
                elif kind == 1 and v == node and chosen[index] and (0, u) not in came:
                    came[(0, u)] = ((kind, node), index)
                    queue.append((0, u))
            if end is not None:
                break
        if end is None:
            return flow
        right[end[1]] -= 1
        step = came[end]
        while step is not None:
            previous, index = step
            chosen[index] = not chosen[index]
            if came[previous] is None:
                left[previous[1]] -= 1
            step = came[previous]
        flow += 1


def cover_bound(grid: Sequence[int]) -> int:
    """⌈m*/2⌉: an admissible lower bound on the swaps left, never below D21's (proof in
    the module docstring)."""
    return (cover_size(grid) + 1) // 2


def cycle_swaps(start: Sequence[int], target: Sequence[int]) -> int:
    """The fewest swaps turning ``start`` into the one arrangement ``target``: misplaced
    cards − cycles among them (a swap fixes at most two cards; a cycle of k misplaced
    cards needs k − 1 swaps)."""
    where = {code: index for index, code in enumerate(start)}
    seen = [False] * CELLS
    swaps = 0
    for index in range(CELLS):
        if seen[index]:
            continue
        length = 0
        cell = index
        while not seen[cell]:
            seen[cell] = True
            cell = where[target[cell]]
            length += 1
        swaps += length - 1
    return swaps


# ---------------------------------------------------------------- the target bound
def swaps_to(start: Sequence[int], target: Sequence[int]) -> list[Swap]:
    """Swaps turning ``start`` into the arrangement ``target`` (the same 54 cards), one
    per misplaced card but one per cycle: :func:`cycle_swaps` of them, the fewest."""
    grid = list(start)
    where = {code: index for index, code in enumerate(grid)}
    swaps: list[Swap] = []
    for p in range(CELLS):
        while grid[p] != target[p]:
            q = where[target[p]]
            grid[p], grid[q] = grid[q], grid[p]
            where[grid[p]], where[grid[q]] = p, q
            swaps.append((min(p, q), max(p, q)))
    return swaps


def _target_program(grid: Sequence[int]) -> tuple[Any, Any, int]:
    """The integer program of Lemma 4 (module docstring) for ``grid``: (objective, the
    constraints, the number of x variables); x[i, j] is variable ``i * 54 + j`` and the
    y of the k-th pair of :data:`PAIRS` is variable ``54 * 54 + k``."""
    import numpy as np
    from scipy.optimize import LinearConstraint
    from scipy.sparse import coo_matrix

    n = CELLS
    size_x = n * n
    rows: list[int] = []
    cols: list[int] = []
    vals: list[float] = []
    lower: list[float] = []
    upper: list[float] = []

    def add(variables: Sequence[int], weights: Sequence[float] | None, low: float, high: float) -> None:
        index = len(lower)
        rows.extend([index] * len(variables))
        cols.extend(variables)
        vals.extend(weights if weights is not None else [1.0] * len(variables))
        lower.append(low)
        upper.append(high)

    for i in range(n):                                   # each card ends in one cell
        add([i * n + j for j in range(n)], None, 1, 1)
    for j in range(n):                                   # each cell holds one card
        add([i * n + j for i in range(n)], None, 1, 1)
    for r in range(ROWS):                                # each row: one card of each number
        for number in range(1, 10):
            add([i * n + j for i in range(n) if grid[i] % 10 == number
                 for j in range(r * COLUMNS, (r + 1) * COLUMNS)], None, 1, 1)
    for c in range(COLUMNS):                             # each column: one card of each figure
        for figure in range(1, 7):
            add([i * n + j for i in range(n) if grid[i] // 10 == figure
                 for j in range(c, n, COLUMNS)], None, 1, 1)
    for k, (p, q) in enumerate(PAIRS):                   # y[p, q] <= x[p, q] and <= x[q, p]
        add([size_x + k, p * n + q], [1.0, -1.0], -np.inf, 0)
        add([size_x + k, q * n + p], [1.0, -1.0], -np.inf, 0)
    total = size_x + len(PAIRS)
    matrix = coo_matrix((vals, (rows, cols)), shape=(len(lower), total)).tocsr()
    objective = np.zeros(total)                          # 2m - Σy = 108 - 2 Σ x[i, i] - Σy
    objective[[i * n + i for i in range(n)]] = -2.0
    objective[size_x:] = -1.0
    return objective, LinearConstraint(matrix, lower, upper), size_x


def target_bound(grid: Sequence[int], time_limit: float = 5.0) -> tuple[int, Grid | None]:
    """Lemma 4 (module docstring): (a proven lower bound on the swaps that solve ``grid``,
    a solved arrangement found by the program or None). The program is solved by
    ``scipy.optimize.milp`` (HiGHS) within ``time_limit`` seconds (counted from the call, so
    the first import of scipy takes its share; HiGHS itself may overrun its limit by a few
    tenths of a second); when it stops early
    the bound comes from HiGHS' dual bound, so it is proven but may be weaker (it is
    never below 0). ``swaps_to(grid, target)`` reaches the arrangement returned."""
    import math

    began = time.perf_counter()
    import numpy as np
    from scipy.optimize import Bounds, milp

    start = as_grid(grid)
    if defects(start) == (0, 0):
        return 0, start
    objective, constraints, size_x = _target_program(start)
    seconds_left = max(0.05, time_limit - (time.perf_counter() - began))     # scipy's first import counts
    result = milp(objective, constraints=constraints, integrality=np.ones(len(objective)),
                  bounds=Bounds(0, 1), options={"time_limit": seconds_left, "mip_rel_gap": 0.0})
    dual = getattr(result, "mip_dual_bound", None)            # never the incumbent: only B is proven
    bound = 0
    if dual is not None and math.isfinite(dual):
        value = math.ceil(2 * CELLS + dual - 1e-4)       # an integer objective: round B up
        bound = max(0, -(-value // 3))
    target: Grid | None = None
    if result.x is not None:
        x = np.asarray(result.x[:size_x]).reshape(CELLS, CELLS)
        cells = [int(j) for j in np.argmax(x, axis=1)]
        if sorted(cells) == list(range(CELLS)) and all(x[i, cells[i]] > 0.5 for i in range(CELLS)):
            arranged = [0] * CELLS
            for i, j in enumerate(cells):
                arranged[j] = start[i]
            if defects(arranged) == (0, 0):
                target = tuple(arranged)
    return bound, target


# ---------------------------------------------------------------- beam search
def beam_solve(grid: Sequence[int], width: int = 12, deadline: float | None = None) -> list[Swap]:
    """A short solution by beam search: each level keeps the ``width`` grids with the
    smallest (swaps so far + cover bound, Dcol + Drow), chosen among the children with
    the largest ΔD; the best of it and :func:`solve` is returned (always a solution)."""
    start = as_grid(grid)
    best = solve(start)
    level: list[tuple[Grid, tuple[Swap, ...]]] = [(start, ())]
    seen = {start}
    depth = 0
    while level and depth + 1 < len(best):
        if deadline is not None and time.perf_counter() > deadline:
            break
        depth += 1
        scored = []
        for state, path in level:
            if deadline is not None and time.perf_counter() > deadline:
                break
            col, row = _counts(state)
            total = sum(defects(state))
            drops = sorted(_drops(state, col, row), key=lambda item: -(item[0] + item[1]))[:4 * width]
            for dc, dr, p, q in drops:
                child = swapped(state, p, q)
                if child in seen:
                    continue
                seen.add(child)
                scored.append((cover_bound(child), total - dc - dr, child, path + ((p, q),)))
        scored.sort(key=lambda item: (item[0], item[1]))
        level = []
        for bound, remaining, child, path in scored[:width]:
            if remaining == 0:
                if len(path) < len(best):
                    best = list(path)
                continue
            if depth + bound < len(best):
                level.append((child, path))
    return best


# ---------------------------------------------------------------- greedy dives
def dive(grid: Sequence[int], rng: random.Random, limit: int = 40,
         deadline: float | None = None) -> list[Swap] | None:
    """One randomised greedy descent on the cover size m*: each step takes a swap that
    lowers m* by 2 if there is one (both cards dirty), else by 1, else the swap with the
    largest ΔD among those keeping m*; ties are broken at random. Returns the swaps if the
    grid is solved within ``limit`` steps, else None. Many dives from different random
    choices find shorter solutions than one beam search in the same time. Past ``deadline``
    (a ``time.perf_counter()`` value) the dive gives up and returns None."""
    search = _Search(list(as_grid(grid)), deadline)
    size = cover_size(search.grid)
    path: list[Swap] = []
    try:
        while size > 0 and len(path) < limit:
            size = _dive_step(search, size, rng, path)
    except _OutOfTime:
        return None
    return path if size == 0 else None


def _dive_step(search: _Search, size: int, rng: random.Random, path: list[Swap]) -> int:
    """One step of :func:`dive` from a grid of cover size ``size``: the chosen swap is made on
    ``search`` and appended to ``path``; returns the new cover size, or -1 when no swap
    qualifies (the dive fails)."""
    grid_now, col, row = search.grid, search.col, search.row
    dirty = [col[COL_OF[i]][code // 10] > 1 or row[ROW_OF[i]][code % 10] > 1 for i, code in enumerate(grid_now)]
    options: list[tuple[int, int, int, int]] = []
    for need in (2, 1, 0):
        candidates = [move for move in _candidates(grid_now, col, row, dirty, -2, -2, need)
                      if move[0] + move[1] >= (1 if need else 0)]
        if not need:
            candidates = sorted(candidates, key=lambda move: -(move[0] + move[1]))[:80]
        for tried, (dc, dr, p, q) in enumerate(candidates):
            if tried % CLOCK_EVERY == 0:
                search.check_clock()
            search.swap(p, q)
            child = _cover_from_counts(grid_now, col, row)
            search.swap(p, q)
            if child <= size - need and (child < size or not need):
                options.append((child, dc + dr, p, q))
        if options:
            break
    if not options:
        return -1
    lowest = min(option[0] for option in options)
    options = [option for option in options if option[0] == lowest]
    if rng.random() < 0.5:
        most = max(option[1] for option in options)
        options = [option for option in options if option[1] == most]
    chosen, _, p, q = options[rng.randrange(len(options))]
    search.swap(p, q)
    path.append((p, q))
    return chosen


# ---------------------------------------------------------------- exact search
#: the searches look at the clock every node and every this many children weighed: a
#: node of IDA* weighs up to 1,431 swaps by their cover size (about a millisecond each),
#: so looking once every 16 nodes let a 2 s cap run 9 s (issue 24)
CLOCK_EVERY = 32
#: the least share of :func:`exact`'s time (45 % of it) worth giving the integer program by
#: default: given 0.9 s, HiGHS proved no bound on any of four deals (seeds 0-3) and ran
#: 1.1-1.3 s, so a smaller cap skips the program (``program=True`` still forces it)
MIN_PROGRAM_SECONDS = 1.0


class _OutOfTime(Exception):
    """The time limit of an exact search ran out."""


@dataclass
class _Search:
    """One IDA* run: the grid being searched and its counts (changed in place and
    restored), the transposition table of the current iteration, and counters."""

    grid: list[int]
    deadline: float | None
    node_limit: int | None = None
    nodes: int = 0
    table: dict[Grid, int] = field(default_factory=dict)
    path: list[Swap] = field(default_factory=list)
    col: list[list[int]] = field(default_factory=list)
    row: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.col, self.row = _counts(self.grid)

    def swap(self, p: int, q: int) -> None:
        """Swap cells ``p`` and ``q``, keeping the counts up to date (its own inverse)."""
        grid, col, row = self.grid, self.col, self.row
        a, b = grid[p], grid[q]
        c1, c2, r1, r2 = COL_OF[p], COL_OF[q], ROW_OF[p], ROW_OF[q]
        col[c1][a // 10] -= 1
        col[c1][b // 10] += 1
        col[c2][b // 10] -= 1
        col[c2][a // 10] += 1
        row[r1][a % 10] -= 1
        row[r1][b % 10] += 1
        row[r2][b % 10] -= 1
        row[r2][a % 10] += 1
        grid[p], grid[q] = b, a

    def check_clock(self) -> None:
        """Raise :class:`_OutOfTime` once the deadline has passed."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfTime

    def dfs(self, g: int, m: int, threshold: int) -> bool:
        """Search below the current grid, ``g`` swaps deep, whose cover size is ``m``
        (m = 0 means solved, since m* >= max(Dcol, Drow))."""
        if m == 0:
            return True
        grid, col, row = self.grid, self.col, self.row
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _OutOfTime
        self.check_clock()
        key = tuple(grid)
        if self.table.get(key, threshold + 1) <= g:
            return False
        self.table[key] = g
        budget = threshold - g - 1
        dcol = sum(k - 1 for counts in col for k in counts if k > 1)
        drow = sum(k - 1 for counts in row for k in counts if k > 1)
        dirty = [col[COL_OF[i]][code // 10] > 1 or row[ROW_OF[i]][code % 10] > 1 for i, code in enumerate(grid)]
        children = []
        for tried, (dc, dr, p, q) in enumerate(_candidates(grid, col, row, dirty, dcol - 2 * budget,
                                                           drow - 2 * budget, m - 2 * budget)):
            if tried % CLOCK_EVERY == 0:
                self.check_clock()
            self.swap(p, q)
            child_size = _cover_from_counts(grid, col, row)
            self.swap(p, q)
            if child_size <= 2 * budget:
                children.append((child_size, -(dc + dr), p, q))
        children.sort()
        for child_size, _, p, q in children:
            self.swap(p, q)
            self.path.append((p, q))
            if self.dfs(g + 1, child_size, threshold):
                self.swap(p, q)
                return True
            self.path.pop()
            self.swap(p, q)
        return False


def _candidates(grid: list[int], col: list[list[int]], row: list[list[int]], dirty: list[bool],
                need_col: int, need_row: int, need_dirty: int) -> list[tuple[int, int, int, int]]:
    """The swaps (ΔDcol, ΔDrow, p, q) that can still lead to a solution within the budget:
    ΔDcol >= ``need_col`` and ΔDrow >= ``need_row`` (D21's bound after the swap must fit),
    and at least ``need_dirty`` of the two cards dirty (Lemma 3: m* falls by at most the
    number of dirty cards swapped). Pairs are enumerated from the dirty cells when the
    budget demands dirty cards, so hopeless pairs are never looked at."""
    dirty_cells = [index for index in range(CELLS) if dirty[index]]
    if need_dirty >= 3:
        return []
    if need_dirty == 2:
        pairs: Sequence[Swap] = [(p, q) for i, p in enumerate(dirty_cells) for q in dirty_cells[i + 1:]]
    elif need_dirty == 1:
        pairs = [(min(p, q), max(p, q)) for p in dirty_cells for q in range(CELLS)
                 if q != p and not (dirty[q] and q < p)]
    else:
        pairs = PAIRS
    return _drops(grid, col, row, pairs, need_col, need_row)


def _ida(grid: Grid, first: int, last: int, deadline: float | None,
         node_limit: int | None = None) -> tuple[list[Swap] | None, int, int]:
    """IDA* thresholds ``first`` .. ``last``: (a shortest solution of at most ``last`` swaps
    or None, the proven lower bound, nodes searched). Stops at ``deadline`` or after
    ``node_limit`` nodes."""
    search = _Search(list(grid), deadline, node_limit)
    proven = first
    threshold = first
    try:
        while threshold <= last:
            search.table.clear()
            if search.dfs(0, cover_size(grid), threshold):
                return list(search.path), threshold, search.nodes
            threshold += 1
            proven = threshold
    except _OutOfTime:
        pass
    return None, proven, search.nodes


def _improve(grid: Grid, threshold: int, deadline: float | None,
             node_limit: int | None) -> tuple[list[Swap] | None, bool, int]:
    """One depth-first search for a solution of at most ``threshold`` swaps (children in
    order of their cover size): (the solution or None, whether the search was complete,
    nodes). A complete search without a solution proves more than ``threshold`` swaps
    are needed."""
    search = _Search(list(grid), deadline, node_limit)
    try:
        if search.dfs(0, cover_size(grid), threshold):
            return list(search.path), True, search.nodes
        return None, True, search.nodes
    except _OutOfTime:
        return None, False, search.nodes


def solve_optimal(grid: Sequence[int], max_depth: int) -> list[Swap] | None:
    """D21: a shortest solution by IDA* with :func:`cover_bound` (so it is optimal), or
    ``None`` if every solution needs more than ``max_depth`` swaps. Meant for tests and
    near-solved grids: the search grows quickly with the depth."""
    start = as_grid(grid)
    if defects(start) == (0, 0):
        return []
    found, _, _ = _ida(start, cover_bound(start), max_depth, None)
    return found


@dataclass(frozen=True)
class ExactResult:
    """What :func:`exact` found: ``swaps`` (the best solution found), ``lower_bound`` (the
    best *proven* lower bound), ``proven`` (True only when ``len(swaps) == lower_bound``),
    the root bounds ``d21`` and ``cover``, ``seconds`` and IDA* ``nodes``."""

    swaps: tuple[Swap, ...]
    lower_bound: int
    proven: bool
    d21: int
    cover: int
    seconds: float
    nodes: int

    @property
    def best(self) -> int:
        """The fewest swaps found."""
        return len(self.swaps)

    @property
    def gap(self) -> int:
        """Found − proven lower bound (0 = proven optimal)."""
        return len(self.swaps) - self.lower_bound


def exact(grid: Sequence[int], time_limit: float = 60.0, beam_width: int = 12,
          node_limit: int | None = None, dives: int | None = None,
          program: bool | None = None) -> ExactResult:
    """The best solution found and the best lower bound proven within ``time_limit``
    seconds, in five steps: the integer program of Lemma 4, :func:`target_bound` (at most
    45 % of the time), whose proven bound replaces the cover bound when larger and whose
    target, reached by :func:`swaps_to`, replaces the beam's solution when shorter; a
    beam search for a short solution (at most a tenth of the time, a fifth without the
    program); randomised greedy :func:`dive` s (until 60 % of the time, or exactly
    ``dives`` of them); depth-first searches for a solution one swap shorter than the
    best so far (until 80 % of the time: a complete search without one proves the best
    optimal); then IDA* from the
    best proven bound upwards for the rest, where each iteration that ends without a
    solution proves one more swap is needed. ``proven`` is True only when the found
    count and the proven bound meet.

    ``node_limit`` (searched nodes) and ``dives`` make the result independent of the
    machine's speed (with a time limit that is not reached), which is what a lesson
    stored with its outputs needs; the integer program stops on the clock, so it runs
    only when ``program`` is True, or when ``program`` is None (the default), no
    ``node_limit`` is given and its share is at least :data:`MIN_PROGRAM_SECONDS`. The
    dives use a generator seeded with 0.

    The time limit holds: every step stops at its share of the clock, the searches look
    at it every node and every :data:`CLOCK_EVERY` swaps weighed, so ``exact`` returns
    within a few tenths of a second after ``time_limit`` (HiGHS' own overrun, D21's
    ``solve`` that starts the beam, and scipy's first import are the rest)."""
    start = as_grid(grid)
    began = time.perf_counter()
    end = began + time_limit
    d21, cover = d21_bound(start), cover_bound(start)
    if defects(start) == (0, 0):
        return ExactResult((), 0, True, 0, 0, 0.0, 0)
    lower = cover
    from_program: list[Swap] | None = None
    beam_seconds = time_limit / 5
    if program is True or (program is None and node_limit is None and time_limit * 0.45 >= MIN_PROGRAM_SECONDS):
        bound, target = target_bound(start, began + time_limit * 0.45 - time.perf_counter())
        lower = max(lower, bound)
        if target is not None:
            from_program = swaps_to(start, target)
        beam_seconds = time_limit / 10
    best = beam_solve(start, beam_width, min(time.perf_counter() + beam_seconds, end))
    if from_program is not None and len(from_program) < len(best):
        best = from_program
    rng = random.Random(0)
    made = 0
    while len(best) > lower and (made < dives if dives is not None
                                 else time.perf_counter() < began + time_limit * 0.6):
        found = dive(start, rng, len(best) - 1, end if dives is not None else began + time_limit * 0.6)
        made += 1
        if found is not None and len(found) < len(best):
            best = found
    nodes = 0
    improving = True
    while improving and len(best) > lower and time.perf_counter() < began + time_limit * 0.8:
        found, complete, searched = _improve(start, len(best) - 1, began + time_limit * 0.8,
                                             None if node_limit is None else max(0, node_limit - nodes))
        nodes += searched
        improving = found is not None
        if found is not None:
            best = found
        elif complete:
            lower = len(best)
    if len(best) > lower and time.perf_counter() < end:
        found, lower, searched = _ida(start, lower, len(best) - 1, end,
                                      None if node_limit is None else max(0, node_limit - nodes))
        nodes += searched
        if found is not None:
            best, lower = found, len(found)
        elif lower >= len(best):
            lower = len(best)
    seconds = time.perf_counter() - began
    return ExactResult(tuple(best), lower, len(best) == lower, d21, cover, seconds, nodes)
