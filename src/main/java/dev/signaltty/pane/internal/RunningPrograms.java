package dev.signaltty.pane.internal;

import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;

import dev.signaltty.journal.EventLog;
import dev.signaltty.pane.PaneExited;
import dev.signaltty.workspace.StructureLock;

/**
 * The programs running in panes, from launch (or adoption) to their reaping: each one's reader and
 * emulation, the watcher that waits for its exit and tells it, its hand-over to the daemon's next image
 * (ADR 0810) and its end. Ending a program hangs up its process group, then kills it after a grace
 * period; the exit watcher reaps. {@link PaneLifecycle} launches them and hands them here.
 */
final class RunningPrograms {

    private static final Logger log = LoggerFactory.getLogger(RunningPrograms.class);
    /** How long a hung-up program has to end before it is killed (and a killed one to be reaped). */
    static final long GRACE_MS = 2_000;
    /** How long the output may outlast the leader's exit before the reader is told to drain and end. */
    static final long OUTPUT_LINGER_MS = 500;
    /** How long the exit waits for the emulator to finish what was read (at most one pipe's worth). */
    static final long EMULATOR_DRAIN_MS = 5_000;
    /** The words after the byte count in the log line {@code signaltty server restart} looks for (ADR 0850). */
    static final String INPUT_NOT_WRITTEN = "bytes of input accepted before the restart not written: the program did not read them in time";

    private final PaneOutput output;
    private final EmulatorScheduler scheduler;
    private final EventLog events;
    private final ApplicationEventPublisher publisher;
    private final StructureLock lock;
    private final Map<String, CountDownLatch> exits = new ConcurrentHashMap<>();
    /** Each running program's reader and emulation, for a hand-over to end them without ending the program. */
    private final Map<String, Watch> watches = new ConcurrentHashMap<>();

    private record Watch(PtySession session, PaneReader reader, PaneEmulation emulation) {
    }

    RunningPrograms(PaneOutput output, EmulatorScheduler scheduler, EventLog events, ApplicationEventPublisher publisher,
                    StructureLock lock) {
        this.output = output;
        this.scheduler = scheduler;
        this.events = events;
        this.publisher = publisher;
        this.lock = lock;
    }

