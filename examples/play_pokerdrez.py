"""Play one seeded game of PokerDrez between two random bots and print its PGN.

    python examples/play_pokerdrez.py            # seed 1
    python examples/play_pokerdrez.py 42         # another seed, another game

Every move in the PGN carries the card (or the die) that backed it as a comment.
"""

from __future__ import annotations

import sys

from drezlab import PokerDrez
from drezlab.players import RandomPlayer, play_out


def main(seed: int = 1) -> str:
    game = PokerDrez(seed=seed)
    play_out(game, [RandomPlayer(seed), RandomPlayer(seed + 1)])
    return game.pgn()


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1))
