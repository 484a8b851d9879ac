"""An alpha-beta bot that searches on the grid engine itself (for two-seat games
built on :class:`drezlab.kits.gridchess.GridChessGame`).

:class:`GridSearchPlayer` (``"search"``) copies the game's engine position
(nothing is hidden in these games, so the copy is what the seat sees) and runs a
negamax alpha-beta search of ``depth`` plies (2 by default) followed by a
capture-only quiescence search (up to ``quiescence`` further plies), straight on
``Position.push``/``pop``: no Game objects, no actions, so it looks at thousands
of positions per move where the protocol-level ``SearchPlayer`` looks at dozens.

* Value: material in centipawns (the kinds' ``value``) from the side to move's
  view, plus a small centre bonus (up to 10) for every piece but the king, so
  quiet moves develop pieces rather than wander.
* Mate is worth 100,000 minus the plies to it; stalemate, a third repetition, the
  50-move rule and the dead positions of D22 are worth 0.
* Order: captures by most valuable victim / least valuable attacker, promotions,
  then the rest; the root's moves are shuffled first with the bot's seeded
  generator, so a seed repeats a game and equal moves vary between seeds.
"""

from __future__ import annotations

import random

from drezlab.boards.engine import Position, kind_of, seat_of
from drezlab.boards.pieces import Move
from drezlab.core.action import Action
from drezlab.kits.gridchess import GridChessGame
from drezlab.players import seat_to_choose

MATE = 100_000
INF = 10**9


class GridSearchPlayer:
    """Alpha-beta on the engine (see the module docstring)."""

    name = "search"

    def __init__(
        self, seed: int | None = None, depth: int = 2, quiescence: int = 4
    ) -> None:
        self.rng = random.Random(seed)
        self.depth = depth
        self.quiescence = quiescence
        self.nodes = 0

    def __repr__(self) -> str:
        return f"GridSearchPlayer(depth={self.depth})"

    def choose(self, game: GridChessGame) -> Action:
        """The best move found for the seat to move."""
        seat_to_choose(game)
        pos = game.position.copy()
        self._values = [k.value for k in pos.rules.kinds]
        self._royal = [k.royal for k in pos.rules.kinds]
        self._centre = _centre_bonus(pos)
        self.nodes = 0
        moves = pos.legal_moves()
        self.rng.shuffle(moves)
        moves = self._ordered(pos, moves)
        best = moves[0]
        alpha = -INF
        for m in moves:
            pos.push(m)
            value = -self._search(pos, self.depth - 1, -INF, -alpha, 1)
            pos.pop()
            if value > alpha:
                alpha, best = value, m
        return game.action_of(best)

    # ------------------------------------------------------------ search
    def _evaluate(self, pos: Position) -> int:
        me = pos.turn
        values = self._values
        centre = self._centre
        total = 0
        board = pos.board
        royal = self._royal
        for s in range(pos.rules.seats):
            sign = 1 if s == me else -1
            for c in pos.pieces[s]:
                kind = kind_of(board[c]) - 1
                v = values[kind]
                if not royal[kind]:
                    v += centre[c]
                total += sign * v
        return total

    def _search(
        self, pos: Position, depth: int, alpha: int, beta: int, ply: int
    ) -> int:
        self.nodes += 1
        if pos.halfmove >= 100 or (pos.halfmove >= 4 and pos.repetitions() >= 3):
            return 0
        if depth <= 0:
            return self._quiesce(pos, alpha, beta, ply, self.quiescence)
        moves = pos.legal_moves()
        if not moves:
            return -(MATE - ply) if pos.is_check() else 0
        for m in self._ordered(pos, moves):
            pos.push(m)
            value = -self._search(pos, depth - 1, -beta, -alpha, ply + 1)
            pos.pop()
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return alpha

    def _quiesce(
        self, pos: Position, alpha: int, beta: int, ply: int, left: int
    ) -> int:
        self.nodes += 1
        moves = pos.legal_moves()
        if not moves:
            return -(MATE - ply) if pos.is_check() else 0
        stand = self._evaluate(pos)
        if stand >= beta or left <= 0:
            return stand
        alpha = max(alpha, stand)
        board = pos.board
        captures = [m for m in moves if board[m.to] or m.flag == 2 or m.promo]
        for m in self._ordered(pos, captures):
            pos.push(m)
            value = -self._quiesce(pos, -beta, -alpha, ply + 1, left - 1)
            pos.pop()
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return alpha

    def _ordered(self, pos: Position, moves: list[Move]) -> list[Move]:
        board = pos.board
        values = self._values

        def key(m: Move) -> int:
            victim = board[m.to] if m.to >= 0 else 0
            score = 0
            if victim and seat_of(victim) != pos.turn:
                score = (
                    10 * values[kind_of(victim) - 1]
                    - values[kind_of(board[m.frm]) - 1] // 10
                    + 100_000
                )
            if m.promo:
                score += values[m.promo - 1] + 50_000
            return -score

        return sorted(moves, key=key)


def _centre_bonus(pos: Position) -> list[int]:
    """Up to 10 centipawns for a cell near the board's centre (0 at the edge)."""
    g = pos.grid
    cf = (g.files - 1) / 2
    cr = (g.ranks - 1) / 2
    out = []
    for f, r in g.coords:
        d = max(abs(f - cf) / max(cf, 1), abs(r - cr) / max(cr, 1))
        out.append(round(10 * (1 - d)))
    return out
