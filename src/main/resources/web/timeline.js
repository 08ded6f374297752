// The event timeline: the latest events from the page's subscription, newest first.
import { h, fill } from './dom.js';
import { S, paneName } from './state.js';

export function renderEvents(main) {
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
