/**
 * Transport: the Unix socket listener, JSONL framing, connections, the method router, errors and the
 * live schema, the metrics endpoint and the web dashboard's server. Other modules contribute
 * {@link dev.signaltty.transport.MethodHandler} beans and declare their events' payloads as
 * {@link dev.signaltty.transport.EventPayload} records, which {@link dev.signaltty.transport.EventCatalog}
 * collects; the state-dir paths and lock ({@link dev.signaltty.transport.SignalttyPaths},
 * {@link dev.signaltty.transport.StateDirLock}) are here because every module needs them first.
 */
@NullMarked
package dev.signaltty.transport;

import org.jspecify.annotations.NullMarked;
