/**
 * Decision: permission requests from agents' hooks become decisions that anyone may answer
 * ({@code decision.answer}) while the hook waits on its live route. Publishes the events
 * {@link dev.signaltty.decision.DecisionAnswered} and {@link dev.signaltty.decision.DecisionCleared};
 * implements the {@code agent} module's {@code AgentDecisions}, through which a waiting hook gets its
 * verdict back (ADR 0080, ADR 0280).
 */
@NullMarked
package dev.signaltty.decision;

import org.jspecify.annotations.NullMarked;
