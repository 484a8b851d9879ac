"""JavaScript shared by the browser tests, evaluated in JupyterLab, Notebook 7 or JupyterLite.

``FIND_PANEL`` is the start of a function ``async (path) => {...}`` that waits for the app
and for the notebook panel of ``path`` and its document; it leaves ``app``, ``sleep``,
``deadline`` and ``panel`` defined. ``OPEN_AND_RUN_ALL`` is a whole such function: it also
waits for the kernel, clears the saved outputs, runs all cells and returns the errors."""

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

OPEN_AND_RUN_ALL = """
async (path) => {""" + FIND_PANEL + """  await panel.sessionContext.ready;
  let kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  while (!kernel) {
    if (Date.now() > deadline) throw new Error('no kernel for ' + path);
    await sleep(100);
    kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  }
  await kernel.info;
  app.shell.activateById(panel.id);
  // The saved outputs hold widget views restored from the notebook's saved widget
  // state: they look live but no kernel answers them. Clear them first, so that
  // nothing is clicked before its cell has really run.
  await app.commands.execute('notebook:clear-all-cell-outputs');
  const codeCells = () => panel.content.widgets.filter((cell) => cell.model.type === 'code');
  const failed = () => codeCells().some((cell) => {
    const outputs = cell.model.outputs;
    for (let i = 0; i < outputs.length; i++) if (outputs.get(i).toJSON().output_type === 'error') return true;
    return false;
  });
  await app.commands.execute('notebook:run-all-cells');
  // clicks reach the kernel only between cells: wait until every cell has run
  // (run-all may return before the first cell starts: a cell not yet run has no count)
  while (kernel.status !== 'idle'
         || codeCells().some((cell) => cell.model.executionState === 'running')
         || (!failed() && codeCells().some((cell) => cell.model.executionCount === null))) {
    if (Date.now() > deadline + 240000) throw new Error('the kernel is still busy running ' + path);
    await sleep(100);
  }
  const errors = [];
  for (const cell of panel.content.widgets) {
    if (cell.model.type !== 'code') continue;
    const outputs = cell.model.outputs;
    for (let i = 0; i < outputs.length; i++) {
      const output = outputs.get(i).toJSON();
      if (output.output_type === 'error') errors.push(output.ename + ': ' + output.evalue);
    }
  }
  return errors;
}
"""
