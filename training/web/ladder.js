// The ladder's page: the leaderboard and the pairwise score table of the ladder that
// `broadside serve --ladder DIR` serves, from /api/ladder, refreshed every few seconds.
// Entrants' names come from the ladder's file: they are only ever set as text.
"use strict";

const REFRESH_MS = 5000;

function cell(row, text, cls) {
  const td = document.createElement(row.parentElement && row.parentElement.tagName === "THEAD" ? "th" : "td");
  td.textContent = text;
  if (cls) td.className = cls;
  row.appendChild(td);
  return td;
}

function showError(msg) {
  const box = document.getElementById("error");
  box.textContent = msg;
  box.hidden = !msg;
}

function signed(x) {
  const r = Math.round(x);
  return (r > 0 ? "+" : "") + r;
}

function render(data) {
  document.getElementById("title").textContent = `${data.ruleset} · ${data.scenario}`;
  document.getElementById("ladder-head").textContent =
    `${data.games} games, Elo with ${data.anchor ? data.anchor : "the entrants' mean"} at 0`;
  const body = document.querySelector("#leaderboard tbody");
  body.replaceChildren();
  data.leaderboard.forEach((r, k) => {
    const tr = document.createElement("tr");
    tr.className = "entrant";
    body.appendChild(tr);
    cell(tr, String(k + 1));
    cell(tr, r.name, "name").title = r.spec;
    // An entrant without games has no rating yet.
    cell(tr, r.games ? signed(r.elo) : "-");
    cell(tr, r.ci95 === null ? "-" : String(Math.round(r.ci95)));
    cell(tr, String(r.games));
    cell(tr, `${r.wins}-${r.draws}-${r.losses}`);
    cell(tr, String(r.forfeits));
    cell(tr, r.games ? `${(100 * r.score).toFixed(1)}%` : "-");
  });
  // The pairwise table in leaderboard order.
  const order = data.leaderboard.map((r) => data.names.indexOf(r.name));
  const head = document.querySelector("#pairwise thead");
  const hr = document.createElement("tr");
  head.replaceChildren(hr);
  cell(hr, "");
  order.forEach((j, k) => (cell(hr, `#${k + 1}`).title = data.names[j]));
  const pbody = document.querySelector("#pairwise tbody");
  pbody.replaceChildren();
  order.forEach((i, k) => {
    const tr = document.createElement("tr");
    pbody.appendChild(tr);
    cell(tr, `#${k + 1} ${data.names[i]}`, "name");
    order.forEach((j) => {
      const c = data.table[i][j];
      cell(tr, c ? `${Math.round(100 * c.score)}% (${c.games})` : "-");
    });
  });
}

async function refresh() {
  try {
    const r = await fetch("/api/ladder");
    const data = await r.json();
    if (!r.ok) throw new Error(data.error || `HTTP ${r.status}`);
    showError("");
    render(data);
  } catch (e) {
    showError(String(e.message || e));
  }
}

refresh();
setInterval(refresh, REFRESH_MS);
