"""The card-chess layer (``drezlab.kits.cardchess``) and what PokerDrez offers on it:
the move-source protocol and its python-chess source, N seats and teams, explicit
chance (scripted rolls and cards, exact odds), the members the chess bots use, named
undo records, the metadata and resampling.

The four-seat game below is built on the layer with a tiny move source of its own
(each seat has pieces of some kinds; a piece kind that can move has one move), the
way PokerDrez for 4 will plug in its grid engine: it shows that nothing in the layer
assumes two seats.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Collection
from fractions import Fraction
from typing import Any

import chess
import pytest

import drezlab
from drezlab import BadRecord, Card, Deck, IllegalAction, Scripted
from drezlab.games.pokerdrez import PokerDrez
from drezlab.games.pokerdrez.game import PokerDrezUndo
from drezlab.games.pokerdrez.meta import SPEC
from drezlab.kits.cardchess import (
    ALLOWED,
    ANY_MOVE,
    CASTLE,
    KING_ONLY,
    KING_STEP,
    PHASE_PLAY,
    CardChessGame,
    CardChessState,
    ChessBoardMoves,
    count_permitted,
    permits,
)
from drezlab.render.chesscards import draw_card_chess_view
from drezlab.testing import random_game, random_plies

A1_FEN = "6k1/8/8/8/8/3N4/5PPP/4r1K1 w - - 0 1"
A1_COMMON = ["P1", "P2", "P4", "P5", "P6"]


# ------------------------------------------------------------- permission table
def test_permission_classes_follow_the_rules() -> None:
    assert permits(ANY_MOVE, CASTLE) and permits(ANY_MOVE, chess.QUEEN)
    assert permits(KING_ONLY, KING_STEP) and not permits(KING_ONLY, chess.PAWN) and not permits(KING_ONLY, CASTLE)
    assert permits(chess.ROOK, CASTLE) and permits(chess.ROOK, KING_STEP) and not permits(chess.QUEEN, CASTLE)
    assert permits(chess.KNIGHT, chess.KNIGHT) and not permits(chess.KNIGHT, chess.BISHOP)
    counts = [0, 8, 2, 1, 3, 1, 4, 1]           # per move class: pawn .. queen, king step, castling
    total = sum(counts)
    assert count_permitted(ANY_MOVE, counts, total) == total
    assert count_permitted(KING_ONLY, counts, total) == 4
    assert count_permitted(chess.ROOK, counts, total) == 3 + 4 + 1
    assert count_permitted(chess.PAWN, counts, total) == 8 + 4
    for card_class, allowed in ALLOWED.items():
        assert count_permitted(card_class, counts, total) == sum(counts[c] for c in allowed)


# ---------------------------------------------------- the python-chess source
def random_boards(count: int, seed: int = 3) -> list[chess.Board]:
    rng = random.Random(seed)
    boards = [chess.Board("r3k2r/pppq1ppp/2n2n2/8/8/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1")]
    board = chess.Board()
    while len(boards) < count:
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            board = chess.Board()
            continue
        board.push(rng.choice(moves))
        boards.append(board.copy())
    return boards


def test_chess_source_classes_and_kinds_agree_with_python_chess() -> None:
    for board in random_boards(150):
        source = ChessBoardMoves(board)
        legal = source.legal_moves()
        assert legal == list(board.legal_moves)
        for move, move_class in zip(legal, source.move_classes(legal)):
            if board.is_castling(move):
                assert move_class == CASTLE
            else:
                assert move_class == board.piece_type_at(move.from_square)
            assert source.move_of(source.key(move)) == move
            text, targets = source.notation(move)
            assert text == move.uci() and targets[:2] == (text[:2], text[2:4])
        assert source.mover() == (0 if board.turn else 1)
        for kind in range(1, 6):
            assert source.has_kind(kind, 0) == bool(board.pieces_mask(kind, chess.WHITE))


@pytest.mark.parametrize("castling", [False, True])
def test_moves_of_kinds_is_the_filtered_legal_list(castling: bool) -> None:
    """The fast path gives exactly the king's moves (castling only when asked) and those
    of the pieces of the kinds named, or ``None`` when a kind has no piece."""
    rng = random.Random(castling)
    seen_castling = False
    for board in random_boards(150):
        source = ChessBoardMoves(board)
        kinds = set(rng.sample(range(1, 6), rng.randint(0, 3)))
        got = source.moves_of_kinds(kinds, castling)
        if any(not board.pieces_mask(kind, board.turn) for kind in kinds):
            assert got is None
            continue
        expected = [move for move in board.legal_moves
                    if (board.piece_type_at(move.from_square) in kinds | {chess.KING})
                    and (castling or not board.is_castling(move))]
        seen_castling |= any(board.is_castling(move) for move in board.legal_moves)
        assert got is not None and set(got) == set(expected) and len(got) == len(expected)
    assert seen_castling


# ------------------------------------------------------------- chess bots API
def test_chess_board_is_the_current_position() -> None:
    game = PokerDrez(seed=5, pawn_removal=False)
    assert isinstance(game.chess_board, chess.Board) and game.chess_board.fen() == chess.STARTING_FEN
    game.play(next(a for a in game.legal_actions() if a.data[0] == "move"))
    assert game.chess_board.move_stack and game.chess_board is game.board


def test_chess_move_names_the_move_of_an_action_and_nothing_else() -> None:
    game = PokerDrez(fen=chess.STARTING_FEN, decks=1, hands={0: ["X1", "P2"]},
                     common=["N3", "B4", "B5", "B6", "B7"], pile=["J9", "J8"], die=0)
    moves = {action.text: game.chess_move(action) for action in game.legal_actions()}
    assert moves["P2:e2e4"] == chess.Move.from_uci("e2e4")
    assert moves["N3:g1f3"] == chess.Move.from_uci("g1f3")
    assert moves["roll"] is None and moves["X1>pile"] is None and moves["X1>N3"] is None
    assert game.chess_move("P2:e4") == chess.Move.from_uci("e2e4"), "text (SAN too) is parsed"
    move = game.chess_move("P2:e2e4")
    move.to_square = chess.E5                      # a new object each time: the game is untouched
    assert game.chess_move("P2:e2e4") == chess.Move.from_uci("e2e4")
    with pytest.raises(IllegalAction):
        game.chess_move("P2:e2e5")
    promotion = PokerDrez(fen="7k/P7/8/8/8/8/8/4K3 w - - 0 1", decks=1, hands={0: ["P1", "P3"]},
                          common=["P2", "P4", "P5", "P6", "P7"])
    assert promotion.chess_move("P1:a7a8n") == chess.Move(chess.A7, chess.A8, chess.KNIGHT)
    game.play("N3:g1f3")
    assert game.chess_move(game.legal_actions()[0]) is None, "returning a card moves nothing"


# ------------------------------------------------------------------ chance
def test_roll_outcomes_are_the_six_faces_at_one_sixth() -> None:
    game = PokerDrez(seed=1, fen=chess.STARTING_FEN, decks=1, die=0)
    odds = game.chance_outcomes("roll")
    assert odds == {face: Fraction(1, 6) for face in range(1, 7)}
    assert sum(odds.values()) == 1


def test_actions_without_chance_have_no_outcomes() -> None:
    game = PokerDrez(fen=A1_FEN, decks=1, hands={0: ["P3", "P7"]}, common=A1_COMMON, die=0,
                     chance=Scripted([None, 2]), betting=(1, 3))
    assert game.chance_outcomes("raise 2") == {}
    game.play("roll")
    assert game.chance_outcomes("die:d3e1") == {}, "a die move draws no card"
    returning = PokerDrez(fen=chess.STARTING_FEN, decks=1, hands={0: ["P1", "P2"]},
                          common=["N3", "B4", "B5", "B6", "B7"], pile=["Q9", "J9"])
    returning.play("N3:g1f3")
    assert returning.chance_outcomes("return Q9") == {}
    plain = PokerDrez(fen=A1_FEN, decks=1, hands={0: ["P3", "P7"]}, common=A1_COMMON, pile=[])
    assert plain.plain_chess and plain.chance_outcomes("d3e1") == {}


def test_next_card_odds_are_exact_from_the_seat_to_move() -> None:
    game = PokerDrez(fen=chess.STARTING_FEN, decks=1, hands={0: ["X1", "P2"], 1: ["J1", "J2"]},
                     common=["N3", "B4", "B5", "B6", "B7"], pile=["J9", "J8", "Q1"], die=1)
    unseen = sorted(["J1", "J2", "J9", "J8", "Q1"])
    for text in ("X1>pile", "X1>N3", "P2:e2e4"):
        odds = game.chance_outcomes(text)
        assert odds == {card_id: Fraction(1, 5) for card_id in unseen}, text
        assert sum(odds.values()) == 1
    taken = game.chance_outcomes("X1>hand")
    assert taken == {card_id: Fraction(1, 5) for card_id in unseen} and sum(taken.values()) == 1
    with pytest.raises(IllegalAction):
        game.chance_outcomes("Q9:e2e4")


def test_a_card_known_to_be_in_a_hand_counts_one_in_its_size() -> None:
    """White takes a card from Black: Black then knows where it is (D12), and its odds
    for taking a card back count it at 1/2 of White's 2-card hand."""
    game = PokerDrez(fen=chess.STARTING_FEN, decks=1, hands={0: ["X1", "P2"], 1: ["X2", "J2"]},
                     common=["N3", "B4", "B5", "B6", "B7"], pile=["J9", "J8", "Q1"],
                     chance=Scripted([None, 1]))
    game.play("X1>hand")                            # takes J2 (index 1); Black draws J9
    assert game.hands[0][0] == Card.parse("J2") and game.hands[1] == [Card.parse("X2"), Card.parse("J9")]
    game.play("P2:e2e4")                            # White draws J8
    odds = game.chance_outcomes("X2>hand")
    assert odds["J2"] == Fraction(1, 2)
    others = {card_id: share for card_id, share in odds.items() if card_id != "J2"}
    assert len(others) == len(game.pile) + 1 and sum(others.values()) == Fraction(1, 2)
    assert "X1" not in odds and "P2" not in odds, "discarded cards are placed"


