"""Words, not codes (issue 22): every game's move log says what happened in words, in the
current language -- never the action's notation or a bare card id.

For every registered game, over seeded random play, each action's log line
(``game.describe``) in English and in Spanish must

* not be the action's text, nor show any of its coded parts (``J3``, ``a2a3``, ``d2-f2``,
  ``o5``...): a square written as a square ("knight to f3") is words, the same token in
  capitals ("N4", "O5") is a code;
* not show a card id on its own (``Q5``, ``P5b``, ``X1``): a card is named as the deck
  prints it ("the Blue Queen card"); nor a chess move in notation (``Nc3``, ``Txe1``:
  notation is one click away, in "Copy the moves" and the PGN);
* in Spanish, hold no English word (the list of ``test_spanish_everywhere``).
"""

from __future__ import annotations

import random
import re

import pytest
from test_spanish_everywhere import english_words

from drezlab.core.i18n import in_language
from drezlab.core.registry import new, specs
from drezlab.testing import random_plies

#: actions per game and seed, and the seeds
STEPS = 40
SEEDS = (1, 2)
CARD_ID = re.compile(r"(?<![\w@])[PNBRQJX][1-9]b?(?![\w])")
SQUARE = re.compile(r"[a-z][0-9]{1,2}")
#: a chess move in notation with its piece letter, English or Spanish (Nc3, Be7, Txe1)
SAN = re.compile(r"(?<![\w@])[KQRBNDTAC][a-h]?[1-8]?x?[a-h][1-8](?![\w])")


def coded_parts(action_text: str) -> list[str]:
    """The parts of an action's text that are codes: letters and digits together."""
    parts = re.split(r"[\s:>@,;]+", action_text)
    return [part for part in parts if re.search(r"[A-Za-z]", part) and re.search(r"[0-9]", part)]


def codes_in(line: str, action_text: str) -> list[str]:
    """The codes of ``action_text`` (and bare card ids) that ``line`` shows."""
    found = []
    if line.strip().lower() == action_text.strip().lower():
        return [action_text]
    for part in coded_parts(action_text):
        if SQUARE.fullmatch(part):
            if part.upper() in line and part.upper() != part:
                found.append(part.upper())
        elif re.search(rf"(?<!\w){re.escape(part)}(?!\w)", line, re.IGNORECASE):
            found.append(part)
    found += CARD_ID.findall(line) + SAN.findall(line)
    return list(dict.fromkeys(found))


def lines_of(name: str) -> list[tuple[str, str, str]]:
    """(action text, English line, Spanish line) over seeded random play."""
    lines = []
    for seed in SEEDS:
        game = new(name, seed=seed)
        rng = random.Random(seed)
        for _ in range(STEPS):
            if game.is_over:
                break
            action = rng.choice(game.legal_actions())
            with in_language("en"):
                english = game.describe(action.text)
            with in_language("es"):
                spanish = game.describe(action.text)
            lines.append((action.text, english, spanish))
            game.play(action)
    return lines


#: every game of drezlab (the tests' own toy games left out)
GAMES = sorted(name for name, spec in specs().items() if spec.game_class.startswith("drezlab.games."))


@pytest.mark.parametrize("name", GAMES)
def test_the_move_log_says_what_happened_in_words(name: str) -> None:
    problems = []
    for text, english, spanish in lines_of(name):
        for language, line in (("en", english), ("es", spanish)):
            codes = codes_in(line, text)
            if codes:
                problems.append(f"{language} {text!r} -> {line!r}: shows {codes}")
        leftover = english_words(spanish)
        if leftover:
            problems.append(f"es {text!r} -> {spanish!r}: English {sorted(leftover)}")
    assert not problems, f"{len(problems)} log lines in codes, e.g.:\n" + "\n".join(sorted(set(problems))[:12])


def test_the_check_finds_codes() -> None:
    """The checks above can fail: the lines of today's logs that the issue quotes."""
    assert codes_in("White: J3 a3", "J3:a2a3") == ["J3"]
    assert codes_in("Black: d2-f2", "d2-f2") == ["d2-f2"]
    assert codes_in("Player 1: N4", "n4") == ["N4"]
    assert codes_in("South: Savrip → O5", "place savrip o5") == ["O5"]
    assert codes_in("Player 2 played Q2", "play") == ["Q2"]
    assert codes_in("White: knight to f3 with the Blue Knight card", "N5:g1f3") == []
    assert codes_in("Red: pawn to j13 with the Grey Joker card", "J1:k13j13") == []
    assert codes_in("Negras: Be7", "f8e7") == ["Be7"] and codes_in("Blancas: Txe1", "e8e1") == ["Txe1"]
    assert codes_in("Player 1 placed a red fire tile on c2", "rfi c2") == []
    assert english_words("Jugador 1: Draw a card") == {"draw", "card"}


# ------------------------------------------------- the names of what is clicked
SVG = "{http://www.w3.org/2000/svg}"


def unnamed_targets(svg: str, targets: set[str]) -> set[str]:
    """The clickable ids of a picture a screen reader (and the board's keyboard) could only
    name by the id itself: the first element carrying the id has no ``<title>``, the id is
    not a card or a square by its spelling, and the element shows no words of its own."""
    from xml.etree import ElementTree

    from drezlab.core.face import svg_ids, target_name

    present = svg_ids(svg)
    found, seen = set(), set()
    for element in ElementTree.fromstring(svg).iter():
        target = element.get("data-id")
        if not target or target not in targets or target in seen:
            continue
        seen.add(target)
        title = element.find(f"{SVG}title")
        if title is not None and (title.text or "").strip():
            continue
        if target_name(target, None, present) != target:
            continue
        words = " ".join("".join(element.itertext()).split())
        if re.search(r"[^\W\d_]", words) and len(words) <= 40:
            continue
        found.add(target)
    return found


@pytest.mark.parametrize("name", GAMES)
def test_every_clickable_thing_has_a_name(name: str) -> None:
    """A pupil with a screen reader hears "the pile: 20 cards", "meld 3: 4 cards",
    "square e4", "blue Queen card" -- never ``pile``, ``m3`` or ``I4``."""
    missing: set[str] = set()
    for language in ("en", "es"):
        with in_language(language):
            for seed in SEEDS:
                # its first STEPS * 2 positions
                for step, game in enumerate(random_plies(new(name, seed=seed), seed, STEPS * 2 - 1)):
                    if step % 6 == 0 and game.to_move is not None:
                        targets = {target for action in game.legal_actions() for target in action.targets}
                        missing |= unnamed_targets(game.svg(game.to_move), targets)
    assert not missing, f"{name}: clickable ids with no name: {sorted(missing)}"


def test_the_name_check_finds_bare_ids() -> None:
    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><g data-id="pile"><rect/></g>'
           '<g data-id="m3"><title>meld 3</title></g><rect data-id="Q5"/><g data-id="hand-1"><text>12</text></g>'
           '<g data-id="go"><text>Go on</text></g></svg>')
    assert unnamed_targets(svg, {"pile", "m3", "Q5", "hand-1", "go"}) == {"pile", "hand-1"}
