package bench;

import static bench.Format.rate;
import static bench.Format.yes;

import java.nio.file.Files;
import java.nio.file.Path;

/** The journal's group-commit rate, from {@code bench/journal-throughput.sh}'s table (run by bench/run). */
final class JournalRows {

    private final Bench bench;

    JournalRows(Bench bench) {
        this.bench = bench;
    }

    void run() throws Exception {
        String file = System.getProperty("bench.journal");
        if (file == null || !Files.exists(Path.of(file))) {
            return;
        }
        double best = 0;
        int appenders = 0;
        for (String line : Files.readAllLines(Path.of(file))) {
            String[] cells = line.split("\\|");
            if (cells.length > 5 && cells[1].trim().startsWith("journal (group commit")) {
                double rate = Double.parseDouble(cells[4].trim());
                if (rate > best) {
                    best = rate;
                    appenders = Integer.parseInt(cells[2].trim());
                }
            }
        }
        bench.add(new Row("journaled events/s (journal benchmark, " + appenders + " appenders, sync before publish)",
                rate(best) + " events/s", "—", "—", "≥ 20k", yes(best >= 20_000)));
    }
}
