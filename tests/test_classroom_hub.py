"""The class server as a JupyterHub managed service (drezlab.classroom.hub), with a real hub.

The hub (tests/hubhelpers.py: JupyterHub from PyPI, configurable-http-proxy from npm, the
dummy authenticator and the simple local process spawner on 127.0.0.1 free ports) starts
the class server itself (``python -m drezlab.classroom --hub``, a temp SQLite db) under
``/services/drezlab-class/``. Users teacher1 (in the group ``drezlab-teachers``), ana, luis
and marta get API tokens from the hub's REST API (as an admin service would) with the
scopes a kernel's ``JUPYTERHUB_API_TOKEN`` gets from the example config
(``access:services!service=drezlab-class``, no ``read:users:groups``: the hub's identify
endpoint names the groups anyway). The last test spawns ana's and luis's real
single-user servers and plays from a kernel in each, with the kernel's own token.

Skipped when jupyterhub or configurable-http-proxy is missing, except in CI (``CI=true``),
where it fails.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from hubhelpers import SERVICE, call, running_hub, start_servers, stop_servers

from drezlab.classroom import Teacher, connect
from drezlab.classroom.room import ClassroomError

#: every test here needs the hub, which takes about 35 s to start on two busy cores
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    with running_hub(tmp_path_factory.mktemp("hub")) as running:
        yield running


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
            status, reply = call(url + path, tokens["ana"], method, data)
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
    status, _ = call(url + "api/tables", "not-a-token")
    assert status == 403
    # a hub user's token without the service's access scope
    status, _ = call(url + "api/tables", hub["tokens"]["ana-no-access"])
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

    def teachercall(method: str, data: Any = None, xsrf: str | None = None) -> int:
        headers = {"Content-Type": "application/json", **({"X-XSRFToken": xsrf} if xsrf else {})}
        request = urllib.request.Request(url + "api/tables", method=method, headers=headers,
                                         data=None if data is None else json.dumps(data).encode())
        try:
            return int(browser.open(request, timeout=10).status)
        except urllib.error.HTTPError as error:
            return error.code

    assert teachercall("GET") == 200
    table = {"game": "pokerdrez", "seats": ["level-1", "level-1"]}
    assert teachercall("POST", table) == 403
    assert teachercall("POST", table, xsrf="forged") == 403
    token = next(cookie.value for cookie in jar if cookie.name == "_xsrf" and cookie.path.startswith("/services/"))
    assert teachercall("POST", table, xsrf=token) == 200


# ------------------------------------------------ pupils in their own single-user servers
#: what each pupil's kernel runs: the client finds the kernel's JUPYTERHUB_API_TOKEN itself
#: and plays its seat's first legal action at its turns until the table reaches ``plies``
PUPIL_CODE = """
import json, os, time
from drezlab.classroom import connect
me = connect({url!r}, timeout=20)
table = me.table({table})
played, deadline = 0, time.monotonic() + 40
while time.monotonic() < deadline and not table.is_over and table.version < {plies}:
    if table.my_turn:
        table.play(table.legal_actions()[0])
        played += 1
    else:
        table.wait_for_change(0.2)
print(json.dumps({{"name": me.name, "seat": table.seat, "played": played, "version": table.version,
                  "token": bool(os.environ.get("JUPYTERHUB_API_TOKEN"))}}))
me.close()
"""


async def _run_in_kernel(server: str, token: str, code: str, timeout: float) -> str:
    """Start a kernel in a single-user server (``server``: its ``/user/<name>/`` address)
    through its REST API, run ``code`` there over the kernel's websocket (Jupyter
    messaging protocol), delete the kernel; what it printed (an error raises)."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    headers = {"Authorization": f"token {token}"}
    http = AsyncHTTPClient()
    answer = await http.fetch(HTTPRequest(f"{server}api/kernels", method="POST", headers=headers,
                                          body=json.dumps({"name": "python3"}), request_timeout=30))
    kernel = json.loads(answer.body)["id"]
    socket_url = f"{server}api/kernels/{kernel}/channels".replace("http://", "ws://", 1)
    try:
        socket = await websocket_connect(HTTPRequest(socket_url, headers=headers, connect_timeout=20,
                                                     request_timeout=20))
        session, msg_id = uuid.uuid4().hex, uuid.uuid4().hex
        socket.write_message(json.dumps({
            "header": {"msg_id": msg_id, "username": "test", "session": session, "msg_type": "execute_request",
                       "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True}}))
        out: list[str] = []
        replied = idle = False
        deadline = time.monotonic() + timeout
        while not (replied and idle):
            left = deadline - time.monotonic()
            assert left > 0, f"the kernel did not finish in {timeout:.0f} s; printed: {''.join(out)}"
            text = await asyncio.wait_for(socket.read_message(), left)
            assert text is not None, "the kernel's websocket closed"
            message = json.loads(text)
            if message.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = message["msg_type"], message["content"]
            if kind == "stream":
                out.append(content["text"])
            elif kind == "error":
                raise AssertionError("the kernel raised:\n" + "\n".join(content["traceback"]))
            elif kind == "execute_reply":
                replied = True
                assert content["status"] == "ok", content
            elif kind == "status" and content["execution_state"] == "idle":
                idle = True
        socket.close()
        return "".join(out)
    finally:
        await http.fetch(HTTPRequest(f"{server}api/kernels/{kernel}", method="DELETE", headers=headers,
                                     request_timeout=10), raise_error=False)


def _in_thread(work: Any) -> Any:
    """``asyncio.run(work())`` on a thread of its own (the browser tests keep Playwright's
    loop on the main thread in the full suite)."""
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["value"] = asyncio.run(work())
        except BaseException as error:  # noqa: BLE001 -- raised again on the caller's thread
            result["error"] = error
    thread = threading.Thread(target=run, name="kernels")
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result["value"]


def test_pupils_play_from_kernels_in_their_own_single_user_servers(hub: dict[str, Any]) -> None:
    """ana's and luis's servers spawned through the hub; in a kernel of each, ``connect(url)``
    with no token (the kernel's JUPYTERHUB_API_TOKEN, scoped by Spawner.server_token_scopes)
    plays a PokerDrez table the teacher opened, both at once; the teacher's API sees the moves."""
    base, tokens, plies = hub["base"], hub["tokens"], 6
    teacher = Teacher(hub["url"], token=tokens["teacher1"])
    teacher.create_class(["ana", "luis"], name="5B")
    table_id = teacher.open_table("pokerdrez", ["ana", "luis"], seed=5)
    pupils = ["ana", "luis"]
    try:
        start_servers(hub, pupils)
        code = PUPIL_CODE.format(url=f"{base}/services/{SERVICE}/", table=table_id, plies=plies)

        async def both() -> list[str]:
            return list(await asyncio.gather(*(
                _run_in_kernel(f"{base}/user/{name}/", hub["admin"], code, timeout=60) for name in pupils)))
        printed = [json.loads(text.strip().splitlines()[-1]) for text in _in_thread(both)]
        assert [line["name"] for line in printed] == pupils, printed
        assert all(line["token"] for line in printed)
        assert {line["seat"] for line in printed} == {0, 1}
        assert all(line["played"] >= 1 for line in printed), printed
        summary = next(line for line in teacher.tables() if line["id"] == table_id)
        assert summary["plies"] >= plies and summary["plies"] == sum(line["played"] for line in printed), \
            (summary, printed)
    finally:
        teacher.close()
        stop_servers(hub, pupils)
