"""The strength ladder (issue 14): level names, every level's legal play, the MCTS bot
(wins it must see, no peeking at hidden cards) and the rating fit.

Strength itself is measured by ``bench/ladder.py`` (``make ladder``), never asserted here."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from toygame import Race, register_race

from drezlab.core.registry import spec_of, specs, unregister
from drezlab.core.spec import GameSpec, load_bot
from drezlab.players import RandomPlayer, bot_names, level_labels, make
from drezlab.players.mcts import MCTSPlayer
from drezlab.players.search import SearchPlayer
from drezlab.sim.ratings import bradley_terry, fit_ratings
from drezlab.testing import random_game, random_plies

GAMES = [name for name, spec in specs().items() if spec.game_class.startswith("drezlab.games.")]
HIDDEN = [name for name in GAMES if spec_of(name).hidden_information]
MCTS_PATH = "drezlab.players.mcts:MCTSPlayer"


@pytest.fixture
def race() -> Iterator[None]:
    register_race()
    yield
    unregister("race")


def quick(level: str, name: str, seed: int, game: object) -> object:
    """The bot of ``level``, with a small search budget when it is the MCTS bot (so
    the test stays fast; the level's own budget is the bench's business)."""
    if spec_of(name).bots[spec_of(name).level_name(level) or level].startswith(MCTS_PATH):
        return make(level, seed=seed, game=game, iterations=12, time_limit=None)
    return make(level, seed=seed, game=game)


# ------------------------------------------------------------------ names
@pytest.mark.parametrize("name", GAMES)
def test_level_names_resolve_to_the_ladder(name: str) -> None:
    spec = spec_of(name)
    labels = level_labels(name)
    assert labels == [f"level-{n}: {level}" for n, level in enumerate(spec.levels, 1)]
    assert isinstance(make("level-1", seed=1, game=name), RandomPlayer)
    for number, level in enumerate(spec.levels, 1):
        assert spec.level_name(f"level-{number}") == level
        assert spec.level_name(f"Level {number}") == level
        assert spec.level_name(level) == level
        assert level in bot_names(name)
    with pytest.raises(ValueError, match=f"levels 1 to {len(spec.levels)}"):
        make(f"level-{len(spec.levels) + 1}", seed=1, game=name)


def test_old_spellings_and_generic_bots_still_work() -> None:
    assert isinstance(make("search", seed=1, game="brandubh"), SearchPlayer)
    assert isinstance(make("random", seed=1), RandomPlayer)
    assert isinstance(make("mcts", seed=1), MCTSPlayer)
    with pytest.raises(ValueError, match="say which game"):
        make("level-2", seed=1)
    with pytest.raises(ValueError, match="level-1: random"):
        make("genius", seed=1, game="brandubh")


def test_a_bot_path_may_fix_options_but_runs_nothing() -> None:
    factory = load_bot(f"{MCTS_PATH}(iterations=7, rollout=None)")
    bot = factory(seed=3)
    assert (bot.iterations, bot.rollout) == (7, None)
    assert factory(seed=3, iterations=9).iterations == 9
    for bad in (f"{MCTS_PATH}(__import__('os'))", f"{MCTS_PATH}(iterations=print(1))", f"{MCTS_PATH}(iterations=3"):
        with pytest.raises(ValueError, match="options of the bot"):
            load_bot(bad)


def test_the_widget_lists_the_ladder_and_takes_levels() -> None:
    from drezlab.ui import play
    widget = play("brandubh", seats=("human", "level-2"), seed=1)
    assert widget.levels == level_labels("brandubh")
    assert "level-2: greedy" in repr(widget)
    with pytest.raises(ValueError, match="level-1: random, level-2: greedy"):
        play("brandubh", seats=("human", "genius"), seed=1)


# ------------------------------------------------------------- every level
@pytest.mark.parametrize("name", GAMES)
def test_every_level_plays_a_legal_action(name: str) -> None:
    spec = spec_of(name)
    rng = random.Random(7)
    for seed in (1, 2):
        game = random_game(spec.cls()(seed=seed), rng, rng.randrange(0, 12))
        if game.is_over:
            continue
        legal = {action.text for action in game.legal_actions()}
        before = game.to_json()
        for number in range(1, len(spec.levels) + 1):
            action = quick(f"level-{number}", name, seed, game).choose(game)
            assert action.text in legal, (name, number, action)
            assert game.to_json() == before, f"level {number} changed the game it chose for"


# ----------------------------------------------------------------- MCTS
def test_mcts_mates_in_one() -> None:
    game = spec_of("jumping-bishop").cls()(position="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    bot = MCTSPlayer(seed=1, iterations=300, time_limit=None, rollout=0)
    game.play(bot.choose(game))
    assert game.outcome is not None and game.outcome.winners == (0,)


def test_ismcts_takes_the_win_it_holds(race: None) -> None:
    for seed in range(40):
        game = Race(seed=seed)
        if "cat" in game.zones["hand-0"]:
            break
    game.pos = 3
    game._invalidate()
    choice = MCTSPlayer(seed=2, iterations=200, time_limit=None).choose(game)
    assert choice.text.startswith("cat:t3-t6="), choice


def test_mcts_is_repeatable_with_a_seed() -> None:
    game = spec_of("brandubh").cls()()
    first = [MCTSPlayer(seed=5, iterations=60, time_limit=None).choose(game).text for _ in range(2)]
    assert first[0] == first[1]


@pytest.mark.parametrize("name", HIDDEN)
def test_ismcts_does_not_depend_on_other_seats_cards(name: str) -> None:
    """Two games that differ only in what the seat to move may not see: the same
    seeded bot makes the same choice in both."""
    rng = random.Random(3)
    changed = False
    for game in random_plies(spec_of(name).cls()(seed=11), rng, 39):    # its first 40 positions
        if game.is_over:
            break
        seat = game.to_move
        other = game.resample(seat, random.Random(rng.randrange(10**6)))
        if len(game.legal_actions()) > 1 and other.zones.to_dict() != game.zones.to_dict():
            assert other.view(seat) == game.view(seat)
            mine = MCTSPlayer(seed=9, iterations=25, time_limit=None).choose(game)
            theirs = MCTSPlayer(seed=9, iterations=25, time_limit=None).choose(other)
            assert mine.text == theirs.text
            changed = True
            break
    assert changed, "no position with hidden cards that could differ was reached"


def test_mcts_plays_one_seat_and_many_seats() -> None:
    for name, options in (("solodrez", {}), ("blackdrez", {"players": 5}), ("triumfdrez", {"players": 4})):
        game = spec_of(name).cls()(seed=4, **options)
        bot = MCTSPlayer(seed=1, iterations=20, time_limit=None)
        for _ in range(6):
            if game.is_over:
                break
            action = bot.choose(game)
            assert action.text in {legal.text for legal in game.legal_actions()}
            game.play(action)


def test_mcts_refuses_a_bad_budget() -> None:
    for options in ({"iterations": 0}, {"iterations": 2.5}, {"time_limit": -1}, {"rollout": True}):
        with pytest.raises(ValueError):
            MCTSPlayer(seed=1, **options)


# ------------------------------------------------------------------ ratings
def test_the_rating_fit_recovers_known_strengths() -> None:
    truth = [0.0, 150.0, 400.0]
    rng = random.Random(1)
    games: dict[tuple[int, int], list[list[tuple[int, int, float]]]] = {}
    for i, j in ((1, 0), (2, 1), (2, 0)):
        expected = 1 / (1 + 10 ** ((truth[j] - truth[i]) / 400))
        games[(i, j)] = [[(i, j, 1.0 if rng.random() < expected else 0.0)] for _ in range(400)]
    ratings = fit_ratings(3, games, bootstrap=40, seed=2, alpha=1e-6)
    for rating, true in zip(ratings, truth):
        assert rating.low <= true <= rating.high, (rating, true)
        assert rating.low <= rating.elo <= rating.high
    assert ratings[0].elo == 0.0 and ratings[0].low == ratings[0].high == 0.0
    assert abs(ratings[2].elo - 400) < 100


def test_the_rating_fit_counts_draws_as_half() -> None:
    level = bradley_terry(2, [(0, 1, 0.5)] * 50)
    assert abs(level[1]) < 1e-6
    with pytest.raises(ValueError, match="between 0 and 1"):
        bradley_terry(2, [(0, 1, 1.5)])
    with pytest.raises(ValueError, match="two different players"):
        bradley_terry(2, [(0, 0, 1.0)])


def test_every_registered_ladder_names_declared_bots() -> None:
    for name in GAMES:
        spec: GameSpec = spec_of(name)
        for level in spec.levels:
            factory = spec.bot(level)
            # the class or factory makes a player that chooses
            assert callable(getattr(factory, "choose", None) or getattr(factory(seed=1), "choose", None)), \
                (name, level, factory)


def _ladder_bench() -> object:
    """bench/ladder.py as a module (the bench folder is not a package)."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "bench" / "ladder.py"
    spec = importlib.util.spec_from_file_location("ladder_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module      # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_ladder_bench_measures_chosen_levels(capsys: pytest.CaptureFixture[str]) -> None:
    """``--levels`` measures the bots named instead of the declared ladder (a candidate
    rung), for one game only and only among that game's bots."""
    bench = _ladder_bench()
    bench.main(["--game", "pokerguess", "--levels", "random,probability", "--games", "2", "--positions", "1",
                "--bootstrap", "5"])
    shown = capsys.readouterr().out
    assert "== pokerguess: 2 levels" in shown
    assert "level-1: random" in shown and "level-2: probability" in shown
    assert "probability vs random: score" in shown
    for wrong in (["--game", "pokerguess", "--levels", "random,nobody"], ["--levels", "random,probability"],
                  ["--game", "pokerguess", "--levels", "random"]):
        with pytest.raises(SystemExit):
            bench.main(wrong)
    assert "--levels needs" in capsys.readouterr().err
