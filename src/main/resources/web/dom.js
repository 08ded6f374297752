// DOM helpers: h() builds an element, fill() replaces children, toast() shows an error briefly, dropToasts() takes a pane's
// notices away with the pane.

export function h(tag, attrs, ...children) {
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
export function fill(el, ...children) {
  el.replaceChildren(...children.flat(3).filter((c) => c != null && c !== false)
    .map((c) => (c instanceof Node ? c : document.createTextNode(String(c)))));
}

/** A notice for a few seconds; one about a pane names it ({@code paneId}), so it can go with the pane (dropToasts). */
export function toast(text, paneId) {
  const t = h('div', { class: 'toast', dataset: paneId ? { paneId } : {} }, text);
  toasts().append(t);
  setTimeout(() => t.remove(), 5000);
}

const MAX_TOASTS = 5; // the oldest goes first: a burst of failures does not cover the page

/** Where notices stack, newest at the bottom, each readable (they were drawn over each other). */
function toasts() {
  let box = document.querySelector('.toasts');
  if (!box) { box = h('div', { class: 'toasts', role: 'status' }); document.body.append(box); }
  while (box.children.length >= MAX_TOASTS) box.firstElementChild.remove();
  return box;
}

/** Removes the notices about panes not in {@code shown}: what they say is about something no longer in view. */
export function dropToasts(shown) {
  for (const t of document.querySelectorAll('.toast[data-pane-id]')) if (!shown.includes(t.dataset.paneId)) t.remove();
}