def test_scripted_rolls_and_cards() -> None:
    game = PokerDrez(fen=A1_FEN, decks=1, hands={0: ["P3", "P7"]}, common=A1_COMMON, die=0,
                     chance=Scripted([None, 2]))
    game.play("roll")
    assert game.die_value == 2 and [str(a) for a in game.legal_actions()] == ["die:d3e1"]
    game.undo()
    assert game.chance.script == [2] and game.die_value is None, "undo gives the outcome back to the script"
    game.play("roll")
    assert game.die_value == 2
    loaded = PokerDrez.from_json(game.to_json())
    assert loaded.to_json() == game.to_json() and loaded.die_value == 2


def test_a_script_that_runs_out_changes_nothing() -> None:
    from drezlab.core.chance import ScriptExhausted

    game = PokerDrez(fen=A1_FEN, decks=1, hands={0: ["P3", "P7"]}, common=A1_COMMON, die=0,
                     chance=Scripted([None]))
    before = game.to_json()
    with pytest.raises(ScriptExhausted):
        game.play("roll")
    assert game.to_json() == before


def test_the_deal_goes_through_chance_in_the_old_order() -> None:
    """Seeded deals are those of drezlab 0.1: one shuffle of the packs, then the deal."""
    for seed in range(5):
        order = Deck.all_cards(2)
        random.Random(seed).shuffle(order)
        game = PokerDrez(seed=seed, pawn_removal=False)
        top = order[::-1]
        assert game.hands == [[top[0], top[2]], [top[1], top[3]]] and game.common == top[4:9]
        assert game.pile == top[9:]


