"""The class room in a notebook (drezlab.ui.remote, ``drezlab.classroom.join``), without a browser.

A real class server runs as a subprocess (tests/classserver.py: a free port, a temporary
SQLite file, bots at once). The teacher creates a class and opens a PokerDrez table for two
pupils; each pupil's ``join(code)`` widget is driven the way its front end would drive it
(the board's ``_on_front_end_message`` with ``act``/``copy`` messages), and its synced
traits are checked: each pupil sees exactly what the server shows that seat, a move made
on one board reaches the other pupil's, a stale or doubled click changes nothing, a refused
move's words reach the status line, and no synced value of a pupil's widget names a card
hidden from that seat (the truth taken from a local replay of the teacher's record).
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets
import pytest
from classserver import ClassServer, class_server, until

import drezlab
from drezlab.classroom import Teacher, connect, join
from drezlab.core.face import hidden_ids
from drezlab.core.registry import spec_of
from drezlab.ui.board import BoardWidget
from drezlab.ui.remote import DEFAULT_URL, ClassRoomWidget, RemotePlayWidget

#: static front-end files: not game data, and long enough to hold any short token
STATIC_TRAITS = {"_esm", "_css"}
_names = itertools.count(1)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    with class_server(tmp_path_factory.mktemp("classroom")) as running:
        yield running


@pytest.fixture
def teacher(server: ClassServer) -> Iterator[Teacher]:
    teacher = Teacher(server.url, server.secret)
    yield teacher
    teacher.close()


@pytest.fixture
def rooms() -> Iterator[list[ClassRoomWidget]]:
    """The join() widgets a test makes; they leave the class afterwards."""
    made: list[ClassRoomWidget] = []
    yield made
    for room in made:
        room.leave()


def new_class(teacher: Teacher, count: int = 2) -> dict[str, str]:
    """A class of pupils with names no other test uses (open_table seats the newest class)."""
    number = next(_names)
    return teacher.create_class([f"Pupil {number}-{seat}" for seat in range(count)], name=f"Class {number}")


def pokerdrez_table(teacher: Teacher, server: ClassServer, rooms: list[ClassRoomWidget],
                    seed: int = 7) -> tuple[int, list[RemotePlayWidget], dict[str, str]]:
    """A PokerDrez table for two new pupils, and each pupil's widget of it (seat 0, seat 1)."""
    codes = new_class(teacher)
    names = list(codes)
    table_id = teacher.open_table("pokerdrez", names, seed=seed)
    shown = []
    for name in names:
        room = join(codes[name], server.url)
        rooms.append(room)
        assert room.pupil is not None, room.message
        shown.append(room.tables[table_id])
    return table_id, shown, codes


def press(widget: RemotePlayWidget, text: str) -> None:
    """What the front end sends when the pupil completes ``text`` on the board."""
    texts = [action.text for action in widget.table.legal_actions()]
    assert text in texts, f"{text!r} is not offered: {texts[:8]}"
    act(widget, texts.index(text), widget.board.version)
    assert widget.wait(15), "the move was not answered"


def act(widget: RemotePlayWidget, index: int, version: int) -> None:
    widget.board._on_front_end_message(None, {"type": "act", "index": index, "version": version}, None)


def plies(teacher: Teacher, table_id: int) -> int:
    return next(line["plies"] for line in teacher.tables() if line["id"] == table_id)


