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
Folded hands are never shown. ``view(seat)`` replaces everything else by
unknown cards (the deck order included) and keeps no seed, random state or history.

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
are accepted for ``allin``.

Targets: ``show Q5`` has the target ``Q5`` (click your card in the picture);
every other action has none and is a button.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import UNKNOWN, Card, CardLike, short_repr
from drezlab.core.errors import BadRecord
from drezlab.core.game import (Game, field_of, load_record, record_seed, replay_record, rng_state_from_json,
                                 rng_state_to_json)
from drezlab.core.i18n import add_translations, t
from drezlab.games.poker7 import odds
from drezlab.games.poker7.hands import DECK, HandValue, as_hand, card_index, hand_value, value_key
from drezlab.games.poker7.odds import Equity

MIN_PLAYERS, MAX_PLAYERS = 2, 10
MAX_STACK = 1_000_000
MAX_HANDS = 1_000_000

PHASE_BET, PHASE_REVEAL, PHASE_NEXT, PHASE_OVER = "bet", "reveal", "next", "over"
ALL_THE_CHIPS = "all the chips"
HAND_LIMIT = "hand limit"
OUTCOME_REASONS = (ALL_THE_CHIPS, HAND_LIMIT)

_AMOUNT = re.compile(r"^(bet|raise) (\d{1,9})$")
_ALL_IN_SPELLINGS = {"all-in": "allin", "all in": "allin", "allin": "allin"}

add_translations({
    "Player": "Jugador",
    "Fold": "Retirarse",
    "Check": "Pasar",
    "Call": "Igualar",
    "All-in": "Resto",
    "Show": "Mostrar",
    "Next hand": "Siguiente mano",
    "Pot": "Bote",
    "chips": "fichas",
    "folded": "retirado",
    "all-in": "resto",
    "out": "eliminado",
    "Hand": "Mano",
    "Showdown": "Cartas descubiertas",
    "Community cards": "Cartas comunitarias",
    "to call": "para igualar",
    "show one of your cards": "muestra una de tus cartas",
    "everyone else folded": "los demás se retiraron",
    "Main pot": "Bote principal",
    "Side pot": "Bote lateral",
    "ready for the next hand?": "¿lista la siguiente mano?",
    ALL_THE_CHIPS: "todas las fichas",
    HAND_LIMIT: "límite de manos",
    "takes": "se lleva",
    "you": "tú",
})


