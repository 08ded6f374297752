/** Workspace internals: the store, layouts and handlers. */
@NullMarked
package dev.signaltty.workspace.internal;

import org.jspecify.annotations.NullMarked;
