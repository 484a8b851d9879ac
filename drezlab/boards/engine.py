"""The grid engine: positions of chess-like games on any :class:`~drezlab.boards.grid.Grid`.

A :class:`Rules` value says everything that is data: the grid, the piece kinds,
the seats (2 or more) with their teams and orientations, the initial placement,
castlings, pawn start cells, promotion cells and choices. A :class:`Position` is
the mutable state (board, terrain, side to move, castling rights, en-passant
cell, clocks, history) with fast ``push``/``pop`` (make/undo), ``copy``, legal
move generation, check, mate, stalemate, repetition and the 50-move rule.

Variants change behaviour by subclassing :class:`Position` and overriding hooks
(the spirit of python-chess's ``chess.variant`` boards); a hook that is not
overridden costs nothing, because the engine records at class creation which
hooks a subclass overrides and skips the others:

=====================  =========================================================
hook                   what it decides
=====================  =========================================================
``may_stop(code, c)``  may a piece ``code`` end a move on cell ``c`` (kings never
                       in the river, knights never on water)
``stop_cells()``       the cells where ``may_stop`` may say no (default: all); the
                       engine asks ``may_stop`` only there
``stop_rules()``       ``may_stop`` as data, per code: the stop cells where it may
                       stop on terrain and on bare ground (or None: ask); asked
                       once per position object
``line_blocked(code,   does the *empty* cell ``c`` stop a line of ``code`` (an
c)``                   empty river square is a wall); also used for attacks
``line_walls()``       the same as data, much faster: the cells that stop lines
                       while empty and bare (terrain 0: a plank bridges them) and
                       the codes whose lines pass them; asked once per position
``after_move(move,     what happens after a move (a pawn becomes a plank): change
moved, captured)``     things only through ``put``/``set_terrain``/``set_var``,
                       which the undo reverts
``reshape(move)``      what ``after_move`` does to the board for this move: False
                       nothing, ``(code, terrain)`` only the landing cell changes
                       (a plank), True anything (the default if ``after_move`` is
                       overridden); the first two are tested without make/undo
``reshape_cells()``    the same as data: the landing cells where ``reshape`` may
                       say anything but False (the river); asked once per
                       position object
``reshape_codes()``    ... and the codes whose moves there may (the plank-makers)
``extra_moves(out)``   more pseudo-legal moves (re-entry from a reserve)
``make_special(move)`` apply a move whose flag is ``>= VARIANT`` (drift, drowning)
                       through ``put``; return True if it is irreversible
``special_landing(     for a special move that only carries its piece elsewhere:
move)``                where it lands (-1: off the board), so that it is tested
                       without make/undo; None (default): anything may happen
``specials_carry``     (a class value) True when ``special_landing`` always answers
                       (and the variant's own moves are such specials, no drops):
                       a special move by a piece neither the king nor pinned is
                       then kept at once, as a plain one
=====================  =========================================================

Codes: a piece is the int ``seat * 16 + kind`` where ``kind`` is its 1-based index
in ``Rules.kinds``; 0 is an empty cell. Kings (royal kinds) are never captured:
a king left attacked makes the move illegal instead, and "attacked" means by a
piece of an *opponent* seat (a seat on another team). Attacks ignore ``may_stop``
(a king never stands where its attacker may not stop in the variants built here).

Legality is make / test / undo, with two shortcuts. In plain positions (no hooks)
a move not by the king, not en passant, not in check, from a cell on no line
through the king cannot expose the king, so it is not tested. With hooks, a move
that is no special, drop, castling or en passant and that the variant says does not
reshape the board after it beyond its landing cell (``reshape``) is tested by
moving the piece on the board alone (and setting what its landing cell becomes)
and asking whether the king is attacked, without the full make / undo (when only its
two cells change and no attacker lands, only the king's lines through them are walked).
With stops or walls given as data (``stop_cells``, ``line_walls``), moves and attacks
are read from tables worked out once per set of walls and stops: each line split at its
first stop or wall cell (only the cells from there on are tested for them), every move
built in advance; plain positions read their moves from the same tables (no walls, no
stops). The moves that need no test at all (not the king's, not a pinned piece's, a
plain move that reshapes nothing: ``reshape_cells``) are kept by one cheap test; only
the others are tested, in their place in the list. With two seats, "is this cell
attacked" and the check and pins of the side to move are read from the attackers'
side: the opponent's pieces on the cells from which they could attack (one set
intersection), then the cells between. Random play (plies per second, best of three
alternated runs): jumping-bishop chess 2.2x faster, Guadalete 1.5x, the cylinder 1.45x,
swimming 1.2x (issue 24).

A position remembers its legal moves until it changes (``push``, ``pop`` and the
hooks' changes forget them): a game asks for them to judge the end and again to
list its actions, and pays once. Code that changes ``board``, ``terrain`` or
``vars`` in another way calls :meth:`Position.rehash` afterwards.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from drezlab.boards.grid import Grid, ReadOnly
from drezlab.boards.pieces import (
    CASTLE,
    DOUBLE,
    DROP,
    EN_PASSANT,
    NORMAL,
    VARIANT,
    Move,
    PieceKind,
    Vector,
)
from drezlab.core.i18n import add_translations, t

_new = tuple.__new__


class UndoEntry(NamedTuple):
    """What ``pop`` needs to take back one move: the move, the piece moved and the one
    captured (0 none) with its cell, the castling rights, en-passant cell and victim,
    half-move count and key before the move, and the hooks' changes in order
    (``(0, cell, old code)``, ``(1, cell, old terrain)``, ``(2, key, old value)``;
    ``None`` when there were none)."""

    move: Move
    moved: int
    captured: int
    capcell: int
    castling: int
    ep: int
    ep_victim: int
    halfmove: int
    hash: int
    log: tuple[tuple[Any, ...], ...] | None

add_translations({
    "{letter} is not a piece letter here ({letters})": "{letter} no es aquí una letra de pieza ({letters})",
    "{right} is not a castling right here": "{right} no es aquí un derecho de enroque",
    "no pawn can have just passed {square}": "ningún peón puede haber pasado justo por {square}",
    "{move} is not a legal move here": "{move} no es aquí una jugada legal",
})

SEAT_SHIFT = 4
KIND_MASK = 15


def code_of(seat: int, kind: int) -> int:
    """The piece code of ``kind`` (1-based index in ``Rules.kinds``) owned by ``seat``."""
    return (seat << SEAT_SHIFT) | kind


def seat_of(code: int) -> int:
    """The seat owning piece ``code``."""
    return code >> SEAT_SHIFT


def kind_of(code: int) -> int:
    """The 1-based kind index of piece ``code``."""
    return code & KIND_MASK


@dataclass(frozen=True)
class Castling:
    """One castling move of one seat: the king goes ``king_from -> king_to``, the rook
    ``rook_from -> rook_to``; ``empty`` must be empty (apart from king and rook),
    ``safe`` must not be attacked (the king's path; its landing cell is checked as
    for any move); ``letter`` names the right in FEN (``K Q k q``). The castling
    pieces are the seat's royal kind and its kind lettered ``R``."""

    seat: int
    king_from: int
    king_to: int
    rook_from: int
    rook_to: int
    letter: str
    empty: frozenset[int]
    safe: tuple[int, ...]


def castling_on_line(
    grid: Grid,
    seat: int,
    king_from: str,
    king_to: str,
    rook_from: str,
    rook_to: str,
    letter: str,
) -> Castling:
    """A castling along one rank or file: every cell between the outermost of the
    four squares must be empty (except king and rook), and the king's path from
    ``king_from`` up to (not including) ``king_to`` must be unattacked."""
    kf, kt, rf, rt = (grid.cell(s) for s in (king_from, king_to, rook_from, rook_to))
    pts = [grid.coords[c] for c in (kf, kt, rf, rt)]
    same_rank = len({r for _, r in pts}) == 1
    same_file = len({f for f, _ in pts}) == 1
    if not (same_rank or same_file):
        raise ValueError("castling squares must lie on one rank or one file")
    axis = 0 if same_rank else 1
    lo = min(p[axis] for p in pts)
    hi = max(p[axis] for p in pts)
    fixed = pts[0][1 - axis]
    line = [
        grid.at(i, fixed) if axis == 0 else grid.at(fixed, i) for i in range(lo, hi + 1)
    ]
    empty = frozenset(c for c in line if c not in (kf, rf))
    a, b_ = grid.coords[kf][axis], grid.coords[kt][axis]
    step = 1 if b_ >= a else -1
    path = [
        grid.at(i, fixed) if axis == 0 else grid.at(fixed, i)
        for i in range(a, b_, step)
    ]
    return Castling(seat, kf, kt, rf, rt, letter, empty, tuple(path))


@dataclass(frozen=True)
class Rules:
    """Everything about a game that is data (module docstring).

    ``orientation[s] = (forward, right)``: the absolute vectors of seat ``s``'s
    forward and right, turning the kinds' relative vectors into board vectors.
    ``setup`` maps square names to ``(seat, kind letter)``. ``pawn_start[s]`` are the
    cells from which ``s``'s pawns may double-step; ``promotion[s]`` where they
    promote, to one of ``promote_to`` (kind letters). ``teams[s]`` is seat ``s``'s
    team; ``partner_capture`` lets a seat capture its partners' (non-royal) pieces.
    Seats move in order 0, 1, ..., n-1, 0, ...
    """

    grid: Grid
    kinds: tuple[PieceKind, ...]
    seats: int = 2
    teams: tuple[int, ...] = (0, 1)
    orientation: tuple[tuple[Vector, Vector], ...] = (
        ((0, 1), (1, 0)),
        ((0, -1), (-1, 0)),
    )
    setup: Mapping[str, tuple[int, str]] = field(default_factory=dict)
    castlings: tuple[Castling, ...] = ()
    pawn_start: tuple[frozenset[int], ...] = (frozenset(), frozenset())
    promotion: tuple[frozenset[int], ...] = (frozenset(), frozenset())
    promote_to: tuple[str, ...] = ()
    seat_names: tuple[str, ...] = ("white", "black")
    partner_capture: bool = False

    def __post_init__(self) -> None:
        n = self.seats
        if n < 2:
            raise ValueError("a game on the grid engine has at least 2 seats")
        if n > 7:
            raise ValueError("the grid engine supports at most 7 seats")
        if not 1 <= len(self.kinds) <= KIND_MASK:
            raise ValueError("between 1 and 15 piece kinds")
        for name, seq in (
            ("teams", self.teams),
            ("orientation", self.orientation),
            ("pawn_start", self.pawn_start),
            ("promotion", self.promotion),
            ("seat_names", self.seat_names),
        ):
            if len(seq) != n:
                raise ValueError(
                    f"{name} needs one entry per seat ({n}), not {len(seq)}"
                )
        # the setup is read by every position of these rules: a read-only copy, so that no
        # game can change another's start position through its rules
        object.__setattr__(self, "setup", MappingProxyType(dict(self.setup)))
        letters = [k.letter for k in self.kinds]
        if len(set(letters)) != len(letters):
            raise ValueError(f"piece letters must differ: {letters}")
        for p in self.promote_to:
            self.kind_index(p)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the arguments that build it (the read-only setup does not pickle)."""
        values = [getattr(self, f.name) for f in fields(self)]
        values[[f.name for f in fields(self)].index("setup")] = dict(self.setup)
        return (Rules, tuple(values))

    def kind_index(self, letter: str) -> int:
        """The 1-based kind index of the kind written ``letter`` (either case)."""
        up = letter.upper()
        for i, k in enumerate(self.kinds, 1):
            if k.letter == up:
                return i
        raise ValueError(
            t("{letter} is not a piece letter here ({letters})").format(
                letter=repr(letter), letters="".join(k.letter for k in self.kinds)
            )
        )

    def absolute(self, seat: int, v: Vector) -> Vector:
        """Seat-relative vector ``v = (right, forward)`` as a board vector."""
        (fx, fy), (rx, ry) = self.orientation[seat]
        x, y = v
        return (x * rx + y * fx, x * ry + y * fy)

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The seats on another team than ``seat``."""
        return tuple(s for s in range(self.seats) if self.teams[s] != self.teams[seat])


