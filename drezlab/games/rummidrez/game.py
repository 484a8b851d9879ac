"""RummiDrez: runs of one figure or one colour, laid down from the hand and rearranged on the table.

Rules: ``shared/rules/card-games.md`` §0 and §5 (from the Spanish source
"RummiDrez", seed 000), every DECISION there binding. In the order of a hand:

1. **Deal.** Two Pokerdrez packs, 112 cards with 4 neutral cards. Each player
   gets 14 cards, dealt one at a time in seat order from the first player, the
   seat after the dealer (D1); the rest is the face-down stock.
2. **Melds** (:mod:`drezlab.games.rummidrez.melds`): a figure run (one figure,
   consecutive colours 1-9) or a colour run (one colour, consecutive figures
   P N B R Q J), at least 3 cards, no wrap-around, no card twice (D24); a neutral
   card fills a missing card between two others, never an end (D25).
3. **Initial meld (D26).** A player's first play puts at least 7 cards from the
   hand onto the table as new melds, without touching the table.
4. **A turn** is either *draw* one card (always allowed, D27; with an empty stock
   *pass*, D28) or a *play*: add hand cards to any meld, make new melds and
   rearrange the table. A play is valid iff at its end every meld is valid, the
   table holds the old table cards plus the played hand cards, and at least one
   hand card was played. Table cards never return to a hand (D27).
5. **End of a hand.** The first player to empty the hand scores the cards left
   in the other hands. With an empty stock a full round of passes blocks the hand
   (D28): the single player with the fewest cards scores Σ(each other player's
   cards − own cards); a tie for fewest scores nothing.
6. **Match.** The first to reach the ``target`` (14 for 2 players, 28 for 3, 42
   for 4) wins; several at once: the highest total wins (ties share the win).
   Played by time (``turn_limit``): after that many turns the most points win
   (ties share the win; all tied is a draw).
7. **Solitaire (D29)**, ``players=1``: the same turns, including the initial meld;
   the game ends when the stock is empty and the player passes (or the hand is
   empty); the score is the number of cards left in the hand (0 is perfect). The
   personal record per seed is kept by :mod:`drezlab.games.rummidrez.records`.

**A play is a sequence of small actions** that the widget makes by clicks: move a
card (from the hand, or any table card once the player has made the initial
meld) into a meld or a new meld, take a card played this turn back into the hand,
start the turn over, and finally commit. Until the commit the moves are *staged*:
they lie on the table for everyone to see and can be undone one by one, and
:meth:`RummiDrez.check_play` (shown in the status line and in the picture) says
which meld is invalid and why. ``done`` (commit) is legal only when the play is
valid; played anyway, it is refused with that message.

Hidden information (§5): a hand is seen by its owner only; everybody sees hand
sizes, the table (staged cards included) and the scores; the stock is hidden.

Action notation (``str(action)``, accepted by ``play``/``parse``; lower case):

==============  ==================================================================
``b4 m3``       move the card B4 (from the hand or the table) into meld 3;
                ``b4b m3`` the copy from the second pack, ``x1 m3`` a neutral card.
                Targets: the card id (``B4``) and the meld (``m3``).
``b4 new``      move B4 into a new meld (the first free meld place). Targets: card, ``new``
``b4 hand``     take B4, played from the hand this turn, back. Targets: card, ``hand``
``done``        commit the play (legal only when it is valid) (button)
``reset``       take the whole turn back: the table as it was, the cards in hand (button)
``draw``        draw one card and end the turn (moves of this turn are taken back) (button)
``pass``        the stock is empty: pass (D28); in the solitaire this ends the game (button)
``next``        after a hand: deal the next one (button)
==============  ==================================================================

Cards are written by their ids (§0.1): figure P N B R Q J and colour 1-9, ``X1``
/ ``X2`` for neutral cards, suffix ``b`` for the second pack.

Choices this module makes where the rules are silent (each is tested):

* **A meld is a set of cards** laid out by :func:`~drezlab.games.rummidrez.melds.arrange`:
  because a neutral only fills interior gaps (D25), the cards alone fix the order
  and each neutral's role, so a pupil never places a neutral by hand.
* **Meld places**: the table has :data:`MELD_PLACES` numbered places ``m1`` ...;
  a new meld takes the first free one, and a meld keeps its number while it exists.
* **Before the initial meld** a player may move only hand cards, and only into new
  melds made this turn (D26 "without touching the table").
* **Drawing gives the turn's moves up**: ``draw`` (or ``pass`` on an empty stock) first
  puts the table and the hand back as they were at the start of the turn (D27:
  drawing is always allowed instead of playing).
* **The first dealer** is the last seat, so Player 1 plays first in the first hand;
  the dealer moves one seat on after each hand (D1).
* **Between hands** the seat to start the next hand presses "Next hand" (``next``),
  so a pupil sees how the hand was scored.
* **Solitaire outcome**: won (score 1) with an empty hand, else not won; the cards
  left are the payoff (negative) and the score the record keeps.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import Card, Deck
from drezlab.core.chance import Chance, uniform
from drezlab.core.game import ActionLike
from drezlab.core.i18n import t
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.core.zones import Visibility
from drezlab.games.rummidrez.actions import (
    Commit,
    Draw,
    Move,
    NextHand,
    Pass,
    Phase,
    Reset,
)
from drezlab.games.rummidrez.melds import arrange, meld_problem, sort_key, tr
from drezlab.games.rummidrez.meta import SPEC
from drezlab.games.rummidrez.words import (
    button_words,
    commit_refusal,
    last_move_words,
    meld_words,
    move_label,
    move_refusal,
    move_words,
    next_hand_refusal,
)
from drezlab.kits.table import HandResult, PointsMatch, target_winners

__all__ = ["BLOCKED", "HAND_SIZE", "INITIAL_MELD", "MELD_PLACES", "OUT", "STOCK_ZONE", "RummiDrez", "hand_zone",
           "meld_zone", "default_target"]

HAND_SIZE = 14
INITIAL_MELD = 7
#: meld places on the table (112 cards make at most 37 melds of 3)
MELD_PLACES = 40
STOCK_ZONE = "stock"
NEW, HAND = "new", "hand"
OUT, BLOCKED, TARGET_REACHED, SOLITAIRE_OVER = "went out", "blocked hand", "match target reached", "solitaire over"
TIME_UP = "time limit"

_MOVE_TEXT = re.compile(r"^([pnbrqj][1-9]|x[12])(b?) (m[1-9][0-9]?|new|hand)$")


def hand_zone(seat: int) -> str:
    """The zone of ``seat``'s hand (seen by its owner only)."""
    return f"hand{seat}"


