package dev.signaltty.journal.internal;

import java.util.ArrayDeque;
import java.util.List;

/**
 * The last {@value #CAPACITY} published state events (seed R182) and the interval they prove.
 *
 * <p>The ring proves every state event in {@code (coversAfter, last published]}: it starts above the
 * highest number earlier runs could have issued, and each eviction moves the bound up to the evicted
 * seq. The bound is tracked, never inferred from adjacent numbers (seed R188). Not thread-safe: the
 * journal guards it with its publication lock.
 */
public final class Ring {

    public static final int CAPACITY = 1024;

    private final ArrayDeque<AuditRecord> records;
    private final int capacity;
    private long coversAfter;

    public Ring(long coversAfter) {
        this(coversAfter, CAPACITY);
    }

    Ring(long coversAfter, int capacity) {
        this.records = new ArrayDeque<>(capacity);
        this.capacity = capacity;
        this.coversAfter = coversAfter;
    }

    public void add(AuditRecord record) {
        if (records.size() == capacity) {
            coversAfter = records.removeFirst().seq();
        }
        records.addLast(record);
    }

    public long coversAfter() {
        return coversAfter;
    }

    public List<AuditRecord> snapshot() {
        return List.copyOf(records);
    }

    public int size() {
        return records.size();
    }
}
