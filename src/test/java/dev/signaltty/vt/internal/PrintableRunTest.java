package dev.signaltty.vt.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The eight-bytes-at-a-time run end agrees with a byte loop for every byte value, position and bound. */
class PrintableRunTest {

    private static int byteLoop(byte[] buf, int i, int stop) {
        while (i < stop && buf[i] >= 0x20 && buf[i] != 0x7F) {
            i++;
        }
        return i;
    }

    @Test
    void endsAtTheFirstByteThatIsNotPrintableAscii() {
        byte[] buf = new byte[24];
        for (int b = 0; b < 256; b++) {
            for (int at = 0; at < buf.length; at++) {
                Arrays.fill(buf, (byte) 'x');
                buf[at] = (byte) b;
                for (int from = 0; from < buf.length; from++) {
                    for (int stop = from; stop <= buf.length; stop++) {
                        int expected = byteLoop(buf, from, stop);
                        if (PrintableRun.end(buf, from, stop) != expected) {
                            assertEquals(expected, PrintableRun.end(buf, from, stop),
                                "byte " + Integer.toHexString(b) + " at " + at + ", from " + from + " to " + stop);
                        }
                    }
                }
            }
        }
    }

    @Test
    void findsTheFirstOfSeveralStops() {
        byte[] buf = "word word\u001b[mtail\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertEquals(9, PrintableRun.end(buf, 0, buf.length));
        assertEquals(4, PrintableRun.end(buf, 0, 4));
        byte[] utf8 = "grün".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(2, PrintableRun.end(utf8, 0, utf8.length));
    }
}
