"""BlackDrez: reach 11 points without going over, with every card face up.

Rules: ``shared/rules/card-games.md`` §0 and §7 (from the Spanish source
"BlackDrez", seed 000), every DECISION there binding. In the order of play:

0. **Cards.** 1 or 2 packs without the neutral cards (D5): 54 or 108 cards,
   shuffled once into the stock at the start of the game. D35: 1 pack for 2-4
   players, 2 packs for 5-8 (option ``packs``). Cards never go back to the stock.
1. **Points.** Queen 5, rook 4, bishop 3, knight 2, pawn 1, joker 6 or 1 at any
   time. A hand's score is the highest total <= 11 its jokers allow; it is bust
   only when even the lowest total is over 11 (D36; :mod:`~drezlab.games.blackdrez.odds`).
2. **Deal.** Each player gets 2 cards face up, one at a time in seat order from
   the seat after the dealer (D1). The dealer moves one seat on every round.
3. **Exactly 11** at the deal or later wins the round at once: the winner takes
   every card on the table into their pile. Several 11s at the deal share the
   table equally (D39).
4. **Turn.** The active player (not bust, not retired) with the lowest score
   acts; a tie for lowest goes to the first tied player in seat order after the
   player who acted last (after the dealer at the start of a round). They
   ``draw`` a card, or ``retire``: keep ``floor(n/2)`` of their ``n`` cards in
   their pile and leave the rest on the table for the round's winner (D39).
5. **After a draw** (D37): over 11 is bust (the cards stay on the table);
   exactly 11 wins the round; still the lowest or tied for lowest acts again;
   otherwise the lowest player acts.
6. **Standing** (D38): only when every active player has the same score may the
   player to act ``stand``. When every active player has stood, the round is a
   tie and they share the table; a draw by any of them resumes normal play.
7. **End of a round**: an 11; one active player left (they take the table); a
   tie of standing players; or the stock running out (D40: the highest active
   score takes the table, ties share).
8. **Sharing** (D39): equal shares, the remainder set aside out of play.
9. **End of the game** (D40): when the stock cannot deal 2 cards to each player
   at the start of a round. The most cards in a pile wins; equal counts share
   the win (the card-count match).

Nothing is hidden: every hand, pile and set-aside card is public; only the stock's
order is unknown, to everybody (a count-only zone). So ``hidden_information`` is
false and the stock's composition is common knowledge:
:meth:`BlackDrez.exact_values` gives the exact values of drawing and retiring,
:meth:`BlackDrez.chance_outcomes` the next card's exact odds.

Action notation (``str(action)``, accepted by ``play``/``parse``; all are buttons):

==========  ==============================================================
``draw``    take the stock's top card
``retire``  keep half your cards (rounded down) and leave the round
``stand``   only when all active scores are equal: stop drawing (D38)
``next``    after a round: ready for the next one
==========  ==============================================================

Choices this module makes where the rules are silent (each is tested):

* **Which cards a retiring player keeps**: the first ``floor(n/2)`` in the order
  received (only the count matters in the match).
* **Sharing**: the table's cards are gathered seat by seat from the round's first
  player (each hand in the order received); the winners, in seat order from the
  first player, take equal consecutive shares; the rest go to ``aside``.
* **Standing and retiring**: only a draw cancels earlier stands (D38 says a draw
  resumes play). A retirement leaves the others' stands in place; if then every
  remaining active player has stood, they tie; if one is left, they take the table.
  After a stand the next to act is the next active player in seat order who has
  not stood.
* **The stock runs out** (D40) when it is empty and the round has not ended
  otherwise, checked after every draw and before every turn; the round ends at once.
* **Between rounds** the last round's hands stay in the picture until every player
  has pressed ``next``, in seat order from the round's first player (as in Poker7),
  so a pupil always sees how a round ended. The cards are already in the piles.
  When the stock cannot deal the next round, the game ends at once.
* **First dealer**: the last seat (option ``dealer``), so seat 0 is dealt first.
* **Option** ``hints``: the picture shows the exact values of drawing and retiring
  for the player to move from the start; ``svg(seat, hints=True)`` and the widget's
  "Show the numbers" toggle show them on demand (``hints=False`` hides them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import Card, CardLike, full_pack
from drezlab.core.chance import Chance, uniform
from drezlab.core.errors import IllegalAction
from drezlab.core.game import Game
from drezlab.core.i18n import get_language, in_language, t
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.core.zones import Visibility, Zones
from drezlab.games.blackdrez.actions import (
    BY_WORD,
    Draw,
    NextRound,
    Phase,
    Retire,
    Stand,
)
from drezlab.games.blackdrez.knowledge import (
    ASIDE_ZONE,
    STOCK_ZONE,
    pile_zone,
    table_zone,
    view_values,
)
from drezlab.games.blackdrez.meta import SPEC
from drezlab.games.blackdrez.odds import (
    TARGET,
    ExactValues,
    composition,
    hand_state,
    state_score,
)
from drezlab.games.blackdrez.words import (
    MOST_CARDS,
    action_words,
    illegal_text,
    label,
    round_result,
)
from drezlab.kits.table import (
    checked_options,
    playing_order,
    share_worth,
    shared_win,
    zones_laid_out,
)

__all__ = ["BlackDrez", "deck", "stock_order"]

ACTIVE, BUST, RETIRED = "active", "bust", "retired"

_DECKS = {packs: tuple(card for pack in range(packs) for card in full_pack(pack) if not card.is_neutral)
          for packs in (1, 2)}


def deck(packs: int) -> list[Card]:
    """The game's cards: ``packs`` packs without the neutral cards (D5)."""
    return list(_DECKS[packs])


