"""Build the zero-install lesson site: a static JupyterLite folder (``make site`` -> ``_site/``).

Why each part comes from where (the project reaches only PyPI, Debian and npm):

* the JupyterLite front end and its build tool: ``jupyterlite-core`` and
  ``jupyterlite-pyodide-kernel`` from PyPI (the ``site`` extra);
* Pyodide's core (``pyodide.mjs``, the WebAssembly interpreter, the standard library) from
  the ``pyodide`` package of the npm registry, at the version the kernel was built for.
  The npm package has no packages of its own, only Pyodide's lock file naming them: the
  site gets its own ``pyodide-lock.json`` listing exactly the pure-Python wheels it ships
  (downloaded from PyPI at the versions Pyodide's lock names, or at the versions of this
  environment for the widget stack, whose front-end extensions come from the same place);
* drezlab's own wheel, built from this checkout;
* the widget front ends (``@jupyter-widgets/jupyterlab-manager``, ``anywidget``) copied
  from this environment's federated extensions, so they match the Python side.

Compiled packages of Pyodide's distribution (numpy, scipy, matplotlib) are on neither
registry for WebAssembly, so the site's copies of the lessons replace each cell that needs
them with one that says so plainly under Pyodide and runs unchanged elsewhere.

Nothing in the built folder loads anything from another host: the page works from any web
server or a USB stick. The Python code of a lesson runs inside the page, so cards hidden
from a seat are hidden by the page only; the site's README and each lesson say so.

Usage: ``python tools/build_site.py [--output _site] [--cache _site_cache]``.
"""

from __future__ import annotations

import argparse
import ast
import copy
import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: the Pyodide version jupyterlite-pyodide-kernel 0.8.6 is built for (its constants.py)
PYODIDE_VERSION = "314.0.6"
#: the files of the npm ``pyodide`` package the page loads (maps, typings, demos left out)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js")
#: packages of Pyodide's lock the kernel needs (their dependencies follow from the lock)
KERNEL_ROOTS = ("micropip", "ipython", "jedi")
#: pure-Python packages taken at this environment's versions: drezlab's own dependencies
#: and the widget stack, whose front-end extensions are copied from this environment
ENV_PACKAGES = ("chess", "svgwrite", "anywidget", "ipywidgets", "psygnal", "comm", "typing_extensions")
#: pure packages published as an sdist only: built into their wheel (python-chess since 1.11)
SDIST_ONLY = ("chess",)
#: drezlab's dependencies inside the site (scipy is compiled: see the module docstring)
DREZLAB_DEPENDS = ("chess", "svgwrite", "joblib", "anywidget", "ipywidgets")
#: federated extensions the lessons need, besides the Pyodide kernel's own
WIDGET_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget")
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
#: compiled modules that Pyodide's own distribution has and this site cannot
COMPILED_MODULES = ("matplotlib", "numpy", "scipy")
#: lessons whose every code cell needs compiled modules through drezlab (the site keeps their
#: text and saved outputs to read; each code cell says what it needs instead of running)
FULL_INSTALL_LESSONS = {
    # RummiDrez's meld solver (and the picture that shows its melds) is scipy's milp on numpy
    "11-rummidrez": ["numpy", "scipy"],
}
#: pages left out of the site: joining the class room needs a connection to the class server,
#: which a kernel running in the browser (Pyodide) cannot open
CLASS_ROOM_PAGES = ("00-class", "00-clase")
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"

BROWSER_NOTE = """**Browser-only edition.** This copy of the lesson runs Python inside this web page (JupyterLite
with Pyodide): nothing is installed and no server runs your code. Two differences from the full install:

* **Hidden cards are hidden by the page, not by a server.** The whole game, both seats' cards and
  the pile included, lives in this browser tab: a pupil who types code can look at them. For games
  where that matters, use the full install (`make lab`, or `make student` for pupils).
* **Plots need the full install.** matplotlib, numpy and scipy are not part of this site, so the
  plot cells say so instead of drawing, and the solvers that use scipy are not available here.

Your changes are kept in this browser only (*File → Download* saves a copy)."""

