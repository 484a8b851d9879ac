"""Click narrowing: from the ids a player has clicked to the action they mean.

Pure Python (no Jupyter imports) so that it can be tested on its own.

Every ``Action`` carries ``targets``: the ids of the things a player touches to
make it (a card, a from-square, a to-square, a promotion choice). The widget
keeps the ids clicked so far, in any order, and:

* the *candidates* are the legal actions whose targets contain every clicked
  id, counted as a multiset (clicking ``e4`` once does not match an action
  that needs ``e4`` twice, and an id clicked twice needs two in the targets);
* the *next targets* are the targets of the candidates not yet clicked: any
  of them may be clicked next (the order stays free);
* the *highlight* follows the order of ``targets`` (the order a lesson teaches:
  card, then piece, then square): for each candidate, only its first target
  not yet clicked is highlighted (:func:`staged_targets`). Before the first
  click that is what a turn starts with (cards, the pile, pieces that can
  move), never a bare destination;
* when exactly one candidate has all its targets clicked, that action is
  complete and is played. (When an action's targets are a sub-multiset of
  another's, clicking the shorter set plays the shorter action; the longer one
  is reached by clicking its extra target first.)
* when several candidates have exactly the clicked ids, in different orders
  (an Abyss push ``e2-a2`` and its reverse ``a2-e2``), the order of the clicks
  decides: the action whose targets come in the order clicked is played
  (``e2`` then ``a2`` pushes from ``e2``); with none in that order, the one
  where the first click comes earliest among its targets, then the second...
  (:func:`click_order`). Only two actions with the very same targets in the
  same order could not be told apart by clicks (tests/test_never_stuck.py
  checks that no game offers such a pair);
* an id that fits no candidate restarts the selection with that id alone when
  it fits some action by itself, and is ignored otherwise;
* an id already selected is deselected when clicked again (unless the
  candidates need that id once more, for targets that repeat an id);
* actions without targets (pass, roll the die, ...) are never selected by
  clicks: the widget shows them as buttons;
* next targets that do not appear as a ``data-id`` in the current picture
  (a promotion choice such as ``promote-q``) are offered as buttons labelled
  by the target (see :func:`missing_targets`); before the first click, only
  for actions none of whose targets is in the picture.

What to click next, in words (the "Your turn" banner, issue 22): :func:`target_kind`
sorts an id into ``card`` / ``piece`` / ``square`` / ``button`` / ``spot`` by its
spelling alone (card ids such as ``Q5``/``X1b``, squares such as ``e4``/``b12``; a
square that another square of the same action follows is the ``piece`` that moves;
an id the picture does not show is a ``button``), and :func:`guidance` gives the
steps of the most common way to go on (``["card", "piece", "square"]``). The board
front end (``widgets/board.js``) computes the same, so the notebook and the class
pages say the same words; :func:`drezlab.core.face.guidance_text` puts them in words.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Protocol, Sequence

from drezlab.core.face import CARD_ID, SQUARE_ID, board_squares, svg_ids

__all__ = ["CARD_ID", "ClickResult", "SQUARE_ID", "Selection", "candidates", "click", "click_order", "clickable",
           "complete", "board_squares", "guidance", "missing_targets", "next_targets", "staged_targets", "svg_ids", "target_kind"]

#: the most steps the banner names ("pick a card, then a piece, then a square")
GUIDANCE_STEPS = 3


class HasTargets(Protocol):
    targets: tuple[str, ...]


def _fits(clicked: Counter, targets: Sequence[str]) -> bool:
    # ``targets.count``: no Counter per action (a position may offer thousands of actions)
    return all(targets.count(key) >= count for key, count in clicked.items())


def clickable(actions: Iterable[HasTargets]) -> list:
    """The actions that are made by clicking (those with at least one target)."""
    return [action for action in actions if action.targets]


def candidates(actions: Iterable[HasTargets], clicked: Sequence[str]) -> list:
    """The clickable actions whose targets contain every clicked id (multiset)."""
    have = Counter(clicked)
    return [action for action in clickable(actions) if _fits(have, action.targets)]


def next_targets(actions: Iterable[HasTargets], clicked: Sequence[str]) -> list[str]:
    """The ids that may be clicked next, in first-seen order, without repeats."""
    have = Counter(clicked)
    seen: dict[str, None] = {}
    for action in candidates(actions, clicked):
        remaining = Counter(action.targets) - have
        for target in action.targets:
            if remaining[target] > 0:
                seen.setdefault(target, None)
    return list(seen)


def staged_targets(actions: Iterable[HasTargets], clicked: Sequence[str],
                   present: Iterable[str] | None = None) -> list[str]:
    """The ids to highlight: for each candidate, its first target in order that the
    clicked ids do not already account for (first-seen order, no repeats). With
    ``present`` (the ids the picture shows), targets the picture does not show are
    passed over: they are buttons, and the highlight goes to the next one shown.

    Clicking in another order still works (every next target is accepted); only
    the highlight is staged so that it never floods the board."""
    have = Counter(clicked)
    shown = None if present is None else set(present)
    seen: dict[str, None] = {}
    for action in candidates(actions, clicked):
        left = Counter(have)
        for target in action.targets:
            if left[target] > 0:
                left[target] -= 1
                continue
            if shown is not None and target not in shown:
                continue
            seen.setdefault(target, None)
            break
    return list(seen)


def click_order(targets: Sequence[str], clicked: Sequence[str]) -> tuple[int, ...]:
    """Where each clicked id falls among ``targets`` (each click takes the first equal
    target not yet taken): ``(0, 1, ...)`` when they were clicked in their order."""
    free = list(targets)
    places = []
    for target in clicked:
        index = free.index(target)
        free[index] = None
        places.append(index)
    return tuple(places)


def complete(actions: Iterable[HasTargets], clicked: Sequence[str]):
    """The candidate whose targets are exactly the clicked ids, else ``None``; when
    several are (the same ids in another order), the one the click order names
    (the smallest :func:`click_order`), if only one does."""
    if not clicked:
        return None
    have = Counter(clicked)
    done = [action for action in candidates(actions, clicked) if Counter(action.targets) == have]
    if len(done) > 1:
        orders = [click_order(action.targets, clicked) for action in done]
        best = min(orders)
        done = [action for action, order in zip(done, orders) if order == best]
    return done[0] if len(done) == 1 else None


def missing_targets(actions: Iterable[HasTargets], clicked: Sequence[str], present: Iterable[str]) -> list[str]:
    """Next targets that the picture does not show: the widget makes them buttons.

    Before the first click only the actions with no target in the picture at
    all contribute (they could not be started otherwise); this keeps every
    promotion choice of the position from crowding the button row.
    """
    shown = set(present)
    actions = list(actions)
    if not clicked:
        actions = [action for action in actions if not shown.intersection(action.targets)]
    return [target for target in next_targets(actions, clicked) if target not in shown]


def target_kind(target: str, present: Iterable[str] | None = None, squares: set[str] | None = None) -> str:
    """``"card"``, ``"square"``, ``"button"`` (not in the picture ``present``) or ``"spot"``
    (anything else the picture shows) for one target id, by its spelling and, for a
    square, the picture's other ids (:func:`board_squares`; ``squares`` when known)."""
    if present is not None and target not in present:
        return "button"
    if CARD_ID.match(target):
        return "card"
    if SQUARE_ID.match(target):
        if present is None:
            return "square"
        if squares is None:
            squares = board_squares(present)
        if target in squares:
            return "square"
    return "spot"


