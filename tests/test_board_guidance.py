"""What the board says and offers a ten-year-old (issue 22), without a browser.

* the "Your turn" banner: :func:`drezlab.ui.selection.guidance` sorts the next
  clicks into cards, pieces, squares, buttons and marked spots, generically, and
  :func:`drezlab.core.face.guidance_text` says it in English or Spanish;
  ``widgets/board.js`` computes the same (compared in node for every game, at
  random reachable positions and partial selections, with the accessible names
  of every target the picture carries);
* the accessible names: "blue Queen card", "square e4", in both languages;
* the level chooser of the notebook widget (every game's ladder by friendly
  names) and its Rules button (the game's short rules in the current language).

The browser half (keyboard, screen reader names through Chromium's accessibility
tree, taps on a tablet) is tests/browser/test_board_access.py.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

from test_never_stuck import node, position

from drezlab.core.face import (
    front_end_texts,
    guidance_text,
    target_name,
)
from drezlab.core.i18n import in_language
from drezlab.core.registry import specs
from drezlab.ui.play import PlayWidget, level_choices, level_words
from drezlab.ui.selection import guidance, svg_ids, target_kind

REPO = Path(__file__).resolve().parents[1]
BOARD_JS = REPO / "widgets" / "board.js"

#: one registered name per game of drezlab (aliases left out)
GAMES = sorted({spec.name for spec in specs().values() if spec.cls().__module__.startswith("drezlab.games.")})

#: node: import board.js by its text and answer, for each case, guidance, banner and names
HARNESS = """
import { readFileSync } from "node:fs";
const source = readFileSync(process.argv[1], "utf8");
const { guidance, guidanceText, targetName } =
  await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);
