"""The PokerGuess probability bot: it predicts and doubts by the exact chance
that a prediction is true, from its own view only.

At each decision the bot reads ``game.view(seat)`` and computes, for all 2,916
predictions at once, the exact chance that each is true given the cards it can
see (:func:`~drezlab.games.pokerguess.knowledge.view_truth_table`: every set of
cards it cannot see is equally likely). It never looks at another seat's cards
and reads nothing into the other players' words (they may bluff).

* **Its chance to win with a prediction** ``p``: ``P(p true)`` times, for every
  standing prediction of another player still in that is checked before ``p``
  (D14), the chance that that one is false. (The events are treated as
  independent: a cheap, honest approximation of the real joint chance.)
* **Predicting**: among the predictions not yet announced, the one with the
  best chance to win. It keeps its standing prediction unless a new one is
  better by more than ``margin`` (default 0.05), so the phase can end.
* **Doubting and betting**, with ``w`` its chance to win and ``k`` players still
  in: raise (the middle button) when ``w >= 0.6`` or ``w >= 2 / k``; stay when
  staying is free or ``w`` beats the pot odds ``call / (pot + call)``; fold otherwise.
* **Last card**: it shows the card that changes the others' chances least: the
  one whose colour and figure already have the most company on the board.
* Between hands it presses "Next hand".
"""

from __future__ import annotations

import random

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.core.observation import Observation
from drezlab.games.pokerguess.actions import Fold
from drezlab.games.pokerguess.knowledge import (
    BOARD_ZONE,
    contenders,
    current_predictions,
    view_truth_table,
)
from drezlab.games.pokerguess.meta import SPEC
from drezlab.games.pokerguess.predictions import Prediction
from drezlab.kits.chips import actions_by_kind, bot_turn, pot_odds


class ProbabilityPlayer:
    """Predicts and bets by exact truth probabilities (see the module docstring)."""

    name = "probability"

    def __init__(self, seed: int | None = None, margin: float = 0.05) -> None:
        if not 0.0 <= margin <= 1.0:
            raise ValueError("margin is a probability from 0 to 1")
        self.rng = random.Random(seed)
        self.margin = margin
        #: the chance to win behind the last decision (lessons show the bot's reasoning)
        self.last_chance: float | None = None

    def __repr__(self) -> str:
        return "ProbabilityPlayer()"

    def choose(self, game: Game) -> Action:
        """The bot's action for the seat to move, decided from that seat's view only."""
        view, actions = bot_turn(game, SPEC.name, self.name)
        seat = view.seat
        if len(actions) == 1:
            return actions[0]
        step = view.public["step"]
        if step == "reveal":
            board = view.ids(BOARD_ZONE)
            return max(actions, key=lambda action: (_company(action.data.card.id, board), action.text))
        chances = view_truth_table(view)
        in_hand = contenders(view)
        rivals = [(rival.key, 1.0 - chances[rival]) for other, rival in current_predictions(view).items()
                  if other != seat and other in in_hand]
        if step == "predict":
            return max(actions, key=lambda action: (_win_chance(action.data.prediction, chances, rivals),
                                                    action.data.prediction.key))
        return self._bet(view, actions, chances, rivals)

    def _bet(self, view: Observation, actions: list[Action], chances: dict[Prediction, float],
             rivals: list[tuple[tuple[int, int, int, int], float]]) -> Action:
        seat = view.seat
        assert seat is not None
        used = {Prediction.parse(text) for _, text in view.public["announced"]}
        best_new = max((_win_chance(prediction, chances, rivals) for prediction in chances if prediction not in used),
                       default=0.0)
        mine = current_predictions(view).get(seat)
        keep = _win_chance(mine, chances, rivals) if mine is not None else -1.0
        new = mine is None or best_new > keep + self.margin
        chance = best_new if new else keep
        self.last_chance = chance
        mine_actions = [action for action in actions if isinstance(action.data, Fold) or action.data.new == new]
        by_kind = actions_by_kind(mine_actions)
        players = max(1, len(contenders(view)))
        to_call = view.public["to_call"]
        odds = pot_odds(to_call, view.public["pot"])
        raises = by_kind.get("raise", [])
        stay = by_kind.get("stay", []) or by_kind.get("allin", [])
        if raises and (chance >= 0.6 or chance >= 2.0 / players):
            return raises[len(raises) // 2]
        if stay and (not to_call or chance >= odds):
            return stay[0]
        if "fold" in by_kind:
            return by_kind["fold"][0]
        return (stay or mine_actions or actions)[0]


def _win_chance(prediction: Prediction, chances: dict[Prediction, float],
                rivals: list[tuple[tuple[int, int, int, int], float]]) -> float:
    """P(mine true) x P(false) of each standing rival prediction checked before mine (D14)."""
    chance = chances[prediction]
    key = prediction.key
    for rival_key, false_chance in rivals:
        if rival_key > key:
            chance *= false_chance
    return chance


def _company(card_id: str, board: tuple[str, ...]) -> int:
    """How many board cards share this card's figure or colour (showing it tells less)."""
    return sum(1 for other in board if other[0] == card_id[0] or other[1] == card_id[1])