# ------------------------------------------------------- resampling, undo records
def test_resampling_keeps_discards_and_known_cards_in_place() -> None:
    game = PokerDrez(fen=chess.STARTING_FEN, decks=1, hands={0: ["X1", "P2"], 1: ["X2", "J2"]},
                     common=["N3", "B4", "B5", "B6", "B7"], chance=Scripted([None, 1]))
    game.play("X1>hand")
    game.play("P2:e2e4")
    rng = random.Random(2)
    hidden_changed = False
    for _ in range(20):
        other = game.resample(1, rng)
        assert other.discard == game.discard
        assert Card.parse("J2") in other.hands[0], "Black knows White holds J2"
        assert other.hands[1] == game.hands[1] and other.view(1) == game.view(1)
        hidden_changed |= other.hands[0] != game.hands[0]
    assert hidden_changed


def test_undo_records_are_named() -> None:
    game = random_game(PokerDrez(seed=3, pawn_removal=False, betting=(1, 5)), 3, 6)
    for step in game._history:
        assert isinstance(step.undo, PokerDrezUndo) and isinstance(step.undo.turn, CardChessState)
        assert tuple(field.name for field in dataclasses.fields(step.undo.turn)) == (
            "_seat", "_phase", "die_holder", "die_value", "plain_chess", "_outcome", "_known")
        assert tuple(field.name for field in dataclasses.fields(step.undo.bets)) == (
            "bet", "last_raiser", "_pending_raise", "_raised_this_turn", "black_removed_file")


