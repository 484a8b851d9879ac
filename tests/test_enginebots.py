"""The Stockfish bots (drezlab.kits.enginebots and the games' stockfish-* levels).

Without Stockfish these tests skip with the install instruction, except in CI
(``CI=true``), where a missing engine fails them; the missing-engine error itself
is tested always (by pointing ``$DREZLAB_STOCKFISH`` at nothing).
"""

from __future__ import annotations

import copy
import gc
import os
import random
from pathlib import Path

import chess
import pytest

import drezlab
from drezlab.core.registry import spec_of
from drezlab.games.edami import Edami
from drezlab.games.pokerdrez import PokerDrez
from drezlab.games.pokerdrez.bots import StockfishHigh, StockfishLow
from drezlab.kits.enginebots import (
    INSTALL_HINT,
    LEVELS,
    STOCKFISH_ENV,
    EngineLevel,
    EngineMissing,
    Line,
    find_stockfish,
    pick_best,
)
from drezlab.players import make
from drezlab.sim import tournament

ENGINE_LEVELS = tuple(LEVELS)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


@pytest.fixture
def engine() -> str:
    """The Stockfish binary, or a skip with the install instruction (a failure in CI)."""
    path = find_stockfish()
    if path is None:
        message = f"Stockfish is not installed; install it with: {INSTALL_HINT}"
        if in_ci():
            pytest.fail(message + " (CI=true: the engine tests may not be skipped)", pytrace=False)
        pytest.skip(message)
    return path


