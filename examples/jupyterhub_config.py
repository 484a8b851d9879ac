"""A school's JupyterHub with the drezlab class server as a managed service.

Merge this into your hub's ``jupyterhub_config.py``. The hub starts the class server
(``python -m drezlab.classroom --hub``), restarts it if it stops, and its proxy sends
``https://<hub>/services/drezlab-class/`` to it. Hub users log in to it through the hub
(drezlab.classroom.hub): the members of the hub group ``drezlab-teachers`` are teachers,
every other user is a pupil named by their hub user name. In a notebook on the hub::

    from drezlab.classroom import Teacher, connect
    url = "https://hub.school.example/services/drezlab-class/"
    teacher = Teacher(url)                       # a teacher: the kernel's JUPYTERHUB_API_TOKEN
    teacher.create_class(["ana", "luis"], name="5A")
    teacher.open_table("pokerdrez", ["ana", "luis"])
    me = connect(url)                            # a pupil (ana, in her own server)

In a browser, after the hub's login (no login code, no teacher's secret): pupils open
``https://<hub>/services/drezlab-class/`` (the hub's menu, Services, lists it) and play
their tables there; teachers open ``https://<hub>/services/drezlab-class/teacher``, the
class page (a pupil who opens it is told it is for teachers).

The class server keeps its own database (never the hub's): PostgreSQL in production,
``pip install 'psycopg[binary]'`` in the hub's environment. Tested with
tests/test_classroom_hub.py (a real hub on 127.0.0.1 with the same roles and scopes, the
pupils playing from kernels in their own single-user servers) and
tests/browser/test_classroom_hub_browser.py (both pages in Chromium under that hub).

Deployment notes
----------------
* One server, The Littlest JupyterHub (TLJH): install drezlab into the hub's environment
  (``sudo /opt/tljh/hub/bin/python3 -m pip install drezlab`` -- the service runs with the
  hub's Python, ``sys.executable`` below) and into the users' environment
  (``sudo -E pip install drezlab`` in a TLJH admin terminal) for the notebooks. Put this
  file's settings in ``/opt/tljh/config/jupyterhub_config.d/drezlab.py`` and run
  ``sudo tljh-config reload hub``. Add teachers to the group on the hub's admin page
  (Admin > Groups) or with ``c.JupyterHub.load_groups`` below. The database: a local
  PostgreSQL (``sudo apt-get install postgresql``; ``sudo -u postgres createuser drezlab``;
  ``sudo -u postgres createdb -O drezlab drezlab``) or, for a small school, SQLite in a
  directory the hub can write (``--db sqlite:////opt/drezlab/class.db``).
* Kubernetes, zero-to-jupyterhub (z2jh): the hub pod must have drezlab installed (a hub
  image built ``FROM quay.io/jupyterhub/k8s-hub`` with ``pip install drezlab``), and the
  singleuser image too. The service runs inside the hub pod, so the hub's Kubernetes
  Service needs one more port, the hub's NetworkPolicy must let the proxy in on it, and
  the proxy's must let it out (z2jh's docs, "Services"). In the chart's ``values.yaml``,
  ``hub.services`` declares the service (z2jh gives it its API token)::

      hub:
        image: {name: school/drezlab-hub, tag: "1"}
        services:
          drezlab-class:
            url: http://hub:8765
            command: [python3, -m, drezlab.classroom, --hub, --host, 0.0.0.0, --port, "8765",
                      --db, "postgresql+psycopg://drezlab@postgres/drezlab"]
            oauth_no_confirm: true
        service:
          extraPorts: [{name: drezlab-class, port: 8765, targetPort: 8765}]
        networkPolicy:
          ingress:
            - ports: [{port: 8765}]
              from: [{podSelector: {matchLabels: {"hub.jupyter.org/network-access-hub": "true"}}}]
        loadRoles:
          user:
            scopes: [self, "access:services!service=drezlab-class"]
        extraConfig:
          drezlab: |
            c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server",
                                             "access:services!service=drezlab-class"]
            c.JupyterHub.load_groups = {"drezlab-teachers": {"users": ["teacher1"]}}
      proxy:
        chp:
          networkPolicy:
            egress:
              - to: [{podSelector: {matchLabels: {app: jupyterhub, component: hub}}}]
                ports: [{port: 8765}]

  (``--host 0.0.0.0``: the url's host ``hub`` is the Kubernetes Service, not an address of
  the pod.) Check the keys against your chart version's schema.
  Run PostgreSQL as a managed database or its own chart; one class server process
  serves the whole hub (it is the single writer of its tables: do not scale it out).
"""

import sys

c = get_config()  # noqa: F821 -- JupyterHub's config loader defines it

#: where the class server listens; the proxy reaches it there (same machine as the hub)
DREZLAB_PORT = 8765

c.JupyterHub.services = [
    {
        "name": "drezlab-class",
        "url": f"http://127.0.0.1:{DREZLAB_PORT}",
        "command": [sys.executable, "-m", "drezlab.classroom", "--hub",
                    "--db", "postgresql+psycopg://drezlab@127.0.0.1/drezlab",
                    # the hub group whose members are teachers (this is the default)
                    "--teacher-group", "drezlab-teachers"],
        # pupils are not asked "allow drezlab-class to know who you are?" on first visit
        "oauth_no_confirm": True,
    },
]

# Who may use the service: every user (the default `user` role keeps its `self` scope).
c.JupyterHub.load_roles = [
    {"name": "user", "scopes": ["self", "access:services!service=drezlab-class"]},
]

# A kernel's JUPYTERHUB_API_TOKEN gets only these scopes (out of those its user has).
# Without `access:services!service=drezlab-class` the Python client gets 403 from the
# service: the server's own token does not include access to services by default.
c.Spawner.server_token_scopes = [
    "users:activity!user",          # the default `server` role's scopes...
    "access:servers!server",
    "access:services!service=drezlab-class",   # ...and the class server
]

# The teachers. Managed here, or on the hub's admin page (Admin > Groups); with
# load_groups, the hub resets the group's members to this list at every start.
c.JupyterHub.load_groups = {
    "drezlab-teachers": {"users": ["teacher1"]},
}
