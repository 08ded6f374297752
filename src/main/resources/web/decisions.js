// "Needs you": every pending decision as a card with its tool, input and options (decision.answer),
// then the attention queue, most urgent first (attention.pending). Each says which workspace and tab
// its pane is in: with several agents all called "claude", two cards read "Bash · claude" and two rows
// "permission required claude", and only a click told them apart (ADR 1241). A card's pane name shows
// the pane, to read what the agent did before answering.
import { h, fill } from './dom.js';
import { S, call, paneName, paneWhere, ui } from './state.js';

function ago(iso) {
  const s = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  return s < 60 ? s + 's' : s < 3600 ? Math.round(s / 60) + 'm' : Math.round(s / 3600) + 'h';
}

/** How long each has waited, counted on between events (a redraw would take a half-made click with it). */
export function tickAges(queue) {
  for (const e of queue.querySelectorAll('.ago')) e.textContent = ago(e.dataset.since);
}

/** "api / review", for a card or row about the pane. */
function where(paneId) {
  const w = paneWhere(paneId);
  return w ? h('span', { class: 'where' }, w) : null;
}

/**
 * The pane a card or row is about, outlined while the pointer or the keyboard is on it: two agents in one
 * tab read the same name and "workspace / tab"; the outline says which of the panes on screen it is.
 */
let pointed = null;

function point(paneId, on) {
  pointed = on ? paneId : null;
  for (const p of document.querySelectorAll('.pane.pointed')) p.classList.remove('pointed');
  if (on) document.querySelector(`.pane[data-pane-id="${CSS.escape(paneId)}"]`)?.classList.add('pointed');
}

const pointing = (paneId) => ({ onmouseenter: () => point(paneId, true), onmouseleave: () => point(paneId, false),
  onfocusin: () => point(paneId, true), onfocusout: () => point(paneId, false) });

export function renderQueue(queue) {
  // the card under the pointer is replaced, and its mouseleave never comes: the outline stays while the
  // pane still waits, and goes with it
  const still = pointed;
  point(still, !!still && [...S.decisions, ...S.attention].some((x) => x.pane_id === still));
  const cards = S.decisions.map((d) => h('div', { class: 'decision', dataset: { decisionId: d.decision_id, paneId: d.pane_id },
    ...pointing(d.pane_id) },
    h('div', { class: 'dec-head' }, h('b', {}, d.tool_name || d.kind), ' · ',
      h('button', { class: 'to-pane', dataset: { paneId: d.pane_id }, title: 'show this pane', onclick: () => ui.showPane(d.pane_id) },
        paneName(d.pane_id)),
      where(d.pane_id)),
    d.question ? h('div', { class: 'question' }, d.question) : null,
    d.tool_input ? h('pre', { class: 'input' }, d.tool_input.command || JSON.stringify(d.tool_input, null, 2)) : null,
    h('div', { class: 'options' }, (d.options || []).map((o) => h('button', {
      class: 'opt ' + o.option_id, dataset: { option: o.option_id },
      onclick: (e) => {
        e.target.disabled = true;
        ui.refocus(d.pane_id); // the button is about to be redrawn away, and the keyboard with it
        call('decision.answer', { decision_id: d.decision_id, option_id: o.option_id }).catch(() => { e.target.disabled = false; });
      },
    }, o.label)))));
  const waiting = S.attention.map((a) => {
    // the agent when the pane's name does not say it already (not "claude … claude")
    const agent = a.agent && a.agent !== paneName(a.pane_id) ? a.agent : null;
    const since = a.since ? h('span', { class: 'ago', dataset: { since: a.since } }, ago(a.since)) : null;
    return h('button', { class: 'attn', dataset: { paneId: a.pane_id }, onclick: () => ui.showPane(a.pane_id), ...pointing(a.pane_id) },
      h('span', { class: 'badge at-' + a.attention }, a.attention.replace('_', ' ')), ' ', paneName(a.pane_id),
      h('small', {}, agent, agent && since ? ' · ' : null, since),
      where(a.pane_id), // a line of its own, under the name: beside it the row wrapped its age
      a.message ? h('span', { class: 'attn-msg' }, a.message) : null); // what it waits with, in its own words
  });
  fill(queue, h('h2', {}, 'Needs you'),
    cards.length || waiting.length ? null : h('p', { class: 'quiet' }, 'Nobody is waiting.'),
    cards, waiting.length ? h('div', { class: 'attns' }, waiting) : null);
}
