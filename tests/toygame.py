"""A tiny game with hidden cards and a die, for testing the widget, the bots and
the conformance suite without a real game.

Race: a token starts on square t0 of a track t0..t6. Each of the two seats holds
three secret cards (words such as ``fox``) worth 1, 2 or 3 steps. On your turn
either play a card -- text ``fox:t2-t5``, targets ``("fox", "t2", "t5")`` (card,
from-square, to-square) -- or ``pass`` (a button), or ``roll`` once per game
(a button): the die (1-6) adds a bonus step to your next card when it shows 6. A
card that lands exactly on t6 wins and must name a crown, ``fox:t3-t6=gold``
with the extra target ``crown-gold`` (a button, like a promotion choice). A card
that would pass t6 cannot be played. Two passes in a row: a draw. The deal comes
from the seed; a seat sees only its own cards.

It is registered as ``race`` by :func:`register_race` (tests call it) with a
picture drawn from the observation, like every real game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from drezlab.core.action import Action
from drezlab.core.chance import Chance, uniform
from drezlab.core.game import Game
from drezlab.core.registry import register, specs
from drezlab.core.spec import GameSpec, Option
from drezlab.core.zones import Visibility

CARDS = {"ace": 1, "bee": 2, "cat": 3, "dog": 1, "elk": 2, "fox": 3}
END = 6
CROWNS = ("gold", "silver")

SPEC = GameSpec(
    name="race", game_class="toygame:Race", title="Race", title_es="Carrera",
    summary="Race: a toy game with hidden cards, for tests", seats=(2, 2), chance="explicit",
    hidden_information=True, picture="toygame:draw",
    options=(Option("bonus", True, (bool,), "a rolled 6 adds one step to the next card"),),
    option_sets=({"bonus": False},), bots={"random": "drezlab.players:RandomPlayer"}, levels=("random",),
    max_random_actions=200)


def register_race() -> None:
    if "race" not in specs():
        register(SPEC)


@dataclass(frozen=True)
class RaceUndo:
    pos: int
    turn: int
    passes: int
    rolled: bool
    boost: int
    outcome: Any


class Race(Game):
    """The toy game (see the module docstring)."""

    spec = SPEC

    def __init__(self, seed: int | None = None, *, chance: Chance | None = None, **options: Any) -> None:
        super().__init__()
        self.seed = seed
        self.options = SPEC.validate_options(options)
        self._start_chance(seed, chance)
        deck = sorted(CARDS)
        self.chance.shuffle(deck, "deal")
        self.zones.add("hand-0", Visibility.OWNER, 0, sorted(deck[:3]))
        self.zones.add("hand-1", Visibility.OWNER, 1, sorted(deck[3:]))
        self.zones.add("played", Visibility.PUBLIC)
        self.pos = 0
        self.passes = 0
        self.rolled = False
        self.boost = 0
        self._seal_setup()

    def seat_name(self, seat: int | None) -> str:
        return "Spectator" if seat is None else ("North", "South")[seat]

    def _generate_actions(self) -> list[Action]:
        actions = []
        for card in self.zones[f"hand-{self._seat}"]:
            to = self.pos + CARDS[card] + self.boost
            text = f"{card}:t{self.pos}-t{to}"
            if to < END:
                actions.append(Action(text, (card, f"t{self.pos}", f"t{to}"), data=(card, to, None)))
            elif to == END:
                for crown in CROWNS:
                    actions.append(Action(f"{text}={crown}", (card, f"t{self.pos}", f"t{to}", f"crown-{crown}"),
                                          data=(card, to, crown)))
        actions.append(Action("pass", (), label="Pass"))
        if not self.rolled:
            actions.append(Action("roll", (), label="Roll the die"))
        return actions

    def conserved_items(self) -> list[str]:
        return sorted(CARDS)

    def chance_outcomes(self, action: Action | str) -> dict[int, Any]:
        """The die faces a ``roll`` can show, each with its exact probability."""
        if self.parse(action).text != "roll":
            return {}
        return uniform(range(1, 7))

    def _apply(self, action: Action) -> RaceUndo:
        undo = RaceUndo(self.pos, self._seat, self.passes, self.rolled, self.boost, self._outcome)
        if action.text == "pass":
            self.passes += 1
            if self.passes == 2:
                self._finish((), "agreement")
        elif action.text == "roll":
            self.rolled = True
            if self.chance.roll(6) == 6 and self.options["bonus"]:
                self.boost = 1
            return undo
        else:
            card, to, _crown = action.data
            self.zones.move(card, f"hand-{self._seat}", "played")
            self.pos = to
            self.passes = 0
            self.boost = 0
            if to == END:
                self._finish((self._seat,), "finish line")
        self._seat = 1 - self._seat
        return undo

    def _revert(self, action: Action, undo: RaceUndo) -> None:
        self.pos, self._seat, self.passes, self.rolled, self.boost, self._outcome = (
            undo.pos, undo.turn, undo.passes, undo.rolled, undo.boost, undo.outcome)

    def _public(self, seat: int | None) -> dict[str, Any]:
        return {"pos": self.pos, "passes": self.passes, "rolled": self.rolled, "boost": self.boost}

    def _state(self) -> dict[str, Any]:
        return {"zones": self.zones.to_dict(), "pos": self.pos, "passes": self.passes, "rolled": self.rolled,
                "boost": self.boost, "seat": self._seat,
                "outcome": None if self._outcome is None else self._outcome.to_dict()}


def draw(observation: Any, **options: Any) -> str:
    """The track, the token and both hands as ``observation`` shows them."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="420" height="200" viewBox="0 0 420 200">']
    pos = observation.public["pos"]
    for square in range(END + 1):
        parts.append(f'<rect data-id="t{square}" x="{10 + 57 * square}" y="80" width="55" height="40" '
                     f'fill="#eeddbb" stroke="#886644"/>')
    parts.append(f'<circle data-id="t{pos}" class="token" cx="{37 + 57 * pos}" cy="100" r="14" fill="#333"/>')
    for seat, y in ((0, 10), (1, 140)):
        parts.append(f'<g data-id="hand-{seat}">')
        for index, card in enumerate(observation.ids(f"hand-{seat}")):
            x = 10 + 70 * index
            if card in CARDS:
                parts.append(f'<g data-id="{card}"><rect x="{x}" y="{y}" width="60" height="50" fill="#fff" '
                             f'stroke="#000"/><text x="{x + 8}" y="{y + 30}">{card} {CARDS[card]}</text></g>')
            else:
                parts.append(f'<rect class="back" x="{x}" y="{y}" width="60" height="50" fill="#35c"/>')
        parts.append('</g>')
    parts.append(f'<text x="300" y="190">{observation.status}</text></svg>')
    return "".join(parts)
