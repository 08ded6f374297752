package dev.signaltty.workspace;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The {@code content} of a file diff, tagged by {@code kind} (seed R270, R271, R272, R273, R274, R275). Each record carries its
 * kind as a component so Jackson writes it like any other field.
 */
public sealed interface DiffContent {

    String kind();

    /** {@code text}: the hunks, whether they were cut at a cap, and an optional notice. */
    record Text(String kind, List<Hunk> hunks, boolean truncated, @Nullable String notice) implements DiffContent {
        public Text {
            kind = "text";
            hunks = List.copyOf(hunks);
        }

        public Text(List<Hunk> hunks, boolean truncated, @Nullable String notice) {
            this("text", hunks, truncated, notice);
        }
    }

    record Binary(String kind) implements DiffContent {
        public Binary {
            kind = "binary";
        }

        public Binary() {
            this("binary");
        }
    }

    record Unchanged(String kind) implements DiffContent {
        public Unchanged {
            kind = "unchanged";
        }

        public Unchanged() {
            this("unchanged");
        }
    }

    /** Content that cannot be shown, with a literal reason (seed R274, R282). */
    record Unavailable(String kind, String reason) implements DiffContent {
        public Unavailable {
            kind = "unavailable";
        }

        public Unavailable(String reason) {
            this("unavailable", reason);
        }
    }

    record Hunk(int oldStart, int oldCount, int newStart, int newCount, String heading, List<Line> lines) {
        public Hunk {
            lines = List.copyOf(lines);
        }
    }

    /**
     * One diff line: its literal text (without the {@code \n} terminator and the one-character diff
     * prefix), line numbers on the side(s) it exists on, and its kind.
     */
    record Line(String text, @Nullable Integer oldLine, @Nullable Integer newLine, String kind) {
        public static final String CONTEXT = "context";
        public static final String ADDED = "added";
        public static final String REMOVED = "removed";
        public static final String NO_NEWLINE = "no_newline";
    }
}
