"""PokerGuess: predict how many cards of a colour and of a figure are out there, and bet on it.

Rules: ``shared/rules/card-games.md`` §0 and §2 (Spanish sources: seed 000,
section PokerGuess, and seed 002), every DECISION binding. One hand, in order:

1. **Ante and deal.** Every player with chips pays the minimum bet ``m``
   (D4; ``min_bet``, default 2) from a stack that starts at ``stack`` (default
   100). Each gets 2 hidden cards, one at a time from the first player (the seat
   after the dealer, D1), then the 5 community cards are dealt face up at once.
2. **Phase A: predicting and betting**, in turn order from the first player.
   On a turn a player who has not folded **folds**, **stays** (calls or checks)
   or **raises** (no-limit, at least ``m`` more unless all-in, D4), and keeps
   their prediction or announces a new one. A player's first turn must bring a
   prediction. A *change* is a raise, a first announcement or a new prediction;
   the phase ends when every other player still in has acted since the last
   change without making one. All-in players keep their turns: they may change
   their prediction but not raise.
3. **Last card.** Each player still in, in turn order, turns one of their two
   cards face up (they choose which).
4. **Phase B**: as phase A, again from the first player.
5. **Verification.** Every card is shown. The predictions of the players still
   in are checked in the D14 order (``(c, f, C, rank(F))``, highest first)
   against the pool of all 5 + 2n dealt cards, folded hands included (D12),
   with the D15 counting rule (:mod:`~drezlab.games.pokerguess.predictions`).
   The first true prediction takes the pot; if none is true the pot is split
   among the players still in, odd chips one each from the first player (D4).
   With side pots each pot goes to the highest true prediction among the
   players eligible for it, or is split among them (D16). If everybody but one
   folds, that player takes the pot without verification (D16).

A player with no chips is out; the game ends when one player holds every chip
(D4). The dealer moves one seat on after each hand (D1). 54 cards: the two
neutral cards are removed (§0.2). 2-10 players (D4).

A prediction ``(c, C, f, F)``: at least ``c`` cards of colour ``C`` and at least
``f`` of figure ``F``, no card in both groups; ``1 <= c <= 6``, ``1 <= f <= 9``,
and never equal to any prediction already announced in the hand, replaced ones
included (D13). :meth:`PokerGuess.truth_probability` gives the exact chance that
a prediction is true as one seat sees the table (a ``Fraction``).

Hidden information: a seat sees its own cards, the community cards, every
prediction and bet, and the cards turned face up; all hands are shown at
verification. Zones: :mod:`~drezlab.games.pokerguess.knowledge`.

Action notation (``str(action)``, accepted by ``play``/``parse``):

=====================  ===========================================================
``fold``               give up the hand (only when facing a bet)
``stay``               call the bet or check, keep your prediction
``stay new``           call or check, then announce a new prediction
``raise 12``           raise this phase's bet **to** 12 (12 from you this phase)
``raise 12 new``       raise, then announce a new prediction
``allin``              put in every chip (as a call or a raise); ``allin new`` too
``4 red 4 bishops``    the new prediction, after a ``... new`` action
``show B5``            last-card round: turn your card B5 face up (click it)
``next``               after a hand: ready for the next one
=====================  ===========================================================

A turn is one betting action, followed by the prediction when it ends in
``new``. The buttons offer the smallest raise, about half the pot and the pot;
``raise N`` (with or without ``new``) accepts any amount from the smallest raise
up to one chip less than all-in (every chip is ``allin``). A prediction's
targets are ``c4``, ``red``, ``f4``, ``bishops`` (the picture's prediction pad);
``show B5`` has the target ``B5``.

Choices this module makes where the rules are silent (each is tested):

* **The order inside a turn**: the betting action first, then the prediction
  (the source describes the second player that way; nothing happens in between).
* **"Round" in D13** is the whole hand: phase B cannot repeat a prediction of phase A.
* **Antes are dead money**, as in Poker7: phase A starts with no bet to call;
  a player with fewer chips than the ante pays what they have and is all-in.
* **Folding** is offered only when there is a bet to call.
* **Every raise is a change** (the rules say so), so even an all-in raise of
  less than ``m`` lets everyone act again.
* **Nobody raises into nobody**: a player may raise only if another player still
  in has chips to answer.
* **Between hands** the verification stays on the table until every player still
  in the game has pressed "Next hand" (``next``), in turn order (as in Poker7).
* **The first dealer** is the last seat (``dealer`` option), so Player 1 speaks first.
* ``max_hands``: stop after that many hands (a lesson's time limit); the most
  chips win.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import Card
from drezlab.core.chance import Chance
from drezlab.core.errors import IllegalAction
from drezlab.core.game import ACTION_CHARACTERS
from drezlab.core.i18n import get_language, t
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.core.zones import Visibility
from drezlab.games.pokerguess.actions import (
    AllIn,
    Fold,
    NextHand,
    Predict,
    Raise,
    Show,
    Stay,
    Step,
)
from drezlab.games.pokerguess.knowledge import (
    BOARD_ZONE,
    DECK_ZONE,
    hand_zone,
    up_zone,
    view_truth_probability,
)
from drezlab.games.pokerguess.meta import SPEC
from drezlab.games.pokerguess.predictions import (
    ALL_PREDICTIONS,
    DECK,
    Prediction,
    check_order,
)
from drezlab.games.pokerguess.words import RAISE as _RAISE
from drezlab.games.pokerguess.words import (
    action_words,
    betting_refusal,
    prediction_label,
    sentence,
    show_label,
)
from drezlab.games.pokerguess.words import bet_label as _bet_label
from drezlab.kits.chips import betting_status, deal_hand, raise_sizes
from drezlab.kits.table import (
    ALL_THE_CHIPS,
    HAND_LIMIT,
    BettingTable,
    checked_options,
    lay_out_poker_table,
    zones_laid_out,
)
from drezlab.kits.tabletext import over_text, reveal_text, table_repr
from drezlab.kits.tablewords import speaks_its_words

__all__ = ["ALL_THE_CHIPS", "HAND_LIMIT", "PokerGuess"]

_PREDICTION_ACTIONS: dict[str, tuple[Action, ...]] = {}
#: the English words of each kind's button (:meth:`PokerGuess._menu_action` keys its actions by them)
_BUTTON_WORDS = {"next": "Next hand", "show": "Show", "fold": "Fold", "stay": "Stay", "raise": "Raise to",
                 "allin": "All-in"}
#: the betting, showing and next-hand actions made so far (:meth:`PokerGuess._menu_action`)
_MADE: dict[tuple[Any, ...], Action] = {}
#: how many actions :data:`_MADE` keeps at most (it starts again when full)
_MADE_LIMIT = 20_000
#: each table size's seat zones (:func:`_seat_zones`)
_SEAT_ZONES: dict[int, tuple[tuple[str, str], ...]] = {}
#: each prediction's place in ``ALL_PREDICTIONS`` (and in the action tuples)
_PREDICTION_INDEX = {prediction: index for index, prediction in enumerate(ALL_PREDICTIONS)}


def _seat_zones(players: int) -> tuple[tuple[str, str], ...]:
    """Each seat's ``(hand zone, turned-up zone)`` at a table of ``players`` (made once per size)."""
    zones = _SEAT_ZONES.get(players)
    if zones is None:
        zones = _SEAT_ZONES[players] = tuple((hand_zone(seat), up_zone(seat)) for seat in range(players))
    return zones


