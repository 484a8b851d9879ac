// drezlab class server: the teacher's class page. Open it as /teacher#SECRET.
//
// Right: every table live as a grid of small pictures (the spectator's picture scaled
// down) with whose turn it is, the move count and the result; a table whose pupil to move
// has not moved for STUCK minutes is marked "stuck". A click on a table watches it large
// below the grid with its move log, drawn by widgets/board.js as a spectator sees it (the
// server sends seat null: every hand hidden). Left: rounds (start one, the standings with
// their tie-breaks, the byes), the roster (names, login codes, who is connected, a new
// code), a new class, a single table. The secret stays in the address's fragment and goes
// only in the websocket's hello and the API's Authorization header.
//
// ?stuck=SECONDS changes the "stuck" time (3 minutes) for a demonstration or a test.
// Under JupyterHub (<body data-login="hub">) the hub's login replaces the secret: see
// drezlab/classroom/hub.py.

import {
  BASE, BoardModel, Link, chooseLanguage, delayedShow, element, showBoard, teachingSection, translate,
} from "./pupil.js";

/** How long the pupil to move may think before the table is marked stuck (ms). */
const STUCK = (() => {
  const asked = Number(new URLSearchParams(location.search).get("stuck"));
  return Number.isFinite(asked) && asked > 0 ? asked * 1000 : 3 * 60 * 1000;
})();
/** How often the roster and the standings are asked for again (ms). */
const REFRESH = 5000;

const WORDS = {
  en: {
    title: "drezlab — class",
    heading: "Class",
    connecting: "Connecting…",
    secret_label: "Teacher's secret",
    no_secret: "Open this page with the address the class server printed (…/teacher#secret), or type the secret.",
    not_teacher: "This page is for the class's teachers. Your own page, where you play, is",
    enter: "Enter",
    new_class: "New class",
    class_name: "Class name",
    pupil_names: "Pupils' names, one per line",
    create: "Create the class",
    created: "Class made: give each pupil their code. Pupils open",
    name: "Name",
    code: "Login code",
    classes: "Pupils and login codes",
    no_classes: "No class yet",
    refresh: "Refresh",
    connected: "connected",
    renew: "New code",
    renew_ask: "Give {name} a new code? The old one stops working at once.",
    login_cards: "Print login cards: in Python,",
    print_cards: "Print login cards (PDF)",
    open_table: "Open one table",
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
    to_move: "to move",
    over: "Over",
    stuck: "stuck",
    stuck_title: "{name} has not moved for {minutes} min",
    watching: "Watching table {id}: click another table to watch it",
    rounds: "Rounds",
    system: "Pairing",
    system_random: "Random",
    system_round_robin: "Round robin",
    system_swiss: "Swiss",
    start_round: "Start round",
    start_anyway: "Start anyway",
    round_started: "Round {number} started: {count} tables",
    round_line: "Round {number} · {system} · {game}",
    playing: "{count} playing",
    finished: "finished",
    byes: "Bye",
    no_byes: "no bye",
    standings: "Standings",
    no_standings: "No round yet",
    rank: "#",
    points: "Points",
    buchholz: "Buchholz",
    sonneborn_berger: "S-B",
    played: "Played",
    wdl: "W-D-L",
    bye_count: "Byes",
    // the teaching board
    teaching: "Teaching board",
    exercise: "Or a lesson's exercise",
    no_exercise: "None: the game above",
    position: "Position (optional, the game's own text)",
    show_class: "Show to the class",
    shown_class: "The class sees the board",
    no_games: "The server lists no games",
    reveal: "Reveal the best move",
    thinking: "Thinking…",
    play_it: "Play it",
    close: "Close",
    show_names: "Show names",
    hide_names: "Hide names",
    answered: "Answers: {answered}/{pupils}",
    no_answers: "No answer yet",
    best: "Best move ({level}): {move}",
    click_to_play: "Click a move on the board to play it on for the class",
    count_title: "{count} pupils chose {move}",
    // the simultaneous display
    simul: "Simultaneous display",
    pupils: "Pupils",
    no_pupils: "No pupil in this class",
    your_seat: "Your seat",
    seat_n: "Seat {n}",
    start: "Start",
    simul_started: "Simul started: {count} tables",
    your_move: "your move",
    you: "you",
    restart: "Restart",
    restarted: "Table {id} restarted as table {new}",
  },
  es: {
    title: "drezlab — clase",
    heading: "Clase",
    connecting: "Conectando…",
    secret_label: "Secreto del profesor",
    no_secret: "Abre esta página con la dirección que escribió el servidor de la clase (…/teacher#secreto), o escribe el secreto.",
    not_teacher: "Esta página es para los profesores de la clase. Tu página, donde juegas, es",
    enter: "Entrar",
    new_class: "Nueva clase",
    class_name: "Nombre de la clase",
    pupil_names: "Nombres de los alumnos, uno por línea",
    create: "Crear la clase",
    created: "Clase creada: da a cada alumno su código. Los alumnos abren",
    name: "Nombre",
    code: "Código",
    classes: "Alumnos y códigos",
    no_classes: "Todavía no hay clases",
    refresh: "Actualizar",
    connected: "conectado",
    renew: "Código nuevo",
    renew_ask: "¿Dar a {name} un código nuevo? El antiguo deja de valer en el acto.",
    login_cards: "Imprimir las tarjetas de acceso: en Python,",
    print_cards: "Imprimir las tarjetas de acceso (PDF)",
    open_table: "Abrir una mesa suelta",
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
    to_move: "juega",
    over: "Terminada",
    stuck: "atascado",
    stuck_title: "{name} lleva {minutes} min sin jugar",
    watching: "Mirando la mesa {id}: haz clic en otra mesa para mirarla",
    rounds: "Rondas",
    system: "Emparejamiento",
    system_random: "Al azar",
    system_round_robin: "Todos contra todos",
    system_swiss: "Suizo",
    start_round: "Empezar la ronda",
    start_anyway: "Empezar de todos modos",
    round_started: "Ronda {number} empezada: {count} mesas",
    round_line: "Ronda {number} · {system} · {game}",
    playing: "{count} en juego",
    finished: "terminada",
    byes: "Descansa",
    no_byes: "sin descanso",
    standings: "Clasificación",
    no_standings: "Todavía no hay rondas",
    rank: "#",
    points: "Puntos",
    buchholz: "Buchholz",
    sonneborn_berger: "S-B",
    played: "Jugadas",
    wdl: "G-T-P",
    bye_count: "Descansos",
    // la pizarra de la clase
    teaching: "Pizarra de la clase",
    exercise: "O un ejercicio de una lección",
    no_exercise: "Ninguno: el juego de arriba",
    position: "Posición (opcional, el texto propio del juego)",
    show_class: "Mostrar a la clase",
    shown_class: "La clase ve el tablero",
    no_games: "El servidor no da ningún juego",
    reveal: "Mostrar la mejor jugada",
    thinking: "Pensando…",
    play_it: "Jugarla",
    close: "Cerrar",
    show_names: "Ver los nombres",
    hide_names: "Ocultar los nombres",
    answered: "Respuestas: {answered}/{pupils}",
    no_answers: "Todavía no hay respuestas",
    best: "Mejor jugada ({level}): {move}",
    click_to_play: "Haz clic en una jugada del tablero para jugarla por la clase",
    count_title: "{count} alumnos eligieron {move}",
    // las simultáneas
    simul: "Simultáneas",
    pupils: "Alumnos",
    no_pupils: "No hay alumnos en esta clase",
    your_seat: "Tu asiento",
    seat_n: "Asiento {n}",
    start: "Empezar",
    simul_started: "Simultáneas empezadas: {count} mesas",
    your_move: "te toca",
    you: "tú",
    restart: "Empezar de nuevo",
    restarted: "La mesa {id} empieza de nuevo como la mesa {new}",
  },
};

