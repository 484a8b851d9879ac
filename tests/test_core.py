"""drezlab.core and the package surface: cards, deck, actions, registry, labels.

Also checks that ``import drezlab`` stays light (no Jupyter or plotting code)
and that the Game protocol's text notation round-trips for PokerDrez.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import random
import subprocess
import sys

import pytest

import drezlab
from drezlab import Action, BadRecord, Card, Color, Deck, Figure, IllegalAction, Outcome
from drezlab.core.cards import UNKNOWN, full_pack
from drezlab.testing import random_game, random_plies


# ---------------------------------------------------------------------- errors
def test_errors_are_value_errors_and_distinct():
    assert issubclass(IllegalAction, ValueError)
    assert issubclass(BadRecord, ValueError)
    assert not issubclass(IllegalAction, BadRecord)
    assert not issubclass(BadRecord, IllegalAction)


# ------------------------------------------------------------- figures, colours
def test_figure_values_are_the_die_faces():
    assert [int(f) for f in Figure] == [1, 2, 3, 4, 5, 6]
    assert Figure.PAWN == 1 and Figure.KNIGHT == 2 and Figure.BISHOP == 3
    assert Figure.ROOK == 4 and Figure.QUEEN == 5 and Figure.JOKER == 6


@pytest.mark.parametrize("figure, letter, english, spanish", [
    (Figure.PAWN, "P", "Pawn", "Peón"),
    (Figure.KNIGHT, "N", "Knight", "Caballo"),
    (Figure.BISHOP, "B", "Bishop", "Alfil"),
    (Figure.ROOK, "R", "Rook", "Torre"),
    (Figure.QUEEN, "Q", "Queen", "Dama"),
    (Figure.JOKER, "J", "Joker", "Bufón"),
])
def test_figure_letters_and_names(figure, letter, english, spanish):
    assert figure.letter == letter
    assert figure.english == english
    assert figure.spanish == spanish
    assert Figure.from_letter(letter) is figure
    assert Figure.from_letter(letter.lower()) is figure


def test_figure_from_bad_letter_is_a_readable_value_error():
    with pytest.raises(ValueError, match="figure letter"):
        Figure.from_letter("K")


@pytest.mark.parametrize("number, english, spanish", [
    (1, "Grey", "Gris"), (2, "Red", "Rojo"), (3, "Magenta", "Magenta"),
    (4, "Purple", "Morado"), (5, "Blue", "Azul"), (6, "Yellow", "Amarillo"),
    (7, "Cyan", "Cyan"), (8, "Orange", "Naranja"), (9, "Green", "Verde"),
])
def test_color_numbers_and_names(number, english, spanish):
    color = Color(number)
    assert int(color) == number
    assert color.english == english
    assert color.spanish == spanish
    assert color.hex.startswith("#") and len(color.hex) == 7


def test_color_examples_from_the_brief():
    assert Color(4).spanish == "Morado"
    assert Color.BLUE == 5 and Color(5) is Color.BLUE
    assert len(Color) == 9
    assert len({c.hex for c in Color}) == 9


# ----------------------------------------------------------------------- cards
@pytest.mark.parametrize("text, figure, number, pack, neutral", [
    ("Q5", Figure.QUEEN, 5, 0, False),
    ("J9", Figure.JOKER, 9, 0, False),
    ("N1", Figure.KNIGHT, 1, 0, False),
    ("P3", Figure.PAWN, 3, 0, False),
    ("J9b", Figure.JOKER, 9, 1, False),
    ("Q5b", Figure.QUEEN, 5, 1, False),
    ("X1", None, None, 0, True),
    ("X2", None, None, 0, True),
    ("X2b", None, None, 1, True),
])
def test_card_parse(text, figure, number, pack, neutral):
    card = Card.parse(text)
    assert card.figure == figure
    assert card.number == number
    assert card.pack == pack
    assert card.is_neutral is neutral
    assert not card.is_unknown
    assert card.id == text
    assert str(card) == text
    assert Card.parse(str(card)) == card
    assert Card.parse(card) is card
    assert repr(card) == f"Card({text!r})"


def test_card_parse_strips_spaces():
    assert Card.parse("  Q5 ") == Card.parse("Q5")


def test_card_colour_and_names():
    queen = Card.parse("Q5")
    assert queen.color is Color.BLUE
    assert queen.name() == "Blue Queen"
    assert queen.name("es") == "Dama Azul"
    assert Card.parse("J9b").name() == "Green Joker"
    neutral = Card.parse("X1")
    assert neutral.color is None          # D2: no figure, number or colour
    assert neutral.name() == "Neutral card"
    assert neutral.name("es") == "Carta neutral"


def test_neutral_cards_are_distinct():
    assert Card.parse("X1") != Card.parse("X2")
    assert Card.parse("X1") != Card.parse("X1b")
    assert Card.neutral(2) == Card.parse("X2")
    assert Card.neutral(1, pack=1) == Card.parse("X1b")


def test_cards_of_two_packs_differ():
    assert Card.parse("Q5") != Card.parse("Q5b")
    assert hash(Card.parse("Q5")) == hash(Card.parse("Q5"))
    assert len({Card.parse("Q5"), Card.parse("Q5"), Card.parse("Q5b")}) == 2


def test_cards_are_immutable():
    card = Card.parse("Q5")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.number = 4  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.id = "J1"  # type: ignore[misc]


def test_unknown_card_placeholder():
    unknown = Card.unknown()
    assert unknown is UNKNOWN
    assert unknown.is_unknown and not unknown.is_neutral
    assert unknown.id == "??"
    assert Card.parse("??") is unknown
    assert all(card != unknown for card in Deck.all_cards(2))


@pytest.mark.parametrize("bad", [
    "", " ", "Q", "Q0", "Q10", "Q5c", "Q5bb", "K5", "q5", "X0", "X3", "X", "5Q", "Q 5", "Q5 b",
    "J9B", "Q-5", "Q5\n5", "Q٥", "Ｑ5", "??b", "Q5b\x00",
])
def test_card_parse_rejects_bad_ids_with_a_helpful_message(bad):
    with pytest.raises(ValueError) as info:
        Card.parse(bad)
    message = str(info.value)
    assert repr(bad) in message
    assert "Q5" in message and "X1" in message   # tells the pupil how to write one


@pytest.mark.parametrize("bad", [5, None, 5.0, b"Q5", ["Q5"], ("Q", 5)])
def test_card_parse_rejects_non_text(bad):
    with pytest.raises(ValueError, match="text"):
        Card.parse(bad)


def test_card_ids_round_trip_for_every_card():
    for card in Deck.all_cards(2):
        assert Card.parse(card.id) == card
        assert Card.parse(str(card)) == card


# ------------------------------------------------------------------------ deck
@pytest.mark.parametrize("packs, size", [(1, 56), (2, 112)])
def test_deck_sizes_and_unique_ids(packs, size):
    cards = Deck.all_cards(packs)
    assert len(cards) == size
    assert len({card.id for card in cards}) == size
    assert len(set(cards)) == size
    deck = Deck(packs)
    assert len(deck) == size and list(deck) == cards
    assert deck.discard == []


def test_one_pack_composition():
    cards = full_pack()
    assert sum(card.is_neutral for card in cards) == 2
    for figure in Figure:
        numbers = sorted(card.number for card in cards if card.figure == figure)
        assert numbers == list(range(1, 10))
    assert all(card.pack == 0 for card in cards)
    assert all(card.pack == 1 and card.id.endswith("b") for card in full_pack(1))


@pytest.mark.parametrize("packs", [0, 3, -1, "2", None])
def test_deck_rejects_other_pack_counts(packs):
    with pytest.raises(ValueError):
        Deck(packs)


def test_deck_shuffle_is_seeded_and_draw_takes_the_top():
    a, b, c = Deck(2), Deck(2), Deck(2)
    a.shuffle(random.Random(11))
    b.shuffle(random.Random(11))
    c.shuffle(random.Random(12))
    assert a.pile == b.pile
    assert a.pile != c.pile
    assert sorted(card.id for card in a.pile) == sorted(card.id for card in Deck.all_cards(2))
    top = a.pile[-1]
    assert a.draw() == top and len(a) == 111


def test_deck_draw_from_empty_pile():
    deck = Deck(1, cards=[])
    with pytest.raises(IndexError):
        deck.draw()


def test_deck_from_ids():
    deck = Deck(1, cards=["Q5", "X1"])
    assert deck.pile == [Card.parse("Q5"), Card.parse("X1")]
    with pytest.raises(ValueError):
        Deck(1, cards="Q5")         # a single card, not a list


# --------------------------------------------------------------------- actions
def test_action_fields_and_defaults():
    action = Action("J3:e2e4", ("J3", "e2", "e4"))
    assert action.text == "J3:e2e4" and str(action) == "J3:e2e4"
    assert action.targets == ("J3", "e2", "e4")
    assert action.label == "J3:e2e4"          # label defaults to the text
    assert action.data is None
    assert repr(action) == "Action('J3:e2e4')"
    assert action.to_dict() == {"text": "J3:e2e4", "targets": ["J3", "e2", "e4"], "label": "J3:e2e4"}
    assert Action("roll", label="Roll the die").label == "Roll the die"


def test_action_equality_is_by_text_only():
    a = Action("roll", (), "Roll the die", ("roll",))
    b = Action("roll", ("x",), "Tirar el dado", None)
    c = Action("roll ")
    assert a == b and not a != b
    assert hash(a) == hash(b)
    assert a != c and not a == c
    assert len({a, b, c}) == 2
    assert a != "roll"            # an Action is not its text
    assert a != ("roll", (), "Roll the die", ("roll",))


def test_action_is_immutable():
    action = Action("J3:e2e4", ("J3", "e2", "e4"))
    for name in ("text", "targets", "label", "data"):
        with pytest.raises(AttributeError):
            setattr(action, name, "changed")
    with pytest.raises(AttributeError):
        action.anything = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        action[0] = "changed"  # type: ignore[index]
    assert action.text == "J3:e2e4"


def test_action_copies_and_pickles():
    action = Action("J3:e2e4", ("J3", "e2", "e4"), "label", ("move",))
    for clone in (copy.copy(action), copy.deepcopy(action), pickle.loads(pickle.dumps(action))):
        assert type(clone) is Action
        assert clone == action and clone.targets == action.targets and clone.label == "label"


def test_outcome_is_frozen_and_round_trips():
    outcome = Outcome((0,), "checkmate", (1.0, 0.0))
    assert outcome.winner == 0 and not outcome.is_draw
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcome.reason = "x"  # type: ignore[misc]
    assert Outcome.from_dict(json.loads(json.dumps(outcome.to_dict()))) == outcome
    draw = Outcome((), "stalemate", (0.5, 0.5), (0, 0))
    assert draw.is_draw and draw.winner is None
    assert Outcome.from_dict(json.loads(json.dumps(draw.to_dict()))) == draw


# -------------------------------------------------------------------- registry
def test_games_lists_pokerdrez():
    listing = drezlab.games()
    assert "pokerdrez" in listing
    assert isinstance(listing["pokerdrez"], str) and listing["pokerdrez"]


def test_new_makes_a_dealt_game():
    game = drezlab.new("pokerdrez", seed=3)
    assert isinstance(game, drezlab.Game)
    assert isinstance(game, drezlab.PokerDrez)
    assert game.seed == 3 and game.players == 2
    assert not game.is_over and game.to_move in (0, 1)
    assert game.legal_actions()


def test_new_is_case_insensitive():
    assert drezlab.new("PokerDrez", seed=1).to_json() == drezlab.new("pokerdrez", seed=1).to_json()


@pytest.mark.parametrize("options", [
    {}, {"decks": 1}, {"pawn_removal": False}, {"betting": (1, 5)},
    {"decks": 1, "pawn_removal": False, "blocked_figures_are_jokers": True, "draw_claims": "claim"},
])
def test_same_seed_and_options_give_the_same_game(options):
    a = drezlab.new("pokerdrez", seed=3, **options)
    b = drezlab.new("pokerdrez", seed=3, **options)
    assert a.to_json() == b.to_json()
    assert [x.text for x in a.legal_actions()] == [x.text for x in b.legal_actions()]
    # and they stay equal when played the same way (the die and exchanges use the game's RNG)
    assert random_game(a, 5, 60).to_json() == random_game(b, 5, 60).to_json()


def test_different_seeds_give_different_games():
    jsons = {drezlab.new("pokerdrez", seed=seed, pawn_removal=False).to_json() for seed in range(10)}
    assert len(jsons) == 10
    hands = {tuple(c.id for c in drezlab.new("pokerdrez", seed=s, pawn_removal=False).hands[0]) for s in range(10)}
    assert len(hands) > 1


def test_options_change_the_game():
    base = drezlab.new("pokerdrez", seed=3)
    assert drezlab.new("pokerdrez", seed=3, decks=1).to_json() != base.to_json()


@pytest.mark.parametrize("name", ["chess", "", "poker drez", "pokerdrez2", None, 42])
def test_unknown_game_name_is_a_value_error(name):
    with pytest.raises(ValueError, match="pokerdrez"):
        drezlab.new(name)


def test_unknown_module_attribute():
    with pytest.raises(AttributeError):
        drezlab.NoSuchGame  # noqa: B018


# ---------------------------------------------------------------------- labels
@pytest.fixture
def restore_language():
    before = drezlab.get_language()
    yield
    drezlab.set_language(before)


def test_set_language(restore_language):
    drezlab.set_language("es")
    assert drezlab.get_language() == "es"
    game = drezlab.new("pokerdrez", seed=1)
    assert game.seat_name(0) == "Blancas"
    drezlab.set_language("en")
    assert drezlab.get_language() == "en"
    assert game.seat_name(0) == "White"


@pytest.mark.parametrize(("typed", "language"), [("ES", "es"), ("Es", "es"), (" es ", "es"), ("EN", "en")])
def test_language_names_are_case_insensitive(restore_language, typed, language):
    drezlab.set_language("en" if language == "es" else "es")
    drezlab.set_language(typed)
    assert drezlab.get_language() == language


def test_whose_turn_is_one_phrase_in_each_language(restore_language):
    game = drezlab.new("poker7", seed=1)
    drezlab.set_language("es")
    assert game.status_text().startswith("Turno de Jugador ")
    drezlab.set_language("en")
    assert game.status_text().startswith("Player ") and " to move" in game.status_text()


@pytest.mark.parametrize("language", ["fr", "", "english", "e s", None, 1])
def test_set_language_rejects_unknown_languages(restore_language, language):
    drezlab.set_language("en")
    with pytest.raises(ValueError):
        drezlab.set_language(language)
    assert drezlab.get_language() == "en"


def test_language_does_not_change_action_texts(restore_language):
    drezlab.set_language("en")
    english = [a.text for a in drezlab.new("pokerdrez", seed=2).legal_actions()]
    drezlab.set_language("es")
    spanish_game = drezlab.new("pokerdrez", seed=2)
    assert [a.text for a in spanish_game.legal_actions()] == english
    assert drezlab.new("pokerdrez", seed=2).to_json() == spanish_game.to_json()


# ---------------------------------------------------------------- light import
HEAVY = ("ipywidgets", "anywidget", "IPython", "matplotlib", "jupyter", "jupyter_core",
         "jupyter_client", "jupyterlab", "notebook", "ipykernel", "traitlets", "numpy")


def test_import_drezlab_loads_no_jupyter_code():
    code = (
        "import sys, json, drezlab\n"
        "game = drezlab.new('pokerdrez', seed=1)\n"
        "game.legal_actions(); game.to_json(); game.view(0).to_json()\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout.strip().splitlines()[-1])
    offending = [name for name in loaded
                 if name.split(".")[0] in HEAVY or name.split(".")[0].startswith("jupyter")]
    assert offending == []
    assert "drezlab.ui" not in loaded
    assert "chess" in loaded


def test_drezlab_ui_is_imported_on_first_use():
    code = (
        "import sys, drezlab\n"
        "assert 'drezlab.ui' not in sys.modules and 'ipywidgets' not in sys.modules\n"
        "widget = drezlab.ui.play(drezlab.new('brandubh', seed=1), seats=('human', 'random'))\n"
        "print(type(widget).__name__, 'ipywidgets' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["PlayWidget", "True"]


# ------------------------------------------------------- text notation (parse)
def _positions():
    """A spread of PokerDrez positions: every phase, card mode and plain chess."""
    PokerDrez = drezlab.PokerDrez
    yield PokerDrez(seed=1)                                            # Black removes a pawn
    game = PokerDrez(seed=1)
    game.play("remove e7")
    yield game                                                         # White removes a pawn
    yield PokerDrez(seed=2, pawn_removal=False)                        # first card turn
    yield PokerDrez(seed=4, pawn_removal=False, betting=(1, 5))        # raises available
    rng = random.Random(7)
    for seed in range(6):
        game = PokerDrez(seed=seed, decks=1 + seed % 2, betting=(1, 4) if seed % 3 == 0 else None,
                         blocked_figures_are_jokers=seed % 2 == 1, draw_claims=("auto", "claim")[seed % 2])
        seen_phases = set()
        for steps, position in enumerate(random_plies(game, rng, 400)):
            if position.is_over or steps == 400:
                yield position
            elif position.phase not in seen_phases or steps % 37 == 0:
                seen_phases.add(position.phase)
                yield position.copy()


def test_parse_round_trips_every_legal_action():
    phases = set()
    count = 0
    for game in _positions():
        phases.add((game.phase, game.plain_chess))
        actions = game.legal_actions()
        texts = [a.text for a in actions]
        assert len(texts) == len(set(texts))
        for action in actions:
            parsed = game.parse(str(action))
            assert parsed == action
            assert parsed.text == action.text and parsed.targets == action.targets
            assert game.parse(action) == action
            count += 1
    assert count > 1000
    assert {("remove", False), ("play", False), ("play", True), ("return", False), ("answer", False)} <= phases


def test_parse_accepts_extra_spaces():
    game = drezlab.new("pokerdrez", seed=1)
    assert game.parse("  remove   e7 ") == Action("remove e7")
    assert game.parse("keep\n") == Action("keep")


def test_random_bot_never_resigns_while_it_can_play() -> None:
    from drezlab.games.edami import Edami
    from drezlab.players import RandomPlayer

    bot = RandomPlayer(1)
    for seed in range(5):
        game = Edami(seed=seed)
        for _ in range(60):
            if game.is_over:
                break
            choice = bot.choose(game)
            assert choice.text != "resign"
            game.play(choice)
