// Waybill's table in a browser: start a game against bots, then draw each
// state the server sends (this seat's view and, on its decision, its actions)
// and answer with buttons. The page knows no game: it draws the view's
// display sections when the pack declares them, else its counters and zones.
// Its own words (headings, form, status lines, errors) are the engine's
// page-* messages in the server's language, written into the page by the
// server (serve/words.py): `say(id, {name: text})` fills their {$name}s.
"use strict";

const $ = (id) => document.getElementById(id);
const WORDS = (() => {
  const node = document.getElementById("words");
  try { return node ? JSON.parse(node.textContent) : {}; } catch (e) { return {}; }
})();
const LANG = WORDS.lang || "en";

function say(id, args) {
  const text = (WORDS.words || {})[id];
  if (text == null) return id;
  return text.replace(/\{\$([A-Za-z0-9_]+)\}/g, (m, k) => (args && k in args ? String(args[k]) : m));
}

// a message as nodes: its variables may be nodes (an answer in bold), its words stay the catalogue's
function sayNodes(id, args) {
  const text = (WORDS.words || {})[id];
  if (text == null) return [id];
  return text.split(/\{\$([A-Za-z0-9_]+)\}/).map((part, i) => (i % 2 === 0 ? part : (args && part in args ? args[part] : `{$${part}}`)));
}

// every element marked data-msg says its message (the server wrote them in already; a page
// opened some other way still reads right once the script runs)
function sayMarked() {
  const known = (id) => (WORDS.words || {})[id] != null;
  for (const node of document.querySelectorAll("[data-msg]")) if (known(node.dataset.msg)) node.textContent = say(node.dataset.msg);
  for (const node of document.querySelectorAll("[data-msg-placeholder]")) {
    if (known(node.dataset.msgPlaceholder)) node.placeholder = say(node.dataset.msgPlaceholder);
  }
  document.documentElement.lang = LANG;
  if (known("page-title")) document.title = say("page-title");
}
let packs = [];
let game = null;            // {id, token}
let socket = null;
let shown = -1;             // the decision number drawn last (older pushes are skipped)
let current = null;         // the state as rebuilt from the server's messages (see "deltas" below)
let entities = {};          // the game's cards by id: name, kind, text, fields (GET …/cards, asked once a game)

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

// An error as the reader reads it: the server's reason (with its status) on an
// English page, else the page's own sentence for that status, the reason kept as
// the box's title; a message without a status is in the page's words already.
function showError(message, status, reason) {
  const box = $("error");
  let text = message || "";
  if (message && status !== undefined && (LANG !== "en" || status === 0)) {
    const id = status === 0 ? "page-error-connection" : `page-error-${status}`;
    text = (WORDS.words || {})[id] != null ? say(id) : say("page-error-other", { status });
  }
  box.textContent = text;
  box.title = reason || (text !== (message || "") ? message : "");
  box.hidden = !text;
}

class Failure extends Error {
  constructor(message, status) { super(message); this.status = status; }
}

async function api(path, options) {
  let response;
  try { response = await fetch(path, options); } catch (e) { throw new Failure(e.message, 0); }
  let body;
  try { body = await response.json(); } catch (e) { body = { error: `${response.status} ${response.statusText}` }; }
  if (!response.ok || body.error) throw new Failure(body.error || `request failed (${response.status})`, body.status || response.status);
  return body;
}

// --- starting --------------------------------------------------------------

async function showSetup() {
  $("setup").hidden = false;
  $("table").hidden = true;
  const body = await api("/api/packs");
  packs = body.packs;
  const select = $("pack");
  select.replaceChildren(...packs.map((p) => el("option", { value: p.id, text: p.name })));
  select.onchange = choosePack;
  $("players").onchange = chooseSeats;
  $("seat").onchange = sayBots;
  choosePack();
}

function currentPack() { return packs.find((p) => p.id === $("pack").value); }

function choosePack() {
  const pack = currentPack();
  if (!pack) return;
  const players = $("players");
  players.min = pack.players.min;
  players.max = pack.players.max;
  players.value = Math.min(Math.max(Number(players.value) || pack.players.min, pack.players.min), pack.players.max);
  const box = $("variants");
  const named = pack.variant_names || {};
  box.replaceChildren(el("legend", { text: say("page-variants") }),
    ...pack.variants.map((v) => el("label", {}, el("input", { type: "checkbox", value: v }), named[v] || v.replaceAll("_", " "))));
  box.hidden = pack.variants.length === 0;
  chooseSeats();
}

