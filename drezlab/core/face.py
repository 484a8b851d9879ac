"""What every front end shows a seat besides the picture: the game's title and result,
the board's own words, the ids a picture carries, the last moves to mark, and which
item ids a seat may not see.

Pure Python, in the current language (:mod:`drezlab.core.i18n`): the notebook widget
(:mod:`drezlab.ui.play`) and the class server (:mod:`drezlab.classroom`) both use it, so
a pupil reads and sees the same on either.
"""

from __future__ import annotations

import html
import re
from typing import Iterable, Sequence

from drezlab.core.action import Action
from drezlab.core.cards import FEMININE_FIGURES, Color, Figure
from drezlab.core.game import Game
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.core.registry import spec_of
from drezlab.core.zones import item_id

#: a card of the PokerDrez deck (``Q5``, ``J9b``, ``X1``), as ``widgets/board.js`` spells it too
CARD_ID = re.compile(r"^(?:[PNBRQJ][1-9]|X[12])b?$")
#: a square of a board (``e4``, ``b12``)
SQUARE_ID = re.compile(r"^[a-z][1-9][0-9]?$")
#: a promotion choice offered as a button (``promote-q``), by the new piece's letter
PROMOTION_ID = re.compile(r"^promote-([a-z])$")


def board_squares(present: Iterable[str]) -> set[str]:
    """The ids of ``present`` that are squares of a board: spelt like ``e4``, and only when
    such ids span at least three letters and three numbers (a grid; ``m1``..``m6``, the
    melds of RummiDrez, or ``c1``/``f9``, counts of PokerGuess, are not squares)."""
    found = [target for target in present if SQUARE_ID.match(target)]
    letters = {target[0] for target in found}
    numbers = {target[1:] for target in found}
    return set(found) if len(letters) >= 3 and len(numbers) >= 3 else set()

__all__ = ["FRONT_END_TEXTS", "front_end_texts", "game_title", "guidance_text", "hidden_ids", "last_marks",
           "outcome_text", "svg_ids", "target_name"]

#: the board front end's own words (click answers), translated with ``t`` when sent
FRONT_END_TEXTS = {
    "wait": "Wait: the other side is thinking",
    "covered": "Press the button first",
    "over": "The game is over: press New game",
    "unusable": "cannot be used now",
    "mismatch": "does not go with",
    "sent": "Playing…",
    "copy": "Copy the moves",
    "copied": "Copied",
    "yes": "Yes",
    "no": "No, go on playing",
    # the "Your turn" banner: what to click next (see drezlab.ui.selection.guidance)
    "turn": "Your turn",
    "pick": "pick {what}",
    "press": "press {what}",
    "kind.card": "a card",
    "kind.piece": "a piece",
    "kind.square": "a square",
    "kind.spot": "a marked spot",
    "kind.button": "a button",
    "step.then": ", then ",
    "step.or": " or ",
    "step.buttons": "(or press a button)",
    "step.only-buttons": "press a button",
    "step.keys": "Arrow keys move, Enter picks, Esc starts again",
    # accessible names of the clickable things ("blue Queen card", "square e4")
    "name.card": "{color} {figure} card",
    "name.neutral": "neutral card",
    "name.second": "{name}, second pack",
    "name.square": "square {id}",
    "name.promote": "promote to {figure}",
    "name.board": "Game board",
}

#: the Spanish of the words above that no other table has
_SPANISH = {
    "pick {what}": "elige {what}",
    "press {what}": "pulsa {what}",
    "a card": "una carta",
    "a piece": "una pieza",
    "a square": "una casilla",
    "a marked spot": "un sitio marcado",
    "a button": "un botón",
    ", then ": ", luego ",
    " or ": " o ",
    "press a button": "pulsa un botón",
    "(or press a button)": "(o pulsa un botón)",
    "Arrow keys move, Enter picks, Esc starts again": "Las flechas mueven, Intro elige, Esc empieza de nuevo",
    "{color} {figure} card": "carta {figure} {color}",
    "neutral card": "carta neutral",
    "{name}, second pack": "{name}, segunda baraja",
    "square {id}": "casilla {id}",
    "promote to {figure}": "coronar en {figure}",
    "Game board": "Tablero de juego",
}
add_translations(_SPANISH)

