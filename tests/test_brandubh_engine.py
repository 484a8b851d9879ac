"""VikingDrez's rules are written once (issue 24): the random playout, the protocol and
the words use the same movement and capture code of ``drezlab.games.brandubh.board``;
actions carry typed data; a move's undo record is the game's declared plain state;
the words never import the game."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from drezlab.games.brandubh import Brandubh, board
from drezlab.games.brandubh import game as rules_module
from drezlab.games.brandubh.game import BrandubhState

PACKAGE = Path(rules_module.__file__).parent


def test_the_playout_and_play_share_the_capture_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both paths call ``board.play_move`` (a second copy of the capture rules would not)."""
    calls = {"count": 0}
    real = board.play_move

    def counted(*arguments: int) -> board.Played:
        calls["count"] += 1
        return real(*arguments)   # type: ignore[arg-type]

    monkeypatch.setattr(rules_module, "play_move", counted)
    result = Brandubh().random_playout(random.Random(3), record=True)
    in_playout = calls["count"]
    assert in_playout > 0
    game = Brandubh()
    for move in result.moves:
        game.play(move)
    assert calls["count"] == in_playout + len(result.moves)
    assert (game.outcome.winner if game.outcome else None, game.outcome.reason if game.outcome else None) == \
        (result.winner, result.reason)


def test_the_playout_and_random_action_share_the_sampler(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"count": 0}
    real = board.sample_move

    def counted(*arguments: object) -> int:
        calls["count"] += 1
        return real(*arguments)   # type: ignore[arg-type]

    monkeypatch.setattr(rules_module, "sample_move", counted)
    plies = Brandubh().random_playout(random.Random(5)).plies
    assert calls["count"] >= plies
    Brandubh().random_action(random.Random(5))
    assert calls["count"] >= plies + 1


@pytest.mark.parametrize("options", [{}, {"king_returns": False}, {"king_capture": "two"}, {"armed_king": False},
                                     {"pass_empty_throne": False}])
def test_a_king_escaping_past_a_man_still_captures_him(options: dict[str, object]) -> None:
    """The playout's fast path ends the game on the corner as ``play`` does, captures included."""
    game = Brandubh.from_text("......./......./......./......./d....../a....../.K.....", to_move="white", **options)
    game.play("b1-a1")
    assert game.outcome is not None and game.outcome.reason == "king escaped"
    expected = [] if options.get("armed_king") is False else ["a2"]
    assert [square for square, _ in game.view(0).public["taken"]] == expected


def test_actions_carry_typed_moves() -> None:
    game = Brandubh()
    for action in game.legal_actions():
        assert isinstance(action.data, board.Move)
        assert (board.SQUARE_NAMES[action.data.frm], board.SQUARE_NAMES[action.data.to]) == action.targets


def test_a_moves_undo_record_is_the_declared_state() -> None:
    game = Brandubh()
    before = BrandubhState.of(game)
    game.play(game.legal_actions()[0])
    assert game._history[-1].undo == before
    game.undo()
    assert BrandubhState.of(game) == before


def test_the_words_do_not_import_the_game() -> None:
    tree = ast.parse((PACKAGE / "words.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {f"{node.module}.{alias.name}" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                 for alias in node.names}
    assert not any(name and name.endswith("brandubh.game") for name in imported), imported
