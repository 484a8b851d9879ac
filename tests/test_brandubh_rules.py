"""VikingDrez / Brandubh rules: the acceptance cases BR-1 to BR-14 of rules/board-games.md
§3.5, one test for every DECISION D13–D18, the module's own documented choices, the
variant options, teachers' positions from text, the notation and the pupil messages."""

from __future__ import annotations

import pytest

from drezlab import BadRecord, IllegalAction
from drezlab.core.i18n import set_language
from drezlab.games.brandubh import BLACK, START_TEXT, WHITE, Brandubh


def given(white: str, black: str = "", to_move: str = "black", **options) -> Brandubh:
    """A position written like the rules file's "Given" column: ``given("K f6, c3", "b3, d1")``."""
    rows = [["."] * 7 for _ in range(7)]

    def put(square: str, symbol: str) -> None:
        file, rank = "abcdefg".index(square[0]), int(square[1]) - 1
        rows[6 - rank][file] = symbol

    for item in filter(None, (part.strip() for part in white.split(","))):
        if item.startswith("K "):
            put(item[2:], "K")
        else:
            put(item, "d")
    for item in filter(None, (part.strip() for part in black.split(","))):
        put(item, "a")
    return Brandubh.from_text("\n".join("".join(row) for row in rows), to_move=to_move, **options)


def moves_from(game: Brandubh, square: str) -> set[str]:
    return {action.targets[1] for action in game.legal_actions() if action.targets[0] == square}


# ------------------------------------------------------------------ BR-1..BR-14
def test_br1_initial_position_has_40_moves_for_black() -> None:
    game = Brandubh()
    assert game.to_move == BLACK
    actions = game.legal_actions()
    assert len(actions) == 40
    assert moves_from(game, "d1") == {"b1", "c1", "e1", "f1"}
    assert moves_from(game, "a4") == {"a2", "a3", "a5", "a6"}
    assert not {"a1", "a7", "g1", "g7"} & {action.targets[1] for action in actions}


def test_br2_sandwich_against_own_piece() -> None:
    game = given("K f6, c3", "b3, d1")
    game.play("d1-d3")
    assert game.defenders == []
    assert game.captured() == (0, 1)


def test_br3_corner_is_hostile_to_white() -> None:
    game = given("K f6, b1", "d1")
    game.play("d1-c1")
    assert game.defenders == []


def test_br4_empty_throne_is_hostile_to_white() -> None:
    game = given("K b6, d5", "g6")
    game.play("g6-d6")
    assert game.defenders == []


def test_br5_throne_with_the_king_is_not_hostile_to_white() -> None:
    game = given("K d4, d5", "g6")
    game.play("g6-d6")
    assert game.defenders == ["d5"]


def test_br6_king_on_the_throne_is_the_anvil() -> None:
    game = given("K d4, g6", "d5", to_move="white")
    game.play("g6-d6")
    assert game.attackers == []


def test_br7_moving_between_two_enemies_is_safe() -> None:
    game = given("K f2, c7", "b5, d5", to_move="white")
    game.play("c7-c5")
    assert game.defenders == ["c5"]
    assert game.attackers == ["b5", "d5"]


def test_br8_king_on_the_throne_needs_four_attackers() -> None:
    game = given("K d4", "d3, d5, c4, g4")
    game.play("g4-e4")
    assert game.is_over
    assert game.outcome.winners == (BLACK,)
    assert game.outcome.reason == "king captured"


def test_br9_king_next_to_the_throne_needs_three_attackers() -> None:
    game = given("K d5", "c5, e5, d7")
    game.play("d7-d6")
    assert game.outcome.winners == (BLACK,)
    without_e5 = given("K d5", "c5, d7")
    without_e5.play("d7-d6")
    assert not without_e5.is_over


def test_br10_corner_helps_to_capture_the_king() -> None:
    game = given("K b7", "e7")
    game.play("e7-c7")
    assert game.outcome.winners == (BLACK,)
    assert game.outcome.reason == "king captured"


def test_br11_king_reaching_a_corner_wins() -> None:
    game = given("K a3", to_move="white")
    game.play("a3-a1")
    assert game.outcome.winners == (WHITE,)
    assert game.outcome.reason == "king escaped"
    assert game.to_move is None


def test_br12_pieces_pass_the_empty_throne_but_never_stop_on_it() -> None:
    game = given("K f6", "d2")
    assert moves_from(game, "d2") >= {"d1", "d3", "d5", "d6", "d7"}
    assert "d4" not in moves_from(game, "d2")
    with pytest.raises(IllegalAction, match="only the king may stop on the throne"):
        game.play("d2-d4")


