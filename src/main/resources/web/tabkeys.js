// The next and the previous tab by keys, from anywhere on the page (ADR 1332): the sidebar's order, every
// workspace's tabs in turn, round from the last to the first. Showing a tab puts the keyboard in its
// terminal (ADR 1101), so typing goes on in the tab just shown.
//
// Why Ctrl+Shift+PageDown / PageUp: Chromium keeps for itself (a page cannot preventDefault them) only
// Ctrl+Tab, Ctrl+Shift+Tab, Ctrl+PageDown and Ctrl+PageUp (its own tabs), Ctrl(+Shift)+T, N, W and
// Ctrl+Shift+Q; Ctrl+Shift+PageDown / PageUp (moving the browser's tab) come to the page first, and its
// preventDefault keeps them. In a terminal they are CSI 6;6~ and CSI 5;6~, which bash, zsh and tmux do not
// bind by default. Ctrl+PageDown is the next tab in browsers, VS Code and GNOME Terminal; Shift makes it
// the page's. Ctrl+Shift+letters were taken or worse: J opens Chromium's console, N and T are reserved.
export const NEXT_TAB_KEY = 'Ctrl+Shift+PageDown';
export const PREVIOUS_TAB_KEY = 'Ctrl+Shift+PageUp';

/**
 * Ctrl+Shift+PageDown / PageUp show the tab after / before {@code current()} in {@code order()} (tab ids);
 * from a view that is not a tab, the first / the last. {@code show} shows a tab.
 */
export function tabKeys(order, current, show) {
  // capture, on the window: before xterm.js's textarea sees the key, so it is never sent to the program
  window.addEventListener('keydown', (e) => {
    if (!e.ctrlKey || !e.shiftKey || e.altKey || e.metaKey) return;
    const step = e.key === 'PageDown' ? 1 : e.key === 'PageUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    e.stopPropagation();
    const tabs = order();
    if (!tabs.length) return;
    const at = tabs.indexOf(current());
    show(tabs[at < 0 ? (step > 0 ? 0 : tabs.length - 1) : (at + step + tabs.length) % tabs.length]);
  }, true);
}
