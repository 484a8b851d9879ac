"""Two small games on the new core, for testing the players and the simulations
without any of drezlab's real games (the widget's tests use ``toygame.Race``).

* :class:`Tricks` (``house-tricks``): hidden hands, a hidden deck, stakes. Cards c0..c9
  (value = number); three in each hand, four in the deck. The leader plays a card,
  the other seat answers, the higher card takes both (their values are points), then
  the trick's winner and the loser each draw one card while the deck lasts; the
  winner leads. After five tricks the seat with more points wins the difference in
  chips (``Outcome.payoffs``). ``evaluate`` and ``adjudicate`` count points.
* :class:`Bust` (``house-bust``): no hidden cards but dice rolled inside ``play``
  (explicit chance). ``roll`` adds the die to the turn's total (a 1 busts it: the
  turn ends with nothing), ``bank`` scores it and ends the turn; first to ``goal``
  wins. ``plies`` counts finished turns, not actions.

The specs are *not* registered on import: tests register them (and unregister them
afterwards) through :func:`registered`, so no other test ever sees these games.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any, NamedTuple

from drezlab.core.action import Action
from drezlab.core.chance import Chance
from drezlab.core.game import Game
from drezlab.core.observation import Observation
from drezlab.core.registry import register, unregister
from drezlab.core.spec import GameSpec, Option
from drezlab.core.zones import UNKNOWN_ID, Visibility

HERE = __name__

# --------------------------------------------------------------------- Tricks
TRICK_CARDS = tuple(f"c{value}" for value in range(10))
TOTAL_POINTS = sum(range(10))

TRICKS = GameSpec(
    name="house-tricks", game_class=f"{HERE}:Tricks", title="Tricks", title_es="Bazas",
    summary="High card takes the trick (a test game).", seats=(2, 2), chance="explicit",
    hidden_information=True, picture=f"{HERE}:draw_tricks", max_random_actions=12, bots={"random": "drezlab.players:RandomPlayer", "high": f"{HERE}:HighCardPlayer"}, levels=("random", "high"),
)


def value(card: str) -> int:
    return int(card[1:])


class TricksUndo(NamedTuple):
    seat: int
    leader: int
    points: tuple[int, int]


class Tricks(Game):
    """See the module docstring."""

    spec = TRICKS

    def __init__(self, seed: int | None = None, *, chance: Chance | None = None, **options: Any) -> None:
        super().__init__()
        self.seed = seed
        self.options = TRICKS.validate_options(options)
        self._start_chance(seed, chance)
        deck = list(TRICK_CARDS)
        self.chance.shuffle(deck, "deal")
        self.zones.add("deck", Visibility.COUNT, None, deck)
        for seat in (0, 1):
            self.zones.add(f"hand-{seat}", Visibility.OWNER, seat)
        for _ in range(3):
            for seat in (0, 1):
                self.zones.draw("deck", f"hand-{seat}")
        self.zones.add("trick", Visibility.PUBLIC)
        self.zones.add("won-0", Visibility.PUBLIC, 0)
        self.zones.add("won-1", Visibility.PUBLIC, 1)
        self.leader = 0
        self.points = (0, 0)
        self._seal_setup()

    def _generate_actions(self) -> list[Action]:
        return [Action(card, (card,), data=card) for card in sorted(self.zones[f"hand-{self._seat}"], key=value)]

    def _apply(self, action: Action) -> TricksUndo:
        undo = TricksUndo(self._seat, self.leader, self.points)
        self.zones.move(action.data, f"hand-{self._seat}", "trick")
        lead, *answer = self.zones["trick"]
        if not answer:
            self._seat = 1 - self._seat
            return undo
        winner = self.leader if value(lead) > value(answer[0]) else 1 - self.leader
        gained = value(lead) + value(answer[0])
        points = list(self.points)
        points[winner] += gained
        self.points = (points[0], points[1])
        for card in (lead, answer[0]):
            self.zones.move(card, "trick", f"won-{winner}")
        for seat in (winner, 1 - winner):
            if self.zones["deck"]:
                self.zones.draw("deck", f"hand-{seat}")
        self.leader = self._seat = winner
        if not self.zones["hand-0"] and not self.zones["hand-1"]:
            best = 0 if self.points[0] > self.points[1] else 1
            margin = abs(self.points[0] - self.points[1])
            self._finish((best,), "more points", payoffs=(margin, -margin) if best == 0 else (-margin, margin))
        return undo

    def _revert(self, action: Action, undo: TricksUndo) -> None:
        self._seat, self.leader, self.points = undo
        self._outcome = None

    def _state(self) -> dict[str, Any]:
        return {"seat": self._seat, "leader": self.leader, "points": list(self.points),
                "zones": self.zones.to_dict()}

    def _public(self, seat: int | None) -> dict[str, Any]:
        return {"points": list(self.points), "leader": self.leader}

    def evaluate(self, seat: int) -> float:
        return (self.points[seat] - self.points[1 - seat]) / TOTAL_POINTS

    def adjudicate(self) -> tuple[float, ...] | None:
        if self.points[0] == self.points[1]:
            return None
        return (1.0, 0.0) if self.points[0] > self.points[1] else (0.0, 1.0)


def draw_tricks(observation: Observation, **options: Any) -> str:
    """Every zone as a row of cards (unknown ones as backs), with the points."""
    rows = []
    for row, (name, zone) in enumerate(observation.zones.items()):
        cards = "".join(f'<text data-id="{card}" x="{90 + 30 * i}" y="{20 + 20 * row}">{card}</text>'
                        if card != UNKNOWN_ID else f'<rect class="back" x="{90 + 30 * i}" y="{8 + 20 * row}" '
                        'width="20" height="14"/>' for i, card in enumerate(zone.ids))
        rows.append(f'<text x="5" y="{20 + 20 * row}">{name} ({zone.count})</text>{cards}')
    points = observation.public["points"]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="420" height="160">{"".join(rows)}'
            f'<text x="5" y="150">{points[0]} - {points[1]}</text></svg>')


class HighCardPlayer:
    """Tricks' own bot: always its highest card."""

    name = "high"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, game: Game) -> Action:
        return game.legal_actions()[-1]


