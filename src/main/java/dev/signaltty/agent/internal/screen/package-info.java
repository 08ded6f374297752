/**
 * Screen-based agent state for programs without hooks (aider, gemini-cli, opencode, a script at a
 * prompt): declarative manifests whose rules match regions of the rendered screen, a bounded scanner
 * that reads each watched pane's screen at most every {@link ScreenScanner#MIN_INTERVAL_MS} and only
 * after it changed, and {@code agent.explain}. Hooks stay authoritative (ADR 0210, docs/agents.md).
 */
@NullMarked
package dev.signaltty.agent.internal.screen;

import org.jspecify.annotations.NullMarked;
