"""Poker7: Texas Hold'em with Pokerdrez cards, where all 7 cards make the hand.

Rules: ``shared/rules/card-games.md`` §0–1 (from the Spanish source "Poker7",
seed 000), every DECISION there binding. In the order of a hand (§1.1):

0. **Ante.** Every player still in the game pays the minimum bet ``m`` (D4;
   ``min_bet``, default 2) from a stack that starts at ``stack`` (default 100).
1. **Own cards.** Each player gets 2 hidden cards, dealt one at a time in seat
   order starting with the first player, the seat after the dealer (D1).
   *Betting round 1.*
2. **Three community cards**, face up. *Betting round 2.*
3. **The last two community cards**, together. *Betting round 3.*
4. **Reveal.** Each player still in the hand, all-in players too, turns one of
   their 2 cards face up, one after another in betting order (D6).
   *Betting round 4.*
5. **Showdown.** The best 7-card hand (:mod:`drezlab.games.poker7.hands`,
   D7–D11) wins the pot; ties split it, odd chips one each to the tied winners
   in seat order from the first player (D4). Side pots as in Hold'em.

Betting (D4): no-limit Hold'em. A round starts with the first player after the
dealer who can still act, and ends when everyone who can act has acted since the
last full bet or raise and has matched it. A bet or raise adds at least ``m`` to
the current bet unless the player goes all-in. When only one player is left, they
take the pot and nothing is shown. A player with no chips is eliminated; the game
ends when one player holds all the chips (D4). The dealer moves one seat on after
each hand (D1). The Joker is an ordinary figure (D3); the 2 neutral cards are
removed, so the deck has 54 cards (§0.2). 2–10 players (D4).

Hidden information (§1.1): a seat sees its own cards, the community cards, the
revealed cards, every bet and, at showdown, the hands of the players still in.
Folded hands are never shown. The cards live in zones (``game.zones``; listed in
:mod:`drezlab.games.poker7.knowledge`): the deck (count only), the community
cards (public), one owner-only zone per seat for its face-down cards (public at
showdown for the seats still in) and one public zone per seat for the card it
turned up. ``view(seat)`` is an immutable observation built from them and the
public table (chips, bets, pots): no seed, random state or history.

Chance: the deal's shuffle goes through ``game.chance`` (a seeded generator
called exactly as drezlab 0.1 called it, so a seed deals the same cards; tests
pass ``chance=Scripted([...])`` with one deck order per hand).
:meth:`Poker7.chance_outcomes` lists the possible next community cards as one
seat sees them, with exact odds.

Records (version 2): the options, the deal seed (or the scripted deck orders),
the actions and the final position; loading replays the actions and refuses a
record whose position does not follow from them. Version-1 records of seeded
games (drezlab 0.1) still load; a version-1 record of a game made without a
seed is refused: its deal cannot be made again from a seed.

Choices this module makes where the rules are silent (each is tested):

* **Antes are dead money**: they go into the pot but do not count as a bet, so
  betting round 1 starts with no bet to call. A player with fewer chips than
  the ante pays what they have and is all-in.
* **Folding** is offered only when there is a bet to call (with no bet, checking
  costs nothing).
* **Incomplete all-in raises** follow Hold'em: an all-in that adds less than
  ``m`` to the bet does not reopen the betting for players who have already
  acted since the last full bet or raise — they may call or fold, not raise.
* **Nobody bets into nobody**: when every other player in the hand is all-in,
  a player may call or fold but not raise; a round with fewer than two players
  able to bet and nothing to call is skipped (the cards are still dealt and the
  reveal still happens).
* **Between hands** the showdown stays on the table until every player still in
  the game has pressed "Next hand" (action ``next``), in seat order from the
  first player. So a pupil playing against bots always sees how the hand ended.
* **Seats and the button**: the first dealer is the last seat (``dealer``
  option), so Player 1 acts first in the first hand; the button then moves to
  the next seat that still has chips.
* **Option** ``max_hands``: stop after that many hands (a lesson's time
  limit); the players with the most chips win. ``None`` (default) plays until
  one player has all the chips.
* **Teacher's deal**: ``hands={seat: ["B5", "B8"]}`` and ``board=[...]`` fix
  cards of the first hand (a new game from ``fresh()`` or the widget's New game
  keeps them); every other card is shuffled as usual. ``stacks=[...]``
  starts the seats with different chip counts (D4's equal stacks are the
  default), to show side pots.
* **Option** ``words``: ``"points"`` says the school's words (points, a prize,
  put in, go up, match, drop out) instead of the card table's (chips, bets, a
  pot); the rules and the notation are the same (:mod:`drezlab.kits.tablewords`).

Action notation (``str(action)``, accepted by ``play``/``parse``):

==============  ==================================================================
``fold``        give up the hand (only when facing a bet)
``check``       pass without betting (no bet to call)
``call``        match the current bet (button "Call 4" shows the chips it costs)
``bet 6``       with no bet in this round: bet 6 chips
``raise 12``    raise the round's bet **to** 12 (12 in total from you this round)
``allin``       put in every chip you have left (as a bet, raise or call)
``show Q5``     reveal round: turn your card Q5 face up (click the card)
``next``        after a hand: ready for the next one
==============  ==================================================================

Amounts: ``legal_actions()`` stays a short list the widget can show as buttons:
the smallest bet or raise, about half the pot, the pot, and all-in (``pot``
counts every chip in the middle plus the call). ``play("raise 37")`` or
``play("bet 15")`` accepts **any** legal amount from the minimum up to one chip
less than all-in; an amount equal to your whole stack is the ``allin`` action,
and so is ``call`` when your chips do not cover the bet. "all-in" and "all in"
are accepted for ``allin``. The notation is lower case and plain ASCII: runs of
spaces count as one, anything else (tabs, capitals, other scripts' digits) is refused.

Targets: ``show Q5`` has the target ``Q5`` (click your card in the picture);
every other action has none and is a button.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import Card, CardLike, short_repr
from drezlab.core.chance import Chance, Seeded
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.game import ACTION_CHARACTERS
from drezlab.core.i18n import get_language, t
from drezlab.core.records import (
    field_of,
    record_seed,
    replay_record,
    rng_state_from_json,
    rng_state_to_json,
)
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.core.zones import Visibility
from drezlab.games.poker7.actions import (
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    NextHand,
    Phase,
    Raise,
    Show,
    kind_and_value,
)
from drezlab.games.poker7.hands import (
    DECK,
    HandValue,
    as_hand,
    card_index,
    hand_value,
    value_key,
)
from drezlab.games.poker7.knowledge import (
    BOARD_ZONE,
    DECK_ZONE,
    hand_zone,
    next_card_odds,
    up_zone,
    view_equity,
)
from drezlab.games.poker7.meta import (
    MAX_HANDS,
    MAX_PLAYERS,
    MAX_STACK,
    MIN_PLAYERS,
    SPEC,
)
from drezlab.games.poker7.odds import Equity
from drezlab.games.poker7.words import LABELS, action_words, betting_refusal
from drezlab.games.poker7.words import label as _label
from drezlab.kits.chips import betting_status, deal_hand, raise_sizes
from drezlab.kits.table import (
    ALL_THE_CHIPS,
    HAND_LIMIT,
    BettingTable,
    checked_options,
    lay_out_poker_table,
    queue_next,
    seats_after,
    zones_laid_out,
)
from drezlab.kits.tabletext import over_text, reveal_text, table_repr
from drezlab.kits.tablewords import speaks_its_words

__all__ = ["ALL_THE_CHIPS", "HAND_LIMIT", "MAX_HANDS", "MAX_PLAYERS", "MAX_STACK", "MIN_PLAYERS", "Poker7"]

_AMOUNT = re.compile(r"^(bet|raise) ([0-9]{1,9})$")
_ALL_IN_SPELLINGS = frozenset({"all-in", "all in"})


@dataclass(frozen=True)
class _Turn(AttributeSnapshot):
    """What any action may change outside the zones, as it was before it: with
    :class:`_Hand`, the undo record (the zones' journal and the chance log put the cards
    back). Split from :class:`_Hand`, which only the start and the end of a hand change,
    so that most actions freeze 7 lists, not 11 (the one record of all 19 fields was
    a sixteenth of a random game's time)."""

    LISTS: ClassVar[frozenset[str]] = frozenset({
        "stacks", "committed", "round_bets", "acted", "folded", "_queue", "_reveal_slot"})

    stacks: tuple[int, ...]
    committed: tuple[int, ...]
    round_bets: tuple[int, ...]
    acted: tuple[bool, ...]
    folded: tuple[bool, ...]
    _queue: tuple[int, ...]
    _reveal_slot: tuple[int | None, ...]
    current_bet: int
    street: int
    _last: tuple[int, str, int | str | None] | None
    _phase: Phase
    _seat: int


@dataclass(frozen=True)
class _Hand(AttributeSnapshot):
    """What only the start and the end of a hand change, as it was before the action
    that changed it: the game's ``hand_record``, taken by
    :meth:`~drezlab.kits.table.BettingTable._hand_changes`."""

    LISTS: ClassVar[frozenset[str]] = frozenset({"in_hand", "shown", "won", "pots"})

    in_hand: tuple[bool, ...]
    shown: tuple[bool, ...]
    won: tuple[int, ...]
    pots: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]
    dealer: int
    hand_number: int
    _outcome: Outcome | None


