/** Pane internals: PTY sessions, the output pipe, the registry, transcripts and the pane.* handlers. */
@NullMarked
package dev.signaltty.pane.internal;

import org.jspecify.annotations.NullMarked;
