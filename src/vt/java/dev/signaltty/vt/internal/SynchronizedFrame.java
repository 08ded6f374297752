package dev.signaltty.vt.internal;

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import dev.signaltty.vt.ScreenCells;

/**
 * Synchronized output (DEC private mode 2026; ADR 0940): from {@code CSI ? 2026 h} to {@code CSI ? 2026 l}
 * a program draws a frame that should appear whole. Every byte is still emulated as it comes (history,
 * the rendered ring and output offsets stay exact); only what readers of the screen see (the screen as
 * text, its cells) stays the frame copied at the {@code h}, until the {@code l}, a reset, a resize or
 * {@link #TIMEOUT_NANOS} after the {@code h}, whichever comes first. The copy is of the active grid's
 * cells only (array copies into rows kept from frame to frame); it is rendered when someone reads it,
 * which most frames (opened and closed within one read of the PTY) never are.
 */
final class SynchronizedFrame {

    /**
     * How long a frame may stay open before readers see the screen as it is: 1 s. Alacritty gives up
     * after 150 ms; here the readers are scripts and screen rules on a shared machine, where the program
     * drawing a frame can be descheduled between its writes, and a stale screen costs a rule at most this
     * long. A program that never ends its frame is not hidden for longer.
     */
    static final long TIMEOUT_NANOS = 1_000_000_000L;

    private final LongSupplier nanoClock;
    private final BooleanSupplier open;
    private final RowEncoder encoder = new RowEncoder();
    /** The held frame's rows (reused while the size stays), or none. */
    private Row[] rows = new Row[0];
    private boolean held;
    private long since;
    private int cursorX;
    private int cursorY;
    private boolean cursorVisible;
    private boolean appCursor;
    private int mouse;

    /** {@code open} tells whether mode 2026 is still set (the emulator's modes). */
    SynchronizedFrame(LongSupplier nanoClock, BooleanSupplier open) {
        this.nanoClock = nanoClock;
        this.open = open;
    }

    /** The mode was just set: copy what readers see now, before the frame's first byte is drawn. */
    void start(Grid active, int cursorX, int cursorY, Modes modes) {
        if (rows.length != active.height() || rows.length > 0 && rows[0].cols() != active.cols()) {
            rows = new Row[active.height()];
            for (int y = 0; y < rows.length; y++) {
                rows[y] = new Row(active.cols(), false);
            }
        }
        for (int y = 0; y < rows.length; y++) {
            rows[y].copyFrom(active.row(y));
        }
        this.cursorX = cursorX;
        this.cursorY = cursorY;
        this.cursorVisible = modes.cursorVisible;
        this.appCursor = modes.appCursor;
        this.mouse = modes.mouse;
        since = nanoClock.getAsLong();
        held = true;
    }

    /** The screen changed size: the held frame no longer fits it. */
    void drop() {
        held = false;
    }

    /** Whether readers should see the held frame rather than the live screen. */
    boolean holds() {
        if (held && (!open.getAsBoolean() || nanoClock.getAsLong() - since >= TIMEOUT_NANOS)) {
            held = false;
        }
        return held;
    }

    /** The held screen as {@code Terminal.screen} renders the live one. */
    String screen(boolean ansi) {
        int last = rows.length - 1;
        while (last >= 0 && rows[last].isBlank()) {
            last--;
        }
        StringBuilder sb = new StringBuilder();
        for (int y = 0; y <= last; y++) {
            if (y > 0) {
                sb.append('\n');
            }
            encoder.encode(rows[y]);
            sb.append(LineRenderer.render(encoder.line(0), ansi));
        }
        return sb.toString();
    }

    /** The held cells, as {@code Terminal.cells} copies the live ones. */
    ScreenCells cells() {
        int cols = rows[0].cols();
        int[] cps = new int[cols * rows.length];
        long[] attrs = new long[cols * rows.length];
        for (int y = 0; y < rows.length; y++) {
            System.arraycopy(rows[y].cps(), 0, cps, y * cols, cols);
            System.arraycopy(rows[y].attrs(), 0, attrs, y * cols, cols);
        }
        return new ScreenCells(cols, rows.length, cps, attrs, cursorX, cursorY, cursorVisible, appCursor, mouse);
    }
}
