"""Property tests for EDAMI (DESIGN.md, Testing) beyond the conformance suite, which
plays only the option sets of the metadata: seeded random games with random decks
and options never raise; after every action the position is legal (D25: the side that
just moved is not left in check under the active effect, no pawn on rank 1 or 8),
cards are conserved; at random steps JSON round-trips, ``undo`` restores the game byte
for byte, and illegal input changes nothing; views never show a face-down card.

Hypothesis runs derandomized; each example is a seed plus options and a deck drawn from
the default deck's specs, and the moves come from a ``random.Random`` seeded from the example.
"""

from __future__ import annotations

import random

import chess
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drezlab import BadRecord, IllegalAction
from drezlab.games.edami import Edami, EdamiDeck
from drezlab.games.edami.moves import in_check

SPECS = sorted({spec.text() for spec in EdamiDeck.default().cards()})
SETTINGS = settings(max_examples=12, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

decks = st.lists(st.tuples(st.sampled_from(SPECS), st.integers(1, 3)), min_size=1, max_size=12)
options = st.fixed_dictionaries({
    "impossible_card": st.sampled_from(["normal_move", "lose_turn"]),
    "mandatory_card": st.booleans(),
    "bomb_mode": st.sampled_from(["standard", "cruel", "feroz", "loca"]),
    "draw_claims": st.sampled_from(["auto", "claim"]),
})


def pick(game: Edami, rng: random.Random) -> str:
    """A random action, drawing cards often and resigning never (so games get long)."""
    actions = [a for a in game.legal_actions() if a.text != "resign"]
    if not actions:
        return "resign"
    draws = [a for a in actions if a.text == "draw"]
    if draws and rng.random() < 0.5:
        return "draw"
    return actions[rng.randrange(len(actions))].text


def check_invariants(game: Edami) -> None:
    board = game.board
    assert not board.pawns & (chess.BB_RANK_1 | chess.BB_RANK_8)
    game.zones.check_conserved(game.conserved_items())
    assert (game.temporary is None) == (not game.zones["temporary"])
    if not game.king_capture and not game.is_over:
        if game.phase == "start":
            assert not in_check(board, not board.turn, game.effect), board.fen()
        assert board.king(chess.WHITE) is not None and board.king(chess.BLACK) is not None
    texts = [a.text for a in game.legal_actions()]
    assert len(texts) == len(set(texts))


@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 10**6), deck=decks, opts=options)
def test_random_games_never_raise_and_stay_legal(seed: int, deck: list, opts: dict) -> None:
    game = Edami(seed=seed, deck=deck, **opts)
    rng = random.Random(seed)
    for step in range(200):
        if game.is_over:
            break
        before = game.to_json()
        if step % 37 == 5:
            with pytest.raises(IllegalAction):
                game.play("h9h10")
            assert game.to_json() == before
        text = pick(game, rng)
        game.play(text)
        check_invariants(game)
        if step % 23 == 7:
            game.undo()
            assert game.to_json() == before
            game.play(text)
    copy = Edami.from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    view = game.view(0).to_json()
    hidden = [card.id for card in game.deck] + [card.id for card in game.used[:-1]]
    assert not any(f'"{identifier}"' in view for identifier in hidden)
    with pytest.raises(BadRecord, match="view"):
        Edami.from_json(view)


def test_full_default_games_with_every_card_kind() -> None:
    seen: set[str] = set()
    for seed in range(30):
        game = Edami(seed=seed, bomb_mode=["standard", "cruel", "feroz", "loca"][seed % 4])
        rng = random.Random(seed)
        for _ in range(200):
            if game.is_over:
                break
            game.play(pick(game, rng))
            if game.last_card is not None:
                seen.add(game.last_card[0].spec.kind)
            check_invariants(game)
    assert seen >= {"move", "choose", "relocate", "lose_turn", "remove", "bomb", "recover", "veto",
                    "objective", "temporary", "wildcard", "blank"}


def test_teacher_position_round_trips() -> None:
    game = Edami(fen="4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", drawn="Move one: K", specials={1: ["Veto"]},
                 temporary=("Temporary: superqueen", 0), pile=["Relocate", "Lose a turn"], lost="Qn")
    game.play("e1d1")
    assert Edami.from_json(game.to_json()).to_json() == game.to_json()
