// The game page: one table, seen from one seat (or as a spectator). It knows no game:
// it draws what the server sends and sends back the action a person chose.

import { TableConnection } from "./connection.js";
import { getJson, postJson } from "./http.js";
import { PickBoard } from "./pickboard.js";
import { claimSeat, remember, remembered } from "./seats.js";
import {
  actionNotation,
  actionWords,
  hintLines,
  listOf,
  resultLine,
  seatName,
  statusLine,
} from "./words.js";

const LOG_LINES = 400; // the most a page shows, as the server sends at most that many at once
const $ = (id) => document.getElementById(id);
const table = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

const page = {
  snapshot: null,
  seat: null,
  token: undefined,
  pending: false,
  connection: null,
  boardCss: null,
  logEnd: 0, // where the lines shown end in the reader's whole log
  refocus: false,
  titles: null,
  sentSeq: null,
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
        markTurn();
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
  else if (message.type === "error" && !page.snapshot && page.token) {
    // The server knows no seat for this browser's token (another server, a wiped
    // database): watch instead of waiting for nothing.
    page.token = undefined;
    page.connection.token = undefined;
    remember(table, { token: undefined, seat: undefined });
    toast(`${message.message || "Your seat was not recognised"}: watching instead.`);
    page.connection.send({ type: "hello" });
  } else if (message.type === "error") {
    const outdated = page.snapshot && page.sentSeq !== null && page.snapshot.seq !== page.sentSeq;
    page.pending = false;
    page.sentSeq = null;
    if (page.snapshot) {
      picks.setEnabled(mayAct(page.snapshot));
      markTurn();
    }
    drawMoves();
    if (outdated) {
      // The table moved on while the move travelled (a computer or a secret choice came
      // first): the fresh snapshot is already drawn, so this is news, not a fault.
      toast("The table changed before your move arrived: please choose again.", "note");
    } else {
      toast(typeof message.message === "string" ? message.message : "The server refused that.");
    }
  } else if (message.type === "hint") drawHint(message);
}

function mayAct(snapshot) {
  return !snapshot.result && (snapshot.actions || []).length > 0;
}

function draw(snapshot) {
  const previous = page.snapshot;
  const first = previous === null;
  // A keyboard player whose focus was on a move (now gone) keeps playing from the new list.
  const focused = document.activeElement;
  const wasPlaying = page.refocus || playing(focused);
  page.refocus = false;
  page.snapshot = snapshot;
  page.pending = false;
  page.seat = snapshot.seat ?? null;
  if (page.seat !== null) remember(table, { seat: page.seat });

  drawTitle(snapshot);
  if (page.boardCss !== snapshot.game && snapshot.game) {
    page.boardCss = snapshot.game;
    $("board-css").href = `/games/${encodeURIComponent(snapshot.game)}/board.css`;
  }
  drawSeat(snapshot);

  const same = previous !== null && previous.seq === snapshot.seq;
  picks.draw(snapshot.board || "", snapshot.actions || [], mayAct(snapshot), same);
  drawStatus(snapshot);
  drawMoves();
  drawLog(snapshot.log || [], snapshot.log_from ?? 0, first);
  drawResult(snapshot);
  $("hint-box").hidden = true;
  $("hint").hidden = !(mayAct(snapshot) && snapshot.hints !== false);
  document.body.classList.toggle("my-turn", mayAct(snapshot));
  markTurn();
  if (wasPlaying) {
    const next = $("actions").querySelector("button") || $("hint");
    if (next && !next.hidden) next.focus();
  }
}

/** The game's title, from the lobby's catalogue (the snapshot names the game only). */
async function drawTitle(snapshot) {
  if (!page.titles) {
    page.titles = getJson("/api/games").then(
      (games) => Object.fromEntries((Array.isArray(games) ? games : []).map((g) => [g.name, g.title])),
      () => ({}),
    );
  }
  const title = snapshot.title || (await page.titles)[snapshot.game] || snapshot.game || "duelhall";
  $("game-title").textContent = title;
  document.title = `${title} · duelhall`;
}

