"""The widget's Python side: click narrowing and the play() composition.

Runs without a browser or kernel: the widgets are created (comms are inert
outside a kernel) and driven through their programmatic hooks, and the test
reads what would be synced to the browser (``board.svg`` and friends). The
games are the test games on the new core (``toygame.Race``, ``housegames``):
the widget knows no game, so what works for them works for every game.
"""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from collections.abc import Iterator

import pytest
from housegames import BUST, TRICKS, Bust, HighCardPlayer, Tricks, registered
from toygame import CARDS, Race, register_race

from drezlab.core.action import Action
from drezlab.core.chance import Scripted
from drezlab.core.i18n import set_language
from drezlab.core.registry import specs
from drezlab.core.zones import item_id
from drezlab.players.search import SearchPlayer
from drezlab.ui import BoardWidget, Selection, play, svg_ids
from drezlab.ui import selection as sel


@pytest.fixture(autouse=True)
def toy_games() -> Iterator[None]:
    """The test games, registered for each test and removed afterwards."""
    register_race()
    with registered(TRICKS, BUST):
        yield


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
def hand(game, seat):
    return list(game.zones[f"hand-{seat}"])


def leaks(svg, cards):
    return [card for card in cards if f'"{card}"' in svg or f">{card} " in svg]


def dealt(first, second):
    """A Race whose deal is scripted: North holds ``first``, South ``second``."""
    return Race(chance=Scripted([list(first) + list(second)]))


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
    card = hand(game, 0)[0]
    to = CARDS[card]
    assert card in player.highlight and "t0" not in player.highlight   # a turn starts with the cards
    assert player.click(card) is None
    assert player.selected == [card]
    assert player.highlight == ["t0"]                # then the piece, not yet the square
    player.click(f"t{to}")                           # the order stays free: the square first
    assert player.selected == [card, f"t{to}"] and player.highlight == ["t0"]
    played = player.click("t0")
    assert played is not None and played.text == f"{card}:t0-t{to}"
    assert player.log[0] == f"North: {card}:t0-t{to}"
    assert len(player.log) >= 2 and player.log[1].startswith("South: ")   # the bot replied
    assert game.to_move == 0 and player.selected == []


def test_the_browser_gets_the_games_picture_of_the_viewers_observation():
    game = Race(seed=4)
    player = play(game, seats=("human", "random"), seed=1)
    assert player.board.svg == game.svg(0) == game.view(0).svg()
    hot = play(Race(seed=4), seats=("human", "human"))
    assert hot.board.svg == hot.game.svg(None)


def test_synced_svg_never_shows_the_other_seats_cards():
    for seed in range(8):
        game = Race(seed=seed)
        player = play(game, seats=("human", "random"), seed=seed)
        for _ in range(10):
            assert not leaks(player.board.svg, hand(game, 1))
            assert all(f'"{card}"' in player.board.svg for card in hand(game, 0))
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
    assert len(game.history) >= 1 and game.to_move == 1     # the bot opened
    assert player.viewer == 1
    assert not leaks(player.board.svg, hand(game, 0))
    assert all(f'"{card}"' in player.board.svg for card in hand(game, 1))


def test_target_less_actions_are_buttons_and_missing_targets_too():
    game = dealt(["ace", "bee", "fox"], ["cat", "dog", "elk"])
    game.play("bee:t0-t2")
    game.play("dog:t2-t3")
    player = play(game, seats=("human", "human"))
    # the actions played before the widget opened are described as the game describes them
    assert player.log == ["North: bee:t0-t2", "South: dog:t2-t3"]
    player.ready()
    assert player.buttons == ["Pass", "Roll the die"]
    player.click("fox")
    player.click("t3")
    player.click("t6")
    assert len(game.history) >= 2 and game.to_move == 0      # played, and the bot answered
    assert player.buttons == ["Pass", "Roll the die", "crown-gold", "crown-silver"]
    assert "crown-gold" not in player.highlight
    player.press("crown-silver")
    assert game.history[-1] == Action("fox:t3-t6=silver")
    assert game.is_over
    assert player.status == "Game over: North wins (finish line)"
    assert player.buttons == [] and player.highlight == []


def test_press_plays_target_less_action_and_unknown_label_raises():
    game = Race(seed=2)
    player = play(game, seats=("human", "random"), seed=0)
    player.press("Pass")
    assert game.history[0] == Action("pass")
    assert player.log[0] == "North: Pass"           # the base describe() uses the label
    with pytest.raises(ValueError, match="no button"):
        player.press("Resign")