def _kinds(targets: Sequence[str], present: set[str] | None, squares: set[str] | None) -> tuple[str, ...]:
    kinds = [target_kind(target, present, squares) for target in targets]
    # a square that another square of the same action follows holds the piece that moves
    return tuple("piece" if kind == "square" and "square" in kinds[index + 1:] else kind
                 for index, kind in enumerate(kinds))


def guidance(actions: Iterable[HasTargets], clicked: Sequence[str],
             present: Iterable[str] | None = None) -> tuple[list[list[str]], bool]:
    """What the next clicks are, as kinds of target, and whether buttons (actions
    without targets) are offered too.

    The steps are those left of the most common way to go on among the candidates
    (``[["card"], ["piece"], ["square"]]``: a card, then a piece, then a square; at most
    :data:`GUIDANCE_STEPS`). When the candidates begin with different kinds, only the
    first step is given, with those kinds as its choices (``[["card", "square"]]``:
    a card or a square).

    ``widgets/board.js`` (``guidance``) computes the same for the banner."""
    actions = list(actions)
    shown = None if present is None else set(present)
    squares = None if shown is None else board_squares(shown)
    buttons = any(not action.targets for action in actions)
    have = Counter(clicked)
    ways: dict[tuple[str, ...], int] = {}
    for action in candidates(actions, clicked):
        left = Counter(have)
        rest = []
        for target in action.targets:
            if left[target] > 0:
                left[target] -= 1
            else:
                rest.append(target)
        if rest:
            way = _kinds(rest, shown, squares)
            ways[way] = ways.get(way, 0) + 1
    if not ways:
        return [], buttons
    firsts = list(dict.fromkeys(way[0] for way in ways))
    if len(firsts) > 1:
        return [firsts], buttons
    best = max(ways, key=lambda way: ways[way])   # the first seen among the most common
    return [[kind] for kind in best[:GUIDANCE_STEPS]], buttons


