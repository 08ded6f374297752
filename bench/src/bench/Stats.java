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

    /** User + system CPU seconds a process has used so far (/proc/PID/stat, clock ticks at the usual 100 Hz). */
    static double cpuSeconds(long pid) {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/" + pid + "/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * User + system CPU seconds of a process's children that it has waited for (cutime + cstime of
     * /proc/PID/stat; {@code self} for this JVM): the program a pane ran, or script(1) with its cat.
     */
    static double childCpuSeconds(String pid) {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/" + pid + "/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) / 100.0;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * CPU seconds per kind of thread of one process, summed over the threads seen by {@link #sample}
     * (/proc/PID/task/TID/stat). A kind is the thread's name with what tells one of a kind from another
     * cut off (the pane id after {@code pty-read-}, a number at the end). Threads that end between two
     * samples keep their last reading, so sample while they still run (a pane's reader ends with it).
     */
    static final class ThreadCpu {
        private final long pid;
        private final java.util.Map<String, String> kinds = new java.util.HashMap<>();
        private final java.util.Map<String, Double> first = new java.util.HashMap<>();
        private final java.util.Map<String, Double> last = new java.util.HashMap<>();

        ThreadCpu(long pid) {
            this.pid = pid;
            sample();
            first.putAll(last);
        }

        void sample() {
            try (var tasks = java.nio.file.Files.list(java.nio.file.Path.of("/proc/" + pid + "/task"))) {
                for (java.nio.file.Path task : tasks.toList()) {
                    String stat;
                    try {
                        stat = java.nio.file.Files.readString(task.resolve("stat"));
                    } catch (java.io.IOException e) {
                        continue; // the thread ended between the listing and the read
                    }
                    String tid = task.getFileName().toString();
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    kinds.put(tid, name.replaceFirst("^(pty-[a-z]+-).*", "$1*").replaceFirst("[0-9]+$", "*"));
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    last.put(tid, (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0);
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        /** Seconds per kind since construction, as of the last sample. */
        java.util.Map<String, Double> byKind() {
            java.util.Map<String, Double> sums = new java.util.TreeMap<>();
            last.forEach((tid, cpu) -> sums.merge(kinds.get(tid), cpu - first.getOrDefault(tid, 0.0), Double::sum));
            return sums;
        }
    }
}