def test_undo_goes_back_to_the_previous_human_decision():
    game = Race(seed=4)
    player = play(game, seats=("human", "random"), seed=9)
    start = game.to_json()
    player.press("Pass")
    assert len(game.history) >= 2   # human + bot
    after_first = game.to_json()
    if not game.is_over:
        player.press("Pass")
        player.undo()
    assert game.to_json() == after_first and len(player.log) == len(game.history)
    player.undo()
    assert game.to_json() == start and player.log == [] and game.to_move == 0
    player.undo()
    assert game.to_json() == start
    assert "Nothing to undo" in player.status


def test_undo_does_not_remove_a_bot_opening():
    game = Race(seed=5)
    player = play(game, seats=("random", "human"), seed=2)
    opening = game.to_json()
    before = len(game.history)
    player.undo()
    assert game.to_json() == opening and len(game.history) == before == len(player.log)
    player.press("Pass")
    player.undo()
    assert game.to_json() == opening and len(player.log) == before


def test_hot_seat_hands_over_with_a_covering_screen():
    game = Race(seed=6)
    player = play(game, seats=("human", "human"))
    spectator = game.svg(None)
    assert player.overlay == "Pass the screen to North"
    assert player.board.svg == spectator
    assert not leaks(player.board.svg, hand(game, 0) + hand(game, 1))
    assert player.board.highlight == [] and player.buttons == []
    assert player.click("t0") is None and game.history == []     # clicks are ignored under the cover
    player.ready()
    assert player.overlay == "" and player.viewer == 0
    assert not leaks(player.board.svg, hand(game, 1))
    assert all(f'"{card}"' in player.board.svg for card in hand(game, 0))
    player.press("Pass")
    assert player.overlay == "Pass the screen to South"           # North's cards vanish at once
    assert not leaks(player.board.svg, hand(game, 0) + hand(game, 1))
    player.press("I am ready")
    assert player.viewer == 1
    assert not leaks(player.board.svg, hand(game, 0))
    assert all(f'"{card}"' in player.board.svg for card in hand(game, 1))
    player.undo()                        # North's move is final once the screen was passed
    assert game.history[-1].text == "pass" and player.viewer == 1 and player.overlay == ""
    assert "never another player's" in player.status


def test_hot_seat_without_hidden_information_needs_no_cover():
    """The cover follows the game's metadata: Bust hides nothing."""
    assert BUST.hidden_information is False
    game = Bust(seed=3)
    player = play(game, seats=("human", "human"))
    assert player.overlay == "" and player.viewer == 0
    while game.to_move == 0:
        player.press("Bank" if "Bank" in player.buttons else "Roll")
    assert player.overlay == "" and player.viewer == 1 == game.to_move
    assert player.buttons == ["Roll"]


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
            self._outcome, self._seat = None, 1
            return undo

        def _generate_actions(self):
            return [Action("pass", (), label="Pass")]

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
    assert hand(player.game, 0) == hand(Race(seed=7), 0)
    assert player.log == [] and player.game.history == []
    player.new_game(seed=2)
    assert hand(player.game, 0) == hand(Race(seed=2), 0) and player._seed_field.value == 2


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
    with pytest.raises(ValueError, match="no bot called 'grandmaster' for Race"):
        play(Race(seed=1), seats=("human", "grandmaster"))
    with pytest.raises(ValueError, match="one entry per seat"):
        play(Race(seed=1), seats="human")


def test_bot_names_come_from_the_games_metadata_first():
    game = Tricks(seed=2)
    player = play(game, seats=("human", "high"), seed=1)
    assert isinstance(player._bots[1], HighCardPlayer)
    with pytest.raises(ValueError, match="choose one of random, high, greedy, search"):
        play(Tricks(seed=2), seats=("human", "highest"))
    with pytest.raises(ValueError, match="no bot called 'high' for Race"):
        play(Race(seed=2), seats=("human", "high"))                 # another game's bot


def test_search_bot_plays_hidden_card_games_in_the_widget():
    game = Tricks(seed=5)
    player = play(game, seats=("human", "search"), seed=3)
    rng = random.Random(5)
    while not game.is_over:
        assert game.to_move == 0
        player.click(rng.choice(game.legal_actions()).targets[0])
    assert isinstance(player._bots[1], SearchPlayer)
    assert len(player.log) == len(game.history) == 10
    assert player.status.startswith("Game over")


