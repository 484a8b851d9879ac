"""Poker7 hand evaluation (rules/card-games.md §1.2): the acceptance cases AC-P7-1..11,
one test per DECISION D3 and D7–D11, and the fast evaluator checked against the
literal D7 search (every valid partition) on seeded and hypothesis-drawn hands."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drezlab import Card
from drezlab.games.poker7 import compare_hands, hand_value, hand_value_by_search, partition_value, valid_partitions
from drezlab.games.poker7.hands import DECK, group_key, is_group, poker7_deck

AC1_BOARD = "R2 P2 P9 B9 J6"


def ids(groups) -> list[list[str]]:
    return [[card.id for card in group] for group in groups]


def value(own: str, board: str):
    return hand_value(f"{own} {board}")


# ------------------------------------------------------------------ AC-P7-1
AC1 = {
    # player: (own cards, best partition, S, F, number of valid partitions)
    "top": ("B5 B8", [["B9", "B8", "B5"], ["R2", "P2"], ["P9"], ["J6"]], (3, 2, 1, 1), (0, 0, 0, 0), 19),
    "left": ("P6 J3", [["P9", "P6", "P2"], ["J6", "J3"], ["B9"], ["R2"]], (3, 2, 1, 1), (0, 0, 0, 0), 25),
    "bottom": ("J8 N9", [["B9", "N9", "P9"], ["R2", "P2"], ["J8", "J6"]], (3, 2, 2), (1, 0, 0), 24),
    "right": ("Q2 N2", [["Q2", "R2", "N2", "P2"], ["B9", "P9"], ["J6"]], (4, 2, 1), (0, 0, 0), 35),
}


@pytest.mark.parametrize("player", list(AC1))
def test_ac_p7_1_best_partition_s_f_and_partition_count(player: str) -> None:
    own, partition, sizes, flags, count = AC1[player]
    result = value(own, AC1_BOARD)
    assert ids(result.groups) == partition
    assert result.sizes == sizes
    assert tuple(int(flag) for flag in result.ordered) == flags
    assert sum(1 for _ in valid_partitions(f"{own} {AC1_BOARD}")) == count


def test_ac_p7_1_ranking_right_bottom_top_left() -> None:
    values = {player: value(own, AC1_BOARD) for player, (own, *_) in AC1.items()}
    assert values["right"] > values["bottom"] > values["top"] > values["left"]
    assert max(values, key=values.get) == "right"


def test_ac_p7_1_top_beats_left_on_h0_and_pairs_red_before_pawns() -> None:
    top, left = value("B5 B8", AC1_BOARD), value("P6 J3", AC1_BOARD)
    assert top.sizes == left.sizes and top.ordered == left.ordered
    assert top.hier[0] > left.hier[0]            # bishops (3) beat pawns (1)
    assert ids(top.groups)[1] == ["R2", "P2"]   # the red pair, not the pawn pair P9 P2


def test_ac_p7_1_bottom_has_the_joker_pair_the_source_overlooked() -> None:
    bottom = value("J8 N9", AC1_BOARD)
    assert ["J8", "J6"] in ids(bottom.groups)
    assert bottom.sizes == (3, 2, 2) and bottom.ordered[0]    # green P N B is ordered


# --------------------------------------------------------- AC-P7-2 .. 11
def test_ac_p7_2_greedy_trap() -> None:
    board = "R2 Q2 N2 P9 B7"
    result = value("B2 B5", board)
    assert ids(result.groups) == [["Q2", "R2", "B2", "N2"], ["B7", "B5"], ["P9"]]
    assert result.sizes == (4, 2, 1) and result.ordered == (True, False, False)
    greedy = partition_value([[Card.parse(c) for c in ["B2", "B5", "B7"]],
                              [Card.parse(c) for c in ["R2", "Q2", "N2"]], [Card.parse("P9")]])
    assert greedy[0] == (3, 3, 1)
    assert result.as_tuple() > greedy


# (AC, community, hand A, expected A partition, S of A, hand B, expected B partition or None, winner)
CONSTRUCTED = [
    ("P7-3", "B5 J5 Q1 N7 R8", "B3 B4", [["B5", "B4", "B3"]], (3, 1, 1, 1, 1),
     "J2 J9", [["J9", "J5", "J2"]], "A"),
    ("P7-4", "B5 J5 Q1 N7 R8", "B3 B4", [["B5", "B4", "B3"]], (3, 1, 1, 1, 1),
     "Q5 Q8", [["J5", "Q5", "B5"], ["Q8", "R8"], ["N7"], ["Q1"]], "B"),
    ("P7-5", "P2 B2 J6 J9 N4", "J2 R7", [["J2", "B2", "P2"], ["J9", "J6"], ["R7"], ["N4"]], (3, 2, 1, 1),
     "J1 R8", [["J9", "J6", "J1"], ["B2", "P2"], ["R8"], ["N4"]], "A"),
    ("P7-6", "N9 P9 N8 P8 Q1", "J9 R3", [["J9", "N9", "P9"], ["N8", "P8"]], (3, 2, 1, 1),
     "J8 R4", [["J8", "N8", "P8"], ["N9", "P9"]], "A"),
    ("P7-7", "R2 P2 B6 N7 Q9", "Q2 J1", [["Q2", "R2", "P2"]], (3, 1, 1, 1, 1),
     "N2 J3", [["R2", "N2", "P2"]], "A"),
    ("P7-8", "B5 B3 N1 P4 Q7", "B9 R2", [["B9", "B5", "B3"]], None,
     "B8 R6", [["B8", "B5", "B3"]], "A"),
    ("P7-9", "B8 N1 P3 Q5 R6", "B9 J2", [["B9", "B8"]], (2, 1, 1, 1, 1, 1),
     "J7 J4", [["J7", "J4"]], "A"),
    ("P7-10", "B1 B2 B3 B5 B7", "B4 B6", [["B7", "B6", "B5", "B4", "B3", "B2", "B1"]], (7,),
     "B8 B9", [["B9", "B8", "B7", "B5", "B3", "B2", "B1"]], "A"),
    ("P7-11", "J1 J4 J7 N2 N9", "P3 Q6", [["J7", "J4", "J1"], ["N9", "N2"], ["Q6"], ["P3"]], (3, 2, 1, 1),
     "P5 R8", [["J7", "J4", "J1"], ["N9", "N2"], ["R8"], ["P5"]], "B"),
]


@pytest.mark.parametrize("case", CONSTRUCTED, ids=[case[0] for case in CONSTRUCTED])
def test_constructed_acceptance_cases(case) -> None:
    _, board, own_a, groups_a, sizes_a, own_b, groups_b, winner = case
    a, b = value(own_a, board), value(own_b, board)
    assert ids(a.groups)[:len(groups_a)] == groups_a
    assert ids(b.groups)[:len(groups_b)] == groups_b
    if sizes_a is not None:
        assert a.sizes == sizes_a
    assert (a > b) == (winner == "A") and (b > a) == (winner == "B")
    sign, _ = compare_hands(f"{own_a} {board}", f"{own_b} {board}")
    assert sign == (1 if winner == "A" else -1)


def test_ac_p7_3_ordered_beats_hierarchy() -> None:
    a, b = value("B3 B4", "B5 J5 Q1 N7 R8"), value("J2 J9", "B5 J5 Q1 N7 R8")
    assert a.sizes == b.sizes
    assert a.ordered[0] and not b.ordered[0]
    assert b.hier[0] > a.hier[0]                  # jokers outrank bishops ...
    assert a > b                                  # ... but the ordered group wins first


def test_ac_p7_4_sizes_before_order() -> None:
    a, b = value("B3 B4", "B5 J5 Q1 N7 R8"), value("Q5 Q8", "B5 J5 Q1 N7 R8")
    assert a.ordered[0] and not b.ordered[0] and b.sizes > a.sizes and b > a


def test_ac_p7_10_seven_card_group() -> None:
    a, b = value("B4 B6", "B1 B2 B3 B5 B7"), value("B8 B9", "B1 B2 B3 B5 B7")
    assert a.sizes == b.sizes == (7,)
    assert a.ordered == (True,) and b.ordered == (False,)


def test_ac_p7_11_singletons_are_colour_groups() -> None:
    a, b = value("P3 Q6", "J1 J4 J7 N2 N9"), value("P5 R8", "J1 J4 J7 N2 N9")
    assert a.hier[2] == (7, 6, 5) and b.hier[2] == (7, 8, 4)
    assert b > a


# ------------------------------------------------------------- DECISIONS
def test_d3_joker_is_an_ordinary_figure_never_a_wildcard() -> None:
    result = hand_value("J5 B4 B3 P1 N2 R6 Q8")
    assert ["B4", "B3"] in ids(result.groups)
    assert not any("J5" in group and len(group) > 1 for group in ids(result.groups))
    assert group_key([Card.parse("J1"), Card.parse("J2")])[2][0] == 6     # Joker rank 6: highest figure
    assert group_key([Card.parse("J1"), Card.parse("J2")]) > group_key([Card.parse("Q1"), Card.parse("Q2")])


def test_d7_the_evaluator_chooses_the_partition_by_exhaustive_search() -> None:
    cards = f"Q2 N2 {AC1_BOARD}"
    partitions = list(valid_partitions(cards))
    assert len(partitions) == 35
    assert all(sorted(c.id for group in p for c in group) == sorted(cards.split()) for p in partitions)
    assert all(is_group(group) for p in partitions for group in p)
    best = max(partitions, key=partition_value)
    assert partition_value(best) == hand_value(cards).as_tuple()


def test_d7_partition_count_never_exceeds_bell_7() -> None:
    assert sum(1 for _ in valid_partitions("B1 B2 B3 B4 B5 B6 B7")) == 877     # one figure: every set partition
    assert sum(1 for _ in valid_partitions("P1 N2 B3 R4 Q5 J6 P7")) == 2        # only P1 P7 can pair


def test_d8_a_singleton_is_a_colour_group() -> None:
    size, ordered, hier = group_key([Card.parse("R8")])
    assert (size, ordered, hier) == (1, False, (7, 8, 4))
    # compared as colours: a green pawn alone beats an orange joker alone (AC-P7-11)
    assert group_key([Card.parse("P9")]) > group_key([Card.parse("J8")])


@pytest.mark.parametrize("cards, ordered", [
    ("B9 B8", True), ("B9 B7", False), ("B9 B1", False),            # no wrap-around 9 -> 1
    ("N9 P9 B9", True),                                             # green P N B: consecutive ranks
    ("J5 P5", False),                                               # no wrap-around Joker -> Pawn
    ("J5 Q5 R5 B5 N5 P5", True), ("B3 B4 B5", True), ("B3 B5 B6", False),
])
def test_d9_ordered_groups(cards: str, ordered: bool) -> None:
    assert group_key([Card.parse(card) for card in cards.split()])[1] is ordered


def test_d9_a_singleton_is_never_ordered() -> None:
    assert all(not group_key([card])[1] for card in DECK)


def test_d10_sizes_then_flags_then_hierarchy_over_all_groups() -> None:
    # 4+3 beats 4+2 (the source's example): the comparison goes past the largest group
    a = hand_value("B1 B2 B3 B4 Q6 R6 J6")          # bishops 4 + yellow 3
    b = hand_value("J1 J3 J5 J7 Q2 R2 P9")          # jokers 4 + red 2 + 1
    assert a.sizes == (4, 3) and b.sizes == (4, 2, 1) and a > b
    assert b.hier[0] > a.hier[0]                     # jokers outrank bishops, yet S decides first
    # equal sizes: a second ordered group beats a higher first group (F before H)
    c = hand_value("J1 J3 J5 B9 B8 N4 P6")          # jokers 3 (5,3,1) + bishops 9,8 ordered
    d = hand_value("J2 J4 J7 B9 B7 N4 P6")          # jokers 3 (7,4,2) + bishops 9,7
    assert c.sizes == d.sizes and c.ordered[1] and not d.ordered[1]
    assert d.hier[0] > c.hier[0] and c > d


def test_d11_hier_ties_continue_with_the_next_keys_and_groups() -> None:
    board = "B9 B8 B7 N1 P4"
    a, b = value("R2 Q6", board), value("R3 Q6", board)
    assert a.hier[0] == b.hier[0]                    # the shared bishops
    assert a != b and b > a                          # decided further down the hand
    assert hand_value("B1 B2 B3 N4 P5 R6 Q7") == hand_value(["Q7", "R6", "P5", "N4", "B3", "B2", "B1"])


def test_d11_two_different_hands_never_tie() -> None:
    rng = random.Random(11)
    seen: dict[int, frozenset[str]] = {}
    for _ in range(3000):
        hand = frozenset(card.id for card in rng.sample(DECK, 7))
        key = hand_value(sorted(hand)).key
        assert seen.setdefault(key, hand) == hand


def test_compare_hands_names_the_deciding_rule() -> None:
    sign, reason = compare_hands(f"Q2 N2 {AC1_BOARD}", f"J8 N9 {AC1_BOARD}")
    assert sign == 1 and "group sizes" in reason and "4·2·1" in reason
    sign, reason = compare_hands("B3 B4 B5 J5 Q1 N7 R8", "J2 J9 B5 J5 Q1 N7 R8")
    assert sign == 1 and "ordered" in reason
    sign, reason = compare_hands("J2 R7 P2 B2 J6 J9 N4", "J1 R8 P2 B2 J6 J9 N4")
    assert sign == 1 and "hierarchy of the largest group" in reason
    assert compare_hands("B1 B2", "B2 B1")[0] == 0



@pytest.mark.parametrize("language", ["en", "es"])
def test_hand_words_speak_the_current_language(language: str) -> None:
    """group_names(), compare_hands' reason and str(Equity) follow drezlab.set_language."""
    from drezlab.core.i18n import in_language
    from drezlab.games.poker7.odds import Equity

    expected = {
        "en": (["bishops: 3 (ordered)", "orange card", "cyan card", "blue card", "grey card"],
               ["red colour group of 4", "green colour group of 2", "yellow card"],
               "group sizes decide: 4·2·1 beats 3·2·2 (the bigger group first, then the rest of the hand)",
               "same group sizes; an ordered group (escalera) of 3 beats an unordered one of the same size",
               ("same sizes and order; the hierarchy of the largest group decides: red (2) J2 B2 P2 beats "
                "jokers J9 J6 J1"),
               "same sizes and order; the hierarchy of group 2 decides: magenta (3) Q3 P3 beats grey (1) R1 P1",
               "the two hands are worth exactly the same: the pot is split (D4)",
               "equity 0.600 (exact; 3 wins, 1 tie, 1 loss of 5)",
               "equity 0.612 (estimated ± 0.012; 30 wins, 10 ties, 10 losses of 50)"),
        "es": (["alfiles: 3 (en escalera)", "carta naranja", "carta cian", "carta azul", "carta gris"],
               ["grupo de color rojo de 4", "grupo de color verde de 2", "carta amarilla"],
               ("deciden los tamaños de los grupos: 4·2·1 gana a 3·2·2 (primero el grupo más grande, luego el "
                "resto de la mano)"),
               "mismos tamaños de grupo; un grupo de 3 en escalera gana a otro del mismo tamaño que no lo está",
               ("mismos tamaños y escaleras; decide el tipo del grupo más grande: color rojo (2) J2 B2 P2 gana a "
                "bufones J9 J6 J1"),
               ("mismos tamaños y escaleras; decide el tipo del grupo 2: color magenta (3) Q3 P3 gana a color "
                "gris (1) R1 P1"),
               "las dos manos valen exactamente lo mismo: el bote se reparte (D4)",
               "equity 0,600 (exacta; 3 ganados, 1 empatado, 1 perdido de 5 repartos)",
               "equity 0,612 (estimada ± 0,012; 30 ganados, 10 empatados, 10 perdidos de 50 repartos)"),
    }[language]
    with in_language(language):
        said = (hand_value("B3 B4 B5 J5 Q1 N7 R8").group_names(), hand_value(f"Q2 N2 {AC1_BOARD}").group_names(),
                compare_hands(f"Q2 N2 {AC1_BOARD}", f"J8 N9 {AC1_BOARD}")[1],
                compare_hands("B3 B4 B5 J5 Q1 N7 R8", "J2 J9 B5 J5 Q1 N7 R8")[1],
                compare_hands("J2 R7 P2 B2 J6 J9 N4", "J1 R8 P2 B2 J6 J9 N4")[1],
                compare_hands("R8 P1 B7 Q8 N5 P3 Q3", "R8 P1 B7 Q8 N5 R1 J2")[1],
                compare_hands("B1 B2", "B2 B1")[1],
                str(Equity(0.6, 3, 1, 1, exact=True)),
                str(Equity(0.61234, 30, 10, 10, exact=False, std_error=0.0123)))
    assert said == expected

