"""Jumping-bishop chess (rules/board-games.md §5): JB-1..4, D21, D22, notation,
teacher positions, views and pictures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import drezlab
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.i18n import in_language
from drezlab.games.jumpingbishop import JumpingBishop, bishop_reach, bishop_targets


def moves_from(game: JumpingBishop, square: str) -> set[str]:
    return {a.text[2:4] for a in game.legal_actions() if a.text[:2] == square}


def test_registered_under_its_name() -> None:
    game = drezlab.new("jumping-bishop")
    assert isinstance(game, JumpingBishop) and game.players == 2


def test_jb1_bishop_d4_on_an_empty_board_reaches_twelve_squares() -> None:
    expected = {"a1", "g1", "a7", "g7", "c1", "e1", "c7", "e7", "a3", "a5", "g3", "g5"}
    # a black pawn keeps the game alive (K+B v K would be a dead position, D22)
    game = JumpingBishop(position="7k/7p/8/8/3B4/8/8/7K w - - 0 1")
    assert moves_from(game, "d4") == expected
    assert set(bishop_targets("d4")) == expected


def test_jb2_twenty_six_moves_at_the_start() -> None:
    game = JumpingBishop()
    texts = {a.text for a in game.legal_actions()}
    assert len(texts) == 26
    assert {"c1b4", "c1d4", "c1f4", "f1c4", "f1e4", "f1g4"} <= texts
    assert moves_from(game, "c1") == {"b4", "d4", "f4"}


def test_jb3_own_pawns_around_block_nothing() -> None:
    game = JumpingBishop(position="7k/8/8/3PP3/3B4/2P5/8/7K w - - 0 1")
    assert moves_from(game, "d4") == {
        "a1",
        "g1",
        "a7",
        "g7",
        "c1",
        "e1",
        "c7",
        "e7",
        "a3",
        "a5",
        "g3",
        "g5",
    }


def test_jb4_a_jump_check_cannot_be_blocked() -> None:
    game = JumpingBishop(position="4k3/3p4/8/1B6/8/8/8/4K3 b - - 0 1")
    assert game.position.is_check()
    assert all(a.text.startswith("e8") for a in game.legal_actions())
    assert "in check" in game.status_text()


def test_d21_exactly_three_squares_and_promotion_to_the_jumping_bishop() -> None:
    game = JumpingBishop(position="7k/1P6/8/8/8/2B5/8/K7 w - - 0 1")
    assert not moves_from(game, "c3") & {"b2", "d2", "b4", "d4", "a5", "e5", "e1", "a1"}
    assert {"b7b8q", "b7b8r", "b7b8b", "b7b8n"} <= {
        a.text for a in game.legal_actions()
    }
    game.play("b7b8b")
    assert game.piece_at("b8") == "B"
    assert set(bishop_targets("b8")) == {"a5", "c5", "e5", "e7"}


def test_the_queen_keeps_its_normal_moves() -> None:
    game = JumpingBishop(position="8/8/7k/8/8/8/8/Q6K w - - 0 1")
    assert {"b2", "c3", "g7", "a8", "b1"} <= moves_from(game, "a1")


def test_castling_en_passant_checkmate() -> None:
    game = JumpingBishop(position="r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert {"e1g1", "e1c1"} <= {a.text for a in game.legal_actions()}
    game.play("e1g1")
    assert game.piece_at("f1") == "R" and game.piece_at("g1") == "K"
    ep = JumpingBishop(position="4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1")
    ep.play("d5e6")
    assert ep.piece_at("e5") is None
    mate = JumpingBishop(position="6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1")
    mate.play("e1e8")
    assert (
        mate.is_over and mate.outcome.winner == 0 and mate.outcome.reason == "checkmate"
    )


def test_d22_draws_are_automatic() -> None:
    stale = JumpingBishop(position="7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert (
        stale.is_over and stale.outcome.reason == "stalemate" and stale.outcome.is_draw
    )
    for fen in (
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/1N2K3 w - - 0 1",
    ):
        game = JumpingBishop(position=fen)
        assert game.is_over and game.outcome.reason == "insufficient material"
    assert not JumpingBishop(position="8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1").is_over
    game = JumpingBishop()
    for text in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        assert not game.is_over
        game.play(text)
    assert game.is_over and game.outcome.reason == "threefold repetition"
    fifty = JumpingBishop(position="7k/8/8/8/8/8/8/R6K w - - 99 60")
    fifty.play("a1a2")
    assert fifty.is_over and fifty.outcome.reason == "fifty-move rule"


def test_notation_targets_and_readable_refusals() -> None:
    game = JumpingBishop()
    action = game.parse("c1d4")
    assert action.targets == ("c1", "d4") and str(action) == "c1d4"
    before = game.to_json()
    for bad, words in [
        ("c1d2", "bishop"),
        ("e7e5", "not yours"),
        ("e4e5", "no piece"),
        ("zz", "write"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            game.play(bad)
        assert game.to_json() == before
    promo = JumpingBishop(position="7k/1P6/8/8/8/8/8/K7 w - - 0 1")
    assert promo.parse("b7b8b").targets == ("b7", "b8", "promote-b")


def test_teacher_positions_are_checked() -> None:
    for fen, words in [
        ("8/8/8/8/8/8/8/K7 w - - 0 1", "one king"),
        ("7k/8/8/8/8/8/8/KP6 w - - 0 1", "pawn"),
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "not to move is in check"),
        ("not a fen", "FEN"),
    ]:
        with pytest.raises(BadRecord, match=words):
            JumpingBishop(position=fen)
    with pytest.raises(ValueError):
        JumpingBishop(position=12)  # type: ignore[arg-type]
    game = JumpingBishop(position="r3k3/8/8/8/8/8/8/4K3 w KQkq - 0 1")
    assert game.options["position"] == "r3k3/8/8/8/8/8/8/4K3 w q - 0 1"


def test_bishop_reach_is_colour_bound_and_every_square_of_its_colour() -> None:
    reach = bishop_reach("c1")
    assert len(reach) == 32 and reach["c1"] == 0
    assert all((ord(sq[0]) - 97 + int(sq[1:]) - 1) % 2 == 0 for sq in reach)
    assert reach["d4"] == 1 and max(reach.values()) == 3


def test_view_and_picture() -> None:
    game = JumpingBishop()
    game.play("e2e4")
    view = game.view(1)
    assert view.public["last_move"] == ("e2", "e4")
    assert view == game.view(0).__class__(*[getattr(view, n) for n in view.__slots__])
    svg = game.svg(marks=["d4"])
    assert 'data-id="c1"' in svg and 'data-id="e4"' in svg and "dz-mk" in svg
    assert game.svg(1) == game.svg(0)


def test_bots_play_legal_moves() -> None:
    from drezlab.players import make

    game = JumpingBishop(position="4k3/8/3q4/8/8/2B5/8/4K3 w - - 0 1")
    for name in ("random", "greedy", "search"):
        bot = make(name, seed=3, game=game)
        assert bot.choose(game) in game.legal_actions()
    # the search bot takes the queen the bishop attacks by a jump
    assert make("search", seed=1, game=game).choose(game).text == "c3d6"


def test_evaluate_and_adjudicate_count_material() -> None:
    black_ahead = JumpingBishop(position="4k3/8/3q4/8/8/8/8/4K3 w - - 0 1")
    assert black_ahead.adjudicate() == (0.0, 1.0)
    assert black_ahead.evaluate(1) > 0.5 > -0.5 > black_ahead.evaluate(0)
    white_ahead = JumpingBishop(position="4k3/8/8/8/8/8/3R4/4K3 w - - 0 1")
    assert white_ahead.adjudicate() == (1.0, 0.0)
    assert JumpingBishop().adjudicate() is None and JumpingBishop().evaluate(0) == 0.0


@pytest.fixture
def spanish() -> Iterator[None]:
    drezlab.set_language("es")
    yield
    drezlab.set_language("en")


@pytest.mark.parametrize("bad,english,spanish_text", [
    ("zz", ("'zz' is not a move: write the square a piece leaves and the square it goes to, like 'e2e4' "
            "(add the new piece's letter to promote: 'e7e8q')"),
     ("'zz' no es una jugada: escribe la casilla de la que sale una pieza y la casilla a la que va, como 'e2e4' "
      "(para coronar, añade la letra de la pieza nueva: 'e7e8q')")),
    ("e4e5", "'e4e5' is not legal: there is no piece on e4", "'e4e5' no es legal: no hay ninguna pieza en e4"),
    ("e7e5", "'e7e5' is not legal: the piece on e7 is not yours", "'e7e5' no es legal: la pieza de e7 no es tuya"),
    ("c1d2", "'c1d2' is not a legal move of the jumping bishop now",
     "'c1d2' no es ahora una jugada legal para el alfil saltador"),
    ("a1a1", "'a1a1' is not a legal move of the rook now", "'a1a1' no es ahora una jugada legal para la torre"),
])
def test_refusals_in_english_and_spanish(bad: str, english: str, spanish_text: str) -> None:
    game = JumpingBishop()
    with pytest.raises(IllegalAction) as refused:
        game.play(bad)
    assert str(refused.value) == english
    drezlab.set_language("es")
    try:
        with pytest.raises(IllegalAction) as refused:
            game.play(bad)
    finally:
        drezlab.set_language("en")
    assert str(refused.value) == spanish_text


def test_check_and_the_end_are_spanish(spanish: None) -> None:
    from drezlab.players import make

    checked = JumpingBishop(position="4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")
    assert checked.status_text() == "Turno de Negras (en jaque)"
    with pytest.raises(IllegalAction) as refused:
        checked.play("e8e7")
    assert str(refused.value) == "'e8e7' no es legal: tu rey está en jaque y hay que salvarlo"
    dead = JumpingBishop(position="7k/8/8/8/8/8/8/K7 w - - 0 1")
    assert dead.status_text() == "Tablas: material insuficiente"
    with pytest.raises(IllegalAction) as refused:
        dead.play("a1a2")
    assert str(refused.value) == "la partida terminó (material insuficiente), así que 'a1a2' no se puede jugar"
    with pytest.raises(IllegalAction) as refused:
        make("search", seed=1, game=dead).choose(dead)
    assert str(refused.value) == "la partida terminó: no hay ninguna acción que elegir"
    svg = JumpingBishop().svg(0)
    assert "Alfil: salta 3 casillas (2 en diagonal + 1 recta o girando)" in svg and "Turno de Blancas" in svg


@pytest.mark.parametrize("fen,spanish_text", [
    ("8/8/8/8/8/8/8/K7 w - - 0 1",
     "cada bando necesita exactamente un rey (las blancas tienen 1, las negras 0)"),
    ("7k/8/8/8/8/8/8/KP6 w - - 0 1", "un peón no puede estar en b1 (primera o última fila)"),
    ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "el bando que no juega está en jaque: esa posición no puede darse"),
    ("not a fen", ("la posición 'not a fen' no es un FEN de este juego: un FEN tiene al menos 4 campos "
                   "(piezas, turno, enroque, al paso): 'not a fen'")),
    ("7k/8/8/8/8/8/8/K7 x - - 0 1", ("la posición '7k/8/8/8/8/8/8/K7 x - - 0 1' no es un FEN de este juego: "
                                     "el turno es 'w' o 'b', no 'x'")),
    ("7k/8/8/8/8/8/8/K8 w - - 0 1", ("la posición '7k/8/8/8/8/8/8/K8 w - - 0 1' no es un FEN de este juego: "
                                     "la fila 1 del FEN tiene 9 casillas, no 8")),
    ("7k/8/8/8/8/8/8/K6Z w - - 0 1", ("la posición '7k/8/8/8/8/8/8/K6Z w - - 0 1' no es un FEN de este juego: "
                                      "'Z' no es aquí una letra de pieza (PNBRQK)")),
    ("7k/8/8/8/8/8/8/K7 w Z - 0 1", ("la posición '7k/8/8/8/8/8/8/K7 w Z - 0 1' no es un FEN de este juego: "
                                     "'Z' no es aquí un derecho de enroque")),
    ("7k/8/8/8/8/8/8/K7 w - e3 0 1", ("la posición '7k/8/8/8/8/8/8/K7 w - e3 0 1' no es un FEN de este juego: "
                                      "ningún peón puede haber pasado justo por e3")),
    ("7k/8/8/8/8/8/8/K7 w - z9 0 1", ("la posición '7k/8/8/8/8/8/8/K7 w - z9 0 1' no es un FEN de este juego: "
                                      "'z9' no es una casilla de este tablero de 8x8")),
    ("7k/8/8/8/8/8/8/K7 w - - x 1", ("la posición '7k/8/8/8/8/8/8/K7 w - - x 1' no es un FEN de este juego: "
                                     "los contadores de jugadas de un FEN son números enteros, no 'x'")),
])
def test_teacher_positions_are_refused_in_spanish(fen: str, spanish_text: str, spanish: None) -> None:
    with pytest.raises(BadRecord) as refused:
        JumpingBishop(position=fen)
    assert str(refused.value) == spanish_text


def test_refused_clicks_are_explained_in_english_and_spanish() -> None:
    game = JumpingBishop()
    reasons = game.click_reasons(0)
    assert reasons["e7"] == "that piece is not yours: it belongs to Black"
    assert reasons["a1"] == "the rook on a1 cannot move now"
    assert reasons["e5"] == "no move of yours ends on e5 now"
    assert "c1" not in reasons and "d4" not in reasons and "e4" not in reasons
    assert game.click_reasons(1) == {}
    drezlab.set_language("es")
    try:
        reasons = game.click_reasons(0)
    finally:
        drezlab.set_language("en")
    assert reasons["e7"] == "esa pieza no es tuya: es de Negras"
    assert reasons["a1"] == "la torre de a1 no puede moverse ahora"
    assert reasons["d1"] == "la dama de d1 no puede moverse ahora"
    assert reasons["e5"] == "ninguna jugada tuya termina ahora en e5"


def test_the_move_log_says_the_move_in_words() -> None:
    """Issue 22: 'White: jumping bishop to f4', not 'c1f4'."""
    game = JumpingBishop()
    with in_language("en"):
        assert game.describe("c1f4") == "White: jumping bishop to f4"
    with in_language("es"):
        assert game.describe("c1f4") == "Blancas: alfil saltador a f4"
    castling = JumpingBishop(position="r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    with in_language("es"):
        assert castling.describe("e1g1") == "Blancas: enroque corto"
        assert castling.describe("e1c1") == "Blancas: enroque largo"
