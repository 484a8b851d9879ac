"""Teacher positions go through one base hook (issue 24): every game whose metadata
declares a ``position`` option sets it up in ``_set_up_teacher_position`` (called once by
``Game._begin_teacher_position``, which records the normalised option), and reads it with
the pure functions of its own ``position`` module; a game without the option refuses a
position with the base hook's message. The old import paths keep working.

The card-chess family (PokerDrez, PokerDrez for 4, EDAMI) writes a teacher's position as
several options, spelt as the README, lessons and saved records spell them: the board
(``fen``, or ``position`` for PokerDrez for 4) goes to the hook, and the cards, the die,
the seat to move and the lost pieces are read from ``self.options``."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

import drezlab
from drezlab.core.game import NO_TEACHER_POSITION, Game
from drezlab.core.registry import specs

#: the house's games (other tests register toy games of their own, in some workers only)
HOUSE = {name: spec for name, spec in specs().items() if spec.game_class.startswith("drezlab.games.")}
WITH_POSITION = sorted(name for name, spec in HOUSE.items() if any(o.name == "position" for o in spec.options))
#: the card-chess family: (the option the hook is given, a teacher's position of several options)
SEVERAL_OPTIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "pokerdrez": ("fen", {"fen": "6k1/8/8/8/8/3N4/5PPP/4r1K1 w - - 0 1", "decks": 1, "hands": {0: ["N3", "R4"]},
                          "common": ["P1", "P2", "P3", "P4", "P5"], "pile": ["J1", "Q2"], "die": 0}),
    "pokerdrez4": ("position", {"position": "ykh1 gka7 rkg14 bkn8 yrd7 +gba9", "to_move": 2, "decks": 1,
                                "hands": {0: ["J1", "J2"], 2: ["Q1"]}, "common": ["N1"], "pile": ["R3", "R4"]}),
    "edami": ("fen", {"fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "specials": {"1": ["Veto"]},
                      "temporary": ["Temporary: superqueen", 0], "pile": ["Relocate"], "used": ["Wildcard"],
                      "lost": "QRp", "drawn": "Move one: pawn"}),
}
WITHOUT_POSITION = sorted(name for name in HOUSE if name not in WITH_POSITION and name not in SEVERAL_OPTIONS)


def test_the_games_with_a_position_are_known() -> None:
    """The list the hook must cover (a new game with a ``position`` option joins it)."""
    assert set(WITH_POSITION) >= {"abyss", "brandubh", "dejarik", "dejarik-courtier", "guadalete",
                                  "guadalete-cylinder", "guadalete-swimming", "jumping-bishop", "neurodrez"}
    assert WITHOUT_POSITION


def spy_on_the_hook(spec: Any, cls: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, Any]]:
    """Check that the game has a ``position`` module, and record each call of its hook
    (the position given, the form recorded) in the list returned."""
    package = spec.game_class.partition(":")[0].rpartition(".")[0]
    assert importlib.import_module(f"{package}.position").__doc__, f"{package} has no position module"
    original = cls._set_up_teacher_position
    calls: list[tuple[Any, Any]] = []

    def spy(self: Game, position: Any) -> Any:
        recorded = original(self, position)
        calls.append((position, recorded))
        return recorded

    monkeypatch.setattr(cls, "_set_up_teacher_position", spy)
    return calls


@pytest.mark.parametrize("name", WITH_POSITION)
def test_a_declared_position_is_set_up_through_the_base_hook(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = specs()[name]
    cls = spec.cls()
    assert cls._set_up_teacher_position is not Game._set_up_teacher_position, \
        f"{cls.__name__} declares a position option but does not override the base hook"
    calls = spy_on_the_hook(spec, cls, monkeypatch)
    drezlab.new(name, seed=1)
    assert calls == [], "the hook is called only when the option is given"
    examples = [options for options in spec.option_sets if options.get("position") is not None]
    assert examples, f"{name} has no option set with a teacher's position"
    for options in examples:
        calls.clear()
        game = drezlab.new(name, seed=1, **options)
        assert len(calls) == 1 and calls[0][0] == options["position"]
        recorded = calls[0][1]
        assert game.options["position"] == (options["position"] if recorded is None else recorded)
        assert type(game).from_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("name", sorted(SEVERAL_OPTIONS))
def test_a_position_of_several_options_is_set_up_through_the_base_hook(name: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = specs()[name]
    cls: type[Game] = spec.cls()
    assert cls._set_up_teacher_position is not Game._set_up_teacher_position
    calls = spy_on_the_hook(spec, cls, monkeypatch)
    plain = drezlab.new(name, seed=1)
    assert calls == [], "the hook is called only when a teacher's position is given"
    board, options = SEVERAL_OPTIONS[name]
    game = drezlab.new(name, seed=1, **options)
    assert calls == [(options[board], None)], "the board goes to the hook once; the options are kept as given"
    assert {option: game.options[option] for option in options} == options
    assert game.to_json() != plain.to_json()
    calls.clear()
    assert type(game).from_json(game.to_json()).to_json() == game.to_json()
    assert calls == [(options[board], None)], "a saved teacher's position loads through the hook too"
    with pytest.raises(ValueError, match="not valid|not a chess position"):
        drezlab.new(name, seed=1, **{**options, board: "nonsense"})


def test_the_card_chess_positions_read_their_options() -> None:
    """What each part of a teacher's position of several options sets up."""
    from drezlab.games.edami.position import lost_text

    pokerdrez = drezlab.new("pokerdrez", seed=1, **SEVERAL_OPTIONS["pokerdrez"][1])
    assert pokerdrez.board.fen() == "6k1/8/8/8/8/3N4/5PPP/4r1K1 w - - 0 1" and pokerdrez.die_holder == 0
    assert [card.id for card in pokerdrez.zones["common"]] == ["P1", "P2", "P3", "P4", "P5"]
    four = drezlab.new("pokerdrez4", seed=1, **SEVERAL_OPTIONS["pokerdrez4"][1])
    assert four.to_move == 2 and "yRd7" in four.board.placement()
    edami = drezlab.new("edami", seed=1, **SEVERAL_OPTIONS["edami"][1])
    assert edami.board.fen() == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" and edami.temporary is not None
    assert [card.spec.kind for card in edami.specials[1]] == ["veto"] and lost_text(edami.lost) == "QRp"
    with pytest.raises(ValueError, match="give a fen too"):
        drezlab.new("pokerdrez", seed=1, die=0)
    with pytest.raises(ValueError, match="give a position too"):
        drezlab.new("pokerdrez4", seed=1, to_move=1)
    with pytest.raises(ValueError, match="give a fen too"):
        drezlab.new("edami", seed=1, lost="P")


