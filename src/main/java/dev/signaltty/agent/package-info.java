/**
 * Agent: per pane, the agent's lifecycle and attention axes driven by native hooks and screen rules,
 * waits with baselines, notify and attention, launch integrations and resume commands, and token usage
 * read from the agents' transcripts (docs/agents.md). Below {@code pane}: it knows panes only through
 * {@link dev.signaltty.agent.AgentPanes}, which the pane module implements, and hears exits and closes
 * through {@link dev.signaltty.agent.PaneProcessListener} (ADR 0280). Publishes
 * {@link dev.signaltty.agent.PaneAgents}, {@link dev.signaltty.agent.AgentLaunches},
 * {@link dev.signaltty.agent.ScreenWatches} and {@link dev.signaltty.agent.AgentUsage}; declares
 * {@link dev.signaltty.agent.AgentDecisions} (implemented by the decision module); the event
 * {@code AgentStateChanged}, whose states are the {@link dev.signaltty.agent.Lifecycle} and
 * {@link dev.signaltty.agent.Attention} enums ({@link dev.signaltty.agent.AxisState}, ADR 0340).
 */
@NullMarked
package dev.signaltty.agent;

import org.jspecify.annotations.NullMarked;