# -------------------------------------------------------------- the inputs
@pytest.mark.parametrize("bad, message", [
    ("X1 B2", "neutral"), ("B2 B2", "twice"), ("Q5b B2", "second pack"),
    ("B1 B2 B3 B4 B5 B6 B7 B8", "1 to 7"), ("", "1 to 7"), ("Z9", "not a card id"),
])
def test_bad_hands_are_refused_with_a_reason(bad: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        hand_value(bad)


def test_cards_or_ids_or_a_string() -> None:
    cards = [Card.parse(card) for card in f"Q2 N2 {AC1_BOARD}".split()]
    assert hand_value(cards) == hand_value([c.id for c in cards]) == hand_value(f"Q2 N2 {AC1_BOARD}")


def test_the_poker7_deck_has_54_cards_without_neutrals() -> None:
    deck = poker7_deck()
    assert len(deck) == 54 == len({card.id for card in deck})
    assert not any(card.is_neutral for card in deck)


# ------------------------------------------------- fast evaluator is exact
def assert_same_as_search(cards) -> None:
    fast, slow = hand_value(cards), hand_value_by_search(cards)
    assert fast.as_tuple() == slow.as_tuple()
    assert ids(fast.groups) == ids(slow.groups)
    assert fast.key == slow.key


def test_fast_evaluator_equals_the_full_search_on_seeded_hands() -> None:
    rng = random.Random(2024)
    for size in (7, 7, 7, 6, 5, 3, 2, 1):
        for _ in range(250):
            assert_same_as_search(rng.sample(DECK, size))


def test_fast_evaluator_on_hands_crowded_into_few_lines() -> None:
    """Hands from a 3 x 3 corner of the grid: many cards share both lines, the hard case."""
    corner = [Card.parse(f"{letter}{number}") for letter in "PNB" for number in (1, 2, 3)]
    for hand in combinations(corner, 7):
        assert_same_as_search(hand)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True))