def meld_zone(place: int) -> str:
    """The zone of meld place ``place`` (1 ... MELD_PLACES; public)."""
    return f"m{place}"


MELD_ZONES = tuple(meld_zone(place) for place in range(1, MELD_PLACES + 1))


def default_target(players: int) -> int | None:
    """§5: 14 points for 2 players, 28 for 3, 42 for 4; the solitaire has no target."""
    return None if players == 1 else 14 * (players - 1)


@dataclass(frozen=True)
class _Table(AttributeSnapshot):
    """Everything of the position outside the zones, as it was before an action
    (the undo record: the zones' journal and the chance log put the cards back)."""

    LISTS: ClassVar[frozenset[str]] = frozenset({"scores", "opened", "staged"})

    scores: tuple[int, ...]
    opened: tuple[bool, ...]
    staged: tuple[str, ...]
    start: tuple[tuple[str, ...], ...]
    passes: int
    turn: int
    turns_done: int
    result: HandResult | None
    dealer: int
    first: int
    hand_number: int
    _phase: Phase
    _seat: int
    _outcome: Outcome | None


class RummiDrez(PointsMatch):
    """A match of RummiDrez for 2-4 players, or the solitaire (see the module docstring).

    ``RummiDrez(seed=7, players=3)`` deals the first hand. Options: ``players``
    (1-4, default 2; 1 = solitaire), ``target`` (match target; default by players),
    ``turn_limit`` (play by time: the match ends after that many turns).
    ``chance=Scripted([...])`` fixes the deck order of each hand (tests, lessons).
    """

    spec = SPEC

    def __init__(self, seed: int | None = None, *, players: int = 2, target: int | None = None,
                 turn_limit: int | None = None, chance: Chance | None = None) -> None:
        super().__init__()
        options = SPEC.validate_options({"players": players, "target": target, "turn_limit": turn_limit})
        if options["players"] == 1 and options["target"] is not None:
            raise ValueError("the solitaire (players=1) has no match target: leave 'target' out")
        self.options = options
        self.seed = seed
        self._seat_match(options["players"])
        self.target: int | None = options["target"] if options["target"] is not None \
            else default_target(self._players)
        self.turn_limit: int | None = options["turn_limit"]
        self.cards: tuple[Card, ...] = _packs()
        self._by_id: dict[str, Card] = _cards_by_id()
        self.zones.add(STOCK_ZONE, Visibility.COUNT, items=self.cards)
        for seat in range(self._players):
            self.zones.add(hand_zone(seat), Visibility.OWNER, seat)
        for name in MELD_ZONES:
            self.zones.add(name, Visibility.PUBLIC)
        self.opened: list[bool] = [False] * self._players
        #: ids of the mover's hand cards put on the table this turn (public: they lie there)
        self.staged: list[str] = []
        #: every meld place's card ids at the start of the turn
        self.start: tuple[tuple[str, ...], ...] = ((),) * MELD_PLACES
        self.passes = 0
        self.turn = 0
        #: turns ended so far in the match (a commit, a draw or a pass), for ``turn_limit``
        self.turns_done = 0
        self._phase = Phase.PLAY
        self._start_chance(seed, chance)
        self._start_hand()
        self._seal_setup()

    # ------------------------------------------------------------ basic access
    @property
    def solitaire(self) -> bool:
        """Is this the one-player variant (D29)?"""
        return self._players == 1

    @property
    def phase(self) -> Phase:
        """'play', 'next' (a hand is over) or 'over'."""
        return Phase.OVER if self._outcome is not None else self._phase

    def hand(self, seat: int) -> list[Card]:
        """``seat``'s cards, sorted (the whole position: bots use ``view``)."""
        return list(self.zones[hand_zone(seat)])

    def melds(self) -> list[list[Card]]:
        """The melds on the table now (staged moves included), in place order."""
        return [list(self.zones[name]) for name in MELD_ZONES if self.zones[name]]

    def stock_left(self) -> int:
        return len(self.zones[STOCK_ZONE])

    def conserved_items(self) -> list[Card]:
        """Every card of the two packs: the zones hold each exactly once at every moment."""
        return list(self.cards)

    def card(self, identifier: str) -> Card:
        """The card with id ``identifier`` (``"B4b"``)."""
        return self._by_id[identifier]

    @property
    def changed(self) -> bool:
        """Has the player to move moved anything this turn?"""
        return bool(self.staged) or any(tuple(card.id for card in self.zones[name]) != before
                                        for name, before in zip(MELD_ZONES, self.start))

    # ------------------------------------------------------------ the deal
    def _start_hand(self) -> None:
        """Collect, shuffle, deal 14 each one at a time from the first player (D1)."""
        zones = self.zones
        n = self._players
        order = self._next_deal()
        for name in (*(hand_zone(seat) for seat in range(n)), *MELD_ZONES):
            if zones[name]:
                zones.replace(name, ())
        zones.replace(STOCK_ZONE, self.cards)
        zones.shuffle(STOCK_ZONE, self._shuffle)
        for _ in range(HAND_SIZE):
            for seat in order:
                zones.draw(STOCK_ZONE, hand_zone(seat))
        for seat in range(n):
            zones.replace(hand_zone(seat), sorted(zones[hand_zone(seat)], key=sort_key))
        self.opened = [False] * n
        self.passes = 0
        self.result = None if self.hand_number == 1 else self.result
        self._phase = Phase.PLAY
        self._seat = self.first
        self._begin_turn()

    def _shuffle(self, cards: list[Any]) -> None:
        self.chance.shuffle(cards, "deal")

    def _begin_turn(self) -> None:
        self.staged = []
        self.start = tuple(tuple(card.id for card in self.zones[name]) for name in MELD_ZONES)
        self.turn += 1

    # ---------------------------------------------------------------- legality
    def _place_of(self, card: Card) -> str | None:
        """The meld zone holding ``card``, or None (in a hand or the stock)."""
        for name in MELD_ZONES:
            if card in self.zones[name]:
                return name
        return None

    def _free_place(self) -> str | None:
        return next((name for name in MELD_ZONES if not self.zones[name]), None)

    def _move_targets(self) -> tuple[list[str], bool]:
        """The meld places a card may join now -- every meld on the table, or before the
        initial meld only the melds made this turn (D26) -- and whether a place is free
        for a new meld."""
        zones = self.zones
        opened = self.opened[self._seat]
        targets = [name for name, before in zip(MELD_ZONES, self.start) if zones[name] and (opened or not before)]
        free = any(not zones[name] for name in MELD_ZONES)
        return targets, free

    def _destinations(self, card: Card, place: str | None,
                      move_targets: tuple[list[str], bool] | None = None) -> list[str]:
        """Where ``card`` (in meld zone ``place``, or in the mover's hand when None) may go
        (``move_targets``: :meth:`_move_targets`, when the caller has it already)."""
        staged = card.id in self.staged
        if place is not None and not staged and not self.opened[self._seat]:
            return []
        targets, free = move_targets if move_targets is not None else self._move_targets()
        found = [name for name in targets if name != place]
        if (place is None or len(self.zones[place]) > 1) and free:
            found.append(NEW)
        if place is not None and staged:
            found.append(HAND)
        return found

    def _moves_by_card(self) -> list[tuple[Card, list[str]]]:
        """Each card the mover may move, with its destinations, in the order of the legal
        actions: the hand cards, then the table's cards meld by meld. The same
        :meth:`_destinations`, with what every card shares worked out once per position
        (a position has hundreds of moves: listing them card by card was ~90 % of a random
        game's time; this made random games ~2.5x faster)."""
        move_targets = self._move_targets()
        hand = self.zones[hand_zone(self._seat)]
        found: list[tuple[Card, list[str]]] = []
        if hand:
            dests = self._destinations(hand[0], None, move_targets)
            found += [(card, dests) for card in hand]
        for name in MELD_ZONES:
            # a table card's destinations depend on its meld and on whether it was staged
            by_staged: dict[bool, list[str]] = {}
            for card in self.zones[name]:
                staged = card.id in self.staged
                if staged not in by_staged:
                    by_staged[staged] = self._destinations(card, name, move_targets)
                found.append((card, by_staged[staged]))
        return found

    def _buttons(self) -> list[Action]:
        """The actions after the moves: commit, take the turn back, draw or pass."""
        buttons: list[Action] = []
        changed = self.changed
        if self.check_play() is None:
            buttons.append(Action("done", (), t("Commit the play"), Commit()))
        if changed:
            buttons.append(Action("reset", (), t("Take the turn back"), Reset()))
        if self.stock_left():
            buttons.append(Action("draw", (), t("Draw and end the turn"), Draw()))
        else:
            buttons.append(Action("pass", (), t("Pass"), Pass()))
        return buttons

    def check_play(self) -> str | None:
        """"Check my play": ``None`` when the staged play may be committed, else which
        meld is invalid and why, or what else is missing (D26, §5)."""
        if self._phase != Phase.PLAY or self._outcome is not None:
            return tr("there is no play to check now")
        if not self.staged:
            return tr("no card from the hand is on the table yet: a play lays down at least one (§5)")
        for number, name in enumerate(MELD_ZONES, start=1):
            cards = self.zones[name]
            if cards:
                problem = meld_problem(cards)
                if problem is not None:
                    return tr("meld {number} ({cards}) {problem}").format(number=number, cards=meld_words(cards),
                                                                          problem=problem)
        if not self.opened[self._seat] and len(self.staged) < INITIAL_MELD:
            return tr("the initial meld lays down at least {needed} cards from the hand (D26); this one has {count}"
                      ).format(needed=INITIAL_MELD, count=len(self.staged))
        return None

    def _generate_actions(self) -> list[Action]:
        if self._phase == Phase.NEXT:
            return [Action("next", (), t("Next hand"), NextHand())]
        actions: list[Action] = []
        for card, dests in self._moves_by_card():
            moves = _moves_of(card)
            actions += [moves[dest] for dest in dests]
        return actions + self._buttons()

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action without making the list of them: one draw
        ``rng.randrange(count)`` over the actions counted in the order of
        :meth:`legal_actions`, exactly the draw :meth:`Game.random_action` makes, so a
        seeded random game plays the same actions as before (random games run ~1.4x faster
        than with the list: 10,700 against 7,900 plies/s)."""
        if self._outcome is not None or self._phase != Phase.PLAY or self._actions_cache is not None:
            return super().random_action(rng)
        moves = self._moves_by_card()
        buttons = self._buttons()
        index = rng.randrange(sum(len(dests) for _, dests in moves) + len(buttons))
        for card, dests in moves:
            if index < len(dests):
                self._vouched = _moves_of(card)[dests[index]]
                return self._vouched
            index -= len(dests)
        self._vouched = buttons[index]
        return self._vouched

    def parse(self, text: ActionLike) -> Action:
        """The legal action written ``text`` (see the notation table). A well-formed
        move is checked directly, without listing every legal action (bots play
        many moves a turn); everything else goes through the general parser."""
        if isinstance(text, Action):
            text = text.text
        if isinstance(text, str) and self._phase == Phase.PLAY and self._outcome is None:
            match = _MOVE_TEXT.match(text)
            if match is not None:
                letters, pack, dest = match.groups()
                card = self._by_id.get(letters.upper() + pack)
                if card is not None:
                    place = self._place_of(card)
                    in_hand = place is None and card in self.zones[hand_zone(self._seat)]
                    if (place is not None or in_hand) and dest in self._destinations(card, place):
                        return _move_action(card, dest)
        return super().parse(text)

    # ---------------------------------------------------------------- actions
    def _apply(self, action: Action) -> _Table:
        before = _Table.of(self)
        match action.data:
            case Move(card=card, dest=dest):
                self._move(card, dest)
            case Commit():
                self._commit()
                self._turn_done()
            case Reset():
                self._reset()
            case Draw():
                self._reset()
                self._draw(self._seat)
                self.passes = 0
                self._next_turn()
                self._turn_done()
            case Pass():
                self._reset()
                self._pass()
                self._turn_done()
            case NextHand():
                self._start_hand()
        return before

    def _turn_done(self) -> None:
        """A turn has ended (a commit, a draw or a pass): count it for ``turn_limit``."""
        self.turns_done += 1
        if self.turn_limit is not None and self.turns_done >= self.turn_limit and self._outcome is None:
            self._time_up()

    def _time_up(self) -> None:
        """§5 "por tiempo": the match ends now; the most points win (the solitaire scores its cards left)."""
        self._phase = Phase.OVER
        if self.solitaire:
            self._end_hand(TIME_UP)
            return
        best = max(self.scores)
        leaders = tuple(seat for seat, score in enumerate(self.scores) if score == best)
        self._finish(() if len(leaders) == self._players else leaders, TIME_UP)

    def _move(self, card: Card, dest: str) -> None:
        """Move ``card`` into meld ``dest`` / a new meld / back into the hand (staged)."""
        seat = self._seat
        place = self._place_of(card)
        source = place if place is not None else hand_zone(seat)
        if dest == HAND:
            self._into_hand(card, source, seat)
            self.staged.remove(card.id)
            return
        target = self._free_place() if dest == NEW else dest
        assert target is not None
        self.zones.move(card, source, target)
        self.zones.replace(target, arrange(self.zones[target]))
        if place is None:
            self.staged.append(card.id)

    def _into_hand(self, card: Card, source: str, seat: int) -> None:
        hand = self.zones[hand_zone(seat)]
        key = sort_key(card)
        position = next((index for index, held in enumerate(hand) if sort_key(held) > key), len(hand))
        self.zones.move(card, source, hand_zone(seat), position)

    def _reset(self) -> None:
        """The table as it was at the start of the turn, the staged cards back in the hand."""
        for identifier in list(self.staged):
            card = self._by_id[identifier]
            self._into_hand(card, self._place_of(card) or "", self._seat)
        self.staged = []
        for name, before in zip(MELD_ZONES, self.start):
            if tuple(card.id for card in self.zones[name]) != before:
                self.zones.replace(name, [self._by_id[identifier] for identifier in before])

    def _commit(self) -> None:
        seat = self._seat
        self.opened[seat] = True
        self.passes = 0
        self.staged = []
        if not self.zones[hand_zone(seat)]:
            self._end_hand(OUT)
        else:
            self._next_turn()

    def _draw(self, seat: int) -> None:
        """The top card of the stock into ``seat``'s hand at its sorted place."""
        self._into_hand(self.zones[STOCK_ZONE][-1], STOCK_ZONE, seat)

    def _pass(self) -> None:
        """D28: a full round of passes with an empty stock blocks the hand; D29: the solitaire ends."""
        self.passes += 1
        if self.passes >= self._players:
            self._end_hand(BLOCKED)
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self._seat = (self._seat + 1) % self._players
        self._begin_turn()

    def _end_hand(self, how: str) -> None:
        """Score the hand (§5, D28, D29), then end the match or wait for the next hand."""
        counts = tuple(len(self.zones[hand_zone(seat)]) for seat in range(self._players))
        if self.solitaire:
            left = counts[0]
            self.result = HandResult(SOLITAIRE_OVER, (0,) if left == 0 else (), (0,), counts)
            self._phase = Phase.OVER
            self._finish((0,) if left == 0 else (), SOLITAIRE_OVER, payoffs=(-left,),
                         scores=(1.0 if left == 0 else 0.0,))
            return
        gained = hand_points(counts)
        self._score_hand(how, tuple(seat for seat, points in enumerate(gained) if points > 0), gained, counts)
        assert self.target is not None
        match_winners = target_winners(self.scores, self.target)
        if match_winners:
            self._phase = Phase.OVER
            self._finish(match_winners, TARGET_REACHED)
        else:
            self._phase = Phase.NEXT
            self._seat = (self.first + 1) % self._players

    def _revert(self, action: Action, undo_info: _Table) -> None:
        undo_info.restore(self)

    def _explain_illegal(self, text: str) -> str:
        """Why ``text`` cannot be played now, in words a pupil can act on (current language)."""
        if self._outcome is not None:
            return tr("the game is over ({reason}), so {text} cannot be played").format(
                reason=t(self._outcome.reason), text=repr(text))
        who = self.seat_name(self._seat)
        if self._phase == Phase.NEXT:
            return next_hand_refusal(text, who)
        if text == "done":
            return commit_refusal(self.check_play())
        match = re.match(r"^([pnbrqjx][1-9])(b?) (\S+)$", text)
        card = None if match is None else self._by_id.get(match.group(1).upper() + match.group(2))
        where = None
        if card is not None:
            place = self._place_of(card)
            if place is None and card not in self.zones[hand_zone(self._seat)]:
                where = "nowhere"
        return move_refusal(text, who, card, where, self.opened[self._seat], MELD_ZONES)

    # ------------------------------------------------------------------ odds
    def chance_outcomes(self, seat: int | None = None) -> dict[str, Fraction]:
        """The card a draw brings now, as ``seat`` sees it: each unseen card id with its
        exact probability (every card the seat has not seen is equally likely on top of
        the stock; cards staged on the table this turn are seen). Empty when no draw can
        happen (empty stock, between hands, game over)."""
        seat = self._check_seat(seat)
        if self.phase != Phase.PLAY or not self.stock_left():
            return {}
        seen = {identifier for view in self.view(seat).zones.values() for identifier in view.ids}
        return uniform(card.id for card in self.cards if card.id not in seen)

    # ------------------------------------------------- hooks for simulations
    def _hand_sizes(self) -> list[int]:
        return [len(self.zones[hand_zone(seat)]) for seat in range(self._players)]

    def evaluate(self, seat: int) -> float:
        """The position's worth for ``seat`` from -1 to 1: fewer cards in hand than the
        others (or, alone, than the 14 dealt), plus the lead in match points."""
        sizes = self._hand_sizes()
        if self.solitaire:
            return max(-1.0, min(1.0, (HAND_SIZE - sizes[0]) / HAND_SIZE))
        assert self.target is not None
        others = [score for other, score in enumerate(self.scores) if other != seat]
        lead = (self.scores[seat] - max(others)) / self.target
        mean_other = sum(size for other, size in enumerate(sizes) if other != seat) / (self._players - 1)
        return max(-1.0, min(1.0, 0.5 * lead + 0.5 * (mean_other - sizes[seat]) / HAND_SIZE))

    # ------------------------------------------------------------------ views
    def _public(self, seat: int | None) -> dict[str, Any]:
        """What everybody knows besides the zones: the turn's staging, who has made the
        initial meld, the check of the staged play, scores and the last hand's result."""
        return {"phase": self.phase.value, "staged": list(self.staged), "opened": list(self.opened),
                "start": [list(ids) for ids in self.start], "turn": self.turn, "passes": self.passes,
                "turns_done": self.turns_done, "turn_limit": self.turn_limit,
                "check": self.check_play() if self.staged else None, "changed": self.changed,
                "target": self.target, "solitaire": self.solitaire, **self._match_public()}

    def status_text(self) -> str:
        """One line: whose turn and the check of the staged play, or how the game ended."""
        if self._outcome is not None:
            if self.solitaire:
                left = len(self.zones[hand_zone(0)])
                return f"{t(SOLITAIRE_OVER)}: {left} {t('cards left')}"
            return super().status_text()
        who = self.seat_name(self._seat)
        if self._phase == Phase.NEXT:
            return f"{self.result_line()} — {who}: {t('Next hand')}"
        if self.staged or self.changed:
            problem = self.check_play()
            return f"{who}: {t('play ready: commit it') if problem is None else problem}"
        opening = "" if self.opened[self._seat] else f" ({t('initial meld')} ≥ {INITIAL_MELD})"
        return f"{who}: {t('lay down cards or draw')}{opening}"

    def result_line(self) -> str:
        """The last hand in words ('Player 2 went out: +9')."""
        if self.result is None:
            return ""
        return self.result.line(self.seat_name, t(self.result.how))

    def describe(self, action: ActionLike) -> str:
        """The move log's line for ``action``, computed before it is played, as a sentence
        in the current language, naming a card as the deck prints it: "Player 1 adds the
        Blue Knight card (second pack) to meld 3" / "Jugador 1 añade la carta Caballo Azul
        (segunda baraja) al grupo 3"."""
        chosen = self.parse(action)
        who = self.seat_name(self.to_move)
        match chosen.data:
            case Move(card=card, dest=dest):
                return move_words(who, card, self._place_of(card), dest)
            case _:
                return button_words(who, chosen.text)

    def _last_public(self, seat: int | None) -> str | None:
        """The last action in words (every action is public): "Blue Knight (second pack)
        into meld 3", "Commit the play"."""
        if not self._history:
            return None
        action = self._history[-1].action
        match action.data:
            case Move(card=card, dest=dest):
                return last_move_words(card, dest)
            case _:
                return action.label

    # ---------------------------------------------------------------- records
    def _state(self) -> dict[str, Any]:
        """The whole position: every zone in order, the turn's staging, scores and the flow."""
        return {**self._match_state(), "zones": self.zones.to_dict(), "opened": list(self.opened),
                "staged": list(self.staged), "start": [list(ids) for ids in self.start], "passes": self.passes,
                "turn": self.turn, "turns_done": self.turns_done, "phase": self._phase.value, "seat": self._seat,
                "outcome": None if self._outcome is None else self._outcome.to_dict()}

    def __repr__(self) -> str:
        kind = tr("solitaire") if self.solitaire else f"{self._players} {tr('players')}"
        return f"<RummiDrez {kind}, {tr('hand')} {self.hand_number}: {self.status_text()}>"