function chooseSeats() {
  const n = Number($("players").value) || 1;
  const seat = $("seat");
  const was = Number(seat.value) || 0;
  seat.replaceChildren(...Array.from({ length: n }, (_, i) => el("option", { value: String(i), text: playerName(i) })));
  seat.value = String(Math.min(was, n - 1));
  sayBots();
}

// who the bots are, said under the seat: every seat but yours
function sayBots() {
  const n = Number($("players").value) || 1;
  const you = Number($("seat").value) || 0;
  const bots = Array.from({ length: n }, (_, i) => i).filter((i) => i !== you).map(playerName);
  $("bots").textContent = bots.length ? say("page-bots-play", { players: bots.join(say("engine-list-sep")) }) : say("page-bots-none");
}

async function startGame(event) {
  event.preventDefault();
  showError("");
  const players = Number($("players").value);
  const you = Number($("seat").value);
  const body = {
    pack: $("pack").value,
    players,
    bots: Array.from({ length: players }, (_, i) => i).filter((i) => i !== you),
    variants: Array.from($("variants").querySelectorAll("input:checked"), (i) => i.value),
  };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  $("start").disabled = true;
  try {
    const made = await api("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    // the token stays in the fragment: never sent in a request line, kept on reload
    history.replaceState(null, "", "#" + new URLSearchParams({ game: made.id, token: made.tokens[String(you)] }));
    await join();
  } catch (e) {
    showError(e.message, e.status);
  } finally {
    $("start").disabled = false;
  }
}

// --- playing ---------------------------------------------------------------

async function join() {
  const params = new URLSearchParams(location.hash.slice(1));
  game = { id: params.get("game"), token: params.get("token") };
  $("setup").hidden = true;
  $("table").hidden = false;
  shown = -1;
  current = null;
  try {
    entities = await fetchCards();        // views name cards by id: their words come once, first
    await fetchState(-LOG_KEPT);
  } catch (e) {
    // a bad token or a game that is gone: the reason and a way on, not an empty table
    $("table").hidden = true;
    $("lost").hidden = false;
    throw e;
  }
  listen();
}

// every card of the game, page by page (a page fits in one message; `end` says how many there are)
async function fetchCards() {
  const cards = {};
  let end = Infinity;
  while (Object.keys(cards).length < end) {
    const from = Object.keys(cards).length;
    const page = await api(`/api/games/${encodeURIComponent(game.id)}/cards?token=${encodeURIComponent(game.token)}&from=${from}`);
    Object.assign(cards, page.cards);
    end = page.end;
    if (!Object.keys(page.cards).length) break;      // (never loops on a server that sends nothing)
  }
  return cards;
}

function query(logFrom) {
  return `token=${encodeURIComponent(game.token)}&log_from=${logFrom}`;
}

function listen() {
  if (socket) socket.close();
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(game.id)}/ws?${query(logEnd())}`);
  socket.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.error) { showError(msg.error, msg.status); return; }
    if (msg.type === "delta") takeDelta(msg);
    else if (msg.type === "log") takeLog(msg);
    else if (msg.type === "actions") takeOptions(msg);
    else takeState(msg);
    if (behind) fetchState(logEnd()).catch((e) => showError(e.message, e.status));
    else if (complete()) render(current);
  };
}

// an answer given from the keyboard leaves the focus on the next question's first option
let refocus = false;

async function answer(action, buttons) {
  refocus = buttons.includes(document.activeElement);
  for (const b of buttons) b.disabled = true;
  showError("");
  try {
    takeState(await api(`/api/games/${encodeURIComponent(game.id)}/actions?${query(logEnd())}`,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(action) }));
    await fetchState(logEnd(), true);
  } catch (e) {
    showError(e.message, e.status);
    for (const b of buttons) b.disabled = false;
  }
}

// --- deltas (docs/PROTOCOL.md): the state rebuilt from states, deltas and log pieces ---

const LOG_KEPT = 200;       // log entries asked for when the page opens, and kept (the log shows these)
let behind = false;         // a delta came that does not follow: the state is asked for again

function logEnd() { return current ? current.view.log_from + current.view.log.length : -LOG_KEPT; }

function complete() { return current != null && logEnd() === current.view.log_end && optionsWhole(); }

// a state sent with its first options only says how many there are (`options_end`)
function optionsWhole() { return current != null && !("options_end" in current); }

// GET the state (its log from `from`; with `onlyIfCut`, only if the one we have is not whole)
// and the rest of its log and options, until it is whole; then draw it
async function fetchState(from, onlyIfCut) {
  if (!onlyIfCut || !current) takeState(await api(`/api/games/${encodeURIComponent(game.id)}?${query(from)}`));
  while (!complete()) {
    if (!optionsWhole()) {
      const page = await api(`/api/games/${encodeURIComponent(game.id)}/actions?token=${encodeURIComponent(game.token)}&from=${current.actions.length}`);
      if (page.version === current.version) { takeOptions(page); continue; }
    }
    // (the game moved on meanwhile, or the log is cut: the state again, from where our log ends)
    takeState(await api(`/api/games/${encodeURIComponent(game.id)}?${query(logEnd())}`));
  }
  render(current);
}

function keepLog(view) {
  const extra = view.log.length - 4 * LOG_KEPT;
  if (extra > 0) { view.log = view.log.slice(extra); view.log_from += extra; }
  return view;
}

// a whole state: its log goes on from ours when it starts within it
function takeState(state) {
  if (current && state.version < current.version) return;
  let view = state.view;
  if (current && current.view.log_from <= view.log_from && view.log_from <= logEnd()) {
    const kept = current.view.log.slice(0, view.log_from - current.view.log_from);
    view = { ...view, log_from: current.view.log_from, log: kept.concat(view.log) };
  }
  const { type, ref, ...rest } = state;
  current = { ...rest, view: keepLog(view) };
  behind = false;
  wholeOptions();
}

// more options of the state we have: as its view says them, and as actions
function takeOptions(msg) {
  if (!current || optionsWhole() || msg.version !== current.version || msg.from !== current.actions.length) { behind = true; return; }
  const pending = current.view.pending || {};
  current = {
    ...current, actions: current.actions.concat(msg.actions),
    view: { ...current.view, pending: { ...pending, options: (pending.options || []).concat(msg.options) } },
  };
  wholeOptions();
}

// once every option came, the state is whole: `options_end` goes (deltas patch the whole state)
function wholeOptions() {
  if (current && "options_end" in current && current.actions.length >= current.options_end) {
    const { options_end: end, ...rest } = current;
    current = rest;
  }
}

function takeDelta(msg) {
  if (!current || msg.version <= current.version) return;
  if (msg.from !== current.version || msg.log_from !== logEnd() || !optionsWhole()) { behind = true; return; }
  const { log, log_from: from, ...view } = current.view;
  const { version, ...base } = current;
  const next = msg.patch ? patched({ ...base, view }, msg.patch) : { ...base, view };
  current = { ...next, version: msg.version, view: keepLog({ ...next.view, log_from: from, log: log.concat(msg.log) }) };
}

function takeLog(msg) {
  if (!current || msg.version !== current.version || msg.log_from !== logEnd() || !optionsWhole()) { behind = true; return; }
  current.view = keepLog({ ...current.view, log: current.view.log.concat(msg.log) });
}

// a patch: {set}, {keys, drop} on an object, {items, length} on a list
function patched(value, p) {
  if ("set" in p) return p.set;
  if ("keys" in p) {
    const out = { ...value };
    for (const [k, q] of Object.entries(p.keys)) out[k] = patched(out[k], q);
    for (const k of p.drop || []) delete out[k];
    return out;
  }
  const out = value.slice(0, p.length);
  while (out.length < p.length) out.push(null);
  for (const [i, q] of p.items) out[i] = patched(out[i], q);
  return out;
}

// --- drawing ---------------------------------------------------------------

function render(state) {
  const view = state.view;
  // a push may arrive after the answer it follows: never draw an older position
  const at = view.over ? Infinity : view.decision;
  if (at < shown) return;
  shown = at;
  const names = view.players;
  const pack = packs.find((p) => p.id === state.pack);
  $("game-name").textContent = pack ? pack.name : state.pack;
  document.body.dataset.decision = String(view.decision);
  document.body.dataset.over = String(view.over);
  document.body.dataset.mine = String(state.actions.length > 0);
  drawStatus(state, names);
  drawDecision(state, names);
  if (window.drawBoards) window.drawBoards(state, game, answer);     // board.js: the pack's map, if it draws one
  const display = view.display;
  if (display && ((display.panels || []).length || (display.board || []).length)) {
    const panels = display.panels || [];
    const own = panels.find((p) => p.seat === state.seat);
    $("panel").replaceChildren(own ? drawItems(own.items, names)
      : el("p", { class: "muted", text: state.seat == null ? say("page-watching") : "" }));
    $("board").replaceChildren(drawItems(display.board || [], names));
    $("others").replaceChildren(drawPanels(panels, view, state, names));
  } else {
    $("panel").replaceChildren(drawPanel(view, state.seat, names));
    $("board").replaceChildren(drawBoard(view, names));
    $("others").replaceChildren(drawPlayers(view, state, names));
  }
  drawLog(view, names);
  if (state.stopped) showError(LANG === "en" ? state.stopped : say("page-bot-stopped"), undefined, state.stopped);
}

// seat 0 is Player 1: people read players from 1 (README "Seats"); the protocol numbers seats from 0
function playerName(seat) { return say("engine-player", { number: seat + 1 }); }

function seatName(names, seat) { return seat == null ? say("page-spectator") : (names[seat] || playerName(seat)); }

function words(id) { return String(id).replaceAll("_", " "); }

function drawStatus(state, names) {
  const view = state.view;
  let text;
  if (view.over) {
    text = view.winner != null ? say("page-game-over-winner", { player: names[view.winner] }) : say("page-game-over");
  } else {
    const round = view.round ? say("page-round", { round: view.round }) : say("page-setting-up");
    text = say("page-status", { when: round, player: seatName(names, state.seat) });
  }
  $("status").textContent = text;
}

function drawDecision(state, names) {
  const view = state.view;
  const box = $("decision");
  const options = $("options");
  const pending = view.pending;
  box.classList.toggle("waiting", state.actions.length === 0);
  if (view.over) {
    $("prompt").replaceChildren(el("span", { class: "finished", text: say("page-finished") }), " ", resultText(view, names));
    options.replaceChildren(el("a", { href: "/", text: say("page-new-game-link") }));
    return;
  }
  if (state.actions.length === 0) {
    // (a simultaneous decision waits for several seats: all are named, never what they chose)
    $("prompt").textContent = pending ? say("page-waiting-for", {
      player: (pending.waiting || [pending.player]).map((s) => seatName(names, s)).join(", "),
    }) : say("page-waiting");
    options.replaceChildren();
    return;
  }
  $("prompt").textContent = (pending && pending.prompt) || say("page-your-choice");
  // an option's words are the view's (in the server's language); the action is sent back as it came
  const said = new Map(((pending && pending.options) || []).map((o) => [o.option, o]));
  // (a state drawn again keeps the focus on the option that had it)
  const focused = Array.from(options.querySelectorAll("button")).indexOf(document.activeElement);
  const buttons = state.actions.map((a) => {
    const entity = a.entity || (said.get(a.option) || {}).entity;
    const card = entity && entities[entity];
    const shown = said.has(a.option) && said.get(a.option).label ? { ...a, label: said.get(a.option).label } : a;
    // a card's text under its name, and whole on hover (a long one is cut short on the button)
    const attrs = card && card.text ? { type: "button", class: "option", title: card.text } : { type: "button", class: "option" };
    return el("button", attrs, el("span", { class: "label", text: optionText(shown, names) }),
      card && card.text ? el("small", { text: card.text }) : null);
  });
  buttons.forEach((b, i) => { b.onclick = () => answer(state.actions[i], buttons); });
  options.replaceChildren(...buttons, ...drawUnavailable(pending));
  if ((refocus || focused >= 0) && buttons.length) {
    buttons[focused >= 0 && focused < buttons.length ? focused : 0].focus();
    refocus = false;
  }
}

// the actions not open now, greyed, each with why (the view's pending.unavailable)
function drawUnavailable(pending) {
  return ((pending && pending.unavailable) || []).map((u) =>
    el("p", { class: "option unavailable" }, el("span", { class: "label", text: u.label }), el("small", { text: u.reason })));
}

function resultText(view, names) {
  const r = view.result || {};
  if (Array.isArray(r.ranking)) {
    const scores = r.scores || [];
    return r.ranking.map((s, i) => `${i + 1}. ${names[s]}${scores[s] != null ? ` (${fmt(scores[s], names)})` : ""}`).join("   ");
  }
  return view.winner != null ? say("page-wins", { player: names[view.winner] }) : say("page-over");
}

function optionText(action, names) {
  if (action.label && action.label !== "hidden") return action.label;
  if (action.value !== undefined) return fmt(action.value, names);
  return action.label || say("page-option", { number: action.option + 1 });
}

// a value of a view as words: pieces by name, seats by player name
function fmt(v, names) {
  if (v == null) return "–";
  if (Array.isArray(v)) return v.length ? v.map((x) => fmt(x, names)).join(say("engine-list-sep")) : say("engine-none");
  if (typeof v === "object") {
    if (v.hidden) return say("engine-hidden");
    if ("piece" in v) return v.name || v.label || (v.entity && entityName(v.entity)) || `#${v.piece}`;
    if ("player" in v && Object.keys(v).length === 1) return seatName(names, v.player);
    if ("zone" in v) return zoneName(v, names);
    if ("label" in v) return String(v.label);
    if ("name" in v) return String(v.name);
    return Object.entries(v).map(([k, x]) => `${words(k)}: ${fmt(x, names)}`).join(", ");
  }
  if (typeof v === "boolean") return say(v ? "engine-yes" : "engine-no");
  return String(v);
}

