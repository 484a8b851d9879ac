"""A pupil can play a whole game in the widget against a bot, using nothing but
clicks on the picture and the buttons the widget offers: every game plays in the
one generic widget through ``Action.targets`` and target-less buttons."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

pytest.importorskip("anywidget")

from housegames import BUST, TRICKS, registered

import drezlab
import drezlab.ui
from drezlab.core.face import target_name
from drezlab.ui.selection import svg_ids


@pytest.fixture(autouse=True)
def toy_games() -> Iterator[None]:
    """The test games, registered for each test and removed afterwards."""
    with registered(TRICKS, BUST):
        yield


def make_by_clicks(player: drezlab.ui.PlayWidget, rng: random.Random) -> None:
    """Choose a legal action at random and make it the way a pupil would."""
    game = player.game
    chosen = game.legal_actions()[rng.randrange(len(game.legal_actions()))]
    before = len(game.history)
    if not chosen.targets:
        assert chosen.label in player.buttons, f"no button for {chosen.text}"
        player.press(chosen.label)
    else:
        for target in chosen.targets:
            if game.history[before:]:
                break
            if target in svg_ids(player.board.svg):
                assert target in player.highlight or not player.selected, f"{target} is not highlighted"
                player.click(target)
            else:
                # a target button is labelled by the target's name ("promote to Queen")
                label = target_name(target, present=svg_ids(player.board.svg))
                assert label in player.buttons, f"no button for the target {target}"
                player.press(target)
    assert game.history[before] == chosen, f"clicking {chosen.targets} played {game.history[before:]}"


GAMES = [("pokerdrez", 1, {"decks": 1}), ("pokerdrez", 2, {"decks": 1}), ("edami", 3, {}),
         ("vikingdrez", 4, {}), ("poker7", 5, {"players": 2, "max_hands": 3}),
         ("blackdrez", 6, {"players": 3}),
         ("house-tricks", 7, {}), ("house-bust", 8, {"goal": 20}), ("pokerguess", 9, {"players": 2, "max_hands": 2}),
         ("domidrez", 10, {"players": 2, "target": 5}),
         ("triumfdrez", 11, {"players": 2, "max_deals": 1}), ("dejarik", 12, {}),
         ("dejarik-courtier", 13, {}), ("abyss", 12, {"placer": 0}), ("solodrez", 12, {}),
         ("jumping-bishop", 12, {"position": "7k/8/8/8/8/3B4/8/R3K3 w Q - 0 1"}),
         ("rummidrez", 12, {"players": 2, "turn_limit": 4}), ("pokerdrez4", 12, {"decks": 1}),
         ("sokudrez", 12, {"players": 2, "max_swaps": 10}), ("guadalete", 13, {}),
         ("guadalete-cylinder", 14, {}), ("guadalete-swimming", 15, {}),
         ("neurodrez", 16, {"players": 2, "turn_cap": 16})]


#: the games that take more than about 10 s on two busy cores (marked slow)
SLOW = {("pokerdrez", 2), ("pokerdrez4", 12), ("guadalete-cylinder", 14)}


@pytest.mark.parametrize("name,seed,options", [
    pytest.param(name, seed, options, marks=[pytest.mark.slow] if (name, seed) in SLOW else [])
    for name, seed, options in GAMES])
def test_whole_game_against_the_bot_by_clicks(name: str, seed: int, options: dict) -> None:
    rng = random.Random(seed)
    game = drezlab.new(name, seed=seed, **options)
    player = drezlab.ui.play(game, seats=("human",) + ("random",) * (game.players - 1))
    decisions = 0
    while not player.game.is_over:
        make_by_clicks(player, rng)
        decisions += 1
        assert decisions < 3000
    assert player.game.outcome is not None
    assert decisions >= 5, "the pupil made real decisions, not just one"
    assert player.game.outcome.reason.split()[0] in player.status.lower() or "wins" in player.status \
        or "Draw" in player.status
