"""Nothing hidden travels: random games of all twenty games played by clients through the
class server over real websockets; no message sent to seat A holds an id that ``view(A)``
does not hold, and the watcher's messages hold nothing hidden from the spectator.

The server's own game is the truth: after each move (and before the next) the ids hidden
from each seat now are ``drezlab.core.face.hidden_ids(game, seat)`` less those its own
``view(seat)`` names; the board message
made at that position for that seat must not name any of them -- not in its picture, its
observation, its actions, its log or its status. Names are compared as whole tokens, so a
card ``P5`` is found in ``data-id="P5"``, ``"P5"`` or ``P5:e2e4``.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from classroom_inprocess import SECRET, Raw, run_in_own_loop, running
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from drezlab.core.cards import UNKNOWN_ID
from drezlab.core.face import hidden_ids
from drezlab.core.registry import specs

GAMES = sorted(name for name, spec in specs().items() if spec.cls().__module__.startswith("drezlab.games."))
#: plies played per random game (the opening deals and the first turns, where most is hidden)
PLIES = 24
TOKEN = re.compile(r"[A-Za-z0-9_@]+")


def test_every_game_is_checked() -> None:
    assert len(GAMES) == 20


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for key, item in value.items() for text in _strings(key) + _strings(item)]
    if isinstance(value, (list, tuple)):
        return [text for item in value for text in _strings(item)]
    return []


def leaked(message: dict[str, Any], secret: set[str], secret_before: set[str] | None = None) -> set[str]:
    """The secret ids that ``message`` names anywhere, as whole tokens. The newest line of
    the move log says what the last action did, so it may name a card public before it (a
    tile taken back from the table into the hand) or after it (a card played face up): it
    leaks only an id secret both before (``secret_before``) and now. Older lines are not
    checked again: a line named a card when it was public (a card shown at a showdown goes
    back into the deck for the next hand)."""
    now = {key: value for key, value in message.items() if key != "log"}
    tokens = {token for text in _strings(now) for token in TOKEN.findall(text)}
    newest = {token for line in message.get("log", [])[-1:] for token in TOKEN.findall(line)}
    return (tokens & secret) | (newest & secret & (secret if secret_before is None else secret_before))


def test_the_leak_finder_finds_ids_in_every_place_a_message_holds_them() -> None:
    assert leaked({"svg": '<g data-id="Q5b">'}, {"Q5b"}) == {"Q5b"}
    assert leaked({"actions": [{"text": "P5:e2e4"}]}, {"P5"}) == {"P5"}
    assert leaked({"observation": {"zones": {"hand": {"ids": ["J3"]}}}}, {"J3"}) == {"J3"}
    assert leaked({"log": ["White played Q5"], "status": ""}, {"Q5b"}) == set()
    assert leaked({"log": ["Player 1: Show N8", "Player 2: Fold"]}, {"N8"}) == set()
    assert leaked({"log": ["Player 2: Fold", "Player 1: Show N8"]}, {"N8"}) == {"N8"}
    assert leaked({"log": ["Player 1: B6b to the hand"]}, {"B6b"}, secret_before=set()) == set()
    assert leaked({"log": ["Player 1: B6b to the hand"]}, {"B6b"}, secret_before={"B6b"}) == {"B6b"}


async def play_randomly(folder: Path, game: str, seed: int, rng: random.Random) -> int:
    """One random game through the server; returns the number of boards checked."""
    async with running(folder) as server:
        players = specs()[game].cls()(seed=seed).players
        names = [f"Pupil {index + 1}" for index in range(players)]
        _, codes = server.room.create_class("Test", names)
        table = server.room.open_table(game, names, seed=seed)
        sockets = []
        for name in names:
            sock = await Raw.open(server)
            await sock.login(codes[name])
            sockets.append(sock)
        watcher = await Raw.open(server)
        await watcher.send({"type": "hello", "secret": SECRET})
        checked = 0
        before: dict[int | None, set[str]] = {}
        for _ in range(PLIES + 1):
            version = table.version
            game_now = table.game
            for seat, sock in enumerate([*sockets, watcher]):
                viewer = None if sock is watcher else seat
                board = await sock.board_at(table.id, version)
                # hidden from the seat now, and not named by its own view (a card just played
                # into a face-down discard is named by the view's ``last``)
                view_tokens = set(TOKEN.findall(game_now.view(viewer).to_json()))
                secret = hidden_ids(game_now, viewer) - {UNKNOWN_ID} - view_tokens
                found = leaked(board, secret, before.get(viewer))
                before[viewer] = secret
                assert not found, f"{game}: seat {viewer} was sent hidden {sorted(found)} at ply {version}"
                checked += 1
            if game_now.is_over:
                break
            seat = game_now.to_move
            board = sockets[seat].last_board(table.id)
            assert board["version"] == version and board["actions"], f"{game}: seat {seat} has no actions"
            text = rng.choice(board["actions"])["text"]
            await sockets[seat].send({"type": "act", "table": table.id, "version": version, "action": text})
            await sockets[seat].board_at(table.id, version + 1)
        for sock in [*sockets, watcher]:
            assert not any(m["type"] == "error" for m in sock.messages), f"{game}: an error was sent"
            await sock.close()
        return checked


@pytest.mark.slow  # 15 of its 20 games take 10 to 57 s on two busy cores
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=2, deadline=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), choices=st.randoms(use_true_random=False))
def test_no_message_to_a_seat_names_what_it_may_not_see(tmp_path_factory: pytest.TempPathFactory, game: str,
                                                        seed: int, choices: random.Random) -> None:
    folder = tmp_path_factory.mktemp(game)
    checked = run_in_own_loop(play_randomly(folder, game, seed, choices), 300)
    assert checked >= 2
