"""The material bots: the generic ones of drezlab.kits.chessbots on any game that offers
``chess_board`` and ``chess_move`` (a plain-chess game written here, PokerDrez), and
EDAMI's card-aware ones of drezlab.games.edami.bots: what each one sees, that they never
look at what their seat may not see, determinism, the metadata's bot levels, the
deprecated import path, and that search > greedy > random in a seeded match."""

from __future__ import annotations

import ast
import importlib
import random
from typing import Any

import chess
import pytest
from toygame import Race

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.core.registry import spec_of
from drezlab.games.edami import Edami
from drezlab.games.edami.bots import (GreedyChessPlayer, PlainGreedyChessPlayer, PlainSearchChessPlayer,
                                      SearchChessPlayer)
from drezlab.kits import chessbots
from drezlab.kits.chessbots import capture_gain, material
from drezlab.players import RandomPlayer, play_out
from drezlab.sim import tournament

BOTS = [GreedyChessPlayer, SearchChessPlayer]
GENERIC = [chessbots.GreedyChessPlayer, chessbots.SearchChessPlayer]


class PlainChess(Game):
    """Plain chess as a drezlab game, for the generic bots: it offers ``chess_board`` and
    ``chess_move`` and nothing else a bot could recognise."""

    def __init__(self, fen: str = chess.STARTING_FEN) -> None:
        super().__init__()
        self.board = chess.Board(fen)
        self._seat = 0 if self.board.turn == chess.WHITE else 1
        self._seal_setup()

    @property
    def chess_board(self) -> chess.Board:
        return self.board

    def chess_move(self, action: Action) -> chess.Move | None:
        data = self.parse(action).data
        return None if data is None else chess.Move(*data)

    def _generate_actions(self) -> list[Action]:
        moves = [Action(m.uci(), (chess.square_name(m.from_square), chess.square_name(m.to_square)),
                        data=(m.from_square, m.to_square, m.promotion)) for m in self.board.legal_moves]
        return moves + [Action("resign", (), "Resign")]

    def _apply(self, action: Action) -> Any:
        before = (self._outcome, self._seat)
        if action.data is None:
            self._finish((1 - self._seat,), "resignation")
            return before
        self.board.push(chess.Move(*action.data))
        self._seat = 1 - self._seat
        if self.board.is_checkmate():
            self._finish((1 - self._seat,), "checkmate")
        elif self.board.is_game_over():
            self._finish((), "draw")
        return before

    def _revert(self, action: Action, undo: Any) -> None:
        if action.data is not None:
            self.board.pop()
        self._outcome, self._seat = undo

    def _state(self) -> dict[str, Any]:
        return {"fen": self.board.fen()}


def chess_game(fen: str, **options: object) -> Edami:
    """EDAMI from a teacher's position; with draws=False bots it is plain chess."""
    return Edami(seed=1, fen=fen, **options)


