"""The grid engine's speed-ups change nothing, and its shared tables stay shared safely.

* Legality shortcuts (pins past walls, moving the piece alone, remembered move lists):
  along seeded random games of every variant on the engine, the legal moves equal
  those of a slow oracle written here from the rules (every pseudo-legal move made,
  then every enemy piece asked whether it reaches the king, walking its vectors with
  the river's walls as the rules state them).
* Issue 24's defect: ``copy().position`` reached the move tables every game in the
  process shares, so changing them broke every later game. Nothing reachable from a
  copy's position may be both mutable and shared with another game.
* The engine's undo entry is a named class.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from types import MappingProxyType
from typing import Any

import pytest

import drezlab
from drezlab.boards import VARIANT, Move, Position
from drezlab.boards.engine import UndoEntry
from drezlab.core.chance import NoChance
from drezlab.games.guadalete.river import RiverPosition
from drezlab.testing import random_plies

VARIANTS = ("guadalete", "guadalete-cylinder", "guadalete-swimming", "jumping-bishop", "pokerdrez4")

Wall = Callable[[Position, int, int], bool]


def engine_position(game: Any) -> Position:
    """The grid-engine position under a game (PokerDrez-4 keeps it in its cross board)."""
    return game.board.pos if hasattr(game, "board") else game.position


def river_wall(pos: Position, code: int, cell: int) -> bool:
    """§6.1 / D23 as the rules say it: an empty river square without a plank stops the
    lines of every piece but the swimmers (the amazon), plank-makers and pawns."""
    if cell not in pos.grid.tagged("river") or pos.terrain[cell] or not isinstance(pos, RiverPosition):
        return False
    letter = pos.rules.kinds[(code & 15) - 1].letter
    return letter not in pos.SWIMMERS + pos.PLANKERS + "P"


def reaches(pos: Position, frm: int, target: int, wall: Wall) -> bool:
    """Does the piece on ``frm`` attack ``target``, walking its capturing vectors?"""
    code = pos.board[frm]
    seat, kind = code >> 4, pos.rules.kinds[(code & 15) - 1]
    for component in kind.components:
        if "c" not in component.mode:
            continue
        for vector in component.vectors:
            df, dr = pos.rules.absolute(seat, vector)
            if component.rider and component.limit != 1:
                for cell in pos.grid.ray(frm, df, dr):
                    if cell == target:
                        return True
                    if pos.board[cell] or wall(pos, code, cell):
                        break
            elif pos.grid.offset(frm, df, dr) == target:
                return True
    return False


def king_safe(pos: Position, seat: int, wall: Wall) -> bool:
    king = pos.kings[seat]
    return king < 0 or not any(
        reaches(pos, cell, king, wall) for enemy in pos.rules.opponents(seat) for cell in pos.pieces[enemy]
    )


def oracle_moves(pos: Position) -> list[Move]:
    """The legal moves by make / ask every enemy piece / undo, then the variants' own
    additions: the plank-balance rule (D25) and PokerDrez-4's re-entries (D18)."""
    seat = pos.turn
    moves = []
    for move in list(dict.fromkeys(pos.pseudo_moves())) + list(getattr(pos, "reentries", list)()):
        pos.push(move)
        if king_safe(pos, seat, river_wall):
            moves.append(move)
        pos.pop()
    if isinstance(pos, RiverPosition) and pos.must_plank():
        planking = [move for move in moves if pos.makes_plank(move)]
        return planking or moves
    return moves


@pytest.mark.parametrize("name", [pytest.param(name, marks=[pytest.mark.slow] if name == "guadalete-cylinder" else [])
                                  for name in VARIANTS[:4]])     # the cylinder takes over 10 s
def test_legal_moves_equal_the_slow_oracle_along_random_games(name: str) -> None:
    checked = 0
    for seed in range(4):
        pos = engine_position(drezlab.new(name, seed=seed))
        rng = random.Random(seed)
        for _ in range(120):
            moves = pos.legal_moves()
            assert sorted(moves) == sorted(oracle_moves(pos)), pos.move_stack
            assert pos.legal_moves() == moves          # remembered: the same list again
            checked += 1
            if not moves:
                break
            pos.push(rng.choice(moves))
    assert checked > 100


def test_pokerdrez4_legal_moves_equal_the_oracle_along_random_games() -> None:
    """The cross board keeps the reserves beside the engine position: play through it."""
    for seed in range(2):
        game = drezlab.new("pokerdrez4", seed=seed)
        board = game.board  # type: ignore[attr-defined]
        rng = random.Random(seed)
        for _ in range(60):
            moves = board.legal_moves()
            assert moves == sorted(oracle_moves(board.pos))
            if not moves:
                break
            board.push(rng.choice(moves))


