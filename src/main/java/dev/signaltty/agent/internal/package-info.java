/**
 * Agent state per pane: the lifecycle and attention axes with their own transition seqs, the native
 * hook mapping, waits with baselines, notifications and attention. {@code StateTable} alone holds the
 * states' lock. See docs/agents.md and ADR-0018.
 */
@NullMarked
package dev.signaltty.agent.internal;

import org.jspecify.annotations.NullMarked;
