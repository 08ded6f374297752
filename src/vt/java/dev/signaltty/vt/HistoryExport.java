package dev.signaltty.vt;

/**
 * Packed history lines from {@link Terminal#historyAfter}: {@code packed} goes back in with
 * {@link Terminal#restoreHistory}; {@code lastSeq} is the newest line's number (the next export's
 * start); {@code clears} counts history clears (ED 3) since the terminal was made; {@code length} is the
 * export's size ({@code packed} is empty when {@link Terminal#writeHistoryAfter} wrote the bytes instead).
 */
public record HistoryExport(byte[] packed, long lastSeq, long clears, long length) {

    /** An export whose bytes are all in {@code packed}. */
    public HistoryExport(byte[] packed, long lastSeq, long clears) {
        this(packed, lastSeq, clears, packed.length);
    }
}