def test_br13_one_move_captures_two_pieces() -> None:
    game = given("c3, e3, K g6", "b3, f3, d1")
    game.play("d1-d3")
    assert game.defenders == []
    assert game.captured() == (0, 2)


def test_br14_black_with_every_piece_blocked_loses() -> None:
    game = Brandubh.from_text("""
        .ad....
        .d.....
        .......
        ...K...
        .......
        .......
        .......""", to_move="black")
    assert game.is_over
    assert game.outcome.winners == (WHITE,)
    assert game.outcome.reason == "no legal move"
    assert game.legal_actions() == []


# --------------------------------------------------------------------- D13–D18
def test_d13_cross_setup_and_black_first() -> None:
    game = Brandubh()
    assert game.to_text() == START_TEXT
    assert game.king == "d4"
    assert game.defenders == ["d3", "c4", "e4", "d5"]
    assert sorted(game.attackers) == sorted(["d1", "d2", "d6", "d7", "a4", "b4", "f4", "g4"])
    assert game.to_move == BLACK and game.seat_name(game.to_move) == "Black"


def test_d14_nobody_passes_the_occupied_throne() -> None:
    game = given("K d4", "d2")
    assert moves_from(game, "d2") == {"a2", "b2", "c2", "e2", "f2", "g2", "d1", "d3"}
    with pytest.raises(IllegalAction, match="blocked by the piece on d4"):
        game.play("d2-d6")


def test_d14_defenders_and_the_king_also_cross_the_empty_throne() -> None:
    game = given("K d2, d3", to_move="white")
    assert "d7" in moves_from(game, "d3")
    rows = given("K c4", "g5", to_move="white")
    assert {"d4", "e4", "g4"} <= moves_from(rows, "c4")


def test_d15_corner_is_hostile_to_black_too() -> None:
    game = given("K d4, e1", "b1", to_move="white")
    game.play("e1-c1")
    assert game.attackers == []


def test_d15_empty_throne_is_hostile_to_black() -> None:
    game = given("K b6, g6", "d5", to_move="white")
    game.play("g6-d6")
    assert game.attackers == []


def test_d15_the_edge_is_not_hostile() -> None:
    game = given("K d4, a5", "b7")
    game.play("b7-b5")       # a5 lies between b5 and the edge: not captured
    assert game.defenders == ["a5"]


def test_d16_the_armed_king_captures_by_moving() -> None:
    game = given("K d6, b3", "c3", to_move="white")
    game.play("d6-d3")
    assert game.attackers == []


def test_d16_three_captures_in_one_move() -> None:
    game = given("K d4, b3, f3, d1", "c3, e3, d2", to_move="white")
    game.play("d4-d3")
    assert game.attackers == []
    assert game.captured() == (3, 0)
    undone = game.undo()
    assert str(undone) == "d4-d3" and sorted(game.attackers) == ["c3", "d2", "e3"]


def test_d17_king_on_the_edge_next_to_a_corner() -> None:
    game = given("K b1", "d1")
    game.play("d1-c1")
    assert game.outcome.winners == (BLACK,)


def test_d18_black_without_pieces_loses() -> None:
    game = given("K e5, d1", "b1", to_move="white")
    game.play("d1-c1")       # b1 between c1 and the corner a1
    assert game.attackers == []
    assert game.outcome.winners == (WHITE,)
    assert game.outcome.reason == "no legal move"


def test_d18_white_with_no_legal_move_loses() -> None:
    game = Brandubh.from_text("""
        ..a....
        .aKa...
        ..a....
        .......
        .......
        .......
        .......""", to_move="white")
    assert game.outcome.winners == (BLACK,)
    assert game.outcome.reason == "no legal move"


def test_d18_third_occurrence_of_a_position_is_a_draw() -> None:
    game = given("K d4, g3", "a5")
    cycle = ["a5-a6", "g3-g2", "a6-a5", "g2-g3"]
    for move in cycle:
        game.play(move)
    assert game.repetitions() == 2 and not game.is_over
    for move in cycle[:-1]:
        game.play(move)
    assert not game.is_over
    game.play(cycle[-1])
    assert game.repetitions() == 3
    assert game.is_over
    assert game.outcome.is_draw
    assert game.outcome.reason == "threefold repetition"
    assert game.outcome.scores == (0.5, 0.5)
    game.undo()
    assert not game.is_over and game.repetitions() == 2


def test_d18_repetition_needs_the_same_side_to_move() -> None:
    game = given("K d4, g3", "a5")
    start = game.to_text()
    for move in ["a5-a3", "g3-g2", "a3-a4", "g2-g3", "a4-a5"]:   # an odd cycle: White is to move now
        game.play(move)
    assert game.to_text() == start and game.to_move == WHITE
    assert game.repetitions() == 1


