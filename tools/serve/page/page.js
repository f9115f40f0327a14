// SPDX-License-Identifier: GPL-3.0-or-later
// The page of `tavla serve`: analyses a position through POST /api/analyze, draws its board as
// SVG, and runs a rollout job (POST /api/rollouts, progress from /api/rollouts/N/events).
// Numbers are shown as the API gives them, rounded to 4 decimals; equities are for the player on
// roll (for moves: the mover), as in the batch protocol. The position can be given in the URL:
// #position=ID&plies=N analyses it on load.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

function reportError(message) {
  $("errors").textContent += message + "\n";
}
window.addEventListener("error", (e) => reportError("error: " + e.message));
window.addEventListener("unhandledrejection", (e) => reportError("error: " + e.reason));

const fmt = (x) => (x === null || x === undefined ? "" : Number(x).toFixed(4));

function element(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function svgElement(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers["Content-Type"] = "application/json";
  }
  const res = await fetch(path, init);
  const json = await res.json();
  if (!res.ok) throw new Error(json.error || "HTTP " + res.status);
  return json;
}

// The board from the side on roll: its home board at the bottom right (points 1..6), the
// opponent's points counted from the other end (their point p is our point 25 - p), bars in the
// middle. Side on roll: white chequers; opponent: dark.
function drawBoard(svg, board) {
  svg.replaceChildren();
  const W = 330, H = 290, bar = 30, pw = (W - bar) / 12, ph = 120;
  svg.appendChild(svgElement("rect", { x: 0, y: 0, width: W, height: H, fill: "#d9b77e" }));
  svg.appendChild(svgElement("rect", { x: 6 * pw, y: 0, width: bar, height: H, fill: "#8a5a2b",
                                       "data-point": 25 }));
  // Point p (1..24, ours) -> column and whether it is on the bottom row.
  const place = (p) => {
    const bottom = p <= 12;
    const i = bottom ? 12 - p : p - 13;  // 0..11 from the left
    const x = i * pw + (i >= 6 ? bar : 0);
    return { x, bottom };
  };
  for (let p = 1; p <= 24; ++p) {
    const { x, bottom } = place(p);
    const tip = bottom ? H - ph : ph;
    const base = bottom ? H : 0;
    svg.appendChild(svgElement("polygon", {
      points: `${x},${base} ${x + pw},${base} ${x + pw / 2},${tip}`,
      fill: p % 2 ? "#7b2d26" : "#f3e6c8", stroke: "#553", "stroke-width": 0.5, "data-point": p,
    }));
    const label = svgElement("text", { x: x + pw / 2, y: bottom ? H - 2 : 9, "font-size": 7,
                                      "text-anchor": "middle", fill: "#333" });
    label.textContent = String(p);
    svg.appendChild(label);
  }
  const r = pw / 2 - 1;
  const stack = (count, x, bottom, colour, dy, point) => {
    const shown = Math.min(count, 5);
    for (let k = 0; k < shown; ++k) {
      const cy = bottom ? H - 12 - r - k * dy : 12 + r + k * dy;
      svg.appendChild(svgElement("circle", { cx: x, cy, r, fill: colour, stroke: "#000",
                                             "stroke-width": 0.7, class: "chequer", "data-point": point }));
    }
    if (count > 5) {
      const t = svgElement("text", { x, y: bottom ? H - 12 - r - 4 * dy + 3 : 12 + r + 4 * dy + 3,
                                     "font-size": 9, "text-anchor": "middle", fill: "#c00" });
      t.textContent = String(count);
      svg.appendChild(t);
    }
  };
  for (let i = 0; i < 24; ++i) {
    const mine = board.on_roll[i], theirs = board.opponent[i];
    if (mine) { const { x, bottom } = place(i + 1); stack(mine, x + pw / 2, bottom, "#fff", 2 * r, i + 1); }
    if (theirs) { const { x, bottom } = place(24 - i); stack(theirs, x + pw / 2, bottom, "#333", 2 * r, 24 - i); }
  }
  // The bar: the side on roll's chequers enter from the top (the opponent's home board).
  if (board.on_roll[24]) stack(board.on_roll[24], 6 * pw + bar / 2, false, "#fff", 2 * r, 25);
  if (board.opponent[24]) stack(board.opponent[24], 6 * pw + bar / 2, true, "#333", 2 * r, 25);
}