def test_simulations_count_board_plies_and_judge_by_material() -> None:
    game = PokerDrez(fen="4k3/8/8/8/8/8/3PPP2/R3K3 w - - 0 1", decks=1, hands={0: ["R1", "P2"], 1: ["J1", "J2"]},
                     common=["P3", "P4", "P5", "P6", "P7"], pile=["Q1", "Q2", "Q3"])
    assert game.plies == 0 and game.material(0) == 8 and game.material(1) == -8
    assert game.adjudicate() == (1.0, 0.0)
    assert game.evaluate(0) == pytest.approx(8 / 39) and game.evaluate(1) == pytest.approx(-8 / 39)
    game.play("R1:a1a2")
    assert game.plies == 1 and len(game.history) == 1
    level = PokerDrez(fen=chess.STARTING_FEN, decks=1)
    assert level.adjudicate() is None and level.evaluate(0) == 0.0
    black = PokerDrez(fen="r3k3/8/8/8/8/8/8/4K3 w - - 0 1", decks=1)
    assert black.adjudicate() == (0.0, 1.0)


# -------------------------------------------------------------------- metadata
@pytest.mark.parametrize("options", [
    {"pawn_removal": -99}, {"pawn_removal": 1}, {"decks": True}, {"decks": 3}, {"decks": float("nan")},
    {"betting": (1, float("nan"))}, {"betting": (True, 5)}, {"betting": (5, 1)}, {"betting": (1, 2000)},
    {"draw_claims": "sometimes"}, {"show_discard_history": "yes"}, {"blocked_figures_are_jokers": None},
])
def test_options_are_checked_strictly(options: dict) -> None:
    with pytest.raises(ValueError):
        PokerDrez(seed=1, **options)
    record = json.loads(PokerDrez(seed=1).to_json())
    record["options"].update({key: list(value) if isinstance(value, tuple) else value
                              for key, value in options.items()})
    with pytest.raises(BadRecord):
        PokerDrez.from_json(json.dumps(record, allow_nan=True))


def test_metadata_describes_the_game() -> None:
    assert SPEC.cls() is PokerDrez and PokerDrez.spec is SPEC and PokerDrez.name == "pokerdrez"
    assert SPEC.seats == (2, 2) and SPEC.chance == "explicit" and SPEC.hidden_information
    assert set(SPEC.bots) == {"random", "greedy", "search", "greedy-chess", "search-chess", "stockfish-low",
                              "stockfish-mid", "stockfish-high"}
    assert SPEC.bots["greedy-chess"] == "drezlab.kits.chessbots:GreedyChessPlayer"
    for options in SPEC.all_option_sets():
        game = PokerDrez(seed=2, **options)
        assert game.options == SPEC.validate_options(options)


def test_game_package_imports_no_picture_and_meta_imports_only_the_spec() -> None:
    import ast
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "drezlab" / "games" / "pokerdrez"
    imported: dict[str, set[str]] = {}
    for name in ("meta", "game", "picture"):
        tree = ast.parse((package / f"{name}.py").read_text(encoding="utf-8"))
        imported[name] = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        imported[name] |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert imported["meta"] <= {"__future__", "typing", "drezlab.core.spec"}
    assert not any("picture" in module or "render" in module for module in imported["game"])
    assert "drezlab.games.pokerdrez.game" not in imported["picture"]


