// The signaltty dashboard (ADR 0150, 0220): speaks signaltty/1 over the daemon's WebSocket. This
// module draws the frame (sidebar, main view, "Needs you") and wires the others together:
// rpc.js connections, state.js what the page knows, terminal.js panes, layout.js a tab's tree,
// decisions.js, tasks.js, timeline.js, forms.js (new work), notify.js (desktop notifications).
// Plain ES modules: no build step.
import { h, fill, toast, dropToasts } from './dom.js';
import { S, rpc, call, paneName, paneWhere, ui } from './state.js';
import { terms, hooks, attachVisible, detachAll } from './terminal.js';
import { badges, ltr, renderTab, relayout, waitsWith } from './layout.js';
import { renderQueue, tickAges } from './decisions.js';
import { renderTasks } from './tasks.js';
import { renderEvents, replayMissed } from './timeline.js';
import { newWorkspace, newTab, startTask } from './forms.js';
import { noteEvent, flushNotes, notifyState, toggleNotify } from './notify.js';
import { shareFocus } from './tabfocus.js';
import { REGION_KEY, BACK_KEY, regionKeys, redrawKeepingFocus } from './regions.js';
import { NEXT_TAB_KEY, PREVIOUS_TAB_KEY, tabKeys } from './tabkeys.js';

const app = document.getElementById('app');
const side = h('nav', { class: 'side' });
const main = h('main', { class: 'main' });
const queue = h('aside', { class: 'queue' });
// what the page shows while the control connection is down is the last state it knew, and keys typed
// then are not sent: said in words, not only by the dot's colour
const offline = h('div', { class: 'offline', role: 'status', hidden: true },
  'Not connected to the daemon: retrying. What you see may be out of date; keys typed now are not sent.');
app.append(side, main, queue);
document.body.append(offline);
// the keyboard between a terminal, "Needs you" and the sidebar without a mouse (regions.js, ADR 1150)
regionKeys([{ el: main, label: 'Main view', main: true }, { el: queue, label: 'Needs you' }, { el: side, label: 'Workspaces and tabs' }],
  () => S.view.kind === 'tab' && keysTo(S.focused));
// the next and previous tab, in the sidebar's order (tabkeys.js, ADR 1332)
tabKeys(() => S.workspaces.flatMap((w) => (w.tab_ids || []).filter((tid) => S.tabs.has(tid))),
  () => (S.view.kind === 'tab' ? S.view.tabId : null), (tabId) => go({ kind: 'tab', tabId }));

function visiblePanes() {
  if (S.view.kind !== 'tab') return [];
  const tab = S.tabs.get(S.view.tabId);
  return tab ? tab.pane_ids : [];
}

/**
 * Shows a view. A tab shown (its button clicked or pressed, a card, a task's Terminal) takes the keyboard
 * to {@code paneId}, else to the tab's focused pane (the dot, where the terminal views type), else to
 * its first pane: typing goes where the person looks (ADR 1101).
 */
function go(view, paneId) {
  S.view = view;
  sessionStorage.setItem('signaltty.view', JSON.stringify(view));
  render();
  if (S.view.kind === 'tab') keysTo(paneId);
  attachVisible(visiblePanes());
}

/**
 * The keyboard to a pane of the tab shown: {@code paneId}, else the tab's focused pane, else the first
 * shown. Says whether a pane took it.
 */
function keysTo(paneId) {
  const tab = S.tabs.get(S.view.tabId);
  const v = [paneId, tab?.focused_pane_id, ...visiblePanes()].map((id) => terms.get(id)).find((x) => x && x.frame.isConnected);
  v?.focus();
  return !!v;
}

function render() {
  renderChrome();
  dropToasts(visiblePanes()); // "keys not sent to X" is moot once X is not on screen
  redrawKeepingFocus(queue, () => renderQueue(queue));
  redrawKeepingFocus(main, renderMain);
}