function fillTable(table, head, rows) {
  table.replaceChildren();
  const tr = element("tr");
  head.forEach((h, i) => tr.appendChild(element("th", i === 0 ? { class: "label" } : {}, h)));
  table.appendChild(tr);
  for (const row of rows) {
    const r = element("tr");
    row.forEach((cell, i) => {
      const attrs = i === 0 ? { class: "label" } : {};
      if (cell && typeof cell === "object") Object.assign(attrs, { "data-field": cell.field });
      r.appendChild(element("td", attrs, cell && typeof cell === "object" ? cell.text : cell));
    });
    table.appendChild(r);
  }
}

let current = null;  // the position analysed last (as typed)

function showAnalysis(a) {
  drawBoard($("board"), a.board);
  $("ids").textContent = a.gnubg_id + "   " + a.xgid;
  const p = a.eval.probs;
  const cell = (field, x) => ({ field, text: fmt(x) });
  fillTable($("eval"), ["", "Win", "W(g)", "W(bg)", "L(g)", "L(bg)", "Equity", "Cubeful"], [
    [`${a.eval.plies}-ply`, cell("win", p[0]), cell("win_g", p[1]), cell("win_bg", p[2]),
     cell("lose_g", p[3]), cell("lose_bg", p[4]), cell("equity", a.eval.equity),
     cell("cubeful_equity", a.eval.cubeful_equity)],
  ]);
  if (a.cube) {
    fillTable($("cube"), ["Cube", "Equity"], [
      ["No double", cell("no_double", a.cube.no_double)],
      ["Double, take", cell("double_take", a.cube.double_take)],
      ["Double, pass", cell("double_pass", a.cube.double_pass)],
      ["Proper cube action", { field: "action", text: a.cube.action }],
    ]);
  } else {
    $("cube").replaceChildren();
  }
  if (a.moves) {
    fillTable($("moves"), ["#", "Move", "Equity", "Cubeful", "Win", "W(g)", "L(g)"],
              a.moves.map((m, i) => [String(i + 1), { field: "move", text: m.move },
                                     cell("equity", m.equity), cell("cubeful_equity", m.cubeful_equity),
                                     cell("win", m.probs[0]), cell("win_g", m.probs[1]),
                                     cell("lose_g", m.probs[3])]));
  } else {
    $("moves").replaceChildren();
  }
  const state = a.state;
  const situation = state.match_length ? `${state.match_length}-point match, score ${state.score.join("-")}`
                                       : "money game";
  $("status").textContent = `${situation}, cube ${state.cube}` +
      (state.dice ? `, rolled ${state.dice.join("")}` : "") + `, ${a.class}`;
  $("status").className = "";
}

async function analyse() {
  const position = $("position").value.trim();
  if (!position) return;
  $("status").textContent = "analysing...";
  try {
    const a = await api("POST", "/api/analyze", { position, plies: Number($("plies").value) });
    current = position;
    showAnalysis(a);
    $("rollout-start").disabled = false;
    document.body.dataset.analysed = position;
  } catch (e) {
    $("status").textContent = e.message;
    $("status").className = "error";
  }
}

// Rollout: the statistics table and the convergence of the first candidate's equity.
let events = null;
let job = null;
let history = [];  // [trials, mean, std_error] of the first candidate

