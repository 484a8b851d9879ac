"""Every card of the default EDAMI deck plays in the generic widget by clicks and
buttons alone: the pupil (seat 0) draws whenever drawing is allowed, and each
card's sub-steps are made by clicking their targets (issue 3, "done means")."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("anywidget")

import drezlab.ui
from drezlab.games.edami import Edami
from drezlab.games.edami.cards import EdamiDeck, LuckCard

from test_ui_whole_game import make_by_clicks


def card_name(card: LuckCard) -> tuple[str, str]:
    spec = card.spec
    return spec.kind, spec.param if spec.kind in ("temporary", "objective", "bomb") else ""


@pytest.mark.slow
def test_every_default_card_kind_is_played_by_clicks() -> None:
    wanted = {(spec.kind, spec.param if spec.kind in ("temporary", "objective", "bomb") else "")
              for spec, _ in EdamiDeck.default().entries}
    seen: set[tuple[str, str]] = set()
    for seed in range(40):
        rng = random.Random(seed)
        player = drezlab.ui.play(Edami(seed=seed), seats=("human", "random"))
        for _ in range(120):
            game = player.game
            if game.is_over:
                break
            draw = next((a for a in game.legal_actions() if a.text == "draw"), None)
            if draw is not None and rng.random() < 0.8:
                before = len(game.history)
                player.click("pile")
                assert game.history[before].text == "draw", "clicking the pile draws a card"
                card, seat = game.last_card
                assert seat == 0
                seen.add(card_name(card))
            else:
                make_by_clicks(player, rng)
        if wanted <= seen:
            break
    assert wanted <= seen, f"never played by clicks: {sorted(wanted - seen)}"