const cases = JSON.parse(readFileSync(0, "utf8"));
const answers = cases.map(({ actions, clicked, present, texts }) => {
  const shown = new Set(present);
  const said = guidance(actions.map((targets) => ({ targets })), clicked, shown);
  return { steps: said.steps, buttons: said.buttons, text: guidanceText(said, texts),
           names: Object.fromEntries([...new Set([...present, ...actions.flat()])]
             .map((id) => [id, targetName(id, texts, shown)])) };
});
process.stdout.write(JSON.stringify(answers));
"""


# -------------------------------------------------------------------- banner
def test_a_card_game_says_card_then_piece_then_square() -> None:
    widget = PlayWidget("pokerdrez", seats=("human", "random"), seed=5, reply_delay=0)
    # past the opening pawn removals, to a move that needs a card
    for _ in range(12):
        actions = widget.game.legal_actions()
        if any(len(action.targets) == 3 for action in actions):
            break
        widget.click(actions[0].targets[0]) if actions[0].targets else widget.press(actions[0].label)
    present = svg_ids(widget.board.svg)
    steps, buttons = guidance(widget.game.legal_actions(), [], present)
    assert steps == [["card"], ["piece"], ["square"]]
    text = guidance_text(steps, buttons)
    assert text.startswith("Your turn: pick a card, then a piece, then a square"), text
    with in_language("es"):
        assert guidance_text(steps, False) == "Tu turno: elige una carta, luego una pieza, luego una casilla"
    # once the card is chosen, the banner goes on with the piece
    card = next(action.targets[0] for action in widget.game.legal_actions() if len(action.targets) == 3)
    after, _ = guidance(widget.game.legal_actions(), [card], present)
    assert after == [["piece"], ["square"]]


def test_a_board_game_says_piece_then_square_and_buttons_alone() -> None:
    game = position("brandubh", {}, 3, 0)
    assert guidance(game.legal_actions(), [], svg_ids(game.svg(game.to_move)))[0] == [["piece"], ["square"]]
    assert guidance_text([], True) == "Your turn: press a button"
    assert guidance_text([], False) == ""
    assert guidance_text([["card", "square"]], True) == "Your turn: pick a card or a square (or press a button)"
    assert guidance_text([["piece"], ["square"], ["button"]], False) == \
        "Your turn: pick a piece, then a square, then press a button"


def test_kinds_by_spelling() -> None:
    grid = {f"{letter}{number}" for letter in "abcde" for number in range(1, 13)}
    present = {"Q5", "X1b", "hand", "I0"} | grid
    assert [target_kind(id_, present) for id_ in ["Q5", "X1b", "e4", "b12", "hand", "I0", "promote-q"]] == \
        ["card", "card", "square", "square", "spot", "spot", "button"]
    # ids spelt like squares but not a board's: melds m1..m6, counts c1..c6 and f1..f9
    melds = {f"m{number}" for number in range(1, 7)} | {"Q5"}
    assert target_kind("m1", melds) == "spot" and target_name("m1", present=melds) == "m1"
    counts = {f"c{n}" for n in range(1, 7)} | {f"f{n}" for n in range(1, 10)}
    assert target_kind("c3", counts) == "spot"
    assert target_name("e4", present=present) == "square e4"


# --------------------------------------------------------------------- names
def test_names_in_english_and_spanish() -> None:
    assert target_name("Q5") == "blue Queen card"
    assert target_name("J9b") == "green Joker card, second pack"
    assert target_name("X2") == "neutral card"
    assert target_name("e4") == "square e4"
    assert target_name("hand") == "hand"
    # a promotion choice offered as a button is named by the new piece
    assert target_name("promote-q") == "promote to Queen" and target_name("promote-n") == "promote to Knight"
    assert target_name("promote-z") == "promote-z"
    with in_language("es"):
        assert target_name("promote-r") == "coronar en Torre"
        assert target_name("Q5") == "carta Dama azul"
        assert target_name("P2b") == "carta Peón rojo, segunda baraja"
        # the colour agrees with the figure, as the deck's own names do ("Dama Roja")
        assert target_name("Q2") == "carta Dama roja" and target_name("R6") == "carta Torre amarilla"
        assert target_name("R4b") == "carta Torre morada, segunda baraja"
        assert target_name("e4") == "casilla e4"
        texts = front_end_texts()
    # every word of the front end is translated (the card words too)
    english = front_end_texts()
    same = {key for key in english if texts[key] == english[key]}
    assert same <= {"col.3", "col.7", "colf.3", "colf.7"}, same      # magenta and cyan are the same words


# ---------------------------------------------- the same in board.js (node)
@pytest.mark.parametrize("language", ["en", "es"])
def test_board_js_says_what_python_says(language: str) -> None:
    cases = []
    expected = []
    with in_language(language):
        texts = front_end_texts()
        for name in GAMES:
            for seed in (1, 2, 3):
                game = position(name, {}, seed, [0, 7, 25][seed - 1])
                if game.is_over or game.to_move is None:
                    continue
                actions = game.legal_actions()
                present = sorted(svg_ids(game.svg(game.to_move)))
                rng = random.Random(seed)
                with_targets = [action for action in actions if action.targets]
                selections: list[list[str]] = [[]]
                if with_targets:
                    chosen = rng.choice(with_targets).targets
                    selections.append(list(chosen[:1]))
                    if len(chosen) > 2:
                        selections.append(list(chosen[:2]))
                for clicked in selections:
                    steps, buttons = guidance(actions, clicked, present)
                    cases.append({"actions": [list(action.targets) for action in actions], "clicked": clicked,
                                  "present": present, "texts": texts})
                    expected.append({"game": name, "clicked": clicked, "steps": steps, "buttons": buttons,
                                     "text": guidance_text(steps, buttons, texts),
                                     "names": {id_: target_name(id_, texts, present) for id_ in
                                               {*present, *(t for a in actions for t in a.targets)}}})
    done = subprocess.run([node(), "--input-type=module", "-e", HARNESS, str(BOARD_JS)],
                          input=json.dumps(cases), capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    answers = json.loads(done.stdout)
    assert len(answers) == len(expected) and len(expected) >= 3 * len(GAMES)
    for want, got in zip(expected, answers):
        where = (want["game"], want["clicked"])
        assert got["steps"] == want["steps"] and got["buttons"] == want["buttons"], where
        assert got["text"] == want["text"], where
        assert got["names"] == want["names"], where


def test_every_game_says_something_on_its_turn() -> None:
    """At every game's opening the banner names a next step (or a button)."""
    for name in GAMES:
        game = position(name, {}, 1, 0)
        steps, buttons = guidance(game.legal_actions(), [], svg_ids(game.svg(game.to_move)))
        assert guidance_text(steps, buttons), name


# -------------------------------------------------- level chooser and rules
def test_level_words() -> None:
    assert level_words(2) == ["Beginner", "Strongest"]
    assert level_words(3) == ["Beginner", "Medium", "Strongest"]
    assert level_words(6) == ["Beginner", "Easy", "Medium", "Hard", "Very hard", "Strongest"]
    assert len(level_words(9)) == 9


