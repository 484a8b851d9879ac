"""TriumfDrez picture and records: the table from an observation, the bidding panel's
click targets, greyed cards that may not be played, sorted hands, Spanish labels,
JSON round trips and scripted deals."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest

import drezlab
from drezlab.core.chance import Scripted
from drezlab.core.errors import BadRecord
from drezlab.games.triumfdrez.game import TriumfDrez, deal_script
from drezlab.games.triumfdrez.picture import playable_ids, sorted_hand
from drezlab.testing import random_game, random_plies
from drezlab.ui.selection import svg_ids

SVG = "{http://www.w3.org/2000/svg}"
LINK = "{http://www.w3.org/1999/xlink}href"
HANDS = {0: ["N9", "N8", "N7", "N6", "N5", "J1", "J2", "J3", "J4", "J5", "J6", "J7", "J8"],
         1: ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "R1", "R2", "R3", "R4"]}


def test_the_bidding_panel_carries_every_bid_target() -> None:
    game = TriumfDrez(seed=1, players=4)
    ids = svg_ids(game.svg(0))
    targets = {target for action in game.legal_actions() for target in action.targets}
    assert targets <= ids
    assert "bid-7" not in svg_ids(game.svg(1)), "only the seat to bid sees the panel"


def test_cards_that_may_not_be_played_are_greyed_and_hands_are_sorted() -> None:
    hands = {**HANDS, 2: ["N1", "N2", "N3", "N4", "Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7", "Q8", "Q9"]}
    game = TriumfDrez(players=4, chance=Scripted([deal_script(hands)]))
    game.play("bid 7 b 7")
    for _ in range(3):
        game.play("pass")
    assert playable_ids(game.view(1)) is None, "not seat 1's turn"
    assert playable_ids(game.view(0)) == {card.id for card in game.hand(0)}, "the leader plays anything"
    game.play("play n5")
    assert playable_ids(game.view(1)) == {card.id for card in game.hand(1)}, "void in knights: anything goes"
    assert "dz-grey" not in game.svg(1)
    game.play("play r1")
    assert playable_ids(game.view(2)) == {"N1", "N2", "N3", "N4"}, "seat 2 must follow knights"
    assert game.svg(2).count('filter="url(#dz-grey)"') == 9, "its 9 queens are greyed"
    assert sorted_hand(["P1", "B7", "J2", "P9"]) == ["J2", "B7", "P9", "P1"]


def test_the_picture_follows_the_language() -> None:
    game = TriumfDrez(seed=1, players=3)
    drezlab.set_language("es")
    try:
        svg = game.svg(0)
    finally:
        drezlab.set_language("en")
    assert "Propuestas" in svg and "Jugador 1" in svg and "sin triunfo" in svg


def test_records_round_trip_and_refuse_tampering() -> None:
    game = random_game(TriumfDrez(seed=5, players=3), 5, 40)
    text = game.to_json()
    loaded = TriumfDrez.from_json(text)
    assert loaded.to_json() == text and loaded.legal_actions() == game.legal_actions()
    with pytest.raises(BadRecord):
        TriumfDrez.from_json(text.replace('"points":[', '"points":[1'))


def test_a_scripted_deal_is_saved_and_replayed() -> None:
    game = TriumfDrez(players=2, chance=Scripted([deal_script(HANDS, players=2)]))
    game.play("bid 7 b 7")
    loaded = TriumfDrez.from_json(game.to_json())
    assert [card.id for card in loaded.hand(0)] == [card.id for card in game.hand(0)]
    assert sorted(card.id for card in loaded.hand(1)) == sorted(HANDS[1])


def _size(svg: str) -> tuple[float, float]:
    match = re.search(r'viewBox="([^"]+)"', svg)
    assert match is not None
    _, _, width, height = (float(value) for value in match.group(1).split(","))
    return width, height


def _cards(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {node.get("data-id"): node for node in root.iter(f"{SVG}g") if "dz-card" in node.get("class", "")}


def _place(node: ET.Element) -> tuple[float, float, float]:
    """A card group's x, y and drawn width (its scale times the 60 px design)."""
    match = re.search(r"translate\(([\d.-]+) ([\d.-]+)\)(?: scale\(([\d.]+))?", node.get("transform", ""))
    assert match is not None
    return float(match.group(1)), float(match.group(2)), 60 * (float(match.group(3)) if match.group(3) else 1.0)


def _x_and_width(node: ET.Element) -> tuple[float, float]:
    x, _, width = _place(node)
    return x, width


