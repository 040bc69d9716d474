// A record replayed step by step from one seat's view: the server steps through the uploaded
// record and sends, for each step, the snapshot that seat had then.

import { getJson, postFile } from "./http.js";
import { hintLines, listOf, resultLine, seatName } from "./words.js";

const $ = (id) => document.getElementById(id);
const replay = { id: null, steps: 0, step: 0, seat: 0, asked: 0 };

$("record-file").addEventListener("change", () => open($("record-file").files[0]));
for (const [id, move] of [
  ["first", () => 0],
  ["back", () => replay.step - 1],
  ["next", () => replay.step + 1],
  ["last", () => replay.steps],
]) {
  $(id).addEventListener("click", () => show(move()));
}
$("analyse").addEventListener("click", analyse);
$("step").addEventListener("input", () => show(Number($("step").value)));
$("seat").addEventListener("change", () => {
  replay.seat = Number($("seat").value);
  show(replay.step);
});
document.addEventListener("keydown", (event) => {
  if (!replay.id || event.target instanceof HTMLSelectElement) return;
  const to = { ArrowLeft: replay.step - 1, ArrowRight: replay.step + 1, Home: 0, End: replay.steps }[event.key];
  if (to === undefined || event.target === $("step")) return;
  event.preventDefault();
  show(to);
});

async function open(file) {
  if (!file) return;
  const error = $("record-error");
  error.hidden = true;
  try {
    const made = await postFile("/api/replays", file);
    Object.assign(replay, { id: made.id, steps: made.steps, step: 0, seat: 0 });
    const seats = $("seat");
    seats.replaceChildren();
    for (let seat = 0; seat < made.seats; seat += 1) {
      const item = document.createElement("option");
      item.value = String(seat);
      item.textContent = `Seat ${seat + 1}`;
      seats.append(item);
    }
    $("step").max = String(made.steps);
    $("board-css").href = `/games/${encodeURIComponent(made.game)}/board.css`;
    const games = await getJson("/api/games").catch(() => []);
    const title = (Array.isArray(games) ? games : []).find((g) => g.name === made.game)?.title;
    $("game-title").textContent = `Replay · ${title || made.game}`;
    $("controls").hidden = false;
    await show(0);
  } catch (failure) {
    error.textContent = `That record cannot be replayed: ${failure.message}`;
    error.hidden = false;
  }
}

async function show(step) {
  const to = Math.max(0, Math.min(replay.steps, step));
  replay.step = to;
  // Answers can cross when keys are held: only the latest question's answer is drawn.
  replay.asked += 1;
  const asked = replay.asked;
  const query = new URLSearchParams({ step: String(to), seat: String(replay.seat) });
  const snapshot = await getJson(`/api/replays/${encodeURIComponent(replay.id)}?${query}`);
  if (asked !== replay.asked) return;
  $("board").innerHTML = snapshot.board || "";
  const names = [...$("seat").options];
  names.forEach((item, seat) => {
    item.textContent = `Seat ${seat + 1}: ${seatName(snapshot, seat)}`;
  });
  $("status").textContent = snapshot.result ? resultLine(snapshot.result) : `Step ${to} of ${replay.steps}`;
  $("step").value = String(to);
  $("step-text").textContent = `Step ${to} of ${replay.steps}, seen by ${seatName(snapshot, replay.seat)}`;
  $("back").disabled = $("first").disabled = to === 0;
  $("next").disabled = $("last").disabled = to === replay.steps;
  $("analysis").hidden = true;
  const log = $("log");
  log.replaceChildren(
    ...(snapshot.log || []).map((line) => {
      const item = document.createElement("li");
      item.textContent = String(line);
      return item;
    }),
  );
  log.scrollTop = log.scrollHeight;
}

/** The search's verdict for the chosen seat at this step (if that seat was to act). */
async function analyse() {
  const box = $("analysis");
  const at = { step: replay.step, seat: replay.seat };
  box.textContent = "Searching…";
  box.hidden = false;
  const query = new URLSearchParams({ step: String(at.step), seat: String(at.seat) });
  let lines;
  try {
    lines = hintLines(await getJson(`/api/replays/${encodeURIComponent(replay.id)}/hint?${query}`));
  } catch (failure) {
    lines = [failure.message];
  }
  if (at.step !== replay.step || at.seat !== replay.seat) return;
  box.replaceChildren(listOf(lines));
}