class _Tables(ReadOnly):
    """Precomputed move and attack tables of one :class:`Rules` (shared by every
    position of those rules, built once and cached by rules object).

    Read-only all the way down (tuples, frozensets, no attribute may be set once
    built): every game in the process reads the same tables, so a copy or a view that
    reaches them must not be able to change another game's moves."""

    __slots__ = (
        "att_leaps",
        "att_rays",
        "capturable",
        "castle_king",
        "castle_rook",
        "ep_capture",
        "gen",
        "keep",
        "lines",
        "merged",
        "n",
        "ncode",
        "next_seat",
        "opponents",
        "passed",
        "pawn",
        "promo",
        "promote_kinds",
        "promotes",
        "royal",
        "z_castle",
        "z_ep",
        "z_piece",
        "z_seed",
        "z_turn",
    )

    gen: tuple[tuple[tuple[Any, ...], ...], ...]
    """forward generation: ``gen[code][cell] = (is_pawn, lmc, lm, lc, rmc, rm, rc)``:
    the leaps that move and capture, only move, only capture, then the rays likewise"""
    att_leaps: tuple[tuple[tuple[tuple[tuple[int, ...], frozenset[int]], ...], ...], ...]
    """reverse attacks by leaps per attacking seat: ``att_leaps[s][cell] = ((cells, codes), ...)``"""
    att_rays: tuple[tuple[tuple[tuple[tuple[int, ...], frozenset[int]], ...], ...], ...]
    """reverse attacks along lines: ``att_rays[s][cell] = ((ray from cell, codes), ...)``"""
    merged: Mapping[tuple[int, ...], tuple[Any, Any]]
    """for a seat's opponents when they are several (four seats): their leaps and rays
    per cell merged, ``(leaps[cell], rays[cell])``, so that a line is walked once"""

    def __init__(self, rules: Rules) -> None:
        grid = rules.grid
        n = len(grid)
        seats = rules.seats
        self.n = n
        ncode = (seats << SEAT_SHIFT) + 1
        self.ncode = ncode
        kinds = rules.kinds
        royal = [False] * ncode
        pawn = [False] * ncode
        promotes = [False] * ncode
        for s in range(seats):
            for i, k in enumerate(kinds, 1):
                c = code_of(s, i)
                royal[c] = k.royal
                pawn[c] = k.pawn
                promotes[c] = k.promotes
        self.royal: tuple[bool, ...] = tuple(royal)
        self.pawn: tuple[bool, ...] = tuple(pawn)
        self.promotes: tuple[bool, ...] = tuple(promotes)
        empty_gen: tuple[Any, ...] = (False, (), (), (), (), (), ())
        gen: list[list[tuple[Any, ...]]] = [[empty_gen] * n for _ in range(ncode)]
        att_leaps = []
        att_rays = []
        for s in range(seats):
            leap_by_vec: dict[Vector, set[int]] = {}
            ray_by_vec: dict[Vector, set[int]] = {}
            for i, k in enumerate(kinds, 1):
                c = code_of(s, i)
                start = rules.pawn_start[s] if k.pawn else frozenset()
                for cell in range(n):
                    lmc: list[int] = []
                    lm: list[int] = []
                    lc: list[int] = []
                    rmc: list[tuple[int, ...]] = []
                    rm: list[tuple[int, ...]] = []
                    rc: list[tuple[int, ...]] = []
                    for comp in k.components:
                        for v in comp.vectors:
                            av = rules.absolute(s, v)
                            if comp.rider and comp.limit != 1:
                                limit = comp.limit
                                if (
                                    limit
                                    and k.pawn
                                    and comp.mode == "m"
                                    and cell in start
                                ):
                                    limit += 1
                                ray = grid.ray(cell, av[0], av[1], limit)
                                if ray:
                                    {"mc": rmc, "m": rm, "c": rc}[comp.mode].append(ray)
                            else:
                                limit = 1
                                if k.pawn and comp.mode == "m" and cell in start:
                                    ray = grid.ray(cell, av[0], av[1], 2)
                                    if ray:
                                        rm.append(ray)
                                    continue
                                t = grid.offset(cell, av[0], av[1])
                                if t >= 0 and t != cell:
                                    {"mc": lmc, "m": lm, "c": lc}[comp.mode].append(t)
                    gen[c][cell] = (
                        k.pawn,
                        tuple(dict.fromkeys(lmc)),
                        tuple(dict.fromkeys(lm)),
                        tuple(dict.fromkeys(lc)),
                        tuple(rmc),
                        tuple(rm),
                        tuple(rc),
                    )
                for comp in k.components:
                    if "c" not in comp.mode:
                        continue
                    for v in comp.vectors:
                        ax, ay = rules.absolute(s, v)
                        back = (-ax, -ay)
                        if comp.rider and comp.limit != 1:
                            ray_by_vec.setdefault(back, set()).add(c)
                        else:
                            leap_by_vec.setdefault(back, set()).add(c)
            leaps_s = []
            rays_s = []
            for cell in range(n):
                by_codes: dict[frozenset[int], list[int]] = {}
                for (dx, dy), codes in leap_by_vec.items():
                    t = grid.offset(cell, dx, dy)
                    if t >= 0 and t != cell:
                        lst = by_codes.setdefault(frozenset(codes), [])
                        if t not in lst:
                            lst.append(t)
                leaps_s.append(tuple((tuple(v), k) for k, v in by_codes.items()))
                rl = []
                for (dx, dy), codes in ray_by_vec.items():
                    ray = grid.ray(cell, dx, dy)
                    if ray:
                        rl.append((ray, frozenset(codes)))
                rays_s.append(tuple(rl))
            att_leaps.append(tuple(leaps_s))
            att_rays.append(tuple(rays_s))
        self.gen = tuple(tuple(row) for row in gen)
        #: per seat: may a pawn of that seat capture at all (else en passant never happens)?
        self.ep_capture: tuple[bool, ...] = tuple(
            any(pawn[c] and any(entry[3] for entry in gen[c]) for c in range(ncode) if seat_of(c) == s)
            for s in range(seats))
        self.att_leaps = tuple(att_leaps)
        self.att_rays = tuple(att_rays)
        # cells on a line through a cell (for the pin shortcut): any rider direction
        dirs: set[Vector] = set()
        for s in range(seats):
            for k in kinds:
                for comp in k.components:
                    if comp.rider and comp.limit != 1 and "c" in comp.mode:
                        for v in comp.vectors:
                            dirs.add(rules.absolute(s, v))
        lines = []
        for cell in range(n):
            on: set[int] = set()
            for dx, dy in dirs:
                on.update(grid.ray(cell, dx, dy))
            lines.append(frozenset(on))
        self.lines: tuple[frozenset[int], ...] = tuple(lines)
        # capturable[seat][code]
        capturable = []
        for s in range(seats):
            row = [False] * ncode
            for code in range(1, ncode):
                o = seat_of(code)
                ki = kind_of(code)
                if ki == 0 or ki > len(kinds) or o >= seats or royal[code]:
                    continue
                if rules.teams[o] != rules.teams[s] or (
                    rules.partner_capture and o != s
                ):
                    row[code] = True
            capturable.append(tuple(row))
        self.capturable: tuple[tuple[bool, ...], ...] = tuple(capturable)
        self.opponents: tuple[tuple[int, ...], ...] = tuple(rules.opponents(s) for s in range(seats))
        merged: dict[tuple[int, ...], tuple[Any, Any]] = {}
        for opp in self.opponents:
            if len(opp) < 2 or opp in merged:
                continue
            leaps_m = []
            rays_m = []
            for cell in range(n):
                leaps_m.append(tuple(entry for o in opp for entry in self.att_leaps[o][cell]))
                by_ray: dict[tuple[int, ...], frozenset[int]] = {}
                for o in opp:
                    for ray, attackers in self.att_rays[o][cell]:
                        by_ray[ray] = by_ray.get(ray, frozenset()) | attackers
                rays_m.append(tuple(by_ray.items()))
            merged[opp] = (tuple(leaps_m), tuple(rays_m))
        self.merged = MappingProxyType(merged)
        # castling: rights bit i for rules.castlings[i]; keep[cell] = mask kept when a
        # move starts or ends on cell
        allbits = (1 << len(rules.castlings)) - 1
        keep = [allbits] * n
        castle_rook = []
        for i, cs in enumerate(rules.castlings):
            keep[cs.king_from] &= ~(1 << i)
            keep[cs.rook_from] &= ~(1 << i)
            castle_rook.append(
                next(
                    (
                        code_of(cs.seat, j)
                        for j, k in enumerate(kinds, 1)
                        if k.letter == "R"
                    ),
                    -1,
                )
            )
        self.keep: tuple[int, ...] = tuple(keep)
        #: the seat after each seat, and per seat and cell the cell a double step to it
        #: passed (-1 off the board): what ``push`` reads for every move and double step
        self.next_seat: tuple[int, ...] = tuple((s + 1) % seats for s in range(seats))
        self.passed: tuple[tuple[int, ...], ...] = tuple(
            tuple(grid.offset(cell, -fwd[0], -fwd[1]) for cell in range(n))
            for fwd, _right in rules.orientation
        )
        self.castle_rook: tuple[int, ...] = tuple(castle_rook)
        self.castle_king: tuple[int, ...] = tuple(
            next(code_of(cs.seat, j) for j, k in enumerate(kinds, 1) if k.royal)
            for cs in rules.castlings
        )
        self.promo: tuple[frozenset[int], ...] = tuple(frozenset(p) for p in rules.promotion)
        self.promote_kinds = tuple(rules.kind_index(p) for p in rules.promote_to)
        rng = random.Random(0x6D5EED)
        self.z_piece: tuple[tuple[int, ...], ...] = tuple(
            tuple(rng.getrandbits(64) for _ in range(n)) for _ in range(ncode)
        )
        self.z_turn: tuple[int, ...] = tuple(rng.getrandbits(64) for _ in range(seats))
        self.z_castle: tuple[int, ...] = tuple(
            rng.getrandbits(64) for _ in range(max(1, len(rules.castlings)))
        )
        self.z_ep: tuple[int, ...] = tuple(rng.getrandbits(64) for _ in range(n))
        self.z_seed = rng.getrandbits(64)
        self._seal()


_TABLES: dict[int, tuple[Rules, _Tables]] = {}


def _tables(rules: Rules) -> _Tables:
    hit = _TABLES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    t = _Tables(rules)
    _TABLES[id(rules)] = (rules, t)
    return t


