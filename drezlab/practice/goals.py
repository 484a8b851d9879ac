"""Practice goals: what a pupil must achieve from an exercise's position.

A goal judges a game after every action: :data:`MET`, :data:`MISSED` or
:data:`OPEN`, each with a plain sentence saying why (in the current language,
English or Spanish through :func:`drezlab.core.i18n.t`). The goals follow
lichess practice (mate, mate in n, promotion = reaching a square) and add what
games with cards and dice need:

* :class:`Win` - win the game (optionally within ``n`` moves of the pupil);
* :class:`MateIn` - checkmate by the pupil's ``n``-th move (chess-like games);
* :class:`Reach` - a piece of the pupil's on a square (or cell) of the board;
* :class:`KeepMaterial` - no material lost after ``n`` moves (or by the end);
* :class:`Survive` - not lost after ``n`` moves of the pupil;
* :meth:`Goal.of` - any function of the game.

"A move of the pupil" is one turn: the pupil's actions until another seat is to
move or the game ends (a card and a move in PokerDrez, two actions in Dejarik
count one). A goal that counts moves is judged when the pupil is to move again
after the ``n``-th one (the replies have been played) or when the game ends.
A game that ends while a goal is still open misses it.

Material (:func:`material`) is the game's own ``material(seat)`` when it has one
(PokerDrez, PokerDrez for 4, Dejarik, the grid chess games: the seat's material
minus its rivals'), else for a game on a python-chess board the usual values
(pawn 1, knight and bishop 3, rook 5, queen 9) of the seat's side minus the
other's, else the game's ``evaluate(seat)``. The owner of a square
(:func:`owner_at`) is read from the game's board: python-chess boards, the grid
engine's positions (Jumping Bishop, the Guadalete family, PokerDrez for 4: each
piece knows its seat), and the games with ``piece_at(square)`` listed in
:data:`PIECE_OWNERS`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

import chess

from drezlab.boards.engine import Position
from drezlab.core.game import Game
from drezlab.core.i18n import add_translations, t

MET, MISSED, OPEN = "met", "missed", "open"
#: an attempt left before its goal was decided (the pupil moved, then tried again or
#: chose another exercise): recorded, so the teacher sees who gave up where
UNFINISHED = "unfinished"

add_translations({
    "Win the game": "Gana la partida",
    "Win the game within {n}": "Gana la partida en {n} como mucho",
    "Checkmate in {n}": "Da jaque mate en {n}",
    "Get a piece to {square}": "Lleva una pieza a {square}",
    "Get a piece to {square} within {n}": "Lleva una pieza a {square} en {n} como mucho",
    "Keep your material for {n}": "Conserva tu material durante {n}",
    "Keep your material to the end": "Conserva tu material hasta el final",
    "Do not lose for {n}": "No pierdas durante {n}",
    "You won: goal met.": "Has ganado: objetivo cumplido.",
    "The game ended without a win for you.": "La partida terminó sin que ganaras.",
    "No win within {n}.": "No has ganado en {n}.",
    "Checkmate on your move {moves}: goal met.": "Jaque mate en tu jugada {moves}: objetivo cumplido.",
    "The game ended by {reason}, not by your checkmate.":
        "La partida terminó por {reason}, no por tu jaque mate.",
    "No checkmate by your move {n}.": "No hubo jaque mate en tu jugada {n}.",
    "Your piece is on {square}: goal met.": "Tu pieza está en {square}: objetivo cumplido.",
    "The game ended before a piece of yours reached {square}.":
        "La partida terminó antes de que una pieza tuya llegara a {square}.",
    "No piece of yours reached {square} within {n}.":
        "Ninguna pieza tuya llegó a {square} en {n} jugadas.",
    "Your material is still {now} (it was {start}): goal met.":
        "Tu material sigue en {now} (era {start}): objetivo cumplido.",
    "Your material fell from {start} to {now}.": "Tu material bajó de {start} a {now}.",
    "You lost the game.": "Has perdido la partida.",
    "Still standing after {n}: goal met.": "Sigues en pie tras {n}: objetivo cumplido.",
    "The game ended and you did not lose: goal met.": "La partida terminó y no perdiste: objetivo cumplido.",
    "You lost before your move {n} was answered.": "Perdiste antes de que se respondiera tu jugada {n}.",
    "Goal met.": "Objetivo cumplido.",
    "Goal missed.": "Objetivo no cumplido.",
    "The game ended before the goal was met.": "La partida terminó antes de cumplir el objetivo.",
    "Moves played: {moves} of {n}.": "Jugadas hechas: {moves} de {n}.",
    "1 move": "1 jugada",
    "{n} moves": "{n} jugadas",
    "Moves played: {moves}.": "Jugadas hechas: {moves}.",
})


def _plain(value: float) -> str:
    """A number as a pupil reads it: ``3`` rather than ``3.0``, two decimals at most."""
    number = float(value)
    return str(int(number)) if number.is_integer() else f"{number:.2f}"


class Moves:
    """A number of moves, written "1 move" / "3 moves" ("1 jugada" / "3 jugadas") in the
    language current when the sentence holding it is formatted."""

    def __init__(self, n: int | None) -> None:
        self.n = n

    def __format__(self, spec: str) -> str:
        return t("1 move") if self.n == 1 else t("{n} moves").format(n=self.n)

    def __repr__(self) -> str:
        return f"Moves({self.n})"


@dataclass(frozen=True)
class Verdict:
    """A goal's judgement: ``state`` (met, missed, open) and why, as an English
    sentence with ``{}`` fields (``key``) filled from ``values``."""

    state: str
    key: str
    values: dict[str, Any] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        """The sentence in the current language."""
        return t(self.key).format(**self.values)

    @property
    def english(self) -> str:
        return self.key.format(**self.values)

    @property
    def decided(self) -> bool:
        return self.state != OPEN


@dataclass
class Progress:
    """How far an attempt has come: the pupil's seat, their moves so far (turns, see
    the module doc) and what a goal noted at the start (its ``begin`` value)."""

    pupil: int
    moves: int = 0
    noted: Any = None

    def after(self, game: Game, seat: int | None) -> None:
        """Count the action just played by ``seat``: a pupil's turn ends when another
        seat is to move or the game is over."""
        if seat == self.pupil and (game.is_over or game.to_move != self.pupil):
            self.moves += 1

    def replied(self, game: Game) -> bool:
        """Has everything after the pupil's last move been played (their turn again)?"""
        return game.is_over or game.to_move == self.pupil


