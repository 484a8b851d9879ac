"""The class server as a JupyterHub managed service (``python -m drezlab.classroom --hub``).

A school that runs JupyterHub starts the class server from ``jupyterhub_config.py``
(``examples/jupyterhub_config.py``); the hub sets ``JUPYTERHUB_API_TOKEN``,
``JUPYTERHUB_SERVICE_PREFIX`` (``/services/drezlab-class/``), ``JUPYTERHUB_API_URL``,
``JUPYTERHUB_CLIENT_ID``, ``JUPYTERHUB_OAUTH_CALLBACK_URL``... and the proxy sends
``/services/drezlab-class/`` to it with the full path, so every route is served under
that prefix.

Who is who (:class:`HubAuth`, ClassServer's ``auth`` hook):

* Authentication goes through the hub only (``jupyterhub.services.auth.HubOAuth``): a
  token in ``Authorization: token <t>`` (the Python client in a kernel uses the kernel's
  ``JUPYTERHUB_API_TOKEN``), ``?token=<t>`` on the websocket, or the OAuth cookie that a
  browser gets through ``/services/drezlab-class/oauth_callback``. The token or cookie
  must carry the service's access scope (``access:services!service=drezlab-class``):
  the hub admin grants it (see the example config). Secrets and login codes are not
  used in hub mode: a websocket's ``hello`` needs neither, a ``code`` in it is ignored.
* A teacher is a hub user in the teachers' group (default ``drezlab-teachers``,
  ``--teacher-group``), as the user model the hub returns for the token or cookie says
  (the hub's identify endpoint always includes the user's groups, whatever the token's
  other scopes; models are cached for 30 seconds, so a change of group takes that long).
  A change through the teacher's API with the browser's OAuth cookie (no token) needs
  the hub's XSRF token too (``X-XSRFToken``: the ``_xsrf`` cookie; HubOAuth checks it),
  so a cross-site form cannot post for a teacher.
* Every other hub user is a pupil, whose name in the class server is their hub user
  name. The design is the simplest that keeps the existing class model: the teacher
  makes classes of hub user names through the usual API (``Teacher.create_class(["ana",
  "luis"])``); a hub user is the pupil of that name in the newest class that has one;
  a hub user whom no class names yet is added, on first sight, to a class called
  ``hub`` (created when first needed), so a teacher can also pair whoever turned up.
  The login codes such classes get are simply unused.
* Hub services (``kind == "service"``) are neither: refused.

The browser pages work under the prefix, behind the hub's OAuth login: a pupil opens
``https://<hub>/services/drezlab-class/``, a teacher ``.../services/drezlab-class/teacher``
(a link on the hub's home page, or bookmarks). The pages address everything relative to
where they are served; the server marks them ``<body data-login="hub">`` (an attribute:
the pages' CSP allows no inline script), and then the pupil's page says ``hello`` at once
with no code (no code prompt, no "log out": the hub's logout is the way out), and the
teacher's page asks for no secret, sends the hub's XSRF token (the ``_xsrf`` cookie, set
again on each page load if it no longer matches) in ``X-XSRFToken`` on every API call and
shows the desk only once the hub says "teacher"; a pupil who opens it gets a plain
message with the address of their own page. The Python clients in the users' kernels
work as before (tests/test_classroom_hub.py plays from kernels in real single-user
servers; tests/browser/test_classroom_hub_browser.py drives both pages in Chromium).
"""

from __future__ import annotations

from typing import Any

import tornado.web

from drezlab.classroom.room import Room

#: the hub group whose members are teachers, by default
TEACHER_GROUP = "drezlab-teachers"
#: the class a hub user joins on first sight when no class names them
HUB_CLASS = "hub"


class HubAuth:
    """Teachers and pupils as the hub says (see the module doc)."""

    def __init__(self, teacher_group: str = TEACHER_GROUP) -> None:
        from jupyterhub.services.auth import HubOAuth  # type: ignore[import-untyped]
        self.hub = HubOAuth.instance(cache_max_age=30)
        self.teacher_group = teacher_group
        prefix = self.hub.base_url or "/"
        self.prefix = prefix if prefix.endswith("/") else prefix + "/"

    def routes(self) -> list[tuple[str, Any]]:
        """The OAuth callback (the hub redirects browsers there after login)."""
        from jupyterhub.services.auth import HubOAuthCallbackHandler  # type: ignore[import-untyped]
        return [(f"{self.prefix}oauth_callback", HubOAuthCallbackHandler)]

    def page_handler(self, base: type) -> type:
        """``base`` (a page's handler) behind the hub's OAuth login."""
        from jupyterhub.services.auth import HubOAuthenticated  # type: ignore[import-untyped]

        class HubPage(HubOAuthenticated, base):  # type: ignore[misc, valid-type]
            @tornado.web.authenticated
            def get(self, *args: Any) -> None:
                super().get(*args)
        return HubPage

    async def user(self, handler: tornado.web.RequestHandler) -> dict[str, Any] | None:
        """The hub user behind a request (token or OAuth cookie), with the service's access scope."""
        model: dict[str, Any] | None = await self.hub.get_user(handler, sync=False)
        if not model or model.get("kind", "user") != "user":
            return None
        scopes = self.hub.access_scopes
        if scopes and not self.hub.check_scopes(scopes, model):
            return None
        return model

    def _is_teacher(self, model: dict[str, Any]) -> bool:
        return self.teacher_group in (model.get("groups") or [])

    async def teacher(self, handler: tornado.web.RequestHandler) -> bool:
        """Whether the request comes from a teacher (the teacher's API)."""
        model = await self.user(handler)
        return model is not None and self._is_teacher(model)

    async def identify(self, handler: tornado.web.RequestHandler, room: Room) -> str | int | None:
        """``"teacher"``, a pupil's id (created on first sight), or ``None`` (refused)."""
        model = await self.user(handler)
        if model is None:
            return None
        if self._is_teacher(model):
            return "teacher"
        return pupil_for(room, str(model["name"]))


def pupil_for(room: Room, name: str) -> int:
    """The pupil a hub user is: the one of that name in the newest class naming them, else
    a new pupil of the class ``hub``."""
    named = [pupil for pupil in room.pupils.values() if pupil.name == name]
    if named:
        return max(named, key=lambda pupil: (pupil.class_id, pupil.id)).id
    classes = [class_id for class_id, class_name in room.store.classes() if class_name == HUB_CLASS]
    return room.add_pupil(classes[-1] if classes else None, name, HUB_CLASS)
