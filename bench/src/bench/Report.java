package bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

/** The markdown table of the rows and notes, and the generated block of docs/benchmarks.md it replaces. */
final class Report {

    static final String BEGIN = "<!-- bench/run: begin (generated; edit bench/src instead) -->";
    static final String END = "<!-- bench/run: end -->";

    private Report() {
    }

    static String table(List<Row> rows, List<String> notes) {
        StringBuilder out = new StringBuilder();
        out.append("| measure | signaltty | tmux | raw PTY | signaltty advantage | goal | met | load |\n"
                + "|---|---:|---:|---:|---:|---|---|---|\n");
        for (Row row : rows) {
            out.append("| ").append(String.join(" | ", row.measure(), row.signaltty(), row.tmux(), row.raw(), row.ratio(),
                    row.goal(), row.met(), row.load()))
                    .append(" |\n");
        }
        out.append("\nAdvantage: how many times better signaltty does than tmux in the same run (rate ÷ rate, or "
                + "tmux's time or memory ÷ signaltty's); above 1 signaltty is ahead.\n");
        for (String note : notes) {
            out.append("\n- ").append(note);
        }
        return out.toString();
    }

    /** Replaces the section between {@link #BEGIN} and {@link #END} (or appends one); the rest of the file is kept. */
    static void updateDocs(Path docs, String table) throws Exception {
        String text = Files.exists(docs) ? Files.readString(docs) : "# Benchmarks\n";
        String tmuxVersion = Tmux.version();
        String section = BEGIN + "\n\nLast `bench/run`: " + LocalDate.now() + ", " + Runtime.getRuntime().availableProcessors()
                + " cores, JDK " + Runtime.version() + ", " + tmuxVersion + ", load average before the run "
                + System.getProperty("bench.load", "?") + ".\n\n" + table + "\n\n" + END;
        int b = text.indexOf(BEGIN);
        int e = text.indexOf(END);
        String updated = b >= 0 && e > b ? text.substring(0, b) + section + text.substring(e + END.length())
                : text.stripTrailing() + "\n\n## Suite against tmux (`bench/run`)\n\n" + section + "\n";
        Files.writeString(docs, updated);
    }
}
