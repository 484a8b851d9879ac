"""The README's API example runs as written; its set-up section and the Makefile agree with CI."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"


def test_readme_api_example_runs(capsys) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
    assert blocks, "the README has a Python example"
    exec(compile(blocks[0], "README.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "checkmate" in printed and ":" in printed


def test_readme_names_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "make lab" in text and "make test" in text


def test_readme_apt_line_installs_what_ci_installs() -> None:
    """One `apt-get install` line in the set-up section names every Debian package .ci/run may install."""
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    wanted = {name for group in re.findall(r"packages\+=\(([^)]*)\)", ci) for name in group.split()}
    assert {"python3", "python3-venv", "chromium", "postgresql"} <= wanted, wanted
    setup = README.read_text(encoding="utf-8").split("## Set up and run", 1)[1].split("\n## ", 1)[0]
    lines = [set(line.split()) for line in setup.splitlines() if "apt-get install" in line]
    assert any(wanted <= line for line in lines), f"no apt-get line in the set-up section has all of {sorted(wanted)}"
    needed = re.search(r'requires-python = ">=(\d+\.\d+)"', (REPO / "pyproject.toml").read_text()).group(1)
    assert f"Python {needed} or newer" in setup and "minutes" in setup


def make_installs(target: str) -> list[str]:
    """The pip install commands `make <target>` runs in a checkout with no .venv yet (`make -n`: shown, not run)."""
    make = shutil.which("make")
    if make is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but make is not installed (.ci/run installs it)", pytrace=False)
        pytest.skip("make is not installed: sudo apt-get install make")
    env = {name: value for name, value in os.environ.items() if name not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    with tempfile.TemporaryDirectory() as base:
        shown = subprocess.run([make, "-n", "--no-print-directory", target, f"VENV={base}/venv"], cwd=REPO,
                               env=env, capture_output=True, text=True, check=True, timeout=60).stdout
    return [line for line in shown.splitlines() if "pip install" in line]


def test_make_lab_installs_no_test_tools() -> None:
    """`make lab`, `make student` and `make class` install the [lab] extra only; `make test` adds [test]."""
    for target in ("lab", "student", "class", "install"):
        installs = make_installs(target)
        assert installs, f"`make {target}` installs nothing in a fresh checkout"
        assert all("'.[lab]'" in line for line in installs), f"`make {target}`: {installs}"
    installs = make_installs("test")
    assert any("'.[lab]'" in line for line in installs) and any("'.[lab,test]'" in line for line in installs), installs
