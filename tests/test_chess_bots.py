"""The material bots of drezlab.players.chess_bots: what each one sees, card awareness,
determinism, PokerDrez support, and that search > greedy > random in a seeded match."""

from __future__ import annotations

import chess
import pytest
from toygame import Race

from drezlab.games.edami import Edami
from drezlab.games.pokerdrez import PokerDrez
from drezlab.players import PLAYERS, RandomPlayer, make, play_out
from drezlab.players.chess_bots import (
    GreedyChessPlayer,
    PlainGreedyChessPlayer,
    PlainSearchChessPlayer,
    SearchChessPlayer,
    capture_gain,
    material,
)
from drezlab.sim import tournament

BOTS = [GreedyChessPlayer, SearchChessPlayer]
#: the registry lines these bots are meant to be registered under in drezlab.players.PLAYERS
REGISTRY = {
    "greedy-chess": "drezlab.players.chess_bots:GreedyChessPlayer",
    "search-chess": "drezlab.players.chess_bots:SearchChessPlayer",
    "greedy-chess-nocards": "drezlab.players.chess_bots:PlainGreedyChessPlayer",
    "search-chess-nocards": "drezlab.players.chess_bots:PlainSearchChessPlayer",
}


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
    for seed, options in enumerate([{}, {"mandatory_card": True}, {"bomb_mode": "loca", "edition": 1},
                                    {"bomb_mode": "cruel"}]):
        game = Edami(seed=seed, **options)
        players = [bot(seed=seed), RandomPlayer(seed)]
        while not game.is_over and len(game.history) < 150:
            action = players[game.to_move].choose(game)
            if action.text == "resign" and isinstance(players[game.to_move], RandomPlayer):
                continue
            game.play(action)


@pytest.mark.parametrize("bot", BOTS)
def test_pokerdrez_is_supported(bot: type) -> None:
    for seed in range(2):
        game = PokerDrez(seed=seed)
        play_out(game, [bot(seed=seed), RandomPlayer(seed)])
        assert game.is_over


def test_games_without_a_chess_board_are_refused() -> None:
    with pytest.raises(ValueError, match="chess board"):
        GreedyChessPlayer(seed=1).choose(Race(seed=1))


def test_registry_lines_resolve(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, target in REGISTRY.items():
        monkeypatch.setitem(PLAYERS, name, target)
        player = make(name, seed=4)
        assert player.name == name
        assert player.draws == (not name.endswith("-nocards"))


def test_seeded_plain_chess_match_search_beats_greedy_beats_random() -> None:
    """EDAMI where nobody draws is plain chess; 10 games per pairing, colours alternating."""
    plain = ("edami", {})
    greedy_random = tournament(plain, [PlainGreedyChessPlayer(), RandomPlayer()], 10, seed=100, max_plies=200)
    search_greedy = tournament(plain, [PlainSearchChessPlayer(), PlainGreedyChessPlayer()], 10, seed=200,
                               max_plies=200)
    assert greedy_random["greedy-chess-nocards"].rate >= 0.8, greedy_random.table()
    assert search_greedy["search-chess-nocards"].rate >= 0.8, search_greedy.table()
    assert search_greedy["search-chess-nocards"].wins > search_greedy["search-chess-nocards"].losses