# ------------------------------------------------------- this module's choices
def test_king_may_step_between_two_attackers_and_survives() -> None:
    game = given("K d6", "c5, e5", to_move="white")
    game.play("d6-d5")
    assert not game.is_over
    game.play("c5-c6")      # a Black move that does not land next to the king captures nothing
    assert not game.is_over


def test_king_capture_needs_the_moved_attacker_next_to_the_king() -> None:
    game = given("K b5", "a5, c6")
    game.play("c6-c5")
    assert game.outcome.winners == (BLACK,)


def test_a_king_captured_against_the_edge_is_not_captured() -> None:
    game = given("K a5", "b6, b4")
    game.play("b6-b5")      # the edge beside a5 is not hostile
    assert not game.is_over


def test_king_returns_to_the_throne_by_default() -> None:
    game = given("K d5", "g5", to_move="white")
    assert "d4" in moves_from(game, "d5")


# -------------------------------------------------------------------- variants
def test_variant_king_may_not_return_to_the_throne() -> None:
    game = given("K d5", "g5", to_move="white", king_returns=False)
    assert "d4" not in moves_from(game, "d5")
    assert "d3" in moves_from(game, "d5")      # he still crosses it
    with pytest.raises(IllegalAction, match="may not return to the throne"):
        game.play("d5-d4")
    assert Brandubh(king_returns=False).legal_actions() == Brandubh().legal_actions()


def test_variant_king_captured_by_two_anywhere() -> None:
    game = given("K d4", "d3, b5", king_capture="two")
    game.play("b5-d5")
    assert game.outcome.winners == (BLACK,)
    next_to_throne = given("K d5", "a6", king_capture="two")
    next_to_throne.play("a6-d6")          # the empty throne d4 is the second "attacker"
    assert next_to_throne.outcome.winners == (BLACK,)
    standard = given("K d4", "d3, b5")
    standard.play("b5-d5")
    assert not standard.is_over


def test_variant_unarmed_king() -> None:
    moving = given("K d6, b3", "c3", to_move="white", armed_king=False)
    moving.play("d6-d3")
    assert moving.attackers == ["c3"]
    anvil = given("K d4, g6", "d5", to_move="white", armed_king=False)
    anvil.play("g6-d6")
    assert anvil.attackers == ["d5"]
    away = given("K b2, g6", "d5", to_move="white", armed_king=False)
    away.play("g6-d6")                     # the empty throne is still hostile
    assert away.attackers == []


def test_variant_no_crossing_the_empty_throne() -> None:
    game = given("K f6", "d2", pass_empty_throne=False)
    assert moves_from(game, "d2") == {"a2", "b2", "c2", "e2", "f2", "g2", "d1", "d3"}
    with pytest.raises(IllegalAction, match="only the king may pass over the throne"):
        game.play("d2-d6")
    king = given("K d2", "g5", to_move="white", pass_empty_throne=False)
    assert "d7" in moves_from(king, "d2")


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="king_capture"):
        Brandubh(king_capture="three")
    with pytest.raises(ValueError, match="armed_king"):
        Brandubh(armed_king="yes")
    with pytest.raises(ValueError, match="side to move"):
        Brandubh(to_move="red")
    with pytest.raises(ValueError, match="seed"):
        Brandubh(seed="7")  # type: ignore[arg-type]


# --------------------------------------------------------------- from_text
def test_from_text_reads_ranks_top_down_and_ignores_spaces() -> None:
    game = Brandubh.from_text("""
        . . . a . . .
        . . . . . . .
        . . . . . . .
        . . . K . . .
        . . . . . . .
        . . . . . . .
        . d . . . . .
    """, to_move="white")
    assert game.attackers == ["d7"] and game.defenders == ["b1"] and game.king == "d4"
    assert game.piece_at("d7") == "a" and game.piece_at("b1") == "d" and game.piece_at("c1") is None
    assert game.to_move == WHITE


@pytest.mark.parametrize("text, message", [
    ("...", "7 lines"),
    ("\n".join(["......."] * 6 + ["......"]), "rank 1 has 6 squares"),
    ("\n".join(["......."] * 3 + ["...K..x"] + ["......."] * 3), "'x' on g4 is not a square"),
    ("\n".join(["......."] * 7), "exactly one king"),
    ("\n".join(["K......", "......."] + ["......."] * 2 + ["......K"] + ["......."] * 2), "exactly one king"),
    ("\n".join(["......."] * 3 + ["...a..."] + ["......."] * 3), "only the king may stand on the throne"),
    ("\n".join(["a......"] + ["......."] * 2 + ["...K..."] + ["......."] * 3), "only the king may stand on a corner"),
    ("\n".join(["K......"] + ["......."] * 6), "already on the corner a7"),
    ("." * 5000, "far too long"),
])
def test_from_text_refuses_bad_positions(text: str, message: str) -> None:
    with pytest.raises(BadRecord, match=message):
        Brandubh.from_text(text)


