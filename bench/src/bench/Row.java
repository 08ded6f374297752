package bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One table row; {@code raw} is the raw PTY's figure where one applies, {@code load} the 1/5/15-minute
 * load when measured. A row whose goal is {@link #CONTEXT} carries no goal of its own: it is there to
 * explain a goal row (another start path, the plain-java daemon, the ratio against tmux).
 */
record Row(String measure, String signaltty, String tmux, String raw, String ratio, String goal, String met, String load) {

    /** The goal cell of a context row; its met cell is "—". */
    static final String CONTEXT = "— (context)";

    Row(String measure, String signaltty, String tmux, String ratio, String goal, String met) {
        this(measure, signaltty, tmux, "—", ratio, goal, met, loadNow());
    }

    Row(String measure, String signaltty, String tmux, String raw, String ratio, String goal, String met) {
        this(measure, signaltty, tmux, raw, ratio, goal, met, loadNow());
    }

    /** A context row: figures without a goal. */
    static Row context(String measure, String signaltty, String tmux, String raw, String ratio) {
        return new Row(measure, signaltty, tmux, raw, ratio, CONTEXT, "—");
    }

    static String loadNow() {
        try {
            return String.join(" ", Arrays.copyOf(Files.readString(Path.of("/proc/loadavg")).split(" "), 3));
        } catch (IOException e) {
            return "?";
        }
    }
}