SITE_README = """# drezlab lessons in the browser

These are drezlab's lessons as a static JupyterLite site: Python (Pyodide) runs inside the web
page, so the folder works from any web server or from a USB stick, with no installation and no
network. Open a lesson in `lessons/` and choose *Run → Run All Cells*.

**Hidden cards are hidden by the page, not by a server.** Every game runs in the pupil's own
browser tab, both seats' hidden cards and the pile included: anyone who types code in the
notebook can read them. For play where hidden cards must stay secret, use the full install
(`make lab`, or `make student` for pupils), where the kernel runs on a machine the pupils do
not control.

Plots (matplotlib) and the solvers that use scipy need the full install: in this site the plot
cells say so instead of drawing, and lesson 11 (RummiDrez, whose solver is scipy's) is here to
read with its saved outputs; its code cells say what they need instead of running. Work you do here is stored in this browser only; use
*File → Download* to keep a copy.
"""

PLOT_MESSAGE = ("This cell needs {modules}, which the browser-only site does not have: "
                "the full install (make lab) runs it.")


class SiteBuildError(RuntimeError):
    """A step of the site build failed; the message says which and why."""


@dataclass(frozen=True)
class Wheel:
    """A wheel the site ships in its Pyodide lock."""

    name: str
    version: str
    path: Path
    depends: tuple[str, ...]


def run(command: list[str], cwd: Path | None = None) -> None:
    """Run a build command, raising SiteBuildError with its output when it fails."""
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise SiteBuildError(f"{' '.join(command)} failed ({result.returncode}):\n"
                             f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}")


def pyodide_core(cache: Path) -> Path:
    """The unpacked npm ``pyodide`` package (fetched once with ``npm pack`` into the cache)."""
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    if (folder / "package" / "pyodide-lock.json").is_file():
        return folder / "package"
    npm = shutil.which("npm")
    if npm is None:
        raise SiteBuildError("npm is missing: install it with `sudo apt-get install npm` "
                             "(the site takes Pyodide from the npm registry)")
    folder.mkdir(parents=True, exist_ok=True)
    run([npm, "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"], cwd=folder)
    archive = folder / f"pyodide-{PYODIDE_VERSION}.tgz"
    with tarfile.open(archive) as tar:
        names = [member.name for member in tar.getmembers()]
        if any(name.startswith("/") or ".." in Path(name).parts for name in names):
            raise SiteBuildError(f"{archive.name} holds paths outside its folder: not unpacked")
        if hasattr(tarfile, "data_filter"):  # Python >= 3.11.4
            tar.extractall(folder, filter="data")
        else:
            tar.extractall(folder)  # the paths were checked above
    archive.unlink()
    return folder / "package"


def lock_closure(lock: dict, roots: tuple[str, ...]) -> list[str]:
    """The keys of Pyodide's lock that ``roots`` need, following ``depends`` (names compared canonically)."""
    packages = lock["packages"]
    keys = {canonical(key): key for key in packages}
    seen: list[str] = []
    todo = list(roots)
    while todo:
        name = keys.get(canonical(todo.pop()))
        if name is None:
            raise SiteBuildError(f"Pyodide {PYODIDE_VERSION}'s lock lacks a package the kernel needs")
        if name in seen:
            continue
        seen.append(name)
        todo.extend(packages[name]["depends"])
    return sorted(seen)


