/**
 * Transport: the Unix socket listener, JSONL framing, connections, the method router, errors and the
 * live schema. Other modules contribute {@link dev.signaltty.transport.MethodHandler} beans.
 */
@NullMarked
package dev.signaltty.transport;

import org.jspecify.annotations.NullMarked;
