"""DomiDrez: follow the colour or the figure of the last card, like dominoes with cards.

Rules: ``shared/rules/card-games.md`` §0 and §8 (from the Spanish source
"DomiDrez", seed 000), every DECISION there binding. In the order of a hand:

1. **Deal (D41).** One or two Pokerdrez packs (``packs``), neutral cards kept,
   2-8 players. Each player gets ⌊(cards / 2) / players⌋ cards, dealt one at a
   time in seat order from the first player, the seat after the dealer (D1);
   the rest is the face-down stock. The top card of the stock is turned face up
   as the start of the line; a neutral start card goes to the bottom of the
   stock (known to everyone) and the next card is turned up.
2. **Turns**, from the first player, then seat + 1 (D1). A player holding a
   card that follows the line must play one (D42): a card with the colour or
   the figure of the top card, or a neutral card, which goes on anything.
   Whoever plays a neutral card then names a figure and a colour; the next card
   must have one of them (or be neutral).
3. **Draw and pass (D42).** A player without a card to play draws one card
   and passes (the drawn card waits for the next turn). When the stock is
   empty, such a player just passes.
4. **End of a hand.** The first player with an empty hand scores the number of
   cards left in the other hands. A **closed game** (D43): the stock is empty
   and nobody holds a card to play; the player with the fewest cards scores
   Σ(each other player's cards − own cards), and players tied for fewest each
   score that amount.
5. **Match (D44).** Hands are played until a player reaches the ``target``
   (default 50 points); if several reach it at once, the highest total wins.
   The dealer moves one seat on after each hand (D1).

Hidden information (§8): hands are hidden, but hand sizes, the line, the named
figure and colour and the scores are public; the stock is hidden. Zones and the
public data of an observation: :mod:`drezlab.games.domidrez.knowledge`.

Chance: each deal's shuffle goes through ``game.chance`` (``chance=Scripted([...])``
fixes the deck order of each hand, top of the stock = end of the list).
:meth:`DomiDrez.chance_outcomes` gives the card a pending draw brings, with exact
odds as one seat sees them.

Action notation (``str(action)``, accepted by ``play``/``parse``; lower case):

==============  ==================================================================
``q5``          play the card Q5 (blue queen) from your hand; ``x1`` a neutral
                card; ``q5b`` the copy from the second pack. Target: the card.
``name r9``     after your neutral card: name the figure R and the colour 9
                (green); the next card must be a rook, green, or neutral.
                Targets: ``fig-r`` and ``col-9`` (the naming palette).
``draw``        no card to play: draw one card and pass. Target: ``pile`` (the stock)
``pass``        no card to play and the stock is empty: pass (button)
``next``        after a hand: ready for the next one (button)
==============  ==================================================================

Figures are written P N B R Q J (pawn 1 ... joker 6), colours by their numbers
1-9 (§0.1: 1 grey, 2 red, 3 magenta, 4 purple, 5 blue, 6 yellow, 7 cyan,
8 orange, 9 green).

Choices this module makes where the rules are silent (each is tested):

* **Naming is its own decision.** Playing a neutral card and naming are two
  actions of the same seat (``x1``, then ``name r9``), so a neutral card counts
  once among the cards a player may play, and the widget shows a naming palette.
* **Going out with a neutral card** ends the hand at once: nothing is named.
* **The first dealer** is the last seat, so Player 1 plays first in the first hand.
* **A drawn card** is put into the hand at its sorted place (hands are kept
  sorted; the order of a hand says nothing the owner does not know).
* **Neutral start cards** (D41) lie face up under the stock in the zone
  ``under``: the stock proper is drawn first, then those known cards. A card
  drawn from there stays known to be in its drawer's hand: ``resample`` keeps it
  there.
* **Closed game check**: after every action, if nothing is left to draw and no
  seat holds a card that follows the line, the hand is closed (D43).
* **Between hands** the hands lie face up until every player has pressed "Next
  hand" (action ``next``), in seat order from the hand's first player, so a
  pupil sees how the hand was scored.
* **Several at the target with the same highest total** share the win (D44 says
  only that the highest total wins).
"""

from __future__ import annotations

