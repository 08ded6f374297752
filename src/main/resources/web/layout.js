// A tab drawn as its layout tree: one terminal per leaf, dividers between them. Dragging a divider
// re-lays out locally while moving and sends one tab.set_ratio when let go (never tab.set_layout).
import { h, fill } from './dom.js';
import { S, call, paneName, fetchStructure, ui } from './state.js';
import { terms, viewer } from './terminal.js';

const GAP = 6;
let tabView = null;

/**
 * A path shown by its end (the cwd boxes are right-to-left so the ellipsis eats the start): isolated
 * left-to-right inside, or the bidi algorithm moves its leading slash to the end ("tmp/x/").
 */
export function ltr(text) {
  return text ? h('bdi', { dir: 'ltr' }, text) : '';
}

export function badges(id) {
  const p = S.panes.get(id) || {};
  const a = S.agents.get(id) || {};
  const out = [];
  // the exit status is what tells a failed run from a finished one; lifecycle 'exited' would repeat it
  if (p.status === 'exited') out.push(exitBadge(p));
  if (a.lifecycle && a.lifecycle !== 'unknown' && a.lifecycle !== 'exited') out.push(h('span', { class: 'badge lc-' + a.lifecycle }, a.lifecycle));
  if (a.attention && a.attention !== 'none') out.push(h('span', { class: 'badge at-' + a.attention }, a.attention.replace('_', ' ')));
  return out;
}

/**
 * "exited 3"; or, when no status is known (the program ended with a killed daemon, ADR 1060: the pane has
 * exit_unknown and no exit_code), "exited, status unknown" with the daemon's why: a bare "exited" read as
 * a clean end.
 */
function exitBadge(p) {
  if (p.exit_code != null) return h('span', { class: 'badge exited', title: 'exit status' }, 'exited ' + p.exit_code);
  if (p.exit_unknown) return h('span', { class: 'badge exited unknown', title: 'exit status unknown: ' + p.exit_unknown }, 'exited, status unknown');
  return h('span', { class: 'badge exited', title: 'exit status' }, 'exited');
}

/** What a waiting pane said it waits for (attention.pending's message), on its overview card and task row. */
export function waitsWith(id) {
  const a = S.attention.find((x) => x.pane_id === id);
  return a && a.message ? h('div', { class: 'waits' }, a.message) : null;
}

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

export function renderTab(main, tab) {
  if (!tabView || !main.contains(tabView.el) || tabView.tabId !== tab.tab_id) {
    const title = h('h1', { class: 'tab-title', title: 'double-click to rename',
      ondblclick: () => { const n = prompt('Rename tab', tab.name); if (n) call('tab.rename', { tab_id: tab.tab_id, name: n }); } }, tab.name);
    const el = h('div', { class: 'layout' });
    fill(main, title, el);
    tabView = { tabId: tab.tab_id, el, title };
  }
  // tabs are named per workspace ("tab 1" in each): the heading says whose
  const ws = S.workspaces.find((w) => w.workspace_id === tab.workspace_id);
  fill(tabView.title, ws ? h('span', { class: 'tab-ws' }, ws.name + ' / ') : null, tab.name);
  layoutTab(tab);
}

/** After a window resize: the tab on screen is laid out again (and its panes resized). */
export function relayout() {
  if (S.view.kind === 'tab' && tabView && S.tabs.has(S.view.tabId)) layoutTab(S.tabs.get(S.view.tabId));
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
    v.frame.classList.toggle('tab-focus', tab.focused_pane_id === leaf.id); // the shared focus (tabfocus.js)
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
  // A header button does not take the keyboard: the pane keeps it (the frame's mousedown focuses the pane),
  // so keys typed after ↻ reach the resumed program. The button is redrawn away by the events its request
  // causes, and the keyboard went with it.
  const btn = (label, title, fn) => h('button', { class: 'pbtn', title, onmousedown: (e) => e.preventDefault(),
    onclick: (e) => { e.stopPropagation(); fn(); } }, label);
  // a split moves the keyboard into the new pane, as tmux does (the daemon makes it the tab's focused pane)
  const split = (direction) => call('pane.split', { pane_id: id, direction })
    .then((r) => fetchStructure().then(() => ui.go(S.view, r.pane_id)), () => {});
  return [
    // the tab's focused pane (tabfocus.js): a dot, shown (app.css) and read out only on that pane's frame
    h('span', { class: 'tf-mark', role: 'img', 'aria-label': 'the tab\'s focused pane',
      title: 'the tab\'s focused pane: the terminal views type here' }),
    // what the pane is, in a box of its own that a narrow pane clips, so the buttons after it stay in view
    h('span', { class: 'pinfo' },
      h('span', { class: 'pname', title: 'double-click to rename', ondblclick: () => {
        const n = prompt('Pane name (empty: none)', p.name || '');
        if (n !== null) call('pane.rename', n ? { pane_id: id, name: n } : { pane_id: id });
      } }, paneName(id)),
      badges(id),
      p.title ? h('span', { class: 'ptitle' }, p.title) : null,
      h('span', { class: 'pcwd', title: p.cwd }, ltr(p.cwd)),
      p.task_id ? h('span', { class: 'ptask' }, p.task_id) : null),
    S.readOnly ? null : [
      p.status === 'exited' ? btn('↻', 'resume', () => call('pane.resume', { pane_id: id })) : null,
      btn('⇥', 'split right', () => split('right')),
      btn('⇩', 'split down', () => split('down')),
      btn('✕', 'close pane', () => { if (confirm('Close ' + paneName(id) + '?')) call('pane.close', { pane_id: id }); })],
  ];
}

function dragDivider(e, tab, d) {
  if (S.readOnly) return;
  e.preventDefault();
  const box = tabView.el.getBoundingClientRect();
  const ratioAt = (ev) => {
    const pos = d.dir === 'right' ? ev.clientX - box.left : ev.clientY - box.top;
    return Math.min(0.95, Math.max(0.05, (pos - d.start) / d.size));
  };
  // on the window, not the divider: every move re-lays out the tab, which replaces the divider elements
  const move = (ev) => { d.node.ratio = ratioAt(ev); layoutTab(tab, false); };
  const up = (ev) => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    d.node.ratio = ratioAt(ev);
    layoutTab(tab);
    call('tab.set_ratio', { tab_id: tab.tab_id, path: d.path, ratio: d.node.ratio });
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
}
