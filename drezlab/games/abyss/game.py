"""Abyss (Walter Joris, 2002): the rules, from the placement to the count.

This module holds the rules and the move tables; the board's names, the phases and
the actions as types are :mod:`drezlab.games.abyss.actions`, the exact solver is
:mod:`drezlab.games.abyss.solver`, the picture :mod:`drezlab.games.abyss.picture`
(drawn from ``game.view(seat)`` only), the metadata :mod:`drezlab.games.abyss.meta`.

Rules: ``shared/rules/board-games.md`` §4, from the Spanish source (seed 004),
every DECISION there binding. In short:

* Board (§4). A 5 x 5 board, files a–e, ranks 1–5; six White and six Black
  pieces. No chance in the play, nothing hidden.
* Placement and the colour choice (§4.1, D19). One player, the *placer*, puts
  all twelve pieces on empty squares, in any arrangement. The placer is drawn at
  random (option ``placer=None``) or agreed (``placer=0`` or ``1``). The other
  player, the *chooser*, then takes one of two options: **first** ("I move
  first; you pick the colours") or **colour** ("I pick my colour; you move
  first"). Whoever the option names then picks a colour (White or Black) for
  himself, the other player gets the other colour, and the play begins.
* The push (§4.2, D20). A move takes an own piece M and an orthogonal
  direction and makes s >= 1 unit steps. One step: B is the unbroken run of
  pieces directly ahead of M (any colours); if B reaches the edge, its front
  piece falls off the board; every piece of B, and M, advances one square.
  M never leaves the board. The player may stop only right after a step in which
  an opponent's piece fell (own pieces may fall on earlier steps), so every move
  pushes at least one opponent's piece off. Hence a player can move iff some own
  piece has an opponent's piece somewhere ahead of it on its rank or file.
* The end and the count (§4.3). When the player to move has no legal move the
  game ends: the player with more pieces on the board wins; equal counts draw.
  Every move removes a piece, so the play lasts at most twelve moves.

Notation (lower-case ASCII; ``parse(str(a)) == a``):

==================  ==========================================================
``w@c3``, ``b@c3``  placement: a White (``w``) or Black (``b``) piece on c3.
                    Targets: the reserve (``w`` or ``b``), then the square.
``first``           the chooser moves first and lets the placer pick colours
``colour``          the chooser picks the colour and lets the placer move first
``white``/``black`` the seat to decide takes this colour (the other gets the other)
``a1-d1``           push: the piece on a1 slides to d1 (here s = 3 steps to the
                    right); the direction and s follow from the two squares.
                    Targets: the piece's square, then where it stops.
==================  ==========================================================

Choices this module makes where the rules are silent:

* Seats are "Player 1" (seat 0) and "Player 2" (seat 1); colours are given to
  seats by the choice, so the status line says "Player 1 (White) to move".
* The placer may put the pieces in any order, either colour at any time.
* If the first mover has no legal move right after the colours are picked (an
  arrangement where no piece faces an opponent's piece), the game ends at once
  with the count: six against six, a draw.
* A teacher's position (option ``position``) starts in the play: seat 0 is
  White, seat 1 Black, ``to_move`` moves first (``placer`` is then ignored); it
  may hold up to six pieces of each colour. If the side to move cannot push,
  the game is over at once. Without a position, ``to_move`` is ignored.
* The outcome's ``payoffs`` hold the count difference (the winner's margin),
  so simulations can average margins as well as results.

Records: the base record (options, the deal seed that drew the placer, the
actions and the final state: board, phase, seats' colours, outcome); loading
replays the actions and compares. Views: nothing is hidden, every seat's view
holds the whole position in ``public`` (see :meth:`Abyss._public`).

The engine: the position is two 25-bit ints (bit ``5 * rank + file``, a1 = 0).
For every square and direction the rule of D20 is run once over every content
of the ray ahead (3^k patterns) and stored as the list of legal stops, each
with the two bit masks that apply it (:data:`PUSHES`); the game, the solver and
the bots all use those tables, so a push is a dictionary look-up and two XORs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any, NamedTuple

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import short_repr
from drezlab.core.chance import Chance
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.game import Game
from drezlab.core.i18n import get_language, t, turn_text
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.games.abyss.actions import (  # noqa: F401  (the board's names are also read from here)
    BLACK,
    FILES,
    FIRST,
    LETTERS,
    LETTERS_WORDS,
    PICK_COLOUR,
    SIZE,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARES,
    WHITE,
    Choose,
    Phase,
    Place,
    PushMove,
    TakeColour,
)
from drezlab.games.abyss.meta import COLOUR_NAMES, SPEC
from drezlab.games.abyss.position import (  # noqa: F401  (read from here too: lessons import them)
    MAX_TEXT,
    PIECES_PER_COLOUR,
    parse_position,
    position_text,
)
from drezlab.games.abyss.words import (  # noqa: F401
    KEY_PREFIX,
    NO_PUSH,
    choice_words,
    colour_words,
    explain_illegal,
    fallen_text,
    own_words,
    place_words,
    push_words,
)

# ------------------------------------------------------------------ the board
FULL = (1 << SQUARES) - 1
#: the four directions as (file step, rank step): right, left, up, down
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))

#: the phases by their old names (the phase is a :class:`Phase`, equal to these strings)
PLACE, CHOOSE, COLOUR, PLAY = Phase.PLACE, Phase.CHOOSE, Phase.COLOUR, Phase.PLAY

def _coords(square: int) -> tuple[int, int]:
    return square % SIZE, square // SIZE


def _ray(square: int, direction: int) -> tuple[int, ...]:
    """The squares ahead of ``square`` in ``direction``, nearest first, up to the edge."""
    df, dr = DIRECTIONS[direction]
    file, rank = _coords(square)
    cells = []
    file, rank = file + df, rank + dr
    while 0 <= file < SIZE and 0 <= rank < SIZE:
        cells.append(rank * SIZE + file)
        file, rank = file + df, rank + dr
    return tuple(cells)


# --------------------------------------------------------- the push (§4.2, D20)
EMPTY, OWN, OPPONENT = 0, 1, 2


class Stop(NamedTuple):
    """One legal end of a push along a line: after ``steps`` unit steps."""

    steps: int
    line: tuple[int, ...]       # the line afterwards (the mover's square first)
    own_fallen: int             # own pieces that fell on the way
    opponent_fallen: int        # opponent's pieces that fell


def push_stops(line: tuple[int, ...]) -> list[Stop]:
    """D20 on one line: ``line[0]`` is the moving piece M (``OWN``), ``line[1:]`` the
    squares ahead up to the edge (``EMPTY``, ``OWN`` or ``OPPONENT``). Makes every
    possible step and returns the legal stops: those right after a step in which
    an opponent's piece fell off."""
    cells = list(line)
    stops: list[Stop] = []
    own_fallen = opponent_fallen = 0
    for steps in range(1, len(cells)):          # M never leaves the board
        where = steps - 1                       # M's index on the line before this step
        end = where + 1                         # the run B ahead of M is cells[where + 1:end]
        while end < len(cells) and cells[end] != EMPTY:
            end += 1
        opponent_fell = False
        if end == len(cells):                   # B reaches the edge: its front piece falls off
            if cells[-1] == OPPONENT:
                opponent_fallen += 1
                opponent_fell = True
            else:
                own_fallen += 1
            cells[where + 1:] = cells[where:-1]
        else:                                   # B and M advance into the empty square
            cells[where + 1:end + 1] = cells[where:end]
        cells[where] = EMPTY
        if opponent_fell:
            stops.append(Stop(steps, tuple(cells), own_fallen, opponent_fallen))
    return stops