def stock_order(top: Sequence[CardLike], packs: int = 1) -> list[str]:
    """A full stock order (for ``chance=Scripted([stock_order(...)])``) whose first
    cards dealt and drawn are ``top``, in that order; the other cards follow in the
    pack's order. The stock's top is the end of the list."""
    chosen = [Card.parse(card).id for card in top]
    every = [card.id for card in deck(packs)]
    missing = [card for card in chosen if card not in every]
    if missing or len(set(chosen)) != len(chosen):
        raise ValueError(f"stock_order takes distinct cards of {packs} pack(s); not usable: "
                         f"{', '.join(missing) or 'a card given twice'}")
    rest = [card for card in every if card not in set(chosen)]
    return rest + chosen[::-1]


def _label(kind: str) -> str:
    return label(kind)


#: the kinds of the legal actions: between rounds; all active scores equal; otherwise
_NEXT, _TIED, _UNTIED = ("next",), ("draw", "retire", "stand"), ("draw", "retire")

#: the four actions, made once per language (they are immutable values)
_MADE: dict[tuple[str, str], Action] = {}


def _action(kind: str) -> Action:
    """The action ``kind`` ("draw", "retire", "stand", "next") with its label in the current language."""
    key = (kind, get_language())
    action = _MADE.get(key)
    if action is None:
        action = _MADE[key] = Action(kind, (), _label(kind), BY_WORD[kind])
    return action


#: ``_LISTS[language][kinds]``: the actions of ``kinds`` (:func:`_actions`), made once per language
_LISTS: dict[str, dict[tuple[str, ...], tuple[Action, ...]]] = {}


def _actions(kinds: tuple[str, ...]) -> tuple[Action, ...]:
    """The actions of ``kinds``, in that order, with their labels in the current language."""
    language = get_language()
    lists = _LISTS.get(language)
    if lists is None:
        lists = _LISTS[language] = {}
    actions = lists.get(kinds)
    if actions is None:
        actions = lists[kinds] = tuple(_action(kind) for kind in kinds)
    return actions


def _layout(players: int) -> tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[int, ...], ...]]:
    """The zones of the seats' tables and piles, and the playing order after each seat, for
    ``players`` seats: made once per number of players (:data:`_LAYOUTS`)."""
    layout = _LAYOUTS.get(players)
    if layout is None:
        layout = _LAYOUTS[players] = (tuple(table_zone(seat) for seat in range(players)),
                                      tuple(pile_zone(seat) for seat in range(players)),
                                      tuple(tuple(playing_order(seat + 1, players)) for seat in range(players)))
    return layout


_LAYOUTS: dict[int, tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[int, ...], ...]]] = {}


class _RoundEnd(NamedTuple):
    """How the last round ended, kept as facts and put into words only when a view or a
    record asks (:meth:`BlackDrez._results`): random play ends about five rounds a game
    and never reads them (wording each end was about 3 % of a random game's time). The
    ``language`` the round ended in is kept, so the words are those the game said then."""

    number: int
    winners: tuple[int, ...]
    reason: str
    share: int
    aside: int
    language: str


