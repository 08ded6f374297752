package dev.signaltty.agent.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;

/**
 * The complete lines an agent's JSONL file (a transcript, appended by the agent) gained since the last
 * read: each {@link #read} reads only what was appended, at most {@code maxRead} bytes, so a read is a
 * stat when nothing changed. A line longer than {@code maxLine} (a huge tool result) is dropped unread;
 * a line still being written is handed over once complete. Only a regular file is opened: a FIFO or
 * device named by a payload must never block or flood the reader. Not thread-safe.
 */
final class AppendedLines {

    private final Path path;
    private final int maxLine;
    private final long maxRead;
    private long offset;
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
    private boolean skippingLine;

    /**
     * Reads from {@code offset}; when that is not 0 it is taken to be inside a line, which is skipped,
     * so the first line handed over is a whole one.
     */
    AppendedLines(Path path, long offset, int maxLine, long maxRead) {
        this.path = path;
        this.offset = offset;
        this.maxLine = maxLine;
        this.maxRead = maxRead;
        this.skippingLine = offset > 0;
    }

    Path path() {
        return path;
    }

    /**
     * Hands each complete line appended since the last read to {@code lines}. A file that shrank
     * (replaced) is read again from its start, after {@code restarted} ran so the caller can drop what
     * it derived from the old content. A file that is gone or unreadable for now reads as nothing new.
     */
    void read(Runnable restarted, Consumer<String> lines) {
        if (!Files.isRegularFile(path)) {
            return;
        }
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size < offset) {
                offset = 0;
                partial.reset();
                skippingLine = false;
                restarted.run();
            }
            long end = Math.min(size, offset + maxRead);
            ByteBuffer buffer = ByteBuffer.allocate(64 << 10);
            while (offset < end) {
                buffer.clear().limit((int) Math.min(buffer.capacity(), end - offset));
                int n = channel.read(buffer, offset);
                if (n <= 0) {
                    break;
                }
                offset += n;
                feed(buffer.array(), n, lines);
            }
        } catch (IOException e) {
            // gone or unreadable for now: the next read tries again from the same offset
        }
    }

    private void feed(byte[] bytes, int length, Consumer<String> lines) {
        int start = 0;
        for (int i = 0; i < length; i++) {
            if (bytes[i] == '\n') {
                append(bytes, start, i - start);
                if (!skippingLine) {
                    lines.accept(partial.toString(StandardCharsets.UTF_8));
                }
                partial.reset();
                skippingLine = false;
                start = i + 1;
            }
        }
        append(bytes, start, length - start);
    }

    private void append(byte[] bytes, int from, int length) {
        if (skippingLine || length == 0) {
            return;
        }
        if (partial.size() + length > maxLine) {
            skippingLine = true;
            partial.reset();
            return;
        }
        partial.write(bytes, from, length);
    }
}
