package bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A daemon's memory after a full GC, once G1 has given back what the GC shrank (ADR 0545): G1 uncommits
 * regions on a concurrent task after the GC, so RSS read at once (or after a fixed pause on a loaded
 * machine) still holds part of the heap the GC freed. All figures in KiB.
 *
 * @param rss         VmRSS, the median of the last three samples once three in a row are within 1 %
 * @param heapUsed    Java heap in use after the GC
 * @param heapCommitted Java heap committed after the GC
 * @param heapResident  resident pages inside the Java heap's reserved range (smaps)
 * @param anon        resident anonymous mappings
 * @param file        resident file-backed mappings (mapped transcript tails, jars, the AOT cache)
 * @param stacks      resident pages of the 1 MiB thread-stack mappings (the default {@code -Xss})
 * @param threads     OS threads ({@code /proc/PID/task})
 * @param nmt         committed KiB per NMT category; empty unless the JVM runs with NMT
 */
record MemorySample(long rss, long heapUsed, long heapCommitted, long heapResident, long anon, long file, long stacks,
                    int threads, Map<String, Long> nmt) {

    private static final Pattern HEAP_RANGE = Pattern.compile("\\[(0x[0-9a-f]+), (0x[0-9a-f]+)\\)");
    private static final Pattern NMT = Pattern.compile("-\\s+([A-Za-z ]+?) \\(reserved=\\d+KB, committed=(\\d+)KB");
    private static final Pattern MAPPING = Pattern.compile("^([0-9a-f]+)-([0-9a-f]+) \\S+ \\S+ \\S+ (\\d+)");

    /** Runs a full GC in {@code pid} (with {@code jcmd} beside {@code java}) and samples it once settled. */
    static MemorySample settled(String java, long pid) throws Exception {
        String jcmd = Path.of(java).resolveSibling("jcmd").toString();
        Tmux.run(List.of(jcmd, Long.toString(pid), "GC.run"));
        List<Long> samples = new ArrayList<>();
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            Thread.sleep(500);
            samples.add(Stats.rssKb(pid));
            if (samples.size() >= 3) {
                List<Long> last = samples.subList(samples.size() - 3, samples.size());
                long max = last.stream().mapToLong(Long::longValue).max().orElseThrow();
                long min = last.stream().mapToLong(Long::longValue).min().orElseThrow();
                if (max - min <= max / 100) {
                    break;
                }
            }
        }
        List<Long> last = new ArrayList<>(samples.subList(Math.max(0, samples.size() - 3), samples.size()));
        last.sort(null);
        long rss = last.get(last.size() / 2);
        String info = Tmux.run(List.of(jcmd, Long.toString(pid), "GC.heap_info"));
        long used = kib(info, "used (\\d+)K");
        long committed = kib(info, "committed (\\d+)K");
        Matcher range = HEAP_RANGE.matcher(info);
        long heapStart = 0;
        long heapEnd = 0;
        if (range.find()) {
            heapStart = Long.parseUnsignedLong(range.group(1).substring(2), 16);
            heapEnd = Long.parseUnsignedLong(range.group(2).substring(2), 16);
        }
        long[] smaps = smaps(pid, heapStart, heapEnd);
        int threads;
        try (var tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            threads = (int) tasks.count();
        }
        Map<String, Long> nmt = new LinkedHashMap<>();
        Matcher m = NMT.matcher(Tmux.run(List.of(jcmd, Long.toString(pid), "VM.native_memory", "summary")));
        while (m.find()) {
            nmt.put(m.group(1).trim(), Long.parseLong(m.group(2)));
        }
        return new MemorySample(rss, used, committed, smaps[3], smaps[0], smaps[1], smaps[2], threads, nmt);
    }

    private static long kib(String text, String regex) throws IOException {
        Matcher m = Pattern.compile(regex).matcher(text);
        if (!m.find()) {
            throw new IOException("no " + regex + " in: " + text);
        }
        return Long.parseLong(m.group(1));
    }

    /** Resident KiB: anonymous, file-backed, 1 MiB stack mappings, inside the heap's range. */
    private static long[] smaps(long pid, long heapStart, long heapEnd) throws IOException {
        long[] kinds = new long[4];
        boolean named = false;
        boolean stack = false;
        boolean heap = false;
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/smaps"))) {
            Matcher m = MAPPING.matcher(line);
            if (m.find()) {
                long start = Long.parseUnsignedLong(m.group(1), 16);
                long end = Long.parseUnsignedLong(m.group(2), 16);
                named = !m.group(3).equals("0");
                long size = (end - start) / 1024;
                stack = !named && size >= 1_000 && size <= 1_100;
                heap = heapStart <= start && end <= heapEnd;
            } else if (line.startsWith("Rss:")) {
                long kb = Long.parseLong(line.replaceAll("\\D", ""));
                kinds[named ? 1 : 0] += kb;
                if (stack) {
                    kinds[2] += kb;
                }
                if (heap) {
                    kinds[3] += kb;
                }
            }
        }
        return kinds;
    }

    /** The growth from {@code base} to this sample per pane, as a note's breakdown (KiB). */
    String perPane(MemorySample base, int panes) {
        StringBuilder s = new StringBuilder(String.format(java.util.Locale.ROOT,
                "RSS %+.0f KiB = Java heap resident %+.0f + outside the heap %+.0f (heap used after GC %+.0f, committed %+.0f); "
                        + "smaps anonymous %+.0f, file-backed %+.0f, 1 MiB thread stacks %+.0f; OS threads %+.2f",
                per(rss - base.rss, panes), per(heapResident - base.heapResident, panes),
                per((rss - heapResident) - (base.rss - base.heapResident), panes), per(heapUsed - base.heapUsed, panes),
                per(heapCommitted - base.heapCommitted, panes), per(anon - base.anon, panes), per(file - base.file, panes),
                per(stacks - base.stacks, panes), (threads - base.threads) / (double) panes));
        if (!nmt.isEmpty()) {
            s.append("; NMT committed:");
            nmt.entrySet().stream()
                    .map(e -> Map.entry(e.getKey(), per(e.getValue() - base.nmt.getOrDefault(e.getKey(), 0L), panes)))
                    .filter(e -> Math.abs(e.getValue()) >= 1)
                    .sorted((a, b) -> Double.compare(b.getValue(), a.getValue()))
                    .forEach(e -> s.append(String.format(java.util.Locale.ROOT, " %s %+.0f", e.getKey(), e.getValue())));
        }
        return s.toString();
    }

    private static double per(long kib, int panes) {
        return kib / (double) panes;
    }
}
