"""JavaScript shared by the browser tests: the start of a function ``async (path) => {...}``
evaluated in JupyterLab (or Notebook 7) that waits for the app and for the notebook panel of
``path`` and its document; it leaves ``app``, ``sleep``, ``deadline`` and ``panel`` defined."""

FIND_PANEL = """
  const app = window.jupyterapp;
  await app.restored;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const deadline = Date.now() + 60000;
  let panel = null;
  while (!panel) {
    for (const widget of app.shell.widgets('main')) {
      if (widget.context && widget.context.path === path) { panel = widget; break; }
    }
    if (!panel) {
      if (Date.now() > deadline) throw new Error('no notebook panel for ' + path);
      await sleep(100);
    }
  }
  await panel.context.ready;
"""
