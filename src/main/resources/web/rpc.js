// signaltty/1 over the daemon's WebSocket (the same envelope, router and events as the Unix socket).
// Two kinds of connection: the page's control connection (Rpc: subscribe, state, every request) and
// one viewer connection per attached pane (Link: pane.attach, its pty.data, pane.resize), so the
// daemon's lag rule (seed R201) closes only the viewer that cannot keep up, and a flooding pane's
// bytes never queue in front of another pane's echo.

const wsUrl = () => (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws';

/** Numbered requests and their replies; events go to onEvent (which may return a promise: see Link). */
class Calls {
  constructor() { this.ids = 0; this.pending = new Map(); }

  request(send, method, params) {
    const id = 'w' + (++this.ids);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      send(JSON.stringify({ protocol: 'signaltty/1', id, method, params: params || {} }));
    });
  }

  reply(msg) {
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.ok) p.resolve(msg.result);
    else {
      const e = new Error(msg.error.code + ': ' + msg.error.message);
      e.code = msg.error.code;
      e.details = msg.error.details || {}; // BAD_PARAMS names its field here (a form marks that input)
      p.reject(e);
    }
  }

  fail() {
    for (const p of this.pending.values()) p.reject(new Error('connection closed'));
    this.pending.clear();
  }
}

/** The control connection: reconnects by itself (lag, daemon restart, network) with backoff. */
export class Rpc {
  constructor(handlers) {
    this.handlers = handlers;
    this.calls = new Calls();
    this.backoff = 250;
    this.opens = 0;
  }

  connect() {
    const ws = new WebSocket(wsUrl());
    this.ws = ws;
    ws.onopen = () => { this.backoff = 250; this.opens++; this.handlers.open(); };
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === 'event') this.handlers.event(msg);
      else this.calls.reply(msg);
    };
    ws.onclose = () => {
      this.calls.fail();
      this.handlers.down();
      // recover as from any lost stream (protocol.md): resubscribe, fetch, reattach
      setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 4000);
    };
  }

  get open() { return !!this.ws && this.ws.readyState === WebSocket.OPEN; }

  call(method, params) {
    if (!this.open) return Promise.reject(new Error('not connected'));
    return this.calls.request((t) => this.ws.send(t), method, params);
  }
}

/**
 * A viewer connection. Where the browser has WebSocketStream, messages are read only as fast as
 * onEvent's promises settle: a page that cannot paint fast enough stops reading, the socket backs up,
 * and the daemon's own lag cap closes the connection, exactly as for a Unix-socket client. Without it,
 * the page applies the same cap to what it holds unpainted (LAG_BYTES) and closes the link itself.
 * Either way onClose runs once, and the owner reattaches.
 */
export class Link {
  static LAG_BYTES = 32 * 1024 * 1024; // the daemon's queued-event cap (ConnectionOutput)

  constructor(onEvent, onClose) {
    this.onEvent = onEvent;
    this.onClose = onClose;
    this.calls = new Calls();
    this.closed = false;
  }

  async open() {
    if (window.WebSocketStream) {
      this.wss = new WebSocketStream(wsUrl());
      const { readable, writable } = await this.wss.opened;
      this.writer = writable.getWriter();
      this.send = (t) => this.writer.write(t).catch(() => {});
      this.wss.closed.then(() => this.ended(), () => this.ended());
      this.readLoop(readable.getReader());
    } else {
      const ws = new WebSocket(wsUrl());
      this.ws = ws;
      await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
      this.send = (t) => ws.send(t);
      ws.onmessage = (m) => this.receive(JSON.parse(m.data));
      ws.onclose = () => this.ended();
    }
  }

  async readLoop(reader) {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const wait = this.receive(JSON.parse(value));
        if (wait) await wait; // backpressure: nothing more is read until the backlog is painted
      }
    } catch (e) { /* closed */ }
    this.ended();
  }

  receive(msg) {
    if (msg.type === 'event') return this.onEvent(msg);
    this.calls.reply(msg);
    return undefined;
  }

  call(method, params) {
    if (this.closed || !this.send) return Promise.reject(new Error('not connected'));
    return this.calls.request(this.send, method, params);
  }

  /** Closes it from this side (the page's own lag cap, or a pane no longer shown); onClose still runs. */
  close() {
    try {
      if (this.wss) this.wss.close();
      if (this.ws) this.ws.close();
    } catch (e) { /* already closing */ }
    this.ended();
  }

  ended() {
    if (this.closed) return;
    this.closed = true;
    this.calls.fail();
    this.onClose();
  }
}
