"""Courtier's one undo idiom, typed actions, the fast random action, and records written
before them (issue 24).

The records below were written by the code before issue 24 (the actions' data were plain
tuples and the undo record a hand-written NamedTuple); they must load and replay to the
same state, and write back the same record.
"""

from __future__ import annotations

import random

import pytest

from drezlab.games.courtier.game import Courtier, Move, capture_options
from drezlab.kits.ring import TEXT_INDEX
from drezlab.testing import random_plies

OLD_RECORDS = {
    'seeded': (
        '{"actions":["o1-i1","o5-i5","i1-i2","o4-i4","o10-i10","i4-c","i2-i3","c-i2","i3-i4","o3-o4","o2-o1",'
        '"i5-i6","o11-o10","i2-i1","i10-i9","o6-o5","o1-o2","i6-i7","i9-i10","i1-o1","i4-i5","o4-o3xo2","i10-'
        'i9","i7-i6","i9-c","o3-o2","c-i8","i6-cxi5","o0-o11","c-i10","o11-i11","o2-i2","i8-i9xi10"],"chance"'
        ':{"kind":"seeded","seed":3},"game":"dejarik-courtier","kind":"game","options":{"position":null,"to_m'
        'ove":"south"},"seed":3,"state":{"cells":["","","","s:guard","","","","","","","n:guard","","n:guard"'
        ',"","s:guard","","","","s:guard","","s:guard","s:guard","n:guard","n:king",""],"last":[9,10],"outcom'
        'e":{"payoffs":null,"reason":"king captured","scores":[0.0,1.0],"winners":[1]},"quiet":0,"seat":0,"ta'
        'ken":[11]},"version":1}'
    ),
    'teacher': (
        '{"actions":["o8-o7","o3-o4","o7-i7","o0-i0","i7-c","o5-i5","c-i11","i0-i1","i11-i0","i5-i6","i4-c","'
        'i1-i2","c-i4","i2-i3","i0-o0","o4-o3","i4-o4","i6-c","o4-i4","c-i1","o0-o1","i1-i2","i4-i5","o3-o2",'
        '"i5-i6","i3-o3","i6-o6","i2-i3","o6-o7","i3-i4","o1-o0","i4-o4","o7-o8","o4-i4","o8-o7","i4-o4","o0-'
        'o1","o2-i2","o1-o0","i2-c","o0-o1","c-i5","o1-o2","i5-o5","o7-o6","o3-i3","o6-i6","i3-c","i6-i7","o4'
        '-o3"],"chance":{"kind":"seeded","seed":2787064183234774674},"game":"dejarik-courtier","kind":"game",'
        '"options":{"position":"s:guard@i4 n:king@o0 n:guard@o3 n:guard@o5 s:king@o8","to_move":"south"},"see'
        'd":null,"state":{"cells":["n:king","","","","","","","","s:guard","","","","","","","s:king","n:guar'
        'd","","n:guard","","","","","",""],"last":[17,16],"outcome":{"payoffs":null,"reason":"50 turns witho'
        'ut a capture","scores":[0.5,0.5],"winners":[]},"quiet":50,"seat":0,"taken":[]},"version":1}'
    ),
}


@pytest.mark.parametrize("name", sorted(OLD_RECORDS))
def test_records_written_before_issue_24_load_and_replay_identically(name: str) -> None:
    record = OLD_RECORDS[name]
    assert Courtier.from_json(record).to_json() == record


def test_actions_carry_a_typed_move_read_by_name() -> None:
    game = Courtier(position="s:guard@i4 s:king@o8 n:guard@o3 n:guard@o5 n:king@o0", to_move="south")
    for action in game.legal_actions():
        assert isinstance(action.data, Move)
        assert action.text.startswith(f"{action.targets[0].lower()}-{action.targets[1].lower()}")
    quiet = game.parse("o8-o7").data
    assert quiet == Move(frm=TEXT_INDEX["o8"], to=TEXT_INDEX["o7"], removed=())




def test_capture_options_on_a_board_agree_with_the_legal_captures() -> None:
    rng = random.Random(9)
    for seed in range(10):
        for game in random_plies(Courtier(seed=seed), rng, 150):
            seat = game.to_move
            for action in game.legal_actions():
                move = action.data
                board = list(game.board)
                board[move.to], board[move.frm] = board[move.frm], None
                found = {removed for _, removed in capture_options(board, seat, move.to)}
                assert (move.removed in found) if move.removed else not found