# -------------------------------------------------------- four seats, two teams
class TokenMoves:
    """A move source for the four-seat test game: ``present[seat]`` are the piece kinds
    a seat has on the board, ``movable[seat]`` those with a move (one move each);
    kind 6 is the king."""

    def __init__(self, game: FourSeats) -> None:
        self.game = game

    def mover(self) -> int:
        return self.game._seat

    def legal_moves(self) -> list[tuple[int, int]]:
        seat = self.mover()
        return [(seat, kind) for kind in sorted(self.game.movable[seat])]

    def move_classes(self, moves: Any) -> list[int]:
        return [kind for _, kind in moves]

    def has_kind(self, kind: int, seat: int) -> bool:
        return kind in self.game.present[seat]

    def moves_of_kinds(self, kinds: Collection[int], castling: bool) -> list[tuple[int, int]] | None:
        if any(kind not in self.game.present[self.mover()] for kind in kinds):
            return None
        return [move for move in self.legal_moves() if move[1] in set(kinds) | {KING_STEP}]

    def key(self, move: tuple[int, int]) -> tuple[int, int]:
        return move

    def move_of(self, key: tuple[int, int]) -> tuple[int, int]:
        return key

    def notation(self, move: tuple[int, int]) -> tuple[str, tuple[str, ...]]:
        return f"k{move[1]}", (f"piece-{move[0]}-{move[1]}",)


class FourSeats(CardChessGame):
    """Yellow, Green, Red, Blue in turn; Yellow and Red against Green and Blue (§3)."""

    seat_names = ("Yellow", "Green", "Red", "Blue")

    def __init__(self, order: list[str], script: list[Any] = (), present: Any = None, movable: Any = None,
                 die: int | None = 0) -> None:
        super().__init__()
        self._start_chance(None, Scripted([order, *script]))
        self.present = present or {seat: frozenset((1, 2, KING_STEP)) for seat in range(4)}
        self.movable = movable or {seat: frozenset((1, KING_STEP)) for seat in range(4)}
        self.moves_made: list[tuple[int, int]] = []
        cards = Deck.all_cards(1)
        self.chance.shuffle(cards)
        self._lay_out_cards(seats=4, teams=(0, 1, 0, 1), turn_order=(0, 1, 2, 3), hands=[[], [], [], []],
                            common=[], pile=cards, discard=[], show_discard_history=False)
        self.die_holder = die
        self._deal(2, 5)
        self._start_turn(0)
        self._settle()
        self._seal_setup()

    def _bind(self) -> None:
        super()._bind()
        self._source = TokenMoves(self)

    def _push_move(self, move: Any) -> None:
        self.moves_made.append(move)

    def _pop_move(self) -> None:
        self.moves_made.pop()

    def _end_turn(self) -> None:
        self._start_turn((self._seat + 1) % 4)
        self._settle()

    def _halfmove_clock(self) -> int:
        return 0

    def _repetition_count(self) -> int:
        return 0

    def _finish_stuck(self) -> None:
        self._finish(self.opponents(self._seat), "checkmate")

    def _state(self) -> dict[str, Any]:
        return {**self._card_state(), "moves": [list(move) for move in self.moves_made]}

    def _public(self, seat: int | None) -> dict[str, Any]:
        return {**self._card_public(seat), "fen": chess.STARTING_FEN, "last_move": None}


def deck_order(top: list[str]) -> list[str]:
    """A shuffle result whose pile top (its end) deals ``top`` in order."""
    rest = [card.id for card in Deck.all_cards(1) if card.id not in top]
    return rest + top[::-1]


DEAL = ["X1", "P1", "P2", "P3", "N1", "N2", "N3", "N4", "B1", "B2", "B3", "B4", "B5"]


def test_four_seats_are_dealt_in_turn_order_with_teams_and_opponents() -> None:
    game = FourSeats(deck_order(DEAL))
    assert game.players == 4 and game.teams == (0, 1, 0, 1)
    assert [[card.id for card in hand] for hand in game.hands] == [["X1", "N1"], ["P1", "N2"], ["P2", "N3"],
                                                                   ["P3", "N4"]]
    assert [card.id for card in game.common] == ["B1", "B2", "B3", "B4", "B5"]
    assert game.opponents(0) == (1, 3) and game.opponents(1) == (2, 0) and game.opponents(2) == (3, 1)
    assert game.zones.names() == ["hand-0", "hand-1", "hand-2", "hand-3", "common", "pile", "discard"]


