"""Jupyter widgets for drezlab games (imports ipywidgets and anywidget).

``import drezlab`` never imports this package; use it explicitly::

    import drezlab.ui
    drezlab.ui.play(PokerDrez(seed=1), seats=("human", "random"))
"""

from __future__ import annotations

from drezlab.ui.board import BoardWidget
from drezlab.ui.play import PlayWidget, outcome_text, play
from drezlab.ui.selection import Selection, svg_ids

__all__ = ["BoardWidget", "PlayWidget", "Selection", "outcome_text", "play", "svg_ids"]
