"""A tiny game with hidden cards, for testing the widget without PokerDrez.

Race: a token starts on square t0 of a track t0..t6. Each of the two seats
holds three secret cards (words such as ``fox``) worth 1, 2 or 3 steps. On
your turn either play a card -- text ``fox:t2-t5``, targets
``("fox", "t2", "t5")`` (card, from-square, to-square) -- or ``pass`` (no
targets: a button). A card that lands on t6 wins and must name a crown,
``fox:t3-t6=gold`` with the extra target ``crown-gold`` (not drawn: a button,
like a promotion choice). Two passes in a row: a draw. The deal comes from
the seed; a seat sees only its own cards.

``svg()`` deliberately draws every card it knows face up: only ``view(seat)``
hides the other seat's cards. So a widget that sent ``game.svg(...)`` instead
of ``game.view(viewer).svg(viewer)`` leaks, and the tests catch it.
"""

from __future__ import annotations

import json
import random
from typing import Any

from drezlab.core.action import Action, Outcome
from drezlab.core.errors import BadRecord
from drezlab.core.game import Game

CARDS = {"ace": 1, "bee": 2, "cat": 3, "dog": 1, "elk": 2, "fox": 3}
HIDDEN = "??"
END = 6
CROWNS = ("gold", "silver")


class Race(Game):
    name = "race"
    title = "Race"
    hidden_information = True

    def __init__(self, seed: int | None = None, **options: Any) -> None:
        super().__init__()
        self.seed = seed
        self.options = dict(options)
        deck = sorted(CARDS)
        random.Random(seed).shuffle(deck)
        self.hands: list[list[str]] = [sorted(deck[:3]), sorted(deck[3:])]
        self.pos = 0
        self.turn = 0
        self.passes = 0
        self.result: Outcome | None = None
        self.redacted = False

    @property
    def players(self) -> int:
        return 2

    @property
    def to_move(self) -> int | None:
        return None if self.result else self.turn

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def seat_name(self, seat: int | None) -> str:
        return "Spectator" if seat is None else ("North", "South")[seat]

    def describe(self, action: Any) -> str:
        return f"{self.seat_name(self.turn)}: {action}"

    def _generate_actions(self) -> list[Action]:
        actions = []
        for card in self.hands[self.turn]:
            if card == HIDDEN:
                continue
            to = self.pos + CARDS[card]
            text = f"{card}:t{self.pos}-t{to}"
            if to < END:
                actions.append(Action(text, (card, f"t{self.pos}", f"t{to}"), data=(card, to, None)))
            elif to == END:
                for crown in CROWNS:
                    actions.append(Action(f"{text}={crown}", (card, f"t{self.pos}", f"t{to}", f"crown-{crown}"),
                                          data=(card, to, crown)))
        actions.append(Action("pass", (), label="Pass"))
        return actions

    def _apply(self, action: Action) -> Any:
        undo = (self.pos, self.turn, self.passes, self.result, list(self.hands[self.turn]))
        if action.text == "pass":
            self.passes += 1
            if self.passes == 2:
                self.result = Outcome((), "agreement", (0.5, 0.5))
        else:
            card, to, _crown = action.data
            self.hands[self.turn].remove(card)
            self.pos = to
            self.passes = 0
            if to == END:
                scores = tuple(1.0 if seat == self.turn else 0.0 for seat in range(2))
                self.result = Outcome((self.turn,), "checkmate", scores)
        self.turn = 1 - self.turn
        return undo

    def _revert(self, action: Action, undo: Any) -> None:
        self.pos, self.turn, self.passes, self.result, hand = undo
        self.hands[self.turn] = hand

    def _is_redacted_view(self) -> bool:
        return self.redacted

    def copy(self) -> "Race":
        other = Race.__new__(Race)
        Game.__init__(other)
        other.seed, other.options = self.seed, dict(self.options)
        other.hands = [list(hand) for hand in self.hands]
        other.pos, other.turn, other.passes, other.result = self.pos, self.turn, self.passes, self.result
        other.redacted = self.redacted
        other._history = list(self._history)
        return other

    def view(self, seat: int | None) -> "Race":
        other = self.copy()
        for index in range(2):
            if index != seat:
                other.hands[index] = [HIDDEN] * len(other.hands[index])
        other._history = []
        other.redacted = True
        return other

    def to_json(self) -> str:
        return json.dumps({"game": "race", "version": 1, "hands": self.hands, "pos": self.pos,
                           "turn": self.turn, "passes": self.passes})

    @classmethod
    def from_json(cls, text: str) -> "Race":
        try:
            data = json.loads(text)
            game = cls()
            game.hands, game.pos, game.turn, game.passes = data["hands"], data["pos"], data["turn"], data["passes"]
        except (ValueError, KeyError, TypeError) as error:
            raise BadRecord(str(error)) from None
        return game

    def svg(self, viewer: int | None = None, **options: Any) -> str:
        parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="420" height="200" viewBox="0 0 420 200">']
        for square in range(END + 1):
            parts.append(f'<rect data-id="t{square}" x="{10 + 57 * square}" y="80" width="55" height="40" '
                         f'fill="#eeddbb" stroke="#886644"/>')
        parts.append(f'<circle data-id="t{self.pos}" class="token" cx="{37 + 57 * self.pos}" cy="100" r="14" '
                     f'fill="#333"/>')
        for seat, y in ((0, 10), (1, 140)):
            parts.append(f'<g data-id="hand-{seat}">')
            for index, card in enumerate(self.hands[seat]):
                x = 10 + 70 * index
                if card != HIDDEN:   # deliberately no viewer check: only view() hides cards
                    parts.append(f'<g data-id="{card}"><rect x="{x}" y="{y}" width="60" height="50" fill="#fff" '
                                 f'stroke="#000"/><text x="{x + 8}" y="{y + 30}">{card} {CARDS[card]}</text></g>')
                else:
                    parts.append(f'<rect class="back" x="{x}" y="{y}" width="60" height="50" fill="#35c"/>')
            parts.append('</g>')
        parts.append('</svg>')
        return "".join(parts)
