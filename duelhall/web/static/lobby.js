// The lobby: pick a game, its rules and who sits where, then create the table and go to it.

import { getJson, postJson } from "./http.js";
import { remember } from "./seats.js";

const $ = (id) => document.getElementById(id);
const DEFAULT_LEVELS = ["easy", "medium", "hard"];

const lobby = { games: [], game: null, values: {}, seats: [], preset: null };

load();

async function load() {
  try {
    const answer = await getJson("/api/games");
    lobby.games = Array.isArray(answer) ? answer : answer.games || [];
  } catch (error) {
    $("games").innerHTML = "";
    showError(`The games could not be loaded: ${error.message}. Is the server running?`);
    return;
  }
  drawGames();
  // Duel 52 first: the house game, and the one with the most to choose.
  const first = lobby.games.find((g) => g.name === "duel52") || lobby.games[0];
  if (first) chooseGame(first.name);
  $("new-table").addEventListener("submit", (event) => {
    event.preventDefault();
    create();
  });
}

function drawGames() {
  const box = $("games");
  box.replaceChildren();
  for (const game of lobby.games) {
    const label = document.createElement("label");
    label.className = "game-tile";
    label.dataset.game = game.name;
    const radio = document.createElement("input");
    radio.type = "radio";
    radio.name = "game";
    radio.value = game.name;
    radio.addEventListener("change", () => chooseGame(game.name));
    const title = document.createElement("span");
    title.className = "game-title";
    title.textContent = game.title || game.name;
    const summary = document.createElement("span");
    summary.className = "game-summary";
    summary.textContent = game.summary || "";
    const suit = document.createElement("span");
    suit.className = "game-suit";
    suit.setAttribute("aria-hidden", "true");
    suit.textContent = "♠♥♦♣"[lobby.games.indexOf(game) % 4];
    label.append(radio, suit, title, summary);
    box.append(label);
  }
}

function chooseGame(name) {
  const game = lobby.games.find((g) => g.name === name);
  if (!game) return;
  lobby.game = game;
  for (const radio of document.querySelectorAll('input[name="game"]')) radio.checked = radio.value === name;
  for (const tile of document.querySelectorAll(".game-tile")) {
    tile.classList.toggle("chosen", tile.dataset.game === name);
  }
  lobby.values = defaults(game);
  lobby.seats = [];
  lobby.preset = presetOf(game, lobby.values);
  drawRules();
  $("create").disabled = false;
}

function defaults(game) {
  const values = {};
  for (const option of editable(game)) values[option.name] = option.default;
  return values;
}

/** Options a person can set here: closed choices, flags and bounded numbers (never a file). */
function editable(game) {
  return (game.options || []).filter(
    (o) =>
      (Array.isArray(o.choices) && o.choices.length) ||
      typeof o.default === "boolean" ||
      typeof o.default === "number",
  );
}

/** The presets as [name, options]: the server lists each as {options, seats}. */
function variants(game) {
  const v = game.variants || {};
  if (Array.isArray(v)) return v.map((x) => [x.name, x.options || {}]);
  return Object.entries(v).map(([name, x]) => [name, x && typeof x.options === "object" ? x.options : x]);
}

/** The first preset that says what ``values`` say (the game's defaults are its "standard"
 * preset when it has one), or null. */
function presetOf(game, values) {
  const found = variants(game).find(([, preset]) => Object.entries(preset).every(([k, v]) => values[k] === v));
  return found ? found[0] : null;
}

function drawRules() {
  drawPresets();
  drawPlayers();
  drawOptions();
  drawSeats();
}

function drawPresets() {
  const box = $("presets");
  box.replaceChildren();
  const presets = variants(lobby.game);
  box.hidden = presets.length === 0;
  for (const [name, preset] of presets) {
    const chip = document.createElement("button");
    chip.type = "button";
    chip.className = "chip";
    chip.textContent = name.replaceAll("-", " & ");
    chip.title = Object.entries(preset)
      .map(([k, v]) => `${k} = ${v}`)
      .join(", ");
    // The chosen preset, while the options still say what it says.
    const on = lobby.preset === name && Object.entries(preset).every(([k, v]) => lobby.values[k] === v);
    chip.setAttribute("aria-pressed", String(on));
    chip.addEventListener("click", () => {
      const players = lobby.values.players;
      lobby.values = { ...defaults(lobby.game), ...(on ? {} : preset) };
      // Turning a preset off goes back to the defaults, and so to the preset they make.
      lobby.preset = on ? presetOf(lobby.game, lobby.values) : name;
      // A preset changes the rules, not how many sit at the table.
      if (players !== undefined && !("players" in preset)) lobby.values.players = players;
      drawRules();
    });
    box.append(chip);
  }
}

