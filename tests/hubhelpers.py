"""A real JupyterHub with the drezlab class server as its managed service, for tests
(tests/test_classroom_hub.py, tests/browser/test_classroom_hub_browser.py).

A JupyterHub from PyPI (``jupyterhub -f config``) with configurable-http-proxy from npm,
the dummy authenticator (any password) and the simple local process spawner (no user
switching; homes in ``/tmp/<user>``) on 127.0.0.1 free ports, a temp directory for its
database and cookie secret. The hub starts the class server itself (``python -m
drezlab.classroom --hub``, a temp SQLite db) under ``/services/drezlab-class/``. Users:
teacher1 (in the group ``drezlab-teachers``), ana, luis and marta. A service
``test-admin`` (the test's own API token) may make tokens, start and stop servers and
reach them (``access:servers``). The single-user servers get the scopes the example
config gives them (``Spawner.server_token_scopes``), so a kernel's
``JUPYTERHUB_API_TOKEN`` reaches the class server.

:func:`running_hub` starts one and stops it (and any server it spawned); :func:`call`
is a JSON call with a token. Missing jupyterhub or configurable-http-proxy skips, except
in CI (``CI=true``), where it fails.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from drezlab.classroom.server import free_port

ROOT = Path(__file__).resolve().parent.parent
SERVICE = "drezlab-class"
USERS = ("teacher1", "ana", "luis", "marta")
#: a kernel's JUPYTERHUB_API_TOKEN as the example config makes it (its server's scope aside,
#: which a token made through the API has no server for)
KERNEL_SCOPES = ["users:activity!user", f"access:services!service={SERVICE}"]


def missing() -> str | None:
    try:
        import jupyterhub  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return "jupyterhub is not installed: pip install -e '.[test]'"
    if shutil.which("configurable-http-proxy") is None:
        return "configurable-http-proxy is not installed: npm install -g configurable-http-proxy"
    return None


def call(url: str, token: str, method: str = "GET", data: Any = None, timeout: float = 10) -> tuple[int, Any]:
    """``(status, JSON answer)`` of a call with ``Authorization: token <token>``."""
    body = None if data is None else json.dumps(data).encode()
    request = urllib.request.Request(url, data=body, method=method,
                                     headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, text.decode(errors="replace")


CONFIG = """
import sys
c = get_config()  # noqa
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api}"
c.ConfigurableHTTPProxy.pid_file = {pid_file!r}
c.JupyterHub.db_url = "sqlite:///{tmp}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{tmp}/jupyterhub_cookie_secret"
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.spawner_class = "simple"
c.Spawner.args = ["--allow-root"]
c.Spawner.start_timeout = 60
c.Spawner.http_timeout = 60
# the API answers a start request at once (202) instead of waiting up to 10 s for the server
c.JupyterHub.tornado_settings = {{"slow_spawn_timeout": 0}}
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", "access:services!service={service}"]
c.Authenticator.allowed_users = {users!r}
c.JupyterHub.load_groups = {{"drezlab-teachers": {{"users": ["teacher1"]}}}}
c.JupyterHub.services = [
    {{"name": "{service}", "url": "http://127.0.0.1:{service_port}", "cwd": {root!r},
      "command": [sys.executable, "-m", "drezlab.classroom", "--hub", "--db", "sqlite:///{tmp}/class.db",
                  "--bot-delay", "0"],
      "oauth_no_confirm": True}},
    {{"name": "test-admin", "api_token": {admin_token!r}}},
]
c.JupyterHub.load_roles = [
    {{"name": "user", "scopes": ["self", "access:services!service={service}"]}},
    {{"name": "test-admin", "scopes": ["admin:users", "tokens", "admin:servers", "access:servers"],
      "services": ["test-admin"]}},
]
"""


@contextmanager
def running_hub(tmp: Path) -> Iterator[dict[str, Any]]:
    """A hub in ``tmp`` (see the module doc): ``{"url": the service's address, "base": the
    hub's, "admin": the test-admin service's token, "tokens": {user: token with
    KERNEL_SCOPES, "ana-no-access": ana's without the service's scope}, "log": path}``."""
    why = missing()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {why} (.ci/run installs both)", pytrace=False)
        pytest.skip(why)
    port, admin_token = free_port(), secrets.token_hex(16)
    (tmp / "jupyterhub_config.py").write_text(CONFIG.format(
        port=port, hub_port=free_port(), proxy_api=free_port(), service_port=free_port(), tmp=tmp,
        pid_file=str(tmp / "proxy.pid"), service=SERVICE, root=str(ROOT), admin_token=admin_token,
        users=set(USERS)))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    with open(tmp / "hub.log", "wb") as log:
        process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(tmp / "jupyterhub_config.py")],
                                   cwd=tmp, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        tokens: dict[str, str] = {}
        while time.monotonic() < deadline:
            assert process.poll() is None, (tmp / "hub.log").read_text()[-4000:]
            try:
                if not tokens:
                    for user in (*USERS, "ana-no-access"):
                        status, reply = call(f"{base}/hub/api/users/{user.split('-')[0]}/tokens", admin_token,
                                             "POST", {"note": "drezlab test", "scopes": KERNEL_SCOPES
                                                      if user != "ana-no-access" else KERNEL_SCOPES[:1]})
                        if status != 201 and not isinstance(reply, dict):   # the proxy, before the hub's routes
                            raise ConnectionError(reply)
                        assert status == 201, (status, reply)
                        tokens[user] = reply["token"]
                status, _ = call(f"{base}/services/{SERVICE}/api/tables", tokens["teacher1"])
                if status == 200:
                    break
            except (urllib.error.URLError, ConnectionError):
                pass
            time.sleep(0.3)
        else:
            pytest.fail("the hub or its service did not start in 60 s:\n" + (tmp / "hub.log").read_text()[-4000:])
        yield {"url": f"{base}/services/{SERVICE}/", "base": base, "admin": admin_token, "tokens": tokens,
               "log": tmp / "hub.log"}
    finally:
        process.send_signal(signal.SIGTERM)    # the hub stops the servers it spawned (cleanup_servers)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            pass
        try:   # the service, should the hub have left it (it runs in the hub's session)
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proxy = tmp / "proxy.pid"   # the proxy runs in a session of its own
        if proxy.exists():
            try:
                os.kill(int(proxy.read_text().strip()), signal.SIGTERM)
            except (ValueError, ProcessLookupError):
                pass


def start_servers(hub: dict[str, Any], users: list[str], timeout: float = 60) -> None:
    """Spawn ``users``' single-user servers through the hub's API (all at once) and wait
    until each is ready."""
    base, admin = hub["base"], hub["admin"]
    for user in users:
        status, reply = call(f"{base}/hub/api/users/{user}/server", admin, "POST", {}, timeout=30)
        assert status in (201, 202), (user, status, reply)
    deadline = time.monotonic() + timeout
    waiting = set(users)
    while waiting:
        for user in sorted(waiting):
            status, model = call(f"{base}/hub/api/users/{user}", admin)
            server = (model.get("servers") or {}).get("", {}) if status == 200 else {}
            if server.get("ready"):
                waiting.discard(user)
            elif status == 200 and not server.get("pending") and not server:
                raise AssertionError(f"{user}'s server did not start:\n" + Path(hub["log"]).read_text()[-4000:])
        if waiting and time.monotonic() > deadline:
            raise AssertionError(f"servers of {sorted(waiting)} not ready in {timeout:.0f} s:\n"
                                 + Path(hub["log"]).read_text()[-4000:])
        if waiting:
            time.sleep(0.3)


def stop_servers(hub: dict[str, Any], users: list[str], timeout: float = 30) -> None:
    """Stop ``users``' servers through the hub's API and wait until they are gone (a
    server still starting is asked again until the hub takes the request)."""
    base, admin = hub["base"], hub["admin"]
    deadline = time.monotonic() + timeout
    waiting = set(users)
    while waiting and time.monotonic() < deadline:
        for user in sorted(waiting):
            status, model = call(f"{base}/hub/api/users/{user}", admin)
            server = (model.get("servers") or {}).get("", {}) if status == 200 else {}
            if not server:
                waiting.discard(user)
            elif server.get("pending") != "stop":
                call(f"{base}/hub/api/users/{user}/server", admin, "DELETE", timeout=30)
        if waiting:
            time.sleep(0.3)
    assert not waiting, f"servers of {sorted(waiting)} did not stop in {timeout:.0f} s"


def browser_log_in(page: Any, base: str, user: str, next_path: str) -> None:
    """Log ``user`` in at the hub's login form (dummy authenticator) in a Playwright
    ``page``, then land on ``next_path`` (through the service's OAuth)."""
    page.goto(f"{base}/hub/login?next={urllib.parse.quote(next_path, safe='')}")
    page.fill("#username_input", user)
    page.fill("#password_input", "any")
    page.click("#login_submit")
    page.wait_for_url(f"{base}{next_path}*")