def _prediction_actions() -> tuple[Action, ...]:
    """Every prediction as an action, labelled in the current language (made once per language)."""
    language = get_language()
    if language not in _PREDICTION_ACTIONS:
        _PREDICTION_ACTIONS[language] = tuple(
            Action(prediction.text, prediction.targets, prediction_label(prediction), Predict(prediction))
            for prediction in ALL_PREDICTIONS)
    return _PREDICTION_ACTIONS[language]


#: the steps as module constants: the hot path compares ``self._step is _PREDICT`` (an
#: enum's member read from its class costs 0.1 µs, a tenth of a ply's bookkeeping)
_ACT, _PREDICT, _REVEAL, _NEXT, _OVER = Step.ACT, Step.PREDICT, Step.REVEAL, Step.NEXT, Step.OVER
#: how many predictions there are (a hand that announced them all offers no ``new``)
_PREDICTION_COUNT = len(ALL_PREDICTIONS)


@dataclass(frozen=True)
class _Table(AttributeSnapshot):
    """Everything an action may change outside the zones, as it was when the start or the
    end of a phase or a hand began, in the action that began it: the game's
    ``hand_record``, taken by :meth:`~drezlab.kits.table.BettingTable._hand_changes`
    (about three actions a hand). :meth:`PokerGuess._revert` puts it back, then the
    action's own record (:data:`_Undo`), which holds what the action changed before."""

    LISTS: ClassVar[frozenset[str]] = frozenset({
        "stacks", "committed", "round_bets", "folded", "predictions", "announced", "pending",
        "in_hand", "checks", "pots", "won"})

    stacks: tuple[int, ...]
    committed: tuple[int, ...]
    round_bets: tuple[int, ...]
    folded: tuple[bool, ...]
    predictions: tuple[Prediction | None, ...]
    announced: tuple[tuple[int, Prediction], ...]
    pending: tuple[int, ...]
    current_bet: int
    _last: tuple[int, str] | None
    _step: Step
    _seat: int
    in_hand: tuple[bool, ...]
    checks: tuple[tuple[int, Prediction, bool], ...]
    pots: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]
    won: tuple[int, ...]
    dealer: int
    hand_number: int
    stage: int
    _outcome: Outcome | None