class _Walled(ReadOnly):
    """The move and attack tables of one :class:`Rules` read through one set of walls
    (``line_walls``) and stop cells (``stop_cells``): what the river variants would
    otherwise test cell by cell, worked out once per cell (read-only, shared by every
    position with those walls and stops, cached like :class:`_Tables`).

    ``gen[code][cell] = (slow, ep_cells, lstop, walled, lmc, lm, lc, rmc, rm, rc)``:
    ``slow`` for a pawn that may promote from this cell (``_pawn_moves`` generates its
    moves); ``ep_cells`` a pawn's capture cells (for en passant), ``lstop`` whether a
    leap may land on a stop cell, ``walled`` whether walls stop this code's lines; the
    leaps as ``(cell, move)`` pairs, the rays as ``(free, rest)`` pairs of such pairs:
    ``free`` the cells before the ray's first stop cell (or wall, if walled), where
    only pieces matter, ``rest`` the others. Each move is the plain ``Move`` of that
    step (``DOUBLE`` for a pawn's double step), built once.

    ``leaps[s][cell]``: ``(cell, codes)``, the cells from which pieces ``codes`` of
    seat ``s`` attack ``cell`` by a leap; ``att[s][cell]``: ``(free, rest, codes,
    passing codes)`` per line of attack towards ``cell``, ``free`` up to its first wall;
    ``through[s][king]``: ``{cell: the lines of att[s][king] that pass it}``.

    The same attacks from the attacker's side, for ``attacked``: ``near[s][cell]`` the
    cells from which a piece of seat ``s`` may attack ``cell`` (by a leap or along a
    line), and ``reach[s][cell][c][code]`` for each of them, indexed by the piece code
    standing on ``c``: None if that code does not attack ``cell`` from ``c``, True if it
    does by a leap, else its lines through ``c`` towards ``cell`` as ``(cells between,
    wall cells between, passes walls)``. Indexed by code so that a candidate that
    cannot attack (a pawn that never captures, a rook off its lines) costs one tuple
    look-up, not a test per line (with ``reshape_codes``: 8 % fewer instructions a ply in
    Guadalete's random play, 9 % in the cylinder's, valgrind).
    """

    __slots__ = ("att", "gen", "leaps", "near", "reach", "through", "walls")

    gen: tuple[tuple[tuple[Any, ...], ...], ...]
    att: tuple[tuple[tuple[tuple[Any, ...], ...], ...], ...]
    leaps: tuple[tuple[tuple[tuple[int, frozenset[int]], ...], ...], ...]
    near: tuple[tuple[frozenset[int], ...], ...]
    reach: tuple[tuple[tuple[tuple[Any, ...] | None, ...], ...], ...]
    through: tuple[tuple[Mapping[int, tuple[tuple[Any, ...], ...]], ...], ...]
    walls: tuple[bool, ...]

    def __init__(self, rules: Rules, t: _Tables, walls: Sequence[bool], passing: frozenset[int],
                 stops: Iterable[int]) -> None:
        n = t.n
        wallset = frozenset(c for c in range(n) if walls and walls[c])
        stopset = frozenset(stops)
        self.walls = tuple(walls) if wallset else ()
        made: dict[tuple[int, int, int], Move] = {}
        plain: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, Move], ...]] = {}

        def pairs(frm: int, cells: tuple[int, ...], doubles: frozenset[int]) -> tuple[tuple[int, Move], ...]:
            if not doubles:
                hit = plain.get((frm, cells))
                if hit is not None:
                    return hit
            out = []
            for to in cells:
                key = (frm, to, DOUBLE if to in doubles else NORMAL)
                m = made.get(key)
                if m is None:
                    m = made[key] = Move(frm, to, 0, key[2], 0)
                out.append((to, m))
            found = tuple(out)
            if not doubles:
                plain[(frm, cells)] = found
            return found

        def split(frm: int, rays: Sequence[tuple[int, ...]], stop: frozenset[int],
                  doubles: frozenset[int]) -> tuple[Any, ...]:
            out = []
            for ray in rays:
                i = 0
                while i < len(ray) and ray[i] not in stop:
                    i += 1
                out.append((pairs(frm, ray[:i], doubles), pairs(frm, ray[i:], doubles)))
            return tuple(out)

        empty: tuple[Any, ...] = (False, (), False, False, (), (), (), (), (), ())
        gen = []
        for code in range(t.ncode):
            seat = code >> SEAT_SHIFT
            walled = bool(wallset) and code not in passing
            stop = stopset | wallset if walled else stopset
            row: list[tuple[Any, ...]] = []
            for cell in range(n):
                is_pawn, lmc, lm, lc, rmc, rm, rc = t.gen[code][cell]
                if not (lmc or lm or lc or rmc or rm or rc):
                    row.append(empty)
                    continue
                doubles: frozenset[int] = frozenset()
                slow = False
                if is_pawn:
                    if cell in rules.pawn_start[seat]:
                        doubles = frozenset(ray[1] for ray in rm if len(ray) == 2)
                    if t.promotes[code]:
                        reach = {*lmc, *lm, *lc, *(x for rays in (rmc, rm, rc) for ray in rays for x in ray)}
                        slow = bool(reach & t.promo[seat])
                row.append((
                    slow,
                    tuple(lc) if is_pawn else (),
                    any(x in stopset for x in (*lmc, *lm, *lc)),
                    walled,
                    pairs(cell, lmc, doubles),
                    pairs(cell, lm, doubles),
                    pairs(cell, lc, doubles),
                    split(cell, rmc, stop, doubles),
                    split(cell, rm, stop, doubles),
                    split(cell, rc, stop, doubles),
                ))
            gen.append(tuple(row))
        self.gen = tuple(gen)
        att = []
        leaps = []
        through = []
        nears = []
        reaches = []
        for s in range(rules.seats):
            att_s = []
            leaps_s = []
            through_s = []
            near_s = []
            reach_s = []
            for cell in range(n):
                lines = []
                by_cell: dict[int, list[tuple[Any, ...]]] = {}
                from_cell: dict[int, tuple[frozenset[int], tuple[Any, ...]]] = {}
                for ray, codes in t.att_rays[s][cell]:
                    i = 0
                    while i < len(ray) and ray[i] not in wallset:
                        i += 1
                    line = (ray[:i], ray[i:], codes, codes & passing)
                    lines.append(line)
                    for j, c in enumerate(ray):
                        by_cell.setdefault(c, []).append(line)
                        between = ray[:j]
                        bare = tuple(x for x in between if x in wallset)
                        leap, found = from_cell.get(c, (frozenset(), ()))
                        from_cell[c] = (leap, (*found, (codes, between, bare, codes & passing)))
                att_s.append(tuple(lines))
                leaps_s.append(tuple((c, codes) for cells, codes in t.att_leaps[s][cell] for c in cells))
                for c, codes in leaps_s[-1]:
                    leap, found = from_cell.get(c, (frozenset(), ()))
                    from_cell[c] = (leap | codes, found)
                through_s.append(MappingProxyType({c: tuple(found) for c, found in by_cell.items()}))
                near_s.append(frozenset(from_cell))
                reach_s.append(tuple(_by_code(from_cell.get(c), t.ncode, passing) for c in range(n)))
            att.append(tuple(att_s))
            leaps.append(tuple(leaps_s))
            through.append(tuple(through_s))
            nears.append(tuple(near_s))
            reaches.append(tuple(reach_s))
        self.att = tuple(att)
        self.leaps = tuple(leaps)
        self.through = tuple(through)
        self.near = tuple(nears)
        self.reach = tuple(reaches)
        self._seal()


def _by_code(found: tuple[frozenset[int], tuple[Any, ...]] | None, ncode: int,
             passing: frozenset[int]) -> tuple[Any, ...] | None:
    """One cell's entry of ``_Walled.reach``: ``(leap codes, lines)`` turned into a tuple
    indexed by code (None: no attack; True: a leap; else the code's lines, in order)."""
    if found is None:
        return None
    leap, lines = found
    by_code: list[Any] = [None] * ncode
    for code in leap:
        by_code[code] = True
    for codes, between, bare, _passing in lines:
        for code in codes:
            if by_code[code] is not True:
                by_code[code] = (*(by_code[code] or ()), (between, bare, code in passing))
    return tuple(by_code)


_WALLED: dict[tuple[Any, ...], _Walled] = {}


def _walled(rules: Rules, t: _Tables, walls: Sequence[bool], passing: frozenset[int],
            stops: Iterable[int]) -> _Walled:
    """The :class:`_Walled` tables of ``rules`` for these walls and stops (cached)."""
    key = (t, tuple(walls), passing, stops if isinstance(stops, frozenset) else frozenset(stops))
    hit = _WALLED.get(key)
    if hit is None:
        if len(_WALLED) >= 64:      # walls that change from position to position: no cache
            _WALLED.clear()
        hit = _WALLED[key] = _Walled(rules, t, walls, passing, stops)
    return hit


def lines_hit(board: Sequence[int], rays: Iterable[tuple[Sequence[int], Collection[int]]]) -> bool:
    """Is the first piece on one of the lines ``rays`` (``(cells outward, attacking
    codes)`` pairs) one of that line's codes? The attack along lines of boards without
    walls (several opponents: the cross board's tables too)."""
    for ray, codes in rays:
        for c in ray:
            p = board[c]
            if p:
                if p in codes:
                    return True
                break
    return False


