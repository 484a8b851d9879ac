"""drezlab.players: bots found by name through the games' metadata, and search bots that
do not peek at hidden cards or future dice (they search ``game.resample(seat, rng)``)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest
from housegames import BUST, TRICKS, Bust, HighCardPlayer, Tricks, registered

import drezlab
from drezlab.core.chance import Scripted
from drezlab.core.errors import IllegalAction
from drezlab.core.game import Game
from drezlab.core.i18n import in_language
from drezlab.core.registry import register, specs, unregister
from drezlab.players import (
    PLAYERS,
    RandomPlayer,
    bot_names,
    make,
    search,
    seat_to_choose,
)
from drezlab.players.search import GreedyPlayer, SearchPlayer, must_sample
from drezlab.testing import random_plies

#: Tricks under another name whose metadata gives "greedy" to its own bot
ALTERED = dataclasses.replace(TRICKS, name="house-tricks-altered",
                              bots={"random": "drezlab.players:RandomPlayer",
                                    "greedy": "housegames:HighCardPlayer", "high": "housegames:HighCardPlayer"})
#: a second game that declares "high" with another class
CLASHING = dataclasses.replace(BUST, name="house-bust-clashing", bots={"high": "drezlab.players:RandomPlayer"}, levels=())


@pytest.fixture(autouse=True)
def house_games() -> Iterator[None]:
    with registered(TRICKS, BUST):
        yield


def test_generic_bots_know_no_game() -> None:
    assert sorted(PLAYERS) == ["greedy", "mcts", "random", "search"]
    assert isinstance(make("random", 1), RandomPlayer)
    assert isinstance(make("greedy", 1), GreedyPlayer)
    bot = make("search", 1, depth=3)
    assert isinstance(bot, SearchPlayer) and bot.depth == 3
    player = RandomPlayer(2)
    assert make(player) is player
    with pytest.raises(ValueError, match="only with a bot name"):
        make(player, depth=2)
    with pytest.raises(ValueError, match="not a player"):
        make(42)  # type: ignore[arg-type]


def test_a_games_bots_come_first_then_the_generic_ones() -> None:
    game = Tricks(seed=1)
    assert isinstance(make("high", 3, game=game), HighCardPlayer)
    assert isinstance(make("greedy", 3, game=game), GreedyPlayer)
    assert bot_names(game) == ["random", "high", "greedy", "search", "mcts"]
    with registered(ALTERED):
        assert isinstance(make("greedy", 3, game="house-tricks-altered"), HighCardPlayer)
        assert isinstance(make("greedy", 3, game=ALTERED), HighCardPlayer)
    with pytest.raises(ValueError, match="no bot called 'high' for Bust; choose one of random, greedy, search"):
        make("high", game=Bust(seed=1))


def test_a_games_bot_is_found_by_its_name_alone_unless_two_games_differ() -> None:
    assert isinstance(make("high", 5), HighCardPlayer)           # only Tricks declares it
    register(CLASHING)
    try:
        with pytest.raises(ValueError, match="several games have a bot called 'high'"):
            make("high", 5)
        assert isinstance(make("high", 5, game=Tricks(seed=1)), HighCardPlayer)
    finally:
        unregister(CLASHING.name)
    with pytest.raises(ValueError, match="there is no bot called 'nobody'"):
        make("nobody")


def test_which_games_are_sampled() -> None:
    assert must_sample(Tricks(seed=1))                   # hidden cards
    assert must_sample(Bust(seed=1))                     # dice rolled during play

    class Certain(Bust):
        spec = dataclasses.replace(BUST, name="house-certain", chance="none")

    assert not must_sample(Certain(seed=1))


def positions(seed: int) -> Iterator[Tricks]:
    """Every decision of a random Tricks game."""
    for game in random_plies(Tricks(seed=seed), seed):
        if not game.is_over:
            yield game


def choices_across_variants(bot_class: type, seed: int) -> list[set[str]]:
    """For each position: the set of actions a bot seeded alike chooses in games that the
    seat to move cannot tell apart (one set of one action = it does not peek)."""
    found = []
    for game in positions(seed):
        seat = game.to_move
        assert seat is not None
        variants = [game] + [game.resample(seat, random.Random(k)) for k in range(5)]
        chosen = set()
        for variant in variants:
            before = variant.to_json()
            chosen.add(bot_class(seed=seed).choose(variant).text)
            assert variant.to_json() == before              # the bot never touches the game
        found.append(chosen)
    return found


@pytest.mark.parametrize("bot_class", [GreedyPlayer, SearchPlayer])
def test_search_bots_do_not_see_hidden_cards(bot_class: type) -> None:
    for seed in range(4):
        assert all(len(chosen) == 1 for chosen in choices_across_variants(bot_class, seed))


def test_a_peeking_search_would_be_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test above can fail: searching the game itself (as before issue 7) plays
    differently in games that differ only in the opponent's hand."""
    monkeypatch.setattr(search, "must_sample", lambda game: False)
    peeked = [chosen for seed in range(4) for chosen in choices_across_variants(SearchPlayer, seed)]
    assert any(len(chosen) > 1 for chosen in peeked)