def test_material_and_capture_gain() -> None:
    board = chess.Board("4k3/8/8/3q4/4P3/8/8/4K2R w K - 0 1")
    assert material(board, chess.WHITE) == 5 + 1 - 9
    assert capture_gain(board, chess.Move.from_uci("e4d5")) == 9
    assert capture_gain(board, chess.Move.from_uci("h1h8")) == 0
    promotion = chess.Board("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    assert capture_gain(promotion, chess.Move.from_uci("b7b8q")) == 8
    ep = chess.Board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
    assert capture_gain(ep, chess.Move.from_uci("e5d6")) == 1


# ------------------------------------------------------------------ the generic kit
@pytest.mark.parametrize("bot", GENERIC)
def test_generic_bots_play_any_game_with_a_chess_board(bot: type) -> None:
    assert bot(seed=3).choose(PlainChess("4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1")).text == "e3d5"
    mate = PlainChess("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1")
    for seed in range(5):
        assert bot(seed=seed).choose(mate).text == "a1a8"
    game = PlainChess()
    while not game.is_over and len(game.history) < 60:
        before = game.to_json()
        action = bot(seed=len(game.history)).choose(game)
        assert game.to_json() == before
        game.play(action)
    assert all(action.text != "resign" for action in game.history)


def test_generic_kit_names_no_game_and_sniffs_no_member() -> None:
    """In the code of drezlab.kits.chessbots (docstrings aside): no import of a game, no
    hasattr/getattr, no game's name."""
    tree = ast.parse(open(chessbots.__file__, encoding="utf-8").read())
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert not (node.module or "").startswith("drezlab.games"), node.module
        if isinstance(node, ast.Import):
            assert not any(alias.name.startswith("drezlab.games") for alias in node.names)
        if isinstance(node, ast.Name):
            assert node.id not in ("hasattr", "getattr"), node.id
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            assert not any(name in node.value.lower() for name in ("edami", "pokerdrez", "poker7", "brandubh")), \
                node.value


@pytest.mark.parametrize("bot", GENERIC + BOTS)
def test_games_without_a_chess_board_are_refused(bot: type) -> None:
    with pytest.raises(ValueError, match="chess board|EDAMI"):
        bot(seed=1).choose(Race(seed=1))


@pytest.mark.parametrize("bot", GENERIC)
def test_pokerdrez_is_supported(bot: type) -> None:
    from drezlab.games.pokerdrez import PokerDrez
    for seed in range(2):
        game = PokerDrez(seed=seed)
        play_out(game, [bot(seed=seed), RandomPlayer(seed)])
        assert game.is_over


# ------------------------------------------------------------------ EDAMI's bots
@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("draws", [False, True])
def test_both_take_a_hanging_queen(bot: type, draws: bool) -> None:
    game = chess_game("4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1")
    assert bot(seed=3, draws=draws).choose(game).text == "e3d5"


@pytest.mark.parametrize("bot", BOTS)
def test_both_mate_in_one(bot: type) -> None:
    game = chess_game("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1")
    for seed in range(5):
        assert bot(seed=seed, draws=False).choose(game).text == "a1a8"


def test_greedy_grabs_a_defended_pawn_search_does_not_lose_the_queen() -> None:
    # Qxd5 wins a pawn, but the c6 pawn takes the queen back
    game = chess_game("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1")
    assert GreedyChessPlayer(seed=1, draws=False).choose(game).text == "d2d5"
    for seed in range(5):
        assert SearchChessPlayer(seed=seed, draws=False).choose(game).text != "d2d5"


def test_search_saves_an_attacked_queen_and_avoids_a_mate_in_one() -> None:
    # the b4 pawn attacks the queen on a3: the queen must end on a square Black does not attack
    hanging = chess_game("4k3/8/8/8/1p6/Q7/8/4K3 w - - 0 1")
    for seed in range(5):
        board = hanging.board.copy()
        board.push_uci(SearchChessPlayer(seed=seed, draws=False).choose(hanging).text)
        queen = board.pieces(chess.QUEEN, chess.WHITE)
        assert queen and not board.is_attacked_by(chess.BLACK, next(iter(queen))), board.fen()
    # Black threatens Ra1 mate: whatever the search bot plays, Ra1 must not mate
    threat = chess_game("r5k1/8/8/8/8/8/5PPP/6K1 w - - 0 1")
    mate = chess.Move.from_uci("a8a1")
    for seed in range(5):
        board = threat.board.copy()
        board.push_uci(SearchChessPlayer(seed=seed, draws=False).choose(threat).text)
        if mate in board.legal_moves:
            board.push(mate)
            assert not board.is_checkmate(), board.fen()


def test_a_super_piece_s_knight_jump_is_seen_as_a_capture_and_a_mate() -> None:
    # Superqueen: the queen on c2 takes the rook on e1 with a knight jump
    game = chess_game("6k1/8/8/8/8/8/2Q2PPP/4r1K1 w - - 0 1", temporary=("Temporary: superqueen", 0))
    for bot in BOTS:
        assert bot(seed=1).choose(game).text == "c2e1"


@pytest.mark.parametrize("bot", BOTS)
def test_bots_are_deterministic_given_the_seed_and_never_change_the_game(bot: type) -> None:
    def game_texts(seed: int) -> list[str]:
        game = Edami(seed=11)
        players = [bot(seed=seed), bot(seed=seed + 1)]
        while not game.is_over and len(game.history) < 60:
            before = game.to_json()
            action = players[game.to_move].choose(game)
            assert game.to_json() == before
            assert action in game.legal_actions()
            game.play(action)
        return [a.text for a in game.history]

    assert game_texts(5) == game_texts(5)
    assert game_texts(5) != game_texts(6)


def test_draw_estimate_draws_for_a_removal_and_never_peeks_at_the_order() -> None:
    # nothing to capture; the pile is three Quita: R cards and a Lose a turn, the rival has a rook
    fen = "r3k3/8/8/8/8/8/8/4K3 w - - 0 1"
    for pile in (["Remove: R", "Remove: R", "Remove: R", "Lose a turn"],
                 ["Lose a turn", "Remove: R", "Remove: R", "Remove: R"]):
        game = chess_game(fen, pile=pile, deck=["Remove: R", "Remove: R", "Remove: R", "Lose a turn"])
        for bot in BOTS:
            assert bot(seed=2).choose(game).text == "draw"
            assert bot(seed=2, draws=False).choose(game).text != "draw"
    # a pile that only loses turns is not worth a draw for the search bot when a pawn is hanging
    hanging = chess_game("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", pile=["Lose a turn"] * 2, deck=["Lose a turn"] * 2)
    assert SearchChessPlayer(seed=1).choose(hanging).text == "e1d2"
    assert GreedyChessPlayer(seed=1).choose(hanging).text == "e1d2"


def test_the_draw_estimate_reads_only_what_the_seat_may_know() -> None:
    # the used pile below its last card is not consultable (D26): its cards count as unknown,
    # so a Quita hidden there makes a draw worth as much as a Quita in the pile
    fen = "r3k3/8/8/8/8/8/8/4K3 w - - 0 1"
    deck = ["Remove: R", "Lose a turn", "Lose a turn"]
    in_pile = chess_game(fen, deck=deck, pile=["Remove: R", "Lose a turn"], used=["Lose a turn"])
    in_used = chess_game(fen, deck=deck, pile=["Lose a turn", "Lose a turn"], used=["Remove: R"])
    assert in_pile.view(0) != in_used.view(0)                  # the last used card is seen
    buried = chess_game(fen, deck=deck + ["Blank"], pile=["Lose a turn", "Lose a turn"],
                        used=["Remove: R", "Blank"])
    shown = chess_game(fen, deck=deck + ["Blank"], pile=["Remove: R", "Lose a turn"],
                       used=["Lose a turn", "Blank"])
    assert buried.view(0) == shown.view(0)
    for bot in BOTS:
        assert bot(seed=3).value(buried, buried.parse("draw")) == bot(seed=3).value(shown, shown.parse("draw"))


@pytest.mark.parametrize("bot", BOTS)
def test_a_choice_never_depends_on_what_the_seat_may_not_see(bot: type) -> None:
    rng = random.Random(4)
    checked = 0
    for seed in range(4):
        game = Edami(seed=seed)
        mover = RandomPlayer(seed)
        while not game.is_over and len(game.history) < 80:
            if len(game.history) % 9 == 4:
                twin = game.resample(game.to_move, rng)
                assert twin.view(twin.to_move) == game.view(game.to_move)
                assert bot(seed=seed).choose(twin).text == bot(seed=seed).choose(game).text
                checked += 1
            game.play(mover.choose(game))
    assert checked >= 20


def test_bots_obey_card_phases_and_mandatory_draws() -> None:
    # a drawn Move one: N: the bots choose among the knight moves, taking the queen if they can
    game = chess_game("4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1", drawn="Move one: N")
    assert game.phase == "card"
    for bot in BOTS:
        assert bot(seed=1).choose(game).text == "e3d5"
    # Carta Obligatoria: drawing is the only choice besides resigning, even for a no-cards bot
    forced = Edami(seed=2, mandatory_card=True)
    assert PlainGreedyChessPlayer(seed=1).choose(forced).text == "draw"
    assert PlainSearchChessPlayer(seed=1).choose(forced).text == "draw"


@pytest.mark.parametrize("bot", BOTS)
def test_full_edami_games_with_every_option(bot: type) -> None:
    for seed, options in enumerate([{}, {"mandatory_card": True}, {"mandatory_card": True, "king_capture": True},
                                    {"bomb_mode": "loca", "edition": 1}, {"bomb_mode": "cruel"}]):
        game = Edami(seed=seed, **options)
        players = [bot(seed=seed), RandomPlayer(seed)]
        while not game.is_over and len(game.history) < 150:
            game.play(players[game.to_move].choose(game))
        # every choice was legal (play refuses any other) and the game went on to its end or 150 plies
        assert game.is_over or len(game.history) == 150, (options, len(game.history))


def test_the_metadata_declares_the_bot_levels() -> None:
    spec = spec_of("edami")
    assert spec.bot("random") is RandomPlayer
    for level, cls in {"greedy-chess": GreedyChessPlayer, "search-chess": SearchChessPlayer,
                       "greedy-chess-nocards": PlainGreedyChessPlayer,
                       "search-chess-nocards": PlainSearchChessPlayer}.items():
        assert spec.bot(level) is cls
        player = cls(seed=4)
        assert player.name == level and player.draws == (not level.endswith("-nocards"))


def test_the_old_import_path_still_works_with_a_deprecation_warning() -> None:
    import drezlab.players.chess_bots as old
    with pytest.warns(DeprecationWarning, match="drezlab.kits.chessbots"):
        importlib.reload(old)
    assert old.GreedyChessPlayer is chessbots.GreedyChessPlayer
    assert old.material is chessbots.material
    assert old.seat_color(None, 1) == chess.BLACK


def test_seeded_plain_chess_match_search_beats_greedy_beats_random() -> None:
    """EDAMI where nobody draws is plain chess; 10 games per pairing, colours alternating."""
    plain = ("edami", {})
    greedy_random = tournament(plain, [PlainGreedyChessPlayer(), RandomPlayer()], 10, seed=100, max_plies=200)
    search_greedy = tournament(plain, [PlainSearchChessPlayer(), PlainGreedyChessPlayer()], 10, seed=200,
                               max_plies=200)
    assert greedy_random["greedy-chess-nocards"].rate >= 0.8, greedy_random.table()
    assert search_greedy["search-chess-nocards"].rate >= 0.8, search_greedy.table()
    assert search_greedy["search-chess-nocards"].wins > search_greedy["search-chess-nocards"].losses