import bisect
import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import Card, Deck, Figure
from drezlab.core.chance import Chance, uniform
from drezlab.core.i18n import get_language, t
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.core.zones import Visibility
from drezlab.games.domidrez.actions import Draw, Name, NextHand, Pass, Phase, Play
from drezlab.games.domidrez.knowledge import (
    LINE_ZONE,
    STOCK_ZONE,
    UNDER_ZONE,
    deal_size,
    hand_zone,
    sort_key,
    unseen_cards,
)
from drezlab.games.domidrez.meta import SPEC
from drezlab.games.domidrez.words import (
    TARGET_REACHED,
    action_words,
    card_label,
    illegal_text,
    last_words,
    naming_label,
    requirement_text,
)
from drezlab.kits.table import (
    HandResult,
    PointsMatch,
    playing_order,
    queue_next,
    target_winners,
)
from drezlab.kits.tabletext import table_repr

__all__ = ["CLOSED", "OUT", "STOCK_ID", "TARGET_REACHED", "DomiDrez", "hand_points"]

#: the id of the stock in the picture: clicking it is the ``draw`` action
STOCK_ID = "pile"
OUT = "out"
CLOSED = "closed"

_FIGURE_BY_LETTER = {figure.letter.lower(): int(figure) for figure in Figure}
#: ``_HANDS[seat]`` = ``hand_zone(seat)``, made once (random play names a hand several times a ply)
_HANDS: tuple[str, ...] = tuple(hand_zone(seat) for seat in range(8))        # 2-8 players


@dataclass(frozen=True)
class _Table(AttributeSnapshot):
    """Everything of the position outside the zones, as it was before an action
    (the undo record: the zones' journal and the chance log put the cards back)."""

    LISTS: ClassVar[frozenset[str]] = frozenset({"scores", "known", "queue"})

    scores: tuple[int, ...]
    named: tuple[int, int] | None
    result: HandResult | None
    known: tuple[str, ...]
    queue: tuple[int, ...]
    dealer: int
    first: int
    hand_number: int
    _phase: Phase
    _seat: int
    _outcome: Outcome | None


