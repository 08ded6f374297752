/**
 * The emulator behind the Terminal API: parser, control translator, emulator, grids, history and
 * their encoders. Not exported by the module (ADR 0345): public here means "used by the facade in
 * {@code dev.signaltty.vt}", never "usable by the application".
 */
@NullMarked
package dev.signaltty.vt.internal;

import org.jspecify.annotations.NullMarked;
