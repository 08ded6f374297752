/**
 * Pane: a real PTY and its process group, the output pipe to the {@code vt} emulator and to viewers, the
 * agent state (lifecycle and attention) driven by hooks, resume through adapters, and transcripts kept
 * across restarts. Publishes {@link dev.signaltty.pane.Panes} and {@link dev.signaltty.agent.AgentDecisions}
 * and the events {@code PaneExited}, {@code PaneClosed}, {@code PaneSubmitted} and
 * {@code AgentStateChanged}.
 */
@NullMarked
package dev.signaltty.pane;

import org.jspecify.annotations.NullMarked;
