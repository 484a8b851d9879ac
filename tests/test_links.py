"""Every link in the README, the lessons, the teacher's guides and the rules book resolves
inside the repository.

A school runs the lessons offline, so a link is a relative path to a file of this checkout
(a Markdown link or image, an HTML ``href``/``src``), with an optional ``#anchor`` that must
name a heading of the Markdown file it points to. A file cited in code spans
(`` `docs/rules/en/edami.md` ``) counts as a link too: a lesson that cites a file the
repository does not hold sends a teacher looking for nothing. Links to other hosts are
refused, except to this computer (``127.0.0.1``/``localhost``: the class server, student
mode). A printout cited as ``print/<paper>/<file>.pdf`` is not in the repository (``make
print`` writes it, git-ignored): it must be one that :func:`drezlab.printing.plan` lists.
Read from the files; nothing is executed.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

MARKDOWN_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""(?:href|src)\s*=\s*["']([^"']+)["']""")
CITED_FILE = re.compile(r"`([\w.\-]+(?:/[\w.\-]+)+\.(?:md|ipynb|svg|pdf|json|py|png))(?:\s*§[^`]*)?`")
LOCAL_HOSTS = ("http://127.0.0.1", "https://127.0.0.1", "http://localhost", "https://localhost")


def documents() -> list[Path]:
    """The README, every lesson and guide notebook, every page of docs/."""
    found = [ROOT / "README.md"]
    for folder in ("lessons", "guides"):
        found += sorted(path for path in (ROOT / folder).rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts)
    found += sorted((ROOT / "docs").rglob("*.md"))
    return [path for path in found if path.exists()]


def text_of(path: Path) -> str:
    """A document's prose: a Markdown file whole, a notebook's Markdown cells."""
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        return "\n\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    return path.read_text(encoding="utf-8")


def slug(heading: str) -> str:
    """The anchor GitHub and JupyterLab give a Markdown heading."""
    text = unicodedata.normalize("NFC", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors_of(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings (and of a notebook's Markdown headings)."""
    return {slug(match) for match in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text_of(path), re.MULTILINE)}


def links_of(text: str) -> list[str]:
    """Every link target and cited file of a text, in order."""
    without_code = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    return (MARKDOWN_LINK.findall(without_code) + HTML_LINK.findall(without_code)
            + CITED_FILE.findall(without_code))


@functools.cache
def printouts() -> frozenset[str]:
    """The files ``make print`` writes, as ``print/<paper>/<file>.pdf``."""
    from drezlab.printing import plan

    return frozenset(f"print/{relative.as_posix()}" for relative, _write in plan())


def problem_with(link: str, document: Path) -> str | None:
    """Why ``link`` in ``document`` does not resolve inside the repository, or ``None``."""
    if link.startswith(LOCAL_HOSTS) or link.startswith("mailto:"):
        return None
    if link.startswith("print/"):
        return None if link in printouts() else f"{link}: `make print` writes no such file"
    if re.match(r"^[a-z][a-z0-9+.\-]*:", link):
        return f"{link} points outside the repository"
    target, _, anchor = link.partition("#")
    if not target:
        path = document
    else:
        path = (document.parent / target).resolve()
        if not path.exists():
            from_root = (ROOT / target).resolve()
            if from_root.exists() and not target.startswith("."):
                path = from_root          # a cited file, written from the repository's top
            else:
                return f"{link}: no file {target}"
    if ROOT not in path.parents and path != ROOT:
        return f"{link} leaves the repository"
    if anchor and path.suffix in (".md", ".ipynb") and anchor not in anchors_of(path):
        return f"{link}: no heading #{anchor} in {path.relative_to(ROOT)}"
    return None


def test_the_link_finder_sees_every_kind_of_link(tmp_path: Path) -> None:
    """Markdown links and images, HTML links and cited files are found; fenced code is not read."""
    text = ("See [the rules](docs/rules/en/edami.md#the-deck), ![board](img/a.svg), "
            '<a href="guide.ipynb">guide</a>, `shared/rules/card-games.md` §5.\n'
            "```\n[not a link](nowhere.md)\n```")
    assert links_of(text) == ["docs/rules/en/edami.md#the-deck", "img/a.svg", "guide.ipynb",
                              "shared/rules/card-games.md"]
    document = ROOT / "README.md"
    assert problem_with("shared/rules/card-games.md", document) is not None
    assert problem_with("https://example.org/", document) is not None
    assert problem_with("http://127.0.0.1:8866/", document) is None
    assert problem_with("Makefile", document) is None
    assert problem_with("README.md#no-such-heading", document) is not None
    assert problem_with("print/a4/board-brandubh-tile.pdf", document) is None
    assert problem_with("print/a4/board-nowhere-tile.pdf", document) is not None


@pytest.mark.parametrize("document", documents(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_link_resolves_inside_the_repository(document: Path) -> None:
    problems = [problem for link in links_of(text_of(document))
                if (problem := problem_with(link, document)) is not None]
    assert not problems, f"{document.relative_to(ROOT)}: " + "; ".join(problems)
