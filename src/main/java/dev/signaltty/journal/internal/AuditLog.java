package dev.signaltty.journal.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.signaltty.transport.PrivateFiles;

import dev.signaltty.journal.internal.RetentionMetadata.Generation;
import dev.signaltty.journal.internal.RetentionMetadata.Loss;

/**
 * {@code audit.jsonl} and its one retained predecessor {@code audit.jsonl.1} (seed R167, R168, R169, R170, R171, R193, R194, R195, R196, R197).
 *
 * <p>Opening is two steps: {@link #scan} validates what is on disk (and learns the largest seq, which
 * seeds a legacy reservation); {@link #start} records every loss of proof found, with the run's
 * sequence base, in {@code audit-retention.json} before anything is appended. Only the journal's
 * writer thread appends; replay captures read under the same monitor.
 */
public final class AuditLog implements AutoCloseable {

    public static final String CURRENT = "audit.jsonl";
    public static final String PREVIOUS = "audit.jsonl.1";
    public static final long ROTATE_AT = 8L << 20;

    private static final Logger log = LoggerFactory.getLogger(AuditLog.class);

    private final Path dir;
    private final Durability durability;
    private final long rotateAt;
    private final List<String> lossesAtStart = new ArrayList<>();
    private final List<Loss> specificLosses = new ArrayList<>();
    private RetentionMetadata meta;
    private final long maxSeq;
    private final boolean metadataFound;
    private @Nullable FileChannel current;
    private @Nullable SyncedLengthMark mark;
    private long currentLength;
    private long currentFirst;
    private long currentLast;
    private long currentCount;

    private AuditLog(Path dir, Durability durability, long rotateAt, AuditStartScan found) {
        this.dir = dir;
        this.durability = durability;
        this.rotateAt = rotateAt;
        this.meta = found.meta();
        this.maxSeq = found.maxSeq();
        this.metadataFound = found.metadataFound();
        this.lossesAtStart.addAll(found.lossesAtStart());
        this.specificLosses.addAll(found.specificLosses());
        this.currentLength = found.currentLength();
        this.currentCount = found.currentCount();
        this.currentFirst = found.currentFirst();
        this.currentLast = found.currentLast();
    }

    /**
     * Validates the generations on disk ({@link AuditStartScan}). With {@code recover}, a corrupt file
     * is moved aside ({@code <name>.corrupt-<millis>}, kept as evidence) and the loss recorded; without
     * it, startup fails.
     *
     * @throws JournalCorruptException naming the file that cannot be trusted
     */
    public static AuditLog scan(Path dir, Durability durability, boolean recover) throws IOException {
        return scan(dir, durability, recover, ROTATE_AT);
    }

    static AuditLog scan(Path dir, Durability durability, boolean recover, long rotateAt) throws IOException {
        return new AuditLog(dir, durability, rotateAt, AuditStartScan.run(dir, durability, recover));
    }

    /** The largest seq retained on disk (0 when none): seeds a legacy reservation (R179). */
    public long maxSeq() {
        return maxSeq;
    }

    /**
     * True when {@code audit-retention.json} was on disk: a run of this format issued numbers here, so
     * its reservation must be there too (a missing one leaves the highest issued seq unknown).
     */
    public boolean metadataFound() {
        return metadataFound;
    }

    /** Records a loss found outside the audit (a corrupt reservation under recovery). */
    public void recordLossAtStart(String reason) {
        lossesAtStart.add(reason);
    }

    /**
     * Records a loss found after start (a snapshot the retained audit cannot catch up, ADR 0130):
     * {@code proven_after} rises to {@code bound}, so no cursor at or below it replays complete.
     */
    public synchronized void recordLoss(String reason, long bound) throws IOException {
        meta = meta.withLoss(new Loss(Instant.now().toString(), reason, bound));
        meta.write(dir.resolve(RetentionMetadata.FILE), durability);
        log.warn("audit proof lost: {} (complete replay only for cursors >= {})", reason, bound);
    }

