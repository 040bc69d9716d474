// The words the page shows about a snapshot, decided from the snapshot alone (the
// server already built it from this seat's view, so nothing here can reveal more).

/** An action's words as a person reads them. */
export function actionWords(action) {
  return action.words || action.text || String(action.id);
}

/** The notation the server expects back in an "act" message. */
export function actionNotation(action) {
  return action.text ?? action.id;
}

/** A seat's name: the table's name for it, else "Seat N" (seats count from 1 for people). */
export function seatName(snapshot, seat) {
  const names = snapshot.names || [];
  return names[seat] || `Seat ${seat + 1}`;
}

/** The status line: whose turn, or what we wait for, never what anyone chose. */
export function statusLine(snapshot) {
  const status = snapshot.status || {};
  if (snapshot.result) return "Game over";
  if (typeof status.text === "string" && status.text) return status.text;
  const mine = snapshot.seat !== null && snapshot.seat !== undefined;
  if (mine && (snapshot.actions || []).length) return "Your turn";
  const toMove = Array.isArray(status.to_move) ? status.to_move : [];
  // A secret simultaneous choice: a seat still listed but offered nothing has chosen.
  if (snapshot.simultaneous || status.simultaneous || toMove.length > 1) {
    return mine ? "Waiting for the opponent…" : "The players choose in secret…";
  }
  if (mine && toMove.includes(snapshot.seat)) return "Your turn";
  if (toMove.length === 1) {
    const who = seatName(snapshot, toMove[0]);
    return mine ? `Waiting for ${who}…` : `${who} to play`;
  }
  return mine ? "Waiting for the opponent…" : "Watching";
}

/** The result in words. */
export function resultLine(result) {
  if (typeof result === "string") return result;
  if (result && typeof result.text === "string") return result.text;
  return "The game is over.";
}

/** The search's favourite moves (a "hint" message), best first, each with its share of
 * the search and its winning chance. */
export function hintLines(message) {
  const moves = Array.isArray(message.moves) ? message.moves : [];
  const lines = moves.map((move) => {
    const chance = typeof move.value === "number" ? `, ${Math.round(move.value * 100)}% to win` : "";
    const share =
      typeof move.share === "number" ? ` (${Math.round(move.share * 100)}% of the search${chance})` : "";
    return `${move.words || move.text}${share}`;
  });
  if (Array.isArray(message.lines)) lines.push(...message.lines.map(String));
  if (!lines.length) lines.push("No advice for this position.");
  return lines;
}

/** Lines as a numbered list element. */
export function listOf(lines) {
  const list = document.createElement("ol");
  for (const line of lines) {
    const item = document.createElement("li");
    item.textContent = line;
    list.append(item);
  }
  return list;
}
