"""Chips at a card table: what every betting game (Poker7, PokerGuess) computes the same way.

Rules D4 of ``shared/rules/card-games.md``: equal stacks, antes, no-limit betting,
side pots as in Hold'em, a split pot shared equally with odd chips one each to
the tied winners in seat order from the first player. The chips themselves (the
state, dealing in, side pots, splits, the end of a match) are
:mod:`drezlab.kits.table`'s, and stay importable from here: :func:`seats_after`,
:func:`deal_in`, :func:`side_pots`, :func:`split`, :func:`match_over`. These
functions take the table as plain lists (and the zones, for the cards); the bots'
helpers at the end read only a seat's view:

* :func:`gather_cards` — every card back in the deck before the next shuffle, and
  :func:`deal_hand` — a new hand's deal from a shuffled deck in one zones change;
* :func:`raise_sizes` — the bet buttons: smallest raise, about half the pot, the pot;
* :func:`called_off_scores` / :func:`chip_evaluation` — a simulation's judgement
  of an unfinished game and a bot's measure of a seat's chips;
* :func:`betting_status` — the status line of a betting turn, and
  :func:`betting_words` — a betting action as the move log's sentence;
* for bots that decide from their own seat's view only: :func:`bot_turn` (that
  view and the legal actions), :func:`actions_by_kind` and :func:`pot_odds`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.core.i18n import add_translations, t, turn_text
from drezlab.core.observation import Observation
from drezlab.core.words import count_words
from drezlab.core.zones import Visibility, Zones
from drezlab.kits.table import (
    ALL_THE_CHIPS,
    HAND_LIMIT,
    deal_in,
    match_over,
    seats_after,
    share_worth,
    shared_win,
    side_pots,
    split,
)
from drezlab.players import seat_to_choose

__all__ = ["ALL_THE_CHIPS", "HAND_LIMIT", "actions_by_kind", "betting_status", "betting_words", "bot_turn",
           "called_off_scores", "chip_evaluation", "deal_hand", "deal_in", "gather_cards", "match_over", "pot_odds",
           "raise_sizes", "seats_after", "side_pots", "split"]


def gather_cards(zones: Zones, deck_zone: str, deck: Sequence[Any], seat_zones: Sequence[tuple[str, str]],
                 board_zone: str) -> None:
    """Every card back into ``deck_zone`` in the deck's fixed order ``deck``, ready for
    the next hand's shuffle: each seat's ``(hand zone, turned-up zone)`` and the
    community cards are emptied, and a hand zone a showdown made public is owner-only
    again. Zones already so are left alone, so the zones' journal (undo) stays short."""
    for hand, up in seat_zones:
        for name in (hand, up):
            if zones[name]:
                zones.replace(name, ())
        if zones.visibility(hand) is not Visibility.OWNER:
            zones.set_visibility(hand, Visibility.OWNER)
    if zones[board_zone]:
        zones.replace(board_zone, ())
    zones.replace(deck_zone, deck)


def deal_hand(zones: Zones, deck_zone: str, cards: list[Any], board_zone: str,
              seat_zones: Sequence[tuple[str, str]], order: Sequence[int], board: int = 0) -> None:
    """A new hand on a poker table: ``cards`` is the whole deck, shuffled, in the order
    to deal from (its end is the top). Each seat of ``order`` gets 2 cards, one at a time
    in that order, then ``board`` community cards are dealt; the rest is the deck, every
    other zone of ``seat_zones`` (each seat's ``(hand zone, turned-up zone)``) and the
    board are emptied, and a hand zone a showdown made public is owner-only again.

    The cards end where :func:`gather_cards`, a shuffle of the deck zone and one draw per
    card put them, in one journalled change of the zones (:meth:`Zones.set_contents`):
    a dozen replaces and draws were a tenth of the start of a Poker7 hand."""
    contents: dict[str, list[Any]] = {}
    for hand, up in seat_zones:
        contents[hand] = []
        contents[up] = []
    for _ in range(2):
        for seat in order:
            contents[seat_zones[seat][0]].append(cards.pop())
    contents[board_zone] = [cards.pop() for _ in range(board)]
    contents[deck_zone] = cards
    zones.set_contents(contents)
    for hand, _ in seat_zones:
        if zones.visibility(hand) is not Visibility.OWNER:
            zones.set_visibility(hand, Visibility.OWNER)


