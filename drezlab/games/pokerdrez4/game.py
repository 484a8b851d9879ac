"""PokerDrez for 4: two teams on the cross board, every move backed by a card.

Rules: ``shared/rules/chess-cards.md`` §3 (from the Spanish source "PokerDrez para
4", seed 000), built on §1-§2 (PokerDrez for two), every DECISION there binding.
The card rules (permission, the turn, neutral cards, the last resort, plain chess)
are the card-chess layer's, :mod:`drezlab.kits.cardchess`; the board and the
pieces are :mod:`drezlab.games.pokerdrez4.cross`. In short:

* Seats and teams (§3). 0 Yellow (south), 1 Green (west), 2 Red (north), 3 Blue
  (east), moving in that order; Yellow and Red (light pieces) against Green and Blue
  (dark pieces); partners sit opposite. Each moves only its own colour.
* Board (D14): 14 x 14 without the 3 x 3 corners (160 squares), each side's back
  rank R N B Q K B N R from its own left, pawns in front.
* Cards (§3, D15): 2 private cards each, 5 common cards for all four, permission
  (§2.2) and the turn (§2.3) as in PokerDrez, neutral cards (D8) whose exchange (c)
  takes a random card from either opponent (``X1>hand-1`` / ``X1>hand-3``). No die,
  no pawn removal. Two decks by default (D3). Partners do not see each other's cards
  unless ``show_partner_cards``.
* Pieces (§3, D16, D17): pawns move like rooks without capturing and capture on
  their 4 diagonal neighbours, never promote; bishops may also step one square
  orthogonally onto an empty square; castling as in chess (a rook card). A piece may
  capture a partner's piece, never its own; no king is ever captured; only the two
  opponents give check.
* Re-entry (D18): a captured piece goes to its owner's public reserve and may come
  back on its own home square as the turn's move, with a card that permits moving
  its kind; not onto the mover's own piece or any king; another piece there is
  captured; the mover's king may not be left in check (check may be given).
* End (D19, D1). A seat with no permitted move and nothing left to try (D11) at the
  start of its turn is checkmated when in check (the other team wins), otherwise
  stalemated (a draw). Fivefold repetition and the 75-move rule end the game at
  once; threefold repetition and the 50-move rule end it automatically
  (``draw_claims="auto"``) or offer a claim (``"claim"``).
* Plain chess (D10, D20): once the pile is empty, any legal move without a card;
  pawns and bishops keep their changed moves and re-entry needs no card.

Choices this module makes where the rules file is silent:

* The 50- and 75-move rules count moves of every seat: 50 moves by each of the four
  players are 200 plies (75: 300) with no capture and no pawn move (the grid
  engine's count: a re-entry resets it when it captures or brings back a pawn).
* D1's insufficient-material test does not apply: no piece ever leaves this game (a
  captured piece waits in its owner's reserve and may re-enter), so mating material
  is always there.
* The repetition key is D1's (placement, side to move, castling rights); the
  reserves follow from the placement, every piece being somewhere.
* A teacher's position (``position=...``) lists the pieces as
  :meth:`~drezlab.games.pokerdrez4.cross.CrossBoard.placement` writes them (``yKh1``
  a Yellow king on h1, ``yNf3/e1`` a Yellow knight on f3 whose home is e1, ``+yNe1``
  a Yellow knight in reserve); a king and rook on their D14 starting squares keep
  that castling right. ``hands``, ``common`` and ``pile`` place cards as in PokerDrez.

Action notation (``str(action)``, accepted by ``play``/``parse``):

==================  =========================================================
``J3:h2h6``         discard card J3 and move the piece on h2 to h6
``N1:n@e1``         discard N1 and re-enter the knight whose home is e1
``J3:h1j1``         castling, written as the king's two-square move
``h2h6``, ``n@e1``  plain chess (the pile is empty): no card needed
``return Q5``       after using a common card: put Q5 back among the common cards
``X1>pile``         exchange neutral card X1 for the top card of the pile
``X1>Q5``           exchange private neutral X1 for the common card Q5
``X1>hand-1``       exchange X1 for a random card of Green's hand (``-3``: Blue's)
``stop``            no permitted move and no wish to exchange: end the game
``claim``           claim a draw (``draw_claims="claim"``)
==================  =========================================================

Each action's ``data`` is one of the card-chess layer's small immutable values
(:mod:`drezlab.kits.cardchessactions`: ``ChessMove``, ``Return``, ``Exchange``, ``Stop``,
``Claim``); the game has no action of its own besides the draw claim.

Targets (for clicking): a move is (card id, from-square, to-square); a re-entry is
(card id, ``reserve-<seat>-<kind letter>``, home square); an exchange is (neutral
id, ``pile`` | common card id | ``hand-N``).

Chance (``self.chance``): the shuffle of the deal and the card taken by
``X1>hand-N``. Views (``view(seat)``): the layer's zones (other hands unseen, the
partner's too unless ``show_partner_cards``) plus the placement, the reserves, the
castling rights, the last move and which kings are in check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from drezlab.core.action import Action
from drezlab.core.cards import Card, CardLike, Deck
from drezlab.core.chance import Chance
from drezlab.core.i18n import t, turn_text
from drezlab.games.pokerdrez4 import words
from drezlab.games.pokerdrez4.cross import (
    COLOUR_NAMES,
    SEATS,
    TEAMS,
    CrossBoard,
    CrossMoves,
    Move,
    move_text,
    opponents,
    partner,
    square_name,
    team_material,
)
from drezlab.games.pokerdrez4.meta import SPEC
from drezlab.games.pokerdrez4.position import board_from
from drezlab.kits.cardchess import (
    PHASE_PLAY,
    PHASE_RETURN,
    CardChessGame,
    CardChessState,
    count_position,
    place_teacher_cards,
)
from drezlab.kits.cardchessactions import CLAIM, Claim

HAND_SIZE, COMMON_SIZE = 2, 5
TURN_ORDER = (0, 1, 2, 3)
#: one seat's army: 8 pawns, 2 knights, 2 bishops, 2 rooks, a queen
FULL_ARMY = 39


class PokerDrez4Undo(NamedTuple):
    """What undoing one action needs besides the zones, the chance log and the board's
    own move stack: the card-chess layer's state."""

    turn: CardChessState


