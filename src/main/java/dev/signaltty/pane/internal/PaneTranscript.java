package dev.signaltty.pane.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import dev.signaltty.vt.HistoryExport;
import dev.signaltty.vt.Terminal;

/**
 * One pane's transcript on disk (ADR 0230), three files in the transcripts directory:
 * <ul>
 * <li>{@code <pane>.<g>.hist}: history lines appended as they retire, in the vt module's packed page
 *     format ({@link Terminal#historyAfter}); only its first {@code histLength} bytes count;</li>
 * <li>{@code <pane>.<g>.tail}: the raw output read since the checkpoint, appended before the emulator
 *     sees it (so whatever a client could read is in the file when the daemon is killed);</li>
 * <li>{@code <pane>.ckpt}: the checkpoint, replaced by rename: size, which hist and tail files, and the
 *     {@link Terminal#repaint()} of that moment (screen, alternate screen, scroll region, modes, cursor).</li>
 * </ul>
 * Restoring is: history, then the repaint, then the tail, fed to a fresh terminal of the checkpoint's
 * size. A checkpoint appends the lines retired since the last one, writes a new checkpoint and starts
 * an empty tail. When the hist file would pass {@code maxBytes} (or history was cleared) it is
 * compacted: a new file holds the newest lines up to half the cap. Callers hold the pane terminal's
 * monitor (the state written must be the terminal's between two feeds); the methods also lock this
 * object, so a close or delete (pane closed, daemon stopping) cannot interleave with a write, and
 * nothing is written after it.
 */
final class PaneTranscript {

    private static final int MAGIC = 0x53545431; // "STT1"
    private static final FileAttribute<Set<PosixFilePermission>> PRIVATE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    private final Path dir;
    private final String paneId;
    private final int maxBytes;
    private final int tailBytesMax;
    private long gen;
    private long histGen;
    private long histLength;
    /** The newest history line already in the hist file (this run's numbering). */
    private long lastSeq;
    private long clears;
    private int cols;
    private int rows;
    private @Nullable FileChannel tail;
    private long tailBytes;
    /** Written since the last sync. */
    private boolean unsynced;
    /** Closed or deleted: nothing more is written. */
    private boolean ended;

    private PaneTranscript(Path dir, String paneId, int maxBytes, int tailBytesMax) {
        this.dir = dir;
        this.paneId = paneId;
        this.maxBytes = maxBytes;
        this.tailBytesMax = tailBytesMax;
    }

    /** A transcript for a pane with nothing on disk yet; files appear with the first output. */
    static PaneTranscript fresh(Path dir, String paneId, int maxBytes, int tailBytesMax) {
        return new PaneTranscript(dir, paneId, maxBytes, tailBytesMax);
    }

