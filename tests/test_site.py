"""tools/build_site.py without a browser: the site copies of the lessons and the site's Pyodide lock.

The browser test (tests/browser/test_lite_browser.py) builds and runs the whole site; these
tests pin the parts a reader can check by eye: which cells are guarded, what a guarded cell
does on each platform, the note every lesson gets, and that the lock ships only its wheels.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import build_site  # tools/ is not a package: its folder is on sys.path (above)

LESSONS = sorted((REPO / "lessons").glob("*.ipynb")) + sorted((REPO / "lessons").glob("*/*.ipynb"))


def run_guarded(source: str, platform: str) -> str:
    """Execute a guarded cell with ``sys.platform`` set to ``platform``; return what it printed."""
    saved = sys.platform
    output = io.StringIO()
    try:
        sys.platform = platform
        with contextlib.redirect_stdout(output):
            exec(compile(source, "<cell>", "exec"), {})  # noqa: S102  (the cell the site would run)
    finally:
        sys.platform = saved
    return output.getvalue()


@pytest.mark.parametrize("source, modules", [
    ("import matplotlib.pyplot as plt\nplt.plot([1])", ["matplotlib"]),
    ("from scipy.optimize import milp\nimport numpy as np", ["numpy", "scipy"]),
    ("from drezlab import PokerDrez\nimport math", []),
    ("%matplotlib inline", []),
    ("from .numpy import x", []),
])
def test_compiled_imports_are_found_by_the_syntax_tree(source: str, modules: list[str]) -> None:
    assert build_site.compiled_imports(source) == modules


def test_a_guarded_cell_runs_unchanged_outside_pyodide_and_explains_itself_inside() -> None:
    source = "values = [1, 2]\nif values:\n    print('plotted', sum(values))\n\nprint('done')"
    guarded = build_site.guard_cell(source, ["matplotlib"])
    assert run_guarded(guarded, "linux") == "plotted 3\ndone\n"
    said = run_guarded(guarded, "emscripten")
    assert "needs matplotlib" in said and "full install" in said and "plotted" not in said


@pytest.mark.parametrize("lesson", LESSONS, ids=[str(path.relative_to(REPO / "lessons")) for path in LESSONS])
def test_every_site_lesson_has_the_note_and_guards_each_compiled_import(lesson: Path) -> None:
    notebook = json.loads(lesson.read_text())
    site = build_site.site_notebook(notebook)
    notes = [cell for cell in site["cells"] if "drezlab-site-note" in cell["metadata"].get("tags", [])]
    assert len(notes) == 1 and "hidden by the page, not by a server" in notes[0]["source"]
    assert site["cells"].index(notes[0]) <= 1
    original = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    copied = [cell for cell in site["cells"] if cell["cell_type"] == "code"]
    assert len(original) == len(copied)
    unbound: set[str] = set()
    for before, after in zip(original, copied):
        text = "".join(before["source"])
        compile(after["source"] if isinstance(after["source"], str) else "".join(after["source"]),
                lesson.name, "exec")
        names = build_site.cell_names(text)
        guarded = after["source"] != before["source"]
        if build_site.compiled_imports(text) or names.read & unbound:
            assert guarded and after["source"].startswith("import sys\n")
            assert 'sys.platform == "emscripten"' in after["source"]
        if guarded:
            unbound |= names.bound
    assert notebook == json.loads(lesson.read_text()), "the lesson itself was changed"


def test_the_lock_lists_only_the_shipped_wheels_with_their_hashes(tmp_path: Path) -> None:
    wheel = tmp_path / "toy_pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("toy_pkg/__init__.py", "")
        archive.writestr("toy_single.py", "")
        archive.writestr("toy_pkg-1.0.dist-info/METADATA", "Name: toy-pkg\n")
    npm_lock = {"info": {"python": "3.14"}, "packages": {"numpy": {"depends": []}}}
    lock = build_site.site_lock(npm_lock, [build_site.Wheel("toy-pkg", "1.0", wheel, ("chess",))])
    assert lock["info"] == npm_lock["info"] and list(lock["packages"]) == ["toy-pkg"]
    entry = lock["packages"]["toy-pkg"]
    assert entry["file_name"] == wheel.name and entry["imports"] == ["toy_pkg", "toy_single"]
    assert entry["depends"] == ["chess"] and len(entry["sha256"]) == 64
    assert "numpy" in npm_lock["packages"], "the npm lock was changed in place"


def test_the_kernel_closure_follows_depends_across_spellings() -> None:
    lock = {"packages": {"ipython": {"depends": ["prompt_toolkit", "traitlets"]},
                         "prompt-toolkit": {"depends": ["wcwidth"]},
                         "traitlets": {"depends": []}, "wcwidth": {"depends": []}}}
    assert build_site.lock_closure(lock, ("ipython",)) == ["ipython", "prompt-toolkit", "traitlets", "wcwidth"]
    with pytest.raises(build_site.SiteBuildError):
        build_site.lock_closure(lock, ("numpy",))


def test_a_full_install_lesson_guards_every_code_cell_and_says_so() -> None:
    lesson = REPO / "lessons" / "en" / "11-rummidrez.ipynb"
    site = build_site.site_notebook(json.loads(lesson.read_text()), build_site.FULL_INSTALL_LESSONS["11-rummidrez"])
    code = [cell for cell in site["cells"] if cell["cell_type"] == "code"]
    assert code and all('sys.platform == "emscripten"' in cell["source"] for cell in code)
    assert "needs numpy and scipy in every code cell" in site["cells"][1]["source"]
    assert run_guarded(code[0]["source"], "emscripten").startswith("This cell needs numpy and scipy,")


def test_a_cell_reading_what_a_guarded_cell_bound_is_guarded_too() -> None:
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "# Title"},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
         "source": "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()"},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
         "source": "ax.plot([1, 2])\nlimits = ax.get_ylim()"},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": "print(limits)"},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": "print('fig')"},
    ]}
    cells = [cell["source"] for cell in build_site.site_notebook(notebook)["cells"] if cell["cell_type"] == "code"]
    assert all(run_guarded(source, "emscripten").startswith("This cell needs matplotlib,") for source in cells[:3])
    assert cells[3] == "print('fig')"


def test_the_class_room_pages_and_the_guides_are_left_out_of_the_site(tmp_path: Path) -> None:
    """Joining a class needs a connection to the class server, which a Pyodide kernel cannot open;
    a teacher's guide holds the answers, and the site is the pupils'. The pupils' lessons keep
    their language folders."""
    build_site.stage_contents(tmp_path / "site")
    site = tmp_path / "site" / "lessons"
    staged = {str(path.relative_to(site)) for path in site.rglob("*.ipynb")}
    guides = {str(path.relative_to(REPO / "lessons")) for path in LESSONS
              if json.loads(path.read_text())["metadata"].get("drezlab", {}).get("audience") == "teachers"}
    assert guides, "the lessons have teachers' guides"
    assert staged == {str(path.relative_to(REPO / "lessons")) for path in LESSONS
                      if path.stem not in build_site.CLASS_ROOM_PAGES} - guides
    assert "en/01a-pokerdrez.ipynb" in staged and "es/01a-pokerdrez.ipynb" in staged
    assert set(build_site.CLASS_ROOM_PAGES) <= {path.stem for path in LESSONS}