class Push(NamedTuple):
    """A legal push in a table: where M starts and stops, the masks that apply it, what fell."""

    frm: int
    to: int
    own_change: int            # XOR into the mover's pieces
    opponent_change: int       # XOR into the opponent's pieces
    opponent_fallen: int
    own_fallen: int


def _build_tables() -> tuple[tuple[int, ...], tuple[dict[int, tuple[Push, ...]], ...]]:
    """For each ``4 * square + direction``: the ray's mask and, for every content of the
    ray (key ``own & ray | (opponent & ray) << 25``), the legal pushes of a piece on
    ``square`` (most opponent's pieces fallen first)."""
    rays, tables = [], []
    for square in range(SQUARES):
        for direction in range(4):
            ray = _ray(square, direction)
            mask = sum(1 << cell for cell in ray)
            rays.append(mask)
            table: dict[int, tuple[Push, ...]] = {}
            whole = (square, *ray)
            for content in product((EMPTY, OWN, OPPONENT), repeat=len(ray)):
                own = sum(1 << cell for cell, kind in zip(ray, content) if kind == OWN)
                opponent = sum(1 << cell for cell, kind in zip(ray, content) if kind == OPPONENT)
                pushes = []
                for stop in push_stops((OWN, *content)):
                    new_own = sum(1 << cell for cell, kind in zip(whole, stop.line) if kind == OWN)
                    new_opponent = sum(1 << cell for cell, kind in zip(whole, stop.line) if kind == OPPONENT)
                    pushes.append(Push(square, whole[stop.steps], new_own ^ (own | 1 << square), new_opponent ^ opponent,
                                       stop.opponent_fallen, stop.own_fallen))
                pushes.sort(key=lambda push: (push.own_fallen - push.opponent_fallen, push.to))
                table[own | opponent << SQUARES] = tuple(pushes)
            tables.append(table)
    return tuple(rays), tuple(tables)