function drawConvergence() {
  const svg = $("convergence");
  svg.replaceChildren();
  if (history.length < 2) return;
  const W = 400, H = 160, m = 30;
  const xs = history.map((h) => h[0]);
  const lo = Math.min(...history.map((h) => h[1] - 2 * h[2]));
  const hi = Math.max(...history.map((h) => h[1] + 2 * h[2]));
  const span = hi - lo || 1;
  const X = (t) => m + (W - 2 * m) * (t - xs[0]) / ((xs[xs.length - 1] - xs[0]) || 1);
  const Y = (v) => H - m / 2 - (H - m) * (v - lo) / span;
  const line = (k, colour) => svg.appendChild(svgElement("polyline", {
    points: history.map((h) => `${X(h[0])},${Y(h[1] + k * 2 * h[2])}`).join(" "),
    fill: "none", stroke: colour, "stroke-width": k ? 0.8 : 1.5,
  }));
  line(-1, "#99b"); line(1, "#99b"); line(0, "#124");
  for (const [v, y] of [[hi, Y(hi)], [lo, Y(lo)]]) {
    const t = svgElement("text", { x: 2, y: y + 3, "font-size": 8 });
    t.textContent = v.toFixed(3);
    svg.appendChild(t);
  }
}

function showRollout(s) {
  const r = s.rollout;
  const k = r.cubeful ? 6 : 5;  // the equity shown: cubeful, else cubeless
  $("rollout-status").textContent =
      `${s.state}: ${s.trials_done}/${s.trials_total} trials, ${s.elapsed_s.toFixed(1)} s, seed ${r.seed}`;
  fillTable($("rollout"), ["", "Win", "W(g)", "L(g)", r.cubeful ? "Cubeful" : "Equity", "std. error"],
            r.results.map((c) => [c.label, fmt(c.mean[0]), fmt(c.mean[1]), fmt(c.mean[3]),
                                  { field: "rollout_equity", text: fmt(c.mean[k]) }, fmt(c.std_error[k])]));
  if (r.results.length && s.trials_done > 0 &&
      (!history.length || history[history.length - 1][0] !== s.trials_done)) {
    history.push([s.trials_done, r.results[0].mean[k], r.results[0].std_error[k]]);
    drawConvergence();
  }
  const running = s.state === "running";
  $("rollout-cancel").disabled = !running;
  $("rollout-start").disabled = running;
  if (!running) {
    if (events) events.close();
    events = null;
    document.body.dataset.rollout = s.state;
  }
}

async function startRollout() {
  if (!current) return;
  history = [];
  delete document.body.dataset.rollout;
  try {
    const s = await api("POST", "/api/rollouts", {
      position: current, trials: Number($("trials").value), seed: Number($("seed").value),
      cube: $("rollout-cube").checked,
    });
    job = s.job;
    showRollout(s);
    events = new EventSource(`/api/rollouts/${job}/events`);
    events.onmessage = (e) => showRollout(JSON.parse(e.data));
    events.onerror = () => { if (events) { events.close(); events = null; } };
  } catch (e) {
    $("rollout-status").textContent = e.message;
    $("rollout-status").className = "error";
  }
}

async function cancelRollout() {
  if (job) showRollout(await api("DELETE", `/api/rollouts/${job}`));
}

// Setting up a position by clicking: the board edited is seen from the side on roll (white),
// and the position typed into the box is its XGID (money game, centred cube, the Jacoby rule
// and beavers, as tavla writes XGIDs), with the dice given, if any.
let setup = null;  // {on_roll: [25], opponent: [25]} while editing

function startingBoard() {
  const side = Array(25).fill(0);
  side[5] = 5; side[7] = 3; side[12] = 5; side[23] = 2;
  return { on_roll: side.slice(), opponent: side.slice() };
}

