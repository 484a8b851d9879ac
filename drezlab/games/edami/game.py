"""EDAMI luck-card chess ("Cartas de la Suerte"): the game.

Rules: ``shared/rules/chess-cards.md`` §0 and §4 (seed 001), every DECISION
there binding (D1, D21–D41). A turn of side S (§4.3):

1. Turn-change checks: insufficient material, mate or stalemate judged on chess
   moves under the active temporary effect (D22), the lead-king loss (D39),
   then repetition and the 50/75-move rules (D1).
2. The person controlling S may use a kept veto (D34).
3. In check: a normal move only, no card (Rule 7) — unless ``king_capture``.
4. Otherwise a normal move or a draw (``mandatory_card``: always draw, D33).
5. Action card: obey it as far as possible (Rule 3, D27), else a normal move
   (2nd edition) or a lost turn (1st edition). Special card: keep it (or use
   it), then a normal move (Rule 4).
6. Check ends the turn at once (Rule 6); objectives claim their prize right
   after the fulfilling move (D35).

Persons and colours. Seat 0 starts with White. Harakiri (D41) swaps which
person controls which colour while it is the active temporary card; ``to_move``
is always the person controlling the side to move, and results are credited to
persons. Kept special cards belong to persons; the temporary effect helps the
original colour of the person holding it (D36, D41).

Action notation (``str(action)``):

=======================  ==============================================================
``e2e4`` / ``e7e8q``      a chess move: normal move, card sub-move or second knight move
``draw``                  take the top card (target: the ``pile``)
``relocate b1e4``         Cambia: put the piece on b1 on the empty square e4
``remove e4``             Quita / Bomba: remove the piece on e4
``N@e4``                  Recupera or a prize: put a lost knight on e4 (targets ``lost-N``, ``e4``)
``decline``               do not claim an objective's prize (the card is discarded)
``steal c12``             Comodín: take the rival's special card c12
``veto``                  use "No me gusta tu jugada"
``stop``                  supercaballos: no second knight move
``resign`` / ``claim``    resign; claim a draw (``draw_claims="claim"``)
=======================  ==============================================================

Choices this module makes where the rules are silent (each also in the tests):

* Forced results need no click: Pierde el turno, an impossible card, feroz and
  loca bombs and an empty Comodín are resolved when the card is drawn.
* If a side has no legal normal move after keeping a special card (a new
  temporary effect took its last move away) its turn passes; if it is also in
  check (a replaced effect uncovered an attack), it is checkmated.
* A second veto drawn while holding one goes to the rival; if the rival holds
  one too it goes to the used pile (nobody may hold two).
* A lead-king holder in check with only king moves who holds a usable veto is
  offered only the veto (moving the king would lose at once) and resignation.
* A veto correction that was a normal move must be a chess move (no draw); a
  correction of a card sub-move must move a piece of the same type (the same
  card entry); a correction of a second knight move must be a knight move.
* Recover and prizes never need a king-safety test: adding an own piece can
  never attack the own king.
"""

from __future__ import annotations

import json
import random
from typing import Any, Mapping, Sequence

import chess

from drezlab.core.action import Action, Outcome
from drezlab.core.errors import BadRecord
from drezlab.core.game import (Game, field_of, load_record, record_seed, replay_record, rng_state_to_json, short_repr)
from drezlab.core.i18n import add_translations, t
from drezlab.games.edami.cards import (NON_KING_TYPES, OBJECTIVES, PIECE_LETTERS, CardSpec, EdamiDeck,
                                       SpecLike, check_specs, parse_spec)
from drezlab.games.edami.moves import SUPER_TYPES, Effect, attackers, in_check, is_castling, legal_moves

WHITE, BLACK = 0, 1
SQUARE_NAMES = chess.SQUARE_NAMES
IMPOSSIBLE_CARD = ("normal_move", "lose_turn")
BOMB_MODES = ("standard", "cruel", "feroz", "loca")
DRAW_CLAIMS = ("auto", "claim")
PHASES = ("start", "free", "card", "knight2", "relocate", "remove", "recover", "prize", "steal")
OUTCOME_REASONS = ("checkmate", "stalemate", "insufficient material", "threefold repetition",
                   "fivefold repetition", "fifty-move rule", "seventy-five-move rule", "resignation",
                   "lead king", "king captured", "draw claimed (threefold repetition)",
                   "draw claimed (fifty-move rule)")
ZONE_MASKS = {
    "center": chess.BB_D4 | chess.BB_E4 | chess.BB_D5 | chess.BB_E5,
    "wide-center": sum(chess.BB_SQUARES[chess.square(f, r)] for f in range(2, 6) for r in range(2, 6)),
    "queenside": chess.BB_FILE_A | chess.BB_FILE_B | chess.BB_FILE_C,
    "kingside": chess.BB_FILE_F | chess.BB_FILE_G | chess.BB_FILE_H,
}
HALF_MASKS = {chess.WHITE: chess.BB_RANK_1 | chess.BB_RANK_2 | chess.BB_RANK_3 | chess.BB_RANK_4,
              chess.BLACK: chess.BB_RANK_5 | chess.BB_RANK_6 | chess.BB_RANK_7 | chess.BB_RANK_8}
PAWN_RANKS = sum(chess.BB_RANKS[r] for r in range(1, 7))
START_COUNTS = {chess.QUEEN: 1, chess.ROOK: 2, chess.BISHOP: 2, chess.KNIGHT: 2, chess.PAWN: 8}
_EMPTY_CTX: dict[str, Any] = {"card": None, "remaining": (), "need": 0, "target": 0, "moved": (),
                              "then": "end", "prizes": (), "excluded": None, "excluded_type": 0,
                              "can_veto_now": False, "lead_lock": False}


def seat_color(seat: int) -> chess.Color:
    return chess.WHITE if seat == WHITE else chess.BLACK


