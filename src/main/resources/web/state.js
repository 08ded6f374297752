// What the page knows, and how it stays current: the control connection, recovery after any lost
// stream (seed R199, R203: subscribe first, then fetch state, then reattach), and events that mark
// what to re-fetch, one refresh per burst.
import { toast } from './dom.js';
import { Rpc } from './rpc.js';

export const S = {
  connected: false,
  lost: false, // the control connection failed or dropped (set until the next one opens)
  readOnly: localStorage.getItem('signaltty.readOnly') === '1',
  view: JSON.parse(sessionStorage.getItem('signaltty.view') || '{"kind":"overview"}'),
  workspaces: [], tabs: new Map(), panes: new Map(), agents: new Map(),
  attention: [], decisions: [], tasks: [], events: [],
  replayed: false, replayNote: null, // the timeline has the journal's events from before the page (timeline.js)
  task: null, // {task_id, diff, file, fileDiff}
  focused: null,
  fetched: false, // the first fetch after the page loaded is in: until then a tab the view names is not known gone
};
export const MAX_EVENTS = 500;

/** What app.js provides: drawing, attaching what is on screen, and dropping viewers. */
export const ui = { render() {}, attachVisible() {}, renderChrome() {}, detachAll() {}, processChanged() {}, prune() {}, refocus() {}, replayMissed() {},
  go() {}, noteEvent() {}, flushNotes() {}, focusChanged() {}, firstShown() {} };

export const rpc = new Rpc({
  open: recover,
  down: () => { S.connected = false; S.lost = true; ui.detachAll(); ui.renderChrome(); },
  event: onEvent,
});

/** A request whose failure is shown to the user. */
export const call = (m, p) => rpc.call(m, p).catch((e) => { toast(m + ': ' + e.message); throw e; });

async function recover() {
  S.connected = true;
  S.lost = false;
  try {
    await rpc.call('subscribe', { events: ['*'] });
    await fetchAll();
    ui.render();
    if (rpc.opens === 1) ui.firstShown();
    ui.replayMissed(); // the timeline's gap while the connection was down
    await ui.attachVisible();
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
  S.fetched = true;
}

/** A new process in a pane (resume, restart): its viewer attaches again, so its output streams here. */
function noteProcess(id, fresh) {
  const before = S.panes.get(id);
  if (before && (before.pid !== fresh.pid || before.status !== fresh.status)) ui.processChanged(id);
}

async function fetchAgents(ids) {
  await Promise.all(ids.map((id) => rpc.call('pane.get', { pane_id: id }).then((r) => {
    noteProcess(id, r.pane);
    S.panes.set(id, r.pane);
    S.agents.set(id, { lifecycle: r.lifecycle, attention: r.attention, agent: r.agent });
  }, () => { S.panes.delete(id); S.agents.delete(id); })));
}

async function fetchQueue() {
  const [att, dec] = await Promise.all([rpc.call('attention.pending'), rpc.call('decision.list')]);
  S.attention = att.panes;
  S.decisions = dec.decisions.filter((d) => d.status === 'pending');
}

export async function fetchTasks() {
  S.tasks = (await rpc.call('task.list')).tasks;
}

const dirty = { structure: false, queue: false, tasks: false, panes: new Set() };
let refreshTimer = null;

function onEvent(msg) {
  S.events.unshift(msg);
  ui.noteEvent(msg); // live events only: the journal's replay (timeline.js) comes on a connection of its own
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
  if (dirty.structure) jobs.push(fetchStructure());
  if (dirty.panes.size) jobs.push(fetchAgents([...dirty.panes]));
  if (dirty.queue) jobs.push(fetchQueue());
  if (dirty.tasks) jobs.push(fetchTasks());
  dirty.structure = dirty.queue = dirty.tasks = false;
  dirty.panes.clear();
  try { await Promise.all(jobs); } catch (e) { /* the connection dropped: recover() fetches again */ }
  ui.prune();
  ui.render();
  ui.attachVisible();
  ui.flushNotes(); // after the fetch: a new pane's name is known
}

/** Workspaces, tabs and panes again (and the agents of new panes): after events, or a form's create. */
export async function fetchStructure() {
  const [ws, tabs, panes] = await Promise.all([rpc.call('workspace.list'), rpc.call('tab.list'), rpc.call('pane.list')]);
  S.workspaces = ws.workspaces;
  S.tabs = new Map(tabs.tabs.map((t) => [t.tab_id, t]));
  const fresh = panes.panes.filter((p) => !S.panes.has(p.pane_id)).map((p) => p.pane_id);
  for (const p of panes.panes) noteProcess(p.pane_id, p);
  S.panes = new Map(panes.panes.map((p) => [p.pane_id, { ...S.panes.get(p.pane_id), ...p }]));
  await fetchAgents(fresh);
}

/** Which workspace and tab a pane is in ("api / review"), or '' when the page knows neither: tabs are
 * named per workspace ("tab 1" in each) and agents by their program, so a pane's name alone does not say
 * which of several it is. */
export function paneWhere(id) {
  const p = S.panes.get(id) || {};
  const ws = S.workspaces.find((w) => w.workspace_id === p.workspace_id);
  return [ws?.name, S.tabs.get(p.tab_id)?.name].filter(Boolean).join(' / ');
}

export function paneName(id) {
  const p = S.panes.get(id) || {};
  return p.name || p.label || (p.argv ? p.argv[0] : id);
}
