"""Property tests for PokerDrez (DESIGN.md, Testing): seeded random games played
to the end, checking at every step PokerDrez's own invariants: cards conserved,
hand and common sizes, the chess position legal, the fast random sampler returning
legal actions, the card moves exactly those §2.2 permits (an independent reading),
SAN input, views showing exactly what their seat may see, the die and the cards
taken replayed alike after ``undo``, the reasons games end, and illegal card moves
refused without touching the game.

What every game must do (``parse(str(a)) == a``, byte-exact single undo, JSON round
trips, independent copies, garbage input, corrupt records, the information test)
is the conformance suite's (``drezlab.testing``, ``tests/test_conformance.py``),
run over PokerDrez and every option set its metadata declares.

Hypothesis runs derandomized (the same examples on every machine); each
example is a game seed plus options, and the game's moves come from a
``random.Random`` seeded from the example, so a failure reproduces exactly.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import chess
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import drezlab
from drezlab import Action, Card, Deck, IllegalAction, PokerDrez
from drezlab.testing import random_game, random_plies

# Every ``Outcome.reason`` the PokerDrez module documents (§2.8, §2.10, D1).
AUTO_REASONS = {"checkmate", "stalemate", "insufficient material", "threefold repetition",
                "fivefold repetition", "fifty-move rule", "seventy-five-move rule", "bet refused"}
CLAIM_REASONS = {"draw claimed (threefold repetition)", "draw claimed (fifty-move rule)"}
DRAW_REASONS = {"stalemate", "insufficient material", "threefold repetition", "fivefold repetition",
                "fifty-move rule", "seventy-five-move rule"} | CLAIM_REASONS

DECK_IDS = {packs: sorted(card.id for card in Deck.all_cards(packs)) for packs in (1, 2)}

PROPERTY_SETTINGS = settings(
    max_examples=16, deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

options_strategy = st.fixed_dictionaries({
    "decks": st.sampled_from([1, 2]),
    "pawn_removal": st.booleans(),
    "blocked_figures_are_jokers": st.booleans(),
    "betting": st.sampled_from([None, None, (1, 5)]),
    "draw_claims": st.sampled_from(["auto", "claim"]),
    "show_discard_history": st.booleans(),
})


# --------------------------------------------------------------------- helpers
def all_card_ids(game: PokerDrez) -> list[str]:
    cards = game.pile + game.hands[0] + game.hands[1] + game.common + game.discard
    return sorted(card.id for card in cards)


def hidden_ids(game: PokerDrez, seat: int | None) -> set[str]:
    """Ids that ``seat`` must not see: the other hands and the draw pile."""
    ids = {card.id for card in game.pile}
    for other in (0, 1):
        if other != seat:
            ids |= {card.id for card in game.hands[other]}
    return ids


def id_regex(ids: set[str]) -> re.Pattern[str]:
    """Matches any of ``ids`` as a whole word: ``Q5`` does not match inside ``Q5b`` or ``dz-Q5``."""
    alternatives = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9])(?:{alternatives})(?![A-Za-z0-9])")


def svg_text_without_drawing_data(svg: str) -> str:
    """The SVG minus path data and the stylesheet, where letter+digit pairs such
    as ``Q5`` are drawing commands, not card ids."""
    svg = re.sub(r"<style[^>]*>.*?</style>", "", svg, flags=re.S)
    return re.sub(r'\s(?:d|points)="[^"]*"', "", svg)


def json_without_fen(text: str) -> str:
    """The JSON minus its FEN strings, where ``P7`` is a pawn and seven empty squares."""
    return re.sub(r'"fen":"[^"]*"', '"fen":""', text)


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


def texts(actions) -> list[str]:
    return [action.text for action in actions]


def permits(game: PokerDrez, figure_value: int | None, neutral: bool, move: chess.Move,
            types_with_moves: set[int]) -> bool:
    """An independent reading of §2.2 (and D5-D7, D9) for the side to move."""
    board = game.board
    color = board.turn
    piece = board.piece_type_at(move.from_square)
    castling = board.is_castling(move)
    if piece == chess.KING and not castling:
        return True                                     # rule 4: any card moves the king
    if neutral:
        return False
    if figure_value == 6:
        return True                                     # rule 1: Joker
    if not board.pieces_mask(figure_value, color):
        return True                                     # rule 2: no piece of that figure
    if game.blocked_figures_are_jokers and figure_value not in types_with_moves:
        return True                                     # D7
    if castling:
        return figure_value == chess.ROOK               # rule 3 / D5
    return figure_value == piece                        # rule 5


def expected_move_texts(game: PokerDrez) -> set[str]:
    """The card- or die-backed move actions §2.2 allows now."""
    legal = list(game.board.legal_moves)
    types_with_moves = {game.board.piece_type_at(move.from_square) for move in legal}
    expected = set()
    seat = game.to_move
    for card in game.hands[seat] + game.common:
        figure = None if card.is_neutral else int(card.figure)
        for move in legal:
            if permits(game, figure, card.is_neutral, move, types_with_moves):
                expected.add(f"{card.id}:{move.uci()}")
    if game.die_value is not None:
        for move in legal:
            if permits(game, game.die_value, False, move, types_with_moves):
                expected.add(f"die:{move.uci()}")
    return expected


# -------------------------------------------------------------- the invariants
def check_invariants(game: PokerDrez) -> None:
    assert all_card_ids(game) == DECK_IDS[game.decks]
    assert len(all_card_ids(game)) == 56 * game.decks
    assert game.board.is_valid(), game.board.status()
    assert game.pile_count == len(game.pile)
    assert len(game.common) <= 5 and all(len(hand) <= 3 for hand in game.hands)
    phase = game.phase
    if phase == "over":
        assert game.is_over and game.to_move is None
        return
    assert game.to_move in (0, 1) and not game.is_over
    if game.plain_chess:
        assert game.pile_count == 0
    if phase == "remove":
        assert game.hands == [[], []] and game.common == [] and not game.board.move_stack
    elif game.pile_count > 0:
        # no draw has been skipped yet: full hands and five common cards (§2.1, §2.3, D8)
        returning = game.to_move if phase == "return" else None
        for seat in (0, 1):
            assert len(game.hands[seat]) == (3 if seat == returning else 2)
        assert len(game.common) == (4 if phase == "return" else 5)
    side_on_move = 0 if game.board.turn == chess.WHITE else 1
    if phase == "play":
        assert game.to_move == side_on_move
    elif phase == "return":          # the move is made; the mover still has to give a card back
        assert game.to_move == 1 - side_on_move
    assert game.die_holder in (0, 1)
    assert game.die_value is None or 1 <= game.die_value <= 6
    if game.die_value is not None:
        assert game.die_holder != game.to_move or phase == "answer"


def check_actions(game: PokerDrez, rng: random.Random) -> list[Action]:
    actions = game.legal_actions()
    action_texts = texts(actions)
    assert len(action_texts) == len(set(action_texts)), "action texts must be unique"
    assert actions, "a running game always offers an action"
    sampled = game.random_action(rng)
    by_text = {action.text: action for action in actions}
    assert sampled.text in by_text
    assert sampled.targets == by_text[sampled.text].targets
    assert sampled.data == by_text[sampled.text].data
    if game.phase == "play" and not game.plain_chess:
        moves = {text for text in action_texts if ":" in text}
        assert moves == expected_move_texts(game)
    return actions


def check_san_input(game: PokerDrez, actions: list[Action], rng: random.Random) -> None:
    moves = [a for a in actions if a.data[0] == "move"]
    for action in rng.sample(moves, min(3, len(moves))):
        source = action.data[1]
        san = game.board.san(game.chess_move(action))
        text = san if source is None else f"{action.text.split(':')[0]}:{san}"
        assert game.parse(text) == action


def check_undo(game: PokerDrez, action: Action) -> None:
    before = game.to_json()
    legal_before = texts(game.legal_actions())
    game.play(action.text)
    after = game.to_json()
    undone = game.undo()
    assert undone == action
    assert game.to_json() == before
    assert texts(game.legal_actions()) == legal_before
    game.play(action.text)
    assert game.to_json() == after
    game.undo()
    assert game.to_json() == before


def check_views(game: PokerDrez, with_svg: bool) -> None:
    """Each seat's observation shows exactly what it may see (D12) and nothing else."""
    words = game.chance.rng.getstate()[1] if hasattr(game.chance, "rng") else (0, 0)
    for seat in (0, 1, None):
        view = game.view(seat)
        hidden = hidden_ids(game, seat)
        pattern = id_regex(hidden) if hidden else None
        text = view.to_json()
        data = json.loads(text)
        if pattern is not None:
            leaked = pattern.findall(json_without_fen(text))
            assert not leaked, f"view({seat}) JSON shows hidden cards {leaked}"
        keys = json_keys(data)
        assert not keys & {"seed", "rng", "start", "actions", "root_fen", "moves", "chance", "history"}, keys
        assert "seed" not in text.lower()
        assert f"{words[0]},{words[1]}" not in text
        # what the seat may see is shown correctly
        assert view.ids("common") == tuple(card.id for card in game.common)
        assert view.zone("pile").count == game.pile_count and view.ids("pile") == ()
        assert view.zone("discard").count == len(game.discard)
        assert view.ids("discard") == (tuple(card.id for card in game.discard) if game.show_discard_history else ())
        for other in (0, 1):
            if other == seat:
                assert view.ids(f"hand-{other}") == tuple(card.id for card in game.hands[other])
            else:
                assert view.ids(f"hand-{other}") == ("??",) * len(game.hands[other])
        assert view.public["fen"] == game.board.fen()
        assert view.public["die_holder"] == game.die_holder and view.public["die_value"] == game.die_value
        assert view.outcome == game.outcome and view.to_move == game.to_move
        assert not hasattr(view, "play") and not hasattr(view, "legal_actions")
        with pytest.raises(drezlab.BadRecord):
            PokerDrez.from_json(text)
        if with_svg and pattern is not None:
            for svg in (view.svg(), game.svg(seat)):
                leaked = pattern.findall(svg_text_without_drawing_data(svg))
                assert not leaked, f"svg for {seat} shows hidden cards {leaked}"
                assert "seed" not in svg.lower()


