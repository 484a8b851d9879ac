"""PokerDrez for 4 in play: the bots, the picture and the hot seat for four with the
hand-over cover (the one generic widget, no game-specific widget code)."""

from __future__ import annotations

import random

import pytest

from drezlab.games.pokerdrez4 import PokerDrez4
from drezlab.games.pokerdrez4.bots import AlphaBetaTeamPlayer, GreedyTeamPlayer, SearchTeamPlayer, move_gain
from drezlab.games.pokerdrez4.cross import GRID, Move

KINGS = "ykh1 gka7 rkg14 bkn8"
GREEN_BOXED = "gra8 gna6 gpb6 gpb8 gra11 gna4"


def mate_in_one() -> PokerDrez4:
    """Yellow to move: Qe4-b7 or Rh7-b7, each guarding the other, leaves Green no legal move
    at all; Green holds no neutral card, so no exchange (D11) delays the verdict."""
    return PokerDrez4(seed=1, decks=1, position=f"{KINGS} yqe4 yrh7 {GREEN_BOXED}",
                      hands={0: ["Q5", "P9"], 1: ["R1", "N1"]}, common=["R2", "R3", "N2", "N3", "R4"],
                      pile=["P1", "P2", "P3"])


@pytest.mark.parametrize("bot", [GreedyTeamPlayer, SearchTeamPlayer, AlphaBetaTeamPlayer])
def test_bots_find_the_mate(bot: type) -> None:
    game = mate_in_one()
    action = bot(seed=1).choose(game)
    assert action.text.split(":")[1] in ("e4b7", "h7b7"), "either piece mates on b7, guarded by the other"
    game.play(action)
    if game.phase == "return":
        game.play(bot(seed=1).choose(game))
    assert game.outcome is not None and game.outcome.winners == (0, 2)


def test_search_bot_does_not_hang_its_queen_for_a_pawn() -> None:
    """Greedy takes the pawn on h10 (a Green bishop on k13 recaptures); search, which
    assumes any answer, does not."""
    position = f"{KINGS} yqh5 gph10 gbk13 ype2"
    cards = {"hands": {0: ["Q5", "P9"]}, "common": ["P1", "P2", "P3", "P4", "P6"]}
    greedy = GreedyTeamPlayer(seed=2).choose(PokerDrez4(seed=1, decks=1, position=position, **cards))
    search = SearchTeamPlayer(seed=2).choose(PokerDrez4(seed=1, decks=1, position=position, **cards))
    assert greedy.text.endswith("h5h10")
    assert not search.text.endswith("h5h10")


def test_move_gain_counts_partner_captures_as_losses_and_reentries_as_gains() -> None:
    game = PokerDrez4(seed=1, decks=1, position=f"{KINGS} yrd7 rpd9 gpd5 +yne1",
                      hands={0: ["J1", "J2"]}, common=["P1", "P2", "P3", "P4", "P6"])
    board = game.board
    assert move_gain(board, Move(GRID.cell("d7"), GRID.cell("d9"))) == -1
    assert move_gain(board, Move(GRID.cell("d7"), GRID.cell("d5"))) == 1
    assert move_gain(board, Move(-1, GRID.cell("e1"), 0, 4, 2)) == 3


def test_bots_decide_only_from_what_their_seat_may_know() -> None:
    """Two games that differ only in cards Yellow may not see get the same choice."""
    game = PokerDrez4(seed=21, decks=1)
    rng = random.Random(3)
    for bot in (GreedyTeamPlayer, SearchTeamPlayer):
        chosen = bot(seed=5).choose(game).text
        for _ in range(3):
            assert bot(seed=5).choose(game.resample(0, rng)).text == chosen


def test_a_bot_game_runs_to_its_end() -> None:
    game = PokerDrez4(seed=8, decks=1)
    bots = [SearchTeamPlayer(seed=1), GreedyTeamPlayer(seed=2), SearchTeamPlayer(seed=3), GreedyTeamPlayer(seed=4)]
    actions = 0
    while not game.is_over and game.plies < 300:
        game.play(bots[game.to_move].choose(game))
        actions += 1
    assert game.is_over or game.plies >= 300
    assert actions > 20


def test_picture_shows_the_board_reserves_and_only_the_viewers_cards() -> None:
    game = PokerDrez4(seed=1, decks=1, position=f"{KINGS} yrd7 rpd9 +yne1 +gba9", hands={0: ["J1", "J2"], 2: ["Q1", "Q2"]},
                      common=["P1", "P2", "P3", "P4", "P6"])
    svg = game.svg(0)
    for name in ("a4", "n11", "h7", "d14"):
        assert f'data-id="{name}"' in svg
    assert 'data-id="a1"' not in svg, "the corners are not squares"
    assert 'data-id="reserve-0-n"' in svg and 'data-id="reserve-1-b"' in svg
    assert 'data-id="J1"' in svg and 'data-id="Q1"' not in svg
    assert 'data-id="hand-1"' in svg and 'data-id="hand-3"' in svg


def test_hot_seat_for_four_covers_the_board_at_every_hand_over() -> None:
    pytest.importorskip("anywidget")
    from drezlab.ui import play

    game = PokerDrez4(seed=4, decks=1)
    player = play(game, seats=("human",) * 4)
    hands = [[card.id for card in hand] for hand in game.hands]

    def shows(seat: int) -> bool:
        return any(f'data-id="{card}"' in player.board.svg for card in hands[seat])

    assert player.overlay == "Pass the screen to Yellow"
    assert not any(shows(seat) for seat in range(4))
    for seat, name in enumerate(("Yellow", "Green", "Red", "Blue")):
        assert player.overlay == f"Pass the screen to {name}"
        player.ready()
        assert player.viewer == seat and shows(seat)
        assert not any(shows(other) for other in range(4) if other != seat)
        moves = [action for action in game.legal_actions() if action.data[0] == "move"]
        move = next((action for action in moves if action.data[1] in game.hands[seat]), moves[0])
        for target in move.targets:
            player.click(target)
        assert game.history[-1] == move
        if game.phase == "return":
            assert player.overlay == "", "the same player finishes the turn: no hand-over yet"
            player.click(game.legal_actions()[0].targets[0])
        hands = [[card.id for card in hand] for hand in game.hands]
    assert player.overlay == "Pass the screen to Yellow"
