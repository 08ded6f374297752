/**
 * The terminal emulator, a module of its own. It publishes only its Terminal API: {@link
 * dev.signaltty.vt.Terminal} (the thread-safe facade with the three read modes and the rendered ring,
 * docs/05-rendered-ring.md), {@link dev.signaltty.vt.TerminalListener}, {@link
 * dev.signaltty.vt.Transcript} and the records they take and return. Everything else is
 * package-private, in three layers (docs/terminal.md, ADR 0240): {@code VtParser} (bytes → raw
 * dispatches, DEC-diagram states), {@code ControlTranslator} (raw dispatches → named {@code
 * TerminalOperations}) and {@code Emulator} (operations → screens and cursor). Plain Java: no
 * Spring, no other project code, so the daemon's panes and the CLI's tab view both use it.
 */
@NullMarked
package dev.signaltty.vt;

import org.jspecify.annotations.NullMarked;
