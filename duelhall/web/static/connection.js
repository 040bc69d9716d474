// One table's WebSocket: says hello on every (re)connection, so the server's answer, a
// full snapshot, is all a client needs to catch up; reconnects with a growing delay.

const DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000];

export class TableConnection {
  /**
   * @param {string} table the table's id
   * @param {string|undefined} token the seat's token (none: a spectator)
   * @param {{onMessage: (m: object) => void, onState: (s: string) => void}} handlers
   */
  constructor(table, token, handlers) {
    this.url = socketUrl(`/ws/tables/${encodeURIComponent(table)}`);
    this.token = token;
    this.handlers = handlers;
    this.failures = 0;
    this.socket = null;
    this.timer = null;
    this.closed = false;
    this.open();
  }

  open() {
    this.handlers.onState(this.failures ? "reconnecting" : "connecting");
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      const hello = { type: "hello" };
      if (this.token) hello.token = this.token;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && message.type === "snapshot") {
        this.failures = 0;
        this.handlers.onState("live");
      }
      this.handlers.onMessage(message);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket || this.closed) return;
      this.failures += 1;
      this.handlers.onState("reconnecting");
      const base = DELAYS_MS[Math.min(this.failures - 1, DELAYS_MS.length - 1)];
      // Spread the retries of many clients after a server restart.
      this.timer = setTimeout(() => this.open(), base * (0.75 + Math.random() / 2));
    });
  }

  /** Sends a message now; false when the connection is down (the caller says so). */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }
}

function socketUrl(path) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}
