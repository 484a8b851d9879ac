"""Abyss's one undo idiom, typed actions and phases, the untied words, the fast random
action, and records written before them (issue 24).

The records below were written by the code before issue 24 (the actions' data were plain
tuples and the undo record a hand-written NamedTuple); they must load and replay to the
same state, and write back the same record.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from drezlab.games.abyss import Abyss
from drezlab.games.abyss.actions import (
    BLACK,
    FIRST,
    WHITE,
    Choose,
    Phase,
    Place,
    PushMove,
    TakeColour,
)

OLD_RECORDS = {
    'seeded': (
        '{"actions":["w@d2","b@d3","w@e1","w@e4","w@e2","b@a4","b@c3","b@d4","b@a3","w@c5","w@d1","b@e3","fir'
        'st","black","e4-a4","e3-e1","d1-e1","d3-d1","a4-a1","d1-a1","e1-a1","c3-c5"],"chance":{"kind":"seede'
        'd","seed":11},"game":"abyss","kind":"game","options":{"placer":null,"position":null,"to_move":"white'
        '"},"seed":11,"state":{"board":"..b../...../...../...../w....","colours":["white","black"],"first":0,'
        '"outcome":{"payoffs":[0,0],"reason":"no push left","scores":[0.5,0.5],"winners":[]},"phase":"play","'
        'placer":1,"seat":0},"version":1}'
    ),
    'placer1': (
        '{"actions":["w@d1","w@b2","w@c2","b@b1","w@e3","w@e5","w@b5","b@a3","b@c1","b@b3","b@d3","b@e4","col'
        'our","black","e3-c3","b3-e3","b5-b2","c1-c5","e5-a5","a3-a5"],"chance":{"kind":"seeded","seed":4},"g'
        'ame":"abyss","kind":"game","options":{"placer":1,"position":null,"to_move":"white"},"seed":4,"state"'
        ':{"board":"b..../....b/....b/.w.../.w.w.","colours":["black","white"],"first":1,"outcome":{"payoffs"'
        ':[0,0],"reason":"no push left","scores":[0.5,0.5],"winners":[]},"phase":"play","placer":1,"seat":1},'
        '"version":1}'
    ),
    'teacher': (
        '{"actions":["a3-e3","d2-d5","c5-e5"],"chance":{"kind":"seeded","seed":671203104793094017},"game":"ab'
        'yss","kind":"game","options":{"placer":null,"position":"..b../.w.b./b.w../...w./..b..","to_move":"bl'
        'ack"},"seed":null,"state":{"board":"....b/.w.../....b/...../..b..","colours":["white","black"],"firs'
        't":1,"outcome":{"payoffs":[-2,2],"reason":"no push left","scores":[0.0,1.0],"winners":[1]},"phase":"'
        'play","placer":0,"seat":0},"version":1}'
    ),
}


@pytest.mark.parametrize("name", sorted(OLD_RECORDS))
def test_records_written_before_issue_24_load_and_replay_identically(name: str) -> None:
    record = OLD_RECORDS[name]
    game = Abyss.from_json(record)
    assert game.to_json() == record


def test_actions_carry_typed_data_read_by_name() -> None:
    game = Abyss(placer=0)
    first = game.legal_actions()[0]
    assert first.data == Place(colour=WHITE, square=0) and first.text == "w@a1"
    for square in ("a1", "b1", "c1", "a2", "b2", "c2"):
        game.play(f"w@{square}")
    for square in ("c3", "d3", "e3", "d4", "e4", "c5"):
        game.play(f"b@{square}")
    assert {action.data for action in game.legal_actions()} == {Choose(FIRST), Choose("colour")}
    game.play("first")
    assert [action.data for action in game.legal_actions()] == [TakeColour(WHITE), TakeColour(BLACK)]
    game.play("black")                                        # the placer takes Black: White moves first
    pushes = [action.data for action in game.legal_actions()]
    assert pushes and all(isinstance(data, PushMove) for data in pushes)
    assert game.parse("c2-c4").data == PushMove(frm=7, direction=2, to=17)


def test_phases_are_an_enum_equal_to_their_strings() -> None:
    game = Abyss(placer=1)
    assert game.phase is Phase.PLACE and game.phase == "place"
    assert game.view(None).public["phase"] == "place" and type(game.view(None).public["phase"]) is str
    assert Abyss.from_text("wb.../...../...../...../.....").phase == "play"




def test_words_do_not_import_the_rules() -> None:
    """words.py reads the game through a Protocol: no import of game.py (no import cycle)."""
    tree = ast.parse((Path(__file__).parents[1] / "drezlab/games/abyss/words.py").read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not any(name and name.startswith("drezlab.games.abyss.game") for name in imported)
    assert not any(isinstance(node, ast.ImportFrom) and node.module == "drezlab.games.abyss"
                   and any(alias.name == "game" for alias in node.names) for node in ast.walk(tree))
