"""Dejarik (holochess): the rules, read top to bottom like ``shared/rules/board-games.md`` §1.

Source: seed 003 ("Dejarik"), every DECISION of §1 binding. In the order of play:

1. **Board** (§1.1, :mod:`drezlab.kits.ring`): centre ``C``, inner ring ``I0..I11``,
   outer ring ``O0..O11``; ring and radial adjacency only (no diagonals).
   South (seat 0, P1) sits at 6 o'clock, North (seat 1, P2) at 12 o'clock.
2. **Creatures** (§1.2): eight types with Attack / Defence / Move (:data:`CREATURES`).
   D1: fixed armies A = #1-4, B = #5-8; a d8 gives South army A on 1-4 (else B),
   a second d8 lets South act first when odd. Option ``random_split``: shuffle the
   eight and deal 4/4 (South takes the first four), then the same d8 for who starts.
3. **Setup** (§1.3, D2): South's group stands on ``O4..O7``, North's on ``O10, O11,
   O0, O1``. The first player places first, then the other; each places its creatures
   in table order (#1 first), choosing a free cell of its group for each, so every
   order is possible. Option ``placement="fixed"``: table order on the cells as listed.
4. **Turn** (§1.4, D3): two actions: move or attack, in any mix; the same creature may
   act twice; ``pass`` gives up one action; a player with no move and no attack passes
   automatically.
5. **Move** (§1.5, D4): exactly Move steps through empty, distinct cells, at most one
   turn and never a turn at C (a path through C keeps its diameter). Moving never
   captures. A destination is legal when one legal path to it is clear.
6. **Attack** (§1.6, D5, D6): a creature attacks an adjacent enemy without moving.
   Attack·d6 against Defence·d6, margin m: ``m >= 7`` the defender is removed;
   ``1..6`` the attacker's owner pushes the defender; ``-6..0`` the defender's owner
   pushes the attacker; ``m <= -7`` the attacker is removed. A push goes to an empty
   cell adjacent to the pushed creature, chosen by the winner of the roll; with no such
   cell nothing moves (the action is spent all the same).
7. **End** (§1.7, D7): a side with no creature left loses. As soon as a removal leaves
   exactly one creature a side, the duel: each rolls max(Attack, Defence) d6, higher
   sum wins the game, ties re-roll. 50 consecutive turns (both players counted)
   without a removal: a draw.

Every die goes through ``self.chance`` (``Dejarik(chance=Scripted([...]))`` in tests):
first the lottery (two d8, or a shuffle and a d8), then per attack the attacker's dice
then the defender's, per duel round South's dice then North's.

Notation (lower-case ASCII; the widget's targets are the cells' ids ``C``, ``I0``, ``O11``):

====================  ==========================================================
``place savrip o5``   setup: put the creature named on a free cell of your group
``o5-i5``             move the creature on o5 to i5 (targets ``O5``, ``I5``)
``i5xo6``             the creature on i5 attacks the enemy on o6 (targets ``I5``, ``O6``)
``push o7``           after winning a roll: push the loser to o7 (target ``O7``)
``pass``              give up this action (a button)
====================  ==========================================================

Choices made where the rules are silent (each is tested):

* A push with exactly one empty target is made at once (the winner has no choice);
  with two or more the winner is asked (``push ...`` actions, possibly by the seat
  that is not on turn: the defender's owner after a defender push).
* The 50-turn count runs over turns that ended; a turn with a removal resets it.
  Auto-passed turns count too (so a blocked game still ends).
* A teacher's position (option ``position``) starts with two actions for the side
  ``to_move``; the duel starts only after a removal, as the rules say.
* :meth:`Dejarik.chance_outcomes` of an attack gives the four results' exact odds
  (:mod:`~drezlab.games.dejarik.odds`); material for bots, :meth:`evaluate` and
  :meth:`adjudicate` values a creature at Attack + Defence.

Actions, phases, the undo record: the actions' data are small types
(:mod:`~drezlab.games.dejarik.actions`: ``Place``, ``Move``, ``Attack``, ``Push``, ``Pass``)
and ``_apply`` is a ``match`` over them; the phases a ``Phase``; the undo record
:class:`DejarikState`, core's :class:`~drezlab.core.snapshot.AttributeSnapshot`. Clear paths
are found with bit masks (:func:`routes`), the board is scanned once per position, and a
random action is drawn without making the others (:meth:`Dejarik.random_action`).

Views: nothing is hidden; ``public`` holds the board (``cells``: ``"s:savrip"``-style
per cell, ``""`` empty), the phase, the actions left, what is still to be placed, a
pending push, the removed creatures, the last events (path moved, dice rolled, result,
push, duel), the 50-turn counter and ``attacks``: every attack open to the player to
move with its four exact probabilities (fractions as text), which the picture shows.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, NamedTuple

from drezlab.core.action import Action, Outcome
from drezlab.core.chance import Chance
from drezlab.core.game import Game
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.games.dejarik.actions import (
    PASS,
    Attack,
    DejarikAction,
    Kind,
    Move,
    Pass,
    Phase,
    Place,
    Push,
)
from drezlab.games.dejarik.meta import SIDE_NAMES, SPEC
from drezlab.games.dejarik.odds import RESULTS, attack_odds, result_of
from drezlab.games.dejarik.position import parse_position, position_text
from drezlab.games.dejarik.words import (
    ALL_CAPTURED,
    DUEL,
    QUIET_DRAW,
    action_words,
    explain_illegal,
)
from drezlab.kits.ring import (
    CELL_NAMES,
    CELL_TEXT,
    CELLS,
    CENTRE,
    NEIGHBOURS,
    SIDE_LETTERS,
    TEXT_INDEX,
    heading,
    label,
    outer,
)

__all__ = ["CREATURES", "GROUPS", "Creature", "Dejarik", "DejarikState", "destinations", "paths", "reachable",
           "routes"]


class Creature(NamedTuple):
    """One of the eight creature types (§1.2)."""

    number: int
    key: str          # the notation's name (lower-case ASCII)
    name: str         # the printed name
    attack: int
    defence: int
    move: int
    army: str

    @property
    def value(self) -> int:
        """Material for bots and adjudication: Attack + Defence."""
        return self.attack + self.defence


CREATURES: tuple[Creature, ...] = (
    Creature(1, "savrip", "Savrip", 6, 6, 2, "A"),
    Creature(2, "monnok", "Monnok", 6, 5, 3, "A"),
    Creature(3, "ghhhk", "Ghhhk", 4, 3, 2, "A"),
    Creature(4, "houjix", "Houjix", 4, 4, 1, "A"),
    Creature(5, "strider", "Strider", 2, 7, 3, "B"),
    Creature(6, "ngok", "Ng'ok", 3, 8, 1, "B"),
    Creature(7, "klor", "K'lor", 7, 3, 2, "B"),
    Creature(8, "molatar", "Molatar", 8, 2, 2, "B"),
)
BY_NUMBER: dict[int, Creature] = {c.number: c for c in CREATURES}
BY_KEY: dict[str, Creature] = {c.key: c for c in CREATURES}
ARMIES = {"A": (1, 2, 3, 4), "B": (5, 6, 7, 8)}
#: D2: the cells of each side's starting group, in placing order
GROUPS: tuple[tuple[int, ...], ...] = (tuple(outer(k) for k in (4, 5, 6, 7)),
                                       tuple(outer(k) for k in (10, 11, 0, 1)))
QUIET_LIMIT = 50
ACTIONS_PER_TURN = 2
#: ``NEIGHBOUR_MASKS[cell]``: the mask (bit per cell) of the cells next to ``cell``
NEIGHBOUR_MASKS: tuple[int, ...] = tuple(sum(1 << other for other in NEIGHBOURS[cell]) for cell in range(CELLS))
#: what :meth:`Dejarik._scan` finds (occupied cells, enemies' cells, own cells) and for what
#: (the seat, the board, the owners)
Scan = tuple[int, int, tuple[int, ...]]
ScanKey = tuple[int, tuple[int, ...], tuple[int, ...]]
#: the data of every move and attack, made once: ``MOVES[frm][to]``, ``ATTACKS[frm][to]``
MOVES: tuple[tuple[Move, ...], ...] = tuple(tuple(Move(Kind.MOVE, frm, to) for to in range(CELLS))
                                            for frm in range(CELLS))
ATTACKS: tuple[tuple[Attack, ...], ...] = tuple(tuple(Attack(Kind.ATTACK, frm, to) for to in range(CELLS))
                                                for frm in range(CELLS))

# --------------------------------------------------------------------- movement (D4)
@cache
def paths(start: int, steps: int) -> tuple[tuple[int, ...], ...]:
    """Every path of exactly ``steps`` steps from ``start`` (the cells entered, in order)
    through distinct cells with at most one turn and no turn at C (D4), ignoring pieces."""
    found: list[tuple[int, ...]] = []

    def extend(path: list[int], last_heading: tuple[str, int] | None, turns: int) -> None:
        if len(path) == steps + 1:
            found.append(tuple(path[1:]))
            return
        here = path[-1]
        for cell in NEIGHBOURS[here]:
            if cell in path:
                continue
            step_heading = heading(here, cell)
            turned = last_heading is not None and step_heading != last_heading
            if turned and (turns or here == CENTRE):
                continue
            path.append(cell)
            extend(path, step_heading, turns + turned)
            path.pop()

    extend([start], None, 0)
    return tuple(found)


@cache
def routes(start: int, steps: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The paths of :func:`paths` by where they end, ascending: ``(end, masks)``, one bit mask
    (bit ``cell``) of the cells entered per path to that end."""
    by_end: dict[int, list[int]] = {}
    for path in paths(start, steps):
        by_end.setdefault(path[-1], []).append(sum(1 << cell for cell in path))
    return tuple((end, tuple(masks)) for end, masks in sorted(by_end.items()))


