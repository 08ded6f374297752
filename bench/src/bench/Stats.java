package bench;

import java.util.Arrays;

/** Small statistics over measured samples. */
final class Stats {

    private Stats() {
    }

    static double median(double[] samples) {
        return percentile(samples, 50);
    }

    static double percentile(double[] samples, double p) {
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    static long rssKb(long pid) {
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        throw new IllegalStateException("no VmRSS for " + pid);
    }
}