function renderMain() {
  if (S.view.kind === 'tab' && S.tabs.has(S.view.tabId)) renderTab(main, S.tabs.get(S.view.tabId));
  else if (S.view.kind === 'tasks') renderTasks(main);
  else if (S.view.kind === 'events') renderEvents(main);
  // the page's first draw comes before it knows any tab: a reload kept the view (sessionStorage), and
  // falling back to the overview then lost it; only a tab the daemon no longer has falls back
  else if (S.view.kind === 'tab' && !S.fetched) fill(main, h('p', { class: 'quiet' }, 'Connecting to the daemon…'));
  else { if (S.view.kind === 'tab') S.view = { kind: 'overview' }; renderOverview(); }
}

// host-label.js (a classic script, run before this module) may have named the host in it already
const baseTitle = document.title;

function renderChrome() {
  // the browser tab says how many panes wait, for a dashboard kept in a background tab
  const waiting = new Set([...S.attention.map((a) => a.pane_id), ...S.decisions.map((d) => d.pane_id)]).size;
  document.title = (waiting ? '(' + waiting + ') ' : '') + baseTitle;
  const lost = !S.connected && S.lost;
  offline.hidden = !lost;
  app.classList.toggle('stale', lost);
  const nav = (kind, label, count) => h('button', { class: 'nav' + (S.view.kind === kind ? ' on' : ''), dataset: { nav: kind },
    onclick: () => go({ kind }) }, label, count ? h('span', { class: 'count' }, count) : null);
  const wsList = S.workspaces.map((w) => h('div', { class: 'ws' },
    h('div', { class: 'ws-name', title: w.cwd }, w.name, S.readOnly ? null
      : h('button', { class: 'add-tab', title: 'new tab in ' + w.name, dataset: { workspaceId: w.workspace_id },
        onclick: () => newTab(w.workspace_id) }, '+')),
    (w.tab_ids || []).map((tid) => {
      const t = S.tabs.get(tid);
      if (!t) return null;
      const needs = t.pane_ids.some((id) => (S.agents.get(id) || {}).attention && S.agents.get(id).attention !== 'none');
      return h('button', { class: 'tab' + (S.view.kind === 'tab' && S.view.tabId === tid ? ' on' : ''), dataset: { tabId: tid },
        onclick: () => go({ kind: 'tab', tabId: tid }),
        ondblclick: () => { const n = prompt('Rename tab', t.name); if (n) call('tab.rename', { tab_id: tid, name: n }); } },
      t.name, h('span', { class: 'count' }, t.pane_ids.length), needs ? h('span', { class: 'dot' }) : null);
    })));
  redrawKeepingFocus(side, () => fill(side,
    h('div', { class: 'brand' }, h('span', { class: 'conn ' + (S.connected ? 'up' : 'down'), title: S.connected ? 'connected' : 'reconnecting' }), 'signaltty'),
    nav('overview', 'Overview', S.panes.size), nav('tasks', 'Tasks', S.tasks.length), nav('events', 'Events'),
    S.readOnly ? null : h('div', { class: 'new-work' },
      h('button', { class: 'new', dataset: { new: 'workspace' }, onclick: newWorkspace }, '+ Workspace'),
      h('button', { class: 'new', dataset: { new: 'task' }, onclick: startTask }, '+ Task')),
    notifyControl(),
    h('label', { class: 'ro' }, h('input', { type: 'checkbox', id: 'read-only', checked: S.readOnly, onchange: (e) => {
      S.readOnly = e.target.checked;
      localStorage.setItem('signaltty.readOnly', S.readOnly ? '1' : '0');
      render();
    } }), ' read-only'),
    h('div', { class: 'wss' }, wsList),
    h('p', { class: 'keys-hint' }, h('kbd', {}, REGION_KEY), ' moves the keyboard from a terminal to Needs you, to this list, and back; ',
      h('kbd', {}, BACK_KEY), ' the other way; ', h('kbd', {}, NEXT_TAB_KEY), ' and ', h('kbd', {}, PREVIOUS_TAB_KEY),
      ' show the next and the previous tab')));
}

