"""Property tests for VikingDrez / Brandubh (DESIGN.md, Testing).

What every game must do (JSON round trips, byte-exact ``undo``, independent
``copy`` and views, refusal of malformed input and damaged records, equal views
for every seat) is checked by the conformance suite, ``tests/test_conformance.py``,
over every combination of the four rule variants and a teacher's position
(``meta.SPEC.option_sets``). These are the Brandubh-specific properties:

Seeded random games in every variant, played to the end through the protocol,
checking at every step that nothing raises, the pieces stay on allowed squares
and never multiply, the legal-move list is consistent (unique texts,
``parse(str(a)) == a``, ``parse`` accepts exactly the legal moves among all 588
(square, square) pairs, the fast sampler only returns legal moves), and at
sampled steps that every illegal (square, square) move and malformed input
raises ``IllegalAction`` leaving ``to_json()`` byte-identical. The fast engine (``random_playout``) is
checked against the protocol: its recorded moves replay through ``play`` to the
same end. The sampler is checked for uniformity.

Hypothesis runs derandomized (the same examples on every machine); each example
is a seed plus variant options, and the moves come from ``random.Random(seed)``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drezlab import IllegalAction
from drezlab.games.brandubh import (
    ACTIONS,
    BLACK,
    CORNERS,
    OUTCOME_REASONS,
    RESTRICTED,
    SQUARE_INDEX,
    THRONE,
    WHITE,
    Brandubh,
)
from drezlab.testing import random_game, random_plies

PROPERTY_SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                             suppress_health_check=[HealthCheck.too_slow])

variants = st.fixed_dictionaries({
    "king_returns": st.booleans(),
    "king_capture": st.sampled_from(["standard", "two"]),
    "armed_king": st.booleans(),
    "pass_empty_throne": st.booleans(),
})

JUNK = ["", "   ", "d1", "d1-", "-d3", "d1-d3-d5", "z9-z8", "a0-a1", "d1 d3 extra", "PASS", "d1:d3x", "é1-é2",
        "d1-d3" * 50, "\x00", "a1-a1"]


def check_invariants(game: Brandubh) -> None:
    """Pieces on allowed squares, no overlap, counts never above the start."""
    att, dfd, king = game._att, game._dfd, game._king
    assert not att & dfd
    assert not (att | dfd) & (1 << king)
    assert not (att | dfd) & RESTRICTED
    start_att, start_dfd = game._start[0], game._start[1]
    assert att.bit_count() <= start_att.bit_count() and dfd.bit_count() <= start_dfd.bit_count()
    assert game.captured() == (start_att.bit_count() - att.bit_count(), start_dfd.bit_count() - dfd.bit_count())


def check_actions(game: Brandubh, rng: random.Random) -> None:
    actions = game.legal_actions()
    texts = [action.text for action in actions]
    assert len(texts) == len(set(texts))
    legal = set(texts)
    for action in actions:
        assert game.parse(str(action)) == action
        assert action.targets == tuple(action.text.split("-"))
    if not game.is_over:
        assert bool(actions)
        assert game.random_action(rng).text in legal
    else:
        assert actions == []


def check_parse_is_exact(game: Brandubh) -> None:
    """``parse`` accepts exactly the legal moves among every (square, square) pair of a rank or file."""
    legal = {action.text for action in game.legal_actions()}
    for action in ACTIONS:
        try:
            game.parse(action.text)
            assert action.text in legal
        except IllegalAction:
            assert action.text not in legal


def check_rejects_illegal(game: Brandubh) -> None:
    before = game.to_json()
    legal = {action.text for action in game.legal_actions()}
    illegal = [action.text for action in ACTIONS if action.text not in legal][:12]
    for text in illegal + JUNK + [None, 3, 2.5, ["d1-d3"]]:
        with pytest.raises(IllegalAction):
            game.play(text)  # type: ignore[arg-type]
        assert game.to_json() == before


@pytest.mark.slow
@PROPERTY_SETTINGS
@given(seed=st.integers(0, 10**6), options=variants)
def test_random_games_keep_every_invariant(seed: int, options: dict) -> None:
    rng = random.Random(seed)
    for steps, game in enumerate(random_plies(Brandubh(seed=seed, **options), rng, limit=4999)):
        check_invariants(game)
        check_actions(game, rng)
        if steps % 7 == 0 or game.is_over:
            check_parse_is_exact(game)
            check_rejects_illegal(game)
    assert game.is_over, "a random game ends in fewer than 5000 plies"
    assert game.outcome.reason in OUTCOME_REASONS
    assert game.to_move is None


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 10**6), options=variants, start_plies=st.integers(0, 30))
def test_fast_playout_agrees_with_the_protocol(seed: int, options: dict, start_plies: int) -> None:
    game = random_game(Brandubh(**options), seed, start_plies)
    before = game.to_json()
    result = game.random_playout(random.Random(seed + 1), record=True)
    assert game.to_json() == before, "random_playout changed the game"
    for move in result.moves:
        game.play(move)
    assert game.is_over
    assert result.plies == len(result.moves)
    assert (result.winner, result.reason) == (game.outcome.winner, game.outcome.reason)


def test_playout_with_a_ply_limit_and_from_a_finished_game() -> None:
    game = Brandubh()
    result = game.random_playout(random.Random(1), max_plies=3)
    assert (result.winner, result.reason, result.plies) == (None, "ply limit", 3)
    stuck = Brandubh.from_text(".ad..../.d...../......./...K.../......./......./.......")
    assert stuck.random_playout(random.Random(1)) == (WHITE, "no legal move", 0, ())


def test_playout_counts_repetitions_from_the_game_history() -> None:
    """Positions already played count towards the threefold repetition of a playout."""
    game = Brandubh.from_text("......./......./a....../...K.../......./......d/.......")
    for move in ["a5-a6", "g2-g3", "a6-a5", "g3-g2", "a5-a6", "g2-g3", "a6-a5"]:
        game.play(move)
    assert game.repetitions() == 2 and game.to_move == WHITE   # g3-g2 now repeats the start a third time
    draws = 0
    for seed in range(300):
        result = game.random_playout(random.Random(seed), record=True)
        replay = game.copy()
        for move in result.moves:
            replay.play(move)
        assert (replay.outcome.winner, replay.outcome.reason) == (result.winner, result.reason)
        draws += result.reason == "threefold repetition" and result.plies == 1
    assert draws > 0, "g3-g2 at once repeats the position a third time"


def test_random_action_is_uniform() -> None:
    """The rejection sampler gives every legal move the same chance (chi-square, fixed seed)."""
    game = Brandubh()
    rng = random.Random(2024)
    legal = game.legal_actions()
    draws = 40 * len(legal) * 10
    counts = Counter(game.random_action(rng).text for _ in range(draws))
    assert set(counts) == {action.text for action in legal}
    expected = draws / len(legal)
    chi_square = sum((count - expected) ** 2 / expected for count in counts.values())
    assert chi_square < 75, chi_square     # 39 degrees of freedom: p < 0.001 above ~73


def test_random_playout_is_uniform_on_its_first_move() -> None:
    game = Brandubh()
    counts = Counter(game.random_playout(random.Random(seed), max_plies=1, record=True).moves[0]
                     for seed in range(8000))
    expected = 8000 / 40
    assert len(counts) == 40
    assert sum((count - expected) ** 2 / expected for count in counts.values()) < 75


def test_undo_all_the_way_back() -> None:
    game = Brandubh()
    start = game.to_json()
    random_game(game, 5)
    while game.history:
        game.undo()
    assert game.to_json() == start
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.undo()


def test_views_hide_nothing_and_cannot_be_played() -> None:
    """Every seat's view is the whole position, as an immutable observation that is not a game."""
    game = Brandubh.from_text("......./.....K./......./......./.ad..../......./...a...")
    game.play("d1-d3")
    views = [game.view(seat) for seat in (WHITE, BLACK, None)]
    for view in views:
        assert view.public["board"] == game.to_text().replace("\n", "/")
        assert view.public["turn"] == "white" and view.to_move == WHITE and view.public["king"] == "f6"
        assert view.public["last_move"] == ("d1", "d3") and view.public["taken"] == (("c3", "d"),)
        assert view.public["captured"] == (0, 1) and view.public["repetitions"] == 1
        assert view.last == "d1-d3" and view.status == "White to move"
        assert view.svg() == game.svg()
        assert not hasattr(view, "play") and not hasattr(view, "legal_actions")
        with pytest.raises(AttributeError):
            view.public = {}  # type: ignore[misc]
        with pytest.raises(TypeError):
            view.public["board"] = "......."  # type: ignore[index]
        assert "seed" not in view.to_json()
    assert views[0].to_json().replace('"seat":0', '"seat":1') == views[1].to_json()
    before = views[0].to_json()
    game.play("f6-f7")
    assert views[0].to_json() == before, "a view changed with the game"
    with pytest.raises(ValueError):
        game.view(2)


def test_a_king_capture_is_in_the_view() -> None:
    game = Brandubh.from_text(".K..a../......./......./......./......./......./.......")
    game.play("e7-c7")
    assert game.view(None).public["taken"] == (("b7", "K"),)
    assert game.view(None).outcome == game.outcome


def test_squares_and_masks_agree() -> None:
    assert THRONE == 1 << SQUARE_INDEX["d4"]
    assert CORNERS == sum(1 << SQUARE_INDEX[name] for name in ("a1", "g1", "a7", "g7"))
    assert len(ACTIONS) == 49 * 12