class DomiDrez(PointsMatch):
    """A match of DomiDrez for 2-8 players (see the module docstring for the rules).

    ``DomiDrez(seed=7, players=4)`` deals the first hand. Options: ``players``
    (2-8, default 4), ``packs`` (1 or 2), ``target`` (match target, default 50).
    ``chance=Scripted([...])`` fixes the deck order of each hand (tests, lessons).
    """

    spec = SPEC

    def __init__(self, seed: int | None = None, *, players: int = 4, packs: int = 1, target: int = 50,
                 chance: Chance | None = None) -> None:
        super().__init__()
        options = SPEC.validate_options({"players": players, "packs": packs, "target": target})
        self.options = options
        self.seed = seed
        self._seat_match(options["players"])
        self.packs: int = options["packs"]
        self.target: int = options["target"]
        self.cards: tuple[Card, ...] = _packs(self.packs)
        self.zones.add(STOCK_ZONE, Visibility.COUNT, items=self.cards)
        self.zones.add(UNDER_ZONE, Visibility.PUBLIC)
        self.zones.add(LINE_ZONE, Visibility.PUBLIC)
        for seat in range(self._players):
            self.zones.add(hand_zone(seat), Visibility.OWNER, seat)
        self.named: tuple[int, int] | None = None
        #: ids of cards drawn from under the stock, known to be in their drawer's hand
        self.known: list[str] = []
        self.queue: list[int] = []
        self._phase = Phase.PLAY
        self._start_chance(seed, chance)
        self._start_hand()
        self._seal_setup()

    # ------------------------------------------------------------ basic access
    @property
    def phase(self) -> Phase:
        """'play', 'name' (a neutral card was just played), 'next' (hand over) or 'over'."""
        return Phase.OVER if self._outcome is not None else self._phase

    @property
    def top(self) -> Card:
        """The last card of the line."""
        return self.zones[LINE_ZONE][-1]

    def hand(self, seat: int) -> list[Card]:
        """``seat``'s cards, sorted (this is the whole position: bots use ``view``)."""
        return list(self.zones[hand_zone(seat)])

    @property
    def line(self) -> list[Card]:
        """The line of played cards, the start card first."""
        return list(self.zones[LINE_ZONE])

    def stock_left(self) -> int:
        """Cards left to draw (the stock proper and the known cards under it)."""
        return len(self.zones[STOCK_ZONE]) + len(self.zones[UNDER_ZONE])

    def playable(self, seat: int) -> list[Card]:
        """The cards of ``seat``'s hand that follow the line now (:func:`follows`, inlined:
        random play spends most of its time here; a card of a hand without a figure is a
        neutral card, as hands hold no unknown card)."""
        top = self.zones[LINE_ZONE][-1]
        if top.is_neutral:
            if self.named is None:
                return []
            figure, colour = self.named
        else:
            figure, colour = top.figure_number, top.number
        return [card for card in self.zones[_HANDS[seat]]
                if card.figure_number == figure or card.number == colour or card.figure is None]

    def conserved_items(self) -> list[Card]:
        """Every card of the packs: the zones hold each exactly once at every moment."""
        return list(self.cards)

    # ------------------------------------------------------------ the deal
    def _start_hand(self) -> None:
        """D41: collect, shuffle, deal ⌊(cards/2)/n⌋ each from the first player, turn up the start card."""
        zones = self.zones
        n = self._players
        order = self._next_deal()
        for seat in range(n):
            if zones[hand_zone(seat)]:
                zones.replace(hand_zone(seat), ())
            if zones.visibility(hand_zone(seat)) is not Visibility.OWNER:
                zones.set_visibility(hand_zone(seat), Visibility.OWNER)
        for name in (LINE_ZONE, UNDER_ZONE):
            if zones[name]:
                zones.replace(name, ())
        zones.replace(STOCK_ZONE, self.cards)
        zones.shuffle(STOCK_ZONE, self._shuffle)
        for _ in range(deal_size(self.packs, n)):
            for seat in order:
                zones.draw(STOCK_ZONE, hand_zone(seat))
        for seat in range(n):
            zones.replace(hand_zone(seat), sorted(zones[hand_zone(seat)], key=sort_key))
        zones.draw(STOCK_ZONE, LINE_ZONE)
        while zones[LINE_ZONE][-1].is_neutral:
            zones.move_at(LINE_ZONE, -1, UNDER_ZONE, 0)
            zones.draw(STOCK_ZONE, LINE_ZONE)
        self.named = None
        self.known = []
        self.queue = []
        self._phase = Phase.PLAY
        self._seat = self.first

    def _shuffle(self, cards: list[Any]) -> None:
        self.chance.shuffle(cards, "deal")

    # ---------------------------------------------------------------- actions
    def _generate_actions(self) -> list[Action]:
        if self._phase == Phase.NEXT:
            return [_button("next")]
        if self._phase == Phase.NAME:
            return list(_naming_actions())
        playable = self.playable(self._seat)
        if playable:
            return [_play_action(card) for card in playable]
        if self.stock_left():
            return [_button("draw")]
        return [_button("pass")]

    def _apply(self, action: Action) -> _Table:
        before = _Table.of(self)
        seat = self._seat
        match action.data:
            case Play(card=card):
                self.zones.move(card, _HANDS[seat], LINE_ZONE)
                if card.id in self.known:
                    self.known.remove(card.id)
                self.named = None
                if not self.zones[_HANDS[seat]]:
                    self._end_hand(OUT)
                elif card.is_neutral:
                    self._phase = Phase.NAME
                else:
                    self._pass_turn()
            case Name(figure=figure, colour=colour):
                self.named = (figure, colour)
                self._phase = Phase.PLAY
                self._pass_turn()
            case Draw():
                self._draw(seat)
                self._pass_turn()
            case Pass():
                self._pass_turn()
            case NextHand():
                following = queue_next(self.queue)
                if following is None:
                    self._start_hand()
                else:
                    self._seat = following
        return before

    def _draw(self, seat: int) -> None:
        """The top card of the stock (or, once it is empty, the known card under it) into
        ``seat``'s hand at its sorted place."""
        source = STOCK_ZONE if self.zones[STOCK_ZONE] else UNDER_ZONE
        card = self.zones[source][-1]
        if source == UNDER_ZONE:
            self.known.append(card.id)
        hand = self.zones[_HANDS[seat]]
        position = bisect.bisect_right(hand, sort_key(card), key=sort_key)     # the hand is sorted
        self.zones.move_at(source, -1, _HANDS[seat], position)

    def _pass_turn(self) -> None:
        """The next seat plays, unless the game is closed (D43)."""
        if not self.stock_left() and not any(self.playable(seat) for seat in range(self._players)):
            self._end_hand(CLOSED)
            return
        self._seat = (self._seat + 1) % self._players

    def _end_hand(self, how: str) -> None:
        """Score the hand (§8, D43), show the hands, and end the match or wait for the next hand."""
        counts = tuple(len(self.zones[hand_zone(seat)]) for seat in range(self._players))
        gained = hand_points(counts)
        self._score_hand(how, tuple(seat for seat in range(self._players) if counts[seat] == min(counts)), gained,
                         counts)
        for seat in range(self._players):
            self.zones.set_visibility(hand_zone(seat), Visibility.PUBLIC)
        self.named = None
        match_winners = target_winners(self.scores, self.target)
        if match_winners:
            self._finish(match_winners, TARGET_REACHED)
            self._phase = Phase.OVER
        else:
            self._phase = Phase.NEXT
            self.queue = playing_order(self.first, self._players)
            self._seat = self.queue[0]

    def _revert(self, action: Action, undo_info: _Table) -> None:
        undo_info.restore(self)

    def _last_public(self, seat: int | None) -> str | None:
        """The last action in words of the current language (every action is public):
        the played card's name, 'Named rook and green', 'Drew a card and passed'..."""
        if not self._history:
            return None
        return last_words(self._history[-1].action.data)

    def describe(self, action: Action | str) -> str:
        """The move log's line for ``action``, computed before it is played, as a sentence
        in the current language: "Player 2 plays the Purple Joker card"."""
        return action_words(self.seat_name(self._seat), self.parse(action).data)

    def _explain_illegal(self, text: str) -> str:
        if self._outcome is not None:
            return self._over_text(text)
        return illegal_text(text, self.seat_name(self._seat), self._phase, self.playable(self._seat),
                            bool(self.stock_left()), self.zones[hand_zone(self._seat)], self.requirement)

    def requirement(self) -> str:
        """What the next card must match, in words ('the Purple Joker card (Joker or Purple)')."""
        return requirement_text(self.top, self.named)

    # ------------------------------------------------------------------ odds
    def chance_outcomes(self, seat: int | None = None) -> dict[str, Fraction]:
        """The card the next draw brings (the top of the stock), as ``seat`` (``None``: a
        spectator) sees it: each card id with its exact probability. Every card the seat
        has not seen is equally likely to be on top; once the stock proper is empty the
        known card under it comes. Given whenever a card is left to draw during play,
        whoever is to move (so it never tells whether the player to move can follow);
        empty otherwise (the next deal's shuffle is not listed)."""
        seat = self._check_seat(seat)
        if self.phase not in (Phase.PLAY, Phase.NAME) or not self.stock_left():
            return {}
        if not self.zones[STOCK_ZONE]:
            return {self.zones[UNDER_ZONE][-1].id: Fraction(1)}
        return uniform(card.id for card in unseen_cards(self.view(seat), self.packs))

    # ------------------------------------------------- hooks for simulations
    def _hand_sizes(self) -> list[int]:
        return [len(self.zones[hand_zone(seat)]) for seat in range(self._players)]

    def evaluate(self, seat: int) -> float:
        """The position's worth for ``seat`` to the generic bots, from -1 to 1: its lead in
        match points over the best other seat (as a share of the target), plus a little for
        holding fewer cards than the others on average."""
        others = [score for other, score in enumerate(self.scores) if other != seat]
        lead = (self.scores[seat] - max(others)) / self.target
        sizes = self._hand_sizes()
        mean_other = sum(size for other, size in enumerate(sizes) if other != seat) / (self._players - 1)
        cards = (mean_other - sizes[seat]) / (len(self.cards) / 2)
        return max(-1.0, min(1.0, 0.8 * lead + 0.2 * cards))

    def _resample_fixed(self, seat: int | None) -> Any:
        """Cards drawn from under the stock are known to be in their drawer's hand."""
        known = frozenset(self.known)
        if not known:
            return None
        return lambda zone, item: item.id in known

    # ------------------------------------------------------------------ views
    def _public(self, seat: int | None) -> dict[str, Any]:
        """What everybody knows besides the zones: flow, named figure and colour, scores, result."""
        return {**self._match_public(), "phase": self.phase.value,
                "named": None if self.named is None else list(self.named), "target": self.target,
                "packs": self.packs}

    def status_text(self) -> str:
        """One line for the picture: whose turn and what is asked, or how the game ended."""
        if self._outcome is not None:
            return super().status_text()
        who = self.seat_name(self._seat)
        if self._phase == Phase.NEXT:
            return f"{t('Hand')} {self.hand_number}: {self.result_line()} — {who}, {t('ready for the next hand?')}"
        if self._phase == Phase.NAME:
            return f"{who}: {t('name a figure and a colour')}"
        return f"{who} {t('must follow')} {self.requirement()}"

    def result_line(self) -> str:
        """The last hand in words ('Player 2 went out: +9')."""
        if self.result is None:
            return ""
        return self.result.line(self.seat_name, t("went out") if self.result.how == OUT else t("closed game"))

    # ---------------------------------------------------------------- records
    def _state(self) -> dict[str, Any]:
        """The whole position: every zone in order, scores and the flow of the hand."""
        return {**self._match_state(), "zones": self.zones.to_dict(),
                "visible_hands": [self.zones.visibility(hand_zone(seat)).value for seat in range(self._players)],
                "named": None if self.named is None else list(self.named), "known": list(self.known),
                "queue": list(self.queue), "phase": self._phase.value, "seat": self._seat,
                "outcome": None if self._outcome is None else self._outcome.to_dict()}

    def __repr__(self) -> str:
        return table_repr("DomiDrez", self._players, "hand", self.hand_number, self.status_text())


