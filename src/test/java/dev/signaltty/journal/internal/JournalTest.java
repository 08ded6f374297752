package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.EventFrame;
import dev.signaltty.transport.ProtocolException;

class JournalTest {

    @TempDir
    Path dir;

    final List<Throwable> failures = new CopyOnWriteArrayList<>();
    final List<Journal> opened = new ArrayList<>();

    Journal open() throws IOException {
        return open(new Durability(), AuditLog.ROTATE_AT);
    }

    Journal open(Durability durability, long rotateAt) throws IOException {
        Journal journal = new Journal(dir, durability, false, failures::add, rotateAt);
        opened.add(journal);
        return journal;
    }

    @AfterEach
    void closeAll() throws IOException {
        for (Journal journal : opened) {
            journal.close();
        }
    }

    static List<AuditRecord> audit(Path dir) throws IOException {
        List<AuditRecord> all = new ArrayList<>();
        if (!Files.exists(dir.resolve(AuditLog.CURRENT))) {
            return all;
        }
        if (Files.exists(dir.resolve(AuditLog.PREVIOUS))) {
            all.addAll(GenerationFile.readAll(dir.resolve(AuditLog.PREVIOUS)));
        }
        all.addAll(GenerationFile.readAll(dir.resolve(AuditLog.CURRENT)));
        return all;
    }