    /** Starts reading, emulating and waiting for the exit of the program {@code session} runs in {@code pane}. */
    void watch(Pane pane, PtySession session) {
        CountDownLatch exited = new CountDownLatch(1);
        exits.put(pane.id, exited);
        // the emulation runs in turns on the shared scheduler's threads, so the reads and the emulation
        // overlap (OutputPipe) and floods cannot starve other panes (ADR 0235); an idle pane's reader
        // hands its master to the shared idle watcher (ADR 0547)
        PaneEmulation emulation = new PaneEmulation(pane, output, scheduler);
        // a quiet pane's history pages are kept deflated (ADR 0540): idle panes are most of the daemon's memory
        PaneReader reader = new PaneReader(pane.id, session, emulation.pipe(), scheduler.hold(),
                () -> pane.terminal.deflateIdleHistory());
        watches.put(pane.id, new Watch(session, reader, emulation));
        reader.start();
        // a virtual thread: pty4j's own reaper thread does the native waitpid; waitFor here is a Java
        // monitor wait, and the rest (joins, the drain latch, the structure lock) are Java waits too
        Thread.ofVirtual().name("pty-wait-" + pane.id).start(() -> {
            Integer code;
            try {
                code = session.waitFor();
                // the output ends by itself once no process holds the PTY's slave; a descendant that
                // outlives the leader is not waited for beyond this
                if (!reader.awaitEnd(OUTPUT_LINGER_MS)) {
                    reader.stop();
                    reader.awaitEnd(1_000);
                }
                // everything read is emulated before the exit is told: output_offset is final then
                if (!emulation.awaitDrained(EMULATOR_DRAIN_MS)) {
                    log.warn("pane {}: output not emulated within {} ms of the exit", pane.id, EMULATOR_DRAIN_MS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            watches.remove(pane.id, new Watch(session, reader, emulation));
            pane.exitCode = code;
            pane.exitUnknown = code == null ? AdoptedChild.STATUS_LOST : null;
            if (code == null) {
                log.warn("pane {}: its program (pid {}) exited, {}", pane.id, session.pid(), AdoptedChild.STATUS_LOST);
            }
            pane.exitedAt = Instant.now(); // last: the pane is alive until this is set
            String unknown = pane.exitUnknown;
            try {
                // PaneExited is published under the structure lock too: a pane.resume between the journal
                // event and the listeners would otherwise have its new process marked exited by them
                lock.run(() -> {
                    events.append(new PaneEvents.Exited(pane.id, pane.workspaceId, code, unknown, pane.taskId()));
                    publisher.publishEvent(new PaneExited(pane.id, pane.workspaceId, code));
                });
            } catch (RuntimeException e) {
                // the journal refuses appends once the server stops; the exit itself is recorded on the pane
                log.debug("pane {} exit not journaled: {}", pane.id, e.toString());
            } finally {
                // counted down last, so shutdown waits for the exit to be journaled before the journal closes
                exited.countDown();
            }
        });
    }

    /**
     * A running program's hand-over to the daemon's next image (ADR 0810): a descriptor of its master
     * for the exec to keep, then the reader is stopped and everything it read is emulated (and so in the
     * transcript the next image restores the screen from). What the program writes from then on waits in
     * the PTY for the next image's reader. Null when the pane runs nothing to hand over.
     *
     * <p>First the input accepted before the restart and still queued is written, while the reader still
     * reads (a program that echoes would otherwise stop reading once its output fills the PTY), until
     * {@code inputDeadlineNanos}: the queue dies with this image, so what the program has not read by then is
     * said, in the log and (through it) in {@code server restart}'s output, never dropped silently (ADR 0850).
     */
    HandOverFile.@Nullable Entry handOver(Pane pane, long inputDeadlineNanos) throws IOException, InterruptedException {
        PtySession session = pane.session;
        Watch watch = watches.get(pane.id);
        if (session == null || !pane.alive() || watch == null || watch.session() != session) {
            return null;
        }
        long unwritten = pane.input.flushThenStop(inputDeadlineNanos);
        if (unwritten > 0) {
            log.warn("restart hand-over: pane {}: {} {}", pane.id, unwritten, INPUT_NOT_WRITTEN);
        }
        int fd = session.duplicateMasterForExec();
        pane.handedOver = true;
        watch.reader().stop();
        if (!watch.reader().awaitEnd(EMULATOR_DRAIN_MS)) {
            log.warn("pane {}: its reader did not stop within {} ms of the hand-over", pane.id, EMULATOR_DRAIN_MS);
        }
        if (!watch.emulation().awaitDrained(EMULATOR_DRAIN_MS)) {
            log.warn("pane {}: output not emulated within {} ms of the hand-over", pane.id, EMULATOR_DRAIN_MS);
        }
        return new HandOverFile.Entry(pane.id, fd, session.pid(), pane.terminal.cols(), pane.terminal.rows(), null);
    }

    /** Waits up to {@code timeoutMs} for the pane's process to be reaped; true when it has been (or never ran). */
    boolean awaitExit(String paneId, long timeoutMs) throws InterruptedException {
        CountDownLatch exited = exits.get(paneId);
        return exited == null || exited.await(timeoutMs, TimeUnit.MILLISECONDS);
    }

    /**
     * SIGHUP to the group, SIGKILL after the grace period; returns once the child is reaped and its exit told.
     * A program that has exited already gets no signal at all (ADR 0951): there is nothing of it to end, and its
     * number may be another process's by now (ADR 0911); only its exit being told is waited for.
     */
    void terminate(Pane pane) {
        PtySession session = pane.session;
        if (session == null) {
            return;
        }
        CountDownLatch exited = exits.get(pane.id);
        try {
            if (!session.isAlive()) {
                if (exited != null) {
                    exited.await(GRACE_MS, TimeUnit.MILLISECONDS);
                }
                return;
            }
            session.signalGroup(PtySession.SIGHUP);
            if (exited != null && !exited.await(GRACE_MS, TimeUnit.MILLISECONDS)) {
                session.signalGroup(PtySession.SIGKILL);
                exited.await(GRACE_MS, TimeUnit.MILLISECONDS);
            } else {
                // the leader is gone; stragglers in its group get no grace
                session.signalGroup(PtySession.SIGKILL);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            exits.remove(pane.id);
        }
    }
}
