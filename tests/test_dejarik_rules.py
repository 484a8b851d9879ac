"""Dejarik rules: the acceptance cases DJ-1..DJ-12 of rules/board-games.md §1.8, one test
for each DECISION D1-D7, the module's documented choices, notation and records."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from drezlab import BadRecord, IllegalAction, set_language
from drezlab.core.chance import Scripted
from drezlab.games.dejarik.actions import Attack, Move
from drezlab.games.dejarik.game import GROUPS, Dejarik, destinations, paths
from drezlab.games.dejarik.odds import RESULTS
from drezlab.kits.ring import CELL_INDEX, CELL_NAMES, NEIGHBOURS, diameter
from drezlab.testing import random_plies

SOUTH, NORTH = 0, 1


def dice(count: int, total: int) -> list[int]:
    """``count`` d6 faces summing to ``total`` (for scripted attacks)."""
    assert count <= total <= 6 * count
    faces = [1] * count
    left = total - count
    for index in range(count):
        step = min(5, left)
        faces[index] += step
        left -= step
    return faces


def given(position: str, to_move: str = "south", script: list[int] | None = None) -> Dejarik:
    return Dejarik(position=position, to_move=to_move, chance=Scripted(script or []))


def dests(game: Dejarik, cell: str) -> set[str]:
    return {a.targets[1] for a in game.legal_actions() if isinstance(a.data, Move) and a.targets[0] == cell}


# ------------------------------------------------------------------ §1.1 board
def test_adjacency_counts_and_no_diagonals() -> None:
    assert len(NEIGHBOURS[CELL_INDEX["C"]]) == 12
    assert all(len(NEIGHBOURS[CELL_INDEX[f"I{k}"]]) == 4 for k in range(12))
    assert all(len(NEIGHBOURS[CELL_INDEX[f"O{k}"]]) == 3 for k in range(12))
    assert CELL_INDEX["O6"] not in NEIGHBOURS[CELL_INDEX["I5"]]
    assert [CELL_NAMES[c] for c in diameter(5)] == ["O5", "I5", "C", "I11", "O11"]


# ------------------------------------------------------------------ DJ-1..DJ-7 (D4)
@pytest.mark.parametrize("case,position,cell,expected", [
    ("DJ-1", "s:houjix@o5 n:ngok@o0", "O5", {"O4", "O6", "I5"}),
    ("DJ-2", "s:savrip@o5 n:ngok@o0", "O5", {"O3", "O7", "I4", "I6", "C"}),
    ("DJ-3", "s:monnok@o5 n:ngok@o0", "O5", {"O2", "O8", "I3", "I7", "I11", "C"}),
    ("DJ-4", "s:monnok@o5 s:houjix@i5 s:ghhhk@o4 s:savrip@o6 n:ngok@o0", "O5", set()),
    ("DJ-5", "s:savrip@o5 s:houjix@i5 n:ngok@o0", "O5", {"O3", "O7", "I4", "I6"}),
    ("DJ-6", "s:savrip@c n:ngok@o9", "C", {f"I{k}" for k in range(12)} | {f"O{k}" for k in range(12)} - {"O9"}),
    ("DJ-7", "s:strider@i5 n:ngok@o9", "I5", {"I2", "I8", "O3", "O7", "O11", "C", "I0", "I10"}),
])
def test_movement_acceptance(case: str, position: str, cell: str, expected: set[str]) -> None:
    assert dests(given(position), cell) == expected, case


def test_dj6_every_ring_cell_from_the_centre_on_an_empty_board() -> None:
    board = [0] * 25
    assert len(destinations(board, CELL_INDEX["C"], 2)) == 24


def test_d4_no_turn_at_the_centre_and_at_most_one_turn() -> None:
    start = CELL_INDEX["I5"]
    for path in paths(start, 3):
        cells = [start, *path]
        if CELL_INDEX["C"] in cells[1:-1]:
            at = cells.index(CELL_INDEX["C"])
            assert {cells[at - 1], cells[at + 1]} <= set(diameter(5)) or \
                {cells[at - 1], cells[at + 1]} <= set(diameter(cells[at - 1] - 1))
    # I5 -> C -> I3 would turn at the centre: never a path
    assert (CELL_INDEX["C"], CELL_INDEX["I3"]) not in {p[:2] for p in paths(start, 2)}
    # O5 -> I5 -> I4 -> O4 turns twice: O4 is no destination of a Monnok on O5
    assert "O4" not in dests(given("s:monnok@o5 n:ngok@o0"), "O5")


def test_moving_never_passes_a_piece_and_never_captures() -> None:
    game = given("s:houjix@o5 n:ngok@o4 n:savrip@o0")
    assert "O4" not in dests(game, "O5")
    game = given("s:monnok@o5 n:ngok@o4 n:savrip@o11")
    assert "O2" not in dests(game, "O5")        # the arc O4-O3-O2 is blocked at O4
    assert "I3" in dests(game, "O5")            # ... O5-I5-I4-I3 is clear


# ------------------------------------------------------------------ DJ-8 (attack results, D5)
BATTLE = "s:molatar@i5 s:houjix@o0 n:ngok@i6 n:strider@o3 n:klor@o9"


@pytest.mark.parametrize("attack,defence,result", [
    (30, 23, "mortal attack"), (29, 23, "attacker push"), (23, 23, "defender push"), (16, 23, "mortal defence"),
])
def test_dj8_attack_results(attack: int, defence: int, result: str) -> None:
    game = given(BATTLE, script=dice(8, attack) + dice(8, defence))
    game.play("i5xi6")
    assert game.events[0][0] == "attack" and game.events[0][5] == result
    cells = game.view(None).public["cells"]
    if result == "mortal attack":
        assert cells[CELL_INDEX["I6"]] == "" and cells[CELL_INDEX["I5"]] == "s:molatar"
    elif result == "mortal defence":
        assert cells[CELL_INDEX["I5"]] == "" and cells[CELL_INDEX["I6"]] == "n:ngok"
    elif result == "attacker push":            # D6: South (the winner) chooses where Ng'ok goes
        assert game.to_move == SOUTH and game.phase == "push"
        assert {a.text for a in game.legal_actions()} == {"push c", "push i7", "push o6"}
        game.play("push o6")
        assert game.view(None).public["cells"][CELL_INDEX["O6"]] == "n:ngok"
        assert game.to_move == SOUTH and game.actions_left == 1
    else:                                      # a tie: North (the defender) pushes Molatar
        assert game.to_move == NORTH and game.phase == "push"
        assert {a.text for a in game.legal_actions()} == {"push c", "push i4", "push o5"}
        game.play("push i4")
        assert game.view(None).public["cells"][CELL_INDEX["I4"]] == "s:molatar"
        assert game.to_move == SOUTH and game.actions_left == 1


def test_d5_margin_of_exactly_seven_is_mortal_both_ways() -> None:
    game = given(BATTLE, script=dice(8, 30) + dice(8, 23))
    game.play("i5xi6")
    assert game.events[0][5] == "mortal attack"
    game = given(BATTLE, script=dice(8, 16) + dice(8, 23))
    game.play("i5xi6")
    assert game.events[0][5] == "mortal defence"


def test_dj9_diagonal_attack_is_illegal() -> None:
    game = given("s:molatar@i5 n:ngok@o6 n:savrip@o0")
    with pytest.raises(IllegalAction):
        game.play("i5xo6")
    assert not [a for a in game.legal_actions() if isinstance(a.data, Attack)]


def test_dj10_push_without_room_moves_nothing_and_spends_the_action() -> None:
    game = given("s:molatar@i6 s:houjix@o5 s:savrip@o7 n:ngok@o6 n:strider@o0",
                 script=dice(8, 29) + dice(8, 23))
    game.play("i6xo6")
    assert game.phase == "act" and game.actions_left == 1 and game.to_move == SOUTH
    assert game.view(None).public["cells"][CELL_INDEX["O6"]] == "n:ngok"
    assert game.events[-1] == ("blocked", "O6")


def test_d6_a_single_push_target_is_taken_at_once() -> None:
    game = given("s:molatar@i6 s:houjix@o5 n:ngok@o6 n:strider@o0", script=dice(8, 29) + dice(8, 23))
    game.play("i6xo6")
    assert game.view(None).public["cells"][CELL_INDEX["O7"]] == "n:ngok"
    assert game.phase == "act" and game.actions_left == 1


def test_dj11_second_action_after_losing_the_attacker() -> None:
    game = given("s:molatar@i5 s:houjix@o0 n:ngok@i6 n:strider@o3 n:klor@o9", script=dice(8, 16) + dice(8, 23))
    game.play("i5xi6")
    assert game.to_move == SOUTH and game.actions_left == 1
    assert {a.targets[0] for a in game.legal_actions() if a.targets} == {"O0"}


def test_dj12_duel_with_a_tie_rerolled() -> None:
    script = dice(8, 30) + dice(4, 4) + dice(8, 20) + dice(7, 20) + dice(8, 30) + dice(7, 10)
    game = given("s:molatar@i5 n:houjix@i6 n:strider@o2", script=script)
    game.play("i5xi6")
    assert game.is_over and game.outcome.winners == (SOUTH,) and game.outcome.reason == "duel"
    duels = [event for event in game.events if event[0] == "duel"]
    assert [len(duels[0][3]), len(duels[0][4])] == [8, 7]   # max(Attack, Defence) dice each
    assert len(duels) == 2 and sum(duels[0][3]) == sum(duels[0][4])
    assert not game.chance.script                            # every scripted die was rolled


def test_all_creatures_captured_wins() -> None:
    game = given("s:molatar@i5 n:houjix@i6", script=dice(8, 40) + dice(4, 4))
    game.play("i5xi6")
    assert game.is_over and game.outcome.winners == (SOUTH,) and game.outcome.reason == "all creatures captured"


# ------------------------------------------------------------------ D1, D2 (lottery, setup)
def test_d1_fixed_armies_and_first_player_by_d8() -> None:
    game = Dejarik(chance=Scripted([3, 5]))
    assert game.army(SOUTH) == (1, 2, 3, 4) and game.army(NORTH) == (5, 6, 7, 8)
    assert game.first == SOUTH and game.to_move == SOUTH
    game = Dejarik(chance=Scripted([5, 2]))
    assert game.army(SOUTH) == (5, 6, 7, 8) and game.first == NORTH and game.to_move == NORTH


def test_d1_random_split_deals_the_shuffled_creatures() -> None:
    order = ["klor", "savrip", "ngok", "houjix", "monnok", "ghhhk", "strider", "molatar"]
    game = Dejarik(random_split=True, chance=Scripted([order, 1]))
    assert game.army(SOUTH) == (1, 4, 6, 7) and game.army(NORTH) == (2, 3, 5, 8)
    assert game.first == SOUTH


def test_d2_first_player_places_first_on_its_group() -> None:
    game = Dejarik(chance=Scripted([6, 4]))          # South: army B; North starts
    assert game.to_move == NORTH and game.phase == "place"
    assert {a.targets[0] for a in game.legal_actions()} == {CELL_NAMES[c] for c in GROUPS[NORTH]}
    assert game.legal_actions()[0].text == "place savrip o10"
    for text in ("place savrip o1", "place monnok o0", "place ghhhk o11", "place houjix o10"):
        game.play(text)
    assert game.to_move == SOUTH and game.phase == "place"
    for text in ("place strider o7", "place ngok o6", "place klor o5", "place molatar o4"):
        game.play(text)
    assert game.phase == "act" and game.to_move == NORTH and game.actions_left == 2
    cells = game.view(None).public["cells"]
    assert cells[CELL_INDEX["O1"]] == "n:savrip" and cells[CELL_INDEX["O4"]] == "s:molatar"
    assert all(cells[CELL_INDEX[name]] == "" for name in ("O2", "O3", "O8", "O9", "C"))


def test_fixed_placement_puts_the_creatures_in_table_order() -> None:
    game = Dejarik(placement="fixed", chance=Scripted([1, 1]))
    cells = game.view(None).public["cells"]
    assert [cells[c] for c in GROUPS[SOUTH]] == ["s:savrip", "s:monnok", "s:ghhhk", "s:houjix"]
    assert [cells[c] for c in GROUPS[NORTH]] == ["n:strider", "n:ngok", "n:klor", "n:molatar"]


# ------------------------------------------------------------------ D3 (two actions a turn)
def test_d3_two_actions_same_creature_and_pass() -> None:
    game = given("s:houjix@o5 n:ngok@o0")
    game.play("o5-o4")
    assert game.to_move == SOUTH and game.actions_left == 1
    assert "o4-o3" in {a.text for a in game.legal_actions()}
    game.play("o4-o3")
    assert game.to_move == NORTH and game.actions_left == 2
    game.play("pass")
    assert game.to_move == NORTH and game.actions_left == 1
    game.play("pass")
    assert game.to_move == SOUTH


def test_d3_a_player_with_no_action_passes_automatically(monkeypatch: pytest.MonkeyPatch) -> None:
    game = given("s:houjix@o5 n:ngok@o0")
    monkeypatch.setattr(Dejarik, "_has_action", lambda self, seat: seat == NORTH)
    game._skip_stuck()
    assert game.to_move == NORTH and game.actions_left == 2 and game.quiet == 1


def test_d7_fifty_turns_without_a_removal_is_a_draw() -> None:
    game = given("s:houjix@o5 n:ngok@o0")
    for _ in range(99):
        game.play("pass")
    assert not game.is_over and game.quiet == 49
    game.play("pass")
    assert game.is_over and game.outcome.is_draw and game.outcome.reason == "50 turns without a removal"


def test_a_removal_resets_the_fifty_turn_count() -> None:
    game = given(BATTLE, script=dice(8, 30) + dice(8, 23))
    for _ in range(8):
        game.play("pass")
    assert game.quiet == 4 and game.to_move == SOUTH
    game.play("i5xi6")
    game.play("pass")
    assert game.quiet == 0


# ------------------------------------------------------------------ odds in the game
def test_chance_outcomes_of_an_attack_are_the_exact_odds() -> None:
    game = given(BATTLE)
    odds = game.chance_outcomes("i5xi6")
    assert list(odds) == list(RESULTS) and sum(odds.values()) == 1
    assert all(isinstance(p, Fraction) for p in odds.values())
    assert game.chance_outcomes("pass") == {}
    attacks = game.view(SOUTH).public["attacks"]
    assert attacks == (("I5", "I6", tuple(str(odds[name]) for name in RESULTS)),)


def test_the_picture_shows_the_odds_before_an_attack() -> None:
    game = given(BATTLE)
    svg = game.svg(SOUTH)
    assert "Molatar I5 × Ng&apos;ok I6" in svg or "Molatar I5 × Ng'ok I6" in svg
    assert "kills" in svg and "dies" in svg
    assert "kills" not in game.svg(SOUTH, odds=False)
    for cell in ("C", "I0", "I11", "O0", "O11"):
        assert f'data-id="{cell}"' in svg


def test_the_picture_fits_one_screen_with_readable_text() -> None:
    """Issue 22: at most 790 x 560 px (unshrunk beside the move log on a 1024 x 768 tablet),
    every text, a creature's A·D·M included, at least 12 px, in English and Spanish."""
    for language in ("en", "es"):
        set_language(language)
        try:
            for seed in range(3):
                for game in random_plies(Dejarik(seed=seed), seed, 59):     # its first 60 positions
                    svg = game.svg(game.to_move or 0)
                    width, height = (float(v) for v in re.search(r'viewBox="0,0,([\d.]+),([\d.]+)"', svg).groups())
                    body = re.sub(r"<style.*?</style>", "", svg, flags=re.DOTALL)
                    assert width <= 790 and height <= 560, (seed, width, height)
                    assert min(float(v) for v in re.findall(r'font-size="([\d.]+)"', body)) >= 12
        finally:
            set_language("en")


