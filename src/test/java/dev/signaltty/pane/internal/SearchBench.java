package dev.signaltty.pane.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.SearchResult;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/**
 * pane.search's cost (issue 19): {@code panes} terminals each holding {@code lines} lines of history
 * (the default cap, 10,000), searched one after another the way pane.search does it (Terminal.search
 * with PaneSearchHandler's finder: literal, ignore-case, RE2/J regex). Prints a markdown table of the
 * median of 5 rounds. Run by bench/search.
 */
public final class SearchBench {

    public static void main(String[] args) {
        int panes = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int lines = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        List<Terminal> terminals = new ArrayList<>(panes);
        for (int p = 0; p < panes; p++) {
            Terminal t = new Terminal(120, 40, new TerminalListener() { }, new RingLimits(lines, 64L << 20), 1L << 32);
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < lines + 40; i++) {
                out.append("2026-12-01T10:").append(i % 60).append(" pane ").append(p).append(" step ").append(i)
                        .append(i % 997 == 0 ? " ERROR 42 disk full" : " ok: compiled module-" + (i % 31)).append("\r\n");
            }
            byte[] bytes = out.toString().getBytes(StandardCharsets.UTF_8);
            t.feed(bytes, 0, bytes.length);
            terminals.add(t);
        }
        long retained = terminals.stream().mapToLong(Terminal::historyLines).sum();
        System.out.printf(Locale.ROOT, "%d panes, %d history lines in all%n%n", panes, retained);
        System.out.println("| search | matches (all panes) | median ms, all panes | ms per pane | lines/s |");
        System.out.println("|---|---|---|---|---|");
        bench(terminals, "literal `disk full`", new PaneSearchHandler.Params("p", "disk full", false, false, 100));
        bench(terminals, "ignore-case `DISK FULL`", new PaneSearchHandler.Params("p", "DISK FULL", false, true, 100));
        bench(terminals, "regex `ERROR \\d+ (disk|net)`", new PaneSearchHandler.Params("p", "ERROR \\d+ (disk|net)", true, false, 100));
        bench(terminals, "regex `^2026.*module-3$`", new PaneSearchHandler.Params("p", "^2026.*module-3$", true, false, 100));
    }

    private static void bench(List<Terminal> terminals, String name, PaneSearchHandler.Params params) {
        var finder = PaneSearchHandler.finder(params);
        double[] rounds = new double[6];
        long matches = 0;
        long searched = 0;
        for (int r = 0; r < rounds.length; r++) { // round 0 warms up and is dropped
            matches = 0;
            searched = 0;
            long start = System.nanoTime();
            for (Terminal t : terminals) {
                SearchResult found = t.search(finder, params.limit());
                matches += found.total();
                searched += found.searched();
            }
            rounds[r] = (System.nanoTime() - start) / 1e6;
        }
        double[] kept = Arrays.copyOfRange(rounds, 1, rounds.length);
        Arrays.sort(kept);
        double median = kept[kept.length / 2];
        System.out.printf(Locale.ROOT, "| %s | %d | %.0f | %.2f | %.1f M |%n", name, matches, median,
                median / terminals.size(), searched / (median / 1000) / 1e6);
    }
}