def assert_rejected(game: PokerDrez, value) -> None:
    before = game.to_json()
    legal = texts(game.legal_actions())
    with pytest.raises(IllegalAction) as info:
        game.play(value)
    assert isinstance(str(info.value), str) and str(info.value)
    assert game.to_json() == before, f"rejected {value!r} changed the game"
    assert texts(game.legal_actions()) == legal


MALFORMED = ["", "J3:", ":e2e4", "e2e4e4", "roll roll", "X1>", "return", "raise", "raise -1",
             "raise 1000000", "remove", "remove z9", "die:", "J3:e2e9", "Q5::e2e4", "J3:O-O-O-O",
             "??:e2e4", "return ??", "X1>??", "hand-0", "pile", "J3:Q@e4", "J3:0000", "die:0000"]


def check_illegal_input(game: PokerDrez, rng: random.Random) -> None:
    legal = set(texts(game.legal_actions()))
    # text that looks like PokerDrez notation but is malformed
    for text in rng.sample(MALFORMED, 5):
        if text not in legal:
            assert_rejected(game, text)
    phase = game.phase
    if phase != "return":
        card = rng.choice(Deck.all_cards(game.decks))
        assert_rejected(game, f"return {card.id}")
    else:
        own = {card.id for card in game.hands[game.to_move]}
        others = [card for card in Deck.all_cards(game.decks) if card.id not in own]
        assert_rejected(game, f"return {rng.choice(others).id}")
    if phase != "play":
        return
    legal_moves = list(game.board.legal_moves)
    if not legal_moves:
        return
    move = rng.choice(legal_moves).uci()
    if game.plain_chess:
        # plain chess: no card may be named
        card = rng.choice(Deck.all_cards(game.decks))
        assert_rejected(game, f"{card.id}:{move}")
        return
    # a bare move needs a card in card mode
    assert_rejected(game, move)
    if game.die_value is None:
        assert_rejected(game, f"die:{move}")
    # a real card the player does not have (opponent's hand, pile, discard)
    available = {card.id for card in game.hands[game.to_move] + game.common}
    unavailable = [card for card in Deck.all_cards(game.decks) if card.id not in available]
    assert_rejected(game, f"{rng.choice(unavailable).id}:{move}")
    # a legal chess move with an available card that does not permit it
    refused = [f"{card.id}:{m.uci()}" for card in game.hands[game.to_move] + game.common
               for m in legal_moves if f"{card.id}:{m.uci()}" not in legal]
    if refused:
        assert_rejected(game, rng.choice(refused))
    # a card that is held but with an illegal chess move
    card = rng.choice(game.hands[game.to_move] + game.common)
    while True:
        move = chess.Move(rng.randrange(64), rng.randrange(64))
        if move.from_square != move.to_square and not game.board.is_pseudo_legal(move):
            break
    assert_rejected(game, f"{card.id}:{move.uci()}")


