"""The widget's Python side of issue 8: versioned actions from the browser, bots in
a background thread as separate steps, last-move marks, the Copy record, and
nothing hidden in any synced trait.

The browser's messages are delivered the way anywidget delivers them
(``board._on_front_end_message``); the browser tests drive the same paths
from Chromium (tests/browser/test_widget_interaction.py).
"""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from clicks import play_by_clicks

from drezlab.core.i18n import in_language

pytest.importorskip("anywidget")

from housegames import BUST, TRICKS, registered
from toygame import Race, register_race

import drezlab
from drezlab.core.face import hidden_ids
from drezlab.core.registry import new, specs
from drezlab.core.zones import item_id
from drezlab.ui import play, svg_ids
from drezlab.ui.play import outcome_text


@pytest.fixture(autouse=True)
def toy_games() -> Iterator[None]:
    register_race()
    with registered(TRICKS, BUST):
        yield


def index_of(player: Any, action: Any) -> int:
    """The position of ``action`` among the actions sent to the browser now."""
    entries = player.board.actions
    if action.targets:
        return [entry["targets"] for entry in entries].index(list(action.targets))
    return [entry["label"] for entry in entries].index(action.label)


def send_act(player: Any, index: int, version: int) -> None:
    """The message the browser sends when the clicks complete the ``index``-th action."""
    player.board._on_front_end_message(player.board, {"type": "act", "index": index, "version": version})


def act(player: Any, action: Any) -> None:
    send_act(player, index_of(player, action), player.board.version)


def test_a_burst_of_the_same_action_plays_it_once() -> None:
    player = play(new("vikingdrez", seed=5), seats=("human", "random"), seed=5, reply_delay=0)
    game = player.game
    before = len(game.history)
    first, second = game.legal_actions()[:2]
    version = player.board.version
    indices = index_of(player, first), index_of(player, second)
    for _ in range(25):
        for index in indices:
            send_act(player, index, version)
    assert player.wait()
    assert game.history[before] == first
    assert len(game.history) == before + 2, "one move and the bot's reply, nothing else"
    assert player.board.version > version


def test_an_action_from_an_older_picture_is_refused() -> None:
    player = play(Race(seed=3), seats=("human", "human"))
    player.ready()
    game = player.game
    action = game.legal_actions()[0]
    send_act(player, index_of(player, action), player.board.version - 1)
    assert game.history == [] and player.board.actions, "refused, and the board still offers its actions"
    act(player, action)
    assert game.history == [action]


def test_the_reply_comes_from_a_thread_as_its_own_step() -> None:
    player = play(new("pokerdrez", seed=4, pawn_removal=False), seats=("human", "random"), seed=4,
                  reply_delay=0.3)
    game = player.game
    gate = threading.Event()
    bot = player._bots[1]
    choose = bot.choose

    def slow_choose(position: Any) -> Any:
        assert position is not game, "the bot thinks on a copy"
        gate.wait(5)
        return choose(position)

    bot.choose = slow_choose
    move = next(a for a in game.legal_actions() if len(a.targets) == 3 and _hands_over(game, a))
    act(player, move)
    # the pupil's move is shown at once, the board is busy and says who is thinking
    assert game.history[-1] == move and player.board.busy
    assert player.board.status == "Black thinking…" and player.board.actions == []
    assert player.board.marks["mine"] and move.targets[1] in player.board.marks["mine"]
    gate.set()
    assert player.wait()
    assert not player.board.busy and len(game.history) >= 2 and game.to_move == 0
    assert player.board.status.startswith("Your turn: White — Black played: ")
    assert player.board.marks["theirs"], "the reply is marked"
    assert player.board.marks["step"] >= 1


def _hands_over(game: Any, action: Any) -> bool:
    trial = game.copy()
    trial.play(action)
    return trial.to_move == 1


def test_a_skip_cuts_the_pause_before_the_reply() -> None:
    player = play(new("vikingdrez", seed=2), seats=("human", "random"), seed=2, reply_delay=30)
    act(player, player.game.legal_actions()[0])
    player.board._on_front_end_message(player.board, {"type": "skip"})
    assert player.wait(10), "the skip did not cut a 30 s pause"


