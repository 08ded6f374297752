package dev.signaltty.transport;

import java.util.Collection;

import org.jspecify.annotations.Nullable;

/**
 * "did you mean": the closest known word by edit distance (at most a third of the word, at least 1 edit), or a unique prefix match.
 * Shared by the CLI, the MCP server and the daemon's parameter binding (an enum value: ADR 1064).
 */
public final class Suggest {

    private Suggest() {
    }

    /** {@code " (did you mean 'x'?)"}, or "" when nothing is close. */
    public static String hint(String typed, Collection<String> known) {
        return hint(typed, known, "");
    }

    /** The same, showing the suggestion with {@code prefix} ({@code --} for options). */
    public static String hint(String typed, Collection<String> known, String prefix) {
        String best = closest(typed, known);
        return best == null ? "" : " (did you mean '" + prefix + best + "'?)";
    }

    public static @Nullable String closest(String typed, Collection<String> known) {
        String best = null;
        int bestDistance = Math.max(1, typed.length() / 3) + 1;
        String prefixed = null;
        int prefixes = 0;
        for (String word : known) {
            if (word.startsWith(typed)) {
                prefixed = word;
                prefixes++;
            }
            int d = distance(typed, word);
            if (d < bestDistance) {
                best = word;
                bestDistance = d;
            }
        }
        if (best == null && prefixes == 1) {
            return prefixed;
        }
        return best;
    }

    /** Optimal string alignment distance: Levenshtein plus adjacent transpositions ("pnae" → "pane"). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