@speaks_its_words
class Poker7(BettingTable):
    """A game of Poker7 for 2–10 players (see the module docstring for the rules).

    ``Poker7(seed=7, players=4)`` deals the first hand. Options: ``stack``
    (starting chips, default 100; ``stacks=[...]`` gives each seat its own, for a
    teacher's table), ``min_bet`` (``m``, default 2: ante and
    smallest bet or raise), ``max_hands`` (``None``: play until one player has
    every chip), ``dealer`` (first dealer, default the last seat), and a
    teacher's first deal ``hands={seat: [2 cards]}``, ``board=[up to 5 cards]``.
    ``chance=Scripted([...])`` fixes the deck order of each hand (tests, lessons).
    """

    spec = SPEC
    hand_record = _Hand
    record_version = 2

    def __init__(self, seed: int | None = None, *, players: int = 4, stack: int = 100, min_bet: int = 2,
                 max_hands: int | None = None, dealer: int | None = None,
                 hands: Mapping[Any, Sequence[CardLike]] | None = None,
                 board: Sequence[CardLike] | None = None, stacks: Sequence[int] | None = None,
                 words: str = "chips", chance: Chance | None = None) -> None:
        super().__init__()
        self._configure(checked_options(SPEC, {
            "players": players, "stack": stack, "min_bet": min_bet, "max_hands": max_hands, "dealer": dealer,
            "hands": hands, "board": board, "stacks": stacks, "words": words}))
        self.seed = seed
        self._start_chance(seed, chance)
        self._start_hand()
        self._seal_setup()

    # ------------------------------------------------------------------ set-up
    def _configure(self, options: dict[str, Any]) -> None:
        """Check what depends on several options (``ValueError`` says what is wrong),
        keep the options as saved, and lay out the empty table and its zones."""
        players = options["players"]
        starting = [options["stack"]] * players if options["stacks"] is None else list(options["stacks"])
        if len(starting) != players:
            raise ValueError(f"stacks must give each of the {players} seats 1 to {MAX_STACK} chips, "
                             f"not {len(starting)} amounts")
        if options["min_bet"] > max(starting):
            raise ValueError(f"min_bet must be at least 1 and at most the stack ({max(starting)}), "
                             f"not {options['min_bet']}")
        dealer = players - 1 if options["dealer"] is None else options["dealer"]
        if not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer}")
        fixed_hands, fixed_board = _check_teacher_deal(players, options["hands"], options["board"])
        self.options = {**options, "dealer": dealer,
                        "hands": {str(seat): [card.id for card in cards] for seat, cards in fixed_hands.items()}
                        or None,
                        "board": [card.id for card in fixed_board] or None}
        self._seat_players(starting, options["min_bet"], options["max_hands"], dealer)
        self.words = options["words"]
        self._fixed_hands = fixed_hands
        self._fixed_board = fixed_board

        self.zones = zones_laid_out(("poker7", players), lambda zones: lay_out_poker_table(
            zones, DECK_ZONE, DECK, BOARD_ZONE, _seat_zones(players)[1]))
        self.acted = [False] * players
        self.shown = [False] * players
        self.street = 1
        self._last: tuple[int, str, int | str | None] | None = None
        self._queue: list[int] = []
        self._reveal_slot: list[int | None] = [None] * players
        self._phase = Phase.BET

    # ------------------------------------------------------------ the cards
    @property
    def deck(self) -> list[Card]:
        """The face-down pile (its top is the end of the list)."""
        return list(self.zones[DECK_ZONE])

    @property
    def board(self) -> list[Card]:
        """The community cards dealt so far."""
        return list(self.zones[BOARD_ZONE])

    @property
    def hole(self) -> list[list[Card]]:
        """Each seat's 2 own cards in the order they were dealt (none when out of the hand)."""
        return [self._own_cards(seat) for seat in range(self._players)]

    @property
    def revealed(self) -> list[Card | None]:
        """The card each seat turned face up in the reveal round, or ``None``."""
        return [up[0] if (up := self.zones[up_zone(seat)]) else None for seat in range(self._players)]

    @property
    def last(self) -> tuple[int, str] | None:
        """The last action of this hand: its seat and its label ('Bet 4'), or ``None``."""
        if self._last is None:
            return None
        seat, kind, value = self._last
        return seat, _label(kind, value)

    def _own_cards(self, seat: int) -> list[Card]:
        down, up = self.zones[hand_zone(seat)], self.zones[up_zone(seat)]
        if not up:
            return list(down)
        return up + down if self._reveal_slot[seat] == 0 else down + up

    # ------------------------------------------------------------ basic access
    @property
    def phase(self) -> Phase:
        """'bet' (a betting round), 'reveal' (step 4), 'next' (hand over) or 'over'."""
        return Phase.OVER if self._outcome is not None else self._phase

    def _between_hands(self) -> bool:
        return self._phase in (Phase.NEXT, Phase.OVER)

    def may_see(self, viewer: int | None, seat: int, card: Card) -> bool:
        """May ``viewer`` see ``card`` of ``seat``'s own cards? Their own, a revealed
        card, or a hand shown at showdown (§1.1)."""
        return viewer == seat or self.shown[seat] or self.revealed[seat] == card

    def visible_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may use: its own cards and the community cards."""
        return self._own_cards(seat) + self.board

    def hand_value(self, seat: int) -> HandValue:
        """The value of ``seat``'s cards so far (all 7 once the board is complete)."""
        return hand_value(self.visible_cards(seat))

    def equity(self, seat: int | None = None, *, samples: int = 1000, seed: int | None = 0) -> Equity:
        """``seat``'s share of the pot on average, computed from ``view(seat)`` only
        (:func:`~drezlab.games.poker7.knowledge.view_equity`): exact on the river
        against one opponent, a seeded Monte Carlo estimate otherwise. It never
        looks at a card that seat may not see."""
        return view_equity(self.view(self._seat if seat is None else seat), samples=samples, seed=seed)

    def chance_outcomes(self, seat: int | None = None) -> dict[str, Fraction]:
        """The pending chance event, as ``seat`` (``None``: a spectator) sees it: each
        possible next community card (by id) with its exact probability. Every card
        the seat has not seen is equally likely, so the odds differ from seat to seat.
        Empty when no community card is still to come in this hand."""
        return next_card_odds(self.view(seat))

    def reveal_value(self, card: CardLike) -> HandValue:
        """What the table would see of a hand if this card were turned face up:
        the value of the community cards plus ``card`` (a bot shows the card that
        tells the others least)."""
        return hand_value(self.board + [Card.parse(card)])

    def conserved_items(self) -> list[Card]:
        """The 54 cards: the zones hold each of them exactly once at every moment."""
        return list(DECK)

    # ------------------------------------------------------- the flow of a hand
    def _start_hand(self) -> None:
        """Steps 0 and 1: move the button, collect the antes, shuffle, deal 2 cards each."""
        self._hand_changes()
        order = self._deal_in()
        self.shown = [False] * self._players
        self._reveal_slot = [None] * self._players
        self._last = None
        self._queue = []
        cards = list(DECK)                  # every card back, in the deck's fixed order, then shuffled
        self.chance.shuffle(cards, "deal")
        if self.hand_number == 1 and (self._fixed_hands or self._fixed_board):
            cards = self._stacked_deck(cards, order)
        deal_hand(self.zones, DECK_ZONE, cards, BOARD_ZONE, _seat_zones(self._players)[1], order)
        self._phase = Phase.BET
        self._start_round(1)

    def _stacked_deck(self, shuffled: list[Card], order: list[int]) -> list[Card]:
        """The shuffled deck rearranged so that the deal gives the teacher's cards."""
        placed = {card.id for cards in self._fixed_hands.values() for card in cards}
        placed |= {card.id for card in self._fixed_board}
        rest = [card for card in shuffled if card.id not in placed]
        sequence: list[Card] = []
        for round_index in range(2):
            for seat in order:
                fixed = self._fixed_hands.get(seat)
                sequence.append(fixed[round_index] if fixed else rest.pop())
        for index in range(5):
            sequence.append(self._fixed_board[index] if index < len(self._fixed_board) else rest.pop())
        return rest + sequence[::-1]

    def _start_round(self, street: int) -> None:
        self.street = street
        self._start_betting_round()
        self.acted = [False] * self._players
        self._phase = Phase.BET
        self._next_to_act(self.dealer)

    def _after_bet(self) -> None:
        """After a betting action: one player left, the next to act, or the round is over."""
        if self._one_contender_left():
            self._settle(showdown=False)
        else:
            self._next_to_act(self._seat)

    def _next_to_act(self, after: int) -> None:
        """The next seat after ``after`` with something to decide in this betting round, or
        the end of the round. A seat has something to decide if it can act (in the hand,
        not folded, chips behind) and is behind the bet, or has not acted since the last
        full raise while another seat can answer it. One pass round the table finds the
        first seat behind the bet, the first behind it or yet to act, and counts the seats
        that can act (whether another can answer): this runs after every bet, and asking
        the other seats again for each seat was a tenth of a random game's time."""
        players, round_bets, acted, bet = self._players, self.round_bets, self.acted, self.current_bet
        in_hand, folded, stacks = self.in_hand, self.folded, self.stacks
        able = 0
        behind: int | None = None               # the first seat that can act and is behind the bet
        deciding: int | None = None             # the first that can act and is behind or has not acted
        for step in range(1, players + 1):
            seat = (after + step) % players
            if in_hand[seat] and not folded[seat] and stacks[seat] > 0:
                able += 1
                if round_bets[seat] < bet:
                    if behind is None:
                        behind = seat
                    if deciding is None:
                        deciding = seat
                elif deciding is None and not acted[seat]:
                    deciding = seat
        chosen = deciding if able > 1 else behind   # acting without being behind needs someone to answer
        if chosen is None:
            self._end_round()
        else:
            self._seat = chosen

    def _end_round(self) -> None:
        """Deal what comes next (§1.1): 3 cards, then 2, then the reveal, then showdown."""
        if self.street in (1, 2):
            for _ in range(3 if self.street == 1 else 2):
                self.zones.draw(DECK_ZONE, BOARD_ZONE)
            self._start_round(self.street + 1)
        elif self.street == 3:
            self._phase = Phase.REVEAL
            self._queue = seats_after(self.dealer, self._players, self.contenders().__contains__)
            self._seat = self._queue[0]
        else:
            self._settle(showdown=True)

    def _after_reveal(self) -> None:
        following = queue_next(self._queue)
        if following is None:
            self._start_round(4)
        else:
            self._seat = following

    # ---------------------------------------------------------- pots and chips
    def _settle(self, showdown: bool) -> None:
        """Share out every pot, then eliminate the broke and end the game or wait for the next hand."""
        self._hand_changes()
        values: dict[int, int] = {}
        if showdown:
            board = sum(_BIT_OF[card.id] for card in self.zones[BOARD_ZONE])
            for seat in self.contenders():
                self.shown[seat] = True
                self.zones.set_visibility(hand_zone(seat), Visibility.PUBLIC)
                own = sum(_BIT_OF[card.id] for card in self.zones[hand_zone(seat)])
                values[seat] = value_key(board | own | sum(_BIT_OF[card.id] for card in self.zones[up_zone(seat)]))

        def best_hands(eligible: tuple[int, ...], order: list[int]) -> tuple[int, ...]:
            best = max(values.get(seat, 0) for seat in eligible)
            return tuple(seat for seat in order if seat in eligible and values.get(seat, 0) == best)

        self._share_pots(best_hands)
        waiting = self._end_of_hand()
        if waiting is None:
            self._phase = Phase.OVER
        else:
            self._phase = Phase.NEXT
            self._queue = waiting
            self._seat = waiting[0]

    def result_lines(self) -> list[str]:
        """After a hand: who took each pot ('Main pot 60: Player 3 takes 60')."""
        lines = []
        for index, (amount, _eligible, winners) in enumerate(self.pots):
            line = self.pot_line(index, amount, winners, amount)
            if not any(self.shown):
                line += f" ({t('everyone else folded')})"
            lines.append(line)
        return lines

    # ---------------------------------------------------------------- actions
    def _generate_actions(self) -> list[Action]:
        return [_menu_action(kind, value) for kind, value in self._menu()]

    def _menu(self) -> list[tuple[str, Any]]:
        """The legal actions as ``(kind, value)``, in the order of the buttons: what
        :meth:`legal_actions` labels, and what :meth:`random_action` draws from."""
        phase = self._phase
        if phase is Phase.NEXT:
            return [("next", None)]
        if phase is Phase.REVEAL:
            return [("show", card) for card in self.zones[hand_zone(self._seat)]]
        return self._betting_menu()

    def random_action(self, rng: random.Random) -> Action:
        """Uniform over the legal actions with the base class's one draw,
        ``rng.randrange(len(legal))``, made over :meth:`_menu`: only the action drawn is
        built and labelled, so a seeded random game plays the same actions as before
        (labelling every button was a quarter of a random game's time)."""
        if self._outcome is not None or self.words != "chips" or self._actions_cache is not None:
            return super().random_action(rng)     # the school's wording, or the list is made already
        menu = self._menu()
        self._vouched = _menu_action(*menu[rng.randrange(len(menu))])
        return self._vouched

    def _may_raise(self, seat: int) -> bool:
        """Can ``seat`` bet or raise now? Only if betting is open to them (no incomplete
        all-in raise since they acted), someone else can answer, and they have chips
        beyond the call."""
        return (not self.acted[seat] and self._others_can_act(seat)
                and self.stacks[seat] > self.to_call(seat))

    def suggested_amounts(self, seat: int | None = None) -> list[int]:
        """The bet/raise buttons: round totals for the smallest raise, about half the
        pot and the pot, each below all-in (all-in has its own button)."""
        seat = self._seat if seat is None else seat
        return self._raise_totals(seat) if self._may_raise(seat) else []

    def _raise_totals(self, seat: int) -> list[int]:
        """:meth:`suggested_amounts` for a seat that may raise."""
        return raise_sizes(self.current_bet, self.min_bet, self.pot + self.to_call(seat), self.all_in_total(seat))

    def _bet_action(self, total: int) -> Action:
        return _menu_action("raise" if self.current_bet else "bet", total)

    def _all_in_action(self) -> Action:
        return _menu_action("allin", self.stacks[self._seat])

    def _betting_menu(self) -> list[tuple[str, Any]]:
        """:meth:`_menu` in a betting round: fold or call (check with nothing to call),
        the bet or raise buttons and all-in. :meth:`to_call`, :meth:`_may_raise` and
        :meth:`_raise_totals` written out on the seat's chips: it is made every turn."""
        seat = self._seat
        stack, bet, put_in = self.stacks[seat], self.current_bet, self.round_bets[seat]
        call = bet - put_in if bet > put_in else 0
        menu: list[tuple[str, Any]]
        if call:
            menu = [("fold", None), ("call", call)] if call < stack else [("fold", None)]
        else:
            menu = [("check", None)]
        if not self.acted[seat] and stack > call and self._others_can_act(seat):
            word = "raise" if bet else "bet"
            for total in raise_sizes(bet, self.min_bet, sum(self.committed) + call, put_in + stack):
                menu.append((word, total))
            menu.append(("allin", stack))
        elif stack <= call:
            menu.append(("allin", stack))
        return menu

    # ------------------------------------------------------------ parsing help
    def parse(self, text: Action | str) -> Action:
        """Any legal amount for ``bet N`` / ``raise N`` (not just the buttons), and
        ``all-in`` spelled as people write it; everything else as listed."""
        try:
            return super().parse(text)
        except IllegalAction:
            typed = self._typed_action(text.text if isinstance(text, Action) else text)
            if typed is None:
                raise
            return typed

    def _typed_action(self, text: Any) -> Action | None:
        """The legal betting action ``text`` means although it is not a button, or ``None``."""
        if (not isinstance(text, str) or len(text) > 40 or not ACTION_CHARACTERS.issuperset(text)
                or self._outcome is not None or self._phase != Phase.BET):
            return None
        cleaned = " ".join(text.split())
        legal = self._legal_by_text()
        if cleaned in _ALL_IN_SPELLINGS:
            return legal.get("allin")
        if cleaned == "call" and 0 < self.stacks[self._seat] <= self.to_call():
            return legal.get("allin")             # calling with everything left is going all-in
        match = _AMOUNT.match(cleaned)
        if match and self._amount_is_legal(match.group(1), int(match.group(2))):
            total = int(match.group(2))
            return self._all_in_action() if total == self.all_in_total() else self._bet_action(total)
        return None

    def _amount_is_legal(self, word: str, total: int) -> bool:
        seat = self._seat
        if (word == "bet") != (self.current_bet == 0) or not self._may_raise(seat):
            return False
        return self.smallest_raise() <= total <= self.all_in_total(seat)

    def _explain_illegal(self, text: str) -> str:
        if self._outcome is not None:
            return self._over_text(text)
        who = self.seat_name(self._seat)
        if self._phase == Phase.NEXT:
            return over_text(text, who, "hand")
        if self._phase == Phase.REVEAL:
            return reveal_text(text, who, self.zones[hand_zone(self._seat)])
        seat = self._seat
        return betting_refusal(text, call=self.to_call(seat), stack=self.stacks[seat], bet=self.current_bet,
                               minimum=self.min_bet, smallest=self.smallest_raise(), most=self.all_in_total(seat),
                               may_raise=self._may_raise(seat))

    def describe(self, action: Action | str) -> str:
        """The move log's line for ``action``, computed before it is played, as a sentence
        in the current language: "Player 2 raises to 12 chips" / "Jugador 2 sube a 12 fichas"."""
        return action_words(self.seat_name(self._seat), self.parse(action).data)

    # ---------------------------------------------------------------- playing
    def _apply(self, action: Action) -> tuple[_Turn, AttributeSnapshot | None]:
        before = _Turn.of(self)
        self._hand_before = None
        seat = self._seat
        self._last = (seat, *kind_and_value(action.data))
        match action.data:
            case NextHand():
                following = queue_next(self._queue)
                if following is None:
                    self._start_hand()
                else:
                    self._seat = following
            case Show(card=card):
                self._reveal_slot[seat] = self.zones[hand_zone(seat)].index(card)
                self.zones.move(card, hand_zone(seat), up_zone(seat))
                self._after_reveal()
            case Fold():
                self.folded[seat] = True
                self._decided(seat)
            case Check():
                self._decided(seat)
            case Call():
                self._put_in(seat, self.to_call(seat))
                self._decided(seat)
            case Bet(total=total) | Raise(total=total):
                self._raise_to(seat, total)
                self._decided(seat)
            case AllIn():
                self._raise_to(seat, self.all_in_total(seat))
                self._decided(seat)
        return before, self._hand_before

    def _raise_to(self, seat: int, total: int) -> None:
        """Bring ``seat``'s round total to ``total``. A full raise (at least ``m``
        more than the bet) reopens the betting for everyone else."""
        if total >= self._bet_to(seat, total) + self.min_bet:
            self.acted = [False] * self._players

    def _decided(self, seat: int) -> None:
        """``seat`` has made its betting decision: the next to act, or the round is over."""
        self.acted[seat] = True
        self._after_bet()

    # ------------------------------------------------------------------ views
    def _public(self, seat: int | None) -> dict[str, Any]:
        """The table everyone sees: chips, bets, pots, who is in, the flow of the hand."""
        return {
            **self._chips_public(), "phase": self.phase.value, "street": self.street,
            "round_bets": self.round_bets, "shown": self.shown, "reveal_slot": self._reveal_slot,
            "last": None if self.last is None else list(self.last), "results": self.result_lines(),
        }

    def _last_public(self, seat: int | None) -> str | None:
        """The last action of this hand in notation (public: a shown card is face up);
        read from the position, not the history, so a resampled copy says the same."""
        if self._last is None:
            return None
        _, kind, value = self._last
        return kind if kind in ("fold", "check", "call", "allin", "next") else f"{kind} {value}"

    def status_text(self) -> str:
        """One line for the picture: whose turn and what is asked, or how the game ended."""
        if self._outcome is not None:
            return super().status_text()
        who = self.seat_name(self._seat)
        if self._phase == Phase.NEXT:
            return f"{t('Hand')} {self.hand_number}: {who}, {t('ready for the next hand?')}"
        if self._phase == Phase.REVEAL:
            return f"{who}: {t('show one of your cards')}"
        return betting_status(who, self.to_call(), self.pot)

    # ---------------------------------------------------------------- records
    def _state(self) -> dict[str, Any]:
        """The whole position: chips, bets, every card in order, the flow of the hand."""
        return {
            **self._chips_state(),
            "deck": [card.id for card in self.zones[DECK_ZONE]],
            "hole": [[card.id for card in cards] for cards in self.hole],
            "board": [card.id for card in self.zones[BOARD_ZONE]],
            "revealed": [None if card is None else card.id for card in self.revealed],
            "round_bets": list(self.round_bets), "acted": list(self.acted), "shown": list(self.shown),
            "street": self.street, "last": None if self._last is None else list(self._last),
            "queue": list(self._queue), "phase": self._phase.value, "seat": self._seat,
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
        }

    @classmethod
    def _oldest_record_version(cls) -> int:
        return 1

    @classmethod
    def _from_record(cls, data: dict[str, Any]) -> Poker7:
        if data.get("kind") != "game":
            raise BadRecord(f"unknown record kind {short_repr(data.get('kind'))}: a saved Poker7 game has kind 'game'")
        if data["version"] >= 2:
            return super()._from_record(data)
        return cls._from_version_1(data)

    @classmethod
    def _from_version_1(cls, data: dict[str, Any]) -> Poker7:
        """A record of drezlab 0.1 (version 1): options, the generator's starting
        state, the actions and the final state with the generator's final state.
        It is replayed from its seed and compared like a version-2 record; it
        loads only if its starting state is that of its seed (0.1 wrote the state,
        not the seed, and a game made without a seed cannot be dealt again)."""
        seed = record_seed(data)
        start = rng_state_from_json(field_of(field_of(data, "start", dict), "rng", list, "record's start"))
        if seed is None or random.Random(seed).getstate() != start:
            raise BadRecord("this Poker7 record has version 1 (drezlab 0.1) and was not dealt from its seed "
                            "(a game made without a seed, or an altered record); this drezlab reads such a "
                            "game only as a version-2 record")
        game = cls._new_for_record(field_of(data, "options", dict), seed, None)
        game.seed = seed
        replay_record(game, data, game._state_version_1)
        return game

    def _state_version_1(self) -> dict[str, Any]:
        """The final state as drezlab 0.1 saved it: the last action by its label,
        and the generator's state."""
        chance = self.chance
        assert isinstance(chance, Seeded), "version-1 records are replayed from their seed"
        return {**self._state(), "last": None if self.last is None else list(self.last),
                "rng": rng_state_to_json(chance.rng)}

    def __repr__(self) -> str:
        return table_repr("Poker7", self._players, "hand", self.hand_number, self.status_text())