/** The players option, when a game has one, up front as a row of buttons. */
function drawPlayers() {
  const box = $("players");
  box.replaceChildren();
  const option = (lobby.game.options || []).find((o) => o.name === "players");
  box.hidden = !option;
  if (!option) return;
  const label = document.createElement("p");
  label.className = "field-label";
  label.textContent = "Players";
  const group = document.createElement("div");
  group.className = "segmented";
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", "Players");
  for (const n of option.choices) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = n === 4 ? "4 (two against two)" : `${n}`;
    button.setAttribute("aria-pressed", String(lobby.values.players === n));
    button.addEventListener("click", () => {
      lobby.values.players = n;
      drawRules();
    });
    group.append(button);
  }
  const help = document.createElement("p");
  help.className = "note";
  help.textContent = option.help || "";
  box.append(label, group, help);
}

function drawOptions() {
  const box = $("options");
  box.replaceChildren();
  for (const option of editable(lobby.game)) {
    if (option.name === "players") continue;
    const row = document.createElement("label");
    row.className = "option";
    const name = document.createElement("span");
    name.className = "option-name";
    name.textContent = option.name.replaceAll("_", " ");
    let input;
    if (Array.isArray(option.choices) && option.choices.length) {
      input = document.createElement("select");
      for (const choice of option.choices) {
        const item = document.createElement("option");
        item.value = JSON.stringify(choice);
        item.textContent = String(choice);
        item.selected = choice === lobby.values[option.name];
        input.append(item);
      }
      input.addEventListener("change", () => set(option.name, JSON.parse(input.value)));
    } else if (typeof option.default === "boolean") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = Boolean(lobby.values[option.name]);
      input.addEventListener("change", () => set(option.name, input.checked));
    } else {
      input = document.createElement("input");
      input.type = "number";
      input.step = "1";
      if (option.low !== undefined && option.low !== null) input.min = option.low;
      if (option.high !== undefined && option.high !== null) input.max = option.high;
      input.value = lobby.values[option.name];
      input.addEventListener("change", () => set(option.name, Number(input.value)));
    }
    input.name = option.name;
    const help = document.createElement("span");
    help.className = "option-help";
    help.textContent = option.help || "";
    row.append(name, input, help);
    box.append(row);
  }
}

function set(name, value) {
  lobby.values[name] = value;
  drawPresets();
}

function seatCount() {
  const players = Number(lobby.values.players);
  return Number.isInteger(players) && players > 0 ? players : lobby.game.seats || 2;
}

function levels() {
  const l = lobby.game.levels;
  if (Array.isArray(l) && l.length) return l;
  if (l && typeof l === "object" && Object.keys(l).length) return Object.keys(l);
  return DEFAULT_LEVELS;
}

function drawSeats() {
  const count = seatCount();
  const old = lobby.seats;
  lobby.seats = Array.from({ length: count }, (_, i) => old[i] || (i === 0 ? "me" : "computer:medium"));
  const box = $("seats");
  box.replaceChildren();
  lobby.seats.forEach((choice, seat) => {
    const row = document.createElement("label");
    row.className = "seat-row";
    const name = document.createElement("span");
    name.className = "seat-name";
    name.textContent = `Seat ${seat + 1}`;
    const select = document.createElement("select");
    select.name = `seat-${seat + 1}`;
    const kinds = [
      ["me", "Me, in this browser"],
      ["friend", "A friend, by invitation link"],
      ...levels().map((level) => [`computer:${level}`, `The computer, ${level}`]),
    ];
    for (const [value, text] of kinds) {
      const item = document.createElement("option");
      item.value = value;
      item.textContent = text;
      item.selected = value === choice;
      select.append(item);
    }
    select.addEventListener("change", () => {
      lobby.seats[seat] = select.value;
      // One seat per browser: taking a seat gives up the other one.
      if (select.value === "me") {
        lobby.seats = lobby.seats.map((c, i) => (i !== seat && c === "me" ? "friend" : c));
      }
      drawSeats();
    });
    row.append(name, select);
    box.append(row);
  });
}

function changedOptions() {
  const out = {};
  const base = defaults(lobby.game);
  for (const [name, value] of Object.entries(lobby.values)) if (value !== base[name]) out[name] = value;
  return out;
}

async function create() {
  if (!lobby.game) return;
  $("form-error").hidden = true;
  const seats = lobby.seats.map((choice) => {
    const [kind, level] = choice.split(":");
    return level ? { kind, level } : { kind };
  });
  const button = $("create");
  button.disabled = true;
  button.textContent = "Shuffling…";
  try {
    const made = await postJson("/api/tables", {
      game: lobby.game.name,
      options: changedOptions(),
      seats,
      hints: $("hints").checked,
    });
    remember(made.id, { token: made.token, seat: made.seat, invites: made.invites, watch: made.watch });
    location.assign(`/t/${encodeURIComponent(made.id)}`);
  } catch (error) {
    showError(error.message);
    button.disabled = false;
    button.textContent = "Sit down at the table";
  }
}

function showError(text) {
  const box = $("form-error");
  box.textContent = text;
  box.hidden = false;
}
