"""Abyss solved exactly: what perfect play gives from any position.

After the placement a game of Abyss lasts at most twelve pushes (each removes a
piece), so every position can be searched to the end. The value of a position
is the **count** the rules end with, seen from the side to move: (its pieces −
the opponent's pieces) when nobody can push any more, both sides playing to
make that number as large as they can for themselves. Its sign is the result
(win > 0, draw = 0, loss < 0), and since the sign of a minimax is the minimax of
the signs, the player who maximises the margin also plays perfectly for the
result.

* :class:`Solver`: negamax with alpha-beta over the push tables of
  :mod:`drezlab.games.abyss.game`, and a transposition table keyed by the
  position seen from the mover (its pieces | the opponent's << 25; the colours do
  not matter, only who moves), each entry an exact interval (lower, upper) of the
  value, so a position reached again, or searched again with another window, is
  not searched twice. Pushes are tried best first (most opponent's pieces
  fallen, fewest own). A fresh position after the placement is solved in about
  a hundredth of a second, the worst of 2,000 in about a tenth
  (``bench/bench_abyss.py`` prints the figures).
* :func:`plain_minimax`: the same values by plain minimax, no table and no
  pruning: the tests' reference on small and late positions.
* The placement phase (§4.1): :func:`choice_values` gives the chooser's value of
  each option. Let ``m`` be the smaller of the two values "White moves first"
  and "Black moves first" (each for the first mover). With **first** the placer
  gives the chooser the colour worth ``m``; with **colour** the chooser takes the
  colour whose opponent, moving first, gets ``m``, so the chooser gets ``-m``.
  The chooser therefore gets ``|m| >= 0``: the placer can at best hold a draw,
  and does so exactly with a placement where ``m = 0``.
* :func:`perfect_play` answers "what does perfect play give from here?" for a
  game in any phase as a :class:`Verdict` (with a sentence for the picture and
  the lesson); :func:`move_values` the value of every legal action;
  :func:`review` the value of every decision a finished game made;
  :func:`survey` solves many random placements (the bench and the lesson's plot).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from drezlab.core.i18n import add_translations, t
from drezlab.games.abyss.game import (
    CHOOSE,
    COLOUR,
    FIRST,
    MOVES,
    PICK_COLOUR,
    PLACE,
    PLAY,
    SQUARES,
    WHITE,
    Abyss,
    parse_position,
    pushes,
    seat_label,
)
from drezlab.games.abyss.meta import COLOUR_NAMES

__all__ = [
    "Review",
    "Solver",
    "Survey",
    "Verdict",
    "choice_values",
    "colour_values",
    "first_mover_values",
    "move_values",
    "perfect_play",
    "plain_minimax",
    "position_values",
    "random_placement",
    "review",
    "solve",
    "survey",
    "verdict",
]

#: wider than any value (a count difference lies within -6..6)
INFINITY = 99

add_translations({
    "Perfect play: {who} wins by {margin}": "Juego perfecto: {who} gana por {margin}",
    "Perfect play: a draw": "Juego perfecto: tablas",
    "{verdict} (best: {moves})": "{verdict} (mejor: {moves})",
    "Perfect play: place all twelve pieces first": "Juego perfecto: primero hay que colocar las doce fichas",
})


class Solver:
    """Exact values of Abyss positions (see the module doc). One solver keeps its
    transposition table between calls, so solving many positions of one game
    reuses what it learnt; ``nodes`` counts the positions searched."""

    def __init__(self) -> None:
        self.table: dict[int, tuple[int, int]] = {}
        self.nodes = 0

    def value(self, own: int, opponent: int) -> int:
        """The exact count difference for the side to move, owning ``own``, against ``opponent``."""
        return self._search(own, opponent, -INFINITY, INFINITY)

    def _search(self, own: int, opponent: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        key = own | opponent << SQUARES
        known = self.table.get(key)
        low, high = known if known is not None else (-INFINITY, INFINITY)
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, start_beta = alpha, beta
        moves = pushes(own, opponent)
        if not moves:                                       # §4.3: the count
            value = own.bit_count() - opponent.bit_count()
            self.table[key] = (value, value)
            return value
        moves.sort(key=lambda push: push.own_fallen - push.opponent_fallen)
        best = -INFINITY
        for push in moves:
            value = -self._search(opponent ^ push.opponent_change, own ^ push.own_change, -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best <= start_alpha:
            high = min(high, best)
        elif best >= start_beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high)
        return best


def plain_minimax(own: int, opponent: int) -> int:
    """The same value as :meth:`Solver.value` by plain minimax (no table, no pruning):
    slow, and for that very reason the tests' independent reference."""
    found = pushes(own, opponent)
    if not found:
        return own.bit_count() - opponent.bit_count()
    return max(-plain_minimax(opponent ^ push.opponent_change, own ^ push.own_change) for push in found)