// a name that is a card's: its text opens under it on a tap or a key (a disclosure), and shows on hover
function cardNamed(text, id) {
  const e = id && entities[id];
  if (!e || !e.text) return text;
  return el("details", { class: "card", title: e.text }, el("summary", { text }), el("p", { text: e.text }));
}

function entityName(id) {
  const e = entities[id];
  return (e && e.name) || words(id);
}

function zoneName(z, names) {
  const name = z.name || words(z.zone);
  return z.of == null ? name : say("engine-zone-of", { zone: name, player: seatName(names, z.of) });
}

// pieces of one name drawn once with a count: a supply of 40 alike is one chip
function pieceList(pieces, names) {
  const groups = new Map();
  for (const p of pieces) {
    const text = fmt(p, names);
    const g = groups.get(text) || { text, hidden: !!p.hidden, n: 0, entity: p.entity };
    g.n += 1;
    groups.set(text, g);
  }
  return el("ul", { class: "pieces" }, ...Array.from(groups.values(), (g) =>
    el("li", { class: g.hidden ? "piece hidden" : "piece" }, cardNamed(g.n > 1 ? say("engine-times", { name: g.text, count: g.n }) : g.text, g.entity))));
}

function drawZone(z, names, own) {
  const title = own ? (z.name || words(z.zone)) : zoneName(z, names);
  const box = el("div", { class: "zone" }, el("h3", {}, title, " ", el("span", { class: "count", text: `(${z.count})` })));
  const pieces = z.pieces || z.known;
  if (z.groups && z.groups.length) {
    box.append(el("ul", { class: "pieces" }, ...z.groups.map((g) =>
      el("li", { class: "piece" }, cardNamed(g.count > 1 ? say("engine-times", { name: entityName(g.entity), count: g.count }) : entityName(g.entity), g.entity)))));
  } else if (pieces && pieces.length) box.append(pieceList(pieces, names));
  else if (z.count && !z.pieces) box.append(el("span", { class: "muted", text: say("page-face-down") }));
  return box;
}

