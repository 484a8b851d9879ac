"""drezlab.render: clickable ids, hidden cards, highlights, labels, determinism.

The pictures are parsed as XML and inspected element by element, so each
test fails when the feature it names is drawn wrongly, not only when it is
missing from the text.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Iterator, Sequence

import chess
import pytest

from drezlab.core.cards import Card, full_pack
from drezlab.core.i18n import set_language
from drezlab.render import (
    board_svg,
    draw_board,
    draw_card,
    draw_card_chess,
    draw_cards,
    new_drawing,
    to_svg,
)
from drezlab.render.board import COORD_MARGIN
from drezlab.render.pieces import GLYPH_SIZE, glyph_id

SVG = "{http://www.w3.org/2000/svg}"
HREF = "{http://www.w3.org/1999/xlink}href"
CARD_ID_PATTERN = re.compile(r"[PNBRQJX][1-9]")


# ------------------------------------------------------------------ helpers
def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def elements(root: ET.Element, tag: str | None = None) -> Iterator[ET.Element]:
    yield from root.iter(None if tag is None else SVG + tag)


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def by_data_id(root: ET.Element, data_id: str) -> list[ET.Element]:
    return [element for element in root.iter() if element.get("data-id") == data_id]


def square_rects(root: ET.Element) -> dict[str, ET.Element]:
    rects = [rect for rect in elements(root, "rect") if rect.get("data-id") in chess.SQUARE_NAMES]
    names = [rect.get("data-id") for rect in rects]
    assert len(names) == len(set(names)), "a square is drawn twice"
    return {str(rect.get("data-id")): rect for rect in rects}


def translation(element: ET.Element) -> tuple[float, float, float]:
    """(x, y, scale) of a ``translate(x y) scale(k)`` transform."""
    match = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)(?: scale\(([-\d.]+)\))?",
                         element.get("transform", ""))
    assert match, element.get("transform")
    return float(match[1]), float(match[2]), float(match[3] or 1)


def position(moves: Sequence[str] = ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6")) -> chess.Board:
    board = chess.Board()
    for san in moves:
        board.push_san(san)
    return board


UNKNOWN = Card.unknown()
COMMON = [Card.parse(card) for card in ("P2", "B7", "R4", "J6", "P9")]


def table(board: chess.Board | None = None, **options: object) -> str:
    """A PokerDrez table with sensible defaults, any of them overridable."""
    board = position() if board is None else board
    arguments: dict[str, object] = {
        "hands": [[Card.parse("Q5"), Card.parse("N3")], [UNKNOWN, UNKNOWN]], "common": COMMON,
        "pile_count": 37, "discard_count": 4, "die_holder": 0, "die_value": 4, "to_move": 0,
        "last_move": board.peek() if board.move_stack else None, "status": "White to move",
        "extra_lines": ["Bet: 10"]}
    arguments.update(options)
    return draw_card_chess(board, **arguments)  # type: ignore[arg-type]


@pytest.fixture
def spanish() -> Iterator[None]:
    set_language("es")
    try:
        yield
    finally:
        set_language("en")


# ------------------------------------------------------------------ the board
@pytest.mark.parametrize("flipped", [False, True])
def test_every_square_is_a_clickable_rect_with_its_name(flipped: bool) -> None:
    root = parse(board_svg(position(), flipped=flipped))
    rects = square_rects(root)
    assert set(rects) == set(chess.SQUARE_NAMES)
    for rect in rects.values():
        assert "dz-target" in classes(rect)


@pytest.mark.parametrize("flipped", [False, True])
def test_squares_sit_where_a_chess_player_expects(flipped: bool) -> None:
    rects = square_rects(parse(board_svg(chess.Board(), square=40, flipped=flipped)))
    xy = {name: (float(rect.get("x", 0)), float(rect.get("y", 0))) for name, rect in rects.items()}
    bottom_left, top_right = ("h8", "a1") if flipped else ("a1", "h8")
    assert xy[bottom_left][0] == min(x for x, _ in xy.values())
    assert xy[bottom_left][1] == max(y for _, y in xy.values())
    assert xy[top_right][0] == max(x for x, _ in xy.values())
    assert xy[top_right][1] == min(y for _, y in xy.values())
    assert "dz-l" in classes(rects["h1"]) and "dz-d" in classes(rects["a1"])


@pytest.mark.parametrize("flipped", [False, True])
def test_each_piece_carries_its_squares_id_and_stands_on_that_square(flipped: bool) -> None:
    board = position()
    square = 40
    root = parse(board_svg(board, square=square, flipped=flipped))
    rects = square_rects(root)
    pieces = [use for use in elements(root, "use") if use.get("data-id") in chess.SQUARE_NAMES]
    assert len(pieces) == len(board.piece_map())
    layer = next(group for group in elements(root, "g")
                 if group.get("transform") and any(child.tag == SVG + "use" for child in group))
    layer_x, layer_y, scale = translation(layer)
    assert scale == pytest.approx(square / GLYPH_SIZE, abs=1e-3)
    for use in pieces:
        name = str(use.get("data-id"))
        piece = board.piece_at(chess.parse_square(name))
        assert piece is not None, f"a piece is drawn on the empty square {name}"
        assert use.get(HREF) == "#" + glyph_id(piece.symbol())
        x = layer_x + float(use.get("x", 0)) * scale
        y = layer_y + float(use.get("y", 0)) * scale
        expected = (float(rects[name].get("x", 0)), float(rects[name].get("y", 0)))
        assert (x, y) == pytest.approx(expected, abs=0.05)


def test_each_used_piece_is_defined_once_and_reused() -> None:
    svg = board_svg(chess.Board())
    for symbol in "PNBRQKpnbrqk":
        assert svg.count(f'id="{glyph_id(symbol)}"') == 1
    assert svg.count("<use") == 32


def test_last_move_tints_exactly_its_two_squares() -> None:
    board = position()
    rects = square_rects(parse(board_svg(board, last_move=board.peek())))
    tinted = {name for name, rect in rects.items() if "dz-lm" in classes(rect)}
    assert tinted == {"a7", "a6"}


def test_marks_tint_the_named_squares() -> None:
    rects = square_rects(parse(board_svg(chess.Board(), marks=["d2", "e7"])))
    assert {name for name, rect in rects.items() if "dz-mk" in classes(rect)} == {"d2", "e7"}


def test_coordinates_follow_the_orientation() -> None:
    plain = [text.text for text in elements(parse(board_svg(chess.Board())), "text")]
    flipped = [text.text for text in elements(parse(board_svg(chess.Board(), flipped=True)), "text")]
    assert plain == ["abcdefgh", "87654321"]
    assert flipped == ["hgfedcba", "12345678"]
    bare = board_svg(chess.Board(), coordinates=False)
    assert "<text" not in bare


def test_board_drawn_into_a_callers_drawing_at_an_offset() -> None:
    dwg = new_drawing(500, 500)
    draw_board(dwg, chess.Board(), x=100, y=50, square=30)
    root = parse(to_svg(dwg))
    rects = square_rects(root)
    assert (rects["a8"].get("x"), rects["a8"].get("y")) == ("100", "50")
    assert (rects["h1"].get("x"), rects["h1"].get("y")) == ("310", "260")
    files, ranks = elements(root, "text")
    assert {float(x) for x in ranks.get("x", "").split()} == {100 - COORD_MARGIN * 30 / 2}
    assert 290 < float(files.get("y", 0)) < 290 + COORD_MARGIN * 30


# ------------------------------------------------------------------ check
def checked_board() -> chess.Board:
    return position(("e4", "f5", "Qh5+"))


def check_glows(root: ET.Element) -> list[ET.Element]:
    return [rect for rect in elements(root, "rect") if "dz-check" in classes(rect)]


def test_check_highlight_sits_on_the_checked_king_only_when_in_check() -> None:
    board = checked_board()
    assert board.is_check()
    root = parse(table(board))
    glows = check_glows(root)
    assert len(glows) == 1
    king = square_rects(root)["e8"]
    assert (glows[0].get("x"), glows[0].get("y")) == (king.get("x"), king.get("y"))
    assert glows[0].get("pointer-events") == "none"

    quiet = table(position())
    assert not check_glows(parse(quiet))
    assert "dz-chk" not in quiet


def test_board_svg_draws_check_only_when_asked() -> None:
    assert not check_glows(parse(board_svg(checked_board())))
    assert len(check_glows(parse(board_svg(checked_board(), check="e8")))) == 1


# ------------------------------------------------------------------ cards
def test_face_up_cards_carry_their_id_and_are_targets() -> None:
    cards = [Card.parse(card) for card in ("Q5", "J9", "X1", "P1b")]
    root = parse(draw_cards(cards))
    for card in cards:
        (group,) = by_data_id(root, card.id)
        assert group.tag == SVG + "g"
        assert {"dz-target", "dz-card"} <= classes(group)


def test_card_face_shows_number_colour_and_label() -> None:
    root = parse(draw_cards(["Q5"]))
    (group,) = by_data_id(root, "Q5")
    assert group.get("color") == "#1f5fbf"
    assert [text.text for text in group.iter(SVG + "text")] == ["5"]
    labels = [text.text for text in elements(root, "text")]
    assert "Queen" in labels


def test_joker_and_neutral_faces_are_their_own_drawings() -> None:
    svg = draw_cards(["J3", "X2", "Q3"])
    assert 'id="dz-wj"' in svg and 'id="dz-wq"' in svg and 'id="dz-xg"' in svg
    labels = [text.text for text in elements(parse(svg), "text")]
    assert {"Joker", "Neutral", "Queen"} <= set(labels)
    neutral = by_data_id(parse(svg), "X2")[0]
    assert neutral.get("color") is None and not list(neutral.iter(SVG + "text"))


def test_face_down_card_shows_no_card_id_at_all() -> None:
    svg = draw_cards([UNKNOWN])
    assert not CARD_ID_PATTERN.search(svg)
    assert "??" not in svg
    assert "data-id" not in svg
    assert "dz-back" in svg


def test_face_down_card_takes_a_callers_id() -> None:
    dwg = new_drawing(100, 100)
    draw_card(dwg, UNKNOWN, x=0, y=0, data_id="hand-1")
    root = parse(to_svg(dwg))
    (back,) = by_data_id(root, "hand-1")
    assert "dz-target" in classes(back)


def test_gallery_of_the_whole_pack() -> None:
    pack = full_pack()
    root = parse(draw_cards(pack, columns=9))
    ids = [str(element.get("data-id")) for element in root.iter() if element.get("data-id")]
    assert sorted(ids) == sorted(card.id for card in pack)
    assert root.get("width") == str(8 + 9 * 68)


def test_card_ids_as_text_are_accepted_and_nonsense_rejected() -> None:
    assert by_data_id(parse(draw_cards(["N4"])), "N4")
    with pytest.raises(ValueError):
        draw_cards(["Z9"])
    with pytest.raises(ValueError):
        draw_cards(["N4"], columns=0)


# ------------------------------------------------------------------ the table
def test_table_is_xml_with_size_and_viewbox_and_no_declaration() -> None:
    svg = table()
    root = parse(svg)
    assert root.tag == SVG + "svg"
    # drawn at its own size beside the move log in a 1024 x 768 window (at most 790 x 560, issue 22)
    assert root.get("viewBox") and root.get("width") == "730" and root.get("height") == "490"
    assert not svg.startswith("<?xml")
    assert len(svg.encode()) <= 40 * 1024


def test_table_holds_the_board_hands_pile_and_die() -> None:
    root = parse(table())
    assert set(square_rects(root)) == set(chess.SQUARE_NAMES)
    for data_id in ("hand-0", "hand-1", "pile", "die", "Q5", "N3", *(card.id for card in COMMON)):
        assert len(by_data_id(root, data_id)) == 1, data_id
    (hand,) = by_data_id(root, "hand-0")
    inner = {element.get("data-id") for element in hand.iter()} - {None}
    assert inner == {"hand-0", "Q5", "N3"}


@pytest.mark.parametrize("seed", range(12))
def test_hidden_hand_leaks_no_card_id(seed: int) -> None:
    rng = random.Random(seed)
    others = [card for card in full_pack() if card not in COMMON and card.id not in ("Q5", "N3")]
    secret = rng.sample(others, rng.randint(1, 3))
    svg = table(hands=[[Card.parse("Q5"), Card.parse("N3")], [UNKNOWN] * len(secret)])
    for card in secret:
        assert card.id not in svg
    assert "??" not in svg
    (hand,) = by_data_id(parse(svg), "hand-1")
    hand_text = ET.tostring(hand, encoding="unicode")
    assert not CARD_ID_PATTERN.search(hand_text)
    backs = [use for use in hand.iter(SVG + "use") if use.get(HREF) == "#dz-back"]
    assert len(backs) == len(secret)


@pytest.mark.parametrize("count", [0, 1, 3, 4])
def test_hands_of_any_size_are_drawn_inside_their_area(count: int) -> None:
    hand = full_pack()[10:10 + count]
    root = parse(table(hands=[hand, []]))
    (area,) = by_data_id(root, "hand-0")
    background = next(area.iter(SVG + "rect"))
    left = float(background.get("x", 0))
    right = left + float(background.get("width", 0))
    cards = [element for element in area if "dz-card" in classes(element)]
    assert len(cards) == count
    for card in cards:
        x, _, scale = translation(card)
        assert left <= x and x + 60 * scale <= right + 0.5


def test_die_is_drawn_beside_its_holder_and_shows_its_pips() -> None:
    for holder in (0, 1):
        root = parse(table(die_holder=holder, die_value=5))
        (die,) = by_data_id(root, "die")
        (area,) = by_data_id(root, f"hand-{holder}")
        background = next(area.iter(SVG + "rect"))
        top = float(background.get("y", 0))
        _, die_y, _ = translation(die)
        assert top <= die_y <= top + float(background.get("height", 0))
        (pips,) = die.iter(SVG + "path")
        assert pips.get("d", "").count("M") == 5
    unrolled = by_data_id(parse(table(die_holder=None, die_value=None)), "die")[0]
    assert [text.text for text in unrolled.iter(SVG + "text")] == ["?"]


def test_pile_shows_its_count_and_discard_count() -> None:
    root = parse(table(pile_count=23, discard_count=9))
    (pile,) = by_data_id(root, "pile")
    assert "23" in [text.text for text in pile.iter(SVG + "text")]
    assert "Discard: 9" in [text.text for text in elements(root, "text")]


def test_turn_marker_follows_to_move_and_top_seat_follows_flipping() -> None:
    def marker_y(svg: str) -> list[float]:
        return [float(re.match(r"M[\d.]+ ([\d.]+)", str(path.get("d")))[1])  # type: ignore[index]
                for path in elements(parse(svg), "path") if "dz-turn" in classes(path)]

    def hand_y(svg: str, seat: int) -> float:
        return float(next(by_data_id(parse(svg), f"hand-{seat}")[0].iter(SVG + "rect")).get("y", 0))

    white_turn, black_turn = table(to_move=0), table(to_move=1)
    assert len(marker_y(white_turn)) == 1 and len(marker_y(black_turn)) == 1
    assert marker_y(white_turn)[0] > marker_y(black_turn)[0]
    assert marker_y(table(to_move=0, flipped=True))[0] < marker_y(black_turn)[0] + 1
    assert marker_y(table(to_move=None)) == []
    assert hand_y(table(), 1) < hand_y(table(), 0)
    assert hand_y(table(flipped=True), 0) < hand_y(table(flipped=True), 1)


def test_status_and_extra_lines_are_shown() -> None:
    texts = [text.text for text in elements(parse(table(status="Black wins by checkmate",
                                                        extra_lines=["Bet: 10", "Die: 4"])), "text")]
    assert texts[-3:] == ["Black wins by checkmate", "Bet: 10", "Die: 4"]


def test_plain_chess_greys_the_cards_and_says_so() -> None:
    plain = parse(table(plain_chess=True))
    (group,) = [element for element in elements(plain, "g") if "dz-cards" in classes(element)]
    assert group.get("filter") == "url(#dz-grey)" and "dz-off" in classes(group)
    assert by_data_id(group, "hand-0") and by_data_id(group, "P2")
    assert "cards no longer matter" in [text.text for text in elements(plain, "text")]
    normal = table()
    assert "cards no longer matter" not in normal and "dz-grey" not in normal


def test_spanish_labels(spanish: None) -> None:
    texts = {str(text.text) for text in elements(parse(table()), "text")}
    assert {"Cartas comunes", "Blancas", "Negras", "Mazo: 37", "Descartes: 4", "Peón", "Bufón"} <= texts
    assert "Common cards" not in texts and "Pawn" not in texts
    assert "las cartas ya no cuentan" in table(plain_chess=True)


def test_hand_and_common_cards_are_drawn_big_enough_to_carry_their_names() -> None:
    """Issue 22: a card narrower than LABEL_WIDTH loses its name; the cards a pupil plays
    from (the hands and the common cards) keep theirs."""
    from drezlab.render.cards import LABEL_WIDTH

    root = parse(table(hands=[[Card.parse("Q5"), Card.parse("N3"), Card.parse("X1")], [UNKNOWN, UNKNOWN]]))
    faces = [element for element in root.iter(SVG + "g") if "dz-card" in classes(element)]
    assert {face.get("data-id") for face in faces} == {"Q5", "N3", "X1", *(card.id for card in COMMON)}
    for face in faces:
        _, _, scale = translation(face)
        assert 60 * scale >= LABEL_WIDTH, face.get("data-id")
        (use,) = face.iter(SVG + "use")
        assert not use.get(HREF, "").endswith("-bare"), face.get("data-id")


def test_language_is_part_of_the_face_id_so_pictures_on_one_page_never_mix() -> None:
    english = draw_cards(["Q5"], language="en")
    spanish = draw_cards(["Q5"], language="es")
    assert 'id="dz-cQ-en"' in english and "Queen" in english
    assert 'id="dz-cQ-es"' in spanish and "Dama" in spanish


def test_table_needs_one_hand_one_name_and_one_colour_per_seat() -> None:
    with pytest.raises(ValueError, match="one hand and one name per seat"):
        table(hands=[[]])
    with pytest.raises(ValueError, match="one hand and one name per seat"):
        table(hands=[[], [], []], seat_names=("White", "Black"))
    with pytest.raises(ValueError, match="colour"):
        table(seat_colors=("#fff",))


FOUR_NAMES = ("Yellow", "Green", "Red", "Blue")


def seat_label_ys(svg: str, names: Sequence[str]) -> dict[str, float]:
    return {str(text.text): float(text.get("y", 0)) for text in elements(parse(svg), "text") if text.text in names}


@pytest.mark.parametrize("seats", [1, 2, 3, 4, 6])
def test_table_draws_any_number_of_seats(seats: int) -> None:
    names = ("White", "Black", "Red", "Blue", "Green", "Yellow")[:seats]
    hands = [[UNKNOWN, UNKNOWN] for _ in range(seats)]
    hands[0] = [Card.parse("Q5"), Card.parse("N3")]
    root = parse(table(hands=hands, seat_names=names, to_move=seats - 1, die_holder=seats - 1))
    areas = {seat: by_data_id(root, f"hand-{seat}") for seat in range(seats)}
    assert all(len(area) == 1 for area in areas.values())
    tops = [float(next(areas[seat][0].iter(SVG + "rect")).get("y", 0)) for seat in range(seats)]
    assert len(set(tops)) == seats, "every seat has its own row"
    for first in range(seats):
        for second in range(first + 1, seats):
            assert abs(tops[first] - tops[second]) >= 92, "hands do not overlap"
    assert int(root.get("height", 0)) >= 490 and (seats <= 2) == (int(root.get("height", 0)) == 490)
    (die,) = by_data_id(root, "die")
    _, die_y, _ = translation(die)
    assert tops[seats - 1] <= die_y <= tops[seats - 1] + 92, "the die sits beside its holder"
    assert len([path for path in elements(root, "path") if "dz-turn" in classes(path)]) == 1
    assert set(seat_label_ys(table(hands=hands, seat_names=names), names)) == set(names)


def test_four_seats_go_round_the_panel_from_the_bottom_seat() -> None:
    """Turn order runs upwards from the bottom seat: the first half of the seats sits
    below the common cards, the rest above, each drawn in its own colour."""
    hands = [[UNKNOWN] * 2 for _ in range(4)]
    svg = table(hands=hands, seat_names=FOUR_NAMES, seat_colors=("#ff0", "#0f0", "#f00", "#00f"))
    ys = seat_label_ys(svg, FOUR_NAMES)
    common_y = seat_label_ys(svg, ("Common cards",))["Common cards"]
    assert ys["Blue"] < ys["Red"] < common_y < ys["Green"] < ys["Yellow"]
    turned = seat_label_ys(table(hands=hands, seat_names=FOUR_NAMES, bottom_seat=2), FOUR_NAMES)
    assert turned["Green"] < turned["Yellow"] < turned["Blue"] < turned["Red"]
    stones = [circle.get("fill") for circle in elements(parse(svg), "circle") if circle.get("r") == "6"]
    assert sorted(stones) == sorted(["#ff0", "#0f0", "#f00", "#00f"])


def test_a_pokerdrez_observation_is_drawn_as_its_seat_sees_it() -> None:
    from drezlab.games.pokerdrez import PokerDrez
    from drezlab.render.chesscards import draw_card_chess_view

    game = PokerDrez(fen=chess.STARTING_FEN, decks=1, hands={0: ["Q5", "X1"], 1: ["J9", "R2"]},
                     common=["P1", "N2", "B3", "R4", "Q6"], pile=["J1", "J2"], betting=(5, 10))
    game.play("P1:e2e4")
    game.play("return J1")
    for seat, own, other in ((0, {"Q5", "X1"}, {"J9", "R2"}), (1, {"J9", "R2"}, {"Q5", "X1"})):
        svg = game.svg(seat)
        root = parse(svg)
        assert all(by_data_id(root, card_id) for card_id in own)
        assert not any(by_data_id(root, card_id) for card_id in other | {"J2"})
        assert {"N2", "B3", "R4", "Q6", "J1"} <= {element.get("data-id") for element in root.iter()}
        texts = [text.text for text in elements(root, "text")]
        assert "Pile: 1" in texts and f"Discard: {len(game.discard)}" in texts and "Bet: 5" in texts
        assert texts[-2] == game.status_text()
        rects = square_rects(root)
        assert {name for name, rect in rects.items() if "dz-lm" in classes(rect)} == {"e2", "e4"}
        assert svg == draw_card_chess_view(game.view(seat), extra_lines=["Bet: 5"])
    assert game.svg(1) != game.svg(1, flipped=False), "Black's seat sees the board from Black's side"


# ------------------------------------------------------------------ shared defs
def test_every_def_id_names_one_drawing_of_the_right_kind() -> None:
    """Ids in ``<defs>`` are page-global: a card back's lattice and the black pawn once
    shared ``dz-bp``, so a table showed card backs without their lattice (or, drawn in
    the other order, boards without black pawns)."""
    everything = [Card.parse(card) for card in ("P1", "N2", "B3", "R4", "Q5", "J6", "X1")]
    board = checked_board()
    for svg in (table(board, hands=[everything[:3], [UNKNOWN, UNKNOWN]], common=everything[3:], plain_chess=True),
                draw_cards([UNKNOWN, *everything])):
        root = parse(svg)
        defined = [element for element in root.iter() if element.get("id")]
        ids = [str(element.get("id")) for element in defined]
        assert len(ids) == len(set(ids)), f"an id is defined twice: {sorted(ids)}"
        kinds = {str(element.get("id")): element.tag.removeprefix(SVG) for element in defined}
        for element in root.iter():
            for value in element.attrib.values():
                for target in re.findall(r"url\(#([\w-]+)\)", value):
                    assert kinds[target] in ("pattern", "filter", "radialGradient"), (target, kinds[target])
            href = element.get(HREF)
            if href:
                assert kinds[href[1:]] in ("g", "style"), (href, kinds[href[1:]])


def test_a_card_back_drawn_first_does_not_change_the_black_pawns() -> None:
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import test_render as t; "
            "from drezlab.render.cards import draw_cards; from drezlab.core.cards import Card; "
            "first = draw_cards([Card.unknown()]) if sys.argv[2] == 'back' else ''; "
            "print(t.hashlib.sha256(t.board_svg(t.chess.Board()).encode()).hexdigest())")
    here = os.path.dirname(os.path.abspath(__file__))
    runs = {order: subprocess.run([sys.executable, "-c", code, here, order], capture_output=True, text=True,
                                  check=True).stdout for order in ("back", "board")}
    assert runs["back"] == runs["board"]


# ------------------------------------------------------------------ determinism
def test_same_input_gives_identical_text_whatever_was_drawn_before() -> None:
    first = table(checked_board(), plain_chess=True)
    draw_cards(full_pack(), language="es")
    board_svg(chess.Board(), flipped=True, square=30)
    assert table(checked_board(), plain_chess=True) == first


def test_same_input_gives_identical_text_in_another_process() -> None:
    code = ("import hashlib, sys; sys.path.insert(0, sys.argv[1]); import test_render as t; "
            "print(hashlib.sha256(t.table(t.checked_board()).encode()).hexdigest())")
    here = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ, PYTHONHASHSEED="12345")
    other = subprocess.run([sys.executable, "-c", code, here], capture_output=True, text=True,
                           env=env, check=True).stdout.strip()
    assert other == hashlib.sha256(table(checked_board()).encode()).hexdigest()
