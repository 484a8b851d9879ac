"""Progress of a long run: an ipywidgets bar inside Jupyter (if ipywidgets is installed),
else tqdm (if installed), else one text line updated at every tenth of the run, without
timings, so that stored notebook outputs stay the same run to run. The bar's label is never
cut (its description takes the width it needs). Neither ipywidgets
nor tqdm is imported unless a display is asked for."""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["Progress", "in_jupyter"]


def in_jupyter() -> bool:
    """Running inside a Jupyter kernel (not merely with ipykernel imported somewhere)?"""
    if "ipykernel" not in sys.modules:
        return False
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and getattr(shell, "kernel", None) is not None


class Progress:
    """Progress display for ``total`` games (see the module docstring); does nothing
    unless ``enabled``."""

    def __init__(self, total: int, label: str, enabled: bool) -> None:
        self.total, self.done, self.label = total, 0, label
        self._bar: Any = None
        self._widget: Any = None
        self._next_line = 1
        self.enabled = enabled and total > 0
        if not self.enabled:
            return
        if in_jupyter():
            try:
                import ipywidgets  # type: ignore[import-untyped]
                from IPython.display import display
                # the label gets the room it needs: the default description width cuts
                # "Carta Obligatoria" to "Carta Obl..."
                self._widget = ipywidgets.IntProgress(value=0, min=0, max=total, description=label,
                                                      style={"description_width": "initial"})
                display(self._widget)
                return
            except ImportError:
                self._widget = None
        try:
            from tqdm import tqdm  # type: ignore[import-untyped]
            self._bar = tqdm(total=total, desc=label, unit="game")
        except ImportError:
            self._bar = None

    def update(self, count: int) -> None:
        """``count`` more games are done."""
        if not self.enabled:
            return
        self.done += count
        if self._widget is not None:
            self._widget.value = self.done
        elif self._bar is not None:
            self._bar.update(count)
        else:
            while self.done * 10 >= self._next_line * self.total and self._next_line <= 10:
                shown = self._next_line * self.total // 10
                print(f"\r{self.label}: {shown}/{self.total} games", end="", flush=True)
                self._next_line += 1

    def close(self) -> None:
        if not self.enabled:
            return
        if self._widget is not None:
            self._widget.bar_style = "success"
        elif self._bar is not None:
            self._bar.close()
        else:
            print(flush=True)
