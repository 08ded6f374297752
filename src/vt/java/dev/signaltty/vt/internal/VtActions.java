package dev.signaltty.vt.internal;

/**
 * What {@link VtParser} found in the byte stream, with no meaning attached (vte's {@code Perform},
 * the actions of Paul Williams' DEC ANSI parser diagram). Parameter and data objects passed in are
 * reused by the parser: an implementation must copy what it keeps beyond the call.
 *
 * <p>Intermediates (including a CSI private marker such as {@code ?} or {@code >}) are packed into an
 * int, first collected byte in the highest used byte: {@code ?} alone is {@code 0x3F}, {@code ?$} is
 * {@code 0x3F24}. {@code ignore} is true when the sequence overflowed the parser's limits (more than
 * two intermediates, or too many parameters); most handlers then drop it.
 */
interface VtActions {

    /** A printable code point in GROUND (already UTF-8 decoded; invalid input arrives as U+FFFD). */
    void print(int codePoint);

    /**
     * A run of printable ASCII (0x20–0x7E) in GROUND: the hot path, so a terminal can write it
     * without a call per byte. The default forwards each byte to {@link #print(int)}.
     */
    default void printAscii(byte[] buf, int off, int len) {
        for (int i = off; i < off + len; i++) {
            print(buf[i]);
        }
    }

    /**
     * A run of printable text in GROUND mixing ASCII and non-ASCII: the valid UTF-8 bytes
     * {@code buf[off, off + len)}, already decoded into the code points {@code cps[0, count)} (one per
     * character, so each ASCII code point is one byte of the run and any other is its shortest UTF-8
     * form). The default gives each ASCII stretch to {@link #printAscii} and each other code point to
     * {@link #print(int)}, exactly as if the parser had reported them one by one.
     */
    default void printText(byte[] buf, int off, int len, int[] cps, int count) {
        int at = off;
        int k = 0;
        while (k < count) {
            int cp = cps[k];
            if (cp < 0x80) {
                int from = at;
                while (k < count && cps[k] < 0x80) {
                    k++;
                    at++;
                }
                printAscii(buf, from, at - from);
            } else {
                print(cp);
                k++;
                at += cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            }
        }
    }

    /**
     * Offered printable text in GROUND before the parser scans or decodes it: {@code buf[off, end)}
     * starts with printable ASCII or a UTF-8 lead byte. An implementation may print a prefix of whole,
     * valid characters itself (decoding them with {@link Utf8#decode}, so it agrees with the parser) and
     * return the bytes it took; the parser reports the rest as usual (through {@link #printAscii},
     * {@link #printText} or {@link #print(int)}). Every run is offered here first, so an implementation
     * that takes text finds its end once, itself. After text it took, it may also take a CR LF with the
     * next line's text (ADR 0691), carrying the two out exactly as {@link #execute} would: in GROUND they
     * change no parser state, so the parser goes on after them as it would have. The default takes nothing.
     */
    default int printUtf8(byte[] buf, int off, int end) {
        return 0;
    }

    /** A C0 control (0x00–0x1F) to execute. */
    void execute(int control);

    void csiDispatch(VtParams params, int intermediates, boolean ignore, int finalByte);

    void escDispatch(int intermediates, boolean ignore, int finalByte);

    /**
     * A complete OSC string (bytes between {@code ESC ]} and BEL or ST, capped at
     * {@link VtParser#MAX_OSC} bytes; the excess is dropped).
     */
    void oscDispatch(byte[] data, int len, boolean bellTerminated);

    /** A DCS sequence starts; its data follows through {@link #put(int)} until {@link #unhook()}. */
    default void hook(VtParams params, int intermediates, boolean ignore, int finalByte) {
    }

    default void put(int b) {
    }

    default void unhook() {
    }
}
