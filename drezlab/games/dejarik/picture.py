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
from drezlab.render.textwidth import wrap_to_width

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
LAYOUT = RingLayout(x=232, y=258)
WIDTH, HEIGHT = 940, 500


def _regular(sides: int, radius: float, rotate: float = 0.0) -> list[tuple[float, float]]:
    return [(radius * math.sin(rotate + 2 * math.pi * i / sides), -radius * math.cos(rotate + 2 * math.pi * i / sides))
            for i in range(sides)]


def _star(radius: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.5
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
                  data_id: str | None = None, hover: str = "") -> None:
    """One creature: its shape in its side's colours, initials and ``A·D·M`` on it."""
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
    words.add(make(dwg, "text", {"x": num(x), "y": num(y - radius * 0.08), "font-size": num(radius * 0.62)},
                   INITIALS[creature.key]))
    words.add(make(dwg, "text", {"x": num(x), "y": num(y + radius * 0.58), "font-size": num(radius * 0.5)},
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
        radius = min(23.0, LAYOUT.width_of(cell) * 0.42)
        hover = label("{creature}: Attack {attack}, Defence {defence}, Move {move}").format(
            creature=creature.name, attack=creature.attack, defence=creature.defence, move=creature.move)
        if CELL_NAMES[cell] in hover_odds:
            hover += "\n" + "\n".join(hover_odds[CELL_NAMES[cell]])
        draw_creature(dwg, pieces, creature, side, x, y, radius, CELL_NAMES[cell], hover)

    _panel(dwg, observation, attacks, show_odds)
    return to_svg(dwg)


def _panel(dwg: Any, observation: Observation, attacks: Any, show_odds: bool) -> None:
    """The right-hand panel: last action, attack odds, pieces to place / removed, the key."""
    public = observation.public
    x, y = 470, 48
    events = _event_lines(public["events"])
    if events and observation.last:
        last = label("Last: {action}").format(action=observation.last)
        for line in wrap_to_width(last, WIDTH - x - 12, 13, bold=True):
            dwg.add(make(dwg, "text", {"x": x, "y": y, "class": "dz-lb"}, line))
            y += 17
        for line in events[:6]:
            dwg.add(make(dwg, "text", {"x": x + 8, "y": y, "class": "dz-sm"}, line))
            y += 15
        y += 6
    if show_odds and public["phase"] == "act":
        who = t(("South", "North")[public["seat"]])
        dwg.add(make(dwg, "text", {"x": x, "y": y, "class": "dz-lb"}, label("Attacks open to {who}:").format(who=who)))
        y += 17
        if not attacks:
            dwg.add(make(dwg, "text", {"x": x + 8, "y": y, "class": "dz-sm"}, label("no attack open")))
            y += 15
        cells = public["cells"]
        for frm, to, values in attacks[:8]:
            attacker = BY_KEY[cells[CELL_INDEX[frm]].split(":")[1]]
            defender = BY_KEY[cells[CELL_INDEX[to]].split(":")[1]]
            dwg.add(make(dwg, "text", {"x": x + 8, "y": y, "class": "dz-sm", "font-weight": "bold"},
                         label("{attacker} {frm} × {defender} {to}  ({attack}d6 vs {defence}d6)").format(
                             attacker=attacker.name, frm=frm, defender=defender.name, to=to,
                             attack=attacker.attack, defence=defender.defence)))
            y += 14
            dwg.add(make(dwg, "text", {"x": x + 16, "y": y, "class": "dz-sm"}, odds_line(values)))
            y += 16
        y += 4
    for title, entries in ((label("To place:"), public["unplaced"]), (label("Removed:"), public["removed"])):
        if not entries:
            continue
        dwg.add(make(dwg, "text", {"x": x, "y": y + 4, "class": "dz-lb"}, title))
        px = x + 110
        for entry in entries:
            side, key = entry.split(":")
            draw_creature(dwg, dwg, BY_KEY[key], side, px, y, 17)
            px += 42
        y += 42
    _key(dwg, x, max(y + 4, HEIGHT - 4 * 40 - 8))


def _key(dwg: Any, x: float, y: float) -> None:
    """The eight creatures with their numbers, in two columns."""
    dwg.add(make(dwg, "text", {"x": x, "y": y, "class": "dz-lb"},
                 label("Creatures (Attack·Defence·Move):")))
    for index, creature in enumerate(CREATURES):
        cx = x + 16 + (index // 4) * 230
        cy = y + 24 + (index % 4) * 34
        draw_creature(dwg, dwg, creature, "s", cx, cy, 13)
        dwg.add(make(dwg, "text", {"x": cx + 22, "y": cy + 5, "class": "dz-sm"},
                     f"{creature.name} {creature.attack}·{creature.defence}·{creature.move} ({creature.army})"))
