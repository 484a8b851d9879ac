"""SokuDrez grid arithmetic: cells, defects and the points of a swap (§4, D22).

Everything here works on a *grid*: a tuple of 54 card codes in row-major order,
cell ``(r, c)`` at index ``r * 9 + c`` (D20). A card code is
``10 * figure + number`` (figure 1 pawn ... 6 joker, number 1-9), so
``code // 10`` is the figure and ``code % 10`` the number (= colour, §0.1).
Small integers keep the solver fast; :func:`as_grid` turns cards or card ids
into a grid and :func:`card_id` turns a code back into an id such as ``N7``.

- ``Dcol = Σ_columns (6 − distinct figures)`` and ``Drow = Σ_rows (9 − distinct
  numbers)``; the grid is solved exactly when both are 0 (§4).
- :func:`swap_points` lists which of the 8 criteria of the 2-player scoring a
  swap meets, judged on the grid before the swap, with D22's guard.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from drezlab.core.cards import Card, CardLike, Figure, as_card

ROWS, COLUMNS = 6, 9
CELLS = ROWS * COLUMNS
Grid = tuple[int, ...]

#: every swap (p, q) with p < q, in lexicographic order (the D21 tie-break order)
PAIRS: tuple[tuple[int, int], ...] = tuple((p, q) for p in range(CELLS) for q in range(p + 1, CELLS))
#: the row and the column of each cell
ROW_OF: tuple[int, ...] = tuple(index // COLUMNS for index in range(CELLS))
COL_OF: tuple[int, ...] = tuple(index % COLUMNS for index in range(CELLS))
#: the cells of each row and of each column
ROW_CELLS: tuple[tuple[int, ...], ...] = tuple(tuple(r * COLUMNS + c for c in range(COLUMNS)) for r in range(ROWS))
COL_CELLS: tuple[tuple[int, ...], ...] = tuple(tuple(r * COLUMNS + c for r in range(ROWS)) for c in range(COLUMNS))
#: the solved grid of AC-SK-1: row r holds figure ``JQRBNP[r]``, column c number c + 1
SOLVED_EXAMPLE: Grid = tuple(10 * int(Figure.from_letter("JQRBNP"[r])) + c + 1
                             for r in range(ROWS) for c in range(COLUMNS))
#: every card code of the 54 figure cards (the two neutral cards are removed, §0.2)
ALL_CODES: frozenset[int] = frozenset(10 * figure + number for figure in range(1, 7) for number in range(1, 10))


def code_of(card: CardLike) -> int:
    """The code ``10 * figure + number`` of a figure card (neutral cards are not in SokuDrez)."""
    parsed = as_card(card)
    if parsed.figure is None or parsed.number is None or parsed.pack:
        raise ValueError(f"{parsed.id} is not one of the 54 SokuDrez cards (figures 1-9, one pack)")
    return 10 * int(parsed.figure) + parsed.number


def _code(item: CardLike | int) -> int:
    """A code given as is, or the code of a card or card id (``True`` is not a code)."""
    if isinstance(item, bool):
        raise TypeError("a grid holds cards, not true/false")
    return item if isinstance(item, int) else code_of(item)


def card_id(code: int) -> str:
    """The card id of a code: ``card_id(27) == 'N7'``."""
    return f"{Figure(code // 10).letter}{code % 10}"


def card_of(code: int) -> Card:
    return Card(Figure(code // 10), code % 10)


def as_grid(cards: Iterable[CardLike | int]) -> Grid:
    """A grid from 54 cards, card ids or codes in row-major order; ``ValueError`` unless
    it holds each of the 54 figure cards exactly once."""
    if isinstance(cards, (str, Card)):
        raise TypeError("a grid is a list of 54 cards in row-major order, not a single card")
    codes = tuple(_code(item) for item in cards)
    if len(codes) != CELLS or set(codes) != ALL_CODES:
        raise ValueError("a SokuDrez grid holds each of the 54 figure cards exactly once (6 rows x 9 columns)")
    return codes


def cell_name(index: int) -> str:
    """``(r, c)`` written as in the rules: ``cell_name(45) == '(5,0)'``."""
    return f"({ROW_OF[index]},{COL_OF[index]})"


def defects(grid: Sequence[int]) -> tuple[int, int]:
    """``(Dcol, Drow)``: figures missing from the columns and numbers missing from the rows."""
    dcol = sum(ROWS - len({grid[i] // 10 for i in cells}) for cells in COL_CELLS)
    drow = sum(COLUMNS - len({grid[i] % 10 for i in cells}) for cells in ROW_CELLS)
    return dcol, drow


def is_solved(grid: Sequence[int]) -> bool:
    """``defects(grid) == (0, 0)``, stopping at the first column or row with a defect
    (after a random swap, almost always the first column)."""
    return (all(len({grid[i] // 10 for i in cells}) == ROWS for cells in COL_CELLS)
            and all(len({grid[i] % 10 for i in cells}) == COLUMNS for cells in ROW_CELLS))


def d21_bound(grid: Sequence[int]) -> int:
    """D21's admissible lower bound ``max(⌈Dcol/2⌉, ⌈Drow/2⌉)`` on the swaps still needed."""
    dcol, drow = defects(grid)
    return max((dcol + 1) // 2, (drow + 1) // 2)


def swapped(grid: Sequence[int], p: int, q: int) -> Grid:
    """The grid after swapping cells ``p`` and ``q``."""
    cells = list(grid)
    cells[p], cells[q] = cells[q], cells[p]
    return tuple(cells)


def swap_criteria(grid: Sequence[int], p: int, q: int) -> tuple[bool, ...]:
    """The 8 scoring criteria of §4 for swapping card 1 at ``p`` with card 2 at ``q``, judged
    on the grid before the swap, each True when it earns its point (D22 guard included):

    1 card 1's figure repeated in its column, 2 absent from card 2's column,
    3 card 1's number repeated in its row, 4 absent from card 2's row, and 5-8 the
    same for card 2. Points 1, 2, 5, 6 need different columns and different figures;
    points 3, 4, 7, 8 different rows and different numbers (D22)."""
    a, b = grid[p], grid[q]
    r1, c1, r2, c2 = ROW_OF[p], COL_OF[p], ROW_OF[q], COL_OF[q]
    fa, fb, na, nb = a // 10, b // 10, a % 10, b % 10
    figures_count = c1 != c2 and fa != fb
    numbers_count = r1 != r2 and na != nb
    col1 = [grid[i] // 10 for i in COL_CELLS[c1]]
    col2 = [grid[i] // 10 for i in COL_CELLS[c2]]
    row1 = [grid[i] % 10 for i in ROW_CELLS[r1]]
    row2 = [grid[i] % 10 for i in ROW_CELLS[r2]]
    return (figures_count and col1.count(fa) > 1, figures_count and fa not in col2,
            numbers_count and row1.count(na) > 1, numbers_count and na not in row2,
            figures_count and col2.count(fb) > 1, figures_count and fb not in col1,
            numbers_count and row2.count(nb) > 1, numbers_count and nb not in row1)


def swap_points(grid: Sequence[int], p: int, q: int) -> int:
    """``swap_score`` of D21: the points (0-8) the swap of ``p`` and ``q`` earns."""
    return sum(swap_criteria(grid, p, q))


def defect_drop(grid: Sequence[int], p: int, q: int) -> int:
    """ΔD of D21: ``(Dcol + Drow)`` before the swap minus after it."""
    return sum(defects(grid)) - sum(defects(swapped(grid, p, q)))
