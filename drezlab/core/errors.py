"""The two exceptions every game raises on bad input.

Both are ``ValueError`` subclasses so that code written against plain Python
still catches them; their messages are meant to be read by a pupil.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the rules do not allow now, or text that is not an action.

    Raising it never changes the game: a rejected action leaves ``to_json()``
    byte-identical.
    """


class BadRecord(ValueError):
    """A saved game, position or deck description that cannot be trusted.

    Raised by ``from_json`` and the position builders for corrupt, truncated,
    inconsistent or hostile input. Nothing in such input is ever executed.
    """
