"""Abyss rules: the acceptance cases AB-1 to AB-5 of rules/board-games.md §4, one
test for each rule and for D19 and D20, the module's documented choices, the
notation, teachers' positions and the pupil messages."""

from __future__ import annotations

import random

import pytest

from drezlab import BadRecord, IllegalAction
from drezlab.core.chance import Scripted
from drezlab.core.i18n import set_language
from drezlab.games.abyss import Abyss
from drezlab.games.abyss.actions import PushMove
from drezlab.games.abyss.game import (
    BLACK,
    EMPTY,
    OPPONENT,
    OWN,
    WHITE,
    can_push,
    parse_position,
    push_stops,
    pushes,
)
from drezlab.testing import random_game, random_plies


def given(white: str, black: str = "", to_move: str = "white") -> Abyss:
    """A position written like the rules file's "Given" column: ``given("a1, c3", "e5, b4")``."""
    rows = [["."] * 5 for _ in range(5)]
    for letter, squares in (("w", white), ("b", black)):
        for square in filter(None, (part.strip() for part in squares.split(","))):
            rows[5 - int(square[1])]["abcde".index(square[0])] = letter
    return Abyss.from_text("/".join("".join(row) for row in rows), to_move=to_move)


def rank_one(row: str, to_move: str = "white") -> Abyss:
    """Rank 1 written a→e as in AB-1..AB-3 (``W . . B B``), everything else empty."""
    cells = row.split()
    return given(", ".join(f"{'abcde'[i]}1" for i, c in enumerate(cells) if c == "W"),
                 ", ".join(f"{'abcde'[i]}1" for i, c in enumerate(cells) if c == "B"), to_move)


def row_after(game: Abyss) -> str:
    """Rank 1 of ``game`` in the AB notation."""
    return " ".join({"w": "W", "b": "B", None: "."}[game.piece_at(f"{f}1")] for f in "abcde")


def stops_from(game: Abyss, square: str) -> set[str]:
    return {action.targets[1] for action in game.legal_actions() if action.targets[0] == square}


def placed(placer: int = 0, white: str = "a1 b1 c1 a2 b2 c2", black: str = "d3 e3 d4 e4 d5 e5") -> Abyss:
    """A game whose placer has put the twelve pieces on the named squares."""
    game = Abyss(placer=placer)
    for square in white.split():
        game.play(f"w@{square}")
    for square in black.split():
        game.play(f"b@{square}")
    return game


# ------------------------------------------------------------------ AB-1..AB-5
def test_ab1_stop_only_after_an_opponent_fell() -> None:
    game = rank_one("W . . B B")
    assert stops_from(game, "a1") == {"d1", "e1"}            # s = 3 and s = 4; s = 1, 2 illegal
    for text, row in (("a1-d1", ". . . W B"), ("a1-e1", ". . . . W")):
        game.play(text)
        assert row_after(game) == row
        game.undo()
    for illegal in ("a1-b1", "a1-c1"):
        with pytest.raises(IllegalAction, match="only right after an opponent's piece has fallen"):
            game.play(illegal)


def test_ab2_own_pieces_may_fall_on_earlier_steps_but_not_last() -> None:
    game = rank_one("W B W B .")
    assert stops_from(game, "a1") == {"c1", "e1"}            # s = 2 and s = 4; s = 3 illegal
    game.play("a1-c1")
    assert row_after(game) == ". . W B W"
    game.undo()
    game.play("a1-e1")
    assert row_after(game) == ". . . . W"
    game.undo()
    with pytest.raises(IllegalAction):
        game.play("a1-d1")


def test_ab3_a_gap_in_the_line() -> None:
    game = rank_one("W . B . B")
    assert stops_from(game, "a1") == {"d1", "e1"}
    game.play("a1-d1")
    assert row_after(game) == ". . . W B"


def test_ab4_no_opponent_ahead_no_move() -> None:
    game = given("a1, b1", "d4, e3")
    assert stops_from(game, "a1") == set()


def test_ab5_nobody_can_push_game_over_draw() -> None:
    game = given("a1, c3", "e5, b4")
    assert game.is_over and game.outcome is not None and game.outcome.is_draw
    assert game.outcome.payoffs == (0, 0)
    assert "2–2" in game.status_text()