#: each action kind's data type (:mod:`drezlab.games.poker7.actions`)
_DATA: dict[str, Any] = {"fold": Fold, "check": Check, "call": Call, "bet": Bet, "raise": Raise, "allin": AllIn,
                         "next": NextHand}


#: each card's bit in a hand's mask (:func:`~drezlab.games.poker7.hands.mask_of`), by its id
_BIT_OF: dict[str, int] = {card.id: 1 << card_index(card) for card in DECK}

#: the actions made so far, by language, button word, kind and value (:func:`_menu_action`)
_MADE: dict[tuple[str, str, str, Any], Action] = {}
#: how many actions :data:`_MADE` keeps at most (it starts again when full)
_MADE_LIMIT = 20_000


def _menu_action(kind: str, value: Any) -> Action:
    """The action of one entry of :meth:`Poker7._menu`, labelled in the current language:
    ``("raise", 12)`` is ``raise 12`` 'Raise to 12', ``("show", card)`` is ``show Q5``.

    An action is an immutable value, so one made before is given again: labelling a new
    one was a tenth of a random game's time. The key holds everything its label is made
    of: the language (a card's printed name), the button's word as said now (a wording
    such as ``words="points"`` changes it), the kind and the value."""
    key = (get_language(), t(LABELS[kind]), kind, value)
    action = _MADE.get(key)
    if action is None:
        if len(_MADE) >= _MADE_LIMIT:
            _MADE.clear()
        action = _MADE[key] = _new_action(kind, value)
    return action


