"""Imports across ``drezlab/`` (issue 7, point 4): every module imports first in a fresh
interpreter, there is no import cycle, rules never import pictures, and ``import
drezlab`` stays light.

* **Each module first.** One subprocess imports every module of ``drezlab/`` in turn;
  before each it drops every ``drezlab`` module from ``sys.modules``, so each module
  is the first drezlab module imported (third-party modules stay loaded: they cannot
  hide an order problem inside drezlab). ``drezlab.ui`` is included when ipywidgets
  and anywidget can be imported, as in the development environment.
* **No cycles.** Every ``drezlab/**/*.py`` is parsed with :mod:`ast` (nothing is
  imported) and the graph of module-level imports is built: absolute and relative
  imports, ``from package import submodule`` counted as an import of the submodule
  and of the package (whose namespace it reads, half-initialised when the package's
  ``__init__`` is what imported this module; a package's own ``from . import x`` is not),
  imports in module-level ``if``/``try`` blocks and class bodies counted, imports
  inside functions and under ``if TYPE_CHECKING:`` not counted (they do not run when
  the module is imported). An edge goes to the module named, not to its parent
  packages: Python runs a parent's ``__init__`` first, which only matters when that
  ``__init__`` is itself named by an import, and then the edge is there. The strongly
  connected components (Tarjan) with more than one module, or a module importing
  itself, are the cycles; each is reported as a path ``a -> b -> a``.
* **Rules never import pictures.** A rules module (``drezlab/games/*/game.py`` and
  everything under ``drezlab/kits/``) may not import, anywhere in it (functions
  included), a picture module (a module whose file is named ``picture*.py``) or
  anything under ``drezlab/render``; nor may anything its module-level imports load
  at import time (followed transitively) be one.

The runner, the finder and the rule are checked on small synthetic packages, graphs and
sources below (a module that imports only after another, a triangle of imports, a
package cycle like poker7's, a rules module reaching a picture), so a green run means
they found nothing, not that they cannot find anything.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import subprocess
import sys
import textwrap
from collections import deque
from pathlib import Path
from typing import Iterable, Mapping

import pytest

import drezlab

PACKAGE_DIR = Path(drezlab.__file__).resolve().parent
ROOT = PACKAGE_DIR.parent
JUPYTER = ("ipywidgets", "anywidget", "IPython")

Graph = Mapping[str, Iterable[str]]


# ================================================================ the module list
def module_name(path: Path, package_dir: Path = PACKAGE_DIR) -> str:
    """``drezlab/games/brandubh/game.py`` -> ``drezlab.games.brandubh.game`` (an ``__init__``
    is its package)."""
    parts = list(path.relative_to(package_dir.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files(package_dir: Path = PACKAGE_DIR) -> dict[str, Path]:
    """Every module of the package: name -> file."""
    return {module_name(path, package_dir): path for path in sorted(package_dir.rglob("*.py"))}


def jupyter_available() -> bool:
    return all(importlib.util.find_spec(name) is not None for name in ("ipywidgets", "anywidget"))


def importable_modules() -> list[str]:
    """The modules the fresh-import test covers (``drezlab.ui.*`` only with the Jupyter packages)."""
    names = sorted(source_files())
    if not jupyter_available():
        names = [name for name in names if name != "drezlab.ui" and not name.startswith("drezlab.ui.")]
    return names


# ================================================================ reading imports
def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _resolve(node: ast.ImportFrom, current: str, is_package: bool) -> str:
    """The absolute module a ``from ... import`` reads from."""
    if not node.level:
        return node.module or ""
    base = current.split(".") if is_package else current.split(".")[:-1]
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(source: str, current: str, is_package: bool, known: Iterable[str],
               prefix: str = "drezlab") -> tuple[set[str], set[str]]:
    """The modules of ``known`` that ``source`` (the module ``current``) imports:
    (at import time, anywhere in the file).

    ``from a import b`` names ``a`` (its names are read from it) and also the module
    ``a.b`` when that is one of ``known``; a package's ``from . import b`` names only ``b``."""
    known = set(known)
    at_import: set[str] = set()
    anywhere: set[str] = set()

    def targets(node: ast.Import | ast.ImportFrom) -> set[str]:
        found: set[str] = set()
        if isinstance(node, ast.Import):
            found = {alias.name for alias in node.names}
        else:
            base = _resolve(node, current, is_package)
            if base != current:
                found.add(base)
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    found.add(f"{base}.{alias.name}")
        return {name for name in found if name in known and (name == prefix or name.startswith(prefix + "."))}

    def visit(node: ast.AST, runs_at_import: bool) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = targets(node)
            anywhere.update(names)
            if runs_at_import:
                at_import.update(names)
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            runs_at_import = False
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, False)
            for child in node.orelse:
                visit(child, runs_at_import)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, runs_at_import)

    visit(ast.parse(source), True)
    return at_import, anywhere


