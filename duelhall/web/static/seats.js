// Where a browser keeps its seat at each table: the token that claims the seat, the
// invitations it may hand out. Kept in localStorage so a closed tab (or a restarted
// server) resumes; the token never travels in a URL the server sees (only in the
// fragment, which the page strips at once).

const KEY = (table) => `duelhall:table:${table}`;

/** What this browser knows of `table`: {token?, seat?, invites?, watch?}. */
export function remembered(table) {
  try {
    return JSON.parse(localStorage.getItem(KEY(table)) || "{}") || {};
  } catch {
    return {};
  }
}

export function remember(table, facts) {
  const now = { ...remembered(table), ...facts };
  localStorage.setItem(KEY(table), JSON.stringify(now));
  return now;
}

/** The fragment's instruction: {token}, {invite}, {watch: true} or {}. */
export function readFragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (params.get("token")) return { token: params.get("token") };
  if (params.get("invite")) return { invite: params.get("invite") };
  if (params.has("watch")) return { watch: true };
  return {};
}

/** Takes the fragment out of the address bar (and so out of history and bookmarks). */
export function stripFragment() {
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
}

/**
 * The seat this page plays: exchanges an invitation for a token, or reads the token from
 * the fragment or storage. Returns {token?, seat?, spectator: boolean}.
 */
export async function claimSeat(table, hash, fetchJson) {
  const said = readFragment(hash);
  stripFragment();
  if (said.watch) return { spectator: true };
  if (said.token) remember(table, { token: said.token });
  if (said.invite) {
    const joined = await fetchJson(`/api/tables/${encodeURIComponent(table)}/join`, {
      invite: said.invite,
    });
    remember(table, { token: joined.token, seat: joined.seat });
  }
  const known = remembered(table);
  if (known.token) return { token: known.token, seat: known.seat, spectator: false };
  return { spectator: true };
}
