package dev.signaltty.pane.internal;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One pane's output written as an asciicast v2 file (the format {@code asciinema play} reads): a
 * header line, then one {@code [seconds, "o", text]} line per output chunk. Written on the pane's
 * emulator thread inside {@link PaneOutput#emit} (a local file append, flushed per chunk so a crash
 * loses nothing already shown); bounded by {@code maxBytes}: the chunk that would pass it ends the
 * recording ({@code stopped: size_limit}). UTF-8 split across chunks is carried to the next one.
 */
final class Recording {

    private final Path path;
    private final long maxBytes;
    private final long startNanos = System.nanoTime();
    private final OutputStream out;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
    private ByteBuffer carry = ByteBuffer.allocate(0);
    private long bytes;
    private long events;
    private @Nullable String stopped;
    private long endNanos;

    private Recording(Path path, long maxBytes, OutputStream out) {
        this.path = path;
        this.maxBytes = maxBytes;
        this.out = out;
    }

    /** Creates the file (it must not exist; mode 0600) and writes the header. */
    static Recording start(Path path, long maxBytes, int cols, int rows, @Nullable String shell) throws IOException {
        Files.createFile(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        OutputStream out = new BufferedOutputStream(Files.newOutputStream(path, StandardOpenOption.WRITE), 64 * 1024);
        Recording r = new Recording(path, maxBytes, out);
        StringBuilder header = new StringBuilder("{\"version\":2,\"width\":").append(cols).append(",\"height\":").append(rows)
                .append(",\"timestamp\":").append(Instant.now().getEpochSecond())
                .append(",\"env\":{\"TERM\":\"xterm-256color\"");
        if (shell != null) {
            header.append(",\"SHELL\":");
            appendJsonString(header, shell);
        }
        header.append("}}\n");
        r.writeLine(header.toString());
        return r;
    }

    /** One output chunk; false once the recording has ended (size limit or I/O error). */
    synchronized boolean write(byte[] buffer, int offset, int length) {
        if (stopped != null) {
            return false;
        }
        ByteBuffer in = ByteBuffer.allocate(carry.remaining() + length);
        in.put(carry).put(buffer, offset, length).flip();
        CharBuffer text = CharBuffer.allocate(in.remaining() + 1);
        decoder.decode(in, text, false);
        carry = in.slice(); // an incomplete UTF-8 sequence at the end waits for the next chunk
        text.flip();
        if (text.isEmpty()) {
            return true;
        }
        StringBuilder line = new StringBuilder(text.length() + 24).append('[')
                .append(String.format(java.util.Locale.ROOT, "%.6f", (System.nanoTime() - startNanos) / 1e9))
                .append(",\"o\",");
        appendJsonString(line, text);
        line.append("]\n");
        byte[] encoded = line.toString().getBytes(StandardCharsets.UTF_8);
        if (bytes + encoded.length > maxBytes) {
            end("size_limit");
            return false;
        }
        try {
            out.write(encoded);
            out.flush();
            bytes += encoded.length;
            events++;
        } catch (IOException e) {
            end("io_error: " + e.getMessage());
            return false;
        }
        return true;
    }

    /** Ends the recording (idempotent); {@code reason} is kept for the stop reply. */
    synchronized void end(String reason) {
        if (stopped != null) {
            return;
        }
        stopped = reason;
        endNanos = System.nanoTime();
        try {
            out.close();
        } catch (IOException e) {
            stopped = reason + " (close failed: " + e.getMessage() + ")";
        }
    }

    /**
     * pane.record's answer; {@code durationMs} is how long it has recorded (to its end once ended), {@code stopped}
     * why it ended.
     */
    record View(boolean recording, String path, long bytes, long events, long maxBytes, long durationMs,
                @Nullable String stopped) {
    }

    synchronized View view(boolean recording) {
        long durationMs = ((stopped != null ? endNanos : System.nanoTime()) - startNanos) / 1_000_000;
        return new View(recording, path.toString(), bytes, events, maxBytes, durationMs, stopped);
    }

    private void writeLine(String line) throws IOException {
        byte[] encoded = line.getBytes(StandardCharsets.UTF_8);
        out.write(encoded);
        out.flush();
        bytes += encoded.length;
    }

    static void appendJsonString(StringBuilder sb, CharSequence s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
