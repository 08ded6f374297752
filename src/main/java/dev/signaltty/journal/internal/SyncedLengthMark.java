package dev.signaltty.journal.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.PrivateFiles;

/**
 * {@code audit.length}: which generation {@code audit.jsonl} is ({@code current_after}) and how long
 * it was at its last sync. It is overwritten in place (16 bytes, one sector) and synced after every
 * audit sync and before the batch is published, so expected file lengths are recorded before
 * publication (seed R194): after a crash, a current generation shorter than its mark was truncated
 * from outside and its proof is gone (R195).
 */
final class SyncedLengthMark implements AutoCloseable {

    static final String FILE = "audit.length";

    record Mark(long currentAfter, long length) {
    }

    private final FileChannel channel;
    private final Durability durability;
    private final ByteBuffer buffer = ByteBuffer.allocate(16);

    private SyncedLengthMark(FileChannel channel, Durability durability) {
        this.channel = channel;
        this.durability = durability;
    }

    /** The mark left on disk, or null when there is none (an older journal) or it is unreadable. */
    static @Nullable Mark read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file) || Files.size(file) != 16) {
            return null;
        }
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
        return new Mark(bytes.getLong(), bytes.getLong());
    }

    static SyncedLengthMark open(Path dir, Durability durability) throws IOException {
        boolean created = !Files.exists(dir.resolve(FILE));
        FileChannel channel = PrivateFiles.open(dir.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        if (created) {
            durability.syncDirectory(dir);
        }
        return new SyncedLengthMark(channel, durability);
    }

    /**
     * Overwrites the mark and syncs its data (fdatasync, ADR 0415): the file keeps its 16 bytes, so its
     * size, the one piece of metadata a read needs, changes only at the first write, which that sync
     * covers too.
     */
    void record(long currentAfter, long length) throws IOException {
        buffer.clear();
        buffer.putLong(currentAfter).putLong(length).flip();
        while (buffer.hasRemaining()) {
            channel.write(buffer, buffer.position());
        }
        durability.syncData(channel);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
