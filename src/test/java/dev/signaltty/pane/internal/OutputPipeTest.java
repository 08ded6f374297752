package dev.signaltty.pane.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

/** The byte ring between a pane's PTY reader and its emulator, with real threads on both sides. */
class OutputPipeTest {

    /** A pipe whose ready calls release permits: the test thread plays the scheduler. */
    private final Semaphore readyCalls = new Semaphore(0);

    private OutputPipe newPipe() {
        return new OutputPipe(readyCalls::release);
    }

    /** Runs turns like the scheduler: one per ready call, again while MORE; returns at the end. */
    private void drainToEnd(OutputPipe pipe, OutputPipe.Consumer consumer, int turnBytes) throws InterruptedException {
        while (true) {
            assertThat(readyCalls.tryAcquire(10, TimeUnit.SECONDS)).as("the pipe asks for a turn").isTrue();
            OutputPipe.Turn turn;
            while ((turn = pipe.turn(consumer, turnBytes)) == OutputPipe.Turn.MORE) {
                // the scheduler queues it again
            }
            if (turn == OutputPipe.Turn.END) {
                return;
            }
        }
    }

    @Test
    void handsOverEveryByteInOrderAcrossManyWrapArounds() throws Exception {
        OutputPipe pipe = newPipe();
        byte[] data = new byte[OutputPipe.CAPACITY * 9 + 1234];
        new Random(7).nextBytes(data);
        CompletableFuture<Void> producer = CompletableFuture.runAsync(() -> {
            Random sizes = new Random(11);
            int at = 0;
            byte[] chunk = new byte[16 * 1024];
            while (at < data.length) {
                int n = Math.min(data.length - at, 1 + sizes.nextInt(chunk.length));
                System.arraycopy(data, at, chunk, 0, n);
                try {
                    assertThat(pipe.write(chunk, n)).isTrue();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                at += n;
            }
            pipe.end();
        });
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        drainToEnd(pipe, received::write, 5_000); // turns shorter than a write and than the ring
        producer.get(10, TimeUnit.SECONDS);
        assertThat(received.toByteArray()).isEqualTo(data);
    }

    @Test
    void makesTheProducerWaitWhileFullInsteadOfDroppingOrGrowing() throws Exception {
        OutputPipe pipe = newPipe();
        assertThat(pipe.write(new byte[OutputPipe.CAPACITY], OutputPipe.CAPACITY)).isTrue();
        AtomicBoolean secondWriteDone = new AtomicBoolean();
        Thread producer = Thread.ofPlatform().start(() -> {
            try {
                pipe.write(new byte[] {42}, 1);
                secondWriteDone.set(true);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        producer.join(300);
        assertThat(secondWriteDone).as("a write into a full pipe waits").isFalse();
        int[] taken = new int[1];
        assertThat(readyCalls.tryAcquire()).as("the first write asked for a turn").isTrue();
        // the budget is the ring: the waiting byte, if it got in meanwhile, is left for the next turn
        assertThat(pipe.turn((buffer, offset, length) -> taken[0] += length, OutputPipe.CAPACITY))
                .isIn(OutputPipe.Turn.IDLE, OutputPipe.Turn.MORE);
        producer.join(5_000);
        assertThat(secondWriteDone).as("room made by the consumer lets the producer go on").isTrue();
        assertThat(taken[0]).isEqualTo(OutputPipe.CAPACITY);
    }

    @Test
    void letsTheConsumerDrainWhatIsThereAfterTheEnd() throws Exception {
        OutputPipe pipe = newPipe();
        pipe.write("last words".getBytes(), 10);
        pipe.end();
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        assertThat(readyCalls.availablePermits()).as("one turn asked for, not one per call").isEqualTo(1);
        assertThat(pipe.turn(received::write, 4)).as("a turn hands over at most its budget").isEqualTo(OutputPipe.Turn.MORE);
        assertThat(pipe.turn(received::write, 100)).as("end of stream after the drain").isEqualTo(OutputPipe.Turn.END);
        assertThat(received.toString()).isEqualTo("last words");
    }

    /** ADR 0491: an idle pipe gives its ring back; bytes not yet handed over keep it, and none is lost. */
    @Test
    void givesItsRingBackOnlyWhenIdleAndTakesOneAgainForTheNextBytes() throws Exception {
        OutputPipe pipe = newPipe();
        byte[] first = new byte[3_000];
        new Random(3).nextBytes(first);
        pipe.write(first, first.length);
        pipe.releaseIfIdle();
        assertThat(pipe.holdsRing()).as("bytes not handed over yet keep the ring").isTrue();
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        assertThat(pipe.turn(received::write, 1_000)).as("a turn left bytes behind").isEqualTo(OutputPipe.Turn.MORE);
        pipe.releaseIfIdle();
        assertThat(pipe.holdsRing()).as("a pending turn keeps the ring").isTrue();
        assertThat(pipe.turn(received::write, 10_000)).isEqualTo(OutputPipe.Turn.IDLE);
        pipe.releaseIfIdle();
        assertThat(pipe.holdsRing()).as("drained and idle: the ring is given back").isFalse();
        byte[] second = new byte[OutputPipe.CAPACITY - 10];
        new Random(4).nextBytes(second);
        pipe.write(second, second.length);
        pipe.end();
        drainToEnd(pipe, received::write, 7_000);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.write(first);
        expected.write(second);
        assertThat(received.toByteArray()).isEqualTo(expected.toByteArray());
    }

    @Test
    void asksForATurnAgainOnlyAfterATurnLeftItIdle() throws Exception {
        OutputPipe pipe = newPipe();
        pipe.write(new byte[] {1}, 1);
        pipe.write(new byte[] {2}, 1);
        assertThat(readyCalls.drainPermits()).as("bytes added while a turn is pending ask for nothing").isEqualTo(1);
        assertThat(pipe.turn((buffer, offset, length) -> { }, 100)).isEqualTo(OutputPipe.Turn.IDLE);
        pipe.write(new byte[] {3}, 1);
        assertThat(readyCalls.drainPermits()).as("after an idle turn the next write asks again").isEqualTo(1);
        pipe.end();
        assertThat(readyCalls.drainPermits()).as("the end while a turn is pending asks for nothing").isZero();
        assertThat(pipe.turn((buffer, offset, length) -> { }, 100)).isEqualTo(OutputPipe.Turn.END);
    }

    @Test
    void releasesAWaitingProducerWhenTheConsumerAbandonsThePipe() throws Exception {
        OutputPipe pipe = newPipe();
        pipe.write(new byte[OutputPipe.CAPACITY], OutputPipe.CAPACITY);
        CompletableFuture<Boolean> blocked = CompletableFuture.supplyAsync(() -> {
            try {
                return pipe.write(new byte[] {1}, 1);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(100);
        pipe.abandon();
        assertThat(blocked.get(5, TimeUnit.SECONDS)).as("the write gives up rather than waiting forever").isFalse();
        assertThat(pipe.write(new byte[] {1}, 1)).isFalse();
    }

    /** ADR 0660: an echo-sized chunk into an idle pipe reaches the consumer on the producer's thread, no turn asked. */
    @Test
    void handsASmallChunkThatFindsThePipeIdleToTheDirectConsumerAtOnce() throws Exception {
        ByteArrayOutputStream direct = new ByteArrayOutputStream();
        Thread[] on = new Thread[1];
        OutputPipe pipe = new OutputPipe(readyCalls::release, (buffer, offset, length) -> {
            on[0] = Thread.currentThread();
            direct.write(buffer, offset, length);
        });
        pipe.releaseIfIdle(); // as an idle pane's reader does
        assertThat(pipe.write("m0x\r\n".getBytes(), 5)).isTrue();
        assertThat(direct.toString()).isEqualTo("m0x\r\n");
        assertThat(on[0]).as("consumed by the producer itself").isSameAs(Thread.currentThread());
        assertThat(readyCalls.availablePermits()).as("no turn asked for").isZero();
        assertThat(pipe.holdsRing()).as("and no ring taken again for it").isFalse();
    }

    /** ADR 0660: bytes behind a pending turn, and a flood-sized chunk, still go through turns in order. */
    @Test
    void keepsOrderBySendingSmallChunksThroughTheRingWhileATurnIsPending() throws Exception {
        ByteArrayOutputStream direct = new ByteArrayOutputStream();
        OutputPipe pipe = new OutputPipe(readyCalls::release, direct::write);
        byte[] big = new byte[OutputPipe.DIRECT_BYTES + 1];
        new Random(5).nextBytes(big);
        pipe.write(big, big.length);
        assertThat(readyCalls.availablePermits()).as("a chunk over the direct size asks for a turn").isEqualTo(1);
        pipe.write("after".getBytes(), 5);
        assertThat(direct.size()).as("a small chunk behind a pending turn waits its turn").isZero();
        ByteArrayOutputStream turns = new ByteArrayOutputStream();
        assertThat(pipe.turn(turns::write, 1 << 20)).isEqualTo(OutputPipe.Turn.IDLE);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.write(big);
        expected.write("after".getBytes());
        assertThat(turns.toByteArray()).isEqualTo(expected.toByteArray());
        pipe.write("idle again".getBytes(), 10);
        assertThat(direct.toString()).as("once idle, the next small chunk goes direct").isEqualTo("idle again");
    }
}
