package dev.signaltty.journal.internal;

import java.io.IOException;
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
 * The start-up scan of {@link AuditLog}'s generations (seed R169, R193, R194, R195, R196): reads the
 * retention metadata, finishes an interrupted rotation, validates both generations, trims a torn final
 * record, and compares the current generation with its recorded lengths. What it finds (the metadata,
 * the largest seq, the current generation's extent, every loss of proof) is what the log starts from;
 * nothing is appended here.
 */
final class AuditStartScan {

    // The audit log's logger: the start-up lines keep the category they have always had.
    private static final Logger log = LoggerFactory.getLogger(AuditLog.class);

    private final Path dir;
    private final Durability durability;
    private final boolean recover;
    private final List<String> lossesAtStart = new ArrayList<>();
    private final List<Loss> specificLosses = new ArrayList<>();
    private RetentionMetadata meta = new RetentionMetadata(1, 0, 0, null, 0, null, false, List.of());
    private long maxSeq;
    private boolean metadataFound;
    private long currentLength;
    private long currentFirst;
    private long currentLast;
    private long currentCount;

    private AuditStartScan(Path dir, Durability durability, boolean recover) {
        this.dir = dir;
        this.durability = durability;
        this.recover = recover;
    }

    /** Scans {@code dir}; with {@code recover}, a corrupt file is moved aside and its loss recorded. */
    static AuditStartScan run(Path dir, Durability durability, boolean recover) throws IOException {
        AuditStartScan scan = new AuditStartScan(dir, durability, recover);
        scan.scanDisk();
        return scan;
    }

    RetentionMetadata meta() {
        return meta;
    }

    long maxSeq() {
        return maxSeq;
    }

    boolean metadataFound() {
        return metadataFound;
    }

    /** Losses whose proof bound is the new run's start base. */
    List<String> lossesAtStart() {
        return lossesAtStart;
    }

    /** Losses that carry their own bound (a predecessor not of its recorded length). */
    List<Loss> specificLosses() {
        return specificLosses;
    }

    long currentLength() {
        return currentLength;
    }

    long currentFirst() {
        return currentFirst;
    }

    long currentLast() {
        return currentLast;
    }

    long currentCount() {
        return currentCount;
    }

    /** A generation is the one recorded when it has the recorded length and first seq. */
    static boolean matches(Path file, Generation expected) throws IOException {
        return Files.exists(file) && Files.size(file) == expected.length()
                && GenerationFile.firstSeq(file) == expected.firstSeq();
    }

    private void scanDisk() throws IOException {
        PrivateFiles.directory(dir);
        Path cur = dir.resolve(AuditLog.CURRENT);
        Path prev = dir.resolve(AuditLog.PREVIOUS);
        Path metaFile = dir.resolve(RetentionMetadata.FILE);
        RetentionMetadata found;
        try {
            found = RetentionMetadata.read(metaFile);
        } catch (JournalCorruptException e) {
            if (!recover) {
                throw e;
            }
            moveAside(metaFile);
            lossesAtStart.add("recover: corrupt " + RetentionMetadata.FILE + " moved aside");
            found = null;
        }
        metadataFound = found != null;
        if (found == null) {
            boolean legacy = Files.exists(cur) || Files.exists(prev);
            Generation previous = null;
            if (Files.exists(prev)) {
                GenerationFile.Scan p = scanOrRecover(prev);
                if (p != null && p.count() > 0) {
                    previous = new Generation(AuditLog.PREVIOUS, p.firstSeq(), p.lastSeq(),
                            p.validLength() + p.tornTail());
                    maxSeq = Math.max(maxSeq, p.lastSeq());
                }
            }
            if (legacy && lossesAtStart.isEmpty()) {
                lossesAtStart.add("legacy audit without retention metadata: its history is unavailable for proof");
            }
            meta = new RetentionMetadata(1, 0, 0, previous, previous == null ? 0 : previous.lastSeq(), null, false,
                    List.of());
        } else {
            meta = found;
            if (meta.rotating()) {
                finishRotation(cur, prev);
            }
            Generation previous = meta.previous();
            if (previous != null && !matches(prev, previous)) {
                specificLosses.add(new Loss(Instant.now().toString(), AuditLog.PREVIOUS
                        + " missing or not of its recorded " + previous.length() + " bytes", previous.lastSeq()));
            }
            maxSeq = Math.max(maxSeq, meta.currentAfter());
            if (!Files.exists(cur)) {
                lossesAtStart.add(AuditLog.CURRENT + " missing");
            }
        }
        if (Files.exists(cur)) {
            scanCurrent(cur);
        }
    }

    private void scanCurrent(Path cur) throws IOException {
        GenerationFile.Scan c = scanOrRecover(cur);
        if (c == null) {
            return;
        }
        if (c.count() > 0 && c.firstSeq() <= meta.currentAfter()) {
            if (!recover) {
                throw new JournalCorruptException(cur, "first seq " + c.firstSeq()
                        + " is not above the retained predecessor's " + meta.currentAfter());
            }
            moveAside(cur);
            lossesAtStart.add("recover: " + AuditLog.CURRENT + " overlapping its predecessor moved aside");
            return;
        }
        if (c.tornTail() > 0) {
            // Never synced whole, hence never published: trimming it loses nothing proven.
            log.warn("{}: trimming {} bytes of an unsynced final record", cur, c.tornTail());
            try (FileChannel ch = FileChannel.open(cur, StandardOpenOption.WRITE)) {
                ch.truncate(c.validLength());
                durability.sync(ch);
            }
        }
        Long clean = meta.cleanLength();
        SyncedLengthMark.Mark synced = SyncedLengthMark.read(dir);
        if (clean != null && c.validLength() < clean) {
            lossesAtStart.add(AuditLog.CURRENT + " truncated: " + c.validLength() + " bytes, "
                    + clean + " recorded at the last clean stop");
        } else if (synced != null && synced.currentAfter() == meta.currentAfter()
                && c.validLength() < synced.length()) {
            lossesAtStart.add(AuditLog.CURRENT + " truncated: " + c.validLength() + " bytes, "
                    + synced.length() + " synced before publication");
        }
        currentLength = c.validLength();
        currentCount = c.count();
        currentFirst = c.firstSeq();
        currentLast = c.lastSeq();
        maxSeq = Math.max(maxSeq, c.lastSeq());
    }

    private GenerationFile.@Nullable Scan scanOrRecover(Path file) throws IOException {
        try {
            return GenerationFile.scan(file);
        } catch (GenerationFile.CorruptLine e) {
            if (!recover) {
                throw new JournalCorruptException(file, "corrupt audit history: " + e.getMessage());
            }
            moveAside(file);
            lossesAtStart.add("recover: corrupt " + file.getFileName() + " moved aside (" + e.getMessage() + ")");
            return null;
        }
    }

    private void moveAside(Path file) throws IOException {
        Path aside = file.resolveSibling(file.getFileName() + ".corrupt-" + System.currentTimeMillis());
        Files.move(file, aside);
        durability.syncDirectory(dir);
        log.warn("recover: moved {} to {}", file, aside);
    }

    // The metadata was persisted with rotating=true before the rename: finish it the same way.
    private void finishRotation(Path cur, Path prev) throws IOException {
        Generation previous = meta.previous();
        if (previous != null && Files.exists(cur) && matches(cur, previous)) {
            Files.move(cur, prev, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        if (!Files.exists(cur)) {
            Files.createFile(cur, PrivateFiles.fileMode());
        }
        durability.syncDirectory(dir);
        meta = new RetentionMetadata(1, meta.provenAfter(), meta.discardedThrough(), previous, meta.currentAfter(),
                null, false, meta.losses());
        meta.write(dir.resolve(RetentionMetadata.FILE), durability);
        log.info("finished an interrupted audit rotation in {}", dir);
    }
}
