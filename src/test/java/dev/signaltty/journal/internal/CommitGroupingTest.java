package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** ADR 0260: when the journal's writer waits to gather the callers its last sync answered. */
class CommitGroupingTest {

    @Test
    void waitsForTheCallersTheLastSyncReleasedAtMostThatSyncsTime() {
        CommitGrouping grouping = new CommitGrouping();
        assertThat(grouping.waitNanos(1)).as("nothing synced yet: take the batch").isZero();
        grouping.synced(5, 3, 400_000); // 5 callers answered while 3 records already waited
        assertThat(grouping.target()).isEqualTo(8);
        assertThat(grouping.waitNanos(3)).isEqualTo(400_000);
        assertThat(grouping.waitNanos(8)).as("everybody is back").isZero();
    }

    @Test
    void aSlowSyncDoesNotMakeABatchWaitLongerThanTheCap() {
        CommitGrouping grouping = new CommitGrouping();
        grouping.synced(8, 0, 2_000_000_000L);
        assertThat(grouping.waitNanos(1)).isEqualTo(CommitGrouping.MAX_WAIT_NANOS);
    }

    @Test
    void aLoneSequentialCallerNeverWaits() {
        CommitGrouping grouping = new CommitGrouping();
        grouping.synced(1, 0, 300_000);
        assertThat(grouping.waitNanos(1)).as("its next record is the one awaited").isZero();
    }

    @Test
    void aWaitNobodyJoinedPausesWaitingForOneBatch() {
        CommitGrouping grouping = new CommitGrouping();
        grouping.synced(4, 0, 300_000);
        assertThat(grouping.waitNanos(1)).isPositive();
        grouping.gathered(false);
        grouping.synced(1, 0, 300_000);
        grouping.synced(4, 0, 300_000);
        assertThat(grouping.waitNanos(1)).as("paused after an idle wait").isZero();
        assertThat(grouping.waitNanos(1)).as("tries again after one batch").isPositive();
        grouping.gathered(true);
        assertThat(grouping.waitNanos(1)).isPositive();
    }
}
