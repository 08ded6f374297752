// A tab's focused pane is shared by every client (tab.focus, ADR 1010, 1050): it is the pane the
// terminal views type into. A pane the person focuses on this page becomes it, and the page marks it
// on its frame (class tab-focus) and follows it when another client moves it. Following moves only
// the mark, never the browser's own keyboard focus (S.focused): keys typed here keep going where the
// person put them.
import { S, rpc } from './state.js';
import { terms } from './terminal.js';

const asking = new Map(); // tab id → the pane this page's tab.focus in flight asked for

const tabOf = (paneId) => [...S.tabs.values()].find((t) => t.pane_ids.includes(paneId));

/**
 * The person focused a pane on this page: tab.focus for its tab, once per change (a click focuses
 * twice, mousedown then the textarea; a pane already the tab's focus, or already asked for, sends
 * nothing). A read-only page watches and does not move the tab's focus.
 */
export function shareFocus(paneId) {
  const tab = tabOf(paneId);
  if (!tab || S.readOnly || !rpc.open) return;
  if ((asking.get(tab.tab_id) ?? tab.focused_pane_id) === paneId) return;
  const before = tab.focused_pane_id;
  asking.set(tab.tab_id, paneId);
  tab.focused_pane_id = paneId; // marked at once; the reply says what the daemon made of it
  markTabFocus();
  rpc.call('tab.focus', { tab_id: tab.tab_id, pane_id: paneId }).then((r) => {
    // the tab as the daemon has it now (a tab.list fetched meanwhile may have replaced the object)
    const now = S.tabs.get(r.tab_id);
    if (now) now.focused_pane_id = r.focused_pane_id;
  }, () => {
    // the pane or tab went meanwhile, or the connection: its events and the recovery fetch say the rest
    const now = S.tabs.get(tab.tab_id);
    if (now && now.focused_pane_id === paneId) now.focused_pane_id = before;
  }).finally(() => {
    if (asking.get(tab.tab_id) === paneId) asking.delete(tab.tab_id);
    markTabFocus();
  });
}

/** Marks each pane's frame that is its tab's focused pane (after a fetch, a reply, a local change). */
export function markTabFocus() {
  for (const v of terms.values()) {
    const tab = tabOf(v.paneId);
    v.frame.classList.toggle('tab-focus', !!tab && tab.focused_pane_id === v.paneId);
  }
}