def widget_tree(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from widget_tree(child)


def synced_tokens(room: ClassRoomWidget) -> set[str]:
    """Every word of every synced trait value of the pupil's widget (static files left out)."""
    text = []
    for widget in widget_tree(room):
        state = widget.get_state()
        text.append(json.dumps({key: value for key, value in state.items() if key not in STATIC_TRAITS}))
    return set(re.findall(r"[A-Za-z0-9]+", "\n".join(text)))


def replay(teacher: Teacher, table_id: int) -> drezlab.Game:
    """The server's game, rebuilt locally from the teacher's record (the truth about the cards)."""
    record = teacher.record(table_id)["record"]
    return spec_of(record["game"]).cls().from_json(json.dumps(record))


def test_each_pupil_sees_their_own_seat(server, teacher, rooms) -> None:
    table_id, (white, black), codes = pokerdrez_table(teacher, server, rooms)
    white_code, black_code = codes.values()
    for widget, code, seat in ((white, white_code, 0), (black, black_code, 1)):
        with connect(server.url, code) as pupil:
            remote = pupil.table(table_id)
            assert remote.seat == seat
            assert widget.board.svg == remote.svg()
            assert [entry["targets"] for entry in widget.board.actions] == [
                list(action.targets) for action in remote.legal_actions()]
        assert widget.board.status == remote.status
    assert white.board.svg != black.board.svg
    # Black moves first in PokerDrez (the pawn removal): only Black's board offers actions
    assert black.board.actions and not white.board.actions
    assert black.board.status.startswith("Your turn")
    assert white.title == "PokerDrez" and white.seat_name.startswith("White (")
    assert "PokerDrez" in white._title_html.value and white.seat_name in white._title_html.value
    assert repr(white) == f"<drezlab remote table {table_id}: PokerDrez, seat: {white.seat_name}>"
    data, _ = white._repr_mimebundle_()
    assert data["text/plain"] == repr(white) and data["text/html"].startswith('<img class="dz-fallback"')


def test_a_move_pressed_on_one_board_reaches_the_other(server, teacher, rooms) -> None:
    table_id, (white, black), codes = pokerdrez_table(teacher, server, rooms)
    before = white.board.version
    press(black, "keep")
    until(lambda: white.board.log == ["Black: kept all pawns"], what="White's board to show Black's move")
    assert black.board.log == ["Black: kept all pawns"] and white.board.version > before
    assert white.board.actions and not black.board.actions
    press(white, "keep")
    until(lambda: black.board.log[-1:] == ["White: kept all pawns"], what="Black's board to show White's move")
    # a card and a move, clicked on White's board
    move = next(action for action in white.table.legal_actions() if action.targets)
    press(white, move.text)
    until(lambda: len(black.board.log) == 3 and len(white.board.log) == 3, what="the card move on both boards")
    assert plies(teacher, table_id) == 3
    with connect(server.url, list(codes.values())[1]) as pupil:
        assert black.board.svg == pupil.table(table_id).svg()
    assert black.board.marks["theirs"], "the other side's last move is marked"


def test_a_stale_or_doubled_click_changes_nothing(server, teacher, rooms) -> None:
    table_id, (white, black), _ = pokerdrez_table(teacher, server, rooms)
    keep = [action.text for action in black.table.legal_actions()].index("keep")
    svg, log = black.board.svg, list(black.board.log)
    act(black, keep, black.board.version - 1)        # made on an older board
    assert black.wait(5)
    assert plies(teacher, table_id) == 0 and black.board.svg == svg and black.board.log == log
    act(white, 0, white.board.version)                # not White's turn: nothing offered
    assert plies(teacher, table_id) == 0
    act(black, 10_000, black.board.version)           # no such action
    assert plies(teacher, table_id) == 0
    # the same click sent twice plays once
    version = black.board.version
    act(black, keep, version)
    act(black, keep, version)
    assert black.wait(15)
    until(lambda: len(white.board.log) == 1, what="Black's move")
    assert plies(teacher, table_id) == 1 and black.board.log == ["Black: kept all pawns"]


def test_a_refused_move_shows_the_servers_words(server, teacher, rooms) -> None:
    table_id, (_, black), _ = pokerdrez_table(teacher, server, rooms)
    # a board whose first action the server will not take (as if the rules had changed under it)
    black._shown = {**black._shown, "actions": [{**black._shown["actions"][0], "text": "remove z9"}]}
    act(black, 0, black.board.version)
    assert black.wait(15)
    assert plies(teacher, table_id) == 0
    assert black.board.status.startswith("Your turn") and " — " in black.board.status, black.board.status
    refusal = black.board.status.split(" — ", 1)[1]
    assert refusal and "Error" not in refusal, refusal
    # the server sends its board again after a refusal: the real actions are back, the words stay
    until(lambda: len(black.board.actions) > 1, what="the server's board again")
    assert black.board.status.endswith(refusal)
    # the next position clears them
    press(black, "keep")
    until(lambda: " — " not in black.board.status, what=f"the refusal to go: {black.board.status!r}")


def test_no_synced_value_names_a_card_hidden_from_the_seat(server, teacher, rooms) -> None:
    table_id, (white, black), _ = pokerdrez_table(teacher, server, rooms, seed=11)
    white_room, black_room = rooms[-2], rooms[-1]
    press(black, "keep")
    until(lambda: white.board.actions, what="White's turn")
    press(white, "keep")
    for _ in range(6):          # a few card moves: whoever is to move plays their first offer
        mover = until(lambda: next((w for w in (white, black) if w.board.actions), None), what="a seat to move")
        other = black if mover is white else white
        before = len(other.board.log)
        press(mover, mover.table.legal_actions()[0].text)
        until(lambda other=other, before=before: len(other.board.log) > before, what="the move on the other board")
        if mover.table.is_over:
            break
    game = replay(teacher, table_id)
    assert len(game.history) == plies(teacher, table_id) >= 4
    for seat, room in ((0, white_room), (1, black_room)):
        hidden = hidden_ids(game, seat)
        assert hidden, "the check needs hidden cards"
        # a card played is public when played (the move log names it, in words) and may be
        # face down afterwards (PokerDrez's discard history): the played actions' texts are
        # left out of the whole-widget check, but the picture must name none
        board = room.tables[table_id].board
        logged = set(re.findall(r"[A-Za-z0-9]+", " ".join(action.text for action in game.history)))
        assert not set(re.findall(r"[A-Za-z0-9]+", board.svg)) & hidden, f"seat {seat}'s picture names hidden cards"
        leaked = (synced_tokens(room) - logged) & hidden
        assert not leaked, f"seat {seat}'s widget names cards hidden from it: {sorted(leaked)}"
    # the check can see a card: each seat's own hand is hidden from the other and is in its own widget
    own = hidden_ids(game, 1) - hidden_ids(game, 0)
    assert own & synced_tokens(white_room), f"White's own cards {sorted(own)} are not in White's widget"


def test_the_copy_button_copies_the_log(server, teacher, rooms, monkeypatch) -> None:
    _, (white, black), _ = pokerdrez_table(teacher, server, rooms)
    press(black, "keep")
    until(lambda: white.board.log, what="Black's move")
    sent: list[Any] = []
    monkeypatch.setattr(white.board, "send", sent.append)
    white.board._on_front_end_message(None, {"type": "copy"}, None)
    assert sent == [{"type": "record", "text": "Black: kept all pawns"}]


def test_a_table_opened_later_appears_by_itself(server, teacher, rooms) -> None:
    codes = new_class(teacher)
    room = join(next(iter(codes.values())), server.url)
    rooms.append(room)
    assert room.pupil is not None and not room.tables and not room.boards
    waiting = room.children[1]
    assert waiting.value == "Waiting for your teacher to open a table"
    assert repr(room) == f"<drezlab class room: {room.pupil.name}, 0 tables>"
    first = teacher.open_table("pokerdrez", list(codes), seed=1)
    until(lambda: first in room.tables, what="the new table")
    until(lambda: len(room.children) == 2 and room.children[1].children, what="the table shown")
    second = teacher.open_table("pokerdrez", list(reversed(codes)), seed=2)
    until(lambda: second in room.tables, what="the second table")
    until(lambda: len(room.children[1].children) == 2, what="both tables shown")
    assert room.children[1].children[0] is room.tables[second].widget, "newest first"
    assert room.boards == [room.tables[second].board, room.tables[first].board]
    assert isinstance(room.boards[0], BoardWidget) and "2 tables" in repr(room)


def test_a_wrong_code_shows_the_refusal_and_no_board(server) -> None:
    room = join("ABCD-2345", server.url)
    try:
        assert room.pupil is None and not room.tables
        assert room.message == "That code is not right: check it with your teacher"
        assert not [widget for widget in widget_tree(room) if isinstance(widget, BoardWidget)]
        assert repr(room) == "<drezlab class room: login box>"
        # and typed in the box: the Enter button logs in from a worker thread
        room._code_field.value = "  zzzz-zzzz "
        room._enter_button.click()
        assert room.wait(15)
        assert room.pupil is None and "not right" in room.message
        assert not [widget for widget in widget_tree(room) if isinstance(widget, BoardWidget)]
    finally:
        room.leave()


def test_the_login_box_logs_in_by_the_enter_button(server, teacher, rooms) -> None:
    codes = new_class(teacher)
    name, code = next(iter(codes.items()))
    room = join(url=server.url)
    rooms.append(room)
    assert room.pupil is None and room.message == ""
    room._enter_button.click()                       # nothing typed yet
    assert room.pupil is None and room.message == "Type your login code first"
    room._code_field.value = code.lower().replace("-", " ")
    room._enter_button.click()
    assert room.wait(15) and room.pupil is not None, room.message
    assert room.children[0].value == f"<b>Hello, {name}</b>"


def test_the_login_box_without_a_server_and_in_spanish(monkeypatch) -> None:
    monkeypatch.delenv("DREZLAB_CLASS_URL", raising=False)
    room = join()
    assert room.url == DEFAULT_URL and room.pupil is None
    assert room._code_field.description == "Your login code" and room._enter_button.description == "Enter"
    assert repr(room) == "<drezlab class room: login box>"
    data = room._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert data["text/plain"] == "<drezlab class room: login box>"
    monkeypatch.setenv("DREZLAB_CLASS_URL", "http://192.0.2.7:8800")
    assert join().url == "http://192.0.2.7:8800" and join(url="http://10.0.0.1:1").url == "http://10.0.0.1:1"
    drezlab.set_language("es")
    try:
        spanish = join()
        assert spanish._code_field.description == "Tu código de acceso" and spanish._enter_button.description == "Entrar"
        spanish._enter_button.click()
        assert spanish.message == "Escribe primero tu código"
    finally:
        drezlab.set_language("en")


def test_a_server_that_does_not_answer_is_said_in_the_box(monkeypatch) -> None:
    from classserver import free_port

    from drezlab.classroom import client
    monkeypatch.setattr(client, "RETRY", (0.05,))
    url = f"http://127.0.0.1:{free_port()}"
    room = ClassRoomWidget(url)
    monkeypatch.setattr("drezlab.ui.remote.connect", lambda where, code: client.connect(where, code, timeout=0.5))
    room.log_in("ABCD-2345")
    assert room.pupil is None and room.message == f"The class server at {url} does not answer"
    assert not room._enter_button.disabled, "the pupil can try again"