# ------------------------------------------------------------------ notation, errors, records
def test_notation_and_pupil_messages() -> None:
    game = given(BATTLE)
    texts = {a.text for a in game.legal_actions()}
    assert {"i5xi6", "i5-c", "pass"} <= texts
    assert all(a.text == a.text.lower() and a.text.isascii() for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="move with"):
        game.play("i5-o5")
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.play("I5xI6")
    assert game.to_json() == before


def test_bad_positions_are_refused() -> None:
    with pytest.raises(BadRecord):
        Dejarik(position="s:savrip@o5 s:savrip@o6 n:ngok@o0")
    with pytest.raises(BadRecord):
        Dejarik(position="s:savrip@o5")
    with pytest.raises(BadRecord):
        Dejarik(position="s:dragon@o5 n:ngok@o0")
    with pytest.raises(BadRecord):
        Dejarik(position="s:savrip@o5 n:ngok@o5")


def test_scripted_record_round_trip_and_undo() -> None:
    game = given(BATTLE, script=dice(8, 29) + dice(8, 23))
    before = game.to_json()
    game.play("i5xi6")
    game.play("push o6")
    loaded = Dejarik.from_json(game.to_json())
    assert loaded.to_json() == game.to_json()
    assert json.loads(game.to_json())["chance"]["kind"] == "scripted"
    game.undo()
    game.undo()
    assert game.to_json() == before


def test_spanish_status_refusals_and_buttons() -> None:
    set_language("es")
    try:
        game = Dejarik(seed=3)
        assert game.status_text().startswith("Sur coloca ")
        with pytest.raises(IllegalAction, match="^'zzz' no se puede ahora: coloca tu "):
            game.play("zzz")
        battle = given(BATTLE)
        assert battle.status_text() == "Actúa Sur (quedan 2 acciones)"
        assert [a.label for a in battle.legal_actions() if not a.targets] == ["Pasar esta acción"]
        with pytest.raises(IllegalAction, match="^'i5-o5' no es una acción legal ahora: mueve con 'o5-i5'"):
            battle.play("i5-o5")
        assert "Criaturas (Ataque·Defensa·Movimiento):" in battle.svg()
    finally:
        set_language("en")
