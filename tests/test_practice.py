"""drezlab.practice: goals (met / missed / open, with reasons in English and Spanish),
exercises, attempts as JSON lines (a corrupt line skipped with a warning), the report's
data and plot, and the practice widget driven by programmatic clicks."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import drezlab
from drezlab.games.brandubh import Brandubh
from drezlab.games.edami.game import Edami
from drezlab.games.pokerdrez.game import PokerDrez
from drezlab.practice import (
    MET,
    MISSED,
    OPEN,
    UNFINISHED,
    CorruptAttemptWarning,
    Exercise,
    Goal,
    KeepMaterial,
    MateIn,
    PracticeSet,
    Reach,
    Survive,
    Win,
    hint,
    practice_set,
    read,
    record,
    report,
    solve,
)
from drezlab.practice.goals import Progress, material, owner_at
from drezlab.practice.widget import PracticeWidget

BACK_RANK = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"


@pytest.fixture(autouse=True)
def english() -> None:
    drezlab.set_language("en")
    yield
    drezlab.set_language("en")


def mate_exercise() -> Exercise:
    return Exercise("mate", lambda: Edami(seed=1, fen=BACK_RANK, drawn="Move one: R"), MateIn(1), defender=1)


def judge(goal: Goal, game, moves: int, pupil: int = 0) -> tuple[str, str]:
    progress = Progress(pupil, moves, goal.begin(game, pupil))
    verdict = goal.check(game, progress)
    return verdict.state, verdict.english


# ------------------------------------------------------------------ goals
def test_mate_in_one_met_missed_open() -> None:
    game = Edami(seed=1, fen=BACK_RANK, drawn="Move one: R")
    assert judge(MateIn(1), game, 0) == (OPEN, "Moves played: 0 of 1.")
    mated = game.copy()
    mated.play("a1a8")
    assert judge(MateIn(1), mated, 1) == (MET, "Checkmate on your move 1: goal met.")
    quiet = game.copy()
    quiet.play("a1a2")
    quiet.play(quiet.legal_actions()[0])
    while quiet.to_move != 0:
        quiet.play(quiet.legal_actions()[0])
    assert judge(MateIn(1), quiet, 1) == (MISSED, "No checkmate by your move 1.")


def test_mate_in_one_by_play_and_the_spanish_reason() -> None:
    attempt = solve(mate_exercise())
    assert attempt.verdict.state == MET and attempt.moves() == ["a1a8"]
    drezlab.set_language("es")
    assert attempt.verdict.reason == "Jaque mate en tu jugada 1: objetivo cumplido."
    assert MateIn(2).text() == "Da jaque mate en 2"
    assert Survive(1).text() == "No pierdas durante 1 jugada" and Win(3).text() == "Gana la partida en 3 jugadas como mucho"


def test_a_weak_pupil_misses_and_the_game_end_decides_open_goals() -> None:
    missed = solve(Exercise("m2", lambda: Edami(seed=1, fen=BACK_RANK, drawn="Move one: R"), MateIn(1)),
                   pupil="random", seed=5)
    assert missed.verdict.state == MISSED
    assert "checkmate" in missed.verdict.english.lower()
    never = Goal.of(lambda game, pupil: None, "Wait for it", "Espera")
    mated = Edami(seed=1, fen=BACK_RANK, drawn="Move one: R")
    mated.play("a1a8")
    assert judge(never, mated, 1) == (MISSED, "The game ended before the goal was met.")
    drezlab.set_language("es")
    assert never.text() == "Espera"


def test_win_survive_and_function_goals() -> None:
    escape = Brandubh(position="..K....\n.......\n.......\n.......\n.......\n.......\n.....a.", to_move="white")
    assert judge(Win(1), escape, 0)[0] == OPEN
    won = escape.copy()
    won.play("c7-g7")
    assert judge(Win(1), won, 1) == (MET, "You won: goal met.")
    assert judge(Win(), won, 1, pupil=1) == (MISSED, "The game ended without a win for you.")
    assert judge(Survive(2), won, 1, pupil=1) == (MISSED, "You lost before your move 2 was answered.")
    assert judge(Survive(2), won, 1)[0] == MET
    start = Brandubh()
    assert judge(Survive(1), start, 1, pupil=1) == (MET, "Still standing after 1 move: goal met.")
    assert judge(Survive(3), start, 3, pupil=1)[1] == "Still standing after 3 moves: goal met."
    assert judge(Survive(1), start, 0, pupil=1)[0] == OPEN
    king_home = Goal.of(lambda game, pupil: game.king == "d4" or None, "Keep the king home")
    assert judge(king_home, start, 0, pupil=0) == (MET, "Goal met.")
    refused = Goal.of(lambda game, pupil: False, "Impossible")
    assert judge(refused, start, 0) == (MISSED, "Goal missed.")


def test_reach_reads_each_board() -> None:
    chess_game = PokerDrez(seed=1, fen=BACK_RANK, decks=1)
    assert owner_at(chess_game, "a1") == 0 and owner_at(chess_game, "g8") == 1 and owner_at(chess_game, "e4") is None
    assert owner_at(Brandubh(), "d1") == 1 and owner_at(Brandubh(), "d4") == 0 and owner_at(Brandubh(), "d3") == 0
    abyss = drezlab.new("abyss", position="wwb../...../..b../...../.....", to_move="white")
    assert (owner_at(abyss, "a5"), owner_at(abyss, "c5"), owner_at(abyss, "e1")) == (0, 1, None)
    bishop = drezlab.new("jumping-bishop", position="k7/8/2p5/8/8/5B2/8/4K3 w - - 0 1")
    assert (owner_at(bishop, "f3"), owner_at(bishop, "c6"), owner_at(bishop, "d4")) == (0, 1, None)
    river = drezlab.new("guadalete", position="6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - e4,e5")
    assert (owner_at(river, "e1"), owner_at(river, "g8"), owner_at(river, "e4")) == (0, 1, None)
    game = Edami(seed=1, fen=BACK_RANK, drawn="Move one: R")
    assert judge(Reach("a8", 1), game, 0)[0] == OPEN
    game.play("a1a8")
    assert judge(Reach("a8", 1), game, 1)[0] == MET
    with pytest.raises(ValueError, match="Goal.of"):
        Reach("a1").begin(drezlab.new("sokudrez", seed=1), 0)


def test_keep_material_counts_the_game_material() -> None:
    game = PokerDrez(seed=1, fen="4k3/8/8/3p4/4N3/8/4P3/4K3 w - - 0 1", decks=1,
                     hands={0: ["N3", "P7"]}, common=["P1", "P2", "P4", "P5", "P6"], die=1)
    assert material(game, 0) == 3.0
    goal = KeepMaterial(1)
    progress = Progress(0, 0, goal.begin(game, 0))
    assert goal.check(game, progress).state == OPEN
    game.play("P7:e2e3")
    progress.after(game, 0)
    black_capture = next(a for a in game.legal_actions() if "d5e4" in a.text)
    game.play(black_capture)
    while game.to_move == 1:
        game.play(game.legal_actions()[0])
    verdict = goal.check(game, progress)
    assert verdict.state == MISSED and verdict.english == "Your material fell from 3 to 0."
    assert KeepMaterial().text() == "Keep your material to the end"


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2"])
def test_goals_refuse_bad_move_counts(bad: object) -> None:
    for goal in (MateIn, Survive, Win, KeepMaterial):
        with pytest.raises(ValueError, match="whole number of moves"):
            goal(bad)


def test_exercises_refuse_bad_input() -> None:
    with pytest.raises(ValueError, match="id without spaces"):
        Exercise("two words", Brandubh(), Win())
    with pytest.raises(ValueError, match="practice goal"):
        Exercise("x", Brandubh(), "win")
    with pytest.raises(ValueError, match="levels 1 to"):
        Exercise("x", Brandubh(), Win(), defender=99)
    with pytest.raises(ValueError, match="level number 1 to"):
        Exercise("x", Brandubh(), Win(), defender="grandmaster")
    with pytest.raises(ValueError, match="repeats"):
        PracticeSet("s", (mate_exercise(), mate_exercise()))
    with pytest.raises(ValueError, match="lessons are 01 to 17"):
        practice_set(18)
    exercise = Exercise("by-name", Brandubh(), Survive(1), defender="greedy")
    assert exercise.defender_name() == "greedy"
    top = len(Brandubh.spec.levels)
    assert Exercise("top", Brandubh(), Survive(1), defender=top).defender_name() == Brandubh.spec.strongest


def test_a_game_position_is_copied_at_each_start() -> None:
    position = Brandubh()
    exercise = Exercise("copy", position, Survive(1))
    first = exercise.start()
    first.play(first.legal_actions()[0])
    assert exercise.start().history == [] and position.history == []


# --------------------------------------------------------------- attempts
def test_attempts_round_trip_and_skip_a_corrupt_line(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "attempts"
    record(folder, "Ana", "lesson-01/mate", ["a1a8"], MET, 12.34)
    record(folder, "Ana", "lesson-01/mate", ["a1a2"], MISSED, 3)
    with open(folder / "Ana.jsonl", "a", encoding="utf-8") as stream:
        stream.write('{"pupil": "Ana", "exercise": "x"\n')
        stream.write('{"pupil": "Ana", "exercise": "x", "moves": [], "result": "won", "seconds": 1, '
                     '"timestamp": "t"}\n')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        entries = read(folder)
    assert [entry["result"] for entry in entries] == [MET, MISSED]
    assert entries[0]["seconds"] == 12.3 and entries[0]["moves"] == ["a1a8"]
    messages = [str(w.message) for w in caught if issubclass(w.category, CorruptAttemptWarning)]
    assert len(messages) == 2
    assert "Ana.jsonl, line 3" in messages[0] and "not JSON" in messages[0]
    assert "line 4" in messages[1] and "'won'" in messages[1]
    assert read(tmp_path / "missing") == []


def test_record_refuses_bad_input_and_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="pupil's name"):
        record(tmp_path, "  ", "x", [], MET, 1)
    with pytest.raises(ValueError, match="result"):
        record(tmp_path, "Ana", "x", [], "won", 1)
    assert list(tmp_path.iterdir()) == []


def test_the_folder_defaults_to_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DREZLAB_PRACTICE_DIR", str(tmp_path / "class"))
    record(None, "Luis Pérez", "e", [], MET, 1)
    assert [path.name for path in (tmp_path / "class").iterdir()] == ["Luis_Pérez.jsonl"]
    assert read()[0]["pupil"] == "Luis Pérez"


# ------------------------------------------------------------------ report
def test_report_table_data_html_and_plot(tmp_path: Path) -> None:
    record(tmp_path, "Ana", "lesson-01/mate", ["a1a2"], MISSED, 3)
    record(tmp_path, "Ana", "lesson-01/mate", ["a1a8"], MET, 5)
    record(tmp_path, "Ana", "lesson-04/stay", ["check"], MET, 5)
    record(tmp_path, "Bea", "lesson-01/mate", ["a1a2"], MISSED, 4)
    record(tmp_path, "Bea", "lesson-03/escape", ["c7-g7"], MET, 2)
    shown = report(tmp_path)
    assert shown.pupils == ["Ana", "Bea"]
    assert shown.exercises == ["lesson-01/mate", "lesson-03/escape", "lesson-04/stay"]
    assert (shown.cell("Ana", "lesson-01/mate").met, shown.cell("Ana", "lesson-01/mate").attempts) == (1, 2)
    assert shown.cell("Bea", "lesson-01/mate").text() == "missed (0/1)"
    assert shown.cell("Ana", "lesson-03/escape").attempts == 0
    assert {"pupil": "Bea", "exercise": "lesson-03/escape", "met": 1, "missed": 0, "unfinished": 0,
            "attempts": 1} in shown.rows()
    assert "met (1/2)" in shown.text() and "Bea" in shown.text()
    page = shown._repr_html_()
    assert "dz-practice-met" in page and "dz-practice-missed" in page and "<svg" in page
    figure = shown.figure()
    width = figure.get_figwidth() * figure.dpi
    assert width <= 960
    legend = figure.axes[0].get_legend()
    figure.draw_without_rendering()
    axes_box = figure.axes[0].get_position()
    legend_box = legend.get_window_extent().transformed(figure.transFigure.inverted())
    assert legend_box.x0 >= axes_box.x1 and legend_box.x1 <= 1.0
    drezlab.set_language("es")
    assert "cumplido (1/2)" in report(tmp_path).text()
    assert "Aún no hay intentos" in report(tmp_path / "none").text()


# ------------------------------------------------------------------ widget
def test_the_widget_solves_misses_and_records(tmp_path: Path) -> None:
    widget = practice_set("01").widget(folder=tmp_path, reply_delay=0)
    assert widget.verdict.state == OPEN and widget.result.startswith("Goal: Checkmate in 1")
    for target in ("R3", "a1", "a8"):
        widget.play.click(target)
    assert widget.verdict.state == MET
    assert "Type your name" in widget.result and read(tmp_path) == []
    assert widget.play.click("g1") is None        # play has stopped
    widget.name = "Ana"
    assert [entry["result"] for entry in read(tmp_path)] == [MET]
    assert "Recorded for Ana." in widget.result
    widget.try_again()
    assert widget.verdict.state == OPEN and widget.play.log == []
    for target in ("R3", "g1", "h1"):
        widget.play.click(target)
    assert widget.verdict.state == MISSED and widget.play.stopped.startswith("Not this time.")
    entries = read(tmp_path)
    assert [(entry["pupil"], entry["result"]) for entry in entries] == [("Ana", MET), ("Ana", MISSED)]
    assert entries[1]["moves"][0] == "R3:g1h1" and entries[1]["exercise"] == "lesson-01/card-mate"


def test_an_attempt_left_after_a_move_is_recorded_unfinished(tmp_path: Path) -> None:
    """Try again or another exercise after a move of the pupil's, goal undecided: the
    attempt is kept as unfinished (and shown so in the report); leaving before any move
    of the pupil's records nothing."""
    widget = PracticeWidget(practice_set("03"), folder=tmp_path, name="Eva", reply_delay=0)
    widget.choose("hold-the-ring")
    widget.try_again()
    widget.choose(0)
    assert read(tmp_path) == []
    widget.choose("hold-the-ring")
    first = widget.exercise.id
    for target in hint(widget.play.game, seed=1).targets:
        widget.play.click(target)
    assert widget.attempt.progress.moves == 1 and widget.verdict.state == OPEN
    widget.choose(0)
    entries = read(tmp_path)
    assert [(entry["exercise"], entry["result"]) for entry in entries] == [(f"lesson-03/{first}", UNFINISHED)]
    assert entries[0]["moves"]
    shown = report(tmp_path)
    cell = shown.cell("Eva", f"lesson-03/{first}")
    assert (cell.unfinished, cell.attempts, cell.kind) == (1, 1, UNFINISHED)
    assert cell.text() == "unfinished (0/1)" and "dz-practice-unfinished" in shown._repr_html_()
    assert {"pupil": "Eva", "exercise": f"lesson-03/{first}", "met": 0, "missed": 0, "unfinished": 1,
            "attempts": 1} in shown.rows()


