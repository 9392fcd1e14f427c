// The boards a pack draws, as SVG (docs/VIEW.md "Boards"). The page knows no
// game: the geometry (spaces with positions, links, regions, what is shown)
// comes once a game from GET /api/games/{id}/board, and each state's view
// says what lies on the boards now (`view.boards`: tokens, pieces by space,
// hidden counts, and the seat's targets). A space an option names is
// highlighted and answers that option when clicked (or Enter/Space on it).
// app.js calls drawBoards(state, game, answer) after drawing the question.
"use strict";

const BOARD_NS = "http://www.w3.org/2000/svg";
// seat colours: distinct, and readable with white text on them
// (no red: packs draw their own pieces, raiders say, in red)
const SEAT_COLOURS = ["#1f5fa8", "#2d7d32", "#6a3d9a", "#b35900", "#0f7c8a", "#a3286f", "#7b4a2b", "#4a4a4a"];
const boardGeometry = { game: null, boards: null, asking: null };

function seatColour(seat) { return SEAT_COLOURS[seat % SEAT_COLOURS.length]; }

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(BOARD_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, String(v));
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

// the map's box: made once, right after the question, so a player sees both together
function boardBox() {
  let box = document.getElementById("map");
  if (!box) {
    box = document.createElement("section");
    box.id = "map";
    box.className = "box";
    box.setAttribute("aria-label", typeof say === "function" ? say("page-board") : "Board");   // (app.js's words)
    document.getElementById("decision").after(box);
  }
  return box;
}

async function boardsOf(game) {
  if (boardGeometry.game === game.id && boardGeometry.boards) return boardGeometry.boards;
  if (boardGeometry.game !== game.id || !boardGeometry.asking) {
    boardGeometry.game = game.id;
    boardGeometry.boards = null;
    boardGeometry.asking = fetch(`/api/games/${encodeURIComponent(game.id)}/board?token=${encodeURIComponent(game.token)}`)
      .then((r) => r.json()).then((body) => { boardGeometry.boards = body.boards || []; return boardGeometry.boards; });
  }
  return boardGeometry.asking;
}

// draw the view's boards; `answer(action, buttons)` is app.js's way to answer
async function drawAllBoards(state, game, answer) {
  const live = state.view.boards;
  const box = document.getElementById("map");
  if (!live || !live.length) { if (box) box.hidden = true; return; }
  const geometry = await boardsOf(game);
  if (state !== currentDrawn.latest) return;         // a newer state was drawn meanwhile
  const out = boardBox();
  out.hidden = false;
  const names = state.view.players;
  const parts = [];
  for (const now of live) {
    const g = geometry.find((b) => b.id === now.id);
    if (g) parts.push(drawOneBoard(g, now, state, names, answer));
  }
  // a redraw keeps the keyboard's place: the focused space is focused again
  const focused = document.activeElement && document.activeElement.closest ? document.activeElement.closest("#map g.space") : null;
  out.replaceChildren(...parts);
  if (focused) {
    const again = out.querySelector(`g.space[data-space="${CSS.escape(focused.dataset.space)}"]`);
    if (again && again.getAttribute("tabindex") === "0") again.focus();
  }
  out.dataset.decision = String(state.view.decision);       // which position the map shows
}
const currentDrawn = { latest: null };