def download(requirements: list[str], cache: Path) -> dict[str, Path]:
    """Pure wheels from PyPI (cached): canonical name -> wheel file.

    ``pip download`` takes the published pure wheel; a project that publishes only an
    sdist (python-chess 1.11) is built into its pure wheel with ``pip wheel``.
    """
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)

    def have() -> dict[str, Path]:
        return {wheel_key(path): path for path in wheels.glob("*.whl")}

    pip = [sys.executable, "-m", "pip"]
    quiet = ["--quiet", "--disable-pip-version-check", "--no-deps"]
    pure = ["--only-binary=:all:", "--platform", "any", "--python-version", "3.14",
            "--implementation", "py", "--abi", "none"]
    missing = [r for r in requirements if key_of(r) not in have()]
    sdists = [r for r in missing if key_of(r).split("==")[0] in SDIST_ONLY]
    binaries = [r for r in missing if r not in sdists]
    if sdists:
        run([*pip, "wheel", *quiet, "--no-binary=:all:", "-w", str(wheels), *sdists])
    if binaries:
        try:  # one pip run: each run spends seconds asking the index
            run([*pip, "download", *quiet, *pure, "-d", str(wheels), *binaries])
        except SiteBuildError:
            for requirement in binaries:
                try:
                    run([*pip, "download", *quiet, *pure, "-d", str(wheels), requirement])
                except SiteBuildError:
                    run([*pip, "wheel", *quiet, "--no-binary=:all:", "-w", str(wheels), requirement])
    found = have()
    result = {}
    for requirement in requirements:
        key = key_of(requirement)
        if key not in found or not found[key].name.endswith("-none-any.whl"):
            raise SiteBuildError(f"no pure wheel for {requirement} (the site can ship only pure Python)")
        result[key.split("==")[0]] = found[key]
    return result


def canonical(name: str) -> str:
    """PEP 503 name: lower case, runs of ``-_.`` as one ``-``."""
    out = name.lower().replace("_", "-").replace(".", "-")
    while "--" in out:
        out = out.replace("--", "-")
    return out


def key_of(requirement: str) -> str:
    name, version = requirement.split("==")
    return f"{canonical(name)}=={version}"


def wheel_key(path: Path) -> str:
    name, version = path.name.split("-")[:2]
    return f"{canonical(name)}=={version}"


def build_drezlab_wheel(work: Path) -> Path:
    """drezlab's wheel from this checkout (hatchling, no build isolation: the ``site`` extra has it)."""
    out = work / "drezlab-wheel"
    out.mkdir()
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--no-build-isolation", "-w", str(out), str(REPO)])
    found = sorted(out.glob("drezlab-*.whl"))
    if len(found) != 1:
        raise SiteBuildError(f"expected one drezlab wheel, found {found}")
    return found[0]


def top_level_imports(wheel: Path) -> list[str]:
    """Top-level importable names in a wheel (Pyodide's lock lists them as ``imports``)."""
    names: set[str] = set()
    with zipfile.ZipFile(wheel) as archive:
        for item in archive.namelist():
            first = item.split("/")[0]
            if first.endswith((".dist-info", ".data")):
                continue
            if "/" in item:
                names.add(first)
            elif item.endswith(".py"):
                names.add(item[:-3])
    return sorted(n for n in names if n.isidentifier())


def lock_entry(wheel: Wheel) -> dict:
    """A pyodide-lock.json entry for a wheel the site ships (sha256 is checked by the page)."""
    return {
        "name": wheel.name,
        "version": wheel.version,
        "file_name": wheel.path.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.path.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": top_level_imports(wheel.path),
        "depends": list(wheel.depends),
        "unvendored_tests": False,
        "shared_library": False,
    }


def site_lock(npm_lock: dict, wheels: list[Wheel]) -> dict:
    """Pyodide's lock with only the packages this site ships, so nothing is looked for elsewhere."""
    lock = copy.deepcopy(npm_lock)
    lock["packages"] = {wheel.name: lock_entry(wheel) for wheel in wheels}
    return lock