def lost(game: Game, pupil: int) -> bool:
    """Is the game over with the pupil neither winning nor drawing (a solitaire's draw is lost)?"""
    outcome = game.outcome
    if outcome is None:
        return False
    if pupil in outcome.winners:
        return False
    return not (outcome.is_draw and game.players > 1)


def won(game: Game, pupil: int) -> bool:
    outcome = game.outcome
    return outcome is not None and pupil in outcome.winners


class Goal(ABC):
    """What the pupil must achieve; subclasses define :meth:`judge` and :meth:`text`."""

    def begin(self, game: Game, pupil: int) -> Any:
        """What the goal notes at the start of an attempt (e.g. the material); kept in
        :attr:`Progress.noted`."""
        return None

    @abstractmethod
    def judge(self, game: Game, progress: Progress) -> Verdict:
        """Met, missed or still open after the last action, with the sentence why."""

    @abstractmethod
    def text(self) -> str:
        """What to do, in the current language ("Checkmate in 2")."""

    def check(self, game: Game, progress: Progress) -> Verdict:
        """:meth:`judge`, except that a game over with the goal still open misses it."""
        verdict = self.judge(game, progress)
        if verdict.state == OPEN and game.is_over:
            return Verdict(MISSED, "The game ended before the goal was met.")
        return verdict

    def _open(self, progress: Progress, n: int | None) -> Verdict:
        if n is None:
            return Verdict(OPEN, "Moves played: {moves}.", {"moves": progress.moves})
        return Verdict(OPEN, "Moves played: {moves} of {n}.", {"moves": progress.moves, "n": n})

    @staticmethod
    def of(function: Callable[[Game, int], bool | None], text: str, text_es: str = "") -> Goal:
        """A goal given by ``function(game, pupil)``: ``True`` met, ``False`` missed,
        ``None`` still open; ``text`` says what to do (``text_es`` in Spanish)."""
        return FunctionGoal(function, text, text_es)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text()!r})"


