# Voilà configuration of `make student` (read because the Makefile passes --Voila.config_file_paths
# with this folder; it lives outside drezlab/ because it is a traitlets config file, run with ``c``,
# not a module). Every lesson is prepared for pupils by drezlab.student before it runs, and the
# page loads only the JupyterLab extensions the lessons' widgets need (Voilà's own widget manager
# for ipywidgets 8, the ipywidgets controls, anywidget): other extensions installed in the same
# environment (Notebook 7's, JupyterLite's Pyodide kernel) fail to load in Voilà and fill the
# browser console with errors. The pages ask nothing of any host but the one serving them: the
# template is student/share/voila/templates/drezlab, Voilà's "lab" template without its links to
# Font Awesome on a CDN (Voilà serves Font Awesome itself, in static/voila-style.js).
import os
from pathlib import Path

from drezlab.student import prelaunch_hook

config = c  # type: ignore[name-defined]  # noqa: F821 (traitlets runs this file with ``c``, the config)
# Voilà finds a template by name in the Jupyter data dirs (voila/templates/<name>), looked up when
# it starts and when it serves a template's static file: this folder's share/ goes first.
SHARE = Path(__file__).resolve().parent / "share"
os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(SHARE), os.environ.get("JUPYTER_PATH")]))
config.VoilaConfiguration.template = "drezlab"
config.VoilaConfiguration.prelaunch_hook = prelaunch_hook
config.VoilaConfiguration.extension_allowlist = [
    "@voila-dashboards/widgets-manager8", "@jupyter-widgets/jupyterlab-manager", "anywidget"]
# A pupil's kernel lives while the page is open. When a tab is closed without saying goodbye (a
# crash, a lost network, a laptop lid) its kernel has no connection left: after 15 idle minutes
# it is shut down, checked every minute, so that a class does not fill the teacher's memory.
config.MappingKernelManager.cull_idle_timeout = 900
config.MappingKernelManager.cull_interval = 60
# The teachers' guides sit beside the pupils' lessons (lessons/en/03-vikingdrez-guide.ipynb): the list of
# lessons leaves them out, and drezlab.student shows a guide opened by its address as a page for teachers
# without running any of it.
config.ContentsManager.hide_globs = ["__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*~", ".ipynb_checkpoints",
                                     "*-guide.ipynb", "*-guia.ipynb"]