@functools.cache
def _packs(packs: int) -> tuple[Card, ...]:
    """The cards of ``packs`` packs (made once: cards are immutable values)."""
    return tuple(Deck.all_cards(packs))


_PLAY_ACTIONS: dict[tuple[Card, str], Action] = {}


def _play_action(card: Card) -> Action:
    """The action that plays ``card``, labelled with the card's printed name in the current
    language (made once per card and language: actions are immutable values)."""
    key = (card, get_language())
    action = _PLAY_ACTIONS.get(key)
    if action is None:
        action = _PLAY_ACTIONS[key] = Action(card.id.lower(), (card.id,), card_label(card), Play(card))
    return action


_BUTTONS: dict[tuple[str, str], Action] = {}


def _button(text: str) -> Action:
    """The action ``next``, ``draw`` or ``pass``, labelled in the current language (made once per language)."""
    language = get_language()
    action = _BUTTONS.get((text, language))
    if action is None:
        if text == "next":
            action = Action("next", (), t("Next hand"), NextHand())
        elif text == "draw":
            action = Action("draw", (STOCK_ID,), t("Draw and pass"), Draw())
        else:
            action = Action("pass", (), t("Pass"), Pass())
        _BUTTONS[text, language] = action
    return action


_NAMING_ACTIONS: dict[str, tuple[Action, ...]] = {}


def _naming_actions() -> tuple[Action, ...]:
    """The 54 ways to name a figure and a colour, labelled in the current language (made once per language)."""
    language = get_language()
    actions = _NAMING_ACTIONS.get(language)
    if actions is None:
        actions = _NAMING_ACTIONS[language] = tuple(
            Action(f"name {letter}{colour}", (f"fig-{letter}", f"col-{colour}"),
                   naming_label(figure, colour), Name(figure, colour))
            for letter, figure in _FIGURE_BY_LETTER.items() for colour in range(1, 10))
    return actions


def hand_points(counts: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Points each seat gains from a finished hand, given the cards left in each hand.

    The seats with the fewest cards score Σ(each other seat's cards − own cards):
    for a player who went out (0 cards) that is every card left in the other hands
    (§8); in a closed game it is the D43 amount, and tied seats each score it."""
    fewest = min(counts)
    return tuple(sum(other - fewest for other in counts) if count == fewest else 0 for count in counts)
