// The game page: one table, seen from one seat (or as a spectator). It knows no game:
// it draws what the server sends and sends back the action a person chose.

import { TableConnection } from "./connection.js";
import { postJson } from "./http.js";
import { PickBoard } from "./pickboard.js";
import { claimSeat, remember, remembered } from "./seats.js";
import { actionNotation, actionWords, resultLine, seatName, statusLine } from "./words.js";

const $ = (id) => document.getElementById(id);
const table = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

const page = {
  snapshot: null,
  seat: null,
  token: undefined,
  pending: false,
  connection: null,
  boardCss: null,
  logLength: 0,
  refocus: false,
};

const picks = new PickBoard($("board"), $("pick-menu"), {
  onSend: (action) => send(action),
  onChange: () => drawMoves(),
});

start();

async function start() {
  let claim;
  try {
    claim = await claimSeat(table, location.hash, postJson);
  } catch (error) {
    toast(`Could not take the seat: ${error.message}`);
    claim = { spectator: true };
  }
  page.token = claim.token;
  page.connection = new TableConnection(table, claim.token, {
    onMessage: (message) => receive(message),
    onState: (state) => {
      const badge = $("link-state");
      badge.dataset.state = state;
      badge.textContent = { live: "live", connecting: "connecting…", reconnecting: "reconnecting…" }[state];
      if (state !== "live" && page.pending) {
        page.pending = false;
        picks.setEnabled(false);
      }
    },
  });
  drawInvites();
  wireKeys();
  $("clear-pick").addEventListener("click", () => picks.clear());
  $("hint").addEventListener("click", askHint);
  $("rematch").addEventListener("click", rematch);
}

function receive(message) {
  if (!message || typeof message !== "object") return;
  if (message.type === "snapshot") draw(message);
  else if (message.type === "error") {
    page.pending = false;
    if (page.snapshot) picks.setEnabled(mayAct(page.snapshot));
    drawMoves();
    toast(typeof message.message === "string" ? message.message : "The server refused that.");
  } else if (message.type === "hint") drawHint(message);
}

function mayAct(snapshot) {
  return !snapshot.result && (snapshot.actions || []).length > 0;
}

function draw(snapshot) {
  const first = page.snapshot === null;
  // A keyboard player whose focus was on a move (now gone) keeps playing from the new list.
  const focused = document.activeElement;
  const wasPlaying = page.refocus || playing(focused);
  page.refocus = false;
  page.snapshot = snapshot;
  page.pending = false;
  page.seat = snapshot.seat ?? null;
  if (page.seat !== null) remember(table, { seat: page.seat });

  const title = snapshot.title || snapshot.game || "duelhall";
  $("game-title").textContent = title;
  document.title = `${title} · duelhall`;
  if (page.boardCss !== snapshot.game && snapshot.game) {
    page.boardCss = snapshot.game;
    $("board-css").href = `/games/${encodeURIComponent(snapshot.game)}/board.css`;
  }
  drawSeat(snapshot);

  picks.draw(snapshot.board || "", snapshot.actions || [], mayAct(snapshot));
  drawStatus(snapshot);
  drawMoves();
  drawLog(snapshot.log || [], first);
  drawResult(snapshot);
  $("hint-box").hidden = true;
  $("hint").hidden = !(mayAct(snapshot) && snapshot.hints !== false);
  document.body.classList.toggle("my-turn", mayAct(snapshot));
  if (wasPlaying) {
    const next = $("actions").querySelector("button") || $("hint");
    if (next && !next.hidden) next.focus();
  }
}

function drawSeat(snapshot) {
  const badge = $("seat-badge");
  badge.hidden = false;
  if (page.seat === null) {
    badge.textContent = "Watching";
    badge.dataset.role = "spectator";
    $("moves").hidden = true;
  } else {
    badge.textContent = `You · seat ${page.seat + 1}`;
    badge.title = seatName(snapshot, page.seat);
    badge.dataset.role = "player";
    $("moves").hidden = false;
  }
}

function drawStatus(snapshot) {
  const status = $("status");
  status.textContent = page.pending ? "Sending…" : statusLine(snapshot);
  status.dataset.mood = snapshot.result ? "over" : mayAct(snapshot) ? "act" : "wait";
}