_SHARED = Solver()
#: entries the shared table may hold before it is emptied (a whole game needs a few thousand;
#: an entry takes about 150 bytes, so the table stays within some 30 MB)
SHARED_TABLE_LIMIT = 200_000


def solve(own: int, opponent: int, solver: Solver | None = None) -> int:
    """The exact value for the side to move. Without ``solver`` a shared one is used
    (the picture and the lesson's calls reuse its table; emptied past
    :data:`SHARED_TABLE_LIMIT` entries)."""
    if solver is None:
        if len(_SHARED.table) > SHARED_TABLE_LIMIT:
            _SHARED.table.clear()
        solver = _SHARED
    return solver.value(own, opponent)


def first_mover_values(white: int, black: int, solver: Solver | None = None) -> tuple[int, int]:
    """(value for White moving first, value for Black moving first) of a placement."""
    return solve(white, black, solver), solve(black, white, solver)


def choice_values(white: int, black: int, solver: Solver | None = None) -> dict[str, int]:
    """The chooser's value of each option after the placement ``white``/``black``:
    ``{"first": m, "colour": -m}`` with ``m`` the smaller first-mover value (see the
    module doc: the placer answers each option as well as he can)."""
    smaller = min(first_mover_values(white, black, solver))
    return {FIRST: smaller, PICK_COLOUR: -smaller}


def colour_values(white: int, black: int, deciding_moves_first: bool, solver: Solver | None = None) -> dict[str, int]:
    """In the colour phase: the deciding seat's value of taking each colour, when it
    moves first itself (``deciding_moves_first``) or lets the other seat move first."""
    white_first, black_first = first_mover_values(white, black, solver)
    if deciding_moves_first:
        return {"white": white_first, "black": black_first}
    return {"white": -black_first, "black": -white_first}


class Verdict(NamedTuple):
    """What perfect play gives from a position, for the seat to decide.

    ``values``: every legal decision's exact value for that seat (action text ->
    count difference; empty during the placement, whose partial boards are not yet
    games); ``value``: the best of them (``None`` during the placement, or the final
    count difference of seat 0 once the game is over); ``best``: the texts of the
    best decisions; ``text``: one sentence for the picture and the lesson."""

    value: int | None
    best: tuple[str, ...]
    values: dict[str, int]
    text: str


def position_values(public: Mapping[str, Any], to_move: int | None, solver: Solver | None = None) -> dict[str, int]:
    """The exact value of every legal decision, from an observation's public part
    (``board``, ``phase``, ``first``, ``turn``) and the seat to decide: what the
    picture draws from, and what :func:`move_values` answers for a game."""
    if to_move is None:
        return {}
    white, black = parse_position(public["board"])
    phase = public["phase"]
    if phase == CHOOSE:
        return choice_values(white, black, solver)
    if phase == COLOUR:
        return colour_values(white, black, public["first"] == to_move, solver)
    if phase != PLAY:
        return {}
    own, opponent = (white, black) if public["turn"] == "white" else (black, white)
    return {MOVES[push.frm, push.to].text: -solve(opponent ^ push.opponent_change, own ^ push.own_change, solver)
            for push in pushes(own, opponent)}


def move_values(game: Abyss, solver: Solver | None = None) -> dict[str, int]:
    """The value of every legal action for the seat taking it (pushes, options, colours;
    empty during the placement)."""
    return position_values(game.view(None).public, game.to_move, solver)