# ------------------------------------------------------------ D20 on a line
def test_push_stops_single_line_rule() -> None:
    assert [stop.steps for stop in push_stops((OWN, EMPTY, EMPTY, OPPONENT, OPPONENT))] == [3, 4]
    assert [stop.steps for stop in push_stops((OWN, OPPONENT, OWN, OPPONENT, EMPTY))] == [2, 4]
    last = push_stops((OWN, OPPONENT, OWN, OPPONENT, EMPTY))[-1]
    assert last.own_fallen == 1 and last.opponent_fallen == 2
    assert push_stops((OWN, OWN, OWN)) == []                 # only own pieces ahead: no push
    assert push_stops((OWN,)) == []                          # on the edge: M never leaves the board


def test_the_mover_never_leaves_the_board() -> None:
    game = given("d1", "e1")
    assert stops_from(game, "d1") == {"e1"}
    game.play("d1-e1")
    assert game.piece_at("e1") == "w" and game.counts() == (1, 0)


def test_two_opponents_pushed_off_in_one_move_like_figure_two() -> None:
    game = given("b3", "d3, e3, a5")
    game.play("b3-e3")
    assert game.counts() == (1, 1) and game.piece_at("e3") == "w"


def test_pushes_in_all_four_directions() -> None:
    game = given("c3", "c5, c1, a3, e3")
    assert stops_from(game, "c3") == {"c5", "c1", "a3", "e3"}


def test_a_legal_move_exists_iff_an_opponent_is_ahead() -> None:
    rng = random.Random(5)
    for _ in range(300):
        cells = rng.sample(range(25), rng.randint(2, 12))
        split = rng.randint(1, len(cells) - 1)
        own, opponent = sum(1 << c for c in cells[:split]), sum(1 << c for c in cells[split:])
        assert can_push(own, opponent) == bool(pushes(own, opponent))


# ------------------------------------------------------------ placement and D19
def test_d19_placer_drawn_by_chance_or_given() -> None:
    assert Abyss(chance=Scripted([1])).placer == 1
    assert Abyss(chance=Scripted([0])).placer == 0
    assert {Abyss(seed=seed).placer for seed in range(12)} == {0, 1}
    game = Abyss(placer=1, chance=Scripted([]))                  # an agreed placer draws nothing
    assert game.placer == 1 and game.to_move == 1 and game.chooser == 0


def test_the_placer_places_all_twelve_in_any_arrangement() -> None:
    game = placed(0, white="a1 b1 c1 d1 e1 a2", black="a5 b5 c5 d5 e5 e4")
    assert game.phase == "choose" and game.to_move == 1
    assert game.counts() == (6, 6)
    assert game.colour_of(0) is None and game.colour_of(1) is None


def test_placement_limits() -> None:
    game = Abyss(placer=0)
    game.play("w@c3")
    with pytest.raises(IllegalAction, match="already occupied"):
        game.play("b@c3")
    for square in ("a1", "b1", "c1", "d1", "e1"):
        game.play(f"w@{square}")
    with pytest.raises(IllegalAction, match="all six white pieces"):
        game.play("w@a2")
    assert all(action.text.startswith("b@") for action in game.legal_actions())


def test_choice_first_placer_picks_colours_chooser_moves_first() -> None:
    game = placed(0, white="a1 b1 c1 a2 b2 c2", black="a3 e3 d4 e4 d5 e5")
    game.play("first")
    assert game.phase == "colour" and game.to_move == 0               # the placer picks the colours
    game.play("black")
    assert game.colour_of(0) == BLACK and game.colour_of(1) == WHITE
    assert game.to_move == 1 and game.colour_to_move == WHITE          # the chooser moves first


def test_choice_colour_chooser_picks_placer_moves_first() -> None:
    game = placed(1, white="a1 b1 c1 a2 b2 c2", black="a3 e3 d4 e4 d5 e5")
    game.play("colour")
    assert game.to_move == 0                                           # the chooser picks
    game.play("black")
    assert game.colour_of(0) == BLACK and game.colour_of(1) == WHITE
    assert game.to_move == 1 and game.first_mover == 1                 # the placer moves first


def test_first_mover_stuck_at_once_ends_with_six_all() -> None:
    game = placed(0)
    game.play("colour")
    game.play("white")
    assert game.is_over and game.outcome is not None and game.outcome.is_draw
    assert "6–6" in game.status_text()


