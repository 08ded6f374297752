// One xterm.js terminal per pane, each with its own viewer connection (rpc.js Link). Output is
// coalesced per animation frame across all panes: a quiet pane's few bytes (an echo) are written
// first and whole, flooding panes share what is left of the frame's budget, and xterm.js is given
// more only once it has parsed what it had. A pane whose unpainted backlog passes HIGH_BYTES stops
// reading its connection until it is down to LOW_BYTES; if the daemon meanwhile closes it for lag,
// the viewer reattaches: the attach reply's snapshot is the current screen (seed R201, R203, R204).
import { h, toast } from './dom.js';
import { Link } from './rpc.js';
import { answerNothing, isReport } from './answers.js';
import { attachWithHistory, historyBytes, HISTORY_LINES } from './scrollback.js';
import { S, rpc, ui } from './state.js';

const FRAME_BYTES = 256 * 1024;
const QUIET_BYTES = 4096;
const HIGH_BYTES = 512 * 1024;
const LOW_BYTES = 128 * 1024;
const REATTACH_MS = 300;

/** For the browser tests: measureHeld keeps every pane unmeasurable, as before xterm.js measured its font. */
export const hooks = { measureHeld: false };

export const terms = new Map(); // pane id → Viewer (kept across renders and reconnects: widgets and sizes stay)

