package dev.signaltty.pane.internal;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pane's output on its way to the emulator: the {@link OutputPipe} its reader fills, emulated in
 * bounded turns on the {@link EmulatorScheduler}'s shared threads through {@link PaneOutput#emit}
 * (emulator, {@code output_offset}, recording, viewers), every byte in order. A small chunk that finds
 * the pipe idle (an echo, a prompt) is emulated on the reader's thread at once instead (ADR 0660).
 */
final class PaneEmulation implements EmulatorScheduler.Task {

    /** At most this much output per turn: what a keystroke's echo may wait behind, per running turn. */
    static final int TURN_BYTES = 16 * 1024;
    private static final Logger log = LoggerFactory.getLogger(PaneEmulation.class);

    private final Pane pane;
    private final PaneOutput output;
    private final OutputPipe pipe;
    private final CountDownLatch drained = new CountDownLatch(1);

    PaneEmulation(Pane pane, PaneOutput output, EmulatorScheduler scheduler) {
        this.pane = pane;
        this.output = output;
        this.pipe = new OutputPipe(() -> scheduler.ready(this), this::emitDirect);
    }

    /** Where the pane's reader writes. */
    OutputPipe pipe() {
        return pipe;
    }

    @Override
    public String paneId() {
        return pane.id;
    }

    @Override
    public boolean runTurn() {
        try {
            return switch (pipe.turn((buffer, offset, length) -> output.emit(pane, buffer, offset, length), TURN_BYTES)) {
                case MORE -> true;
                case IDLE -> false;
                case END -> {
                    drained.countDown();
                    yield false;
                }
            };
        } catch (RuntimeException e) {
            fail(e);
            return false;
        }
    }

    /** A small chunk that found the pipe idle, on the reader's thread (ADR 0660). */
    private void emitDirect(byte[] buffer, int offset, int length) {
        try {
            output.emit(pane, buffer, offset, length);
        } catch (RuntimeException e) {
            fail(e);
        }
    }

    private void fail(RuntimeException e) {
        // the reader then reads and drops, so the program never blocks on a full PTY
        log.error("pane {} emulator failed; its further output is dropped", pane.id, e);
        pipe.abandon();
        drained.countDown();
    }

    /** Waits until everything the reader wrote before its end has been emulated; false on the deadline. */
    boolean awaitDrained(long timeoutMs) throws InterruptedException {
        return drained.await(timeoutMs, TimeUnit.MILLISECONDS);
    }
}
