"""SoloDrez's metadata: what the registry, the widget, the simulations and the
conformance suite read about the game without importing its rules.

SoloDrez (``shared/rules/card-games.md`` §3) is a one-player solitaire dealt from one
shuffled pack with every card face up: one seat, chance only in the deal, no hidden
information. Its one option, ``hint``, is also the picture option the widget's "Show
the numbers" toggle presses (``numbers="hint"``): the picture then shows the solver's
hint, a move after which the deal can still be won, or says that it can no longer be won.
"""

from __future__ import annotations

from drezlab.core.spec import GameSpec, Option

SPEC = GameSpec(
    name="solodrez",
    game_class="drezlab.games.solodrez.game:SoloDrez",
    title="SoloDrez",
    title_es="SoloDrez",
    summary="Solitaire: build Joker-to-Pawn sequences in nine face-up columns and set them aside; "
            "the two neutral cards are wild",
    summary_es="Solitario: forma series del Bufón al Peón en nueve columnas boca arriba y retíralas; "
               "las dos cartas neutrales son comodines",
    aliases=("solo-drez",),
    seats=(1, 1),
    teams=False,
    chance="explicit",
    hidden_information=False,
    options=(
        Option("hint", False, (bool,), "show the solver's hint in the picture from the start (the picture option "
                                         "and the widget's toggle of the same name)"),
    ),
    picture="drezlab.games.solodrez.picture:draw",
    numbers="hint",
    levels=('random', 'solver'),
    bots={"random": "drezlab.players:RandomPlayer",
          "solver": "drezlab.games.solodrez.bots:SolverPlayer"},
    option_sets=({"hint": True},),
    max_random_actions=400,
)
