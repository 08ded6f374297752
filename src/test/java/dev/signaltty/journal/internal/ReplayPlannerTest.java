package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import dev.signaltty.journal.internal.ReplayPlanner.Capture;
import dev.signaltty.journal.internal.ReplayPlanner.Outcome;

class ReplayPlannerTest {

    private static List<AuditRecord> records(long from, long through) {
        List<AuditRecord> list = new ArrayList<>();
        for (long seq = from; seq <= through; seq++) {
            list.add(EventFilterTest.record(seq, seq % 2 == 0 ? "pane.updated" : "agent.idle",
                    Map.of("task_id", seq % 3 == 0 ? "task_x" : "task_y")));
        }
        return list;
    }

    /** Disk proves (0, 200], nothing discarded; the ring proves (150, 200]; head 210 (pty holes). */
    private static Capture capture() {
        List<AuditRecord> disk = records(1, 200);
        return new Capture(210, 200, 0, 0, 150, records(151, 200),
                (after, through) -> disk.stream().filter(r -> r.seq() > after && r.seq() <= through).toList());
    }

    private static void assertRefused(Outcome outcome, String status) { // seed R189, seed R190, seed R191
        assertThat(outcome.replay().status()).isEqualTo(status);
        assertThat(outcome.replay().returned()).isZero();
        assertThat(outcome.replay().recovery()).isEqualTo("snapshot_then_resubscribe");
        assertThat(outcome.records()).isEmpty();
    }

    @Nested
    class Complete {

        @Test
        void replaysFromTheRingWhenTheCursorIsInsideIt() { // seed R185, seed R187
            Outcome outcome = ReplayPlanner.plan(180, capture(), EventFilter.EVERYTHING);
            assertThat(outcome.replay()).isEqualTo(new Replay("complete", 180, 0, 200, 20, null));
            assertThat(outcome.records()).extracting(AuditRecord::seq).startsWith(181L).endsWith(200L)
                    .isSorted().doesNotHaveDuplicates();
        }

        @Test
        void readsTheAuditBelowTheRingAndDedupesItAgainstTheRing() { // seed R184
            Outcome outcome = ReplayPlanner.plan(100, capture(), EventFilter.EVERYTHING);
            assertThat(outcome.replay().status()).isEqualTo("complete");
            assertThat(outcome.replay().returned()).isEqualTo(100);
            assertThat(outcome.records()).extracting(AuditRecord::seq).isSorted().doesNotHaveDuplicates()
                    .hasSize(100).first().isEqualTo(101L);
        }

        @Test
        void zeroAsksForEverythingRetained() {
            Outcome outcome = ReplayPlanner.plan(0, capture(), EventFilter.EVERYTHING);
            assertThat(outcome.replay().status()).isEqualTo("complete");
            assertThat(outcome.replay().returned()).isEqualTo(200);
        }

        @Test
        void aCursorAtTheHeadReplaysNothing() {
            Outcome outcome = ReplayPlanner.plan(210, capture(), EventFilter.EVERYTHING);
            assertThat(outcome.replay().status()).isEqualTo("complete");
            assertThat(outcome.replay().returned()).isZero();
        }

        @Test
        void appliesGlobsAndTaskIdsToTheReplay() {
            EventFilter filter = EventFilter.parse(List.of("pane.*"), List.of("task_x"));
            Outcome outcome = ReplayPlanner.plan(100, capture(), filter);
            assertThat(outcome.records()).allSatisfy(r -> {
                assertThat(r.event()).isEqualTo("pane.updated");
                assertThat(r.taskId()).isEqualTo("task_x");
            });
            assertThat(outcome.replay().returned()).isEqualTo(outcome.records().size()).isEqualTo(17);
        }

        @Test
        void ignoresRecordsAboveTheFence() { // seed R200: live delivery covers them
            List<AuditRecord> disk = records(1, 220);
            Capture capture = new Capture(220, 200, 0, 0, 150, records(151, 200),
                    (after, through) -> disk.stream().filter(r -> r.seq() > after).toList());
            assertThat(ReplayPlanner.plan(10, capture, EventFilter.EVERYTHING).records())
                    .extracting(AuditRecord::seq).last().isEqualTo(200L);
        }
    }

    @Nested
    class Refused {

        @Test
        void saysCursorAheadPastTheHead() {
            assertRefused(ReplayPlanner.plan(211, capture(), EventFilter.EVERYTHING), "cursor_ahead");
        }

        @Test
        void saysHistoryLostBelowWhatRotationDiscarded() {
            Capture capture = new Capture(210, 200, 50, 50, 150, records(151, 200), (a, t) -> records(51, 200));
            Outcome outcome = ReplayPlanner.plan(49, capture, EventFilter.EVERYTHING);
            assertRefused(outcome, "history_lost");
            assertThat(outcome.replay().retainedAfter()).isEqualTo(50);
            assertThat(ReplayPlanner.plan(50, capture, EventFilter.EVERYTHING).replay().status())
                    .isEqualTo("complete");
        }

        @Test
        void saysTruncatedWhenMoreMatchesThanTheCapRemain() { // seed R183
            Outcome outcome = ReplayPlanner.plan(0, capture(), EventFilter.EVERYTHING, 150);
            assertRefused(outcome, "truncated");
        }

        @Test
        void countsOnlyMatchesAgainstTheCap() { // seed R183: filter before the cap
            EventFilter panesOnly = EventFilter.parse(List.of("pane.*"), null);
            Outcome outcome = ReplayPlanner.plan(0, capture(), panesOnly, 150);
            assertThat(outcome.replay().status()).isEqualTo("complete");
            assertThat(outcome.replay().returned()).isEqualTo(100);
        }

        @Test
        void saysUnavailableWhenTheAuditProvesLessThanTheCursorNeeds() { // seed R197, seed R198
            // A legacy audit: disk proof starts at the run's base (120); the ring proves (150, 200].
            Capture capture = new Capture(210, 200, 120, 0, 150, records(151, 200), (a, t) -> records(1, 200));
            assertRefused(ReplayPlanner.plan(119, capture, EventFilter.EVERYTHING), "unavailable");
            assertThat(ReplayPlanner.plan(120, capture, EventFilter.EVERYTHING).replay().status())
                    .isEqualTo("complete");
            assertThat(ReplayPlanner.plan(160, capture, EventFilter.EVERYTHING).replay().status())
                    .isEqualTo("complete");
        }

        @Test
        void saysUnavailableWhenTheAuditCannotBeRead() {
            Capture capture = new Capture(210, 200, 0, 0, 150, records(151, 200), (a, t) -> {
                throw new IOException("gone");
            });
            assertRefused(ReplayPlanner.plan(10, capture, EventFilter.EVERYTHING), "unavailable");
        }

        @Test
        void neverTreatsNumericAdjacencyAsProof() { // seed R188
            // Records 1..200 all present and adjacent, but nothing proves (0, 150] beyond the ring.
            Capture capture = new Capture(210, 200, 150, 0, 150, records(151, 200), (a, t) -> records(1, 200));
            assertRefused(ReplayPlanner.plan(100, capture, EventFilter.EVERYTHING), "unavailable");
        }
    }
}