def occupancy(board: list[int] | tuple[int, ...]) -> int:
    """The mask of the occupied cells of ``board`` (cell -> creature number or 0)."""
    occupied = 0
    for cell, number in enumerate(board):
        if number:
            occupied |= 1 << cell
    return occupied


@cache
def region(start: int, steps: int) -> int:
    """The mask of every cell some path of :func:`routes` enters: only they can block."""
    found = 0
    for _, masks in routes(start, steps):
        for mask in masks:
            found |= mask
    return found


@lru_cache(maxsize=1 << 16)
def _clear_ends(start: int, steps: int, blocked: int) -> tuple[int, ...]:
    """The ends of the paths from ``start`` that avoid the mask ``blocked`` (taken within the
    :func:`region`), ascending; remembered, since random play and the bots ask again and again."""
    ends = []
    for end, masks in routes(start, steps):
        for mask in masks:
            if not mask & blocked:
                ends.append(end)
                break
    return tuple(ends)


def reachable(occupied: int, start: int, steps: int) -> tuple[int, ...]:
    """The cells a creature of Move ``steps`` on ``start`` may reach when the cells of the
    mask ``occupied`` are taken: ends of the paths whose cells are all empty, ascending."""
    return _clear_ends(start, steps, occupied & region(start, steps))