def bust_with_next_roll(roll: int) -> Bust:
    """Seat 0 has rolled a 6 and decides: roll again (the die will show ``roll``) or bank."""
    game = Bust(chance=Scripted([6, roll]))
    game.play("roll")
    return game


def test_search_bots_do_not_see_future_dice() -> None:
    for bot_class in (GreedyPlayer, SearchPlayer):
        for seed in range(12):
            picks = {bot_class(seed=seed).choose(bust_with_next_roll(roll)).text for roll in (1, 6)}
            assert len(picks) == 1, f"{bot_class.__name__} seeded {seed} knew the next roll"


def test_peeking_at_the_die_would_be_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "must_sample", lambda game: False)
    bot = GreedyPlayer(seed=1)
    assert bot.choose(bust_with_next_roll(1)).text == "bank"
    assert bot.choose(bust_with_next_roll(6)).text == "roll"


def test_perfect_information_is_searched_without_resampling(monkeypatch: pytest.MonkeyPatch) -> None:
    class Certain(Bust):
        spec = dataclasses.replace(BUST, name="house-certain", chance="none")

    def refuse(self: Game, seat: int | None, rng: random.Random) -> Game:
        raise AssertionError("a game without hidden information or chance was resampled")

    monkeypatch.setattr(Game, "resample", refuse)
    game = Certain(seed=4)
    assert SearchPlayer(seed=1).choose(game).text in ("roll", "bank")
    with pytest.raises(AssertionError, match="resampled"):
        SearchPlayer(seed=1).choose(Tricks(seed=1))


def test_resampling_depends_only_on_what_the_seat_knows() -> None:
    """Core: the unseen cards are sorted before the shuffle, so two games a seat cannot
    tell apart resample alike (what makes the bots above decide alike)."""
    for game in positions(3):
        seat = game.to_move
        assert seat is not None
        first = game.resample(seat, random.Random(9))
        second = first.resample(seat, random.Random(10))
        assert first.view(seat) == game.view(seat) == second.view(seat)
        assert (first.resample(seat, random.Random(4)).zones.to_dict()
                == second.resample(seat, random.Random(4)).zones.to_dict())


#: options that let a random game end within its cap (random RummiDrez rarely goes out,
#: random swaps rarely solve a SokuDrez grid)
QUICK_TO_END = {"rummidrez": {"turn_limit": 6}, "sokudrez": {"max_swaps": 4}}


def _finished(name: str) -> Game:
    """A game of ``name`` played at random to its end (seeded, bounded)."""
    for seed in range(20):
        *_, game = random_plies(drezlab.new(name, seed=seed, **QUICK_TO_END.get(name, {})), seed, limit=5_000)
        if game.is_over:
            return game
    raise AssertionError(f"no random game of {name} ended")


#: the games drezlab ships (a test module's toy game, registered while it runs, may be gone
#: by the time another worker's test asks for it)
SHIPPED = sorted(name for name, spec in specs().items() if spec.game_class.startswith("drezlab.games."))


@pytest.mark.parametrize("name", SHIPPED)
def test_every_bot_refuses_a_finished_game_in_the_pupils_language(name: str) -> None:
    """Every bot a game declares starts at ``seat_to_choose``: a finished game is refused with
    IllegalAction in the current language, not with another error or an action."""
    game = _finished(name)
    for level in drezlab.core.registry.spec_of(name).bots:
        bot = make(level, 1, game=game)
        with in_language("es"), pytest.raises(IllegalAction, match="la partida terminó"):
            bot.choose(game)
        with pytest.raises(IllegalAction, match="the game is over: there is no action to choose"):
            bot.choose(game)


def test_a_bot_refuses_a_game_it_was_not_written_for_in_words() -> None:
    game = drezlab.new("pokerguess", seed=3)
    with pytest.raises(ValueError, match="^the equity bot plays Poker7, not PokerGuess$"):
        make("equity", 1, game="poker7").choose(game)
    with in_language("es"), pytest.raises(ValueError, match="^este bot juega a SokuDrez, no a PokerGuess$"):
        seat_to_choose(game, "sokudrez")
    assert seat_to_choose(game, "pokerguess") == game.to_move == seat_to_choose(game)