class Poker7(Game):
    """A game of Poker7 for 2–10 players (see the module docstring for the rules).

    ``Poker7(seed=7, players=4)`` deals the first hand. Options: ``stack``
    (starting chips, default 100; ``stacks=[...]`` gives each seat its own, for a
    teacher's table), ``min_bet`` (``m``, default 2: ante and
    smallest bet or raise), ``max_hands`` (``None``: play until one player has
    every chip), ``dealer`` (first dealer, default the last seat), and a
    teacher's first deal ``hands={seat: [2 cards]}``, ``board=[up to 5 cards]``.
    """

    name = "poker7"
    title = "Poker7"
    hidden_information = True

    def __init__(self, seed: int | None = None, *, players: int = 4, stack: int = 100, min_bet: int = 2,
                 max_hands: int | None = None, dealer: int | None = None,
                 hands: Mapping[int, Sequence[CardLike]] | None = None,
                 board: Sequence[CardLike] | None = None, stacks: Sequence[int] | None = None) -> None:
        super().__init__()
        self._configure(players, stack, min_bet, max_hands, dealer, hands, board, stacks)
        self.seed = seed
        self.rng = random.Random(seed)
        self._start_rng = self.rng.getstate()
        self._start_hand()

    # ------------------------------------------------------------------ set-up
    def _configure(self, players: int, stack: int, min_bet: int, max_hands: int | None, dealer: int | None,
                   hands: Mapping[int, Sequence[CardLike]] | None, board: Sequence[CardLike] | None,
                   stacks: Sequence[int] | None) -> None:
        """Check every option (``ValueError`` says what is wrong) and set the empty table."""
        for name, value in (("players", players), ("stack", stack), ("min_bet", min_bet)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{name} must be a whole number, not {short_repr(value)}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Poker7 is for {MIN_PLAYERS} to {MAX_PLAYERS} players (D4), not {players}")
        if not 1 <= stack <= MAX_STACK:
            raise ValueError(f"stack must be 1 to {MAX_STACK} chips, not {stack}")
        starting = [stack] * players
        if stacks is not None:
            if (isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence) or len(stacks) != players
                    or any(not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= MAX_STACK
                           for v in stacks)):
                raise ValueError(f"stacks must give each of the {players} seats 1 to {MAX_STACK} chips")
            starting = list(stacks)
        if not 1 <= min_bet <= max(starting):
            raise ValueError(f"min_bet must be at least 1 and at most the stack ({max(starting)}), not {min_bet}")
        if max_hands is not None and (not isinstance(max_hands, int) or isinstance(max_hands, bool)
                                      or not 1 <= max_hands <= MAX_HANDS):
            raise ValueError(f"max_hands must be None or 1 to {MAX_HANDS}, not {short_repr(max_hands)}")
        if dealer is None:
            dealer = players - 1
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {short_repr(dealer)}")
        fixed_hands, fixed_board = self._check_teacher_deal(players, hands, board)
        self.options: dict[str, Any] = {"players": players, "stack": stack, "min_bet": min_bet,
                                        "max_hands": max_hands, "dealer": dealer}
        if fixed_hands:
            self.options["hands"] = {str(seat): [card.id for card in cards] for seat, cards in fixed_hands.items()}
        if fixed_board:
            self.options["board"] = [card.id for card in fixed_board]
        if stacks is not None:
            self.options["stacks"] = list(starting)
        self._players = players
        self.starting_stacks = starting
        self.min_bet = min_bet
        self.max_hands = max_hands
        self._fixed_hands = fixed_hands
        self._fixed_board = fixed_board
        self._redacted = False
        self._viewer: int | None = None

        self.stacks = list(starting)
        self.dealer = (dealer - 1) % players      # _start_hand moves it on to ``dealer``
        self.hand_number = 0
        self.deck: list[Card] = []
        self.hole: list[list[Card]] = [[] for _ in range(players)]
        self.board: list[Card] = []
        self.revealed: list[Card | None] = [None] * players
        self.in_hand = [False] * players
        self.folded = [False] * players
        self.committed = [0] * players
        self.round_bets = [0] * players
        self.current_bet = 0
        self.acted = [False] * players
        self.shown = [False] * players
        self.street = 1
        self.pots: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        self.won = [0] * players
        self.last: tuple[int, str] | None = None
        self._queue: list[int] = []
        self._phase = PHASE_BET
        self._seat = 0
        self._outcome: Outcome | None = None

    @staticmethod
    def _check_teacher_deal(players: int, hands: Mapping[int, Sequence[CardLike]] | None,
                            board: Sequence[CardLike] | None) -> tuple[dict[int, list[Card]], list[Card]]:
        fixed_hands: dict[int, list[Card]] = {}
        if hands is not None:
            if not isinstance(hands, Mapping):
                raise ValueError("hands must map seats to 2 cards each, e.g. {0: ['B5', 'B8']}")
            for seat, cards in hands.items():
                try:
                    number = int(seat)
                except (TypeError, ValueError):
                    raise ValueError(f"hands: {short_repr(seat)} is not a seat number") from None
                if str(number) != str(seat).strip() or not 0 <= number < players:
                    raise ValueError(f"hands: seat {short_repr(seat)} is not a seat from 0 to {players - 1}")
                if isinstance(cards, (str, Card)) or not isinstance(cards, Sequence):
                    raise ValueError(f"hands: seat {number} needs a list of 2 cards")
                fixed_hands[number] = as_hand(cards)
                if len(fixed_hands[number]) != 2:
                    raise ValueError(f"hands: seat {number} gets exactly 2 cards, not {len(fixed_hands[number])}")
        fixed_board: list[Card] = []
        if board is not None:
            if isinstance(board, (str, Card)) or not isinstance(board, Sequence):
                raise ValueError("board must be a list of up to 5 cards, e.g. ['R2', 'P2', 'P9']")
            fixed_board = as_hand(board)
            if len(fixed_board) > 5:
                raise ValueError(f"the board has 5 community cards, not {len(fixed_board)}")
        every = [card.id for cards in fixed_hands.values() for card in cards] + [card.id for card in fixed_board]
        twice = sorted({card for card in every if every.count(card) > 1})
        if twice:
            raise ValueError(f"card(s) {', '.join(twice)} placed twice in the teacher's deal")
        return dict(sorted(fixed_hands.items())), fixed_board

    # ------------------------------------------------------------ basic access
    @property
    def players(self) -> int:
        return self._players

    @property
    def to_move(self) -> int | None:
        return None if self._outcome is not None else self._seat

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def phase(self) -> str:
        """'bet' (a betting round), 'reveal' (step 4), 'next' (hand over) or 'over'."""
        return PHASE_OVER if self._outcome is not None else self._phase

    @property
    def pot(self) -> int:
        """Every chip in the middle this hand: antes and bets of all rounds."""
        return sum(self.committed)

    @property
    def first_player(self) -> int:
        """The seat after the dealer that is in the hand (D1)."""
        return self._seats_after(self.dealer, lambda seat: self.in_hand[seat])[0]

    def seat_name(self, seat: int | None) -> str:
        if seat is None:
            return t("Spectator")
        return f"{t('Player')} {seat + 1}"

    def to_call(self, seat: int | None = None) -> int:
        """The chips ``seat`` (default: the player to act) must add to match the bet."""
        seat = self._seat if seat is None else seat
        return max(0, self.current_bet - self.round_bets[seat])

    def is_eliminated(self, seat: int) -> bool:
        """Out of the game: no chips left and not waiting for a pot (D4). An all-in
        player with no chips behind is still in until the hand is settled."""
        if self.stacks[seat] > 0:
            return False
        return not self.in_hand[seat] or self._phase in (PHASE_NEXT, PHASE_OVER)

    def contenders(self) -> list[int]:
        """Seats in the hand that have not folded."""
        return [seat for seat in range(self._players) if self.in_hand[seat] and not self.folded[seat]]

    def visible_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may use: its own cards and the community cards."""
        return list(self.hole[seat]) + list(self.board)

    def hand_value(self, seat: int) -> HandValue:
        """The value of ``seat``'s cards so far (all 7 once the board is complete)."""
        cards = [card for card in self.visible_cards(seat) if not card.is_unknown]
        return hand_value(cards)

    def equity(self, seat: int | None = None, *, samples: int = 1000, seed: int | None = 0) -> Equity:
        """``seat``'s share of the pot on average, from what that seat may see.

        Own cards, community cards and the cards other players have revealed are
        known; everything else is unknown. On the river against one opponent the
        figure is exact (every possible opponent hand), otherwise a seeded Monte
        Carlo estimate over ``samples`` deals. Revealed cards of folded players
        are dead. Bots and lessons use it; it never looks at hidden cards.
        """
        seat = self._seat if seat is None else seat
        if not self.in_hand[seat] or self.folded[seat]:
            raise ValueError(f"{self.seat_name(seat)} is not in the hand")
        seen = self.view(seat)
        opponents = [other for other in seen.contenders() if other != seat]
        shown = [[card] if (card := seen.revealed[other]) is not None else [] for other in opponents]
        dead = [card for other, card in enumerate(seen.revealed)
                if card is not None and other != seat and other not in opponents]
        if not opponents:
            return Equity(1.0, 1, 0, 0, exact=True)
        return odds.equity(seen.hole[seat], seen.board, opponents=len(opponents), shown=shown, dead=dead,
                           samples=samples, seed=seed)

    def reveal_value(self, card: CardLike) -> HandValue:
        """What the table would see of a hand if this card were turned face up:
        the value of the community cards plus ``card`` (a bot shows the card that
        tells the others least)."""
        return hand_value(list(self.board) + [Card.parse(card)])

    def _seats_after(self, seat: int, keep: Any) -> list[int]:
        """Seats in order starting after ``seat`` (wrapping round), those ``keep`` accepts."""
        n = self._players
        return [other % n for other in range(seat + 1, seat + 1 + n) if keep(other % n)]

    # ------------------------------------------------------- the flow of a hand
    def _start_hand(self) -> None:
        """Steps 0 and 1: move the button, collect the antes, shuffle, deal 2 cards each."""
        n = self._players
        self.hand_number += 1
        self.dealer = self._seats_after(self.dealer, lambda seat: self.stacks[seat] > 0)[0]
        self.in_hand = [stack > 0 for stack in self.stacks]
        self.folded = [False] * n
        self.committed = [0] * n
        self.round_bets = [0] * n
        self.revealed = [None] * n
        self.shown = [False] * n
        self.hole = [[] for _ in range(n)]
        self.board = []
        self.pots = []
        self.won = [0] * n
        self.last = None
        self._queue = []
        for seat in range(n):
            if self.in_hand[seat]:
                ante = min(self.min_bet, self.stacks[seat])
                self.stacks[seat] -= ante
                self.committed[seat] += ante
        deck = list(DECK)
        self.rng.shuffle(deck)
        order = self._seats_after(self.dealer, lambda seat: self.in_hand[seat])
        if self.hand_number == 1 and (self._fixed_hands or self._fixed_board):
            deck = self._stacked_deck(deck, order)
        self.deck = deck
        for _ in range(2):
            for seat in order:
                self.hole[seat].append(self.deck.pop())
        self._phase = PHASE_BET
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

    def _can_act(self, seat: int) -> bool:
        return self.in_hand[seat] and not self.folded[seat] and self.stacks[seat] > 0

    def _others_can_act(self, seat: int) -> bool:
        return any(self._can_act(other) for other in range(self._players) if other != seat)

    def _needs_to_act(self, seat: int) -> bool:
        """Has ``seat`` still something to decide in this betting round?"""
        if not self._can_act(seat):
            return False
        behind = self.round_bets[seat] < self.current_bet
        return behind or (not self.acted[seat] and self._others_can_act(seat))

    def _start_round(self, street: int) -> None:
        self.street = street
        self.round_bets = [0] * self._players
        self.current_bet = 0
        self.acted = [False] * self._players
        self._phase = PHASE_BET
        following = self._seats_after(self.dealer, self._needs_to_act)
        if following:
            self._seat = following[0]
        else:
            self._end_round()

    def _after_bet(self) -> None:
        """After a betting action: one player left, the next to act, or the round is over."""
        if len(self.contenders()) == 1:
            self._settle(showdown=False)
            return
        following = self._seats_after(self._seat, self._needs_to_act)
        if following:
            self._seat = following[0]
        else:
            self._end_round()

    def _end_round(self) -> None:
        """Deal what comes next (§1.1): 3 cards, then 2, then the reveal, then showdown."""
        if self.street == 1:
            self.board += [self.deck.pop() for _ in range(3)]
            self._start_round(2)
        elif self.street == 2:
            self.board += [self.deck.pop() for _ in range(2)]
            self._start_round(3)
        elif self.street == 3:
            self._phase = PHASE_REVEAL
            self._queue = self._seats_after(self.dealer, lambda seat: seat in self.contenders())
            self._seat = self._queue[0]
        else:
            self._settle(showdown=True)

    def _after_reveal(self) -> None:
        self._queue.pop(0)
        if self._queue:
            self._seat = self._queue[0]
        else:
            self._start_round(4)

    # ---------------------------------------------------------- pots and chips
    def side_pots(self) -> list[tuple[int, tuple[int, ...]]]:
        """The pots as Hold'em builds them: ``(amount, seats that can win it)``.

        Each pot is a layer of chips up to the next all-in level of a player
        still in the hand; chips of folded players count in the layers they
        reached (D4: side pots as in Hold'em)."""
        contenders = self.contenders()
        levels = sorted({self.committed[seat] for seat in contenders if self.committed[seat] > 0})
        pots: list[tuple[int, tuple[int, ...]]] = []
        previous = 0
        for level in levels:
            amount = sum(min(chips, level) - min(chips, previous) for chips in self.committed)
            eligible = tuple(seat for seat in contenders if self.committed[seat] >= level)
            pots.append((amount, eligible))
            previous = level
        above = sum(max(0, chips - previous) for chips in self.committed)
        if above and pots:
            amount, eligible = pots[-1]
            pots[-1] = (amount + above, eligible)
        return pots

    def _settle(self, showdown: bool) -> None:
        """Share out every pot, then eliminate the broke and end the game or wait for the next hand."""
        values: dict[int, int] = {}
        if showdown:
            for seat in self.contenders():
                self.shown[seat] = True
                values[seat] = value_key(sum(1 << card_index(card) for card in self.hole[seat] + self.board))
        order = self._seats_after(self.dealer, lambda seat: True)
        self.pots = []
        for amount, eligible in self.side_pots():
            best = max(values.get(seat, 0) for seat in eligible)
            winners = tuple(seat for seat in order if seat in eligible and values.get(seat, 0) == best)
            share, odd = divmod(amount, len(winners))
            for place, seat in enumerate(winners):
                gain = share + (1 if place < odd else 0)
                self.stacks[seat] += gain
                self.won[seat] += gain
            self.pots.append((amount, eligible, winners))
        self.committed = [0] * self._players
        self.round_bets = [0] * self._players
        self.current_bet = 0
        self._end_hand()

    def _end_hand(self) -> None:
        alive = [seat for seat in range(self._players) if self.stacks[seat] > 0]
        if len(alive) == 1:
            self._finish((alive[0],), ALL_THE_CHIPS)
        elif self.max_hands is not None and self.hand_number >= self.max_hands:
            most = max(self.stacks)
            self._finish(tuple(seat for seat in alive if self.stacks[seat] == most), HAND_LIMIT)
        else:
            self._phase = PHASE_NEXT
            self._queue = self._seats_after(self.dealer, lambda seat: self.stacks[seat] > 0)
            self._seat = self._queue[0]

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        share = 1.0 / len(winners)
        scores = tuple(share if seat in winners else 0.0 for seat in range(self._players))
        payoffs = tuple(stack - start for stack, start in zip(self.stacks, self.starting_stacks))
        self._outcome = Outcome(winners, reason, scores, payoffs)
        self._phase = PHASE_OVER

    # ---------------------------------------------------------------- actions
    def _generate_actions(self) -> list[Action]:
        if self._redacted:
            return []
        if self._phase == PHASE_NEXT:
            return [Action("next", (), t("Next hand"), ("next",))]
        if self._phase == PHASE_REVEAL:
            return [Action(f"show {card.id}", (card.id,), f"{t('Show')} {card.id}", ("show", card))
                    for card in self.hole[self._seat]]
        return self._betting_actions()

    def _may_raise(self, seat: int) -> bool:
        """Can ``seat`` bet or raise now? Only if betting is open to them (no incomplete
        all-in raise since they acted), someone else can answer, and they have chips
        beyond the call."""
        return (not self.acted[seat] and self._others_can_act(seat)
                and self.stacks[seat] > self.to_call(seat))

    def smallest_raise(self) -> int:
        """The smallest round total a bet or raise may reach: the current bet plus ``m`` (D4)."""
        return self.current_bet + self.min_bet

    def all_in_total(self, seat: int | None = None) -> int:
        """The round total of ``seat`` if it puts in every chip."""
        seat = self._seat if seat is None else seat
        return self.round_bets[seat] + self.stacks[seat]

    def suggested_amounts(self, seat: int | None = None) -> list[int]:
        """The bet/raise buttons: round totals for the smallest raise, about half the
        pot and the pot, each below all-in (all-in has its own button)."""
        seat = self._seat if seat is None else seat
        if not self._may_raise(seat):
            return []
        call = self.to_call(seat)
        pot_after_call = self.pot + call
        candidates = {self.smallest_raise(), self.current_bet + pot_after_call // 2,
                      self.current_bet + pot_after_call}
        low, high = self.smallest_raise(), self.all_in_total(seat)
        return sorted(amount for amount in candidates if low <= amount < high)

    def _bet_action(self, total: int) -> Action:
        if self.current_bet == 0:
            return Action(f"bet {total}", (), f"{t('Bet')} {total}", ("bet", total))
        return Action(f"raise {total}", (), f"{t('Raise to')} {total}", ("raise", total))

    def _all_in_action(self) -> Action:
        return Action("allin", (), f"{t('All-in')} {self.stacks[self._seat]}", ("allin",))

    def _betting_actions(self) -> list[Action]:
        seat = self._seat
        call = self.to_call(seat)
        stack = self.stacks[seat]
        actions: list[Action] = []
        if call:
            actions.append(Action("fold", (), t("Fold"), ("fold",)))
            if call < stack:
                actions.append(Action("call", (), f"{t('Call')} {call}", ("call", call)))
        else:
            actions.append(Action("check", (), t("Check"), ("check",)))
        actions += [self._bet_action(total) for total in self.suggested_amounts(seat)]
        if stack <= call or self._may_raise(seat):
            actions.append(self._all_in_action())
        return actions

    # ------------------------------------------------------------ parsing help
    def parse(self, text: str) -> Action:
        """Any legal amount for ``bet N`` / ``raise N`` (not just the buttons), and
        ``all-in`` spelled as people write it; everything else as listed."""
        if isinstance(text, Action):
            text = text.text
        if isinstance(text, str) and not self._redacted and self._outcome is None and self._phase == PHASE_BET:
            cleaned = " ".join(text.split())
            spelled = _ALL_IN_SPELLINGS.get(cleaned.lower())
            if spelled is not None:
                text = spelled
            elif cleaned == "call" and 0 < self.stacks[self._seat] <= self.to_call():
                return self._all_in_action()          # calling with everything left is going all-in
            else:
                match = _AMOUNT.match(cleaned)
                if match and self._amount_is_legal(match.group(1), int(match.group(2))):
                    total = int(match.group(2))
                    if total == self.all_in_total():
                        return self._all_in_action()
                    return self._bet_action(total)
        return super().parse(text)

    def _amount_is_legal(self, word: str, total: int) -> bool:
        seat = self._seat
        if (word == "bet") != (self.current_bet == 0) or not self._may_raise(seat):
            return False
        return self.smallest_raise() <= total <= self.all_in_total(seat)

    def _explain_illegal(self, text: str) -> str:
        if self._redacted:
            return "this is a view for one seat, with hidden cards; play on the game itself"
        if self._outcome is not None:
            return f"the game is over ({self._outcome.reason}), so {text!r} cannot be played"
        who = self.seat_name(self._seat)
        if self._phase == PHASE_NEXT:
            return f"{text!r} is not allowed now: the hand is over; {who} writes 'next' for the next hand"
        if self._phase == PHASE_REVEAL:
            ids = " or ".join(f"'show {card.id}'" for card in self.hole[self._seat])
            return f"{text!r} is not allowed now: {who} must turn one own card face up: {ids}"
        seat = self._seat
        call = self.to_call(seat)
        stack = self.stacks[seat]
        match = _AMOUNT.match(text)
        if text == "fold":
            return "there is no bet to fold against: 'check' costs nothing"
        if text == "check":
            return f"you cannot check: there is a bet; 'call' costs {call}, or 'fold'"
        if text == "call":
            return "there is no bet to call: write 'check' or bet"
        if text == "allin":
            return "you may not raise now (nobody left to answer, or betting is not reopened for you): call or fold"
        if match:
            word, total = match.group(1), int(match.group(2))
            if word == "bet" and self.current_bet:
                return f"there is already a bet of {self.current_bet}: write 'raise N' (N = your new total)"
            if word == "raise" and not self.current_bet:
                return "there is no bet to raise yet: write 'bet N'"
            if not self._may_raise(seat):
                if stack <= call:
                    return f"you have {stack} chips, not more than the {call} to call: only 'allin' or 'fold'"
                return ("you may not raise now: every other player is all-in, or an all-in raise smaller than "
                        f"{self.min_bet} did not reopen the betting for you; call or fold")
            if total < self.smallest_raise():
                return (f"{word} {total} is too small: the smallest is {self.smallest_raise()} "
                        f"(the bet {self.current_bet} plus the minimum {self.min_bet})")
            return (f"{word} {total} is more than you have: your round total can be at most "
                    f"{self.all_in_total(seat)} ('allin')")
        return (f"{text!r} is not an action: write 'fold', 'check', 'call', 'bet N', 'raise N' or 'allin'")

    def describe(self, action: Action | str) -> str:
        """A log line such as 'Player 2: Raise to 12', computed before the action is played."""
        chosen = self.parse(action if isinstance(action, str) else action.text)
        return f"{self.seat_name(self._seat)}: {chosen.label}"

    # ---------------------------------------------------------------- playing
    def _apply(self, action: Action) -> Any:
        snapshot = self._snapshot()
        seat = self._seat
        kind = action.data[0]
        self.last = (seat, action.label)
        if kind == "next":
            self._queue.pop(0)
            if self._queue:
                self._seat = self._queue[0]
            else:
                self._start_hand()
        elif kind == "show":
            self.revealed[seat] = action.data[1]
            self._after_reveal()
        else:
            if kind == "fold":
                self.folded[seat] = True
            elif kind == "call":
                self._put_in(seat, self.to_call(seat))
            elif kind in ("bet", "raise"):
                self._raise_to(seat, action.data[1])
            elif kind == "allin":
                self._raise_to(seat, self.all_in_total(seat))
            self.acted[seat] = True
            self._after_bet()
        return snapshot

    def _put_in(self, seat: int, chips: int) -> None:
        self.stacks[seat] -= chips
        self.round_bets[seat] += chips
        self.committed[seat] += chips

    def _raise_to(self, seat: int, total: int) -> None:
        """Bring ``seat``'s round total to ``total``. A full raise (at least ``m``
        more than the bet) reopens the betting for everyone else."""
        self._put_in(seat, total - self.round_bets[seat])
        if total >= self.current_bet + self.min_bet:
            self.acted = [False] * self._players
        self.current_bet = max(self.current_bet, total)

    def _revert(self, action: Action, undo_info: Any) -> None:
        self._restore(undo_info)

    # -------------------------------------------------------- snapshot & undo
    _LIST_FIELDS = ("stacks", "revealed", "in_hand", "folded", "committed", "round_bets", "acted", "shown",
                    "won", "board", "deck", "pots", "_queue")
    _VALUE_FIELDS = ("dealer", "hand_number", "current_bet", "street", "last", "_phase", "_seat", "_outcome")

    def _snapshot(self) -> tuple[Any, ...]:
        lists = tuple(list(getattr(self, name)) for name in self._LIST_FIELDS)
        values = tuple(getattr(self, name) for name in self._VALUE_FIELDS)
        return lists, values, [list(cards) for cards in self.hole], self.rng.getstate()

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        lists, values, hole, rng_state = snapshot
        for name, value in zip(self._LIST_FIELDS, lists):
            setattr(self, name, list(value))
        for name, value in zip(self._VALUE_FIELDS, values):
            setattr(self, name, value)
        self.hole = [list(cards) for cards in hole]
        self.rng.setstate(rng_state)

    def copy(self) -> Poker7:
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        for name in self._LIST_FIELDS:
            setattr(clone, name, list(getattr(self, name)))
        clone.hole = [list(cards) for cards in self.hole]
        clone.rng = random.Random()
        clone.rng.setstate(self.rng.getstate())
        clone._history = list(self._history)
        clone.options = dict(self.options)
        clone._invalidate()
        return clone

    # ------------------------------------------------------------------ views
    def may_see(self, viewer: int | None, seat: int, card: Card) -> bool:
        """May ``viewer`` see ``card`` of ``seat``'s own cards? Their own, a revealed
        card, or a hand shown at showdown (§1.1)."""
        return viewer == seat or self.shown[seat] or self.revealed[seat] == card

    def view(self, seat: int | None) -> Poker7:
        """What ``seat`` may see (§1.1): other players' unrevealed cards and the deck
        become unknown cards; no seed, random state, history or teacher's deal is kept."""
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                                 or not 0 <= seat < self._players):
            raise ValueError(f"seat must be 0 to {self._players - 1} or None (spectator), not {seat!r}")
        if self._redacted and self._viewer != seat:
            raise ValueError("a view cannot be turned into a view for another seat")
        clone = self.copy()
        clone._redacted = True
        clone._viewer = seat
        clone.seed = None
        clone.rng = random.Random(0)
        clone._start_rng = clone.rng.getstate()
        clone._history = []
        clone._fixed_hands, clone._fixed_board = {}, []
        clone.options = {key: value for key, value in self.options.items() if key not in ("hands", "board")}
        clone.hole = [[card if self.may_see(seat, other, card) else UNKNOWN for card in cards]
                      for other, cards in enumerate(self.hole)]
        clone.deck = [UNKNOWN] * len(self.deck)
        return clone

    def _is_redacted_view(self) -> bool:
        return self._redacted

    @property
    def viewer(self) -> int | None:
        """For a view: the seat it was made for (``None`` = spectator or the full game)."""
        return self._viewer

    # ------------------------------------------------------------------- JSON
    def _state_dict(self, include_secrets: bool) -> dict[str, Any]:
        state: dict[str, Any] = {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "stacks": list(self.stacks),
            "deck": [card.id for card in self.deck],
            "hole": [[card.id for card in cards] for cards in self.hole],
            "board": [card.id for card in self.board],
            "revealed": [None if card is None else card.id for card in self.revealed],
            "in_hand": list(self.in_hand),
            "folded": list(self.folded),
            "committed": list(self.committed),
            "round_bets": list(self.round_bets),
            "current_bet": self.current_bet,
            "acted": list(self.acted),
            "shown": list(self.shown),
            "street": self.street,
            "pots": [[amount, list(eligible), list(winners)] for amount, eligible, winners in self.pots],
            "won": list(self.won),
            "last": None if self.last is None else [self.last[0], self.last[1]],
            "queue": list(self._queue),
            "phase": self._phase,
            "seat": self._seat,
            "outcome": self._outcome.to_dict() if self._outcome else None,
        }
        if include_secrets:
            state["rng"] = rng_state_to_json(self.rng)
        return state

    def to_json(self) -> str:
        """A versioned JSON record. A game records its options, the random state it
        started from and every action, so ``from_json`` replays it exactly and checks
        the final state; a view records only what its seat may see."""
        if self._redacted:
            record = {"game": self.name, "version": self.record_version, "kind": "view",
                      "viewer": self._viewer, "options": self.options,
                      "state": self._state_dict(include_secrets=False)}
        else:
            record = {"game": self.name, "version": self.record_version, "kind": "game",
                      "seed": self.seed, "options": self.options,
                      "start": {"rng": [self._start_rng[0], list(self._start_rng[1]), self._start_rng[2]]},
                      "actions": [action.text for action, _ in self._history],
                      "state": self._state_dict(include_secrets=True)}
        return json.dumps(record, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Poker7:
        """Rebuild a game (or a view) from ``to_json``; ``BadRecord`` for anything damaged.

        A game is rebuilt from its options and starting random state by replaying
        its actions, and the result must equal the saved state. A view's state is
        checked field by field. Whatever still breaks becomes a ``BadRecord``."""
        data = load_record(text, [cls.name], cls.record_version)
        try:
            return cls._from_record(data)
        except BadRecord:
            raise
        except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError,
                AssertionError, RecursionError, MemoryError) as error:
            raise BadRecord(f"the saved game is damaged and cannot be rebuilt ({type(error).__name__})") from None

    @classmethod
    def _from_record(cls, data: dict[str, Any]) -> Poker7:
        kind = data.get("kind")
        options = field_of(data, "options", dict)
        unknown = set(options) - {"players", "stack", "min_bet", "max_hands", "dealer", "hands", "board", "stacks"}
        if unknown:
            raise BadRecord(f"unknown options {sorted(unknown)}")
        game = object.__new__(cls)
        Game.__init__(game)
        try:
            game._configure(options.get("players", 4), options.get("stack", 100), options.get("min_bet", 2),
                            options.get("max_hands"), options.get("dealer"), options.get("hands"),
                            options.get("board"), options.get("stacks"))
        except (TypeError, ValueError) as error:
            raise BadRecord(f"the saved options are not valid: {error}") from None
        if kind == "view":
            viewer = data.get("viewer")
            if viewer is not None and (not isinstance(viewer, int) or isinstance(viewer, bool)
                                       or not 0 <= viewer < game._players):
                raise BadRecord(f"the view's seat must be 0 to {game._players - 1} or null")
            if "hands" in options or "board" in options:
                raise BadRecord("a view never carries the teacher's deal")
            game.seed = None
            game.rng = random.Random(0)
            game._start_rng = game.rng.getstate()
            game._load_view_state(field_of(data, "state", dict), viewer)
            game._redacted, game._viewer = True, viewer
            return game
        if kind != "game":
            raise BadRecord(f"unknown record kind {short_repr(kind)} (expected 'game' or 'view')")
        seed = record_seed(data)
        start = field_of(data, "start", dict)
        game.seed = seed
        game.rng = random.Random()
        game.rng.setstate(rng_state_from_json(start.get("rng")))
        game._start_rng = game.rng.getstate()
        game._start_hand()
        replay_record(game, data, lambda: game._state_dict(include_secrets=True))
        return game

    def _load_view_state(self, state: dict[str, Any], viewer: int | None) -> None:
        """Set a view's fields from a saved state, refusing anything impossible."""
        n = self._players

        def seat_list(key: str, kind: type) -> list[Any]:
            values = field_of(state, key, list, "state")
            if len(values) != n or any(not isinstance(v, kind) or (kind is int and isinstance(v, bool))
                                       for v in values):
                raise BadRecord(f"the saved {key} must list one {kind.__name__} per seat")
            return list(values)

        def number(key: str, low: int, high: int) -> int:
            value = field_of(state, key, int, "state")
            if not low <= value <= high:
                raise BadRecord(f"the saved {key} must be {low} to {high}, not {value}")
            return int(value)

        def cards(values: Any, where: str) -> list[Card]:
            if not isinstance(values, list):
                raise BadRecord(f"{where} must be a list of cards")
            parsed = []
            for value in values:
                if not isinstance(value, str):
                    raise BadRecord(f"{where}: {short_repr(value)} is not a card id")
                try:
                    card = Card.parse(value)
                except ValueError as error:
                    raise BadRecord(f"{where}: {error}") from None
                if card.is_neutral or card.pack:
                    raise BadRecord(f"{where}: {card.id} is not a Poker7 card")
                parsed.append(card)
            return parsed

        total = sum(self.starting_stacks)
        self.hand_number = number("hand_number", 1, MAX_HANDS)
        self.dealer = number("dealer", 0, n - 1)
        self.stacks = seat_list("stacks", int)
        self.committed = seat_list("committed", int)
        self.round_bets = seat_list("round_bets", int)
        self.won = seat_list("won", int)
        if any(v < 0 or v > total for v in self.stacks + self.committed + self.round_bets + self.won):
            raise BadRecord("a saved chip count is negative or larger than all the chips")
        if sum(self.stacks) + sum(self.committed) != total:
            raise BadRecord(f"the saved chips do not add up to {total}")
        self.in_hand = seat_list("in_hand", bool)
        self.folded = seat_list("folded", bool)
        self.acted = seat_list("acted", bool)
        self.shown = seat_list("shown", bool)
        self.current_bet = number("current_bet", 0, total)
        self.street = number("street", 1, 4)
        self.deck = cards(field_of(state, "deck", list, "state"), "deck")
        if any(not card.is_unknown for card in self.deck):
            raise BadRecord("a view never shows the deck")
        hole = field_of(state, "hole", list, "state")
        if len(hole) != n:
            raise BadRecord("the saved hands must list one hand per seat")
        self.hole = [cards(hand, f"hand {seat}") for seat, hand in enumerate(hole)]
        if any(len(hand) not in (0, 2) for hand in self.hole):
            raise BadRecord("a saved hand holds 0 or 2 cards")
        self.board = cards(field_of(state, "board", list, "state"), "board")
        if len(self.board) not in (0, 3, 5) or any(card.is_unknown for card in self.board):
            raise BadRecord("the saved community cards are 0, 3 or 5 face-up cards")
        revealed = field_of(state, "revealed", list, "state")
        if len(revealed) != n:
            raise BadRecord("the saved revealed cards must list one entry per seat")
        self.revealed = [None if value is None else cards([value], f"revealed card of seat {seat}")[0]
                         for seat, value in enumerate(revealed)]
        for seat in range(n):
            card = self.revealed[seat]
            if card is not None and (card.is_unknown or card not in self.hole[seat]):
                raise BadRecord(f"seat {seat}'s revealed card is not one of its cards")
            if len(self.hole[seat]) != (2 if self.in_hand[seat] else 0):
                raise BadRecord(f"seat {seat} must hold 2 cards exactly when it is in the hand")
            if viewer != seat and any(not card.is_unknown and not self.may_see(viewer, seat, card)
                                      for card in self.hole[seat]):
                raise BadRecord(f"the view shows a hidden card of seat {seat}")
        known = [card.id for card in self.board] + [card.id for hand in self.hole for card in hand
                                                     if not card.is_unknown]
        if len(known) != len(set(known)):
            raise BadRecord("a card appears twice in the saved view")
        if len(self.deck) + sum(len(hand) for hand in self.hole) + len(self.board) != len(DECK):
            raise BadRecord(f"the saved view does not account for all {len(DECK)} cards")
        pots = field_of(state, "pots", list, "state")
        self.pots = []
        for pot in pots:
            if (not isinstance(pot, list) or len(pot) != 3 or not isinstance(pot[0], int)
                    or not all(isinstance(seats, list) and all(isinstance(s, int) and not isinstance(s, bool)
                                                               and 0 <= s < n for s in seats)
                               for seats in pot[1:])):
                raise BadRecord("a saved pot must be [amount, [seats], [winners]]")
            self.pots.append((pot[0], tuple(pot[1]), tuple(pot[2])))
        last = state.get("last")
        if last is not None and (not isinstance(last, list) or len(last) != 2 or not isinstance(last[0], int)
                                 or isinstance(last[0], bool) or not 0 <= last[0] < n
                                 or not isinstance(last[1], str) or len(last[1]) > 60):
            raise BadRecord("the saved last action must be [seat, text]")
        self.last = None if last is None else (last[0], last[1])
        queue = field_of(state, "queue", list, "state")
        if any(not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < n for s in queue):
            raise BadRecord("the saved queue must list seats")
        self._queue = list(queue)
        phase = field_of(state, "phase", str, "state")
        if phase not in (PHASE_BET, PHASE_REVEAL, PHASE_NEXT, PHASE_OVER):
            raise BadRecord(f"unknown phase {short_repr(phase)}")
        self._phase = phase
        self._seat = number("seat", 0, n - 1)
        self._outcome = self._outcome_from(state.get("outcome"))
        if (self._outcome is None) != (phase != PHASE_OVER):
            raise BadRecord("the saved game is over exactly when it has an outcome")
        self._invalidate()

    def _outcome_from(self, value: Any) -> Outcome | None:
        if value is None:
            return None
        if not isinstance(value, dict):
            raise BadRecord("the saved outcome must be an object or null")
        winners, reason, scores, payoffs = (value.get(key) for key in ("winners", "reason", "scores", "payoffs"))
        n = self._players
        if (not isinstance(winners, list) or not winners or len(set(map(str, winners))) != len(winners)
                or any(not isinstance(w, int) or isinstance(w, bool) or not 0 <= w < n for w in winners)):
            raise BadRecord("the saved outcome's winners must be distinct seats")
        if reason not in OUTCOME_REASONS:
            raise BadRecord(f"the saved outcome has an unknown reason {short_repr(reason)}")
        expected = tuple(1.0 / len(winners) if seat in winners else 0.0 for seat in range(n))
        if not isinstance(scores, list) or tuple(scores) != expected:
            raise BadRecord("the saved outcome's scores do not match its winners")
        if (not isinstance(payoffs, list) or len(payoffs) != n
                or any(not isinstance(p, int) or isinstance(p, bool) for p in payoffs)):
            raise BadRecord("the saved outcome's payoffs must be one whole amount per seat")
        return Outcome(tuple(winners), reason, expected, tuple(payoffs))

    # ---------------------------------------------------------------- picture
    def status_text(self) -> str:
        """One line for the picture: whose turn and what is asked, or how the game ended."""
        if self._outcome is not None:
            names = ", ".join(self.seat_name(seat) for seat in self._outcome.winners)
            return f"{names} {t('wins')}: {t(self._outcome.reason)}"
        who = self.seat_name(self._seat)
        if self._phase == PHASE_NEXT:
            return f"{t('Hand')} {self.hand_number}: {who}, {t('ready for the next hand?')}"
        if self._phase == PHASE_REVEAL:
            return f"{who}: {t('show one of your cards')}"
        call = self.to_call()
        if call:
            return f"{who}: {call} {t('to call')} ({t('Pot')} {self.pot})"
        return f"{who} {t('to move')} ({t('Pot')} {self.pot})"

    def result_lines(self) -> list[str]:
        """After a hand: who took each pot ('Main pot 60: Player 3 takes 60')."""
        lines = []
        for index, (amount, eligible, winners) in enumerate(self.pots):
            name = t("Main pot") if index == 0 else t("Side pot")
            takers = ", ".join(self.seat_name(seat) for seat in winners)
            line = f"{name} {amount}: {takers} {t('takes')} {amount}"
            if not any(self.shown):
                line += f" ({t('everyone else folded')})"
            lines.append(line)
        return lines

    def svg(self, viewer: int | None = None, **options: Any) -> str:
        """The table: seats around it with their chips, bets and cards (face down
        unless ``viewer`` may see them), the community cards and the pot; after a
        showdown, every shown hand drawn as its best partition."""
        from drezlab.games.poker7.picture import table_svg

        if self._redacted and viewer != self._viewer:
            raise ValueError("a view can only be drawn for the seat it was made for")
        shown = self if self._redacted else self.view(viewer)
        return table_svg(shown, viewer)

    def __repr__(self) -> str:
        return f"<Poker7 {self._players} players, hand {self.hand_number}: {self.status_text()}>"

