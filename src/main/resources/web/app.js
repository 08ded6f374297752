// The signaltty dashboard: speaks signaltty/1 over the daemon's WebSocket (the same envelope, router and
// events as the Unix socket; docs/protocol.md). Plain JS: one connection, state fetched after
// subscribing, one xterm.js terminal per pane of the tab on screen (ADR 0150).
'use strict';

// ---------- DOM helper
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** replaceChildren for nested lists with holes, as h() takes them. */
function fill(el, ...children) {
  el.replaceChildren(...children.flat(3).filter((c) => c != null && c !== false)
    .map((c) => (c instanceof Node ? c : document.createTextNode(String(c)))));
}

// ---------- the connection
class Rpc {
  constructor(handlers) {
    this.handlers = handlers;
    this.ids = 0;
    this.pending = new Map();
    this.backoff = 250;
  }

  connect() {
    const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
    this.ws = ws;
    ws.onopen = () => { this.backoff = 250; this.handlers.open(); };
    ws.onmessage = (m) => this.receive(JSON.parse(m.data));
    ws.onclose = () => {
      for (const p of this.pending.values()) p.reject(new Error('connection closed'));
      this.pending.clear();
      this.handlers.down();
      // lag closure, daemon restart, network: reconnect and recover (protocol.md, "any lost stream")
      setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 4000);
    };
  }

  receive(msg) {
    if (msg.type === 'event') { this.handlers.event(msg); return; }
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.ok) p.resolve(msg.result);
    else {
      const e = new Error(msg.error.code + ': ' + msg.error.message);
      e.code = msg.error.code;
      p.reject(e);
    }
  }

  call(method, params) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error('not connected'));
    const id = 'w' + (++this.ids);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ protocol: 'signaltty/1', id, method, params: params || {} }));
    });
  }
}

// ---------- state
const S = {
  connected: false,
  readOnly: localStorage.getItem('signaltty.readOnly') === '1',
  view: JSON.parse(sessionStorage.getItem('signaltty.view') || '{"kind":"overview"}'),
  workspaces: [], tabs: new Map(), panes: new Map(), agents: new Map(),
  attention: [], decisions: [], tasks: [], events: [],
  task: null, // {task_id, diff, file, fileDiff}
  focused: null,
};
const MAX_EVENTS = 500;
const terms = new Map(); // pane id → Viewer (kept across renders and reconnects: widgets and sizes stay)
const attached = new Set(); // panes attached on the current connection

const rpc = new Rpc({ open: recover, down: () => { S.connected = false; attached.clear(); renderChrome(); }, event: onEvent });

function toast(text) {
  const t = h('div', { class: 'toast' }, text);
  document.body.append(t);
  setTimeout(() => t.remove(), 5000);
}
const call = (m, p) => rpc.call(m, p).catch((e) => { toast(m + ': ' + e.message); throw e; });

// ---------- recovery: subscribe first, then fetch state, then reattach (protocol.md)
async function recover() {
  S.connected = true;
  try {
    await rpc.call('subscribe', { events: ['*'] });
    await fetchAll();
    render();
    await attachVisible();
  } catch (e) {
    toast('recovery failed: ' + e.message);
  }
}

async function fetchAll() {
  const [ws, tabs, panes] = await Promise.all([rpc.call('workspace.list'), rpc.call('tab.list'), rpc.call('pane.list')]);
  S.workspaces = ws.workspaces;
  S.tabs = new Map(tabs.tabs.map((t) => [t.tab_id, t]));
  S.panes = new Map(panes.panes.map((p) => [p.pane_id, p]));
  await Promise.all([fetchAgents([...S.panes.keys()]), fetchQueue(), fetchTasks()]);
}