def import_graphs(package_dir: Path = PACKAGE_DIR) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(module-level import graph, any-import graph) of every module of the package."""
    files = source_files(package_dir)
    at_import: dict[str, set[str]] = {}
    anywhere: dict[str, set[str]] = {}
    for name, path in files.items():
        at_import[name], anywhere[name] = imports_of(path.read_text(encoding="utf-8"), name,
                                                     path.name == "__init__.py", files,
                                                     prefix=package_dir.name)
    return at_import, anywhere


# ================================================================ cycles (Tarjan)
def strongly_connected(graph: Graph) -> list[list[str]]:
    """Tarjan's strongly connected components of ``graph`` (node -> successors), each sorted."""
    nodes = sorted(set(graph) | {successor for successors in graph.values() for successor in successors})
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(sorted(graph.get(root, ()))))]
        while work:
            node, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = counter
                    counter += 1
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph.get(successor, ())))))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def cycle_path(graph: Graph, component: list[str]) -> list[str]:
    """One cycle through the component's first module, as ``[a, b, ..., a]``."""
    members = set(component)
    start = component[0]
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for successor in sorted(graph.get(node, ())):
            if successor not in members:
                continue
            if successor == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if successor not in came_from:
                came_from[successor] = node
                queue.append(successor)
    raise ValueError(f"{component} is not a cycle of the graph")


def find_cycles(graph: Graph) -> list[list[str]]:
    """Every import cycle of ``graph``, one path per strongly connected component."""
    cycles = []
    for component in strongly_connected(graph):
        if len(component) > 1 or component[0] in graph.get(component[0], ()):
            cycles.append(cycle_path(graph, component))
    return cycles


# ================================================================ rules and pictures
def is_rules_module(name: str) -> bool:
    parts = name.split(".")
    return (len(parts) == 4 and parts[:2] == ["drezlab", "games"] and parts[3] == "game") or (
        len(parts) >= 2 and parts[:2] == ["drezlab", "kits"])


def is_picture_module(name: str) -> bool:
    parts = name.split(".")
    return parts[-1].startswith("picture") or parts[:2] == ["drezlab", "render"]


def loaded_at_import(graph: Graph, start: str) -> set[str]:
    """Every module that importing ``start`` loads through module-level imports (``start`` excluded)."""
    seen: set[str] = set()
    todo = list(graph.get(start, ()))
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(graph.get(name, ()))
    seen.discard(start)
    return seen


def picture_imports_by_rules(at_import: Graph, anywhere: Graph) -> list[str]:
    """Each rules module that imports a picture module, directly (anywhere) or at import time."""
    found = []
    for name in sorted(anywhere):
        if not is_rules_module(name):
            continue
        direct = sorted(target for target in anywhere[name] if is_picture_module(target))
        loaded = sorted(target for target in loaded_at_import(at_import, name) if is_picture_module(target))
        for target in direct:
            found.append(f"{name} imports the picture module {target}")
        for target in loaded:
            if target not in direct:
                found.append(f"{name} loads the picture module {target} when imported")
    return found


# ================================================================ the tests on drezlab
#: run as ``python -c FIRST_IMPORT '["mod", ...]' package``: imports each module with none of
#: the package's modules loaded before it; prints {module: error} for those that fail
FIRST_IMPORT = textwrap.dedent("""
    import importlib, json, sys, traceback
    failures = {}
    package = sys.argv[2]
    for name in json.loads(sys.argv[1]):
        for loaded in [key for key in sys.modules if key == package or key.startswith(package + ".")]:
            del sys.modules[loaded]
        try:
            importlib.import_module(name)
        except BaseException as error:
            failures[name] = "".join(traceback.format_exception_only(type(error), error)).strip()[-600:]
    print(json.dumps(failures))
""")


def run_python(code: str, *args: str, path: Path = ROOT) -> str:
    """Run ``code`` in a fresh interpreter that imports packages from ``path`` first (this
    checkout's drezlab by default); its last line of output."""
    environment = {**os.environ, "PYTHONPATH": str(path)}
    result = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=240,
                            env=environment)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout.strip().splitlines()[-1]


@pytest.mark.slow
def test_every_module_imports_first_in_a_fresh_interpreter() -> None:
    modules = importable_modules()
    assert "drezlab.core.game" in modules and "drezlab.games.brandubh.game" in modules
    assert ("drezlab.ui.play" in modules) == jupyter_available()
    failures = json.loads(run_python(FIRST_IMPORT, json.dumps(modules), "drezlab"))
    assert failures == {}, "\n".join(f"{name}: {error}" for name, error in failures.items())


def test_import_drezlab_loads_no_jupyter_and_no_game_module() -> None:
    code = "import json, sys, drezlab; print(json.dumps(sorted(sys.modules)))"
    loaded = json.loads(run_python(code))
    jupyter = [name for name in loaded if name.split(".")[0] in JUPYTER]
    games = [name for name in loaded if name.startswith("drezlab.games.") or name.startswith("drezlab.ui")]
    assert jupyter == [], f"import drezlab loads Jupyter code: {jupyter}"
    assert games == [], f"import drezlab loads game or widget modules: {games}"
    assert "drezlab.games" in loaded       # the registry package itself, which names no game