@dataclass(frozen=True)
class _Turn(AttributeSnapshot):
    """What any action may change outside the zones, as it was before it: with
    :class:`_Round`, the undo record (the zones' journal and the chance log put the
    cards back), declared in the house's idiom. Every field is already immutable (the
    per-seat state is kept in tuples, replaced, never changed in place), so nothing
    needs freezing. Split from :class:`_Round` so that most actions copy 7 fields, not
    13: taking it costs 0.56 of the time of the one 13-field record it replaces
    (``timeit`` on a 4-seat game: 9.2 µs against 16.5 µs on a loaded machine, about
    1.4 µs against 2.5 µs unloaded)."""

    status: tuple[str, ...]
    _scores: tuple[int, ...]
    standing: tuple[bool, ...]
    _seat: int
    _tied: bool
    _queue: tuple[int, ...]
    _last: tuple[int, str] | None


@dataclass(frozen=True)
class _Round(AttributeSnapshot):
    """What only the end and the start of a round change, as it was before the action
    that changed it: taken by :meth:`BlackDrez._round_changes` (the same idiom)."""

    round_number: int
    dealer: int
    _phase: Phase
    _ended: _RoundEnd | None
    _shown: tuple[tuple[str, ...], ...]
    _outcome: Outcome | None


class BlackDrez(Game):
    """A game of BlackDrez for 2-8 players (see the module docstring for the rules).

    ``BlackDrez(seed=7, players=4)`` shuffles the stock and deals the first round.
    Options: ``packs`` (1 or 2; default D35), ``dealer`` (first dealer, default the
    last seat), ``hints`` (the picture shows the exact values).
    ``chance=Scripted([order])`` fixes the stock's order (see :func:`stock_order`).

    The per-seat state is kept in tuples (replaced, never changed in place), so an
    undo record is a snapshot of references. ``_scores`` keeps every seat's D36 score,
    set where a hand changes (deal, draw, retire, end of a round), so the turn order
    does not add up every hand on every action; ``score`` still reads the cards."""

    spec = SPEC

    def __init__(self, seed: int | None = None, *, players: int = 4, packs: int | None = None,
                 dealer: int | None = None, hints: bool = False, chance: Chance | None = None) -> None:
        super().__init__()
        options = checked_options(SPEC, {"players": players, "packs": packs, "dealer": dealer, "hints": hints})
        players = options["players"]
        first_dealer = players - 1 if options["dealer"] is None else options["dealer"]
        if not 0 <= first_dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {first_dealer}")
        self.packs: int = options["packs"] or (1 if players <= 4 else 2)
        self.hints: bool = options["hints"]
        self.options = {**options, "dealer": first_dealer}
        self.seed = seed
        self._players = players
        self._cards = _DECKS[self.packs]
        self._tables, self._piles, self._orders = _layout(players)
        self.zones = zones_laid_out(("blackdrez", players, self.packs), self._lay_out)
        self.status: tuple[str, ...] = (ACTIVE,) * players
        self._scores: tuple[int, ...] = (0,) * players      # each hand's score (see the class docstring)
        self.standing: tuple[bool, ...] = (False,) * players
        self.round_number = 0
        self.dealer = (first_dealer - 1) % players        # _start_round moves it on to the first dealer
        self._phase = Phase.PLAY
        self._tied = False                                # every active score equal: standing allowed
        self._queue: tuple[int, ...] = ()
        self._last: tuple[int, str] | None = None
        self._ended: _RoundEnd | None = None              # the last round's end, until the next round
        self._shown: tuple[tuple[str, ...], ...] = ((),) * players
        self._round_before: _Round | None = None          # the action's _Round record, once taken
        self._start_chance(seed, chance)
        self.zones.shuffle(STOCK_ZONE, lambda cards: self.chance.shuffle(cards, "stock"))
        self._start_round()
        self._seal_setup()

    def _lay_out(self, zones: Zones) -> None:
        """The zones before the stock is shuffled: the stock in the packs' order, then each
        seat's table and pile, then the cards set aside."""
        zones.add(STOCK_ZONE, Visibility.COUNT, items=self._cards)
        for seat in range(self._players):
            zones.add(self._tables[seat], Visibility.PUBLIC, seat)
            zones.add(self._piles[seat], Visibility.PUBLIC, seat)
        zones.add(ASIDE_ZONE, Visibility.PUBLIC)

    # ------------------------------------------------------------ reading the table
    @property
    def phase(self) -> Phase:
        """'play' (a round in progress), 'next' (a round is over) or 'over'."""
        return Phase.OVER if self._outcome is not None else self._phase

    @property
    def stock(self) -> list[Card]:
        """The face-down stock (its top is the end of the list)."""
        return list(self.zones[STOCK_ZONE])

    def hand(self, seat: int) -> list[Card]:
        """The cards in front of ``seat`` this round, in the order received."""
        return list(self.zones[self._tables[seat]])

    def pile(self, seat: int) -> list[Card]:
        """The cards ``seat`` has won or kept (its score in the match)."""
        return list(self.zones[self._piles[seat]])

    def score(self, seat: int) -> int:
        """The D36 score of the cards in front of ``seat`` (over 11: bust)."""
        return state_score(*hand_state(self.zones[self._tables[seat]]))

    def active(self) -> list[int]:
        """The seats still in the round (not bust, not retired)."""
        return [seat for seat in range(self._players) if self.status[seat] == ACTIVE]

    @property
    def first_player(self) -> int:
        """The seat after the dealer: dealt first, and first among ties at a round's start."""
        return (self.dealer + 1) % self._players

    def stock_figures(self) -> tuple[int, ...]:
        """The stock's six figure counts (pawns ... jokers): known to everybody."""
        return composition(self.zones[STOCK_ZONE])

    def exact_values(self, seat: int | None = None) -> ExactValues:
        """The exact values (cards to the pile this round, on average) of drawing and
        of retiring for ``seat`` (default: the player to move), computed from
        ``view(seat)`` only: see :mod:`drezlab.games.blackdrez.odds` for the model."""
        return view_values(self.view(seat if seat is not None else self.to_move),
                           self.to_move if seat is None else seat)

    def chance_outcomes(self, seat: int | None = None) -> dict[str, Fraction]:
        """The pending chance event, the next card of the stock: each card id with its
        exact probability (every card in the stock is equally likely; everybody
        knows which cards are there). Empty when no draw is possible now."""
        self._check_seat(seat)
        if self.phase != Phase.PLAY or "draw" not in self._legal_by_text():
            return {}
        return uniform(card.id for card in sorted(self.zones[STOCK_ZONE], key=lambda card: card.id))

    def conserved_items(self) -> list[Card]:
        """The game's cards: the zones hold each of them exactly once at every moment."""
        return list(self._cards)

    # ------------------------------------------------------- the flow of a round
    def _start_round(self) -> None:
        """Move the button, deal 2 cards each (D1), then settle any 11 at the deal."""
        n = self._players
        self.round_number += 1
        self.dealer = (self.dealer + 1) % n
        self.status = (ACTIVE,) * n
        self.standing = (False,) * n
        self._phase = Phase.PLAY
        self._queue = ()
        order = self._orders[self.dealer]
        zones, tables = self.zones, self._tables
        for _ in range(2):
            for seat in order:
                zones.draw(STOCK_ZONE, tables[seat])
        self._scores = tuple([state_score(*hand_state(zones[table])) for table in tables])
        elevens = [seat for seat in order if self._scores[seat] == TARGET]
        if elevens:
            self._end_round(elevens, "reaches 11")
        else:
            self._continue(after=self.dealer)

    def _continue(self, after: int) -> None:
        """Whoever acts next, or the end of the round (§7 and D37, D38, D40)."""
        status, standing, scores = self.status, self.standing, self._scores
        active = [seat for seat in self._orders[after] if status[seat] == ACTIVE]     # in turn order
        if len(active) == 1:
            self._end_round(active, "last player in the round")
            return
        waiting = [seat for seat in active if not standing[seat]] if True in standing else active
        if not waiting:
            self._end_round(active, "tie")
            return
        active_scores = [scores[seat] for seat in active]
        if not self.zones[STOCK_ZONE]:
            best = max(active_scores)
            self._end_round([seat for seat in active if scores[seat] == best], "stock empty")
            return
        low, high = min(active_scores), max(active_scores)
        self._tied = low == high
        if waiting is not active:
            low = min(scores[seat] for seat in waiting)
        for seat in waiting:
            if scores[seat] == low:
                self._seat = seat
                return

    def _end_round(self, winners: list[int], reason: str) -> None:
        """The winners take the table (equal shares, remainder aside: D39); then the
        next round waits for everyone's "next", or the game ends (D40)."""
        self._round_changes()
        order = self._orders[self.dealer]
        zones, tables = self.zones, self._tables
        hands = [zones[table] for table in tables]
        self._shown = tuple([tuple([card.id for card in hand]) for hand in hands])
        winners = [seat for seat in order if seat in winners]
        gathered = [card for seat in order for card in hands[seat]]
        share = len(gathered) // len(winners)
        # each zone's new contents in one journalled change (not one move a card)
        for seat in order:
            if hands[seat]:
                zones.replace(tables[seat], ())
        for number, winner in enumerate(winners):
            taken = gathered[number * share:(number + 1) * share]
            if taken:
                zones.replace(self._piles[winner], zones[self._piles[winner]] + taken)
        aside = gathered[len(winners) * share:]
        if aside:
            zones.replace(ASIDE_ZONE, zones[ASIDE_ZONE] + aside)
        self._scores = (0,) * self._players
        self._ended = _RoundEnd(self.round_number, tuple(winners), reason, share, len(aside), get_language())
        if len(zones[STOCK_ZONE]) < 2 * self._players:
            self._end_game()
        else:
            self._phase = Phase.NEXT
            self._queue = order
            self._seat = order[0]

    def _end_game(self) -> None:
        """D40: the most cards in a pile wins; equal counts share the win."""
        counts = [len(self.zones[self._piles[seat]]) for seat in range(self._players)]
        most = max(counts)
        self._phase = Phase.OVER
        self._finish(tuple(seat for seat in range(self._players) if counts[seat] == most), MOST_CARDS,
                     payoffs=tuple(counts))

    # ---------------------------------------------------------------- actions
    def _kinds(self) -> tuple[str, ...]:
        """The kinds of the legal actions, in their order (the game is not over)."""
        if self._phase is Phase.NEXT:
            return _NEXT
        return _TIED if self._tied else _UNTIED

    def _generate_actions(self) -> list[Action]:
        return list(_actions(self._kinds()))

    def random_action(self, rng: random.Random) -> Action:
        """The draw :meth:`Game.random_action` makes (``rng.randrange`` over the legal
        actions in their order), without listing them, so a seeded random game plays
        the same actions as before."""
        if self._outcome is not None:
            raise IllegalAction(t("the game is over: there is no action to choose"))
        actions = _actions(self._kinds())
        self._vouched = actions[rng.randrange(len(actions))]
        return self._vouched

    def _round_changes(self) -> None:
        """Called before an action changes a :class:`_Round` field: records them once."""
        if self._round_before is None:
            self._round_before = _Round.of(self)

    def _apply(self, action: Action) -> tuple[_Turn, _Round | None]:
        before = _Turn.of(self)
        self._round_before = None
        seat = self._seat
        self._last = (seat, action.text)
        match action.data:
            case NextRound():
                self._queue = self._queue[1:]
                if self._queue:
                    self._seat = self._queue[0]
                else:
                    self._round_changes()
                    self._ended = None
                    self._shown = ((),) * self._players
                    self._start_round()
            case Draw():
                self.zones.draw(STOCK_ZONE, self._tables[seat])
                self.standing = (False,) * self._players
                low, joker = hand_state(self.zones[self._tables[seat]])
                self._set_score(seat, state_score(low, joker))
                if low > TARGET:
                    self._set_status(seat, BUST)
                    self._continue(after=seat)
                elif self._scores[seat] == TARGET:
                    self._end_round([seat], "reaches 11")
                else:
                    self._continue(after=(seat - 1) % self._players)    # still lowest: acts again (D37)
            case Retire():
                cards = self.zones[self._tables[seat]]
                for _ in range(len(cards) // 2):
                    self.zones.move_at(self._tables[seat], 0, self._piles[seat])
                self._set_score(seat, self.score(seat))
                self._set_status(seat, RETIRED)
                self._continue(after=seat)
            case Stand():
                standing = list(self.standing)
                standing[seat] = True
                self.standing = tuple(standing)
                self._continue(after=seat)
        return before, self._round_before

    def _set_score(self, seat: int, score: int) -> None:
        changed = list(self._scores)
        changed[seat] = score
        self._scores = tuple(changed)

    def _set_status(self, seat: int, status: str) -> None:
        changed = list(self.status)
        changed[seat] = status
        self.status = tuple(changed)

    def _revert(self, action: Action, undo_info: tuple[_Turn, _Round | None]) -> None:
        turn, round_before = undo_info
        turn.restore(self)
        if round_before is not None:
            round_before.restore(self)

    def _explain_illegal(self, text: str) -> str:
        if self._outcome is not None:
            return self._over_text(text)
        return illegal_text(text, self._phase == Phase.NEXT, self.seat_name(self._seat))

    def describe(self, action: Action | str) -> str:
        """The move log's line for ``action``, computed before it is played, as a sentence
        in the current language: "Player 2 asks for a card, with 7 points"."""
        kind = self.parse(action).text
        seat = self._seat
        return action_words(kind, self.seat_name(seat), self.score(seat), len(self.zones[self._tables[seat]]))

    # ------------------------------------------------- hooks for bots and simulations
    def adjudicate(self) -> tuple[float, ...]:
        """Scores for a game a simulation stops unfinished: the most cards in a pile
        share the win, as at the end of the game."""
        counts = [len(self.zones[self._piles[seat]]) for seat in range(self._players)]
        return shared_win([seat for seat, count in enumerate(counts) if count == max(counts)], self._players)

    def evaluate(self, seat: int) -> float:
        """``seat``'s share of the cards won so far, from -1 (none) through 0 (an
        equal share) to 1 (all of them)."""
        counts = [len(self.zones[self._piles[other]]) for other in range(self._players)]
        return share_worth(counts[seat], sum(counts), self._players)

    # ------------------------------------------------------------------ views
    def _results(self) -> tuple[str, ...]:
        """The lines that say how the last round ended (none while a round is played), in
        the language it ended in."""
        ended = self._ended
        if ended is None:
            return ()
        with in_language(ended.language):
            names = ", ".join([self.seat_name(seat) for seat in ended.winners])
            return tuple(round_result(ended.number, names, ended.reason, ended.share, len(ended.winners),
                                      ended.aside))

    def _public(self, seat: int | None) -> dict[str, Any]:
        """Everything on the table is public: scores, who is in, the stock's figures."""
        return {
            "round": self.round_number, "dealer": self.dealer, "phase": self.phase.value, "packs": self.packs,
            "hints": self.hints, "status": self.status, "standing": self.standing,
            "scores": [self.score(other) for other in range(self._players)],
            "stock_figures": self.stock_figures(),
            "last": None if self._last is None else [self._last[0], _label(self._last[1])],
            "results": self._results(), "shown": self._shown,
        }

    def _last_public(self, seat: int | None) -> str | None:
        return None if self._last is None else self._last[1]

    def status_text(self) -> str:
        """One line: whose turn and their score, or how the game ended."""
        if self._outcome is not None:
            return super().status_text()
        who = self.seat_name(self._seat)
        if self._phase == Phase.NEXT:
            return f"{t('Round')} {self.round_number}: {who}, {t('ready for the next round?')}"
        return t("{who} to move").format(who=who) + f" ({self.score(self._seat)} {t('points')})"

    # ---------------------------------------------------------------- records
    def _state(self) -> dict[str, Any]:
        """The whole position: every card in order, the seats' states, the flow."""
        return {
            "round": self.round_number, "dealer": self.dealer,
            "stock": [card.id for card in self.zones[STOCK_ZONE]],
            "tables": [[card.id for card in self.zones[self._tables[seat]]] for seat in range(self._players)],
            "piles": [[card.id for card in self.zones[self._piles[seat]]] for seat in range(self._players)],
            "aside": [card.id for card in self.zones[ASIDE_ZONE]],
            "status": list(self.status), "standing": list(self.standing), "phase": self._phase.value,
            "seat": self._seat, "queue": list(self._queue),
            "last": None if self._last is None else list(self._last),
            "results": list(self._results()), "shown": [list(cards) for cards in self._shown],
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
        }

    def __repr__(self) -> str:
        # imported here: it loads python-chess, which play never needs (0.08 s of a first game)
        from drezlab.kits.tabletext import table_repr

        return table_repr("BlackDrez", self._players, "round", self.round_number, self.status_text())
