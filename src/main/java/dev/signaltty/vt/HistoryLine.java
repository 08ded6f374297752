package dev.signaltty.vt;

import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * One line as reads see it: its trimmed text as UTF-8 bytes and, only when it is not all default,
 * its attributes as runs {@code [byteOffset0, attr0, byteOffset1, attr1, ...]}, each run starting at a
 * byte offset of the text. History does not hold these: it packs lines into pages ({@link History})
 * and decodes one only when a read asks for it; screen rows are encoded into one per read.
 */
record HistoryLine(long seq, byte[] utf8, long @Nullable [] runs, boolean wrapped) {

    String text() {
        return new String(utf8, StandardCharsets.UTF_8);
    }
}