def test_no_import_cycle_in_drezlab() -> None:
    at_import, _ = import_graphs()
    assert len(at_import) == len(source_files()) and at_import["drezlab"], "the graph was not read"
    cycles = find_cycles(at_import)
    assert cycles == [], "import cycles:\n" + "\n".join(" -> ".join(cycle) for cycle in cycles)


def test_rules_never_import_pictures() -> None:
    at_import, anywhere = import_graphs()
    assert any(is_rules_module(name) for name in anywhere), "no rules module was found"
    found = picture_imports_by_rules(at_import, anywhere)
    assert found == [], "\n".join(found)


# ================================================================ the checkers can fail
def test_importing_each_module_first_finds_an_order_problem(tmp_path: Path) -> None:
    """``b`` imports only after ``a``: one interpreter importing ``a`` then ``b`` would pass."""
    package = tmp_path / "orderpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from orderpkg.b import helper\nVALUE = helper()\n")
    (package / "b.py").write_text("import orderpkg.a\n\n\ndef helper() -> int:\n    return 1\n")
    failures = json.loads(run_python(FIRST_IMPORT, json.dumps(["orderpkg.a", "orderpkg.b"]), "orderpkg",
                                     path=tmp_path))
    assert list(failures) == ["orderpkg.b"] and "ImportError" in failures["orderpkg.b"]
    assert json.loads(run_python(FIRST_IMPORT, json.dumps(["orderpkg.a"]), "orderpkg", path=tmp_path)) == {}


def test_the_cycle_finder_finds_cycles() -> None:
    triangle = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert find_cycles(triangle) == [["a", "b", "c", "a"]]
    assert find_cycles({"x": {"x"}, "y": {"x"}}) == [["x", "x"]]
    two = {"p": {"q", "z"}, "q": {"p"}, "r": {"s"}, "s": {"t"}, "t": {"r", "u"}, "u": set()}
    assert sorted(find_cycles(two)) == [["p", "q", "p"], ["r", "s", "t", "r"]]
    assert find_cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []
    long_chain = {f"m{i}": {f"m{i + 1}"} for i in range(3000)}
    assert find_cycles(long_chain) == []                       # no recursion limit
    long_chain["m3000"] = {"m0"}
    assert len(find_cycles(long_chain)[0]) == 3002


def test_imports_are_read_as_python_runs_them() -> None:
    known = {"drezlab", "drezlab.games", "drezlab.games.toy", "drezlab.games.toy.game",
             "drezlab.games.toy.picture", "drezlab.games.toy.meta", "drezlab.core", "drezlab.core.spec",
             "drezlab.render", "drezlab.render.base"}
    source = textwrap.dedent("""
        from typing import TYPE_CHECKING
        import os
        from . import meta
        from .. import toy
        from drezlab.core.spec import GameSpec
        if TYPE_CHECKING:
            from drezlab.games.toy.picture import draw
        try:
            import drezlab.render
        except ImportError:
            pass
        class Board:
            from drezlab.core import spec
        def svg():
            from drezlab.render.base import make
    """)
    at_import, anywhere = imports_of(source, "drezlab.games.toy.game", False, known)
    assert at_import == {"drezlab.games.toy.meta", "drezlab.games", "drezlab.games.toy", "drezlab.core.spec",
                         "drezlab.render", "drezlab.core"}
    assert anywhere == at_import | {"drezlab.games.toy.picture", "drezlab.render.base"}
    package, _ = imports_of("from . import game\nfrom .meta import SPEC\n", "drezlab.games.toy", True, known)
    assert package == {"drezlab.games.toy.game", "drezlab.games.toy.meta"}


def test_a_rules_module_importing_a_picture_is_found(tmp_path: Path) -> None:
    package = tmp_path / "drezlab"
    files = {
        "__init__.py": "import drezlab.games\n",
        "games/__init__.py": "",
        "games/toy/__init__.py": "from drezlab.games.toy.game import Toy\n",
        "games/toy/game.py": "import drezlab.games.toy.helpers\n\ndef svg():\n"
                             "    from drezlab.games.toy.picture_parts import draw\n",
        "games/toy/helpers.py": "import drezlab.render.base\nfrom drezlab.games.toy import Toy\n",
        "games/toy/picture_parts.py": "from drezlab.games.toy import game\n",
        "render/__init__.py": "",
        "render/base.py": "",
        "kits/__init__.py": "",
        "kits/cardchess.py": "from drezlab.games.toy import picture_parts\n",
    }
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    at_import, anywhere = import_graphs(package)
    assert picture_imports_by_rules(at_import, anywhere) == [
        "drezlab.games.toy.game imports the picture module drezlab.games.toy.picture_parts",
        "drezlab.games.toy.game loads the picture module drezlab.render.base when imported",
        "drezlab.kits.cardchess imports the picture module drezlab.games.toy.picture_parts",
        "drezlab.kits.cardchess loads the picture module drezlab.render.base when imported",
    ]
    # the package cycle (like poker7's): the package imports game, game helpers, helpers the package
    assert find_cycles(at_import) == [["drezlab.games.toy", "drezlab.games.toy.game", "drezlab.games.toy.helpers",
                                       "drezlab.games.toy"]]
