"""The strength ladder a game declares in its metadata (``GameSpec.levels``)."""

import pytest

from drezlab.core.registry import specs
from drezlab.core.spec import GameSpec


def test_levels_must_be_declared_bots() -> None:
    with pytest.raises(ValueError, match="not among its bots"):
        GameSpec(name="x", game_class="x:X", title="X", title_es="X", summary="x",
                 bots={"random": "drezlab.players:RandomPlayer"}, levels=("random", "genius"))


def test_level_numbers_count_from_the_beginner() -> None:
    spec = GameSpec(name="x", game_class="x:X", title="X", title_es="X", summary="x",
                    bots={"random": "a:A", "greedy": "a:B", "search": "a:C"},
                    levels=("random", "greedy", "search"))
    assert [spec.level(n) for n in (1, 2, 3)] == ["random", "greedy", "search"]
    assert spec.strongest == "search"
    with pytest.raises(ValueError, match="levels 1 to 3, not 4"):
        spec.level(4)
    with pytest.raises(ValueError, match="levels 1 to 3, not 0"):
        spec.level(0)


def test_every_registered_game_declares_a_ladder_from_random() -> None:
    for name, spec in specs().items():
        if not spec.game_class.startswith("drezlab.games."):
            continue  # the tests' own toy games
        assert spec.levels and spec.levels[0] == "random", name
        assert len(set(spec.levels)) == len(spec.levels), name
