// drezlab class server: the pupil's page, and the parts the teacher's page shares
// (the board's model adapter, the self-reconnecting websocket, the language).
//
// The board is widgets/board.js, the same front end as the notebook widget, fed from
// the server's ``board`` messages (see drezlab/classroom/room.py: board()) through a
// tiny stand-in for the widget's model: get / on / off / send. A complete action the
// board sends ({type: "act", index, version}) goes to the server as the action's text
// with the version it was made on; the server checks the seat from the login.

import board from "./board.js";

// ------------------------------------------------------------------ language
export const WORDS = {
  en: {
    title: "drezlab class",
    login_label: "Your login code",
    enter: "Enter",
    login_help: "Type the code your teacher gave you, with or without the dash.",
    no_code: "Type your login code first",
    connecting: "Connecting…",
    leave: "Log out",
    against: "against",
    your_turn: "your turn",
    over: "finished",
    table: "Table",
    not_sent: "The connection dropped: your move was not sent. Play it again when the board is back.",
    teacher_here: "You are a teacher of this class: your page, with every table, is",
    teaching: "Teaching board",
    your_answer: "Your answer: {move}",
    can_change: "You can change it until your teacher shows the answer.",
    no_answer: "Click your move on the board: it goes to your teacher.",
    best_move: "Best move ({level}): {move}",
    you_found: "You found it!",
    class_answers: "The class's answers",
    answer_sent: "Sending your answer…",
  },
  es: {
    title: "Clase de drezlab",
    login_label: "Tu código de entrada",
    enter: "Entrar",
    login_help: "Escribe el código que te dio tu profesor, con o sin el guion.",
    no_code: "Escribe primero tu código",
    connecting: "Conectando…",
    leave: "Salir",
    against: "contra",
    your_turn: "tu turno",
    over: "terminada",
    table: "Mesa",
    not_sent: "Se cortó la conexión: tu jugada no se envió. Juégala otra vez cuando vuelva el tablero.",
    teacher_here: "Eres profesor de esta clase: tu página, con todas las mesas, es",
    teaching: "Pizarra de la clase",
    your_answer: "Tu respuesta: {move}",
    can_change: "Puedes cambiarla hasta que tu profesor muestre la respuesta.",
    no_answer: "Haz clic en tu jugada en el tablero: le llega a tu profesor.",
    best_move: "Mejor jugada ({level}): {move}",
    you_found: "¡La encontraste!",
    class_answers: "Las respuestas de la clase",
    answer_sent: "Enviando tu respuesta…",
  },
};

/** "es" when the address asks for it (?lang=es) or the browser speaks Spanish, else "en". */
export function chooseLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && asked in WORDS) return asked;
  return (navigator.language || "").toLowerCase().startsWith("es") ? "es" : "en";
}

/** Put the page's words (elements with data-t="key") in the chosen language. */
export function translate(words, language) {
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll("[data-t]")) {
    const key = node.getAttribute("data-t");
    if (key in words) node.textContent = words[key];
  }
  for (const node of document.querySelectorAll("[data-t-placeholder]")) {
    const key = node.getAttribute("data-t-placeholder");
    if (key in words) node.placeholder = words[key];
  }
  if (words.title) document.title = words.title;
}

// ------------------------------------------------------- the board's model
/** The traits board.js reads, with their values before the first board message. */
const TRAITS = {
  svg: "", actions: [], version: null, selected: [], marks: {}, overlay: "", overlay_button: "",
  busy: false, texts: {}, status: "", log: [], log_title: "", result: "", reasons: {},
};

/** A stand-in for the notebook widget's model, filled from the server's board messages. */
export class BoardModel {
  /** ``onAct(actionText, version)`` sends a complete action; it returns false when it could not. */
  constructor(onAct) {
    this.onAct = onAct;
    this.values = JSON.parse(JSON.stringify(TRAITS));
    this.shown = {};
    this.handlers = new Map();
  }

