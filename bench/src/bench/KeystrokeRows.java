package bench;

import static bench.Format.latency;
import static bench.Format.ratio;
import static bench.Format.yes;

import java.nio.file.Path;

/** Keystroke echo behind a neighbour flood (issue 24 item 3; the measurement is {@link Keystrokes}). */
final class KeystrokeRows {

    private final Bench bench;

    KeystrokeRows(Bench bench) {
        this.bench = bench;
    }

    void run() throws Exception {
        int floods = Integer.getInteger("bench.keys.floods", 20);
        int total = Integer.getInteger("bench.keys.n", 1000);
        Path file = bench.work.resolve("keys-flood.txt");
        FloodFile.write(file, 4L << 20);
        Keystrokes.Result result;
        try (Daemon daemon = bench.daemon("keys")) {
            result = new Keystrokes(bench.work, file, floods, total, 4).run(daemon);
        }
        String s = latency(result.signaltty());
        String t = latency(result.tmux());
        String r = latency(result.raw());
        double sp99 = Stats.percentile(result.signaltty(), 99);
        double tp99 = Stats.percentile(result.tmux(), 99);
        bench.add(new Row("keystroke echo with " + floods + " neighbour panes flooding (" + result.signaltty().length
                + " keys in 4 interleaved rounds; `pane.write` → `pty.data` vs `send-keys` → `%output`)", s, t, r,
                ratio(tp99, sp99) + " (p99)", "p99 ≤ 0.5× tmux's", yes(sp99 <= 0.5 * tp99)));
    }
}
