/**
 * The pane's terminal emulator: {@link dev.signaltty.pane.internal.vt.VtParser} (bytes → actions),
 * {@link dev.signaltty.pane.internal.vt.Emulator} (actions → grids) and
 * {@link dev.signaltty.pane.internal.vt.Terminal}, the thread-safe facade with the three read modes
 * and the rendered ring (docs/05-rendered-ring.md). Plain Java: no Spring, no other project code.
 */
@NullMarked
package dev.signaltty.pane.internal.vt;

import org.jspecify.annotations.NullMarked;