function xgidOf(board, dice) {
  // XGID's 26 characters: 0 the opponent's bar, 1..24 our points (upper case: our chequers,
  // lower case: the opponent's, the letter counting them), 25 our bar. Turn 1: "X", us, on roll.
  const letter = (n, upper) => (n ? String.fromCharCode((upper ? 65 : 97) + n - 1) : "-");
  let s = letter(board.opponent[24], false);
  for (let p = 1; p <= 24; ++p) {
    s += board.on_roll[p - 1] ? letter(board.on_roll[p - 1], true) : letter(board.opponent[24 - p], false);
  }
  s += letter(board.on_roll[24], true);
  return `XGID=${s}:0:0:1:${/^[1-6]{2}$/.test(dice) ? dice : "00"}:0:0:3:0:10`;
}

function setupChanged() {
  drawBoard($("board"), setup);
  $("position").value = xgidOf(setup, $("setup-dice").value.trim());
}

// A click on point p (1..24, 25 the bar) for the side on roll, or with shift for the opponent.
function setupClick(p, opponentSide) {
  const mine = opponentSide ? setup.opponent : setup.on_roll;
  const other = opponentSide ? setup.on_roll : setup.opponent;
  const i = p === 25 ? 24 : opponentSide ? 24 - p : p - 1;   // index in `mine`
  const j = p === 25 ? -1 : opponentSide ? p - 1 : 24 - p;   // the same point in `other`
  if (j >= 0 && other[j] > 0) {
    other[j] -= 1;
  } else if (mine.reduce((a, b) => a + b, 0) < 15) {
    mine[i] += 1;
  }
  setupChanged();
}

function endSetup() {
  setup = null;
  $("setup-tools").hidden = true;
  $("setup").textContent = "Set up a position";
}

function toggleSetup() {
  if (setup) {
    endSetup();
    analyse();
    return;
  }
  setup = startingBoard();
  $("setup-tools").hidden = false;
  $("setup").textContent = "Done";
  setupChanged();
}

async function init() {
  const health = await api("GET", "/api/health");
  for (let p = 0; p <= health.max_plies; ++p) $("plies").appendChild(element("option", { value: p }, String(p)));
  $("position-form").addEventListener("submit", (e) => { e.preventDefault(); analyse(); });
  $("rollout-start").addEventListener("click", startRollout);
  $("rollout-cancel").addEventListener("click", cancelRollout);
  $("setup").addEventListener("click", toggleSetup);
  $("setup-clear").addEventListener("click", () => {
    setup = { on_roll: Array(25).fill(0), opponent: Array(25).fill(0) };
    setupChanged();
  });
  $("setup-start").addEventListener("click", () => { setup = startingBoard(); setupChanged(); });
  $("setup-dice").addEventListener("input", setupChanged);
  $("board").addEventListener("click", (e) => {
    const target = e.target.closest("[data-point]");
    if (setup && target) setupClick(Number(target.dataset.point), e.shiftKey);
  });
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("plies")) $("plies").value = params.get("plies");
  if (params.get("trials")) $("trials").value = params.get("trials");
  $("position").value = params.get("position") || "4HPwATDgc/ABMA:cAkAAAAAAAAA";
  if (params.get("setup") !== null) {
    // Clicks given in the URL ("6,6,s19": point 6 twice, shift-click point 19), sent to the
    // board as mouse events, as a user's clicks are: how the page test sets a board up.
    $("setup").click();
    $("setup-clear").click();
    if (params.get("dice")) $("setup-dice").value = params.get("dice");
    for (const c of params.get("setup").split(",").filter((x) => x)) {
      const shift = c.startsWith("s");
      // The first element of a point is its triangle (the bar: its rectangle).
      const point = $("board").querySelector(`[data-point="${shift ? c.slice(1) : c}"]`);
      point.dispatchEvent(new MouseEvent("click", { bubbles: true, shiftKey: shift }));
    }
    endSetup();
  }
  await analyse();
  if (params.get("rollout")) await startRollout();
  document.body.dataset.ready = "1";
}

init().catch((e) => reportError("error: " + e.message));
