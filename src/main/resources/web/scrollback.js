// A widget attached afresh (a page reload, a pane shown again after its hidden viewer was closed, a
// reattach after lag) starts from the attach reply's snapshot: the daemon's screen, no scrollback. The
// daemon keeps the pane's history, though, and pane.read gives it: the history lines above the screen are
// written into the widget before the snapshot, so they sit in its scrollback and the screen keeps its
// own colours (ADR 1330). The seed promises no offline scrollback (R204); this is what the daemon still has.
//
// The reads and the attach go out together on the viewer's connection, which answers them in order with
// nothing between: pane.get (the output offset before), pane.read tail with its SGR sequences (history
// and screen), pane.read screen (how many of the tail's last lines are the screen), pane.attach. Output in
// between (a flood) moves the offset, and a resize in between rewraps the screen: then the tail's lines
// cannot be cut at the screen, and the widget gets the screen only, as before.

/** History lines written at most: the widget's scrollback (terminal.js). */
export const HISTORY_LINES = 2000;
/** Characters of history written at most (a line's SGR sequences count): the oldest lines go first. */
export const HISTORY_CHARS = 1024 * 1024;
const MAX_READ_LINES = 5000; // pane.read's own cap

/**
 * pane.attach on {@code link}, with the history the daemon has above the screen. Resolves to
 * {reply, history}: the attach reply and the history's lines (ANSI text, oldest first; none when it could
 * not be cut at the screen). {@code rows}: the rows the page believes the pane has (the tail read asks for
 * HISTORY_LINES more than that).
 */
export async function attachWithHistory(link, paneId, rows) {
  const before = link.call('pane.get', { pane_id: paneId });
  const tail = link.call('pane.read', { pane_id: paneId, mode: 'tail', strip_ansi: false,
    lines: Math.min(MAX_READ_LINES, HISTORY_LINES + (rows || 100)) });
  const screen = link.call('pane.read', { pane_id: paneId, mode: 'screen' });
  const reply = await link.call('pane.attach', { pane_id: paneId });
  // a failed read costs the history, not the attach
  const reads = await Promise.all([before, tail, screen].map((p) => p.catch(() => null)));
  return { reply, history: historyAbove(reply, ...reads) };
}

function historyAbove(reply, before, tail, screen) {
  if (!before || !tail || !screen) return [];
  const p = before.pane;
  if (p.output_offset !== reply.output_offset || p.cols !== reply.cols || p.rows !== reply.rows) return [];
  const lines = tail.text.split('\n');
  const onScreen = screen.text === '' ? 0 : screen.text.split('\n').length;
  const history = lines.slice(Math.max(0, lines.length - onScreen - HISTORY_LINES), Math.max(0, lines.length - onScreen));
  let chars = 0;
  let from = history.length;
  while (from > 0 && chars + history[from - 1].length + 2 <= HISTORY_CHARS) chars += history[--from].length + 2;
  return history.slice(from);
}

/**
 * What puts {@code history} into a reset widget of {@code rows} rows, above the snapshot: the lines, then
 * as many line feeds as scroll the last of them off the screen (colours reset first, so the blank rows
 * the feeds make are blank). The snapshot then draws the screen as on any attach.
 */
export function historyBytes(history, rows) {
  if (!history.length) return '';
  return history.join('\r\n') + '\u001b[0m' + '\r\n'.repeat(rows);
}