function b64bytes(b64) {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

// ---------- the per-frame painter
const waiting = new Set();
let frameRequested = false;

function schedule(v) {
  waiting.add(v);
  if (!frameRequested) { frameRequested = true; requestAnimationFrame(paintFrame); }
}

function paintFrame() {
  frameRequested = false;
  const ready = [...waiting].filter((v) => !v.writing && v.queued > 0).sort((a, b) => a.queued - b.queued);
  waiting.clear();
  let budget = FRAME_BYTES;
  ready.forEach((v, i) => {
    const share = v.queued <= QUIET_BYTES ? v.queued : Math.max(QUIET_BYTES, Math.floor(budget / (ready.length - i)));
    budget -= v.paint(share);
  });
}

export class Viewer {
  constructor(paneId) {
    this.paneId = paneId;
    this.chunks = [];
    this.queued = 0; // bytes received, not yet given to xterm.js
    this.writing = false;
    this.offset = null; // the pane's output offset the screen reflects (seed R301)
    this.link = null;
    this.ready = false; // the attach reply arrived on this.link: its resizes count as this viewer's
    this.asking = null; // the size a pane.resize in flight asked for
    this.overruled = null; // {cols, rows, got}: the daemon's size policy answered that size with another
    this.hidden = false; // not on screen, still attached: the daemon was told its size does not count (hide)
    this.attaching = null;
    this.closures = 0; // viewer connections that ended without the page asking
    this.refused = null; // why the last key typed was refused, until one goes through
    this.term = new Terminal({ fontSize: 13, fontFamily: 'ui-monospace, "DejaVu Sans Mono", monospace', scrollback: HISTORY_LINES,
      theme: { background: '#0d1117', foreground: '#d6dde6', cursor: '#7ee787' }, allowProposedApi: false });
    this.fit = new FitAddon.FitAddon();
    this.term.loadAddon(this.fit);
    this.header = h('div', { class: 'pane-head' });
    this.body = h('div', { class: 'pane-body' });
    this.frame = h('div', { class: 'pane', dataset: { paneId } }, this.header, this.body);
    this.frame.addEventListener('mousedown', () => this.focus());
    this.term.open(this.body);
    this.term.textarea?.addEventListener('focus', () => setFocused(paneId));
    answerNothing(this.term); // the daemon answers the program's queries (answers.js)
    // Ctrl+C over a selection copies it, as VS Code's and Windows Terminal's terminals do: sent as ^C it
    // interrupted the agent whose words the person meant to quote. With nothing selected it is ^C. (xterm.js
    // leaves the key to the browser, whose copy event xterm.js fills with the selection.)
    this.term.attachCustomKeyEventHandler((e) => !(e.type === 'keydown' && e.ctrlKey && !e.altKey && !e.metaKey
      && e.key.toLowerCase() === 'c' && this.term.hasSelection()));
    this.term.onData((d) => this.send(d));
    // A mouse report in the X10 encoding (DECSET 1000/1002/1003 without SGR's 1006) comes as onBinary: one
    // char per byte, not text. Sent as text a column past 95 (a byte over 127) became two UTF-8 bytes and
    // the program read another place; not sent at all, a click in such a program did nothing.
    this.term.onBinary((d) => this.send(d, true));
  }

  /**
   * What the terminal gives to send: keys, a paste, and the focus and mouse reports of a program that
   * asked for them. A read-only page sends none of them, and says so when a key is typed. A pane the page knows has exited gets no report (a program that left focus or mouse
   * reporting on, then exited: a click into its pane is no key). Keys typed are sent whatever the page
   * knows: the daemon says whether the pane runs (a resume from elsewhere may not have reached the page
   * yet), and its refusal is said once. {@code binary}: each char of {@code d} is a byte (onBinary), sent
   * as those bytes (data_b64), not as UTF-8 text.
   */
  send(d, binary = false) {
    const write = { pane_id: this.paneId, ...(binary ? { data_b64: btoa(d) } : { data: d }) };
    if (isReport(d)) {
      // a report racing the program's exit is no one's loss: not said
      if (!S.readOnly && S.panes.get(this.paneId)?.status !== 'exited') {
        rpc.call('pane.write', write).catch(() => {});
      }
      return;
    }
    // keys typed on a read-only page went nowhere in silence: said once, with the way out
    if (S.readOnly) { this.refuse('this page is read-only (untick read-only in the sidebar to type)'); return; }
    rpc.call('pane.write', write).then(() => { this.refused = null; }, (e) => this.refuse(e.message));
  }

  /**
   * A refused key (the program exited, the pane closed) is said once, not dropped in silence, and not once
   * per key: the notice comes back only after a key went through or the reason changed. It goes with the
   * pane: a notice about a pane no longer shown is removed (app.js).
   */
  refuse(why) {
    if (this.refused === why) return;
    this.refused = why;
    toast(`keys not sent to ${S.panes.get(this.paneId)?.name || this.paneId}: ${why}`, this.paneId);
  }

  focus() { this.term.focus(); setFocused(this.paneId); }

  get attached() { return !!this.link && !this.link.closed; }

  /** A pty.data event: queued for the next frame; a promise while the backlog is over HIGH_BYTES. */
  data(payload) {
    let bytes = b64bytes(payload.data_b64);
    const end = payload.output_offset;
    if (this.offset != null && typeof end === 'number') {
      const start = end - bytes.length;
      if (start > this.offset) { this.reattach(); return undefined; } // seed R301: a forward gap
      if (end <= this.offset) return undefined;
      if (start < this.offset) bytes = bytes.subarray(this.offset - start);
      this.offset = end;
    }
    this.chunks.push(bytes);
    this.queued += bytes.length;
    schedule(this);
    if (this.queued <= HIGH_BYTES) return undefined;
    return new Promise((resolve) => { this.drained = resolve; });
  }

  /** Gives xterm.js up to {@code max} bytes; the rest waits for a later frame. Returns what it wrote. */
  paint(max) {
    const parts = [];
    let n = 0;
    while (this.chunks.length && n < max) {
      const c = this.chunks[0];
      if (n + c.length <= max) { parts.push(c); n += c.length; this.chunks.shift(); }
      else { parts.push(c.subarray(0, max - n)); this.chunks[0] = c.subarray(max - n); n = max; }
    }
    if (!n) return 0;
    this.queued -= n;
    const all = parts.length === 1 ? parts[0] : new Uint8Array(n);
    if (parts.length > 1) { let at = 0; for (const p of parts) { all.set(p, at); at += p.length; } }
    this.writing = true;
    const link = this.link;
    this.term.write(all, () => {
      if (link !== this.link) return; // reattached meanwhile: the new screen owns the terminal
      this.writing = false;
      if (this.drained && this.queued <= LOW_BYTES) { const d = this.drained; this.drained = null; d(); }
      if (this.queued) schedule(this);
    });
    return n;
  }

  dropBacklog() {
    this.chunks = [];
    this.queued = 0;
    this.writing = false;
    if (this.drained) { const d = this.drained; this.drained = null; d(); }
  }

  /**
   * A viewer connection of its own, then pane.attach: the reply's snapshot restores the visible screen,
   * and the pane's history the daemon still has goes above it (scrollback.js).
   */
  attach() {
    if (this.attaching) return this.attaching;
    this.attaching = this.attachNow().finally(() => { this.attaching = null; });
    return this.attaching;
  }

  async attachNow() {
    this.detach();
    this.ready = false;
    this.asking = null;
    this.overruled = null;
    this.hidden = false; // a new connection: nothing withdrawn, its first resize counts
    this.refused = null; // a new process, or the screen again: a refusal is said anew
    const link = new Link((msg) => (msg.event === 'pty.data' && link === this.link ? this.data(msg.payload) : undefined),
      () => this.linkClosed(link));
    this.link = link;
    await link.open();
    const { reply: r, history } = await attachWithHistory(link, this.paneId, S.panes.get(this.paneId)?.rows);
    if (link !== this.link) return;
    this.dropBacklog();
    this.term.reset();
    if (this.term.cols !== r.cols || this.term.rows !== r.rows) this.term.resize(r.cols, r.rows);
    // the pane's history above its screen goes to the scrollback first (scrollback.js), then the screen
    if (history.length) this.term.write(historyBytes(history, r.rows));
    // scrolled to the screen: with a scrollback written at once xterm.js can take the scroll of its own
    // viewport (still at the top) for the person's and stay on the oldest lines as the output goes on
    this.term.write(b64bytes(r.snapshot_b64), () => { if (history.length && link === this.link) this.term.scrollToBottom(); });
    this.offset = r.output_offset;
    const p = S.panes.get(this.paneId);
    if (p) { p.cols = r.cols; p.rows = r.rows; }
    this.ready = true;
    this.frame.dataset.attached = 'yes';
    this.size();
  }

  /** The daemon closed this viewer (lag, restart) or it saw a gap: attach again while the pane is shown. */
  linkClosed(link) {
    if (link !== this.link) return;
    this.link = null;
    this.ready = false;
    this.dropBacklog();
    this.frame.dataset.attached = 'no';
    this.closures++;
    this.frame.dataset.viewerCloses = String(this.closures);
    if (!rpc.open) return; // the control connection's recovery reattaches everything
    setTimeout(() => ui.attachVisible(), REATTACH_MS);
  }

  reattach() {
    const link = this.link;
    if (link) link.close(); // linkClosed schedules the attach
  }

  detach() {
    const link = this.link;
    this.link = null;
    this.ready = false;
    if (link) link.close();
  }

  /**
   * The cell's size in characters, or null while xterm.js has no cell size yet: it measures its font
   * only once the terminal is on screen (an IntersectionObserver), which can come after the attach
   * reply, and nothing tells the page when it does.
   */
  measure() {
    if (hooks.measureHeld) return null;
    const dims = this.fit.proposeDimensions();
    if (!dims || !isFinite(dims.cols) || !isFinite(dims.rows)) return null;
    return { cols: Math.max(2, dims.cols), rows: Math.max(1, dims.rows) };
  }

  /**
   * This page sizes the pane to its cell unless it is read-only (then it shows the daemon's size).
   * The pane's known size (S.panes) is only ever what the daemon said (attach reply, resize reply,
   * pane.list/pane.get), never what the page merely asked for, so a request that was lost or overruled
   * cannot leave the page believing the PTY has its size; a size it cannot measure yet is measured
   * again on the next frames until it can.
   */
  size() {
    const p = S.panes.get(this.paneId);
    if (!p || (this.hidden && !this.frame.isConnected)) return; // hidden: the widget follows the pane's size
    const m = this.measure();
    if (!m) { this.remeasure(); return; }
    let show = m;
    // shown again after it was hidden: its size counts again only once asked, even where it is the pane's now
    const rejoin = this.hidden && this.ready;
    this.hidden = false;
    if (S.readOnly || !this.ready) {
      show = p;
    } else if (rejoin) {
      this.ask(m);
    } else if (m.cols !== p.cols || m.rows !== p.rows) {
      const o = this.overruled;
      if (o && o.cols === m.cols && o.rows === m.rows && o.got.cols === p.cols && o.got.rows === p.rows) show = p;
      else if (!this.asking || this.asking.cols !== m.cols || this.asking.rows !== m.rows) this.ask(m);
    }
    if (this.term.cols !== show.cols || this.term.rows !== show.rows) this.term.resize(show.cols, show.rows);
    this.frame.dataset.cols = this.term.cols;
    this.frame.dataset.rows = this.term.rows;
  }

  /** Retries size() on the coming frames while the pane is in the page and cannot be measured. */
  remeasure() {
    if (this.remeasuring) return;
    this.remeasuring = true;
    requestAnimationFrame(() => {
      this.remeasuring = false;
      if (this.frame.isConnected) this.size();
    });
  }

  /**
   * pane.resize on the viewer connection (the daemon's size policy counts this page as the viewer
   * sizing it). The reply is the size the pane has afterwards: it becomes the known size, and when the
   * policy gave another viewer's size instead, the widget shows that one rather than asking again.
   */
  ask(m) {
    const link = this.link;
    const asked = { cols: m.cols, rows: m.rows };
    this.asking = asked;
    link.call('pane.resize', { pane_id: this.paneId, cols: m.cols, rows: m.rows }).then((r) => {
      if (link !== this.link) return;
      const p = S.panes.get(this.paneId);
      if (p) { p.cols = r.cols; p.rows = r.rows; }
      this.overruled = r.cols !== asked.cols || r.rows !== asked.rows ? { ...asked, got: { cols: r.cols, rows: r.rows } } : null;
      if (this.asking === asked) this.asking = null;
      this.size();
    }, () => {
      // the connection closed (its reattach sizes the pane again) or the daemon refused the size
      if (this.asking === asked) this.asking = null;
    });
  }

  /**
   * The pane left the screen and its viewer stays attached (ADR 1242): the daemon is told this page's size
   * no longer counts for it (pane.resize hidden, ADR 1331). Under the smallest policy a pane shown small on
   * a tab left behind kept the pane small for every other viewer. The reply is the size the others make.
   */
  hide() {
    if (this.hidden || !this.ready) return;
    this.hidden = true;
    this.asking = null;
    this.overruled = null;
    const link = this.link;
    link.call('pane.resize', { pane_id: this.paneId, hidden: true }).then((r) => {
      const p = S.panes.get(this.paneId);
      if (p) { p.cols = r.cols; p.rows = r.rows; }
      this.follow();
    }, () => {}); // the connection closed: nothing counts for it any more anyway
  }

  /** While hidden the widget takes the pane's size, so the output it parses meanwhile lands as it is drawn. */
  follow() {
    const p = S.panes.get(this.paneId);
    if (!this.hidden || !p || (this.term.cols === p.cols && this.term.rows === p.rows)) return;
    this.term.resize(p.cols, p.rows);
  }

  dispose() { this.detach(); this.term.dispose(); this.frame.remove(); }
}

export function viewer(id) {
  let v = terms.get(id);
  if (!v) { v = new Viewer(id); terms.set(id, v); }
  return v;
}

/** The browser's keyboard focus went to a pane (a click, a key, showPane, refocus): it is this page's
 * own, and it becomes the tab's shared focused pane too (app.js: tabfocus.js). */
export function setFocused(id) {
  S.focused = id;
  for (const v of terms.values()) v.frame.classList.toggle('focused', v.paneId === id);
  ui.focusChanged(id);
}

/**
 * Viewers of panes no longer on screen kept attached, the most recently shown first. A reattach starts
 * the widget afresh from the daemon's screen (reset, snapshot): its scrollback went, so switching to
 * another tab and back lost everything an agent had printed above its last screen. Kept attached, a
 * hidden pane's widget keeps its scrollback and goes on taking the pane's output. Past the cap the least
 * recently shown are closed (a flood among them is lag-closed anyway, and reattached when shown).
 */
const KEEP_HIDDEN = 8;
let shown = []; // pane ids, the most recently shown first

/** Attaches the panes on screen, each on its own viewer connection; keeps the viewers of the KEEP_HIDDEN
 * panes shown most recently, not counting for the pane's size (Viewer.hide), and closes the others'. */
export async function attachVisible(visible) {
  if (!rpc.open) return;
  const want = new Set(visible);
  shown = [...visible, ...shown.filter((id) => !want.has(id) && S.panes.has(id))].slice(0, visible.length + KEEP_HIDDEN);
  const keep = new Set(shown);
  for (const v of terms.values()) {
    if (!keep.has(v.paneId) && v.link) v.detach();
    else if (!want.has(v.paneId) && v.attached) { v.hide(); v.follow(); }
  }
  await Promise.all([...want].filter((id) => S.panes.has(id)).map((id) => {
    const v = viewer(id);
    return v.attached && !v.attaching ? null : v.attach().catch(() => {});
  }));
}

/** After the control connection dropped: every viewer attaches afresh in recovery. */
export function detachAll() {
  for (const v of terms.values()) v.detach();
}
