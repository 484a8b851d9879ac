"""drezlab.sim: seeded tournaments over any registered game, seat rotation, the games'
own adjudication and ply count, scores and chips, statistics, progress display, and
identical results for every worker count and joblib backend (loky processes and a
two-worker Dask cluster)."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys
import types
from collections.abc import Iterator

import pytest
from housegames import BUST, TRICKS, Tricks, registered
from toygame import Race, register_race

import drezlab.sim.progress
from drezlab.players import RandomPlayer
from drezlab.players.search import GreedyPlayer
from drezlab.sim import ADJUDICATED, GameResult, Results, play_game, player_seed, tournament, wilson

SIM = pathlib.Path(drezlab.sim.__file__).parent


@pytest.fixture(autouse=True)
def house_games() -> Iterator[None]:
    """The test games, registered for each test and removed afterwards."""
    register_race()
    with registered(TRICKS, BUST):
        yield


def test_wilson_interval_known_values() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert low == pytest.approx(1 - high) and low == pytest.approx(0.2366, abs=1e-4)
    low, high = wilson(81, 100)
    assert low == pytest.approx(0.7222, abs=1e-3) and high == pytest.approx(0.8749, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_seats_rotate_seeds_follow_the_index_and_results_add_up() -> None:
    results = tournament("house-tricks", ["random", RandomPlayer(seed=9)], games=12, seed=40)
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
    results = tournament(("house-bust", {"goal": 8}), [GreedyPlayer(), RandomPlayer()], games=4, seed=3)
    assert results.players == ["greedy", "random"]
    assert [g.seats[0] for g in results.games] == ["greedy", "random"] * 2
    same = tournament(Race, ["random", "random"], games=2)
    assert same.players == ["random (1)", "random (2)"]
    assert same.games[0].seats == ("random (1)", "random (2)") and same.games[1].seats == ("random (2)", "random (1)")


def test_same_seed_same_results_and_objects_are_copied_per_game() -> None:
    bot = RandomPlayer(seed=1)
    state = bot.rng.getstate()
    first = tournament(Race, [bot, "random"], games=8, seed=5)
    second = tournament(Race, [bot, "random"], games=8, seed=5)
    assert first.games == second.games
    assert bot.rng.getstate() == state
    other = tournament(Race, [bot, "random"], games=8, seed=6)
    assert other.games != first.games


def test_the_games_own_bots_are_found_by_name() -> None:
    results = tournament("house-tricks", ["high", "random"], games=6, seed=2)
    assert results.players == ["high", "random"]
    assert results["high"].games == 6
    with pytest.raises(ValueError, match="no bot called 'high' for Bust"):
        tournament("house-bust", ["high", "random"], games=1)


def test_adjudication_is_the_games_own_after_max_plies() -> None:
    results = tournament("house-tricks", ["random", "random"], games=6, seed=1, max_plies=4)
    assert results.adjudicated == 6
    for result in results.games:
        assert result.adjudicated and result.reason == ADJUDICATED and result.plies == 4 == result.actions
        assert sorted(result.scores) == [0.0, 1.0]          # Tricks adjudicates by points: never equal
        assert result.payoffs is None                      # no chips for an unfinished game
    assert "6 adjudicated at max_plies" in results.table()


def test_adjudicated_scores_follow_the_points() -> None:
    """Replay each adjudicated game and compare with Tricks.adjudicate by hand."""
    results = tournament("house-tricks", ["random", "random"], games=4, seed=8, max_plies=6)
    for result in results.games:
        game = Tricks(seed=result.seed)
        players = [RandomPlayer(player_seed(result.seed, place)) for place in range(2)]
        at_seat = [(seat + result.index) % 2 for seat in range(2)]
        while game.plies < 6:
            game.play(players[at_seat[game.to_move]].choose(game))
        leader = 0 if game.points[0] > game.points[1] else 1
        assert result.scores[leader] == 1.0 and result.scores[1 - leader] == 0.0


def test_max_plies_counts_the_games_plies_not_its_actions() -> None:
    results = tournament("house-bust", ["random", "random"], games=6, seed=4, max_plies=3)
    adjudicated = [g for g in results.games if g.adjudicated]
    assert adjudicated, "with three turns few games reach the goal"
    for result in adjudicated:
        assert result.plies == 3 and result.actions > 3     # Bust's plies are turns, each of several rolls
        assert result.scores in ((1.0, 0.0), (0.0, 1.0), (0.5, 0.5))


def test_a_game_without_a_judgement_is_drawn_at_the_cap() -> None:
    results = tournament(Race, ["random", "random"], games=3, seed=2, max_plies=1)
    assert results.adjudicated == 3
    assert all(g.scores == (0.5, 0.5) and g.reason == ADJUDICATED and g.plies == 1 for g in results.games)


def test_a_wrong_judgement_is_refused() -> None:
    class Broken(Tricks):
        def adjudicate(self) -> tuple[float, ...] | None:
            return (1.0,)

    with pytest.raises(ValueError, match="one finite score per seat"):
        tournament(Broken, ["random", "random"], games=1, max_plies=2)


def test_card_games_report_chips() -> None:
    results = tournament("house-tricks", ["search", "random"], games=10, seed=3)
    chips = {label: 0.0 for label in results.players}
    for game in results.games:
        assert game.payoffs is not None and sum(game.payoffs) == 0
        for seat, label in enumerate(game.seats):
            chips[label] += game.payoffs[seat]
    for standing in results.standings():
        assert standing.payoff == chips[standing.player]
        assert standing.mean_payoff == pytest.approx(chips[standing.player] / 10)
    assert results["search"].payoff > 0                     # looking ahead beats random play
    header = results.rows()[0]
    assert header[-2:] == ["payoff", "per game"]
    assert "payoff" not in tournament(Race, ["random", "random"], games=2).rows()[0]


def test_play_game_matches_the_tournament() -> None:
    results = tournament(Race, ["random", "random"], games=3, seed=10)
    assert play_game(Race, ["random", "random"], 2, seed=10, labels=results.players) == results.games[2]
    assert play_game("race", ["random", "random"], 2, seed=10, labels=results.players) == results.games[2]
    assert player_seed(12, 0) != player_seed(12, 1) != player_seed(13, 1)


SEARCHERS = ["search", ("greedy", {})]


def test_two_worker_processes_give_the_same_games_as_one() -> None:
    """Loky processes; the game is known by a name registered in this process only,
    and the search bots resample hidden cards from their own seeded generators."""
    one = tournament("house-tricks", SEARCHERS, games=6, seed=21)
    two = tournament("house-tricks", SEARCHERS, games=6, seed=21, workers=2)
    assert one.games == two.games
    assert isinstance(two, Results) and all(isinstance(g, GameResult) for g in two.games)
    named_backend = tournament("house-tricks", SEARCHERS, games=6, seed=21, workers=2, backend="loky")
    assert named_backend.games == one.games


def test_a_dask_cluster_of_two_workers_gives_the_same_games_as_one_process() -> None:
    distributed = pytest.importorskip("dask.distributed")
    one = tournament("house-tricks", SEARCHERS, games=6, seed=33, max_plies=8)
    bust_one = tournament("house-bust", ["greedy", "random"], games=4, seed=5)
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) \
            as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        on_dask = tournament("house-tricks", SEARCHERS, games=6, seed=33, max_plies=8, backend="dask")
        bust_dask = tournament("house-bust", ["greedy", "random"], games=4, seed=5, backend="dask")
    assert on_dask.games == one.games and bust_dask.games == bust_one.games
    assert on_dask.adjudicated == one.adjudicated


def test_backends_that_cannot_run_say_why() -> None:
    with pytest.raises(ValueError, match="register_ray"):
        tournament(Race, ["random", "random"], games=2, backend="ray")
    with pytest.raises(ValueError, match="cannot use the backend 'no-such-backend'"):
        tournament(Race, ["random", "random"], games=2, backend="no-such-backend")
    pytest.importorskip("dask.distributed")
    with pytest.raises(ValueError, match="Client"):
        tournament(Race, ["random", "random"], games=2, backend="dask")
    threads = tournament(Race, ["random", "random"], games=5, seed=1, backend="threading", workers=2)
    assert threads.games == tournament(Race, ["random", "random"], games=5, seed=1).games


def test_progress_line_without_tqdm_or_jupyter(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)          # as if tqdm were not installed
    tournament(Race, ["random", "random"], games=20, progress=True, label="race")
    out = capsys.readouterr().out
    assert out.endswith("race: 20/20 games\n")
    assert out.count("/20 games") == 10                     # one update per tenth, no timings
    tournament(Race, ["random", "random"], games=3)
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
    tournament(Race, ["random", "random"], games=5, progress=True)
    assert updates == [1, 1, 1, 1, 1, -1]
    updates.clear()
    tournament(Race, ["random", "random"], games=5, progress=True, backend="threading", workers=2)
    assert updates == [1, 1, 1, 1, 1, -1]                   # parallel runs report every finished game


def test_progress_widget_in_jupyter(monkeypatch: pytest.MonkeyPatch) -> None:
    import IPython.display

    shown: list[object] = []
    monkeypatch.setattr(drezlab.sim.progress, "in_jupyter", lambda: True)
    monkeypatch.setattr(IPython.display, "display", shown.append)
    tournament(Race, ["random", "random"], games=4, progress=True)
    (bar,) = shown
    assert (bar.value, bar.max, bar.bar_style) == (4, 4, "success")  # type: ignore[attr-defined]


def test_table_html_and_errors() -> None:
    results = tournament(Race, ["random", ("random", {})], games=4)
    text = str(results)
    assert "score %" in text and "95 % CI" in text and "random (1)" in text
    assert "<table>" in results._repr_html_()
    assert sum(results.reasons().values()) == 4
    with pytest.raises(KeyError):
        results["nobody"]
    with pytest.raises(ValueError):
        tournament(Race, ["random", "random"], games=-1)
    with pytest.raises(ValueError, match="workers"):
        tournament(Race, ["random", "random"], games=2, workers=0)
    with pytest.raises(ValueError, match="max_plies"):
        tournament(Race, ["random", "random"], games=2, max_plies=True)
    with pytest.raises(ValueError, match="no bot"):
        tournament(Race, ["random", "no-such-bot"], games=1)
    with pytest.raises(ValueError, match="no bot"):
        tournament(Race, ["random", "no-such-bot"], games=4, workers=2)   # found before any worker starts
    with pytest.raises(ValueError, match="not a player"):
        tournament(Race, ["random", 42], games=1)
    with pytest.raises(ValueError, match="3 were given"):
        tournament(Race, ["random", "random", "random"], games=1)
    with pytest.raises(ValueError, match="no game called"):
        tournament("no-such-game", ["random", "random"], games=1)
    with pytest.raises(ValueError, match="not a drezlab game"):
        tournament(lambda seed: "chess", ["random", "random"], games=1)


def test_import_drezlab_and_sim_stay_light() -> None:
    probe = ("import sys, drezlab, drezlab.sim; print(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('ipywidgets', 'tqdm', 'IPython', 'joblib', 'dask', 'chess')))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_sim_and_generic_players_name_no_game() -> None:
    """Issue 7: the simulations and the generic bots go through the protocol only."""
    players = SIM.parent / "players"
    sources = sorted(SIM.glob("*.py")) + [players / "__init__.py", players / "search.py"]
    games = {path.stem for path in (SIM.parent / "games").iterdir() if not path.name.startswith("_")}
    games |= {"chess", "edami", "pokerdrez", "poker7", "brandubh", "vikingdrez"}
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert not name.startswith(("chess", "drezlab.games")), f"{path.name} imports {name}"
        lowered = text.lower()
        named = sorted(game for game in games if game in lowered)
        assert not named, f"{path.name} names {named}"