def check_outcome(game: PokerDrez, options: dict) -> None:
    outcome = game.outcome
    assert outcome is not None and game.is_over
    assert outcome.reason in AUTO_REASONS | CLAIM_REASONS, outcome.reason
    if options.get("draw_claims", "auto") == "auto":
        assert outcome.reason not in CLAIM_REASONS
    else:
        assert outcome.reason not in {"threefold repetition", "fifty-move rule"}
    board = game.board
    loser_to_move = 0 if board.turn == chess.WHITE else 1
    if outcome.reason in DRAW_REASONS:
        assert outcome.winners == () and outcome.scores == (0.5, 0.5)
    else:
        assert len(outcome.winners) == 1
        winner = outcome.winners[0]
        assert outcome.scores == tuple(1.0 if s == winner else 0.0 for s in (0, 1))
    if outcome.reason == "checkmate":
        assert board.is_check() and outcome.winners == (1 - loser_to_move,)
        assert game.permitted_moves() == []
        if game.plain_chess:
            assert board.is_checkmate()
    elif outcome.reason == "stalemate":
        assert not board.is_check() and game.permitted_moves() == []
        if game.plain_chess:
            assert board.is_stalemate()
    elif outcome.reason == "insufficient material":
        assert board.is_insufficient_material()
    elif outcome.reason == "fivefold repetition":
        assert board.is_repetition(5)
    elif outcome.reason == "seventy-five-move rule":
        assert board.halfmove_clock >= 150
    elif outcome.reason in ("fifty-move rule", "draw claimed (fifty-move rule)"):
        assert board.halfmove_clock >= 100
    elif outcome.reason in ("threefold repetition", "draw claimed (threefold repetition)"):
        assert board.is_repetition(3)
    elif outcome.reason == "bet refused":
        assert options.get("betting") is not None
    if options.get("betting") is None:
        assert outcome.payoffs is None
    else:
        assert outcome.payoffs is not None and sum(outcome.payoffs) == 0
        low, high = options["betting"]
        assert low <= abs(outcome.payoffs[0]) <= high or (outcome.is_draw and outcome.payoffs == (0, 0))
    # a finished game accepts nothing
    assert game.legal_actions() == [] and game.to_move is None and game.phase == "over"
    with pytest.raises(IllegalAction):
        game.random_action(random.Random(0))
    assert_rejected(game, "keep")
    assert_rejected(game, "roll")


