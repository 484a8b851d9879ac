"""A card table played in hands: what Poker7, PokerGuess, BlackDrez, DomiDrez and RummiDrez
each kept for themselves, written once.

Every one of these games seats its players round a table, moves a dealer's button
one seat on after each hand (D1 of ``shared/rules/card-games.md``), plays from the
seat after the dealer, and at the end of a hand waits for the seats to press "Next
hand" in playing order. The betting games (Poker7, PokerGuess) also keep the same
chips: stacks, what each seat has put in the pot, who folded, the bets of the
current betting round, the side pots and who won them (D4). So the kit has these
parts:

* seats round the table, as plain functions: :func:`seats_after` (playing order
  after a seat, filtered), :func:`next_seat` (the next seat still in the hand, or
  ``None``), :func:`playing_order` (every seat from one seat on) and
  :func:`queue_next` (a seat pressed "Next hand": who presses next);
* judging a table a simulation stops, or a seat's share of what is won:
  :func:`shared_win` and :func:`share_worth`; the result of a hand scored by the
  cards left in the hands (DomiDrez, RummiDrez): :class:`HandResult`,
  :func:`fewest_cards_win` and :func:`target_winners`;
* :class:`PointsMatch`, a match of such hands as a base class of the game: match
  points, the last hand's result, dealer, first player and hand number;
* chips (D4) as plain functions: :func:`deal_in` (the button moves on, antes are
  paid), :func:`side_pots` (the pots as Hold'em builds them), :func:`split` (a pot
  shared, odd chips first to the first) and :func:`match_over` (one seat holds every
  chip, or the hand limit is reached); :mod:`drezlab.kits.chips` re-exports them;
* setting a table up fast (a random game of BlackDrez lasts about 35 actions, so its
  set-up is a fifth of its time): :func:`checked_options` (a game's options checked
  once per set of plain values) and :func:`zones_laid_out` (the empty zones declared
  once per layout, copied for each game), with :func:`lay_out_poker_table` (the
  zones of Poker7's and PokerGuess's tables);
* :class:`BettingTable`, the chips of a betting game as a base class of the game:
  its state (the attributes of the same names, so ``game.stacks`` and the views keep
  them) and the steps every betting hand takes on it (deal in with antes, put chips
  in, share the pots, end the hand or the match).

A game keeps its own turn structure (Poker7's four betting rounds and reveal,
PokerGuess's predictions) and its own undo record (the fields below are plain
attributes, so a game lists them in its :class:`~drezlab.core.snapshot.AttributeSnapshot`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.core.i18n import add_translations, t
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.core.spec import GameSpec
from drezlab.core.zones import Visibility, Zones

__all__ = [
    "ALL_THE_CHIPS",
    "HAND_LIMIT",
    "BettingTable",
    "HandResult",
    "PointsMatch",
    "checked_options",
    "deal_in",
    "fewest_cards_win",
    "lay_out_poker_table",
    "match_over",
    "next_seat",
    "playing_order",
    "queue_next",
    "seats_after",
    "share_worth",
    "shared_win",
    "side_pots",
    "split",
    "target_winners",
    "zones_laid_out",
]

#: the reasons :func:`match_over` gives
ALL_THE_CHIPS = "all the chips"
HAND_LIMIT = "hand limit"

add_translations({ALL_THE_CHIPS: "todas las fichas", HAND_LIMIT: "límite de manos"})


# ------------------------------------------------------------------- setting a table up
#: the plain values :func:`checked_options` remembers (anything else is checked every time)
_PLAIN = (type(None), bool, int, str)
#: options already checked, by the game's spec and the options given (type and value each)
_CHECKED: dict[tuple[Any, ...], dict[str, Any]] = {}
#: the empty zones of each layout (:func:`zones_laid_out`)
_LAID_OUT: dict[Hashable, Zones] = {}
#: how many entries each of the two tables keeps at most (they start again when full)
_KEPT = 1000


def checked_options(spec: GameSpec, given: Mapping[str, Any]) -> dict[str, Any]:
    """``spec.validate_options(given)``, checked once for each set of plain values (None,
    booleans, numbers, text) and remembered: every new game of a table game checks the
    same few options (11 µs a time, about 1.5 % of a random BlackDrez game). Options
    holding anything else (a teacher's cards) are checked every time; a refusal is
    never remembered."""
    if not all(type(value) in _PLAIN for value in given.values()):
        return spec.validate_options(given)
    key = (id(spec), *((name, type(value), value) for name, value in given.items()))
    checked = _CHECKED.get(key)
    if checked is None:
        checked = spec.validate_options(given)
        if len(_CHECKED) >= _KEPT:
            _CHECKED.clear()
        _CHECKED[key] = checked
    return dict(checked)


def zones_laid_out(layout: Hashable, lay_out: Callable[[Zones], None]) -> Zones:
    """The empty zones of a new game: ``lay_out`` declares them on a new :class:`Zones`
    once for each ``layout`` (the game and what its zones depend on: players, packs) and
    every game gets a copy, the same zones in the same order. Copying takes a fifth of
    the time of declaring ten zones one by one (7 µs against 32 µs)."""
    zones = _LAID_OUT.get(layout)
    if zones is None:
        zones = Zones()
        lay_out(zones)
        zones.forget_journal()
        if len(_LAID_OUT) >= _KEPT:
            _LAID_OUT.clear()
        _LAID_OUT[layout] = zones
    return zones.copy()


def lay_out_poker_table(zones: Zones, deck_zone: str, deck: Sequence[Any], board_zone: str,
                        seat_zones: Sequence[tuple[str, str]]) -> None:
    """Declare the zones of a poker table (Poker7, PokerGuess) before the first deal: the
    deck in its fixed order (seen as a count), the community cards (public), then each
    seat's ``(face-down, turned-up)`` zones, its own and public."""
    zones.add(deck_zone, Visibility.COUNT, items=deck)
    zones.add(board_zone, Visibility.PUBLIC)
    for seat, (hand, up) in enumerate(seat_zones):
        zones.add(hand, Visibility.OWNER, seat)
        zones.add(up, Visibility.PUBLIC, seat)


# ------------------------------------------------------------------- seats round the table
def seats_after(seat: int, players: int, keep: Callable[[int], bool]) -> list[int]:
    """Seats in order starting after ``seat`` (wrapping round, ``seat`` itself last),
    those ``keep`` accepts."""
    return [other % players for other in range(seat + 1, seat + 1 + players) if keep(other % players)]


def next_seat(seat: int, players: int, keep: Callable[[int], bool]) -> int | None:
    """The first seat after ``seat`` (wrapping round, ``seat`` itself last) that ``keep``
    accepts: the next seat still in the hand, the next seat with chips... ``None`` if none."""
    for other in range(seat + 1, seat + 1 + players):
        if keep(other % players):
            return other % players
    return None


def playing_order(first: int, players: int) -> list[int]:
    """Every seat in playing order from ``first`` (D1: seat + 1 after seat)."""
    return [(first + step) % players for step in range(players)]


def queue_next(queue: list[int]) -> int | None:
    """The first seat of ``queue`` has pressed "Next hand" (or done what the queue waits
    for): it leaves the queue; returns the seat to press next, ``None`` when all have."""
    queue.pop(0)
    return queue[0] if queue else None


# ------------------------------------------------------------------------ chips (D4)
def deal_in(stacks: Sequence[int], dealer: int, ante: int) -> tuple[int, list[bool], list[int], list[int]]:
    """The start of a hand (D1, D4): the button moves from ``dealer`` to the next seat
    with chips, every seat with chips is dealt in and pays the ``ante`` (dead money:
    it is in the pot but is not a bet), a seat with fewer chips all it has (all-in).
    Returns the new dealer, who is in the hand, the stacks after the antes and what
    each seat has put in the pot."""
    button = next_seat(dealer, len(stacks), lambda seat: stacks[seat] > 0)
    assert button is not None, "a hand is dealt only while seats have chips"
    committed = [min(ante, stack) for stack in stacks]
    return button, [stack > 0 for stack in stacks], [stack - paid for stack, paid in zip(stacks, committed)], committed


def side_pots(committed: Sequence[int], contenders: Sequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """The pots as Hold'em builds them (D4): ``(amount, seats that can win it)``.

    Each pot is a layer of chips up to the next all-in level of a contender (a seat
    still in the hand); chips of folded seats count in the layers they reached, and
    chips above the highest contender's level go to the last pot."""
    levels = sorted({committed[seat] for seat in contenders if committed[seat] > 0})
    if len(levels) == 1:       # the usual hand, no all-in below the bet: one pot of every chip
        return [(sum(committed), tuple([seat for seat in contenders if committed[seat] >= levels[0]]))]
    # the layers summed in plain loops (generator expressions took 7 µs for four seats, not 3)
    pots: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in levels:
        amount = 0                              # each seat's chips between the last level and this one
        for chips in committed:
            if chips > previous:
                amount += min(chips, level) - previous
        pots.append((amount, tuple([seat for seat in contenders if committed[seat] >= level])))
        previous = level
    above = 0
    for chips in committed:
        if chips > previous:
            above += chips - previous
    if above and pots:
        pots[-1] = (pots[-1][0] + above, pots[-1][1])
    return pots


def split(amount: int, winners: Sequence[int]) -> list[int]:
    """Each winner's share of ``amount`` (D4): equal shares, the odd chips one each to
    the winners in the order given (seat order from the first player)."""
    share, odd = divmod(amount, len(winners))
    return [share + (1 if place < odd else 0) for place in range(len(winners))]


def match_over(stacks: Sequence[int], hand_number: int, max_hands: int | None) -> tuple[tuple[int, ...], str] | None:
    """After a hand: ``(winners, reason)`` if the match is over — one seat holds every
    chip (D4), or ``max_hands`` hands are played and the most chips win — else ``None``."""
    alive = [seat for seat, stack in enumerate(stacks) if stack > 0]
    if len(alive) == 1:
        return (alive[0],), ALL_THE_CHIPS
    if max_hands is not None and hand_number >= max_hands:
        most = max(stacks)
        return tuple(seat for seat in alive if stacks[seat] == most), HAND_LIMIT
    return None


# -------------------------------------------------------------- judging a table
def shared_win(leaders: Sequence[int], players: int) -> tuple[float, ...]:
    """Scores where ``leaders`` share the win equally and every other seat scores 0."""
    return tuple(1.0 / len(leaders) if seat in leaders else 0.0 for seat in range(players))


def share_worth(mine: float, total: float, players: int) -> float:
    """A seat's part ``mine`` of ``total`` (chips, cards won) as a position's worth: 0 for
    an equal share, 1 for everything, -1 for nothing (0 when there is nothing yet)."""
    if not total:
        return 0.0
    fair = total / players
    return (mine - fair) / (total - fair) if mine >= fair else (mine - fair) / fair


class HandResult(NamedTuple):
    """How a hand scored by the cards left in the hands ended: ``how`` (the game's
    reason: 'out', 'closed', ...), the ``winners``, the points each seat ``gained`` and
    the cards each seat held (``counts``). A tuple, saved in records as
    ``[how, winners, gained, counts]``."""

    how: str
    winners: tuple[int, ...]
    gained: tuple[int, ...]
    counts: tuple[int, ...]

    def to_public(self) -> dict[str, Any]:
        """The result as a view shows it."""
        return {"how": self.how, "winners": list(self.winners), "gained": list(self.gained),
                "counts": list(self.counts)}

    def to_record(self) -> list[Any]:
        """The result as a record saves it."""
        return [self.how, list(self.winners), list(self.gained), list(self.counts)]

    def line(self, seat_name: Callable[[int], str], how: str) -> str:
        """The hand in words, ``how`` already said: 'went out: Player 2 +9'."""
        names = ", ".join(f"{seat_name(seat)} +{self.gained[seat]}" for seat in self.winners)
        return f"{how}: {names or '0'}"


def fewest_cards_win(scores: Sequence[int], hand_sizes: Sequence[int]) -> tuple[float, ...]:
    """Scores for a match of hands a simulation stops unfinished: the highest score
    wins, ties broken by fewer cards in hand; seats still tied share the win."""
    keys = [(score, -size) for score, size in zip(scores, hand_sizes)]
    best = max(keys)
    return shared_win([seat for seat, key in enumerate(keys) if key == best], len(keys))


def target_winners(scores: Sequence[int], target: int) -> tuple[int, ...]:
    """After a hand: the seats that win the match because they reached ``target``, the
    highest total among them (ties share); empty while nobody has reached it."""
    reached = [seat for seat, score in enumerate(scores) if score >= target]
    if not reached:
        return ()
    best = max(scores[seat] for seat in reached)
    return tuple(seat for seat in reached if scores[seat] == best)


# ------------------------------------------------------------------ a match of scored hands
class PointsMatch(Game):
    """A match of hands scored in points by the cards left in the hands (DomiDrez,
    RummiDrez), as the base of the game's class.

    The state is plain attributes, set by :meth:`_seat_match`: ``scores`` (match
    points), ``result`` (the last hand's :class:`HandResult`, or ``None``), ``dealer``,
    ``first`` (the seat after the dealer, who plays first this hand) and
    ``hand_number``. The game gives its ``target`` and its hands' sizes."""

    scores: list[int]
    result: HandResult | None
    dealer: int
    first: int
    hand_number: int

    def _seat_match(self, players: int) -> None:
        """No hand played yet; the first dealer will be the last seat (D1), so the first
        seat plays first."""
        self._players = players
        self.scores = [0] * players
        self.result = None
        self.dealer = (players - 2) % players        # dealing the first hand moves it on
        self.first = 0
        self.hand_number = 0

    def _hand_sizes(self) -> list[int]:
        """The cards in each seat's hand now."""
        raise NotImplementedError

    def _next_deal(self) -> list[int]:
        """A new hand: the button moves one seat on (D1); returns every seat in playing
        order from the first player (the order the cards are dealt)."""
        self.hand_number += 1
        self.dealer = (self.dealer + 1) % self._players
        self.first = (self.dealer + 1) % self._players
        return playing_order(self.first, self._players)

    def _score_hand(self, how: str, winners: tuple[int, ...], gained: tuple[int, ...],
                    counts: tuple[int, ...]) -> None:
        """Add the hand's points to the match and keep it as the last ``result``."""
        for seat, points in enumerate(gained):
            self.scores[seat] += points
        self.result = HandResult(how, winners, gained, counts)

    def adjudicate(self) -> tuple[float, ...]:
        """A match stopped unfinished: the highest score wins, ties broken by fewer cards in hand."""
        return fewest_cards_win(self.scores, self._hand_sizes())

    def _match_public(self) -> dict[str, Any]:
        """The match as every seat sees it (the part of a view these games share)."""
        return {"scores": list(self.scores), "hand_number": self.hand_number, "dealer": self.dealer,
                "first": self.first, "result": None if self.result is None else self.result.to_public()}

    def _match_state(self) -> dict[str, Any]:
        """The match as a record saves it (the part of ``_state`` these games share)."""
        return {"scores": list(self.scores), "dealer": self.dealer, "first": self.first,
                "hand_number": self.hand_number,
                "result": None if self.result is None else self.result.to_record()}


# ------------------------------------------------------------------ chips of a betting game
class BettingTable(Game):
    """The chips of a betting game (D4), as the base of the game's class.

    The state is plain attributes, set by :meth:`_seat_players`: ``stacks`` (chips
    behind), ``committed`` (put in the pot this hand), ``round_bets`` (put in during
    the current betting round), ``in_hand`` (dealt in this hand), ``folded``,
    ``current_bet`` (the round's bet to match), ``pots`` (after a hand: each pot as
    ``(amount, seats that could win it, winners)``), ``won`` (chips each seat took this
    hand), ``dealer`` and ``hand_number``, and the match's ``starting_stacks``,
    ``min_bet`` (``m``: ante and smallest raise) and ``max_hands``.

    The game says whether its hand is over (:meth:`_between_hands`) and deals, bets
    and settles in its own turn structure with the steps here.

    Its undo record comes in two parts, each an
    :class:`~drezlab.core.snapshot.AttributeSnapshot` of the game's own: what any action
    may change, taken by ``_apply`` at every action and returned with
    :attr:`_hand_before`, and :attr:`hand_record`, what only the start and the end of a
    hand change, taken by :meth:`_hand_changes` just before such a change. Most actions
    so freeze 7 lists, not 11 (one record of every field was a sixteenth of a random
    Poker7 game's time and a tenth of a PokerGuess game's); :meth:`_revert` puts both back."""

    stacks: list[int]
    committed: list[int]
    round_bets: list[int]
    in_hand: list[bool]
    folded: list[bool]
    current_bet: int
    pots: list[tuple[int, tuple[int, ...], tuple[int, ...]]]
    won: list[int]
    dealer: int
    hand_number: int
    starting_stacks: list[int]
    min_bet: int
    max_hands: int | None
    #: the table's wording, "chips" or "points" (:mod:`drezlab.kits.tablewords`): words only, never rules
    words: str = "chips"
    #: the game's record of what only the start and the end of a hand change
    hand_record: ClassVar[type[AttributeSnapshot]]
    #: that record as it was before the action being played, once it is taken (``None``: not changed)
    _hand_before: AttributeSnapshot | None = None

    def _seat_players(self, starting: Sequence[int], min_bet: int, max_hands: int | None,
                      first_dealer: int) -> None:
        """The empty table: each seat with its starting chips, no hand dealt yet, the
        button one seat before ``first_dealer`` (dealing the first hand moves it on)."""
        players = self._players = len(starting)
        self.starting_stacks = list(starting)
        self.min_bet = min_bet
        self.max_hands = max_hands
        self.stacks = list(starting)
        self.committed = [0] * players
        self.round_bets = [0] * players
        self.in_hand = [False] * players
        self.folded = [False] * players
        self.current_bet = 0
        self.pots = []
        self.won = [0] * players
        self.dealer = (first_dealer - 1) % players
        self.hand_number = 0

    def _between_hands(self) -> bool:
        """Is the hand over (pots shared, waiting for "Next hand", or the match over)?"""
        raise NotImplementedError

    # ------------------------------------------------------------ reading the chips
    @property
    def pot(self) -> int:
        """Every chip in the middle this hand: antes and the bets of every round."""
        return sum(self.committed)

    @property
    def first_player(self) -> int:
        """The seat after the dealer that is in the hand (D1)."""
        seat = next_seat(self.dealer, self._players, self.in_hand.__getitem__)
        assert seat is not None, "a hand is dealt to at least two seats"
        return seat

    def to_call(self, seat: int | None = None) -> int:
        """The chips ``seat`` (default: the player to act) must add to match the round's bet."""
        seat = self._seat if seat is None else seat
        return max(0, self.current_bet - self.round_bets[seat])

    def contenders(self) -> list[int]:
        """Seats in the hand that have not folded."""
        in_hand, folded = self.in_hand, self.folded
        return [seat for seat in range(self._players) if in_hand[seat] and not folded[seat]]

    def _one_contender_left(self) -> bool:
        """Has every seat but one folded? (``len(contenders()) == 1`` without the list:
        it is asked after every bet.)"""
        found = False
        for in_hand, folded in zip(self.in_hand, self.folded):
            if in_hand and not folded:
                if found:
                    return False
                found = True
        return found

    def is_eliminated(self, seat: int) -> bool:
        """Out of the game: no chips left and not waiting for a pot (D4). An all-in
        player with no chips behind is still in until the hand is settled."""
        if self.stacks[seat] > 0:
            return False
        return not self.in_hand[seat] or self._between_hands()

    def smallest_raise(self) -> int:
        """The smallest round total a bet or raise may reach: the current bet plus ``m`` (D4)."""
        return self.current_bet + self.min_bet

    def all_in_total(self, seat: int | None = None) -> int:
        """The round total of ``seat`` (default: the player to act) if it puts in every chip."""
        seat = self._seat if seat is None else seat
        return self.round_bets[seat] + self.stacks[seat]

    def _can_act(self, seat: int) -> bool:
        """In the hand, not folded, with chips behind."""
        return self.in_hand[seat] and not self.folded[seat] and self.stacks[seat] > 0

    def _others_can_act(self, seat: int) -> bool:
        """Can another seat answer a bet of ``seat``? (:meth:`_can_act` of each other seat,
        written out: it is asked for every button list.)"""
        in_hand, folded, stacks = self.in_hand, self.folded, self.stacks
        for other in range(self._players):
            if in_hand[other] and not folded[other] and stacks[other] > 0 and other != seat:
                return True
        return False

    def side_pots(self) -> list[tuple[int, tuple[int, ...]]]:
        """The pots as Hold'em builds them (D4): ``(amount, seats that can win it)``.

        Each pot is a layer of chips up to the next all-in level of a seat still in
        the hand; chips of folded seats count in the layers they reached."""
        return side_pots(self.committed, self.contenders())

    def pot_line(self, index: int, amount: int, winners: Sequence[int], taken: int) -> str:
        """'Main pot 60: Player 3 takes 60' (``taken``: what each winner takes)."""
        name = t("Main pot") if index == 0 else t("Side pot")
        takers = ", ".join(self.seat_name(seat) for seat in winners)
        return f"{name} {amount}: {takers} {t('takes')} {taken}"

    def adjudicate(self) -> tuple[float, ...]:
        """Scores for a game a simulation stops unfinished: the hand in play is called
        off (every seat takes back what it has put in) and the seats with the most
        chips share the win, as at the hand limit."""
        chips = [stack + bet for stack, bet in zip(self.stacks, self.committed)]
        return shared_win([seat for seat, count in enumerate(chips) if count == max(chips)], self._players)

    def evaluate(self, seat: int) -> float:
        """The position's worth for ``seat`` to the generic greedy and search bots: its
        chips (bets in play counted as its own), 0 for an equal share, 1 for every
        chip, -1 for none."""
        return share_worth(self.stacks[seat] + self.committed[seat], sum(self.starting_stacks), self._players)

    def _chips_public(self) -> dict[str, Any]:
        """The chips as every seat sees them (the part of a view the betting games share)."""
        return {
            "hand_number": self.hand_number, "dealer": self.dealer, "min_bet": self.min_bet,
            "stacks": self.stacks, "committed": self.committed, "current_bet": self.current_bet,
            "pot": self.pot, "to_call": 0 if self._outcome is not None else self.to_call(),
            "in_hand": self.in_hand, "folded": self.folded,
            "out": [self.is_eliminated(other) for other in range(self._players)],
            "pots": [[amount, list(eligible), list(winners)] for amount, eligible, winners in self.pots],
            "won": self.won, "words": self.words,
        }

    def _chips_state(self) -> dict[str, Any]:
        """The chips as a record saves them (the part of ``_state`` the betting games share)."""
        return {
            "hand_number": self.hand_number, "dealer": self.dealer, "stacks": list(self.stacks),
            "in_hand": list(self.in_hand), "folded": list(self.folded), "committed": list(self.committed),
            "current_bet": self.current_bet,
            "pots": [[amount, list(eligible), list(winners)] for amount, eligible, winners in self.pots],
            "won": list(self.won),
        }

    # ------------------------------------------------------------ undo
    def _hand_changes(self) -> None:
        """Called before an action changes a field of :attr:`hand_record`: records them once."""
        if self._hand_before is None:
            self._hand_before = self.hand_record.of(self)

    def _revert(self, action: Action, undo_info: tuple[AttributeSnapshot, AttributeSnapshot | None]) -> None:
        """Put back the action's record of the turn, and of the hand if it took one."""
        turn, hand_before = undo_info
        turn.restore(self)
        if hand_before is not None:
            hand_before.restore(self)

    # ------------------------------------------------------------ the steps of a hand
    def _deal_in(self) -> list[int]:
        """The start of a hand (D1, D4): the button moves on to the next seat with chips,
        every seat with chips is dealt in and pays the ante (dead money), the bets and
        pots of the last hand are cleared. Returns the seats in the hand in playing
        order (the order the cards are dealt)."""
        players = self._players
        self.hand_number += 1
        self.dealer, self.in_hand, self.stacks, self.committed = deal_in(self.stacks, self.dealer, self.min_bet)
        self.folded = [False] * players
        self.round_bets = [0] * players
        self.current_bet = 0
        self.pots = []
        self.won = [0] * players
        return seats_after(self.dealer, players, self.in_hand.__getitem__)

    def _start_betting_round(self) -> None:
        """A new betting round: nobody has bet in it yet."""
        self.round_bets = [0] * self._players
        self.current_bet = 0

    def _put_in(self, seat: int, chips: int) -> None:
        """``seat`` moves ``chips`` from its stack into the pot, as a bet of this round."""
        self.stacks[seat] -= chips
        self.round_bets[seat] += chips
        self.committed[seat] += chips

    def _bet_to(self, seat: int, total: int) -> int:
        """``seat`` brings its round total to ``total`` (a bet, raise or all-in); returns
        the round's bet before it (so the game can tell a raise, and a full one)."""
        before = self.current_bet
        self._put_in(seat, total - self.round_bets[seat])
        self.current_bet = max(before, total)
        return before

    def _share_pots(self, winners_of: Callable[[tuple[int, ...], list[int]], tuple[int, ...]]) -> None:
        """Share out every pot (D4): ``winners_of(eligible, order)`` names a pot's winners
        among the seats that could win it (``order``: every seat from the first player,
        the order odd chips go in); then the bets are cleared."""
        order = playing_order(self.dealer + 1, self._players)
        self.pots = []
        for amount, eligible in self.side_pots():
            winners = winners_of(eligible, order)
            for seat, gain in zip(winners, split(amount, winners)):
                self.stacks[seat] += gain
                self.won[seat] += gain
            self.pots.append((amount, eligible, winners))
        self.committed = [0] * self._players
        self.round_bets = [0] * self._players
        self.current_bet = 0

    def _end_of_hand(self) -> list[int] | None:
        """After the pots are shared: the match ends (D4: one seat holds every chip, or
        ``max_hands`` hands are played) and ``None`` is returned, or the seats still in
        the game, in playing order, are returned to press "Next hand"."""
        ended = match_over(self.stacks, self.hand_number, self.max_hands)
        if ended is not None:
            payoffs = tuple(stack - start for stack, start in zip(self.stacks, self.starting_stacks))
            self._finish(ended[0], ended[1], payoffs)
            return None
        stacks = self.stacks
        return seats_after(self.dealer, self._players, lambda seat: stacks[seat] > 0)