#: ``RAYS[4 * square + direction]``: the mask of the squares ahead; ``PUSHES[...]``: content key -> pushes
RAYS, PUSHES = _build_tables()

#: the squares of each 10-bit slice of a mask: ``_SLICES[k][bits]`` for bits ``10k .. 10k + 9``
_SLICES = tuple(tuple(tuple(10 * k + i for i in range(10) if bits >> i & 1) for bits in range(1 << 10))
                for k in range(3))
_LOW, _MIDDLE, _HIGH = _SLICES


def squares_of(mask: int) -> tuple[int, ...]:
    """The squares of a 25-bit mask, ascending (three table look-ups: the move generator,
    the solver and random play call this at every position)."""
    return _LOW[mask & 1023] + _MIDDLE[mask >> 10 & 1023] + _HIGH[mask >> 20]


def pushes(own: int, opponent: int) -> list[Push]:
    """Every legal push of the side owning ``own`` against ``opponent`` (the game, the
    solver and the bots all generate moves here)."""
    found: list[Push] = []
    for square in squares_of(own):
        base = 4 * square
        for index in range(base, base + 4):
            ray = RAYS[index]
            facing = opponent & ray
            if facing:
                found.extend(PUSHES[index][own & ray | facing << SQUARES])
    return found


def can_push(own: int, opponent: int) -> bool:
    """Does the side owning ``own`` have a legal push (an opponent's piece ahead of one of its pieces)?"""
    for square in squares_of(own):
        base = 4 * square
        if opponent & (RAYS[base] | RAYS[base + 1] | RAYS[base + 2] | RAYS[base + 3]):
            return True
    return False


def seat_label(seat: int, colour: int | None) -> str:
    """'Player 1', or 'Player 1 (White)' once the seat has a colour (in the current language)."""
    name = t(f"Player {seat + 1}")
    if colour is None:
        return name
    return f"{name} ({t('White' if colour == WHITE else 'Black')})"


# --------------------------------------------------------------- the actions
PLACEMENT_LABELS = ("White piece on {square}", "Black piece on {square}")
CHOICE_LABELS = {FIRST: "I move first (you pick the colours)", PICK_COLOUR: "I pick my colour (you move first)"}
COLOUR_LABELS = ("I play White", "I play Black")


def _placement_action(colour: int, square: int, english: bool) -> Action:
    template = PLACEMENT_LABELS[colour]
    label = (template if english else t(template)).format(square=SQUARE_NAMES[square])
    return Action(f"{LETTERS[colour]}@{SQUARE_NAMES[square]}", (LETTERS[colour], SQUARE_NAMES[square]),
                  label, Place(colour, square))