async function fetchAgents(ids) {
  await Promise.all(ids.map((id) => rpc.call('pane.get', { pane_id: id }).then((r) => {
    const before = S.panes.get(id);
    // a new process (resume, restart): attach again, so its output streams to this page
    if (before && (before.pid !== r.pane.pid || before.status !== r.pane.status)) attached.delete(id);
    S.panes.set(id, r.pane);
    S.agents.set(id, { lifecycle: r.lifecycle, attention: r.attention, agent: r.agent });
  }, () => { S.panes.delete(id); S.agents.delete(id); })));
}

async function fetchQueue() {
  const [att, dec] = await Promise.all([rpc.call('attention.pending'), rpc.call('decision.list')]);
  S.attention = att.panes;
  S.decisions = dec.decisions.filter((d) => d.status === 'pending');
}

async function fetchTasks() {
  S.tasks = (await rpc.call('task.list')).tasks;
}

// ---------- events: each marks what to re-fetch; one refresh per burst
const dirty = { structure: false, queue: false, tasks: false, panes: new Set() };
let refreshTimer = null;

function onEvent(msg) {
  if (msg.event === 'pty.data') { terms.get(msg.payload.pane_id)?.data(msg.payload.data_b64); return; }
  S.events.unshift(msg);
  if (S.events.length > MAX_EVENTS) S.events.length = MAX_EVENTS;
  const [family] = msg.event.split('.');
  const pane = msg.payload && msg.payload.pane_id;
  if (family === 'workspace' || family === 'tab' || msg.event === 'pane.created' || msg.event === 'pane.closed'
      || msg.event === 'pane.updated') dirty.structure = true;
  if (pane && (family === 'pane' || family === 'agent' || family === 'attention' || family === 'notification')) dirty.panes.add(pane);
  if (family === 'decision' || family === 'attention' || family === 'agent') dirty.queue = true;
  if (family === 'task') dirty.tasks = true;
  if (!refreshTimer) refreshTimer = setTimeout(refresh, 40);
}

async function refresh() {
  refreshTimer = null;
  const jobs = [];
  if (dirty.structure) {
    jobs.push(Promise.all([rpc.call('workspace.list'), rpc.call('tab.list'), rpc.call('pane.list')]).then(([ws, tabs, panes]) => {
      S.workspaces = ws.workspaces;
      S.tabs = new Map(tabs.tabs.map((t) => [t.tab_id, t]));
      const fresh = panes.panes.filter((p) => !S.panes.has(p.pane_id)).map((p) => p.pane_id);
      for (const p of panes.panes) {
        const before = S.panes.get(p.pane_id);
        if (before && (before.pid !== p.pid || before.status !== p.status)) attached.delete(p.pane_id);
      }
      S.panes = new Map(panes.panes.map((p) => [p.pane_id, { ...S.panes.get(p.pane_id), ...p }]));
      return fetchAgents(fresh);
    }));
  }
  if (dirty.panes.size) jobs.push(fetchAgents([...dirty.panes]));
  if (dirty.queue) jobs.push(fetchQueue());
  if (dirty.tasks) jobs.push(fetchTasks());
  dirty.structure = dirty.queue = dirty.tasks = false;
  dirty.panes.clear();
  try { await Promise.all(jobs); } catch (e) { /* the connection dropped: recover() fetches again */ }
  for (const id of [...terms.keys()]) if (!S.panes.has(id)) { terms.get(id).dispose(); terms.delete(id); }
  render();
  attachVisible();
}

