"""The card-chess family's typed actions (issue 24): every action of PokerDrez and
PokerDrez for 4 carries one of the small immutable types of
``drezlab.kits.cardchessactions`` (or PokerDrez's own, ``drezlab.games.pokerdrez.actions``),
keeping the layout of the plain tuples of before (``data[0]`` is the kind's word), and
no module of the family indexes ``Action.data`` by position."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from drezlab.games.pokerdrez.actions import Accept, KeepPawns, Raise, Refuse, RemovePawn
from drezlab.games.pokerdrez.game import PokerDrez
from drezlab.games.pokerdrez4.game import PokerDrez4
from drezlab.kits.cardchessactions import ChessMove, Claim, Exchange, Return, Roll, Stop

LAYER = (ChessMove, Return, Roll, Exchange, Stop, Claim)
OWN = (RemovePawn, KeepPawns, Raise, Accept, Refuse)
ROOT = Path(__file__).parents[1] / "drezlab"


def kinds_seen(game: PokerDrez | PokerDrez4, seed: int, plies: int = 300) -> set[type]:
    rng, seen = random.Random(seed), set()
    for _ in range(plies):
        if game.is_over:
            break
        actions = game.legal_actions()
        for action in actions:
            assert type(action.data) in LAYER + OWN, action
            assert action.data[0] == action.data.kind and tuple(action.data) == action.data
        seen |= {type(action.data) for action in actions}
        game.play(actions[rng.randrange(len(actions))])
    return seen


def test_every_action_is_typed_and_keeps_the_old_layout() -> None:
    seen: set[type] = set()
    for seed in range(4):
        seen |= kinds_seen(PokerDrez(seed=seed, decks=1, betting=(1, 5), draw_claims="claim"), seed)
        seen |= kinds_seen(PokerDrez(seed=seed), seed)
        seen |= kinds_seen(PokerDrez4(seed=seed, decks=1), seed, 150)
    assert {ChessMove, Return, Roll, Exchange, RemovePawn, KeepPawns, Raise, Accept} <= seen


def test_typed_actions_read_by_name() -> None:
    game = PokerDrez(seed=1, pawn_removal=False)
    move = next(action for action in game.legal_actions() if isinstance(action.data, ChessMove))
    assert move.data.source.id == move.text.split(":")[0] and game.chess_move(move) == game.chess_move(move.text)
    assert move.data == ("move", move.data.source, move.data.key)
    assert PokerDrez(seed=1).parse("remove e7").data == RemovePawn("remove", 52)


def test_no_positional_data_indexing_in_the_family() -> None:
    files = [*ROOT.glob("kits/cardchess*.py"), *(ROOT / "games/pokerdrez").glob("*.py"),
             *(ROOT / "games/pokerdrez4").glob("*.py")]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute):
                assert node.value.attr != "data", f"{path.name}:{node.lineno} indexes .data by position"