def test_a_remembered_move_list_is_forgotten_when_the_position_changes() -> None:
    pos = engine_position(drezlab.new("guadalete"))
    before = pos.legal_moves()
    pos.push(before[0])
    assert pos.legal_moves() != before
    pos.pop()
    assert pos.legal_moves() == before
    e2 = pos.grid.cell("e2")
    pos.put(e2, 0)          # a hook's change: the pawn is gone, so are its moves
    assert all(move.frm != e2 for move in pos.legal_moves())


# ------------------------------------------------------------------ shared tables
def reachable(root: Any) -> Iterator[Any]:
    """Every object reachable from ``root`` through attributes and container items
    (not into classes, modules or functions), each once."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (int, float, str, bytes, type(None), type)) or callable(obj):
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, (dict, MappingProxyType)):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        else:
            stack.extend(getattr(obj, "__dict__", {}).values())
            for klass in type(obj).__mro__:
                for slot in getattr(klass, "__slots__", ()):
                    if slot != "__dict__" and hasattr(obj, slot):
                        stack.append(getattr(obj, slot))


def is_mutable(obj: Any) -> bool:
    """A container that can change, or an object one of whose attributes can be set."""
    if isinstance(obj, (list, dict, set, bytearray)):
        return True
    if isinstance(obj, (tuple, frozenset, MappingProxyType)):
        return False
    names = [name for klass in type(obj).__mro__ for name in getattr(klass, "__slots__", ())
             if name != "__dict__" and hasattr(obj, name)] + list(getattr(obj, "__dict__", {}))
    for name in names[:1]:
        try:
            setattr(obj, name, getattr(obj, name))
        except AttributeError:
            return False
        return True
    return False


@pytest.mark.parametrize("name", VARIANTS)
def test_a_copy_reaches_nothing_mutable_that_another_game_shares(name: str) -> None:
    """Fails on the code before issue 24: the copy's position reached the engine's move
    tables (lists), the rules' setup and the grid's tags (dicts), shared by every game.
    A view of the copy reaches nothing of theirs either."""
    game = drezlab.new(name, seed=1)
    game.play(game.legal_actions()[0])
    copy = game.copy()
    fresh = drezlab.new(name, seed=2)
    others = {id(obj) for root in (engine_position(game), engine_position(fresh)) for obj in reachable(root)
              if is_mutable(obj)}
    for root in (engine_position(copy), copy.view(0)):
        shared = [obj for obj in reachable(root) if is_mutable(obj) and id(obj) in others]
        assert not shared, [type(obj).__name__ for obj in shared[:5]]


@pytest.mark.parametrize("name", VARIANTS)
def test_a_game_copy_reaches_nothing_mutable_that_another_game_shares(name: str) -> None:
    """The whole copied game, not only its position: the actions the grid-chess kit
    remembers for every game of a class (kits.gridchess.action_memo) stay out of reach.
    The one shared object allowed is the chance source of a game without chance: it
    refuses every event, so its empty log never changes."""
    game = drezlab.new(name, seed=1)
    game.play(game.legal_actions()[0])
    copy = game.copy()
    fresh = drezlab.new(name, seed=2)
    others = {id(obj) for root in (game, fresh) for obj in reachable(root) if is_mutable(obj)}
    allowed = {id(copy.chance), id(copy.chance.log)} if isinstance(copy.chance, NoChance) else set()
    shared = [obj for obj in reachable(copy) if is_mutable(obj) and id(obj) in others and id(obj) not in allowed]
    assert not shared, [type(obj).__name__ for obj in shared[:5]]


def test_changing_what_a_copy_reaches_cannot_break_a_later_game() -> None:
    """The issue's reproduction: try to change every table reachable from a copy's
    position; every attempt is refused and a fresh game's moves are unchanged."""
    expected = [action.text for action in drezlab.new("guadalete").legal_actions()]
    copy = drezlab.new("guadalete").copy()
    tables = engine_position(copy).tables
    with pytest.raises((TypeError, AttributeError)):
        tables.gen[17][12] = tables.gen[17][13]  # type: ignore[index]
    with pytest.raises(AttributeError):
        tables.gen = ()
    with pytest.raises(TypeError):
        engine_position(copy).rules.setup["e4"] = (0, "Q")  # type: ignore[index]
    with pytest.raises(TypeError):
        engine_position(copy).grid.tags["river"] = frozenset()  # type: ignore[index]
    assert [action.text for action in drezlab.new("guadalete").legal_actions()] == expected


