"""PokerDrez's picture: the card-chess table drawn from one seat's observation.

``draw(observation)`` is looked up from the metadata (``SPEC.picture``) and sees
nothing but the observation, so a picture can only show what its seat may know.
The table itself is :func:`drezlab.render.chesscards.draw_card_chess_view`; this
module adds PokerDrez's own lines under it: the bet (with betting on) and the die
rolled this turn.
"""

from __future__ import annotations

from typing import Any

from drezlab.core.i18n import t
from drezlab.core.observation import Observation
from drezlab.render.chesscards import draw_card_chess_view


def draw(observation: Observation, *, flipped: bool | None = None, **options: Any) -> str:
    """The table as ``observation.seat`` sees it; Black's seat sees it from Black's side
    unless ``flipped`` says otherwise (``marks``: square names to tint)."""
    public = observation.public
    lines = []
    if public.get("betting") is not None:
        lines.append(f"{t('Bet')}: {public['bet']}")
    if public.get("die_value") is not None:
        lines.append(f"{t('Die')}: {public['die_value']}")
    return draw_card_chess_view(observation, flipped=flipped, extra_lines=lines, marks=options.get("marks", ()))