@functools.cache
def _packs() -> tuple[Card, ...]:
    """The 112 cards of two packs (made once: cards are immutable values)."""
    return tuple(Deck.all_cards(2))


@functools.cache
def _cards_by_id() -> dict[str, Card]:
    return {card.id: card for card in _packs()}


class _CardMoves(dict[str, Action]):
    """The actions moving one card, by destination, each made the first time it is asked for."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card

    def __missing__(self, dest: str) -> Action:
        card = self.card
        action = self[dest] = Action(f"{card.id.lower()} {dest}", (card.id, dest), move_label(card, dest),
                                     Move(card, dest))
        return action


_MOVES: dict[str, _CardMoves] = {}


def _moves_of(card: Card) -> _CardMoves:
    """The actions moving ``card``, by destination (made once: actions are immutable values)."""
    moves = _MOVES.get(card.id)
    if moves is None:
        moves = _MOVES[card.id] = _CardMoves(card)
    return moves


def _move_action(card: Card, dest: str) -> Action:
    """The action moving ``card`` to ``dest``."""
    return _moves_of(card)[dest]


def hand_points(counts: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Points each seat gains from a finished hand, given the cards left in each hand (§5, D28).

    The single seat with the fewest cards scores Σ(each other seat's cards − own
    cards): for a player who went out that is every card left in the other hands;
    in a blocked hand it is the D28 amount. A tie for fewest scores nothing."""
    fewest = min(counts)
    if list(counts).count(fewest) > 1:
        return (0,) * len(counts)
    return tuple(sum(other - fewest for other in counts) if count == fewest else 0 for count in counts)