def test_the_undo_entry_is_a_named_class() -> None:
    pos = engine_position(drezlab.new("guadalete"))
    move = pos.legal_moves()[0]
    pos.push(move)
    entry = pos.undo_entries[-1]
    assert isinstance(entry, UndoEntry)
    assert entry.move == move and entry.moved and entry.captured == 0


@pytest.mark.parametrize("name", ["guadalete", "guadalete-cylinder", "guadalete-swimming"])
def test_reshape_cells_name_every_landing_a_board_may_reshape(name: str) -> None:
    """The engine skips ``reshape`` for moves landing outside ``reshape_cells()``: over
    seeded random games, every legal move landing elsewhere must indeed reshape nothing."""
    asked = 0
    for seed in range(3):
        for game in random_plies(drezlab.new(name, seed=seed), seed, limit=120):
            position = game.position
            cells = position.reshape_cells()
            if cells is None:
                continue
            for move in position.generate_legal_moves():
                if move[1] not in cells:
                    assert position.reshape(move) is False, (name, seed, move)
                    asked += 1
    assert asked > 1000


@pytest.mark.parametrize("name", ["guadalete", "guadalete-cylinder"])
def test_reshape_codes_name_every_piece_whose_move_may_reshape(name: str) -> None:
    """The engine keeps a move onto a reshape cell without asking ``reshape`` when the
    piece's code is not in ``reshape_codes()``: over seeded random games, every such
    legal move must indeed reshape nothing."""
    asked = 0
    for seed in range(3):
        for game in random_plies(drezlab.new(name, seed=seed), seed, limit=120):
            position = game.position
            cells, codes = position.reshape_cells(), position.reshape_codes()
            if cells is None or codes is None:
                continue
            for move in position.generate_legal_moves():
                if move[1] in cells and position.board[move[0]] not in codes:
                    assert position.reshape(move) is False, (name, seed, move)
                    asked += 1
    assert asked > 100


def test_swimming_special_moves_only_carry_their_piece() -> None:
    """``specials_carry`` lets the engine keep a special move by a piece neither the king
    nor pinned: so every special move of swimming must say where it lands."""
    position_class = type(drezlab.new("guadalete-swimming").position)
    assert position_class.specials_carry
    specials = 0
    for seed in range(4):
        for game in random_plies(drezlab.new("guadalete-swimming", seed=seed), seed, limit=150):
            position = game.position
            for move in position.pseudo_moves():
                if move[3] >= VARIANT:
                    assert position.special_landing(move) is not None, (seed, move)
                    specials += 1
    assert specials > 50


@pytest.mark.parametrize("name", VARIANTS[:4])
def test_a_remembered_action_is_the_one_made_now_in_either_language(name: str) -> None:
    """kits.gridchess.action_memo keeps an action only when its label follows from the
    move alone: along random games, in English and in Spanish alternately, every listed
    action (plank and drift moves included) equals the one made afresh for its move."""
    from drezlab.core.i18n import in_language

    for seed in range(3):
        game = drezlab.new(name, seed=seed)
        rng = random.Random(seed)
        for ply in range(80):
            if game.is_over:
                break
            with in_language("es" if ply % 2 else "en"):
                for action in game.legal_actions():
                    fresh = game._new_action(action.data)  # type: ignore[attr-defined]
                    assert (action.text, action.targets, action.label) == (fresh.text, fresh.targets, fresh.label)
                game.play(game.random_action(rng))


@pytest.mark.parametrize("name", VARIANTS[:3])
def test_stop_rules_say_what_may_stop_says(name: str) -> None:
    """engine.Position.stop_rules, read by the move tables instead of ``may_stop``: for
    every piece code and river cell, on open water and on a plank, the data gives the
    hook's answer (None: the hook is asked)."""
    pos = engine_position(drezlab.new(name, seed=0))
    rules = pos.stop_rules()
    assert rules is not None
    stops = pos.stop_cells()
    asked = 0
    for code, rule in enumerate(rules):
        if rule is None or not code:
            continue
        for cell in stops:
            saved = pos.terrain[cell]
            for ground in (0, 1, 2):
                pos.terrain[cell] = ground
                assert (cell in rule[not ground]) == pos.may_stop(code, cell), (code, cell, ground)
                asked += 1
            pos.terrain[cell] = saved
    assert asked > 100