def stockfish_children() -> set[int]:
    """Stockfish processes started by this test process (not yet reaped)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        parent = int(stat[stat.rindex(")") + 2:].split()[1])
        if parent == os.getpid() and "stockfish" in name:
            found.add(int(entry.name))
    return found


# --------------------------------------------------------------- no engine needed
def test_a_missing_engine_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(STOCKFISH_ENV, "/nonexistent/stockfish")
    assert find_stockfish() is None
    for game in ("pokerdrez", "edami"):
        with pytest.raises(EngineMissing, match="sudo apt-get install stockfish"):
            make("stockfish-low", seed=1, game=game)
    drezlab.set_language("es")
    try:
        with pytest.raises(EngineMissing, match="no está instalado.*apt-get install stockfish"):
            make("stockfish-high", seed=1, game="edami")
    finally:
        drezlab.set_language("en")


def test_both_games_put_the_engine_levels_at_the_top_of_their_ladder() -> None:
    """EDAMI's ladder skips stockfish-low and stockfish-mid (measured no stronger than
    search-chess with cards); both stay bots a teacher can name."""
    for game, rungs in (("pokerdrez", ENGINE_LEVELS), ("edami", ENGINE_LEVELS[2:])):
        spec = spec_of(game)
        assert spec.levels[-len(rungs):] == rungs
        assert spec.levels[0] == "random" and spec.strongest == "stockfish-high"
        for level in ENGINE_LEVELS:
            assert spec.bot(level).name == level


def test_pick_best_is_stockfish_rule_with_a_seeded_generator() -> None:
    lines = [Line(chess.Move.from_uci(uci), score) for uci, score in
             (("e2e4", 40), ("d2d4", 30), ("g1f3", 25), ("a2a3", -60))]
    assert pick_best(lines, 20, random.Random(1)) == lines[0].move
    picks = [pick_best(lines, 0, random.Random(seed)) for seed in range(200)]
    assert picks == [pick_best(lines, 0, random.Random(seed)) for seed in range(200)]
    assert set(picks) > {lines[0].move}                      # skill 0 sometimes plays a worse line
    strong = [pick_best(lines, 15, random.Random(seed)) for seed in range(200)]
    assert strong.count(lines[0].move) > picks.count(lines[0].move)


def test_levels_are_checked() -> None:
    with pytest.raises(ValueError, match="Skill Level runs from 0 to 20"):
        EngineLevel(skill=21, nodes=100)
    with pytest.raises(ValueError, match="node limit"):
        EngineLevel(skill=3, nodes=0)
    assert EngineLevel(skill=3, nodes=100).depth == 4 and EngineLevel(skill=20, nodes=100).depth is None


# ------------------------------------------------------------------- PokerDrez
QUEEN_HANGS = "4k3/8/8/3q4/8/8/P2Q4/4K3 w - - 0 1"


def pawn_cards_only(**kwargs: object) -> PokerDrez:
    """White's queen could take Black's, but every card White may use is a pawn card."""
    return PokerDrez(fen=QUEEN_HANGS, decks=1, hands={0: ["P1", "P2"], 1: ["Q1", "J1"]},
                     common=["P3", "P4", "P5", "P6", "P7"], **kwargs)  # type: ignore[arg-type]


def test_pokerdrez_engine_searches_only_the_moves_the_cards_permit(engine: str) -> None:
    game = pawn_cards_only()
    permitted = {game.chess_move(action) for action in game.legal_actions()} - {None}
    assert chess.Move.from_uci("d2d5") not in permitted
    with StockfishHigh(seed=1) as bot:
        action = bot.choose(game)
    assert game.chess_move(action) in permitted
    card = action.data[1]
    assert card.id in ("P1", "P2", "P3", "P4", "P5", "P6", "P7")
    open_game = PokerDrez(fen=QUEEN_HANGS, decks=1, hands={0: ["Q2", "P2"], 1: ["Q1", "J1"]},
                          common=["P3", "P4", "P5", "P6", "P7"])
    with StockfishHigh(seed=1) as bot:
        assert bot.choose(open_game).text == "Q2:d2d5"         # with a queen card it takes the queen


def test_pokerdrez_the_card_follows_from_the_move_and_the_joker_is_kept(engine: str) -> None:
    game = PokerDrez(fen=QUEEN_HANGS, decks=1, hands={0: ["J2", "Q2"], 1: ["Q1", "J1"]},
                     common=["P3", "P4", "P5", "P6", "P7"])
    with StockfishHigh(seed=3) as bot:
        action = bot.choose(game)
    assert action.text == "Q2:d2d5", action.text                 # the queen card, not the Joker


def test_pokerdrez_bot_decides_from_its_own_seat_only(engine: str) -> None:
    """Black's hand and the pile's order differ; White's choice does not."""
    choices = set()
    for black_hand, pile in ((["Q1", "J1"], None), (["N1", "B1"], None), (["R1", "R2"], ["J3", "Q3", "N2"])):
        game = PokerDrez(fen="r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", decks=1,
                         hands={0: ["N5", "B5"], 1: black_hand}, common=["P3", "P4", "Q5", "R5", "J5"], pile=pile)
        for bot_class in (StockfishLow, StockfishHigh):
            with bot_class(seed=11, nodes=3000) as bot:
                choices.add((bot_class.name, bot.choose(game).text))
    assert len(choices) == 2, choices


def test_pokerdrez_non_move_decisions(engine: str) -> None:
    with StockfishLow(seed=2) as bot:
        game = PokerDrez(seed=4)                                  # pawn removal: Black first
        assert bot.choose(game).text == "keep"
        returning = PokerDrez(fen=QUEEN_HANGS, decks=1, hands={0: ["J2", "P2"], 1: ["Q1", "P1"]},
                              common=["Q2", "P4", "P5", "P6", "P7"])
        returning.play("Q2:d2d5")
        assert returning.phase == "return"
        assert bot.choose(returning).text == "return P2"         # a Joker would give Black every move
        betting = PokerDrez(fen=QUEEN_HANGS, decks=1, hands={0: ["Q2", "P2"], 1: ["Q1", "P1"]},
                            common=["Q3", "P4", "P5", "P6", "P7"], betting=(1, 5))
        assert bot.choose(betting).text == "raise 5"             # a queen up after Qxd5: raise to the top
        betting.play("raise 3")
        assert bot.choose(betting).text == "accept"


def test_pokerdrez_engine_plays_a_whole_game_deterministically_and_closes(engine: str) -> None:
    before = stockfish_children()
    first = tournament("pokerdrez", ["stockfish-low", "stockfish-mid"], 1, seed=3, max_plies=24)
    second = tournament("pokerdrez", ["stockfish-low", "stockfish-mid"], 1, seed=3, max_plies=24)
    assert [(g.scores, g.plies, g.actions) for g in first.games] == \
        [(g.scores, g.plies, g.actions) for g in second.games]
    gc.collect()
    assert stockfish_children() <= before


