"""drezlab.sim: seeded tournaments, seat rotation, adjudication, statistics, progress
display, and that two worker processes give exactly the results of one."""

from __future__ import annotations

import subprocess
import sys
import types

import pytest
from toygame import Race

from drezlab.players import RandomPlayer
from drezlab.players.chess_bots import PlainGreedyChessPlayer
from drezlab.sim import GameResult, Results, play_game, player_seed, tournament, wilson


def race(seed: int) -> Race:
    """The toy race game of the widget tests: short games without a chess board."""
    return Race(seed=seed)


def test_wilson_interval_known_values() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert low == pytest.approx(1 - high) and low == pytest.approx(0.2366, abs=1e-4)
    low, high = wilson(81, 100)
    assert low == pytest.approx(0.7222, abs=1e-3) and high == pytest.approx(0.8749, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_seats_rotate_seeds_follow_the_index_and_results_add_up() -> None:
    results = tournament(race, ["random", RandomPlayer(seed=9)], games=12, seed=40)
    assert results.players == ["random (1)", "random (2)"]
    assert [g.seed for g in results.games] == list(range(40, 52))
    for game in results.games:
        first = "random (1)" if game.index % 2 == 0 else "random (2)"
        assert game.seats[0] == first and set(game.seats) == {"random (1)", "random (2)"}
    total = 0.0
    for standing in results.standings():
        assert standing.wins + standing.draws + standing.losses == standing.games == 12
        total += standing.score
        assert standing.low <= standing.rate <= standing.high
    assert total == pytest.approx(12)


def test_distinct_labels_and_colour_swap() -> None:
    results = tournament(("edami", {}), [PlainGreedyChessPlayer(), RandomPlayer()], games=4, seed=3, max_plies=30)
    assert results.players == ["greedy-chess-nocards", "random"]
    assert [g.seats[0] for g in results.games] == ["greedy-chess-nocards", "random"] * 2
    same = tournament(race, ["random", "random"], games=2)
    assert same.players == ["random (1)", "random (2)"]
    assert same.games[0].seats == ("random (1)", "random (2)") and same.games[1].seats == ("random (2)", "random (1)")


def test_same_seed_same_results_and_objects_are_copied_per_game() -> None:
    bot = RandomPlayer(seed=1)
    state = bot.rng.getstate()
    first = tournament(race, [bot, "random"], games=8, seed=5)
    second = tournament(race, [bot, "random"], games=8, seed=5)
    assert first.games == second.games
    assert bot.rng.getstate() == state
    other = tournament(race, [bot, "random"], games=8, seed=6)
    assert other.games != first.games


def test_adjudication_by_material_after_max_plies() -> None:
    results = tournament(("edami", {}), [PlainGreedyChessPlayer(), RandomPlayer()], games=4, seed=1, max_plies=6)
    assert results.adjudicated == 4
    for game in results.games:
        assert game.adjudicated and game.reason == "adjudicated (material)" and game.plies == 6
        assert sorted(game.scores) in ([0.0, 1.0], [0.5, 0.5])
    assert "4 adjudicated by material" in results.table()


def test_play_game_matches_the_tournament() -> None:
    results = tournament(race, ["random", "random"], games=3, seed=10)
    assert play_game(race, ["random", "random"], 2, seed=10, labels=results.players) == results.games[2]
    assert player_seed(12, 0) != player_seed(12, 1) != player_seed(13, 1)


def test_two_workers_give_the_same_games_as_one() -> None:
    spec = ("edami", {"special_cards": []})
    players = [PlainGreedyChessPlayer(), ("random", {})]
    one = tournament(spec, players, games=6, seed=21, max_plies=40)
    two = tournament(spec, players, games=6, seed=21, max_plies=40, workers=2)
    assert one.games == two.games
    assert isinstance(two, Results) and all(isinstance(g, GameResult) for g in two.games)


def test_progress_line_without_tqdm_or_jupyter(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)          # as if tqdm were not installed
    tournament(race, ["random", "random"], games=20, progress=True, label="race")
    out = capsys.readouterr().out
    assert out.endswith("race: 20/20 games\n")
    assert out.count("/20 games") == 10                     # one update per tenth, no timings
    tournament(race, ["random", "random"], games=3)
    assert capsys.readouterr().out == ""


def test_progress_uses_tqdm_when_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    updates: list[int] = []

    class FakeTqdm:
        def __init__(self, total: int, desc: str, unit: str) -> None:
            assert (total, desc, unit) == (5, "games", "game")

        def update(self, count: int) -> None:
            updates.append(count)

        def close(self) -> None:
            updates.append(-1)

    module = types.ModuleType("tqdm")
    module.tqdm = FakeTqdm  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tqdm", module)
    tournament(race, ["random", "random"], games=5, progress=True)
    assert updates == [1, 1, 1, 1, 1, -1]


def test_progress_widget_in_jupyter(monkeypatch: pytest.MonkeyPatch) -> None:
    import IPython.display

    import drezlab.sim
    shown: list[object] = []
    monkeypatch.setattr(drezlab.sim, "_in_jupyter", lambda: True)
    monkeypatch.setattr(IPython.display, "display", shown.append)
    tournament(race, ["random", "random"], games=4, progress=True)
    (bar,) = shown
    assert (bar.value, bar.max, bar.bar_style) == (4, 4, "success")  # type: ignore[attr-defined]


def test_table_html_and_errors() -> None:
    results = tournament(race, ["random", ("random", {})], games=4)
    text = str(results)
    assert "score %" in text and "95 % CI" in text and "random (1)" in text
    assert "<table>" in results._repr_html_()
    assert sum(results.reasons().values()) == 4
    with pytest.raises(KeyError):
        results["nobody"]
    with pytest.raises(ValueError):
        tournament(race, ["random", "random"], games=-1)
    with pytest.raises(ValueError):
        tournament(race, ["random", "random"], games=2, workers=0)
    with pytest.raises(ValueError, match="no bot"):
        tournament(race, ["random", "no-such-bot"], games=1)
    with pytest.raises(ValueError, match="not a player"):
        tournament(race, ["random", 42], games=1)
    with pytest.raises(ValueError, match="3 were given"):
        tournament(race, ["random", "random", "random"], games=1)


def test_import_drezlab_and_sim_stay_light() -> None:
    probe = ("import sys, drezlab, drezlab.sim; "
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'tqdm', 'IPython')))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
