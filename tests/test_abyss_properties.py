"""Property tests for Abyss (DESIGN.md, Testing), beyond the conformance suite.

Hypothesis runs derandomized with few examples (the same on every machine). Each
example is a position (two disjoint sets of squares) or a seed for a random game:

* the push tables agree with the step-by-step rule of D20 run on the board itself;
* ``parse`` accepts exactly the legal pushes among all (square, square) pairs, and a
  refused one leaves the game byte-identical;
* the solver's value equals plain minimax on small positions and lies between
  −(opponent's pieces) and the mover's pieces;
* random games keep the counts within six, never grow, and end with the count.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from drezlab import IllegalAction
from drezlab.games.abyss import Abyss, plain_minimax, position_text, pushes
from drezlab.games.abyss.game import DIRECTIONS, MOVES, SQUARE_NAMES
from drezlab.games.abyss.solver import Solver
from drezlab.testing import random_plies

SETTINGS = settings(max_examples=25, derandomize=True, deadline=None)


@st.composite
def positions(draw: st.DrawFn, most: int = 6) -> tuple[int, int]:
    """A mover's and an opponent's pieces on distinct squares, 1..``most`` each."""
    cells = draw(st.permutations(range(25)))
    own = draw(st.integers(1, most))
    opponent = draw(st.integers(1, most))
    return sum(1 << c for c in cells[:own]), sum(1 << c for c in cells[own:own + opponent])


def slide(own: int, opponent: int, frm: int, direction: int) -> list[tuple[int, int, int]]:
    """D20 on the board itself, step by step: (stop square, own after, opponent after) for
    every legal stop of the piece on ``frm`` in ``direction``."""
    df, dr = DIRECTIONS[direction]
    board = {square: ("o" if own >> square & 1 else "x") for square in range(25) if (own | opponent) >> square & 1}
    where = frm
    stops = []
    while True:
        file, rank = where % 5 + df, where // 5 + dr
        if not (0 <= file < 5 and 0 <= rank < 5):
            return stops
        line = []                                   # the run ahead of M, nearest first
        f, r = file, rank
        while 0 <= f < 5 and 0 <= r < 5 and (r * 5 + f) in board:
            line.append(r * 5 + f)
            f, r = f + df, r + dr
        fell = None
        if line and not (0 <= f < 5 and 0 <= r < 5):
            fell = board.pop(line[-1])
            line = line[:-1]
        for square in reversed([where, *line]):
            file, rank = square % 5 + df, square // 5 + dr
            board[rank * 5 + file] = board.pop(square)
        where = (where // 5 + dr) * 5 + where % 5 + df
        if fell == "x":
            stops.append((where, sum(1 << s for s, k in board.items() if k == "o"),
                          sum(1 << s for s, k in board.items() if k == "x")))


@SETTINGS
@given(positions())
def test_tables_agree_with_the_rule_on_the_board(position: tuple[int, int]) -> None:
    own, opponent = position
    expected = set()
    for frm in range(25):
        if own >> frm & 1:
            for direction in range(4):
                expected |= {(frm, *stop) for stop in slide(own, opponent, frm, direction)}
    found = {(push.frm, push.to, own ^ push.own_change, opponent ^ push.opponent_change)
             for push in pushes(own, opponent)}
    assert found == expected


@SETTINGS
@given(positions())
def test_parse_accepts_exactly_the_legal_pushes(position: tuple[int, int]) -> None:
    own, opponent = position
    game = Abyss.from_text(position_text(own, opponent), to_move="white")
    legal = {action.text for action in game.legal_actions()}
    before = game.to_json()
    for (frm, to), action in MOVES.items():
        if action.text in legal:
            assert game.parse(action.text) == action
            continue
        try:
            game.play(action.text)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{SQUARE_NAMES[frm]}-{SQUARE_NAMES[to]} was accepted")
        assert game.to_json() == before


@SETTINGS
@given(positions(most=3))
def test_solver_equals_plain_minimax_and_stays_in_bounds(position: tuple[int, int]) -> None:
    own, opponent = position
    value = Solver().value(own, opponent)
    assert value == plain_minimax(own, opponent)
    assert -opponent.bit_count() <= value <= own.bit_count()


@SETTINGS
@given(st.integers(0, 10_000))
def test_random_games_only_lose_pieces_and_end_with_the_count(seed: int) -> None:
    counts = (0, 0)
    for game in random_plies(Abyss(seed=seed), seed):
        now = game.counts()
        assert max(now) <= 6
        if game.phase == "play" and len(game.history) > 14:
            assert now[0] <= counts[0] and now[1] <= counts[1] and sum(now) < sum(counts)
        counts = now
    outcome = game.outcome
    assert outcome is not None and outcome.payoffs is not None
    white, black = game.counts()
    colour = game.colour_of(0)
    assert outcome.payoffs[0] == (white - black if colour == 0 else black - white)