@pytest.mark.parametrize("name", [name for name in GAMES if specs()[name].levels and specs()[name].seats[1] >= 2])
def test_every_ladder_in_the_level_chooser(name: str) -> None:
    spec = specs()[name]
    game = spec.cls()(seed=4)
    seats = ("human",) + ("level-1",) * (game.players - 1)
    widget = PlayWidget(game, seats=seats, seed=4, reply_delay=0)
    choices = widget.level_choices
    if game.players == 1:       # a solitaire by default: no bot seat, nothing to choose
        assert choices == {}
        return
    assert sorted(choices) == list(range(1, len(seats)))
    for seat, labels in choices.items():
        assert labels == [label for label, _ in level_choices(widget.game)]
        assert len(labels) == len(spec.levels)
        assert labels[0] == "Level 1: Beginner" and labels[-1].endswith("Strongest")
        assert widget._level_boxes[seat].value == "level-1"
    with in_language("es"):
        widget.new_game(4)
        assert all(labels[0] == "Nivel 1: Principiante" for labels in widget.level_choices.values())
        assert widget._level_boxes[1].description.endswith("juega")
    widget.new_game(4)


def test_choosing_a_level_changes_the_bot() -> None:
    widget = PlayWidget("brandubh", seats=("human", "level-1"), seed=3, reply_delay=0)
    assert type(widget._bots[1]).__name__ == "RandomPlayer" or "random" in repr(widget._bots[1]).lower()
    widget._level_boxes[1].value = "level-3"            # as the dropdown does
    assert widget.seats[1] == "level-3"
    assert repr(widget).endswith("level-3: search>")
    assert "Black now plays at Level 3: Hard" in widget.status
    # the new level plays the next reply, and New game keeps it
    before = len(widget.log)
    action = widget.game.legal_actions()[0]
    for target in action.targets:
        widget.click(target)
    assert len(widget.log) == before + 2
    widget.new_game(5)
    assert widget.seats[1] == "level-3" and widget._level_boxes[1].value == "level-3"


def test_a_bot_seat_off_the_ladder_keeps_its_name() -> None:
    widget = PlayWidget("brandubh", seats=("human", "random"), seed=3, reply_delay=0)
    assert widget._level_boxes[1].value == "level-1"     # 'random' is level 1
    widget = PlayWidget("pokerdrez", seats=("human", "search"), seed=3, reply_delay=0)
    assert widget._level_boxes[1].value == f"level-{specs()['pokerdrez'].levels.index('search') + 1}"


def test_rules_button_in_both_languages() -> None:
    widget = PlayWidget("abyss", seats=("human", "random"), seed=3, reply_delay=0)
    spec = specs()["abyss"]
    assert not widget.rules_shown and widget._rules_html.layout.display == "none"
    widget.press("Rules")
    assert widget.rules_shown and widget._rules_html.layout.display is None
    assert widget.rules == spec.summary and spec.summary in widget._rules_html.value.replace("&#x27;", "'")
    with in_language("es"):
        widget.undo()                                  # any refresh: the words follow the language
        assert widget._rules_button.description == "Reglas"
        assert widget.rules == spec.summary_es
        widget.press("Reglas")
        assert not widget.rules_shown
    widget.press("Rules")
    assert widget.rules_shown


def test_no_controls_hides_levels_and_rules() -> None:
    widget = PlayWidget("brandubh", seats=("human", "random"), seed=3, reply_delay=0, controls=False)
    assert widget.widget.children[3].layout.display == "none"


def test_the_widget_banner_follows_the_clicks() -> None:
    widget = PlayWidget("brandubh", seats=("human", "random"), seed=3, reply_delay=0)
    assert widget.banner == "Your turn: pick a piece, then a square"
    widget.click(widget.game.legal_actions()[0].targets[0])
    assert widget.banner == "Your turn: pick a square"
    with in_language("es"):
        widget.undo()
        assert widget.banner == "Tu turno: elige una pieza, luego una casilla"


def test_a_seat_given_as_a_player_object_can_change_level_and_back() -> None:
    from drezlab.players import make

    bot = make("search", seed=1, game="brandubh")
    widget = PlayWidget("brandubh", seats=("human", bot), seed=3, reply_delay=0)
    box = widget._level_boxes[1]
    assert box.value == "" and widget.level_choices[1][0] == "search"
    box.value = "level-1"
    assert widget.seats[1] == "level-1" and widget._bots[1] is not bot
    box.value = ""
    assert widget.seats[1] is bot and widget._bots[1] is bot
