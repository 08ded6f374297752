package bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The one client both servers are measured with: writes request lines, reads response lines, over a
 * socket (signaltty) or a control-mode pipe (tmux -C). Reads are buffered; each write is flushed.
 */
final class Lines implements AutoCloseable {

    private final InputStream in;
    private final OutputStream out;
    private final byte[] buffer = new byte[1 << 16];
    private int start;
    private int end;
    private byte[] line = new byte[256];

    Lines(InputStream in, OutputStream out) {
        this.in = in;
        this.out = out;
    }

    void send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** The next line without its newline; null at end of stream. */
    String next() throws IOException {
        int length = 0;
        while (true) {
            if (start == end) {
                int n = in.read(buffer);
                if (n < 0) {
                    return length == 0 ? null : new String(line, 0, length, StandardCharsets.UTF_8);
                }
                start = 0;
                end = n;
            }
            while (start < end) {
                byte b = buffer[start++];
                if (b == '\n') {
                    return new String(line, 0, length, StandardCharsets.UTF_8);
                }
                if (length == line.length) {
                    line = Arrays.copyOf(line, length * 2);
                }
                line[length++] = b;
            }
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
        in.close();
    }
}
