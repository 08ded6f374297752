/** Socket listener, framing, connections and the router. Hidden from other modules. */
@NullMarked
package dev.signaltty.transport.internal;

import org.jspecify.annotations.NullMarked;
