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

// ------------------------------------------------ words: the banner and the names
// drezlab/ui/selection.py (target_kind, guidance) and drezlab/core/face.py
// (guidance_text, target_name) say the same in Python.
const CARD_ID = /^(?:[PNBRQJ][1-9]|X[12])b?$/;
const SQUARE_ID = /^[a-z][1-9][0-9]?$/;
const PROMOTION_ID = /^promote-([a-z])$/;
const GUIDANCE_STEPS = 3;
/** English words for a model whose ``texts`` lack them (the keys of FRONT_END_TEXTS). */
const ENGLISH = {
  turn: "Your turn", pick: "pick {what}", press: "press {what}", "kind.card": "a card", "kind.piece": "a piece",
  "kind.square": "a square", "kind.spot": "a marked spot", "kind.button": "a button", "step.then": ", then ",
  "step.or": " or ", "step.buttons": "(or press a button)", "step.only-buttons": "press a button",
  "name.card": "{color} {figure} card", "name.neutral": "neutral card", "name.second": "{name}, second pack",
  "name.square": "square {id}", "name.promote": "promote to {figure}", "name.board": "Game board",
  "step.keys": "Arrow keys move, Enter picks, Esc starts again",
};

const fill = (template, values) => template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? values[key] : all));

/** The ids of ``present`` that are squares of a board: spelt like "e4", and only when such
 *  ids span at least three letters and three numbers (selection.board_squares). */
export function boardSquares(present) {
  const found = [...present].filter((id) => SQUARE_ID.test(id));
  const letters = new Set(found.map((id) => id[0]));
  const numbers = new Set(found.map((id) => id.slice(1)));
  return letters.size >= 3 && numbers.size >= 3 ? new Set(found) : new Set();
}

/** "card", "square", "button" (not in the picture ``present``) or "spot", by the id's
 *  spelling and, for a square, the picture's other ids. */
export function targetKind(id, present = null, squares = null) {
  if (present && !present.has(id)) return "button";
  if (CARD_ID.test(id)) return "card";
  if (SQUARE_ID.test(id) && (!present || (squares || boardSquares(present)).has(id))) return "square";
  return "spot";
}

function kindsOf(targets, present, squares) {
  const kinds = targets.map((id) => targetKind(id, present, squares));
  // a square that another square of the same action follows holds the piece that moves
  return kinds.map((kind, i) => (kind === "square" && kinds.slice(i + 1).includes("square") ? "piece" : kind));
}

/** What the next clicks are: {steps: [[kind, ...], ...], buttons} (see selection.guidance). */
export function guidance(actions, clicked, present = null) {
  const buttons = actions.some((action) => !action.targets.length);
  const squares = present ? boardSquares(present) : null;
  const ways = new Map();
  for (const action of candidates(actions, clicked)) {
    const left = counts(clicked);
    const rest = [];
    for (const id of action.targets) {
      if (left.get(id) > 0) left.set(id, left.get(id) - 1);
      else rest.push(id);
    }
    if (!rest.length) continue;
    const way = kindsOf(rest, present, squares);
    const key = way.join(" ");
    if (!ways.has(key)) ways.set(key, { way, count: 0 });
    ways.get(key).count += 1;
  }
  if (!ways.size) return { steps: [], buttons };
  const all = [...ways.values()];
  const firsts = [...new Set(all.map((entry) => entry.way[0]))];
  if (firsts.length > 1) return { steps: [firsts], buttons };
  const best = all.reduce((top, entry) => (entry.count > top.count ? entry : top));
  return { steps: best.way.slice(0, GUIDANCE_STEPS).map((kind) => [kind]), buttons };
}

/** "Your turn: pick a card, then a piece" ("" when nothing can be done). */
export function guidanceText({ steps, buttons }, texts = {}) {
  const word = (key) => texts[key] || ENGLISH[key] || key;
  let verb = "";
  const parts = steps.map((step) => {
    const what = step.map((kind) => word(`kind.${kind}`)).join(word("step.or"));
    const wanted = step[0] === "button" ? "press" : "pick";
    const said = wanted !== verb ? fill(word(wanted), { what }) : what;
    verb = wanted;
    return said;
  });
  let said = parts.join(word("step.then"));
  if (said && buttons) said += ` ${word("step.buttons")}`;
  else if (buttons) said = word("step.only-buttons");
  return said ? `${word("turn")}: ${said}` : "";
}

