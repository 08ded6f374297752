package dev.signaltty.vt.internal;

/**
 * UTF-8 both ways: encoding for rows and history, and decoding of whole sequences for the fast paths, which must agree with the state machine's
 * byte-by-byte decoding on every valid sequence and give up on everything else (which the state
 * machine then handles). One decoder, so the parser and the emulator's fast path cannot disagree.
 */
final class Utf8 {

    private Utf8() {
    }

    /**
     * The multi-byte sequence starting at {@code buf[i]} (a byte &ge; 0x80), as
     * {@code codePoint << 3 | length}; or -1 when it is not a whole, valid, shortest sequence within
     * {@code end} (a bad lead, a missing continuation, overlong, a surrogate, above U+10FFFF).
     */
    static int decode(byte[] buf, int i, int end) {
        int lead = buf[i] & 0xFF;
        if (lead < 0xC2 || lead > 0xF4) {
            return -1;
        }
        if (lead < 0xE0) { // unrolled by length: this decodes nearly all non-ASCII text
            if (i + 1 >= end || (buf[i + 1] & 0xC0) != 0x80) {
                return -1;
            }
            return ((lead & 0x1F) << 6 | buf[i + 1] & 0x3F) << 3 | 2; // a lead >= 0xC2 is never overlong
        }
        if (lead < 0xF0) {
            if (i + 2 >= end || (buf[i + 1] & 0xC0) != 0x80 || (buf[i + 2] & 0xC0) != 0x80) {
                return -1;
            }
            int cp = (lead & 0x0F) << 12 | (buf[i + 1] & 0x3F) << 6 | buf[i + 2] & 0x3F;
            return cp < 0x800 || cp >= 0xD800 && cp <= 0xDFFF ? -1 : cp << 3 | 3;
        }
        if (i + 3 >= end || (buf[i + 1] & 0xC0) != 0x80 || (buf[i + 2] & 0xC0) != 0x80
                || (buf[i + 3] & 0xC0) != 0x80) {
            return -1;
        }
        int cp = (lead & 0x07) << 18 | (buf[i + 1] & 0x3F) << 12 | (buf[i + 2] & 0x3F) << 6 | buf[i + 3] & 0x3F;
        return cp < 0x10000 || cp > 0x10FFFF ? -1 : cp << 3 | 4;
    }

    /** Writes {@code cp} as UTF-8 at {@code out[at]}; returns the index after it. */
    static int encode(int cp, byte[] out, int at) {
        if (cp < 0x80) {
            out[at++] = (byte) cp;
        } else if (cp < 0x800) {
            out[at++] = (byte) (0xC0 | cp >> 6);
            out[at++] = (byte) (0x80 | cp & 0x3F);
        } else if (cp < 0x10000) {
            out[at++] = (byte) (0xE0 | cp >> 12);
            out[at++] = (byte) (0x80 | cp >> 6 & 0x3F);
            out[at++] = (byte) (0x80 | cp & 0x3F);
        } else {
            out[at++] = (byte) (0xF0 | cp >> 18);
            out[at++] = (byte) (0x80 | cp >> 12 & 0x3F);
            out[at++] = (byte) (0x80 | cp >> 6 & 0x3F);
            out[at++] = (byte) (0x80 | cp & 0x3F);
        }
        return at;
    }
}
