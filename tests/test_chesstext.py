"""Chess moves as pupils write them (SAN) and why one cannot be played (issue 8,
"Messages that help"): EDAMI and PokerDrez, in English and Spanish."""

from __future__ import annotations

import chess
import pytest

import drezlab
from drezlab.kits.chesstext import san_to_uci, why_not


@pytest.fixture
def spanish():
    drezlab.set_language("es")
    yield
    drezlab.set_language("en")


@pytest.mark.parametrize(("san", "uci"), [("Nf3", "g1f3"), ("e4", "e2e4"), ("Nc3", "b1c3"), ("h3", "h2h3")])
def test_edami_accepts_san_as_well_as_uci(san, uci):
    game = drezlab.new("edami", seed=1)
    assert game.parse(san) == game.parse(uci)
    before = game.to_json()
    game.play(san)
    assert game.history[-1].text == uci
    game.undo()
    assert game.to_json() == before


def test_edami_san_castling_and_captures():
    board = chess.Board("r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1")
    legal = list(board.legal_moves)
    assert san_to_uci(board, "O-O", legal) == "e1g1"
    assert san_to_uci(board, "0-0-0", legal) == "e1c1"
    assert san_to_uci(board, "exd5", legal) == "e4d5"
    assert san_to_uci(board, "Nxe5", legal) == "f3e5"
    knights = chess.Board("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
    assert san_to_uci(knights, "Nd2", list(knights.legal_moves)) is None, "two knights reach d2: ambiguous"
    assert san_to_uci(knights, "Nbd2", list(knights.legal_moves)) == "b1d2"
    assert san_to_uci(board, "O-O", [chess.Move.from_uci("e1c1")]) is None, "only moves the game allows"


@pytest.mark.parametrize(("text", "reason"), [
    ("d7d5", "the piece on d7 belongs to Black and White are to move"),
    ("e3e4", "there is no piece on e3"),
    ("e2e5", "the pawn on e2 cannot go to e5 now"),
    ("g1g3", "the knight on g1 cannot go to g3 now"),
    ("Nf5", "Nf5 is not a legal move in this position"),
])
def test_an_illegal_edami_move_says_why(text, reason):
    game = drezlab.new("edami", seed=1)
    before = game.to_json()
    with pytest.raises(drezlab.IllegalAction) as refused:
        game.play(text)
    assert str(refused.value).startswith(reason)
    assert game.to_json() == before


def test_a_move_that_leaves_the_king_in_check_says_so():
    board = chess.Board("4k3/8/8/8/8/8/4r3/4K2R w K - 0 1")
    legal = list(board.legal_moves)
    assert why_not(board, "h1h5", legal) == "White are in check: h1h5 does not get the king out of check"
    pinned = chess.Board("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1")
    assert why_not(pinned, "e2d3", list(pinned.legal_moves)) == "e2d3 would leave the White king in check"
    promote = chess.Board("8/4P3/8/8/8/8/8/k3K3 w - - 0 1")
    assert why_not(promote, "e7e8", list(promote.legal_moves)).startswith("a pawn that reaches the last rank")


def test_pokerdrez_says_why_a_card_move_is_illegal():
    game = drezlab.new("pokerdrez", seed=2, pawn_removal=False)
    with pytest.raises(drezlab.IllegalAction, match="the piece on d7 belongs to Black and White are to move"):
        game.play("X1:d7d5")


def test_the_reason_is_spanish_in_spanish(spanish):
    game = drezlab.new("edami", seed=1)
    with pytest.raises(drezlab.IllegalAction) as refused:
        game.play("d7d5")
    assert str(refused.value).startswith("la pieza de d7 es de las Negras y juegan las Blancas")
    with pytest.raises(drezlab.IllegalAction, match="el caballo de g1 no puede ir ahora a g3"):
        game.play("g1g3")
