package dev.signaltty.journal.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/** Reading one audit generation: a startup scan, and the records of a replay. */
final class GenerationFile {

    /** A line that is not a well-formed record, or seqs that do not ascend. */
    static final class CorruptLine extends Exception {
        CorruptLine(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * The result of a scan.
     *
     * @param validLength the bytes up to the end of the last complete, parseable line
     * @param tornTail    bytes after it: a final line without its newline, never synced whole
     */
    record Scan(long count, long firstSeq, long lastSeq, long validLength, long tornTail) {
    }

    private GenerationFile() {
    }

    static byte[] readPrefix(FileChannel channel, long length) throws IOException {
        if (length > Integer.MAX_VALUE - 16) {
            throw new IOException("audit generation too large: " + length);
        }
        ByteBuffer buffer = ByteBuffer.allocate((int) length);
        long position = 0;
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, position);
            if (n < 0) {
                throw new IOException("audit generation shorter than its recorded length " + length);
            }
            position += n;
        }
        return buffer.array();
    }

    static Scan scan(Path file) throws IOException, CorruptLine {
        byte[] bytes;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            bytes = readPrefix(channel, channel.size());
        }
        long count = 0;
        long first = 0;
        long last = 0;
        int start = 0;
        int line = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] != '\n') {
                continue;
            }
            line++;
            AuditRecord record;
            try {
                record = AuditRecord.parse(bytes, start, i - start);
            } catch (IllegalArgumentException e) {
                boolean finalLine = i == bytes.length - 1;
                if (finalLine) {
                    // A final line that is complete but unparseable was still not synced whole
                    // (a record is written in one write and synced before publication).
                    return new Scan(count, first, last, start, bytes.length - start);
                }
                throw new CorruptLine(file.getFileName() + " line " + line + ": " + e.getMessage());
            }
            if (count > 0 && record.seq() <= last) {
                throw new CorruptLine(file.getFileName() + " line " + line + ": seq " + record.seq()
                        + " does not ascend after " + last);
            }
            if (count == 0) {
                first = record.seq();
            }
            last = record.seq();
            count++;
            start = i + 1;
        }
        return new Scan(count, first, last, start, bytes.length - start);
    }

    /** The seq of the first record, or -1 when the file has no complete record. */
    static long firstSeq(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), 1 << 20));
            channel.read(buffer, 0);
            byte[] bytes = buffer.array();
            for (int i = 0; i < buffer.position(); i++) {
                if (bytes[i] == '\n') {
                    try {
                        return AuditRecord.parse(bytes, 0, i).seq();
                    } catch (IllegalArgumentException e) {
                        return -1;
                    }
                }
            }
            return -1;
        }
    }

    /** Records of the first {@code length} bytes with seq in {@code (after, through]}. */
    static void collect(FileChannel channel, long length, long after, long through, List<AuditRecord> into)
            throws IOException {
        byte[] bytes = readPrefix(channel, length);
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                AuditRecord record = AuditRecord.parse(bytes, start, i - start);
                if (record.seq() > after && record.seq() <= through) {
                    into.add(record);
                }
                start = i + 1;
            }
        }
    }

    static List<AuditRecord> readAll(Path file) throws IOException {
        List<AuditRecord> all = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            collect(channel, channel.size(), 0, Long.MAX_VALUE, all);
        }
        return all;
    }
}