#: An action's undo record: what it changes outside the zones, as it was before it, as one
#: plain tuple ``(seat, stack, round_bet, committed, folded, prediction, current_bet,
#: announced, pending, last, step, table)``: the seat that acted (it was the seat to move)
#: and its chips, its bet this phase, its chips in the pot, whether it had folded and its
#: prediction; the phase's bet, how many announcements the hand had, the seats still to
#: act, the last action and the step; and ``table``, the whole table (:class:`_Table`) if
#: the action started or ended a phase or a hand, else ``None``. Between those an action
#: changes nothing else (each action changes only its own seat's entries), and they take
#: the whole table before they change it. One tuple of plain values, not a frozen copy of
#: seven lists and four values: that copy was a twentieth of a random game's time.
_Undo = tuple[int, int, int, int, bool, Prediction | None, int, int, tuple[int, ...], tuple[int, str] | None, Step,
              _Table | None]


@speaks_its_words
class PokerGuess(BettingTable):
    """A game of PokerGuess for 2-10 players (see the module docstring for the rules).

    ``PokerGuess(seed=7, players=4)`` deals the first hand. Options: ``stack``
    (default 100), ``min_bet`` (``m``, default 2), ``max_hands`` (default: play
    until one player has every chip), ``dealer`` (first dealer, default the last
    seat), ``words`` (``"points"``: the school's words, points and a prize, not
    chips, bets and a pot; same rules). ``chance=Scripted([...])`` fixes the deck order of each hand (the
    deal takes cards from the end of the list).
    """

    spec = SPEC
    hand_record = _Table
    #: the list of announcements :meth:`_used` last read, how many it had read, and their set
    _used_kept: tuple[list[tuple[int, Prediction]], int, set[Prediction]] | None = None

    def __init__(self, seed: int | None = None, *, players: int = 4, stack: int = 100, min_bet: int = 2,
                 max_hands: int | None = None, dealer: int | None = None, words: str = "chips",
                 chance: Chance | None = None) -> None:
        super().__init__()
        options = checked_options(SPEC, {"players": players, "stack": stack, "min_bet": min_bet,
                                         "max_hands": max_hands, "dealer": dealer, "words": words})
        if options["min_bet"] > options["stack"]:
            raise ValueError(f"min_bet must be at most the stack ({options['stack']}), not {options['min_bet']}")
        first_dealer = options["players"] - 1 if options["dealer"] is None else options["dealer"]
        if not 0 <= first_dealer < options["players"]:
            raise ValueError(f"dealer must be a seat from 0 to {options['players'] - 1}, not {first_dealer}")
        self.options = {**options, "dealer": first_dealer}
        self.seed = seed
        n = options["players"]
        self._seat_players([options["stack"]] * n, options["min_bet"], options["max_hands"], first_dealer)
        self.words = options["words"]
        self.zones = zones_laid_out(("pokerguess", n), lambda zones: lay_out_poker_table(
            zones, DECK_ZONE, DECK, BOARD_ZONE, [(hand_zone(seat), up_zone(seat)) for seat in range(n)]))
        self.predictions: list[Prediction | None] = [None] * n
        self.announced: list[tuple[int, Prediction]] = []
        self.pending: list[int] = []
        self.checks: list[tuple[int, Prediction, bool]] = []
        self.stage = 1
        self._last: tuple[int, str] | None = None
        self._step = Step.ACT
        self._start_chance(seed, chance)
        self._start_hand()
        self._seal_setup()

    # ------------------------------------------------------------ basic access
    @property
    def step(self) -> Step:
        """'act' (bet, phase A or B), 'predict', 'reveal', 'next' (hand over) or 'over'."""
        return Step.OVER if self._outcome is not None else self._step

    @property
    def phase_bets(self) -> list[int]:
        """The chips each seat has put in during this phase (A or B): the betting
        round's bets, ``round_bets`` of the table kit, in PokerGuess's words."""
        return self.round_bets

    @property
    def board(self) -> list[Card]:
        """The 5 community cards."""
        return list(self.zones[BOARD_ZONE])

    def cards_of(self, seat: int) -> list[Card]:
        """``seat``'s two cards this hand (the one turned up first)."""
        return list(self.zones[up_zone(seat)]) + list(self.zones[hand_zone(seat)])

    @property
    def pool(self) -> list[Card]:
        """Every card a prediction is checked against: the board and all hands dealt (D12):
        the board, then each seat's cards (:meth:`cards_of`)."""
        zones = self.zones
        pool = list(zones[BOARD_ZONE])
        for hand, up in _seat_zones(self._players):
            pool += zones[up]
            pool += zones[hand]
        return pool

    def _between_hands(self) -> bool:
        return self._step in (Step.NEXT, Step.OVER)

    def used_predictions(self) -> set[Prediction]:
        """Every prediction announced in this hand (D13: none may be announced again)."""
        return set(self._used())

    def _used(self) -> set[Prediction]:
        """:meth:`used_predictions`, kept from turn to turn (read it, never change it).

        The hand's list of announcements only grows, by ``append``, and is a new list at a
        new hand, an undo or a copy, so the set is made again only for a new list and
        otherwise takes the announcements added since: made anew on every prediction
        turn of a random game, it was a twelfth of the game's time."""
        announced = self.announced
        kept = self._used_kept
        if kept is None or kept[0] is not announced:
            kept = (announced, 0, set())
        if kept[1] < len(announced):
            used = kept[2]
            for _, prediction in announced[kept[1]:]:
                used.add(prediction)
            kept = (announced, len(announced), used)
        self._used_kept = kept
        return kept[2]

    def check_order(self) -> list[int]:
        """The seats still in, in the order their predictions are verified (D14)."""
        ranked = check_order(prediction for seat in self.contenders() if (prediction := self.predictions[seat]))
        return [self.predictions.index(prediction) for prediction in ranked]

    def truth_probability(self, prediction: Prediction | str, seat: int | None = None) -> Fraction:
        """The exact chance that ``prediction`` is true, given only what ``seat`` (default:
        the player to act; ``None`` at the end: a spectator) can see: every set of cards
        it cannot see is equally likely. Computed from ``view(seat)``."""
        seat = self.to_move if seat is None else seat
        try:
            parsed = Prediction.parse(prediction)
        except (TypeError, ValueError) as error:
            raise ValueError(str(error)) from None
        return view_truth_probability(self.view(seat), parsed)

    def conserved_items(self) -> list[Card]:
        """The 54 cards: the zones hold each exactly once at every moment."""
        return list(DECK)

    # ------------------------------------------------------- the flow of a hand
    def _start_hand(self) -> None:
        """Step 1: move the button, collect the antes, shuffle, deal 2 cards each and the board."""
        self._hand_changes()
        n = self._players
        order = self._deal_in()
        self.predictions = [None] * n
        self.announced = []
        self.checks = []
        self._last = None
        cards = list(DECK)                  # every card back, in the deck's fixed order, then shuffled
        self.chance.shuffle(cards, "deal")
        deal_hand(self.zones, DECK_ZONE, cards, BOARD_ZONE, _seat_zones(n), order, board=5)
        self._start_phase(1)

    def _start_phase(self, stage: int) -> None:
        """Phase A (1) or B (2): everyone still in acts at least once, from the first player."""
        self._hand_changes()
        self.stage = stage
        self._start_betting_round()
        self._step = Step.ACT
        self._everyone_in_turn()

    def _everyone_in_turn(self) -> None:
        """Every seat still in must act (or show a card), in turn order from the first player."""
        in_hand, folded, players, first = self.in_hand, self.folded, self._players, self.dealer + 1
        self.pending = [seat % players for seat in range(first, first + players)    # seats_after, written out
                        if in_hand[seat % players] and not folded[seat % players]]
        self._seat = self.pending[0]

    def _advance(self) -> None:
        """The next seat that must still act, or the end of the phase. (:func:`next_seat`
        over the seats still to act, written out: it is asked after nearly every action.)"""
        pending = self.pending
        if pending:
            seat, players = self._seat, self._players
            for following in range(seat + 1, seat + 1 + players):   # the seat itself last
                if following % players in pending:
                    self._seat = following % players
                    self._step = _ACT
                    return
        if self.stage == 1:
            self._step = _REVEAL
            self._everyone_in_turn()
        else:
            self._settle(verify=True)

    def _may_raise(self, seat: int) -> bool:
        """Chips beyond the call, and another player still in with chips to answer."""
        return self.stacks[seat] > self.to_call(seat) and self._others_can_act(seat)

    def suggested_raises(self, seat: int | None = None) -> list[int]:
        """The raise buttons: phase totals for the smallest raise, about half the pot and
        the pot, each below all-in (all-in has its own button)."""
        seat = self._seat if seat is None else seat
        if not self._may_raise(seat):
            return []
        return raise_sizes(self.current_bet, self.min_bet, self.pot + self.to_call(seat), self.all_in_total(seat))

    # ---------------------------------------------------------------- actions
    def _generate_actions(self) -> list[Action]:
        if self._step is _PREDICT:
            used = self._used()
            return [action for action in _prediction_actions() if action.data.prediction not in used]
        return [self._menu_action(*entry) for entry in self._menu()]

    def _menu(self) -> list[tuple[str, Any, bool]]:
        """The legal actions outside a prediction step as ``(kind, value, new)``, in the
        order of the buttons: what :meth:`legal_actions` labels, and what
        :meth:`random_action` draws from."""
        if self._step is _NEXT:
            return [("next", None, False)]
        if self._step is _REVEAL:
            return [("show", card, False) for card in self.zones[hand_zone(self._seat)]]
        return self._betting_menu()

    def _menu_action(self, kind: str, value: Any, new: bool) -> Action:
        """The action of one entry of :meth:`_menu`, labelled in the current language: a
        stay shows the chips it pays, an all-in the seat's stack (:meth:`_button`)."""
        seat = self._seat
        if kind == "stay":
            value = min(self.to_call(seat), self.stacks[seat])
        elif kind == "allin":
            value = self.stacks[seat]
        return self._button(kind, value, new)

    def _button(self, kind: str, value: Any, new: bool) -> Action:
        """The action of a button, labelled in the current language (``value``: the chips a
        stay pays, a raise's total, a stack all-in, a card shown).

        An action is an immutable value, so one made before is given again: labelling a
        new one was a tenth of a random game's time. The key holds everything its label
        is made of: the language (a card's printed name), the words of its button as
        said now (a wording such as ``words="points"`` changes them), the kind, the
        amount it shows (a card by its id) and whether it announces a new prediction."""
        key = (get_language(), t(_BUTTON_WORDS[kind]), t("call"), t("new prediction"), kind,
               value.id if kind == "show" else value, new)
        action = _MADE.get(key)
        if action is None:
            if len(_MADE) >= _MADE_LIMIT:
                _MADE.clear()
            action = _MADE[key] = self._new_button(kind, value, new)
        return action

    def _new_button(self, kind: str, value: Any, new: bool) -> Action:
        """:meth:`_button` made anew."""
        if kind == "next":
            return Action("next", (), t("Next hand"), NextHand())
        if kind == "show":
            return Action(f"show {value.id}", (value.id,), show_label(value), Show(value))
        if kind == "raise":
            return self._raise_action(value, new)
        suffix = " new" if new else ""
        if kind == "stay":
            return Action(f"stay{suffix}", (), _bet_label("stay", None, new, value), Stay(new))
        if kind == "allin":
            return Action(f"allin{suffix}", (), _bet_label("allin", value, new), AllIn(new))
        return Action("fold", (), _bet_label("fold", None, False), Fold())

    def random_action(self, rng: random.Random) -> Action:
        """Uniform over the legal actions, as the base class; a prediction step draws
        from the 2,916 predictions and redraws an announced one (the same distribution
        without building the list). Any other step makes the base class's one draw,
        ``rng.randrange(len(legal))``, over :meth:`_menu` (a betting turn: over the
        counts of its buttons, :meth:`_random_bet`) and builds only the action drawn, so
        a seeded random game plays the same actions as before (labelling every button
        was a third of a random game's time)."""
        if self._outcome is None:
            step = self._step
            if step is _PREDICT:
                used = self._used()
                choices = _prediction_actions()
                while True:
                    action = choices[rng.randrange(_PREDICTION_COUNT)]
                    if action.data.prediction not in used:
                        self._vouched = action
                        return action
            if self.words == "chips" and self._actions_cache is None:   # else the list (the school's wording)
                if step is _ACT:
                    action = self._random_bet(rng)
                elif step is _REVEAL:                            # a button for each card
                    cards = self.zones[hand_zone(self._seat)]
                    action = self._button("show", cards[rng.randrange(len(cards))], False)
                else:                                            # the one button "Next hand"
                    rng.randrange(1)
                    action = self._button("next", None, False)
                self._vouched = action
                return action
        return super().random_action(rng)

    def _random_bet(self, rng: random.Random) -> Action:
        """:meth:`random_action` in a betting turn: the entry of :meth:`_betting_menu` that
        the draw ``rng.randrange(len(menu))`` picks, found from the counts of the buttons
        (:meth:`_betting_buttons`) without listing them."""
        fold, endings, may_stay, raises, may_all_in, call, stack = self._betting_buttons()
        per_ending = may_stay + len(raises) + may_all_in
        index = rng.randrange(fold + len(endings) * per_ending)
        if fold:
            if index == 0:
                return self._button("fold", None, False)
            index -= 1
        new = endings[index // per_ending]
        index %= per_ending
        if may_stay:
            if index == 0:
                return self._button("stay", min(call, stack), new)
            index -= 1
        if index < len(raises):
            return self._button("raise", raises[index], new)
        return self._button("allin", stack, new)

    def _betting_menu(self) -> list[tuple[str, Any, bool]]:
        """:meth:`_menu` in phase A or B: fold, then for keeping the prediction and for a
        new one, stay, the raise buttons and all-in (:meth:`_betting_buttons`)."""
        fold, endings, may_stay, raises, may_all_in, _, _ = self._betting_buttons()
        menu: list[tuple[str, Any, bool]] = [("fold", None, False)] if fold else []
        for new in endings:
            if may_stay:
                menu.append(("stay", None, new))
            menu += [("raise", total, new) for total in raises]
            if may_all_in:
                menu.append(("allin", None, new))
        return menu

    def _betting_buttons(self) -> tuple[bool, tuple[bool, ...], bool, list[int], bool, int, int]:
        """The betting buttons of the seat to move as ``(fold, endings, stay, raises,
        all_in, call, stack)``: whether it may fold, the endings it may choose (keep its
        prediction, ``False``, and announce a new one, ``True``), whether it may stay, the
        raise totals, whether it may go all-in, the chips to call and its stack.
        :meth:`to_call`, :meth:`_may_raise` and :meth:`suggested_raises` written out on the
        seat's chips: it is asked every turn."""
        seat = self._seat
        stack, bet, put_in = self.stacks[seat], self.current_bet, self.round_bets[seat]
        call = bet - put_in if bet > put_in else 0
        endings: tuple[bool, ...] = (True,) if self.predictions[seat] is None else (False, True)
        if len(self.announced) >= _PREDICTION_COUNT:
            endings = endings[:-1]                   # no new prediction is left
        may_raise = False
        if stack > call:                             # :meth:`_others_can_act`, written out
            in_hand, folded, stacks = self.in_hand, self.folded, self.stacks
            for other in range(self._players):
                if in_hand[other] and not folded[other] and stacks[other] > 0 and other != seat:
                    may_raise = True
                    break
        raises = raise_sizes(bet, self.min_bet, sum(self.committed) + call, put_in + stack) if may_raise else []
        return (bool(call and stack), endings, stack == 0 or call < stack, raises,
                stack > 0 and (stack <= call or may_raise), call, stack)

    def _raise_action(self, total: int, new: bool) -> Action:
        suffix = " new" if new else ""
        return Action(f"raise {total}{suffix}", (), _bet_label("raise", total, new), Raise(total, new))

    def parse(self, text: Action | str) -> Action:
        """Any legal amount for ``raise N`` / ``raise N new`` (not just the buttons); a
        prediction is looked up directly (the same result as searching the 2,916
        legal predictions, without listing them: replaying a record stays fast)."""
        direct = self._direct_prediction(text.text if isinstance(text, Action) else text)
        if direct is not None:
            return direct
        try:
            return super().parse(text)
        except IllegalAction as error:
            typed = self._typed_raise(text.text if isinstance(text, Action) else text)
            if typed is None:
                raise error from None
            return typed

    def _direct_prediction(self, text: Any) -> Action | None:
        """The legal prediction action written ``text`` in a prediction step, or ``None``
        (then the general parser decides, and explains a refusal)."""
        if (self._step != Step.PREDICT or self._outcome is not None or not isinstance(text, str)
                or len(text) > 40 or not ACTION_CHARACTERS.issuperset(text)):
            return None
        try:
            prediction = Prediction.parse(text)
        except (TypeError, ValueError):
            return None
        if prediction.text != " ".join(text.split()) or prediction in self._used():
            return None
        return _prediction_actions()[_PREDICTION_INDEX[prediction]]

    def _typed_raise(self, text: Any) -> Action | None:
        if (not isinstance(text, str) or len(text) > 40 or not ACTION_CHARACTERS.issuperset(text)
                or self._outcome is not None or self._step != Step.ACT):
            return None
        match = _RAISE.match(" ".join(text.split()))
        if match is None:
            return None
        total, new = int(match.group(1)), match.group(2) is not None
        if not new and self.predictions[self._seat] is None:
            return None
        if not self._may_raise(self._seat) or not self.smallest_raise() <= total < self.all_in_total():
            return None
        return self._raise_action(total, new)

    def _explain_illegal(self, text: str) -> str:
        if self._outcome is not None:
            return self._over_text(text)
        who = self.seat_name(self._seat)
        if self._step == Step.NEXT:
            return over_text(text, who, "hand")
        if self._step == Step.REVEAL:
            return reveal_text(text, who, self.zones[hand_zone(self._seat)])
        if self._step == Step.PREDICT:
            try:
                prediction = Prediction.parse(text)
            except ValueError as error:
                return t("{who} must announce a prediction now: {why}").format(who=who, why=error)
            return t("{text} was already announced in this hand; every prediction must differ from all earlier "
                     "ones (D13)").format(text=repr(prediction.text))
        seat = self._seat
        return betting_refusal(text, who, stack=self.stacks[seat], call=self.to_call(),
                               predicted=self.predictions[seat] is not None, may_raise=self._may_raise(seat),
                               smallest=self.smallest_raise(), most=self.all_in_total())

    def describe(self, action: Action | str) -> str:
        """The move log's line for ``action``, computed before it is played, as a sentence
        in the current language: "Player 2 raises to 6 chips and announces a new
        prediction", "Player 2 predicts at least 4 red cards and 4 bishops"."""
        seat = self._seat
        return sentence(self.seat_name(seat), self.parse(action).data, min(self.to_call(seat), self.stacks[seat]),
                        self.stacks[seat])

    # ---------------------------------------------------------------- playing
    def _apply(self, action: Action) -> _Undo:
        seat = self._seat
        stacks, round_bets, committed = self.stacks, self.round_bets, self.committed
        stack, round_bet, put_in, pending = stacks[seat], round_bets[seat], committed[seat], tuple(self.pending)
        folded, prediction, current_bet, announced = (self.folded[seat], self.predictions[seat], self.current_bet,
                                                      len(self.announced))
        last, step = self._last, self._step
        self._hand_before = None
        self._last = (seat, action.text)
        match action.data:                   # the commonest first: a turn's stay, a prediction
            case Stay(new=new):
                self._put_in(seat, min(self.to_call(seat), stack))
                self._after_bet(seat, raised=False, new=new)
            case Predict(prediction=announcement):
                self.predictions[seat] = announcement
                self.announced.append((seat, announcement))
                self._advance()
            case NextHand():
                self.pending.remove(seat)
                if self.pending:
                    self._seat = self.pending[0]
                else:
                    self._start_hand()
            case Show(card=card):
                self.zones.move(card, hand_zone(seat), up_zone(seat))
                self.pending.remove(seat)
                if self.pending:
                    self._seat = self.pending[0]
                else:
                    self._start_phase(2)
            case Raise(total=total, new=new):
                self._after_bet(seat, raised=self._bet_to(seat, total) < total, new=new)
            case AllIn(new=new):
                total = round_bet + stack
                self._after_bet(seat, raised=self._bet_to(seat, total) < total, new=new)
            case Fold():
                self.folded[seat] = True
                self.pending.remove(seat)
                if self._one_contender_left():
                    self._settle(verify=False)
                else:
                    self._advance()
        return (seat, stack, round_bet, put_in, folded, prediction, current_bet, announced, pending, last, step,
                self._hand_before)

    def _revert(self, action: Action, undo_info: Any) -> None:
        """Put back the whole table if the action started or ended a phase or a hand, then
        what the action itself changed before that (``undo_info``: the :data:`_Undo` that
        :meth:`_apply` returned)."""
        (seat, stack, round_bet, committed, folded, prediction, current_bet, announced, pending, last, step,
         table) = undo_info
        if table is not None:
            table.restore(self)
        self.stacks[seat], self.round_bets[seat], self.committed[seat] = stack, round_bet, committed
        self.folded[seat], self.predictions[seat], self.current_bet = folded, prediction, current_bet
        self.announced = self.announced[:announced]       # a new list: :meth:`_used` reads it afresh
        self.pending = list(pending)
        self._last, self._step, self._seat = last, step, seat

    def _after_bet(self, seat: int, raised: bool, new: bool) -> None:
        """A change (a raise or a new prediction) makes every other player still in act
        again (:meth:`contenders` written out); a new prediction is announced next."""
        if raised or new:
            in_hand, folded = self.in_hand, self.folded
            self.pending = [other for other in range(self._players)
                            if in_hand[other] and not folded[other] and other != seat]
        else:
            self.pending.remove(seat)
        if new:
            self._step = _PREDICT
        else:
            self._advance()

    # ---------------------------------------------------------- pots and chips
    def _settle(self, verify: bool) -> None:
        """Step 5: verification (D12, D14, D15, D16), or the pot to the last player in."""
        self._hand_changes()
        truth: dict[int, bool] = {}
        if verify:
            for seat in range(self._players):
                if self.in_hand[seat]:
                    self.zones.set_visibility(hand_zone(seat), Visibility.PUBLIC)
            pool = self.pool
            self.checks = []
            for seat in self.check_order():
                prediction = self.predictions[seat]
                assert prediction is not None
                truth[seat] = prediction.is_true(pool)
                self.checks.append((seat, prediction, truth[seat]))
        ranked = [seat for seat, _, _ in self.checks]

        def first_true(eligible: tuple[int, ...], order: list[int]) -> tuple[int, ...]:
            right = [seat for seat in ranked if seat in eligible and truth[seat]]
            return (right[0],) if right else tuple(seat for seat in order if seat in eligible)

        self._share_pots(first_true)
        waiting = self._end_of_hand()
        if waiting is None:
            self._step = Step.OVER
        else:
            self._step = Step.NEXT
            self.pending = waiting
            self._seat = waiting[0]

    def result_lines(self) -> list[str]:
        """After a hand: each check in order, then who took each pot."""
        lines = [f"{index}. {self.seat_name(seat)}: {prediction_label(prediction)}: {t('true' if right else 'false')}"
                 for index, (seat, prediction, right) in enumerate(self.checks, 1)]
        for index, (amount, eligible, winners) in enumerate(self.pots):
            line = self.pot_line(index, amount, winners, amount // len(winners))
            if not self.checks:
                line += f" ({t('everyone else folded')})"
            elif len(winners) > 1 and len(eligible) == len(winners):
                line += f" ({t('nobody was right: split')})"
            lines.append(line)
        return lines

    # ------------------------------------------------------------------ views
    def _public(self, seat: int | None) -> dict[str, Any]:
        """The table everyone sees: chips, bets, predictions, who is in, the flow, the checks."""
        return {
            **self._chips_public(), "step": self.step.value, "stage": self.stage, "phase_bets": self.round_bets,
            "predictions": [None if prediction is None else prediction.text for prediction in self.predictions],
            "labels": [None if prediction is None else prediction_label(prediction)
                       for prediction in self.predictions],
            "announced": [[other, prediction.text] for other, prediction in self.announced],
            "pending": self.pending,
            "checks": [[other, prediction.text, right] for other, prediction, right in self.checks],
            "results": self.result_lines(),
        }

    def _last_public(self, seat: int | None) -> str | None:
        """The last action of this hand in notation (every action is public), read
        from the position so that a resampled copy says the same."""
        return None if self._last is None else action_words(self._last[1])

    def status_text(self) -> str:
        """One line: whose turn and what is asked, or how the game ended."""
        if self._outcome is not None:
            return super().status_text()
        who = self.seat_name(self._seat)
        if self._step == Step.NEXT:
            return f"{t('Hand')} {self.hand_number}: {who}, {t('ready for the next hand?')}"
        if self._step == Step.REVEAL:
            return f"{who}: {t('show one of your cards')}"
        if self._step == Step.PREDICT:
            return f"{who}: {t('make your prediction')}"
        return betting_status(who, self.to_call(), self.pot)

    # ---------------------------------------------------------------- records
    def _state(self) -> dict[str, Any]:
        """The whole position: chips, bets, predictions, every card in order, the flow."""
        return {
            **self._chips_state(), "zones": self.zones.to_dict(),
            "visibility": [self.zones.visibility(hand_zone(seat)).value for seat in range(self._players)],
            "phase_bets": list(self.round_bets), "stage": self.stage,
            "predictions": [None if prediction is None else prediction.text for prediction in self.predictions],
            "announced": [[seat, prediction.text] for seat, prediction in self.announced],
            "pending": list(self.pending),
            "checks": [[seat, prediction.text, right] for seat, prediction, right in self.checks],
            "last": None if self._last is None else list(self._last),
            "step": self._step.value, "seat": self._seat,
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
        }

    def __repr__(self) -> str:
        return table_repr("PokerGuess", self._players, "hand", self.hand_number, self.status_text())