@dataclass(frozen=True)
class ClickResult:
    """What one click did: the new selection and, if complete, the action to play."""

    clicked: tuple[str, ...]
    action: object | None = None
    changed: bool = True


def click(actions: Sequence[HasTargets], clicked: Sequence[str], target: str) -> ClickResult:
    """Apply one click on ``target`` to the selection ``clicked``.

    Returns the new selection; when that selection completes exactly one
    action, ``action`` is it (and the caller plays it and clears the selection).
    """
    clicked = tuple(clicked)
    actions = clickable(actions)
    grown = clicked + (target,)
    fitting = candidates(actions, grown)
    if target in clicked and not fitting:
        shrunk = list(clicked)
        shrunk.remove(target)
        return ClickResult(tuple(shrunk))
    if fitting:
        return ClickResult(grown, complete(fitting, grown))
    if clicked and candidates(actions, (target,)):
        return ClickResult((target,), complete(actions, (target,)))
    return ClickResult(clicked, None, changed=False)


class Selection:
    """The clicked ids of one decision, with the narrowing rules above.

    >>> sel = Selection()
    >>> action = sel.click(game.legal_actions(), "J3")   # None until complete
    """

    def __init__(self) -> None:
        self.clicked: tuple[str, ...] = ()

    def clear(self) -> None:
        self.clicked = ()

    def click(self, actions: Sequence[HasTargets], target: str):
        """Click ``target``; returns the completed action (selection cleared) or ``None``."""
        result = click(actions, self.clicked, target)
        if result.action is not None:
            self.clicked = ()
            return result.action
        self.clicked = result.clicked
        return None

    def candidates(self, actions: Sequence[HasTargets]) -> list:
        return candidates(actions, self.clicked)

    def next_targets(self, actions: Sequence[HasTargets]) -> list[str]:
        return next_targets(actions, self.clicked)

    def staged_targets(self, actions: Sequence[HasTargets], present: Iterable[str] | None = None) -> list[str]:
        return staged_targets(actions, self.clicked, present)

    def missing_targets(self, actions: Sequence[HasTargets], present: Iterable[str]) -> list[str]:
        return missing_targets(actions, self.clicked, present)

    def __repr__(self) -> str:
        return f"Selection({list(self.clicked)!r})"