# ----------------------------------------------------------------------- EDAMI
def test_edami_engine_obeys_a_movement_card_with_its_sub_moves(engine: str) -> None:
    game = Edami(seed=1, fen="r3k3/8/8/8/8/8/4N3/R3K3 w Qq - 0 1", drawn="Move one: N")
    allowed = {action.text for action in game.legal_actions()}
    with make("stockfish-high", seed=1, game=game) as bot:      # type: ignore[attr-defined]
        action = bot.choose(game)
    assert action.data[0] == "sub" and action.text in allowed and action.text.startswith("e2")


def test_edami_engine_draws_when_behind_and_never_without_cards(engine: str) -> None:
    behind = "3qk3/8/8/8/8/8/P7/4K3 w - - 0 1"                     # White is a queen down
    game = Edami(seed=2, fen=behind)
    with make("stockfish-mid", seed=1, game=game) as bot:       # type: ignore[attr-defined]
        assert bot.choose(game).text == "draw"
    with make("stockfish-mid", seed=1, game=game, draws=False) as bot:  # type: ignore[attr-defined]
        assert bot.choose(game).data[0] == "move"
    ahead = Edami(seed=2, fen="4k3/8/8/8/8/8/Q6r/4K3 w - - 0 1")
    with make("stockfish-mid", seed=1, game=ahead) as bot:      # type: ignore[attr-defined]
        assert bot.choose(ahead).data[0] == "move"


def test_edami_bot_never_reads_the_pile(engine: str) -> None:
    choices = set()
    for pile in (["Remove: Q", "Bomb: center"], ["Lose a turn", "Move one: P"], None):
        game = Edami(seed=5, fen="q3k3/8/8/8/8/8/3P4/4K2R w - - 0 1", pile=pile)
        with make("stockfish-low", seed=4, game=game) as bot:   # type: ignore[attr-defined]
            choices.add(bot.choose(game).text)
    assert len(choices) == 1, choices


def test_edami_card_actions_go_to_the_material_rule(engine: str) -> None:
    game = Edami(seed=1, fen="1n2r1k1/8/8/8/4n3/8/8/4K3 w - - 0 1", drawn="Remove: N")
    with make("stockfish-high", seed=1, game=game) as bot:      # type: ignore[attr-defined]
        assert bot.choose(game).text == "remove b8"              # the only legal removal


def test_edami_engine_games_repeat_and_leave_no_engine_running(engine: str) -> None:
    before = stockfish_children()
    players = ["stockfish-low", ("stockfish-high", {"nodes": 3000})]
    runs = [tournament(("edami", {"mandatory_card": True}), players, 1, seed=8, max_plies=16) for _ in range(2)]
    assert [(g.scores, g.plies, g.actions) for g in runs[0].games] == \
        [(g.scores, g.plies, g.actions) for g in runs[1].games]
    gc.collect()
    assert stockfish_children() <= before


def test_engine_process_closes_on_close_copy_and_garbage_collection(engine: str) -> None:
    game = Edami(seed=3)
    bot = make("stockfish-low", seed=1, game=game)
    bot.choose(game)
    pid = bot.engine.pid                                          # type: ignore[attr-defined]
    assert pid in stockfish_children()
    twin = copy.deepcopy(bot)
    assert twin._engine is None                                   # type: ignore[attr-defined]
    bot.close()                                                   # type: ignore[attr-defined]
    assert pid not in stockfish_children()
    twin.choose(game)
    twin_pid = twin.engine.pid                                    # type: ignore[attr-defined]
    del twin
    gc.collect()
    assert twin_pid not in stockfish_children()


def test_unrepeatable_mode_uses_the_engines_own_skill_level(engine: str) -> None:
    game = Edami(seed=3)
    with make("stockfish-low", seed=1, game=game, repeatable=False) as bot:  # type: ignore[attr-defined]
        action = bot.choose(game)
        assert bot.engine.engine.protocol.config["Skill Level"] == 0
    assert action in game.legal_actions()