def _open_contract(language: str = "en") -> list[str]:
    """Four players, Player 2 declares an open contract: Player 1 (the viewer) defends and
    sees both Player 2's and Player 4's hands; the bidding, play and the deal's end."""
    drezlab.set_language(language)
    try:
        game = TriumfDrez(seed=3, players=4)
        pictures = [game.svg(0)]
        for action in ["bid 7 b 7", "bid 8 n 3 open", "pass", "pass", "pass"]:
            game.play(action)
        pictures.append(game.svg(0))
        played = random_plies(game, 1, until=lambda game: game.view(0).public["phase"] != "play")
        pictures += [position.svg(0) for position in itertools.islice(played, 1, None)]   # after each card
        while game.view(0).public["phase"] == "next":
            game.play("next")
        for _ in range(7):
            bids = [action for action in game.legal_actions() if action.text != "pass"]
            game.play(bids[0] if bids else "pass")
            pictures.append(game.svg(game.to_move))
    finally:
        drezlab.set_language("en")
    return pictures


@pytest.mark.parametrize("language", ["en", "es"])
def test_four_players_fit_one_screen_with_readable_text(language: str) -> None:
    """Issue 22: at most 790 x 560 px in every state (the widget draws it at its own size
    beside the move log in a 1024 x 768 tablet), no text under 12 px."""
    for svg in _open_contract(language):
        width, height = _size(svg)
        assert width <= 790 and height <= 560, (width, height)
        sizes = [float(value) for value in re.findall(r'font-size="([\d.]+)"', svg)]
        assert sizes and min(sizes) >= 12, sorted(sizes)[:3]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bidding_panel_and_the_hand_fit_with_every_player_count(players: int) -> None:
    svg = TriumfDrez(seed=1, players=players).svg(0)
    width, height = _size(svg)
    assert width <= 790 and height <= 560
    for node in ET.fromstring(svg).iter(f"{SVG}rect"):
        assert float(node.get("x", 0)) + float(node.get("width", 0)) <= 790, "nothing runs off the right edge"
    assert 'data-id="super-9"' in svg and 'data-id="open"' in svg and 'data-id="bid-13"' in svg


def test_the_viewers_hand_is_large_and_the_open_hands_leave_room_to_click() -> None:
    pictures = _open_contract()
    game = TriumfDrez(seed=3, players=4)
    for action in ["bid 7 b 7", "bid 8 n 3 open", "pass", "pass", "pass"]:
        game.play(action)
    cards = _cards(pictures[1])
    for card in game.hand(0):
        node = cards[card.id]
        assert _x_and_width(node)[1] >= 60, "the viewer's cards carry their names"
        assert node.find(f"{SVG}use").get(LINK).endswith("-en")
    for seat in (1, 3):
        xs = sorted(_x_and_width(cards[card.id]) for card in game.hand(seat))
        assert len(xs) == 13 and all(width < 60 for _, width in xs), "small, without names"
        rows: dict[float, list[float]] = {}
        for card in game.hand(seat):
            node = cards[card.id]
            top = _place(node)[1]
            rows.setdefault(top, []).append(_x_and_width(node)[0])
        for row in rows.values():
            row.sort()
            assert all(b - a >= 24 for a, b in itertools.pairwise(row)), "a covered card leaves 24 px to click"
    assert not any(card.id in cards for card in game.hand(2)), "the partner's closed hand stays hidden"


def test_the_trick_lies_in_front_of_each_seat_and_the_last_trick_is_greyed() -> None:
    game = TriumfDrez(seed=3, players=4)
    for action in ["bid 7 b 7", "bid 8 n 3 open", "pass", "pass", "pass"]:
        game.play(action)
    random_game(game, 1, 4)
    cards = _cards(game.svg(0))
    last = game.view(0).ids("played")[-4:]
    leader = game.view(0).public["completed"][-1][0]
    places = {(leader + index) % 4: cards[card] for index, card in enumerate(last)}
    assert all(node.get("filter") == "url(#dz-grey)" for node in places.values())
    x = {seat: _x_and_width(node)[0] for seat, node in places.items()}
    y = {seat: _place(node)[1] for seat, node in places.items()}
    assert x[1] < x[0] == x[2] < x[3], "Player 2 left, Player 3 across, Player 4 right of the viewer"
    assert y[2] < y[1] == y[3] < y[0], "the viewer's card at the bottom"
    assert all(_x_and_width(node)[1] >= 60 for node in places.values()), "trick cards carry their names"
