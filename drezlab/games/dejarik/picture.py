"""The Dejarik picture, drawn from an observation only.

``draw(observation, odds=None)`` draws the ring board (:mod:`drezlab.render.ring`)
with every cell clickable by its id, the creatures on it and, to the right, a panel:
what the last action did (the path moved, the dice rolled and the result, the push,
the duel), the attacks open to the player to move with their **exact odds** (when
``odds`` is on: the game option of that name, the spec's ``numbers``, the widget's
"Show the numbers" toggle), the creatures still to be placed or removed, and a key of
the eight creatures.

Each creature has its own shape (Savrip circle, Monnok square, Ghhhk triangle, Houjix
diamond, Strider pentagon, Ng'ok hexagon, K'lor star, Molatar octagon), its initials
and ``A·D·M`` (Attack, Defence, Move) written on it; South's are light with a dark
edge, North's dark with a light edge. A piece carries its cell's id in ``data-id``
and a ``<title>`` (the hover text) with its name, numbers and, when it can be
attacked now, the odds of each attack on it.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from drezlab.core.i18n import t
from drezlab.core.observation import Observation
from drezlab.games.dejarik.game import BY_KEY, CREATURES, GROUPS, Creature
from drezlab.kits.ring import CELL_INDEX, CELL_NAMES, add_labels, cell_words, label, say
from drezlab.render.base import make, new_drawing, num, to_svg
from drezlab.render.ring import RingLayout, draw_ring_board
from drezlab.render.textwidth import text_width, wrap_to_width

add_labels({
    "Attacks open to {who}:": "Ataques posibles de {who}:",
    "no attack open": "ningún ataque posible",
    "kills": "mata", "pushes": "empuja", "is pushed": "es empujado", "dies": "muere",
    "Creatures (Attack·Defence·Move):": "Criaturas (Ataque·Defensa·Movimiento):",
    "To place:": "Por colocar:", "Removed:": "Eliminadas:",
    "Last: {action}": "Última: {action}",
    "{creature}: Attack {attack}, Defence {defence}, Move {move}":
        "{creature}: Ataque {attack}, Defensa {defence}, Movimiento {move}",
    "{attacker} {frm} × {defender} {to}  ({attack}d6 vs {defence}d6)":
        "{attacker} {frm} × {defender} {to}  ({attack}d6 contra {defence}d6)",
    "{creature} moved {count} steps": "{creature} avanzó {count} casillas",
    "{creature} moved {count} step": "{creature} avanzó {count} casilla",
    "attack: {total} ({dice})": "ataque: {total} ({dice})",
    "  vs {total} ({dice}): {result}": "  contra {total} ({dice}): {result}",
    "pushed to {cell}": "empujado a {cell}",
    "no free cell to push to: nothing moves": "no hay casilla libre adonde empujar: nada se mueve",
    "{creature} removed": "{creature} eliminado",
    "duel: {south} {south_total} vs {north} {north_total}": "duelo: {south} {south_total} contra {north} {north_total}",
})

SIDE_STYLE = {"s": ("#fbf7ea", "#1c2430", "#1c2430"), "n": ("#27313f", "#f4efe0", "#f4efe0")}
INITIALS = {"savrip": "Sv", "monnok": "Mn", "ghhhk": "Gh", "houjix": "Hx", "strider": "St", "ngok": "Ng",
            "klor": "Kl", "molatar": "Ml"}
#: the short words of the four results in the odds panel
RESULT_WORDS = ("kills", "pushes", "is pushed", "dies")
#: the board: its inner ring wide enough for a creature whose ``A·D·M`` reads at 12 px (issue 22)
LAYOUT = RingLayout(x=226, y=266, centre=50, inner=126, outer=200)
#: the picture fits one screen at scale 1 (issue 22: at most about 790 x 560); it grows
#: taller only when the panel's list of attacks needs it (six or more open at once)
WIDTH, HEIGHT = 790, 500
PANEL_X = 458
PANEL_WIDTH = WIDTH - PANEL_X - 8
#: the smallest text on a creature (its ``A·D·M``) and of the panel, in px
SMALL = 12
#: the creatures in the "To place:" and "Removed:" rows, and in the key
ROW_RADIUS, KEY_RADIUS = 21, 15


def _regular(sides: int, radius: float, rotate: float = 0.0) -> list[tuple[float, float]]:
    return [(radius * math.sin(rotate + 2 * math.pi * i / sides), -radius * math.cos(rotate + 2 * math.pi * i / sides))
            for i in range(sides)]


def _star(radius: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.6
        points.append((r * math.sin(math.pi * i / 5), -r * math.cos(math.pi * i / 5)))
    return points


SHAPES: dict[str, Any] = {
    "savrip": None,                                   # a circle
    "monnok": _regular(4, 1.25, math.pi / 4),          # a square
    "ghhhk": _regular(3, 1.35),                        # a triangle, point up
    "houjix": _regular(4, 1.3),                        # a diamond
    "strider": _regular(5, 1.15),
    "ngok": _regular(6, 1.12),
    "klor": _star(1.35),
    "molatar": _regular(8, 1.08, math.pi / 8),
}


def _shape(dwg: Any, key: str, x: float, y: float, radius: float, attrs: dict[str, Any]) -> Any:
    points = SHAPES[key]
    if points is None:
        return make(dwg, "circle", {"cx": num(x), "cy": num(y), "r": num(radius), **attrs})
    return make(dwg, "polygon", attrs, [(num(x + px * radius), num(y + py * radius)) for px, py in points])


def draw_creature(dwg: Any, parent: Any, creature: Creature, side: str, x: float, y: float, radius: float,
                  data_id: str | None = None, hover: str = "", numbers: bool = True) -> None:
    """One creature: its shape in its side's colours, initials and ``A·D·M`` on it
    (``numbers`` False: the initials only, a little bigger, where the numbers are
    written beside it). No text on it is smaller than :data:`SMALL` px."""
    fill, edge, ink = SIDE_STYLE[side]
    group = dwg.g()
    parent.add(group)
    attrs: dict[str, Any] = {"fill": fill, "stroke": edge, "stroke-width": "2"}
    if data_id is not None:
        attrs["data-id"] = data_id
    shape = _shape(dwg, creature.key, x, y, radius, attrs)
    if hover:
        shape.set_desc(title=hover)
    group.add(shape)
    words = dwg.g(pointer_events="none", fill=ink, text_anchor="middle", font_weight="bold")
    group.add(words)
    if not numbers:
        size = max(SMALL + 1, radius * 0.8)
        lower = radius * 0.2 if creature.key == "ghhhk" else 0.0
        words.add(make(dwg, "text", {"x": num(x), "y": num(y + size * 0.36 + lower), "font-size": num(size)},
                       INITIALS[creature.key]))
        return
    lower = radius * 0.15 if creature.key == "ghhhk" else 0.0     # the triangle is narrow at the top
    words.add(make(dwg, "text", {"x": num(x), "y": num(y - radius * 0.1 + lower),
                                 "font-size": num(max(SMALL + 1, radius * 0.62))},
                   INITIALS[creature.key]))
    words.add(make(dwg, "text", {"x": num(x), "y": num(y + radius * 0.6), "font-size": num(max(SMALL, radius * 0.5))},
                   f"{creature.attack}·{creature.defence}·{creature.move}"))


def _percent(fraction: Fraction) -> str:
    value = float(fraction) * 100
    if 0 < value < 0.1:
        return "<0.1%"
    if 99.9 < value < 100:
        return ">99.9%"
    return f"{value:.1f}%"


def odds_line(odds: tuple[str, ...]) -> str:
    """The four results of an attack in words: ``kills 3.1% · pushes 40.2% · ...``."""
    return " · ".join(f"{label(word)} {_percent(Fraction(value))}" for word, value in zip(RESULT_WORDS, odds))


def _event_lines(events: Any) -> list[str]:
    """What the last action did, under the "Last:" line (which names the creatures and the
    cells): the steps moved, the dice, the push, the removals, the duel -- in words."""
    lines = []
    for event in events:
        kind = event[0]
        if kind == "move":
            steps = len(event) - 3
            template = "{creature} moved {count} step" if steps == 1 else "{creature} moved {count} steps"
            lines.append(label(template).format(creature=BY_KEY[event[1]].name, count=steps))
        elif kind == "attack":
            a, d = event[3], event[4]
            lines.append(label("attack: {total} ({dice})").format(total=sum(a), dice="+".join(map(str, a))))
            lines.append(label("  vs {total} ({dice}): {result}").format(
                total=sum(d), dice="+".join(map(str, d)), result=label(event[5])))
        elif kind == "push":
            lines.append(say("pushed to {cell}", cell=cell_words(CELL_INDEX[event[2]])))
        elif kind == "blocked":
            lines.append(label("no free cell to push to: nothing moves"))
        elif kind == "removed":
            lines.append(label("{creature} removed").format(creature=BY_KEY[event[2]].name))
        elif kind == "duel":
            lines.append(label("duel: {south} {south_total} vs {north} {north_total}").format(
                south=BY_KEY[event[1]].name, south_total=sum(event[3]),
                north=BY_KEY[event[2]].name, north_total=sum(event[4])))
    return lines


def draw(observation: Observation, *, odds: bool | None = None) -> str:
    """The SVG of a Dejarik observation; ``odds`` (None: the game option) shows the exact
    odds of every attack open to the player to move. Nothing is hidden: every seat's
    observation gives the same picture."""
    public = observation.public
    show_odds = public["odds"] if odds is None else bool(odds)
    dwg = new_drawing(WIDTH, HEIGHT)
    dwg.add(make(dwg, "text", {"x": 12, "y": 22, "class": "dz-st"}, observation.status))

    tints: dict[int, tuple[str, str]] = {}
    for event in public["events"]:
        if event[0] == "move":
            for name in event[2:]:
                tints[CELL_INDEX[name]] = ("#e3d94a", ".45")
        elif event[0] == "attack":
            tints[CELL_INDEX[event[1]]] = ("#e3d94a", ".45")
            tints[CELL_INDEX[event[2]]] = ("#d9534f", ".40")
    if public["push"] is not None:
        tints[CELL_INDEX[public["push"]]] = ("#d9534f", ".40")
    if public["phase"] == "place":
        seat = public["seat"]
        for cell in GROUPS[seat]:
            tints.setdefault(cell, ("#5b9bd5", ".30"))
    draw_ring_board(dwg, LAYOUT, tints=tints)

    attacks = public["attacks"] if show_odds else ()
    hover_odds: dict[str, list[str]] = {}
    for frm, to, values in attacks:
        hover_odds.setdefault(to, []).append(f"{frm}: {odds_line(values)}")
    pieces = dwg.g()
    dwg.add(pieces)
    for cell, content in enumerate(public["cells"]):
        if not content:
            continue
        side, key = content.split(":")
        creature = BY_KEY[key]
        x, y = LAYOUT.centre_of(cell)
        radius = min(24.0, LAYOUT.width_of(cell) * 0.45)
        hover = label("{creature}: Attack {attack}, Defence {defence}, Move {move}").format(
            creature=creature.name, attack=creature.attack, defence=creature.defence, move=creature.move)
        if CELL_NAMES[cell] in hover_odds:
            hover += "\n" + "\n".join(hover_odds[CELL_NAMES[cell]])
        draw_creature(dwg, pieces, creature, side, x, y, radius, CELL_NAMES[cell], hover)

    bottom = _panel(dwg, observation, attacks, show_odds)
    if bottom > HEIGHT:                      # a rare crowded panel: the picture grows, never clips
        dwg["height"] = num(bottom)
        dwg.viewbox(0, 0, WIDTH, num(bottom))
    return to_svg(dwg)


def _panel(dwg: Any, observation: Observation, attacks: Any, show_odds: bool) -> float:
    """The right-hand panel: last action, attack odds, pieces to place / removed, the key.
    Returns the lowest y it drew at."""
    public = observation.public
    x, y = PANEL_X, 48.0
    events = _event_lines(public["events"])
    if events and observation.last:
        last = label("Last: {action}").format(action=observation.last)
        for line in wrap_to_width(last, PANEL_WIDTH, 13, bold=True):
            dwg.add(make(dwg, "text", {"x": x, "y": y, "class": "dz-lb"}, line))
            y += 17
        for event in events[:6]:
            for line in wrap_to_width(event, PANEL_WIDTH - 8, SMALL):
                dwg.add(make(dwg, "text", {"x": x + 8, "y": y, "class": "dz-sm"}, line))
                y += 15
        y += 6
    if show_odds and public["phase"] == "act":
        who = t(("South", "North")[public["seat"]])
        for line in wrap_to_width(label("Attacks open to {who}:").format(who=who), PANEL_WIDTH, 13, bold=True):
            dwg.add(make(dwg, "text", {"x": x, "y": y, "class": "dz-lb"}, line))
            y += 17
        if not attacks:
            dwg.add(make(dwg, "text", {"x": x + 8, "y": y, "class": "dz-sm"}, label("no attack open")))
            y += 15
        else:
            y = _odds_table(dwg, public, attacks, x + 8, y)
        y += 4
    for title, entries in ((label("To place:"), public["unplaced"]), (label("Removed:"), public["removed"])):
        if not entries:
            continue
        dwg.add(make(dwg, "text", {"x": x, "y": y, "class": "dz-lb"}, title))
        step = 2 * 1.35 * ROW_RADIUS + 4         # the widest shape (the star, the triangle) and a gap
        per_row = max(1, int((PANEL_WIDTH - 4) // step))
        for index, entry in enumerate(entries):
            side, key = entry.split(":")
            draw_creature(dwg, dwg, BY_KEY[key], side, x + step / 2 + (index % per_row) * step,
                          y + 14 + ROW_RADIUS + (index // per_row) * step, ROW_RADIUS)
        y += 20 + step * ((len(entries) + per_row - 1) // per_row)
    return _key(dwg, x, max(y + 4, HEIGHT - 4 - KEY_HEIGHT))


def _odds_table(dwg: Any, public: Any, attacks: Any, x: float, y: float) -> float:
    """The attacks open, each on two lines: who attacks whom (with the dice), then the
    four results' odds in columns under one header row. Returns the next line's y."""
    words = [label(word) for word in RESULT_WORDS]
    widths = [max(text_width(word, SMALL, bold=True), text_width(">99.9%", SMALL)) + 12 for word in words]
    columns = [x + 8 + sum(widths[:i]) for i in range(len(words))]
    header = dwg.g(class_="dz-sm", font_weight="bold")
    dwg.add(header)
    for word, cx in zip(words, columns):
        header.add(make(dwg, "text", {"x": num(cx), "y": y}, word))
    y += 16
    cells = public["cells"]
    for frm, to, values in attacks[:8]:
        attacker = BY_KEY[cells[CELL_INDEX[frm]].split(":")[1]]
        defender = BY_KEY[cells[CELL_INDEX[to]].split(":")[1]]
        dwg.add(make(dwg, "text", {"x": x, "y": y, "class": "dz-sm", "font-weight": "bold"},
                     label("{attacker} {frm} × {defender} {to}  ({attack}d6 vs {defence}d6)").format(
                         attacker=attacker.name, frm=frm, defender=defender.name, to=to,
                         attack=attacker.attack, defence=defender.defence)))
        y += 15
        row = dwg.g(class_="dz-sm")
        dwg.add(row)
        for value, cx in zip(values, columns):
            row.add(make(dwg, "text", {"x": num(cx), "y": y}, _percent(Fraction(value))))
        y += 17
    return y


#: the key's height below its title's baseline: four rows
KEY_ROW = 2 * KEY_RADIUS + 4
KEY_HEIGHT = 8 + 4 * KEY_ROW


def _key(dwg: Any, x: float, y: float) -> float:
    """The eight creatures with their numbers, in two columns; returns its bottom."""
    for index, line in enumerate(wrap_to_width(label("Creatures (Attack·Defence·Move):"), PANEL_WIDTH, 13, bold=True)):
        if index:
            y += 17
        dwg.add(make(dwg, "text", {"x": x, "y": y, "class": "dz-lb"}, line))
    for index, creature in enumerate(CREATURES):
        cx = x + KEY_RADIUS + 2 + (index // 4) * (PANEL_WIDTH // 2)
        cy = y + 8 + KEY_RADIUS + (index % 4) * KEY_ROW
        draw_creature(dwg, dwg, creature, "s", cx, cy, KEY_RADIUS, numbers=False)
        dwg.add(make(dwg, "text", {"x": num(cx + KEY_RADIUS * 1.35 + 4), "y": num(cy + 4.5), "class": "dz-sm"},
                     f"{creature.name} {creature.attack}·{creature.defence}·{creature.move} ({creature.army})"))
    return y + 8 + 4 * KEY_ROW
