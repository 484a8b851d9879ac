"""``python -m drezlab.classroom --db URL --port N [--teacher-secret S] [--host H]``; under JupyterHub
``python -m drezlab.classroom --hub [--teacher-group G]`` (see drezlab.classroom.hub)."""

import sys

from drezlab.classroom.server import main

if __name__ == "__main__":
    sys.exit(main())
