// Desktop notifications (ADR 0970): opt-in ("Notify me"), then one Notification when a decision waits,
// a notify arrives, or a pane's attention rises (what "Needs you" lists: unread, input, permission),
// while the page is not what the user is looking at (hidden, or another window has the focus). Only
// live events of the control connection count: the pending state fetched at load and the timeline's
// journal replay never notify.
import { S, paneName, ui } from './state.js';

const KEY = 'signaltty.notify';
// what "Needs you" lists, by urgency: a pane is notified when its attention rises above what it was last notified for
const LEVEL = { none: 0, unread: 1, input_required: 2, permission_required: 3 };
const SAID = { unread: 'has something new for you', input_required: 'waits for your input', permission_required: 'asks for permission' };
const MAX_SEEN = 500; // decision and notification ids already seen, oldest dropped first
// a bare attention rise waits this long for what caused it: the daemon's attention.changed can come a burst
// before its decision.created, and the two are one notification with the decision's prompt
const GRACE_MS = 1000;

const seen = new Set();
const notified = new Map(); // pane_id -> the attention level last notified, until the pane needs nobody again
let due = new Map(); // pane_id -> {level, agent, body, weight, always, at} collected over a burst of events
let graceTimer = null;

/** Whether notifications can work here at all (an http page off loopback is not a secure context). */
export function notifySupported() {
  return 'Notification' in window && window.isSecureContext;
}

/** 'on' | 'off' | 'blocked' | 'unsupported': what the sidebar control says. */
export function notifyState() {
  if (!notifySupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && localStorage.getItem(KEY) === '1' ? 'on' : 'off';
}

/** The control's click: asks the browser (from the user's gesture, as browsers require), or turns it off. */
export async function toggleNotify() {
  if (notifyState() === 'on') localStorage.setItem(KEY, '0');
  else if (notifySupported() && (await Notification.requestPermission()) === 'granted') localStorage.setItem(KEY, '1');
  ui.renderChrome();
}

/** Called with every live event (state.js); collects what would notify, fired once per burst by flushNotes. */
export function noteEvent(msg) {
  const p = msg.payload || {};
  if (msg.event === 'decision.created' && p.decision && once('d:' + p.decision.decision_id)) {
    const d = p.decision;
    const input = d.tool_input && (d.tool_input.command || d.tool_input.file_path);
    propose(d.pane_id, { level: 3, agent: d.agent, body: d.question || [d.tool_name, input].filter(Boolean).join(': '), weight: 3, always: true });
  } else if (msg.event === 'notification.created' && once('n:' + p.notification_id)) {
    propose(p.pane_id || '', { level: LEVEL[p.attention] || 1, agent: p.agent, body: p.title ? p.title + ': ' + p.message : p.message,
      weight: 2, always: true });
  } else if (msg.event === 'attention.changed' && LEVEL[p.attention] > LEVEL[p.previous]) {
    // the pane's own words when it said why it waits ("Claude needs your permission to use Bash"), else the level's
    propose(p.pane_id, { level: LEVEL[p.attention], agent: p.agent, body: p.message || SAID[p.attention], weight: 1, always: false });
  } else if (msg.event === 'attention.cleared' || (msg.event === 'attention.changed' && p.attention === 'none')) {
    notified.delete(p.pane_id);
    if (due.has(p.pane_id) && !due.get(p.pane_id).always) due.delete(p.pane_id); // answered within the grace: nobody waits
  }
}

/** True the first time an id is seen (a decision or notification is notified once, however often it is told). */
function once(id) {
  if (seen.has(id)) return false;
  seen.add(id);
  if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value);
  return true;
}

/** Merges what one burst says of a pane: the highest urgency, and the best text (a prompt over a notify's over a bare attention). */
function propose(pane, note) {
  const had = due.get(pane);
  if (!had) { due.set(pane, { ...note, at: Date.now() }); return; }
  had.level = Math.max(had.level, note.level);
  had.always ||= note.always;
  if (note.weight > had.weight) Object.assign(had, { agent: note.agent || had.agent, body: note.body, weight: note.weight });
}

/** After a burst's refresh (pane names are known then): one Notification per pane that needs someone. */
export function flushNotes() {
  const now = Date.now();
  const batch = [...due].filter(([, note]) => note.always || now - note.at >= GRACE_MS);
  for (const [pane] of batch) due.delete(pane);
  if (due.size) { clearTimeout(graceTimer); graceTimer = setTimeout(flushNotes, GRACE_MS); }
  for (const id of notified.keys()) if (!S.panes.has(id)) notified.delete(id); // closed panes: the map stays the fleet's size
  if (notifyState() !== 'on' || (document.visibilityState === 'visible' && document.hasFocus())) return;
  for (const [pane, note] of batch) {
    if (!note.always && note.level <= (notified.get(pane) || 0)) continue; // this wait was notified already
    if (pane) notified.set(pane, Math.max(note.level, notified.get(pane) || 0));
    const agent = note.agent || (S.agents.get(pane) || {}).agent;
    const n = new window.Notification(pane ? paneName(pane) + (agent ? ' · ' + agent : '') : 'signaltty', {
      body: note.body || '', tag: 'signaltty-' + (pane || 'notify'), data: { pane_id: pane },
    });
    n.onclick = () => { window.focus(); if (pane) ui.showPane(pane); n.close(); };
  }
}
