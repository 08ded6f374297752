package bench;

import java.util.Locale;

/** How figures are written in the table (one place, so every row reads the same). */
final class Format {

    private Format() {
    }

    static double sum(double[] values) {
        double s = 0;
        for (double v : values) {
            s += v;
        }
        return s;
    }

    static String ratio(double a, double b) {
        return String.format(Locale.ROOT, "%.2f×", a / b);
    }

    static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%,.0f", perSecond);
    }

    static String us(double seconds) {
        return String.format(Locale.ROOT, "%.0f µs", seconds * 1e6);
    }

    static String ms(double millis) {
        return String.format(Locale.ROOT, "%.1f ms", millis);
    }

    static String mib(double bytes) {
        return String.format(Locale.ROOT, "%.2f MiB", bytes / 1048576.0);
    }

    static String mibPerSecond(double mib, double seconds) {
        return String.format(Locale.ROOT, "%.1f MiB/s", mib / seconds);
    }

    static String ofRaw(double share) {
        return String.format(Locale.ROOT, "%.0f%% of raw", 100 * share);
    }

    /** p50 and p99 of latencies in seconds, in milliseconds. */
    static String latency(double[] seconds) {
        return "p50 " + ms(Stats.median(seconds) * 1e3) + ", p99 " + ms(Stats.percentile(seconds, 99) * 1e3);
    }

    static String yes(boolean met) {
        return met ? "yes" : "**no**";
    }
}
