/** Pane internals: PTY sessions, the registry, handlers; vt/ holds the emulator. */
@NullMarked
package dev.signaltty.pane.internal;

import org.jspecify.annotations.NullMarked;
