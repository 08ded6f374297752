/** Decision: see docs/adr/0001-stack.md for the module map. */
@NullMarked
package dev.signaltty.decision;

import org.jspecify.annotations.NullMarked;
