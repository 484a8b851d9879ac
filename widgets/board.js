// drezlab board widget: shows an SVG made in Python, narrows clicks in the browser
// and sends only complete actions. No game logic lives here: the viewer's own
// legal actions arrive with each picture as lists of targets (see drezlab/ui/board.py);
// the narrowing rules are those of drezlab/ui/selection.py, ported one to one.

// ------------------------------------------------------------ narrowing (pure)
function counts(ids) {
  const have = new Map();
  for (const id of ids) have.set(id, (have.get(id) || 0) + 1);
  return have;
}

function fits(have, targets) {
  const need = counts(targets);
  for (const [id, count] of have) if ((need.get(id) || 0) < count) return false;
  return true;
}

/** The actions with targets whose targets contain every clicked id (multiset). */
export function candidates(actions, clicked) {
  const have = counts(clicked);
  return actions.filter((action) => action.targets.length && fits(have, action.targets));
}

/** Every id that may be clicked next (first-seen order, no repeats). */
export function nextTargets(actions, clicked) {
  const have = counts(clicked);
  const seen = new Set();
  for (const action of candidates(actions, clicked)) {
    const left = counts(action.targets);
    for (const [id, count] of have) left.set(id, (left.get(id) || 0) - count);
    for (const id of action.targets) if (left.get(id) > 0) seen.add(id);
  }
  return [...seen];
}

/** The ids to highlight: each candidate's first target not yet clicked, in order,
 *  passing over targets the picture does not show (``present``; they are buttons). */
export function stagedTargets(actions, clicked, present = null) {
  const seen = new Set();
  for (const action of candidates(actions, clicked)) {
    const left = counts(clicked);
    for (const id of action.targets) {
      if (left.get(id) > 0) {
        left.set(id, left.get(id) - 1);
        continue;
      }
      if (present && !present.has(id)) continue;
      seen.add(id);
      break;
    }
  }
  return [...seen];
}

/** Where each clicked id falls among ``targets`` (each click takes the first equal
 *  target not yet taken): [0, 1, ...] when they were clicked in their order. */
export function clickOrder(targets, clicked) {
  const free = [...targets];
  return clicked.map((id) => {
    const index = free.indexOf(id);
    free[index] = null;
    return index;
  });
}

function compareOrders(first, second) {
  for (let i = 0; i < first.length; i += 1) if (first[i] !== second[i]) return first[i] - second[i];
  return 0;
}

/** The candidate whose targets are exactly the clicked ids, else null; when several
 *  are (the same ids in another order), the one the click order names (the smallest
 *  clickOrder), if only one does. */
export function complete(actions, clicked) {
  if (!clicked.length) return null;
  let done = candidates(actions, clicked).filter((action) => action.targets.length === clicked.length);
  if (done.length > 1) {
    const orders = done.map((action) => clickOrder(action.targets, clicked));
    const best = orders.reduce((low, order) => (compareOrders(order, low) < 0 ? order : low));
    done = done.filter((_, i) => compareOrders(orders[i], best) === 0);
  }
  return done.length === 1 ? done[0] : null;
}

/** Next targets the picture does not show (they become buttons); before the first
 *  click only for actions none of whose targets is in the picture. */
export function missingTargets(actions, clicked, present) {
  let pool = actions;
  if (!clicked.length) pool = actions.filter((action) => !action.targets.some((id) => present.has(id)));
  return nextTargets(pool, clicked).filter((id) => !present.has(id));
}

/** One click on ``target`` with ``clicked`` so far: {clicked, action, changed}. */
export function clickStep(actions, clicked, target) {
  const grown = [...clicked, target];
  if (clicked.includes(target) && !candidates(actions, grown).length) {
    const shrunk = [...clicked];
    shrunk.splice(shrunk.indexOf(target), 1);
    return { clicked: shrunk, action: null, changed: true };
  }
  if (candidates(actions, grown).length) return { clicked: grown, action: complete(actions, grown), changed: true };
  if (clicked.length && candidates(actions, [target]).length) {
    return { clicked: [target], action: complete(actions, [target]), changed: true };
  }
  return { clicked, action: null, changed: false };
}

