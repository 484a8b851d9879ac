"""A pupil can play a whole PokerDrez game in the widget against the bot, using
nothing but clicks on the picture and the buttons the widget offers."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("anywidget")

import drezlab.ui
from drezlab.games.pokerdrez import PokerDrez
from drezlab.ui.selection import svg_ids


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
                assert target in player.buttons, f"no button for the target {target}"
                player.press(target)
    assert game.history[before] == chosen, f"clicking {chosen.targets} played {game.history[before:]}"


@pytest.mark.parametrize("seed", [1, 2])
def test_whole_game_against_the_bot_by_clicks(seed: int) -> None:
    rng = random.Random(seed)
    player = drezlab.ui.play(PokerDrez(seed=seed, decks=1), seats=("human", "random"))
    decisions = 0
    while not player.game.is_over:
        make_by_clicks(player, rng)
        decisions += 1
        assert decisions < 3000
    assert player.game.outcome is not None
    assert decisions > 10
    assert player.game.outcome.reason.split()[0] in player.status.lower() or "wins" in player.status \
        or "Draw" in player.status