# ------------------------------------------------------------------ the driver
def play_checked_game(seed: int, options: dict, max_svgs: int = 1) -> PokerDrez:
    rng = random.Random(seed * 7919 + 17)
    game = PokerDrez(seed=seed, **options)
    snapshots: dict[int, str] = {0: game.to_json()}
    svgs = 0
    undo_kinds: set[str] = set()
    steps = 0
    while not game.is_over:
        check_invariants(game)
        actions = check_actions(game, rng)
        by_kind: dict[str, list[Action]] = {}
        for action in actions:
            by_kind.setdefault(action.data[0], []).append(action)
        # the randomness-consuming actions are always worth an undo check
        for kind, candidates in by_kind.items():
            special = kind == "roll" or (kind == "exchange" and candidates[0].data[2] == "hand")
            if (special or kind not in undo_kinds) and rng.random() < 0.5:
                check_undo(game, rng.choice(candidates))
                undo_kinds.add(kind)
        for candidate in by_kind.get("exchange", []):
            if candidate.data[2] == "hand" and rng.random() < 0.3:
                check_undo(game, candidate)
        roll = rng.random()
        if roll < 0.08:
            check_san_input(game, actions, rng)
        elif roll < 0.14:
            check_illegal_input(game, rng)
        elif roll < 0.20:
            check_undo(game, rng.choice(actions))
        elif roll < 0.24:
            check_views(game, with_svg=svgs < max_svgs and rng.random() < 0.3)
            svgs += 1
        # play: the fast sampler, or a uniform pick from the list, as an Action or as text
        how = rng.random()
        if how < 0.6:
            chosen = game.random_action(rng)
            game.play(chosen)
        elif how < 0.8:
            chosen = rng.choice(actions)
            game.play(chosen)
        else:
            chosen = rng.choice(actions)
            game.play(chosen.text)
        steps += 1
        if rng.random() < 0.02:
            snapshots[steps] = game.to_json()
    check_invariants(game)
    check_outcome(game, options)
    check_views(game, with_svg=True)
    check_illegal_input(game, rng)
    # undo walks back through every saved snapshot, randomness included
    for back_to in sorted(snapshots, reverse=True):
        while len(game.history) > back_to:
            game.undo()
        assert game.to_json() == snapshots[back_to]
    with pytest.raises(IllegalAction):
        game.undo()
    return game


