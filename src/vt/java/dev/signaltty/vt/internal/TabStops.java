package dev.signaltty.vt.internal;

import java.util.Arrays;

/** The tab stops: every eighth column until HTS and TBC change them; kept across a resize. */
final class TabStops {

    private boolean[] stops;

    TabStops(int cols) {
        stops = defaults(cols);
    }

    private static boolean[] defaults(int cols) {
        boolean[] s = new boolean[cols];
        for (int x = 8; x < cols; x += 8) {
            s[x] = true;
        }
        return s;
    }

    /** HT, CHT: the column {@code n} stops right of x, at most the last column. */
    int next(int x, int n) {
        int last = stops.length - 1;
        if (x >= last) {
            return x; // from the last column (or a pending wrap) HT moves nowhere
        }
        while (n-- > 0 && x < last) {
            do {
                x++;
            } while (x < last && !stops[x]);
        }
        return x;
    }

    /** CBT: the column {@code n} stops left of x, at least 0. */
    int previous(int x, int n) {
        while (n-- > 0 && x > 0) {
            do {
                x--;
            } while (x > 0 && !stops[x]);
        }
        return x;
    }

    void set(int x) {
        stops[x] = true;
    }

    void clear(int x) {
        stops[x] = false;
    }

    void clearAll() {
        Arrays.fill(stops, false);
    }

    void reset() {
        stops = defaults(stops.length);
    }

    /** New columns get the default stops; the old columns keep theirs. */
    void resize(int cols) {
        boolean[] old = stops;
        stops = defaults(cols);
        System.arraycopy(old, 0, stops, 0, Math.min(old.length, cols));
    }
}