  get(name) {
    return this.values[name];
  }

  on(event, callback) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(callback);
  }

  off(event, callback) {
    const set = this.handlers.get(event);
    if (set) set.delete(callback);
  }

  emit(event, ...args) {
    for (const callback of [...(this.handlers.get(event) || [])]) callback(...args);
  }

  /** Take a board message: set every trait it carries and fire change:<name> for each that changed. */
  update(message) {
    const changed = [];
    for (const [name, empty] of Object.entries(TRAITS)) {
      const value = name in message && message[name] !== null ? message[name] : empty;
      const key = JSON.stringify(value);
      if (this.shown[name] === key) continue;
      this.shown[name] = key;
      this.values[name] = value;
      changed.push(name);
    }
    for (const name of changed) this.emit(`change:${name}`, this, this.values[name]);
  }

  /** What board.js sends: a complete action, the Copy button; skip and ready mean nothing here. */
  send(message) {
    if (!message) return;
    if (message.type === "act") {
      const action = (this.values.actions || [])[message.index];
      if (action) this.onAct(action.text, message.version);
    } else if (message.type === "copy") {
      this.emit("msg:custom", { type: "record", text: (this.values.log || []).join("\n") });
    }
  }
}

/** The teaching board's section, shared by the pupil's and the teacher's pages: the
 *  note for refusals and the host board.js draws in. */
export function teachingSection() {
  const section = element("section", "dz-table dz-teach-board");
  section.dataset.table = "teaching";
  const note = element("p", "dz-note");
  note.setAttribute("role", "alert");
  const host = element("div", "dz-board-host");
  section.append(note, host);
  return { section, note, host };
}

/** A board view in ``host`` drawn by board.js; returns the function that takes it away. */
export function showBoard(host, model) {
  host.replaceChildren();
  const cleanup = board.render({ model, el: host });
  return () => {
    if (typeof cleanup === "function") cleanup();
    host.replaceChildren();
  };
}

// ----------------------------------------------------------------- the link
/** Where the class server's pages live: "/" on a laptop, "/services/drezlab-class/"
 *  under JupyterHub; every address the pages use is relative to it. */
export const BASE = location.pathname.replace(/[^/]*$/, "");

