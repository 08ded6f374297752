package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Set;
import java.util.zip.CRC32;

import org.jspecify.annotations.Nullable;

/**
 * A pane transcript's two checkpoint slots, {@code <pane>.a.ckpt} and {@code <pane>.b.ckpt} (ADR 0250):
 * generation g goes into slot g &amp; 1, so a write cut short by a kill leaves the other slot, which the
 * tail still follows, valid. A slot is a header (magic {@code STT2}, payload length, CRC-32 of the
 * payload) and the payload, written in place into a file kept open: no truncate and no rename, which
 * on ext4 make the kernel flush the file's data at once. Not thread-safe: the owning
 * {@link PaneTranscript}'s monitor guards it.
 */
final class CheckpointSlots {

    private static final int MAGIC = 0x53545432; // "STT2"
    private static final int HEADER = 12;
    /** The payload's smallest size, and where in it its generation is (after cols, rows, hist gen and length). */
    private static final int MIN_PAYLOAD = 32;
    private static final int GEN_AT = 24;
    private static final FileAttribute<Set<PosixFilePermission>> PRIVATE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    private final Path dir;
    private final String paneId;
    private final @Nullable FileChannel[] channels = new FileChannel[2];

    CheckpointSlots(Path dir, String paneId) {
        this.dir = dir;
        this.paneId = paneId;
    }

    /** Writes {@code payload} (whose generation, at {@link #GEN_AT}, is {@code gen}) into gen's slot. */
    void write(long gen, byte[] payload, boolean sync) throws IOException {
        ByteBuffer record = ByteBuffer.allocate(HEADER + payload.length);
        CRC32 crc = new CRC32();
        crc.update(payload);
        record.putInt(MAGIC).putInt(payload.length).putInt((int) crc.getValue()).put(payload).flip();
        int slot = (int) (gen & 1);
        FileChannel channel = channels[slot];
        if (channel == null) {
            channel = FileChannel.open(file(slot), Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE), PRIVATE);
            channels[slot] = channel;
        }
        long at = 0;
        while (record.hasRemaining()) {
            at += channel.write(record, at);
        }
        if (sync) {
            channel.force(false);
        }
    }

    /**
     * The payload of the valid slot with the newest generation; null when neither file exists. Slot
     * files that exist with no valid checkpoint in either are an error, not an empty pane.
     */
    byte @Nullable [] newest() throws IOException {
        byte[] newest = null;
        long newestGen = -1;
        boolean any = false;
        for (int slot = 0; slot < 2; slot++) {
            byte[] file;
            try {
                file = Files.readAllBytes(file(slot));
            } catch (NoSuchFileException e) {
                continue;
            }
            any = true;
            ByteBuffer in = ByteBuffer.wrap(file);
            if (file.length < HEADER + MIN_PAYLOAD || in.getInt(0) != MAGIC) {
                continue;
            }
            int length = in.getInt(4);
            if (length < MIN_PAYLOAD || length > file.length - HEADER) {
                continue;
            }
            CRC32 crc = new CRC32();
            crc.update(file, HEADER, length);
            long gen = in.getLong(HEADER + GEN_AT);
            if ((int) crc.getValue() == in.getInt(8) && gen > newestGen) {
                newestGen = gen;
                newest = Arrays.copyOfRange(file, HEADER, HEADER + length);
            }
        }
        if (any && newest == null) {
            throw new IOException("no valid transcript checkpoint of this version for pane " + paneId);
        }
        return newest;
    }

    void close() throws IOException {
        for (int slot = 0; slot < 2; slot++) {
            FileChannel channel = channels[slot];
            if (channel != null) {
                channel.close();
                channels[slot] = null;
            }
        }
    }

    private Path file(int slot) {
        return dir.resolve(paneId + "." + (slot == 0 ? "a" : "b") + ".ckpt");
    }
}
