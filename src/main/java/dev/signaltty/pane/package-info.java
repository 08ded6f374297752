/**
 * Pane: a real PTY and its process group, the output pipe to the {@code vt} emulator and to viewers, the
 * pane.* methods, resume, and transcripts kept across restarts. Agent state is the {@code agent}
 * module's: pane uses its API (a launch's hooks, the screen watch, the view and gates of pane.get and
 * pane.submit) and implements its {@code AgentPanes} (ADR 0280). Publishes
 * {@link dev.signaltty.pane.Panes} and the events {@code PaneExited}, {@code PaneClosed} and
 * {@code PaneSubmitted}.
 */
@NullMarked
package dev.signaltty.pane;

import org.jspecify.annotations.NullMarked;