def gather_wheels(npm_lock: dict, cache: Path, work: Path) -> list[Wheel]:
    """Every wheel of the site: the kernel's stack from Pyodide's lock, the widget stack, drezlab."""
    packages = npm_lock["packages"]
    kernel = lock_closure(npm_lock, KERNEL_ROOTS + ("joblib",))
    env_versions = {canonical(name): importlib.metadata.version(name) for name in ENV_PACKAGES}
    requirements = [f"{packages[name]['name']}=={packages[name]['version']}" for name in kernel
                    if canonical(packages[name]["name"]) not in env_versions]
    requirements += [f"{name}=={version}" for name, version in sorted(env_versions.items())]
    files = download(requirements, cache)
    wheels = []
    for name in kernel:
        key = canonical(packages[name]["name"])
        if key in env_versions:
            continue
        wheels.append(Wheel(name, packages[name]["version"], files[key], tuple(packages[name]["depends"])))
    lock_names = {canonical(w.name): w.name for w in wheels}
    widget_depends = {
        "anywidget": ("ipywidgets", "psygnal", "typing-extensions"),
        # widgetsnbextension and jupyterlab_widgets are front-end packages: the site has
        # the front end as a federated extension, the kernel's shim covers the import
        "ipywidgets": ("comm", "ipython", "traitlets"),
    }
    for name, version in sorted(env_versions.items()):
        depends = tuple(lock_names.get(d, d) for d in widget_depends.get(name, ()))
        wheels.append(Wheel(name, version, files[name], depends))
        lock_names[name] = name
    drezlab = build_drezlab_wheel(work)
    version = drezlab.name.split("-")[1]
    wheels.append(Wheel("drezlab", version, drezlab, tuple(lock_names[canonical(d)] for d in DREZLAB_DEPENDS)))
    return wheels


def compiled_imports(source: str) -> list[str]:
    """The compiled modules (matplotlib, numpy, scipy) a cell imports; [] if it does not parse."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return sorted(found & set(COMPILED_MODULES))


@dataclass(frozen=True)
class CellNames:
    """The names a cell binds (top level, loops, comprehensions) and the names it reads without binding."""

    bound: frozenset[str]
    read: frozenset[str]


def cell_names(source: str) -> CellNames:
    """What a cell binds and reads (nothing if it does not parse, e.g. a magic)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return CellNames(frozenset(), frozenset())
    bound: set[str] = set()
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(statement.name)
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in statement.names)
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                bound.add(node.id)
    read = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
    return CellNames(frozenset(bound), frozenset(read - bound))


