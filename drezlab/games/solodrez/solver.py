"""The SoloDrez solver: does a deal (or any position) still win, and how?

:func:`solve` searches the positions reachable from the given one, depth first, and
answers with a :class:`Solution`: ``"won"`` with a winning line (actions in the game's
notation, removals included, that :meth:`SoloDrez.play` replays to the win), ``"lost"``
when every reachable position was searched and none wins (a proof), or ``"unknown"``
when its budget of positions ran out first. :func:`hint` builds on it: a move after
which the deal can still be won, or "this deal can no longer be won".

What makes it fast enough for a thousand deals (each choice keeps the search exact):

* **Ranks only.** The rules never look at colours, and the two neutral cards behave
  alike, so a column is searched as the bytes of its ranks (0 = neutral, 1 Pawn ...
  6 Joker). Many deals share the same abstract positions.
* **Canonical states and a visited set** (D19). The order of the columns does not
  matter to what can follow, so a position is keyed by its columns sorted; a key seen
  before is never searched again.
* **Removal at once** (D19: never harmful): a column J Q R B N P is set aside as soon
  as it appears, which also frees the column.
* **No useless moves**: a whole column never moves into an empty column (the sorted
  position would be the same), and of several empty columns only one is tried.
* **Move ordering**: moves that set a sequence aside or lay cards in place at the foot
  of a column (a natural J, then Q, R, ... from the table up) are tried first; moves of
  a lone neutral card last. Ordering changes only how soon a win is found.
* **Restarts**: a depth-first search that takes a bad turn early can spend its whole
  budget below it, although another order wins at once (the heavy tail known from
  solitaire solvers). So the budget is spent in attempts: the first (FIRST_ATTEMPT
  positions) with the plain ordering, each later one twice as large with the order
  shaken by a seeded generator (the score with noise, or random order after the
  removals), the last taking all that is left. Every attempt is complete by itself: one
  that runs out of positions to search proves the deal lost. The seeds are fixed, so
  answers are reproducible.

The winning line is found on the rank abstraction and then replayed on the real cards,
which names each move by its real bottom card.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from drezlab.core.cards import Card, CardLike, as_card
from drezlab.core.i18n import add_translations, t
from drezlab.games.solodrez.game import (
    COLUMNS,
    COMPLETE,
    JOKER,
    NEUTRAL,
    SoloDrez,
    column_id,
    run_bases,
)

__all__ = ["DEFAULT_BUDGET", "HINT_BUDGET", "LOST_TEXT", "Hint", "Solution", "describe", "hint", "solve"]

#: positions searched before :func:`solve` gives up with "unknown" (its cap per deal)
DEFAULT_BUDGET = 200_000
#: positions of the search's first attempt; each restart gets twice as many
FIRST_ATTEMPT = 2_000
#: the smaller budget of the hint the picture shows (it is drawn after every move)
HINT_BUDGET = 20_000
#: hints kept (positions of the winning lines found, and positions proven lost)
HINT_CACHE_SIZE = 50_000
LOST_TEXT = "this deal can no longer be won"
UNKNOWN_TEXT = "the solver could not decide within its budget"
HINT_TEXT = "Solver's hint"

add_translations({
    LOST_TEXT: "esta partida ya no se puede ganar",
    UNKNOWN_TEXT: "el solucionador no pudo decidir dentro de su límite",
    "Solver's hint": "Pista del solucionador",
    "set aside column {column}": "retira la columna {column}",
    "move {card} onto column {column}": "mueve {card} a la columna {column}",
    "the deal is won": "la partida está ganada",
    "a SoloDrez position has {columns} columns, not {count}": "una posición de SoloDrez tiene {columns} columnas, no {count}",
})

_COMPLETE = bytes(COMPLETE)
#: move ordering: the score of setting a sequence aside, and the noise of a restart
_REMOVAL = 100
_NOISE = 8.0
_EMPTY_TOP = 7
Move = tuple[int, int, int]          # (source column, cards moved, target column)


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found. ``status``: ``"won"`` (``line`` wins), ``"lost"`` (proven:
    no reachable position wins) or ``"unknown"`` (the budget ran out). ``line``: the
    winning actions in the game's notation, removals included; ``states``: the distinct
    positions searched; ``seconds``: the wall time."""

    status: str
    line: tuple[str, ...]
    states: int
    seconds: float

    @property
    def won(self) -> bool:
        return self.status == "won"

    @property
    def decided(self) -> bool:
        return self.status != "unknown"


