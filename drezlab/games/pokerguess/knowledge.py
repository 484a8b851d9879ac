"""What one seat knows at a PokerGuess table, read from its observation.

The cards live in these zones (declared by
:class:`~drezlab.games.pokerguess.game.PokerGuess`):

=========  ============  ======================================================
``deck``   count only    the 54 - 5 - 2n cards nobody uses this hand
``board``  public        the 5 community cards (dealt at once)
``hand3``  owner only    seat 3's cards still face down; every hand that was dealt
                         is turned public at verification (D12), folded ones too
``up3``    public        the card seat 3 turned face up in the last-card round
=========  ============  ======================================================

The pool a prediction is checked against is the board plus every hand dealt this
hand (D12), so a seat's uncertainty is exactly the face-down cards in other
seats' hand zones: they are equally likely to be any of the cards it has not seen.
The functions below read an observation only, so the bot, the lesson and the
game's own :meth:`truth_probability` use what that seat may know and nothing else.
"""

from __future__ import annotations

from fractions import Fraction

from drezlab.core.cards import UNKNOWN_ID, Card
from drezlab.core.observation import Observation
from drezlab.games.pokerguess.predictions import (
    DECK,
    Prediction,
    truth_probability,
    truth_table,
)

DECK_ZONE = "deck"
BOARD_ZONE = "board"
_BY_ID = {card.id: card for card in DECK}


def hand_zone(seat: int) -> str:
    """The zone of ``seat``'s own cards that are still face down."""
    return f"hand{seat}"


def up_zone(seat: int) -> str:
    """The zone of the card ``seat`` turned face up in the last-card round."""
    return f"up{seat}"


def pool_knowledge(view: Observation) -> tuple[list[Card], list[Card], int]:
    """``(known, unseen, hidden)``: the pool cards this seat sees, the cards it has
    not seen anywhere, and how many pool cards are face down to it."""
    known: list[Card] = []
    hidden = 0
    for seat in range(view.players):
        for name in (hand_zone(seat), up_zone(seat)):
            for identifier in view.ids(name):
                if identifier == UNKNOWN_ID:
                    hidden += 1
                else:
                    known.append(_BY_ID[identifier])
    known += [_BY_ID[identifier] for identifier in view.ids(BOARD_ZONE)]
    seen = {card.id for card in known}
    unseen = [card for card in DECK if card.id not in seen]
    return known, unseen, hidden


def view_truth_probability(view: Observation, prediction: Prediction | str) -> Fraction:
    """The exact chance that ``prediction`` is true, as the seat of ``view`` sees the table."""
    known, unseen, hidden = pool_knowledge(view)
    return truth_probability(Prediction.parse(prediction), known, unseen, hidden)


def view_truth_table(view: Observation) -> dict[Prediction, float]:
    """Every prediction's chance of being true for the seat of ``view`` (floats)."""
    known, unseen, hidden = pool_knowledge(view)
    return truth_table(known, unseen, hidden)


def current_predictions(view: Observation) -> dict[int, Prediction]:
    """Each seat's standing prediction (seats without one are left out)."""
    return {seat: Prediction.parse(text) for seat, text in enumerate(view.public["predictions"]) if text}


def contenders(view: Observation) -> list[int]:
    """Seats in the hand that have not folded."""
    public = view.public
    return [seat for seat in range(view.players) if public["in_hand"][seat] and not public["folded"][seat]]
