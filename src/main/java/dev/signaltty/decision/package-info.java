/**
 * Decision: permission requests from agents' hooks become decisions that anyone may answer
 * ({@code decision.answer}) while the hook waits on its live route. Publishes the events
 * {@link dev.signaltty.decision.DecisionAnswered} and {@link dev.signaltty.decision.DecisionCleared};
 * uses {@code pane}'s {@code AgentDecisions} to hand the verdict back (ADR 0080).
 */
@NullMarked
package dev.signaltty.decision;

import org.jspecify.annotations.NullMarked;