// ------------------------------------------------------------------- the view
function render({ model, el }) {
  const make = (tag, className) => {
    const node = document.createElement(tag);
    node.className = className;
    return node;
  };
  const root = make("div", "dz-board");
  const status = make("div", "dz-status");
  status.setAttribute("role", "status");
  const statusText = make("b", "dz-status-text");
  const hint = make("span", "dz-hint");
  status.append(statusText, hint);
  const picture = make("div", "dz-picture");
  const stage = make("div", "dz-stage");
  const logPanel = make("div", "dz-log-panel");
  const logTitle = make("b", "dz-log-title");
  const log = make("div", "dz-log");
  const logList = make("ol", "dz-log-list");
  log.append(logList);
  const result = make("div", "dz-result");
  const copy = make("button", "jupyter-button widget-button dz-copy");
  copy.type = "button";
  const record = make("textarea", "dz-record");
  record.readOnly = true;
  record.hidden = true;
  // actions that end the game for the pupil (resign) live here, away from New game and
  // the other buttons, and ask "Really?" before they are sent
  const serious = make("div", "dz-serious");
  logPanel.append(logTitle, log, result, copy, record, serious);
  const main = make("div", "dz-main");
  const buttons = make("div", "dz-actions");
  const overlay = make("div", "dz-overlay");
  const message = make("p", "dz-overlay-text");
  const ready = make("button", "dz-ready");
  ready.type = "button";
  overlay.append(message, ready);
  stage.append(picture, buttons);
  main.append(stage, logPanel);
  root.append(status, main, overlay);
  el.append(root);

  let drawnSvg = null;
  let version = null;
  let clicked = [];
  let pending = false;      // a complete action was sent: no clicks until the next version
  let replyStep = null;
  let buttonKey = "";
  let pythonSelected = null;

  const text = (key) => (model.get("texts") || {})[key] || key;
  const actions = () => (model.get("actions") || []).map((action, index) => ({ ...action, index }));
  const present = () => new Set([...picture.querySelectorAll("[data-id]")].map((n) => n.getAttribute("data-id")));

  function say(words) {
    hint.textContent = words ? ` — ${words}` : "";
  }

  let drawnLog = null;
  function drawLog() {
    const lines = model.get("log") || [];
    const key = JSON.stringify(lines);
    logTitle.textContent = model.get("log_title") || "";
    result.textContent = model.get("result") || "";
    copy.textContent = text("copy");
    copy.hidden = !lines.length;
    if (key === drawnLog) return;
    drawnLog = key;
    logList.replaceChildren(...lines.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
    follow();
  }

  // the log keeps its newest line in view unless the pupil scrolled up to read
  let stick = true;
  function follow() {
    if (stick) log.scrollTop = log.scrollHeight;
  }
  function onScroll() {
    stick = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  }
  const resized = new ResizeObserver(follow);   // first layout, and the page reflowing

  function onCopy(event) {
    event.preventDefault();
    model.send({ type: "copy" });
  }

  async function onMessage(content) {
    if (!content || content.type !== "record") return;
    const words = content.text || "";
    record.value = words;
    try {
      await navigator.clipboard.writeText(words);
      record.hidden = true;
      copy.textContent = text("copied");
    } catch (error) {
      record.hidden = false;      // no clipboard (an insecure page): select the text to copy by hand
      record.focus();
      record.select();
    }
  }

  function shake(node) {
    if (!node || node.classList.contains("dz-shake")) return;
    node.classList.add("dz-shake");
    setTimeout(() => node.classList.remove("dz-shake"), 400);
  }

  function mark() {
    const all = actions();
    const shown = present();
    const highlight = pending ? new Set() : new Set(stagedTargets(all, clicked, shown));
    const selected = new Set(clicked);
    const marks = model.get("marks") || {};
    const mine = new Set(marks.mine || []);
    const theirs = new Set(marks.theirs || []);
    const hinted = new Set(marks.hint || []);
    // while the viewer chooses, what no action of theirs uses is dimmed (CSS dims cards, not squares)
    const usable = new Set(all.flatMap((action) => action.targets));
    const dim = all.length > 0 && !pending;
    for (const node of picture.querySelectorAll("[data-id]")) {
      const id = node.getAttribute("data-id");
      const inside = () => [...node.querySelectorAll("[data-id]")].some((n) => usable.has(n.getAttribute("data-id")));
      node.classList.toggle("dz-unusable", dim && !usable.has(id) && node.tagName === "g" && !inside());
      node.classList.toggle("dz-highlight", highlight.has(id));
      node.classList.toggle("dz-selected", selected.has(id));
      node.classList.toggle("dz-last-mine", mine.has(id));
      node.classList.toggle("dz-last-theirs", theirs.has(id));
      node.classList.toggle("dz-hinted", hinted.has(id));
    }
    drawButtons(all, shown);
  }

  function makeButton(label, className, onPress) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `jupyter-button widget-button ${className}`;
    button.textContent = label;
    button.title = label;
    button.addEventListener("click", (event) => {
      event.preventDefault();
      onPress(button);
    });
    return button;
  }

  function drawButtons(all, shown) {
    const offered = pending ? [] : [
      ...all.filter((action) => !action.targets.length).map((action) => ({ kind: "action", action, label: action.label })),
      ...missingTargets(all.filter((a) => a.targets.length), clicked, shown)
        .map((id) => ({ kind: "target", id, label: id })),
    ];
    const key = JSON.stringify([version, offered.map((entry) => [entry.kind, entry.label])]);
    if (key === buttonKey) return;
    buttonKey = key;
    const needsConfirm = (entry) => entry.kind === "action" && entry.action.confirm;
    buttons.replaceChildren(...offered.filter((entry) => !needsConfirm(entry)).map((entry) =>
      makeButton(entry.label, entry.kind === "action" ? "dz-action" : "dz-target", (button) => {
        if (entry.kind === "action") send(entry.action);
        else choose(entry.id, button);
      })));
    serious.replaceChildren(...offered.filter(needsConfirm).map((entry) =>
      makeButton(entry.label, "dz-action dz-ask", () => ask(entry.action))));
  }

  /** The confirmation of an action that ends the game: its question, Yes and No. */
  function ask(action) {
    const question = make("p", "dz-question");
    question.textContent = action.confirm;
    const yes = makeButton(`${text("yes")}: ${action.label}`, "dz-yes", () => send(action));
    const no = makeButton(text("no"), "dz-no", () => {
      buttonKey = "";
      mark();
    });
    serious.replaceChildren(question, yes, no);
    no.focus();
  }

  function animateReply() {
    const marks = model.get("marks") || {};
    if (marks.step === replyStep) return;
    const first = replyStep === null;
    replyStep = marks.step;
    if (first) return;
    for (const node of picture.querySelectorAll(".dz-last-theirs")) {
      node.classList.remove("dz-reply");
      void node.getBoundingClientRect();
      node.classList.add("dz-reply");
    }
    setTimeout(skipAnimation, 700);
  }

  function skipAnimation() {
    for (const node of picture.querySelectorAll(".dz-reply")) node.classList.remove("dz-reply");
  }

  function sync() {
    const svg = model.get("svg") || "";
    if (svg !== drawnSvg) {
      picture.innerHTML = svg;
      drawnSvg = svg;
    }
    const current = model.get("version");
    const selected = JSON.stringify(model.get("selected") || []);
    const fresh = current !== version;
    if (fresh) {
      version = current;
      pending = false;
      say("");
    }
    if (fresh || selected !== pythonSelected) {
      pythonSelected = selected;
      clicked = JSON.parse(selected);
    }
    root.classList.toggle("dz-busy", !!model.get("busy"));
    statusText.textContent = model.get("status") || "";
    drawLog();
    root.classList.toggle("dz-pending", pending);
    const words = model.get("overlay") || "";
    message.textContent = words;
    ready.textContent = model.get("overlay_button") || "OK";
    overlay.hidden = !words;
    root.classList.toggle("dz-covered", !!words);
    mark();
    animateReply();
  }

  function send(action) {
    if (pending) return;
    pending = true;
    root.classList.add("dz-pending");
    say(text("sent"));
    model.send({ type: "act", index: action.index, version });
    mark();
  }

  /** Why a click cannot be used, or "" when it can be tried. */
  function refusal() {
    if (model.get("overlay")) return text("covered");
    if (pending || model.get("busy")) return text("wait");
    if (!actions().length) return text(model.get("busy") ? "wait" : "over");
    return "";
  }

  function choose(id, node) {
    if (pending) return;          // the action is on its way: "Playing…" already says so
    const reason = refusal();
    if (reason) {
      say(reason);
      shake(node);
      return;
    }
    const all = actions().filter((action) => action.targets.length);
    const result = clickStep(all, clicked, id);
    if (!result.changed) {
      const usable = all.some((action) => action.targets.includes(id));
      const reason = (model.get("reasons") || {})[id];
      say(usable ? `${id} ${text("mismatch")} ${clicked.join(" ")}` : reason || `${id} ${text("unusable")}`);
      shake(node);
      return;
    }
    say("");
    clicked = result.clicked;
    if (result.action) {
      send(result.action);
      return;
    }
    mark();
  }

  function onClick(event) {
    let node = event.target;
    while (node && node !== picture && !(node.getAttribute && node.getAttribute("data-id") !== null)) {
      node = node.parentNode;
    }
    if (model.get("busy")) {
      skipAnimation();
      model.send({ type: "skip" });
    }
    if (!node || node === picture) return;
    event.preventDefault();
    choose(node.getAttribute("data-id"), node);
  }

  function onReady(event) {
    event.preventDefault();
    model.send({ type: "ready" });
  }

  picture.addEventListener("click", onClick);
  ready.addEventListener("click", onReady);
  copy.addEventListener("click", onCopy);
  log.addEventListener("scroll", onScroll);
  resized.observe(log);
  resized.observe(logList);
  const names = ["svg", "actions", "version", "selected", "marks", "overlay", "overlay_button", "busy", "texts",
                 "status", "log", "log_title", "result", "reasons"];
  // one update changes several attributes: draw once, after all of them are set
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      sync();
    });
  };
  const listeners = names.map((name) => [`change:${name}`, schedule]);
  listeners.push(["msg:custom", onMessage]);
  for (const [name, listener] of listeners) model.on(name, listener);
  sync();

  return () => {
    picture.removeEventListener("click", onClick);
    ready.removeEventListener("click", onReady);
    copy.removeEventListener("click", onCopy);
    log.removeEventListener("scroll", onScroll);
    resized.disconnect();
    for (const [name, listener] of listeners) model.off(name, listener);
  };
}

export default { render };
