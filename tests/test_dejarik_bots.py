"""Dejarik's bots: greedy by expected material, expectimax over the turn's two actions
with the exact odds; both legal in every phase and deciding from the view."""

from __future__ import annotations

import random

import pytest

from drezlab.core.chance import Scripted
from drezlab.games.dejarik.actions import Attack, Kind
from drezlab.games.dejarik.bots import (
    ExpectimaxPlayer,
    GreedyPlayer,
    _Search,
    attack_swing,
    leaf,
    read_view,
)
from drezlab.games.dejarik.game import BY_KEY, Dejarik
from drezlab.games.dejarik.odds import attack_odds
from drezlab.kits.ring import CELL_INDEX
from drezlab.sim import tournament


def test_attack_swing_is_the_expected_material_of_the_mortal_results() -> None:
    molatar, houjix = BY_KEY["molatar"], BY_KEY["houjix"]
    odds = attack_odds(molatar.attack, houjix.defence)
    expected = float(odds.mortal_attack) * houjix.value - float(odds.mortal_defence) * molatar.value
    assert attack_swing(molatar.number, houjix.number) == pytest.approx(expected)


def test_greedy_takes_a_paying_attack_and_refuses_a_losing_one() -> None:
    game = Dejarik(position="s:molatar@i5 n:houjix@i6 n:savrip@o0", chance=Scripted([]))
    assert GreedyPlayer(seed=1).choose(game).text == "i5xi6"
    game = Dejarik(position="s:strider@i5 n:savrip@i6 n:houjix@o0", chance=Scripted([]))
    for seed in range(5):
        assert not isinstance(GreedyPlayer(seed=seed).choose(game).data, Attack)


def test_expectimax_values_an_attack_by_the_exact_odds() -> None:
    game = Dejarik(position="s:molatar@i5 s:houjix@o0 n:ngok@i6 n:strider@o3 n:klor@o9", chance=Scripted([]))
    board, owner, _ = read_view(game, 0)
    i5, i6 = CELL_INDEX["I5"], CELL_INDEX["I6"]
    value = _Search(owner, 0).action_value(board, Attack(Kind.ATTACK, i5, i6), 1)

    def after(changes: dict[str, int]) -> float:
        changed = list(board)
        for name, number in changes.items():
            changed[CELL_INDEX[name]] = number
        return leaf(tuple(changed), owner, 0)

    molatar, ngok = board[i5], board[i6]
    odds = [float(p) for p in attack_odds(8, 8)]
    by_hand = (odds[0] * after({"I6": 0}) + odds[3] * after({"I5": 0})
               + odds[1] * max(after({"I6": 0, cell: ngok}) for cell in ("I7", "O6", "C"))
               + odds[2] * min(after({"I5": 0, cell: molatar}) for cell in ("I4", "O5", "C")))
    assert value == pytest.approx(by_hand)


def test_expectimax_takes_the_winning_kill() -> None:
    game = Dejarik(position="s:molatar@i5 s:klor@o0 n:houjix@i6 n:ghhhk@o3", chance=Scripted([]))
    assert isinstance(ExpectimaxPlayer(seed=1).choose(game).data, Attack)


@pytest.mark.parametrize("bot", [GreedyPlayer, ExpectimaxPlayer])
def test_bots_play_legal_actions_in_every_phase(bot: type) -> None:
    rng = random.Random(3)
    phases = set()
    for seed in range(3):
        game = Dejarik(seed=seed)
        player = bot(seed=seed)
        while not game.is_over and len(game.history) < 120:
            phases.add(game.phase)
            action = player.choose(game) if rng.random() < 0.7 else game.random_action(rng)
            assert action in game.legal_actions()
            game.play(action)
    assert {"place", "act"} <= phases


def test_a_short_match_finishes_and_is_scored() -> None:
    results = tournament("dejarik", ["expectimax", "greedy"], games=4, seed=5, max_plies=120)
    standing = results["expectimax"]
    assert standing.games == 4 and standing.wins + standing.draws + standing.losses == 4
