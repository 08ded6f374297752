// The page's terminals answer no query (ADR 1100). The daemon's emulator answers every query a pane's
// program sends (DA1, DA2, DSR/CPR, DECRQM, DECRQSS, OSC 4/10/11), in stream order, whether or not anyone
// views the pane (docs/terminal.md, "Reports: who answers"). xterm.js would answer each once more through
// onData, as if typed: a second answer the program can read as keys, and, for a program that asked just
// before it exited, a pane.write to an exited pane ("keys not sent … PANE_EXITED" for nothing typed).
// xterm.js asks its custom handlers first; one that returns true ends the sequence there.

const swallow = () => true;
const QUERIES = [
  { final: 'c' }, // DA1
  { prefix: '>', final: 'c' }, // DA2
  { final: 'n' }, // DSR, CPR
  { prefix: '?', final: 'n' }, // DECXCPR
  { intermediates: '$', final: 'p' }, // DECRQM (ANSI modes)
  { prefix: '?', intermediates: '$', final: 'p' }, // DECRQM (DEC modes)
];

/** Makes {@code term} parse queries as usual but answer none of them. */
export function answerNothing(term) {
  for (const id of QUERIES) term.parser.registerCsiHandler(id, swallow);
  term.parser.registerDcsHandler({ intermediates: '$', final: 'q' }, swallow); // DECRQSS
  // a colour query is "?" in place of a colour; setting one (no "?") is left to xterm.js
  for (const code of [4, 10, 11, 12]) term.parser.registerOscHandler(code, (data) => data.split(';').includes('?'));
}

/** Data a terminal sends that no key made: a focus report (DECSET 1004) or a mouse report (X10, SGR, urxvt). */
export function isReport(data) {
  return data === '\x1b[I' || data === '\x1b[O' || /^\x1b\[(M[\s\S]{3}|<\d+;\d+;\d+[Mm]|\d+;\d+;\d+M)$/.test(data);
}
