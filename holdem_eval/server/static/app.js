// The browser client of holdem-eval's reference server (docs/server.md). Plain
// JavaScript, no dependencies; everything a player sees comes from the server's
// "update" messages, and every text from the network goes into the page as text.
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const me = { table: null, seat: null, view: null, clock: null, clockAt: 0, cursor: 0 };
let ws = null;
let tables = [];

function status(text) { $("status").textContent = text; }
function send(message) { if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message)); }

function cardElement(text) {
  const span = document.createElement("span");
  if (!text) { span.className = "card back"; span.textContent = "??"; return span; }
  span.className = "card" + ("dh".includes(text[1]) ? " red" : "");
  span.textContent = text[0] + SUITS[text[1]];
  span.dataset.card = text;
  return span;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws`);
  ws.onopen = () => {
    status("connected");
    const saved = sessionStorage.getItem("holdem-eval-seat");
    if (saved) {
      const s = JSON.parse(saved);
      send({ type: "resume", table: s.table, token: s.token, cursor: me.cursor });
    } else if (me.table !== null && me.seat === null) {
      send({ type: "watch", table: me.table });
    } else {
      send({ type: "tables" });
    }
  };
  ws.onmessage = (event) => handle(JSON.parse(event.data));
  ws.onclose = () => { status("disconnected; reconnecting…"); setTimeout(connect, 1000); };
}

function handle(msg) {
  switch (msg.type) {
    case "tables": showTables(msg.tables); break;
    case "joined":
      me.table = msg.table; me.seat = msg.seat;
      if (msg.token) sessionStorage.setItem("holdem-eval-seat", JSON.stringify({ table: msg.table, token: msg.token }));
      showGame(); status(`seated at table ${msg.table}, seat ${msg.seat}`); break;
    case "watching": me.table = msg.table; me.seat = null; showGame(); status(`watching table ${msg.table}`); break;
    case "update": update(msg); break;
    case "error":
      status(`${msg.code}: ${msg.message}`);
      if (msg.code === "bad_token") { sessionStorage.removeItem("holdem-eval-seat"); send({ type: "tables" }); }
      if (msg.code === "replaced") sessionStorage.removeItem("holdem-eval-seat");
      break;
    default: break;
  }
}

function showTables(list) {
  tables = list;
  const select = $("table");
  select.replaceChildren(...list.map((t) => new Option(`table ${t.table}: ${t.blinds.join("/")} ${t.betting}, ${t.players}/${t.seats}`, t.table)));
  fillSeats();
}

function fillSeats() {
  const t = tables[Number($("table").value)] || tables[0];
  if (!t) return;
  $("seat").replaceChildren(...t.free.map((k) => new Option(`seat ${k}`, k)));
  $("buyin").min = t.buy_in[0]; $("buyin").max = t.buy_in[1];
  if (!$("buyin").value) $("buyin").value = t.buy_in[1] / 2;
}

function showGame() { $("lobby").hidden = true; $("game").hidden = false; }

function update(msg) {
  if (msg.reset) $("log").replaceChildren();
  for (const e of msg.events) logEvent(e);
  me.cursor = msg.events.length ? msg.events[msg.events.length - 1].seq : me.cursor;
  me.view = msg.view; me.clock = msg.clock; me.clockAt = performance.now();
  render(msg.view);
}

function logEvent(e) {
  const li = document.createElement("li");
  const who = e.seat === null ? "" : `seat ${e.seat} `;
  const cards = e.cards.length ? ` [${e.cards.join(" ")}]` : "";
  li.textContent = `${who}${e.kind.replace("_", " ")}${e.amount ? " " + e.amount : ""}${cards}`;
  $("log").prepend(li);
  while ($("log").children.length > 80) $("log").lastChild.remove();
}

function render(v) {
  $("hand").textContent = v.hand ? `hand ${v.hand}` : "between hands";
  $("street").textContent = v.street || "";
  $("pot").textContent = v.pot;
  $("blinds").textContent = v.blinds.join("/");
  $("board").replaceChildren(...v.board.map(cardElement));
  $("seats").replaceChildren(...v.seats.map((s, k) => seatElement(s, k, v)));
  const actions = $("actions");
  actions.replaceChildren();
  for (const a of v.legal) {
    const b = document.createElement("button");
    b.type = "button"; b.dataset.kind = a.kind;
    const label = { fold: "Fold", check: "Check", call: `Call ${a.min}`, bet: `Bet ${a.min}..${a.max}`, raise: `Raise to ${a.min}..${a.max}` };
    b.textContent = label[a.kind] || a.kind;
    b.onclick = () => act(a);
    actions.append(b);
    if (a.kind === "bet" || a.kind === "raise") {
      const amount = $("amount");
      amount.min = a.min; amount.max = a.max;
      if (!amount.value || Number(amount.value) < a.min || Number(amount.value) > a.max) amount.value = a.min;
    }
  }
}

function seatElement(s, k, v) {
  const div = document.createElement("div");
  div.className = "seat";
  div.dataset.seat = k;
  if (!s) { div.classList.add("empty"); div.textContent = `seat ${k}: empty`; return div; }
  if (k === v.actor) div.classList.add("actor");
  if (k === me.seat) div.classList.add("me");
  const head = document.createElement("div");
  head.textContent = `${k === v.button ? "[D] " : ""}${s.name} · ${s.stack}${s.bet ? " · bet " + s.bet : ""}`;
  const state = document.createElement("div");
  state.className = "state"; state.textContent = s.state;
  const cards = document.createElement("div");
  cards.className = "cards";
  if (s.cards) cards.append(...s.cards.map(cardElement));
  else if (s.in_hand && s.state !== "folded") cards.append(cardElement(null), cardElement(null));
  div.append(head, state, cards);
  return div;
}

function act(legal) {
  const v = me.view;
  let amount = 0;
  if (legal.kind === "bet" || legal.kind === "raise") {
    amount = Math.round(Number($("amount").value));
    if (!(amount >= legal.min && amount <= legal.max)) { status(`amount must be ${legal.min}..${legal.max}`); return; }
  }
  send({ type: "act", action: { kind: legal.kind, amount }, turn: v.turn });
}

function tickClock() {
  const c = me.clock;
  if (!c) { $("clock").textContent = ""; return; }
  const gone = (performance.now() - me.clockAt) / 1000;
  const left = Math.max(0, c.seconds - gone);
  const bank = Math.max(0, c.bank - Math.max(0, gone - c.seconds));
  $("clock").textContent = `· seat ${c.seat}: ${left.toFixed(0)}s${bank > 0 && left === 0 ? ` (bank ${bank.toFixed(0)}s)` : ""}`;
}

$("table").onchange = fillSeats;
$("join").onclick = () => send({ type: "join", table: Number($("table").value), seat: Number($("seat").value), name: $("name").value, buy_in: Math.round(Number($("buyin").value)) });
$("watch").onclick = () => send({ type: "watch", table: Number($("table").value) });
$("sitout").onclick = () => send({ type: "sit_out" });
$("sitin").onclick = () => send({ type: "sit_in", post: true });
$("rebuy").onclick = () => send({ type: "rebuy", amount: Math.round(Number($("amount").value)) });
$("leave").onclick = () => { send({ type: "leave" }); sessionStorage.removeItem("holdem-eval-seat"); };
setInterval(tickClock, 250);
connect();
