"""The widget's Python side: click narrowing and the play() composition.

Runs without a browser or kernel: the widgets are created (comms are inert
outside a kernel) and driven through their programmatic hooks, and the test
reads what would be synced to the browser (``board.svg`` and friends).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from drezlab.core.action import Action
from drezlab.core.i18n import set_language
from drezlab.ui import BoardWidget, Selection, play, svg_ids
from drezlab.ui import selection as sel
from toygame import CARDS, Race


def A(text, *targets, label=""):
    return Action(text, tuple(targets), label=label)


CHESSY = [
    A("J3:e2e4", "J3", "e2", "e4"),
    A("J3:e2e3", "J3", "e2", "e3"),
    A("P1:e2e4", "P1", "e2", "e4"),
    A("P1:d2d4", "P1", "d2", "d4"),
    A("J3:e7e8q", "J3", "e7", "e8", "promote-q"),
    A("J3:e7e8n", "J3", "e7", "e8", "promote-n"),
    A("roll", label="Roll the die"),
]


# ------------------------------------------------------------------ selection
def test_candidates_narrow_by_every_clicked_id_in_any_order():
    assert [a.text for a in sel.candidates(CHESSY, ["e4"])] == ["J3:e2e4", "P1:e2e4"]
    assert [a.text for a in sel.candidates(CHESSY, ["e4", "J3"])] == ["J3:e2e4"]
    assert sel.candidates(CHESSY, ["e4", "d4"]) == []


def test_next_targets_are_the_unclicked_targets_of_candidates():
    assert sel.next_targets(CHESSY, ["P1"]) == ["e2", "e4", "d2", "d4"]
    assert sel.next_targets(CHESSY, ["P1", "d4"]) == ["d2"]
    first = sel.next_targets(CHESSY, [])
    assert "roll" not in first and {"J3", "P1", "e2", "e8", "promote-q"} <= set(first)


def test_complete_when_exactly_one_candidate_has_all_targets():
    assert sel.complete(CHESSY, ["e4", "J3", "e2"]).text == "J3:e2e4"
    assert sel.complete(CHESSY, ["J3", "e2"]) is None
    assert sel.complete(CHESSY, []) is None


def test_targets_are_a_multiset():
    actions = [A("double", "a", "a"), A("single", "a", "b")]
    assert [x.text for x in sel.candidates(actions, ["a", "a"])] == ["double"]
    assert sel.next_targets(actions, ["a"]) == ["a", "b"]
    assert sel.complete(actions, ["a", "a"]).text == "double"
    selection = Selection()
    assert selection.click(actions, "a") is None
    assert selection.click(actions, "a").text == "double"   # a repeated target is not a deselect


def test_click_plays_when_complete_and_clears():
    selection = Selection()
    assert selection.click(CHESSY, "J3") is None
    assert selection.click(CHESSY, "e2") is None
    assert selection.clicked == ("J3", "e2")
    assert selection.click(CHESSY, "e4").text == "J3:e2e4"
    assert selection.clicked == ()


def test_click_on_selected_id_deselects_it():
    selection = Selection()
    selection.click(CHESSY, "J3")
    selection.click(CHESSY, "e2")
    assert selection.click(CHESSY, "J3") is None
    assert selection.clicked == ("e2",)


def test_click_that_fits_nothing_restarts_or_is_ignored():
    selection = Selection()
    selection.click(CHESSY, "J3")
    selection.click(CHESSY, "e2")
    selection.click(CHESSY, "d2")          # no J3 move from d2 and e2: restart with d2
    assert selection.clicked == ("d2",)
    selection.click(CHESSY, "h7")          # fits no action at all: ignored
    assert selection.clicked == ("d2",)
    selection.click(CHESSY, "roll")        # a target-less action is never clicked
    assert selection.clicked == ("d2",)
    assert Selection().click([A("only", "x")], "x").text == "only"   # a restart can complete too
    restart = Selection()
    restart.click([A("pair", "a", "b"), A("only", "x")], "a")
    assert restart.click([A("pair", "a", "b"), A("only", "x")], "x").text == "only"


def test_missing_targets_become_buttons():
    present = {"J3", "P1", "e2", "e3", "e4", "d2", "d4", "e7", "e8"}
    assert sel.missing_targets(CHESSY, ["J3", "e7", "e8"], present) == ["promote-q", "promote-n"]
    assert sel.missing_targets(CHESSY, ["P1"], present) == []
    assert sel.missing_targets(CHESSY, [], present) == []          # not before the first click...
    assert sel.missing_targets(CHESSY + [A("x", "nowhere")], [], present) == ["nowhere"]  # ...unless unreachable


def test_svg_ids_reads_data_ids():
    svg = '<svg><rect data-id="e4"/><g data-id=\'Q5\'><text>x</text></g><rect data-id="a&amp;b"/></svg>'
    assert svg_ids(svg) == {"e4", "Q5", "a&b"}


# -------------------------------------------------------------------- widgets
def hidden_cards(game, seat):
    return game.hands[1 - seat]


def leaks(svg, cards):
    return [card for card in cards if f'"{card}"' in svg or f">{card} " in svg]


def test_board_widget_repr_is_stable_and_assets_load():
    board = BoardWidget()
    assert repr(board) == "BoardWidget()"
    assert "export default" in board._esm and ".dz-board" in board._css
    board.svg = "<svg/>"
    assert repr(board) == "BoardWidget()"


def test_board_widget_routes_custom_messages():
    board = BoardWidget()
    clicks, readies = [], []
    board.on_click(clicks.append)
    board.on_ready(lambda: readies.append(True))
    board._on_front_end_message(board, {"type": "click", "id": "e4"})
    board._on_front_end_message(board, {"type": "click", "id": "e4"})
    board._on_front_end_message(board, {"type": "ready"})
    board._on_front_end_message(board, {"type": "click", "id": 5})
    assert clicks == ["e4", "e4"] and readies == [True]
    assert "_handle_msg" not in BoardWidget.__dict__


def test_click_plays_a_move_and_the_bot_replies():
    game = Race(seed=3)
    player = play(game, seats=("human", "random"), seed=1)
    card = game.hands[0][0]
    to = CARDS[card]
    assert set(player.highlight) >= {card, "t0"}
    assert player.click(card) is None
    assert player.selected == [card]
    assert f"t{to}" in player.highlight and "t0" in player.highlight
    player.click(f"t{to}")
    played = player.click("t0")
    assert played is not None and played.text == f"{card}:t0-t{to}"
    assert player.log[0] == f"North: {card}:t0-t{to}"
    assert len(player.log) == 2 and player.log[1].startswith("South: ")   # the bot replied
    assert game.to_move == 0 and len(game.history) == 2
    assert player.selected == []


def test_synced_svg_never_shows_the_other_seats_cards():
    for seed in range(8):
        game = Race(seed=seed)
        player = play(game, seats=("human", "random"), seed=seed)
        for _ in range(10):
            assert not leaks(player.board.svg, hidden_cards(game, 0))
            assert all(f'"{card}"' in player.board.svg for card in game.hands[0])
            if game.is_over:
                break
            # play the first clickable action by clicks, else press the first button
            actions = [a for a in game.legal_actions() if a.targets]
            if actions:
                for target in actions[0].targets:
                    player.click(target)
            else:
                player.press(player.buttons[0])
        assert player.viewer == 0


def test_human_second_seat_sees_own_cards_after_bot_opening():
    game = Race(seed=5)
    player = play(game, seats=("random", "human"), seed=2)
    assert len(game.history) == 1 and game.to_move == 1     # the bot opened
    assert player.viewer == 1
    assert not leaks(player.board.svg, game.hands[0])
    assert all(f'"{card}"' in player.board.svg for card in game.hands[1])


def test_target_less_actions_are_buttons_and_missing_targets_too():
    game = Race(seed=0)
    game.hands = [["fox", "bee", "ace"], ["cat", "dog", "elk"]]
    game.pos = 3
    player = play(game, seats=("human", "human"))
    player.ready()
    assert player.buttons == ["Pass"]
    player.click("fox")
    player.click("t3")
    player.click("t6")
    assert game.history == []
    assert player.buttons == ["Pass", "crown-gold", "crown-silver"]
    assert "crown-gold" not in player.highlight
    player.press("crown-silver")
    assert game.history == [Action("fox:t3-t6=silver")]
    assert game.is_over
    assert player.status == "Game over: North wins (checkmate)"
    assert player.buttons == [] and player.highlight == []


def test_press_plays_target_less_action_and_unknown_label_raises():
    game = Race(seed=2)
    player = play(game, seats=("human", "random"), seed=0)
    player.press("Pass")
    assert game.history[0] == Action("pass")
    assert player.log[0] == "North: pass"
    with pytest.raises(ValueError, match="no button"):
        player.press("Resign")


def test_undo_goes_back_to_the_previous_human_decision():
    game = Race(seed=4)
    player = play(game, seats=("human", "random"), seed=9)
    start = game.to_json()
    player.press("Pass")
    assert len(game.history) == 2   # human + bot
    after_first = game.to_json()
    player.press("Pass") if not game.is_over else None
    player.undo()
    assert game.to_json() == after_first and len(player.log) == 2
    player.undo()
    assert game.to_json() == start and player.log == [] and game.to_move == 0
    player.undo()
    assert game.to_json() == start
    assert "Nothing to undo" in player.status


def test_undo_does_not_remove_a_bot_opening():
    game = Race(seed=5)
    player = play(game, seats=("random", "human"), seed=2)
    opening = game.to_json()
    player.undo()
    assert game.to_json() == opening and len(game.history) == 1 and len(player.log) == 1
    player.press("Pass")
    player.undo()
    assert game.to_json() == opening and len(player.log) == 1


def test_hot_seat_hands_over_with_a_covering_screen():
    game = Race(seed=6)
    player = play(game, seats=("human", "human"))
    spectator = game.view(None).svg(None)
    assert player.overlay == "Pass the screen to North"
    assert player.board.svg == spectator
    assert not leaks(player.board.svg, game.hands[0] + game.hands[1])
    assert player.board.highlight == [] and player.buttons == []
    assert player.click("t0") is None and game.history == []     # clicks are ignored under the cover
    player.ready()
    assert player.overlay == "" and player.viewer == 0
    assert not leaks(player.board.svg, game.hands[1])
    assert all(f'"{card}"' in player.board.svg for card in game.hands[0])
    player.press("Pass")
    assert player.overlay == "Pass the screen to South"           # North's cards vanish at once
    assert not leaks(player.board.svg, game.hands[0] + game.hands[1])
    player.press("I am ready")
    assert player.viewer == 1
    assert not leaks(player.board.svg, game.hands[0])
    assert all(f'"{card}"' in player.board.svg for card in game.hands[1])
    player.undo()                                                 # back to North: cover again
    assert player.overlay == "Pass the screen to North"


def test_bots_only_advance_with_next_move():
    game = Race(seed=1)
    player = play(game, seats=("random", "random"), seed=3)
    assert game.history == [] and player.viewer is None
    player.press("Next move")
    assert len(game.history) == 1 and len(player.log) == 1
    for _ in range(50):
        if game.is_over:
            break
        player.next_move()
    assert game.is_over and player.status.startswith("Game over")


def test_bots_stop_when_they_loop_forever():
    class Stuck(Race):
        """After any action the bot seat keeps the turn and the game never ends."""
        def _apply(self, action):
            undo = super()._apply(action)
            self.result, self.turn = None, 1
            return undo

    play_module = sys.modules["drezlab.ui.play"]
    limit, play_module.MAX_BOT_ACTIONS = play_module.MAX_BOT_ACTIONS, 20
    try:
        player = play(Stuck(seed=1), seats=("human", "random"), seed=1)
        player.press("Pass")
        assert len(player.game.history) == 1 + 20
        assert "stopped" in player.status
        assert not player._running and not player.board.busy
    finally:
        play_module.MAX_BOT_ACTIONS = limit


def test_new_game_uses_the_seed_field():
    game = Race(seed=1)
    player = play(game, seats=("human", "random"), seed=1)
    player.press("Pass")
    player._seed_field.value = 7
    player.press("New game")
    assert player.game is not game and player.game.seed == 7
    assert player.game.hands == Race(seed=7).hands
    assert player.log == [] and player.game.history == []
    player.new_game(seed=2)
    assert player.game.hands == Race(seed=2).hands and player._seed_field.value == 2


def test_illegal_action_shows_message_and_keeps_game():
    game = Race(seed=1)
    player = play(game, seats=("human", "random"))
    before = game.to_json()
    player._play_human(Action("nonsense"))
    assert game.to_json() == before
    assert "not a legal action" in player.status


def test_seats_are_validated():
    with pytest.raises(ValueError, match="2 seats but seats has 1"):
        play(Race(seed=1), seats=("human",))
    with pytest.raises(ValueError, match="no bot called"):
        play(Race(seed=1), seats=("human", "grandmaster"))
    with pytest.raises(ValueError, match="one entry per seat"):
        play(Race(seed=1), seats="human")


def test_repr_is_stable_and_display_bundle_uses_it():
    one = play(Race(seed=1), seats=("human", "random"))
    two = play(Race(seed=2), seats=("human", "random"))
    assert repr(one) == repr(two) == "<drezlab play: Race, seats: human, random>"
    data, _ = one._repr_mimebundle_()
    assert data["text/plain"] == repr(one)
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == one.widget.model_id


def test_game_over_status_in_spanish():
    game = Race(seed=0)
    game.hands = [["fox", "bee", "ace"], ["cat", "dog", "elk"]]
    game.pos = 3
    set_language("es")
    try:
        player = play(game, seats=("human", "random"))
        player.click("fox"), player.click("t3"), player.click("t6"), player.press("crown-gold")
        assert player.status == "Fin de la partida: North gana (jaque mate)"
        assert player._undo_button.description == "Deshacer"
    finally:
        set_language("en")


def test_import_drezlab_does_not_import_the_widgets():
    code = "import sys, drezlab; assert not any(m.startswith(('drezlab.ui', 'ipywidgets', 'anywidget')) for m in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_pokerdrez_through_the_widget_never_shows_black_hand():
    import random

    from drezlab.games.pokerdrez import PokerDrez

    rng = random.Random(5)
    game = PokerDrez(seed=11, pawn_removal=False)
    player = play(game, seats=("human", "random"), seed=4)
    for _ in range(40):
        hidden = {card.id for card in game.hands[1]}
        known = {card.id for card in game.view(0).hands[1] if not card.is_unknown}
        shown = svg_ids(player.board.svg)
        assert not (hidden - known) & shown
        assert {card.id for card in game.hands[0]} <= shown
        if game.is_over:
            break
        assert game.to_move == 0
        action = rng.choice(game.legal_actions())
        before = len(game.history)
        if action.targets:
            for target in action.targets:
                player.click(target)
        else:
            player.press(action.label)
        assert game.history[before] == action
        assert len(player.log) == len(game.history)