def test_programmatic_clicks_stay_synchronous() -> None:
    player = play(new("vikingdrez", seed=2), seats=("human", "random"), seed=2)
    action = player.game.legal_actions()[0]
    for target in action.targets:
        player.click(target)
    assert player._thread is None and player.game.to_move == 0 and len(player.log) >= 3


def test_copy_sends_pgn_when_it_names_nothing_hidden_else_the_log() -> None:
    sent: list[Any] = []
    player = play(new("pokerdrez", seed=6, pawn_removal=False), seats=("human", "random"), seed=6)
    player.board.send = sent.append
    player.board._on_front_end_message(player.board, {"type": "copy"})
    assert sent[-1]["type"] == "record" and sent[-1]["text"].startswith('[Event "PokerDrez"]')
    for _ in range(6):                       # a few moves: cards named in the PGN
        action = player.game.legal_actions()[0]
        for target in action.targets:
            if player.click(target) is not None:
                break
        else:
            player.press(action.label)
    player.board._on_front_end_message(player.board, {"type": "copy"})
    text = sent[-1]["text"]
    # the pupils' PGN: cards by their names, in the current language
    assert text == player.game.pgn(language="en") and text.startswith('[Event "PokerDrez"]')
    assert re.search(r"\{ (Grey|Red|Magenta|Purple|Blue|Yellow|Cyan|Orange|Green) "
                     r"(Pawn|Knight|Bishop|Rook|Queen|Joker)", text), text
    # checked on the standard PGN, which names the cards by their ids: a card played was
    # public when played (the log names it in words), though it may lie face down
    # afterwards: the played actions' texts are public
    standard = player.game.pgn()
    assert "{ card " in standard
    logged = set(re.findall(r"[A-Za-z0-9]+", " ".join(action.text for action in player.game.history)))
    assert not (set(re.findall(r"[A-Za-z0-9]+", standard)) & hidden_ids(player.game, 0)) - logged
    # in Spanish: the moves with the Spanish piece letters, the cards by their Spanish names
    with in_language("es"):
        player.board._on_front_end_message(player.board, {"type": "copy"})
    spanish = sent[-1]["text"]
    moves = re.sub(r"\{[^}]*\}|\[[^\]]*\]", "", spanish)
    assert not re.search(r"\b[KQNB][a-h1-8x]", moves) and re.search(r"\b[RDTAC]x?[a-h][1-8]", moves), moves
    assert re.sub(r"\b[RDTAC](?=x?[a-h][1-8])", "", moves).split() == \
        re.sub(r"\b[KQRBN](?=x?[a-h][1-8])", "", re.sub(r"\{[^}]*\}|\[[^\]]*\]", "", standard)).split()
    assert re.search(r"\{ (Peón|Caballo|Alfil|Torre|Dama|Bufón) ", spanish) and "card" not in spanish
    race = play(Race(seed=3), seats=("human", "random"), seed=1)
    race.board.send = sent.append
    race.board._on_front_end_message(race.board, {"type": "copy"})
    assert sent[-1]["text"] == "\n".join(race.log)


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item)


HIDDEN_GAMES = sorted({name for name, spec in specs().items() if spec.hidden_information} | {"race", "house-tricks"})


@pytest.mark.parametrize("name", HIDDEN_GAMES)
def test_no_synced_trait_ever_names_a_hidden_card(name: str) -> None:
    """Every synced trait (the actions sent for narrowing, the marks, the status...)
    is checked, not only the picture, through a game against a bot. The move log is
    left out: its lines are the game's ``describe`` output, public when written (a
    showdown names cards that go back into the pack at the next hand); so is the
    status line's "<seat> played: ...", which repeats a log line."""
    rng = random.Random(5)
    game = new(name, seed=5)
    player = play(game, seats=("human",) + ("random",) * (game.players - 1), seed=5, reply_delay=0)
    for _ in range(40):
        game = player.game
        zones = game.zones
        secret = {item_id(zones[zone][index]) for zone, index in zones.hidden_places(0)}
        secret -= {item_id(item) for zone in zones for index, item in enumerate(zones[zone])
                   if zones.can_see(zone, 0, index, len(zones[zone]))}
        state = {key: value for key, value in player.board.get_state().items()
                 if key not in ("_esm", "_css", "log", "status")}   # the front end's source; the log
        reply = player.board.status.partition(" played: ")[2]
        assert not reply or any(line.endswith(reply) for line in player.log), player.board.status
        words = set(svg_ids(state.pop("svg")))
        for text in strings(state):
            words.add(text)
            words.update(re.findall(r"[A-Za-z0-9_-]+", text))
        assert not secret & words, f"hidden {sorted(secret & words)} synced"
        if game.is_over:
            break
        act(player, rng.choice(game.legal_actions()))
        assert player.wait()


