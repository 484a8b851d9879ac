"""Run every lesson and guide top to bottom and say how long each took ("Run All" time).

    python tools/lesson_times.py [--write] [--limit 30] [notebooks or folders ...]

Each notebook runs in a fresh kernel in its own folder, as JupyterLab's "Run All" does;
the table gives the seconds from the first cell to the last, and marks the notebooks
over ``--limit`` seconds (a lesson must run in at most 30 s on a two-core machine). With
``--write`` the executed notebooks are saved in place, with their outputs (`make lessons`
does this). Default: every notebook under lessons/.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def notebooks(paths: list[str]) -> list[Path]:
    """The notebooks named, or found in the folders named (default: lessons/)."""
    found: list[Path] = []
    for name in paths or [str(ROOT / "lessons")]:
        path = Path(name)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
        else:
            found.append(path)
    return found


def run(path: Path, write: bool) -> float:
    """Execute ``path`` in a fresh kernel; the seconds it took. Saved in place with ``write``."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=900, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    started = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - started
    if write:
        nbformat.write(notebook, path)
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="notebooks or folders (default: lessons/)")
    parser.add_argument("--write", action="store_true", help="save the executed notebooks in place")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds a notebook may take (default 30)")
    arguments = parser.parse_args(argv)
    found = notebooks(arguments.paths)
    slow = 0
    print(f"{'notebook':52} {'Run All':>8}")
    for number, path in enumerate(found, start=1):
        seconds = run(path, arguments.write)
        over = seconds > arguments.limit
        slow += over
        name = path.resolve().relative_to(ROOT) if path.resolve().is_relative_to(ROOT) else path
        print(f"{str(name):52} {seconds:7.1f}s{'  over ' + format(arguments.limit, 'g') + ' s' if over else ''}"
              f"   [{number}/{len(found)}]", flush=True)
    print(f"{len(found)} notebooks, {slow} over {arguments.limit:g} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