    /**
     * Records the losses found, with {@code startBase} (every seq of earlier runs is at or below it) as
     * the new proof bound, and opens {@code audit.jsonl} for appending.
     */
    public synchronized void start(long startBase) throws IOException {
        String now = Instant.now().toString();
        RetentionMetadata next = new RetentionMetadata(1, meta.provenAfter(), meta.discardedThrough(),
                meta.previous(), meta.currentAfter(), null, false, meta.losses());
        for (Loss loss : specificLosses) {
            if (loss.provenAfter() > next.provenAfter()) { // already recorded at an earlier start otherwise
                next = next.withLoss(loss);
            }
        }
        for (String reason : lossesAtStart) {
            next = next.withLoss(new Loss(now, reason, startBase));
        }
        for (Loss loss : next.losses().subList(meta.losses().size(), next.losses().size())) {
            log.warn("audit proof lost: {} (complete replay only for cursors >= {})", loss.reason(),
                    loss.provenAfter());
        }
        meta = next;
        Path cur = dir.resolve(CURRENT);
        current = PrivateFiles.open(cur, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        current.position(currentLength);
        durability.syncDirectory(dir);
        meta.write(dir.resolve(RetentionMetadata.FILE), durability);
        mark = SyncedLengthMark.open(dir, durability);
        mark.record(meta.currentAfter(), currentLength);
    }

    /**
     * Appends records (ascending seq) and syncs them: one sync for the whole batch (group commit),
     * plus those a rotation needs. Returns once every record is durable.
     */
    public void append(List<AuditRecord> batch) throws IOException {
        List<byte[]> lines = new ArrayList<>(batch.size());
        for (AuditRecord record : batch) {
            lines.add(record.toLine());
        }
        append(batch, lines);
    }

    /**
     * The same with each record's line already encoded ({@link AuditRecord#toLine}, by the callers):
     * the records up to a rotation go out in one write.
     */
    synchronized void append(List<AuditRecord> batch, List<byte[]> lines) throws IOException {
        FileChannel channel = open();
        int from = 0;
        boolean dirty = false;
        while (from < batch.size()) {
            // every record up to the one that crosses the threshold goes out in one write
            int to = from;
            long length = currentLength;
            int bytes = 0;
            while (to < batch.size()) {
                length += lines.get(to).length;
                bytes += lines.get(to).length;
                to++;
                if (length >= rotateAt) {
                    break;
                }
            }
            ByteBuffer buffer = ByteBuffer.allocate(bytes);
            for (int i = from; i < to; i++) {
                buffer.put(lines.get(i));
            }
            buffer.flip();
            try {
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            } catch (IOException e) {
                dropPartialRecord(e);
                throw e;
            }
            if (currentCount == 0) {
                currentFirst = batch.get(from).seq();
            }
            currentCount += to - from;
            currentLast = batch.get(to - 1).seq();
            currentLength = length;
            dirty = true;
            if (currentLength >= rotateAt) {
                // The crossing record stays in the old generation (R170).
                rotate();
                channel = open();
                dirty = false;
            }
            from = to;
        }
        if (dirty) {
            durability.sync(channel);
            recordSyncedLength();
        }
    }

    /** Before the batch is published: the expected length of the current generation (R194). */
    private void recordSyncedLength() throws IOException {
        if (mark != null) {
            mark.record(meta.currentAfter(), currentLength);
        }
    }

    /**
     * A write failed part-way (a full disk): cut the file back to the last whole record, so the audit
     * never holds half a line. The server stops after this; a failure here is reported with the first.
     */
    private void dropPartialRecord(IOException cause) {
        try {
            FileChannel channel = open();
            channel.truncate(currentLength);
            channel.position(currentLength);
            durability.sync(channel);
        } catch (IOException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    private FileChannel open() {
        if (current == null) {
            throw new IllegalStateException("audit log not started or closed");
        }
        return current;
    }

    private void rotate() throws IOException {
        FileChannel channel = open();
        durability.sync(channel);
        Path cur = dir.resolve(CURRENT);
        Path prev = dir.resolve(PREVIOUS);
        RetentionMetadata base = meta;
        // Check uncertainty before rotating (R196): a generation that no longer has its recorded
        // length was damaged while we ran.
        Generation old = base.previous();
        if (old != null && !AuditStartScan.matches(prev, old)) {
            base = base.withLoss(new Loss(Instant.now().toString(), PREVIOUS + " changed on disk before rotation",
                    old.lastSeq()));
        }
        if (Files.size(cur) != currentLength) {
            base = base.withLoss(new Loss(Instant.now().toString(), CURRENT + " changed on disk before rotation",
                    currentLast));
        }
        long discarded = Math.max(base.discardedThrough(), old == null ? 0 : old.lastSeq());
        Generation rotated = new Generation(PREVIOUS, currentFirst, currentLast, currentLength);
        meta = new RetentionMetadata(1, Math.max(base.provenAfter(), discarded), discarded, rotated, currentLast,
                null, true, base.losses());
        // Persisted before the old predecessor is discarded (R193), with the expected lengths.
        meta.write(dir.resolve(RetentionMetadata.FILE), durability);
        channel.close();
        current = null;
        Files.move(cur, prev, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        current = PrivateFiles.open(cur, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        durability.syncDirectory(dir);
        meta = new RetentionMetadata(1, meta.provenAfter(), discarded, rotated, currentLast, null, false,
                meta.losses());
        meta.write(dir.resolve(RetentionMetadata.FILE), durability);
        currentLength = 0;
        currentCount = 0;
        currentFirst = 0;
        recordSyncedLength();
    }

    /** The audit proves every state event in {@code (provenAfter, newest record]}. */
    public synchronized long provenAfter() {
        return meta.provenAfter();
    }

    public synchronized long discardedThrough() {
        return meta.discardedThrough();
    }

    public synchronized RetentionMetadata metadata() {
        return meta;
    }

    /**
     * Opens the retained generations as they are now (open descriptors survive a later rotation), for
     * one replay read. The caller closes it.
     */
    public synchronized Captured capture() throws IOException {
        List<FileChannel> channels = new ArrayList<>();
        List<Long> lengths = new ArrayList<>();
        try {
            Generation previous = meta.previous();
            // A predecessor below the proof bound proves nothing (it may be gone): read only the rest.
            if (previous != null && previous.lastSeq() > meta.provenAfter()) {
                channels.add(FileChannel.open(dir.resolve(PREVIOUS), StandardOpenOption.READ));
                lengths.add(previous.length());
            }
            channels.add(FileChannel.open(dir.resolve(CURRENT), StandardOpenOption.READ));
            lengths.add(currentLength);
        } catch (IOException e) {
            for (FileChannel channel : channels) {
                channel.close();
            }
            throw e;
        }
        return new Captured(channels, lengths);
    }

    /** Generations captured for one replay read. */
    public record Captured(List<FileChannel> channels, List<Long> lengths)
            implements ReplayPlanner.DiskHistory, AutoCloseable {

        @Override
        public List<AuditRecord> read(long after, long through) throws IOException {
            List<AuditRecord> records = new ArrayList<>();
            for (int i = 0; i < channels.size(); i++) {
                GenerationFile.collect(channels.get(i), lengths.get(i), after, through, records);
            }
            return records;
        }

        @Override
        public void close() {
            for (FileChannel channel : channels) {
                try {
                    channel.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    /** Records the current length as the expected length for the next start (a clean stop). */
    @Override
    public synchronized void close() throws IOException {
        if (current == null) {
            return;
        }
        durability.sync(current);
        current.close();
        current = null;
        if (mark != null) {
            mark.close();
            mark = null;
        }
        meta = new RetentionMetadata(1, meta.provenAfter(), meta.discardedThrough(), meta.previous(),
                meta.currentAfter(), currentLength, false, meta.losses());
        meta.write(dir.resolve(RetentionMetadata.FILE), durability);
    }
}