/** The moves as buttons: those that fit the picks so far, numbered for the keyboard. */
function drawMoves() {
  const list = $("actions");
  list.replaceChildren();
  const snapshot = page.snapshot;
  if (!snapshot) return;
  const open = mayAct(snapshot) && !page.pending;
  const fitting = open ? picks.fitting() : [];
  fitting.forEach((action, index) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.dataset.action = actionNotation(action);
    if (index < 9) {
      const key = document.createElement("kbd");
      key.textContent = String(index + 1);
      button.append(key);
    }
    const words = document.createElement("span");
    words.textContent = actionWords(action);
    button.append(words);
    button.addEventListener("click", () => send(action));
    for (const on of ["mouseenter", "focus"]) button.addEventListener(on, () => picks.preview(action));
    for (const off of ["mouseleave", "blur"]) button.addEventListener(off, () => picks.preview(null));
    item.append(button);
    list.append(item);
  });
  const note = $("moves-note");
  if (!snapshot.result && snapshot.seat !== null && snapshot.seat !== undefined && !open) {
    note.textContent = page.pending ? "Sending your move…" : "Nothing to do until it is your turn.";
  } else if (open && picks.selected.length) {
    note.textContent = "Pick a highlighted place on the table, or a move below.";
  } else if (open && picks.actions.some((a) => a.picks.length)) {
    note.textContent = "Click a highlighted card, or choose below (keys 1–9).";
  } else {
    note.textContent = "";
  }
  $("clear-pick").hidden = picks.selected.length === 0;
}

function drawLog(lines, first) {
  const log = $("log");
  const fresh = first ? lines.length : lines.length - page.logLength;
  log.replaceChildren();
  lines.forEach((line, index) => {
    const item = document.createElement("li");
    item.textContent = String(line);
    if (!first && index >= lines.length - fresh) item.classList.add("fresh");
    log.append(item);
  });
  page.logLength = lines.length;
  log.scrollTop = log.scrollHeight;
}

function drawResult(snapshot) {
  const panel = $("result");
  panel.hidden = !snapshot.result;
  if (!snapshot.result) return;
  $("result-text").textContent = resultLine(snapshot.result);
  $("record-link").href = `/api/tables/${encodeURIComponent(table)}/record`;
  $("record-link").setAttribute("download", `duelhall-${table}.json`);
  $("rematch").hidden = page.seat === null;
  $("invite").hidden = true;
}

function drawHint(message) {
  const box = $("hint-box");
  const lines = Array.isArray(message.lines) ? message.lines : [message.text || message.message || ""];
  box.replaceChildren(
    ...lines.map((line) => {
      const p = document.createElement("p");
      p.textContent = String(line);
      return p;
    }),
  );
  box.hidden = false;
}

function send(action) {
  const snapshot = page.snapshot;
  if (!snapshot || page.pending || !mayAct(snapshot)) return;
  const sent = page.connection.send({ type: "act", seq: snapshot.seq, action: actionNotation(action) });
  if (!sent) {
    toast("Not connected: your move was not sent. Reconnecting…");
    return;
  }
  page.pending = true;
  page.refocus = playing(document.activeElement);
  picks.setEnabled(false);
  drawStatus(snapshot);
  drawMoves();
}

function playing(element) {
  return Boolean(element) && ["actions", "board", "pick-menu"].some((id) => $(id).contains(element));
}

function askHint() {
  if (!page.connection.send({ type: "hint" })) return toast("Not connected.");
  const box = $("hint-box");
  box.textContent = "Thinking…";
  box.hidden = false;
}

async function rematch() {
  try {
    const made = await postJson(`/api/tables/${encodeURIComponent(table)}/rematch`, { token: page.token });
    remember(made.id, { token: made.token, seat: made.seat, invites: made.invites, watch: made.watch });
    location.assign(`/t/${encodeURIComponent(made.id)}`);
  } catch (error) {
    toast(`No rematch: ${error.message}`);
  }
}

/** The invitations this browser made for this table, and the spectators' link. */
function drawInvites() {
  const known = remembered(table);
  const invites = Object.entries(known.invites || {});
  const box = $("invite-links");
  box.replaceChildren();
  for (const [seat, url] of invites) box.append(linkRow(`Invitation for seat ${Number(seat) + 1}`, url));
  if (known.watch) box.append(linkRow("Spectators", known.watch));
  $("invite").hidden = box.childElementCount === 0;
}

function linkRow(label, url) {
  const row = document.createElement("div");
  row.className = "link-row";
  const name = document.createElement("label");
  name.textContent = label;
  const field = document.createElement("input");
  field.readOnly = true;
  field.value = new URL(url, location.origin).href;
  name.append(field);
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "quiet";
  copy.textContent = "Copy";
  copy.addEventListener("click", async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      copy.textContent = "Copied ✓";
    } catch {
      copy.textContent = "Press Ctrl+C";
    }
  });
  row.append(name, copy);
  return row;
}

function wireKeys() {
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape") {
      picks.clear();
      return;
    }
    if (/^[1-9]$/.test(event.key)) {
      const buttons = $("actions").querySelectorAll("button.action");
      const button = buttons[Number(event.key) - 1];
      if (button) {
        event.preventDefault();
        button.click();
      }
    }
  });
}

let toastTimer = null;
function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    box.hidden = true;
  }, 6000);
}
