// drezlab board widget: shows an SVG made in Python and reports clicks.
// Presentation only: no game logic lives here. See drezlab/ui/board.py.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "dz-board";
  const picture = document.createElement("div");
  picture.className = "dz-picture";
  const overlay = document.createElement("div");
  overlay.className = "dz-overlay";
  const message = document.createElement("p");
  message.className = "dz-overlay-text";
  const ready = document.createElement("button");
  ready.className = "dz-ready";
  ready.type = "button";
  overlay.append(message, ready);
  root.append(picture, overlay);
  el.append(root);

  function mark() {
    const highlight = new Set(model.get("highlight") || []);
    const selected = new Set(model.get("selected") || []);
    for (const node of picture.querySelectorAll("[data-id]")) {
      const id = node.getAttribute("data-id");
      node.classList.toggle("dz-highlight", highlight.has(id));
      node.classList.toggle("dz-selected", selected.has(id));
    }
  }

  function drawSvg() {
    picture.innerHTML = model.get("svg") || "";
    mark();
  }

  function drawOverlay() {
    const text = model.get("overlay") || "";
    message.textContent = text;
    ready.textContent = model.get("overlay_button") || "OK";
    overlay.hidden = !text;
    root.classList.toggle("dz-covered", !!text);
  }

  function drawBusy() {
    root.classList.toggle("dz-busy", !!model.get("busy"));
  }

  function onClick(event) {
    if (model.get("busy") || model.get("overlay")) return;
    let node = event.target;
    while (node && node !== picture && !(node.getAttribute && node.getAttribute("data-id") !== null)) {
      node = node.parentNode;
    }
    if (!node || node === picture) return;
    event.preventDefault();
    model.send({ type: "click", id: node.getAttribute("data-id") });
  }

  function onReady(event) {
    event.preventDefault();
    model.send({ type: "ready" });
  }

  picture.addEventListener("click", onClick);
  ready.addEventListener("click", onReady);
  const listeners = [
    ["change:svg", drawSvg],
    ["change:highlight", mark],
    ["change:selected", mark],
    ["change:overlay", drawOverlay],
    ["change:overlay_button", drawOverlay],
    ["change:busy", drawBusy],
  ];
  for (const [name, listener] of listeners) model.on(name, listener);
  drawSvg();
  drawOverlay();
  drawBusy();

  return () => {
    picture.removeEventListener("click", onClick);
    ready.removeEventListener("click", onReady);
    for (const [name, listener] of listeners) model.off(name, listener);
  };
}

export default { render };
