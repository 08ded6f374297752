package dev.signaltty.vt.internal;

import java.util.Arrays;

/**
 * The numeric parameters of a CSI or DCS sequence, reused by the parser between sequences (so the hot
 * path allocates nothing). A missing parameter reads as -1 so {@link #get(int, int)} can apply the
 * sequence's default, like tmux's {@code input_get}. Parameters separated by ':' are sub-parameters of
 * the one before ({@link #isSub(int)}), as in {@code 38:2::255:0:0}.
 */
final class VtParams {

    public static final int MAX = 32;
    /** Values saturate here (tmux caps at 65535 too), so huge numbers cannot overflow. */
    static final int MAX_VALUE = 65535;

    private final int[] values = new int[MAX];
    private final boolean[] sub = new boolean[MAX];
    private int count;
    private boolean overflowed;

    public int size() {
        return count;
    }

    /** Raw value: -1 when the parameter was empty. */
    public int raw(int i) {
        return i < count ? values[i] : -1;
    }

    /** Value with a default used for missing, empty, or (when {@code def > 0}) zero parameters. */
    public int get(int i, int def) {
        int v = raw(i);
        if (v < 0 || (v == 0 && def > 0)) {
            return def;
        }
        return v;
    }

    /** True when parameter {@code i} followed a ':' (a sub-parameter of the previous one). */
    public boolean isSub(int i) {
        return i < count && sub[i];
    }

    void clear() {
        count = 0;
    }

    /** Starts the first parameter if none is open yet; returns false when full. */
    boolean ensureStarted() {
        if (count == 0) {
            values[0] = -1;
            sub[0] = false;
            count = 1;
        }
        return true;
    }

    /** Adds a digit to the current parameter. */
    void digit(int d) {
        ensureStarted();
        int i = count - 1;
        int v = values[i] < 0 ? 0 : values[i];
        values[i] = Math.min(MAX_VALUE, v * 10 + d);
    }

    /** Opens the next parameter after ';' or ':'; returns false when there is no room (→ ignore). */
    boolean next(boolean colon) {
        ensureStarted();
        if (count == MAX) {
            return false;
        }
        values[count] = -1;
        sub[count] = colon;
        count++;
        return true;
    }

    /**
     * The parameter bytes ({@code 0}–{@code 9}, {@code :}, {@code ;}) of a whole CSI from {@code buf[j]} on, in
     * one pass with the open parameter held in a local: the same values and sub-parameter marks that
     * {@link #digit} and {@link #next} would leave, byte by byte. Returns the index of the first other byte, or -1
     * when the buffer ends first (the state machine then takes the sequence from its start). {@link #overflowed}
     * tells whether a separator found no room (the sequence is then ignored). The mixed flood's two SGRs a line
     * took a call, a check and a read and write of the array per byte (ADR 0720).
     */
    int parse(byte[] buf, int j, int end) {
        int c = buf[j];
        int n = 0;
        int v = -1;
        boolean full = false;
        if (c >= '0' && c <= ';') {
            n = 1;
            sub[0] = false;
        }
        while (c >= '0' && c <= ';') {
            if (c <= '9') {
                v = Math.min(MAX_VALUE, Math.max(v, 0) * 10 + c - '0');
            } else if (n == MAX) {
                full = true; // no room: the digits that follow go on into the last parameter, as next() leaves them
            } else {
                values[n - 1] = v;
                v = -1;
                sub[n++] = c == ':';
            }
            if (++j >= end) {
                count = 0;
                return -1;
            }
            c = buf[j];
        }
        if (n > 0) {
            values[n - 1] = v;
        }
        count = n;
        overflowed = full;
        return j;
    }

    /** Whether the last {@link #parse} met a separator with every parameter taken. */
    boolean overflowed() {
        return overflowed;
    }

    /** An immutable copy, for recorders and tests. */
    public int[] toArray() {
        return Arrays.copyOf(values, count);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                sb.append(sub[i] ? ':' : ';');
            }
            if (values[i] >= 0) {
                sb.append(values[i]);
            }
        }
        return sb.toString();
    }
}
