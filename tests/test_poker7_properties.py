"""Property tests for Poker7 (DESIGN.md, Testing): seeded random games with 2–10
players played to the end, checking at every step what is Poker7's own: chips and
cards are conserved, the betting state is consistent, the action list is sound
(unique texts, ``parse(str(a)) == a``, few buttons, amounts in range); and at
random steps that each seat's view shows exactly the cards §1.1 lets it see (its
own, the community cards, revealed cards, hands shown at showdown) and that
betting text with wrong amounts is rejected with ``IllegalAction`` without
touching the game. A copy or a view shares nothing with the game (the starting
stacks of issue 7 included).

What every game must do -- JSON round trips, byte-exact undo, independent copies,
atomic rejection of malformed input, corrupt records, and the information test
over resampled deals -- is checked by the conformance suite (``drezlab.testing``,
``tests/test_conformance.py``) over Poker7's declared option sets.

Hypothesis runs derandomized; each example is a game seed plus options, and the
game's actions come from a ``random.Random`` seeded from the example.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drezlab import BadRecord, IllegalAction
from drezlab.games.poker7 import Poker7
from drezlab.games.poker7.actions import Bet, Raise
from drezlab.games.poker7.hands import DECK
from drezlab.games.poker7.knowledge import board_cards, seat_cards
from drezlab.testing import random_game, random_plies

DECK_IDS = sorted(card.id for card in DECK)

PROPERTY_SETTINGS = settings(
    max_examples=24, deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

options_strategy = st.fixed_dictionaries({
    "players": st.integers(min_value=2, max_value=10),
    "stack": st.sampled_from([20, 50, 100]),
    "min_bet": st.sampled_from([1, 2, 5]),
    "max_hands": st.sampled_from([None, None, 3]),
})


# --------------------------------------------------------------------- helpers
def all_card_ids(game: Poker7) -> list[str]:
    return sorted(card.id for card in game.deck + game.board + [c for hole in game.hole for c in hole])


def hidden_ids(game: Poker7, seat: int | None) -> set[str]:
    """What ``seat`` must not see: the deck and other players' unrevealed, unshown cards."""
    ids = {card.id for card in game.deck}
    for other, hole in enumerate(game.hole):
        ids |= {card.id for card in hole if not game.may_see(seat, other, card)}
    return ids


def id_regex(ids: set[str]) -> re.Pattern[str]:
    """Any of ``ids`` as a whole word (``Q5`` does not match inside ``dz-cQ5``)."""
    alternatives = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9-])(?:{alternatives})(?![A-Za-z0-9])")


def svg_text_without_drawing_data(svg: str) -> str:
    """The SVG minus the stylesheet and path data, where letter+digit pairs are drawing commands."""
    svg = re.sub(r"<style[^>]*>.*?</style>", "", svg, flags=re.DOTALL)
    return re.sub(r'\s(?:d|points)="[^"]*"', "", svg)


def json_keys(value) -> set[str]:
    keys: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            keys.add(key)
            keys |= json_keys(item)
    elif isinstance(value, list):
        for item in value:
            keys |= json_keys(item)
    return keys


# -------------------------------------------------------------- the invariants
def check_invariants(game: Poker7) -> None:
    n = game.players
    assert all_card_ids(game) == DECK_IDS
    assert sum(game.stacks) + sum(game.committed) == sum(game.starting_stacks)
    assert min(game.stacks + game.committed + game.round_bets) >= 0
    assert game.pot == sum(game.committed)
    assert all(len(hole) == (2 if game.in_hand[seat] else 0) for seat, hole in enumerate(game.hole))
    for seat in range(n):
        card = game.revealed[seat]
        assert card is None or card in game.hole[seat]
    if game.phase == "over":
        assert game.is_over and game.to_move is None and game.legal_actions() == []
        assert sum(1 for stack in game.stacks if stack) == 1 or game.outcome.reason == "hand limit"
        return
    seat = game.to_move
    assert seat is not None and 0 <= seat < n and not game.is_eliminated(seat)
    if game.phase == "bet":
        assert len(game.board) == {1: 0, 2: 3, 3: 5, 4: 5}[game.street]
        assert game.current_bet == max(game.round_bets)
        assert game.in_hand[seat] and not game.folded[seat] and game.stacks[seat] > 0
        assert len(game.contenders()) >= 2
        assert all(bet <= committed for bet, committed in zip(game.round_bets, game.committed))
    elif game.phase == "reveal":
        assert len(game.board) == 5 and game.revealed[seat] is None and seat in game.contenders()
    else:
        assert game.phase == "next" and game.pot == 0 and game.stacks[seat] > 0
        assert sum(amount for amount, _, _ in game.pots) == sum(game.won)


def check_actions(game: Poker7, rng: random.Random) -> None:
    actions = game.legal_actions()
    assert actions, "a running game always offers an action"
    texts = [action.text for action in actions]
    assert len(texts) == len(set(texts)) and len(texts) <= 6, texts
    for action in actions:
        parsed = game.parse(str(action))
        assert parsed == action and parsed.targets == action.targets and parsed.label == action.label
    sampled = game.random_action(rng)
    assert sampled in actions
    if game.phase == "bet":
        for action in actions:
            if isinstance(action.data, (Bet, Raise)):
                assert game.smallest_raise() <= action.data.total < game.all_in_total()


