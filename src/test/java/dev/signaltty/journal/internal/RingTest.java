package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

class RingTest {

    @Test
    void retains1024StateEventsAndMovesItsProofBoundOnEviction() { // seed R182
        Ring ring = new Ring(100);
        for (long seq = 101; seq <= 100 + Ring.CAPACITY; seq++) {
            ring.add(EventFilterTest.record(seq, "pane.updated", Map.of()));
        }
        assertThat(ring.size()).isEqualTo(1024);
        assertThat(ring.coversAfter()).isEqualTo(100);
        ring.add(EventFilterTest.record(2000, "pane.updated", Map.of()));
        assertThat(ring.size()).isEqualTo(1024);
        assertThat(ring.coversAfter()).isEqualTo(101);
        assertThat(ring.snapshot().getFirst().seq()).isEqualTo(102);
        assertThat(ring.snapshot().getLast().seq()).isEqualTo(2000);
    }

    @Test
    void provesFromItsStartBoundNotFromItsOldestSeq() { // seed R188
        Ring ring = new Ring(4096);
        ring.add(EventFilterTest.record(5000, "pane.updated", Map.of()));
        assertThat(ring.coversAfter()).isEqualTo(4096);
    }
}
