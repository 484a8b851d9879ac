"""What one seat knows at a BlackDrez table, read from its observation.

BlackDrez keeps its cards in these zones (declared by
:class:`~drezlab.games.blackdrez.game.BlackDrez`):

==========  ============  =====================================================
``stock``   count only    the face-down pile, shuffled once at the start: its
                          order is unknown to all (the game's only chance)
``table3``  public        the cards in front of seat 3 this round (its hand; a
                          bust hand and what a retired player left stay here)
``pile3``   public        the cards seat 3 has won or kept: its score in the match
``aside``   public        the remainders of equal shares, out of play (D39)
==========  ============  =====================================================

Every card outside the stock is face up, so the stock's composition is known to
everybody: it is the whole game's cards minus every card seen. The public part of
the observation holds ``round``, ``dealer``, ``phase`` ("play", "next", "over"),
``status`` (per seat: "active", "bust", "retired"), ``standing``, ``scores`` (per
seat, the D36 score of the cards in front of it), ``stock_figures`` (the stock's
six figure counts, pawns to jokers: no card ids, since the order is unknown),
``packs``, ``hints``, ``last`` (seat and label), ``results`` (how the last round
ended) and ``shown`` (each seat's cards at the end of the last round, for the
picture while the players press "next").
"""

from __future__ import annotations

from drezlab.core.observation import Observation
from drezlab.games.blackdrez.odds import ExactValues, exact_values

STOCK_ZONE = "stock"
ASIDE_ZONE = "aside"


def table_zone(seat: int) -> str:
    """The zone of the cards in front of ``seat`` this round."""
    return f"table{seat}"


def pile_zone(seat: int) -> str:
    """The zone of the cards ``seat`` has won or kept."""
    return f"pile{seat}"


def table_cards(view: Observation, seat: int) -> list[str]:
    """The cards in front of ``seat`` this round."""
    return list(view.ids(table_zone(seat)))


def cards_on_table(view: Observation) -> int:
    """How many cards lie in front of all seats this round (what an 11 takes)."""
    return sum(view.zones[table_zone(seat)].count for seat in range(view.players))


def view_values(view: Observation, seat: int | None = None) -> ExactValues:
    """The exact values of drawing and retiring (:func:`~drezlab.games.blackdrez.odds.exact_values`)
    for ``seat`` (default: the seat to move), from ``view`` alone."""
    seat = view.to_move if seat is None else seat
    if seat is None:
        raise ValueError("the game is over: nobody chooses between drawing and retiring")
    if view.public["status"][seat] != "active" or view.public["phase"] != "play":
        raise ValueError(f"Player {seat + 1} is not in the round: nothing to choose")
    own = table_cards(view, seat)
    return exact_values(own, view.public["stock_figures"], cards_on_table(view) - len(own))
