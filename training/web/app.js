// Broadside's board: talks to `broadside serve`'s JSON API and draws the position as SVG.
// No framework and no build step: the server carries this file inside its binary.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
// "1 mistake", "2 mistakes": a number and its noun as English wants it.
const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;

const app = {
  rulesets: [],
  mode: "play",       // "play" or "replay"
  game: null,         // the last GameView
  replay: null,       // the last ReplayView
  selectedOrder: null,
  selectedShip: null,
  ghost: null,        // a board drawn faded over the position (an order's result)
  fields: null,       // the selected ship's fields of fire: {key, areas}
  best: null,         // the analysis's best order, drawn on the board
  poll: null,
  animate: null,
  mistakes: null,
};

// ---- HTTP ----------------------------------------------------------------------------

async function api(method, path, body) {
  const init = { method, headers: {} };
  // Every POST says it carries JSON (the server refuses any other: see api.rs).
  if (method !== "GET") init.headers["Content-Type"] = "application/json";
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const r = await fetch(path, init);
  const text = await r.text();
  let data;
  try { data = JSON.parse(text); } catch (e) { data = { error: text }; }
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

function showError(e) {
  const box = $("error");
  if (!e) { box.hidden = true; return; }
  box.textContent = String(e.message || e);
  box.hidden = false;
}

async function guarded(f) {
  try { showError(null); await f(); } catch (e) { showError(e); }
}

// ---- Setup ---------------------------------------------------------------------------

function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

function currentRuleset() {
  return app.rulesets.find((r) => r.name === $("ruleset").value);
}

function fillScenarios() {
  const r = currentRuleset();
  if (!r) return;
  const sel = $("scenario");
  sel.replaceChildren(...r.scenarios.map((s) => option(s.id, `${s.title} (${s.ships} ships)`)));
  sel.value = r.default_scenario;
  const dl = $("admirals");
  dl.replaceChildren(...r.admirals.map((a) => option(a, a)));
  describeScenario();
}

function describeScenario() {
  const r = currentRuleset();
  const s = r && r.scenarios.find((x) => x.id === $("scenario").value);
  $("scenario-text").textContent = s ? s.description : "";
  $("side").replaceChildren(option("0", "side 0 (first)"), option("1", "side 1"));
}

async function loadRulesets() {
  app.rulesets = await api("GET", "/api/rulesets");
  $("ruleset").replaceChildren(...app.rulesets.map((r) => option(r.name, `${r.title} (${r.name})`)));
  fillScenarios();
}

async function newGame() {
  const req = {
    ruleset: $("ruleset").value,
    scenario: $("scenario").value,
    side: Number($("side").value),
    seed: Number($("seed").value || 1),
  };
  const level = $("level").value;
  if (level === "spec") req.admiral = $("admiral").value;
  else if (level) req.level = level;
  startGame(await api("POST", "/api/games", req));
}

// The New game panel names the ruleset and scenario of the game on the board.
function followRuleset(ruleset, scenario) {
  if ($("ruleset").value === ruleset) return;
  if (![...$("ruleset").options].some((o) => o.value === ruleset)) return;
  $("ruleset").value = ruleset;
  fillScenarios();
  if ([...$("scenario").options].some((o) => o.value === scenario)) $("scenario").value = scenario;
  describeScenario();
}

function startGame(view) {
  setMode("play");
  followRuleset(view.ruleset, view.scenario);
  app.game = view;
  app.replay = null;
  app.selectedOrder = null;
  app.ghost = null;
  app.best = null;
  clearAnalysis();
  renderGame();
}

// ---- Play ----------------------------------------------------------------------------

function stopPolling() {
  if (app.poll) { clearTimeout(app.poll); app.poll = null; }
}

function schedulePoll() {
  stopPolling();
  const g = app.game;
  if (!g || (g.to_move !== "admiral" && g.to_move !== "chance")) return;
  app.poll = setTimeout(() => guarded(async () => {
    if (!app.game || app.game.id !== g.id) return;
    app.game = await api("GET", `/api/games/${g.id}`);
    renderGame();
  }), 200);
}

function renderGame() {
  const g = app.game;
  if (!g) return;
  $("title").textContent = `${g.title} — ${g.ruleset} — you command the ${g.sides[g.human]} against ${g.admiral}`;
  const who = { you: "Your orders", admiral: "The admiral's turn", chance: "Dice", over: "The game is over" }[g.to_move];
  $("status").textContent = `${who} · ${g.actions} actions played`;
  const t = g.thinking;
  $("thinking").hidden = !t;
  if (t) {
    const share = t.budget_ms ? Math.min(1, t.elapsed_ms / t.budget_ms) : (t.elapsed_ms % 2000) / 2000;
    $("thinking-bar").value = share;
    $("thinking-text").textContent = `${(t.elapsed_ms / 1000).toFixed(1)} s` + (t.budget_ms ? ` of ${(t.budget_ms / 1000).toFixed(1)} s` : "")
      + `, ${t.playouts.toLocaleString("en")} playouts` + (t.stopping ? " (stopping)" : "");
    $("stop-thinking").disabled = t.stopping;
  }
  renderOrders(g);
  renderBoard(g.board);
  loadFields();
  renderLog(g.log);
  $("result").hidden = !g.result;
  $("result").textContent = g.result || "";
  $("undo").disabled = !g.can_undo;
  // The typed-order example is an order of this ruleset, legal now where there is one.
  const example = g.orders.find((o) => o.name !== "resign");
  if (example) $("order-name").placeholder = example.name;
  $("save").hidden = false;
  $("save").href = `/api/games/${g.id}/saved`;
  $("save").setAttribute("download", `broadside-game-${g.id}.json`);
  $("to-replay").hidden = false;
  schedulePoll();
}

function renderOrders(g) {
  const box = $("orders");
  const resign = g.orders.find((o) => o.name === "resign");
  let orders = g.orders.filter((o) => o.name !== "resign");
  // A clicked ship's own orders, when the ruleset says which ship an order is for.
  const mine = orders.filter((o) => o.ship === app.selectedShip);
  const filtered = app.selectedShip !== null && mine.length > 0 && mine.length < orders.length;
  if (filtered) orders = mine;
  const all = document.createElement("button");
  all.id = "all-orders";
  all.className = "small";
  all.textContent = "show every order";
  all.addEventListener("click", () => selectShip(null));
  box.replaceChildren(...(filtered ? [all] : []), ...orders.map((o) => {
    const b = document.createElement("button");
    b.className = "order" + (app.selectedOrder === o.action ? " selected" : "");
    b.dataset.action = o.action;
    b.textContent = o.text;
    b.title = o.name;
    b.addEventListener("mouseenter", () => previewOrder(o.action));
    b.addEventListener("mouseleave", () => { if (app.selectedOrder === null) { app.ghost = null; redraw(); } else previewOrder(app.selectedOrder); });
    b.addEventListener("click", () => selectOrder(o));
    return b;
  }));
  $("resign").disabled = !resign;
  $("resign").dataset.action = resign ? resign.action : "";
  $("confirm").disabled = app.selectedOrder === null;
  if (g.to_move !== "you") $("selected-order").textContent = "";
}

async function previewOrder(action) {
  const g = app.game;
  if (!g || g.to_move !== "you") return;
  try {
    app.ghost = await api("GET", `/api/games/${g.id}/preview/${action}`);
    redraw();
  } catch (e) { /* the position moved on: no ghost */ }
}

function selectOrder(o) {
  app.selectedOrder = o.action;
  $("selected-order").textContent = `Selected: ${o.text} — confirm to give it.`;
  renderOrders(app.game);
  previewOrder(o.action);
}

async function confirmOrder(action) {
  const g = app.game;
  app.selectedOrder = null;
  app.ghost = null;
  $("selected-order").textContent = "";
  app.game = await api("POST", `/api/games/${g.id}/order`, { action: Number(action) });
  app.selectedShip = null;
  app.best = null;
  clearAnalysis();
  renderGame();
}

// An order typed by its catalogue name, as in the terminal: one that is not legal now is
// refused with the rule that forbids it (shown in the error box), the game unchanged.
async function giveTypedOrder(ev) {
  const g = app.game;
  const name = $("order-name").value.trim();
  if (!g || !name) return;
  app.game = await api("POST", `/api/games/${g.id}/order`, { name });
  $("order-name").value = "";
  app.selectedOrder = null;
  app.selectedShip = null;
  app.ghost = null;
  app.best = null;
  clearAnalysis();
  renderGame();
}

// ---- Replay --------------------------------------------------------------------------

async function openReplay(text) {
  const view = await api("POST", "/api/replays", text);
  showReplay(view);
}

function showReplay(view) {
  setMode("replay");
  stopPolling();
  app.replay = view;
  app.ghost = null;
  app.best = null;
  clearAnalysis();
  $("turn-select").replaceChildren(...view.turns.map((t) => option(t.step, `turn ${t.turn}`)));
  followRuleset(view.ruleset, view.scenario);
  renderReplay();
}

async function gotoStep(step) {
  const r = app.replay;
  if (!r) return;
  step = Math.max(0, Math.min(r.steps, step));
  app.replay = await api("GET", `/api/replays/${r.id}/${step}`);
  app.ghost = null;
  app.best = null;
  clearAnalysis();
  renderReplay();
}

function renderReplay() {
  const r = app.replay;
  $("title").textContent = `Replay: ${r.title} — ${r.ruleset} — ${r.sides[0]} (${r.players[0] || "?"}) against ${r.sides[1]} (${r.players[1] || "?"})`;
  const seat = /^player (\d)$/.exec(r.to_move);
  const mover = seat ? r.sides[Number(seat[1])] : r.to_move;
  $("status").textContent = `Position after ${r.step} of ${r.steps} actions` + (r.action ? ` (last: ${r.action})` : "") + ` · to move: ${mover}`;
  $("replay-step").max = r.steps;
  $("replay-step").value = r.step;
  $("replay-pos").textContent = `${r.step} / ${r.steps}`;
  let turn = r.turns[0];
  for (const t of r.turns) if (t.step <= r.step) turn = t;
  if (turn) $("turn-select").value = turn.step;
  renderBoard(r.board);
  loadFields();
  renderLog(r.log);
  $("result").hidden = !r.result;
  $("result").textContent = r.result || "";
}

function toggleAnimation() {
  if (app.animate) {
    clearInterval(app.animate);
    app.animate = null;
    $("replay-play").textContent = "\u25B6 play";
    return;
  }
  $("replay-play").textContent = "\u23F8 pause";
  app.animate = setInterval(() => guarded(async () => {
    const r = app.replay;
    if (!r || r.step >= r.steps) { toggleAnimation(); return; }
    await gotoStep(r.step + 1);
  }), 350);
}

// ---- Analysis ------------------------------------------------------------------------

function clearAnalysis() {
  $("candidates").tBodies[0].replaceChildren();
  $("evalfill").style.height = "50%";
  $("evaltext").textContent = "";
  $("continuation").textContent = "";
  $("analysis-bar").hidden = true;
}

async function waitJob(job, bar, onProgress) {
  bar.hidden = false;
  bar.value = 0;
  for (;;) {
    if (job.finished) break;
    await new Promise((res) => setTimeout(res, 250));
    job = await api("GET", `/api/jobs/${job.id}`);
    if (onProgress) onProgress(job);
  }
  bar.hidden = true;
  if (job.error) throw new Error(job.error);
  return job.result;
}

function positionRef() {
  if (app.mode === "replay" && app.replay) return { replay: app.replay.id, step: app.replay.step };
  if (app.game) return { game: app.game.id };
  return null;
}

async function analyse() {
  const ref = positionRef();
  if (!ref) throw new Error("start a game or open a saved game first");
  const time = Number($("analysis-time").value);
  const job = await api("POST", "/api/analysis", { ...ref, time_ms: time });
  const bar = $("analysis-bar");
  const started = Date.now();
  const tick = setInterval(() => { bar.value = Math.min(1, (Date.now() - started) / time); }, 100);
  let result;
  try { result = await waitJob(job, bar); } finally { clearInterval(tick); }
  showAnalysis(result);
}

function showAnalysis(a) {
  const body = $("candidates").tBodies[0];
  body.replaceChildren(...a.candidates.slice(0, 20).map((c) => {
    const tr = document.createElement("tr");
    tr.dataset.action = c.action;
    for (const text of [c.name, String(c.visits), `${(c.win * 100).toFixed(1)}%`]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    }
    tr.addEventListener("mouseenter", () => {
      $("continuation").textContent = c.continuation.length ? `Expected: ${c.continuation.join(" → ")}` : "";
    });
    return tr;
  }));
  setEval(a.win0);
  $("continuation").textContent = `${a.simulations} playouts; best first.`;
  if (a.candidates.length) drawBest(a.candidates[0].action);
}

async function drawBest(action) {
  try {
    let board;
    if (app.mode === "replay" && app.replay) board = await api("GET", `/api/replays/${app.replay.id}/${app.replay.step}/preview/${action}`);
    else if (app.game) board = await api("GET", `/api/games/${app.game.id}/preview/${action}`);
    app.best = board;
    redraw();
  } catch (e) { /* not the person's turn in a game: the table says it */ }
}

function setEval(win0) {
  $("evalfill").style.height = `${(win0 * 100).toFixed(1)}%`;
  $("evaltext").textContent = `${Math.round(win0 * 100)}`;
}

async function checkMistakes() {
  const r = app.replay;
  if (!r) throw new Error("open a saved game first");
  const req = { replay: r.id, time_ms: Number($("mistakes-time").value) };
  const side = $("mistakes-side").value;
  if (side !== "") req.side = Number(side);
  const job = await api("POST", "/api/mistakes", req);
  const bar = $("mistakes-bar");
  const report = await waitJob(job, bar, (j) => { bar.value = j.total ? j.done / j.total : 0; $("mistakes-summary").textContent = `${j.done} of ${j.total} decisions checked`; });
  app.mistakes = report;
  showMistakes(report, r);
}

function showMistakes(rep, r) {
  const names = r.sides;
  const c = rep.counts;
  $("mistakes-summary").textContent =
    names.map((name, p) => `${name}: ${count(c[p][0], "inaccuracy", "inaccuracies")}, ` +
      `${count(c[p][1], "mistake", "mistakes")}, ${count(c[p][2], "blunder", "blunders")}`).join(" · ") +
    ` · ${count(rep.decisions.length, "decision", "decisions")} checked, ${rep.forced} forced`;
  const shown = rep.decisions.filter((d) => ["inaccuracy", "mistake", "blunder"].includes(d.class));
  $("mistakes-table").tBodies[0].replaceChildren(...shown.map((d) => {
    const tr = document.createElement("tr");
    tr.className = d.class;
    for (const text of [String(d.step), names[d.player], d.played, d.best, `${(d.loss * 100).toFixed(0)}% ${d.class}`]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    }
    // The position before the decision, with the engine's best order drawn as a ghost.
    tr.addEventListener("click", () => guarded(async () => {
      await gotoStep(d.step);
      if (d.candidates.length) await drawBest(d.candidates[0].action);
    }));
    return tr;
  }));
  drawGraph(rep, r.steps);
}

function drawGraph(rep, steps) {
  const g = $("graph");
  g.replaceChildren();
  const mid = el("line", { x1: 0, x2: 300, y1: 40, y2: 40, stroke: "#9aa5b1", "stroke-width": 0.5 });
  g.appendChild(mid);
  if (!rep.decisions.length) return;
  const pts = rep.decisions.map((d) => `${(300 * d.step / Math.max(1, steps)).toFixed(1)},${(80 - 80 * d.win0).toFixed(1)}`);
  g.appendChild(el("polyline", { points: pts.join(" "), fill: "none", stroke: "#1f5fae", "stroke-width": 1.5 }));
  for (const d of rep.decisions) {
    if (!["mistake", "blunder"].includes(d.class)) continue;
    g.appendChild(el("circle", { cx: 300 * d.step / Math.max(1, steps), cy: 80 - 80 * d.win0, r: 2.5, fill: d.class === "blunder" ? "#c53030" : "#dd6b20" }));
  }
}

// ---- Drawing -------------------------------------------------------------------------

function el(name, attrs, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function hexPoints([x, y], r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 3 * k;
    pts.push(`${(x + r * Math.cos(a)).toFixed(3)},${(y + r * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(" ");
}

// A point `along` the heading and `across` to starboard of (cx, cy); y grows southwards.
function bodyPoint(cx, cy, heading, along, across) {
  const h = heading * Math.PI / 180;
  return [cx + along * Math.sin(h) + across * Math.cos(h), cy - along * Math.cos(h) + across * Math.sin(h)];
}

function hullPoints(cx, cy, heading, length, beam) {
  const body = [[length / 2, 0], [length / 4, beam / 2], [-length / 2, beam / 2], [-length / 2, -beam / 2], [length / 4, -beam / 2]];
  return body.map(([a, c]) => bodyPoint(cx, cy, heading, a, c).map((v) => v.toFixed(3)).join(",")).join(" ");
}

function ownSide() {
  if (app.mode === "play" && app.game) return app.game.human;
  return 0;
}

function sideColour(side) {
  return side === ownSide() ? "var(--own)" : "var(--enemy)";
}

// The hull's centre, length and beam for a piece.
function hullOf(p, board) {
  if (board.kind === "hex") {
    if (p.hexes.length >= 2) {
      const [b, s] = p.hexes;
      return { cx: (b[0] + s[0]) / 2, cy: (b[1] + s[1]) / 2, length: 2.9, beam: 0.85 };
    }
    return { cx: p.x, cy: p.y, length: 1.5, beam: 0.7 };
  }
  const d = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const o = p.outline;
  const sides = o.length >= 3 ? [d(o[0], o[1]), d(o[1], o[2])] : [1, 0.4];
  return { cx: p.x, cy: p.y, length: Math.max(...sides) * 0.95, beam: Math.min(...sides) * 0.8 };
}

function drawPiece(g, p, board, cls) {
  const acting = !cls && board.acting === p.ship;
  const grp = el("g", { class: `piece ${cls || ""}${p.out ? " out" : ""}${app.selectedShip === p.ship && !cls ? " selected" : ""}${acting ? " acting" : ""}`, "data-ship": p.ship, "data-side": p.side });
  const colour = sideColour(p.side);
  if (board.kind === "hex") {
    for (const h of p.hexes) grp.appendChild(el("polygon", { class: "hexcell", points: hexPoints(h, 0.95), fill: colour }));
  } else if (p.outline.length) {
    grp.appendChild(el("polygon", { class: "base", points: p.outline.map((q) => q.join(",")).join(" "), fill: colour }));
  }
  const h = hullOf(p, board);
  // On a large table (Togo's) a ship to scale is a speck: her marker (hull, letter,
  // strength) is drawn at least a 36th of the table long; her base keeps its true size.
  const least = board.kind === "table" ? Math.max(board.width, board.height) / 36 : 0;
  const scale = Math.max(1, least / h.length);
  const marker = scale > 1 ? el("g", { transform: `translate(${h.cx} ${h.cy}) scale(${scale.toFixed(3)}) translate(${-h.cx} ${-h.cy})` }) : grp;
  if (marker !== grp) grp.appendChild(marker);
  if (acting) grp.appendChild(el("circle", { class: "acting-ring", cx: h.cx, cy: h.cy, r: h.length * 0.7 }));
  marker.appendChild(el("polygon", { class: "hull", points: hullPoints(h.cx, h.cy, p.heading, h.length, h.beam), fill: colour }));
  marker.appendChild(el("text", { class: "letter", x: h.cx, y: h.cy }, p.letter));
  if (p.strength !== null && p.strength !== undefined && !cls) {
    // Strength left, a bar under the hull: green, amber below a half, red below a quarter.
    const w = 1.4, x = h.cx - w / 2, y = h.cy + 0.75;
    const colour = p.strength < 0.25 ? "#c53030" : p.strength < 0.5 ? "#dd6b20" : "#2f855a";
    marker.appendChild(el("rect", { class: "strength", x, y, width: w, height: 0.18, fill: "#fff", stroke: "#52606d", "stroke-width": 0.02 }));
    marker.appendChild(el("rect", { class: "strength", x, y, width: w * Math.max(0, Math.min(1, p.strength)), height: 0.18, fill: colour }));
  }
  grp.appendChild(el("title", {}, `${p.name}: ${p.marks.join(", ")}`));
  if (!cls) {
    grp.addEventListener("mouseenter", () => showCard(p));
    grp.addEventListener("click", () => selectShip(app.selectedShip === p.ship ? null : p));
  }
  g.appendChild(grp);
}

// Selects a ship (or none): her card, her ranges and her fields of fire on the board.
function selectShip(p) {
  app.selectedShip = p ? p.ship : null;
  if (p) showCard(p);
  if (app.mode === "play" && app.game && app.game.to_move === "you") {
    // Her orders only; the one order that picks her is selected at once.
    const mine = app.game.orders.filter((o) => p && o.ship === p.ship && o.name !== "resign");
    if (mine.length === 1) selectOrder(mine[0]);
    else renderOrders(app.game);
  }
  redraw();
  loadFields();
}

// Where the position shown can be asked about: a game or a replay's step.
function positionPath() {
  if (app.mode === "replay" && app.replay) return `/api/replays/${app.replay.id}/${app.replay.step}`;
  if (app.game) return `/api/games/${app.game.id}`;
  return null;
}

async function loadFields() {
  const base = positionPath();
  if (app.selectedShip === null || !base) { app.fields = null; redraw(); return; }
  const key = `${base}#${app.game ? app.game.actions : ""}#${app.selectedShip}`;
  if (app.fields && app.fields.key === key) return;
  try {
    const areas = await api("GET", `${base}/fields/${app.selectedShip}`);
    app.fields = { key, areas };
    redraw();
  } catch (e) { app.fields = null; }
}

function showCard(p) {
  const ranges = p.ranges.map((r) => {
    const other = currentBoard().pieces.find((q) => q.ship === r.to);
    return `${other ? other.name : r.to}: ${r.value}`;
  });
  $("card").textContent = p.card + (p.marks.length ? `\nAt a glance: ${p.marks.join(", ")}` : "") +
    (ranges.length ? `\nRange (${currentBoard().unit}) to ${ranges.join("; ")}` : "");
}

function currentBoard() {
  if (app.mode === "replay" && app.replay) return app.replay.board;
  return app.game ? app.game.board : null;
}

function redraw() {
  const b = currentBoard();
  if (b) renderBoard(b);
}

function renderBoard(board) {
  const svg = $("board");
  const text = $("textboard");
  renderShipList(board);
  // The ship whose orders are asked for: her card, unless the person picked another.
  const acting = board.pieces.find((p) => p.ship === board.acting);
  if (acting && app.selectedShip === null) showCard(acting);
  if (board.kind === "text") {
    svg.style.display = "none";
    text.hidden = false;
    text.textContent = board.text;
    return;
  }
  svg.style.display = "";
  text.hidden = true;
  const pad = board.kind === "hex" ? 0.2 : 1;
  svg.setAttribute("viewBox", `${-pad} ${-pad - 2} ${board.width + 2 * pad} ${board.height + 2 * pad + 2}`);
  svg.replaceChildren();
  svg.dataset.kind = board.kind;
  if (board.kind === "hex") {
    let d = "";
    for (let c = 0; c < board.cols; c++) {
      for (let r = 0; r < board.rows; r++) {
        const x = 1 + 1.5 * c;
        const y = Math.sqrt(3) / 2 * (1 + 2 * r + (c & 1));
        d += "M" + hexPoints([x, y], 1).split(" ").join("L") + "Z";
      }
    }
    svg.appendChild(el("path", { class: "grid", d }));
  } else {
    svg.appendChild(el("rect", { x: 0, y: 0, width: board.width, height: board.height, fill: "none", stroke: "#7b8794", "stroke-width": 0.1 }));
    // Terrain and fields of fire (a gun range all round reaches past the edge) end at the
    // table's edge.
    const clip = el("clipPath", { id: "table-edge" });
    clip.appendChild(el("rect", { x: 0, y: 0, width: board.width, height: board.height }));
    svg.appendChild(clip);
  }
  const clipped = board.kind === "table" ? { "clip-path": "url(#table-edge)" } : {};
  for (const a of board.areas) {
    for (const h of a.hexes) svg.appendChild(el("polygon", { class: `area-${a.kind}`, points: hexPoints(h, 1) }, undefined));
    if (a.outline.length) {
      const shape = el("polygon", { class: `area-${a.kind}`, points: a.outline.map((q) => q.join(",")).join(" "), ...clipped });
      shape.appendChild(el("title", {}, a.name));
      svg.appendChild(shape);
    }
  }
  if (app.fields && app.selectedShip !== null) {
    for (const a of app.fields.areas) {
      for (const h of a.hexes) svg.appendChild(el("polygon", { class: "area-field", points: hexPoints(h, 1) }));
      if (a.outline.length) svg.appendChild(el("polygon", { class: "area-field", points: a.outline.map((q) => q.join(",")).join(" "), ...clipped }));
    }
  }
  renderLegend(board);
  if (board.wind) drawWind(svg, board);
  for (const p of board.pieces) drawPiece(svg, p, board);
  const sel = board.pieces.find((p) => p.ship === app.selectedShip);
  if (sel) drawRanges(svg, sel, board);
  for (const [extra, cls] of [[app.ghost, "ghost"], [app.best, "ghost best"]]) {
    if (!extra || extra.kind !== board.kind) continue;
    for (const p of extra.pieces) {
      const now = board.pieces.find((q) => q.ship === p.ship);
      if (now && now.x === p.x && now.y === p.y && now.heading === p.heading) continue;
      drawPiece(svg, p, extra, cls);
    }
  }
}

// What each terrain colour on the board means, for the kinds this board has.
const TERRAIN = { fog: "fog", shallows: "shallows", exit: "escape area", land: "land", rocks: "rocks",
  shoal: "shoal", obstacle: "obstacle", mine: "minefield", landing: "landing party" };

function renderLegend(board) {
  const kinds = [...new Set(board.areas.map((a) => a.kind))];
  $("legend").replaceChildren(...kinds.map((k) => {
    const item = document.createElement("span");
    item.className = "legend-item";
    const swatch = el("svg", { viewBox: "0 0 1 1", width: 14, height: 14 });
    swatch.appendChild(el("rect", { class: `area-${k}`, x: 0.05, y: 0.05, width: 0.9, height: 0.9 }));
    item.append(swatch, ` ${TERRAIN[k] || k}`);
    return item;
  }));
  $("legend").hidden = kinds.length === 0;
}

// A click on the board, with one of your ships selected and her orders on offer: the order
// whose ghost puts her nearest the point clicked is selected (confirm gives it).
async function clickBoard(ev) {
  const g = app.game;
  if (app.mode !== "play" || !g || g.to_move !== "you" || app.selectedShip === null) return;
  if (ev.target.closest && ev.target.closest(".piece")) return;
  const mine = g.orders.filter((o) => o.ship === app.selectedShip && o.name !== "resign").slice(0, 60);
  if (mine.length < 2) return;
  const svg = $("board");
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX; pt.y = ev.clientY;
  const at = pt.matrixTransform(svg.getScreenCTM().inverse());
  const now = g.board.pieces.find((q) => q.ship === app.selectedShip);
  const bearing = now ? Math.atan2(at.x - now.x, now.y - at.y) * 180 / Math.PI : 0;
  let best = null;
  for (const o of mine) {
    const board = await api("GET", `/api/games/${g.id}/preview/${o.action}`);
    if (!app.game || app.game.id !== g.id || app.game.actions !== g.actions) return;
    const p = board.pieces.find((q) => q.ship === app.selectedShip);
    if (!p) continue;
    // Nearest end point; a small penalty for a heading turned away from the click, so that
    // among orders ending on one spot the one facing the click wins.
    const turn = Math.abs(((p.heading - bearing) % 360 + 540) % 360 - 180) / 180;
    const d = Math.hypot(p.x - at.x, p.y - at.y) + 0.25 * turn;
    if (!best || d < best.d) best = { d, o };
  }
  if (best) selectOrder(best.o);
}

function drawWind(svg, board) {
  const g = el("g", { class: "wind" });
  const x = board.width - 1.5, y = -1;
  const to = board.wind.from_deg + 180;
  const tip = bodyPoint(x, y, to, 0.8, 0), tail = bodyPoint(x, y, to, -0.8, 0);
  const l = bodyPoint(x, y, to, 0.3, -0.35), r = bodyPoint(x, y, to, 0.3, 0.35);
  g.appendChild(el("line", { x1: tail[0], y1: tail[1], x2: tip[0], y2: tip[1], stroke: "#243b53", "stroke-width": 0.12 }));
  g.appendChild(el("polygon", { points: [tip, l, r].map((q) => q.join(",")).join(" ") }));
  g.appendChild(el("text", { x: x - 1.2, y: y + 0.25, "text-anchor": "end" }, "wind"));
  g.appendChild(el("title", {}, board.wind.text));
  svg.appendChild(g);
}

function drawRanges(svg, sel, board) {
  const g = el("g", { class: "range" });
  for (const r of sel.ranges) {
    const o = board.pieces.find((q) => q.ship === r.to);
    if (!o) continue;
    g.appendChild(el("line", { x1: sel.x, y1: sel.y, x2: o.x, y2: o.y }));
    g.appendChild(el("text", { x: (sel.x + o.x) / 2, y: (sel.y + o.y) / 2 }, String(r.value)));
  }
  svg.appendChild(g);
}

function renderShipList(board) {
  $("ships").replaceChildren(...board.pieces.map((p) => {
    const b = document.createElement("button");
    b.className = (p.side === ownSide() ? "own" : "enemy") + (p.out ? " out" : "");
    b.textContent = `${p.letter} ${p.name}`;
    b.addEventListener("click", () => selectShip(p));
    return b;
  }));
}

function renderLog(lines) {
  const box = $("log");
  box.replaceChildren(...lines.map((l) => {
    const d = document.createElement("div");
    const at = document.createElement("span");
    at.className = "at";
    at.textContent = String(l.at);
    d.append(at, l.text);
    return d;
  }));
  box.scrollTop = box.scrollHeight;
}

function setMode(mode) {
  app.mode = mode;
  $("mode-play").classList.toggle("active", mode === "play");
  $("mode-replay").classList.toggle("active", mode === "replay");
  $("replay-controls").hidden = mode !== "replay";
  $("orders-panel").hidden = mode !== "play";
  $("mistakes-panel").hidden = mode !== "replay";
  if (mode !== "replay" && app.animate) toggleAnimation();
}

// ---- Wiring --------------------------------------------------------------------------

function readFile(input) {
  return new Promise((res, rej) => {
    const f = input.files[0];
    if (!f) { rej(new Error("no file chosen")); return; }
    const r = new FileReader();
    r.onload = () => res(r.result);
    r.onerror = () => rej(new Error("cannot read the file"));
    r.readAsText(f);
  });
}

function wire() {
  $("ruleset").addEventListener("change", fillScenarios);
  $("scenario").addEventListener("change", describeScenario);
  $("level").addEventListener("change", () => { $("admiral-row").hidden = $("level").value !== "spec"; });
  $("new-game").addEventListener("click", () => guarded(newGame));
  $("confirm").addEventListener("click", () => guarded(() => confirmOrder(app.selectedOrder)));
  $("typed-order").addEventListener("submit", (ev) => { ev.preventDefault(); guarded(() => giveTypedOrder(ev)); });
  $("resign").addEventListener("click", () => guarded(async () => {
    if (confirm("Resign the game?")) await confirmOrder($("resign").dataset.action);
  }));
  $("undo").addEventListener("click", () => guarded(async () => {
    app.selectedOrder = null;
    app.ghost = null;
    app.game = await api("POST", `/api/games/${app.game.id}/undo`);
    renderGame();
  }));
  $("stop-thinking").addEventListener("click", () => guarded(async () => {
    app.game = await api("POST", `/api/games/${app.game.id}/stop`);
    renderGame();
  }));
  $("to-replay").addEventListener("click", () => guarded(async () => showReplay(await api("POST", `/api/games/${app.game.id}/replay`))));
  $("file-replay").addEventListener("change", () => guarded(async () => openReplay(await readFile($("file-replay")))));
  $("file-resume").addEventListener("change", () => guarded(async () => {
    const saved = JSON.parse(await readFile($("file-resume")));
    const req = { saved, side: Number($("side").value), seed: Number($("seed").value || 1) };
    const level = $("level").value;
    if (level === "spec") req.admiral = $("admiral").value;
    else if (level) req.level = level;
    startGame(await api("POST", "/api/games", req));
  }));
  $("mode-play").addEventListener("click", () => { setMode("play"); if (app.game) renderGame(); });
  $("mode-replay").addEventListener("click", () => { setMode("replay"); if (app.replay) renderReplay(); });
  $("replay-start").addEventListener("click", () => guarded(() => gotoStep(0)));
  $("replay-end").addEventListener("click", () => guarded(() => gotoStep(app.replay ? app.replay.steps : 0)));
  $("replay-prev").addEventListener("click", () => guarded(() => gotoStep(app.replay ? app.replay.step - 1 : 0)));
  $("replay-next").addEventListener("click", () => guarded(() => gotoStep(app.replay ? app.replay.step + 1 : 0)));
  $("replay-step").addEventListener("change", () => guarded(() => gotoStep(Number($("replay-step").value))));
  $("turn-select").addEventListener("change", () => guarded(() => gotoStep(Number($("turn-select").value))));
  $("replay-play").addEventListener("click", toggleAnimation);
  $("analyse").addEventListener("click", () => guarded(analyse));
  $("mistakes-run").addEventListener("click", () => guarded(checkMistakes));
  $("board").addEventListener("click", (ev) => guarded(() => clickBoard(ev)));
  document.addEventListener("keydown", (e) => {
    if (app.mode !== "replay" || e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === "ArrowLeft") guarded(() => gotoStep(app.replay.step - 1));
    if (e.key === "ArrowRight") guarded(() => gotoStep(app.replay.step + 1));
  });
}

wire();
setMode("play");
guarded(loadRulesets);
