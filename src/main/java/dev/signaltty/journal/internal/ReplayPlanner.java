package dev.signaltty.journal.internal;

import java.io.IOException;
import java.util.List;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;

/**
 * Decides a replay from one captured view of the store (seed R181, R182, R183, R184, R185, R186, R187, R188, R189, R190, R191). Pure: given the capture, the
 * cursor and the filter, the answer is fixed.
 */
public final class ReplayPlanner {

    public static final int CAP = 4096;

    /** Reads journaled records in {@code (after, through]} from the audit generations captured. */
    @FunctionalInterface
    public interface DiskHistory {
        List<AuditRecord> read(long after, long through) throws IOException;
    }

    /**
     * One store read (R181): everything a replay decision needs, taken atomically.
     *
     * @param head             the last seq issued (state or transient)
     * @param fence            the last state event published: replay covers up to it, live starts above
     * @param diskProvenAfter  the audit proves every state event in {@code (diskProvenAfter, fence]}
     * @param discardedThrough rotation may have discarded records at or below this
     * @param ringAfter        the ring proves every state event in {@code (ringAfter, fence]}
     * @param ring             the ring's records
     * @param disk             the captured audit generations, or null when the cursor needs only the ring
     */
    public record Capture(long head, long fence, long diskProvenAfter, long discardedThrough, long ringAfter,
            List<AuditRecord> ring, @Nullable DiskHistory disk) {

        public long provenAfter() {
            return Math.min(diskProvenAfter, ringAfter);
        }
    }

    /** The decision and, when complete, the frames to send in ascending seq order. */
    public record Outcome(Replay replay, List<AuditRecord> records) {
    }

    private ReplayPlanner() {
    }

    public static Outcome plan(long requestedAfter, Capture capture, EventFilter filter) {
        return plan(requestedAfter, capture, filter, CAP);
    }

    static Outcome plan(long requestedAfter, Capture capture, EventFilter filter, int cap) {
        long provenAfter = capture.provenAfter();
        if (requestedAfter > capture.head()) {
            return refuse(Replay.CURSOR_AHEAD, requestedAfter, capture);
        }
        if (requestedAfter < provenAfter) {
            // Below the proof: lost to rotation is history_lost; anything else (legacy, a damaged
            // generation, a recorded recovery) cannot be proven at all.
            return refuse(requestedAfter < capture.discardedThrough() ? Replay.HISTORY_LOST : Replay.UNAVAILABLE,
                    requestedAfter, capture);
        }
        List<AuditRecord> source;
        if (requestedAfter >= capture.ringAfter()) {
            source = capture.ring();
        } else if (capture.disk() == null) {
            return refuse(Replay.UNAVAILABLE, requestedAfter, capture);
        } else {
            try {
                source = capture.disk().read(requestedAfter, capture.fence());
            } catch (IOException | RuntimeException e) {
                return refuse(Replay.UNAVAILABLE, requestedAfter, capture);
            }
        }
        TreeMap<Long, AuditRecord> matched = new TreeMap<>();
        collect(source, requestedAfter, capture.fence(), filter, matched);
        if (source != capture.ring()) {
            collect(capture.ring(), requestedAfter, capture.fence(), filter, matched);
        }
        if (matched.size() > cap) {
            return refuse(Replay.TRUNCATED, requestedAfter, capture);
        }
        Replay replay = new Replay(Replay.COMPLETE, requestedAfter, provenAfter, capture.fence(), matched.size(),
                null);
        return new Outcome(replay, List.copyOf(matched.values()));
    }

    // Filter first, then the cap counts only matches (R183); the map dedupes by seq and sorts (R184, R185).
    private static void collect(List<AuditRecord> records, long after, long through, EventFilter filter,
            TreeMap<Long, AuditRecord> into) {
        for (AuditRecord record : records) {
            if (record.seq() > after && record.seq() <= through && filter.matches(record)) {
                into.putIfAbsent(record.seq(), record);
            }
        }
    }

    private static Outcome refuse(String status, long requestedAfter, Capture capture) {
        return new Outcome(new Replay(status, requestedAfter, capture.provenAfter(), capture.fence(), 0,
                Replay.RECOVERY), List.of());
    }
}