def test_the_widget_hint_chooser_and_spanish(tmp_path: Path) -> None:
    widget = PracticeWidget(practice_set("01"), folder=tmp_path, name="Bea", reply_delay=0)
    assert widget.hint() == "Hint: White: rook to a8 with the Magenta Rook card, checkmate"
    assert widget.play.hint_marks == ["R3", "a1", "a8"]        # synced: the browser marks them too
    widget.play.click("R3")
    assert widget.play.hint_marks == ["R3", "a1", "a8"]        # a click is not yet a move
    widget.play.click("g1")
    widget.play.click("h1")
    assert widget.play.hint_marks == []                        # the move played clears the hint
    widget.choose("save-the-knight")
    assert widget.exercise.id == "save-the-knight" and "Keep your material for 1 move" in widget.result
    widget.choose(0)
    assert widget.exercise.id == "card-mate"
    assert repr(widget) == "<drezlab practice: lesson-01, 3 exercises>"
    drezlab.set_language("es")
    widget.try_again()
    assert widget.result.startswith("Objetivo: Da jaque mate en 1")
    with pytest.raises(ValueError, match="practice set or an exercise"):
        PracticeWidget("lesson-01")


def test_one_exercise_in_the_widget_and_a_solitaire(tmp_path: Path) -> None:
    widget = PracticeWidget(practice_set("10")["two-swaps"], folder=tmp_path, name="Cai", reply_delay=0)
    game = widget.play.game
    assert game.players == 1 and widget.exercise.seats(game) == ("human",)
    text = widget.hint()
    assert text.startswith("Hint:")