function perSeat(value, n) { return Array.isArray(value) && value.length === n; }

function drawPanel(view, seat, names) {
  const n = names.length;
  const out = el("div");
  if (seat == null) { out.append(el("p", { class: "muted", text: say("page-watching") })); return out; }
  const dl = el("dl");
  for (const [k, v] of Object.entries(view.counters)) {
    if (perSeat(v, n)) dl.append(el("dt", { text: words(k) }), el("dd", { text: fmt(v[seat], names) }));
  }
  out.append(dl);
  out.append(el("div", { class: "zones" }, ...view.zones.filter((z) => z.of === seat && z.count > 0).map((z) => drawZone(z, names, true))));
  return out;
}

function drawBoard(view, names) {
  const n = names.length;
  const out = el("div");
  const dl = el("dl");
  for (const [k, v] of Object.entries(view.counters)) {
    if (!perSeat(v, n)) dl.append(el("dt", { text: words(k) }), el("dd", { text: fmt(v, names) }));
  }
  out.append(dl);
  // public zones with something in them; empty ones would bury the rest
  const zones = view.zones.filter((z) => z.of == null && z.count > 0);
  out.append(el("div", { class: "zones" }, ...zones.map((z) => drawZone(z, names, false))));
  return out;
}

// whether the game waits for seat s (one of several, in a simultaneous decision)
function isAsked(view, s) {
  const p = view.pending;
  return Boolean(p) && !view.over && (p.waiting ? p.waiting.includes(s) : p.player === s);
}