def test_new_game_draws_a_fresh_shown_seed_unless_fixed() -> None:
    """Point 7: New game deals a new game, its seed shown; ``play(seed=...)`` fixes it."""
    free = play(Race(seed=3), seats=("human", "random"))
    seeds = set()
    for _ in range(6):
        free.press("New game")
        assert free.game.seed == free._seed_field.value == free.seed
        seeds.add(free.game.seed)
    assert len(seeds) >= 4, f"New game keeps dealing the same seeds: {seeds}"
    fixed = play(Race(seed=3), seats=("human", "random"), seed=12)
    for _ in range(3):
        fixed.press("New game")
        assert fixed.game.seed == 12 and fixed._seed_field.value == 12
    free._seed_field.value = 44                     # a teacher types a seed: it is used
    free.press("New game")
    assert free.game.seed == 44


def test_hot_seat_undo_never_takes_back_the_other_players_move() -> None:
    """Point 9: with hidden cards, Undo takes back only the own move of the player at
    the screen within their turn; behind the cover or after a hand-over it refuses."""
    game = Race(seed=6)
    player = play(game, seats=("human", "human"))
    player.ready()
    player.press("Roll the die")                   # North's own action, still North's turn
    assert game.to_move == 0 and len(game.history) == 1
    player.undo()
    assert game.history == [] and player.viewer == 0
    player.press("Pass")
    assert player.overlay == "Pass the screen to South"
    player.undo()                                  # under the cover: nobody's move is taken back
    assert [a.text for a in game.history] == ["pass"] and player.overlay
    player.ready()
    player.undo()                                  # South cannot take back North's move
    assert [a.text for a in game.history] == ["pass"] and player.viewer == 1
    assert "never another player's" in player.status


def test_a_misspelt_seat_lists_human_with_the_bots() -> None:
    with pytest.raises(ValueError, match=r"seat 1 is 'humna': .*random.*'human' for a pupil"):
        play(new("vikingdrez", seed=1), seats=("humna", "random"))


def test_new_game_from_the_button_lets_an_opening_bot_move_in_the_background() -> None:
    player = play(new("vikingdrez", seed=1), seats=("human", "random"), seed=1, reply_delay=0)
    player._new_button.click()
    assert player.wait()
    assert player._thread is not None and len(player.game.history) == 1 and player.game.to_move == 0


def test_the_front_end_speaks_the_language_chosen() -> None:
    try:
        drezlab.set_language("es")
        player = play(new("vikingdrez", seed=2), seats=("human", "random"), seed=2, reply_delay=0)
        act(player, player.game.legal_actions()[0])
        assert player.wait()
        board = player.board
        assert board.status.startswith("Tu turno: ") and "Jugada de Negras: " in board.status, board.status
        assert board.log_title == "Jugadas" and board.texts["unusable"] == "no se puede usar ahora"
        assert board.texts["copy"] == "Copiar las jugadas" and board.overlay_button == "Estoy listo"
    finally:
        drezlab.set_language("en")


def test_resign_is_sent_with_its_question_and_other_actions_without():
    """Point 8 (Python side): the browser gets the question for Resign only."""
    widget = drezlab.ui.play(drezlab.new("edami", seed=4), seats=("human", "random"), seed=4)
    asks = {entry["label"]: entry["confirm"] for entry in widget.board.actions if not entry["targets"]}
    assert asks["Resign"].startswith("Really resign?")
    assert all(entry["confirm"] == "" for entry in widget.board.actions if entry["targets"])
    drezlab.set_language("es")
    try:
        widget.new_game(4)
        asks = {entry["label"]: entry["confirm"] for entry in widget.board.actions if not entry["targets"]}
        assert asks["Abandonar"].startswith("¿Seguro que abandonas?")
    finally:
        drezlab.set_language("en")