/** The name of a target by its spelling: "blue Queen card", "square e4" (among the squares
 *  of a board, when the picture's ids ``present`` are given), "promote to Queen"
 *  (``promote-q``), else the id. */
export function targetName(id, texts = {}, present = null) {
  const word = (key) => texts[key] || ENGLISH[key] || key;
  if (CARD_ID.test(id)) {
    const name = id.startsWith("X") ? word("name.neutral")
      : fill(word("name.card"), {
        color: texts[`${(texts.fem || "").includes(id[0]) ? "colf" : "col"}.${id[1]}`] || id[1],
        figure: texts[`fig.${id[0]}`] || id[0],
      });
    return id.endsWith("b") ? fill(word("name.second"), { name }) : name;
  }
  if (SQUARE_ID.test(id) && (!present || boardSquares(present).has(id))) return fill(word("name.square"), { id });
  const promotion = PROMOTION_ID.exec(id);
  const figure = promotion && texts[`fig.${promotion[1].toUpperCase()}`];
  if (figure) return fill(word("name.promote"), { figure });
  return id;
}

// ------------------------------------------------------------------- the view
/** This widget's own board.css, as a style of its own after every other: anywidget keeps
 *  one style per widget class, and a notebook saved with its widgets' state brings an
 *  older board.css along, which JupyterLab may put in that style after the live widget
 *  put in the current one. (The class pages link board.css and have no ``_css``.) */
function ownStyle(model) {
  const css = model.get("_css");
  if (typeof css !== "string" || !css.includes("dz-board") || /^(https?:|data:|blob:)/.test(css)) return;
  let node = document.getElementById("dz-board-own-css");
  if (!node) {
    node = Object.assign(document.createElement("style"), { id: "dz-board-own-css" });
    document.head.appendChild(node);
  } else if (node !== document.head.lastElementChild) {
    document.head.appendChild(node);        // stays after the styles added since
  }
  if (node.textContent !== css) node.textContent = css;
}