@pytest.mark.parametrize("name", WITHOUT_POSITION)
def test_a_game_without_a_position_refuses_it_through_the_base_hook(name: str) -> None:
    spec = specs()[name]
    cls = spec.cls()
    assert cls._set_up_teacher_position is Game._set_up_teacher_position
    game = drezlab.new(name, seed=1)
    with pytest.raises(ValueError) as refused:
        game._set_up_teacher_position("anything")
    assert str(refused.value) == NO_TEACHER_POSITION.format(game=spec.title)
    assert "'position'" in str(refused.value)
    try:
        drezlab.set_language("es")
        with pytest.raises(ValueError, match="no admite una posición de profesor"):
            game._set_up_teacher_position("anything")
    finally:
        drezlab.set_language("en")


def test_the_call_site_records_the_normalised_position() -> None:
    from drezlab.games.abyss.meta import PUZZLE
    game = drezlab.new("abyss", position=PUZZLE.replace("/", "\n"), to_move="black")
    assert game.options["position"] == PUZZLE
    assert drezlab.new("abyss", seed=1).options["position"] is None


def test_the_old_import_paths_keep_working() -> None:
    from drezlab.games import abyss
    from drezlab.games.abyss import game as abyss_game
    from drezlab.games.abyss import position as abyss_position
    from drezlab.games.brandubh import game as brandubh_game
    from drezlab.games.brandubh import position as brandubh_position
    from drezlab.games.edami import options as edami_options
    from drezlab.games.edami import position as edami_position
    from drezlab.games.jumpingbishop import game as jumping_game
    from drezlab.games.jumpingbishop import position as jumping_position

    assert abyss_game.parse_position is abyss_position.parse_position is abyss.parse_position
    assert abyss_game.position_text is abyss_position.position_text is abyss.position_text
    assert brandubh_game.parse_position is brandubh_position.parse_position
    assert brandubh_game.position_text is brandubh_position.position_text
    assert jumping_game.checked_position is jumping_position.checked_position
    assert edami_options.board_from is edami_position.board_from
    assert edami_options.teacher_layout is edami_position.teacher_layout
    white, black = abyss_position.parse_position("w..../...../..b../...../.....")
    assert abyss_position.position_text(white, black) == "w..../...../..b../...../....."