    /**
     * Feeds a fresh terminal what the files hold and continues the same files; null when the pane has
     * no checkpoint.
     */
    static @Nullable PaneTranscript restore(Path dir, String paneId, int maxBytes, int tailBytesMax, Terminal terminal)
            throws IOException {
        PaneTranscript t = new PaneTranscript(dir, paneId, maxBytes, tailBytesMax);
        byte[] repaint;
        try (DataInputStream in = new DataInputStream(Files.newInputStream(t.checkpointFile()))) {
            if (in.readInt() != MAGIC) {
                throw new IOException("not a transcript checkpoint: " + t.checkpointFile());
            }
            t.cols = in.readInt();
            t.rows = in.readInt();
            t.histGen = in.readLong();
            t.histLength = in.readLong();
            t.gen = in.readLong();
            repaint = in.readNBytes(in.readInt());
        } catch (NoSuchFileException e) {
            return null;
        }
        byte[] history = t.histLength == 0 ? new byte[0] : readPrefix(t.histFile(t.histGen), t.histLength);
        byte[] tailBytes = Files.isRegularFile(t.tailFile(t.gen)) ? Files.readAllBytes(t.tailFile(t.gen)) : new byte[0];
        int paneCols = terminal.cols();
        int paneRows = terminal.rows();
        terminal.resize(t.cols, t.rows);
        terminal.restoreHistory(history);
        t.lastSeq = terminal.headSeq();
        terminal.feed(repaint, 0, repaint.length);
        terminal.feed(tailBytes, 0, tailBytes.length);
        terminal.resize(paneCols, paneRows);
        t.tail = FileChannel.open(t.tailFile(t.gen), Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND), PRIVATE);
        t.tailBytes = tailBytes.length;
        return t;
    }

    /** Appends one chunk of output before the emulator sees it, checkpointing first when due. */
    synchronized void append(Terminal terminal, byte[] buffer, int offset, int length) throws IOException {
        if (ended) {
            return;
        }
        boolean resized = terminal.cols() != cols || terminal.rows() != rows;
        if (tail == null || resized || tailBytes >= tailBytesMax && (terminal.atRest() || tailBytes >= 4L * tailBytesMax)) {
            checkpoint(terminal, false);
        }
        write(tail, ByteBuffer.wrap(buffer, offset, length));
        tailBytes += length;
    }

    /** The timer's pass: a checkpoint when output came since the last one, and a sync. */
    synchronized void settle(Terminal terminal) throws IOException {
        if (ended) {
            return;
        }
        if (tail != null && tailBytes > 0 && terminal.atRest()) {
            checkpoint(terminal, true);
        } else if (unsynced && tail != null) {
            tail.force(false);
            unsynced = false;
        }
    }

    synchronized void delete() throws IOException {
        ended = true;
        closeTail();
        try (var files = Files.list(dir)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                if (name.startsWith(paneId + ".")) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (NoSuchFileException e) {
            // no directory: nothing was written
        }
    }

    synchronized void close() throws IOException {
        ended = true;
        closeTail();
    }

    private void checkpoint(Terminal terminal, boolean sync) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        long next = gen + 1;
        HistoryExport export = terminal.historyAfter(lastSeq, maxBytes);
        long oldHistGen = histGen;
        if (export.clears() != clears || histLength + export.packed().length > maxBytes) {
            export = terminal.historyAfter(0, maxBytes / 2);
            histGen = next;
            histLength = 0;
        }
        if (export.packed().length > 0 || histGen == next) {
            try (FileChannel hist = FileChannel.open(histFile(histGen), Set.of(StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE), PRIVATE)) {
                hist.truncate(histLength); // bytes past the last checkpoint (a crash between) do not count
                hist.position(histLength);
                write(hist, ByteBuffer.wrap(export.packed()));
                if (sync) {
                    hist.force(false);
                }
            }
            histLength += export.packed().length;
        }
        lastSeq = export.lastSeq();
        clears = export.clears();
        FileChannel newTail = FileChannel.open(tailFile(next), Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING), PRIVATE);
        cols = terminal.cols();
        rows = terminal.rows();
        writeCheckpoint(terminal.repaint().getBytes(StandardCharsets.UTF_8), next, sync);
        closeTail();
        Files.deleteIfExists(tailFile(gen));
        if (histGen != oldHistGen) {
            Files.deleteIfExists(histFile(oldHistGen));
        }
        gen = next;
        tail = newTail;
        tailBytes = 0;
        unsynced = !sync;
    }

    private void writeCheckpoint(byte[] repaint, long tailGen, boolean sync) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(repaint.length + 48);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(cols);
            out.writeInt(rows);
            out.writeLong(histGen);
            out.writeLong(histLength);
            out.writeLong(tailGen);
            out.writeInt(repaint.length);
            out.write(repaint);
        }
        Path temp = dir.resolve(paneId + ".ckpt.tmp");
        try (FileChannel channel = FileChannel.open(temp, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING), PRIVATE)) {
            write(channel, ByteBuffer.wrap(bytes.toByteArray()));
            if (sync) {
                channel.force(true);
            }
        }
        Files.move(temp, checkpointFile(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private void write(FileChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        unsynced = true;
    }

    private void closeTail() throws IOException {
        if (tail != null) {
            tail.close();
            tail = null;
        }
    }

    private static byte[] readPrefix(Path file, long length) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            if (channel.size() < length) {
                throw new IOException(file + " holds " + channel.size() + " bytes, the checkpoint counts " + length);
            }
            ByteBuffer buffer = ByteBuffer.allocate((int) length);
            while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
                // reads until the counted prefix is in
            }
            return buffer.array();
        }
    }

    private Path checkpointFile() {
        return dir.resolve(paneId + ".ckpt");
    }

    private Path histFile(long g) {
        return dir.resolve(paneId + "." + g + ".hist");
    }

    private Path tailFile(long g) {
        return dir.resolve(paneId + "." + g + ".tail");
    }
}
