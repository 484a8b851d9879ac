"""The class server as a JupyterHub managed service (drezlab.classroom.hub), with a real hub.

A JupyterHub from PyPI (``jupyterhub -f config``) with configurable-http-proxy from npm,
the dummy authenticator and the local process spawner on 127.0.0.1 free ports, a temp
directory for its database and cookie secret. The hub starts the class server itself
(``python -m drezlab.classroom --hub``, a temp SQLite db) under
``/services/drezlab-class/``. Users teacher1 (in the group ``drezlab-teachers``), ana, luis
and marta get API tokens from the hub's REST API (as an admin service would) with the
scopes a kernel's ``JUPYTERHUB_API_TOKEN`` gets from the example config
(``access:services!service=drezlab-class``, no ``read:users:groups``: the hub's identify
endpoint names the groups anyway); no single-user server is spawned.

Skipped when jupyterhub or configurable-http-proxy is missing, except in CI (``CI=true``),
where it fails.
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
from pathlib import Path
from typing import Any

import pytest

from drezlab.classroom import Teacher, connect
from drezlab.classroom.room import ClassroomError
from drezlab.classroom.server import free_port

ROOT = Path(__file__).resolve().parent.parent
SERVICE = "drezlab-class"


def _missing() -> str | None:
    try:
        import jupyterhub  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return "jupyterhub is not installed: pip install -e '.[test]'"
    if shutil.which("configurable-http-proxy") is None:
        return "configurable-http-proxy is not installed: npm install -g configurable-http-proxy"
    return None


def _call(url: str, token: str, method: str = "GET", data: Any = None) -> tuple[int, Any]:
    body = None if data is None else json.dumps(data).encode()
    request = urllib.request.Request(url, data=body, method=method,
                                     headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, text.decode(errors="replace")


#: a kernel's JUPYTERHUB_API_TOKEN as the example config makes it (its server's scope aside,
#: which a token made through the API has no server for)
KERNEL_SCOPES = ["users:activity!user", f"access:services!service={SERVICE}"]

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
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", "access:services!service={service}"]
c.Authenticator.allowed_users = {{"teacher1", "ana", "luis", "marta"}}
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
    {{"name": "test-admin", "scopes": ["admin:users", "tokens"], "services": ["test-admin"]}},
]
"""


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    why = _missing()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {why} (.ci/run installs both)", pytrace=False)
        pytest.skip(why)
    tmp = tmp_path_factory.mktemp("hub")
    port, admin_token = free_port(), secrets.token_hex(16)
    (tmp / "jupyterhub_config.py").write_text(CONFIG.format(
        port=port, hub_port=free_port(), proxy_api=free_port(), service_port=free_port(), tmp=tmp,
        pid_file=str(tmp / "proxy.pid"), service=SERVICE, root=str(ROOT), admin_token=admin_token))
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
                    for user in ("teacher1", "ana", "luis", "marta", "ana-no-access"):
                        status, reply = _call(f"{base}/hub/api/users/{user.split('-')[0]}/tokens", admin_token,
                                              "POST", {"note": "drezlab test", "scopes": KERNEL_SCOPES
                                                       if user != "ana-no-access" else KERNEL_SCOPES[:1]})
                        if status != 201 and not isinstance(reply, dict):   # the proxy, before the hub's routes
                            raise ConnectionError(reply)
                        assert status == 201, (status, reply)
                        tokens[user] = reply["token"]
                status, _ = _call(f"{base}/services/{SERVICE}/api/tables", tokens["teacher1"])
                if status == 200:
                    break
            except (urllib.error.URLError, ConnectionError):
                pass
            time.sleep(0.3)
        else:
            pytest.fail("the hub or its service did not start in 60 s:\n" + (tmp / "hub.log").read_text()[-4000:])
        yield {"url": f"{base}/services/{SERVICE}/", "base": base, "tokens": tokens, "log": tmp / "hub.log"}
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
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


def test_pupils_play_through_the_hub_and_a_pupil_is_no_teacher(hub: dict[str, Any]) -> None:
    url, tokens = hub["url"], hub["tokens"]
    teacher = Teacher(url, token=tokens["teacher1"])
    codes = teacher.create_class(["ana", "luis"], name="5A")
    assert set(codes) == {"ana", "luis"}
    table_id = teacher.open_table("pokerdrez", ["ana", "luis"], seed=7)

    ana, luis = connect(url, token=tokens["ana"]), connect(url, token=tokens["luis"])
    try:
        assert (ana.name, luis.name) == ("ana", "luis")
        tables = {"ana": ana.table(table_id), "luis": luis.table(table_id)}
        assert {tables["ana"].seat, tables["luis"].seat} == {0, 1}
        played = 0
        for _ in range(6):
            deadline, mover = time.monotonic() + 10, None
            while mover is None and time.monotonic() < deadline and not tables["ana"].is_over:
                mover = next((name for name, table in tables.items() if table.my_turn), None)
                time.sleep(0.02)
            if mover is None:
                break
            tables[mover].play(tables[mover].legal_actions()[0])
            played += 1
        assert played >= 2
        # the teacher's view of the table (API and live, as a watcher) follows the moves
        summary = next(line for line in teacher.tables() if line["id"] == table_id)
        assert summary["plies"] >= played, summary
        watched = teacher.spectate(table_id)
        assert watched.seat is None and watched.version == tables["ana"].version

        # a pupil's token: no teacher's API, and a pupil acts only as themself
        for path, method, data in (("api/tables", "GET", None), ("api/classes", "GET", None),
                                   ("api/tables", "POST", {"game": "pokerdrez", "seats": ["ana", "luis"]})):
            status, reply = _call(url + path, tokens["ana"], method, data)
            assert status == 403 and reply["error"] == "teacher-only", (path, status, reply)
        with pytest.raises(ClassroomError) as refused:
            Teacher(url, token=tokens["luis"]).tables()
        assert refused.value.code == "teacher-only"
    finally:
        ana.close()
        luis.close()
        teacher.close()