@dataclass(frozen=True)
class Hint:
    """A hint: ``action`` (the text of a move or removal after which the deal can still
    be won; ``None`` when there is none or the solver could not decide), ``status`` as in
    :class:`Solution`, and ``text``, the hint in words for a pupil."""

    action: str | None
    status: str
    text: str

    def __str__(self) -> str:
        return self.text


# --------------------------------------------------------------------------- the search
_RUNS: dict[bytes, tuple[tuple[int, int], ...]] = {}


def _runs(column: bytes) -> tuple[tuple[int, int], ...]:
    """The movable runs at the top of ``column``: (cards, mask of the destination tops that
    accept it), a top being a rank 0-6 or 7 for an empty column (cached per column)."""
    runs = _RUNS.get(column)
    if runs is None:
        found = []
        for size in range(1, len(column) + 1):
            bases = run_bases(tuple(column[-size:]))
            if not bases:
                break
            mask = 0
            for top in range(NEUTRAL, _EMPTY_TOP + 1):
                if (top == _EMPTY_TOP and JOKER in bases) or (top == NEUTRAL and any(b < JOKER for b in bases)) \
                        or (NEUTRAL < top < _EMPTY_TOP and top - 1 in bases):
                    mask |= 1 << top
            if mask:
                found.append((size, mask))
        runs = _RUNS[column] = tuple(found)
    return runs


_PLACED: dict[bytes, int] = {}


def _in_place(column: bytes) -> int:
    """How many cards at the foot of ``column`` already follow J Q R B N P (cached)."""
    placed = _PLACED.get(column)
    if placed is None:
        placed = 0
        for expected, card in zip(_COMPLETE, column):
            if card != expected:
                break
            placed += 1
        _PLACED[column] = placed
    return placed


def _settle(columns: list[bytes]) -> None:
    """Set every complete column aside (D19)."""
    for index, column in enumerate(columns):
        if column == _COMPLETE:
            columns[index] = b""


def _children(columns: list[bytes], rng: random.Random | None = None,
              shuffled: bool = False) -> list[tuple[float, Move, list[bytes]]]:
    """Every position one move away (complete columns set aside), with a score for the
    move ordering (higher first) and the move. With ``rng`` (a restart) the order is
    shaken: by the score with noise, or (``shuffled``) removals first and the rest in
    random order."""
    tops = [column[-1] if column else _EMPTY_TOP for column in columns]
    first_empty = tops.index(_EMPTY_TOP) if _EMPTY_TOP in tops else -1
    children: list[tuple[float, Move, list[bytes]]] = []
    placed = _in_place
    for source, column in enumerate(columns):
        if not column:
            continue
        length = len(column)
        for size, mask in _runs(column):
            for target in range(COLUMNS):
                top = tops[target]
                if target == source or not mask >> top & 1:
                    continue
                if top == _EMPTY_TOP and (target != first_empty or size == length):
                    continue
                moved = column[-size:]
                after = list(columns)
                rest = after[source] = column[:-size]
                built = after[target] = columns[target] + moved
                score: float = 2 * (placed(built) - placed(columns[target]) + placed(rest) - placed(column)) + size
                if built == _COMPLETE:
                    after[target] = b""
                    score += _REMOVAL
                if rest == _COMPLETE:
                    after[source] = b""
                    score += _REMOVAL
                if size == 1 and moved[0] == NEUTRAL:
                    score -= 3
                children.append((score, (source, size, target), after))
    if rng is not None:
        noise = rng.random
        if shuffled:
            children = [(_REMOVAL * (score >= _REMOVAL) + noise(), move, after) for score, move, after in children]
        else:
            children = [(score + _NOISE * noise(), move, after) for score, move, after in children]
    children.sort(key=lambda child: -child[0])
    return children


def _play(columns: list[bytes], move: Move) -> list[bytes]:
    """The position after ``move`` (complete columns set aside), as :func:`_children` makes it."""
    source, size, target = move
    after = list(columns)
    after[target] = columns[target] + columns[source][-size:]
    after[source] = columns[source][:-size]
    _settle(after)
    return after