def check_views(game: Poker7, with_svg: bool) -> None:
    generator = game.chance.rng.getstate()[1]
    public = {"stacks": game.stacks, "round_bets": game.round_bets, "committed": game.committed,
              "folded": game.folded, "in_hand": game.in_hand, "shown": game.shown, "pot": game.pot}
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        hidden = hidden_ids(game, seat)
        pattern = id_regex(hidden) if hidden else None
        text = view.to_json()
        if pattern is not None:
            leaked = pattern.findall(text)
            assert not leaked, f"view({seat}) JSON shows hidden cards {leaked}"
        assert not json_keys(json.loads(text)) & {"seed", "rng", "start", "actions", "chance", "history", "options"}
        assert f"{generator[0]},{generator[1]}" not in text
        assert not hasattr(view, "play") and not hasattr(view, "legal_actions")
        assert view.seat == seat and view.outcome == game.outcome and view.to_move == game.to_move
        assert board_cards(view) == [card.id for card in game.board]
        assert {key: list(value) if isinstance(value, tuple) else value
                for key, value in view.public.items() if key in public} == public
        for other, hole in enumerate(game.hole):
            seen = seat_cards(view, other)
            assert seen == [card.id if game.may_see(seat, other, card) else "??" for card in hole]
        assert view.zone("deck").count == len(game.deck) and view.ids("deck") == ()
        with pytest.raises(BadRecord):
            Poker7.from_json(text)
        if with_svg:
            for svg in (view.svg(), game.svg(seat)):
                if pattern is not None:
                    leaked = pattern.findall(svg_text_without_drawing_data(svg))
                    assert not leaked, f"svg for {seat} shows hidden cards {leaked}"
                assert "seed" not in svg.lower()


def assert_rejected(game: Poker7, value) -> None:
    before = game.to_json()
    legal = [a.text for a in game.legal_actions()]
    with pytest.raises(IllegalAction) as info:
        game.play(value)
    assert str(info.value)
    assert game.to_json() == before, f"rejected {value!r} changed the game"
    assert [a.text for a in game.legal_actions()] == legal


def check_illegal_input(game: Poker7, rng: random.Random) -> None:
    legal = {a.text for a in game.legal_actions()}
    candidates = ["fold", "check", "call", "allin", "next", "bet 0", "raise 0", "bet -3", "raise 1000000",
                  f"bet {game.all_in_total() + 1}", f"raise {game.all_in_total() + 1}",
                  f"raise {max(0, game.smallest_raise() - 1)}", f"bet {max(0, game.smallest_raise() - 1)}",
                  "show ??", "show X1", "", "   ", "raise", "bet ten", "fold fold", "x" * 500,
                  f"bet {game.smallest_raise()}\t", "check\n", "bet \uff14", "raise \u0664\u0660", "all\u2003in"]
    candidates += [f"show {card.id}" for card in rng.sample(DECK, 3)]
    for text in candidates:
        if " ".join(text.split()) in legal or text.lower() in ("all in", "all-in"):
            continue
        try:
            game.parse(text)
        except IllegalAction:
            assert_rejected(game, text)


# ----------------------------------------------------------------- the games
@pytest.mark.slow
@PROPERTY_SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), options=options_strategy)
def test_random_games_keep_every_invariant(seed: int, options: dict) -> None:
    rng = random.Random(seed)
    for game in random_plies(Poker7(seed=seed, **options), rng, limit=19_999):
        if game.is_over:
            break
        check_invariants(game)
        check_actions(game, rng)
        roll = rng.random()
        if roll < 0.06:
            check_views(game, with_svg=rng.random() < 0.4)
        elif roll < 0.12:
            check_illegal_input(game, rng)
    assert game.is_over, "a random game must end"
    check_invariants(game)
    check_views(game, with_svg=True)
    assert sum(game.outcome.payoffs) == 0


@pytest.mark.parametrize("players", range(2, 11))
def test_random_games_end_for_every_table_size(players: int) -> None:
    game = random_game(Poker7(seed=players, players=players), players)
    assert game.outcome.reason == "all the chips"
    assert game.stacks[game.outcome.winner] == 100 * players


def test_views_at_showdown_show_the_hands_still_in() -> None:
    rng = random.Random(5)
    for seed in range(60):
        game = random_game(Poker7(seed=seed, players=4), rng, until=lambda game: game.phase == "next" and any(game.shown))
        if game.phase == "next":
            check_views(game, with_svg=True)
            spectator = game.view(None)
            for seat in range(4):
                assert ("??" not in seat_cards(spectator, seat)) == game.shown[seat] or not game.hole[seat]
            return
    raise AssertionError("no showdown in 60 games")


def test_undo_all_the_way_back_restores_the_first_deal() -> None:
    game = Poker7(seed=77, players=5)
    start = game.to_json()
    random_game(game, 77, 400)
    assert game.hand_number > 1
    while game.history:
        game.undo()
    assert game.to_json() == start


def test_a_copy_shares_nothing_that_can_change_the_game() -> None:
    game = Poker7(seed=3, players=3, stacks=[40, 60, 80], hands={0: ["B5", "B8"]})
    before = game.to_json()
    clone = game.copy()
    clone.starting_stacks[0] = 1
    clone.stacks[1] = 0
    clone.options["stacks"][2] = 5
    clone.options["hands"]["0"][0] = "J9"
    clone.committed.append(7)
    clone.play("bet 10")
    assert game.to_json() == before and game.starting_stacks == [40, 60, 80]
    assert game.fresh(seed=3).to_json() == before


def test_a_view_is_a_frozen_copy() -> None:
    game = Poker7(seed=3, players=3)
    view = game.view(0)
    seen = view.to_json()
    with pytest.raises(AttributeError):
        view.public = {}
    with pytest.raises(TypeError):
        view.public["stacks"] = (0, 0, 0)
    with pytest.raises((TypeError, AttributeError)):
        view.public["stacks"][0] = 0
    game.play("bet 10")
    game.starting_stacks[0] = 1
    assert view.to_json() == seen