# ----------------------------------------------------------------------- Bust
BUST = GameSpec(
    name="house-bust", game_class=f"{HERE}:Bust", title="Bust", title_es="Revienta",
    summary="Roll or bank, a 1 busts (a test game).", seats=(2, 2), chance="explicit",
    hidden_information=False, picture=f"{HERE}:draw_bust", max_random_actions=200, bots={"random": "drezlab.players:RandomPlayer"}, levels=("random",),
    options=(Option("goal", 10, (int,), "points that win", check=lambda goal: _at_least_one(goal)),),
)


def _at_least_one(goal: int) -> None:
    if goal < 1:
        raise ValueError("the goal must be at least 1")


class BustUndo(NamedTuple):
    seat: int
    scores: tuple[int, int]
    pending: int
    turns: int


class Bust(Game):
    """See the module docstring."""

    spec = BUST

    def __init__(self, seed: int | None = None, *, chance: Chance | None = None, **options: Any) -> None:
        super().__init__()
        self.seed = seed
        self.options = BUST.validate_options(options)
        self._start_chance(seed, chance)
        self.scores = (0, 0)
        self.pending = 0
        self.turns = 0
        self._seal_setup()

    @property
    def plies(self) -> int:
        """Finished turns (a turn may hold many rolls)."""
        return self.turns

    def _generate_actions(self) -> list[Action]:
        actions = [Action("roll", (), "Roll")]
        if self.pending:
            actions.append(Action("bank", (), "Bank"))
        return actions

    def _end_turn(self) -> None:
        self.pending = 0
        self.turns += 1
        self._seat = 1 - self._seat

    def _apply(self, action: Action) -> BustUndo:
        undo = BustUndo(self._seat, self.scores, self.pending, self.turns)
        if action.text == "roll":
            die = self.chance.roll(6, "die")
            if die == 1:
                self._end_turn()
            else:
                self.pending += die
            return undo
        scores = list(self.scores)
        scores[self._seat] += self.pending
        self.scores = (scores[0], scores[1])
        if scores[self._seat] >= self.options["goal"]:
            self._finish((self._seat,), "goal reached")
        self._end_turn()
        return undo

    def _revert(self, action: Action, undo: BustUndo) -> None:
        self._seat, self.scores, self.pending, self.turns = undo
        self._outcome = None

    def _state(self) -> dict[str, Any]:
        return {"seat": self._seat, "scores": list(self.scores), "pending": self.pending, "turns": self.turns}

    def _public(self, seat: int | None) -> dict[str, Any]:
        return {"scores": list(self.scores), "pending": self.pending}

    def evaluate(self, seat: int) -> float:
        mine = self.scores[seat] + (self.pending if self._seat == seat else 0)
        theirs = self.scores[1 - seat] + (self.pending if self._seat != seat else 0)
        return max(-1.0, min(1.0, (mine - theirs) / self.options["goal"]))

    def adjudicate(self) -> tuple[float, ...] | None:
        if self.scores[0] == self.scores[1]:
            return None
        return (1.0, 0.0) if self.scores[0] > self.scores[1] else (0.0, 1.0)


def draw_bust(observation: Observation, **options: Any) -> str:
    scores = observation.public["scores"]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><text x="5" y="20">'
            f'{scores[0]} - {scores[1]} (+{observation.public["pending"]})</text></svg>')


@contextlib.contextmanager
def registered(*specs: GameSpec) -> Iterator[None]:
    """Register ``specs`` for the duration of a ``with`` block."""
    done = []
    try:
        for spec in specs:
            register(spec)
            done.append(spec.name)
        yield
    finally:
        for name in done:
            unregister(name)


__all__ = ["BUST", "TRICKS", "Bust", "HighCardPlayer", "Tricks", "draw_bust", "draw_tricks", "registered"]
