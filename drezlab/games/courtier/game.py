"""Dejarik – Courtier (Cortesana): the rules, as ``shared/rules/board-games.md`` §2 gives them.

Source: seed 003 ("La variante Courtier o Cortesana"), every DECISION of §2 binding.

1. **Board** as Dejarik (:mod:`drezlab.kits.ring`); no attributes, no dice. Each side
   has a king and five guards; all move alike.
2. **Set-up** (D8): South (seat 0) fills ``O3..O8`` with its king on ``O5``; North
   (seat 1) fills ``O9..O2`` with its king on ``O11``. A d8 decides who moves first
   (odd: South), as in Dejarik's D1.
3. **Turn**: exactly one move: one piece one step to an adjacent empty cell.
4. **Capture** (D9): an enemy is removed when the move encloses it between the moved
   piece and another piece of the mover on one capture line: the two rings and the six
   diameters. So ``R_k`` falls to ``R_(k−1)`` + ``R_(k+1)``; ``I_k`` also to ``O_k`` +
   ``C``; ``C`` to ``I_k`` + ``I_(k+6)``; outer cells only along their ring. Captures are
   active: moving between two enemies is safe.
5. **One capture a move** (D10): when a move encloses several enemies, the mover chooses
   which one falls; the others stay.
6. **Double capture** (D11): when the moved piece ``M`` captures ``X`` with its partner
   ``Y`` and itself stands between ``X`` and an enemy ``E`` on the same line (``Y X M E``),
   all four are removed.
7. **End**: taking the enemy king wins; if one move removes both kings (a double capture)
   the game is drawn; a side whose own king goes in its double capture loses. D12: a
   player with no legal move loses; 50 turns (moves) without a capture: a draw.

Notation (lower-case ASCII; targets are the cells' ids):

=================  =================================================================
``o5-i5``          a move without capture (targets ``O5``, ``I5``)
``o5-i5xi4``       a move that captures the piece on i4 (double capture included); the
                   target list is ``O5``, ``I5`` when the capture is the only one the move
                   allows, ``O5``, ``I5``, ``I4`` when the mover must choose (D10)
=================  =================================================================

Choices made where the rules are silent: a move that encloses an enemy must capture (the
source: the piece "is removed"); a double capture is the capture of ``X`` in that pattern
(the mover cannot make it a simple one); the first player of a teacher's position is
the option ``to_move``; the 50-turn count counts single moves.

Actions hold their data as a :class:`Move` (from, to, the cells a capture removes);
``_apply`` reads it by name. The board is kept as bit masks (a bit per cell: each side's
pieces, and the kings); ``board`` reads it cell by cell. The undo record is
:class:`CourtierState`, core's :class:`~drezlab.core.snapshot.AttributeSnapshot` of the masks
(each side's and the kings') and three plain values; the last move (``last``, ``taken``) is read from the history.

Views: nothing is hidden; ``public`` holds ``cells`` (``"s:king"``, ``"n:guard"`` or
``""`` per cell), the last move (``last_move``: from, to), ``taken`` (the cells emptied by
its capture), the pieces left per side and the quiet-move counter.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, NamedTuple

from drezlab.core.action import Action, Outcome
from drezlab.core.chance import Chance
from drezlab.core.game import Game
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.games.courtier.meta import SPEC
from drezlab.games.courtier.position import parse_position, position_text
from drezlab.games.courtier.words import (
    BOTH_KINGS,
    KING_CAPTURED,
    NO_MOVE,
    OWN_KING,
    QUIET_DRAW,
    explain_illegal,
    move_words,
)
from drezlab.games.dejarik.meta import SIDE_NAMES
from drezlab.kits.ring import (
    CELL_NAMES,
    CELL_TEXT,
    CELLS,
    NEIGHBOURS,
    RING,
    SIDE_LETTERS,
    TRIPLES,
    outer,
)

__all__ = ["BEYOND", "Courtier", "CourtierState", "Move", "capture_options", "captures"]

GUARD, KING = 1, 2
PIECES = {"guard": GUARD, "king": KING}
PIECE_NAMES = {GUARD: "guard", KING: "king"}
QUIET_LIMIT = 50

#: ``BEYOND[(a, b)]`` = the cell after ``b`` on the capture line through ``a`` and ``b``
BEYOND: dict[tuple[int, int], int] = {(a, b): c for a, b, c in TRIPLES}


def _capture_line(to: int, x: int) -> tuple[int, int, int, int, tuple[int], tuple[int, ...]]:
    y, e = BEYOND[(to, x)], BEYOND.get((x, to))
    double = () if e is None else tuple(sorted((y, x, to, e)))
    return x, 1 << x, 1 << y, 0 if e is None else 1 << e, (x,), double


#: ``CAPTURE_LINES[to]``: for each neighbour ``X`` of ``to`` with a cell ``Y`` beyond it on
#: their capture line, ascending in ``X``: ``(X, bit of X, bit of Y, bit of E, (X,), the four
#: cells Y X to E sorted)``, ``E`` the cell on the other side of ``to`` (bit 0 and no four
#: cells at the edge of the line). A piece arriving on ``to`` captures ``X`` with ``Y``; with an
#: enemy on ``E`` too, that is the double capture. Bits, not cells: the test is one ``&``.
CAPTURE_LINES: tuple[tuple[tuple[int, int, int, int, tuple[int], tuple[int, ...]], ...], ...] = tuple(
    tuple(_capture_line(to, x) for x in sorted(NEIGHBOURS[to]) if (to, x) in BEYOND) for to in range(CELLS))
#: ``NEIGHBOUR_BITS[cell]``: the mask of the neighbours of ``cell``
NEIGHBOUR_BITS: tuple[int, ...] = tuple(sum(1 << to for to in NEIGHBOURS[cell]) for cell in range(CELLS))
RING_BITS = (1 << RING) - 1


def _ring_captures(enemies: int, own: int) -> int:
    """On one ring (bit ``k`` = its cell ``k``): the cells ``k`` beside an enemy on ``k + 1`` with a
    piece of the mover on ``k + 2``, or the same counter-clockwise. The ring is doubled so that
    turning it is a shift: bit ``k`` of ``(ring | ring << 12) >> r`` is bit ``k + r`` (mod 12)."""
    enemies, own = enemies | enemies << RING, own | own << RING
    return (enemies >> 1 & own >> 2 | enemies >> RING - 1 & own >> RING - 2) & RING_BITS


def capture_cells(own: int, enemies: int) -> int:
    """The mask of the cells where a piece of the mover (``own``, ``enemies``: the masks of
    the mover's and the enemy's pieces) arriving would capture (D9): an enemy ``X`` next to
    it on a capture line with a piece of the mover ``Y`` beyond. All the board at once, by
    whole rings: C is bit 0, ``I_k`` bit ``1 + k``, ``O_k`` bit ``13 + k``. The piece that
    moves never is its own ``Y`` (``Y`` is two steps from the arrival cell along a line, never
    next to it), so where it comes from does not matter. The lines: each ring; on a diameter
    ``O_k I_k C I_(k+6) O_(k+6)``, ``O_k`` takes ``I_k`` with C, ``I_k`` takes C with
    ``I_(k+6)`` and C takes ``I_k`` with ``O_k``."""
    inner_enemies, inner_own = enemies >> 1 & RING_BITS, own >> 1 & RING_BITS
    outer_enemies, outer_own = enemies >> RING + 1, own >> RING + 1
    inner = _ring_captures(inner_enemies, inner_own) if inner_enemies and inner_own else 0
    if enemies & 1:                                         # I_k takes C with I_(k+6)
        inner |= (inner_own | inner_own << RING) >> RING // 2 & RING_BITS
    outer = _ring_captures(outer_enemies, outer_own) if outer_enemies and outer_own else 0
    if own & 1:                                             # O_k takes I_k with C
        outer |= inner_enemies
    centre = 1 if inner_enemies & outer_own else 0          # C takes I_k with O_k
    return centre | inner << 1 | outer << RING + 1


class Move(NamedTuple):
    """A move's data: the piece on ``frm`` steps to ``to``; ``removed`` holds every cell its
    capture empties (empty: no capture; one cell: a capture; four: a double capture)."""

    frm: int
    to: int
    removed: tuple[int, ...]


def _setup() -> list[tuple[int, str, int]]:
    """D8: South on O3..O8 (king O5), North on O9..O2 (king O11)."""
    placed = []
    for seat, first, king in ((0, 3, 5), (1, 9, 11)):
        for k in range(first, first + 6):
            placed.append((seat, "king" if k % 12 == king else "guard", outer(k)))
    return placed


def capture_options(board: list[tuple[int, int] | None], seat: int, to: int) -> list[tuple[int, tuple[int, ...]]]:
    """The captures a piece of ``seat`` arriving on ``to`` may make (D9-D11): each as
    (captured enemy cell ``X``, every cell removed), in ascending order of ``X``."""
    own = enemies = 0
    for cell, piece in enumerate(board):
        if piece is not None:
            if piece[0] == seat:
                own |= 1 << cell
            else:
                enemies |= 1 << cell
    return captures(own, enemies, to)


def captures(own: int, enemies: int, to: int) -> list[tuple[int, tuple[int, ...]]]:
    """:func:`capture_options` on masks (bit ``cell`` set for each piece of the mover, with
    the piece already on ``to``, and of the enemy): each capture as (``X``, every cell removed)."""
    return [(x, double if enemies & e_bit else single)
            for x, x_bit, y_bit, e_bit, single, double in CAPTURE_LINES[to]
            if enemies & x_bit and own & y_bit]                # with an enemy on E: Y X M E, D11


def move_action(frm: int, to: int, capture: tuple[int, tuple[int, ...]] | None, asked: bool) -> Action:
    """The action of a move from ``frm`` to ``to``, with ``capture`` = (the enemy ``X`` it
    takes, every cell removed) or None; ``asked``: the mover chooses among several captures,
    so ``X`` is a target too (D10)."""
    move = f"{CELL_TEXT[frm]}-{CELL_TEXT[to]}"
    targets = (CELL_NAMES[frm], CELL_NAMES[to])
    if capture is None:
        return Action(move, targets, move, Move(frm, to, ()))
    x, removed = capture
    text = f"{move}x{CELL_TEXT[x]}"
    return Action(text, targets + (CELL_NAMES[x],) if asked else targets, text, Move(frm, to, removed))


#: the actions of the moves, made once (actions are immutable values and a move's text
#: names no piece): ``_CAPTURE_ACTIONS`` fills as captures come up (at most a few hundred)
_CAPTURE_ACTIONS: dict[tuple[int, int, tuple[int, tuple[int, ...]], bool], Action] = {}
#: ``STEPS[frm]``: for each neighbour ``to`` of ``frm`` in the order of ``NEIGHBOURS``,
#: ``(to, its bit, the action of the step without capture)``
STEPS: tuple[tuple[tuple[int, int, Action], ...], ...] = tuple(
    tuple((to, 1 << to, move_action(frm, to, None, False)) for to in NEIGHBOURS[frm])
    for frm in range(CELLS))


#: ``_FREE_STEPS[frm][free]``: the entries of ``STEPS[frm]`` whose cell is in the mask
#: ``free`` and their actions (:func:`free_steps`), filled as sets come up
_FREE_STEPS: tuple[dict[int, tuple[tuple[Action, ...], tuple[tuple[int, int, Action], ...]]], ...] = tuple(
    {} for _ in range(CELLS))


def free_steps(frm: int, free: int) -> tuple[tuple[Action, ...], tuple[tuple[int, int, Action], ...]]:
    """The steps from ``frm`` to the cells of the mask ``free`` (its empty neighbours): their
    actions without capture and their entries of :data:`STEPS`, in the order of ``NEIGHBOURS``."""
    found = _FREE_STEPS[frm].get(free)
    if found is None:
        targets = tuple(entry for entry in STEPS[frm] if entry[1] & free)
        found = _FREE_STEPS[frm][free] = (tuple(entry[2] for entry in targets), targets)
    return found


def capture_action(frm: int, to: int, capture: tuple[int, tuple[int, ...]], asked: bool) -> Action:
    """:func:`move_action` of a capture, made once per capture."""
    key = (frm, to, capture, asked)
    action = _CAPTURE_ACTIONS.get(key)
    if action is None:
        action = _CAPTURE_ACTIONS[key] = move_action(frm, to, capture, asked)
    return action


def _cells_table(first: int, width: int) -> tuple[tuple[int, ...], ...]:
    """For each mask of ``width`` bits: the cells ``first + k`` of its set bits ``k``, ascending."""
    return tuple(tuple(first + k for k in range(width) if mask >> k & 1) for mask in range(1 << width))


#: the cells of a mask ``m``, ascending, read 9, 8 and 8 bits at a time (no loop over its bits):
#: ``_LOW[m & 0x1FF] + _MID[m >> 9 & 0xFF] + _HIGH[m >> 17]``
_LOW, _MID, _HIGH = _cells_table(0, 9), _cells_table(9, 8), _cells_table(17, 8)


def cells_of(mask: int) -> tuple[int, ...]:
    """The cells of the bit mask ``mask``, ascending."""
    return _LOW[mask & 0x1FF] + _MID[mask >> 9 & 0xFF] + _HIGH[mask >> 17]


def board_of(masks: tuple[int, int], kings: int) -> list[tuple[int, int] | None]:
    """The board cell by cell: ``(seat, GUARD or KING)`` or None, read from each side's mask
    and the mask of the kings."""
    board: list[tuple[int, int] | None] = [None] * CELLS
    for seat in (0, 1):
        for cell in cells_of(masks[seat]):
            board[cell] = (seat, KING if kings >> cell & 1 else GUARD)
    return board


@dataclass(frozen=True)
class CourtierState(AttributeSnapshot):
    """The undo record: the position before a move (core's one idiom): the board as bit
    masks (``masks[seat]``: the pieces of ``seat``; ``kings``: the cells with a king), whose
    turn, the quiet-move counter and the outcome. Masks, not the 25 cells, and the last move
    read from the history: the record of every ply copies five plain values and no list
    (core's ``of`` cost 14,500 machine instructions a ply with the 25 cells and the last
    move, 9,900 now: cachegrind)."""

    masks: tuple[int, int]
    kings: int
    _seat: int
    quiet: int
    _outcome: Outcome | None


class Courtier(Game):
    """A game of Courtier (seat 0 = South, seat 1 = North). See the module docstring."""

    spec = SPEC
    seat_names = ("South", "North")

    def __init__(self, seed: int | None = None, *, position: str | None = None, to_move: str | int = "south",
                 chance: Chance | None = None) -> None:
        super().__init__()
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed must be a whole number or None, not {seed!r}")
        options = SPEC.validate_options({"position": position, "to_move": to_move})
        self.seed = seed
        self._start_chance(seed, chance)
        self.options = options
        #: ``masks[seat]``: bit ``cell`` set for each piece of ``seat``; ``kings``: bit ``cell``
        #: set where a king stands (the board is these masks: :attr:`board` reads it cell by cell)
        self.masks: tuple[int, int] = (0, 0)
        self.kings = 0
        if not self._begin_teacher_position():
            self._place(_setup())
            self._seat = 0 if self.chance.roll(8, "first player") % 2 == 1 else 1
        self.quiet = 0
        #: the legal actions of the position, worked out once (by the move that reached it)
        self._choices_now: list[Action] | None = None
        if not self._can_move(self._seat):
            self._finish((1 - self._seat,), NO_MOVE)
        self._seal_setup()

    def _set_up_teacher_position(self, position: str) -> str:
        """The option ``position`` (base hook, read by
        :func:`~drezlab.games.courtier.position.parse_position`), ``to_move`` first;
        recorded normalised."""
        placed = parse_position(position, PIECES)
        self._seat = SIDE_NAMES.index(self.options["to_move"])
        self._place(placed)
        return position_text(placed)

    def _place(self, placed: list[tuple[int, str, int]]) -> None:
        """Put ``(seat, piece, cell)`` pieces on the board."""
        masks = list(self.masks)
        for seat, piece, cell in placed:
            masks[seat] |= 1 << cell
            if PIECES[piece] == KING:
                self.kings |= 1 << cell
        self.masks = (masks[0], masks[1])

    @property
    def board(self) -> list[tuple[int, int] | None]:
        """Each cell's piece, ``(seat, GUARD or KING)``, or None (a new list, read from the masks)."""
        return board_of(self.masks, self.kings)

    @property
    def last(self) -> tuple[int, int] | None:
        """The last move's (from, to) cells, read from the history (None before the first)."""
        return (self._history[-1].action.data.frm, self._history[-1].action.data.to) if self._history else None

    @property
    def taken(self) -> tuple[int, ...]:
        """The cells the last move's capture emptied (none before the first move)."""
        return self._history[-1].action.data.removed if self._history else ()

    # ------------------------------------------------------------------ actions
    def _can_move(self, seat: int) -> bool:
        """Has ``seat`` a legal move (D12)? Every step to an empty neighbour is one."""
        empty = ~(self.masks[0] | self.masks[1])
        return any(NEIGHBOUR_BITS[frm] & empty for frm in cells_of(self.masks[seat]))

    def _choices(self) -> list[Action]:
        """Every legal action of the side to move, in the order of :meth:`legal_actions`: a
        step without capture, or one action per capture it may make (D10). Worked out once per
        position: the move that reaches a position finds them to know whether the game goes on
        (D12), and :meth:`legal_actions` and :meth:`random_action` take them from there. Only
        :meth:`_move` and :meth:`_revert` change the position, and each forgets them."""
        if self._choices_now is None:
            self._choices_now = self._find_choices()
        return self._choices_now

    def _find_choices(self) -> list[Action]:
        """:meth:`_choices` from the masks: the cells where an arrival captures are found for
        the whole board at once (:func:`capture_cells`), so a piece none of whose empty
        neighbours is one adds its steps as one tuple (:func:`free_steps`) and only the steps
        to those cells look for their captures; the actions are made once per move
        (:data:`STEPS`, :func:`capture_action`). This is still about 45 % of a random game's
        work (28,800 machine instructions a position, 11,200 of them in
        :func:`capture_cells`, counted with cachegrind): a draw that counts the actions piece
        by piece instead of listing them was tried and cost more (two passes over the pieces)."""
        own, enemies = self.masks[self._seat], self.masks[1 - self._seat]
        empty = ~(own | enemies)
        capturing = capture_cells(own, enemies)
        choices: list[Action] = []
        for frm in _LOW[own & 0x1FF] + _MID[own >> 9 & 0xFF] + _HIGH[own >> 17]:    # cells_of(own), inline
            free = NEIGHBOUR_BITS[frm] & empty
            if not free:
                continue
            steps, targets = _FREE_STEPS[frm].get(free) or free_steps(frm, free)
            if not free & capturing:
                choices += steps
                continue
            for to, bit, step in targets:
                if bit & capturing:
                    options = captures(own ^ (1 << frm | bit), enemies, to)
                    asked = len(options) > 1
                    choices += [capture_action(frm, to, capture, asked) for capture in options]
                else:
                    choices.append(step)
        return choices

    def _generate_actions(self) -> list[Action]:
        return list(self._choices())

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, drawn as :meth:`Game.random_action` draws it (the
        same ``rng.randrange`` over the same list, so a seeded random game is unchanged) from
        the actions the move that reached the position found (:meth:`_choices`), without
        the base class's second list."""
        if self._outcome is not None:
            return super().random_action(rng)
        choices = self._choices_now or self._choices()
        self._vouched = choices[rng.randrange(len(choices))]
        return self._vouched

    def _last_public(self, seat: int | None) -> str | None:
        """The last move in words, as the move log said it (nothing is hidden), read from
        the position before it (the undo snapshot)."""
        if not self._history:
            return None
        step = self._history[-1]
        before: CourtierState = step.undo
        move: Move = step.action.data
        return move_words(self.seat_name(before._seat), board_of(before.masks, before.kings), move.frm, move.to,
                          move.removed, PIECE_NAMES)

    def _explain_illegal(self, text: str) -> str:
        return explain_illegal(self, text)

    def describe(self, action: Any) -> str:
        """A log line in words, computed before the move is played: "South: guard from outer
        ring 5 to inner ring 5, captures the king on inner ring 4"
        (:mod:`drezlab.games.courtier.words`)."""
        move: Move = self.parse(action).data
        return move_words(self.seat_name(self._seat), self.board, move.frm, move.to, move.removed, PIECE_NAMES)

    def _apply(self, action: Action) -> CourtierState:
        before = CourtierState.of(self)
        match action.data:
            case Move(frm=frm, to=to, removed=removed):
                self._move(frm, to, removed)
        return before

    def _move(self, frm: int, to: int, removed: tuple[int, ...]) -> None:
        """One step (turn), its capture (D9-D11) and what ends the game (the kings, D12, 50 quiet moves)."""
        seat = self._seat
        step = 1 << frm | 1 << to
        own, enemy = self.masks[seat] ^ step, self.masks[1 - seat]
        kings = self.kings ^ step if self.kings >> frm & 1 else self.kings
        kings_taken: set[int] = set()
        for cell in removed:                            # the moved piece itself too, in a double capture
            bit = 1 << cell
            owner = seat if own & bit else 1 - seat
            if kings & bit:
                kings_taken.add(owner)
                kings ^= bit
            if owner == seat:
                own ^= bit
            else:
                enemy ^= bit
        self.masks = (own, enemy) if seat == 0 else (enemy, own)
        self.kings = kings
        self.quiet = 0 if removed else self.quiet + 1
        self._seat = 1 - seat
        self._choices_now = None
        if kings_taken:
            if kings_taken == {0, 1}:
                self._finish((), BOTH_KINGS)
            elif kings_taken == {1 - seat}:
                self._finish((seat,), KING_CAPTURED)
            else:
                self._finish((1 - seat,), OWN_KING)
        elif self.quiet >= QUIET_LIMIT:
            self._finish((), QUIET_DRAW)
        elif not self._choices():
            self._finish((seat,), NO_MOVE)

    def _revert(self, action: Action, undo_info: CourtierState) -> None:
        undo_info.restore(self)
        self._choices_now = None

    # ------------------------------------------------------------------ judgement
    def count(self, seat: int) -> int:
        """Pieces ``seat`` has on the board."""
        return self.masks[seat].bit_count()

    def evaluate(self, seat: int) -> float:
        """Piece balance for the generic greedy and search bots: (own − enemy) / 6."""
        return (self.count(seat) - self.count(1 - seat)) / 6

    def adjudicate(self) -> tuple[float, ...] | None:
        """A stopped game: more pieces wins, equal is a draw."""
        south, north = self.count(0), self.count(1)
        if south == north:
            return None
        return (1.0, 0.0) if south > north else (0.0, 1.0)

    # ------------------------------------------------------------------ views and records
    def _cells_text(self) -> tuple[str, ...]:
        return tuple("" if piece is None else f"{SIDE_LETTERS[piece[0]]}:{PIECE_NAMES[piece[1]]}"
                     for piece in self.board)

    def _public(self, seat: int | None) -> dict[str, Any]:
        last = self.last
        return {"cells": self._cells_text(), "quiet": self.quiet,
                "last_move": None if last is None else tuple(CELL_NAMES[c] for c in last),
                "taken": tuple(CELL_NAMES[c] for c in self.taken),
                "pieces": (self.count(0), self.count(1))}

    def _state(self) -> dict[str, Any]:
        last = self.last
        return {"cells": list(self._cells_text()), "seat": self._seat, "quiet": self.quiet,
                "last": None if last is None else list(last), "taken": list(self.taken),
                "outcome": None if self._outcome is None else self._outcome.to_dict()}