/** Whose turn, on the page itself: for style, and for tests that play through the page. */
function markTurn() {
  const snapshot = page.snapshot;
  const turn = snapshot.result ? "over" : page.pending ? "sending" : mayAct(snapshot) ? "mine" : "theirs";
  document.body.dataset.turn = turn;
  document.body.dataset.seq = String(snapshot.seq);
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
    $("moves").hidden = Boolean(snapshot.result);
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
    // The game says what its board offers to click (cards, figures, spots...).
    const what = snapshot.pick_words || "a highlighted place on the table";
    note.textContent = `Click ${what}, or choose below (keys 1–9).`;
  } else {
    note.textContent = "";
  }
  $("clear-pick").hidden = picks.selected.length === 0;
}

/**
 * The server sends each connection only the log lines it has not had: `log_from` is where
 * they begin in the reader's whole log. They are appended when they follow the lines shown;
 * otherwise (a new connection, a catch-up) they are the log from there on. Lines past what
 * the page had shown are marked fresh.
 */
function drawLog(lines, from, first) {
  const log = $("log");
  const seen = first ? Infinity : page.logEnd;
  if (from === page.logEnd && !first) {
    for (const old of log.querySelectorAll("li.fresh")) old.classList.remove("fresh");
  } else {
    log.replaceChildren();
  }
  lines.forEach((line, index) => {
    const item = document.createElement("li");
    item.textContent = String(line);
    if (from + index >= seen) item.classList.add("fresh");
    log.append(item);
  });
  while (log.children.length > LOG_LINES) log.firstElementChild.remove();
  page.logEnd = from + lines.length;
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
  drawRematch(snapshot);
}

/** A rematch someone asked for: this seat holds a seat there (by the same token). */
function drawRematch(snapshot) {
  const offer = snapshot.rematch;
  const note = $("rematch-note");
  note.hidden = !offer || page.seat === null;
  $("rematch").textContent = offer ? "Join the rematch" : "Rematch";
  if (offer) note.textContent = "A rematch is waiting for you at a new table.";
}

/** The search's favourite moves, best first, each with its share of the search and its
 * winning chance; the best one is also marked in the list of moves. */
function drawHint(message) {
  const box = $("hint-box");
  if (page.snapshot && message.seq !== undefined && message.seq !== page.snapshot.seq) return;
  const moves = Array.isArray(message.moves) ? message.moves : [];
  box.replaceChildren(listOf(hintLines(message)));
  box.hidden = false;
  const best = moves[0] && moves[0].text;
  for (const button of $("actions").querySelectorAll("button.action")) {
    button.classList.toggle("advised", button.dataset.action === best);
  }
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
  page.sentSeq = snapshot.seq;
  page.refocus = playing(document.activeElement);
  picks.setEnabled(false);
  markTurn();
  drawStatus(snapshot);
  drawMoves();
}

function playing(element) {
  return Boolean(element) && ["actions", "board", "pick-menu"].some((id) => $(id).contains(element));
}

function askHint() {
  page.sentSeq = null;
  if (!page.connection.send({ type: "hint" })) return toast("Not connected.");
  const box = $("hint-box");
  box.textContent = "Thinking…";
  box.hidden = false;
}

async function rematch() {
  try {
    const made = await postJson(`/api/tables/${encodeURIComponent(table)}/rematch`, { token: page.token });
    // Asked for already: this seat's own token holds its seat there.
    const token = made.token || remembered(made.id).token || page.token;
    remember(made.id, { token, seat: made.seat, invites: made.invites, watch: made.watch });
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
  if (known.watch) box.append(linkRow("Link for spectators", known.watch));
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
function toast(text, kind = "error") {
  const box = $("toast");
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    box.hidden = true;
  }, 6000);
}
