package dev.signaltty.vt.internal;

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import org.jspecify.annotations.Nullable;

import dev.signaltty.vt.ScreenCells;

/**
 * Synchronized output (DEC private mode 2026; ADR 0940): from {@code CSI ? 2026 h} to {@code CSI ? 2026 l}
 * a program draws a frame that should appear whole. Every byte is still emulated as it comes (history,
 * the rendered ring and output offsets stay exact); only what readers of the screen see (the screen as
 * text, its cells) stays the frame taken at the {@code h}, until the {@code l}, a reset, a resize or
 * {@link #TIMEOUT_NANOS} after the {@code h}, whichever comes first.
 */
final class SynchronizedFrame {

    /**
     * How long a frame may stay open before readers see the screen as it is: 1 s. Alacritty gives up
     * after 150 ms, foot and kitty after longer; here the readers are scripts and screen rules on a
     * shared machine, where the program drawing a frame can be descheduled between its writes, and a
     * stale screen costs a rule at most this long. A program that never ends its frame is not hidden.
     */
    static final long TIMEOUT_NANOS = 1_000_000_000L;

    /** The screen as readers saw it when the frame opened. */
    private record Frame(String plain, String ansi, ScreenCells cells, long since) {
    }

    private final LongSupplier nanoClock;
    private final BooleanSupplier open;
    private @Nullable Frame held;

    /** {@code open} tells whether mode 2026 is still set (the emulator's modes). */
    SynchronizedFrame(LongSupplier nanoClock, BooleanSupplier open) {
        this.nanoClock = nanoClock;
        this.open = open;
    }

    /** The mode was just set: keep what readers see now (before the frame's first byte is drawn). */
    void start(String plain, String ansi, ScreenCells cells) {
        held = new Frame(plain, ansi, cells, nanoClock.getAsLong());
    }

    /** The screen changed size: the held frame no longer fits it. */
    void drop() {
        held = null;
    }

    /** The held screen as text, or null when readers should see the live screen. */
    @Nullable String screen(boolean ansi) {
        Frame f = current();
        return f == null ? null : ansi ? f.ansi() : f.plain();
    }

    /** The held cells, or null when readers should see the live screen. */
    @Nullable ScreenCells cells() {
        Frame f = current();
        return f == null ? null : f.cells();
    }

    private @Nullable Frame current() {
        Frame f = held;
        if (f != null && (!open.getAsBoolean() || nanoClock.getAsLong() - f.since() >= TIMEOUT_NANOS)) {
            held = f = null;
        }
        return f;
    }
}