@pytest.mark.parametrize(("name", "options", "target", "reason"), [
    ("pokerdrez", {"pawn_removal": False}, "e7", "that piece belongs to Black"),
    ("pokerdrez", {"pawn_removal": False}, "a1", "the rook on a1 cannot move now"),
    ("pokerdrez", {"pawn_removal": False}, "e5", "no move of yours ends on e5 now"),
    ("edami", {}, "d8", "that piece belongs to Black"),
    ("edami", {}, "c1", "the bishop on c1 cannot move now"),
    ("vikingdrez", {}, "a1", "no move of yours ends on a1 now"),
])
def test_a_refused_click_says_the_games_reason(name, options, target, reason):
    """Point 4: the game's reason (``click_reasons``) for a click nothing can use, sent to
    the browser with the picture and shown by a programmatic click too."""
    widget = play(new(name, seed=8, **options), seats=("human", "random"), seed=8)
    assert widget.board.reasons[target] == reason
    assert not set(widget.board.reasons) & {t for entry in widget.board.actions for t in entry["targets"]}
    before = widget.game.to_json()
    assert widget.click(target) is None
    assert widget.status.endswith(reason) and widget.game.to_json() == before


def test_a_piece_no_card_moves_is_named():
    """PokerDrez: without a card for bishops (and no joker), a bishop's click says so."""
    game = drezlab.PokerDrez(fen="4k3/8/8/8/8/8/4P3/2B1K3 w - - 0 1", decks=1, hands={0: ["P1", "P2"]},
                             common=["P3", "P4", "P5", "P6", "P7"])
    assert game.click_reasons(0)["c1"] == "no card of yours moves a bishop"
    drezlab.set_language("es")
    try:
        assert game.click_reasons(0)["c1"] == "ninguna carta tuya mueve un alfil"
        assert game.click_reasons(0)["e8"] == "esa pieza es de las Negras"
    finally:
        drezlab.set_language("en")


def test_reasons_are_sent_only_to_the_seat_to_move():
    widget = play(new("vikingdrez", seed=3), seats=("random", "human"), seed=3)
    assert widget.board.reasons, "the pupil to move gets reasons"
    spectator = play(new("vikingdrez", seed=3), seats=("random", "random"), seed=3)
    assert spectator.board.reasons == {}


def test_a_lost_solitaire_is_lost_not_drawn():
    """A one-seat game that ends without a winner says "Lost" (SoloDrez resigned)."""
    widget = play(new("solodrez", seed=1), seats=("human",), seed=1)
    widget.press("Resign")
    assert widget.game.outcome.winners == ()
    assert widget.status.startswith("Game over: Lost (resigned)")
    assert widget.board.result == "Game over: Lost (resigned)"
    drezlab.set_language("es")
    try:
        assert outcome_text(widget.game).startswith("Fin de la partida: Perdida")
    finally:
        drezlab.set_language("en")


def test_copy_tells_the_two_packs_copies_of_a_card_apart() -> None:
    """The log names a played card in words ("the Blue Queen card"), and both packs'
    copies have that name: a PGN that named the other copy, hidden in the opponent's
    hand, must not be copied because the log named its twin."""
    for seed in range(40):
        player = play(new("pokerdrez", seed=seed, pawn_removal=False), seats=("human", "human"), seed=seed)
        game = player.game
        rng = random.Random(seed)
        for _ in range(12):
            play_by_clicks(player, game.random_action(rng))
            if player.board.overlay:
                player.ready()
        viewer = game.to_move
        played = {token for action in game.history for token in re.findall(r"[A-Za-z0-9]+", action.text)}
        hidden = hidden_ids(game, viewer)
        twins = [card for card in hidden if re.fullmatch(r"[PNBRQJ][1-9]b?", card)
                 and (card[:-1] if card.endswith("b") else card + "b") in played and card not in played]
        if twins:
            break
    else:
        pytest.fail("no position with a hidden card whose twin was played")
    twin = twins[0]
    real = game.pgn()
    game.pgn = lambda: real + f" {{ card {twin} }}"
    assert player.record(viewer) == "\n".join(player.log), "a hidden card's id was copied"
    del game.pgn
    assert player.record(viewer) == game.pgn(language="en")
