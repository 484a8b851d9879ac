"""The class server's websocket protocol: JSON objects, one per frame.

From a client:

* ``{"type": "hello", "code": "K7PQ-3MXD", "language": "es"}`` -- a pupil logs in (the
  code in any case, with or without the dash); or ``{"type": "hello", "secret": S}`` --
  the teacher watches every table (spectator views, except at a simultaneous display's
  tables, where the teacher's own seat's).
* ``{"type": "act", "table": 3, "version": 12, "action": "P5b:e2e4"}`` -- a complete
  action in the game's own notation, made on table version 12. The server takes the
  seat from the login, never from the message; an action made on an older version is
  refused (``stale``), so a doubled click or a retry plays at most once. The teacher
  sends it for the teacher's seat of a simultaneous display.
* ``{"type": "suggest", "teaching": 1, "version": 4, "action": "P5b:e2e4"}`` -- a pupil's
  answer at their class's teaching board (:mod:`drezlab.classroom.teaching`), which they
  may change until the teacher reveals the answer.
* ``{"type": "attempt", "attempt": {"exercise", "moves", "result", "seconds", "timestamp"}}``
  -- a practice attempt (:mod:`drezlab.practice`) stored for the logged-in pupil (the name
  comes from the login, never from the message; ``timestamp`` may be left out). Answered
  ``attempt-saved`` (``exercise``, ``timestamp``, ``id``, ``new``: false when the same
  attempt was stored before), or an ``error`` and nothing stored.
* ``{"type": "language", "language": "en"}``; ``{"type": "ping"}``.

From the server:

* ``welcome`` (``role``, ``name``, ``class``); ``tables`` (the tables of this pupil --
  ``id``, ``title``, ``seats``' names, own ``seat``, ``over`` -- and the words to show
  while there is none); ``board`` (a table as this seat sees it: see
  :func:`drezlab.classroom.room.board`); for the teacher also ``table`` (one table's
  summary line after each change) and ``round`` (a round just paired, as
  ``POST /api/rounds`` answers it: :meth:`drezlab.classroom.rounds.Rounds.describe`);
  ``teaching`` (the class's teaching board or ``null``:
  :meth:`drezlab.classroom.teaching.Teaching.message` -- ``id``, ``title``, ``version``,
  ``board`` as the seat to move sees it with ``table`` ``"teaching"``, ``open``, the
  pupil's own ``answer``, ``revealed``, ``counts`` (the teacher's with names; a pupil's
  only after the reveal, without), ``answered``, ``pupils``, ``message``).
* ``error`` (``code``, ``message`` in the client's language, ``table`` when it is about
  one) -- followed by that table's current ``board``; ``bye`` before the server closes a
  login (a renewed code); ``pong``.

Anything else -- not JSON, not an object, larger than :data:`MAX_MESSAGE` bytes, an
unknown ``type`` -- gets an ``error`` and changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

from drezlab.classroom.room import ClassroomError
from drezlab.classroom.store import AttemptRefused, attempt_fields
from drezlab.core.i18n import LANGUAGES, add_translations, in_language, t

#: the largest message a client may send, in bytes
MAX_MESSAGE = 4096
#: the message types a client may send
CLIENT_TYPES = ("hello", "act", "language", "ping", "attempt", "suggest")

add_translations({
    "Waiting for your teacher to open a table": "Esperando a que tu profesor abra una mesa",
    "Your login code changed: ask your teacher for the new one": "Tu código cambió: pide el nuevo a tu profesor",
    "Type your login code first": "Escribe primero tu código",
    "That is not the teacher's secret": "Ese no es el secreto del profesor",
    "This needs the teacher's secret": "Esto necesita el secreto del profesor",
    "This needs a teacher of the hub": "Esto necesita un profesor del hub",
    "Printing needs the lab packages: pip install drezlab[lab]":
        "Para imprimir hacen falta los paquetes del laboratorio: pip install drezlab[lab]",
    "Too many wrong secrets: wait {seconds} seconds": "Demasiados secretos equivocados: espera {seconds} segundos",
    "Watchers cannot play: log in with a pupil's code": "Quien mira no puede jugar: entra con el código de un alumno",
    "The teacher plays on from the class page, not by answering":
        "El profesor sigue la partida desde la página de la clase, no respondiendo",
    "The message is too long ({size} bytes; at most {limit})": "El mensaje es demasiado largo ({size} bytes; como mucho {limit})",
    "The message is not JSON": "El mensaje no es JSON",
    "The message must be a JSON object with a type": "El mensaje debe ser un objeto JSON con un tipo",
    "Unknown message type {kind!r}": "Tipo de mensaje desconocido {kind!r}",
    "The language must be one of {languages}": "El idioma debe ser uno de {languages}",
    "Only a pupil's practice is recorded: log in with a pupil's code":
        "Solo se guarda la práctica de un alumno: entra con el código de un alumno",
    "An attempt must be a JSON object with exercise, moves, result and seconds":
        "Un intento debe ser un objeto JSON con exercise, moves, result y seconds",
    "An attempt needs the exercise's id, in at most {limit} characters":
        "Un intento necesita el identificador del ejercicio, con como mucho {limit} caracteres",
    "An attempt's moves must be a list of at most {limit} moves in the game's notation":
        "Las jugadas de un intento deben ser una lista de como mucho {limit} jugadas en la notación del juego",
    "An attempt's result is met, missed or unfinished": "El resultado de un intento es met, missed o unfinished",
    "An attempt's time must be a number of seconds from 0 to {limit}":
        "El tiempo de un intento debe ser un número de segundos de 0 a {limit}",
    "An attempt's time stamp must be a date and time such as 2026-11-28T09:15:00+00:00":
        "La hora de un intento debe ser una fecha y hora como 2026-11-28T09:15:00+00:00",
})


def words(text: str, language: str) -> str:
    """``text`` in ``language``."""
    with in_language(language):
        return t(text)


def parse(message: str | bytes) -> dict[str, Any]:
    """A client's message as a dict with a known ``type``, or :class:`ClassroomError`."""
    size = len(message.encode() if isinstance(message, str) else message)
    if size > MAX_MESSAGE:
        raise ClassroomError("too-long", "The message is too long ({size} bytes; at most {limit})",
                             size=size, limit=MAX_MESSAGE)
    try:
        data = json.loads(message)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise ClassroomError("bad-json", "The message is not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ClassroomError("bad-message", "The message must be a JSON object with a type")
    if data["type"] not in CLIENT_TYPES:
        raise ClassroomError("unknown-type", "Unknown message type {kind!r}", kind=data["type"][:40])
    return data


def language(value: Any) -> str:
    if value not in LANGUAGES:
        raise ClassroomError("bad-language", "The language must be one of {languages}", languages=", ".join(LANGUAGES))
    return str(value)


def attempt(value: Any) -> dict[str, Any]:
    """A practice attempt's fields checked (:func:`drezlab.classroom.store.attempt_fields`),
    or :class:`ClassroomError` with the reason, to be said in the pupil's language."""
    try:
        return attempt_fields(value)
    except AttemptRefused as refused:
        raise ClassroomError("bad-attempt", refused.template, **refused.values) from None