class Edami(Game):
    """A game of EDAMI luck-card chess for two persons (seat 0 starts with White).

    Options (§4.7): ``impossible_card`` ("normal_move" = 2nd edition, default;
    "lose_turn" = 1st edition; or ``edition=1``/``2``), ``mandatory_card``,
    ``king_capture`` (default = ``mandatory_card``), ``bomb_mode``, ``deck``
    (an :class:`EdamiDeck`, deck text or list of specs), ``special_cards``
    ("all" or the special kinds/effects to keep), ``blank_card_effect`` (a card
    spec the blank card acts as; default none), ``draw_claims``.

    Teachers' positions: ``fen`` plus ``drawn`` (a card the side to move has just
    drawn, resolved at once), ``specials`` ({seat: [cards kept]}), ``temporary``
    ((card, seat holding it)), ``pile`` (drawing order, first drawn first),
    ``used`` (the used pile) and ``lost`` (lost pieces as letters, upper case
    White: ``"QNp"``; default: what is missing from the starting material).
    """

    seat_names = ("White", "Black")
    name = "edami"
    title = "EDAMI luck-card chess"
    hidden_information = False

    def __init__(self, seed: int | None = None, *, impossible_card: str = "normal_move",
                 edition: int | None = None, mandatory_card: bool = False, king_capture: bool | None = None,
                 bomb_mode: str = "standard", deck: EdamiDeck | str | Sequence[Any] | None = None,
                 special_cards: str | Sequence[str] = "all", blank_card_effect: SpecLike | None = None,
                 draw_claims: str = "auto", fen: str | None = None, drawn: SpecLike | None = None,
                 specials: Mapping[Any, Sequence[SpecLike]] | None = None,
                 temporary: Sequence[Any] | None = None, pile: Sequence[SpecLike] | None = None,
                 used: Sequence[SpecLike] | None = None, lost: str | None = None) -> None:
        super().__init__()
        if edition is not None:
            if edition not in (1, 2):
                raise ValueError(f"edition must be 1 (lose the turn) or 2 (normal move), not {edition!r}")
            impossible_card = "lose_turn" if edition == 1 else "normal_move"
        if impossible_card not in IMPOSSIBLE_CARD:
            raise ValueError(f"impossible_card must be 'normal_move' or 'lose_turn', not {impossible_card!r}")
        if bomb_mode not in BOMB_MODES:
            raise ValueError(f"bomb_mode must be one of {', '.join(BOMB_MODES)}, not {bomb_mode!r}")
        if draw_claims not in DRAW_CLAIMS:
            raise ValueError(f"draw_claims must be 'auto' or 'claim', not {draw_claims!r}")
        self.impossible_card = impossible_card
        self.mandatory_card = bool(mandatory_card)
        self.king_capture = self.mandatory_card if king_capture is None else bool(king_capture)
        self.bomb_mode = bomb_mode
        self.draw_claims = draw_claims
        self.deck_spec = self._make_deck(deck, special_cards)
        try:
            self.blank_effect = None if blank_card_effect is None else parse_spec(blank_card_effect)
        except ValueError as error:
            raise BadRecord(f"blank_card_effect: {error}") from None
        if self.blank_effect is not None and self.blank_effect.kind == "blank":
            raise BadRecord("blank_card_effect cannot be the blank card itself")
        if seed is None:            # a concrete seed, so that the JSON record replays exactly
            seed = random.SystemRandom().randrange(2**32)
        self.seed = seed
        self.options = {"impossible_card": impossible_card, "mandatory_card": self.mandatory_card,
                        "king_capture": self.king_capture, "bomb_mode": bomb_mode,
                        "deck": self.deck_spec.to_text(), "special_cards": "all",
                        "blank_card_effect": None if self.blank_effect is None else self.blank_effect.text(),
                        "draw_claims": draw_claims}
        self.rng = random.Random(seed)
        self.cards: list[CardSpec] = self.deck_spec.cards()
        self._ids = {f"c{i + 1}": i for i in range(len(self.cards))}
        self.deck: list[int] = []          # the draw pile; the last element is the top card
        self.used: list[int] = []
        self.specials: list[list[int]] = [[], []]
        self.temporary: tuple[int, int] | None = None     # (card, seat holding it)
        self.lost: dict[bool, list[int]] = {chess.WHITE: [0] * 7, chess.BLACK: [0] * 7}
        self.last_card: tuple[int, int] | None = None     # (card, seat that drew it)
        self.last_move: chess.Move | None = None
        self.phase = "start"
        self.turn_color: chess.Color = chess.WHITE
        self.ctx: dict[str, Any] = dict(_EMPTY_CTX)
        self._outcome: Outcome | None = None
        self.veto_record: tuple[Any, ...] | None = None
        self._veto_pending: tuple[Any, ...] | None = None
        self._veto_return: str | None = None
        self._turn_last = "move"
        self._repetitions: dict[Any, int] = {}
        self._rep_log: list[Any] = []
        self._moves_key: Any = None
        self._moves: list[chess.Move] = []
        self._redacted = False
        self._viewer: int | None = None
        #: a loaded view's vetoable move (a view keeps only what can be seen of the veto record)
        self._public_veto: str | None = None
        self.board = chess.Board()
        if fen is None and any(v is not None for v in (drawn, specials, temporary, pile, used, lost)):
            raise ValueError("drawn, specials, temporary, pile, used and lost describe a teacher's position: "
                             "give a fen too")
        if fen is None:
            self.deck = list(range(len(self.cards)))
            self.rng.shuffle(self.deck)
        else:
            self.options.update({"fen": fen, "drawn": None, "specials": None, "temporary": None,
                                 "pile": None, "used": None, "lost": lost})
            self._set_up(fen, drawn, specials, temporary, pile, used, lost)
        self._repetitions = {self.board._transposition_key(): 1}
        self._rep_log = []
        self._begin_turn()
        if fen is not None and drawn is not None and self._outcome is None:
            self._draw(forced=self._take_named([drawn], "drawn")[0])
        self._rep_log = []

    # ------------------------------------------------------------------ set-up
    @staticmethod
    def _make_deck(deck: EdamiDeck | str | Sequence[Any] | None, special_cards: str | Sequence[str]) -> EdamiDeck:
        if deck is None:
            built = EdamiDeck.default()
        elif isinstance(deck, EdamiDeck):
            built = deck
        elif isinstance(deck, str):
            built = EdamiDeck.from_text(deck)
        elif isinstance(deck, (list, tuple)):
            built = EdamiDeck(deck)
        else:
            raise BadRecord(f"deck must be an EdamiDeck, deck text or a list of card specs, not {type(deck).__name__}")
        if special_cards != "all":
            if isinstance(special_cards, str):
                special_cards = [special_cards]
            built = built.only_specials(special_cards)
        return built

    def _take_named(self, specs: Sequence[SpecLike], where: str) -> list[int]:
        """The card numbers of ``specs``, taken out of the draw pile; a card the deck lacks is
        added to this game as an extra card (a teacher's position may use any card)."""
        taken = []
        for spec in check_specs(list(specs), where):
            for position in range(len(self.deck) - 1, -1, -1):
                if self.cards[self.deck[position]] == spec:
                    taken.append(self.deck.pop(position))
                    break
            else:
                self.cards.append(spec)
                self._ids[f"c{len(self.cards)}"] = len(self.cards) - 1
                taken.append(len(self.cards) - 1)
        return taken

    def _set_up(self, fen: str, drawn: SpecLike | None, specials: Mapping[Any, Sequence[SpecLike]] | None,
                temporary: Sequence[Any] | None, pile: Sequence[SpecLike] | None,
                used: Sequence[SpecLike] | None, lost: str | None) -> None:
        if not isinstance(fen, str):
            raise BadRecord(f"the FEN must be text, not {type(fen).__name__}")
        try:
            board = chess.Board(fen)
        except ValueError as error:
            raise BadRecord(f"the FEN {short_repr(fen, 100)} is not a chess position: {error}") from None
        harmful = (chess.STATUS_NO_WHITE_KING | chess.STATUS_NO_BLACK_KING | chess.STATUS_TOO_MANY_KINGS
                   | chess.STATUS_PAWNS_ON_BACKRANK | chess.STATUS_OPPOSITE_CHECK | chess.STATUS_EMPTY)
        if board.status() & harmful:
            raise BadRecord(f"the FEN {short_repr(fen, 100)} is not a legal EDAMI position (D25: kings, "
                            "no pawn on rank 1 or 8, the side not to move not in check)")
        self.board = board
        self.deck = list(range(len(self.cards)))
        if drawn is not None:
            self.options["drawn"] = parse_spec(drawn).text() if isinstance(drawn, (str, CardSpec)) else drawn
        if specials is not None:
            if not isinstance(specials, Mapping) or {str(k) for k in specials} - {"0", "1"}:
                raise BadRecord("specials must map seats 0 and 1 to lists of kept special cards")
            self.options["specials"] = {str(k): [parse_spec(s).text() for s in check_specs(list(v), "specials")]
                                        for k, v in specials.items()}
            for seat, cards in specials.items():
                taken = self._take_named(cards, f"special cards of seat {seat}")
                for card in taken:
                    if self.cards[card].kind not in ("veto", "objective"):
                        raise BadRecord(f"only vetoes and objectives are kept in hand, not {self.cards[card].text()!r}"
                                        " (a temporary card goes in temporary=)")
                self.specials[int(seat)] = taken
                if sum(self.cards[c].kind == "veto" for c in taken) > 1:
                    raise BadRecord("nobody may hold two vetoes (§4.8.1)")
        if temporary is not None:
            if not isinstance(temporary, (list, tuple)) or len(temporary) != 2 or temporary[1] not in (0, 1):
                raise BadRecord("temporary must be (card, seat holding it), e.g. ('Temporary: superqueen', 0)")
            card = self._take_named([temporary[0]], "temporary")[0]
            if self.cards[card].kind != "temporary":
                raise BadRecord(f"{self.cards[card].text()!r} is not a temporary card")
            self.temporary = (card, int(temporary[1]))
            self.options["temporary"] = [self.cards[card].text(), int(temporary[1])]
        named_pile = self._take_named(pile, "pile") if pile is not None else None
        named_used = self._take_named(used, "used pile") if used is not None else []
        if drawn is not None:
            drawn_card = self._take_named([drawn], "drawn")[0]
            self.deck.append(drawn_card)        # put back: drawn again (on top) after the turn-start checks
        rest = [c for c in self.deck if drawn is None or c != self.deck[-1]]
        if named_pile is not None:
            self.options["pile"] = [self.cards[c].text() for c in named_pile]
            self.used = named_used + rest
            self.deck = list(reversed(named_pile))
        else:
            self.rng.shuffle(rest)
            self.deck = rest
            self.used = named_used
        if used is not None:
            self.options["used"] = [self.cards[c].text() for c in named_used]
        if drawn is not None:
            self.deck.append(drawn_card)
        self._set_lost(lost)

    def _set_lost(self, lost: str | None) -> None:
        if lost is None:
            for color in (chess.WHITE, chess.BLACK):
                for ptype, count in START_COUNTS.items():
                    self.lost[color][ptype] = max(0, count - len(self.board.pieces(ptype, color)))
            return
        if not isinstance(lost, str) or any(ch not in "QRBNPqrbnp" for ch in lost):
            raise BadRecord("lost is written as piece letters, upper case for White, e.g. 'QNp'")
        for ch in lost:
            piece = chess.Piece.from_symbol(ch)
            self.lost[piece.color][piece.piece_type] += 1

    # ------------------------------------------------------------ basic access
    @property
    def players(self) -> int:
        return 2

    @property
    def swapped(self) -> bool:
        """Harakiri is the active temporary card: persons play the other colour (D41)."""
        return self.temporary is not None and self.cards[self.temporary[0]].param == "harakiri"

    def controller(self, color: chess.Color) -> int:
        """The seat (person) playing ``color`` now."""
        seat = WHITE if color == chess.WHITE else BLACK
        return 1 - seat if self.swapped else seat

    @property
    def to_move(self) -> int | None:
        return None if self._outcome is not None else self.controller(self.board.turn)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    #: (temporary, effect) of the last ``effect`` lookup: the effect is read many times a ply
    _effect_memo: tuple[Any, Effect | None] = (None, None)

    @property
    def effect(self) -> Effect | None:
        """The active temporary effect and the colour it helps (the holder's original colour)."""
        temporary = self.temporary
        memo = self._effect_memo
        if memo[0] == temporary:
            return memo[1]
        effect = None if temporary is None else Effect(self.cards[temporary[0]].param, seat_color(temporary[1]))
        self._effect_memo = (temporary, effect)
        return effect

    def card_id(self, card: int) -> str:
        return f"c{card + 1}"

    def spec(self, card: int) -> CardSpec:
        return self.cards[card]

    def moves(self, position_key: Any = None) -> list[chess.Move]:
        """The chess moves of the side to move under the active effect (cached per position).

        ``position_key``: the board's ``_transposition_key()`` when the caller already has it."""
        effect = self.effect
        key = (self.board._transposition_key() if position_key is None else position_key, effect)
        if key != self._moves_key:
            self._moves = legal_moves(self.board, effect, self.king_capture)
            self._moves_key = key
        return self._moves

    def in_check(self, color: chess.Color | None = None) -> bool:
        """Is ``color`` (default: the side to move) in check under the active effect?"""
        return in_check(self.board, self.board.turn if color is None else color, self.effect)

    # ---------------------------------------------------------------- actions
    def _generate_actions(self) -> list[Action]:
        if self._redacted:
            return []
        return self._phase_actions() + self._turn_extras()

    def _turn_extras(self) -> list[Action]:
        """Draw claim and resignation, offered after the phase's actions at a move or draw decision."""
        if self.phase not in ("start", "free"):
            return []
        extras = []
        if self.draw_claims == "claim" and self.phase == "start" and self._claimable_draw():
            extras.append(Action("claim", (), t("Claim a draw"), ("claim",)))
        extras.append(Action("resign", (), t("Resign"), ("resign",)))
        return extras

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, drawn without building an action per chess move.

        At a move-or-draw decision the legal actions are the normal moves (in ``moves()``
        order) followed by a few others, so the index ``rng.randrange(len(legal_actions()))``
        is drawn the same way and only the chosen action is built: the same action for the
        same generator state as the base class (tests/test_edami_speed.py). The action is
        vouched for, so ``play`` skips looking it up."""
        if self._actions_cache is not None or self._redacted or self._outcome is not None \
                or self.phase not in ("start", "free") or (self.phase == "start" and self.ctx["lead_lock"]):
            return super().random_action(rng)
        moves, others = self._move_phase()
        others += self._turn_extras()
        index = rng.randrange(len(moves) + len(others))
        action = self._move_action(moves[index], "move") if index < len(moves) else others[index - len(moves)]
        self._vouched = action
        return action

    def _move_phase(self) -> tuple[list[chess.Move], list[Action]]:
        """The start (without a lead-king lock) and free phases: the normal moves offered and
        the other actions that follow them in ``_phase_actions`` (draw, veto)."""
        ctx = self.ctx
        others = []
        if self.phase == "start":
            can_draw = bool(self.deck or self.used) and (self.king_capture or not self.in_check())
            moves = [] if self.mandatory_card and can_draw else self.moves()
            if can_draw:
                others.append(Action("draw", ("pile",), t("Draw a card"), ("draw",)))
            if self._veto_usable():
                others.append(self._veto_action())
        else:
            moves = self.moves()
            if ctx["excluded"] is not None:
                moves = [m for m in moves if m.uci() != ctx["excluded"]]
            if ctx["can_veto_now"] and self._veto_usable():
                others.append(self._veto_action())
        return moves, others

    def _phase_actions(self) -> list[Action]:
        """The actions of the current phase without resignation and draw claims."""
        phase, ctx = self.phase, self.ctx
        if phase in ("start", "free"):
            if phase == "start" and ctx["lead_lock"]:
                return [self._veto_action()]
            moves, others = self._move_phase()
            return [self._move_action(m, "move") for m in moves] + others
        if phase == "card":
            return [self._move_action(m, "sub") for m in self._card_moves()]
        if phase == "knight2":
            actions = [self._move_action(m, "knight2") for m in self._knight_moves()
                       if m.uci() != ctx["excluded"]]
            if ctx["excluded"] is None:
                actions.append(Action("stop", (), t("No second knight move"), ("stop",)))
            return actions
        if phase == "relocate":
            return [Action(f"relocate {SQUARE_NAMES[a]}{SQUARE_NAMES[b]}", (SQUARE_NAMES[a], SQUARE_NAMES[b]),
                           f"{t('Relocate')} {SQUARE_NAMES[a]} → {SQUARE_NAMES[b]}", ("relocate", a, b))
                    for a, b in self._relocations()]
        if phase == "remove":
            return [Action(f"remove {SQUARE_NAMES[s]}", (SQUARE_NAMES[s],), f"{t('Remove')} {SQUARE_NAMES[s]}",
                           ("remove", s)) for s in self._removal_squares(self._effective(ctx["card"]))[0]]
        if phase == "recover":
            spec = self._effective(ctx["card"])
            return [self._place_action(p, s, "recover") for p, s in self._placements(spec.pieces)]
        if phase == "prize":
            prize = OBJECTIVES[self.cards[ctx["prizes"][0]].param][1]
            return [self._place_action(p, s, "prize") for p, s in self._placements((prize,))] + [
                Action("decline", (), t("Do not claim the prize"), ("decline",))]
        if phase == "steal":
            return [Action(f"steal {self.card_id(c)}", (self.card_id(c),),
                           f"{t('Steal')} {self.cards[c].title()}", ("steal", c)) for c in self._steal_options()]
        raise AssertionError(f"unknown phase {phase}")

    def _move_action(self, move: chess.Move, kind: str) -> Action:
        uci = move.uci()
        targets: tuple[str, ...] = (SQUARE_NAMES[move.from_square], SQUARE_NAMES[move.to_square])
        if move.promotion:
            targets += (f"promote-{chess.piece_symbol(move.promotion)}",)
        return Action(uci, targets, uci, (kind, move))

    def _veto_action(self) -> Action:
        return Action("veto", (), t("I don't like your move"), ("veto",))

    def _place_action(self, ptype: int, square: int, kind: str) -> Action:
        symbol = chess.Piece(ptype, self.board.turn).symbol()
        letter = PIECE_LETTERS[ptype]
        return Action(f"{letter}@{SQUARE_NAMES[square]}", (f"lost-{symbol}", SQUARE_NAMES[square]),
                      f"{letter}@{SQUARE_NAMES[square]}", (kind, ptype, square))

    def _effective(self, card: int) -> CardSpec:
        """What a card does: the blank card acts as ``blank_card_effect``."""
        spec = self.cards[card]
        return self.blank_effect if spec.kind == "blank" and self.blank_effect is not None else spec

    # ------------------------------------------------ card-directed sub-moves (D27)
    def _card_candidates(self, board: chess.Board, remaining: tuple[int, ...],
                         moved: frozenset[int]) -> list[chess.Move]:
        """Legal moves of unmoved pieces whose type fills a remaining entry."""
        return [m for m in legal_moves(board, self.effect, self.king_capture)
                if m.from_square not in moved and board.piece_type_at(m.from_square) in remaining]

    def _after_sub(self, board: chess.Board, move: chess.Move) -> tuple[chess.Board, bool]:
        """The board after a sub-move with the same side to move again, and whether it gave check
        (or took the king: both end the turn with the full score)."""
        mover = board.turn
        after = board.copy(stack=False)
        took_king = bool(after.kings & chess.BB_SQUARES[move.to_square])
        after.push(move)
        ended = took_king or in_check(after, not mover, self.effect)
        after.turn = mover
        after.ep_square = None
        after.clear_stack()
        return after, ended

    @staticmethod
    def _fill(remaining: tuple[int, ...], ptype: int, choose: bool) -> tuple[int, ...]:
        index = remaining.index(ptype)
        return remaining[:index] + remaining[index + 1:]

    def _moved_after(self, board: chess.Board, move: chess.Move, moved: frozenset[int]) -> frozenset[int]:
        squares = {move.to_square}
        if is_castling(board, move):        # D28: the castled rook counts as moved too
            rank = chess.square_rank(move.from_square)
            squares.add(chess.square(5 if move.to_square > move.from_square else 3, rank))
        return moved | squares

    def _best(self, board: chess.Board, remaining: tuple[int, ...], need: int, moved: frozenset[int],
              goal: int) -> int:
        """The best score reachable from here (at most ``need``), stopping once ``goal`` is reached."""
        best = 0
        if need <= 0:
            return 0
        for move in self._card_candidates(board, remaining, moved):
            value = self._value(board, move, remaining, need, moved, goal)
            if value > best:
                best = value
                if best >= goal:
                    break
        return best

    def _value(self, board: chess.Board, move: chess.Move, remaining: tuple[int, ...], need: int,
               moved: frozenset[int], goal: int) -> int:
        """Score of a sequence starting with ``move``: check ends it with the full score (D27)."""
        after, ended = self._after_sub(board, move)
        if ended or need == 1:
            return need
        ptype = board.piece_type_at(move.from_square)
        return 1 + self._best(after, self._fill(remaining, ptype, False), need - 1,
                              self._moved_after(board, move, moved), goal - 1)

    def _card_moves(self) -> list[chess.Move]:
        ctx = self.ctx
        moved = frozenset(ctx["moved"])
        candidates = self._card_candidates(self.board, ctx["remaining"], moved)
        if ctx["excluded"] is not None:
            candidates = [m for m in candidates if m.uci() != ctx["excluded"]
                          and self.board.piece_type_at(m.from_square) == ctx["excluded_type"]]
        return [m for m in candidates
                if self._value(self.board, m, ctx["remaining"], ctx["need"], moved, ctx["target"]) >= ctx["target"]]

    def _knight_moves(self) -> list[chess.Move]:
        knights = self.board.knights
        return [m for m in self.moves() if knights & chess.BB_SQUARES[m.from_square]]

    # ------------------------------------------------------- card actions
    #: (position key, effect, relocations): a drawn Cambia is checked, then listed, in one position
    _relocation_memo: tuple[Any, Effect | None, list[tuple[int, int]]] = (None, None, [])

    def _relocations(self) -> list[tuple[int, int]]:
        """Cambia: (from, to) pairs that leave the own king safe (unless king capture).

        Exactly "put the piece there and test check", with most tests decided on
        bitboards: an own piece is only a blocker; a rival piece can only add an attack
        from a square it would attack the king from (``_reach``), when its removal
        exposed nothing."""
        board, mover = self.board, self.board.turn
        effect = self.effect
        key = board._transposition_key()
        memo = self._relocation_memo
        if memo[0] == key and memo[1] == effect:
            return list(memo[2])
        rival = not mover
        movable = board.occupied_co[mover] | (board.occupied_co[rival] & ~board.kings)
        empty = ~board.occupied & chess.BB_ALL
        king = board.king(mover)
        result = []
        for source in chess.scan_forward(movable):
            piece = board.remove_piece_at(source)
            assert piece is not None
            targets = empty
            if piece.piece_type == chess.PAWN:
                targets &= PAWN_RANKS
            if self.king_capture or king is None:
                result += [(source, target) for target in chess.scan_forward(targets)]
            elif piece.color == mover and piece.piece_type == chess.KING:
                result += [(source, target) for target in chess.scan_forward(targets)
                           if not attackers(board, rival, target, effect, board.occupied | chess.BB_SQUARES[target])]
            elif piece.color == mover:
                if not attackers(board, rival, king, effect):
                    result += [(source, target) for target in chess.scan_forward(targets)]
                else:
                    result += [(source, target) for target in chess.scan_forward(targets)
                               if not attackers(board, rival, king, effect,
                                                board.occupied | chess.BB_SQUARES[target])]
            else:
                exposed = bool(attackers(board, rival, king, effect))
                reach = chess.BB_ALL if exposed else self._reach(piece, king, effect)
                for target in chess.scan_forward(targets):
                    if reach & chess.BB_SQUARES[target]:
                        board.set_piece_at(target, piece)
                        safe = not in_check(board, mover, effect)
                        board.remove_piece_at(target)
                        if not safe:
                            continue
                    result.append((source, target))
            board.set_piece_at(source, piece)
        self._relocation_memo = (key, effect, result)
        return list(result)

    @staticmethod
    def _reach(piece: chess.Piece, king: int, effect: Effect | None) -> int:
        """Squares from which ``piece`` could attack ``king`` on an empty board (under the
        effect): elsewhere, placing it cannot give the king a new attacker."""
        ptype = piece.piece_type
        reach = 0
        if ptype == chess.PAWN:
            reach = chess.BB_PAWN_ATTACKS[not piece.color][king]
        elif ptype == chess.KNIGHT:
            reach = chess.BB_KNIGHT_ATTACKS[king]
        elif ptype == chess.KING:
            reach = chess.BB_KING_ATTACKS[king]
        if ptype in (chess.ROOK, chess.QUEEN):
            reach |= chess.BB_RANK_ATTACKS[king][0] | chess.BB_FILE_ATTACKS[king][0]
        if ptype in (chess.BISHOP, chess.QUEEN):
            reach |= chess.BB_DIAG_ATTACKS[king][0]
        if effect is not None and effect.color == piece.color and SUPER_TYPES.get(effect.name) == ptype:
            reach |= chess.BB_KNIGHT_ATTACKS[king]
        return reach

    def _zone(self, spec: CardSpec) -> int:
        if spec.param == "your-half":
            return HALF_MASKS[self.board.turn]
        return ZONE_MASKS[spec.param]

    def _removal_squares(self, spec: CardSpec) -> tuple[list[int], bool]:
        """Quita / Bomba: the squares one may empty, and whether the bomb removes them all at once."""
        board, mover = self.board, self.board.turn
        rival = board.occupied_co[not mover] & ~board.kings
        if spec.kind == "remove":
            mask = 0
            for ptype in spec.pieces:
                mask |= board.pieces_mask(ptype, not mover)
            return self._safe_removals(list(chess.scan_forward(mask))), False
        zone = self._zone(spec)
        if self.bomb_mode in ("feroz", "loca"):
            mask = (rival if self.bomb_mode == "feroz" else board.occupied & ~board.kings) & zone
            squares = list(chess.scan_forward(mask))
            if squares and self._safe_removal(squares):     # D31: all or nothing
                return squares, True
            return [], True
        if self.bomb_mode == "cruel" and not rival & zone:
            return self._safe_removals(list(chess.scan_forward(board.occupied_co[mover] & ~board.kings & zone))), False
        return self._safe_removals(list(chess.scan_forward(rival & zone))), False

    def _safe_removals(self, squares: list[int]) -> list[int]:
        return [s for s in squares if self._safe_removal([s])]

    def _safe_removal(self, squares: list[int]) -> bool:
        if self.king_capture:
            return True
        board = self.board
        pieces = [(s, board.remove_piece_at(s)) for s in squares]
        safe = not in_check(board, board.turn, self.effect)
        for square, piece in pieces:
            board.set_piece_at(square, piece)
        return safe

    def _placements(self, types: Sequence[int]) -> list[tuple[int, int]]:
        """Recupera / prize: (type, square) for every lost piece of the allowed types (D32)."""
        board, mover = self.board, self.board.turn
        empty = ~board.occupied & chess.BB_ALL
        result = []
        for ptype in sorted(set(types), reverse=True):
            if self.lost[mover][ptype] <= 0:
                continue
            squares = empty & PAWN_RANKS if ptype == chess.PAWN else empty
            result += [(ptype, s) for s in chess.scan_forward(squares)]
        return result

    def _steal_options(self) -> list[int]:
        thief = self.to_move
        assert thief is not None
        rival = 1 - thief
        holds_veto = any(self.cards[c].kind == "veto" for c in self.specials[thief])
        options = [c for c in self.specials[rival] if not (holds_veto and self.cards[c].kind == "veto")]
        if self.temporary is not None and self.temporary[1] == rival:
            options.append(self.temporary[0])
        return options

    # ---------------------------------------------------------------- veto
    def _held_veto(self, seat: int) -> int | None:
        for card in self.specials[seat]:
            if self.cards[card].kind == "veto":
                return card
        return None

    def _veto_usable(self) -> bool:
        """D34: a veto in hand, a last rival turn that ended with a chess move, and another move to make."""
        seat = self.to_move
        if seat is None or self.veto_record is None or self._held_veto(seat) is None:
            return False
        probe = self._copy(with_history=False)
        probe._do_veto()
        probe._invalidate()
        return bool(probe._phase_actions())

    def _do_veto(self) -> None:
        seat = self.to_move
        assert seat is not None and self.veto_record is not None
        (board, lost, phase, ctx, last_move, uci, ptype, completed, mover, rep_key, turn_last) = self.veto_record
        veto = self._held_veto(seat)
        assert veto is not None
        upon_drawing = self.phase == "free" and self.ctx["can_veto_now"]
        self.specials[seat].remove(veto)
        self.used.append(veto)
        self._count(rep_key, -1)
        self.board = board.copy(stack=False)
        self.turn_color = self.board.turn
        self.lost = {chess.WHITE: list(lost[0]), chess.BLACK: list(lost[1])}
        self.last_move = last_move
        for card in completed:
            (self.used if card in self.used else self.deck).remove(card)
            self.specials[mover].append(card)
        self.phase = "free" if phase == "start" else phase
        self.ctx = dict(ctx, excluded=uci, excluded_type=ptype, can_veto_now=False, lead_lock=False)
        self._veto_return = "free" if upon_drawing else "start"
        self.veto_record = None
        self._veto_pending = None
        self._turn_last = turn_last

    # ---------------------------------------------------------------- playing
    def _apply(self, action: Action) -> Any:
        kind = action.data[0]
        snapshot = self._snapshot(with_rng=kind == "draw")
        self._rep_log = []
        if kind in ("move", "sub", "knight2"):
            self._chess_move(action.data[1], kind, snapshot[0])
        elif kind == "draw":
            self._draw()
        elif kind == "veto":
            self._do_veto()
        elif kind == "stop":
            self._end_turn()
        elif kind == "relocate":
            self._relocate(action.data[1], action.data[2])
        elif kind == "remove":
            self._remove([action.data[1]])
        elif kind == "recover":
            self._place(action.data[1], action.data[2])
            self._end_turn("card")
        elif kind == "prize":
            self._place(action.data[1], action.data[2])
            self._prize_done(gave_check=self.in_check(not self.board.turn))
        elif kind == "decline":
            self._prize_done(gave_check=False)
        elif kind == "steal":
            self._steal(action.data[1])
        elif kind == "resign":
            self._finish((1 - self.to_move,), "resignation")   # type: ignore[operator]
        elif kind == "claim":
            self._finish((), f"draw claimed ({self._claimable_draw()})")
        return snapshot, self._rep_log

    def _revert(self, action: Action, undo_info: Any) -> None:
        snapshot, rep_log = undo_info
        for key in reversed(rep_log):
            self._count(key, -1)
        self._restore(snapshot)

    def _chess_move(self, move: chess.Move, kind: str, board_before: chess.Board) -> None:
        """Play one chess move; ``board_before`` is an untouched copy of the board now (the
        undo snapshot's, shared with the veto record: neither is ever changed in place)."""
        board = self.board
        mover = board.turn
        person = self.controller(mover)
        effect = self.effect
        ptype = board.piece_type_at(move.from_square)
        assert ptype is not None
        before = (board_before, (tuple(self.lost[chess.WHITE]), tuple(self.lost[chess.BLACK])),
                  self.phase, dict(self.ctx), self.last_move, move.uci(), ptype)
        captured = board.piece_type_at(move.to_square)
        if board.is_en_passant(move):
            captured = chess.PAWN
        castled = is_castling(board, move)
        moved_after = self._moved_after(board, move, frozenset(self.ctx["moved"])) if kind == "sub" else None
        fullmove = board.fullmove_number
        board.push(move)
        board.clear_stack()
        self.last_move = move
        self._turn_last = "move"
        if captured:
            self.lost[not mover][captured] += 1
        if captured == chess.KING:
            self._finish((person,), "king captured")
            return
        gave_check = in_check(board, not mover, effect)
        completed = self._objectives(person, mover, move, ptype, captured, castled, gave_check)
        self._veto_pending = before + (completed, person)
        if gave_check:
            then = "end"
        elif kind == "sub":
            ctx = self.ctx
            self.ctx = dict(ctx, remaining=self._fill(ctx["remaining"], ptype, False), need=ctx["need"] - 1,
                            target=ctx["target"] - 1, moved=tuple(sorted(moved_after or ())),
                            excluded=None, excluded_type=0)
            then = "card" if self.ctx["target"] > 0 else "end"
        elif kind == "move" and ptype == chess.KNIGHT and effect is not None and effect.name == "superknights" \
                and effect.color == mover and self.ctx["excluded"] is None:
            then = "knight2"      # D37: one more knight move is allowed, not required
        else:
            then = "end"
        self.ctx = dict(self.ctx, excluded=None, excluded_type=0, can_veto_now=False)
        if then != "end" or self.ctx["prizes"]:
            board.turn = mover            # the turn goes on (D29: no en passant after the first sub-move)
            board.ep_square = None
            board.fullmove_number = fullmove
        if self.ctx["prizes"]:
            self.ctx["then"] = then
            self._enter_prize()
        else:
            self._continue(then)

    def _objectives(self, person: int, mover: chess.Color, move: chess.Move, ptype: int, captured: int | None,
                    castled: bool, gave_check: bool) -> tuple[int, ...]:
        """D35: objectives the move fulfils; their prizes are queued (or the cards discarded)."""
        if self.swapped:
            return ()
        done = []
        sixth = 5 if mover == chess.WHITE else 2
        for card in list(self.specials[person]):
            spec = self.cards[card]
            if spec.kind != "objective":
                continue
            goal = spec.param
            if ((goal == "check" and gave_check) or (goal == "castle" and castled)
                    or (goal == "pawn-6th" and ptype == chess.PAWN and chess.square_rank(move.to_square) == sixth)
                    or (goal == "capture" and captured not in (None, chess.PAWN, chess.KING))):
                done.append(card)
                self.specials[person].remove(card)
        if done:
            self.ctx = dict(self.ctx, prizes=self.ctx["prizes"] + tuple(done))
        return tuple(done)

    def _enter_prize(self) -> None:
        """Offer the first queued prize; a prize with no lost piece just discards its card."""
        while self.ctx["prizes"]:
            card = self.ctx["prizes"][0]
            prize = OBJECTIVES[self.cards[card].param][1]
            if self._placements((prize,)):
                self.phase = "prize"
                return
            self.used.append(card)
            self.ctx = dict(self.ctx, prizes=self.ctx["prizes"][1:])
        self._continue(self.ctx["then"])

    def _prize_done(self, gave_check: bool) -> None:
        card = self.ctx["prizes"][0]
        self.used.append(card)
        self.ctx = dict(self.ctx, prizes=self.ctx["prizes"][1:], then="end" if gave_check else self.ctx["then"])
        self._enter_prize()

    def _continue(self, then: str) -> None:
        if then == "card":
            self.phase = "card"
        elif then == "knight2" and self._knight_moves():
            self.phase = "knight2"
        else:
            self._end_turn()

    def _edited(self, squares: Sequence[int]) -> None:
        """D30: after a card adds, removes or relocates pieces: rights only lost, clocks reset."""
        board = self.board
        for square in squares:
            board.castling_rights &= ~chess.BB_SQUARES[square]
        for color, backrank in ((chess.WHITE, chess.BB_RANK_1), (chess.BLACK, chess.BB_RANK_8)):
            king = board.king(color)
            if king is None or king != (chess.E1 if color == chess.WHITE else chess.E8):
                board.castling_rights &= ~backrank
        board.castling_rights = board.clean_castling_rights()
        board.ep_square = None
        board.halfmove_clock = 0

    def _relocate(self, source: int, target: int) -> None:
        board = self.board
        piece = board.remove_piece_at(source)
        board.set_piece_at(target, piece)
        if piece is not None and piece.piece_type == chess.KING:
            board.castling_rights &= ~(chess.BB_RANK_1 if piece.color == chess.WHITE else chess.BB_RANK_8)
        self._edited([source, target])
        self.last_move = chess.Move(source, target)
        self._end_turn("card")

    def _remove(self, squares: Sequence[int]) -> None:
        board = self.board
        for square in squares:
            piece = board.remove_piece_at(square)
            assert piece is not None
            self.lost[piece.color][piece.piece_type] += 1
        self._edited(squares)
        self._end_turn("card")

    def _place(self, ptype: int, square: int) -> None:
        mover = self.board.turn
        self.lost[mover][ptype] -= 1
        self.board.set_piece_at(square, chess.Piece(ptype, mover))
        self._edited([square])

    def _steal(self, card: int) -> None:
        thief = self.to_move
        assert thief is not None
        if self.temporary is not None and self.temporary[0] == card:
            self.temporary = (card, thief)          # D36: the effect goes with the card
        else:
            self.specials[1 - thief].remove(card)
            self.specials[thief].append(card)
        self._enter_free()

    # ------------------------------------------------------------ drawing cards
    def _draw(self, forced: int | None = None) -> None:
        """Take the top card (D23: reshuffle the used pile when the deck is empty) and resolve it."""
        if forced is None:
            if not self.deck:
                self.deck = self.used
                self.used = []
                self.rng.shuffle(self.deck)
            card = self.deck.pop()
        else:
            card = forced
            if card in self.deck:
                self.deck.remove(card)
        seat = self.to_move
        assert seat is not None
        self.last_card = (card, seat)
        self._resolve(card, seat)

    def _resolve(self, card: int, seat: int) -> None:
        spec = self._effective(card)
        kind = spec.kind
        if kind in ("move", "choose"):
            self.used.append(card)
            need = spec.required
            best = self._best(self.board, spec.pieces, need, frozenset(), need)
            if not best:
                self._impossible()
                return
            self.phase = "card"
            self.ctx = dict(_EMPTY_CTX, card=card, remaining=spec.pieces, need=need, target=best)
        elif kind == "lose_turn":
            self.used.append(card)
            self._pass()
        elif kind in ("relocate", "remove", "bomb", "recover"):
            self.used.append(card)
            self.ctx = dict(_EMPTY_CTX, card=card)
            if kind == "relocate":
                possible = bool(self._relocations())
            elif kind == "recover":
                possible = bool(self._placements(spec.pieces))
            else:
                squares, at_once = self._removal_squares(spec)
                possible = bool(squares)
                if possible and at_once:
                    self._remove(squares)
                    return
            if not possible:
                self._impossible()
                return
            self.phase = {"relocate": "relocate", "recover": "recover"}.get(kind, "remove")
        elif kind == "veto":
            if self._held_veto(seat) is None:
                self.specials[seat].append(card)
                self._enter_free(can_veto_now=True)
                return
            if self._held_veto(1 - seat) is None:
                self.specials[1 - seat].append(card)       # not stackable: a gift to the rival
            else:
                self.used.append(card)
            self._enter_free()
        elif kind == "objective":
            self.specials[seat].append(card)
            self._enter_free()
        elif kind == "temporary":
            if self.temporary is not None:
                self.used.append(self.temporary[0])
            self.temporary = (card, seat)
            self._enter_free()
        elif kind == "wildcard":
            self.used.append(card)
            if self._steal_options():
                self.phase = "steal"
                self.ctx = dict(_EMPTY_CTX)
            else:
                self._enter_free()
        else:       # the blank card without an effect
            self.used.append(card)
            self._enter_free()

    def _impossible(self) -> None:
        """Rule 3 / edition note: the card cannot be obeyed at all."""
        if self.impossible_card == "lose_turn":
            self._pass()
        else:
            self._enter_free()

    def _enter_free(self, can_veto_now: bool = False) -> None:
        self.phase = "free"
        self.ctx = dict(_EMPTY_CTX, can_veto_now=can_veto_now)
        if not self.moves():
            if self.in_check() and not self.king_capture:
                self._finish((self.controller(not self.board.turn),), "checkmate")
            elif not (can_veto_now and self._veto_usable()):
                self._pass()

    def _pass(self) -> None:
        """Pierde el turno (D30): the side flips, en passant is cleared, the halfmove clock goes up."""
        self.board.ep_square = None
        self.board.halfmove_clock += 1
        self._end_turn("card")

    # ------------------------------------------------------------ turn changes
    def _end_turn(self, how: str = "") -> None:
        """The turn of ``turn_color`` ends: flip the side, keep the veto record, count the position."""
        board = self.board
        mover = self.turn_color
        if how:
            self._turn_last = how
        if board.turn == mover:
            board.turn = not mover
            if mover == chess.BLACK:
                board.fullmove_number += 1
        key = board._transposition_key()
        if self._turn_last == "move" and self._veto_pending is not None:
            self.veto_record = self._veto_pending + (key, "move")
        else:
            self.veto_record = None
        self._veto_pending = None
        self._count(key, +1)
        self._rep_log.append(key)
        self._begin_turn(key)

    def _begin_turn(self, key: Any = None) -> None:
        """§4.3 step 1 for the side to move, then the phase it starts in (``key``: the
        position's transposition key when the caller has just computed it)."""
        board = self.board
        if key is None:
            key = board._transposition_key()
        color = board.turn
        veto_return, self._veto_return = self._veto_return, None
        self.phase = "start"
        self.turn_color = color
        self.ctx = dict(_EMPTY_CTX)
        self._turn_last = "move"
        if board.is_insufficient_material():
            self._finish((), "insufficient material")
            return
        moves = self.moves(key)
        checked = self.in_check()
        if not self.king_capture:
            if not moves:
                if checked:
                    self._finish((self.controller(not color),), "checkmate")
                else:
                    self._finish((), "stalemate")
                return
            effect = self.effect
            if effect is not None and effect.name == "lead-king" and effect.color == color and checked and \
                    all(board.kings & chess.BB_SQUARES[m.from_square] for m in moves):
                if self._veto_usable():
                    self.ctx["lead_lock"] = True
                else:
                    self._finish((1 - self.temporary[1],), "lead king")   # type: ignore[index]
                    return
        count = self._repetitions.get(key, 0)
        if count >= 5:
            self._finish((), "fivefold repetition")
        elif board.halfmove_clock >= 150:
            self._finish((), "seventy-five-move rule")
        elif self.draw_claims == "auto" and (claim := self._claimable_draw(key)) is not None:
            self._finish((), claim)
        elif veto_return == "free":
            self._enter_free()
        elif not moves and not (self.deck or self.used) and not self.ctx["lead_lock"]:
            self._pass()        # D33: king-capture mode, nothing to draw and nothing to move

    def _claimable_draw(self, key: Any = None) -> str | None:
        if self.board.halfmove_clock >= 100:
            return "fifty-move rule"
        if self._repetitions.get(self.board._transposition_key() if key is None else key, 0) >= 3:
            return "threefold repetition"
        return None

    def _count(self, key: Any, step: int) -> None:
        count = self._repetitions.get(key, 0) + step
        if count > 0:
            self._repetitions[key] = count
        else:
            self._repetitions.pop(key, None)

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        scores = (0.5, 0.5) if not winners else tuple(1.0 if seat in winners else 0.0 for seat in (0, 1))
        self._outcome = Outcome(winners, reason, scores)   # type: ignore[arg-type]
        self.phase = "start"

    # -------------------------------------------------------- snapshot & undo
    def _snapshot(self, with_rng: bool = False) -> tuple[Any, ...]:
        return (self.board.copy(stack=False), list(self.deck), list(self.used),
                [list(self.specials[0]), list(self.specials[1])], self.temporary,
                (list(self.lost[chess.WHITE]), list(self.lost[chess.BLACK])), self.last_card, self.last_move,
                self.phase, self.turn_color, dict(self.ctx), self._outcome, self.veto_record, self._veto_pending,
                self._veto_return, self._turn_last, self.rng.getstate() if with_rng else None)

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        (board, deck, used, specials, self.temporary, lost, self.last_card, self.last_move, self.phase, self.turn_color, ctx,
         self._outcome, self.veto_record, self._veto_pending, self._veto_return, self._turn_last,
         rng_state) = snapshot
        self.board = board.copy(stack=False)
        self.deck, self.used = list(deck), list(used)
        self.specials = [list(specials[0]), list(specials[1])]
        self.lost = {chess.WHITE: list(lost[0]), chess.BLACK: list(lost[1])}
        self.ctx = dict(ctx)
        if rng_state is not None:
            self.rng.setstate(rng_state)

    def copy(self) -> "Edami":
        return self._copy(with_history=True)

    def _copy(self, with_history: bool) -> "Edami":
        """An independent copy; a throw-away probe (``with_history=False``) skips the undo
        history, whose copy grows with the game."""
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone.board = self.board.copy(stack=False)
        clone.deck, clone.used = list(self.deck), list(self.used)
        clone.specials = [list(self.specials[0]), list(self.specials[1])]
        clone.lost = {chess.WHITE: list(self.lost[chess.WHITE]), chess.BLACK: list(self.lost[chess.BLACK])}
        clone.ctx = dict(self.ctx)
        clone._repetitions = dict(self._repetitions)
        clone._rep_log = []
        clone.rng = random.Random()
        clone.rng.setstate(self.rng.getstate())
        clone._history = list(self._history) if with_history else []
        clone._invalidate()
        return clone

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> "Edami":
        """D26: everything is public except the order of the draw pile (and the seed and random state)."""
        if seat not in (WHITE, BLACK, None):
            raise ValueError(f"seat must be 0, 1 or None (spectator), not {seat!r}")
        clone = self.copy()
        clone._redacted = True
        clone._viewer = seat
        clone.seed = None
        clone.rng = random.Random(0)
        clone._history = []
        clone.deck = sorted(self.deck)        # the count and the multiset stay; the order is gone
        clone.options = {k: v for k, v in self.options.items() if k not in ("pile",)}
        return clone

    def _is_redacted_view(self) -> bool:
        return self._redacted

    # ------------------------------------------------------------------- JSON
    def state(self, include_secrets: bool = True) -> dict[str, Any]:
        """Everything that describes the game now, as plain JSON values."""
        ids = self.card_id
        ctx = self.ctx
        state: dict[str, Any] = {
            "fen": self.board.fen(),
            "deck_count": len(self.deck),
            "used": [ids(c) for c in self.used],
            "specials": [[ids(c) for c in hand] for hand in self.specials],
            "temporary": None if self.temporary is None else [ids(self.temporary[0]), self.temporary[1]],
            "lost": "".join(chess.Piece(p, color).symbol() * self.lost[color][p]
                            for color in (chess.WHITE, chess.BLACK) for p in NON_KING_TYPES),
            "last_card": None if self.last_card is None else [ids(self.last_card[0]), self.last_card[1]],
            "last_move": None if self.last_move is None else self.last_move.uci(),
            "phase": self.phase,
            "ctx": {"card": None if ctx["card"] is None else ids(ctx["card"]),
                    "remaining": "".join(PIECE_LETTERS[p] for p in ctx["remaining"]), "need": ctx["need"],
                    "target": ctx["target"], "moved": [SQUARE_NAMES[s] for s in ctx["moved"]],
                    "then": ctx["then"], "prizes": [ids(c) for c in ctx["prizes"]], "excluded": ctx["excluded"],
                    "can_veto_now": ctx["can_veto_now"], "lead_lock": ctx["lead_lock"]},
            "veto": self._public_veto if self.veto_record is None else self.veto_record[5],
            "to_move": self.to_move,
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
        }
        if include_secrets:
            state["deck"] = [ids(c) for c in self.deck]
            state["rng"] = rng_state_to_json(self.rng)
        return state

    def to_json(self) -> str:
        """A versioned record: options (the teacher's setup included), seed, every action and the
        final state, which ``from_json`` replays and compares; a view records its public state."""
        if self._redacted:
            record = {"game": self.name, "version": self.record_version, "kind": "view", "viewer": self._viewer,
                      "options": self.options, "state": self.state(include_secrets=False)}
        else:
            record = {"game": self.name, "version": self.record_version, "kind": "game", "seed": self.seed,
                      "options": self.options, "actions": [a.text for a, _ in self._history],
                      "state": self.state()}
        return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> "Edami":
        """Rebuild a game by replaying its record; ``BadRecord`` for anything damaged or altered."""
        data = load_record(text, [cls.name], cls.record_version)
        try:
            return cls._from_record(data)
        except BadRecord:
            raise
        except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError,
                AssertionError, RecursionError, MemoryError) as error:
            raise BadRecord(f"the saved game is damaged and cannot be rebuilt ({type(error).__name__}: "
                            f"{short_repr(str(error), 120)})") from None

    @classmethod
    def _from_record(cls, data: dict[str, Any]) -> "Edami":
        options = dict(field_of(data, "options", dict))
        allowed = {"impossible_card", "mandatory_card", "king_capture", "bomb_mode", "deck", "special_cards",
                   "blank_card_effect", "draw_claims", "fen", "drawn", "specials", "temporary", "pile", "used",
                   "lost"}
        if set(options) - allowed:
            raise BadRecord(f"unknown options in the record: {sorted(set(options) - allowed)}")
        kind = data.get("kind")
        state = field_of(data, "state", dict)
        if kind == "view":
            viewer = data.get("viewer")
            if isinstance(viewer, bool) or viewer not in (0, 1, None):
                raise BadRecord("the view's seat must be 0, 1 or null")
            options.pop("pile", None)
            game = cls(seed=None, **options)
            game._load_public(state)
            view = game.view(viewer)
            if view.state(include_secrets=False) != state:
                raise BadRecord("the saved view is not consistent")
            return view
        if kind != "game":
            raise BadRecord(f"unknown record kind {short_repr(kind)} (expected 'game' or 'view')")
        seed = record_seed(data)
        game = cls(seed=seed, **options)
        replay_record(game, data, game.state)
        return game

    def _load_public(self, state: dict[str, Any]) -> None:
        """Set a view's public state from a record (every card id checked against the deck)."""
        def card(value: Any) -> int:
            if not isinstance(value, str) or value not in self._ids:
                raise BadRecord(f"unknown card id {short_repr(value)}")
            return self._ids[value]

        self.board = chess.Board(field_of(state, "fen", str, "state"))
        self.used = [card(c) for c in field_of(state, "used", list, "state")]
        specials = field_of(state, "specials", list, "state")
        if len(specials) != 2:
            raise BadRecord("the saved special cards must be two lists")
        self.specials = [[card(c) for c in hand] for hand in specials]
        temporary = state.get("temporary")
        self.temporary = None if temporary is None else (card(temporary[0]), int(temporary[1]) & 1)
        last_card = state.get("last_card")
        self.last_card = None if last_card is None else (card(last_card[0]), int(last_card[1]) & 1)
        self.lost = {chess.WHITE: [0] * 7, chess.BLACK: [0] * 7}
        self._set_lost(field_of(state, "lost", str, "state"))
        prizes = [card(c) for c in field_of(state, "ctx", dict, "state").get("prizes", [])]
        taken = set(self.used) | set(self.specials[0]) | set(self.specials[1]) | set(prizes) | (
            {self.temporary[0]} if self.temporary else set())
        if len(taken) != len(self.used) + len(self.specials[0]) + len(self.specials[1]) + len(prizes) + \
                bool(self.temporary):
            raise BadRecord("a card appears twice in the saved view")
        self.deck = sorted(set(range(len(self.cards))) - taken)
        if len(self.deck) != field_of(state, "deck_count", int, "state"):
            raise BadRecord("the saved deck count does not match the cards")
        move = state.get("last_move")
        self.last_move = None if move is None else chess.Move.from_uci(move)
        phase = field_of(state, "phase", str, "state")
        if phase not in PHASES:
            raise BadRecord(f"unknown phase {short_repr(phase)}")
        self.phase = phase
        ctx = field_of(state, "ctx", dict, "state")
        self.ctx = dict(_EMPTY_CTX, card=None if ctx.get("card") is None else card(ctx["card"]),
                        remaining=tuple(chess.PIECE_SYMBOLS.index(ch.lower()) for ch in ctx.get("remaining", "")),
                        need=int(ctx.get("need", 0)), target=int(ctx.get("target", 0)),
                        moved=tuple(chess.parse_square(s) for s in ctx.get("moved", [])),
                        then=str(ctx.get("then", "end")), prizes=tuple(card(c) for c in ctx.get("prizes", [])),
                        excluded=ctx.get("excluded"), can_veto_now=bool(ctx.get("can_veto_now")),
                        lead_lock=bool(ctx.get("lead_lock")))
        veto = state.get("veto")
        if veto is not None and not isinstance(veto, str):
            raise BadRecord("the saved vetoable move must be text or null")
        self._public_veto = veto
        self._outcome = None if state.get("outcome") is None else Outcome.from_dict(state["outcome"])
        if self._outcome is not None and self._outcome.reason not in OUTCOME_REASONS:
            raise BadRecord("the saved outcome has an unknown reason")
        self._invalidate()

    # -------------------------------------------------------------- describing
    def describe(self, action: Action | str) -> str:
        """A log line such as 'White: Nf3' or 'Black: draw → Move both (K, Q)', computed before playing."""
        chosen = self.parse(action if isinstance(action, str) else action.text)
        who = self.seat_name(self.to_move)
        if chosen.data[0] in ("move", "sub", "knight2"):
            return f"{who}: {self.board.san(chosen.data[1])}"
        return f"{who}: {chosen.label}"

    def status_text(self) -> str:
        """Whose turn and what they must do, or how the game ended (current language)."""
        if self._outcome is not None:
            if self._outcome.is_draw:
                return f"{t('Draw')}: {t(self._outcome.reason)}"
            return f"{self.winner_text(self._outcome.winners[0])}: {t(self._outcome.reason)}"
        who = self.seat_name(self.to_move)
        side = t("White") if self.board.turn == chess.WHITE else t("Black")
        task = t(_PHASE_TASKS[self.phase])
        if self.phase == "start" and self.in_check():
            task = t("in check: defend without drawing")
        if self.swapped:
            return f"{who} ({t('playing')} {side}): {task}"
        return f"{who}: {task}"

    def _explain_illegal(self, text: str) -> str:
        if self._redacted:
            return "this is a view; play on the game itself"
        if self._outcome is not None:
            return f"the game is over ({self._outcome.reason}), so {text!r} cannot be played"
        task = _PHASE_TASKS[self.phase]
        hint = ""
        if self.phase == "start" and text == "draw":
            hint = " (a side in check may not draw: Rule 7)" if self.in_check() else " (no cards left to draw)"
        elif self.phase == "card" and self.ctx["card"] is not None:
            spec = self.cards[self.ctx["card"]]
            hint = (f" (the card {spec.text()!r} must be obeyed with the best possible order of moves: "
                    f"{', '.join(a.text for a in self._legal()[:8])} ...)")
        return f"{text!r} is not allowed now: {self.seat_name(self.to_move)} must {task.lower()}{hint}"

    def svg(self, viewer: int | None = None, **options: Any) -> str:
        """The table: board, the card just drawn, kept cards, temporary effect, pile and used counts."""
        from drezlab.games.edami.picture import draw_edami
        return draw_edami(self, flipped=bool(options.get("flipped", viewer == BLACK)))

    def __repr__(self) -> str:
        return f"<Edami {self.status_text()}; deck {len(self.deck)}, used {len(self.used)}>"


_PHASE_TASKS = {
    "start": "Move or draw a card", "free": "Make a normal move", "card": "Obey the card",
    "knight2": "Move a knight again or stop", "relocate": "Relocate a piece", "remove": "Remove a piece",
    "recover": "Put back a lost piece", "prize": "Claim the prize", "steal": "Steal a special card",
}

add_translations({
    "Move or draw a card": "Mueve o toma carta", "Make a normal move": "Haz una jugada normal",
    "Obey the card": "Obedece la carta", "Move a knight again or stop": "Mueve otra vez un caballo o termina",
    "Relocate a piece": "Cambia una pieza de sitio", "Remove a piece": "Quita una pieza",
    "Put back a lost piece": "Recupera una pieza", "Claim the prize": "Reclama el premio",
    "Steal a special card": "Roba una carta especial", "in check: defend without drawing":
        "en jaque: defiende sin tomar carta",
    "playing": "jugando", "Resign": "Abandonar", "Draw a card": "Tomar carta",
    "No second knight move": "Sin segunda jugada de caballo", "Do not claim the prize": "No reclamar el premio",
    "Steal": "Robar", "resignation": "abandono", "lead king": "rey de plomo", "king captured": "rey capturado",
})
