/**
 * The terminal emulator's API, the one package the JPMS module {@code dev.signaltty.vt} exports (ADR
 * 0345): {@link dev.signaltty.vt.Terminal} (the thread-safe facade with the three read modes and the
 * rendered ring, docs/05-rendered-ring.md), {@link dev.signaltty.vt.TerminalListener} and the records
 * they take and return. The implementation is in {@code dev.signaltty.vt.internal}, in three layers
 * (docs/terminal.md, ADR 0240): {@code VtParser} (bytes → raw dispatches, DEC-diagram states), {@code
 * ControlTranslator} (raw dispatches → named {@code TerminalOperations}) and {@code Emulator}
 * (operations → screens and cursor), with {@code TerminalEngine} doing the facade's work. Plain Java:
 * the module reads only java.base, so the daemon's panes and the CLI's tab view both use it.
 */
@NullMarked
package dev.signaltty.vt;

import org.jspecify.annotations.NullMarked;