def _shorten(start: list[bytes], moves: list[Move]) -> list[Move]:
    """A winning line with the detours of the depth-first search cut out: from each
    position, one move to the latest position of the line it reaches (by canonical key),
    the rest of the line renumbered to the columns as they then lie."""
    states = [start]
    for move in moves:
        states.append(_play(states[-1], move))
    latest = {_key(state): index for index, state in enumerate(states)}
    shortened: list[Move] = []
    columns, order, index = start, list(range(COLUMNS)), 0
    while index < len(moves):
        source, size, target = moves[index]
        best, chosen = index + 1, (order[source], size, order[target])
        for _, move, after in _children(columns):
            reached = latest.get(_key(after), -1)
            if reached > best:
                best, chosen = reached, move
        columns = _play(columns, chosen)
        shortened.append(chosen)
        index = best
        order = _matching(states[index], columns)
    return shortened


def _matching(line: list[bytes], actual: list[bytes]) -> list[int]:
    """For each column of ``line``, the index of an equal column of ``actual`` (the same
    columns in another order), each used once."""
    free: dict[bytes, list[int]] = {}
    for position, column in enumerate(actual):
        free.setdefault(column, []).append(position)
    return [free[column].pop(0) for column in line]


def _won(columns: list[bytes]) -> bool:
    """No figure card is left on the table (only neutral cards, if anything)."""
    return not any(column.strip(b"\x00") for column in columns)


def _key(columns: list[bytes]) -> tuple[bytes, ...]:
    return tuple(sorted(columns))


def _attempts(budget: int) -> list[int]:
    """The budgets of the search's attempts: FIRST_ATTEMPT, then each restart twice the
    one before, the last one taking all that is left (at least as much as the one before)."""
    sizes, size, left = [], FIRST_ATTEMPT, budget
    while left > 0:
        if left < 3 * size:
            sizes.append(left)
            break
        sizes.append(size)
        left -= size
        size *= 2
    return sizes


def _search(start: list[bytes], budget: int) -> tuple[str, list[Move], int]:
    """Depth-first searches with restarts (see the module docstring): (status, winning
    moves, positions searched in all attempts)."""
    searched = 0
    for attempt, size in enumerate(_attempts(budget)):
        status, moves, states = _attempt(start, size, random.Random(attempt) if attempt else None, attempt % 2 == 1)
        searched += states
        if status != "unknown":
            return status, moves, searched
    return "unknown", [], searched


def _attempt(start: list[bytes], budget: int, rng: random.Random | None,
             shuffled: bool) -> tuple[str, list[Move], int]:
    """One depth-first search with a visited set of canonical positions from ``start``
    (complete columns already set aside): (status, winning moves, positions searched).
    Running out of positions gives "unknown"; searching every reachable one, "lost"."""
    if _won(start):
        return "won", [], 1
    visited = {_key(start)}
    stack: list[tuple[list[bytes], list[tuple[float, Move, list[bytes]]], int]] = [(start, _children(start, rng, shuffled), 0)]
    path: list[Move] = []
    while stack:
        columns, children, position = stack[-1]
        while position < len(children):
            _, move, after = children[position]
            position += 1
            key = _key(after)
            if key in visited:
                continue
            visited.add(key)
            if _won(after):
                path.append(move)
                return "won", path, len(visited)
            if len(visited) >= budget:
                return "unknown", [], len(visited)
            stack[-1] = (columns, children, position)
            stack.append((after, _children(after, rng, shuffled), 0))
            path.append(move)
            break
        else:
            stack.pop()
            if path:
                path.pop()
    return "lost", [], len(visited)


# ------------------------------------------------------------------------ the interface
def _position(position: SoloDrez | Sequence[Sequence[CardLike]]) -> list[list[Card]]:
    """The nine columns of a game, or nine lists of cards (ids or cards, bottom first)."""
    if isinstance(position, SoloDrez):
        return position.columns
    columns = [[as_card(card) for card in column] for column in position]
    if len(columns) != COLUMNS:
        raise ValueError(t("a SoloDrez position has {columns} columns, not {count}").format(
            columns=COLUMNS, count=len(columns)))
    return columns


