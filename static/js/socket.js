// The room's WebSocket: sends `hello` (with the seat token, never in the URL),
// reconnects with exponential backoff, and reports its status.
const MAX_DELAY_MS = 10000;
// A heartbeat: the server's pong says which version it last sent this socket, so a page
// that missed a frame (or a socket silently gone) notices and resyncs.
const PING_MS = 5000;

export class RoomSocket {
  constructor(code, { hello, onMessage, onStatus }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/rooms/${encodeURIComponent(code)}`;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.attempt = 0;
    this.ws = null;
    this.closed = false;
    this.timer = null;
    this.pinger = null;
  }

  connect() {
    clearTimeout(this.timer);
    this.onStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      ws.send(JSON.stringify(this.hello()));
      this.onStatus("connected");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => {
        if (this.ws === ws && ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}');
      }, PING_MS);
    });
    ws.addEventListener("message", (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      this.onMessage(message);
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      clearInterval(this.pinger);
      this.ws = null;
      if (this.closed) return;
      this.onStatus("reconnecting");
      const delay = Math.min(MAX_DELAY_MS, 500 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
      this.attempt += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }

  // Start over (e.g. after taking a seat: the new hello carries the token).
  restart() {
    const old = this.ws;
    this.ws = null;
    this.attempt = 0;
    if (old) old.close();
    this.connect();
  }

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
