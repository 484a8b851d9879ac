"""Playing an action through the widget the way a pupil does, shared by the widget tests."""

from __future__ import annotations

from typing import Any


def play_by_clicks(player: Any, action: Any) -> None:
    """Click ``action``'s targets in order until the widget plays it, or press its button
    when it has none (``player`` is a :class:`drezlab.ui.play.PlayWidget`)."""
    if action.targets:
        for target in action.targets:
            if player.click(target) is not None:
                break
    else:
        player.press(action.label)
