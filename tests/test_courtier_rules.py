"""Courtier rules: the acceptance cases CT-1..CT-9 of rules/board-games.md §2 and one test
for each DECISION D8-D12."""

from __future__ import annotations

import re

import pytest

from drezlab import BadRecord, IllegalAction, set_language
from drezlab.core.chance import Scripted
from drezlab.games.courtier.game import Courtier
from drezlab.kits.ring import CELL_INDEX

SOUTH, NORTH = 0, 1


def given(south: str, north: str, to_move: str = "south", south_king: str = "", north_king: str = "") -> Courtier:
    """A position: guards given as cell lists; kings put out of the way unless named."""
    tokens = [f"s:guard@{cell}" for cell in south.split()] + [f"n:guard@{cell}" for cell in north.split()]
    tokens += [f"s:king@{south_king or 'o6'}", f"n:king@{north_king or 'o0'}"]
    return Courtier(position=" ".join(tokens), to_move=to_move)


def cells(game: Courtier) -> dict[str, str]:
    return {name: content for name, content in zip(CELL_INDEX, game.view(None).public["cells"]) if content}


def test_d8_setup_and_ct1_six_opening_moves() -> None:
    game = Courtier(chance=Scripted([1]))
    placed = cells(game)
    assert placed["O5"] == "s:king" and placed["O11"] == "n:king"
    assert sorted(k for k, v in placed.items() if v.startswith("s")) == sorted(f"O{k}" for k in range(3, 9))
    assert game.to_move == SOUTH
    assert sorted(a.text for a in game.legal_actions()) == sorted(f"o{k}-i{k}" for k in range(3, 9))
    assert Courtier(chance=Scripted([4])).to_move == NORTH


def test_ct2_ring_capture() -> None:
    game = given("i3 o5", "i4")
    game.play("o5-i5xi4")
    assert "I4" not in cells(game)


def test_ct3_radial_capture_through_the_centre_line() -> None:
    game = given("c o1", "i2")
    game.play("o1-o2xi2")
    assert "I2" not in cells(game)


def test_ct4_the_centre_is_captured_along_a_diameter() -> None:
    game = given("i0 o6", "c", south_king="o9")
    game.play("o6-i6xc")
    assert "C" not in cells(game)


def test_ct5_moving_between_two_enemies_is_safe() -> None:
    game = given("o4", "i3 i5", south_king="o8", north_king="o0")
    game.play("o4-i4")
    assert cells(game)["I4"] == "s:guard"


def test_ct6_double_capture_removes_all_four() -> None:
    game = given("i1 o3", "i2 i4")
    game.play("o3-i3xi2")
    placed = cells(game)
    assert not {"I1", "I2", "I3", "I4"} & set(placed)


def test_ct7_d10_one_capture_of_the_movers_choice() -> None:
    game = given("i3 i11 o5", "i4 c", south_king="o8")
    choices = {a.text: a.targets for a in game.legal_actions() if a.text.startswith("o5-i5")}
    assert choices == {"o5-i5xi4": ("O5", "I5", "I4"), "o5-i5xc": ("O5", "I5", "C")}
    game.play("o5-i5xc")
    placed = cells(game)
    assert "C" not in placed and placed["I4"] == "n:guard"


def test_ct8_king_captured_wins() -> None:
    game = Courtier(position="s:guard@o4 s:guard@i6 s:king@o9 n:king@o5 n:guard@i0", to_move="south")
    game.play("i6-o6xo5")
    assert game.is_over and game.outcome.winners == (SOUTH,) and game.outcome.reason == "king captured"


def test_ct9_outer_cells_only_along_their_ring() -> None:
    game = given("c i4", "o5")
    game.play("i4-i5")
    assert cells(game)["O5"] == "n:guard"


def test_d11_double_capture_of_both_kings_is_a_draw() -> None:
    game = Courtier(position="s:guard@i1 s:king@o3 n:king@i2 n:guard@i4", to_move="south")
    game.play("o3-i3xi2")
    assert game.is_over and game.outcome.is_draw and game.outcome.reason == "both kings captured"


def test_d11_losing_your_own_king_in_a_double_capture_loses() -> None:
    game = Courtier(position="s:king@i1 s:guard@o3 n:guard@i2 n:king@o8 n:guard@i4", to_move="south")
    game.play("o3-i3xi2")
    assert game.is_over and game.outcome.winners == (NORTH,)


def test_d12_no_legal_move_loses() -> None:
    game = Courtier(position="s:king@o0 s:guard@c n:king@o6 n:guard@o11 n:guard@i0", to_move="north")
    game.play("o6-o5")
    assert not game.is_over
    blocked = Courtier(position="s:king@o0 n:guard@o11 n:guard@o1 n:guard@i0 n:king@o6", to_move="north")
    blocked.play("o6-o5")
    assert blocked.is_over and blocked.outcome.winners == (NORTH,) and blocked.outcome.reason == "no legal move"


def test_d12_fifty_moves_without_capture_is_a_draw() -> None:
    game = Courtier(position="s:king@o3 n:king@o9", to_move="south")
    shuttle = ["o3-o4", "o9-o10", "o4-o3", "o10-o9"]
    for index in range(49):
        game.play(shuttle[index % 4])
    assert not game.is_over
    game.play(shuttle[49 % 4])
    assert game.is_over and game.outcome.is_draw and game.outcome.reason == "50 turns without a capture"


def test_positions_and_notation() -> None:
    with pytest.raises(BadRecord):
        Courtier(position="s:guard@o5 n:king@o0")
    game = Courtier(seed=3)
    with pytest.raises(IllegalAction, match="one step"):
        game.play("o5-c")
    assert all(a.text.islower() or a.text.replace("-", "").isalnum() for a in game.legal_actions())


def test_spanish_refusal_and_picture() -> None:
    set_language("es")
    try:
        game = Courtier(seed=3)
        assert game.status_text() in ("Turno de Sur", "Turno de Norte")
        with pytest.raises(IllegalAction, match="^'o5-c' no es una jugada legal ahora: mueve una pieza un paso"):
            game.play("o5-c")
        svg = game.svg()
        assert "Piezas restantes:" in svg and "0 jugadas sin captura (50)" in svg
    finally:
        set_language("en")


def test_the_picture_fits_one_screen_with_readable_text() -> None:
    """Issue 22: the ring's sector numbers and every other text at least 12 px, the
    picture at most 790 x 560 px."""
    svg = Courtier(seed=3).svg()
    width, height = (float(v) for v in re.search(r'viewBox="0,0,([\d.]+),([\d.]+)"', svg).groups())
    assert width <= 790 and height <= 560
    body = re.sub(r"<style.*?</style>", "", svg, flags=re.DOTALL)
    assert min(float(v) for v in re.findall(r'font-size="([\d.]+)"', body)) >= 12
    assert re.search(r'font-size="1[2-9]"[^>]*>11</text>', svg)          # a sector number
