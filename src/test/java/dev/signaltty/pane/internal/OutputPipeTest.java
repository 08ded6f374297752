package dev.signaltty.pane.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

/** The byte ring between a pane's PTY reader and its emulator, with real threads on both sides. */
class OutputPipeTest {

    @Test
    void handsOverEveryByteInOrderAcrossManyWrapArounds() throws Exception {
        OutputPipe pipe = new OutputPipe();
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
        while (pipe.take(received::write)) {
            // drain until the end
        }
        producer.get(10, TimeUnit.SECONDS);
        assertThat(received.toByteArray()).isEqualTo(data);
    }

    @Test
    void makesTheProducerWaitWhileFullInsteadOfDroppingOrGrowing() throws Exception {
        OutputPipe pipe = new OutputPipe();
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
        assertThat(pipe.take((buffer, offset, length) -> taken[0] += length)).isTrue();
        producer.join(5_000);
        assertThat(secondWriteDone).as("room made by the consumer lets the producer go on").isTrue();
        assertThat(taken[0]).isEqualTo(OutputPipe.CAPACITY);
    }

    @Test
    void letsTheConsumerDrainWhatIsThereAfterTheEnd() throws Exception {
        OutputPipe pipe = new OutputPipe();
        pipe.write("last words".getBytes(), 10);
        pipe.end();
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        assertThat(pipe.take(received::write)).isTrue();
        assertThat(pipe.take(received::write)).as("end of stream after the drain").isFalse();
        assertThat(received.toString()).isEqualTo("last words");
    }

    @Test
    void releasesAWaitingProducerWhenTheConsumerAbandonsThePipe() throws Exception {
        OutputPipe pipe = new OutputPipe();
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
}
