/** Decision store, live answer routes and the decision.* handlers. */
@NullMarked
package dev.signaltty.decision.internal;

import org.jspecify.annotations.NullMarked;