def test_the_widget_shows_a_static_picture_before_run_all(tmp_path: Path) -> None:
    widget = practice_set("03").widget(folder=tmp_path)
    data, _ = widget._repr_mimebundle_()
    assert data["text/plain"] == "<drezlab practice: lesson-03, 2 exercises>"
    assert "The king escapes" in data["text/html"] and 'src="data:image/svg+xml;base64,' in data["text/html"]


def test_the_game_widget_hooks_the_practice_widget_uses() -> None:
    from drezlab.ui.play import PlayWidget
    game = Edami(seed=1, fen=BACK_RANK, drawn="Move one: R")
    assert PlayWidget(game.copy(), reply_delay=0).widget.children[2].layout.display != "none"
    play = PlayWidget(game.copy(), reply_delay=0, controls=False)
    assert play.widget.children[2].layout.display == "none"
    seen: list[int] = []
    play.on_action(lambda: seen.append(len(play.game.history)))
    play.click("a1")
    play.click("a2")
    assert seen[0] == 1 and seen[-1] == len(play.game.history) and play.game.to_move == 0
    play.stop("Stopped by the teacher")
    assert play.stopped == "Stopped by the teacher" and play.status.startswith("Stopped by the teacher")
    assert play.click("a2") is None and play.highlight == []
    with pytest.raises(ValueError, match="restart needs a game of Edami"):
        play.restart(Brandubh())
    play.restart(game.copy())
    assert play.stopped == "" and play.log == [] and play.game.history == []


