/**
 * The terminal emulator, a module of its own: {@link dev.signaltty.vt.VtParser} (bytes → actions),
 * {@link dev.signaltty.vt.Emulator} (actions → grids) and {@link dev.signaltty.vt.Terminal}, the
 * thread-safe facade with the three read modes and the rendered ring (docs/05-rendered-ring.md).
 * Plain Java: no Spring, no other project code, so the daemon's panes and the CLI's tab view both use
 * it.
 */
@NullMarked
package dev.signaltty.vt;

import org.jspecify.annotations.NullMarked;
