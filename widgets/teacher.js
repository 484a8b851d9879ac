// drezlab class server: the teacher's page. Open it as /teacher#SECRET.
//
// Left: make a class from names (its login codes are shown), open a table, the classes
// with their codes. Right: every table live, each drawn by widgets/board.js as a
// spectator sees it (the server sends seat null: every hand hidden). The secret stays in
// the address's fragment and goes only in the websocket's hello and the API's
// Authorization header.

import { BoardModel, Link, chooseLanguage, delayedShow, element, showBoard, translate } from "/static/pupil.js";

const WORDS = {
  en: {
    title: "drezlab — teacher",
    heading: "Teacher",
    connecting: "Connecting…",
    secret_label: "Teacher's secret",
    no_secret: "Open this page with the address the class server printed (…/teacher#secret), or type the secret.",
    enter: "Enter",
    new_class: "New class",
    class_name: "Class name",
    pupil_names: "Pupils' names, one per line",
    create: "Create the class",
    created: "Class made: give each pupil their code. Pupils open",
    name: "Name",
    code: "Login code",
    classes: "Classes and codes",
    no_classes: "No class yet",
    refresh: "Refresh",
    connected: "connected",
    renew: "New code",
    renew_ask: "Give {name} a new code? The old one stops working at once.",
    open_table: "Open a table",
    game: "Game",
    seats: "Seats: one pupil's name or bot level (level-1) per line",
    class: "Class",
    seed: "Deal seed (optional)",
    options: "Options (JSON, optional)",
    open: "Open the table",
    opened: "Table {id} is open",
    no_game: "Type the game's name, such as pokerdrez",
    bad_options: "The options must be a JSON object, such as {\"decks\": 2}",
    tables: "Tables",
    no_tables: "No table yet",
    table: "Table",
    moves: "moves",
    damaged: "damaged",
  },
  es: {
    title: "drezlab — profesor",
    heading: "Profesor",
    connecting: "Conectando…",
    secret_label: "Secreto del profesor",
    no_secret: "Abre esta página con la dirección que escribió el servidor de la clase (…/teacher#secreto), o escribe el secreto.",
    enter: "Entrar",
    new_class: "Nueva clase",
    class_name: "Nombre de la clase",
    pupil_names: "Nombres de los alumnos, uno por línea",
    create: "Crear la clase",
    created: "Clase creada: da a cada alumno su código. Los alumnos abren",
    name: "Nombre",
    code: "Código",
    classes: "Clases y códigos",
    no_classes: "Todavía no hay clases",
    refresh: "Actualizar",
    connected: "conectado",
    renew: "Código nuevo",
    renew_ask: "¿Dar a {name} un código nuevo? El antiguo deja de valer en el acto.",
    open_table: "Abrir una mesa",
    game: "Juego",
    seats: "Asientos: el nombre de un alumno o un nivel de bot (level-1) por línea",
    class: "Clase",
    seed: "Semilla del reparto (opcional)",
    options: "Opciones (JSON, opcional)",
    open: "Abrir la mesa",
    opened: "La mesa {id} está abierta",
    no_game: "Escribe el nombre del juego, como pokerdrez",
    bad_options: "Las opciones deben ser un objeto JSON, como {\"decks\": 2}",
    tables: "Mesas",
    no_tables: "Todavía no hay mesas",
    table: "Mesa",
    moves: "jugadas",
    damaged: "dañada",
  },
};

function lines(text) {
  return text.split("\n").map((line) => line.trim()).filter(Boolean);
}