// one column a player, one row a counter kept per player: narrow enough for a phone
function drawPlayers(view, state, names) {
  const n = names.length;
  const keys = Object.keys(view.counters).filter((k) => perSeat(view.counters[k], n));
  const head = el("tr", {}, el("th", { text: "" }), ...names.map((name, s) => {
    const who = marked(name, s, state);
    const acting = isAsked(view, s);
    return el("th", { class: acting ? "acting" : "", text: who });
  }));
  const held = el("tr", {}, el("th", { text: say("page-holds") }), ...names.map((_, s) => el("td", {
    text: view.zones.filter((z) => z.of === s && z.count > 0).map((z) => `${z.name || words(z.zone)} ${z.count}`).join(", "),
  })));
  const rows = keys.map((k) => el("tr", {}, el("th", { text: words(k) }),
    ...names.map((_, s) => el("td", { text: fmt(view.counters[k][s], names) }))));
  return el("table", {}, el("thead", {}, head), el("tbody", {}, held, ...rows));
}

// a player's name, marked as this page's seat or a bot's
function marked(name, seat, state) {
  if (seat === state.seat) return say("page-you-mark", { name });
  return state.bots.includes(seat) ? say("page-bot-mark", { name }) : name;
}

// the pack's declared table: items with a label and their value in words (a zone's are
// its cards' names: the view names them by id)
function itemText(item, names, seat) {
  const value = seat !== undefined ? item.by_seat[seat] : item.value;
  if (seat !== undefined && Array.isArray(item.text)) return item.text[seat];
  if (seat === undefined && typeof item.text === "string") return item.text;
  return item.type === "zone" && value && typeof value === "object" ? zoneWords(value) : fmt(value, names);
}

