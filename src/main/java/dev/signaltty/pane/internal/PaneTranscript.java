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
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import dev.signaltty.vt.HistoryExport;
import dev.signaltty.vt.Terminal;

/**
 * One pane's transcript on disk (ADR 0230, tail ADR 0250), three files in the transcripts directory:
 * <ul>
 * <li>{@code <pane>.<g>.hist}: history lines appended as they retire, in the vt module's packed page
 *     format ({@link Terminal#historyAfter}); only its first {@code histLength} bytes count;</li>
 * <li>{@code <pane>.tail}: the raw output read since the checkpoint, copied into a memory-mapped file
 *     before the emulator sees it ({@link TranscriptTail}; a {@code FileChannel.write} per chunk cost
 *     the flood half again its CPU);</li>
 * <li>{@code <pane>.ckpt}: the checkpoint, replaced by rename: size, which hist file and tail
 *     generation, the {@link Terminal#repaint()} of that moment (screen, alternate screen, scroll
 *     region, modes, cursor), the rows' soft-wrap flags and the window title.</li>
 * </ul>
 * Restoring is: history, then the repaint, wrap flags and title, then the tail, fed to a fresh terminal
 * of the checkpoint's size. A checkpoint appends the lines retired since the last one, writes a new
 * checkpoint and starts the tail over; taken mid-sequence (a resize, or a sequence longer than the
 * tail's bound) it starts the tail with the open sequence's bytes, so a restore does not show the rest
 * of it as text. When the hist file would pass {@code maxBytes} (or history was cleared) it is
 * compacted: a new file holds the newest lines up to half the cap. Callers hold the pane terminal's
 * monitor (the state written must be the terminal's between two feeds); the methods also lock this
 * object, so a close or delete (pane closed, daemon stopping) cannot interleave with a write, and
 * nothing is written after it.
 */
final class PaneTranscript {

    private static final FileAttribute<Set<PosixFilePermission>> PRIVATE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    /** At most this much of an open sequence is carried into the next tail (an OSC keeps 4 KiB anyway). */
    static final int OPEN_SEQUENCE_MAX = 8 * 1024;
    /**
     * A checkpoint due by size within this long after the previous one waits for a tail of 3× the bound
     * (at rest; 4× in any state, as before): in a flood a checkpoint per bound cost the emulator thread
     * a fifth of its time (ADR 0430), while the tail a restore replays stays within the 4× it always had.
     */
    static final long FLOOD_GAP_NANOS = 1_000_000_000L;

    private final Path dir;
    private final String paneId;
    private final int maxBytes;
    private final int tailBytesMax;
    /** Monotonic nanoseconds ({@link System#nanoTime} outside tests). */
    private final java.util.function.LongSupplier clock;
    /** When the last checkpoint was taken, on {@link #clock}. */
    private long lastCheckpointNanos;
    private long gen;
    private long histGen;
    private long histLength;
    private @Nullable FileChannel hist;
    /** The two checkpoint slots; generation g is written into slot g & 1. */
    private final CheckpointSlots slots;
    /** The newest history line already in the hist file (this run's numbering). */
    private long lastSeq;
    private long clears;
    private int cols;
    private int rows;
    private final TranscriptTail tail;
    /** Written since the last sync. */
    private boolean unsynced;
    /** Closed or deleted: nothing more is written. */
    private boolean ended;

    private PaneTranscript(Path dir, String paneId, int maxBytes, int tailBytesMax, java.util.function.LongSupplier clock) {
        this.dir = dir;
        this.paneId = paneId;
        this.maxBytes = maxBytes;
        this.tailBytesMax = tailBytesMax;
        this.clock = clock;
        this.lastCheckpointNanos = clock.getAsLong() - FLOOD_GAP_NANOS; // the first bound checkpoints at once
        this.slots = new CheckpointSlots(dir, paneId);
        this.tail = new TranscriptTail(dir, paneId, tailBytesMax);
    }

    /**
     * A transcript for a pane with nothing on disk yet, made when its first output comes: the tail is
     * mapped and {@code terminal}'s state (before that output) checkpointed here, so {@link #append}
     * has no first-chunk case. Such a branch, taken once per pane, is one C2 never sees taken while it
     * compiles a flood's path: it became a trap at every new pane's first chunk, and the recompile of
     * the emulator turn that had inlined it (ADR 0650).
     */
    static PaneTranscript fresh(Path dir, String paneId, int maxBytes, int tailBytesMax, Terminal terminal) throws IOException {
        return fresh(dir, paneId, maxBytes, tailBytesMax, terminal, System::nanoTime);
    }

