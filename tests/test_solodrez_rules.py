"""SoloDrez rules (shared/rules/card-games.md §0 and §3): one test per rule and DECISION,
the acceptance cases AC-SD-1 and AC-SD-2, and the choices the module docstring makes."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from solodrez_deals import (
    BLOCKED,
    LOCKED_QUEEN,
    WINNABLE,
    WINNABLE_LINE,
    deal,
    sequence,
)

import drezlab
from drezlab import IllegalAction
from drezlab.core.cards import Card, full_pack
from drezlab.core.chance import Scripted
from drezlab.games.solodrez.game import (
    BLOCKED as BLOCKED_REASON,
)
from drezlab.games.solodrez.game import (
    REMOVED_ZONE,
    RESIGNED,
    WON,
    SoloDrez,
    column_zone,
    deal_order,
    fits,
    is_complete,
    run_bases,
)


def ranks(cards: str) -> tuple[int, ...]:
    return tuple(Card.parse(card).figure_number for card in cards.split())


def legal(run: str, top: str | None) -> bool:
    """AC-SD-1's question: may ``run`` (bottom to top) go onto a column whose top card is
    ``top`` (``None``: an empty column)?"""
    return fits(run_bases(ranks(run)), None if top is None else ranks(top)[0])


# ------------------------------------------------------------------ AC-SD-1 and D18
AC_SD_1 = [
    ("B3 N4", "R9", True),        # source example
    ("B3 N4", "Q1", False),       # Q is not 1 above B
    ("X1", "P2", False),          # nothing ranks below P (source)
    ("X1", "N2", True),           # X acts as P
    ("X1 B3 N4", "Q1", True),     # X acts as R (source)
    ("X1 B3 N4", "X2", True),     # ... onto the other X acting as Q
    ("X1 B3 N4", "J1", False),
    ("J2", None, True),
    ("Q3", None, False),
    ("X1 Q3", None, True),        # D18: X acts as J
    ("R1 X1 N2", "Q8", True),     # X acts as B
    ("R1 N2", "Q8", False),       # not consecutive
    ("X1 X2 N2", "Q5", True),     # the X's act as R and B
    ("X1 X2 N2", "J5", False),
    ("X1 J2", "J3", False),       # X would have to be rank 7
    ("N1 X1 X2", "B1", False),    # the run would need rank 0
    ("X1 X2", "B1", True),        # roles N, P
    ("X1 X2", "N1", False),       # no role fits
]


@pytest.mark.parametrize("run,top,expected", AC_SD_1)
def test_ac_sd_1_legal_moves(run: str, top: str | None, expected: bool) -> None:
    assert legal(run, top) is expected


def test_run_bases_follow_the_rules_pseudocode() -> None:
    assert run_bases(ranks("X1 B3 N4")) == {4}
    assert run_bases(ranks("X1")) == {1, 2, 3, 4, 5, 6}
    assert run_bases(ranks("X1 X2")) == {2, 3, 4, 5, 6}
    assert run_bases(ranks("B3 R4")) == set()          # ranks must descend upwards
    assert run_bases(ranks("B3 P4")) == set()          # by exactly one


def test_d18_a_neutral_role_is_decided_afresh_for_each_move() -> None:
    """The same X plays a Bishop in one move and a Queen in the next."""
    assert legal("R1 X1 N2", "Q8")                     # X as B
    assert legal("X1 R2", "J5")                        # the same X as Q
    assert legal("N2", "X1") and legal("Q2", "X1")     # a neutral top takes any role


def test_a_neutral_top_accepts_every_run_but_a_joker_based_one() -> None:
    assert legal("Q1 R2 B3", "X1") and legal("P5", "X2")
    assert not legal("J1", "X1") and not legal("J1 Q2", "X2")


# ------------------------------------------------------------------ AC-SD-2
def test_ac_sd_2_removal() -> None:
    assert is_complete(ranks("J1 Q1 R1 B1 N1 P1"))
    assert is_complete(ranks("J1 Q7 R3 B1 N9 P2"))         # colours may be mixed
    assert not is_complete(ranks("X1 Q1 R1 B1 N1 P1"))     # no neutral card
    assert not is_complete(ranks("P9 J1 Q1 R1 B1 N1 P1"))  # nothing else in the column
    assert not is_complete(ranks("J1 Q1 R1 B1 N1 X1"))


def test_ac_sd_2_in_a_game_only_the_complete_column_can_be_removed() -> None:
    game = deal(*WINNABLE)
    removals = sorted(action.text for action in game.legal_actions() if action.text.startswith("remove"))
    assert removals == ["remove c3", "remove c5", "remove c6", "remove c7", "remove c8", "remove c9"]
    with pytest.raises(IllegalAction, match="exactly J Q R B N P"):
        game.play("remove c1")


# ------------------------------------------------------------------ D17: the deal
def test_d17_deal_card_i_goes_on_top_of_column_i_mod_9() -> None:
    order = [card.id for card in full_pack()]
    game = SoloDrez(chance=Scripted([order]))
    sizes = [len(column) for column in game.columns]
    assert sizes == [7, 7, 6, 6, 6, 6, 6, 6, 6]
    for index, card in enumerate(order):
        assert game.columns[index % 9][index // 9].id == card
    assert game.columns[0][0].id == order[0]           # the first card dealt touches the table


def test_a_seeded_deal_is_reproducible_and_face_up() -> None:
    first, second = SoloDrez(seed=5), SoloDrez(seed=5)
    assert first.columns == second.columns
    assert first.columns != SoloDrez(seed=6).columns
    view = first.view(0)
    assert view.ids(column_zone(0)) == tuple(card.id for card in first.columns[0])
    assert view.zones == first.view(None).zones        # nothing hidden: a spectator sees the same


def test_deal_order_refuses_a_deal_that_d17_cannot_make() -> None:
    with pytest.raises(ValueError, match="7 cards"):
        deal_order([["J1"]] * 9)
    columns = [column.split() for column in WINNABLE]
    columns[0][0], columns[1][0] = "J2", "J2"
    with pytest.raises(ValueError, match="each once"):
        deal_order(columns)


# ------------------------------------------------------------------ moves
def test_moves_take_an_ordered_run_onto_a_card_one_rank_higher() -> None:
    game = deal(*WINNABLE)
    moves = {action.text for action in game.legal_actions() if not action.text.startswith(("remove", "resign"))}
    assert "p2 c4" in moves                            # P2 onto N4
    assert "x1 c2" not in moves                        # X1 onto P2: nothing ranks below a Pawn
    assert "n4 c2" not in moves                        # N4 onto P2: not one rank higher
    assert "b4 c1" not in moves                        # B4 P4 N4 is not an ordered run
    assert "b9 c1" in moves                            # the run B9 N9 P9 onto X1 (X acts as R)


def test_a_move_moves_the_whole_run_and_counts_one_move() -> None:
    game = deal(*WINNABLE)
    for action in WINNABLE_LINE[:6]:
        game.play(action)
    game.play("p2 c4")
    game.play("x2 c1")
    game.play("p2 c2")
    game.play("remove c2")
    game.play("n4 c1")
    game.play("p4 c1")
    before = [card.id for card in game.columns[0]]
    game.play("n4 c4")                                 # the run N4 P4 goes onto B4
    assert [card.id for card in game.columns[3]] == ["J4", "Q4", "R4", "B4", "N4", "P4"]
    assert [card.id for card in game.columns[0]] == before[:-2]
    assert game.moves_made == 6                        # removals are not moves (D19)


def test_an_empty_column_takes_only_a_joker_based_run() -> None:
    game = deal(*WINNABLE)
    game.play("remove c3")
    targets = {action.text for action in game.legal_actions() if action.text.endswith(" c3")}
    # the lone X playing a Joker (D18) and the whole Joker-based columns; no P2, no N4
    assert targets == {"x1 c3", "j5 c3", "j6 c3", "j7 c3", "j8 c3", "j9 c3"}
    game.play("x1 c3")
    assert [card.id for card in game.columns[2]] == ["X1"]


def test_a_neutral_top_card_takes_a_run_in_any_role() -> None:
    game = deal(*WINNABLE)
    texts = {action.text for action in game.legal_actions()}
    assert "n4 c1" in texts                            # N4 onto X1 (X acts as B)
    assert "p2 c1" in texts                            # P2 onto X1 (X acts as N)


# ------------------------------------------------------------------ D19: removal and the end
def test_d19_removal_is_optional_and_costs_no_move() -> None:
    game = deal(*WINNABLE)
    texts = {action.text for action in game.legal_actions()}
    assert "remove c3" in texts and "p2 c4" in texts   # the player may move instead
    game.play("remove c3")
    assert game.moves_made == 0
    assert [card.id for card in game.zones[REMOVED_ZONE]] == sequence(3)
    assert game.removed_sequences == 1


def test_d19_the_hand_made_line_wins_and_sets_the_neutral_cards_aside() -> None:
    game = deal(*WINNABLE)
    for action in WINNABLE_LINE:
        assert not game.is_over
        game.play(action)
    assert game.outcome is not None and game.outcome.winners == (0,) and game.outcome.reason == WON
    assert game.outcome.scores == (1.0,)
    assert len(game.zones[REMOVED_ZONE]) == 56         # the neutrals too, "cuando solo queden ellas"
    assert all(not column for column in game.columns)
    assert game.status_text().startswith("Deal won")


def test_d19_a_deal_without_any_move_is_lost_at_once() -> None:
    game = deal(*BLOCKED)
    assert game.is_over and game.outcome is not None
    assert game.outcome.winners == () and game.outcome.reason == BLOCKED_REASON and game.outcome.scores == (0.0,)
    assert game.legal_actions() == []


def test_d19_a_block_after_a_move_ends_the_game() -> None:
    game = deal(*LOCKED_QUEEN)
    assert not game.is_over
    assert {action.text for action in game.legal_actions()} == {f"q3 c{column}" for column in (1, 2, 4, 5, 6, 7, 8, 9)} \
        | {"resign"}


def test_resigning_loses_and_undo_takes_it_back() -> None:
    game = SoloDrez(seed=3)
    game.play("resign")
    assert game.outcome is not None and game.outcome.reason == RESIGNED and game.outcome.winners == ()
    game.undo()
    assert game.outcome is None and "resign" in {action.text for action in game.legal_actions()}


# ------------------------------------------------------------------ notation, records, errors
def test_notation_names_the_run_by_its_bottom_card_and_the_column() -> None:
    game = deal(*WINNABLE)
    action = game.parse(" p2   c4 ")
    assert action.text == "p2 c4" and action.targets == ("P2", "c4")
    assert game.parse(str(action)) == action
    assert game.parse("remove c3").targets == ()
    assert game.parse("resign").targets == ()


@pytest.mark.parametrize("text,reason", [
    ("q1 c4", "ordered run"),
    ("p2 c2", "already"),
    ("n4 c2", "exactly one below"),
    ("q1", "bottom card of the run"),
    ("z9 c1", "not a card"),
    ("p2 c0", "not a column"),
    ("remove c12", "c1 ... c9"),
])
def test_illegal_input_is_explained_and_changes_nothing(text: str, reason: str) -> None:
    game = deal(*WINNABLE)
    before = game.to_json()
    with pytest.raises(IllegalAction, match=reason):
        game.play(text)
    assert game.to_json() == before


def test_an_empty_column_refusal_names_the_joker_rule() -> None:
    game = deal(*WINNABLE)
    game.play("remove c3")
    with pytest.raises(IllegalAction, match="Joker"):
        game.play("p2 c3")


def test_records_round_trip_a_hand_made_deal_and_a_seeded_one() -> None:
    game = deal(*WINNABLE)
    for action in WINNABLE_LINE[:9]:
        game.play(action)
    loaded = SoloDrez.from_json(game.to_json())
    assert loaded.to_json() == game.to_json() and loaded.columns == game.columns
    seeded = SoloDrez(seed=11)
    seeded.play(seeded.legal_actions()[0])
    assert json.loads(SoloDrez.from_json(seeded.to_json()).to_json()) == json.loads(seeded.to_json())


def test_registered_with_one_seat_and_the_hint_option() -> None:
    game = drezlab.new("solodrez", seed=1)
    assert isinstance(game, SoloDrez) and game.players == 1 and game.to_move == 0
    with pytest.raises(ValueError, match="hint"):
        SoloDrez(hint=1)  # type: ignore[arg-type]
    assert SoloDrez(seed=1, hint=True).view(0).public["hint"] is True


@pytest.fixture
def spanish() -> Iterator[None]:
    drezlab.set_language("es")
    yield
    drezlab.set_language("en")


@pytest.mark.parametrize("text,spanish_text", [
    ("q1 c4", ("las cartas Dama Gris (Q1), Torre Gris (R1), Alfil Gris (B1), Caballo Gris (N1), Peón Gris (P1), "
               "Carta neutral (X1) no forman una serie ordenada: de abajo arriba, cada una debe valer "
               "exactamente un rango menos que la carta que tiene debajo (J Q R B N P; una carta neutral hace de "
               "cualquier rango)")),
    ("p2 c2", "la serie Peón Rojo (P2) ya está en la columna 2"),
    ("n4 c2", ("la serie Caballo Morado (N4) no puede ir sobre Peón Rojo (P2): su carta de abajo debe valer exactamente un rango menos que la "
               "carta de arriba de la columna 2")),
    ("q1", ("'q1' no es una acción: escribe la carta de abajo de la serie y la columna a la que va, por ejemplo "
            "'b3 c4', o 'remove c4', o 'resign'")),
    ("z9 c1", "'z9' no es una carta: escribe una letra de figura p n b r q j y un color 1-9 ('b3'), o 'x1'"),
    ("p2 c0", "'c0' no es una columna: escribe c1 ... c9"),
    ("remove c12", "'remove c12': escribe la columna como c1 ... c9, por ejemplo 'remove c4'"),
    ("remove c1", ("la columna 1 no se puede retirar: debe tener exactamente J Q R B N P (sin carta neutral), "
                   "de abajo arriba, y nada más")),
])
def test_illegal_input_is_explained_in_spanish(text: str, spanish_text: str, spanish: None) -> None:
    game = deal(*WINNABLE)
    with pytest.raises(IllegalAction) as refused:
        game.play(text)
    assert str(refused.value) == spanish_text


def test_the_english_refusals_are_whole_sentences() -> None:
    game = deal(*WINNABLE)
    with pytest.raises(IllegalAction) as refused:
        game.play("n4 c2")
    assert str(refused.value) == ("the run Purple Knight (N4) cannot go onto Red Pawn (P2): its bottom card must rank exactly one below the top "
                                  "card of column 2")
    game.play("remove c3")
    with pytest.raises(IllegalAction) as refused:
        game.play("p2 c3")
    assert str(refused.value) == ("an empty column takes only a run based on a Joker (or a neutral card playing "
                                  "one): not Red Pawn (P2)")


def test_the_empty_column_the_end_and_deal_errors_are_spanish(spanish: None) -> None:
    game = deal(*WINNABLE)
    game.play("remove c3")
    with pytest.raises(IllegalAction) as refused:
        game.play("p2 c3")
    assert str(refused.value) == ("una columna vacía solo admite una serie que empiece por un Bufón (o por una carta "
                                  "neutral que haga de Bufón): no Peón Rojo (P2)")
    assert game.status_text() == "Series retiradas: 1/9 · jugadas hechas: 0"
    game.play("resign")
    assert game.status_text() == "Partida perdida: abandono (jugadas hechas: 0)"
    with pytest.raises(IllegalAction) as refused:
        game.play("p2 c3")
    assert str(refused.value) == "la partida terminó (abandono), así que 'p2 c3' no se puede jugar"
    with pytest.raises(ValueError) as refused_deal:
        deal_order([[]] * 8)
    assert str(refused_deal.value) == "un reparto de SoloDrez tiene 9 columnas, no 8"
    with pytest.raises(ValueError) as refused_deal:
        deal_order([[]] * 9)
    assert str(refused_deal.value) == ("D17 reparte 7 cartas a las columnas 1 y 2 y 6 a las demás, "
                                       "no [0, 0, 0, 0, 0, 0, 0, 0, 0]")
