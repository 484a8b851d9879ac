"""SVG drawing primitives for every drezlab game, drawn with svgwrite (``debug=False``).

- :mod:`drezlab.render.board`: a square chess board (``draw_board``, ``board_svg``)
- :mod:`drezlab.render.cards`: Pokerdrez card faces and backs (``draw_card``,
  ``draw_cards``)
- :mod:`drezlab.render.chesscards`: the chess-with-cards table (``draw_card_chess``)
- :mod:`drezlab.render.ring`: the ring board of Dejarik and Courtier (``RingLayout``,
  ``draw_ring_board``; cells ``C``, ``I0``..``I11``, ``O0``..``O11``)
- :mod:`drezlab.render.base`: the shared stylesheet, defs and drawing helpers
- :mod:`drezlab.render.shown`: ``picture(svg_text)``, a diagram for a lesson cell that
  shows in a notebook opened before "Run all" too (use it instead of IPython's ``SVG``)

Every clickable element carries a ``data-id`` (a square name, a card id,
``pile``, ``die``, ``hand-0``/``hand-1``), which is all the widget reads.
Rendering never changes a game and never sees a hidden card: callers pass
``Card.unknown()`` placeholders for what the viewer may not see.
"""

from __future__ import annotations

from drezlab.render.base import new_drawing, to_svg
from drezlab.render.board import board_svg, draw_board
from drezlab.render.cards import draw_card, draw_cards
from drezlab.render.chesscards import draw_card_chess
from drezlab.render.shown import Picture, picture

__all__ = ["Picture", "board_svg", "draw_board", "draw_card", "draw_card_chess", "draw_cards",
           "new_drawing", "picture", "to_svg"]