@pytest.mark.slow
@PROPERTY_SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), options=options_strategy)
def test_random_games_keep_every_invariant(seed, options):
    play_checked_game(seed, options)


@pytest.mark.parametrize("seed, options", [
    (0, {}),
    (1, {"decks": 1, "pawn_removal": False}),
    (2, {"decks": 1, "betting": (1, 5), "draw_claims": "claim"}),
    (3, {"blocked_figures_are_jokers": True, "show_discard_history": True}),
])
def test_fixed_games_keep_every_invariant(seed, options):
    """A few explicit games, so a plain ``pytest`` run always covers these options."""
    play_checked_game(seed, options, max_svgs=2)


# --------------------------------------------------------- focused properties
def test_many_quick_games_end_with_documented_reasons():
    """Plain random play (no per-step checks) to see many endings quickly."""
    reasons = Counter()
    for seed in range(40):
        options = {"decks": 1 + seed % 2, "pawn_removal": seed % 3 != 0,
                   "betting": (1, 5) if seed % 4 == 0 else None,
                   "draw_claims": "claim" if seed % 5 == 0 else "auto",
                   "blocked_figures_are_jokers": seed % 7 == 0}
        game = random_game(PokerDrez(seed=seed, **options), seed)
        check_invariants(game)
        check_outcome(game, options)
        reasons[game.outcome.reason] += 1
    assert len(reasons) >= 3, reasons


def test_random_action_is_uniform_over_legal_actions():
    """The fast sampler has exactly the distribution of ``rng.choice(legal_actions())``."""
    rng = random.Random(1)
    game = random_game(PokerDrez(seed=5, pawn_removal=False, betting=(1, 3)), rng, 6)
    positions = [PokerDrez(seed=9, pawn_removal=False), game]
    plain = random_game(PokerDrez(seed=2, decks=1, pawn_removal=False), rng, until=lambda game: game.plain_chess)
    if not plain.is_over:
        positions.append(plain)
    for position in positions:
        actions = texts(position.legal_actions())
        draws = 150 * len(actions)
        counts = Counter(position.random_action(rng).text for _ in range(draws))
        assert set(counts) == set(actions)
        expected = draws / len(actions)
        chi2 = sum((counts[text] - expected) ** 2 / expected for text in actions)
        # mean len(actions) - 1; a sampler that favours some sources is far above
        assert chi2 < 1.5 * len(actions) + 50, (chi2, len(actions))


def test_rejected_actions_do_not_break_random_action_vouching():
    """``random_action`` vouches for its result; a rejected play in between must not
    let a stale action through after the position changed."""
    game = PokerDrez(seed=4, pawn_removal=False)
    rng = random.Random(3)
    stale = game.random_action(rng)
    assert_rejected(game, "nonsense")
    game.play(stale)
    # ``stale`` now belongs to a past position: playing it again must go through parse
    before = game.to_json()
    if stale.text not in texts(game.legal_actions()):
        with pytest.raises(IllegalAction):
            game.play(stale)
        assert game.to_json() == before


def test_stale_vouched_action_after_undo_is_checked():
    game = PokerDrez(seed=8, pawn_removal=False)
    rng = random.Random(8)
    game.play(game.random_action(rng))
    sampled = game.random_action(rng)     # vouched for the position after one move
    game.undo()
    before = game.to_json()
    if sampled.text not in texts(game.legal_actions()):
        with pytest.raises(IllegalAction):
            game.play(sampled)
        assert game.to_json() == before