function drawOneBoard(g, now, state, names, answer) {
  const at = new Map(g.spaces.map((s) => [s.id, s]));
  const xs = g.spaces.map((s) => s.xy[0]);
  const ys = g.spaces.map((s) => s.xy[1]);
  // a space's radius: a third of the shortest distance between two spaces
  let near = Infinity;
  for (let i = 0; i < g.spaces.length; i++) {
    for (let j = i + 1; j < g.spaces.length; j++) {
      const a = g.spaces[i].xy, b = g.spaces[j].xy;
      near = Math.min(near, Math.hypot(a[0] - b[0], a[1] - b[1]));
    }
  }
  if (!isFinite(near) || near <= 0) near = 1;
  const r = near * 0.34;
  const pad = r * 2.2, padX = r * 3.4;        // (names under the spaces are wider than the spaces)
  const minX = Math.min(...xs) - padX, minY = Math.min(...ys) - pad;
  const w = Math.max(...xs) - Math.min(...xs) + 2 * padX, h = Math.max(...ys) - Math.min(...ys) + 2 * pad;
  const map = svg("svg", { viewBox: `${minX} ${minY} ${w} ${h}`, class: "board", role: "group",
    "aria-label": g.name, "data-board": g.id, style: `aspect-ratio: ${w} / ${h}` });
  const font = r * 0.62;
  const shows = new Map(g.shows.map((s) => [s.id, s]));
  // regions: a soft box around their spaces, named in a corner
  for (const region of g.regions) {
    const pts = region.spaces.map((s) => at.get(s)).filter(Boolean).map((s) => s.xy);
    if (pts.length < 2) continue;
    const x0 = Math.min(...pts.map((p) => p[0])) - r * 1.5, y0 = Math.min(...pts.map((p) => p[1])) - r * 1.5;
    const x1 = Math.max(...pts.map((p) => p[0])) + r * 1.5, y1 = Math.max(...pts.map((p) => p[1])) + r * 1.5;
    // (a region's colour is the pack's, `colour: "#rrggbb"`: a light fill, its edge in the colour itself)
    const tint = region.colour ? { fill: region.colour, "fill-opacity": 0.22, stroke: region.colour } : {};
    map.append(svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: r, class: "region", "data-region": region.id, ...tint },
      svg("title", { text: region.name })));
  }
  for (const [a, b] of g.links) {
    const p = at.get(a).xy, q = at.get(b).xy;
    map.append(svg("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: "link" }));
  }
  const targets = new Map((now.targets || []).map((t) => [t.space, t.options]));
  const tokens = new Map();
  for (const t of now.tokens) { if (!tokens.has(t.space)) tokens.set(t.space, []); tokens.get(t.space).push(t); }
  const hidden = new Map((now.hidden || []).map((x) => [x.space, x.count]));
  const pending = state.view.pending || {};
  const labels = new Map((pending.options || []).map((o) => [o.option, o.label]));
  for (const s of g.spaces) {
    const [x, y] = s.xy;
    const pieces = (now.pieces || {})[s.id] || [];
    const options = targets.get(s.id);
    const words = [s.name];
    const group = svg("g", { class: "space", "data-space": s.id });
    group.append(svg("circle", { cx: x, cy: y, r, class: "spot" }));
    // labels (a tile's name) under the space; markers as small badges around it
    const labelled = pieces.filter((p) => (shows.get(cardOf(g, p).show) || {}).shape === "label");
    const marked = pieces.filter((p) => (shows.get(cardOf(g, p).show) || {}).shape === "marker");
    const tokened = pieces.filter((p) => (shows.get(cardOf(g, p).show) || {}).shape === "token");
    // a small board names its spaces; a big one names only the tiles on them
    if (g.spaces.length <= 40 && !labelled.length) {
      group.append(svg("text", { x, y: y + r + font, class: "tile space-name", "font-size": font * 0.8, text: shortName(s.name) }));
    }
    labelled.forEach((p, i) => {
      const name = cardOf(g, p).name;
      const show = shows.get(cardOf(g, p).show);
      words.push(name);
      const ink = show.colour && show.colour !== "seat" ? { fill: show.colour } : {};    // (the pack's colour, when declared)
      group.append(svg("text", { x, y: y + r + font * (1 + i), class: "tile", "font-size": font, text: shortName(name), ...ink }));
    });
    marked.forEach((p, i) => {
      const show = shows.get(cardOf(g, p).show);
      const text = (show.mark || "") + (p.value != null ? String(p.value) : "") || cardOf(g, p).name.slice(0, 1);
      words.push(cardOf(g, p).name + (p.value != null ? ` ${p.value}` : ""));
      const angle = -Math.PI / 2 + (i - (marked.length - 1) / 2) * 0.9;
      const bx = x + Math.cos(angle) * r * 1.05, by = y + Math.sin(angle) * r * 1.05;
      group.append(svg("rect", { x: bx - font * 0.9, y: by - font * 0.55, width: font * 1.8, height: font * 1.1, rx: font * 0.3,
        class: "marker", fill: show.colour && show.colour !== "seat" ? show.colour : "#fff" }),
      svg("text", { x: bx, y: by + font * 0.35, class: "marker-text", "font-size": font * 0.8, text }));
    });
    // tokens: seats' counters and token-shaped pieces, side by side inside the space
    const here = (tokens.get(s.id) || []).map((t) => ({ show: shows.get(t.show), seat: t.seat }))
      .concat(tokened.map((p) => ({ show: shows.get(cardOf(g, p).show), value: p.value, name: cardOf(g, p).name })));
    here.forEach((t, i) => {
      const tx = x + (i - (here.length - 1) / 2) * r * 0.9;
      const fill = t.seat != null && (!t.show.colour || t.show.colour === "seat") ? seatColour(t.seat)
        : (t.show.colour && t.show.colour !== "seat" ? t.show.colour : "#333");
      const who = t.seat != null ? `${t.show.label}: ${names[t.seat]}` : `${t.name || t.show.label}${t.value != null ? " " + t.value : ""}`;
      words.push(who);
      if (t.show.shape === "marker") {
        group.append(svg("circle", { cx: tx, cy: y, r: r * 0.8, class: "ring", stroke: fill }));
      } else {
        group.append(svg("circle", { cx: tx, cy: y, r: r * (here.length > 1 ? 0.5 : 0.62), class: "token", fill,
          "data-seat": t.seat ?? "" }),
          svg("text", { x: tx, y: y + font * 0.35, class: "token-text", "font-size": font * 0.95,
            text: t.show.mark || (t.seat != null ? String(t.seat + 1) : (t.value != null ? String(t.value) : "")) }));
      }
    });
    if (hidden.has(s.id)) {
      const count = hidden.get(s.id);
      words.push(typeof say === "function" ? say("engine-hidden-count", { count }) : `${count} hidden`);
    }
    if (options) {
      const said = options.map((o) => labels.get(o)).filter(Boolean);
      group.classList.add("target");
      group.setAttribute("tabindex", "0");
      group.setAttribute("role", "button");
      group.dataset.name = said.length ? said.join(" / ") : s.name;
      const go = () => {
        const action = state.actions.find((a) => a.option === options[0]);
        if (action) answer(action, Array.from(document.querySelectorAll("#options button.option")));
      };
      group.addEventListener("click", go);
      group.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
    }
    group.prepend(svg("title", { text: words.join(" · ") }));
    if (options) {
      // a target is a button named by its words (its title's); what is drawn on
      // it goes to a layer above that clicks pass through, so that no word drawn
      // is left out of the button's name (WCAG 2.5.3, label in name)
      const marks = svg("g", { class: "marks", "aria-hidden": "true" });
      for (const c of Array.from(group.children)) {
        if (c.tagName !== "title" && !c.classList.contains("spot")) marks.append(c);
      }
      const title = group.querySelector("title").textContent;
      group.setAttribute("aria-label", title.startsWith(group.dataset.name) ? title : `${group.dataset.name}: ${title}`);
      map.append(group, marks);
    } else {
      map.append(group);
    }
  }
  const legend = document.createElement("p");
  legend.className = "legend";
  const seats = new Set(now.tokens.filter((t) => t.seat != null).map((t) => t.seat));
  for (const seat of [...seats].sort()) {
    const chip = document.createElement("span");
    chip.className = "chip";
    chip.style.background = seatColour(seat);
    chip.textContent = `${seat + 1}`;
    legend.append(chip, ` ${names[seat]}${seat === state.seat ? " ★" : ""}  `);
  }
  // a big board keeps spaces big enough to tap: on a narrow screen it scrolls sideways in its
  // own box (never the page), brought to where this seat's choice or token is
  const pane = document.createElement("div");
  pane.className = "board-pane";
  if (g.spaces.length > 40) map.classList.add("big");
  pane.append(map);
  const wrap = document.createElement("div");
  wrap.className = "board-wrap";
  const title = document.createElement("h2");
  title.textContent = g.name;
  wrap.append(title, pane, legend);
  const focus = (now.targets || [])[0] ? now.targets[0].space
    : (now.tokens.find((t) => t.seat === state.seat) || {}).space;
  if (focus) requestAnimationFrame(() => centre(pane, map, at.get(focus), minX, w));
  return wrap;
}

// scroll the pane sideways so that space `s` is in the middle (when the map is wider than the pane)
function centre(pane, map, s, minX, w) {
  if (!s || pane.scrollWidth <= pane.clientWidth) return;
  const x = ((s.xy[0] - minX) / w) * map.getBoundingClientRect().width;
  pane.scrollLeft = Math.max(0, x - pane.clientWidth / 2);
}

function cardOf(g, p) { return (g.cards || {})[p.entity] || { show: null, name: p.entity }; }

function shortName(name) { return name.length > 14 ? name.slice(0, 13) + "…" : name; }

window.drawBoards = (state, game, answer) => {
  currentDrawn.latest = state;
  drawAllBoards(state, game, answer).catch((e) => console.error("the board could not be drawn:", e));
};
