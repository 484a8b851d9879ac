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
from typing import Sequence

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.core.i18n import get_language, t
from drezlab.core.registry import spec_of
from drezlab.core.zones import item_id

__all__ = ["FRONT_END_TEXTS", "front_end_texts", "game_title", "hidden_ids", "last_marks", "outcome_text", "svg_ids"]

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
}

_DATA_ID = re.compile(r"""\bdata-id\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def front_end_texts() -> dict[str, str]:
    """:data:`FRONT_END_TEXTS` in the current language."""
    return {key: t(text) for key, text in FRONT_END_TEXTS.items()}


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
