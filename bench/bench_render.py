"""How fast and how big are drezlab's pictures, next to python-chess's own board?

Run: ``.venv/bin/python bench/bench_render.py``. Every figure is the best of
several timed rounds (the least disturbed by other work on the machine) and
is printed with its ratio to ``chess.svg.board`` measured in the same run.
Goals: the full table (board + 9 cards, or 13 cards round four seats) in at most
5 ms and 40 KB.
"""

from __future__ import annotations

import sys
import timeit
from typing import Callable

import chess
import chess.svg

from drezlab.core.cards import Card, full_pack
from drezlab.render.board import board_svg
from drezlab.render.cards import draw_cards
from drezlab.render.chesscards import draw_card_chess

TABLE_MS_GOAL = 5.0
TABLE_KB_GOAL = 40.0


def _position() -> chess.Board:
    """A middlegame-ish position with a last move and a check, so every feature is drawn."""
    board = chess.Board()
    for san in ("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4+"):
        board.push_san(san)
    return board


def _table(board: chess.Board, hidden_opponent: bool) -> Callable[[], str]:
    """The PokerDrez table with 9 cards: two in each hand and five common cards."""
    unknown = Card.unknown()
    opponent = [unknown, unknown] if hidden_opponent else [Card.parse("R2"), Card.parse("X2")]
    hands = [[Card.parse("Q5"), Card.parse("N3")], opponent]
    common = [Card.parse(card) for card in ("P2", "B7", "R4", "J6", "P9")]

    def build() -> str:
        return draw_card_chess(board, hands=hands, common=common, pile_count=37, discard_count=4,
                               die_holder=0, die_value=4, to_move=0, last_move=board.peek(),
                               status="White to move", extra_lines=["Bet: 10"])
    return build


def _four_seat_table(board: chess.Board) -> Callable[[], str]:
    """A four-seat table (PokerDrez for 4's seats, drawn next to a chess board): one hand
    face up, three face down, five common cards."""
    unknown = Card.unknown()
    hands = [[Card.parse("Q5"), Card.parse("N3")]] + [[unknown, unknown] for _ in range(3)]
    common = [Card.parse(card) for card in ("P2", "B7", "R4", "J6", "P9")]

    def build() -> str:
        return draw_card_chess(board, hands=hands, common=common, pile_count=43, discard_count=4,
                               die_holder=None, die_value=None, to_move=0, last_move=board.peek(),
                               status="Yellow to move", seat_names=("Yellow", "Green", "Red", "Blue"),
                               seat_colors=("#f2c12e", "#2e9a3e", "#d62728", "#1f5fbf"))
    return build


def _best_ms(cases: list[tuple[str, Callable[[], str]]], rounds: int = 15,
             round_seconds: float = 0.03) -> list[float]:
    """Milliseconds per call of each case: the best round of ``rounds``.

    Rounds of all cases are interleaved, so a burst of other work on the
    machine slows the anchor and the drezlab pictures alike and the ratios
    stay fair; the best round is the one least disturbed.
    """
    timers = [timeit.Timer(build) for _, build in cases]
    calls = [max(1, round(round_seconds / (timer.timeit(3) / 3))) for timer in timers]
    best = [float("inf")] * len(cases)
    for _ in range(rounds):
        for index, timer in enumerate(timers):
            best[index] = min(best[index], timer.timeit(calls[index]) / calls[index] * 1000)
    return best


def main() -> int:
    """Print the table of figures; exit status 1 if the table misses its goals."""
    board = _position()
    pack = full_pack()
    cases: list[tuple[str, Callable[[], str]]] = [
        ("chess.svg.board (anchor)", lambda: chess.svg.board(board)),
        ("board_svg", lambda: board_svg(board, last_move=board.peek(), check=board.king(board.turn))),
        ("draw_cards: hand of 3", lambda: draw_cards(pack[:3])),
        ("draw_cards: whole pack (56)", lambda: draw_cards(pack)),
        ("table, opponent hidden (9 cards)", _table(board, hidden_opponent=True)),
        ("table, all face up (9 cards)", _table(board, hidden_opponent=False)),
        ("table, four seats (13 cards)", _four_seat_table(board)),
    ]
    sizes = [len(build().encode()) / 1024 for _, build in cases]
    times = _best_ms(cases)
    anchor_ms, anchor_kb = times[0], sizes[0]

    print(f"{'picture':34} {'ms/build':>9} {'x anchor':>9} {'KB':>7} {'x anchor':>9}")
    failed = False
    for (name, _), ms, kb in zip(cases, times, sizes, strict=True):
        print(f"{name:34} {ms:9.2f} {ms / anchor_ms:9.2f} {kb:7.1f} {kb / anchor_kb:9.2f}")
        if name.startswith("table") and (ms > TABLE_MS_GOAL or kb > TABLE_KB_GOAL):
            failed = True
    print(f"goals for the table: <= {TABLE_MS_GOAL} ms and <= {TABLE_KB_GOAL} KB"
          f" -> {'MISSED' if failed else 'met'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
