"""The Brandubh picture, parsed as XML: clickable squares and pieces, throne and corners
marked, the three kinds of piece told apart by shape, last move, captures, determinism;
drawn from an observation only, by the picture module the metadata names."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from drezlab import Observation
from drezlab.games.brandubh import SQUARE_NAMES, Brandubh
from drezlab.games.brandubh.meta import SPEC
from drezlab.games.brandubh.picture import RESTRICTED_FILL, draw

SVG = "{http://www.w3.org/2000/svg}"
HREF = "{http://www.w3.org/1999/xlink}href"


def parse(game: Brandubh, **options) -> ET.Element:
    return ET.fromstring(game.svg(**options))


def square_rects(root: ET.Element) -> dict[str, ET.Element]:
    return {rect.get("data-id"): rect for rect in root.iter(SVG + "rect") if rect.get("data-id")}


def pieces(root: ET.Element) -> dict[str, str]:
    """square -> the def id its piece uses"""
    return {use.get("data-id"): use.get(HREF) for use in root.iter(SVG + "use") if use.get("data-id")}


def defs(root: ET.Element) -> dict[str, ET.Element]:
    return {element.get("id"): element for element in root.find(SVG + "defs")}


def overlays(root: ET.Element, colour: str) -> set[tuple[str, str]]:
    return {(rect.get("x"), rect.get("y")) for rect in root.iter(SVG + "rect") if rect.get("fill") == colour}


def test_every_square_is_a_clickable_rect() -> None:
    rects = square_rects(parse(Brandubh()))
    assert sorted(rects) == sorted(SQUARE_NAMES)


def test_every_piece_is_clickable_with_its_square() -> None:
    game = Brandubh()
    placed = pieces(parse(game))
    assert {square for square, href in placed.items() if href == "#dz-tafl-a"} == set(game.attackers)
    assert {square for square, href in placed.items() if href == "#dz-tafl-d"} == set(game.defenders)
    assert {square for square, href in placed.items() if href == "#dz-wk"} == {"d4"}


def test_pieces_differ_in_shape_not_only_colour() -> None:
    root = parse(Brandubh())
    shapes = {name: {child.tag.replace(SVG, "") for child in element.iter()} - {"g"}
              for name, element in defs(root).items() if name in ("dz-tafl-a", "dz-tafl-d", "dz-wk")}
    assert shapes["dz-tafl-a"] == {"polygon"}      # a diamond
    assert shapes["dz-tafl-d"] == {"circle"}       # a round shield
    assert shapes["dz-wk"] == {"path"}             # the chess king
    assert len({frozenset(shape) for shape in shapes.values()}) == 3


def test_throne_and_corners_are_marked() -> None:
    root = parse(Brandubh.from_text("......./......./......./.K...../......./......./......."))
    rects = square_rects(root)
    restricted = {name for name, rect in rects.items() if rect.get("fill") == RESTRICTED_FILL}
    assert restricted == {"a1", "a7", "g1", "g7", "d4"}
    signs = [group for group in root.iter(SVG + "g") if group.get("pointer-events") == "none"][0]
    assert len(list(signs.iter(SVG + "path"))) == 4      # a cross on each corner
    assert len(list(signs.iter(SVG + "rect"))) == 2      # two frames on the throne


def test_last_move_is_tinted() -> None:
    game = Brandubh()
    assert not overlays(parse(game), "#d9d23a")
    game.play("d1-c1")
    root = parse(game)
    rects = square_rects(root)
    assert overlays(root, "#d9d23a") == {(rects[name].get("x"), rects[name].get("y")) for name in ("d1", "c1")}


def test_captured_pieces_are_crossed_and_counted() -> None:
    game = Brandubh.from_text("......./.....K./......./......./.ad..../......./...a...", to_move="black")
    game.play("d1-d3")                       # BR-2: c3 is captured
    root = parse(game)
    red = [path for path in root.iter(SVG + "path") if path.get("stroke") == "#c0161b"]
    ghosts = [use for use in root.iter(SVG + "use") if use.get("opacity") == ".35"]
    assert len(red) == 1 and [ghost.get(HREF) for ghost in ghosts] == ["#dz-tafl-d"]
    assert all(ghost.get("data-id") is None for ghost in ghosts)
    assert "c3" not in pieces(root)
    counts = [text.text for text in root.iter(SVG + "text") if (text.text or "").startswith("×")]
    assert counts == ["× 0", "× 1"]          # attackers, defenders
    game.play("f6-f5")
    assert not [path for path in parse(game).iter(SVG + "path") if path.get("stroke") == "#c0161b"]


def test_king_capture_is_crossed() -> None:
    game = Brandubh.from_text(".K..a../......./......./......./......./......./.......")
    game.play("e7-c7")
    root = parse(game)
    red = [path for path in root.iter(SVG + "path") if path.get("stroke") == "#c0161b"]
    assert len(red) == 1
    assert "Black wins: king captured" in game.svg()


def test_marks_tint_squares() -> None:
    game = Brandubh()
    root = parse(game, marks=["b1", "c1"])
    rects = square_rects(root)
    assert overlays(root, "#3b82f6") == {(rects[n].get("x"), rects[n].get("y")) for n in ("b1", "c1")}


def test_status_line() -> None:
    assert "Black to move" in Brandubh().svg()


def test_same_game_same_text_in_any_process() -> None:
    code = ("import random; from drezlab.games.brandubh import Brandubh; g = Brandubh(); r = random.Random(4)\n"
            "for _ in range(20): g.play(g.random_action(r))\n"
            "import hashlib; print(hashlib.sha256(g.svg(marks=['a2', 'b2']).encode()).hexdigest())")
    digests = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        digests.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                   check=True).stdout)
    assert len(digests) == 1


def test_the_picture_is_drawn_from_the_observation_only() -> None:
    """The metadata names ``picture.draw``; an observation made by hand (no game) draws the same."""
    assert SPEC.picture == "drezlab.games.brandubh.picture:draw"
    game = Brandubh.from_text("......./.....K./......./......./.ad..../......./...a...")
    game.play("d1-d3")
    view = game.view(None)
    copied = Observation(view.game, None, view.players, view.to_move, view.outcome, view.status,
                         public=dict(view.public), last=view.last)
    assert draw(copied) == game.svg() == view.svg() == game.view(0).svg() == game.view(1).svg()
    assert draw(copied, marks=["a1"], square=40) == game.svg(marks=["a1"], square=40)


@pytest.mark.parametrize("options, message", [
    ({"marks": ["h9"]}, "not a square"),
    ({"marks": [3]}, "not a square"),
    ({"square": 0}, "positive number"),
    ({"square": float("nan")}, "positive number"),
    ({"square": "52"}, "positive number"),
])
def test_bad_picture_options_are_refused(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Brandubh().svg(**options)


def test_rules_load_no_picture_and_the_metadata_loads_no_rules() -> None:
    code = ("import sys\n"
            "import drezlab.games.brandubh.meta\n"
            "assert 'drezlab.games.brandubh.game' not in sys.modules, 'meta imported the rules'\n"
            "from drezlab.games.brandubh import Brandubh\n"
            "Brandubh().play('d1-c1')\n"
            "drawn = [name for name in sys.modules if 'picture' in name or name.startswith('drezlab.render')]\n"
            "assert not drawn, drawn\n"
            "print('ok')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "ok", result.stderr
