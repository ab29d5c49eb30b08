// Broadside's puzzle mode: pick a ruleset and a tag, get a position where one order wins,
// give your order, see right or wrong with the engine's line and the tactic named.
// Loaded after app.js, whose helpers it uses (api, $, guarded, option, showReplay, gotoStep);
// the position is drawn as a replay of the puzzle's saved game at its last step.
"use strict";

const puzzles = {
  list: [],     // the summaries of the chosen ruleset and tag
  next: 0,      // the index of the next one to show
  current: null, // the PuzzleView on the board
  answered: false,
};

async function loadPuzzleTags() {
  const ruleset = $("puzzle-ruleset").value;
  const view = await api("GET", `/api/puzzles?ruleset=${encodeURIComponent(ruleset)}`);
  const tags = [option("", `any tactic (${view.puzzles.length})`)];
  for (const t of view.tags) if (t.puzzles > 0) tags.push(option(t.name, `${t.name} (${t.puzzles})`));
  $("puzzle-tag").replaceChildren(...tags);
  puzzles.list = [];
  puzzles.next = 0;
}

async function nextPuzzle() {
  const ruleset = $("puzzle-ruleset").value;
  const tag = $("puzzle-tag").value;
  if (puzzles.next === 0 || puzzles.list.length === 0) {
    const q = `ruleset=${encodeURIComponent(ruleset)}` + (tag ? `&tag=${encodeURIComponent(tag)}` : "");
    puzzles.list = (await api("GET", `/api/puzzles?${q}`)).puzzles;
  }
  if (puzzles.list.length === 0) throw new Error(`no puzzle for ${ruleset}` + (tag ? ` tagged ${tag}` : ""));
  const pick = puzzles.list[puzzles.next % puzzles.list.length];
  puzzles.next += 1;
  const p = await api("GET", `/api/puzzles/${encodeURIComponent(pick.id)}`);
  puzzles.current = p;
  puzzles.answered = false;
  const view = await api("POST", "/api/replays", JSON.stringify(p.game));
  showReplay(view);
  await gotoStep(view.steps);
  showPuzzlePanel(true);
  const side = app.replay ? app.replay.sides[p.player] : `side ${p.player}`;
  $("puzzle-prompt").textContent = `${p.id} (difficulty ${p.difficulty} of 5): ${side} to move. One order wins — which?`;
  $("puzzle-verdict").textContent = "";
  $("puzzle-verdict").className = "";
  $("puzzle-line").textContent = "";
  const buttons = p.orders.map((o) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "puzzle-order";
    b.dataset.action = o.action;
    b.textContent = o.text || o.name;
    b.title = o.name;
    b.addEventListener("click", () => guarded(() => answerPuzzle(o.action)));
    return b;
  });
  $("puzzle-orders").replaceChildren(...buttons);
}

async function answerPuzzle(action) {
  const p = puzzles.current;
  if (!p || puzzles.answered) return;
  const v = await api("POST", `/api/puzzles/${encodeURIComponent(p.id)}/answer`, { action });
  puzzles.answered = true;
  const pct = (x) => `${Math.round(x * 100)}%`;
  const verdict = $("puzzle-verdict");
  verdict.className = v.correct ? "puzzle-right" : "puzzle-wrong";
  verdict.textContent = v.correct
    ? `Right: ${v.solution.text} wins ${pct(v.solution.win)}; the best other order, ${v.alternative.text}, ${pct(v.alternative.win)}.`
    : `Wrong: ${v.given}. The winning order is ${v.solution.text} (${pct(v.solution.win)}; the best other, ${v.alternative.text}, ${pct(v.alternative.win)}).`;
  const tactics = v.tactics.length
    ? `Tactic: ${v.tactics.map((t) => `${t.name} (${t.line})`).join("; ")}. `
    : "No named tactic. ";
  $("puzzle-line").textContent = `${tactics}The engine's line: ${v.continuation.join(" → ") || "(none)"}`;
  for (const b of document.querySelectorAll(".puzzle-order")) {
    b.disabled = true;
    if (Number(b.dataset.action) === v.solution.action) b.classList.add("puzzle-solution");
  }
}

function showPuzzlePanel(on) {
  $("puzzle-panel").hidden = !on;
  $("mode-puzzles").classList.toggle("active", on);
}

function fillPuzzleRulesets() {
  if ($("puzzle-ruleset").options.length > 0 || !app.rulesets.length) return;
  $("puzzle-ruleset").replaceChildren(...app.rulesets.map((r) => option(r.name, r.title || r.name)));
}

function wirePuzzles() {
  $("mode-puzzles").addEventListener("click", () => guarded(async () => {
    fillPuzzleRulesets();
    showPuzzlePanel(true);
    if ($("puzzle-tag").options.length === 0) await loadPuzzleTags();
  }));
  $("mode-play").addEventListener("click", () => showPuzzlePanel(false));
  $("mode-replay").addEventListener("click", () => showPuzzlePanel(false));
  $("puzzle-ruleset").addEventListener("change", () => guarded(loadPuzzleTags));
  $("puzzle-tag").addEventListener("change", () => { puzzles.list = []; puzzles.next = 0; });
  $("puzzle-next").addEventListener("click", () => guarded(nextPuzzle));
}

wirePuzzles();
