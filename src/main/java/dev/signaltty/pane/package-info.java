/** Pane: see docs/adr/0001-stack.md for the module map. */
@NullMarked
package dev.signaltty.pane;

import org.jspecify.annotations.NullMarked;
