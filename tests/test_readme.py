"""The README's API example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_api_example_runs(capsys) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
    assert blocks, "the README has a Python example"
    exec(compile(blocks[0], "README.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "checkmate" in printed and ":" in printed


def test_readme_names_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "make lab" in text and "make test" in text
