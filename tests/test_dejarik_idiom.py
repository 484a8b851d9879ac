"""Dejarik's one undo idiom, typed actions and phases, the untied words, the fast random
action, and records written before them (issue 24); the last two tests check the undo
record and the random action of Abyss and Courtier too.

The records below were written by the code before issue 24 (the actions' data were plain
tuples and the undo record a hand-written NamedTuple); they must load and replay to the
same state (dice included), and write back the same record.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from drezlab.core.chance import Scripted
from drezlab.core.game import Game
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.games.abyss.game import Abyss, AbyssState
from drezlab.games.courtier.game import Courtier, CourtierState
from drezlab.games.dejarik.actions import PASS, Attack, Kind, Move, Phase, Place, Push
from drezlab.games.dejarik.game import Dejarik, DejarikState, destinations, paths
from drezlab.kits.ring import CELLS, TEXT_INDEX
from drezlab.testing import random_plies

OLD_RECORDS = {
    'seeded': (
        '{"actions":["place savrip o10","place monnok o0","place ghhhk o1","place houjix o11","place strider '
        'o4","place ngok o5","place klor o7","place molatar o6","o1-i2","i2-c","o6-i5","o7-i6","pass","c-i8",'
        '"pass","o4-c","o10-i11","o0-i2","c-o3","i6-c","i11-i1","i1-o2","c-o7","i5-o6","i2-i7","o2-i1","o6-c"'
        ',"o7xi7","i1xc","i8-i2","pass","o3-i5","o11-o10","i1-o0","o7-o9","o9-i8","pass","i2-o3","i5-i0","i0-'
        'i3","o10-o9","o0-o2","o5-o6","i8-o7","o9-o8","o3-i4","o6-i6","pass","i4-c","o2-o0","i6-i7","i3-o5","'
        'cxi7","o8-o9","o5-i3","i3-o1","o0-i1","i1-i3","o7-i8","o1-o10","o9xo10","i3-i1","i7-i6","o10-c","pas'
        's","i1-o0","c-o1","i8-i10","o0-o10","o10-o8","i10-i8","i8-c","pass","o8-i9","o1-o10","pass","pass","'
        'i9-i7","c-i8","i8-i2","i7-c","cxi6","push i7","i7xc","pass","c-o9","o9-i10","i2-o3","o10-i0","i10-o1'
        '1","o11-o9","i0-i9","i9-i2","pass","o9-o7","i2-c","c-i5","o7-o5","pass","o3-o1","i5-o7","o5-c","c-o3'
        '","o1-o11","o7-i1","o3-o5","pass","o11-c","c-o4","o5-o7","o7-c","o4-o6","o6-i7","c-o6","o6-o4","i7-o'
        '8","pass","o4-o2","o2-c","i1-o11","o11-i1","c-o4","o4-o2","o8-o6","o6-o8","o2-i3","i3-c","i1-i4","o8'
        '-o10","c-i3","i3-i9","o10-o8","i4-o6","i9-i3","i3-i5","o8-o10","o10-i9","i5-i7","pass","i9-o10","o10'
        '-c","i7xc","push i10","i7-i9","i10-o11","o11-o1","i9-i11","i11-o10","o6-i4","o1-c","o10-i11","pass",'
        '"c-o2","o2-i1","i11-i9","i9-o10","pass","i4-i7","o10-i11","i11-i9"],"chance":{"kind":"seeded","seed"'
        ':5},"game":"dejarik","kind":"game","options":{"odds":true,"placement":"choose","position":null,"rand'
        'om_split":false,"to_move":"south"},"seed":5,"state":{"actions_left":2,"cells":["","","s:klor","","",'
        '"","","","s:strider","","n:savrip","","","","","","","","","","","","","",""],"events":[["move","sav'
        'rip","I11","I10","I9"]],"first":1,"outcome":null,"owner":[1,1,1,1,0,0,0,0],"phase":"act","push":null'
        ',"quiet":37,"removed":["monnok","molatar","ghhhk","houjix","ngok"],"removed_this_turn":false,"seat":'
        '0,"to_place":[]},"version":1}'
    ),
    'split_fixed': (
        '{"actions":["o10-c","c-i4","o7-c","o4xi4","push i3","i3-i6","o1-o3","c-i3","i3xo3","o11-i0","i0-c","'
        'pass","i3xc","i6-c","c-i2","o4-i5","i5-i7","i2-i9","i9-i4","i3-i9","i9-o10","o0-o1","i4-c","o10-i11"'
        ',"i7-i9","c-i7","i7-c","o5-i7","i11-o10","c-o4","o1-i1","i9-i3","i3-i5","pass","i1-i2","o6-o5","o10-'
        'i11","i2-i3","pass","i7-i0","i11-i9","o4-i2","i2-o4","i0-o6","o6-c","i3xc","push i4","i4-i3","cxi3",'
        '"push i1","pass","i3-c","c-i8","i9-o8","o8-o10","o4-i10","i10-i3","o10-i9","pass","i8-i7","i7-i8","i'
        '5-o4","i9-i11","i3-i10","i8-o8","i1-i6","i11-o10","o8-o7","i10xo10","i6-o0","pass","o7-o6","i10-i7",'
        '"o4-o2","o0-i2","i7-i0","pass","o2-i1","i1-o2","o6-i6","i0-i7","pass","o2-i1","i7-c","c-i3","i2xi3",'
        '"i1-i7","i6-o6","o6xo5","i7-o8"],"chance":{"kind":"seeded","seed":8},"game":"dejarik","kind":"game",'
        '"options":{"odds":true,"placement":"fixed","position":null,"random_split":true,"to_move":"south"},"s'
        'eed":8,"state":{"actions_left":1,"cells":["","","","","n:monnok","","","","","","","","","","","",""'
        ',"","s:ngok","","","s:savrip","","",""],"events":[["move","savrip","I7","I8","O8"]],"first":1,"outco'
        'me":null,"owner":[0,1,1,1,0,0,0,1],"phase":"act","push":null,"quiet":0,"removed":["molatar","ghhhk",'
        '"klor","strider","houjix"],"removed_this_turn":false,"seat":0,"to_place":[]},"version":1}'
    ),
    'finished': (
        '{"actions":["o1-o3","o10-i8","o5-i11","i11-i2","o0-i11","o11-o10","o4-i5","i5-i3","o3-o1","pass","o6'
        '-i7","i3-o2","i11-i1","i8-c","i2xi1","i2-o4","o1-i2","o10-o11","i7xc","pass","i2xo2","push i1","c-i1'
        '0","o2-i3","pass","i1-i7","i10-o0","o4-i6","i6-i11","i7-i1","o0-o3","o7-i7","i11-c","o11-o0","o0-i0"'
        ',"cxi1","c-o10","o3-o0","pass","i7-i8","i3-o2","i0-c","o0-i2","o2xi2","push o1","i8-i9","i2-i11","i1'
        '1-i2","pass","pass","c-i0","pass","o10-c","c-o5","i0-o0","i2-o8","o5-i7","o1xo0","o0-o1","o8-i2","pa'
        'ss","i7-o5","i2-i11","i11-i4","o5-o2","o2-o5","i4-i1","i1-i4","o5-i3","i9-o9","i4xi3","o1-i1","i3-o1'
        '","o9-o10","i1-i2","i2-c","o10-o9","o9-o8","c-i8","i8-i7","pass","o1-o10","i7-o7","o7-i7","o10-i8","'
        'i8-o10","pass","i7-i6","o10-i0","i0-i5","i6-i7","i7-i6","i5-c","c-o10","i6-i7","i7-o7","o8-o9","o9-o'
        '8","o7-o6","o6-o5","o8-i8","i8-i7","pass","o5-o6","o10-o1","i7-o7","o6-o5","pass","pass","o1-o4","pa'
        'ss","pass","o4xo5"],"chance":{"kind":"seeded","seed":100},"game":"dejarik","kind":"game","options":{'
        '"odds":true,"placement":"fixed","position":null,"random_split":false,"to_move":"south"},"seed":100,"'
        'state":{"actions_left":2,"cells":["","","","","","","","","","","","","","","","","","","n:ngok","",'
        '"s:houjix","","","",""],"events":[["attack","O4","O5",[1,1,3,6,4,3],[2,6,6,4,5,4,5,3],"mortal defenc'
        'e"],["removed","O4","monnok"],["duel","houjix","ngok",[2,1,6,5],[3,2,1,3,6,6,1,6]]],"first":1,"outco'
        'me":{"payoffs":null,"reason":"duel","scores":[0.0,1.0],"winners":[1]},"owner":[0,0,0,0,1,1,1,1],"pha'
        'se":"act","push":null,"quiet":0,"removed":["klor","ghhhk","molatar","savrip","strider","monnok"],"re'
        'moved_this_turn":true,"seat":0,"to_place":[]},"version":1}'
    ),
}


@pytest.mark.parametrize("name", sorted(OLD_RECORDS))
def test_records_written_before_issue_24_load_and_replay_identically(name: str) -> None:
    record = OLD_RECORDS[name]
    assert Dejarik.from_json(record).to_json() == record


def test_actions_carry_typed_data_that_keep_the_old_layout() -> None:
    game = Dejarik(seed=5)
    assert game.phase is Phase.PLACE and game.phase == "place"
    assert all(isinstance(action.data, Place) for action in game.legal_actions())
    game = Dejarik(position="s:molatar@i5 s:houjix@o0 n:ngok@i6 n:strider@o3", to_move="south")
    assert game.phase == Phase.ACT and game.view(0).public["phase"] == "act"
    kinds = {type(action.data) for action in game.legal_actions()}
    assert kinds == {Move, Attack, type(PASS)}
    attack = game.parse("i5xi6").data
    assert attack == Attack(Kind.ATTACK, frm=TEXT_INDEX["i5"], to=TEXT_INDEX["i6"])
    # the layout of before: the kind first (lesson 12 reads ``action.data[0] == "move"``)
    assert attack == ("attack", TEXT_INDEX["i5"], TEXT_INDEX["i6"]) and attack[0] == "attack"
    assert game.parse("pass").data == ("pass",)


def test_a_push_is_typed() -> None:
    # Molatar (8 dice) on Ng'ok (8 dice): the attacker wins by 1 to 6 and pushes, with a choice
    game = Dejarik(position="s:molatar@i5 s:houjix@o0 n:ngok@i6 n:strider@o3", to_move="south",
                   chance=Scripted([4] * 8 + [4] * 7 + [1]))
    game.play("i5xi6")
    assert game.phase == Phase.PUSH
    assert all(isinstance(action.data, Push) and action.data.pushed == TEXT_INDEX["i6"]
               for action in game.legal_actions())




def test_clear_paths_by_masks_agree_with_the_paths() -> None:
    rng = random.Random(2)
    for _ in range(300):
        board = [rng.choice((0, 0, 0, 1)) for _ in range(CELLS)]
        start, steps = rng.randrange(CELLS), rng.choice((1, 2, 3))
        by_paths = sorted({path[-1] for path in paths(start, steps) if not any(board[cell] for cell in path)})
        assert destinations(board, start, steps) == by_paths


def test_words_do_not_import_the_rules() -> None:
    """words.py gets what it needs as arguments: no import of game.py (no import cycle)."""
    tree = ast.parse((Path(__file__).parents[1] / "drezlab/games/dejarik/words.py").read_text())
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    modules |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert "drezlab.games.dejarik.game" not in modules


#: the three games of this part of issue 24: a seeded game, its undo record, how long to play
GAMES: dict[str, tuple[Callable[[int], Game], type[AttributeSnapshot], int]] = {
    "abyss": (lambda seed: Abyss(seed=seed), AbyssState, 30),
    "courtier": (lambda seed: Courtier(seed=seed), CourtierState, 120),
    "dejarik": (lambda seed: Dejarik(seed=seed, random_split=seed % 2 == 1), DejarikState, 150),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_undo_restores_the_declared_state_exactly(name: str) -> None:
    """Abyss, Courtier and Dejarik: each undo gives back the declared state of before."""
    make, state, limit = GAMES[name]
    rng = random.Random(4)
    for seed in range(6):
        game = make(seed)
        states = [state.of(position) for position in random_plies(game, rng, limit)]
        states.pop()
        while game.history:
            game.undo()
            assert state.of(game) == states.pop()
        assert game.outcome is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_action_draws_as_the_base_class_does_without_making_every_action(name: str) -> None:
    """Abyss, Courtier and Dejarik: the same generator state gives the same action (text,
    targets, label, data) as ``Game.random_action``, which picks from the whole list, so
    seeded random games are those of before."""
    make, _, limit = GAMES[name]
    for seed in range(8):
        game = make(seed)
        mine, theirs = random.Random(seed), random.Random(seed)
        while not game.is_over and len(game.history) < limit:
            expected = Game.random_action(game, theirs)
            game._invalidate()
            chosen = game.random_action(mine)
            assert (chosen, chosen.targets, chosen.label, chosen.data) == (
                expected, expected.targets, expected.label, expected.data)
            game.play(expected)
