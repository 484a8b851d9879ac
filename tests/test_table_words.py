"""The betting games' school wording (issue 25): ``words="points"`` says points, not chips,
bets and a pot, in the move log, the buttons, the status line, the results, the refusals
and the picture, in English and Spanish; the rules, the actions' notation and the
outcomes are the same as with the default ``words="chips"``."""

from __future__ import annotations

import random
import re

import pytest

import drezlab
from drezlab import IllegalAction, new
from drezlab.core.i18n import add_wording, in_language, in_wording, t
from drezlab.kits.tablewords import TABLE_WORDS

GAMES = ("poker7", "pokerguess")
#: a card table's words, which the school wording never says (quoted notation aside)
TABLE_JARGON = {
    "en": re.compile(r"\b(chips?|bets?|betting|pots?|fold(s|ed)?|all-in|all in|calls?|raises?|checks?)\b", re.IGNORECASE),
    "es": re.compile(r"\b(fichas?|apuestas?|apuesta|apostar|botes?|resto|envite)\b", re.IGNORECASE),
}
QUOTED = re.compile(r"'[^']*'")
SVG_TEXT = re.compile(r">([^<>]+)<")


def words_of_a_game(name: str, words: str, seed: int, plies: int = 60) -> tuple[list[str], list[str]]:
    """Everything a pupil reads over a seeded random game (labels, move log, status,
    results, the picture of every seat, the refusals of bad input), and the notation played."""
    game = new(name, seed=seed, players=3, stack=12, words=words)
    rng = random.Random(seed)
    said: list[str] = []
    played: list[str] = []
    for _ in range(plies):
        if game.is_over:
            break
        for bad in ("check", "fold", "call", "bet 999", "raise 1", "stay", "allin", "bet 1"):
            try:
                game.parse(bad)
            except IllegalAction as refusal:
                said.append(QUOTED.sub("", str(refusal)))
        actions = game.legal_actions()
        said += [action.label for action in actions]
        action = rng.choice(actions)
        said.append(game.describe(action))
        game.play(action)
        played.append(action.text)
        said.append(game.status_text())
        said += game.view(None).public["results"]
        for seat in (None, *range(game.players)):
            said += SVG_TEXT.findall(game.svg(seat))
    return said, played


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("name", GAMES)
def test_points_wording_never_says_chips_or_bets(name: str, language: str) -> None:
    with in_language(language):
        for seed in (1, 2, 3):
            said, _ = words_of_a_game(name, "points", seed)
            jargon = sorted({match.group(0) for line in said for match in TABLE_JARGON[language].finditer(line)})
            assert not jargon, f"{name} ({language}) says {jargon} with words='points'"
            assert any(t("points") in line for line in said)


@pytest.mark.parametrize("name", GAMES)
def test_chips_wording_is_the_default_and_says_chips(name: str) -> None:
    said, _ = words_of_a_game(name, "chips", 1)
    assert new(name, seed=1).words == "chips"
    assert any("chips" in line for line in said)
    assert any(line.startswith("Pot ") for line in said)


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_do_not_change_with_the_words(name: str) -> None:
    for seed in (4, 5):
        _, with_chips = words_of_a_game(name, "chips", seed, plies=120)
        _, with_points = words_of_a_game(name, "points", seed, plies=120)
        assert with_chips == with_points
        chips_game = new(name, seed=seed, players=3, stack=12)
        points_game = new(name, seed=seed, players=3, stack=12, words="points")
        for text in with_chips:
            chips_game.play(text)
            points_game.play(text)
        assert chips_game.outcome == points_game.outcome
        assert chips_game.view(0).zones == points_game.view(0).zones


@pytest.mark.parametrize("name", GAMES)
def test_the_words_survive_a_record_and_a_copy(name: str) -> None:
    game = new(name, seed=7, players=2, words="points")
    game.play(game.legal_actions()[0])
    loaded = type(game).from_json(game.to_json())
    assert loaded.words == "points" and game.copy().words == "points"
    assert loaded.view(0).public["words"] == "points"
    assert "Prize" in loaded.svg(0)


def test_spanish_points_in_the_move_log_and_buttons() -> None:
    with in_language("es"):
        game = new("poker7", seed=3, players=3, words="points")
        labels = [action.label for action in game.legal_actions()]
        assert "Pasar" in labels and any(label.startswith("Poner ") for label in labels)
        assert any(label.startswith("Todos mis puntos ") for label in labels)
        assert game.describe("bet 2") == "Jugador 1 pone 2 puntos"
        assert "Premio" in game.svg(0) and "Bote" not in game.svg(0)


def test_a_wrong_words_option_is_refused_by_name() -> None:
    for name in GAMES:
        with pytest.raises(ValueError, match="words"):
            new(name, seed=1, words="coins")
    assert TABLE_WORDS == ("chips", "points")


def test_a_wording_is_put_back_after_an_error_and_checked() -> None:
    with pytest.raises(RuntimeError), in_wording("points"):
        assert t("{count} chips") == "{count} points"
        raise RuntimeError
    assert t("{count} chips") == "{count} chips"
    with pytest.raises(ValueError, match="wording"), in_wording("coins"):
        pass
    with pytest.raises(ValueError, match="another"):
        add_wording("points", {"chips": "marbles"})
    assert drezlab.get_language() == "en"
