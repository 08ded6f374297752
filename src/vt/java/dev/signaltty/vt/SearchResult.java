package dev.signaltty.vt;

import java.util.List;

/**
 * What {@link Terminal#search} found: the newest matches (oldest first), how many lines matched in
 * all, and how many lines were searched (history and the screen).
 */
public record SearchResult(List<Match> matches, int total, int searched) {

    /** One matching line: its rendered seq, the column of the first match, and its text. */
    public record Match(long seq, int column, String line) {
    }

    public SearchResult {
        matches = List.copyOf(matches);
    }
}