def test_four_seats_exchange_names_the_opponent_and_the_die_passes_to_the_next_one() -> None:
    game = FourSeats(deck_order(DEAL), script=[5, 1])
    texts = {action.text for action in game.legal_actions()}
    assert {"X1>hand-1", "X1>hand-3", "X1>pile", "roll"} <= texts
    assert not any(text.startswith("X1>hand-2") or text == "X1>hand" for text in texts), "no card from a partner"
    exchange = next(action for action in game.legal_actions() if action.text == "X1>hand-3")
    assert exchange.targets == ("X1", "hand-3")
    game.play("roll")
    assert game.die_value == 5 and game.die_holder == 1, "the die passes to the next opponent in turn order"
    pile_top = game.pile[0]
    game.play("X1>hand-3")
    assert game.hands[0][0] == Card.parse("N4") and game.hands[3] == [Card.parse("P3"), pile_top]
    before = game.to_json()
    game.play("N1:k6")
    assert game.to_move == 1 and game.moves_made == [(0, KING_STEP)]
    game.undo()
    assert game.to_json() == before


def test_four_seats_observations_hide_partners_and_opponents_alike() -> None:
    game = FourSeats(deck_order(DEAL))
    view = game.view(2)
    assert view.ids("hand-2") == ("P2", "N3")
    for other in (0, 1, 3):
        assert view.ids(f"hand-{other}") == ("??", "??"), "D15: partners do not see each other's cards"
    svg = draw_card_chess_view(view)
    assert all(f'data-id="hand-{seat}"' in svg for seat in range(4))
    for hidden in ("X1", "N1", "P1", "N2", "P3", "N4"):
        assert f'data-id="{hidden}"' not in svg
    assert 'data-id="P2"' in svg and 'data-id="N3"' in svg
    assert {"Yellow", "Green", "Red", "Blue"} <= set(re.findall(r">(\w+)</text>", svg))


def test_four_seats_a_stuck_seat_loses_for_its_team() -> None:
    """Green (seat 1) holds only knight cards, its knight cannot move and it has no king
    move: with no die and no neutral card it is stuck, and Yellow and Red win (D19)."""
    deal = ["P1", "N1", "P2", "P3", "P4", "N2", "P5", "P6", "N3", "N4", "N5", "N6", "N7"]
    movable = {0: frozenset((1,)), 1: frozenset((1,)), 2: frozenset((1,)), 3: frozenset((1,))}
    present = {seat: frozenset((1, 2)) for seat in range(4)}
    game = FourSeats(deck_order(deal), present=present, movable=movable, die=None)
    assert [card.id for card in game.hands[1]] == ["N1", "N2"]
    game.play("P1:k1")
    assert game.outcome is not None and game.outcome.winners == (2, 0)
    assert game.outcome.reason == "checkmate"


@pytest.mark.parametrize(("name", "options"), [("pokerdrez", {}), ("pokerdrez", {"betting": [1, 5]}),
                                               ("pokerdrez4", {"blocked_figures_are_jokers": True})])
def test_random_play_counts_the_free_actions_it_does_not_build(name: str, options: dict[str, Any]) -> None:
    """A card turn's random action counts the die, exchanges and stop without building them
    (``_resource_count``): the count is the list's length, and the draw is the one an index
    into the whole legal list would make."""
    checked = 0
    for seed in range(6):
        for game in random_plies(drezlab.new(name, seed=seed, **options), seed, limit=300):
            if game.is_over or game.phase != PHASE_PLAY or game.plain_chess:
                continue
            assert game._resource_count() == len(game._resource_actions())
            legal, draw = game.legal_actions(), random.Random(seed * 1000 + checked)
            expected = legal[random.Random(seed * 1000 + checked).randrange(len(legal))]
            assert game.random_action(draw).text == expected.text
            checked += 1
    assert checked > 200