// a panel's zone: its cards by name, each card's text on a tap or hover (in full for a `full` zone)
function zoneNodes(item, names) {
  const z = item.value;
  const seen = z.pieces || z.known;
  if (!seen || !seen.length || z.groups) return document.createTextNode(itemText(item, names));
  const out = el("span", { class: "cards" });
  seen.forEach((p, i) => {
    if (i) out.append(item.full ? el("br") : say("engine-list-sep"));
    const name = p.hidden ? say("engine-hidden") : entityName(p.entity);
    const card = entities[p.entity];
    out.append(item.full && card && card.text ? (card.text.startsWith(name) ? card.text : `${name}: ${card.text}`) : cardNamed(name, p.entity));
  });
  const rest = z.known ? z.count - z.known.length : 0;
  if (rest > 0) out.append(say("engine-list-sep"), say("engine-hidden-count", { count: rest }));
  return out;
}

// a zone as words: its cards by name (alike ones counted), the ones this seat does not see counted
function zoneWords(z) {
  const sep = say("engine-list-sep");
  if (z.groups) {
    return z.groups.length ? z.groups.map((g) => (g.count > 1 ? say("engine-times", { name: entityName(g.entity), count: g.count })
      : entityName(g.entity))).join(sep) : say("engine-empty");
  }
  if (z.pieces) return z.pieces.length ? z.pieces.map((p) => (p.hidden ? say("engine-hidden") : entityName(p.entity))).join(sep) : say("engine-empty");
  const known = (z.known || []).map((p) => entityName(p.entity));
  const rest = z.count - known.length;
  if (rest > 0) known.push(say("engine-hidden-count", { count: rest }));
  return known.length ? known.join(sep) : say("engine-empty");
}