def _moves(n: int | None, what: str) -> int | None:
    if n is None:
        return None
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"{what} needs a whole number of moves of at least 1, not {n!r}")
    return n


class Win(Goal):
    """Win the game (within ``n`` moves of the pupil when given)."""

    def __init__(self, n: int | None = None) -> None:
        self.n = _moves(n, "Win")

    def text(self) -> str:
        if self.n is None:
            return t("Win the game")
        return t("Win the game within {n}").format(n=Moves(self.n))

    def judge(self, game: Game, progress: Progress) -> Verdict:
        if won(game, progress.pupil):
            return Verdict(MET, "You won: goal met.")
        if game.is_over:
            return Verdict(MISSED, "The game ended without a win for you.")
        if self.n is not None and progress.moves >= self.n and progress.replied(game):
            return Verdict(MISSED, "No win within {n}.", {"n": Moves(self.n)})
        return self._open(progress, self.n)


class MateIn(Goal):
    """Checkmate by the pupil's ``n``-th move (games that end by ``"checkmate"``). It is
    judged missed when the pupil is to move again after it: in games where the mated
    side still acts (PokerDrez's die roll), the mate is declared on that action."""

    def __init__(self, n: int) -> None:
        self.n = _moves(n, "MateIn")

    def text(self) -> str:
        return t("Checkmate in {n}").format(n=self.n)

    def judge(self, game: Game, progress: Progress) -> Verdict:
        outcome = game.outcome
        if outcome is not None:
            if progress.pupil in outcome.winners and outcome.reason == "checkmate":
                return Verdict(MET, "Checkmate on your move {moves}: goal met.", {"moves": progress.moves})
            return Verdict(MISSED, "The game ended by {reason}, not by your checkmate.",
                           {"reason": t(outcome.reason) if outcome.reason else t("Game over")})
        assert self.n is not None
        if progress.moves >= self.n and progress.replied(game):
            return Verdict(MISSED, "No checkmate by your move {n}.", {"n": self.n})
        return self._open(progress, self.n)


#: games whose ``piece_at(square)`` gives a letter: registry name -> the letter's owner
PIECE_OWNERS: dict[str, Callable[[Game, str], int]] = {
    # Brandubh: "a" attackers play Black (seat 1), "d" defenders and "K" the king White (seat 0)
    "brandubh": lambda game, letter: 1 if letter == "a" else 0,
    # Abyss: "w"/"b" is a colour; each seat plays the colour ``colour_of(seat)`` gives
    "abyss": lambda game, letter: next(seat for seat in range(game.players)
                                       if cast(Any, game).colour_of(seat) == ("w", "b").index(letter)),
}


def owner_at(game: Game, square: str) -> int | None:
    """The seat whose piece stands on ``square``, or ``None`` (see the module doc)."""
    board = getattr(game, "board", None)
    if isinstance(board, chess.BaseBoard):
        piece = board.piece_at(chess.parse_square(square))
        return None if piece is None else (0 if piece.color == chess.WHITE else 1)
    position = getattr(game, "position", None)
    if isinstance(position, Position):       # the grid engine's games: the seat is on the piece
        found = position.piece_at(position.grid.cell(square))
        return None if found is None else found[0]
    rule = PIECE_OWNERS.get(game.name)
    if rule is None:
        raise ValueError(f"Reach needs a board whose squares drezlab can read; {type(game).__name__} "
                         "has none: use Goal.of with a function of the game instead")
    letter = cast(Any, game).piece_at(square)
    return None if letter is None else rule(game, letter)