def test_play_by_name_and_the_title_from_the_metadata():
    player = play("house-tricks", seats=("human", "random"), seed=4)
    assert isinstance(player.game, Tricks) and player.game.seed == 4
    assert player._title_html.value == "<b>Tricks</b>"
    set_language("es")
    try:
        player.new_game(seed=5)
        assert player._title_html.value == "<b>Bazas</b>"
    finally:
        set_language("en")
    with pytest.raises(ValueError, match="no game called"):
        play("no-such-game")


def test_repr_is_stable_and_display_bundle_uses_it():
    one = play(Race(seed=1), seats=("human", "random"))
    two = play(Race(seed=2), seats=("human", "random"))
    assert repr(one) == repr(two) == "<drezlab play: Race, seats: human, random>"
    data, _ = one._repr_mimebundle_()
    assert data["text/plain"] == repr(one)
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == one.widget.model_id


def test_game_over_status_in_spanish():
    game = dealt(["ace", "bee", "fox"], ["cat", "dog", "elk"])
    game.play("bee:t0-t2")
    game.play("dog:t2-t3")
    set_language("es")
    try:
        player = play(game, seats=("human", "random"))
        player.click("fox"), player.click("t3"), player.click("t6"), player.press("crown-gold")
        assert player.status == "Fin de la partida: North gana (finish line)"
        assert player._undo_button.description == "Deshacer"
    finally:
        set_language("en")


def test_import_drezlab_does_not_import_the_widgets():
    code = "import sys, drezlab; print(sorted(m for m in sys.modules if m.startswith(('drezlab.ui', 'ipywidgets', 'anywidget'))))"
    loaded = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert loaded.strip() == "[]", f"import drezlab loads the widgets: {loaded}"


HIDDEN_GAMES = sorted({name for name, spec in specs().items() if spec.hidden_information} | {"race", "house-tricks"})


@pytest.mark.parametrize("name", HIDDEN_GAMES)
def test_the_browser_never_gets_a_hidden_card(name):
    """Every registered game with hidden information, played in the widget against a
    bot: no id the human may not see ever reaches the synced picture."""
    from drezlab.core.registry import new

    rng = random.Random(11)
    game = new(name, seed=11)
    player = play(game, seats=("human",) + ("random",) * (game.players - 1), seed=4)
    for _ in range(60):
        zones = game.zones
        secret = {item_id(zones[zone][index]) for zone, index in zones.hidden_places(0)}
        secret -= {item_id(item) for zone in zones for index, item in enumerate(zones[zone])
                   if zones.can_see(zone, 0, index, len(zones[zone]))}
        assert not secret & svg_ids(player.board.svg), f"hidden {sorted(secret & svg_ids(player.board.svg))} shown"
        if game.is_over:
            break
        assert game.to_move == 0
        action = rng.choice(game.legal_actions())
        before = len(game.history)
        if action.targets:
            for target in action.targets:
                if len(game.history) > before:
                    break
                if target in svg_ids(player.board.svg):
                    player.click(target)
                else:
                    player.press(target)
        else:
            player.press(action.label)
        assert game.history[before] == action
        assert len(player.log) == len(game.history)


def test_a_game_that_is_not_registered_plays_in_the_widget():
    """A teacher's own game class carries its spec: the widget draws it unregistered."""
    class Unlisted(Tricks):
        spec = dataclasses.replace(TRICKS, name="house-unlisted")

    game = Unlisted(seed=3)
    player = play(game, seats=("human", "random"), seed=1)
    assert player.board.svg == TRICKS.draw(game.view(0))
    assert player._title_html.value == "<b>Tricks</b>"
    player.click(game.legal_actions()[0].targets[0])
    assert len(game.history) >= 2 and game.to_move == 0      # played, and the bot answered


@pytest.mark.parametrize("name", ["pokerdrez", "guadalete", "rummidrez", "abyss"])
def test_a_game_opened_after_some_moves_logs_them_in_words(name):
    """A lesson's game opened in the widget after some moves: the log reads as if the
    widget had been there all along (not the notation ``g1f3``)."""
    import random as random_module

    from drezlab.core.registry import new as new_game

    game = new_game(name, seed=4)
    rng = random_module.Random(4)
    lines = []
    for _ in range(12):
        action = game.random_action(rng)
        lines.append(game.describe(action))
        game.play(action)
    seats = ["random"] * game.players
    seats[game.to_move] = "human"
    player = play(game, seats=tuple(seats), reply_delay=0)
    assert player.log[:12] == lines
    assert [str(action) for action in game.history[:12]] != lines
