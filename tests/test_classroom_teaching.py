"""The teaching board and the simultaneous display (drezlab.classroom.teaching, issue 23).

Through the Python clients against a class server subprocess (what a lesson would do),
and through raw websockets in process (what exactly travels to a pupil, hostile answers).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from classroom_inprocess import SECRET, Raw, run_in_own_loop, running
from classserver import class_server

from drezlab.classroom import ClassroomError, Teacher, connect
from drezlab.classroom.room import Room
from drezlab.classroom.store import Store
from drezlab.core.registry import new


def _until(test: Any, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = test()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError("not within the time allowed")


def test_three_pupils_answer_the_teacher_sees_the_counts_then_the_best_move_and_plays_on(tmp_path: Path) -> None:
    with class_server(tmp_path) as server:
        teacher = Teacher(server.url, server.secret, timeout=60)
        codes = teacher.create_class(["Ana", "Luis", "Marta", "Pablo"], name="5B")
        pupils = {name: connect(server.url, codes[name]) for name in ("Ana", "Luis", "Marta")}
        try:
            shown = teacher.teach("pokerdrez", seed=11)
            assert shown["answered"] == 0 and shown["pupils"] == 4 and shown["open"]
            seen = {name: pupil.wait_for_teaching() for name, pupil in pupils.items()}
            expected_game = new("pokerdrez", seed=11)
            moves = [action["text"] for action in seen["Ana"]["board"]["actions"]]
            assert sorted(moves) == sorted(action.text for action in expected_game.legal_actions())
            assert seen["Ana"]["board"]["seat"] == expected_game.to_move and seen["Ana"]["answer"] is None
            first, second = moves[0], moves[1]

            pupils["Ana"].suggest(first)
            pupils["Luis"].suggest(first)
            answered = pupils["Marta"].suggest(second)
            assert answered["answer"] == second and answered["answer_words"]
            counts = teacher.teaching()["counts"]   # type: ignore[index]
            assert [(line["text"], line["count"], line["names"]) for line in counts] == [
                (first, 2, ["Ana", "Luis"]), (second, 1, ["Marta"])]
            assert all(line["words"] and line["words"] != line["text"] for line in counts)
            # pupils see no counts and no names before the reveal
            for name, pupil in pupils.items():
                mine = pupil.teaching()
                assert mine is not None and mine["counts"] == []
                others = {"Ana", "Luis", "Marta", "Pablo"} - {name}
                assert not any(other in json.dumps(mine) for other in others), name

            # Ana changes her mind: she is counted once, for her new move
            pupils["Ana"].suggest(second)
            counts = teacher.teaching()["counts"]   # type: ignore[index]
            assert [(line["text"], line["count"], line["names"]) for line in counts] == [
                (second, 2, ["Ana", "Marta"]), (first, 1, ["Luis"])]

            revealed = teacher.reveal()
            assert revealed["revealed"]["text"] in moves and not revealed["open"]
            # the teacher may still play on with any legal move; the pupils may not click
            assert sorted(action["text"] for action in revealed["board"]["actions"]) == sorted(moves)
            after = pupils["Luis"].wait_for_teaching(lambda shown: shown["revealed"] is not None)
            assert after is not None and after["board"]["actions"] == []
            assert [line["count"] for line in after["counts"]] == [2, 1]
            assert all("names" not in line for line in after["counts"])
            with pytest.raises(ClassroomError) as closed:
                pupils["Luis"].suggest(second)
            assert closed.value.code == "closed"

            version = revealed["version"]
            moved = teacher.play_on()
            assert moved["version"] == version + 1 and moved["answered"] == 0 and moved["revealed"] is None
            for pupil in pupils.values():
                now = pupil.wait_for_teaching(lambda shown: shown["version"] == version + 1)
                assert now is not None and now["answer"] is None and now["open"]
                assert now["board"]["log"] and now["board"]["seat"] == now["board"]["observation"]["to_move"]

            teacher.stop_teaching()
            _until(lambda: all(pupil.teaching() is None for pupil in pupils.values()))
            assert teacher.teaching() is None
        finally:
            for pupil in pupils.values():
                pupil.close()


def test_a_lessons_exercise_is_shown_and_its_defender_answers_for_the_other_side(tmp_path: Path) -> None:
    with class_server(tmp_path) as server:
        teacher = Teacher(server.url, server.secret, timeout=60)
        teacher.create_class(["Ana", "Luis"], name="5B")
        shown = teacher.teach(exercise="03/king-escape")
        assert shown["title"] == "The king escapes" and shown["board"]["game"] == "brandubh"
        class_seat = shown["board"]["seat"]
        moves = [action["text"] for action in shown["board"]["actions"]]
        quiet = "c7-c6"                 # the king steps down, missing the corner: the game goes on
        assert quiet in moves
        moved = teacher.play_on(quiet)
        # the defender has answered: the class is to move again
        assert moved["version"] == 2 and moved["board"]["seat"] == class_seat and moved["open"]
        games = {game["name"]: game for game in teacher.games()}
        assert {"id": "03/king-escape", "title": "The king escapes"} in games["brandubh"]["exercises"]
        assert games["brandubh"]["positions"] and not games["pokerdrez"]["positions"]
        assert games["pokerdrez"]["strongest"] and games["pokerdrez"]["levels"]

        # a teacher position, and the refusals in words
        position = "...K...\n.......\n.......\n.......\n.......\n.......\n.a....."
        placed = teacher.teach("brandubh", position=position)
        assert placed["version"] == 0 and placed["board"]["actions"]
        for bad, code in (({"game": "pokerdrez", "position": "anything"}, "no-positions"),
                          ({"game": "brandubh", "position": "not a board"}, "bad-position"),
                          ({"exercise": "03/no-such-exercise"}, "bad-exercise"),
                          ({"exercise": "99/king-escape"}, "bad-exercise"),
                          ({"game": "no-such-game"}, "bad-game")):
            with pytest.raises(ClassroomError) as refused:
                teacher.teach(**bad)
            assert refused.value.code == code, bad
        assert teacher.teaching()["version"] == 0     # type: ignore[index]  # the refusals changed nothing


def test_the_teacher_plays_a_simultaneous_display_and_restarts_a_board(tmp_path: Path) -> None:
    with class_server(tmp_path) as server:
        teacher = Teacher(server.url, server.secret, timeout=60)
        codes = teacher.create_class(["Ana", "Luis"], name="5B")
        tables = teacher.simul("pokerdrez", seat=0, seed=4)
        assert len(tables) == 2
        lines = {line["id"]: line for line in teacher.tables()}
        assert [lines[table]["seats"] for table in tables] == [["Teacher", "Ana"], ["Teacher", "Luis"]]
        assert all(lines[table]["teacher_seat"] == 0 for table in tables)
        ana = connect(server.url, codes["Ana"])
        try:
            at_ana = ana.table(tables[0])
            assert at_ana.seat == 1
            mine = teacher.spectate(tables[0])
            assert mine.seat == 0
            game = new("pokerdrez", seed=4)
            if game.to_move == 1:      # Ana starts: she moves first
                at_ana.play(at_ana.legal_actions()[0])
                mine.wait_for_change(10)
            assert mine.my_turn and mine.legal_actions()
            for _ in range(10):             # the teacher's turn (a turn may take several actions)
                mine.play(mine.legal_actions()[0])
                if not mine.my_turn:
                    break
            assert _until(lambda: at_ana.my_turn) and mine.version > 0
            with pytest.raises(ClassroomError) as refused:     # not the teacher's turn now
                teacher.play(tables[0], mine.board["actions"][0]["text"] if mine.board["actions"] else "pass")
            assert refused.value.code in ("not-your-turn", "illegal")
            with pytest.raises(ClassroomError) as elsewhere:
                teacher.play(tables[1] + 100, "pass")
            assert elsewhere.value.code == "no-table"

            again = teacher.restart(tables[0])
            line = next(line for line in teacher.tables() if line["id"] == again)
            assert line["seats"] == ["Teacher", "Ana"] and line["plies"] == 0
            assert _until(lambda: any(table.id == again for table in ana.tables()))
        finally:
            ana.close()
            teacher.close()


def test_what_a_pupil_is_sent_and_hostile_answers(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            _, codes = server.room.create_class("5B", ["Ana", "Luis"])
            _, other = server.room.create_class("6A", ["Eva"])
            teaching = await server.teaching.start("pokerdrez", seed=8, class_id=1)
            ana, eva, watcher = await Raw.open(server), await Raw.open(server), await Raw.open(server)
            await ana.login(codes["Ana"])
            await eva.login(other["Eva"])
            await watcher.send({"type": "hello", "secret": SECRET})
            shown = (await ana.wait_for(lambda m: m["type"] == "teaching"))["teaching"]
            assert shown["id"] == teaching.number and shown["board"]["table"] == "teaching"
            # another class's pupil is shown nothing of it
            await eva.wait_for(lambda m: m["type"] == "tables")
            assert [m["teaching"] for m in eva.messages if m["type"] == "teaching"] == [None]
            # only the seat to move's own view: the same as the game's view for that seat
            seat = teaching.game.to_move
            assert shown["board"]["observation"] == teaching.game.view(seat).to_dict()
            assert "seed" not in json.dumps(shown)

            text = shown["board"]["actions"][0]["text"]
            for bad, code in (({"teaching": 99, "version": 0, "action": text}, "no-teaching"),
                              ({"teaching": shown["id"], "version": 5, "action": text}, "stale"),
                              ({"teaching": shown["id"], "version": 0, "action": "no such move"}, "illegal"),
                              ({"teaching": shown["id"], "version": 0, "action": ["list"]}, "illegal"),
                              ({"teaching": shown["id"], "version": "0", "action": text}, "stale")):
                since = len(ana.messages)
                await ana.send({"type": "suggest", **bad})
                assert (await ana.wait_for(lambda m: m["type"] == "error", since))["code"] == code, bad
            assert teaching.answers == {}
            since = len(eva.messages)
            await eva.send({"type": "suggest", "teaching": shown["id"], "version": 0, "action": text})
            assert (await eva.wait_for(lambda m: m["type"] == "error", since))["code"] == "no-teaching"
            await watcher.wait_for(lambda m: m["type"] == "teaching")
            await watcher.send({"type": "suggest", "teaching": shown["id"], "version": 0, "action": text})
            assert (await watcher.wait_for(lambda m: m["type"] == "error"))["code"] == "watcher"
            assert teaching.answers == {}

            # a good answer: Ana and the teacher hear of it, Eva does not
            before = len(eva.messages)
            await ana.send({"type": "suggest", "teaching": shown["id"], "version": 0, "action": text})
            mine = await ana.wait_for(lambda m: m["type"] == "teaching" and m["teaching"]["answer"] == text)
            assert mine["teaching"]["counts"] == []
            counted = await watcher.wait_for(lambda m: m["type"] == "teaching" and m["teaching"]["answered"] == 1)
            assert counted["teaching"]["counts"][0]["names"] == ["Ana"]
            assert len(eva.messages) == before
    run_in_own_loop(scenario())


def test_the_teachers_seat_is_kept_when_the_server_starts_again(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'class.db'}")
    room = Room(store)
    room.create_class("5B", ["Ana", "Luis"])
    tables = room.open_simul("pokerdrez", seat=1, seed=2)
    assert [table.teacher_seat for table in tables] == [1, 1]
    with pytest.raises(ClassroomError):
        room.open_simul("pokerdrez", pupils=["Ana", "Nobody"])
    assert len(room.tables) == 2          # a mistake opens none of the tables
    store.close()
    again = Room(Store(f"sqlite:///{tmp_path / 'class.db'}"))
    assert [(table.teacher_seat, [seat.label() for seat in table.seats]) for table in again.tables.values()] == [
        (1, ["Ana", "Teacher"]), (1, ["Luis", "Teacher"])]
    again.store.close()


def test_the_class_page_prints_the_login_cards_and_a_pupil_cannot(tmp_path: Path) -> None:
    import urllib.error
    import urllib.request

    from pypdf import PdfReader
    with class_server(tmp_path) as server:
        teacher = Teacher(server.url, server.secret, timeout=60)
        codes = teacher.create_class(["Ana", "Begoña"], name="5B")
        class_id = teacher.classes()[-1]["id"]

        def fetch(path: str, secret: str) -> tuple[int, bytes, str]:
            request = urllib.request.Request(f"{server.url}{path}", headers={"Authorization": f"Bearer {secret}"})
            try:
                with urllib.request.urlopen(request, timeout=20) as answer:
                    return answer.status, answer.read(), answer.headers["Content-Type"]
            except urllib.error.HTTPError as error:
                return error.code, error.read(), error.headers["Content-Type"]

        status, data, kind = fetch(f"/api/classes/{class_id}/cards?lang=es", server.secret)
        assert status == 200 and kind == "application/pdf"
        (tmp_path / "cards.pdf").write_bytes(data)
        text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "cards.pdf").pages)
        assert all(name in text and code in text for name, code in codes.items())
        assert server.url.removeprefix("http://") in text and "código" in text.lower()
        assert fetch(f"/api/classes/{class_id}/cards", codes["Ana"])[0] == 403
        status, data, _ = fetch(f"/api/classes/{class_id + 5}/cards", server.secret)
        assert status == 404 and json.loads(data)["error"] == "unknown-class"