class PokerDrez4(CardChessGame):
    """A game of PokerDrez for 4 (seats 0 Yellow, 1 Green, 2 Red, 3 Blue).

    ``PokerDrez4(seed=7)`` deals a new game. Teachers build any position with
    ``PokerDrez4(position="yKh1 gKa7 ...", to_move=0, hands={0: [...]}, common=[...],
    pile=[...])``; every argument is checked (``BadRecord`` says what is wrong).
    ``chance=Scripted([...])`` fixes the shuffle and the cards taken (tests, lessons).
    """

    spec = SPEC
    #: the 50- and 75-move rules count moves of all four seats (D1)
    MOVE_PLIES = SEATS
    seat_names = COLOUR_NAMES
    _copy_with_method = ("board",)

    def __init__(
        self,
        seed: int | None = None,
        *,
        decks: int = 2,
        blocked_figures_are_jokers: bool = False,
        draw_claims: str = "auto",
        show_discard_history: bool = False,
        show_partner_cards: bool = False,
        position: str | None = None,
        to_move: int = 0,
        hands: Mapping[int, Sequence[CardLike]] | None = None,
        common: Sequence[CardLike] | None = None,
        pile: Sequence[CardLike] | None = None,
        chance: Chance | None = None,
    ) -> None:
        super().__init__()
        options = SPEC.validate_options({
            "decks": decks, "blocked_figures_are_jokers": blocked_figures_are_jokers, "draw_claims": draw_claims,
            "show_discard_history": show_discard_history, "show_partner_cards": show_partner_cards})
        if position is None and (hands is not None or common is not None or pile is not None or to_move != 0):
            raise ValueError("hands, common, pile and to_move describe a teacher's position: give a position too")
        self._keep_options(seed, options, chance)
        self.show_partner_cards: bool = options["show_partner_cards"]
        if position is not None:
            self.options.update({"position": position, "to_move": to_move, "hands": hands, "common": common,
                                 "pile": pile})
        if not self._begin_teacher_position():
            self.board = CrossBoard()
            cards = Deck.all_cards(self.decks)
            self.chance.shuffle(cards, "deal")
            self._lay_out(hands=([], [], [], []), common=[], pile=cards, discard=[])
            self._deal(HAND_SIZE, COMMON_SIZE)
        self._repetitions = {self.board.key(): 1}
        self._begin_turn(self.board.turn)
        self._seal_setup()

    def _lay_out(self, *, hands: Sequence[list[Card]], common: list[Card], pile: list[Card],
                 discard: list[Card]) -> None:
        sharing = [(partner(seat),) if self.show_partner_cards else () for seat in range(SEATS)]
        self._lay_out_cards(seats=SEATS, teams=TEAMS, turn_order=TURN_ORDER, hands=hands, common=common, pile=pile,
                            discard=discard, show_discard_history=self.show_discard_history, hand_sharing=sharing)

    def _bind(self) -> None:
        super()._bind()
        self._source = CrossMoves(self.board)

    def _set_up_teacher_position(self, position: str) -> None:
        """A teacher's position (base hook): the pieces ``position`` with ``to_move`` to move,
        read by :func:`~drezlab.games.pokerdrez4.position.board_from` (``BadRecord`` says what
        is wrong), and the cards ``hands``, ``common`` and ``pile`` of ``self.options`` placed
        by the card-chess kit; the position is recorded as given, the cards as card ids."""
        given = self.options
        self.board = board_from(position, given["to_move"])
        cards = place_teacher_cards(decks=self.decks, seats=SEATS, hands=given["hands"], common=given["common"],
                                    pile=given["pile"], hand_size=HAND_SIZE, common_size=COMMON_SIZE,
                                    shuffle=lambda rest: self.chance.shuffle(rest, "deal"), seat_name=self.seat_name)
        self._lay_out(hands=cards.hands, common=cards.common, pile=cards.pile, discard=cards.discard)
        given.update(cards.options)

    # ------------------------------------------------------------------ turns
    def _end_turn(self) -> None:
        self._begin_turn(self.board.turn)

    def _begin_turn(self, seat: int) -> None:
        """Start ``seat``'s turn: plain-chess switch, then every end-of-game check (D10, D19, D1)."""
        self._start_turn(seat)
        self._draw_checks()

    def _halfmove_clock(self) -> int:
        return self.board.clock

    def _repetition_count(self) -> int:
        return self._repetitions.get(self.board.key(), 0)

    def _count_position(self, step: int) -> None:
        count_position(self._repetitions, self.board.key(), step)

    def _finish_stuck(self) -> None:
        """D19: no permitted move and nothing left to try: mate if in check, else stalemate."""
        seat = self._seat
        if self.board.in_check(seat):
            self._conclude(tuple(sorted(opponents(seat))), "checkmate")
        else:
            self._conclude((), "stalemate")

    def _push_move(self, move: Move) -> None:
        self.board.push(move)
        self._count_position(+1)

    def _pop_move(self) -> None:
        self._count_position(-1)
        self.board.pop()

    # ---------------------------------------------------------------- actions
    def _side_actions(self) -> list[Action]:
        if self.draw_claims == "claim" and self._claimable_draw() is not None:
            return [Action("claim", (), t("Claim a draw"), CLAIM)]
        return []

    def _apply_other(self, action: Action) -> None:
        match action.data:
            case Claim():
                self._conclude((), f"draw claimed ({self._claimable_draw()})")
            case _:
                super()._apply_other(action)

    def _explain_illegal(self, text: str) -> str:
        """Why ``text`` is not an action now, in the current language."""
        if self._outcome is not None:
            return self._over_text(text)
        return words.explain_illegal(self, self.board, text)

    # -------------------------------------------------- simulations and bots
    @property
    def plies(self) -> int:
        """Moves played on the board (card returns and exchanges are not moves)."""
        return len(self.board.move_stack)

    def material(self, seat: int) -> int:
        """The material of ``seat``'s team on the board minus the other team's (pawn 1,
        knight and bishop 3, rook 5, queen 9; kings and reserves not counted)."""
        return team_material(self.board, TEAMS[seat])

    def adjudicate(self) -> tuple[float, ...] | None:
        """An unfinished game stopped by a simulation: the team with more material on
        the board wins; equal material is a draw (``None``)."""
        balance = self.material(0)
        if not balance:
            return None
        winning_team = 0 if balance > 0 else 1
        return tuple(0.5 if TEAMS[seat] == winning_team else 0.0 for seat in range(SEATS))

    def evaluate(self, seat: int) -> float:
        """The search bots' heuristic: the team's material balance as a share of a full
        army (-1 to 1)."""
        return max(-1.0, min(1.0, self.material(seat) / FULL_ARMY))

    # ------------------------------------------------------- undo and records
    def _save(self) -> PokerDrez4Undo:
        return PokerDrez4Undo(self._turn_state())

    def _restore(self, record: PokerDrez4Undo) -> None:
        self._restore_turn(record.turn)

    def _state(self) -> dict[str, Any]:
        """The zones, the layer's state and the board (checked on load)."""
        state = self._card_state()
        board = self.board
        state.update({"position": board.placement(), "turn": board.turn, "clock": board.clock,
                      "castling": board.castling})
        return state

    def _public(self, seat: int | None) -> dict[str, Any]:
        """What every seat sees besides the zones: pieces, reserves, castling, last move, checks."""
        public = self._card_public(seat)
        board = self.board
        stack = board.move_stack
        public.update({
            "position": board.placement(),
            "reserves": [[piece.code() + square_name(piece.home) for piece in reserve] for reserve in board.reserves],
            "castling": board.castling,
            "last_move": move_text(stack[-1][0]) if stack else None,
            "last_squares": [square_name(cell) for cell in (stack[-1][0].frm, stack[-1][0].to) if cell >= 0]
            if stack else [],
            "in_check": [other for other in range(SEATS) if board.in_check(other)],
            "clock": board.clock,
        })
        return public

    # -------------------------------------------------------------- describing
    def describe(self, action: Action | str) -> str:
        """The move log's line, in words in the current language, computed before the action
        is played: 'Yellow: knight to f3 with the Blue Knight card'."""
        return words.describe(self, self.board, self.parse(action))

    def status_text(self) -> str:
        """Whose turn (and who is in check), or how the game ended."""
        outcome = self._outcome
        if outcome is not None:
            if outcome.is_draw:
                return f"{t('Draw')}: {t(outcome.reason)}"
            team = "Yellow and Red win" if 0 in outcome.winners else "Green and Blue win"
            return f"{t(team)}: {t(outcome.reason)}"
        who = self.seat_name(self._seat)
        if self._phase == PHASE_RETURN:
            return f"{who}: {t('choose which card to return to the common cards')}"
        check = f" ({t('in check')})" if self._phase == PHASE_PLAY and self.board.in_check(self._seat) else ""
        return turn_text(who) + check

    def __repr__(self) -> str:
        return f"<PokerDrez4 {self.status_text()}; {t('pile')} {self.pile_count}>"