    static void appendConcurrently(Journal journal, int threads, int each, String event) throws Exception {
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        journal.append(TestEvent.of(event, Map.of("pane_id", "pane_" + thread, "n", i)));
                    }
                    return null;
                }));
            }
            for (Future<?> future : futures) {
                future.get();
            }
        }
    }

    @Nested
    class Appending {

        @Test
        void journalsEachStateEventWithItsSeqBeforeReturningIt() throws IOException { // seed R167, seed R168, seed R171
            Journal journal = open();
            long first = journal.append(TestEvent.of("pane.created", Map.of("pane_id", "pane_1")));
            long second = journal.append(TestEvent.of("pane.updated", new PaneUpdated("pane_1", null, "build")));
            assertThat(second).isGreaterThan(first);
            List<AuditRecord> audit = audit(dir);
            assertThat(audit).extracting(AuditRecord::seq).containsExactly(first, second);
            assertThat(audit.get(1).payload().toString()).isEqualTo("{\"pane_id\":\"pane_1\",\"name\":\"build\"}");
        }

        @Test
        void sharesOneSyncAmongConcurrentAppends() throws Exception { // group commit
            Journal journal = open();
            appendConcurrently(journal, 32, 100, "pane.updated");
            List<AuditRecord> audit = audit(dir);
            assertThat(audit).hasSize(3200);
            assertThat(audit).extracting(AuditRecord::seq).isSorted().doesNotHaveDuplicates();
            assertThat(journal.publishedCount()).isEqualTo(3200);
            assertThat(journal.commitCount()).isLessThan(3200);
        }

        @Test
        void letsTransitionsOfOneGuardShareSyncsWhenTheyAwaitOutsideIt() throws Exception {
            Journal journal = open();
            java.util.concurrent.locks.ReentrantLock guard = new java.util.concurrent.locks.ReentrantLock();
            List<Long> order = new CopyOnWriteArrayList<>();
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<?>> futures = new ArrayList<>();
                for (int t = 0; t < 16; t++) {
                    futures.add(pool.submit(() -> {
                        for (int i = 0; i < 100; i++) {
                            dev.signaltty.journal.EventLog.Submitted submitted;
                            guard.lock();
                            try {
                                submitted = journal.submit(TestEvent.of("tab.updated", Map.of("i", i)));
                                order.add(submitted.seq());
                            } finally {
                                guard.unlock();
                            }
                            submitted.await();
                        }
                        return null;
                    }));
                }
                for (Future<?> future : futures) {
                    future.get();
                }
            }
            assertThat(order).isSorted().hasSize(1600);
            assertThat(audit(dir)).extracting(AuditRecord::seq).isEqualTo(order);
            assertThat(journal.commitCount()).isLessThan(1600);
        }

        @Test
        void transientSeqsDrawFromTheSameCounterAndLeaveHoles() throws IOException { // seed R175
            Journal journal = open();
            long a = journal.append(TestEvent.of("pane.created", Map.of()));
            long hole = journal.nextTransientSeq();
            long b = journal.append(TestEvent.of("pane.updated", Map.of()));
            assertThat(hole).isGreaterThan(a).isLessThan(b);
            assertThat(audit(dir)).extracting(AuditRecord::seq).containsExactly(a, b);
        }

        @Test
        void neverReissuesASeqAfterARestart() throws IOException { // seed R174
            Journal journal = open();
            long before = journal.append(TestEvent.of("pane.created", Map.of()));
            journal.close();
            long after = open().append(TestEvent.of("pane.created", Map.of()));
            assertThat(after).isGreaterThan(before + Sequencer.BLOCK - 1);
        }

        @Test
        void publishesNothingBeforeItIsSynced() throws Exception { // seed R171
            SyncTracking durability = new SyncTracking();
            durability.audit = dir.resolve(AuditLog.CURRENT);
            Journal journal = open(durability, AuditLog.ROTATE_AT);
            RecordingConnection subscriber = new RecordingConnection().checking(frame -> durability.synced(frame.seq()));
            journal.subscribe(subscriber, EventFilter.EVERYTHING, null);
            appendConcurrently(journal, 8, 50, "agent.working");
            assertThat(subscriber.frames()).hasSize(400);
            assertThat(subscriber.violations).isEmpty();
        }
    }

    /** Remembers, at each sync of the audit, the largest seq it made durable. */
    static final class SyncTracking extends Durability {
        private final Set<Long> durable = java.util.concurrent.ConcurrentHashMap.newKeySet();
        volatile Path audit;

        @Override
        public void sync(FileChannel channel) throws IOException {
            super.sync(channel);
            if (audit != null && channel.size() > 0 && Files.exists(audit)) {
                for (AuditRecord record : GenerationFile.readAll(audit)) {
                    durable.add(record.seq());
                }
            }
        }

        boolean synced(long seq) {
            return durable.contains(seq);
        }
    }

    @Nested
    class WhenTheStateDirectoryCannotBeWritten {

        @Test
        void refusesToStartWhereTheStateDirectoryCannotBeCreated() throws IOException {
            Path file = Files.writeString(dir.resolve("not-a-dir"), "x");
            assertThatThrownBy(() -> new Journal(file.resolve("state"), new Durability(), false, failures::add))
                    .isInstanceOf(IOException.class);
        }

        @Test
        void stopsTheServerAndPublishesNothingOnceASyncFails() throws Exception { // seed R176
            AtomicInteger syncsLeft = new AtomicInteger(Integer.MAX_VALUE);
            Durability failing = new Durability() {
                @Override
                public void sync(FileChannel channel) throws IOException {
                    if (syncsLeft.decrementAndGet() < 0) {
                        throw new IOException("No space left on device");
                    }
                    super.sync(channel);
                }
            };
            Journal journal = open(failing, AuditLog.ROTATE_AT);
            RecordingConnection subscriber = new RecordingConnection();
            journal.subscribe(subscriber, EventFilter.EVERYTHING, null);
            long ok = journal.append(TestEvent.of("pane.created", Map.of()));
            syncsLeft.set(0);
            assertThatThrownBy(() -> journal.append(TestEvent.of("pane.updated", Map.of())))
                    .isInstanceOfSatisfying(ProtocolException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.IO_ERROR));
            assertThat(failures).singleElement().satisfies(
                    cause -> assertThat(cause).hasMessageContaining("No space left"));
            syncsLeft.set(Integer.MAX_VALUE);
            assertThatThrownBy(() -> journal.append(TestEvent.of("pane.updated", Map.of()))).isInstanceOf(ProtocolException.class);
            assertThatThrownBy(journal::nextTransientSeq).isInstanceOf(ProtocolException.class);
            assertThat(subscriber.seqs()).containsExactly(ok);
            assertThat(journal.failed()).isTrue();
        }

        @Test
        void stopsTheServerWhenTheReservationCannotBeWritten() throws Exception { // seed R176
            AtomicInteger syncsLeft = new AtomicInteger(Integer.MAX_VALUE);
            Durability failing = new Durability() {
                @Override
                public void writeAtomically(Path target, byte[] bytes) throws IOException {
                    if (target.getFileName().toString().equals(Sequencer.FILE) && syncsLeft.decrementAndGet() < 0) {
                        throw new IOException("Read-only file system");
                    }
                    super.writeAtomically(target, bytes);
                }
            };
            Journal journal = open(failing, AuditLog.ROTATE_AT);
            // the first block is reserved at open; the failure comes with the next one
            for (int i = 0; i < Sequencer.BLOCK; i++) {
                journal.nextTransientSeq();
            }
            syncsLeft.set(0);
            assertThatThrownBy(journal::nextTransientSeq).isInstanceOf(ProtocolException.class);
            assertThat(failures).singleElement().satisfies(
                    cause -> assertThat(cause).hasMessageContaining(Sequencer.FILE));
        }
    }

    @Nested
    class Subscribing {

        @Test
        void deliversLiveEventsThatMatchTheGlobsInSeqOrder() throws Exception { // seed R306
            Journal journal = open();
            RecordingConnection panes = new RecordingConnection();
            RecordingConnection all = new RecordingConnection();
            journal.subscribe(panes, EventFilter.parse(List.of("pane.*"), null), null);
            journal.subscribe(all, EventFilter.EVERYTHING, null);
            journal.append(TestEvent.of("pane.created", Map.of()));
            journal.append(TestEvent.of("agent.idle", Map.of()));
            journal.append(TestEvent.of("pane.exited", Map.of()));
            assertThat(panes.frames()).extracting(EventFrame::event).containsExactly("pane.created", "pane.exited");
            assertThat(all.seqs()).hasSize(3).isSorted();
        }

        @Test
        void replaysACompleteRangeFromTheRingThenGoesLive() throws IOException { // seed R185, seed R187
            Journal journal = open();
            long cursor = journal.append(TestEvent.of("pane.created", Map.of()));
            long missed1 = journal.append(TestEvent.of("pane.updated", Map.of()));
            long missed2 = journal.append(TestEvent.of("pane.updated", Map.of()));
            RecordingConnection client = new RecordingConnection();
            Journal.Subscribed subscribed = journal.subscribe(client, EventFilter.EVERYTHING, cursor);
            assertThat(subscribed.subscribed()).isTrue();
            Replay replay = subscribed.outcome().replay();
            assertThat(replay).isEqualTo(new Replay("complete", cursor, 0, missed2, 2, null));
            long live = journal.append(TestEvent.of("pane.closed", Map.of()));
            assertThat(client.seqs()).containsExactly(missed1, missed2, live);
        }

        @Test
        void replaysFromTheAuditOnceTheRingHasMovedOn() throws Exception { // seed R181
            Journal journal = open();
            long cursor = journal.append(TestEvent.of("pane.created", Map.of()));
            appendConcurrently(journal, 8, 200, "pane.updated");
            RecordingConnection client = new RecordingConnection();
            Journal.Subscribed subscribed = journal.subscribe(client, EventFilter.EVERYTHING, cursor);
            assertThat(subscribed.outcome().replay().status()).isEqualTo("complete");
            assertThat(subscribed.outcome().replay().returned()).isEqualTo(1600);
            assertThat(client.seqs()).hasSize(1600).isSorted().doesNotHaveDuplicates();
        }

        @Test
        void provesReplayAcrossARestartFromTheAudit() throws IOException {
            Journal journal = open();
            long cursor = journal.append(TestEvent.of("pane.created", Map.of()));
            long missed = journal.append(TestEvent.of("pane.updated", Map.of()));
            journal.close();
            Journal restarted = open();
            long live = restarted.append(TestEvent.of("pane.exited", Map.of()));
            RecordingConnection client = new RecordingConnection();
            Journal.Subscribed subscribed = restarted.subscribe(client, EventFilter.EVERYTHING, cursor);
            assertThat(subscribed.outcome().replay().status()).isEqualTo("complete");
            assertThat(client.seqs()).containsExactly(missed, live);
        }

        @Test
        void saysHistoryLostOnceRotationDiscardedTheCursorsRange() throws Exception { // seed R189
            Journal journal = open(new Durability(), 20_000);
            long cursor = journal.append(TestEvent.of("pane.created", Map.of()));
            appendConcurrently(journal, 4, 300, "pane.updated"); // past the ring's 1024 and two rotations
            RecordingConnection client = new RecordingConnection();
            Journal.Subscribed subscribed = journal.subscribe(client, EventFilter.EVERYTHING, cursor);
            assertThat(subscribed.subscribed()).isFalse();
            assertThat(subscribed.outcome().replay().status()).isEqualTo("history_lost");
            assertThat(subscribed.outcome().replay().recovery()).isEqualTo("snapshot_then_resubscribe");
            journal.append(TestEvent.of("pane.updated", Map.of()));
            assertThat(client.frames()).isEmpty(); // seed R190
            assertThat(journal.subscriberCount()).isZero();
        }

        @Test
        void saysCursorAheadForACursorPastTheHead() throws IOException {
            Journal journal = open();
            long head = journal.append(TestEvent.of("pane.created", Map.of()));
            Journal.Subscribed subscribed = journal.subscribe(new RecordingConnection(), EventFilter.EVERYTHING,
                    head + 1);
            assertThat(subscribed.outcome().replay().status()).isEqualTo("cursor_ahead");
        }

        @Test
        void saysUnavailableForACursorFromBeforeALegacyAudit() throws IOException { // seed R197, seed R198
            Files.write(dir.resolve(AuditLog.CURRENT), List.of(
                    "{\"seq\":5,\"event\":\"pane.created\",\"payload\":{},\"at\":\"2026-01-01T00:00:00Z\"}",
                    "{\"seq\":9,\"event\":\"pane.updated\",\"payload\":{},\"at\":\"2026-01-01T00:00:01Z\"}"));
            Journal journal = open();
            long fresh = journal.append(TestEvent.of("pane.exited", Map.of()));
            assertThat(fresh).isEqualTo(10);
            assertThat(journal.subscribe(new RecordingConnection(), EventFilter.EVERYTHING, 5L).outcome().replay()
                    .status()).isEqualTo("unavailable");
            // The new runtime ring proves what happened since.
            assertThat(journal.subscribe(new RecordingConnection(), EventFilter.EVERYTHING, 9L).outcome().replay()
                    .status()).isEqualTo("complete");
        }

        @Test
        void stillReplaysTheCurrentGenerationWhenThePredecessorIsGone() throws Exception { // seed R195
            Journal journal = open(new Durability(), 20_000);
            appendConcurrently(journal, 4, 300, "pane.updated");
            journal.close();
            long previousLast = RetentionMetadata.read(dir.resolve(RetentionMetadata.FILE)).previous().lastSeq();
            Files.delete(dir.resolve(AuditLog.PREVIOUS));
            Journal restarted = open(new Durability(), 20_000);
            assertThat(restarted.subscribe(new RecordingConnection(), EventFilter.EVERYTHING, previousLast - 1)
                    .outcome().replay().status()).isEqualTo("unavailable");
            RecordingConnection client = new RecordingConnection();
            Replay replay = restarted.subscribe(client, EventFilter.EVERYTHING, previousLast).outcome().replay();
            assertThat(replay.status()).isEqualTo("complete");
            assertThat(replay.retainedAfter()).isEqualTo(previousLast);
            assertThat(client.seqs()).isEqualTo(audit(dir).stream().map(AuditRecord::seq).toList());
        }

        @Test
        void deliversEveryEventExactlyOnceWhileAppendsRaceTheSubscription() throws Exception { // seed R200
            Journal journal = open();
            long cursor = journal.append(TestEvent.of("pane.created", Map.of()));
            List<RecordingConnection> clients = new CopyOnWriteArrayList<>();
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                Future<?> writers = pool.submit(() -> {
                    appendConcurrently(journal, 4, 150, "pane.updated");
                    return null;
                });
                for (int i = 0; i < 20; i++) {
                    RecordingConnection client = new RecordingConnection();
                    journal.subscribe(client, EventFilter.EVERYTHING, cursor);
                    clients.add(client);
                    Thread.sleep(5);
                }
                writers.get();
            }
            List<Long> all = audit(dir).stream().map(AuditRecord::seq).filter(seq -> seq > cursor).toList();
            for (RecordingConnection client : clients) {
                assertThat(client.seqs()).isEqualTo(all);
            }
        }

        @Test
        void closesALaggingStreamWithoutSlowingOthers() throws Exception { // seed R201
            Journal journal = open();
            RecordingConnection slow = new RecordingConnection(10);
            RecordingConnection fast = new RecordingConnection();
            journal.subscribe(slow, EventFilter.EVERYTHING, null);
            journal.subscribe(fast, EventFilter.EVERYTHING, null);
            appendConcurrently(journal, 4, 25, "agent.working");
            assertThat(slow.isOpen()).isFalse();
            assertThat(slow.frames()).hasSize(10);
            assertThat(fast.frames()).hasSize(100);
            assertThat(journal.lagClosures()).isEqualTo(1);
            assertThat(journal.subscriberCount()).isEqualTo(1);
        }

        @Test
        void unsubscribeStopsDeliveryAndKeepsTheConnection() throws IOException {
            Journal journal = open();
            RecordingConnection client = new RecordingConnection();
            journal.subscribe(client, EventFilter.EVERYTHING, null);
            journal.append(TestEvent.of("pane.created", Map.of()));
            assertThat(journal.unsubscribe(client)).isTrue();
            journal.append(TestEvent.of("pane.updated", Map.of()));
            assertThat(client.frames()).hasSize(1);
            assertThat(client.isOpen()).isTrue();
            assertThat(journal.unsubscribe(client)).isFalse();
        }

        @Test
        void forgetsTheSubscriptionOfAClosedConnection() throws IOException {
            Journal journal = open();
            RecordingConnection client = new RecordingConnection();
            journal.subscribe(client, EventFilter.EVERYTHING, null);
            client.close("bye");
            assertThat(journal.subscriberCount()).isZero();
        }
    }

    record PaneUpdated(String paneId, String taskId, String name) {
    }
}