# ------------------------------------------------------------ the end and the count
def test_more_pieces_wins() -> None:
    game = given("a1, e5", "b1")
    game.play("a1-e1")
    assert game.is_over and game.outcome is not None
    assert game.outcome.winners == (0,) and game.outcome.payoffs == (2, -2)
    assert game.status_text().startswith("Player 1 (White) wins")


def test_every_push_removes_a_piece_and_games_last_at_most_twelve_pushes() -> None:
    rng = random.Random(11)
    for seed in range(40):
        before, mover_colour = (0, 0), None
        for game in random_plies(Abyss(seed=seed), rng):
            if game.history and isinstance(game.history[-1].data, PushMove):
                assert mover_colour is not None
                assert game.counts()[1 - mover_colour] < before[1 - mover_colour]
            before, mover_colour = game.counts(), game.colour_to_move
        pushes_played = sum(1 for action in game.history if isinstance(action.data, PushMove))
        assert pushes_played <= 12 and len(game.history) <= 26


# ------------------------------------------------------------ notation and words
def test_notation_round_trip_and_targets() -> None:
    game = Abyss(placer=0)
    action = game.parse("w@c3")
    assert action.targets == ("w", "c3") and str(action) == "w@c3"
    game = rank_one("W . . B B")
    action = game.parse("a1-d1")
    assert action.targets == ("a1", "d1") and game.parse(str(action)) == action
    with pytest.raises(IllegalAction):
        game.parse("A1-D1")


def test_pupil_messages() -> None:
    game = rank_one("W . . B B")
    with pytest.raises(IllegalAction, match="no piece of Player 1"):
        game.play("b1-c1")
    with pytest.raises(IllegalAction, match="not a straight line"):
        game.play("a1-c3")
    with pytest.raises(IllegalAction, match="not a square"):
        game.play("a1-f1")
    with pytest.raises(IllegalAction, match="write the piece's square"):
        game.play("push")
    chooser = placed(0)
    with pytest.raises(IllegalAction, match="'first' or 'colour'"):
        chooser.play("white")


def test_describe_counts_the_fallen_pieces() -> None:
    game = rank_one("W B W B .")
    assert game.describe("a1-e1") == (
        "Player 1 (White) pushed the row from a1 to e1 and pushed off 2 black pieces and a white piece")


def test_spanish_words() -> None:
    set_language("es")
    try:
        game = Abyss(placer=0)
        assert game.status_text().startswith("Jugador 1 coloca las fichas")
        assert rank_one("W . . . .", "white").status_text().startswith("Jugador 1 (Blancas) gana")
        assert given("a1, c3", "e5, b4").status_text().startswith("Tablas")
        assert rank_one("W B W B .").describe("a1-e1") == (
            "Jugador 1 (Blancas) empujó la fila de a1 a e1 y sacó del tablero 2 fichas negras y una ficha blanca")
        with pytest.raises(IllegalAction, match="^'zzz' no es una colocación: escribe el color y la casilla"):
            game.play("zzz")
        assert [action.label for action in placed(0).legal_actions()] == [
            "Muevo primero (tú escoges los colores)", "Escojo mi color (tú mueves primero)"]
    finally:
        set_language("en")


# ------------------------------------------------------------ positions and records
def test_teacher_position_is_checked() -> None:
    with pytest.raises(BadRecord, match="at most six white"):
        parse_position("wwwww/ww.../...../...../.....")
    with pytest.raises(BadRecord, match="not a square"):
        parse_position("x..../...../...../...../.....")
    with pytest.raises(BadRecord, match="5 ranks"):
        parse_position("...../.....")


def test_record_round_trip_of_a_whole_game() -> None:
    game = random_game(Abyss(seed=4), 4)
    loaded = Abyss.from_json(game.to_json())
    assert loaded.to_json() == game.to_json() and loaded.outcome == game.outcome


def test_view_holds_the_whole_position() -> None:
    game = rank_one("W . . B B")
    public = game.view(1).public
    assert public["board"] == "...../...../...../...../w..bb"
    assert public["phase"] == "play" and public["turn"] == "white"
    assert list(public["colours"]) == ["white", "black"] and list(public["counts"]) == [1, 2]
    game.play("a1-d1")
    assert list(game.view(None).public["last"]) == ["a1", "d1"]
    assert game.view(0).public == game.view(1).public == game.view(None).public     # nothing is hidden