/** "Notify me": what it does now, in words (on, off, refused by the browser, impossible on this page). */
function notifyControl() {
  const state = notifyState();
  const label = { on: 'Notifying you', off: 'Notify me', blocked: 'Notifications blocked', unsupported: 'No notifications here' }[state];
  const why = { on: 'desktop notifications while this page is in the background; click to stop',
    off: 'a desktop notification when an agent needs you while this page is in the background',
    blocked: 'the browser refused notifications for this page: allow them in its site settings',
    unsupported: 'this browser, or a page not served over https or from this machine, cannot show notifications' }[state];
  return h('button', { class: 'notify-me ' + state, dataset: { notify: state }, title: why,
    disabled: state === 'blocked' || state === 'unsupported', onclick: toggleNotify }, label);
}

function renderOverview() {
  fill(main, h('h1', {}, 'Overview'), h('div', { class: 'cards' }, [...S.panes.values()].map((p) => h('button', {
    class: 'card', dataset: { paneId: p.pane_id }, onclick: () => showPane(p.pane_id) },
  h('div', { class: 'card-head' }, h('b', {}, paneName(p.pane_id)), badges(p.pane_id)),
  whereIs(p), waitsWith(p.pane_id), h('div', { class: 'meta' }, p.title || ''), h('div', { class: 'meta cwd' }, ltr(p.cwd)),
  p.task_id ? h('div', { class: 'meta' }, 'task ' + p.task_id) : null))));
}

/** Which workspace and tab a card's pane is in ("api / tab 2"): a card is the way to the pane, so it says
 * where it leads. */
function whereIs(p) {
  const where = paneWhere(p.pane_id);
  return where ? h('div', { class: 'meta where' }, where) : null;
}

function showPane(id) {
  const p = S.panes.get(id);
  if (p && p.tab_id) go({ kind: 'tab', tabId: p.tab_id }, id);
}

/** After a click elsewhere (a decision's button): keys go back to that pane, or to the one they went to. */
function refocus(id) {
  const v = [terms.get(id), terms.get(S.focused)].find((x) => x && x.frame.isConnected);
  if (v) v.focus();
}

Object.assign(ui, {
  render, renderChrome, showPane, detachAll, refocus, go, noteEvent, flushNotes, focusChanged: shareFocus,
  // the page just loaded onto a tab (sessionStorage kept the view): the keyboard goes to it, as when shown
  firstShown: () => { if (S.view.kind === 'tab' && document.activeElement === document.body) keysTo(); },
  replayMissed: () => { if (S.replayed) replayMissed(); }, // before the timeline was first shown, it replays all itself
  attachVisible: () => attachVisible(visiblePanes()),
  processChanged: (id) => terms.get(id)?.detach(),
  prune: () => {
    // the keyboard was in a pane that is gone: it moves to the tab's focused pane, which the daemon chose
    // for every client (ADR 1010), else to one still shown
    let orphaned = false;
    for (const [id, v] of [...terms]) {
      if (S.panes.has(id)) continue;
      orphaned ||= v.frame.contains(document.activeElement);
      v.dispose();
      terms.delete(id);
    }
    if (orphaned && S.view.kind === 'tab') keysTo();
  },
});

window.addEventListener('error', (e) => toast('page error: ' + e.message));
window.addEventListener('unhandledrejection', (e) => { if (!/not connected|connection closed/.test(String(e.reason))) toast(String(e.reason)); });
let resizeTimer = null;
window.addEventListener('resize', () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(relayout, 60); });
setInterval(() => tickAges(queue), 5000);
render();
rpc.connect();
window.signaltty = { S, terms, rpc, hooks, ui }; // for the browser tests and the benchmark
