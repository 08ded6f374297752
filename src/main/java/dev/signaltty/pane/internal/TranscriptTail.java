package dev.signaltty.pane.internal;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import dev.signaltty.vt.Terminal;

/**
 * A pane's {@code <pane>.tail} (ADR 0250): the raw output read since the last checkpoint, copied into
 * a memory-mapped file before the emulator sees it. A store into a shared mapping is in the page cache
 * at once, which outlives a killed process exactly as a write(2) would, for the cost of a memory copy.
 * The first 8 bytes say which checkpoint the tail follows and how many bytes count, stored after the
 * bytes they count. Not thread-safe: {@link PaneTranscript} calls it under its own lock.
 */
final class TranscriptTail {

    /** The header: (generation & 0xFFFFFF) << 40 | bytes that count. */
    private static final int HEADER = 8;
    private static final int LENGTH_BITS = 40;
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final Path dir;
    private final Path file;
    /** The bytes of a full tail past what a mapping keeps: 4 × the checkpoint bound, an open sequence and a turn of output. */
    private final long room;
    private @Nullable MappedByteBuffer map;
    private int bytes;
    /** A tail offset where the terminal was at rest (between sequences): an open sequence starts after it. */
    private int restPoint;

    TranscriptTail(Path dir, String paneId, int boundBytes) {
        this.dir = dir;
        this.file = dir.resolve(paneId + ".tail");
        this.room = 4L * boundBytes + PaneTranscript.OPEN_SEQUENCE_MAX + 2L * PaneEmulation.TURN_BYTES;
    }

    /** The bytes that count. */
    int bytes() {
        return bytes;
    }

    /** The terminal is at rest before the next append: an open sequence can only start after here. */
    void markRest() {
        restPoint = bytes;
    }

    /**
     * Maps the file (created with the directory when missing) with room for {@code keep} bytes plus a
     * full tail; the bytes already there stay.
     */
    void map(int keep) throws IOException {
        long size = HEADER + (long) keep + room;
        if (size > Integer.MAX_VALUE) {
            throw new IOException("tail of " + size + " bytes cannot be mapped");
        }
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        try (FileChannel channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
            // the mapping outlives the channel; a deleted or closed transcript's is unmapped by the GC
            map = channel.map(FileChannel.MapMode.READ_WRITE, 0, Math.max(size, channel.size()));
        }
    }

    /**
     * After a restart: maps the file and returns the bytes that count for checkpoint generation
     * {@code gen} (none when the tail belongs to another generation: the checkpoint was written, the
     * tail not yet started over), then keeps them as this tail's, with room for a full tail after them.
     */
    byte[] reopen(long gen) throws IOException {
        map(0);
        MappedByteBuffer m = map;
        long header = (long) LONGS.getVolatile(m, 0);
        int counted = header >>> LENGTH_BITS == (gen & 0xFFFFFF) ? (int) (header & ((1L << LENGTH_BITS) - 1)) : 0;
        if (counted > m.capacity() - HEADER) {
            throw new IOException(file + " counts " + counted + " bytes, it holds " + (m.capacity() - HEADER));
        }
        byte[] kept = new byte[counted];
        m.get(HEADER, kept);
        map(counted); // room for what was replayed plus a full tail
        bytes = counted;
        publish(gen);
        return kept;
    }

    /** Copies output in behind the counted bytes and counts it for generation {@code gen}. */
    void append(byte[] buffer, int offset, int length, long gen) throws IOException {
        if ((long) HEADER + bytes + length > map.capacity()) {
            map(bytes + length);
        }
        map.put(HEADER + bytes, buffer, offset, length);
        bytes += length;
        publish(gen);
    }

    /**
     * The bytes of the escape sequence (or UTF-8 character) the terminal is in the middle of, from the
     * tail since its last rest point; empty at rest. Longer ones are cut to a prefix that leaves the
     * parser in the same state (only an OSC string's first 4 KiB are kept, the rest is swallowed).
     */
    byte[] openSequence(boolean atRest) {
        if (map == null || atRest || restPoint >= bytes) {
            return new byte[0];
        }
        byte[] since = new byte[bytes - restPoint];
        map.get(HEADER + restPoint, since);
        int start = Terminal.openSequenceStart(since, 0, since.length);
        return Arrays.copyOfRange(since, start, start + Math.min(since.length - start, PaneTranscript.OPEN_SEQUENCE_MAX));
    }

    /** Starts the tail over for checkpoint {@code gen} with {@code open} (the open sequence's bytes), at rest before them. */
    void startOver(byte[] open, long gen) {
        map.put(HEADER, open);
        bytes = open.length;
        restPoint = 0; // the new tail starts where a restore's repaint leaves the parser: at rest
        publish(gen);
    }

    /** Syncs the counted bytes; with {@code release}, an idle pane keeps no stale tail pages resident. */
    void force(boolean release) {
        map.force();
        if (release) {
            MappedPages.release(map, HEADER + bytes);
        }
    }

    /** Drops the mapping (synced first when asked); nothing is written after. */
    void close(boolean sync) {
        if (map != null && sync) {
            map.force();
        }
        map = null;
    }

    /** Stores the header after the bytes it counts (a release store: no reader sees a count before its bytes). */
    private void publish(long gen) {
        LONGS.setRelease(map, 0, (gen & 0xFFFFFF) << LENGTH_BITS | bytes);
    }
}