@cache
def placement_actions(language: str) -> tuple[tuple[Action, ...], ...]:
    """Every placement action (by colour, then square) labelled in ``language``: English
    for ``"en"``, otherwise the current language, which must then be ``language``."""
    return tuple(tuple(_placement_action(colour, square, language == "en") for square in range(SQUARES))
                 for colour in (WHITE, BLACK))


#: the placement actions with English labels (the bots pick from these by text)
PLACEMENTS: tuple[tuple[Action, ...], ...] = placement_actions("en")


def choice_actions() -> list[Action]:
    """'first' and 'colour', labelled in the current language."""
    return [Action(option, (), t(CHOICE_LABELS[option]), Choose(option)) for option in (FIRST, PICK_COLOUR)]


def colour_actions() -> list[Action]:
    """'white' and 'black', labelled in the current language."""
    return [Action(LETTERS_WORDS[colour], (), t(COLOUR_LABELS[colour]), TakeColour(colour))
            for colour in (WHITE, BLACK)]

#: the push from one square to another on its rank or file: ``MOVES[(from, to)]``
MOVES: dict[tuple[int, int], Action] = {
    (frm, to): Action(f"{SQUARE_NAMES[frm]}-{SQUARE_NAMES[to]}", (SQUARE_NAMES[frm], SQUARE_NAMES[to]),
                      data=PushMove(frm, direction, to))
    for frm in range(SQUARES) for direction in range(4) for to in _ray(frm, direction)}


@dataclass(frozen=True)
class AbyssState(AttributeSnapshot):
    """The whole position as the game holds it (two masks and five plain values): the undo
    record of every action, declared once (core's :class:`AttributeSnapshot`)."""

    _white: int
    _black: int
    _phase: Phase
    _seat: int
    _colours: tuple[int | None, int | None]
    _first: int | None
    _outcome: Outcome | None