def _line(columns: list[list[Card]], moves: list[Move]) -> tuple[str, ...]:
    """The winning moves on the real cards, in the game's notation, with the removals."""
    columns = [list(column) for column in columns]
    line: list[str] = []

    def removals() -> None:
        for index, column in enumerate(columns):
            if tuple(card.figure_number for card in column) == COMPLETE:
                line.append(f"remove {column_id(index)}")
                column.clear()

    removals()
    for source, size, target in moves:
        run = columns[source][-size:]
        del columns[source][-size:]
        columns[target].extend(run)
        line.append(f"{run[0].id.lower()} {column_id(target)}")
        removals()
    return tuple(line)


def solve(position: SoloDrez | Sequence[Sequence[CardLike]], budget: int = DEFAULT_BUDGET) -> Solution:
    """Can ``position`` (a game, or nine columns of cards, bottom card first) still be won?

    Searches at most ``budget`` distinct positions; see :class:`Solution`. The line of a
    ``"won"`` answer replays through ``game.play`` to the win (a complete column on the
    table is set aside first)."""
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise ValueError(f"the budget is a whole number of positions, at least 1, not {budget!r}")
    began = time.perf_counter()
    columns = _position(position)
    if isinstance(position, SoloDrez) and position.is_over:
        status = "won" if position.outcome is not None and position.outcome.winners else "lost"
        return Solution(status, (), 0, time.perf_counter() - began)
    start = [bytes(card.figure_number for card in column) for column in columns]
    _settle(start)
    status, moves, states = _search(start, budget)
    line = _line(columns, _shorten(start, moves)) if status == "won" else ()
    return Solution(status, line, states, time.perf_counter() - began)


#: position (card ids per column) -> the next action of a winning line, or None (proven lost)
_HINTS: dict[tuple[tuple[str, ...], ...], str | None] = {}


def hint(game: SoloDrez | Sequence[Sequence[CardLike]], budget: int = DEFAULT_BUDGET) -> Hint:
    """A move after which the deal can still be won (the first action of a winning line),
    or "this deal can no longer be won" as soon as that is true (proven by :func:`solve`).
    When the budget runs out first, the hint says the solver could not decide.

    Every position of a winning line found is remembered with its next action (and a
    position proven lost as lost), so a pupil who follows the hints gets each next one
    at once."""
    if isinstance(game, SoloDrez) and game.is_over:
        return _hint_text(None, "won" if game.outcome is not None and game.outcome.winners else "lost")
    columns = _position(game)
    key = tuple(tuple(card.id for card in column) for column in columns)
    if key in _HINTS:
        action = _HINTS[key]
        return _hint_text(action, "won" if action is not None else "lost")
    solution = solve(columns, budget)
    if len(_HINTS) > HINT_CACHE_SIZE:
        _HINTS.clear()
    if solution.status == "lost":
        _HINTS[key] = None
    elif solution.status == "won":
        _remember(columns, solution.line)
    return _hint_text(solution.line[0] if solution.line else None, solution.status)


def _hint_text(action: str | None, status: str) -> Hint:
    if status == "lost":
        return Hint(None, "lost", t(LOST_TEXT))
    if status == "unknown":
        return Hint(None, "unknown", t(UNKNOWN_TEXT))
    if action is None:
        return Hint(None, "won", t("the deal is won"))
    return Hint(action, "won", f"{t(HINT_TEXT)}: {describe(action)}")


def _remember(columns: list[list[Card]], line: tuple[str, ...]) -> None:
    """Remember each position of a winning line with its next action."""
    columns = [list(column) for column in columns]
    for action in line:
        _HINTS[tuple(tuple(card.id for card in column) for column in columns)] = action
        words = action.split()
        target = int(words[1][1:]) - 1
        if words[0] == "remove":
            columns[target].clear()
            continue
        source = next(column for column in columns if any(card.id.lower() == words[0] for card in column))
        start = next(place for place, card in enumerate(source) if card.id.lower() == words[0])
        columns[target].extend(source[start:])
        del source[start:]


def describe(action: str) -> str:
    """An action of the notation in words: 'move Magenta Bishop (B3) onto column 4' (the card
    by its printed name, with the id the notation uses), 'set aside column 4'."""
    words = action.split()
    if words[0] == "remove":
        return t("set aside column {column}").format(column=words[1][1:])
    from drezlab.games.solodrez.words import card_name

    return t("move {card} onto column {column}").format(card=card_name(Card.parse(words[0].upper())),
                                                        column=words[1][1:])