function lines(text) {
  return text.split("\n").map((line) => line.trim()).filter(Boolean);
}

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/** A number of points as the class reads it: 1, 1.5, 0. */
function points(value) {
  return typeof value === "number" ? String(Math.round(value * 100) / 100) : "";
}

function start() {
  const language = chooseLanguage();
  const words = WORDS[language];
  translate(words, language);
  const $ = (id) => document.getElementById(id);
  const banner = delayedShow($("connecting"));
  // under JupyterHub the server marks the page (<body data-login="hub">): the hub's cookie
  // says who is a teacher; no secret, and the hub's XSRF token on the API calls
  const HUB = document.body.dataset.login === "hub";
  const state = {
    secret: "", welcomed: false, started: false, classes: [], classesShown: "",
    summaries: new Map(),   // table id -> its summary line
    boards: new Map(),      // table id -> its last board message
    tiles: new Map(),       // table id -> {tile, picture, svg, ...}
    changed: new Map(),     // table id -> {version, at}: when the page saw its version change
    selected: null,         // the table watched large
    view: null,             // {id, section, heading, host, model, close}
    openDetails: new Set(), // the classes whose roster is open
    rounds: [],
  };

  function setState(name) {
    document.body.dataset.state = name;
  }

  /** Hub mode: a hub user who is not a teacher gets a plain message instead of the desk. */
  function refuse() {
    $("secret-box").hidden = false;
    $("secret-form").hidden = true;
    $("desk").hidden = true;
    const where = element("a", "", `${location.origin}${BASE}`);
    where.href = BASE;
    $("secret-message").replaceChildren(`${words.not_teacher} `, where);
    setState("refused");
  }

  /** Hub mode: the hub's XSRF token, the _xsrf cookie the page was served with. */
  function xsrf() {
    const found = document.cookie.split(";").map((part) => part.trim()).find((part) => part.startsWith("_xsrf="));
    return found ? found.slice("_xsrf=".length) : "";
  }

  function askSecret(message) {
    if (HUB) return refuse();
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
      // the server's words (refusals, round notes) in the page's language
      const address = /[?&]lang=/.test(path) ? path : `${path}${path.includes("?") ? "&" : "?"}lang=${language}`;
      answer = await fetch(BASE + address.replace(/^\//, ""), {
        method,
        headers: HUB ? { "X-XSRFToken": xsrf(), "Content-Type": "application/json" }
          : { Authorization: `Bearer ${state.secret}`, "Content-Type": "application/json" },
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

  // ------------------------------------------------------------- the roster
  /** A class's login cards: the server draws the PDF (names, codes, its address), the
   *  browser saves it for printing. */
  async function printCards(classId, button) {
    button.disabled = true;
    try {
      const answer = await fetch(`${BASE}api/classes/${classId}/cards?lang=${language}`, {
        headers: HUB ? { "X-XSRFToken": xsrf() } : { Authorization: `Bearer ${state.secret}` },
        cache: "no-store",
      });
      if (!answer.ok) {
        let message = `HTTP ${answer.status}`;
        try {
          message = (await answer.json()).message || message;
        } catch (error) { /* not JSON: the status says it */ }
        window.alert(message);
        return;
      }
      const link = element("a");
      link.href = URL.createObjectURL(await answer.blob());
      link.download = `login-cards-${classId}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    } catch (error) {
      window.alert(words.connecting);
    } finally {
      button.disabled = false;
    }
  }

  function codesTable(rows, withButtons) {
    const table = element("table", "dz-codes");
    const head = element("tr");
    head.append(element("th", "", words.name), element("th", "", words.code));
    if (withButtons) head.append(element("th", ""));
    table.append(head);
    for (const row of rows) {
      const line = element("tr");
      if (row.id !== undefined) line.dataset.pupil = String(row.id);
      const name = element("td", "dz-pupil", row.name);
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

  function fillChoice(choice, classes) {
    const chosen = choice.value;
    choice.replaceChildren(...classes.map((entry) => {
      const option = element("option", "", entry.name);
      option.value = String(entry.id);
      return option;
    }));
    if (chosen && classes.some((entry) => String(entry.id) === chosen)) choice.value = chosen;
  }

  async function loadClasses() {
    const { ok, data } = await api("GET", "/api/classes");
    if (!ok) return;
    state.classes = data.classes || [];
    const newest = [...state.classes].reverse();
    const key = JSON.stringify(newest);
    if (key !== state.classesShown) {        // redrawn only when something changed
      state.classesShown = key;
      const list = $("class-list");
      const refresh = element("button", "dz-refresh", words.refresh);
      refresh.type = "button";
      refresh.addEventListener("click", loadClasses);
      if (!newest.length) list.replaceChildren(element("p", "dz-help", words.no_classes), refresh);
      else {
        if (!state.openDetails.size) state.openDetails.add(newest[0].id);
        list.replaceChildren(...newest.map((entry) => {
          const box = element("details");
          box.dataset.class = String(entry.id);
          box.open = state.openDetails.has(entry.id);
          box.addEventListener("toggle", () => {
            if (box.open) state.openDetails.add(entry.id);
            else state.openDetails.delete(entry.id);
          });
          const on = entry.pupils.filter((pupil) => pupil.connected).length;
          const cards = element("button", "dz-print-cards", words.print_cards);
          cards.type = "button";
          cards.addEventListener("click", () => printCards(entry.id, cards));
          box.append(element("summary", "", `${entry.name} (${on}/${entry.pupils.length} ${words.connected})`),
            codesTable(entry.pupils, true), cards);
          return box;
        }), refresh);
      }
    }
    fillChoice($("class-choice"), newest);
    fillChoice($("round-class"), newest);
    classesLoaded(newest);
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
    where.append(element("b", "", `${location.origin}${BASE}`));
    $("new-codes").replaceChildren(where, codesTable(rows, false));
    $("pupil-names").value = "";
    state.openDetails = new Set([data.class]);
    state.classesShown = "";
    await loadClasses();
    $("class-choice").value = String(data.class);
    $("round-class").value = String(data.class);
    loadStandings();
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

  // ---------------------------------------------------- rounds and standings
  function roundClass() {
    const chosen = $("round-class").value;
    return chosen ? Number(chosen) : null;
  }

  async function startRound(force) {
    const say = (text, good = false) => {
      $("round-message").textContent = text;
      $("round-message").classList.toggle("dz-ok", good);
    };
    const game = $("round-game").value.trim();
    if (!game) return say(words.no_game);
    $("round-force").hidden = true;
    $("round-start").disabled = true;
    const { ok, data } = await api("POST", "/api/rounds", {
      game, system: $("round-system").value, class: roundClass(), force,
    });
    $("round-start").disabled = false;
    if (!ok) {
      say(data.message || "");
      $("round-force").hidden = data.error !== "round-playing";
      return;
    }
    say(fill(words.round_started, { number: data.round, count: (data.tables || []).length }), true);
    loadStandings();
  }

  $("round-form").addEventListener("submit", (event) => {
    event.preventDefault();
    startRound(false);
  });
  $("round-force").addEventListener("click", () => startRound(true));

  function drawRounds() {
    const list = $("round-list");
    const latest = state.rounds[state.rounds.length - 1];
    if (latest && !latest.playing && !$("round-force").hidden) {   // the games the refusal waited for are over
      $("round-force").hidden = true;
      $("round-message").textContent = "";
    }
    const systems = { random: words.system_random, round_robin: words.system_round_robin, swiss: words.system_swiss };
    list.replaceChildren(...[...state.rounds].reverse().map((round) => {
      const box = element("div", "dz-round");
      box.dataset.round = String(round.round);
      const head = element("p", "dz-round-head", fill(words.round_line,
        { number: round.round, system: systems[round.system] || round.system, game: round.game }));
      head.append(" ", element("span", "dz-round-state",
        round.playing ? fill(words.playing, { count: round.playing }) : words.finished));
      const byes = element("p", "dz-byes", `${words.byes}: ${round.byes.length ? round.byes.join(", ") : words.no_byes}`);
      box.append(head);
      if (round.note) box.append(element("p", "dz-help", round.note));
      box.append(byes);
      return box;
    }).slice(0, 3));
  }

  function drawStandings(rows) {
    const host = $("standings");
    if (!rows.length || !state.rounds.length) {
      host.replaceChildren(element("p", "dz-help", words.no_standings));
      return;
    }
    const table = element("table", "dz-standings");
    const head = element("tr");
    for (const key of ["rank", "name", "points", "buchholz", "sonneborn_berger", "played", "wdl", "bye_count"]) {
      const cell = element("th", "", words[key]);
      cell.dataset.key = key;
      head.append(cell);
    }
    table.append(head);
    for (const row of rows) {
      const line = element("tr");
      line.dataset.name = row.name;
      const cells = [row.rank, row.name, points(row.points), points(row.buchholz), points(row.sonneborn_berger),
        row.played, `${row.wins}-${row.draws}-${row.losses}`, row.byes];
      const keys = ["rank", "name", "points", "buchholz", "sonneborn_berger", "played", "wdl", "bye_count"];
      cells.forEach((value, index) => {
        const cell = element("td", `dz-${keys[index]}`, String(value));
        line.append(cell);
      });
      table.append(line);
    }
    host.replaceChildren(table);
  }

  let standingsBusy = false;
  async function loadStandings() {
    if (standingsBusy || !state.welcomed) return;
    const classId = roundClass();
    if (classId === null) return;
    standingsBusy = true;
    try {
      const [rounds, standings] = await Promise.all([
        api("GET", `/api/rounds?class=${classId}`), api("GET", `/api/standings?class=${classId}`)]);
      if (roundClass() !== classId) return;
      if (rounds.ok) {
        state.rounds = rounds.data.rounds || [];
        drawRounds();
      }
      if (standings.ok) drawStandings(standings.data.rows || []);
    } finally {
      standingsBusy = false;
    }
  }
  $("round-class").addEventListener("change", loadStandings);

  // --------------------------------------------------------- the live tables
  function seatTitle(summary, seat) {
    const name = (summary.seats || [])[seat] || "";
    const side = (summary.seat_names || [])[seat] || String(seat + 1);
    return `${side} (${name})`;
  }

  function makeTile(id) {
    const tile = element("button", "dz-tile");
    tile.type = "button";
    tile.dataset.tile = String(id);
    const title = element("span", "dz-tile-title");
    const picture = element("span", "dz-tile-picture");
    const turn = element("span", "dz-tile-turn");
    const meta = element("span", "dz-tile-meta");
    const stuck = element("span", "dz-stuck", words.stuck);
    stuck.hidden = true;
    tile.append(title, picture, turn, meta, stuck);
    tile.addEventListener("click", () => select(id));
    const entry = { id, tile, title, picture, turn, meta, stuck, svg: null };
    state.tiles.set(id, entry);
    placeTiles();
    return entry;
  }

  function placeTiles() {
    const ids = [...state.tiles.keys()].sort((a, b) => b - a);   // newest first
    $("grid").replaceChildren(...ids.map((id) => state.tiles.get(id).tile));
    $("no-tables").hidden = ids.length > 0;
    if (state.selected === null && ids.length) select(ids[ids.length - 1]);
  }

  function drawTile(id) {
    const entry = state.tiles.get(id) || makeTile(id);
    const summary = state.summaries.get(id);
    const board = state.boards.get(id);
    if (board && board.svg !== entry.svg) {
      entry.svg = board.svg;
      entry.picture.innerHTML = board.svg || "";
    }
    entry.tile.classList.toggle("dz-chosen", state.selected === id);
    if (!summary) return;
    entry.title.textContent = `${words.table} ${summary.id} · ${(summary.seats || []).join(" – ")}`;
    if (summary.damaged) entry.turn.textContent = `${words.damaged}: ${summary.damaged}`;
    else if (summary.over) entry.turn.textContent = summary.result || words.over;
    else if (summary.to_move !== null && summary.to_move !== undefined) {
      entry.turn.textContent = `${seatTitle(summary, summary.to_move)} ${words.to_move}`;
    } else entry.turn.textContent = "";
    entry.meta.textContent = `${summary.plies} ${words.moves}`;
    entry.tile.dataset.plies = String(summary.plies);
    entry.tile.dataset.over = summary.over ? "true" : "false";
    entry.tile.classList.toggle("dz-over", !!summary.over);
    markStuck(id);
    markYourMove(id);
  }

  /** The time the page saw each table's version change; a table is stuck when the pupil
   *  to move has let STUCK pass since. */
  function noteVersion(id, version) {
    const seen = state.changed.get(id);
    if (!seen || seen.version !== version) state.changed.set(id, { version, at: Date.now() });
  }

  function markStuck(id) {
    const entry = state.tiles.get(id);
    const summary = state.summaries.get(id);
    const seen = state.changed.get(id);
    if (!entry || !summary) return;
    const waiting = !summary.over && !summary.damaged && summary.to_move !== null && summary.to_move !== undefined
      && summary.to_move !== summary.teacher_seat;     // the teacher's own move is never "stuck"
    const since = seen ? Date.now() - seen.at : 0;
    const stuck = waiting && since >= STUCK;
    entry.stuck.hidden = !stuck;
    entry.tile.classList.toggle("dz-is-stuck", stuck);
    entry.tile.dataset.stuck = stuck ? "true" : "false";
    if (stuck) {
      const name = (summary.seats || [])[summary.to_move] || "";
      entry.stuck.textContent = `${words.stuck}: ${name}`;
      entry.tile.title = fill(words.stuck_title, { name, minutes: Math.max(1, Math.floor(since / 60000)) });
    } else entry.tile.removeAttribute("title");
  }

  // the large view of the chosen table: board.js as a spectator sees it
  function select(id) {
    if (state.view && state.view.id === id) return;
    if (state.view && state.view.close) state.view.close();
    state.selected = id;
    const section = element("section", "dz-table");
    section.dataset.table = String(id);
    const heading = element("h2", "dz-table-title");
    const host = element("div", "dz-board-host");
    section.append(heading, host);
    state.view = { id, section, heading, host, model: null, close: null };
    $("tables").replaceChildren(section);
    for (const other of state.tiles.keys()) {
      state.tiles.get(other).tile.classList.toggle("dz-chosen", other === id);
      state.tiles.get(other).tile.setAttribute("aria-pressed", other === id ? "true" : "false");
    }
    const board = state.boards.get(id);
    if (board) drawView(board);
    drawHeading();
  }

  function drawView(message) {
    const view = state.view;
    if (!view || view.id !== message.table) return;
    if (!view.model) {
      // a spectator's board has no actions; at a table where the teacher sits, a click plays
      view.model = new BoardModel((text, version) => actAt(message.table, text, version));
      view.model.update(message);
      view.close = showBoard(view.host, view.model);
    } else {
      view.model.update(message);
    }
    view.section.dataset.version = String(message.version);
    if (view.note && view.noteVersion !== message.version) view.note.textContent = "";
  }

  function drawHeading() {
    const view = state.view;
    const summary = view && state.summaries.get(view.id);
    if (!summary) return;
    const title = element("span", "", `${words.table} ${summary.id} · ${summary.title}`);
    const seats = (summary.seats || []).map((name, index) => `${(summary.seat_names || [])[index] || index + 1}: ${name}`);
    const meta = [seats.join(" — "), `${summary.plies} ${words.moves}`];
    if (summary.damaged) meta.push(`${words.damaged}: ${summary.damaged}`);
    else if (summary.over && summary.result) meta.push(summary.result);
    view.heading.replaceChildren(title, element("span", "dz-table-meta", meta.join(" · ")));
    addRestart(view, summary);
  }

  function onSummary(summary) {
    if (!summary || typeof summary.id !== "number") return;
    const before = state.summaries.get(summary.id);
    state.summaries.set(summary.id, summary);
    noteVersion(summary.id, summary.plies);
    drawTile(summary.id);
    if (state.view && state.view.id === summary.id) drawHeading();
    if (summary.over && !(before && before.over)) loadStandings();
  }

  function onBoard(message) {
    state.boards.set(message.table, message);
    noteVersion(message.table, message.version);
    drawTile(message.table);
    drawView(message);
    if (state.view && state.view.id === message.table) drawHeading();
  }

  // ------------------------------------------------------- the teaching board
  // One board per class (the server's "teaching" messages and api/teaching): the page
  // shows the one of the class chosen in the card, large above the grid, with a bar per
  // move the pupils chose, their names on demand, the reveal and "Play it".
  const teach = {
    games: [], gamesLoaded: false,
    boards: new Map(),   // class id -> the last teaching message's T
    shown: null,         // the class whose board is shown
    view: null,          // {id, root, title, message, section, host, model, close, side, counts, best, ...}
    names: false,        // the names under the bars, on demand
    busy: "",            // "reveal" | "play" | "close" while the API answers
    pupilsKey: "",       // the simul's pupil list drawn
    selectNext: null,    // a table to watch large as soon as it is in the grid
  };

  function gameOf(name) {
    return teach.games.find((entry) => entry.name === name) || null;
  }

  function optionOf(value, text) {
    const option = element("option", "", text);
    option.value = value;
    return option;
  }

  async function loadGames() {
    if (teach.gamesLoaded) return;
    const { ok, data } = await api("GET", "/api/games");
    if (!ok || !Array.isArray(data.games)) {
      $("teach-message").textContent = (data && data.message) || words.no_games;
      return;
    }
    teach.games = data.games;
    teach.gamesLoaded = true;
    const named = (entry) => optionOf(entry.name, entry.title && entry.title !== entry.name
      ? `${entry.title} (${entry.name})` : entry.name);
    const pick = (choice, list) => {
      choice.replaceChildren(...list.map(named));
      if (list.some((entry) => entry.name === "pokerdrez")) choice.value = "pokerdrez";
    };
    pick($("teach-game"), teach.games);
    pick($("simul-game"), teach.games.filter((entry) => !Array.isArray(entry.players)
      || (entry.players[0] <= 2 && entry.players[1] >= 2)));
    const exercises = [optionOf("", words.no_exercise)];
    for (const entry of teach.games) {
      if (!entry.exercises || !entry.exercises.length) continue;
      const group = element("optgroup");
      group.label = entry.title || entry.name;
      group.append(...entry.exercises.map((exercise) => optionOf(exercise.id, `${exercise.id} · ${exercise.title}`)));
      exercises.push(group);
    }
    $("teach-exercise").replaceChildren(...exercises);
    syncTeachForm();
    syncSeats();
  }

  function syncTeachForm() {
    const exercise = $("teach-exercise").value;
    const game = gameOf($("teach-game").value);
    $("teach-game").disabled = !!exercise;
    $("teach-position-label").hidden = !!exercise || !(game && game.positions);
  }

  function syncSeats() {
    const choice = $("simul-seat");
    const chosen = choice.value || "0";
    choice.replaceChildren(...[0, 1].map((seat) => optionOf(String(seat), fill(words.seat_n, { n: seat + 1 }))));
    choice.value = chosen;
  }

  $("teach-exercise").addEventListener("change", syncTeachForm);
  $("teach-game").addEventListener("change", syncTeachForm);

  /** After the roster is loaded: the class choices of both cards and the simul's pupils. */
  function classesLoaded(newest) {
    const first = !$("teach-class").options.length;
    fillChoice($("teach-class"), newest);
    fillChoice($("simul-class"), newest);
    drawSimulPupils();
    if (first && newest.length) showTeaching(Number($("teach-class").value));
  }

  function teachClass() {
    const chosen = $("teach-class").value;
    return chosen ? Number(chosen) : null;
  }

  function sayTeach(text, good = false) {
    $("teach-message").textContent = text || "";
    $("teach-message").classList.toggle("dz-ok", good);
  }

  /** The board in an API answer: ``{"teaching": T}`` (or T itself). */
  function teachingIn(data) {
    return data && typeof data === "object" && "teaching" in data ? data.teaching : data;
  }

  /** Keep ``T`` unless the page already holds a later state of the same board. */
  function keepTeaching(T) {
    if (!T || typeof T.class !== "number") return false;
    const old = teach.boards.get(T.class);
    if (old && old.id === T.id && old.version > T.version) return false;
    teach.boards.set(T.class, T);
    return true;
  }

  async function showTeaching(classId) {
    teach.shown = classId;
    drawTeaching();
    if (classId === null || !state.welcomed) return;
    const { ok, data } = await api("GET", `/api/teaching?class=${classId}`);
    if (!ok || teach.shown !== classId) return;
    if (data.teaching) keepTeaching(data.teaching);
    else teach.boards.delete(classId);
    drawTeaching();
  }

  $("teach-class").addEventListener("change", () => showTeaching(teachClass()));

  $("teach-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const classId = teachClass();
    const exercise = $("teach-exercise").value;
    const body = { class: classId };
    if (exercise) body.exercise = exercise;
    else {
      body.game = $("teach-game").value;
      if (!body.game) return sayTeach(words.no_game);
      const position = $("teach-position").value.trim();
      if (position && !$("teach-position-label").hidden) body.position = position;
    }
    $("teach-start").disabled = true;
    const { ok, data } = await api("POST", "/api/teaching", body);
    $("teach-start").disabled = false;
    if (!ok) return sayTeach(data.message);
    sayTeach(words.shown_class, true);
    const T = teachingIn(data);
    if (T && typeof T.class === "number") teach.boards.set(T.class, T);
    teach.shown = T && typeof T.class === "number" ? T.class : classId;
    drawTeaching();
  });

  function closeTeachingView() {
    const view = teach.view;
    if (view && view.close) view.close();
    teach.view = null;
  }

  function makeTeachingView(T) {
    closeTeachingView();
    const root = $("teaching-view");
    const head = element("div", "dz-teach-head");
    const title = element("h2", "dz-teach-title");
    const message = element("p", "dz-teach-message");
    message.setAttribute("role", "status");
    head.append(title, message);
    const body = element("div", "dz-teach-body");
    const { section, note, host } = teachingSection();
    const side = element("div", "dz-teach-side");
    const answered = element("p", "dz-answered");
    const counts = element("div", "dz-tallies");
    const best = element("p", "dz-best");
    const buttons = element("div", "dz-teach-buttons");
    const button = (id, key, onPress) => {
      const made = element("button", "", words[key]);
      made.type = "button";
      made.id = id;
      made.addEventListener("click", onPress);
      buttons.append(made);
      return made;
    };
    const reveal = button("teach-reveal", "reveal", revealBest);
    const play = button("teach-play", "play_it", playRevealed);
    const names = button("teach-names", "show_names", () => {
      teach.names = !teach.names;
      drawTeaching();
    });
    const close = button("teach-close", "close", closeTeaching);
    side.append(answered, counts, best, buttons);
    body.append(section, side);
    root.replaceChildren(head, body);
    teach.view = { id: T.id, classId: T.class, root, title, message, section, note, host, side, answered, counts,
                   best, reveal, play, names, closeButton: close, model: null, close: null, reset: false,
                   noteVersion: null };
    return teach.view;
  }

  function drawTeaching() {
    const root = $("teaching-view");
    const T = teach.shown === null ? null : teach.boards.get(teach.shown) || null;
    if (!T) {
      closeTeachingView();
      root.replaceChildren();
      root.hidden = true;
      return;
    }
    root.hidden = false;
    const view = teach.view && teach.view.id === T.id && teach.view.classId === T.class ? teach.view : makeTeachingView(T);
    root.dataset.teaching = String(T.id);
    root.dataset.version = String(T.version);
    root.dataset.answered = String(T.answered || 0);
    root.dataset.revealed = T.revealed ? "true" : "false";
    root.classList.toggle("dz-names-on", teach.names);
    const className = (state.classes.find((entry) => entry.id === T.class) || {}).name;
    view.title.textContent = `${words.teaching} · ${T.title}${className ? ` · ${className}` : ""}`;
    view.message.textContent = T.message || "";
    // the board: the teacher's click plays on (while answers are open the board carries the moves)
    if (!view.model || view.reset) {
      if (view.close) view.close();
      view.model = new BoardModel((text) => playOn(text));
      view.model.update(T.board || {});
      view.close = showBoard(view.host, view.model);
      view.reset = false;
    } else {
      view.model.update(T.board || {});
    }
    view.section.dataset.version = String(T.version);
    if (view.noteVersion !== null && view.noteVersion !== T.version) {
      view.note.textContent = "";
      view.noteVersion = null;
    }
    // the bars
    const counts = Array.isArray(T.counts) ? T.counts : [];
    const most = Math.max(1, ...counts.map((line) => line.count || 0));
    view.answered.textContent = fill(words.answered, { answered: T.answered || 0, pupils: T.pupils || 0 });
    if (!counts.length) view.counts.replaceChildren(element("p", "dz-help dz-no-answers", words.no_answers));
    else {
      view.counts.replaceChildren(...counts.map((line) => {
        const row = element("div", "dz-tally");
        row.dataset.action = line.text;
        row.dataset.count = String(line.count);
        row.title = fill(words.count_title, { count: line.count, move: line.words || line.text });
        if (T.revealed && T.revealed.text === line.text) row.classList.add("dz-tally-best");
        const move = element("span", "dz-tally-move", line.words || line.text);
        const bar = element("span", "dz-tally-bar");
        const filled = element("span", "dz-tally-fill");
        filled.style.width = `${Math.round((100 * (line.count || 0)) / most)}%`;
        bar.append(filled);
        const number = element("span", "dz-tally-n", String(line.count));
        row.append(move, bar, number);
        if (Array.isArray(line.names)) {
          const who = element("span", "dz-tally-names", line.names.join(", "));
          who.hidden = !teach.names;
          row.append(who);
        }
        return row;
      }));
    }
    view.best.textContent = T.revealed
      ? fill(words.best, { level: T.revealed.level, move: T.revealed.words || T.revealed.text }) : "";
    view.best.hidden = !T.revealed;
    const over = !!(T.board && T.board.over);
    const thinking = !!T.thinking || teach.busy === "reveal";
    view.reveal.hidden = !!T.revealed || over;
    view.reveal.disabled = thinking || !!teach.busy;
    view.reveal.textContent = thinking ? words.thinking : words.reveal;
    view.play.hidden = !T.revealed || over;
    view.play.disabled = !!teach.busy || !!T.thinking;
    view.names.textContent = teach.names ? words.hide_names : words.show_names;
    view.names.setAttribute("aria-pressed", teach.names ? "true" : "false");
    view.names.hidden = !counts.some((line) => Array.isArray(line.names));
    view.closeButton.disabled = teach.busy === "close";
  }

  function teachingNote(text) {
    const view = teach.view;
    if (!view) return;
    const T = teach.boards.get(view.classId);
    view.note.textContent = text || "";
    view.noteVersion = T ? T.version : null;
  }

  async function teachingCall(kind, method, path, data) {
    teach.busy = kind;
    drawTeaching();
    const answer = await api(method, path, data);
    teach.busy = "";
    const T = answer.ok ? teachingIn(answer.data) : null;
    if (answer.ok && !T) teach.boards.delete(data ? data.class : teach.shown);
    else if (answer.ok) keepTeaching(T);
    else {
      teachingNote(answer.data.message);
      if (teach.view) teach.view.reset = true;    // the board takes clicks again
    }
    drawTeaching();
    return answer;
  }

  function revealBest() {
    const T = teach.boards.get(teach.shown);
    if (!T) return;
    teachingCall("reveal", "POST", "/api/teaching/reveal", { class: T.class });
  }

  function playOn(text) {
    const T = teach.boards.get(teach.shown);
    if (!T || !text) return;
    teachingCall("play", "POST", "/api/teaching/play", { class: T.class, action: text, version: T.version });
  }

  function playRevealed() {
    const T = teach.boards.get(teach.shown);
    if (T && T.revealed) playOn(T.revealed.text);
  }

  async function closeTeaching() {
    const T = teach.boards.get(teach.shown);
    if (!T) return;
    teach.busy = "close";
    drawTeaching();
    const { ok, data } = await api("DELETE", `/api/teaching?class=${T.class}`);
    teach.busy = "";
    if (ok) {
      teach.boards.delete(T.class);
      sayTeach("");
    } else teachingNote(data.message);
    drawTeaching();
  }

  function onTeaching(message) {
    const T = message.teaching;
    if (T && typeof T === "object") {
      if (!keepTeaching(T)) return;
      if (teach.shown === null) {
        teach.shown = T.class;
        if ([...$("teach-class").options].some((option) => option.value === String(T.class))) {
          $("teach-class").value = String(T.class);
        }
      }
      if (T.class === teach.shown) drawTeaching();
    } else if (typeof message.class === "number") {
      teach.boards.delete(message.class);
      if (message.class === teach.shown) drawTeaching();
    } else if (teach.shown !== null) {
      showTeaching(teach.shown);      // which class's board closed? ask for the shown one
    }
  }

  // -------------------------------------------------- the simultaneous display
  function simulClass() {
    const chosen = $("simul-class").value;
    return chosen ? Number(chosen) : null;
  }

  function drawSimulPupils() {
    const entry = state.classes.find((line) => line.id === simulClass());
    const names = entry ? entry.pupils.map((pupil) => pupil.name) : [];
    const key = JSON.stringify([simulClass(), names]);
    if (key === teach.pupilsKey) return;
    teach.pupilsKey = key;
    const box = $("simul-pupils");
    const legend = element("legend", "", words.pupils);
    if (!names.length) {
      box.replaceChildren(legend, element("p", "dz-help", words.no_pupils));
      return;
    }
    box.replaceChildren(legend, ...names.map((name) => {
      const label = element("label", "dz-pick");
      const tick = element("input");
      tick.type = "checkbox";
      tick.checked = true;
      tick.value = name;
      label.append(tick, element("span", "", name));
      return label;
    }));
  }

  $("simul-class").addEventListener("change", drawSimulPupils);

  $("simul-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const say = (text, good = false) => {
      $("simul-message").textContent = text || "";
      $("simul-message").classList.toggle("dz-ok", good);
    };
    const game = $("simul-game").value;
    if (!game) return say(words.no_game);
    const ticks = [...$("simul-pupils").querySelectorAll("input[type=checkbox]")];
    const chosen = ticks.filter((tick) => tick.checked).map((tick) => tick.value);
    const body = { game, class: simulClass(), seat: Number($("simul-seat").value || 0) };
    if (chosen.length !== ticks.length) body.pupils = chosen;
    $("simul-start").disabled = true;
    const { ok, data } = await api("POST", "/api/simul", body);
    $("simul-start").disabled = false;
    if (!ok) return say(data.message);
    const tables = data.tables || [];
    say(fill(words.simul_started, { count: tables.length }), true);
    if (tables.length) watchSoon(Math.min(...tables));
  });

  /** Watch table ``id`` large now, or as soon as it is in the grid. */
  function watchSoon(id) {
    if (state.tiles.has(id)) select(id);
    else teach.selectNext = id;
  }

  /** The grid's "your move" mark on the tables where the teacher sits. */
  function markYourMove(id) {
    const entry = state.tiles.get(id);
    const summary = state.summaries.get(id);
    if (!entry || !summary) return;
    const seat = summary.teacher_seat;
    const mine = typeof seat === "number";
    const yours = mine && !summary.over && !summary.damaged && summary.to_move === seat;
    if (!entry.yours) {
      entry.yours = element("span", "dz-your-move", words.your_move);
      entry.tile.insertBefore(entry.yours, entry.meta);
    }
    entry.yours.hidden = !yours;
    entry.tile.classList.toggle("dz-yours", yours);
    entry.tile.dataset.yours = yours ? "true" : "false";
    entry.tile.dataset.teacherSeat = mine ? String(seat) : "";
    if (teach.selectNext === id) {
      teach.selectNext = null;
      select(id);
    }
  }

  /** The large view's board sends the teacher's move (a table where the teacher sits). */
  function actAt(id, text, version) {
    const sent = link.send({ type: "act", table: id, version, action: text });
    if (!sent) {
      viewNote(id, words.connecting);
      resetView(id);
    }
  }

  function viewNote(id, text) {
    const view = state.view;
    if (!view || view.id !== id) return;
    if (!view.note) {
      view.note = element("p", "dz-note");
      view.note.setAttribute("role", "alert");
      view.section.insertBefore(view.note, view.host);
    }
    view.note.textContent = text || "";
    const board = state.boards.get(id);
    view.noteVersion = board ? board.version : null;
  }

  /** Draw the large view's board afresh (it takes clicks again). */
  function resetView(id) {
    const view = state.view;
    if (!view || view.id !== id) return;
    if (view.close) view.close();
    view.model = null;
    view.close = null;
    const board = state.boards.get(id);
    if (board) drawView(board);
  }

  /** "Restart" under a finished table where the teacher sits: the same game, a new deal. */
  function addRestart(view, summary) {
    if (!summary.over || typeof summary.teacher_seat !== "number") return;
    const button = element("button", "dz-restart", words.restart);
    button.type = "button";
    button.addEventListener("click", async () => {
      button.disabled = true;
      const { ok, data } = await api("POST", `/api/tables/${summary.id}/restart`, {});
      button.disabled = false;
      if (!ok) return viewNote(summary.id, data.message);
      $("simul-message").textContent = fill(words.restarted, { id: summary.id, new: data.table });
      $("simul-message").classList.add("dz-ok");
      if (typeof data.table === "number") watchSoon(data.table);
    });
    view.heading.append(button);
  }

  function onMessage(message) {
    switch (message.type) {
      case "welcome":
        if (message.role !== "teacher") {
          if (HUB) refuse();               // a pupil of the hub
          return;
        }
        state.welcomed = true;
        if (state.view) {                        // the boards come again: draw them afresh
          if (state.view.close) state.view.close();
          state.view.model = null;
          state.view.close = null;
        }
        $("secret-box").hidden = true;
        if (HUB) $("desk").hidden = false;   // (hub mode: shown once the hub says "teacher")
        banner(false);
        setState("watching");
        loadStandings();
        loadGames();
        showTeaching(teach.shown !== null ? teach.shown : teachClass());
        break;
      case "tables":
        for (const summary of message.tables || []) onSummary(summary);
        break;
      case "table":
        onSummary(message.table);
        break;
      case "board":
        if (state.welcomed && typeof message.table === "number") onBoard(message);
        break;
      case "round":
        loadStandings();
        break;
      case "teaching":
        if (state.welcomed) onTeaching(message);
        break;
      case "error":
        if (!state.welcomed) askSecret(message.message);
        else if (typeof message.table === "number" && state.view && state.view.id === message.table) {
          viewNote(message.table, message.message);
          resetView(message.table);
        } else {
          $("table-message").textContent = message.message || "";
          $("table-message").classList.remove("dz-ok");
        }
        break;
      default:
        break;
    }
  }

  const link = new Link({
    onOpen: () => link.send(HUB ? { type: "hello", language } : { type: "hello", secret: state.secret, language }),
    onMessage,
    onState: (open) => {
      if (!open) state.welcomed = false;
      banner(!open);
    },
  });

  function begin(secret) {
    state.secret = secret;
    $("desk").hidden = HUB;
    $("secret-message").textContent = "";
    if (!state.started) {
      state.started = true;
      link.start();
      // the roster (who is connected), the standings and the stuck marks, every few seconds
      window.setInterval(() => {
        if (document.hidden || $("desk").hidden) return;
        loadClasses();
        loadStandings();
      }, REFRESH);
      window.setInterval(() => {
        for (const id of state.tiles.keys()) markStuck(id);
      }, Math.min(REFRESH, Math.max(500, STUCK / 4)));
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
  if (HUB) begin("");
  else if (secret) begin(secret);
  else askSecret("");
}

if (document.body && document.body.dataset.page === "teacher") start();