function drawItems(items, names) {
  const out = el("div");
  const dl = el("dl");
  const zones = el("div", { class: "zones" });
  for (const item of items || []) {
    const v = item.value;
    if (Array.isArray(item.by_seat)) {
      dl.append(el("dt", { text: item.label }),
        el("dd", { text: item.by_seat.map((_, s) => `${seatName(names, s)}: ${itemText(item, names, s)}`).join(" · ") }));
    } else if (item.type === "zone" && v && typeof v === "object" && (v.pieces || v.groups || v.known)) {
      zones.append(drawZone({ ...v, name: item.label }, names, true));
    } else {
      dl.append(el("dt", { text: item.label }), el("dd", { text: itemText(item, names) }));
    }
  }
  out.append(dl);
  if (zones.children.length) out.append(zones);
  return out;
}

// every seat's declared panel side by side: one column a seat, one row a line
function drawPanels(panels, view, state, names) {
  const rows = new Map();
  for (const panel of panels) {
    for (const item of panel.items) {
      const key = `${item.type}:${item.id || item.label}`;
      if (!rows.has(key)) rows.set(key, { label: item.label, cells: new Map() });
      rows.get(key).cells.set(panel.seat, item.type === "zone" && item.value ? zoneNodes(item, names) : itemText(item, names));
    }
  }
  const head = el("tr", {}, el("th", { text: "" }), ...panels.map((p) => {
    const who = marked(p.name || seatName(names, p.seat), p.seat, state);
    const acting = isAsked(view, p.seat);
    return el("th", { class: acting ? "acting" : "", text: who });
  }));
  const body = Array.from(rows.values(), (r) => el("tr", {}, el("th", { text: r.label }),
    ...panels.map((p) => {
      const cell = r.cells.get(p.seat);
      return typeof cell === "object" && cell ? el("td", {}, cell) : el("td", { text: cell == null ? "" : cell });
    })));
  return el("table", {}, el("thead", {}, head), el("tbody", {}, ...body));
}

// a log entry as people read it: a line said, or who answered what to which question
// (the view says the question and the answer in its language; the catalogue joins them)
function logLine(e, names) {
  if (e.type === "say") return e.text ? [e.text] : null;
  if (e.type === "stopped" && e.message) return [e.message];
  if (e.type !== "action" || !e.label || e.label === "hidden") return null;
  const player = el("span", { class: "who", text: seatName(names, e.player) });
  const answer = el("b", { text: e.label });
  return e.question ? sayNodes("engine-log-answer", { player, question: e.question, answer })
    : sayNodes("engine-log-did", { player, answer });
}

function drawLog(view, names) {
  const lines = [];
  for (const e of view.log) {
    const line = logLine(e, names);
    if (line) lines.push({ line, action: e.type === "action" });
  }
  const kept = lines.slice(-200);
  const first = lines.length - kept.length + 1;
  const items = kept.map((l, i) => el("li", { class: l.action ? "action" : "" },
    el("span", { class: "n", text: String(first + i) }), el("span", { class: "said" }, ...l.line)));
  const log = $("log");
  log.replaceChildren(...items);
  log.scrollTop = log.scrollHeight;       // the newest line in sight
  $("log-title").textContent = say("page-log-count", { count: lines.length });
  // folded (a phone), the newest line still shows in the log's heading
  $("log-last").textContent = kept.length ? kept[kept.length - 1].line.map((x) => (typeof x === "string" ? x : x.textContent)).join("") : "";
}

// --- start -----------------------------------------------------------------

sayMarked();
$("new-game").addEventListener("submit", startGame);
// the log beside the question on a wide screen is open; on a phone it folds (its newest line shows)
$("logbox").open = window.matchMedia("(min-width: 60rem)").matches;
// another game's link opened in this tab (only its fragment differs): open that game
window.addEventListener("hashchange", () => location.reload());
(async () => {
  try {
    if (location.hash.includes("token=")) {
      packs = (await api("/api/packs")).packs;
      await join();
    } else {
      await showSetup();
    }
  } catch (e) {
    showError(e.message, e.status);
  }
})();