// ---------- one terminal per pane
function b64bytes(b64) {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

class Viewer {
  constructor(paneId) {
    this.paneId = paneId;
    this.chunks = [];
    this.frameRequested = false;
    this.term = new Terminal({ fontSize: 13, fontFamily: 'ui-monospace, "DejaVu Sans Mono", monospace', scrollback: 2000,
      theme: { background: '#0d1117', foreground: '#d6dde6', cursor: '#7ee787' }, allowProposedApi: false });
    this.fit = new FitAddon.FitAddon();
    this.term.loadAddon(this.fit);
    this.header = h('div', { class: 'pane-head' });
    this.body = h('div', { class: 'pane-body' });
    this.frame = h('div', { class: 'pane', dataset: { paneId } }, this.header, this.body);
    this.frame.addEventListener('mousedown', () => this.focus());
    this.term.open(this.body);
    this.term.textarea?.addEventListener('focus', () => setFocused(paneId));
    this.term.onData((d) => {
      if (S.readOnly) return;
      rpc.call('pane.write', { pane_id: paneId, data: d }).catch(() => {});
    });
  }

  focus() { this.term.focus(); setFocused(this.paneId); }

  // output coalesced per animation frame: a flooding pane costs one write per frame, not per event
  data(b64) {
    this.chunks.push(b64bytes(b64));
    if (!this.frameRequested) {
      this.frameRequested = true;
      requestAnimationFrame(() => this.paint());
    }
  }

  paint() {
    this.frameRequested = false;
    if (!this.chunks.length) return;
    let n = 0;
    for (const c of this.chunks) n += c.length;
    const all = new Uint8Array(n);
    let at = 0;
    for (const c of this.chunks) { all.set(c, at); at += c.length; }
    this.chunks = [];
    this.term.write(all);
  }

  // attach: the reply's snapshot restores the visible screen; pty.data continues where it ends
  async attach() {
    const r = await rpc.call('pane.attach', { pane_id: this.paneId });
    this.chunks = [];
    this.term.reset();
    if (this.term.cols !== r.cols || this.term.rows !== r.rows) this.term.resize(r.cols, r.rows);
    this.term.write(b64bytes(r.snapshot_b64));
    const p = S.panes.get(this.paneId);
    if (p) { p.cols = r.cols; p.rows = r.rows; }
    this.size();
  }

  // this page sizes the pane to its cell unless it is read-only (then it shows the daemon's size)
  size() {
    const p = S.panes.get(this.paneId);
    const dims = this.fit.proposeDimensions();
    if (!p || !dims || !isFinite(dims.cols) || !isFinite(dims.rows)) return;
    const cols = Math.max(2, dims.cols), rows = Math.max(1, dims.rows);
    if (S.readOnly || !attached.has(this.paneId)) {
      if (this.term.cols !== p.cols || this.term.rows !== p.rows) this.term.resize(p.cols, p.rows);
    } else if (cols !== p.cols || rows !== p.rows) {
      p.cols = cols; p.rows = rows;
      this.term.resize(cols, rows);
      rpc.call('pane.resize', { pane_id: this.paneId, cols, rows }).catch(() => {});
    } else if (this.term.cols !== cols || this.term.rows !== rows) {
      this.term.resize(cols, rows);
    }
    this.frame.dataset.cols = this.term.cols;
    this.frame.dataset.rows = this.term.rows;
  }

  dispose() { this.term.dispose(); this.frame.remove(); }
}

function viewer(id) {
  let v = terms.get(id);
  if (!v) { v = new Viewer(id); terms.set(id, v); }
  return v;
}

function setFocused(id) {
  S.focused = id;
  for (const v of terms.values()) v.frame.classList.toggle('focused', v.paneId === id);
}

function visiblePanes() {
  if (S.view.kind !== 'tab') return [];
  const tab = S.tabs.get(S.view.tabId);
  return tab ? tab.pane_ids : [];
}

async function attachVisible() {
  if (!S.connected) return;
  const want = new Set(visiblePanes());
  for (const id of [...attached]) {
    if (!want.has(id)) { attached.delete(id); rpc.call('pane.detach', { pane_id: id }).catch(() => {}); }
  }
  await Promise.all([...want].filter((id) => !attached.has(id) && S.panes.has(id)).map((id) => {
    attached.add(id);
    return viewer(id).attach().catch(() => attached.delete(id));
  }));
}

// ---------- badges
function badges(id) {
  const p = S.panes.get(id) || {};
  const a = S.agents.get(id) || {};
  const out = [];
  if (p.status === 'exited') out.push(h('span', { class: 'badge exited' }, 'exited'));
  if (a.lifecycle && a.lifecycle !== 'unknown') out.push(h('span', { class: 'badge lc-' + a.lifecycle }, a.lifecycle));
  if (a.attention && a.attention !== 'none') out.push(h('span', { class: 'badge at-' + a.attention }, a.attention.replace('_', ' ')));
  return out;
}

function paneName(id) {
  const p = S.panes.get(id) || {};
  return p.name || p.label || (p.argv ? p.argv[0] : id);
}

// ---------- rendering
const app = document.getElementById('app');
const side = h('nav', { class: 'side' });
const main = h('main', { class: 'main' });
const queue = h('aside', { class: 'queue' });
app.append(side, main, queue);

function go(view) {
  S.view = view;
  sessionStorage.setItem('signaltty.view', JSON.stringify(view));
  render();
  attachVisible();
}

function render() {
  renderChrome();
  renderQueue();
  if (S.view.kind === 'tab' && S.tabs.has(S.view.tabId)) renderTab(S.tabs.get(S.view.tabId));
  else if (S.view.kind === 'tasks') renderTasks();
  else if (S.view.kind === 'events') renderEvents();
  else { if (S.view.kind === 'tab') S.view = { kind: 'overview' }; renderOverview(); }
}

function renderChrome() {
  const nav = (kind, label, count) => h('button', { class: 'nav' + (S.view.kind === kind ? ' on' : ''), onclick: () => go({ kind }) },
    label, count ? h('span', { class: 'count' }, count) : null);
  const wsList = S.workspaces.map((w) => h('div', { class: 'ws' },
    h('div', { class: 'ws-name', title: w.cwd }, w.name),
    (w.tab_ids || []).map((tid) => {
      const t = S.tabs.get(tid);
      if (!t) return null;
      const needs = t.pane_ids.some((id) => (S.agents.get(id) || {}).attention && S.agents.get(id).attention !== 'none');
      return h('button', { class: 'tab' + (S.view.kind === 'tab' && S.view.tabId === tid ? ' on' : ''), dataset: { tabId: tid },
        onclick: () => go({ kind: 'tab', tabId: tid }),
        ondblclick: () => { const n = prompt('Rename tab', t.name); if (n) call('tab.rename', { tab_id: tid, name: n }); } },
      t.name, h('span', { class: 'count' }, t.pane_ids.length), needs ? h('span', { class: 'dot' }) : null);
    })));
  fill(side, 
    h('div', { class: 'brand' }, h('span', { class: 'conn ' + (S.connected ? 'up' : 'down'), title: S.connected ? 'connected' : 'reconnecting' }), 'signaltty'),
    nav('overview', 'Overview', S.panes.size), nav('tasks', 'Tasks', S.tasks.length), nav('events', 'Events'),
    h('label', { class: 'ro' }, h('input', { type: 'checkbox', id: 'read-only', checked: S.readOnly, onchange: (e) => {
      S.readOnly = e.target.checked;
      localStorage.setItem('signaltty.readOnly', S.readOnly ? '1' : '0');
      render();
    } }), ' read-only'),
    h('div', { class: 'wss' }, wsList));
}

function renderQueue() {
  const cards = S.decisions.map((d) => h('div', { class: 'decision', dataset: { decisionId: d.decision_id, paneId: d.pane_id } },
    h('div', { class: 'dec-head' }, h('b', {}, d.tool_name || d.kind), ' · ', paneName(d.pane_id)),
    d.question ? h('div', { class: 'question' }, d.question) : null,
    d.tool_input ? h('pre', { class: 'input' }, d.tool_input.command || JSON.stringify(d.tool_input, null, 2)) : null,
    h('div', { class: 'options' }, (d.options || []).map((o) => h('button', {
      class: 'opt ' + o.option_id, dataset: { option: o.option_id },
      onclick: (e) => { e.target.disabled = true; call('decision.answer', { decision_id: d.decision_id, option_id: o.option_id }).catch(() => { e.target.disabled = false; }); },
    }, o.label)))));
  const waiting = S.attention.map((a) => h('button', { class: 'attn', dataset: { paneId: a.pane_id }, onclick: () => showPane(a.pane_id) },
    h('span', { class: 'badge at-' + a.attention }, a.attention.replace('_', ' ')), ' ', paneName(a.pane_id),
    h('small', {}, a.agent ? ' ' + a.agent : '', a.since ? ' · ' + ago(a.since) : '')));
  fill(queue, h('h2', {}, 'Needs you'),
    cards.length || waiting.length ? null : h('p', { class: 'quiet' }, 'Nobody is waiting.'),
    cards, waiting.length ? h('div', { class: 'attns' }, waiting) : null);
}

function showPane(id) {
  const p = S.panes.get(id);
  if (p && p.tab_id) { go({ kind: 'tab', tabId: p.tab_id }); setTimeout(() => terms.get(id)?.focus(), 50); }
}

function ago(iso) {
  const s = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  return s < 60 ? s + 's' : s < 3600 ? Math.round(s / 60) + 'm' : Math.round(s / 3600) + 'h';
}

function renderOverview() {
  fill(main, h('h1', {}, 'Overview'), h('div', { class: 'cards' }, [...S.panes.values()].map((p) => h('button', {
    class: 'card', dataset: { paneId: p.pane_id }, onclick: () => showPane(p.pane_id) },
  h('div', { class: 'card-head' }, h('b', {}, paneName(p.pane_id)), badges(p.pane_id)),
  h('div', { class: 'meta' }, p.title || ''), h('div', { class: 'meta cwd' }, p.cwd || ''),
  p.task_id ? h('div', { class: 'meta' }, 'task ' + p.task_id) : null))));
}

// ---------- a tab: its layout tree, one terminal per leaf
const GAP = 6;
let tabView = null;

function rects(node, x, y, w, hgt, path, out) {
  if (!node) return;
  if (node.pane_id) { out.leaves.push({ id: node.pane_id, x, y, w, h: hgt }); return; }
  const r = node.ratio ?? 0.5;
  if (node.direction === 'right') {
    const w1 = Math.round((w - GAP) * r);
    out.dividers.push({ node, path, dir: 'right', x: x + w1, y, w: GAP, h: hgt, start: x, size: w });
    rects(node.first, x, y, w1, hgt, path.concat(0), out);
    rects(node.second, x + w1 + GAP, y, w - w1 - GAP, hgt, path.concat(1), out);
  } else {
    const h1 = Math.round((hgt - GAP) * r);
    out.dividers.push({ node, path, dir: 'down', x, y: y + h1, w, h: GAP, start: y, size: hgt });
    rects(node.first, x, y, w, h1, path.concat(0), out);
    rects(node.second, x, y + h1 + GAP, w, hgt - h1 - GAP, path.concat(1), out);
  }
}

function renderTab(tab) {
  if (!tabView || !main.contains(tabView.el) || tabView.tabId !== tab.tab_id) {
    const title = h('h1', { class: 'tab-title', title: 'double-click to rename',
      ondblclick: () => { const n = prompt('Rename tab', tab.name); if (n) call('tab.rename', { tab_id: tab.tab_id, name: n }); } }, tab.name);
    const el = h('div', { class: 'layout' });
    fill(main, title, el);
    tabView = { tabId: tab.tab_id, el, title };
  }
  tabView.title.textContent = tab.name;
  layoutTab(tab);
}

function layoutTab(tab, resize = true) {
  const el = tabView.el;
  const W = el.clientWidth, H = el.clientHeight;
  const out = { leaves: [], dividers: [] };
  rects(tab.layout, 0, 0, W, H, [], out);
  const keep = new Set();
  for (const leaf of out.leaves) {
    const v = viewer(leaf.id);
    keep.add(v.frame);
    Object.assign(v.frame.style, { left: leaf.x + 'px', top: leaf.y + 'px', width: leaf.w + 'px', height: leaf.h + 'px' });
    fill(v.header, paneHeader(leaf.id));
    v.frame.classList.toggle('focused', S.focused === leaf.id);
    if (v.frame.parentNode !== el) el.append(v.frame);
  }
  for (const child of [...el.children]) if (!keep.has(child)) child.remove();
  for (const d of out.dividers) {
    const div = h('div', { class: 'divider ' + d.dir, dataset: { path: d.path.join(',') } });
    Object.assign(div.style, { left: d.x + 'px', top: d.y + 'px', width: d.w + 'px', height: d.h + 'px' });
    div.addEventListener('pointerdown', (e) => dragDivider(e, tab, d));
    el.append(div);
  }
  if (resize) for (const leaf of out.leaves) terms.get(leaf.id).size();
}

function paneHeader(id) {
  const p = S.panes.get(id) || {};
  const btn = (label, title, fn) => h('button', { class: 'pbtn', title, onclick: (e) => { e.stopPropagation(); fn(); } }, label);
  return [
    h('span', { class: 'pname', title: 'double-click to rename', ondblclick: () => {
      const n = prompt('Pane name (empty: none)', p.name || '');
      if (n !== null) call('pane.rename', n ? { pane_id: id, name: n } : { pane_id: id });
    } }, paneName(id)),
    badges(id),
    p.title ? h('span', { class: 'ptitle' }, p.title) : null,
    h('span', { class: 'pcwd', title: p.cwd }, p.cwd || ''),
    p.task_id ? h('span', { class: 'ptask' }, p.task_id) : null,
    h('span', { class: 'spacer' }),
    S.readOnly ? null : [
      btn('⇥', 'split right', () => call('pane.split', { pane_id: id, direction: 'right' })),
      btn('⇩', 'split down', () => call('pane.split', { pane_id: id, direction: 'down' })),
      btn('✕', 'close pane', () => { if (confirm('Close ' + paneName(id) + '?')) call('pane.close', { pane_id: id }); })],
  ];
}

// drag a divider: local re-layout while moving, one tab.set_ratio when let go (never tab.set_layout)
function dragDivider(e, tab, d) {
  if (S.readOnly) return;
  e.preventDefault();
  const el = tabView.el;
  const box = el.getBoundingClientRect();
  e.target.setPointerCapture(e.pointerId);
  const ratioAt = (ev) => {
    const pos = d.dir === 'right' ? ev.clientX - box.left : ev.clientY - box.top;
    return Math.min(0.95, Math.max(0.05, (pos - d.start) / d.size));
  };
  const move = (ev) => { d.node.ratio = ratioAt(ev); layoutTab(tab, false); };
  const up = (ev) => {
    e.target.removeEventListener('pointermove', move);
    e.target.removeEventListener('pointerup', up);
    d.node.ratio = ratioAt(ev);
    layoutTab(tab);
    call('tab.set_ratio', { tab_id: tab.tab_id, path: d.path, ratio: d.node.ratio });
  };
  e.target.addEventListener('pointermove', move);
  e.target.addEventListener('pointerup', up);
}

// ---------- tasks
function renderTasks() {
  const rows = S.tasks.map((t) => h('tr', { class: 'task-row' + (S.task && S.task.task_id === t.task_id ? ' on' : ''), dataset: { taskId: t.task_id },
    onclick: () => openTask(t.task_id) },
  h('td', {}, h('span', { class: 'badge st-' + t.state }, t.state)), h('td', {}, t.objective || ''), h('td', { class: 'mono' }, t.branch || '')));
  fill(main, h('h1', {}, 'Tasks'),
    rows.length ? h('table', { class: 'tasks' }, h('tr', {}, h('th', {}, 'state'), h('th', {}, 'objective'), h('th', {}, 'branch')), rows)
      : h('p', { class: 'quiet' }, 'No tasks. Start one with signaltty task start.'),
    S.task ? taskDetail() : null);
}

async function openTask(id) {
  S.task = { task_id: id };
  render();
  try { S.task.diff = await call('task.diff', { task_id: id }); } catch (e) { S.task.error = e.message; }
  render();
}

async function openFile(path) {
  S.task.file = path;
  S.task.fileDiff = null;
  render();
  S.task.fileDiff = await call('task.file_diff', { task_id: S.task.task_id, path });
  render();
}

function taskDetail() {
  const t = S.tasks.find((x) => x.task_id === S.task.task_id) || {};
  const d = S.task.diff;
  const finish = (disposition) => {
    if (confirm((disposition === 'merge' ? 'Merge ' : 'Discard ') + t.task_id + '?')) {
      call('task.finish', { task_id: t.task_id, disposition }).then(() => { S.task = null; render(); });
    }
  };
  return h('section', { class: 'task-detail' },
    h('h2', {}, t.objective || t.task_id),
    h('div', { class: 'options' }, h('button', { class: 'opt allow_once', onclick: () => finish('merge') }, 'Merge'),
      h('button', { class: 'opt deny', onclick: () => finish('discard') }, 'Discard')),
    S.task.error ? h('p', { class: 'quiet' }, S.task.error) : null,
    d ? h('ul', { class: 'files' }, (d.files || []).map((f) => h('li', {},
      h('button', { class: 'file' + (S.task.file === f.path ? ' on' : ''), onclick: () => openFile(f.path) },
        h('span', { class: 'fstatus ' + f.status }, f.status), ' ', f.path,
        f.added != null ? h('span', { class: 'add' }, ' +' + f.added) : null, f.removed != null ? h('span', { class: 'del' }, ' −' + f.removed) : null)))) : null,
    S.task.fileDiff ? diffView(S.task.fileDiff.content) : null);
}

function diffView(content) {
  if (content.kind !== 'text') return h('p', { class: 'quiet' }, content.kind + (content.reason ? ': ' + content.reason : ''));
  return h('div', { class: 'diff' }, content.notice ? h('p', { class: 'quiet' }, content.notice) : null,
    content.hunks.map((hk) => h('div', { class: 'hunk' },
      h('div', { class: 'hunk-head' }, `@@ -${hk.old_start},${hk.old_count} +${hk.new_start},${hk.new_count} @@ ${hk.heading || ''}`),
      hk.lines.map((l) => h('div', { class: 'dl ' + l.kind },
        h('span', { class: 'ln' }, l.old_line ?? ''), h('span', { class: 'ln' }, l.new_line ?? ''),
        h('span', { class: 'lt' }, (l.kind === 'added' ? '+' : l.kind === 'removed' ? '-' : ' ') + l.text))))));
}

// ---------- events
function renderEvents() {
  fill(main, h('h1', {}, 'Events'), h('ol', { class: 'timeline' }, S.events.map((e) => h('li', {},
    h('span', { class: 'time' }, e.at.slice(11, 19)), h('span', { class: 'ename' }, e.event),
    h('span', { class: 'epay' }, summary(e.payload))))));
}

function summary(p) {
  if (!p) return '';
  const bits = [];
  for (const k of ['pane_id', 'tab_id', 'task_id', 'decision_id', 'lifecycle', 'attention', 'state', 'name', 'reason']) {
    if (typeof p[k] === 'string') bits.push(k === 'pane_id' ? paneName(p[k]) : p[k]);
  }
  return bits.join(' · ');
}

// ---------- start
window.addEventListener('error', (e) => toast('page error: ' + e.message));
window.addEventListener('unhandledrejection', (e) => { if (!/not connected|connection closed/.test(String(e.reason))) toast(String(e.reason)); });
let resizeTimer = null;
window.addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => { if (S.view.kind === 'tab' && tabView && S.tabs.has(S.view.tabId)) layoutTab(S.tabs.get(S.view.tabId)); }, 60);
});
render();
rpc.connect();
window.signaltty = { S, terms, rpc }; // for the browser tests and the benchmark
