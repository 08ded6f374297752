package dev.signaltty.pane.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static dev.signaltty.support.ProtocolClient.eventually;

/**
 * The hold's bookkeeping (ADR 0910): who waits, when a hold ends, and what the duty cap lets through. The clock
 * is a counter the test moves, so the duty figures are exact, not timed; the waits are real threads.
 */
class KeystrokeHoldTest {

    private static final long MS = 1_000_000;

    private final AtomicLong now = new AtomicLong(1_000 * MS);

    @Test
    void aFloodingReaderWaitsWhileAnotherPanesKeystrokeIsInFlightAndGoesOnAtItsEcho() throws Exception {
        KeystrokeHold hold = new KeystrokeHold(true, 60_000 * MS, 100, System::nanoTime); // no deadline in reach
        assertThat(hold.open("cat")).isTrue();
        Thread flood = Thread.ofPlatform().start(() -> hold.pauseIfFlooding("flood", KeystrokeHold.FLOOD_CHUNK));
        eventually(Duration.ofSeconds(10), () -> hold.waitingThreads() == 1);
        assertThat(flood.isAlive()).as("the flood's reader reads nothing while the echo is in flight").isTrue();

        hold.outputRead("cat"); // the echo
        flood.join(10_000);
        assertThat(flood.isAlive()).isFalse();
        assertThat(hold.isOpen()).isFalse();
        assertThat(hold.stats().readerPauses()).isEqualTo(1);
        assertThat(hold.stats().endedByEcho()).isEqualTo(1);
    }

    @Test
    void theTypedPaneASmallChunkAndAnyPaneWithoutAHoldAreNeverHeld() {
        KeystrokeHold hold = new KeystrokeHold(true, 60_000 * MS, 100, System::nanoTime);
        hold.pauseIfFlooding("flood", 1 << 20); // nothing open: returns at once
        assertThat(hold.open("cat")).isTrue();
        hold.pauseIfFlooding("cat", 1 << 20); // its own output, however large
        hold.pauseIfFlooding("prompt", KeystrokeHold.FLOOD_CHUNK - 1); // not a flood
        assertThat(hold.stats().readerPauses()).isZero();
        assertThat(hold.holds("cat")).isTrue();
        assertThat(hold.holds("prompt")).isFalse();
    }

    @Test
    void aHoldWithoutAnEchoEndsAtItsCap() {
        KeystrokeHold hold = new KeystrokeHold(true, 5 * MS, 25, now::get);
        assertThat(hold.open("cat")).isTrue();
        assertThat(hold.remainingNanos()).isEqualTo(5 * MS);
        now.addAndGet(5 * MS);
        assertThat(hold.isOpen()).isFalse();
        hold.pauseIfFlooding("flood", KeystrokeHold.FLOOD_CHUNK); // past the deadline: ends it, does not wait
        assertThat(hold.holds("cat")).isFalse();
    }

    @Test
    void continuousTypingIsHeldAtMostTheDutyShareAndTheFloodsKeepTheRest() {
        KeystrokeHold hold = new KeystrokeHold(true, 5 * MS, 25, now::get);
        long held = 0;
        int refused = 0;
        long step = MS / 20;
        // a keystroke every 0.25 ms for ten seconds, none ever echoed: every hold runs to its deadline
        for (int tick = 0; tick < 200_000; tick++) {
            if (tick % 5 == 0 && !hold.open("cat")) {
                refused++;
            }
            if (hold.isOpen()) {
                held += step;
            }
            now.addAndGet(step);
        }
        long total = now.get() - 1_000 * MS;
        assertThat(held).as("held %d of %d ms", held / MS, total / MS)
                .isLessThanOrEqualTo(total / 4 + KeystrokeHold.BUCKET_NANOS + 5 * MS);
        assertThat(refused).isPositive();
        assertThat(hold.stats().refused()).isPositive();
    }

    @Test
    void anEchoGivesBackWhatTheHoldDidNotUse() {
        KeystrokeHold hold = new KeystrokeHold(true, 5 * MS, 25, now::get);
        // 20 ms in the bucket: four whole holds, or many short ones
        for (int key = 0; key < 100; key++) {
            assertThat(hold.open("cat")).as("key %d", key).isTrue();
            now.addAndGet(MS / 10); // the echo after 0.1 ms
            hold.outputRead("cat");
        }
        assertThat(hold.stats().refused()).isZero();
        assertThat(hold.stats().endedByEcho()).isEqualTo(100);
    }

    @Test
    void withALingerTheHoldGoesOnThatLongAfterTheEchoThenEnds() {
        KeystrokeHold hold = new KeystrokeHold(true, 20 * MS, 90, 8 * MS, now::get);
        assertThat(hold.open("cat")).isTrue();
        now.addAndGet(MS); // the echo after 1 ms
        hold.outputRead("cat");
        assertThat(hold.remainingNanos()).as("the linger, not the cap").isEqualTo(8 * MS);
        now.addAndGet(8 * MS);
        assertThat(hold.isOpen()).isFalse();
    }

    @Test
    void theSwitchReadsOffAndWhatYamlMakesOfABareOff() {
        assertThat(new KeystrokeHold("off", 20_000, 90, 8_000).enabled()).isFalse();
        assertThat(new KeystrokeHold("false", 20_000, 90, 8_000).enabled()).isFalse(); // keystroke-hold: off
        assertThat(new KeystrokeHold("on", 20_000, 90, 8_000).enabled()).isTrue();
        assertThat(new KeystrokeHold("on", 20_000, 0, 8_000).enabled()).as("no duty share, no hold").isFalse();
    }

    @Test
    void switchedOffItNeverHolds() {
        KeystrokeHold hold = new KeystrokeHold(false, 5 * MS, 25, now::get);
        assertThat(hold.enabled()).isFalse();
        assertThat(hold.open("cat")).isFalse();
        hold.pauseIfFlooding("flood", 1 << 20);
        assertThat(hold.remainingNanos()).isZero();
        assertThat(hold.stats().opened()).isZero();
    }
}
