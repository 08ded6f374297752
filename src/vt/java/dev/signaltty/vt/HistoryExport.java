package dev.signaltty.vt;

/**
 * Packed history lines from {@link Terminal#historyAfter}: {@code packed} goes back in with
 * {@link Terminal#restoreHistory}; {@code lastSeq} is the newest line's number (the next export's
 * start); {@code clears} counts history clears (ED 3) since the terminal was made.
 */
public record HistoryExport(byte[] packed, long lastSeq, long clears) {
}
