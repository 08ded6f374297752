/**
 * Metrics wiring: the Micrometer registry, the binding of every module's {@code MeterBinder} beans, the
 * request timers, and the loopback-only Prometheus endpoint (ADR 0100). Part of the transport module's
 * internals; other modules depend only on Micrometer's own types ({@code MeterBinder}).
 */
@NullMarked
package dev.signaltty.transport.internal.metrics;

import org.jspecify.annotations.NullMarked;
