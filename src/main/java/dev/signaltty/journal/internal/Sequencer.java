package dev.signaltty.journal.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

import dev.signaltty.transport.ProtocolJson;

/**
 * Issues {@code seq} numbers from blocks reserved in {@code event-sequence.json} (seed R172, R173, R174).
 *
 * <p>A block is made durable (synced temporary write, rename, directory sync) before any number of it
 * is issued, so after a crash every number ever issued is at or below the recorded reservation and a
 * restart continues above it: unused numbers are skipped, never reissued. Not thread-safe: the journal
 * calls it under its sequence lock.
 */
public final class Sequencer {

    public static final int BLOCK = 4096;
    /** After a corrupt reservation, numbering restarts this far above every number known from disk. */
    public static final long RECOVERY_GAP = 1L << 32;

    private static final Logger log = LoggerFactory.getLogger(Sequencer.class);
    static final String FILE = "event-sequence.json";

    private final Path file;
    private final Durability durability;
    private final long startBase;
    private long lastIssued;
    private long reservedThrough;

    private Sequencer(Path file, Durability durability, long base) {
        this.file = file;
        this.durability = durability;
        this.startBase = base;
        this.lastIssued = base;
        this.reservedThrough = base;
    }

    /**
     * Opens the reservation in {@code stateDir}. Without a reservation file the first block starts
     * above {@code legacySeed} (the largest seq of a legacy audit, or 0 for a fresh state dir).
     *
     * @throws JournalCorruptException when the file exists but cannot be read as a reservation
     */
    public static Sequencer open(Path stateDir, Durability durability, long legacySeed) {
        Path file = stateDir.resolve(FILE);
        Long recorded = read(file);
        return new Sequencer(file, durability, recorded != null ? recorded : legacySeed);
    }

    /** Opens a sequencer above {@code base} regardless of the file (recovery after a corrupt reservation). */
    public static Sequencer openAt(Path stateDir, Durability durability, long base) {
        return new Sequencer(stateDir.resolve(FILE), durability, base);
    }

    /**
     * Opens the reservation that goes with {@code audit} (a legacy audit seeds it) and reserves the first
     * block at once, so every run leaves a reservation behind. A reservation that is corrupt, below the
     * audit's largest seq, or missing while the state dir shows an earlier run (retention metadata or
     * snapshots: the highest seq issued is then unknown) fails startup; with {@code recover} a file is
     * moved aside, the loss is recorded, and numbering restarts {@link #RECOVERY_GAP} above the audit.
     */
    public static Sequencer openFor(Path stateDir, Durability durability, AuditLog audit, boolean recover)
            throws IOException {
        Sequencer opened;
        try {
            opened = open(stateDir, durability, audit.maxSeq());
            if (audit.maxSeq() > opened.startBase()) {
                throw new JournalCorruptException(opened.file(), "reserves through " + opened.startBase()
                        + " but the audit holds seq " + audit.maxSeq());
            }
            String earlierRun = earlierRun(stateDir, audit);
            if (!Files.exists(opened.file(), LinkOption.NOFOLLOW_LINKS) && earlierRun != null) {
                throw new JournalCorruptException(opened.file(), "missing, but " + earlierRun
                        + ": the highest seq issued before is unknown, and numbers must never be reissued");
            }
        } catch (JournalCorruptException e) {
            if (!recover) {
                throw e;
            }
            String what = "missing";
            if (Files.exists(e.file(), LinkOption.NOFOLLOW_LINKS)) {
                Path aside = e.file().resolveSibling(e.file().getFileName() + ".corrupt-" + System.currentTimeMillis());
                Files.move(e.file(), aside, LinkOption.NOFOLLOW_LINKS);
                durability.syncDirectory(stateDir);
                what = "corrupt";
                log.warn("recover: moved corrupt {} to {}", e.file(), aside);
            }
            long base = audit.maxSeq() + RECOVERY_GAP;
            log.warn("recover: {} {}; issuing from {}", what, e.file(), base + 1);
            audit.recordLossAtStart("recover: " + what + " " + FILE + "; numbering restarts above " + base);
            opened = openAt(stateDir, durability, base);
        }
        opened.reserve(opened.startBase() + BLOCK);
        return opened;
    }

    /** What shows that numbers were issued here before, or null for a fresh (or a legacy) state dir. */
    private static @Nullable String earlierRun(Path stateDir, AuditLog audit) throws IOException {
        if (audit.metadataFound()) {
            return RetentionMetadata.FILE + " exists";
        }
        Path snapshots = stateDir.resolve(StateFileCheck.SNAPSHOT_DIR);
        // a legacy audit (no metadata) seeds the reservation (seed R179); without one, snapshots show a run
        if (audit.maxSeq() == 0 && Files.isDirectory(snapshots, LinkOption.NOFOLLOW_LINKS)) {
            try (var entries = Files.list(snapshots)) {
                if (entries.anyMatch(p -> p.getFileName().toString().endsWith(".json"))) {
                    return "snapshots exist in " + snapshots;
                }
            }
        }
        return null;
    }

    /** The recorded reservation, or null when there is no file. */
    static Long read(Path file) {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new JournalCorruptException(file, "cannot read the seq reservation: " + e.getMessage(), e);
        }
        try {
            JsonNode node = ProtocolJson.MAPPER.readTree(text);
            JsonNode through = node == null ? null : node.get("reserved_through");
            if (through == null || !through.isIntegralNumber() || !through.canConvertToLong() || through.asLong() < 0) {
                throw new JournalCorruptException(file, "corrupt seq reservation: no non-negative reserved_through");
            }
            return through.asLong();
        } catch (JacksonException e) {
            throw new JournalCorruptException(file, "corrupt seq reservation: " + e.getOriginalMessage(), e);
        }
    }

    /** The next number; reserves (durably) a new block first when the current one is used up. */
    public long next() {
        if (lastIssued == reservedThrough) {
            reserve(reservedThrough + BLOCK);
        }
        return ++lastIssued;
    }

    private void reserve(long through) {
        byte[] bytes = ("{\"reserved_through\":" + through + ",\"block\":" + BLOCK + "}\n")
                .getBytes(StandardCharsets.UTF_8);
        try {
            durability.writeAtomically(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the seq reservation " + file, e);
        }
        reservedThrough = through;
    }

    /** Every number issued by earlier runs is at or below this. */
    public long startBase() {
        return startBase;
    }

    public long lastIssued() {
        return lastIssued;
    }

    public long reservedThrough() {
        return reservedThrough;
    }

    public Path file() {
        return file;
    }
}