def test_roll_and_steal_undo_restore_the_randomness():
    """``roll`` and ``X1>hand`` draw from the game's RNG: after undo, playing the same
    text again gives the same die and the same stolen card."""
    found = Counter()
    for seed in range(60):
        for game in random_plies(PokerDrez(seed=seed, decks=1, pawn_removal=False), seed, 119):  # 120 positions
            for action in game.legal_actions():
                kind = action.data[0]
                if kind == "roll" or (kind == "exchange" and action.data[2] == "hand"):
                    results = set()
                    before = game.to_json()
                    for _ in range(3):
                        game.play(action.text)
                        results.add(game.to_json())
                        game.undo()
                        assert game.to_json() == before
                    assert len(results) == 1
                    found[kind if kind == "roll" else "steal"] += 1
        if found["roll"] >= 5 and found["steal"] >= 3:
            break
    assert found["roll"] >= 5 and found["steal"] >= 3, found


def test_teacher_position_views_leak_nothing():
    """A teacher's position records its hands and pile in the options: views must drop them."""
    game = PokerDrez(fen="r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1",
                     hands={0: ["Q5", "X1"], 1: ["J9", "R2"]}, common=["P1", "N2", "B3", "R4", "Q6"],
                     pile=["J1", "J2", "J3"], die=0)
    for seat in (0, 1, None):
        view_text = game.view(seat).to_json()
        hidden = {"J1", "J2", "J3"} | ({"Q5", "X1"} if seat != 0 else set()) | ({"J9", "R2"} if seat != 1 else set())
        assert not id_regex(hidden).findall(json_without_fen(view_text)), (seat, view_text)
        assert not id_regex(hidden).findall(svg_text_without_drawing_data(game.svg(seat)))
    check_views(game, with_svg=True)
    assert PokerDrez.from_json(game.to_json()).to_json() == game.to_json()


def test_views_are_observations_of_one_seat_only():
    """A view is what one seat may know: it cannot be played, changed or turned into
    another seat's view, and seats that do not exist are refused."""
    game = PokerDrez(seed=1, pawn_removal=False)
    view = game.view(0)
    assert view.seat == 0 and view == game.view(0)
    assert not hasattr(view, "view") and not hasattr(view, "play")
    with pytest.raises(AttributeError):
        view.seat = 1
    for bad in (2, -1, "0", 0.0 + 0.5, True):
        with pytest.raises(ValueError):
            game.view(bad)


def test_id_regex_matches_whole_ids_only():
    pattern = id_regex({"Q5", "X1"})
    assert pattern.findall('"Q5"') == ["Q5"]
    assert pattern.findall('"Q5b" dz-cQ5 aQ5 Q55 X1b X12') == []
    assert id_regex({"Q5b"}).findall('["Q5","Q5b"]') == ["Q5b"]
    assert id_regex({"P7"}).findall(json_without_fen('{"fen":"8/P7/8 w","hands":[["P7"]]}')) == ["P7"]


def test_spectator_sees_no_hand():
    game = PokerDrez(seed=2, pawn_removal=False)
    view = game.view(None)
    assert view.ids("hand-0") == view.ids("hand-1") == ("??", "??")
    assert all(Card.parse(card_id).is_unknown for seat in (0, 1) for card_id in view.ids(f"hand-{seat}"))
    assert drezlab.PokerDrez is PokerDrez


def test_huge_or_odd_text_is_rejected_quickly_and_atomically():
    game = random_game(PokerDrez(seed=6, pawn_removal=False), 6, 5)
    legal = game.legal_actions()[0].text
    for text in ("x" * 1_000_000, legal + " " + "y" * 500, "\u200b" + legal, legal + "\x00",
                 legal.upper() if legal.upper() != legal else legal + "!", "\n".join([legal] * 3),
                 legal + "\u00a0", legal + "\x0b"):
        assert_rejected(game, text)
    assert game.parse(f"  {legal}  ") == Action(legal)    # spaces around an action are fine
    assert game.parse(f"\t{legal}\n") == Action(legal)   # so are tabs and a line break