def can_move(occupied: int, start: int, steps: int) -> bool:
    """Has a creature of Move ``steps`` on ``start`` a clear path (D4)?"""
    return bool(_clear_ends(start, steps, occupied & region(start, steps)))


def destinations(board: list[int] | tuple[int, ...], start: int, steps: int) -> list[int]:
    """The cells a creature of Move ``steps`` on ``start`` may reach on ``board`` (cell ->
    creature number or 0): ends of the paths whose cells are all empty, ascending."""
    return list(reachable(occupancy(board), start, steps))


def clear_path(board: list[int] | tuple[int, ...], start: int, end: int, steps: int) -> tuple[int, ...]:
    """The first clear path from ``start`` to ``end`` (for the picture of the last move)."""
    for path in paths(start, steps):
        if path[-1] == end and not any(board[cell] for cell in path):
            return path
    raise ValueError(f"no clear path from {CELL_NAMES[start]} to {CELL_NAMES[end]}")


@dataclass(frozen=True)
class DejarikState(AttributeSnapshot):
    """The whole position outside the chance log: the undo record of every action (core's
    one idiom; the board and the owners are lists, kept as tuples)."""

    LISTS = frozenset({"board", "owner"})

    board: tuple[int, ...]
    owner: tuple[int, ...]
    phase: Phase
    _seat: int
    actions_left: int
    to_place: tuple[int, ...]
    push: tuple[int, int] | None
    quiet: int
    removed_this_turn: bool
    removed: tuple[int, ...]
    events: tuple[Any, ...]
    _outcome: Outcome | None
    first: int


