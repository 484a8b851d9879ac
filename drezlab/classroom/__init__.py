"""The class room: pupils play each other from their own screens; hidden cards stay on
the server.

One class server (:mod:`drezlab.classroom.server`, ``python -m drezlab.classroom``)
holds every shared table of a class and is its single writer; it sends each seat only
what ``game.view(seat)`` holds. Tables are stored as their setup plus an append-only
log (:mod:`~drezlab.classroom.store`), so a restart rebuilds every game by replay.

The Python side (:mod:`~drezlab.classroom.client`): :func:`connect` a pupil by login
code, :class:`Teacher` creates classes, opens tables and pairs rounds (random, round
robin, Swiss: :mod:`~drezlab.classroom.rounds`) with their standings; :func:`join`
shows a login box and the pupil's boards in a notebook (it needs ``drezlab.ui``,
imported only then).

``import drezlab`` never imports this package.
"""

from __future__ import annotations

from typing import Any

from drezlab.classroom.client import Pupil, RemoteTable, Teacher, connect
from drezlab.classroom.room import ClassroomError

__all__ = ["ClassroomError", "Pupil", "RemoteTable", "Teacher", "connect", "join"]


def join(code: str | None = None, url: str | None = None) -> Any:
    """In a notebook: the pupil's boards of the class (a login box when ``code`` is not
    given). ``url`` defaults to ``$DREZLAB_CLASS_URL`` (``make class`` sets it), else
    http://127.0.0.1:8765. See :mod:`drezlab.ui.remote`."""
    from drezlab.ui.remote import join as join_in_notebook
    return join_in_notebook(code, url)
