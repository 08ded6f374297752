package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.signaltty.transport.ProtocolJson;

/**
 * A subscription's guard against out-of-order delivery (seed R202): a seq at or below one already sent
 * closes the stream — and the connection — instead of handing the client an order it would have to
 * repair. The journal's publisher never offers such a sequence, so this drives {@link Subscription}
 * directly with the records a broken publisher would offer.
 */
class SubscriptionOrderTest {

    private final List<Subscription.Closed> closings = new ArrayList<>();

    private static AuditRecord record(long seq) {
        return new AuditRecord(seq, "workspace.updated", ProtocolJson.MAPPER.createObjectNode().put("n", seq),
                Instant.now());
    }

    private Subscription live(RecordingConnection connection, long fence) {
        return new Subscription(connection, EventFilter.EVERYTHING, fence, true, (s, why) -> closings.add(why));
    }

    @Test
    void aLiveEventOlderThanOneAlreadySentClosesTheStreamAndTheConnection() { // seed R202
        RecordingConnection connection = new RecordingConnection();
        Subscription subscription = live(connection, 10);
        subscription.offer(record(11));
        subscription.offer(record(14));
        subscription.offer(record(12)); // behind 14: out of order
        subscription.offer(record(15));
        assertThat(connection.seqs()).containsExactly(11L, 14L);
        assertThat(subscription.isClosed()).isTrue();
        assertThat(connection.isOpen()).isFalse();
        assertThat(connection.closeReason()).contains("out-of-order");
        assertThat(closings).containsExactly(Subscription.Closed.OUT_OF_ORDER);
    }

    @Test
    void aRepeatedSeqIsOutOfOrderToo() { // seed R202
        RecordingConnection connection = new RecordingConnection();
        Subscription subscription = live(connection, 0);
        subscription.offer(record(3));
        subscription.offer(record(3));
        assertThat(connection.seqs()).containsExactly(3L);
        assertThat(connection.isOpen()).isFalse();
        assertThat(closings).containsExactly(Subscription.Closed.OUT_OF_ORDER);
    }

    @Test
    void aReplayThatIsNotAscendingClosesTheStreamBeforeGoingLive() { // seed R202
        RecordingConnection connection = new RecordingConnection();
        Subscription subscription = new Subscription(connection, EventFilter.EVERYTHING, 20, false,
                (s, why) -> closings.add(why));
        subscription.offer(record(21)); // arrives live while the replay is read: buffered
        subscription.activate(List.of(record(5), record(9), record(7)));
        assertThat(connection.seqs()).containsExactly(5L, 9L);
        assertThat(connection.isOpen()).isFalse();
        assertThat(closings).containsExactly(Subscription.Closed.OUT_OF_ORDER);
    }

    @Test
    void inOrderDeliveryKeepsTheStreamOpen() {
        RecordingConnection connection = new RecordingConnection();
        Subscription subscription = new Subscription(connection, EventFilter.EVERYTHING, 20, false,
                (s, why) -> closings.add(why));
        subscription.offer(record(20)); // at the fence: the replay covers it (seed R200)
        subscription.offer(record(21));
        subscription.activate(List.of(record(5), record(9), record(20)));
        subscription.offer(record(22));
        assertThat(connection.seqs()).containsExactly(5L, 9L, 20L, 21L, 22L);
        assertThat(connection.isOpen()).isTrue();
        assertThat(closings).isEmpty();
    }
}