def test_no_token_or_a_wrong_one_is_refused(hub: dict[str, Any]) -> None:
    url = hub["url"]
    status, _ = _call(url + "api/tables", "not-a-token")
    assert status == 403
    # a hub user's token without the service's access scope
    status, _ = _call(url + "api/tables", hub["tokens"]["ana-no-access"])
    assert status == 403
    with pytest.raises(ClassroomError):
        connect(url, token=hub["tokens"]["ana-no-access"], timeout=10)
    with pytest.raises(ClassroomError):
        connect(url, token="not-a-token", timeout=10)
    # a browser without the hub's cookie is sent to the hub's login (OAuth)
    request = urllib.request.Request(url)

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any) -> None:
            return None
    try:
        urllib.request.build_opener(NoRedirect()).open(request, timeout=10)
        raise AssertionError("the page did not ask for a login")
    except urllib.error.HTTPError as error:
        assert error.code == 302 and "/hub/api/oauth2/authorize" in error.headers["Location"]


def test_a_hub_user_whom_no_class_names_joins_the_class_hub(hub: dict[str, Any]) -> None:
    """First sight: a hub user in no class becomes a pupil of the class 'hub'; one a class
    names is that class's pupil."""
    url, tokens = hub["url"], hub["tokens"]
    teacher = Teacher(url, token=tokens["teacher1"])
    marta = connect(url, token=tokens["marta"])
    try:
        assert marta.name == "marta" and marta.welcome.get("class") == "hub"
        assert marta.tables() == []
    finally:
        marta.close()
    classes = {entry["name"]: [pupil["name"] for pupil in entry["pupils"]] for entry in teacher.classes()}
    assert "marta" in classes["hub"] and "ana" not in classes["hub"], classes
    # the teacher can seat her like any pupil of that class
    table_id = teacher.open_table("pokerdrez", ["marta", "level-1"], seed=3)
    marta = connect(url, token=tokens["marta"])
    try:
        assert [table.id for table in marta.tables()] == [table_id]
    finally:
        marta.close()


def test_a_browser_logs_in_through_the_hub_and_its_cookie_needs_the_xsrf_token(hub: dict[str, Any]) -> None:
    """OAuth: the hub's login (dummy authenticator), the service's oauth_callback, then the
    service's cookie: the teacher's API reads with it; a change with the cookie needs the
    hub's XSRF token as well (no cross-site form posts for a teacher)."""
    import http.cookiejar
    import re
    url, base = hub["url"], hub["base"]
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = browser.open(f"{base}/hub/login", timeout=10).read().decode()
    xsrf = re.search(r'name="_xsrf"\s+value="([^"]+)"', page)
    assert xsrf, page[:2000]
    form = urllib.parse.urlencode({"username": "teacher1", "password": "any", "_xsrf": xsrf.group(1)}).encode()
    next_url = urllib.parse.quote("/services/drezlab-class/", safe="")
    landed = browser.open(urllib.request.Request(f"{base}/hub/login?next={next_url}", data=form), timeout=20)
    assert landed.status == 200 and landed.url.startswith(url), landed.url
    assert "<html" in landed.read().decode().lower()       # the pupil's page, behind the hub's login

    def teacher_call(method: str, data: Any = None, xsrf: str | None = None) -> int:
        headers = {"Content-Type": "application/json", **({"X-XSRFToken": xsrf} if xsrf else {})}
        request = urllib.request.Request(url + "api/tables", method=method, headers=headers,
                                         data=None if data is None else json.dumps(data).encode())
        try:
            return int(browser.open(request, timeout=10).status)
        except urllib.error.HTTPError as error:
            return error.code

    assert teacher_call("GET") == 200
    table = {"game": "pokerdrez", "seats": ["level-1", "level-1"]}
    assert teacher_call("POST", table) == 403
    assert teacher_call("POST", table, xsrf="forged") == 403
    token = next(cookie.value for cookie in jar if cookie.name == "_xsrf" and cookie.path.startswith("/services/"))
    assert teacher_call("POST", table, xsrf=token) == 200