def test_from_text_refuses_non_text() -> None:
    with pytest.raises(BadRecord, match="is text"):
        Brandubh.from_text(42)  # type: ignore[arg-type]


def test_to_text_round_trips_and_slash_form_is_accepted() -> None:
    game = given("K b2, c3", "e5, f6", to_move="white")
    again = Brandubh.from_text(game.to_text(), to_move="white")
    assert again.to_text() == game.to_text()
    assert Brandubh.from_text(game.to_text().replace("\n", "/"), to_move="white").to_text() == game.to_text()


# ----------------------------------------------------------- notation, targets
def test_move_text_and_targets() -> None:
    game = Brandubh()
    action = game.parse("d1-c1")
    assert str(action) == "d1-c1" and action.targets == ("d1", "c1")
    for text in ("d1c1", "d1 c1", "d1 - c1", "d1→c1", "d1–c1", " d1-c1 ", "d1  -  c1"):
        assert game.parse(text) == action
    for action in game.legal_actions():
        assert game.parse(str(action)) == action


@pytest.mark.parametrize("text, message", [
    ("d1-d3", "blocked by the piece on d2"),
    ("d1-d2", "d2 is occupied"),
    ("d4-d3", "the piece on d4 belongs to White and Black are to move"),
    ("c3-c2", "there is no piece on c3"),
    ("d1-e2", "not a straight line"),
    ("d1-d1", "must move to another square"),
    ("a4-a1", "only the king may stop on a corner"),
    ("h1-h2", "h1 is not a square"),
    ("pass", "is not a move"),
    ("d1-c1 " * 20, "far too long"),
    ("D1-C1", "small letters, as in 'd1-c1'"),
    ("d1 C1", "small letters, as in 'd1 c1'"),
    ("d1\x0b-c1", "plain letters, digits, spaces"),   # a vertical tab
    ("d1-c1\x00", "plain letters, digits, spaces"),
    ("d\u0661-c1", "plain letters, digits, spaces"),       # an Arabic-Indic digit one
    ("\uff441-c1", "plain letters, digits, spaces"),       # a full-width d
])
def test_illegal_moves_are_explained(text: str, message: str) -> None:
    game = Brandubh()
    before = game.to_json()
    with pytest.raises(IllegalAction, match=message):
        game.play(text)
    assert game.to_json() == before


def test_tabs_and_line_breaks_are_read_as_spaces() -> None:
    game = Brandubh()
    assert game.play("\td1\t-c1\n").text == "d1-c1"


def test_no_move_after_the_end() -> None:
    game = given("K a3", to_move="white")
    game.play("a3-a1")
    with pytest.raises(IllegalAction, match="the game is over"):
        game.play("a1-a2")


def test_describe_names_the_captures() -> None:
    game = given("c3, e3, K g6", "b3, f3, d1")
    assert game.describe("d1-d3") == "Black: attacker from d1 to d3, captures the defenders on c3 and e3"
    king = given("K b7", "e7")
    assert king.describe("e7-c7") == "Black: attacker from e7 to c7, captures the king on b7"
    escape = given("K a3", to_move="white")
    assert escape.describe("a3-a1") == "White: king from a3 to a1, escapes through the corner"


def test_spanish_labels() -> None:
    game = given("K a3", to_move="white")
    game.play("a3-a1")
    set_language("es")
    try:
        assert game.status_text() == "Ganan las blancas: el rey escapó"
        assert "Capturadas" in game.svg()
    finally:
        set_language("en")


# ------------------------------------------------------------------ registry
def test_both_names_make_the_game() -> None:
    import drezlab

    listing = drezlab.games()
    assert "brandubh" in listing and "vikingdrez" in listing
    for name in ("brandubh", "vikingdrez", "VikingDrez", " Brandubh "):
        game = drezlab.new(name, seed=4, king_capture="two")
        assert type(game) is Brandubh and game.seed == 4 and game.rules.king_capture == "two"
    assert drezlab.Brandubh is Brandubh
    assert Brandubh.name == "brandubh" and Brandubh.title == "VikingDrez (Brandubh)"
    with pytest.raises(ValueError, match="the option 'king_capture' must be one of 'standard', 'two'"):
        drezlab.new("vikingdrez", king_capture="three")