_DATA_ID = re.compile(r"""\bdata-id\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def front_end_texts() -> dict[str, str]:
    """:data:`FRONT_END_TEXTS` in the current language, with the card words the board
    front end names cards by (``fig.Q`` -> "Queen", ``col.5`` -> "blue"). Spanish colours
    agree with the figure, as the deck's names do ("carta Dama roja", "carta Peón rojo"):
    ``fem`` holds the letters of the figures whose name is feminine and ``colf.2`` the
    colour said with them ("roja"); in English ``fem`` is empty."""
    spanish = get_language() == "es"
    texts = {key: t(text) for key, text in FRONT_END_TEXTS.items()}
    for figure in Figure:
        texts[f"fig.{figure.letter}"] = figure.spanish if spanish else figure.english
    texts["fem"] = "".join(figure.letter for figure in FEMININE_FIGURES) if spanish else ""
    for color in Color:
        texts[f"col.{color.value}"] = (color.spanish if spanish else color.english).lower()
        texts[f"colf.{color.value}"] = (color.spanish_for(Figure.QUEEN) if spanish else color.english).lower()
    return texts


def target_name(target: str, texts: dict[str, str] | None = None, present: Iterable[str] | None = None) -> str:
    """The accessible name of a target id, as ``widgets/board.js`` gives it when the
    picture has no ``<title>`` for it (and the label of a target offered as a button):
    "blue Queen card", "square e4" (a square only among the squares of a board when the
    picture's ids ``present`` are given; see :func:`board_squares`), "promote to Queen"
    (``promote-q``), the id itself for anything else."""

    words = front_end_texts() if texts is None else texts
    if CARD_ID.match(target):
        if target.startswith("X"):
            name = words["name.neutral"]
        else:
            colour = "colf" if target[0] in words.get("fem", "") else "col"
            name = words["name.card"].format(color=words[f"{colour}.{target[1]}"], figure=words[f"fig.{target[0]}"])
        return words["name.second"].format(name=name) if target.endswith("b") else name
    if SQUARE_ID.match(target) and (present is None or target in board_squares(present)):
        return words["name.square"].format(id=target)
    promotion = PROMOTION_ID.match(target)
    if promotion and f"fig.{promotion.group(1).upper()}" in words:
        return words["name.promote"].format(figure=words[f"fig.{promotion.group(1).upper()}"])
    return target


def guidance_text(steps: Sequence[Sequence[str]], buttons: bool, texts: dict[str, str] | None = None) -> str:
    """The banner's words for :func:`drezlab.ui.selection.guidance`: "Your turn: pick a
    card, then a piece" ("" when nothing can be done)."""
    words = front_end_texts() if texts is None else texts
    parts = []
    verb = ""
    for step in steps:
        what = words["step.or"].join(words[f"kind.{kind}"] for kind in step)
        wanted = "press" if step[0] == "button" else "pick"
        parts.append(words[wanted].format(what=what) if wanted != verb else what)
        verb = wanted
    said = words["step.then"].join(parts)
    if said and buttons:
        said += f" {words['step.buttons']}"
    elif buttons:
        said = words["step.only-buttons"]
    return f"{words['turn']}: {said}" if said else ""


def svg_ids(svg: str) -> set[str]:
    """Every ``data-id`` value present in an SVG (or HTML) text."""
    return {html.unescape(double if double or not single else single)
            for double, single in _DATA_ID.findall(svg)}


def hidden_ids(game: Game, viewer: int | None) -> set[str]:
    """The ids of the items ``viewer`` may not see now (from the game's zones)."""
    zones = game.zones
    hidden = {item_id(zones[zone][index]) for zone, index in zones.hidden_places(viewer)}
    return hidden - {item_id(item) for zone in zones for index, item in enumerate(zones[zone])
                     if zones.can_see(zone, viewer, index, len(zones[zone]))}


def last_marks(history: Sequence[Action], movers: Sequence[int | None], viewer: int | None,
               present: set[str]) -> tuple[list[str], list[str]]:
    """The last action of ``viewer`` (``mine``) and of the others (``theirs``), as the ids
    of the picture they touched. Only ids the viewer's own picture carries (``present``)
    are given, so a mark never names a hidden card."""
    mine: list[str] = []
    theirs: list[str] = []
    for action, seat in zip(reversed(history), reversed(movers)):
        ids = [target for target in action.targets if target in present]
        if viewer is not None and seat == viewer:
            if not mine:
                mine = ids
        elif not theirs:
            theirs = ids
        if mine and theirs:
            break
    return mine, theirs


def game_title(game: Game) -> str:
    """The game's title in the current language, from its metadata (registered name first)."""
    spec = type(game).spec
    if spec is None and game.name:
        try:
            spec = spec_of(game.name)
        except ValueError:
            spec = None
    if spec is not None:
        return spec.title_in(get_language())
    return game.title or type(game).__name__


def outcome_text(game: Game) -> str:
    """'Game over: White wins (checkmate)' in the current language."""
    outcome = game.outcome
    if outcome is None:
        return ""
    if outcome.is_draw and game.players == 1:
        who = t("Lost")          # a solitaire without a winner is lost, not drawn
    elif outcome.is_draw:
        who = t("Draw")
    elif len(outcome.winners) == 1:
        who = game.winner_text(outcome.winners[0])
    else:
        who = f"{', '.join(game.seat_name(seat) for seat in outcome.winners)} {t('win')}"
    text = f"{t('Game over')}: {who}"
    if outcome.reason:
        text += f" ({t(outcome.reason)})"
    return text
