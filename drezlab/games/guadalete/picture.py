"""The river family's picture, drawn from an observation only.

``draw(observation)`` (named by all three games' metadata) reads the view's public
part (:meth:`drezlab.games.guadalete.river.RiverChess._public`) and draws it with
the shared terrain board (:func:`drezlab.render.gridboard_river.draw_terrain_board`):
the river as water, planks as wood, the cylinder's seam with the ranks that meet
across it, the last move and a king in check tinted. Under the board: the plank
counts and the plank-balance obligation (Guadalete, cylinder) or the two drifts
(swimming).

The swimming variant's current: the last move, if it drifted, is shown as a ringed
nominal square and an arrow to where the piece landed (or off the board, crossed,
if it drowned). ``draw(view, chosen="e6")`` shows instead, for the piece on e6, every
square it may aim at in the river (ringed) and where the current takes it (arrows).
"""

from __future__ import annotations

from typing import Any

from drezlab.core.cards import short_repr
from drezlab.core.i18n import add_translations, t
from drezlab.core.observation import Observation
from drezlab.render.gridboard_river import draw_terrain_board

add_translations({
    "Planks made": "Tablas puestas",
    "must make a plank": "debe poner una tabla",
    "Current": "Corriente",
    "White's drift": "deriva de las blancas",
    "Black's drift": "deriva de las negras",
    "squares toward file h": "casillas hacia la columna h",
})


def draw(observation: Observation, *, chosen: str | None = None, marks: Any = (), square: float = 46) -> str:
    """The SVG of a river-family observation (see the module doc).

    ``chosen``: a square whose piece's drifting moves to show (swimming variant);
    ``marks``: square names to tint blue; ``square``: a square's side in px.
    """
    public = observation.public
    if isinstance(marks, str):
        marks = [marks]
    files, ranks = public["files"], public["ranks"]
    circles: list[str] = []
    arrows: list[tuple[str, str | None]] = []
    currents = public["currents"]
    if chosen is not None:
        if not isinstance(chosen, str) or chosen not in public["pieces"]:
            raise ValueError(f"chosen names the square of a piece, not {short_repr(chosen)}")
        for nominal, land in currents.get(chosen, ()):
            circles.append(nominal)
            arrows.append((nominal, land))
    elif public["last_move"] is not None and public["variant"] == "guadalete-swimming":
        start, nominal, land = public["last_move"]
        if land != nominal:
            circles.append(nominal)
            arrows.append((nominal, land))
    captions = []
    if "plank_counts" in public:
        white, black = public["plank_counts"]
        line = f"{t('Planks made')}: {t('White')} {white} · {t('Black')} {black}"
        if public["must_plank"]:
            line += f" — {t(('White', 'Black')[public['turn']])} {t('must make a plank')}"
        captions.append(line)
    if "drifts" in public:
        white, black = public["drifts"]
        white_drift, black_drift = t("White's drift"), t("Black's drift")
        captions.append(f"{t('Current')}: {white_drift} {white}, {black_drift} {black}")
        captions.append(f"({t('squares toward file h')})")
    last = public["last_move"]
    last_squares = [] if last is None else [name for name in (last[0], last[2]) if name is not None]
    return draw_terrain_board(files=files, ranks=ranks, pieces=public["pieces"], water=public["river"],
                              planks=public["planks"], wrap=public["wrap"], status=observation.status,
                              last=last_squares, check=public["check"], marks=marks, circles=circles,
                              arrows=arrows, captions=captions, square=square)
