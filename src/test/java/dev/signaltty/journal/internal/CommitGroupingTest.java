package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** ADR 0260: when the journal's writer waits to gather the callers its last sync answered. */
class CommitGroupingTest {

    @Test
    void waitsForTheCallersTheLastSyncReleasedAtFirstAsLongAsThatSync() {
        CommitGrouping grouping = new CommitGrouping();
        assertThat(grouping.waitNanos(1)).as("nothing synced yet: take the batch").isZero();
        grouping.synced(5, 3, 400_000); // 5 callers answered while 3 records already waited
        assertThat(grouping.target()).isEqualTo(8);
        assertThat(grouping.waitNanos(3)).isEqualTo(400_000);
        assertThat(grouping.waitNanos(8)).as("everybody is back").isZero();
    }

    @Test
    void theBoundFollowsHowLongTheCallersTakeToComeBack() {
        CommitGrouping grouping = new CommitGrouping();
        grouping.synced(8, 0, 300_000);
        grouping.gathered(false, true, 300_000); // only some came in one sync time: twice as long next
        grouping.synced(8, 0, 300_000);
        assertThat(grouping.waitNanos(1)).isEqualTo(600_000);
        grouping.gathered(true, true, 500_000); // all back after 0.5 ms: twice that
        grouping.synced(8, 0, 300_000);
        assertThat(grouping.waitNanos(1)).isEqualTo(1_000_000);
        grouping.gathered(true, true, 50_000); // back quickly: never below one sync time
        grouping.synced(8, 0, 300_000);
        assertThat(grouping.waitNanos(1)).isEqualTo(300_000);
    }

    @Test
    void neitherASlowSyncNorSlowCallersMakeABatchWaitLongerThanTheCap() {
        CommitGrouping grouping = new CommitGrouping();
        grouping.synced(8, 0, 2_000_000_000L);
        assertThat(grouping.waitNanos(1)).isEqualTo(CommitGrouping.MAX_WAIT_NANOS);
        for (int i = 0; i < 10; i++) {
            grouping.gathered(false, true, CommitGrouping.MAX_WAIT_NANOS);
            grouping.synced(8, 0, 100_000);
        }
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
        grouping.gathered(false, false, 300_000);
        grouping.synced(4, 0, 300_000);
        assertThat(grouping.waitNanos(1)).as("paused after an idle wait").isZero();
        assertThat(grouping.waitNanos(1)).as("tries again after one batch").isEqualTo(300_000);
    }
}