def raise_sizes(current_bet: int, min_bet: int, pot_after_call: int, all_in_total: int) -> list[int]:
    """The bet or raise buttons as totals for this betting round, smallest first: the
    smallest raise (the bet plus ``min_bet``, D4), about half the pot and the pot (the
    pot once the call is in), each below ``all_in_total`` (all-in has its own button)."""
    smallest = current_bet + min_bet
    if smallest >= all_in_total:
        return []
    sizes = [smallest]
    for total in (current_bet + pot_after_call // 2, current_bet + pot_after_call):   # ascending
        if total > sizes[-1]:
            if total >= all_in_total:
                break
            sizes.append(total)
    return sizes


def called_off_scores(stacks: Sequence[int], committed: Sequence[int]) -> tuple[float, ...]:
    """Scores for a game a simulation stops unfinished: the hand in play is called off
    (every seat takes back its chips in play) and the seats with the most chips share the win."""
    chips = [stack + bet for stack, bet in zip(stacks, committed)]
    return shared_win([seat for seat, count in enumerate(chips) if count == max(chips)], len(chips))


def chip_evaluation(stacks: Sequence[int], committed: Sequence[int], starting: Sequence[int], seat: int) -> float:
    """A seat's chips (bets in play counted as its own) as a position's worth: 0 for an
    equal share, 1 for every chip, -1 for none."""
    return share_worth(stacks[seat] + committed[seat], sum(starting), len(starting))


#: the kit's own words (the games show them through :func:`betting_status`),
#: registered once here rather than by every game
add_translations({"to call": "para igualar", "Pot": "Bote"})


add_translations({
    "{who} folds": "{who} se retira",
    "{who} checks": "{who} pasa",
    "{who} calls with {chips}": "{who} iguala con {chips}",
    "{who} bets {chips}": "{who} apuesta {chips}",
    "{who} raises to {chips}": "{who} sube a {chips}",
    "{who} goes all in with {chips}": "{who} va de resto con {chips}",
    "{count} chip": "{count} ficha",
    "{count} chips": "{count} fichas",
})

#: the move log's sentence of each betting action (:func:`betting_words`)
_BETTING_SENTENCES = {"fold": "{who} folds", "check": "{who} checks", "call": "{who} calls with {chips}",
                      "bet": "{who} bets {chips}", "raise": "{who} raises to {chips}",
                      "allin": "{who} goes all in with {chips}"}


def betting_words(who: str, kind: str, chips: int | None = None) -> str:
    """A betting action as the move log says it, in the current language: "Player 2
    raises to 12 chips" / "Jugador 2 sube a 12 fichas", "Player 1 folds" / "Jugador 1 se
    retira", "Player 3 goes all in with 40 chips" / "Jugador 3 va de resto con 40 fichas".
    ``kind`` is 'fold', 'check', 'call', 'bet', 'raise' or 'allin'; ``chips`` the amount
    (what a call or an all-in puts in, a bet's or a raise's round total)."""
    return t(_BETTING_SENTENCES[kind]).format(who=who, chips="" if chips is None else count_words(chips, "chip"))


def betting_status(who: str, to_call: int, pot: int) -> str:
    """'Player 2: 4 to call (Pot 12)' or 'Player 2 to move (Pot 12)'."""
    if to_call:
        return f"{who}: {to_call} {t('to call')} ({t('Pot')} {pot})"
    return f"{turn_text(who)} ({t('Pot')} {pot})"


def bot_turn(game: Game, game_name: str, bot: str | None = None) -> tuple[Observation, list[Action]]:
    """Where a betting bot's decision starts: the view of the seat to move (the only
    thing the bot may read, so it never sees another seat's hidden cards) and the
    legal actions. ``ValueError`` when the game is over, or when ``game`` is not the
    game ``game_name`` the bot ``bot`` was written for ("the equity bot plays Poker7,
    not PokerGuess"): :func:`drezlab.players.seat_to_choose` says both."""
    return game.view(seat_to_choose(game, game_name, bot)), game.legal_actions()


def actions_by_kind(actions: Sequence[Action]) -> dict[str, list[Action]]:
    """The actions grouped by kind, the first word of their notation ('fold', 'raise'
    of ``raise 12``, 'allin' of ``allin new``...), each group in the order given, so a
    bot can pick "the middle raise" or "the call"."""
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.text.split(" ", 1)[0], []).append(action)
    return by_kind


def pot_odds(to_call: int, pot: int) -> float:
    """What a call costs as a share of the pot it would make, ``call / (pot + call)``
    (0 when there is nothing to call): calling pays when the chance to win beats it."""
    return to_call / (pot + to_call) if to_call else 0.0
