package dev.signaltty.pane.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The shared emulator threads' order of turns (issue 24 item 3): a pane that was idle — an echo — is
 * served before panes that are only continuing a flood, and floods share in round robin. One thread,
 * so the order is deterministic; these are order assertions, not timings.
 */
class EmulatorSchedulerTest {

    private final List<String> turns = new CopyOnWriteArrayList<>();
    private final CountDownLatch finished = new CountDownLatch(1);

    /** A flood: wants another turn until it has had {@code total}. */
    private EmulatorScheduler.Task flood(String name, int total, Runnable onTurn) {
        int[] had = {0};
        return () -> {
            turns.add(name);
            had[0]++;
            onTurn.run();
            if (had[0] == total) {
                finished.countDown();
            }
            return had[0] < total;
        };
    }

    @Test
    void aPaneThatWasIdleGetsTheNextTurnAheadOfFloodsThatAreContinuing() throws Exception {
        EmulatorScheduler scheduler = new EmulatorScheduler(1, KeystrokeHold.off());
        EmulatorScheduler.Task echo = () -> {
            turns.add("echo");
            return false;
        };
        int[] aTurns = {0};
        CountDownLatch queued = holdTheThread(scheduler);
        scheduler.ready(flood("a", 20, () -> {
            if (++aTurns[0] == 5) {
                scheduler.ready(echo); // the keystroke's echo arrives during a flood turn
            }
        }));
        scheduler.ready(flood("b", 30, () -> { }));
        queued.countDown();
        assertThat(finished.await(30, TimeUnit.SECONDS)).isTrue();
        int fifthA = indexOfNth(turns, "a", 5);
        assertThat(turns.get(fifthA + 1)).as("the echo is served right after the turn it arrived in: " + turns)
                .isEqualTo("echo");
        assertThat(turns.subList(0, 8)).as("floods alternate").containsExactly("a", "b", "a", "b", "a", "b", "a", "b");
    }

    @Test
    void floodsStillProgressWhileIdlePanesKeepArriving() throws Exception {
        EmulatorScheduler scheduler = new EmulatorScheduler(1, KeystrokeHold.off());
        // every turn of an echo readies another echo: an endless stream of fresh work
        EmulatorScheduler.Task[] echo = new EmulatorScheduler.Task[1];
        echo[0] = () -> {
            turns.add("echo");
            if (finished.getCount() > 0) {
                scheduler.ready(echo[0]);
            }
            return false;
        };
        // both queued before the thread runs either: an echo alone (no flood queued yet) is rightly
        // served again and again, and a loaded machine can pause this thread between the two calls
        CountDownLatch queued = holdTheThread(scheduler);
        scheduler.ready(echo[0]);
        scheduler.ready(flood("flood", 3, () -> { }));
        queued.countDown();
        assertThat(finished.await(30, TimeUnit.SECONDS)).as("the flood finished its turns: " + turns).isTrue();
        long echoes = turns.stream().filter("echo"::equals).count();
        assertThat(echoes).as("fresh turns served in between, at most a streak each time")
                .isLessThanOrEqualTo(4L * EmulatorScheduler.FRESH_STREAK);
    }

    /** Occupies the one thread until the returned latch is counted down, so the tasks queued meanwhile start together. */
    private static CountDownLatch holdTheThread(EmulatorScheduler scheduler) {
        CountDownLatch release = new CountDownLatch(1);
        scheduler.ready(() -> {
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return false;
        });
        return release;
    }

    private static int indexOfNth(List<String> list, String value, int n) {
        int seen = 0;
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).equals(value) && ++seen == n) {
                return i;
            }
        }
        throw new AssertionError(value + " fewer than " + n + " times in " + list);
    }
}