function start() {
  const language = chooseLanguage();
  const words = WORDS[language];
  translate(words, language);
  const $ = (id) => document.getElementById(id);
  const banner = delayedShow($("connecting"));
  const state = { secret: "", welcomed: false, started: false, summaries: new Map(), views: new Map(), classes: [] };

  function setState(name) {
    document.body.dataset.state = name;
  }

  function askSecret(message) {
    $("secret-box").hidden = false;
    $("desk").hidden = true;
    $("secret-message").textContent = message || words.no_secret;
    $("secret").focus();
    setState("secret");
  }

  // -------------------------------------------------------------- the API
  async function api(method, path, data) {
    let answer;
    try {
      answer = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${state.secret}`, "Content-Type": "application/json" },
        body: data === undefined ? undefined : JSON.stringify(data),
        cache: "no-store",
      });
    } catch (error) {
      return { ok: false, data: { message: words.connecting } };
    }
    let body = {};
    try {
      body = await answer.json();
    } catch (error) {
      body = { message: `HTTP ${answer.status}` };
    }
    if (answer.status === 403) askSecret(body.message);
    return { ok: answer.ok, data: body };
  }

  function codesTable(rows, withButtons) {
    const table = element("table", "dz-codes");
    const head = element("tr");
    head.append(element("th", "", words.name), element("th", "", words.code));
    if (withButtons) head.append(element("th", ""));
    table.append(head);
    for (const row of rows) {
      const line = element("tr");
      const name = element("td", "", row.name);
      if (row.connected) name.append(" ", element("span", "dz-on", `● ${words.connected}`));
      line.append(name, element("td", "dz-code", row.code));
      if (withButtons) {
        const cell = element("td");
        const renew = element("button", "dz-renew", words.renew);
        renew.type = "button";
        renew.addEventListener("click", async () => {
          if (!window.confirm(words.renew_ask.replace("{name}", row.name))) return;
          await api("POST", `/api/pupils/${row.id}/code`, {});
          loadClasses();
        });
        cell.append(renew);
        line.append(cell);
      }
      table.append(line);
    }
    return table;
  }

  async function loadClasses() {
    const { ok, data } = await api("GET", "/api/classes");
    if (!ok) return;
    state.classes = data.classes || [];
    const list = $("class-list");
    const refresh = element("button", "dz-refresh", words.refresh);
    refresh.type = "button";
    refresh.addEventListener("click", loadClasses);
    const newest = [...state.classes].reverse();
    if (!newest.length) list.replaceChildren(element("p", "dz-help", words.no_classes), refresh);
    else {
      list.replaceChildren(...newest.map((entry, index) => {
        const box = element("details");
        box.open = index === 0;
        box.append(element("summary", "", `${entry.name} (${entry.pupils.length})`), codesTable(entry.pupils, true));
        return box;
      }), refresh);
    }
    const choice = $("class-choice");
    const chosen = choice.value;
    choice.replaceChildren(...newest.map((entry) => {
      const option = element("option", "", entry.name);
      option.value = String(entry.id);
      return option;
    }));
    if (chosen && newest.some((entry) => String(entry.id) === chosen)) choice.value = chosen;
  }

  $("class-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const names = lines($("pupil-names").value);
    const { ok, data } = await api("POST", "/api/classes", { name: $("class-name").value.trim() || "Class", pupils: names });
    if (!ok) {
      $("class-message").textContent = data.message || "";
      return;
    }
    $("class-message").textContent = "";
    const rows = Object.entries(data.codes || {}).map(([name, code]) => ({ name, code }));
    const where = element("p", "dz-help", `${words.created} `);
    where.append(element("b", "", `${location.origin}/`));
    $("new-codes").replaceChildren(where, codesTable(rows, false));
    $("pupil-names").value = "";
    await loadClasses();
    $("class-choice").value = String(data.class);
  });

  $("table-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const say = (text, good = false) => {
      $("table-message").textContent = text;
      $("table-message").classList.toggle("dz-ok", good);
    };
    const game = $("game").value.trim();
    if (!game) return say(words.no_game);
    let options = {};
    const typed = $("options").value.trim();
    if (typed) {
      try {
        options = JSON.parse(typed);
      } catch (error) {
        return say(words.bad_options);
      }
      if (!options || typeof options !== "object" || Array.isArray(options)) return say(words.bad_options);
    }
    const seedText = $("seed").value.trim();
    const classId = $("class-choice").value;
    const { ok, data } = await api("POST", "/api/tables", {
      game, seats: lines($("seats").value), options,
      seed: seedText === "" ? null : Number(seedText), class: classId ? Number(classId) : null,
    });
    if (ok) say(words.opened.replace("{id}", data.table), true);
    else say(data.message || "");
  });

  // --------------------------------------------------------- the live tables
  function makeView(id) {
    const section = element("section", "dz-table");
    section.dataset.table = String(id);
    const heading = element("h2", "dz-table-title");
    const host = element("div", "dz-board-host");
    section.append(heading, host);
    const view = { id, section, heading, host, model: null, close: null, reset: false };
    state.views.set(id, view);
    placeViews();
    return view;
  }

  function placeViews() {
    const ids = [...state.views.keys()].sort((a, b) => b - a);   // newest first
    $("tables").replaceChildren(...ids.map((id) => state.views.get(id).section));
    $("no-tables").hidden = ids.length > 0;
  }

  function drawHeading(view) {
    const summary = state.summaries.get(view.id);
    if (!summary) return;
    const title = element("span", "", `${words.table} ${summary.id} · ${summary.title}`);
    const seats = (summary.seats || []).map((name, index) => `${(summary.seat_names || [])[index] || index + 1}: ${name}`);
    const meta = [seats.join(" — "), `${summary.plies} ${words.moves}`];
    if (summary.damaged) meta.push(`${words.damaged}: ${summary.damaged}`);
    else if (summary.over && summary.result) meta.push(summary.result);
    view.heading.replaceChildren(title, element("span", "dz-table-meta", meta.join(" · ")));
  }

  function onSummary(summary) {
    if (!summary || typeof summary.id !== "number") return;
    state.summaries.set(summary.id, summary);
    const view = state.views.get(summary.id) || makeView(summary.id);
    drawHeading(view);
  }

  function onBoard(message) {
    const view = state.views.get(message.table) || makeView(message.table);
    if (!view.model || view.reset) {
      if (view.close) view.close();
      view.model = new BoardModel(() => {});        // a spectator has no actions to send
      view.model.update(message);
      view.close = showBoard(view.host, view.model);
      view.reset = false;
    } else {
      view.model.update(message);
    }
    view.section.dataset.version = String(message.version);
    drawHeading(view);
  }

  function onMessage(message) {
    switch (message.type) {
      case "welcome":
        if (message.role !== "teacher") return;
        state.welcomed = true;
        for (const view of state.views.values()) view.reset = true;
        $("secret-box").hidden = true;
        banner(false);
        setState("watching");
        break;
      case "tables":
        for (const summary of message.tables || []) onSummary(summary);
        placeViews();
        break;
      case "table":
        onSummary(message.table);
        break;
      case "board":
        if (state.welcomed && typeof message.table === "number") onBoard(message);
        break;
      case "error":
        if (!state.welcomed) askSecret(message.message);
        else {
          $("table-message").textContent = message.message || "";
          $("table-message").classList.remove("dz-ok");
        }
        break;
      default:
        break;
    }
  }

  const link = new Link({
    onOpen: () => link.send({ type: "hello", secret: state.secret, language }),
    onMessage,
    onState: (open) => {
      if (!open) state.welcomed = false;
      banner(!open);
    },
  });

  function begin(secret) {
    state.secret = secret;
    $("desk").hidden = false;
    $("secret-message").textContent = "";
    if (!state.started) {
      state.started = true;
      link.start();
    } else {
      link.send({ type: "hello", secret, language });
    }
    loadClasses();
  }

  $("secret-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = $("secret").value.trim();
    if (!typed) return;
    history.replaceState(null, "", `${location.pathname}${location.search}#${encodeURIComponent(typed)}`);
    $("secret").value = "";
    begin(typed);
  });

  let secret = "";
  try {
    secret = decodeURIComponent(location.hash.slice(1));
  } catch (error) {
    secret = "";
  }
  if (secret) begin(secret);
  else askSecret("");
}

if (document.body && document.body.dataset.page === "teacher") start();