def spoken_list(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def guard_cell(source: str, modules: list[str]) -> str:
    """The cell's code run only outside Pyodide; under Pyodide a plain sentence instead."""
    message = PLOT_MESSAGE.format(modules=spoken_list(modules))
    split = message.index(": ") + 2  # two lines, so the cell reads without scrolling
    head, tail = message[:split], message[split:]
    body = "\n".join(("    " + line) if line.strip() else "" for line in source.splitlines())
    return ("import sys\n\n"
            "if sys.platform == \"emscripten\":  # the browser-only site (Pyodide)\n"
            f"    print({head!r}\n          {tail!r})\n"
            "else:\n" + body + "\n")


def site_notebook(notebook: dict, needs: list[str] | None = None) -> dict:
    """A lesson for the site: the browser-only note after the title, compiled-module cells guarded.

    ``needs``: compiled modules every code cell of the lesson needs (FULL_INSTALL_LESSONS).
    """
    result = copy.deepcopy(notebook)
    # a name bound by a guarded cell (plt, fig...) does not exist under Pyodide: a later cell
    # that reads it needs what that cell needed
    unbound: dict[str, set[str]] = {}
    for cell in result["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        names = cell_names(source)
        modules = set(compiled_imports(source)) | set(needs or ())
        for name in names.read & unbound.keys():
            modules |= unbound[name]
        if modules:
            cell["source"] = guard_cell(source, sorted(modules))
            for name in names.bound:
                unbound[name] = modules
    text = BROWSER_NOTE
    if needs:
        text += (f"\n\n**This lesson needs {spoken_list(sorted(needs))} in every code cell.** Read it here with "
                 "the outputs it was saved with; run it in the full install.")
    note = {"cell_type": "markdown", "metadata": {"tags": ["drezlab-site-note"]}, "source": text}
    if result["nbformat"] >= 4 and result.get("nbformat_minor", 0) >= 5:
        note["id"] = "drezlab-site-note"
    result["cells"].insert(1 if result["cells"] and result["cells"][0]["cell_type"] == "markdown" else 0, note)
    return result


def site_lessons() -> list[Path]:
    """The lessons the site carries: the older lessons of lessons/ and the pupils' lessons of
    its language folders (lessons/en, lessons/es), never a teacher's guide (it holds the
    answers, and the site is the pupils') nor the class room's join pages."""
    found = []
    for lesson in sorted((REPO / "lessons").glob("*.ipynb")) + sorted((REPO / "lessons").glob("*/*.ipynb")):
        audience = json.loads(lesson.read_text())["metadata"].get("drezlab", {}).get("audience")
        if lesson.stem not in CLASS_ROOM_PAGES and audience != "teachers":
            found.append(lesson)
    return found


def stage_contents(folder: Path) -> None:
    """The site's files: its README and the site copies of the lessons (in their language folders)."""
    (folder / "lessons").mkdir(parents=True)
    (folder / "README.md").write_text(SITE_README)
    for lesson in site_lessons():
        notebook = json.loads(lesson.read_text())
        needs = FULL_INSTALL_LESSONS.get(lesson.stem)
        target = folder / "lessons" / lesson.relative_to(REPO / "lessons")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(site_notebook(notebook, needs), indent=1) + "\n")


def labextension(name: str) -> Path:
    """A federated extension of this environment (where JupyterLab finds it)."""
    folder = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / name
    if not (folder / "package.json").is_file():
        raise SiteBuildError(f"the front-end extension {name} is not in {folder.parent}: "
                             "install drezlab with `pip install -e '.[lab,site]'`")
    return folder



def build_site(output: Path, cache: Path) -> Path:
    """Build the site into ``output`` (replaced), fetching into ``cache`` only what is missing."""
    started = time.monotonic()
    output = output.resolve()
    cache = cache.resolve()
    cache.mkdir(parents=True, exist_ok=True)
    core = pyodide_core(cache)
    npm_lock = json.loads((core / "pyodide-lock.json").read_text())
    with tempfile.TemporaryDirectory(prefix="drezlab-site-") as temp:
        work = Path(temp)
        lite = work / "lite"
        pyodide = lite / "static" / "pyodide"
        pyodide.mkdir(parents=True)
        for name in PYODIDE_FILES:
            shutil.copy2(core / name, pyodide / name)
        wheels = gather_wheels(npm_lock, cache, work)
        for wheel in wheels:
            shutil.copy2(wheel.path, pyodide / wheel.path.name)
        (pyodide / "pyodide-lock.json").write_text(json.dumps(site_lock(npm_lock, wheels), indent=1))
        contents = work / "contents"
        stage_contents(contents)
        (lite / "jupyter-lite.json").write_text(json.dumps({
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "drezlab lessons",
                # window.jupyterapp, as JupyterLab's expose_app_in_browser: the browser test
                # awaits the app, the notebook and its kernel through it
                "exposeAppInBrowser": True,
                "litePluginSettings": {KERNEL_SETTINGS: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": ["drezlab"]},
                }},
            },
        }, indent=1))
        if output.exists():
            shutil.rmtree(output)
        extensions = [str(labextension(name)) for name in (*WIDGET_EXTENSIONS, KERNEL_EXTENSION)]
        command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite),
                   "--output-dir", str(output), "--contents", str(contents), "--ignore-sys-prefix",
                   "--no-sourcemaps", "--apps", "lab", "--apps", "notebook"]
        for extension in extensions:
            command += ["--LiteBuildConfig.federated_extensions", extension]
        run(command, cwd=work)
    missing = [name for name in ("index.html", "jupyter-lite.json", "static/pyodide/pyodide.mjs",
                                 "files/lessons/en/01a-pokerdrez.ipynb") if not (output / name).is_file()]
    if missing:
        raise SiteBuildError(f"the built site lacks {missing}")
    print(f"site built in {time.monotonic() - started:.1f} s: {output} "
          f"({sum(p.stat().st_size for p in output.rglob('*') if p.is_file()) / 1e6:.0f} MB, "
          f"{len(wheels)} wheels, Pyodide {PYODIDE_VERSION})")
    return output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=REPO / "_site", help="the site folder (replaced)")
    parser.add_argument("--cache", type=Path, default=REPO / "_site_cache",
                        help="downloads kept between builds (npm's pyodide, PyPI wheels)")
    args = parser.parse_args(argv)
    try:
        build_site(args.output, args.cache)
    except SiteBuildError as error:
        print(f"make site: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
