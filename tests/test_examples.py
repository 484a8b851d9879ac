"""The example scripts run and print what they promise."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import chess.pgn

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_play_pokerdrez_prints_a_finished_pgn_with_cards() -> None:
    result = subprocess.run([sys.executable, str(EXAMPLES / "play_pokerdrez.py"), "3"],
                            capture_output=True, text=True, check=True)
    game = chess.pgn.read_game(io.StringIO(result.stdout))
    assert game is not None and game.headers["Result"] in ("1-0", "0-1", "1/2-1/2")
    moves = list(game.mainline())
    assert len(moves) > 10
    assert any(node.comment.startswith("card ") for node in moves)
    assert game.headers["Seed"] == "3"