# ====================================================================== game
class Abyss(Game):
    """A game of Abyss (see the module doc). ``Abyss()`` starts with the placement
    (the placer drawn at random, D19); ``Abyss(placer=0)`` lets seat 0 place;
    ``Abyss.from_text(board, to_move="white")`` is a teacher's position after the
    placement (seat 0 White, seat 1 Black)."""

    spec = SPEC
    seat_names = ("Player 1", "Player 2")

    def __init__(self, seed: int | None = None, *, placer: int | None = None, position: str | None = None,
                 to_move: str = "white", chance: Chance | None = None) -> None:
        super().__init__()
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed must be a whole number or None, not {short_repr(seed)}")
        options = SPEC.validate_options({"placer": placer, "position": position, "to_move": to_move})
        self.seed = seed
        self._start_chance(seed, chance)
        self._colours: tuple[int | None, int | None] = (None, None)
        self._first: int | None = None
        #: the pushes of the side to move and the masks they were found for (:meth:`_pushes_now`)
        self._found_pushes: tuple[int, int, tuple[Push, ...]] | None = None
        self.options = options
        if not self._begin_teacher_position():
            self._white = self._black = 0
            self._placer = options["placer"] if options["placer"] is not None else \
                self.chance.randrange(2, "placer")
            self._phase = Phase.PLACE
            self._seat = self._placer
        self._seal_setup()

    @classmethod
    def from_text(cls, text: str, to_move: str = "white", **options: Any) -> Abyss:
        """A teacher's position after the placement (rank 5 first, ``w``/``b``/``.``)."""
        if not isinstance(text, str):
            raise BadRecord(f"a position is text (5 ranks of 5 squares), not {type(text).__name__}")
        return cls(position=text, to_move=to_move, **options)

    def _set_up_teacher_position(self, position: str) -> str:
        """The option ``position`` (base hook, read by :func:`~drezlab.games.abyss.position.parse_position`):
        the play begins with seat 0 White and seat 1 Black, ``to_move`` first, and is over at
        once if that side cannot push. The board is recorded normalised."""
        self._white, self._black = parse_position(position)
        self._placer = 0
        self._colours = (WHITE, BLACK)
        self._first = COLOUR_NAMES.index(self.options["to_move"])
        self._phase = Phase.PLAY
        self._seat = self._first
        self._end_if_stuck()
        return position_text(self._white, self._black)

    # ------------------------------------------------------------ the position
    @property
    def phase(self) -> Phase:
        """``"place"``, ``"choose"``, ``"colour"`` or ``"play"`` (also once the game is over), as a
        :class:`Phase` (equal to those strings)."""
        return self._phase

    @property
    def placer(self) -> int:
        """The seat that places the pieces (D19)."""
        return self._placer

    @property
    def chooser(self) -> int:
        """The seat that chooses between moving first and picking the colour."""
        return 1 - self._placer

    def colour_of(self, seat: int) -> int | None:
        """``WHITE`` (0), ``BLACK`` (1) or ``None`` before the colours are picked."""
        return self._colours[seat]

    @property
    def first_mover(self) -> int | None:
        """The seat that makes the first push (``None`` before the choice)."""
        return self._first

    @property
    def white(self) -> int:
        """White's pieces as a 25-bit mask (bit ``5 * rank + file``)."""
        return self._white

    @property
    def black(self) -> int:
        """Black's pieces as a 25-bit mask."""
        return self._black

    def counts(self) -> tuple[int, int]:
        """(White pieces, Black pieces) on the board."""
        return self._white.bit_count(), self._black.bit_count()

    def to_text(self) -> str:
        """The board in the text form (rank 5 first, ``/`` between ranks)."""
        return position_text(self._white, self._black)

    def piece_at(self, square: str) -> str | None:
        """``"w"``, ``"b"`` or ``None`` on the named square."""
        if not isinstance(square, str) or square.strip().lower() not in SQUARE_INDEX:
            raise ValueError(f"{short_repr(square)} is not a square of the 5x5 board (a1 to e5)")
        index = SQUARE_INDEX[square.strip().lower()]
        return "w" if self._white >> index & 1 else "b" if self._black >> index & 1 else None

    @property
    def colour_to_move(self) -> int | None:
        """The colour whose push it is (in the play phase, also once the game is over)."""
        return self._colours[self._seat] if self._phase == Phase.PLAY else None

    def mover_masks(self) -> tuple[int, int]:
        """(the mover's pieces, the opponent's pieces) in the play phase: the solver's position."""
        if self._phase != Phase.PLAY:
            raise ValueError("the pieces are not yet placed and the colours not yet picked")
        if self._colours[self._seat] == WHITE:
            return self._white, self._black
        return self._black, self._white

    def _left(self, colour: int) -> int:
        mask = self._white if colour == WHITE else self._black
        return PIECES_PER_COLOUR - mask.bit_count()

    # ------------------------------------------------------------ the actions
    def _generate_actions(self) -> list[Action]:
        if self._phase == Phase.PLACE:
            empty = ~(self._white | self._black) & FULL
            placements = placement_actions(get_language())
            return [placements[colour][square] for colour in (WHITE, BLACK) if self._left(colour)
                    for square in squares_of(empty)]
        if self._phase == Phase.CHOOSE:
            return choice_actions()
        if self._phase == Phase.COLOUR:
            return colour_actions()
        return [MOVES[push.frm, push.to] for push in self._pushes_now()]

    def _pushes_now(self) -> tuple[Push, ...]:
        """The legal pushes of the side to move in the play phase, generated once per position:
        ``_found_pushes`` remembers the masks they were found for (a position reached again by
        ``undo`` or in a copy finds them again, or generates them when the masks differ)."""
        own, opponent = self.mover_masks()
        found = self._found_pushes
        if found is None or found[0] != own or found[1] != opponent:
            found = self._found_pushes = (own, opponent, tuple(pushes(own, opponent)))
        return found[2]

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, without building the list to pick one: the same
        draw ``rng.randrange(len(legal_actions()))`` picks the same action of the same list
        (so a seeded random game plays as before), read from the placement table or the
        push tables directly (building up to 50 placements a ply was about a fifth of a
        random game's time)."""
        if self._outcome is None and self._phase == Phase.PLACE:
            white, black = self._white, self._black
            empty = squares_of(~(white | black) & FULL)
            colours = [colour for colour, mask in ((WHITE, white), (BLACK, black))
                       if mask.bit_count() < PIECES_PER_COLOUR]
            index = rng.randrange(len(colours) * len(empty))
            chosen = placement_actions(get_language())[colours[index // len(empty)]][empty[index % len(empty)]]
        elif self._outcome is None and self._phase == Phase.PLAY:
            found = self._pushes_now()
            push = found[rng.randrange(len(found))]
            chosen = MOVES[push.frm, push.to]
        else:
            return super().random_action(rng)
        self._vouched = chosen
        return chosen

    def _apply(self, action: Action) -> AbyssState:
        before = AbyssState.of(self)
        match action.data:
            case Place(colour=colour, square=square):          # §4.1: the placer puts a piece
                if colour == WHITE:
                    self._white |= 1 << square
                else:
                    self._black |= 1 << square
                if (self._white | self._black).bit_count() == 2 * PIECES_PER_COLOUR:
                    self._phase, self._seat = Phase.CHOOSE, self.chooser
            case Choose(option=option):                        # §4.1: first, or the colour
                if option == FIRST:
                    self._first, self._seat = self.chooser, self._placer
                else:
                    self._first, self._seat = self._placer, self.chooser
                self._phase = Phase.COLOUR
            case TakeColour(colour=colour):                    # the deciding seat takes a colour
                colours = [1 - colour, 1 - colour]
                colours[self._seat] = colour
                self._colours = (colours[0], colours[1])
                self._phase = Phase.PLAY
                assert self._first is not None
                self._seat = self._first
                self._end_if_stuck()
            case PushMove() as move:                           # §4.2: a push
                self._push(self._find_push(move, action.text))
                self._seat = 1 - self._seat
                self._end_if_stuck()
        return before

    def _find_push(self, move: PushMove, text: str) -> Push:
        """The table entry of the legal push ``move`` (written ``text``) in the current position."""
        own, opponent = self.mover_masks()
        index = 4 * move.frm + move.direction
        ray = RAYS[index]
        for push in PUSHES[index][own & ray | (opponent & ray) << SQUARES]:
            if push.to == move.to:
                return push
        raise IllegalAction(t("{move} is not a legal push here").format(move=text))

    def _push(self, push: Push) -> None:
        if self._colours[self._seat] == WHITE:
            self._white ^= push.own_change
            self._black ^= push.opponent_change
        else:
            self._black ^= push.own_change
            self._white ^= push.opponent_change

    def _end_if_stuck(self) -> None:
        """§4.3: the player to move cannot push: the count decides. The pushes found are
        kept for the position (:meth:`_pushes_now`), so they are not generated twice a ply."""
        own, opponent = self.mover_masks()
        found = pushes(own, opponent)
        self._found_pushes = (own, opponent, tuple(found))
        if found:
            self._outcome = None
            return
        counts = [0, 0]
        for seat in (0, 1):
            counts[seat] = (self._white if self._colours[seat] == WHITE else self._black).bit_count()
        margin = counts[0] - counts[1]
        winners = () if margin == 0 else ((0,) if margin > 0 else (1,))
        self._finish(winners, NO_PUSH, payoffs=(margin, -margin))

    def _revert(self, action: Action, undo_info: AbyssState) -> None:
        undo_info.restore(self)

    # ----------------------------------------------------------- words
    def seat_name(self, seat: int | None) -> str:
        """'Player 1', or 'Player 1 (White)' once the colours are picked."""
        if seat is None:
            return super().seat_name(seat)
        return seat_label(seat, self._colours[seat])

    def winner_text(self, seat: int) -> str:
        """'Player 1 (White) wins' (the colour with the seat: players, not colours, win)."""
        return own_words("{who} wins").format(who=self.seat_name(seat))

    def status_text(self) -> str:
        """Whose decision it is and what it is, or how the game ended with the count."""
        outcome = self._outcome
        if outcome is not None:
            white, black = self.counts()
            if outcome.is_draw:
                return t("Draw White {white}–{black} Black: {reason}").format(
                    white=white, black=black, reason=t(outcome.reason))
            return t("{who} wins White {white}–{black} Black: {reason}").format(
                who=self.seat_name(outcome.winners[0]), white=white, black=black, reason=t(outcome.reason))
        name = self.seat_name(self._seat)
        if self._phase == Phase.PLACE:
            return t("{who} places the pieces (left: {white} whites, {black} blacks)").format(
                who=name, white=self._left(WHITE), black=self._left(BLACK))
        if self._phase == Phase.CHOOSE:
            return t("{who} chooses: move first or pick the colour").format(who=name)
        if self._phase == Phase.COLOUR:
            return t("{who} picks a colour").format(who=name)
        return turn_text(name)

    def describe(self, action: Any) -> str:
        """A log line in words, such as 'Player 2 (Black) pushed the row from a3 to a5 and
        pushed off a white piece' or 'Player 1 placed a white piece on c3'
        (:mod:`drezlab.games.abyss.words`)."""
        chosen = self.parse(action)
        who = self.seat_name(self._seat)
        match chosen.data:
            case Place(colour=colour, square=square):
                return place_words(who, colour, SQUARE_NAMES[square])
            case Choose(option=option):
                return choice_words(who, option == FIRST)
            case TakeColour(colour=colour):
                return colour_words(who, colour)
            case PushMove() as move:
                push = self._find_push(move, chosen.text)
                own_colour = self._colours[self._seat]
                assert own_colour is not None
                return push_words(who, SQUARE_NAMES[push.frm], SQUARE_NAMES[push.to],
                                  own_colour, push.opponent_fallen, push.own_fallen)
        raise TypeError(f"not an Abyss action: {chosen.data!r}")

    def _explain_illegal(self, text: str) -> str:
        if self._outcome is not None:
            return self._over_text(text)
        return explain_illegal(self, text)

    # ------------------------------------------------------------- heuristic
    def evaluate(self, seat: int) -> float:
        """The piece difference for ``seat`` in the play, scaled to [-1, 1] (generic bots' hook)."""
        if self._phase != Phase.PLAY or self._colours[seat] is None:
            return 0.0
        white, black = self.counts()
        difference = white - black if self._colours[seat] == WHITE else black - white
        return difference / (2 * PIECES_PER_COLOUR)

    # ------------------------------------------------------------- the view
    def _public(self, seat: int | None) -> dict[str, Any]:
        """The whole position (nothing is hidden): ``board`` (text form), ``phase``,
        ``placer``, ``colours`` (per seat: "white", "black" or None), ``first``
        (the first mover's seat or None), ``turn`` (the colour to push or None),
        ``left`` (pieces still to place, White and Black), ``counts`` and
        ``last`` (the last push's two squares, or None)."""
        last = None
        if self._history and isinstance(self._history[-1].action.data, PushMove):
            last = list(self._history[-1].action.targets)
        turn = self.colour_to_move
        return {"board": self.to_text(), "phase": self._phase.value, "placer": self._placer,
                "colours": [None if colour is None else COLOUR_NAMES[colour] for colour in self._colours],
                "first": self._first, "turn": None if turn is None else COLOUR_NAMES[turn],
                "left": [self._left(WHITE), self._left(BLACK)], "counts": list(self.counts()), "last": last}

    # ------------------------------------------------------------ records
    def _state(self) -> dict[str, Any]:
        return {"board": self.to_text(), "phase": self._phase.value, "seat": self._seat, "placer": self._placer,
                "colours": [None if colour is None else COLOUR_NAMES[colour] for colour in self._colours],
                "first": self._first, "outcome": None if self._outcome is None else self._outcome.to_dict()}

    @classmethod
    def _new_for_record(cls, options: dict[str, Any], deal_seed: int | None, chance: Chance | None) -> Abyss:
        """Options are checked by name first, so an unknown one is refused with its name."""
        checked = SPEC.validate_options(options)
        if chance is not None:
            return cls(seed=None, chance=chance, **checked)
        return cls(seed=deal_seed, **checked)

    def __repr__(self) -> str:
        return f"<Abyss {self.status_text()}; {self.to_text()}>"
