// The generic pick interaction of docs/web.md, as pure functions: no DOM, no game.
//
// Every action carries `picks`, the ids of the things a player clicks for it, in order.
// A selection is the list of ids clicked so far; the actions still possible are those
// whose picks start with it.

/** The actions whose picks begin with `selected`. */
export function candidates(actions, selected) {
  return actions.filter(
    (a) => a.picks.length >= selected.length && selected.every((id, i) => a.picks[i] === id),
  );
}

/** The ids that may be clicked next after `selected`. */
export function nextPicks(actions, selected) {
  const ids = new Set();
  for (const a of candidates(actions, selected)) {
    if (a.picks.length > selected.length) ids.add(a.picks[selected.length]);
  }
  return ids;
}

/**
 * What a click on `id` does to the selection `selected`. Returns
 * `{selected, send?, menu?}`: `send` is the one action left, `menu` the actions that end
 * on exactly these picks when more than one does (or when longer ones could follow).
 * A click on an id that does not continue the selection starts a new one if it can;
 * a click on the last picked id takes it back.
 */
export function click(actions, selected, id) {
  if (selected.length && selected[selected.length - 1] === id) {
    return { selected: selected.slice(0, -1) };
  }
  let chosen;
  if (nextPicks(actions, selected).has(id)) chosen = [...selected, id];
  else if (nextPicks(actions, []).has(id)) chosen = [id];
  else return { selected };
  const left = candidates(actions, chosen);
  if (left.length === 1) return { selected: [], send: left[0] };
  const ending = left.filter((a) => a.picks.length === chosen.length);
  if (ending.length > 0) return { selected: chosen, menu: ending };
  return { selected: chosen };
}
