// The keyboard out of a terminal and back without a mouse (ADR 1150, 1240). xterm.js takes Tab (a shell
// completes with it), so a pane kept the keyboard: "Needs you", the sidebar and its tabs were out of
// reach. One chord, REGION_KEY, moves the keyboard to the page's next region: from the main view (its
// terminal) to "Needs you", then to the sidebar, then back to the terminal; BACK_KEY goes the other way
// (from a terminal straight to the sidebar's tabs). H and L are left and right as in vi. Inside a region
// Tab and Enter work as on any page (Enter on a tab or a waiting pane takes the keyboard into its terminal).
// Ctrl+Shift+letter reaches a program as Ctrl+letter anyway (a terminal cannot tell them apart), so
// taking Ctrl+Shift+L and Ctrl+Shift+H takes nothing a program needs (Ctrl+L, and Ctrl+H or Backspace,
// still reach it); and a browser gives the page the keys it does not reserve for its tabs and windows
// (Ctrl(+Shift)+T, W, N), so the page's preventDefault keeps them.
export const REGION_KEY = 'Ctrl+Shift+L';
export const BACK_KEY = 'Ctrl+Shift+H';

// the key that says the letter (Dvorak's L is not at QWERTY's), or, on a layout without Latin letters
// (Russian: Д), the key at its place
const isChord = (e, letter) => e.ctrlKey && e.shiftKey && !e.altKey && !e.metaKey
  && (/^[a-z]$/i.test(e.key) ? e.key.toLowerCase() === letter : e.code === 'Key' + letter.toUpperCase());

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Makes {@code regions} ({el, label}, in the order REGION_KEY visits them) reachable by REGION_KEY and,
 * in the reverse order, BACK_KEY.
 * {@code enterMain} takes the keyboard into the main view (a tab's terminal) and says whether it did.
 */
export function regionKeys(regions, enterMain) {
  for (const r of regions) {
    r.el.tabIndex = -1; // focusable by the chord (and kept in its region when a redraw takes its button)
    r.el.setAttribute('aria-label', r.label);
    r.el.setAttribute('aria-keyshortcuts', 'Control+Shift+L Control+Shift+H');
  }
  // capture, on the window: before xterm.js's textarea sees the key, so it is never sent to the program
  window.addEventListener('keydown', (e) => {
    const step = isChord(e, 'l') ? 1 : isChord(e, 'h') ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    e.stopPropagation();
    const at = regions.findIndex((r) => r.el.contains(document.activeElement));
    const left = document.activeElement?.closest('.pane')?.dataset.paneId; // the terminal the keyboard leaves
    // from nowhere (the page's body): the first region forwards, the last backwards
    const next = regions[at < 0 ? (step > 0 ? 0 : regions.length - 1) : (at + step + regions.length) % regions.length];
    if (next.main && enterMain()) return;
    enter(next.el, left);
  }, true);
}

/**
 * Focus into a region: what is about the pane the keyboard left (its decision's first option, else its
 * waiting row: with several agents waiting, the first card was another pane's), else the region's current
 * item (the tab or view shown), else its first control, else itself.
 */
function enter(el, paneId) {
  const own = paneId && (el.querySelector(`.decision[data-pane-id="${CSS.escape(paneId)}"] .opt`)
    || el.querySelector(`.attn[data-pane-id="${CSS.escape(paneId)}"]`));
  const target = own || el.querySelector('button.on') || el.querySelector(FOCUSABLE) || el;
  target.focus();
}

/**
 * Redraws {@code el} with {@code draw} and gives the keyboard back to the control that had it, found
 * again by its class and data attributes (and those of its decision card): every event redraws the
 * sidebar and "Needs you", and the keyboard went with the replaced button to the page's body. A
 * control drawn no more leaves the keyboard on the region.
 */
export function redrawKeepingFocus(el, draw) {
  const had = document.activeElement;
  if (!had || had === el || !el.contains(had) || had.closest('.xterm')) { draw(); return; }
  const selector = describe(had, el);
  draw();
  // not replaced, or the view put the keyboard somewhere of its own (the timeline's filter)
  if (el.contains(had) || (document.activeElement !== document.body && el.contains(document.activeElement))) return;
  (selector && el.querySelector(selector) || el).focus();
}

function describe(node, root) {
  const one = (n) => n.tagName.toLowerCase() + (n.classList[0] ? '.' + CSS.escape(n.classList[0]) : '')
    + Object.entries(n.dataset).map(([k, v]) => `[data-${k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}="${CSS.escape(v)}"]`).join('');
  const card = node.parentElement?.closest('[data-decision-id]');
  return (card && root.contains(card) ? one(card) + ' ' : '') + one(node);
}