    /** The same on a given clock (tests: checkpoint pacing without waiting). */
    static PaneTranscript fresh(Path dir, String paneId, int maxBytes, int tailBytesMax, Terminal terminal,
                                java.util.function.LongSupplier clock) throws IOException {
        PaneTranscript t = new PaneTranscript(dir, paneId, maxBytes, tailBytesMax, clock);
        try {
            t.tail.map(0); // creates the directory too
            t.checkpoint(terminal, false);
        } catch (IOException | RuntimeException e) {
            try {
                t.delete();
            } catch (IOException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
        return t;
    }

    /**
     * Feeds a fresh terminal what the files hold and continues the same files; null when the pane has
     * no checkpoint. A pane whose transcript is still in the ADR 0230 form is converted (ADR 0331).
     */
    static @Nullable PaneTranscript restore(Path dir, String paneId, int maxBytes, int tailBytesMax, Terminal terminal)
            throws IOException {
        PaneTranscript t = new PaneTranscript(dir, paneId, maxBytes, tailBytesMax, System::nanoTime);
        byte[] checkpoint = t.slots.newest();
        if (checkpoint == null) {
            LegacyTranscript legacy = LegacyTranscript.read(dir, paneId);
            return legacy == null ? null : t.convert(legacy, terminal);
        }
        byte[] repaint;
        boolean[] wraps;
        String title;
        try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(checkpoint))) {
            t.cols = in.readInt();
            t.rows = in.readInt();
            t.histGen = in.readLong();
            t.histLength = in.readLong();
            t.gen = in.readLong();
            repaint = in.readNBytes(in.readInt());
            wraps = new boolean[in.readInt()];
            for (int i = 0; i < wraps.length; i++) {
                wraps[i] = in.readBoolean();
            }
            title = in.readUTF();
        }
        t.replay(terminal, repaint, wraps, title, t.tail.reopen(t.gen));
        return t;
    }

    /**
     * History, then the repaint, wrap flags and title, then the tail, fed at the checkpoint's size;
     * then the pane's size again.
     */
    private void replay(Terminal terminal, byte[] repaint, boolean @Nullable [] wraps, String title, byte[] tailBytes)
            throws IOException {
        byte[] history = histLength == 0 ? new byte[0] : readPrefix(histFile(histGen), histLength);
        int paneCols = terminal.cols();
        int paneRows = terminal.rows();
        terminal.resize(cols, rows);
        terminal.restoreHistory(history);
        lastSeq = terminal.headSeq();
        terminal.feed(repaint, 0, repaint.length);
        if (wraps != null) {
            terminal.restoreWrapFlags(wraps);
        }
        if (!title.isEmpty()) {
            byte[] osc = ("\u001b]2;" + title + "\u0007").getBytes(StandardCharsets.UTF_8);
            terminal.feed(osc, 0, osc.length);
        }
        terminal.feed(tailBytes, 0, tailBytes.length);
        terminal.resize(paneCols, paneRows);
    }

    /**
     * An ADR 0230 transcript, once (ADR 0331): replayed like one of this form (it has no wrap flags or
     * title), its tail copied into the mapped tail, then a synced checkpoint of this form takes it all in
     * (the lines the replay retired go on into the same hist file; an escape sequence the old tail ended
     * inside starts the new tail), and only then are the old files deleted. Killed before that, the next
     * start converts again; after it, it finds the new checkpoint and drops the old files' leftovers.
     */
    private PaneTranscript convert(LegacyTranscript legacy, Terminal terminal) throws IOException {
        cols = legacy.cols();
        rows = legacy.rows();
        histGen = legacy.histGen();
        histLength = legacy.histLength();
        gen = legacy.gen();
        replay(terminal, legacy.repaint(), null, "", legacy.tail());
        tail.map(legacy.tail().length);
        tail.startOver(legacy.tail(), gen); // the old tail began after a repaint: at rest
        checkpoint(terminal, true);
        legacy.delete(dir, paneId);
        return this;
    }

    /** Copies one chunk of output into the tail before the emulator sees it, checkpointing first when due. */
    synchronized void append(Terminal terminal, byte[] buffer, int offset, int length) throws IOException {
        if (ended) {
            return;
        }
        boolean atRest = terminal.atRest();
        if (atRest) {
            tail.markRest();
        }
        // the tail is mapped here: by fresh, restore or convert; only close and delete unmap it, and they end it
        if (terminal.cols() != cols || terminal.rows() != rows || tail.bytes() >= tailBytesMax && dueBySize(atRest)) {
            checkpoint(terminal, false);
        }
        tail.append(buffer, offset, length, gen);
        unsynced = true;
    }

