"""Random play of every game against the nearest OpenSpiel game, in one run.

    python bench/bench_openspiel.py [--seconds 1.5] [--games poker7,abyss]

For each drezlab game: seeded random games (``Game.random_action`` and ``play``, as the
random bot and the simulations play) for about ``--seconds`` of CPU time, counted in
plies per second; then the same for its nearest OpenSpiel game (C++ rules driven from
Python: ``state.legal_actions()``, a random choice, ``apply_action``; chance outcomes
sampled by their probabilities), measured right after it in the same run so that both
see the same machine. The ratio drezlab / OpenSpiel is printed with the goal (>= 0.2x,
issue 24) and ok / MISSED. Needs ``open_spiel`` (``pip install -e '.[bench]'``).

The pairs: chess and its variants with cards or rivers -> chess; the race and capture
games on small boards -> breakthrough; dice games -> backgammon; bluffing with cards ->
liars_dice (the anchor issue 24 names for PokerGuess); Poker7 -> ``holdem``, OpenSpiel's
universal_poker set up as Poker7's hand is played (below: 4 seats, 2 hidden cards each,
3 then 2 community cards, 4 betting rounds, no limit with fold / call / pot / all-in,
100 chips, 2 from each seat before the deal); BlackDrez -> leduc_poker (one private card
against the table); tricks -> hearts; shedding -> crazy_eights; melds -> gin_rummy;
solitaires -> solitaire. Poker7 was paired with leduc_poker before (6 cards, one private
and one public card, two fixed-limit rounds, two players, no hand to evaluate): a far
smaller game than a 54-card hand of seven with four rounds of no-limit betting.

The games whose chess moves come from python-chess (the project's rule for 8x8 chess:
PokerDrez, PokerDrez-4, EDAMI) cannot play faster than python-chess itself: when one of
them is measured, the table adds a row ``python-chess``, seeded random games of plain
chess that do only what any such game must (the legal move list, a random choice,
``push``, the fifty-move and material checks), against OpenSpiel's chess in the same run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import drezlab

GOAL = 0.2
NEAREST = {
    "pokerdrez": "chess", "pokerdrez4": "chess", "edami": "chess", "jumping-bishop": "chess",
    "guadalete": "chess", "guadalete-cylinder": "chess", "guadalete-swimming": "chess",
    "brandubh": "breakthrough", "abyss": "breakthrough", "dejarik-courtier": "breakthrough",
    "dejarik": "backgammon", "neurodrez": "backgammon",
    "pokerguess": "liars_dice", "poker7": "holdem", "blackdrez": "leduc_poker",
    "triumfdrez": "hearts", "domidrez": "crazy_eights", "rummidrez": "gin_rummy",
    "solodrez": "solitaire", "sokudrez": "solitaire",
}
#: OpenSpiel games set up for a pairing, by the short name the table prints (any other
#: name is loaded as it is)
SET_UP = {
    "holdem": ("universal_poker(betting=nolimit,bettingAbstraction=fcpa,numPlayers=4,numRounds=4,"
               "blind=2 2 2 2,firstPlayer=1 1 1 1,numSuits=4,numRanks=13,numHoleCards=2,"
               "numBoardCards=0 3 2 0,stack=100 100 100 100)"),
}


def drezlab_rate(name: str, seconds: float) -> float:
    """Random plies per CPU second of the drezlab game ``name`` (seeded games, one after
    another). One game of another seed is played first, untimed, as ``load_game`` is
    outside OpenSpiel's timing: the game's first use imports its modules and builds its
    tables once (PokerGuess labels its 2,916 predictions: 70 ms), which is not random play."""
    limit = drezlab.core.registry.spec_of(name).max_random_actions or 2000

    def play(seed: int) -> int:
        rng = random.Random(seed)
        game = drezlab.new(name, seed=seed)
        for ply in range(limit):
            if game.is_over:
                return ply
            game.play(game.random_action(rng))
        return limit

    play(10**6)
    plies, seed = 0, 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        plies += play(seed)
        seed += 1
    return plies / (time.process_time() - started)


def python_chess_rate(seconds: float) -> float:
    """Random plies per CPU second of plain chess played with python-chess alone: the
    least a game must do each ply when python-chess gives it the legal moves."""
    import chess

    plies, seed = 0, 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        rng = random.Random(seed)
        board = chess.Board()
        while True:
            moves = list(board.legal_moves)
            if not moves or board.is_fifty_moves() or board.is_insufficient_material():
                break
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
        seed += 1
    return plies / (time.process_time() - started)


CHESS_FROM_PYTHON_CHESS = ("pokerdrez", "pokerdrez4", "edami")


def openspiel_rate(name: str, seconds: float) -> float:
    """Random plies per CPU second of the OpenSpiel game ``name`` (chance outcomes included;
    ``SET_UP`` names a game with its parameters)."""
    import pyspiel

    game = pyspiel.load_game(SET_UP.get(name, name))
    rng = random.Random(0)
    plies = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
            plies += 1
    return plies / (time.process_time() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="CPU seconds per measurement (default 1.5)")
    parser.add_argument("--games", default="", help="comma-separated game names (default: all twenty)")
    arguments = parser.parse_args(argv)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("open_spiel is not installed: pip install -e '.[bench]'")
        return 1
    names = [name for name in arguments.games.split(",") if name] or sorted(NEAREST)
    print(f"{'drezlab game':20} {'plies/s':>9}   {'OpenSpiel game':14} {'plies/s':>9}   {'ratio':>6}  goal")
    missed = []
    for name in names:
        ours = drezlab_rate(name, arguments.seconds)
        theirs = openspiel_rate(NEAREST[name], arguments.seconds)
        ratio = ours / theirs
        verdict = "ok" if ratio >= GOAL else "MISSED"
        if verdict != "ok":
            missed.append(name)
        print(f"{name:20} {ours:9.0f}   {NEAREST[name]:14} {theirs:9.0f}   {ratio:5.2f}x  >= {GOAL}x {verdict}",
              flush=True)
    if any(name in CHESS_FROM_PYTHON_CHESS for name in names):
        ours = python_chess_rate(arguments.seconds)
        theirs = openspiel_rate("chess", arguments.seconds)
        print(f"{'python-chess':20} {ours:9.0f}   {'chess':14} {theirs:9.0f}   {ours / theirs:5.2f}x  "
              f"(the most a game whose chess is python-chess's can reach)", flush=True)
    print(f"{len(names) - len(missed)} of {len(names)} games at >= {GOAL}x their nearest OpenSpiel game"
          + (f"; below: {', '.join(missed)}" if missed else ""))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
