package dev.signaltty.agent.internal;

/**
 * The last state a pane's process reported in its output (Codex's {@code OSC 7501 ; state=…}, ADR 0961)
 * once it had held, and what became of it, for {@code agent.explain}: {@code applied}, {@code unchanged}
 * (the pane was in that state), {@code hooks_authoritative} (the process reported a hook),
 * {@code hooks_wired} (signaltty wired its hooks at launch), {@code exited}, or {@code unknown_value}
 * (cut short, or {@code clear}).
 */
public record ReportedState(String state, String outcome, String at) {
}