    /**
     * Past the bound: at rest, at once when the last checkpoint is older than {@link #FLOOD_GAP_NANOS}
     * (output at a reading pace), else from 3× the bound on (a flood); mid-sequence from 4× on.
     */
    private boolean dueBySize(boolean atRest) {
        int tailBytes = tail.bytes();
        if (tailBytes >= 4L * tailBytesMax) {
            return true;
        }
        return atRest && (tailBytes >= 3L * tailBytesMax || clock.getAsLong() - lastCheckpointNanos >= FLOOD_GAP_NANOS);
    }

    /** The newest checkpoint's generation (tests count checkpoints by it). */
    long generation() {
        return gen;
    }

    /** The timer's pass: a checkpoint when output came since the last one, and a sync. */
    synchronized void settle(Terminal terminal) throws IOException {
        if (ended) {
            return;
        }
        if (tail.bytes() > 0 && terminal.atRest()) {
            checkpoint(terminal, true);
        } else if (unsynced) {
            tail.force(false);
            unsynced = false;
        }
    }

    synchronized void delete() throws IOException {
        ended = true;
        closeFiles();
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
        closeFiles();
    }

    private void checkpoint(Terminal terminal, boolean sync) throws IOException {
        long next = gen + 1;
        byte[] open = tail.openSequence(terminal.atRest());
        // lines that would pass the cap are not exported only to be dropped: the compaction takes the
        // newest half a cap of them (after a flood, the only ones that stay)
        long since = terminal.historyBytesAfter(lastSeq);
        boolean fits = terminal.historyClears() == clears && histLength + since <= maxBytes;
        long oldHistGen = histGen;
        if (!fits) {
            histGen = next;
            histLength = 0;
        }
        if (since > 0 || !fits) {
            if (hist == null || histGen != oldHistGen) {
                closeHist();
                hist = FileChannel.open(histFile(histGen), Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE), PRIVATE);
                hist.truncate(histLength); // bytes past the last checkpoint (a crash between) do not count
            }
            FileChannel h = hist;
            h.position(histLength);
            // straight from history's pages: a flood compacts at every checkpoint, and half a cap
            // through an array of its own was most of the checkpoint's cost (issue 24)
            HistoryExport export = terminal.writeHistoryAfter(fits ? lastSeq : 0, fits ? maxBytes : maxBytes / 2, h);
            histLength += export.length();
            lastSeq = export.lastSeq();
            clears = export.clears();
            unsynced = true;
        }
        if (sync && hist != null) {
            hist.force(false);
        }
        cols = terminal.cols();
        rows = terminal.rows();
        writeCheckpoint(terminal, next, sync);
        if (histGen != oldHistGen) {
            Files.deleteIfExists(histFile(oldHistGen));
        }
        gen = next;
        lastCheckpointNanos = clock.getAsLong();
        tail.startOver(open, gen);
        if (sync) {
            tail.force(true);
        }
        unsynced = !sync;
    }

    /**
     * The checkpoint's payload (size, where history ends, the tail's generation, the repaint, wrap flags
     * and title), written into the slot the previous one is not in ({@link CheckpointSlots}).
     */
    private void writeCheckpoint(Terminal terminal, long tailGen, boolean sync) throws IOException {
        byte[] repaint = terminal.repaint().getBytes(StandardCharsets.UTF_8);
        boolean[] wraps = terminal.wrapFlags();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(repaint.length + wraps.length + 128);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(cols);
            out.writeInt(rows);
            out.writeLong(histGen);
            out.writeLong(histLength);
            out.writeLong(tailGen);
            out.writeInt(repaint.length);
            out.write(repaint);
            out.writeInt(wraps.length);
            for (boolean wrap : wraps) {
                out.writeBoolean(wrap);
            }
            out.writeUTF(printable(terminal.title()));
        }
        slots.write(tailGen, bytes.toByteArray(), sync);
        unsynced = true;
    }

    /** The title without controls (it is fed back inside an OSC), within writeUTF's limit. */
    private static String printable(String title) {
        String clean = title.codePoints().filter(c -> c >= 0x20 && c != 0x7F && (c < 0x80 || c > 0x9F))
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        return clean.length() > 4096 ? clean.substring(0, 4096) : clean;
    }

    private void closeFiles() throws IOException {
        tail.close(unsynced);
        closeHist();
        slots.close();
    }

    private void closeHist() throws IOException {
        if (hist != null) {
            hist.close();
            hist = null;
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

    private Path histFile(long g) {
        return dir.resolve(paneId + "." + g + ".hist");
    }
}