def _new_action(kind: str, value: Any) -> Action:
    """:func:`_menu_action` made anew."""
    if kind == "show":
        return Action(f"show {value.id}", (value.id,), _label("show", value.id), Show(value))
    if value is None:
        return Action(kind, (), _label(kind), _DATA[kind]())
    text = kind if kind in ("call", "allin") else f"{kind} {value}"
    return Action(text, (), _label(kind, value), _DATA[kind](value))


#: per number of players: each seat's hand zone, and each seat's (hand zone, turned-up zone)
_SEAT_ZONES: dict[int, tuple[tuple[str, ...], tuple[tuple[str, str], ...]]] = {}


def _seat_zones(players: int) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The zone names of the seats, made once per number of players (every hand deals into them)."""
    zones = _SEAT_ZONES.get(players)
    if zones is None:
        zones = _SEAT_ZONES[players] = (tuple(hand_zone(seat) for seat in range(players)),
                                        tuple((hand_zone(seat), up_zone(seat)) for seat in range(players)))
    return zones


def _check_teacher_deal(players: int, hands: Mapping[Any, Sequence[CardLike]] | None,
                        board: Sequence[CardLike] | None) -> tuple[dict[int, tuple[Card, ...]], tuple[Card, ...]]:
    """The teacher's first deal as cards: seat -> its 2 cards, and the community cards;
    ``ValueError`` for a seat that does not exist, a card that is not a Poker7 card,
    or a card placed twice."""
    fixed_hands: dict[int, tuple[Card, ...]] = {}
    for seat, cards in (hands or {}).items():
        try:
            number = int(seat)
        except (TypeError, ValueError):
            raise ValueError(f"hands: {short_repr(seat)} is not a seat number") from None
        if isinstance(seat, bool) or str(number) != str(seat).strip() or not 0 <= number < players:
            raise ValueError(f"hands: seat {short_repr(seat)} is not a seat from 0 to {players - 1}")
        fixed_hands[number] = tuple(as_hand(cards))
        if len(fixed_hands[number]) != 2:
            raise ValueError(f"hands: seat {number} gets exactly 2 cards, not {len(fixed_hands[number])}")
    fixed_board = tuple(as_hand(board or ()))
    every = [card.id for cards in fixed_hands.values() for card in cards] + [card.id for card in fixed_board]
    twice = sorted({card for card in every if every.count(card) > 1})
    if twice:
        raise ValueError(f"card(s) {', '.join(twice)} placed twice in the teacher's deal")
    return dict(sorted(fixed_hands.items())), fixed_board
