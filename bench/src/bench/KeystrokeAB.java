package bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Keystroke echo behind 20 flooding neighbours, interleaved A/B (issue 24 item 3; run by
 * {@code bench/keys/ab}). Each variant is {@code ROOT[+JVM_OPTION...]}: a built checkout started as
 * bench/run's keys daemon (plain java on its target/classes), with extra JVM options (a system property
 * on one build). Per round every variant gets a fresh daemon, then {@code SUB} sub-rounds of
 * {@code PER} keystrokes each as bench/run's keys row does ({@link Keystrokes}), the variants' order
 * reversed every sub-round, tmux's control client after them in each sub-round. So a round is
 * bench/run's keys row for each variant, in the same minutes.
 */
public final class KeystrokeAB {

    private KeystrokeAB() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        List<String> variants = List.of(args).subList(1, args.length);
        int sub = Integer.getInteger("keys.sub", 4);
        int per = Integer.getInteger("keys.per", 250);
        int floods = Integer.getInteger("keys.floods", 20);
        boolean tmux = !Boolean.getBoolean("keys.notmux");
        String javaCommand = ProcessHandle.current().info().command().orElseThrow();
        Path work = Files.createTempDirectory("keys-ab");
        Path file = work.resolve("keys-flood.txt");
        FloodFile.write(file, 4L << 20);
        Keystrokes keys = new Keystrokes(work, file, floods, per, 1);
        int n = variants.size();
        List<List<Double>> all = new ArrayList<>();
        List<List<Double>> roundP99 = new ArrayList<>();
        // per variant and sub-round index: the first sub-round of a fresh daemon is its JIT warm-up
        List<List<List<Double>>> bySub = new ArrayList<>();
        for (int v = 0; v <= n; v++) {
            all.add(new ArrayList<>());
            roundP99.add(new ArrayList<>());
            List<List<Double>> subs = new ArrayList<>();
            for (int s = 0; s < sub; s++) {
                subs.add(new ArrayList<>());
            }
            bySub.add(subs);
        }
        int tmuxRun = 0;
        try {
            for (int round = 0; round < rounds; round++) {
                String loadBefore = Row.loadNow();
                List<List<Double>> samples = new ArrayList<>();
                Daemon[] daemons = new Daemon[n];
                for (int v = 0; v < n; v++) {
                    samples.add(new ArrayList<>());
                    String[] parts = variants.get(v).split("\\+");
                    Path root = Path.of(parts[0]).toAbsolutePath();
                    String cp = root.resolve("target/classes") + ":" + root.resolve("target/lib") + "/*";
                    List<String> opts = Arrays.asList(parts).subList(1, parts.length);
                    daemons[v] = Daemon.start(javaCommand, opts, cp, work.resolve("d" + round + "-" + v));
                }
                samples.add(new ArrayList<>());
                try {
                    for (Daemon d : daemons) {
                        d.awaitReady(300);
                    }
                    for (int s = 0; s < sub; s++) {
                        boolean reverse = (round * sub + s) % 2 == 1;
                        for (int i = 0; i < n; i++) {
                            int v = reverse ? n - 1 - i : i;
                            List<Double> these = new ArrayList<>();
                            keys.signaltty(daemons[v], these);
                            samples.get(v).addAll(these);
                            bySub.get(v).get(s).addAll(these);
                        }
                        if (tmux) {
                            List<Double> these = new ArrayList<>();
                            keys.tmux(tmuxRun++, these);
                            samples.get(n).addAll(these);
                            bySub.get(n).get(s).addAll(these);
                        }
                    }
                } finally {
                    for (Daemon d : daemons) {
                        d.close();
                    }
                }
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "round %d (load %s → %s):", round,
                        loadBefore, Row.loadNow()));
                for (int v = 0; v <= n; v++) {
                    if (samples.get(v).isEmpty()) {
                        continue;
                    }
                    double[] a = array(samples.get(v));
                    all.get(v).addAll(samples.get(v));
                    roundP99.get(v).add(Stats.percentile(a, 99));
                    line.append(String.format(Locale.ROOT, "  %s p50 %.1f p99 %.1f ms", label(v, n), Stats.median(a) * 1e3,
                            Stats.percentile(a, 99) * 1e3));
                }
                System.out.println(line);
                System.out.flush();
            }
        } finally {
            if (!Boolean.getBoolean("keys.keep")) {
                try (var paths = Files.walk(work)) {
                    paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
        System.out.println("pooled over " + rounds + " rounds:");
        double tmuxP99 = all.get(n).isEmpty() ? Double.NaN : Stats.percentile(array(all.get(n)), 99);
        double tmuxMedP99 = roundP99.get(n).isEmpty() ? Double.NaN : Stats.median(array(roundP99.get(n)));
        for (int v = 0; v <= n; v++) {
            if (all.get(v).isEmpty()) {
                continue;
            }
            double[] a = array(all.get(v));
            double p99 = Stats.percentile(a, 99);
            double medP99 = Stats.median(array(roundP99.get(v)));
            StringBuilder subs = new StringBuilder();
            for (List<Double> one : bySub.get(v)) {
                subs.append(String.format(Locale.ROOT, " %.1f", Stats.percentile(array(one), 99) * 1e3));
            }
            System.out.printf(Locale.ROOT, "  %-40s n %d p50 %.1f p99 %.1f ms (%.2f× tmux), median of round p99s %.1f ms (%.2f×);"
                    + " p99 by sub-round%s ms%n", v < n ? variants.get(v) : "tmux", a.length, Stats.median(a) * 1e3, p99 * 1e3,
                    p99 / tmuxP99, medP99 * 1e3, medP99 / tmuxMedP99, subs);
        }
    }

    private static String label(int v, int n) {
        return v == n ? "tmux" : String.valueOf((char) ('A' + v));
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