def _mix(*parts: int) -> int:
    """A deterministic 64-bit key for a tuple of small ints (terrain and variant
    values in the position key)."""
    x = 0x9E3779B97F4A7C15
    for p in parts:
        x = (x ^ (p & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 31
    return x


class Position:
    """A mutable position under some :class:`Rules` (see the module docstring).

    Public state (read it, change it only through ``push``/``pop`` or the hooks'
    ``put``/``set_terrain``/``set_var``): ``board`` (a code per cell), ``terrain``
    (an int per cell, 0 = plain; variants give meanings), ``turn`` (the seat to
    move), ``castling`` (bit ``i`` = ``rules.castlings[i]`` still allowed), ``ep``
    (the cell a double-stepping pawn passed, -1), ``halfmove`` (plies since a capture
    or pawn move), ``ply`` (plies since the start), ``vars`` (a variant's own small
    values: ints, strings or tuples), ``kings`` (each seat's king cell or -1).
    """

    _hook_stop: ClassVar[bool] = False
    _hook_line: ClassVar[bool] = False
    _hook_walls: ClassVar[bool] = False
    _hook_after: ClassVar[bool] = False
    _hook_extra: ClassVar[bool] = False
    _hook_table: ClassVar[bool] = False
    _plain: ClassVar[bool] = True
    #: does every special move only carry its piece (``special_landing`` never None), and
    #: are the variant's own moves (``pseudo_moves``) only such specials, never drops?
    specials_carry: ClassVar[bool] = False
    #: pseudo-legal moves read from the ``_Walled`` tables (no walls or stops: plain chess)
    _table_gen: ClassVar[bool] = True
    #: no special move or drop is ever generated (``pseudo_moves`` and ``extra_moves`` as
    #: the engine has them), so a move's flag says only: plain, double step, en passant or castling
    _no_specials: ClassVar[bool] = True

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._hook_stop = cls.may_stop is not Position.may_stop
        cls._hook_walls = cls.line_walls is not Position.line_walls
        cls._hook_line = cls._hook_walls or cls.line_blocked is not Position.line_blocked
        cls._hook_after = cls.after_move is not Position.after_move
        cls._hook_extra = cls.extra_moves is not Position.extra_moves
        # stops and walls as data: moves and attacks read from the per-cell ``_Walled``
        cls._hook_table = cls._hook_walls or (cls._hook_stop and not cls._hook_line)
        cls._plain = not (
            cls._hook_stop
            or cls._hook_line
            or cls._hook_after
            or cls._hook_extra
            or cls.make_special is not Position.make_special
        )
        # plain positions read their moves from the same tables (no walls, no stops);
        # a stop hook without data (``line_blocked`` alone) asks cell by cell instead
        cls._table_gen = cls._hook_table or cls._plain
        cls._no_specials = cls.pseudo_moves is Position.pseudo_moves and not cls._hook_extra

    __slots__ = (
        "__dict__",
        "_legal",
        "_log",
        "_reshaping",
        "_stack",
        "_stop_cells",
        "_stop_ok",
        "_t",
        "_walls",
        "_wt",
        "board",
        "castling",
        "ep",
        "ep_victim",
        "grid",
        "halfmove",
        "hash",
        "history",
        "kings",
        "pieces",
        "ply",
        "rules",
        "terrain",
        "turn",
        "vars",
    )

    @property
    def tables(self) -> _Tables:
        """The move tables precomputed for its rules (read only: shared by every position
        of these rules), for a bot that walks only part of the moves, such as captures."""
        return self._t

    # -- construction ---------------------------------------------------------------
    def __init__(self, rules: Rules, *, empty: bool = False) -> None:
        self.rules = rules
        self.grid = rules.grid
        self._t = _tables(rules)
        n = len(rules.grid)
        self.board = [0] * n
        self.terrain = [0] * n
        self.turn = 0
        self.castling = 0
        self.ep = -1
        self.ep_victim = -1
        self.halfmove = 0
        self.ply = 0
        self.kings = [-1] * rules.seats
        self.pieces: list[set[int]] = [set() for _ in range(rules.seats)]
        self.vars: dict[str, Any] = {}
        self._stack: list[UndoEntry] = []
        self._log: list[tuple[Any, ...]] | None = None
        self._legal: tuple[Move, ...] | None = None
        self._walls: tuple[tuple[bool, ...], frozenset[int]] | None = None
        self._wt: _Walled | None = None
        self._stop_cells: frozenset[int] | range | None = None
        self._stop_ok: tuple[tuple[frozenset[int], frozenset[int]] | None, ...] | None = None
        self._reshaping: tuple[frozenset[int] | None, frozenset[int] | None] | None = None
        self.hash = 0
        self.history: list[int] = []
        if not empty:
            for square, (seat, letter) in rules.setup.items():
                self._place(
                    rules.grid.cell(square), code_of(seat, rules.kind_index(letter))
                )
            self.castling = (1 << len(rules.castlings)) - 1
            self._drop_impossible_rights()
        self.rehash()

    def _place(self, cell: int, code: int) -> None:
        self._legal = None
        old = self.board[cell]
        if old:
            self.pieces[seat_of(old)].discard(cell)
            if self._t.royal[old] and self.kings[seat_of(old)] == cell:
                self.kings[seat_of(old)] = -1
        self.board[cell] = code
        if code:
            self.pieces[seat_of(code)].add(cell)
            if self._t.royal[code]:
                self.kings[seat_of(code)] = cell

    def _drop_impossible_rights(self) -> None:
        t = self._t
        for i, cs in enumerate(self.rules.castlings):
            if (
                self.board[cs.king_from] != t.castle_king[i]
                or self.board[cs.rook_from] != t.castle_rook[i]
            ):
                self.castling &= ~(1 << i)

    @classmethod
    def from_placement(
        cls,
        rules: Rules,
        placement: Mapping[str, tuple[int, str]],
        *,
        turn: int = 0,
        castling: str = "",
        ep: str | None = None,
        halfmove: int = 0,
        ply: int = 0,
        terrain: Mapping[str, int] | None = None,
    ) -> Position:
        """A position with the pieces ``{square: (seat, letter)}`` (nothing else),
        ``turn`` to move, the castling rights named by their letters, the en-passant
        cell, clocks and terrain values; ``ValueError`` for anything inconsistent."""
        pos = cls(rules, empty=True)
        for square, (seat, letter) in placement.items():
            if not 0 <= seat < rules.seats:
                raise ValueError(
                    f"seat {seat} does not exist (seats 0..{rules.seats - 1})"
                )
            pos._place(rules.grid.cell(square), code_of(seat, rules.kind_index(letter)))
        for square, value in (terrain or {}).items():
            pos.terrain[rules.grid.cell(square)] = int(value)
        if not 0 <= turn < rules.seats:
            raise ValueError(f"seat {turn} cannot be to move")
        pos.turn = turn
        for ch in castling:
            for i, cs in enumerate(rules.castlings):
                if cs.letter == ch:
                    pos.castling |= 1 << i
                    break
            else:
                raise ValueError(t("{right} is not a castling right here").format(right=repr(ch)))
        pos._drop_impossible_rights()
        if ep:
            cell = rules.grid.cell(ep)
            pos.ep = cell
            pos.ep_victim = pos._ep_victim_of(cell)
        pos.halfmove = halfmove
        pos.ply = ply
        pos.rehash()
        return pos

    def _ep_victim_of(self, cell: int) -> int:
        """The pawn that just passed ``cell``: the opponent pawn one step beyond it
        in its own forward direction (the seat before the side to move)."""
        rules = self.rules
        prev = (self.turn - 1) % rules.seats
        fwd = rules.orientation[prev][0]
        victim = self.grid.offset(cell, fwd[0], fwd[1])
        if victim < 0 or not (self.board[victim] and self._t.pawn[self.board[victim]]):
            raise ValueError(
                t("no pawn can have just passed {square}").format(square=self.grid.name(cell))
            )
        return victim

    def rehash(self) -> None:
        """Recompute the position key from scratch (after building a position by
        hand) and restart the repetition history at it; the moves worked out before
        are forgotten."""
        self._legal = None
        self.hash = self._full_hash()
        self.history = [self.hash]

    def _full_hash(self) -> int:
        t = self._t
        h = t.z_turn[self.turn]
        for cell, code in enumerate(self.board):
            if code:
                h ^= t.z_piece[code][cell]
        for cell, ter in enumerate(self.terrain):
            if ter:
                h ^= _mix(1, cell, ter)
        for i in range(len(self.rules.castlings)):
            if self.castling >> i & 1:
                h ^= t.z_castle[i]
        if self.ep >= 0:
            h ^= t.z_ep[self.ep]
        for key, value in sorted(self.vars.items()):
            h ^= _mix(2, hash((key, value)) & 0xFFFFFFFFFFFF)
        return h

    def copy(self) -> Position:
        """An independent copy with the same history (so ``pop`` works on it). It shares
        only read-only values with this position (rules, grid, tables, moves and walls
        already worked out, undo entries); a variant's own lists, dicts and sets are
        copied one level deep (a variant with nested ones copies them itself)."""
        cls = type(self)
        new = cls.__new__(cls)
        new.rules = self.rules
        new.grid = self.grid
        new._t = self._t
        new.board = self.board[:]
        new.terrain = self.terrain[:]
        new.turn = self.turn
        new.castling = self.castling
        new.ep = self.ep
        new.ep_victim = self.ep_victim
        new.halfmove = self.halfmove
        new.ply = self.ply
        new.kings = self.kings[:]
        new.pieces = [set(p) for p in self.pieces]
        new.hash = self.hash
        new.history = self.history[:]
        new.vars = dict(self.vars)
        new._stack = self._stack[:]
        new._log = None
        new._legal = self._legal
        new._walls = self._walls
        new._wt = self._wt
        new._stop_cells = self._stop_cells
        new._stop_ok = self._stop_ok
        new._reshaping = self._reshaping
        if self.__dict__:
            new.__dict__.update({key: value.copy() if type(value) in (list, dict, set) else value
                                 for key, value in self.__dict__.items()})
        return new

    # -- variant hooks (defaults = standard chess) ---------------------------------------
    def may_stop(self, code: int, cell: int) -> bool:
        """May piece ``code`` end a move on ``cell``? (Default: yes.)"""
        return True

    def stop_cells(self) -> frozenset[int] | None:
        """The cells where ``may_stop`` may answer no, whatever the position (asked
        once per position; the engine asks ``may_stop`` only about them). (Default:
        None, any cell.)"""
        return None

    def _stops(self) -> frozenset[int] | range:
        """``stop_cells()``, or every cell, worked out once per position."""
        stops = self._stop_cells
        if stops is None:
            stops = self._stop_cells = self.stop_cells() or range(len(self.board))
        return stops

    def stop_rules(self) -> tuple[tuple[frozenset[int], frozenset[int]] | None, ...] | None:
        """``may_stop`` as data, where it depends only on the piece code, the cell and
        whether the cell's terrain is 0: per code, the stop cells where that piece may
        stop ``(when the terrain is not 0, when it is 0)``, or None (``may_stop`` is
        asked). Fixed for the game: asked once per position object; the table's move
        generation then reads it instead of calling ``may_stop`` (Guadalete: eight calls
        a ply, 2 % of its instructions). (Default: None, ``may_stop`` is asked.)"""
        return None

    def _stop_table(self) -> tuple[tuple[frozenset[int], frozenset[int]] | None, ...]:
        """``stop_rules()`` (a None per code without it), worked out once per position."""
        table = self._stop_ok
        if table is None:
            table = self._stop_ok = self.stop_rules() or (None,) * self._t.ncode
        return table

    def line_blocked(self, code: int, cell: int) -> bool:
        """Does the empty ``cell`` stop a line (a rider's move or attack) of piece
        ``code``? (Default: what ``line_walls`` says; without it, no: only pieces,
        holes and edges stop lines.)"""
        if not self._hook_walls:
            return False
        water, passing = self._wall_state()
        return water[cell] and not self.terrain[cell] and code not in passing

    def line_walls(self) -> tuple[frozenset[int], frozenset[int]]:
        """The walls as data: the cells that stop lines while empty and bare (terrain
        0; any terrain value bridges them, as a plank bridges the river), and the codes
        whose lines pass them anyway. A variant overrides this instead of
        ``line_blocked`` when its walls are of that kind: lines and attacks then cost
        a look-up per cell. Asked once per position. (Default: no walls.)"""
        return frozenset(), frozenset()

    def _wall_state(self) -> tuple[tuple[bool, ...], frozenset[int]]:
        """``line_walls()`` as a per-cell table, worked out once per position."""
        walls = self._walls
        if walls is None:
            cells, passing = self.line_walls()
            walls = self._walls = (tuple(cell in cells for cell in range(len(self.board))), passing)
        return walls

    def _walled(self) -> _Walled:
        """The tables read through this position's walls and stops (``_Walled``),
        looked up once per position."""
        wt = self._wt
        if wt is None:
            walls, passing = self._wall_state() if self._hook_walls else ((), frozenset())
            stops = self._stops() if self._hook_stop else frozenset()
            wt = self._wt = _walled(self.rules, self._t, walls, passing, stops)
        return wt

    def special_landing(self, move: Move) -> int | None:
        """For a special move (flag ``>= VARIANT``) that only carries the piece on
        ``move.frm`` to another cell, taking what stands there, or off the board: that
        cell, or -1 off the board. Such a move is tested for legality without make /
        undo. (Default: None, anything may happen.)"""
        return None

    def reshape(self, move: Move) -> bool | tuple[int, int]:
        """What ``after_move`` does to the board after ``move``: ``False`` nothing
        (the board is as the move left it), ``(code, terrain)`` only the landing cell
        changes, to piece ``code`` (0: none) on terrain ``terrain`` (a pawn becoming a
        plank), ``True`` possibly anything. Legality is tested by moving the piece
        alone unless the answer is True (module docstring), so say True whenever in
        doubt. (Default: True for every move when ``after_move`` is overridden.)"""
        return self._hook_after

    def reshape_cells(self) -> frozenset[int] | None:
        """The landing cells of the moves for which ``reshape`` may answer anything but
        False (a pawn entering the river), so that the other moves are not asked: a
        plain move elsewhere by a piece that is neither the king nor pinned is legal
        at once. Fixed for the game: asked once per position object, then kept (copies
        too). (Default: None, any cell.)"""
        return None

    def reshape_codes(self) -> frozenset[int] | None:
        """The piece codes whose moves onto ``reshape_cells`` ``reshape`` may answer
        anything but False for (the plank-making pawns), so that a knight landing on a
        plank is kept like a move elsewhere; fixed for the game, asked once per position
        object (Guadalete: four moves a ply fewer asked of ``reshape``). (Default: None,
        any code.)"""
        return None

    def _reshape_data(self) -> tuple[frozenset[int] | None, frozenset[int] | None]:
        """``(reshape_cells(), reshape_codes())``, worked out once per position."""
        found = self._reshaping
        if found is None:
            found = self._reshaping = (self.reshape_cells(), self.reshape_codes())
        return found

    def after_move(self, move: Move, moved: int, captured: int) -> None:
        """Called after ``move`` (piece ``moved``, ``captured`` = code taken or 0) is
        on the board and the turn has passed; change things only through ``put``,
        ``set_terrain`` and ``set_var``. (Default: nothing.)"""

    def extra_moves(self, out: list[Move]) -> None:
        """Append pseudo-legal moves of the side to move that the piece tables do not
        produce (drops, re-entries). (Default: none.)"""

    def make_special(self, move: Move) -> bool:
        """Apply a move whose flag is ``>= VARIANT`` through ``put`` etc.; return True
        if it resets the 50-move count. (Default: such moves do not exist.)"""
        raise ValueError(f"this game has no special move {move}")

    # -- changes a hook may make (undone by pop) ---------------------------------------
    def put(self, cell: int, code: int) -> None:
        """Set ``cell`` to piece ``code`` (0 = empty), keeping the piece sets, kings
        and key up to date; the change is undone by ``pop``."""
        old = self.board[cell]
        if old == code:
            return
        if self._log is None:
            self._log = []
        self._log.append((0, cell, old))
        self._legal = None
        z = self._t.z_piece
        if old:
            self.hash ^= z[old][cell]
        if code:
            self.hash ^= z[code][cell]
        self._place(cell, code)

    def set_terrain(self, cell: int, value: int) -> None:
        """Set the terrain value of ``cell`` (undone by ``pop``)."""
        old = self.terrain[cell]
        if old == value:
            return
        if self._log is None:
            self._log = []
        self._log.append((1, cell, old))
        self._legal = None
        if old:
            self.hash ^= _mix(1, cell, old)
        if value:
            self.hash ^= _mix(1, cell, value)
        self.terrain[cell] = value

    def set_var(self, key: str, value: Any) -> None:
        """Set a variant value (hashable; part of the position key; undone by ``pop``)."""
        old = self.vars.get(key, _MISSING)
        if old == value and old is not _MISSING:
            return
        if self._log is None:
            self._log = []
        self._log.append((2, key, old))
        self._legal = None
        if old is not _MISSING:
            self.hash ^= _mix(2, hash((key, old)) & 0xFFFFFFFFFFFF)
        self.hash ^= _mix(2, hash((key, value)) & 0xFFFFFFFFFFFF)
        self.vars[key] = value

    # -- queries ----------------------------------------------------------------------
    def piece_at(self, cell: int) -> tuple[int, PieceKind] | None:
        """``(seat, kind)`` of the piece on ``cell``, or None."""
        code = self.board[cell]
        if not code:
            return None
        return seat_of(code), self.rules.kinds[kind_of(code) - 1]

    def attacked(self, cell: int, seats: Iterable[int]) -> bool:
        """Is ``cell`` attacked by a piece of any of ``seats``?

        With two seats (walls as data or none) the attackers are looked for from their
        side: the seat's pieces (``pieces``) on a cell from which they could attack
        ``cell`` (``_Walled.near``, one set intersection), then, for each, whether its
        code attacks from there and the cells between are empty (and no bare wall stops
        it). Code that moves pieces on the board by hand to test a move (as
        ``generate_legal_moves`` does) may move its own pieces and take the attackers'
        but must not put an attacker where the piece sets do not say.

        ``_check_or_pins`` walks the same tables the same way on purpose: it also
        counts the own pieces between and keeps going past them, where this stops at
        the first piece; one walk serving both would pay that bookkeeping (or a
        call per candidate) on every attack test, five or six a ply."""
        t = self._t
        if not t.merged and (self._hook_walls or not self._hook_line):
            b = self.board
            wt = self._wt or self._walled()
            pieces = self.pieces
            for s in seats:
                near = wt.near[s][cell] & pieces[s]
                if not near:
                    continue
                reach = wt.reach[s][cell]
                for c in near:
                    hit = reach[c][b[c]]   # type: ignore[index]
                    if hit is None:
                        continue
                    if hit is True:
                        return True
                    for between, bare, passes in hit:
                        for x in between:
                            if b[x]:
                                break
                        else:
                            if not bare or passes:
                                return True
                            terrain = self.terrain
                            for x in bare:
                                if not terrain[x]:
                                    break
                            else:
                                return True
            return False
        if self._hook_line:
            return self._attacked_past_walls(cell, seats)
        b = self.board
        if t.merged and type(seats) is tuple and seats in t.merged:
            leaps, rays = t.merged[seats]
            for cells, codes in leaps[cell]:
                for c in cells:
                    if b[c] in codes:
                        return True
            return lines_hit(b, rays[cell])
        for s in seats:
            for cells, codes in t.att_leaps[s][cell]:
                for c in cells:
                    if b[c] in codes:
                        return True
            if lines_hit(b, t.att_rays[s][cell]):
                return True
        return False

    def _attacked_past_walls(self, cell: int, seats: Iterable[int]) -> bool:
        """``attacked`` where empty cells may stop lines: with ``line_walls`` a wall
        narrows the attackers along a ray to the codes that pass walls (one look-up per
        cell); with only ``line_blocked``, each attacker is asked at each empty cell."""
        b = self.board
        if self._hook_walls:
            wt = self._wt or self._walled()
            for s in seats:
                for c, codes in wt.leaps[s][cell]:
                    if b[c] in codes:
                        return True
                if self._lines_hit(wt.att[s][cell]):
                    return True
            return False
        t = self._t
        terrain = self.terrain
        walls: Sequence[bool] = ()
        passing: frozenset[int] = frozenset()
        for s in seats:
            for cells, codes in t.att_leaps[s][cell]:
                for c in cells:
                    if b[c] in codes:
                        return True
            for ray, codes in t.att_rays[s][cell]:
                if not walls:
                    if self._ray_hits_slow(ray, codes):
                        return True
                    continue
                for c in ray:
                    p = b[c]
                    if p:
                        if p in codes:
                            return True
                        break
                    if walls[c] and not terrain[c]:
                        codes = codes & passing
                        if not codes:
                            break
        return False

    def _lines_hit(self, lines: tuple[tuple[Any, ...], ...]) -> bool:
        """Does a piece attack along one of these lines of ``_Walled.att``: each
        ``(free, rest, codes, passing codes)``, walls tested only on ``rest`` (an empty
        bare wall narrows the attackers to the codes that pass walls)?"""
        b = self.board
        for free, rest, codes, passing in lines:
            for c in free:
                p = b[c]
                if p:
                    if p in codes:
                        return True
                    break
            else:
                if rest:
                    walls = self._wt.walls  # type: ignore[union-attr]
                    terrain = self.terrain
                    for c in rest:
                        p = b[c]
                        if p:
                            if p in codes:
                                return True
                            break
                        if walls[c] and not terrain[c]:
                            codes = passing
                            if not codes:
                                break
        return False

    def _ray_hits_slow(self, ray: tuple[int, ...], codes: frozenset[int]) -> bool:
        b = self.board
        live = set(codes)
        for c in ray:
            p = b[c]
            if p:
                return p in live
            live = {x for x in live if not self.line_blocked(x, c)}
            if not live:
                return False
        return False

    def attackers(self, cell: int, seats: Iterable[int]) -> list[int]:
        """The cells of the pieces of ``seats`` that attack ``cell`` (for pictures and
        lessons; slower than ``attacked``)."""
        out: list[int] = []
        b = self.board
        t = self._t
        for s in seats:
            for cells, codes in t.att_leaps[s][cell]:
                out.extend(c for c in cells if b[c] in codes)
            for ray, codes in t.att_rays[s][cell]:
                live = set(codes)
                for c in ray:
                    p = b[c]
                    if p:
                        if p in live:
                            out.append(c)
                        break
                    if self._hook_line:
                        live = {x for x in live if not self.line_blocked(x, c)}
                        if not live:
                            break
        return sorted(set(out))

    def in_check(self, seat: int | None = None) -> bool:
        """Is ``seat``'s king (default: the side to move's) attacked by an opponent?"""
        s = self.turn if seat is None else seat
        k = self.kings[s]
        return k >= 0 and self.attacked(k, self._t.opponents[s])

    def is_check(self) -> bool:
        """Is the side to move in check?"""
        return self.in_check(self.turn)

    # -- move generation ----------------------------------------------------------------
    def pseudo_moves(self) -> list[Move]:
        """Every move of the side to move that obeys the pieces' movement (and the
        hooks' stops and walls) but may leave its own king attacked; in a fixed order
        (by from-cell), whatever the history, so undo and copies list moves alike."""
        if self._table_gen:
            return self._table_moves()
        b = self.board
        gen = self._t.gen
        out: list[Move] = []
        app = out.append
        targets = self._targets
        for frm in sorted(self.pieces[self.turn]):
            p = b[frm]
            entry = gen[p][frm]
            if entry[0]:
                self._pawn_moves(frm, p, entry, out)
                continue
            for to in targets(p, entry):
                app(_new(Move, (frm, to, 0, 0, 0)))
        if self.castling:
            self._castling_moves(self.turn, out)
        if self._hook_extra:
            self.extra_moves(out)
        return out

    def _table_moves(self) -> list[Move]:
        """``pseudo_moves`` read from the per-cell tables of ``_walled`` (plain chess, and
        stops or walls as data: the river variants): a line is tested for stops and
        walls only from its first stop or wall cell on, and the moves are the tables'
        own, in the order ``_targets`` and ``_pawn_moves`` give them."""
        wt = self._wt or self._walled()
        b = self.board
        seat = self.turn
        wgen = wt.gen
        cap = self._t.capturable[seat]
        stops = self._stops() if self._hook_stop else ()
        stop = self.may_stop
        # per code, where it may stop as data (``stop_rules``: ``oks[p][not terrain[to]]``)
        # or None (``may_stop`` is asked); read only on stop cells
        oks: Sequence[Any] = self._stop_table() if stops else ()
        walls = wt.walls
        terrain = self.terrain
        ep = self.ep
        out: list[Move] = []
        app = out.append
        for frm in sorted(self.pieces[seat]):
            p = b[frm]
            slow, ep_cells, lstop, walled, lmc, lm, lc, rmc, rm, rc = wgen[p][frm]
            if slow:
                self._pawn_moves(frm, p, self._t.gen[p][frm], out)
                continue
            if lmc:
                if lstop:
                    for to, mv in lmc:
                        q = b[to]
                        if (not q or cap[q]) and (to not in stops
                                                  or (to in oks[p][not terrain[to]] if oks[p] else stop(p, to))):
                            app(mv)
                else:
                    for to, mv in lmc:
                        q = b[to]
                        if not q or cap[q]:
                            app(mv)
            if lm:
                for to, mv in lm:
                    if not b[to] and (not lstop or to not in stops
                                      or (to in oks[p][not terrain[to]] if oks[p] else stop(p, to))):
                        app(mv)
            if lc:
                for to, mv in lc:
                    q = b[to]
                    if q and cap[q] and (not lstop or to not in stops
                                         or (to in oks[p][not terrain[to]] if oks[p] else stop(p, to))):
                        app(mv)
            # the three ray loops (move or capture, move only, capture only) are written out
            # rather than shared: a helper call per ray cost the cylinder's list about a tenth
            if rmc:
                for free, rest in rmc:
                    for to, mv in free:
                        q = b[to]
                        if q:
                            if cap[q]:
                                app(mv)
                            break
                        app(mv)
                    else:
                        for to, mv in rest:
                            q = b[to]
                            if q:
                                if cap[q] and (to not in stops
                                               or (to in oks[p][not terrain[to]] if oks[p] else stop(p, to))):
                                    app(mv)
                                break
                            if walled and walls[to] and not terrain[to]:
                                break
                            if to not in stops or (to in oks[p][not terrain[to]] if oks[p] else stop(p, to)):
                                app(mv)
            if rm:
                for free, rest in rm:
                    for to, mv in free:
                        if b[to]:
                            break
                        app(mv)
                    else:
                        for to, mv in rest:
                            if b[to] or (walled and walls[to] and not terrain[to]):
                                break
                            if to not in stops or (to in oks[p][not terrain[to]] if oks[p] else stop(p, to)):
                                app(mv)
            if rc:
                for free, rest in rc:
                    for to, mv in free:
                        q = b[to]
                        if q:
                            if cap[q]:
                                app(mv)
                            break
                    else:
                        for to, mv in rest:
                            q = b[to]
                            if q:
                                if cap[q] and (to not in stops
                                               or (to in oks[p][not terrain[to]] if oks[p] else stop(p, to))):
                                    app(mv)
                                break
                            if walled and walls[to] and not terrain[to]:
                                break
            if ep_cells and ep >= 0 and ep in ep_cells and not b[ep] and cap[b[self.ep_victim]]:
                app(_new(Move, (frm, ep, 0, EN_PASSANT, 0)))
        if self.castling:
            self._castling_moves(seat, out)
        if self._hook_extra:
            self.extra_moves(out)
        return out

    def _targets(self, p: int, entry: tuple[Any, ...]) -> list[int]:
        """The cells piece ``p`` may move to from the cell whose table ``entry`` is
        given: leaps and lines in their modes, stops and walls as the hooks say."""
        if not (self._hook_stop or self._hook_line):
            return self._plain_targets(p, entry)
        if self._hook_walls:
            return self._walled_targets(p, entry)
        b = self.board
        cap = self._t.capturable[p >> SEAT_SHIFT]
        hs = self._hook_stop
        hl = self._hook_line
        stops = self._stops() if hs else ()
        stop = self.may_stop
        blocked = self.line_blocked
        _pawn, lmc, lm, lc, rmc, rm, rc = entry
        out: list[int] = []
        app = out.append
        for to in lmc:
            q = b[to]
            if (not q or cap[q]) and (not hs or to not in stops or stop(p, to)):
                app(to)
        for to in lm:
            if not b[to] and (not hs or to not in stops or stop(p, to)):
                app(to)
        for to in lc:
            q = b[to]
            if q and cap[q] and (not hs or to not in stops or stop(p, to)):
                app(to)
        for rays, quiet, taking in (
            (rmc, True, True),
            (rm, True, False),
            (rc, False, True),
        ):
            for ray in rays:
                for to in ray:
                    q = b[to]
                    if q:
                        if taking and cap[q] and (not hs or to not in stops or stop(p, to)):
                            app(to)
                        break
                    if hl and blocked(p, to):
                        break
                    if quiet and (not hs or to not in stops or stop(p, to)):
                        app(to)
        return out

    def _walled_targets(self, p: int, entry: tuple[Any, ...]) -> list[int]:
        """``_targets`` with walls given as data (``line_walls``) and the stops asked
        only on ``stop_cells``: the river variants' innermost loop, written out."""
        b = self.board
        terrain = self.terrain
        cap = self._t.capturable[p >> SEAT_SHIFT]
        walls, passing = self._wall_state()
        walled = p not in passing
        stops = self._stops() if self._hook_stop else ()
        stop = self.may_stop
        _pawn, lmc, lm, lc, rmc, rm, rc = entry
        out: list[int] = []
        app = out.append
        for to in lmc:
            q = b[to]
            if (not q or cap[q]) and (to not in stops or stop(p, to)):
                app(to)
        for to in lm:
            if not b[to] and (to not in stops or stop(p, to)):
                app(to)
        for to in lc:
            q = b[to]
            if q and cap[q] and (to not in stops or stop(p, to)):
                app(to)
        for ray in rmc:
            for to in ray:
                q = b[to]
                if q:
                    if cap[q] and (to not in stops or stop(p, to)):
                        app(to)
                    break
                if walled and walls[to] and not terrain[to]:
                    break
                if to not in stops or stop(p, to):
                    app(to)
        for ray in rm:
            for to in ray:
                if b[to] or (walled and walls[to] and not terrain[to]):
                    break
                if to not in stops or stop(p, to):
                    app(to)
        for ray in rc:
            for to in ray:
                q = b[to]
                if q:
                    if cap[q] and (to not in stops or stop(p, to)):
                        app(to)
                    break
                if walled and walls[to] and not terrain[to]:
                    break
        return out

    def _plain_targets(self, p: int, entry: tuple[Any, ...]) -> list[int]:
        """``_targets`` without stops or walls (chess, jumping-bishop chess, the cross
        board): every mode's loop written out, the engine's innermost loop."""
        b = self.board
        cap = self._t.capturable[p >> SEAT_SHIFT]
        _pawn, lmc, lm, lc, rmc, rm, rc = entry
        out: list[int] = []
        app = out.append
        for to in lmc:
            q = b[to]
            if not q or cap[q]:
                app(to)
        for to in lm:
            if not b[to]:
                app(to)
        for to in lc:
            q = b[to]
            if q and cap[q]:
                app(to)
        for ray in rmc:
            for to in ray:
                q = b[to]
                if q:
                    if cap[q]:
                        app(to)
                    break
                app(to)
        for ray in rm:
            for to in ray:
                if b[to]:
                    break
                app(to)
        for ray in rc:
            for to in ray:
                q = b[to]
                if q:
                    if cap[q]:
                        app(to)
                    break
        return out

    def _pawn_moves(
        self, frm: int, p: int, entry: tuple[Any, ...], out: list[Move]
    ) -> None:
        """A pawn's moves: its targets, with the double step's flag (the second cell
        of a push line from a start cell), en passant and promotions."""
        t = self._t
        seat = self.turn
        rm = entry[5]
        doubles = (
            {ray[1] for ray in rm if len(ray) == 2}
            if frm in self.rules.pawn_start[seat]
            else ()
        )
        promo_cells = t.promo[seat] if t.promotes[p] else ()
        targets = self._targets(p, entry)
        if not doubles and not promo_cells:
            # the common case (and every pawn of PokerDrez-4): plain steps
            for to in targets:
                out.append(_new(Move, (frm, to, 0, NORMAL, 0)))
            found: list[tuple[int, int]] = []
        else:
            found = [(to, DOUBLE if to in doubles else NORMAL) for to in targets]
        ep = self.ep
        if (
            ep >= 0
            and ep in entry[3]
            and not self.board[ep]
            and t.capturable[seat][self.board[self.ep_victim]]
        ):
            found.append((ep, EN_PASSANT))
        for to, flag in found:
            if to in promo_cells:
                for k in t.promote_kinds:
                    out.append(_new(Move, (frm, to, k, flag, 0)))
            else:
                out.append(_new(Move, (frm, to, 0, flag, 0)))

    def _castling_moves(self, seat: int, out: list[Move]) -> None:
        t = self._t
        b = self.board
        checked: bool | None = None
        opp = t.opponents[seat]
        for i, cs in enumerate(self.rules.castlings):
            if cs.seat != seat or not self.castling >> i & 1:
                continue
            if (
                b[cs.king_from] != t.castle_king[i]
                or b[cs.rook_from] != t.castle_rook[i]
            ):
                continue
            if any(b[c] for c in cs.empty):
                continue
            if checked is None:
                checked = self.attacked(cs.king_from, opp)
            if checked:
                return
            if any(self.attacked(c, opp) for c in cs.safe if c != cs.king_from):
                continue
            out.append(_new(Move, (cs.king_from, cs.king_to, 0, CASTLE, i)))

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move (a new list; worked out once per
        position and remembered until the position changes)."""
        return list(self._legal_tuple())

    def legal_tuple(self) -> tuple[Move, ...]:
        """The legal moves as the remembered tuple, without the copy ``legal_moves`` makes
        (read only: for a caller that only reads them, such as a random draw)."""
        return self._legal or self._legal_tuple()

    def _legal_tuple(self) -> tuple[Move, ...]:
        """The remembered legal moves (worked out if need be), without a copy."""
        legal = self._legal
        if legal is None:
            legal = tuple(self.generate_legal_moves())
            self._legal = legal
        return legal

    def generate_legal_moves(self) -> list[Move]:
        """Every legal move of the side to move, worked out now (``legal_moves``
        remembers the answer; a variant that narrows or adds moves overrides this)."""
        seat = self.turn
        t = self._t
        king = self.kings[seat]
        moves = self.pseudo_moves()
        if king < 0:
            return moves
        opp = t.opponents[seat]
        attacked = self.attacked
        b = self.board
        # Most moves are legal at once (a piece neither the king nor pinned, a plain move,
        # nothing reshaped after it): those are kept by a cheap test in a comprehension and
        # only the others are asked of ``legal``, which keeps the order of the moves.
        pinned: dict[int, tuple[int, ...]] | None = None
        evade: frozenset[int] | None = None
        if t.merged:
            # several opponents (the cross board): the walk along the king's lines
            if (self._hook_walls or not self._hook_line) and not attacked(king, opp):
                pinned = self._pins(seat, king, opp) if self._plain else self._pins_past_walls(seat, king, opp)
        elif self._hook_walls or not self._hook_line:
            pinned = self._check_or_pins(seat, king, opp)
            if pinned is None:
                evade = self._evasion_cells(seat, king, opp)
        kcode = b[king]
        if self._plain and pinned is not None:
            pins = pinned

            def legal_plain(m: Move) -> bool:
                frm = m[0]
                if frm == king:
                    return not attacked(m[1], opp)
                if m[3] == EN_PASSANT:
                    b[king] = kcode
                    self.push(m)
                    ok = not attacked(king, opp)
                    self.pop()
                    b[king] = 0
                    return ok
                return frm not in pins or m[1] in pins[frm]

            slow = {king, *pins}
            b[king] = 0
            try:
                if self.ep < 0 or not t.ep_capture[seat]:
                    # no en passant now: only the king's and the pinned pieces' moves are asked
                    return [m for m in moves if m[0] not in slow or legal_plain(m)]
                return [m for m in moves if (m[0] not in slow and m[3] != EN_PASSANT) or legal_plain(m)]
            finally:
                b[king] = kcode
        terrain = self.terrain
        reshape = self.reshape if self._hook_after else None
        calm, codes = self._reshape_data() if reshape is not None else (frozenset(), None)
        lines = t.lines[king]
        # not in check, with stops or walls as data: the lines from the king through a
        # cell, per opponent (a move that changes only its two cells is tested on those)
        through = (self._wt or self._walled()).through if pinned is not None and self._hook_table else None

        def legal(m: Move) -> bool:
            frm, to, _promo, flag, _extra = m
            if frm == king and flag <= DOUBLE and (calm is not None and to not in calm):
                # the king's plain step, nothing reshaped: is its landing cell attacked once
                # it has left its own (what stands on the landing cell does not matter)
                b[king] = 0
                ok = not attacked(to, opp)
                b[king] = kcode
                return ok
            shape = False if reshape is None else reshape(m)
            if shape is not False and shape is not True and shape[0] and shape[0] >> SEAT_SHIFT != seat:
                shape = True    # another seat's piece lands: make / undo (``attacked`` reads the piece sets)
            # a plain move or double step after which at most its landing cell changes
            if flag <= DOUBLE and shape is not True:
                if pinned is not None and frm != king:
                    if shape is False:
                        return frm not in pinned or to in pinned[frm]
                    if frm not in lines and to not in lines:
                        return True     # nothing changes on a line through the king
                    if through is not None and (not shape[0] or shape[0] >> SEAT_SHIFT == seat):
                        # no attacker lands: only the lines through the two cells can open
                        moved = b[frm]
                        taken = b[to]
                        ground = terrain[to]
                        b[frm] = 0
                        b[to], terrain[to] = shape
                        ok = True
                        for s in opp:
                            by_cell = through[s][king]
                            if self._lines_hit(by_cell.get(frm, ())) or self._lines_hit(by_cell.get(to, ())):
                                ok = False
                                break
                        b[to] = taken
                        terrain[to] = ground
                        b[frm] = moved
                        return ok
                moved = b[frm]
                taken = b[to]
                ground = terrain[to]
                b[frm] = 0
                if shape is False:
                    b[to] = moved
                else:
                    b[to], terrain[to] = shape
                ok = not attacked(to if frm == king else king, opp)
                b[to] = taken
                terrain[to] = ground
                b[frm] = moved
                return ok
            if flag >= VARIANT and frm != king and (land := self.special_landing(m)) is not None:
                if pinned is not None:
                    # not in check, the piece only carried elsewhere (or off the board): as
                    # for a plain move, only leaving a pin can expose the king
                    return frm not in pinned or land in pinned[frm]
                moved = b[frm]
                b[frm] = 0
                if land >= 0:
                    taken = b[land]
                    b[land] = moved
                ok = not attacked(king, opp)
                if land >= 0:
                    b[land] = taken
                b[frm] = moved
                return ok
            self.push(m)
            k = self.kings[seat]
            ok = k < 0 or not attacked(k, opp)
            self.pop()
            return ok

        if calm is None or (pinned is None and evade is None):
            return [m for m in moves if legal(m)]
        shapers = codes if calm else None
        if pinned is None:
            # in check (two seats): a plain move by another piece that lands off ``evade``
            # (every check's checker and the cells between it and the king) and reshapes
            # nothing leaves a check standing, so only the others are tested
            assert evade is not None    # (found whenever the king is attacked)
            if shapers is None:
                return [m for m in moves if (m[0] == king or m[3] > DOUBLE or m[1] in evade or m[1] in calm)
                        and legal(m)]
            return [m for m in moves if (m[0] == king or m[3] > DOUBLE or m[1] in evade
                                         or (m[1] in calm and b[m[0]] in shapers)) and legal(m)]
        slow = {king, *pinned}
        # Without en passant now and without drops, a move by a piece neither the king nor
        # pinned is plain, a double step or (``_no_specials`` false) a special: its flag need
        # not be read (castling starts on the king's cell). Reading it was a quarter of the
        # comprehension's cost (1.5 % of a ply in swimming, valgrind).
        flagless = not self._hook_extra and (self.ep < 0 or not t.ep_capture[seat])
        if self.specials_carry and not calm:
            # a special move only carries its piece: by a piece neither the king nor
            # pinned, not in check, it is legal (swimming: two moves a ply fewer asked)
            if flagless:
                return [m for m in moves if m[0] not in slow or legal(m)]
            return [m for m in moves if (m[0] not in slow and (m[3] <= DOUBLE or m[3] >= VARIANT)) or legal(m)]
        flagless = flagless and self._no_specials
        if shapers is not None:
            # a move onto a reshape cell by a piece whose moves never reshape: kept as well
            if flagless:
                return [m for m in moves if (m[0] not in slow and (m[1] not in calm or b[m[0]] not in shapers))
                        or legal(m)]
            return [m for m in moves if (m[0] not in slow and m[3] <= DOUBLE
                                         and (m[1] not in calm or b[m[0]] not in shapers)) or legal(m)]
        if flagless:
            return [m for m in moves if (m[0] not in slow and m[1] not in calm) or legal(m)]
        return [m for m in moves if (m[0] not in slow and m[3] <= DOUBLE and m[1] not in calm) or legal(m)]

    def _check_or_pins(self, seat: int, king: int, opp: tuple[int, ...]) -> dict[int, tuple[int, ...]] | None:
        """None if ``seat``'s king is attacked; else its pinned pieces as ``_pins_past_walls``
        gives them, ``{cell: cells it may move to}``. One look from the attackers' side
        (``_Walled.near`` and ``reach``, as ``attacked``): a piece of ``opp`` that could
        attack the king along a line with nothing but one own piece between pins it (the
        pinned piece's own cell counts as empty for the walls), with nothing between gives
        check; a piece pinned along two lines (round a seam) keeps the cells of both."""
        b = self.board
        terrain = self.terrain
        wt = self._wt or self._walled()
        pieces = self.pieces
        pins: dict[int, tuple[int, ...]] = {}
        for s in opp:
            near = wt.near[s][king] & pieces[s]
            if not near:
                continue
            reach = wt.reach[s][king]
            for c in near:
                hit = reach[c][b[c]]   # type: ignore[index]
                if hit is None:
                    continue
                if hit is True:
                    return None
                for between, bare, passes in hit:
                    own = -1
                    for x in between:
                        q = b[x]
                        if q:
                            if own >= 0 or q >> SEAT_SHIFT != seat:
                                own = -2
                                break
                            own = x
                    if own == -2:
                        continue
                    if bare and not passes:
                        for x in bare:
                            if not terrain[x]:
                                break
                        else:
                            bare = ()
                        if bare:
                            continue        # a bare wall between stops this line
                    if own < 0:
                        return None
                    line = (*between, c)
                    if own in pins:
                        line = tuple(x for x in pins[own] if x in line)
                    pins[own] = line
        return pins

    def _evasion_cells(self, seat: int, king: int, opp: tuple[int, ...]) -> frozenset[int] | None:
        """With ``seat``'s king in check (two seats): the cells where a move by another
        piece must land to answer every check -- each checker's cell and the cells between
        it and the king, those all the checks have in common (none in a double check) --
        read from the attackers' side as ``attacked`` reads it; None if no check is found.
        A plain move elsewhere that reshapes nothing leaves a check standing, so
        ``generate_legal_moves`` drops it untested (in check: 6 % of Guadalete's random
        plies, whose every move was tested; 3.5 % fewer instructions a ply, valgrind)."""
        b = self.board
        terrain = self.terrain
        wt = self._wt or self._walled()
        checks: list[frozenset[int]] = []
        for s in opp:
            reach = wt.reach[s][king]
            for c in wt.near[s][king] & self.pieces[s]:
                hit = reach[c][b[c]]   # type: ignore[index]
                if hit is True:
                    checks.append(frozenset((c,)))
                elif hit is not None:
                    # a line with nothing between, and no bare wall unless the piece passes walls
                    checks.extend(frozenset((c, *between)) for between, bare, passes in hit
                                  if not any(b[x] for x in between)
                                  and (not bare or passes or all(terrain[x] for x in bare)))
        if not checks:
            return None
        return frozenset.intersection(*checks)

    def _pins(
        self, seat: int, king: int, opp: tuple[int, ...]
    ) -> dict[int, tuple[int, ...]]:
        """The seat's pieces pinned to its king: ``{cell: cells it may move to}`` (the
        line from the king up to and including the pinning piece)."""
        b = self.board
        pins: dict[int, tuple[int, ...]] = {}
        for s in opp:
            for ray, codes in self._t.att_rays[s][king]:
                own = -1
                for i, c in enumerate(ray):
                    p = b[c]
                    if not p:
                        continue
                    if own < 0:
                        if p >> SEAT_SHIFT != seat:
                            break
                        own = c
                        continue
                    if p in codes:
                        pins[own] = ray[: i + 1]
                    break
        return pins

    def _pins_past_walls(
        self, seat: int, king: int, opp: tuple[int, ...]
    ) -> dict[int, tuple[int, ...]]:
        """``_pins`` where walls may stop lines (``line_walls``): along each line from
        the king, a wall narrows the possible pinners to the codes that pass walls (the
        pinned piece's own cell too: once it has moved, that cell is empty). A piece
        pinned along two lines (round a seam) may move only where both allow."""
        b = self.board
        terrain = self.terrain
        walls: Sequence[bool] = ()
        passing: frozenset[int] = frozenset()
        if self._hook_walls:
            walls, passing = self._wall_state()
        pins: dict[int, tuple[int, ...]] = {}
        for s in opp:
            for ray, codes in self._t.att_rays[s][king]:
                own = -1
                for i, c in enumerate(ray):
                    p = b[c]
                    if not p:
                        if walls and walls[c] and not terrain[c]:
                            codes = codes & passing
                            if not codes:
                                break
                        continue
                    if own < 0:
                        if p >> SEAT_SHIFT != seat:
                            break
                        own = c
                        if walls and walls[c] and not terrain[c]:
                            codes = codes & passing
                            if not codes:
                                break
                        continue
                    if p in codes:
                        line = ray[: i + 1]
                        if own in pins:
                            line = tuple(x for x in pins[own] if x in line)
                        pins[own] = line
                    break
        return pins

    def is_legal(self, move: Move) -> bool:
        """Is ``move`` legal now?"""
        return move in self.legal_moves()

    # -- make / undo ------------------------------------------------------------------------
    def push(self, move: Move) -> None:
        """Play ``move`` (assumed pseudo-legal: use ``legal_moves`` or ``play``)."""
        frm, to, promo, flag, extra = move
        b = self.board
        t = self._t
        seat = self.turn
        z = t.z_piece
        h = self.hash
        pieces = self.pieces
        old_castling = self.castling
        old_ep = self.ep
        old_victim = self.ep_victim
        old_half = self.halfmove
        old_hash = h
        self._log = None
        self._legal = None
        captured = 0
        capcell = -1
        moved = 0
        reset = False
        if flag >= VARIANT:
            self.hash = h
            reset = self.make_special(move)
            h = self.hash
            moved = b[to] if to >= 0 else 0
        elif flag == DROP:
            moved = code_of(seat, extra)
            q = b[to]
            if q:
                captured = q
                capcell = to
                pieces[seat_of(q)].discard(to)
                h ^= z[q][to]
            b[to] = moved
            pieces[seat].add(to)
            h ^= z[moved][to]
            if t.royal[moved]:
                self.kings[seat] = to
            reset = t.pawn[moved] or bool(captured)
        else:
            moved = b[frm]
            if flag == EN_PASSANT:
                capcell = self.ep_victim
            else:
                capcell = to
            q = b[capcell]
            if q:
                captured = q
                pieces[seat_of(q)].discard(capcell)
                b[capcell] = 0
                h ^= z[q][capcell]
            b[frm] = 0
            ps = pieces[seat]
            ps.discard(frm)
            new = code_of(seat, promo) if promo else moved
            b[to] = new
            ps.add(to)
            h ^= z[moved][frm] ^ z[new][to]
            if t.royal[moved]:
                self.kings[seat] = to
            if flag == CASTLE:
                cs = self.rules.castlings[extra]
                rook = t.castle_rook[extra]
                b[cs.rook_from] = 0
                ps.discard(cs.rook_from)
                b[cs.rook_to] = rook
                ps.add(cs.rook_to)
                h ^= z[rook][cs.rook_from] ^ z[rook][cs.rook_to]
            reset = t.pawn[moved] or bool(captured)
        keep = t.keep
        nc = old_castling
        if nc:
            if frm >= 0:
                nc &= keep[frm]
            if to >= 0:
                nc &= keep[to]
            if capcell >= 0:
                nc &= keep[capcell]
            if nc != old_castling:
                diff = nc ^ old_castling
                i = 0
                while diff:
                    if diff & 1:
                        h ^= t.z_castle[i]
                    diff >>= 1
                    i += 1
            self.castling = nc
        if old_ep >= 0:
            h ^= t.z_ep[old_ep]
        if flag == DOUBLE:
            passed = t.passed[seat][to]
            self.ep = passed
            self.ep_victim = to
            h ^= t.z_ep[passed]
        else:
            self.ep = -1
            self.ep_victim = -1
        self.halfmove = 0 if reset else old_half + 1
        nxt = t.next_seat[seat]
        h ^= t.z_turn[seat] ^ t.z_turn[nxt]
        self.turn = nxt
        self.ply += 1
        self.hash = h
        if self._hook_after:
            self.after_move(move, moved, captured)
        log = self._log
        self._log = None
        self._stack.append(
            _new(
                UndoEntry,
                (
                    move,
                    moved,
                    captured,
                    capcell,
                    old_castling,
                    old_ep,
                    old_victim,
                    old_half,
                    old_hash,
                    tuple(log) if log else None,
                ),
            )
        )
        self.history.append(self.hash)

    def pop(self) -> Move:
        """Take back the last move and return it."""
        (
            move,
            moved,
            captured,
            capcell,
            old_castling,
            old_ep,
            old_victim,
            old_half,
            old_hash,
            log,
        ) = self._stack.pop()
        self.history.pop()
        self._legal = None
        if log:
            for kind, key, old in reversed(log):
                if kind == 0:
                    self._place(key, old)
                elif kind == 1:
                    self.terrain[key] = old
                elif old is _MISSING:
                    del self.vars[key]
                else:
                    self.vars[key] = old
        frm, to, _promo, flag, extra = move
        seat = seat_of(moved) if moved else (self.turn - 1) % self.rules.seats
        b = self.board
        t = self._t
        if flag < VARIANT:
            ps = self.pieces[seat]
            if flag == DROP:
                b[to] = 0
                ps.discard(to)
            else:
                if flag == CASTLE:
                    cs = self.rules.castlings[extra]
                    b[cs.rook_to] = 0
                    ps.discard(cs.rook_to)
                    b[cs.rook_from] = t.castle_rook[extra]
                    ps.add(cs.rook_from)
                b[to] = 0
                ps.discard(to)
                b[frm] = moved
                ps.add(frm)
            if t.royal[moved]:
                self.kings[seat] = frm if flag != DROP else -1
            if captured:
                b[capcell] = captured
                self.pieces[seat_of(captured)].add(capcell)
        self.castling = old_castling
        self.ep = old_ep
        self.ep_victim = old_victim
        self.halfmove = old_half
        self.hash = old_hash
        self.turn = (self.turn - 1) % self.rules.seats
        self.ply -= 1
        return move

    @property
    def move_stack(self) -> list[Move]:
        """The moves played since this position was built, oldest first."""
        return [entry.move for entry in self._stack]

    @property
    def undo_entries(self) -> tuple[UndoEntry, ...]:
        """What ``pop`` takes back, oldest first (read-only named records)."""
        return tuple(self._stack)

    # -- game end ------------------------------------------------------------------------
    def is_checkmate(self) -> bool:
        """The side to move is in check and has no legal move."""
        return self.is_check() and not self.legal_moves()

    def is_stalemate(self) -> bool:
        """The side to move is not in check and has no legal move."""
        return not self.is_check() and not self.legal_moves()

    def repetitions(self) -> int:
        """How many times the current position (pieces, terrain, variant values, side
        to move, castling rights, en-passant cell) has occurred since the last capture
        or pawn move, this time included."""
        window = self.history[-(self.halfmove + 1) :]
        return window.count(self.hash)

    def is_repetition(self, count: int = 3) -> bool:
        """Has the current position occurred ``count`` times?"""
        return self.repetitions() >= count

    def is_fifty_moves(self) -> bool:
        """Have 50 moves by each seat (100 plies with two seats, 200 with four)
        passed without capture or pawn move?"""
        return self.halfmove >= 50 * self.rules.seats

    def is_insufficient_material(self) -> bool:
        """The dead positions D22 detects: king against king, king and one minor
        piece (a ``minor`` kind: bishop, knight, jumping bishop) against king."""
        board = self.board
        royal = self._t.royal
        other = 0
        for cells in self.pieces:
            for c in cells:
                code = board[c]
                if not royal[code]:
                    if other:
                        return False    # a second piece beside the kings: the walk stops here
                    other = code
        return not other or self.rules.kinds[kind_of(other) - 1].minor

    def outcome(self) -> tuple[int | None, str] | None:
        """For two seats: ``None`` while the game goes on, else ``(winner seat or None
        for a draw, reason)``; reasons ``checkmate``, ``stalemate``, ``repetition``,
        ``fifty-moves``, ``insufficient-material``.

        Asked after every move of a game: the repetition and fifty-move tests are
        written out here (``repetitions``, ``is_fifty_moves``), which saves 2 % of a
        Guadalete ply (valgrind)."""
        if not (self._legal or self._legal_tuple()):
            if self.is_check():
                return ((self.turn + 1) % self.rules.seats, "checkmate")
            return (None, "stalemate")
        if self.is_insufficient_material():
            return (None, "insufficient-material")
        half = self.halfmove
        # a third occurrence needs a window of three positions since the last capture or
        # pawn move (``repetitions``): fewer are not counted. The window is counted only
        # if the current key occurs in it before the current position, the history's
        # last entry (``index`` finds the first occurrence without copying the window).
        history = self.history
        if half >= 2 and history:
            key = self.hash
            last = len(history) - 1
            start = last - half if last > half else 0
            if ((history[last] != key or history.index(key, start) < last)
                    and history[start:].count(key) >= 3):
                return (None, "repetition")
        if half >= 50 * self.rules.seats:
            return (None, "fifty-moves")
        return None

    # -- notation -------------------------------------------------------------------------
    def move_text(self, move: Move) -> str:
        """A move in square-name notation: ``e2e4``, ``e7e8q`` (promotion letter lower
        case), castling as the king's move ``e1g1``, a drop ``n@e4``."""
        frm, to, promo, flag, extra = move
        names = self.grid.names
        if flag == DROP:
            return f"{self.rules.kinds[extra - 1].letter.lower()}@{names[to]}"
        text = names[frm] + names[to]
        if promo:
            text += self.rules.kinds[promo - 1].letter.lower()
        return text

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text`` (``move_text`` notation); ``ValueError`` with
        a readable message if it is malformed or not legal now."""
        clean = text.strip().lower()
        for m in self.legal_moves():
            if self.move_text(m) == clean:
                return m
        raise ValueError(t("{move} is not a legal move here").format(move=repr(text)))

    def play(self, text_or_move: str | Move) -> Move:
        """Play a legal move given as text or :class:`Move`; ``ValueError`` (and no
        change) if it is not legal."""
        if isinstance(text_or_move, str):
            m = self.parse_move(text_or_move)
        else:
            m = Move(*text_or_move)
            if m not in self.legal_moves():
                raise ValueError(
                    t("{move} is not a legal move here").format(move=repr(self.move_text(m)))
                )
        self.push(m)
        return m

    # -- text -------------------------------------------------------------------------------
    def letter_at(self, cell: int) -> str:
        """The letter of the piece on ``cell`` (upper case for seat 0, lower case for
        the others) or ``"."``."""
        code = self.board[cell]
        if not code:
            return "."
        letter = self.rules.kinds[kind_of(code) - 1].letter
        return letter if seat_of(code) == 0 else letter.lower()

    def __str__(self) -> str:
        g = self.grid
        rows = []
        for r in reversed(range(g.ranks)):
            row = []
            for f in range(g.files):
                c = g.at(f, r)
                row.append(" " if c < 0 else self.letter_at(c))
            rows.append(" ".join(row))
        return "\n".join(rows)

    def placement(self) -> dict[str, tuple[int, str]]:
        """The pieces as ``{square: (seat, letter)}``."""
        out = {}
        for s in range(self.rules.seats):
            for c in sorted(self.pieces[s]):
                out[self.grid.names[c]] = (
                    s,
                    self.rules.kinds[kind_of(self.board[c]) - 1].letter,
                )
        return out

    def __iter__(self) -> Iterator[Move]:
        return iter(self.legal_moves())


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING: Any = _Missing()


def perft(pos: Position, depth: int) -> int:
    """The number of move sequences of length ``depth`` from ``pos`` (the standard
    move-generator check; depth 1 counts the legal moves without playing them)."""
    if depth <= 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        pos.push(m)
        total += perft(pos, depth - 1)
        pos.pop()
    return total


def divide(pos: Position, depth: int) -> dict[str, int]:
    """Perft split by first move (to find where two generators disagree)."""
    out = {}
    for m in pos.legal_moves():
        pos.push(m)
        out[pos.move_text(m)] = perft(pos, depth - 1)
        pos.pop()
    return out


__all__ = [
    "Castling",
    "Position",
    "Rules",
    "UndoEntry",
    "castling_on_line",
    "code_of",
    "divide",
    "kind_of",
    "lines_hit",
    "perft",
    "seat_of",
]