class Dejarik(Game):
    """A game of Dejarik (seat 0 = South, seat 1 = North). See the module docstring."""

    spec = SPEC
    seat_names = ("South", "North")

    def __init__(self, seed: int | None = None, *, random_split: bool = False, placement: str = "choose",
                 odds: bool = True, position: str | None = None, to_move: str | int = "south",
                 chance: Chance | None = None) -> None:
        super().__init__()
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed must be a whole number or None, not {seed!r}")
        options = SPEC.validate_options({"random_split": random_split, "placement": placement, "odds": odds,
                                         "position": position, "to_move": to_move})
        self.seed = seed
        self._start_chance(seed, chance)
        self.board: list[int] = [0] * CELLS
        self.owner: list[int] = [-1] * 9
        self.phase = Phase.ACT
        self.actions_left = ACTIONS_PER_TURN
        self.to_place: tuple[int, ...] = ()
        self.push: tuple[int, int] | None = None     # (cell of the pushed creature, seat to resume)
        self.quiet = 0
        self.removed_this_turn = False
        self.removed: tuple[int, ...] = ()
        self.events: tuple[Any, ...] = ()
        self._scanned: tuple[ScanKey, Scan] | None = None
        self.options = options
        if not self._begin_teacher_position():
            self._lottery(options["random_split"])
            if options["placement"] == "fixed":
                for seat in (0, 1):
                    for cell, number in zip(GROUPS[seat], self.army(seat)):
                        self.board[cell] = number
                self._seat = self.first
            else:
                self.phase = Phase.PLACE
                self._seat = self.first
                self.to_place = self.army(self.first)
        self._skip_stuck()
        self._seal_setup()

    def _set_up_teacher_position(self, position: str) -> str:
        """The option ``position`` (base hook, read by
        :func:`~drezlab.games.dejarik.position.parse_position`): the creatures laid out,
        ``to_move`` acts first; recorded normalised."""
        placed = parse_position(position, BY_KEY)
        for seat, piece, cell in placed:
            self.board[cell] = BY_KEY[piece].number
            self.owner[BY_KEY[piece].number] = seat
        self.first = SIDE_NAMES.index(self.options["to_move"])
        self._seat = self.first
        return position_text(placed)

    # ------------------------------------------------------------------ setup (D1, D2)
    def _lottery(self, random_split: bool) -> None:
        """D1: the armies and the first player, by the game's chance."""
        if random_split:
            keys = [creature.key for creature in CREATURES]
            self.chance.shuffle(keys, "creatures")
            south = {BY_KEY[key].number for key in keys[:4]}
        else:
            south = set(ARMIES["A"] if self.chance.roll(8, "armies") <= 4 else ARMIES["B"])
        for creature in CREATURES:
            self.owner[creature.number] = 0 if creature.number in south else 1
        self.first = 0 if self.chance.roll(8, "first player") % 2 == 1 else 1

    def army(self, seat: int) -> tuple[int, ...]:
        """The creature numbers of ``seat`` still in the game, in table order."""
        return tuple(c.number for c in CREATURES if self.owner[c.number] == seat and c.number not in self.removed)

    # ------------------------------------------------------------------ queries
    def on_board(self, seat: int) -> list[int]:
        """The cells holding ``seat``'s creatures, ascending."""
        return [cell for cell in range(CELLS) if self.board[cell] and self.owner[self.board[cell]] == seat]

    def creature_at(self, cell: int) -> Creature | None:
        number = self.board[cell]
        return BY_NUMBER[number] if number else None

    def attack_odds(self, attacker_cell: int | str, defender_cell: int | str) -> dict[str, Fraction]:
        """The exact odds of the attack from one cell on the other (result -> probability)."""
        frm, to = (cell if isinstance(cell, int) else TEXT_INDEX[cell.lower()]
                   for cell in (attacker_cell, defender_cell))
        attacker, defender = self.creature_at(frm), self.creature_at(to)
        if attacker is None or defender is None:
            raise ValueError("an attack needs a creature on both cells")
        return attack_odds(attacker.attack, defender.defence).as_dict()

    def chance_outcomes(self, action: Any) -> dict[str, Fraction]:
        """The chance event ``action`` starts, with exact odds: for an attack, its four
        results (``RESULTS``); every other action leaves nothing to chance (``{}``)."""
        match self.parse(action).data:
            case Attack(frm=frm, to=to):
                return self.attack_odds(frm, to)
        return {}

    def _scan(self, seat: int) -> Scan:
        """One pass over the board: the masks of the occupied cells and of the enemies of
        ``seat``, and the cells of ``seat``'s creatures, ascending. Remembered for the last
        board, owners and seat asked about (the end of an action asks whether the next
        player can act, then the random action or the action list asks again)."""
        key = (seat, tuple(self.board), tuple(self.owner))
        if self._scanned is not None and self._scanned[0] == key:
            return self._scanned[1]
        owner = self.owner
        occupied = enemies = 0
        own = []
        for cell, number in enumerate(self.board):
            if number:
                occupied |= 1 << cell
                if owner[number] == seat:
                    own.append(cell)
                else:
                    enemies |= 1 << cell
        found = (occupied, enemies, tuple(own))
        self._scanned = (key, found)
        return found

    def _has_action(self, seat: int) -> bool:
        """Has ``seat`` a move or an attack (D3: else it passes)? Stops at the first found."""
        occupied, enemies, own = self._scan(seat)
        for cell in own:
            if enemies & NEIGHBOUR_MASKS[cell] or can_move(occupied, cell, BY_NUMBER[self.board[cell]].move):
                return True
        return False

    # ------------------------------------------------------------------ actions
    def _choices(self) -> list[DejarikAction]:
        """The data of every legal action, in the order of :meth:`legal_actions`: the setup's
        free cells, a push's empty targets, or each creature's moves and attacks and ``pass``."""
        seat, board = self._seat, self.board
        if self.phase == Phase.PLACE:
            number = self.to_place[0]
            return [Place(Kind.PLACE, number, cell) for cell in GROUPS[seat] if not board[cell]]
        if self.phase == Phase.PUSH:
            pushed = self.push[0] if self.push else 0
            return [Push(Kind.PUSH, pushed, cell) for cell in NEIGHBOURS[pushed] if not board[cell]]
        occupied, enemies, own = self._scan(seat)
        choices: list[DejarikAction] = []
        for cell in own:
            moves = MOVES[cell]
            choices.extend(moves[to] for to in reachable(occupied, cell, BY_NUMBER[board[cell]].move))
            if enemies & NEIGHBOUR_MASKS[cell]:
                attacks = ATTACKS[cell]
                choices.extend(attacks[to] for to in NEIGHBOURS[cell] if enemies >> to & 1)
        choices.append(PASS)
        return choices

    def _action(self, data: DejarikAction) -> Action:
        """The action of ``data`` in the current position: its text, targets and label."""
        match data:
            case Place(number=number, cell=cell):
                creature = BY_NUMBER[number]
                return Action(f"place {creature.key} {CELL_TEXT[cell]}", (CELL_NAMES[cell],),
                              f"{creature.name} → {CELL_NAMES[cell]}", data)
            case Push(to=to):
                return Action(f"push {CELL_TEXT[to]}", (CELL_NAMES[to],),
                              label("pushes → {cell}").format(cell=CELL_NAMES[to]), data)
            case Move(frm=frm, to=to):
                name = BY_NUMBER[self.board[frm]].name
                return Action(f"{CELL_TEXT[frm]}-{CELL_TEXT[to]}", (CELL_NAMES[frm], CELL_NAMES[to]),
                              f"{name} {CELL_NAMES[frm]}-{CELL_NAMES[to]}", data)
            case Attack(frm=frm, to=to):
                name = BY_NUMBER[self.board[frm]].name
                return Action(f"{CELL_TEXT[frm]}x{CELL_TEXT[to]}", (CELL_NAMES[frm], CELL_NAMES[to]),
                              f"{name} {CELL_NAMES[frm]}x{CELL_NAMES[to]}", data)
        return Action("pass", (), label("Pass this action"), PASS)

    def _generate_actions(self) -> list[Action]:
        return [self._action(data) for data in self._choices()]

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, drawn as :meth:`Game.random_action` draws it (the
        same ``rng.randrange`` over the same list, so a seeded random game is unchanged) but
        making only the action it picks (making every action was over half of a random
        game's time)."""
        if self._outcome is not None:
            return super().random_action(rng)
        choices = self._choices()
        self._vouched = self._action(choices[rng.randrange(len(choices))])
        return self._vouched

    def _last_public(self, seat: int | None) -> str | None:
        """The last action in words, as the move log said it (nothing is hidden), read from
        the position before it (the undo snapshot): the picture's "Last:" line names
        cells and creatures, not the notation."""
        if not self._history:
            return None
        step = self._history[-1]
        before: DejarikState = step.undo
        return action_words(self.seat_name(before._seat), step.action.data,
                            lambda cell: BY_NUMBER[before.board[cell]].name, lambda number: BY_NUMBER[number].name)

    def _explain_illegal(self, text: str) -> str:
        if self._outcome is not None:
            return self._over_text(text)
        placing = BY_NUMBER[self.to_place[0]].key if self.phase == Phase.PLACE else None
        return explain_illegal(text, self.phase, self._legal()[0].text, placing)

    def describe(self, action: Any) -> str:
        """A log line in words, computed before the action is played: "South: moved the
        Savrip from outer ring 7 to inner ring 7" (:mod:`drezlab.games.dejarik.words`)."""
        chosen = self.parse(action)
        return action_words(self.seat_name(self._seat), chosen.data,
                            lambda cell: BY_NUMBER[self.board[cell]].name, lambda number: BY_NUMBER[number].name)

    def _apply(self, action: Action) -> DejarikState:
        before = DejarikState.of(self)
        match action.data:
            case Place(number=number, cell=cell):           # D2: the setup
                self._place(number, cell)
                return before
            case Move(frm=frm, to=to):                      # D4: a move
                self.events = ()
                self._move(frm, to)
            case Attack(frm=frm, to=to):                    # D5, D6: an attack
                self.events = ()
                self._attack(frm, to)
            case Push(pushed=pushed, to=to):                # D6: the winner's push
                self.events = ()
                self._push(pushed, to)
            case Pass():                                    # D3: one action given up
                self.events = ()
        if self.phase == Phase.ACT and self._outcome is None:
            self._action_done()
        return before

    def _revert(self, action: Action, undo_info: DejarikState) -> None:
        undo_info.restore(self)

    # ------------------------------------------------------------------ the flow
    def _place(self, number: int, cell: int) -> None:
        """D2: one creature on its cell; the first player's group, then the other's."""
        self.board[cell] = number
        self.events = (("place", CELL_NAMES[cell], BY_NUMBER[number].key),)
        self.to_place = self.to_place[1:]
        if self.to_place:
            return
        if self._seat == self.first:
            self._seat = 1 - self.first
            self.to_place = self.army(self._seat)
        else:
            self.phase = Phase.ACT
            self._seat = self.first
            self.actions_left = ACTIONS_PER_TURN
            self._skip_stuck()

    def _move(self, frm: int, to: int) -> None:
        creature = BY_NUMBER[self.board[frm]]
        path = clear_path(self.board, frm, to, creature.move)
        self.board[to], self.board[frm] = self.board[frm], 0
        self.events = (("move", creature.key, CELL_NAMES[frm], *(CELL_NAMES[cell] for cell in path)),)

    def _roll(self, dice: int, what: str) -> tuple[int, ...]:
        return tuple(self.chance.roll(6, what) for _ in range(dice))

    def _attack(self, frm: int, to: int) -> None:
        """§1.6: roll the pools and carry out the result (D5, D6)."""
        attacker, defender = BY_NUMBER[self.board[frm]], BY_NUMBER[self.board[to]]
        a_dice = self._roll(attacker.attack, "attack die")
        d_dice = self._roll(defender.defence, "defence die")
        result = result_of(sum(a_dice) - sum(d_dice))
        self.events = (("attack", CELL_NAMES[frm], CELL_NAMES[to], a_dice, d_dice, result),)
        if result == RESULTS[0]:
            self._remove(to)
        elif result == RESULTS[3]:
            self._remove(frm)
        elif result == RESULTS[1]:
            self._start_push(to, self._seat)
        else:
            self._start_push(frm, 1 - self._seat)

    def _start_push(self, pushed: int, pusher: int) -> None:
        """D6: the winner of the roll pushes; asked only when there is a choice."""
        targets = [cell for cell in NEIGHBOURS[pushed] if not self.board[cell]]
        if len(targets) == 1:
            self._push(pushed, targets[0])
        elif targets:
            self.push = (pushed, self._seat)
            self.phase = Phase.PUSH
            self._seat = pusher
        else:
            self.events += (("blocked", CELL_NAMES[pushed]),)

    def _push(self, pushed: int, to: int) -> None:
        self.board[to], self.board[pushed] = self.board[pushed], 0
        self.events += (("push", CELL_NAMES[pushed], CELL_NAMES[to]),)
        if self.push is not None:
            self._seat = self.push[1]
            self.push = None
            self.phase = Phase.ACT

    def _remove(self, cell: int) -> None:
        number = self.board[cell]
        self.board[cell] = 0
        self.removed += (number,)
        self.quiet = 0
        self.removed_this_turn = True
        self.events += (("removed", CELL_NAMES[cell], BY_NUMBER[number].key),)
        left = [self.on_board(seat) for seat in (0, 1)]
        for seat in (0, 1):
            if not left[seat]:
                self._finish((1 - seat,), ALL_CAPTURED)
                return
        if len(left[0]) == 1 and len(left[1]) == 1:
            self._duel(left[0][0], left[1][0])

    def _duel(self, south_cell: int, north_cell: int) -> None:
        """§1.7, D7: max(Attack, Defence) dice each, the higher sum wins, ties re-roll."""
        south, north = BY_NUMBER[self.board[south_cell]], BY_NUMBER[self.board[north_cell]]
        dice = (max(south.attack, south.defence), max(north.attack, north.defence))
        while True:
            rolls = (self._roll(dice[0], "duel die"), self._roll(dice[1], "duel die"))
            self.events += (("duel", south.key, north.key, rolls[0], rolls[1]),)
            if sum(rolls[0]) != sum(rolls[1]):
                self._finish((0 if sum(rolls[0]) > sum(rolls[1]) else 1,), DUEL)
                return

    def _action_done(self) -> None:
        """One action spent (D3); at the end of a turn, the 50-turn count (D7)."""
        self.actions_left -= 1
        if self.actions_left == 0:
            self._end_turn()
        self._skip_stuck()

    def _end_turn(self) -> None:
        if not self.removed_this_turn:
            self.quiet += 1
        self.removed_this_turn = False
        self._seat = 1 - self._seat
        self.actions_left = ACTIONS_PER_TURN
        if self.quiet >= QUIET_LIMIT:
            self._finish((), QUIET_DRAW)

    def _skip_stuck(self) -> None:
        """D3: a player with no move and no attack passes automatically."""
        while self._outcome is None and self.phase == Phase.ACT and not self._has_action(self._seat):
            self.actions_left -= 1
            if self.actions_left == 0:
                self._end_turn()

    # ------------------------------------------------------------------ judgement
    def material(self, seat: int) -> int:
        """Attack + Defence summed over ``seat``'s creatures on the board."""
        return sum(BY_NUMBER[self.board[cell]].value for cell in self.on_board(seat))

    def evaluate(self, seat: int) -> float:
        """Material share: (own − enemy) / (own + enemy), in [-1, 1]."""
        own, enemy = self.material(seat), self.material(1 - seat)
        return (own - enemy) / max(1, own + enemy)

    def adjudicate(self) -> tuple[float, ...] | None:
        """A game stopped unfinished: more material wins; equal material is a draw (None)."""
        south, north = self.material(0), self.material(1)
        if south == north:
            return None
        return (1.0, 0.0) if south > north else (0.0, 1.0)

    def status_text(self) -> str:
        if self._outcome is not None:
            return super().status_text()
        who = self.seat_name(self._seat)
        if self.phase == Phase.PLACE:
            return label("{who} places {creature}").format(who=who, creature=BY_NUMBER[self.to_place[0]].name)
        if self.phase == Phase.PUSH:
            pushed = self.creature_at(self.push[0]) if self.push else None
            if pushed is None:
                return label("{who} chooses where to push").format(who=who)
            return label("{who} chooses where to push {creature}").format(who=who, creature=pushed.name)
        if self.actions_left > 1:
            return label("{who} to act ({count} actions left)").format(who=who, count=self.actions_left)
        return label("{who} to act ({count} action left)").format(who=who, count=self.actions_left)

    # ------------------------------------------------------------------ views and records
    def _cells_text(self) -> tuple[str, ...]:
        return tuple(f"{SIDE_LETTERS[self.owner[n]]}:{BY_NUMBER[n].key}" if n else "" for n in self.board)

    def open_attacks(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """Every attack open to the player to move: (from, to, the four odds as text)."""
        if self._outcome is not None or self.phase != Phase.ACT:
            return []
        found = []
        for action in self._legal():
            match action.data:
                case Attack(frm=frm, to=to):
                    odds = self.attack_odds(frm, to)
                    found.append((action.targets[0], action.targets[1], tuple(str(odds[name]) for name in RESULTS)))
        return found

    def _public(self, seat: int | None) -> dict[str, Any]:
        return {"cells": self._cells_text(), "phase": self.phase.value if self._outcome is None else "over",
                "seat": self._seat, "actions_left": self.actions_left,
                "to_place": tuple(BY_NUMBER[n].key for n in self.to_place),
                "push": None if self.push is None else CELL_NAMES[self.push[0]],
                "removed": tuple(f"{SIDE_LETTERS[self.owner[n]]}:{BY_NUMBER[n].key}" for n in self.removed),
                "unplaced": tuple(f"{SIDE_LETTERS[self.owner[n]]}:{BY_NUMBER[n].key}"
                                  for n in self._unplaced()),
                "events": self.events, "quiet": self.quiet, "first": self.first,
                "attacks": tuple(self.open_attacks()), "odds": self.options["odds"]}

    def _unplaced(self) -> tuple[int, ...]:
        """Creatures of the game not yet on the board nor removed (during the setup)."""
        on = set(self.board)
        return tuple(c.number for c in CREATURES
                     if self.owner[c.number] >= 0 and c.number not in on and c.number not in self.removed)

    def _state(self) -> dict[str, Any]:
        return {"cells": list(self._cells_text()), "phase": self.phase.value, "seat": self._seat,
                "actions_left": self.actions_left, "to_place": [BY_NUMBER[n].key for n in self.to_place],
                "push": None if self.push is None else [CELL_NAMES[self.push[0]], self.push[1]],
                "quiet": self.quiet, "removed_this_turn": self.removed_this_turn,
                "removed": [BY_NUMBER[n].key for n in self.removed],
                "owner": [self.owner[c.number] for c in CREATURES], "first": self.first,
                "events": [list(event) for event in self.events],
                "outcome": None if self._outcome is None else self._outcome.to_dict()}
