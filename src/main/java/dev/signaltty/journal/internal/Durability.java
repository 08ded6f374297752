package dev.signaltty.journal.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

import dev.signaltty.transport.PrivateFiles;

/**
 * The one place that makes bytes durable. Production syncs with {@link FileChannel#force}; a test can
 * substitute a syncer that fails, to prove that a journal that cannot sync stops the server (the
 * state directory cannot be made unwritable for root, who runs the tests here).
 */
public class Durability {

    /** Syncs a file's data (and metadata when the size changed). */
    public void sync(FileChannel channel) throws IOException {
        channel.force(true);
    }

    /**
     * Syncs a file's data and only the metadata needed to read it back (fdatasync): for a file
     * overwritten in place, whose size does not change, this skips the inode's timestamps.
     */
    public void syncData(FileChannel channel) throws IOException {
        channel.force(false);
    }

    /** Makes a rename or creation inside {@code dir} durable (Linux allows fsync on a directory fd). */
    public void syncDirectory(Path dir) throws IOException {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            sync(channel);
        }
    }

    /**
     * Replaces {@code target} with {@code bytes}: synced temporary write, atomic rename, parent
     * directory sync. A crash leaves either the old or the new content, never a torn file.
     */
    public void writeAtomically(Path target, byte[] bytes) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            PrivateFiles.directory(dir);
        }
        Path temp = dir.resolve(target.getFileName() + ".tmp");
        // 0600 from creation (docs/security.md): the rename keeps the temp file's mode
        try (FileChannel channel = PrivateFiles.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            sync(channel);
        }
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("cannot rename atomically into " + target, e);
        }
        syncDirectory(dir);
    }
}
