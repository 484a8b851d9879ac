"""The TriumfDrez table, drawn from an observation only (provisional layout)."""

from __future__ import annotations

from typing import Any

from drezlab.core.cards import UNKNOWN_ID, Card
from drezlab.core.observation import Observation
from drezlab.render.base import make, new_drawing, to_svg
from drezlab.render.cards import draw_card


def draw(observation: Observation, **options: Any) -> str:
    """The table as the observation's seat sees it."""
    dwg = new_drawing(820, 400)
    seat = observation.seat
    y = 20
    for other in range(observation.players):
        ids = observation.ids(f"hand{other}")
        for index, card in enumerate(ids):
            draw_card(dwg, Card.unknown() if card == UNKNOWN_ID else card, x=10 + index * 30, y=y, w=28)
        y += 45
    for index, card in enumerate(observation.ids("trick")):
        draw_card(dwg, card, x=500 + index * 50, y=20, w=45)
    dwg.add(make(dwg, "text", {"x": "10", "y": "390"}, observation.status))
    return to_svg(dwg)
