"""PokerDrez reads python-chess through its public API only (issue 24): the repetition
key is the card-chess kit's ``position_key``, equal to python-chess's own transposition
key; and its words never import the game (they are handed the game as the kit's
``CardChessGame`` and its board)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import chess

from drezlab.games.pokerdrez import PokerDrez
from drezlab.games.pokerdrez import game as rules_module
from drezlab.kits.cardchess import position_key

PACKAGE = Path(rules_module.__file__).parent


def test_position_key_is_python_chess_transposition_key() -> None:
    rng = random.Random(11)
    for _ in range(20):
        board = chess.Board()
        for _ in range(rng.randrange(60)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            assert position_key(board) == board._transposition_key()   # the reference, read only here


def test_the_game_calls_no_private_python_chess_method() -> None:
    for name in ("game.py", "words.py", "bots.py"):
        source = (PACKAGE / name).read_text(encoding="utf-8")
        assert "_transposition_key" not in source and "_slider_blockers" not in source, name


def test_repetitions_are_counted_with_the_public_key() -> None:
    game = PokerDrez(seed=3)
    assert game._repetitions == {position_key(game.board): 1}


def test_the_words_do_not_import_the_game() -> None:
    tree = ast.parse((PACKAGE / "words.py").read_text(encoding="utf-8"))
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    names = {f"{node.module}.{alias.name}" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             for alias in node.names}
    assert not any(name and name.endswith("pokerdrez.game") for name in modules | names)


def test_the_kit_gives_the_card_refusal_once() -> None:
    """PokerDrez's words refuse an unheld or unfitting card through the kit's one helper."""
    from drezlab.core.cards import Card
    from drezlab.kits.cardchess import card_refusal

    held = [Card.parse("N3")]
    assert card_refusal("Q5", held, "White", "the knight", False) == \
        "card Q5 is not in the hand of White or among the common cards"
    assert card_refusal("N3", held, "White", "the bishop", True).endswith("does not permit moving the rook "
                                                                          "(castling is a rook move)")
    assert "is not a card id" in card_refusal("Z9", held, "White", "the knight", False)
    source = (PACKAGE / "words.py").read_text(encoding="utf-8")
    assert "card_refusal(" in source and "is not in the hand of" not in source