export function socketUrl() {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${BASE}ws`;
}

/** The websocket to the class server, opened again by itself after a close
 *  (0.5 s, 1 s, 2 s, then every 4 s until it is back). */
export class Link {
  constructor({ onOpen, onMessage, onState }) {
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onState = onState;
    this.ws = null;
    this.delay = 0.5;
    this.timer = null;
  }

  get open() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  start() {
    clearTimeout(this.timer);
    const ws = new WebSocket(socketUrl());
    this.ws = ws;
    ws.addEventListener("open", () => {
      if (this.ws !== ws) return;
      this.delay = 0.5;
      this.onState(true);
      this.onOpen();
    });
    ws.addEventListener("message", (event) => {
      if (this.ws !== ws || typeof event.data !== "string") return;
      let data;
      try {
        data = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      if (data && typeof data === "object") this.onMessage(data);
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.onState(false);
      const wait = this.delay;
      this.delay = Math.min(this.delay * 2, 4);
      this.timer = setTimeout(() => this.start(), wait * 1000);
    });
  }

  /** Send now; false when the socket is not open (nothing is queued). */
  send(message) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Close this connection; a new one opens by itself. */
  restart() {
    if (this.ws) this.ws.close();
  }
}

/** Show ``node`` (a banner) only if ``on`` stays true for a moment, so a quick
 *  reconnection does not flash it. */
export function delayedShow(node) {
  let timer = null;
  return (on) => {
    clearTimeout(timer);
    if (!on) {
      node.hidden = true;
      return;
    }
    timer = setTimeout(() => {
      node.hidden = false;
    }, 300);
  };
}

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// -------------------------------------------------------------- the pupil's page
const CODE_KEY = "drezlab-class-code";
/** Under JupyterHub the server marks the page (<body data-login="hub">): the hub's login
 *  says who the pupil is, so no code is asked for and there is no "log out". */
const HUB = !!document.body && document.body.dataset.login === "hub";

function startPupil() {
  const language = chooseLanguage();
  const words = WORDS[language];
  translate(words, language);
  const $ = (id) => document.getElementById(id);
  const page = {
    login: $("login"), form: $("login-form"), input: $("code"), enter: $("enter"), loginMessage: $("login-message"),
    room: $("class"), waiting: $("waiting"), message: $("class-message"), tabs: $("tabs"), boards: $("boards"),
    who: $("who"), leave: $("leave"), banner: $("connecting"),
  };
  const state = {
    code: null,          // the code this page logs in with
    loggedIn: false,
    screen: "starting",
    tables: [],          // the server's table list (with own seat)
    known: new Set(),    // table ids seen, to notice a new one
    waiting: "",
    views: new Map(),    // table id -> its section, tab, model and board view
    selected: null,
  };
  const banner = delayedShow(page.banner);

  function setScreen(screen) {
    state.screen = screen;
    document.body.dataset.state = screen;
    page.login.hidden = screen !== "login";
    page.room.hidden = screen !== "class";
    page.leave.hidden = HUB || screen !== "class";
    if (screen !== "class") page.who.textContent = "";
    refreshBanner();
  }

  function refreshBanner() {
    banner(!link.open || ((HUB || state.code !== null) && !state.loggedIn && state.screen !== "login"));
  }

  function hello() {
    if (HUB) {
      link.send({ type: "hello", language });
      return;
    }
    if (state.code === null) return;
    link.send({ type: "hello", code: state.code, language });
  }

  function forget(message) {
    state.code = null;
    state.loggedIn = false;
    sessionStorage.removeItem(CODE_KEY);
    for (const id of [...state.views.keys()]) dropView(id);
    closeTeaching();
    state.tables = [];
    state.known.clear();
    state.selected = null;
    page.tabs.replaceChildren();
    page.loginMessage.textContent = message || "";
    page.enter.disabled = false;
    setScreen("login");
  }

  // ---------------------------------------------------------------- tables
  function opponents(summary) {
    const names = summary.seats || [];
    return names.filter((_, index) => index !== summary.seat).join(", ");
  }

  function makeView(id) {
    const section = element("section", "dz-table");
    section.dataset.table = String(id);
    section.setAttribute("role", "tabpanel");
    section.hidden = true;
    const heading = element("h2", "dz-table-title");
    const note = element("p", "dz-note");
    note.setAttribute("role", "alert");
    const host = element("div", "dz-board-host");
    section.append(heading, note, host);
    page.boards.append(section);
    const tab = element("button", "dz-tab");
    tab.type = "button";
    tab.setAttribute("role", "tab");
    tab.dataset.table = String(id);
    tab.addEventListener("click", () => select(id));
    const view = { id, section, heading, note, host, tab, model: null, close: null, board: null, reset: false,
                   noteVersion: null };
    state.views.set(id, view);
    return view;
  }

  function dropView(id) {
    const view = state.views.get(id);
    if (!view) return;
    if (view.close) view.close();
    view.section.remove();
    view.tab.remove();
    state.views.delete(id);
  }

  function select(id) {
    state.selected = id;
    for (const view of state.views.values()) {
      const chosen = view.id === id;
      view.section.hidden = !chosen;
      view.tab.setAttribute("aria-selected", chosen ? "true" : "false");
      view.tab.classList.toggle("dz-tab-chosen", chosen);
    }
  }

  function drawTab(view) {
    const summary = state.tables.find((entry) => entry.id === view.id) || {};
    const title = (view.board && view.board.title) || summary.title || `#${view.id}`;
    const against = opponents(summary);
    const name = `${words.table} ${view.id} · ${title}`;
    const label = element("span", "dz-tab-label", against ? `${name} · ${words.against} ${against}` : name);
    const parts = [label];
    const over = view.board ? view.board.over : summary.over;
    if (over) parts.push(element("span", "dz-tab-over", words.over));
    else if (view.board && view.board.actions && view.board.actions.length) {
      parts.push(element("span", "dz-tab-turn", words.your_turn));
    }
    view.tab.replaceChildren(...parts);
    const heading = [title];
    if (view.board && view.board.seat_name) heading.push(view.board.seat_name);
    view.heading.textContent = heading.join(" · ");
    if (against) view.heading.append(element("span", "dz-against", ` ${words.against} ${against}`));
  }

  function onTables(message) {
    state.tables = Array.isArray(message.tables) ? message.tables : [];
    state.waiting = message.waiting || "";
    const ids = state.tables.map((entry) => entry.id);
    for (const id of [...state.views.keys()]) if (!ids.includes(id)) dropView(id);
    const fresh = ids.filter((id) => !state.known.has(id));
    for (const id of ids) {
      state.known.add(id);
      if (!state.views.has(id)) makeView(id);
    }
    // newest first
    const newest = [...ids].sort((a, b) => b - a);
    page.tabs.replaceChildren(...newest.map((id) => state.views.get(id).tab));
    page.tabs.hidden = newest.length < 2;
    page.waiting.hidden = newest.length > 0 || !!teach.T;
    page.waiting.textContent = state.waiting;
    const current = state.views.get(state.selected);
    const currentOver = current && current.board && current.board.over;
    if (!current || (fresh.length && currentOver)) select(newest[0] ?? null);
    else select(state.selected);
    for (const view of state.views.values()) drawTab(view);
  }

  function onBoard(message) {
    const id = message.table;
    const view = state.views.get(id) || makeView(id);
    view.board = message;
    if (!view.model || view.reset) {
      if (view.close) view.close();
      view.model = new BoardModel((text, version) => act(view, text, version));
      view.model.update(message);
      view.close = showBoard(view.host, view.model);
      view.reset = false;
    } else {
      view.model.update(message);
    }
    view.section.dataset.version = String(message.version);
    if (view.noteVersion !== null && view.noteVersion !== message.version) {
      view.note.textContent = "";
      view.noteVersion = null;
    }
    if (state.selected === null) select(id);
    drawTab(view);
  }

  function act(view, text, version) {
    const sent = link.send({ type: "act", table: view.id, version, action: text });
    if (!sent) {
      view.note.textContent = words.not_sent;
      view.noteVersion = view.board ? view.board.version : null;
      view.reset = true;   // the board takes clicks again once the server sends it anew
    }
  }


  // ------------------------------------------------------- the teaching board
  // The class's teaching board (the server's "teaching" messages), above the pupil's
  // tables: a click move sends "suggest"; the pupil may change it until the reveal, so
  // the board is given a fresh version (T.version/step) whenever their answer comes back,
  // which lets board.js take clicks again.
  const teach = { T: null, view: null, step: 0, waiting: false, answer: null, recent: false };

  function fillIn(text, values) {
    return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  }

  function closeTeaching() {
    if (teach.view && teach.view.close) teach.view.close();
    teach.view = null;
    teach.T = null;
    teach.waiting = false;
    teach.answer = null;
    const root = $("teaching");
    root.replaceChildren();
    root.hidden = true;
    page.waiting.hidden = state.tables.length > 0;
  }

  function makeTeachingView(T) {
    if (teach.view && teach.view.close) teach.view.close();
    const root = $("teaching");
    const title = element("h2", "dz-teach-title");
    const message = element("p", "dz-teach-message");
    message.setAttribute("role", "status");
    const body = element("div", "dz-teach-body");
    const { section, note, host } = teachingSection();
    const side = element("div", "dz-teach-side");
    const answer = element("p", "dz-my-answer");
    const best = element("p", "dz-best");
    const countsTitle = element("h3", "dz-tallies-title", words.class_answers);
    const counts = element("div", "dz-tallies");
    side.append(answer, best, countsTitle, counts);
    body.append(section, side);
    root.replaceChildren(title, message, body);
    teach.view = { id: T.id, root, title, message, section, note, host, side, answer, best, countsTitle, counts,
                   model: null, close: null };
    teach.step = 0;
    return teach.view;
  }

  function drawTeaching() {
    const T = teach.T;
    if (!T) return closeTeaching();
    const root = $("teaching");
    root.hidden = false;
    page.waiting.hidden = true;
    const view = teach.view && teach.view.id === T.id ? teach.view : makeTeachingView(T);
    root.dataset.version = String(T.version);
    root.dataset.revealed = T.revealed ? "true" : "false";
    root.dataset.answer = T.answer || "";
    view.title.textContent = `${words.teaching} · ${T.title}`;
    view.message.textContent = T.message || "";
    const boardMessage = { ...(T.board || {}), version: `${T.version}/${teach.step}` };
    if (!view.model) {
      view.model = new BoardModel((text) => suggest(text));
      view.model.update(boardMessage);
      view.close = showBoard(view.host, view.model);
    } else {
      view.model.update(boardMessage);
    }
    view.section.dataset.version = String(T.version);
    const move = T.answer_words || T.answer || "";
    if (T.answer) {
      view.answer.textContent = `${fillIn(words.your_answer, { move })}. `;
      if (!T.revealed && T.open) view.answer.append(element("span", "dz-can-change", words.can_change));
    } else view.answer.textContent = T.open ? words.no_answer : "";
    if (teach.waiting) view.answer.textContent = words.answer_sent;
    view.answer.hidden = !view.answer.textContent;
    const revealed = T.revealed;
    view.best.hidden = !revealed;
    if (revealed) {
      view.best.textContent = fillIn(words.best_move, { level: revealed.level, move: revealed.words || revealed.text });
      if (T.answer && T.answer === revealed.text) view.best.append(" ", element("b", "dz-found", words.you_found));
    }
    const counts = revealed && Array.isArray(T.counts) ? T.counts : [];
    const most = Math.max(1, ...counts.map((line) => line.count || 0));
    view.countsTitle.hidden = !counts.length;
    view.counts.replaceChildren(...counts.map((line) => {
      const row = element("div", "dz-tally");
      row.dataset.action = line.text;
      row.dataset.count = String(line.count);
      if (revealed && revealed.text === line.text) row.classList.add("dz-tally-best");
      if (T.answer === line.text) row.classList.add("dz-tally-mine");
      const bar = element("span", "dz-tally-bar");
      const filled = element("span", "dz-tally-fill");
      filled.style.width = `${Math.round((100 * (line.count || 0)) / most)}%`;
      bar.append(filled);
      row.append(element("span", "dz-tally-move", line.words || line.text), bar,
        element("span", "dz-tally-n", String(line.count)));
      return row;
    }));
  }

  function onTeaching(message) {
    const T = message.teaching;
    if (!T || typeof T !== "object") return closeTeaching();
    const before = teach.T;
    const fresh = !before || before.id !== T.id || before.version !== T.version;
    // the pupil's answer came back (or changed, or was cleared): the board takes clicks again
    if (!fresh && (teach.waiting || (T.answer || null) !== teach.answer)) teach.step += 1;
    teach.waiting = false;
    teach.answer = T.answer || null;
    teach.T = T;
    if (teach.view && fresh) teach.view.note.textContent = "";
    if (fresh) teach.recent = false;
    drawTeaching();
  }

  function suggest(text) {
    const T = teach.T;
    if (!T || !text) return;
    const sent = link.send({ type: "suggest", teaching: T.id, version: T.version, action: text });
    if (!sent) return teachingTrouble(words.not_sent);
    teach.waiting = true;
    teach.recent = true;       // an error without a table now is about this answer
    if (teach.view) teach.view.note.textContent = "";
    drawTeaching();
  }

  /** A refused or unsent answer: the words, and the board takes clicks again. */
  function teachingTrouble(text) {
    teach.waiting = false;
    teach.recent = false;
    teach.step += 1;
    if (teach.view) teach.view.note.textContent = text || "";
    drawTeaching();
  }

  function onError(message) {
    if (!state.loggedIn && !HUB) {
      forget(message.message);
      page.input.focus();
      return;
    }
    const view = typeof message.table === "number" ? state.views.get(message.table) : null;
    if (view) {
      view.note.textContent = message.message || "";
      view.noteVersion = view.board ? view.board.version : null;
      view.reset = true;   // the server sends the table's board next: draw it afresh
    } else if (teach.T && (teach.waiting || teach.recent)) {
      teachingTrouble(message.message);     // the answer was refused
    } else {
      page.message.textContent = message.message || "";
    }
  }

  function onMessage(message) {
    switch (message.type) {
      case "welcome":
        if (HUB && message.role === "teacher") {     // a hub teacher on the pupils' page: show the way
          const link = element("a", "", `${location.origin}${BASE}teacher`);
          link.href = `${BASE}teacher`;
          page.message.replaceChildren(`${words.teacher_here} `, link);
          setScreen("class");
          return;
        }
        if (message.role !== "pupil" || (state.code === null && !HUB)) return;
        state.loggedIn = true;
        if (!HUB) sessionStorage.setItem(CODE_KEY, state.code);
        for (const view of state.views.values()) view.reset = true;
        page.who.replaceChildren(element("b", "dz-name", message.name || ""));
        if (message.class) page.who.append(element("span", "dz-class-name", ` · ${message.class}`));
        page.message.textContent = "";
        page.loginMessage.textContent = "";
        page.enter.disabled = false;
        page.input.value = "";
        setScreen("class");
        break;
      case "tables":
        if (state.loggedIn) onTables(message);
        break;
      case "board":
        if (state.loggedIn && typeof message.table === "number") onBoard(message);
        break;
      case "teaching":
        if (state.loggedIn) onTeaching(message);
        break;
      case "error":
        onError(message);
        break;
      case "bye":          // (hub mode: the socket opens again by itself and logs in)
        if (!HUB) forget(message.message);
        break;
      default:
        break;
    }
  }

  const link = new Link({
    onOpen: hello,
    onMessage,
    onState: (open) => {
      if (!open) state.loggedIn = false;
      refreshBanner();
    },
  });

  page.form.addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = page.input.value.trim();
    if (!typed) {
      page.loginMessage.textContent = words.no_code;
      return;
    }
    state.code = typed;
    page.loginMessage.textContent = "";
    page.enter.disabled = true;
    hello();           // or as soon as the socket opens
    refreshBanner();
  });
  page.leave.addEventListener("click", () => {
    forget("");
    link.restart();    // the server forgets this login; a fresh socket opens by itself
  });

  // a code in the address (/?code=XXXX-XXXX) logs in at once, and leaves the address
  const params = new URLSearchParams(location.search);
  let code = params.get("code");
  if (code) {
    params.delete("code");
    const rest = params.toString();
    history.replaceState(null, "", `${location.pathname}${rest ? `?${rest}` : ""}${location.hash}`);
  } else {
    code = sessionStorage.getItem(CODE_KEY);
  }
  if (HUB) {
    setScreen("connecting");
  } else if (code && code.trim()) {
    state.code = code.trim();
    setScreen("connecting");
  } else {
    setScreen("login");
    page.input.focus();
  }
  link.start();
  window.drezlabClass = { link };   // for tests: close link.ws to see the page come back by itself
}

if (document.body && document.body.dataset.page === "pupil") startPupil();