def test_fast_evaluator_equals_the_full_search(hand) -> None:
    assert_same_as_search(hand)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(st.sampled_from(DECK), min_size=14, max_size=14, unique=True))
def test_the_value_order_is_the_order_of_s_f_h(cards) -> None:
    a, b = hand_value(cards[:7]), hand_value(cards[7:])
    assert (a < b) == (a.as_tuple() < b.as_tuple())
    assert (a == b) == (a.as_tuple() == b.as_tuple())


@pytest.mark.parametrize("language, expected", [
    ("en", ("equity 1.000 (exact; 1 win, 0 ties, 0 losses of 1)",
            "equity 0.250 (estimated ± 0.100; 0 wins, 1 tie, 1 loss of 2)")),
    ("es", ("equity 1,000 (exacta; 1 ganado, 0 empatados, 0 perdidos de 1 reparto)",
            "equity 0,250 (estimada ± 0,100; 0 ganados, 1 empatado, 1 perdido de 2 repartos)")),
])
def test_equity_counts_agree_with_their_number(language, expected):
    """A count of 1 is singular ('1 tie', '1 empatado'; not '1 ties', '1 empatados')."""
    from drezlab.core.i18n import in_language
    from drezlab.games.poker7.odds import Equity

    with in_language(language):
        said = (str(Equity(1.0, 1, 0, 0, exact=True)), str(Equity(0.25, 0, 1, 1, exact=False, std_error=0.1)))
    assert said == expected


@pytest.mark.parametrize(("language", "caption"), [("en", "cyan 3"), ("es", "cian 3")])
def test_the_pictures_group_captions_speak_as_the_hand_words(language: str, caption: str) -> None:
    """The picture captions a colour group with the colour word of the hand's words ("cian"
    in Spanish, as the lessons write it; the deck prints "Cyan")."""
    from drezlab.core.i18n import in_language
    from drezlab.games.poker7.picture import _group_caption

    value = hand_value([Card.parse(card) for card in ("P7", "N7", "B7", "R1", "Q2")])
    with in_language(language):
        captions = [_group_caption(value, index) for index in range(len(value.groups))]
    assert captions[0].startswith(caption) and "Cyan" not in "".join(captions)