def test_every_verdict_and_goal_reads_in_spanish() -> None:
    escape = Brandubh(position="..K....\n.......\n.......\n.......\n.......\n.......\n.....a.", to_move="white")
    won = escape.copy()
    won.play("c7-g7")
    verdicts = []
    for goal, game, moves, pupil in [(Win(1), escape, 0, 0), (Win(), won, 1, 0), (Win(), won, 1, 1),
                                     (Win(1), Brandubh(), 1, 1), (Survive(1), Brandubh(), 1, 1),
                                     (Survive(2), won, 1, 1), (Survive(2), won, 1, 0),
                                     (KeepMaterial(1), Brandubh(), 1, 1), (KeepMaterial(), won, 1, 1),
                                     (Reach("d4"), Brandubh(), 0, 0), (Reach("a7", 1), Brandubh(), 1, 1),
                                     (Reach("a7"), won, 1, 1), (MateIn(1), won, 1, 0)]:
        progress = Progress(pupil, moves, goal.begin(game, pupil))
        verdicts.append((goal, goal.check(game, progress)))
    assert {verdict.state for _, verdict in verdicts} == {MET, MISSED, OPEN}
    drezlab.set_language("es")
    for _, verdict in verdicts:
        assert verdict.reason != verdict.english, verdict.english
    english_texts = {"Win the game", "Do not lose for 1 move", "Keep your material for 1 move"}
    assert not english_texts & {goal.text() for goal, _ in verdicts}


def test_a_hint_without_stockfish_comes_from_the_strongest_level_that_can_play(monkeypatch, tmp_path) -> None:
    """PokerDrez's top levels are Stockfish; on a laptop without it the Hint button still
    answers, with the best level that runs (here ``search``), and the game is untouched."""
    game = PokerDrez(seed=3)
    while game.to_move is None or not game.legal_actions():
        game.play(game.legal_actions()[0])
    before = game.to_json()
    monkeypatch.setenv("DREZLAB_STOCKFISH", str(tmp_path / "no-stockfish-here"))
    from drezlab.kits.enginebots import EngineMissing
    with pytest.raises(EngineMissing):
        drezlab.players.make("stockfish-high", seed=0, game=game)
    action = hint(game)
    assert action in game.legal_actions()
    assert action == drezlab.players.make("search", seed=0, game=game).choose(game.copy())
    assert game.to_json() == before