def verdict(public: Mapping[str, Any], to_move: int | None, solver: Solver | None = None) -> Verdict:
    """"What does perfect play give from here?" from an observation's public part."""
    colours = [None if colour is None else COLOUR_NAMES.index(colour) for colour in public["colours"]]
    if to_move is None:
        white, black = public["counts"]
        margin = white - black if colours[0] == WHITE else black - white
        return Verdict(margin, (), {}, _sentence(colours, 0, margin))
    if public["phase"] == PLACE:
        return Verdict(None, (), {}, t("Perfect play: place all twelve pieces first"))
    values = position_values(public, to_move, solver)
    value = max(values.values())
    best = tuple(text for text, found in values.items() if found == value)
    return Verdict(value, best, values, t("{verdict} (best: {moves})").format(
        verdict=_sentence(colours, to_move, value), moves=", ".join(best)))


def _sentence(colours: list[int | None], seat: int, value: int) -> str:
    if value == 0:
        return t("Perfect play: a draw")
    winner = seat if value > 0 else 1 - seat
    return t("Perfect play: {who} wins by {margin}").format(who=seat_label(winner, colours[winner]), margin=abs(value))


def perfect_play(game: Abyss, solver: Solver | None = None) -> Verdict:
    """"What does perfect play give from here?" for the seat to decide now in ``game``."""
    return verdict(game.view(None).public, game.to_move, solver)


class Review(NamedTuple):
    """One decision of a played game: who took it, what it was worth, what was best."""

    seat: int
    action: str
    value: int
    best_value: int
    best: tuple[str, ...]


def review(game: Abyss, solver: Solver | None = None) -> list[Review]:
    """The value of every decision from the choice on (pushes, option, colour) that
    ``game`` made, replayed on a copy: a pupil's game "after the game"."""
    replay = _start_of(game)
    rows = []
    for action in game.history:
        if replay.phase != PLACE:
            values = move_values(replay, solver)
            best_value = max(values.values())
            seat = replay.to_move
            assert seat is not None
            rows.append(Review(seat, action.text, values[action.text], best_value,
                               tuple(text for text, found in values.items() if found == best_value)))
        replay.play(action.text)
    return rows


def _start_of(game: Abyss) -> Abyss:
    """A copy of ``game`` taken back to its start."""
    start = game.copy()
    while start.history:
        start.undo()
    return start


class Survey(NamedTuple):
    """Random placements solved exactly (:func:`survey`): per placement, the value for
    White moving first, for Black moving first, and the seconds each solve took."""

    white_first: tuple[int, ...]
    black_first: tuple[int, ...]
    seconds: tuple[float, ...]

    def first_mover_results(self) -> tuple[int, int, int]:
        """(wins, draws, losses) of the first mover over every placement and both colours."""
        values = self.white_first + self.black_first
        return (sum(1 for v in values if v > 0), sum(1 for v in values if v == 0),
                sum(1 for v in values if v < 0))

    def chooser_values(self) -> tuple[int, ...]:
        """The chooser's value ``|m|`` of each placement (m = the smaller first-mover value)."""
        return tuple(abs(min(white, black)) for white, black in zip(self.white_first, self.black_first))


def random_placement(rng: random.Random) -> tuple[int, int]:
    """Six White and six Black pieces on random squares (every arrangement equally likely)."""
    cells = rng.sample(range(SQUARES), 12)
    return sum(1 << cell for cell in cells[:6]), sum(1 << cell for cell in cells[6:])


def survey(count: int, seed: int = 0, done: Callable[[int], None] | None = None) -> Survey:
    """Solve ``count`` seeded random placements with each colour moving first, each
    solve timed with a fresh solver (no table carried over: the honest time of one
    position). ``done(1)`` is called after each placement (the bench passes a
    progress display's ``update``)."""
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise ValueError(f"count must be a whole number >= 1, not {count!r}")
    rng = random.Random(seed)
    white_first: list[int] = []
    black_first: list[int] = []
    seconds: list[float] = []
    for _ in range(count):
        white, black = random_placement(rng)
        for own, opponent, values in ((white, black, white_first), (black, white, black_first)):
            start = time.perf_counter()
            values.append(Solver().value(own, opponent))
            seconds.append(time.perf_counter() - start)
        if done is not None:
            done(1)
    return Survey(tuple(white_first), tuple(black_first), tuple(seconds))