class Reach(Goal):
    """A piece of the pupil's on ``square`` (within ``n`` moves when given)."""

    def __init__(self, square: str, n: int | None = None) -> None:
        if not isinstance(square, str) or not square.strip():
            raise ValueError(f"Reach needs a square such as 'e8', not {square!r}")
        self.square = square.strip().lower()
        self.n = _moves(n, "Reach")

    def text(self) -> str:
        if self.n is None:
            return t("Get a piece to {square}").format(square=self.square)
        return t("Get a piece to {square} within {n}").format(square=self.square, n=Moves(self.n))

    def begin(self, game: Game, pupil: int) -> Any:
        owner_at(game, self.square)     # a game without a readable board is refused at the start
        return None

    def judge(self, game: Game, progress: Progress) -> Verdict:
        if owner_at(game, self.square) == progress.pupil:
            return Verdict(MET, "Your piece is on {square}: goal met.", {"square": self.square})
        if game.is_over:
            return Verdict(MISSED, "The game ended before a piece of yours reached {square}.",
                           {"square": self.square})
        if self.n is not None and progress.moves >= self.n and progress.replied(game):
            return Verdict(MISSED, "No piece of yours reached {square} within {n}.",
                           {"square": self.square, "n": Moves(self.n)})
        return self._open(progress, self.n)


def material(game: Game, seat: int) -> float:
    """``seat``'s material as the module doc defines it."""
    own = getattr(game, "material", None)
    if callable(own):
        return float(own(seat))
    board = getattr(game, "board", None)
    if isinstance(board, chess.Board):
        from drezlab.kits.chessbots import material as chess_material
        return chess_material(board, chess.WHITE if seat == 0 else chess.BLACK)
    return float(game.evaluate(seat))


class KeepMaterial(Goal):
    """The pupil's material (see :func:`material`) is no lower than at the start after
    ``n`` moves and their replies (or, without ``n``, at the end of the game)."""

    def __init__(self, n: int | None = None) -> None:
        self.n = _moves(n, "KeepMaterial")

    def text(self) -> str:
        if self.n is None:
            return t("Keep your material to the end")
        return t("Keep your material for {n}").format(n=Moves(self.n))

    def begin(self, game: Game, pupil: int) -> Any:
        return material(game, pupil)

    def judge(self, game: Game, progress: Progress) -> Verdict:
        if lost(game, progress.pupil):
            return Verdict(MISSED, "You lost the game.")
        due = game.is_over or (self.n is not None and progress.moves >= self.n and progress.replied(game))
        if not due:
            return self._open(progress, self.n)
        start, now = progress.noted, material(game, progress.pupil)
        values = {"start": _plain(start), "now": _plain(now)}
        if won(game, progress.pupil) or now >= start:
            return Verdict(MET, "Your material is still {now} (it was {start}): goal met.", values)
        return Verdict(MISSED, "Your material fell from {start} to {now}.", values)


class Survive(Goal):
    """Not lost after ``n`` moves of the pupil and the replies to them."""

    def __init__(self, n: int) -> None:
        self.n = _moves(n, "Survive")

    def text(self) -> str:
        return t("Do not lose for {n}").format(n=Moves(self.n))

    def judge(self, game: Game, progress: Progress) -> Verdict:
        assert self.n is not None
        if lost(game, progress.pupil):
            return Verdict(MISSED, "You lost before your move {n} was answered.", {"n": self.n})
        if game.is_over:
            return Verdict(MET, "The game ended and you did not lose: goal met.")
        if progress.moves >= self.n and progress.replied(game):
            return Verdict(MET, "Still standing after {n}: goal met.", {"n": Moves(self.n)})
        return self._open(progress, self.n)


class FunctionGoal(Goal):
    """The goal :meth:`Goal.of` builds from a function of the game."""

    def __init__(self, function: Callable[[Game, int], bool | None], text: str, text_es: str = "") -> None:
        if not callable(function):
            raise ValueError(f"Goal.of needs a function of the game, not {function!r}")
        if not isinstance(text, str) or not text.strip():
            raise ValueError("Goal.of needs a text saying what the pupil must do")
        self.function = function
        self._text = text.strip()
        if text_es:
            add_translations({self._text: text_es.strip()})

    def text(self) -> str:
        return t(self._text)

    def judge(self, game: Game, progress: Progress) -> Verdict:
        answer = self.function(game, progress.pupil)
        if answer is True:
            return Verdict(MET, "Goal met.")
        if answer is False:
            return Verdict(MISSED, "Goal missed.")
        return self._open(progress, None)
