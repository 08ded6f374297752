// The event timeline, newest first: the page's own subscription, plus the journal's replay of what it
// did not see (before the page opened, or while its connection was down), read on a connection of its
// own, since a replay that is not complete closes its connection (protocol.md).
import { h, fill } from './dom.js';
import { Link } from './rpc.js';
import { S, paneName, ui, MAX_EVENTS } from './state.js';

let replaying = null;
// the view's frame is kept across redraws (one per event burst): the filter keeps its text, caret and focus
let view = null;

/**
 * The timeline, filtered by what is typed above it (an event's name or what its line says: a pane's name,
 * a tab, a task): a window resized or a divider dragged writes a pane.updated per pane, and what the person
 * looks for drowns in them.
 */
export function renderEvents(main) {
  if (!S.replayed && !replaying) replayMissed();
  if (!view || !main.contains(view.el)) {
    const filter = h('input', { type: 'search', class: 'ev-filter', placeholder: 'filter: event, pane, tab, task',
      'aria-label': 'filter the events', autocomplete: 'off', spellcheck: 'false', value: view ? view.filter.value : '' });
    filter.addEventListener('input', () => drawList());
    view = { el: h('section', { class: 'events' }), filter, note: h('div'), count: h('span', { class: 'quiet ev-count' }),
      list: h('ol', { class: 'timeline' }) };
    fill(view.el, h('div', { class: 'ev-head' }, h('h1', {}, 'Events'), filter, view.count), view.note, view.list);
    fill(main, view.el);
  }
  fill(view.note, S.replayNote ? h('p', { class: 'quiet replay-note' }, S.replayNote) : null);
  drawList();
}

function drawList() {
  const words = view.filter.value.trim().toLowerCase();
  const lines = S.events.map((e) => ({ e, text: summary(e.payload) }))
    .filter((l) => !words || (l.e.event + ' ' + l.text).toLowerCase().includes(words));
  view.count.textContent = words ? lines.length + ' of ' + S.events.length : '';
  fill(view.list, lines.map(({ e, text }) => h('li', {},
    h('span', { class: 'time' }, e.at.slice(11, 19)), h('span', { class: 'ename' }, e.event), h('span', { class: 'epay' }, text))));
}

/**
 * The journal's events after the newest one the page holds (all it retains on the first call), merged
 * by seq into S.events. After a reconnect, state.js calls it again for the gap.
 */
export function replayMissed() {
  if (replaying) return replaying;
  const after = S.replayed ? Math.max(0, ...S.events.map((e) => e.seq || 0)) : 0;
  replaying = replay(after).finally(() => { replaying = null; });
  return replaying;
}

async function replay(after) {
  const got = [];
  let expected = Infinity;
  let allIn;
  const done = new Promise((resolve) => { allIn = resolve; });
  const link = new Link((msg) => { got.push(msg); if (got.length >= expected) allIn(); }, () => allIn());
  try {
    await link.open();
    const r = (await link.call('subscribe', { events: ['*'], from_seq: after })).replay;
    if (r.status !== 'complete') {
      S.replayNote = 'Events from before this page are not shown (the journal answered ' + r.status
        + '); signaltty events --from-seq ' + r.retained_after + ' prints what it keeps.';
    } else {
      expected = r.returned;
      if (got.length >= expected) allIn();
      await done;
      const have = new Set(S.events.map((e) => e.seq));
      const missed = got.filter((e) => e.seq <= r.through && !have.has(e.seq));
      S.events = S.events.concat(missed).sort((a, b) => b.seq - a.seq).slice(0, MAX_EVENTS);
      S.replayNote = null;
    }
    S.replayed = true;
  } catch (e) {
    S.replayNote = 'Earlier events could not be read: ' + e.message;
  } finally {
    link.close();
  }
  if (S.view.kind === 'events') ui.render();
}

function summary(p) {
  if (!p) return '';
  const bits = [];
  for (const k of ['pane_id', 'tab_id', 'task_id', 'decision_id', 'lifecycle', 'attention', 'state', 'name', 'reason']) {
    if (typeof p[k] === 'string') bits.push(k === 'pane_id' ? paneName(p[k]) : p[k]);
  }
  return bits.join(' · ');
}