function render({ model, el }) {
  ownStyle(model);
  const make = (tag, className) => {
    const node = document.createElement(tag);
    node.className = className;
    return node;
  };
  const root = make("div", "dz-board");
  // keys pressed in the board are the board's: JupyterLab's shortcuts (Enter edits the
  // cell, arrows move between cells) do not see them
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const status = make("div", "dz-status");
  status.setAttribute("role", "status");
  const statusText = make("b", "dz-status-text");
  const hint = make("span", "dz-hint");
  status.append(statusText, hint);
  // "Your turn: pick a card, then a piece": what the next click may hit, in words
  const banner = make("div", "dz-banner");
  banner.setAttribute("aria-live", "polite");
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
  picture.tabIndex = -1;        // keeps the keyboard in the board while the picture is redrawn
  picture.setAttribute("role", "group");
  root.append(status, banner, main, overlay);
  el.append(root);

  let drawnSvg = null;
  let version = null;
  let clicked = [];
  let pending = false;      // a complete action was sent: no clicks until the next version
  let replyStep = null;
  let buttonKey = "";
  let pythonSelected = null;
  let focusId = null;       // the target the keyboard is on (the one with tabindex 0)
  let keyIds = new Set();   // the targets the keyboard may reach now
  let nameCache = new Map();    // id -> accessible name, for the picture and texts drawn
  let shownIds = null;          // the picture's ids, while names are given

  const text = (key) => (model.get("texts") || {})[key] || key;
  const actions = () => (model.get("actions") || []).map((action, index) => ({ ...action, index }));
  const present = () => new Set([...picture.querySelectorAll("[data-id]")].map((n) => n.getAttribute("data-id")));

  function say(words) {
    hint.textContent = words ? ` — ${words}` : "";
  }

  let drawnLog = null;
  let drawnTexts = null;
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

  // Narrow room (a notebook beside JupyterLab's file browser, a phone): the move log goes
  // below the picture rather than squeezing it, so the picture keeps its full size (its
  // text its 12 px) while the room allows it. The room is the width the board's parent
  // gives; the picture's own width is its viewBox's.
  const LOG_BESIDE = 212;
  function fit() {
    const svg = picture.querySelector("svg");
    const room = el.clientWidth;
    if (!svg || !room || !svg.viewBox || !svg.viewBox.baseVal) return;
    const natural = svg.viewBox.baseVal.width;
    root.classList.toggle("dz-narrow", natural > 0 && room < natural + LOG_BESIDE);
  }
  const roomWatch = new ResizeObserver(fit);
  roomWatch.observe(el);

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

  /** The accessible name of ``id``: the texts' ``name:<id>``, else the picture's own
   *  <title> for it, else by the id's spelling ("blue Queen card", "square e4"), else
   *  the words the element shows. */
  function nameOf(id, node) {
    if (nameCache.has(id)) return nameCache.get(id);
    const texts = model.get("texts") || {};
    let name = texts[`name:${id}`] || "";
    const title = node && [...node.children].find((child) => child.tagName.toLowerCase() === "title");
    if (!name && title) name = title.textContent.trim();
    if (!name) name = targetName(id, texts, shownIds || present());
    if (name === id && node) {
      const words = (node.textContent || "").replace(/\s+/g, " ").trim();
      if (/\p{L}/u.test(words) && words.length <= 40) name = words;
    }
    nameCache.set(id, name);
    return name;
  }

  /** The targets the keyboard moves between: every next target and every chosen one
   *  (to take it back); before the first click, every target that starts an action. */
  function keyTargets(all, shown) {
    if (pending || refusal()) return [];
    const clickable = all.filter((action) => action.targets.length);
    const ids = clicked.length ? [...nextTargets(clickable, clicked), ...clicked] : nextTargets(clickable, []);
    return [...new Set(ids)].filter((id) => shown.has(id));
  }

  /** The element that stands for ``id`` (the first, outermost one with that data-id). */
  const nodeOf = (id) => picture.querySelector(`[data-id="${CSS.escape(id)}"]`);

  function markKeys(all, shown, highlight, selected) {
    shownIds = shown;
    const keys = keyTargets(all, shown);
    keyIds = new Set(keys);
    if (!keyIds.has(focusId)) focusId = [...highlight].find((id) => keyIds.has(id)) || keys[0] || null;
    const first = new Map();
    let lost = false;
    for (const node of picture.querySelectorAll("[data-id]")) {
      const id = node.getAttribute("data-id");
      if (!first.has(id)) first.set(id, node);
      const key = keyIds.has(id) && first.get(id) === node;
      if (key) {
        node.setAttribute("tabindex", id === focusId ? "0" : "-1");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", nameOf(id, node));
        node.setAttribute("aria-pressed", selected.has(id) ? "true" : "false");
        node.classList.add("dz-key");
      } else if (node.classList.contains("dz-key")) {
        if (node === document.activeElement) lost = true;
        for (const name of ["tabindex", "role", "aria-label", "aria-pressed"]) node.removeAttribute(name);
        node.classList.remove("dz-key");
      }
    }
    // the keyboard was on a target that is no longer one: it goes on to the next, or
    // waits on the picture (not lost to the page) until there is one
    if (lost) focusKey();
    const word = (key) => (text(key) === key ? ENGLISH[key] : text(key));
    picture.setAttribute("aria-label", word("name.board"));
    picture.setAttribute("aria-description", word("step.keys"));
    banner.title = word("step.keys");
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
    markKeys(all, shown, highlight, selected);
    const live = !pending && !model.get("overlay") && !model.get("busy") && all.length > 0;
    banner.textContent = live ? guidanceText(guidance(all, clicked, shown), model.get("texts") || {}) : "";
    banner.classList.toggle("dz-empty", !banner.textContent);
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
        .map((id) => ({ kind: "target", id, label: nameOf(id, null) })),
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
    const focused = picture.contains(document.activeElement);
    if (svg !== drawnSvg) {
      picture.innerHTML = svg;
      drawnSvg = svg;
      nameCache = new Map();
      fit();
    }
    const words = JSON.stringify(model.get("texts") || {});
    if (words !== drawnTexts) {
      drawnTexts = words;
      nameCache = new Map();
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
    const cover = model.get("overlay") || "";
    message.textContent = cover;
    ready.textContent = model.get("overlay_button") || "OK";
    overlay.hidden = !cover;
    root.classList.toggle("dz-covered", !!cover);
    mark();
    animateReply();
    if (focused && !picture.contains(document.activeElement)) focusKey();
    else if (focused && document.activeElement === picture) focusKey();
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

  // ---------------------------------------------------------------- keyboard
  /** Put the keyboard on the target it is on (``focusId``), else on the picture. */
  function focusKey() {
    const node = focusId !== null && keyIds.has(focusId) ? nodeOf(focusId) : null;
    (node || picture).focus({ preventScroll: true });
  }

  function rove(id) {
    const old = focusId !== null ? nodeOf(focusId) : null;
    if (old && old.classList.contains("dz-key")) old.setAttribute("tabindex", "-1");
    focusId = id;
    const node = nodeOf(id);
    node.setAttribute("tabindex", "0");
    node.focus({ preventScroll: true });
  }

  /** The element an arrow key leads to from ``from``: the nearest one that way (being
   *  straight that way counts twice as much as being near), else the next (or previous)
   *  one in turn, so that every target can be reached. */
  function step(key, from, all) {
    const index = all.indexOf(from);
    if (key === "Home") return all[0];
    if (key === "End") return all[all.length - 1];
    if (index < 0) return all[0];
    const box = from.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    const [dx, dy] = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
    let best = null;
    let bestScore = Infinity;
    for (const node of all) {
      if (node === from) continue;
      const other = node.getBoundingClientRect();
      const ox = other.left + other.width / 2 - x;
      const oy = other.top + other.height / 2 - y;
      const along = ox * dx + oy * dy;
      if (along <= 2) continue;
      const score = along + 2 * Math.abs(ox * dy - oy * dx);
      if (score < bestScore) [best, bestScore] = [node, score];
    }
    if (best) return best;
    const forward = key === "ArrowRight" || key === "ArrowDown";
    return all[(index + (forward ? 1 : all.length - 1)) % all.length];
  }

  function onKey(event) {
    const key = event.key;
    const inPicture = picture.contains(event.target);
    if (!inPicture && !buttons.contains(event.target)) return;
    const node = inPicture && event.target.closest ? event.target.closest("[data-id]") : null;
    if (["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End"].includes(key)) {
      event.preventDefault();
      event.stopPropagation();
      const all = [...[...keyIds].map(nodeOf).filter(Boolean), ...buttons.querySelectorAll("button")];
      if (!all.length) return;
      const from = event.target === picture ? (focusId !== null ? nodeOf(focusId) : null) : event.target;
      const next = step(key, from, all);
      if (!next) return;
      if (picture.contains(next)) rove(next.getAttribute("data-id"));
      else next.focus({ preventScroll: true });
      return;
    }
    if (!inPicture) return;     // Enter and Space on a button are the button's own
    if (key === "Enter" || key === " ") {
      event.preventDefault();
      event.stopPropagation();
      if (model.get("busy")) {
        skipAnimation();
        model.send({ type: "skip" });
      }
      if (!node) {
        const reason = refusal();
        if (reason) say(reason);
        else focusKey();
        return;
      }
      const id = node.getAttribute("data-id");
      choose(id, node);
      if (!pending && clicked.length) {
        // go on to the first thing to pick next
        const next = stagedTargets(actions(), clicked, present()).find((target) => keyIds.has(target));
        if (next !== undefined && !clicked.includes(next)) rove(next);
        else if (keyIds.has(id)) rove(id);
      }
      return;
    }
    if (key === "Escape" && clicked.length) {
      event.preventDefault();
      event.stopPropagation();
      clicked = [];
      say("");
      mark();
      focusKey();
    }
  }

  function onReady(event) {
    event.preventDefault();
    model.send({ type: "ready" });
  }

  picture.addEventListener("click", onClick);
  stage.addEventListener("keydown", onKey);
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
    stage.removeEventListener("keydown", onKey);
    ready.removeEventListener("click", onReady);
    copy.removeEventListener("click", onCopy);
    log.removeEventListener("scroll", onScroll);
    resized.disconnect();
    roomWatch.disconnect();
    for (const [name, listener] of listeners) model.off(name, listener);
  };
}

export default { render };
