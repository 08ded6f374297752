package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import com.sun.jna.LastErrorException;

import dev.signaltty.transport.DaemonRestart;
import dev.signaltty.transport.SignalttyPaths;

/**
 * A restart in place keeps the panes' programs running (ADR 0810). At the stop of a restart (after the
 * socket closed, before the transcripts' last checkpoint and the panes' last snapshot) each running
 * program's reader is stopped and drained and its master named to the exec, listed in the
 * {@link HandOverFile}. At the next image's start (after the panes and their screens came back, before
 * the restart policies relaunch anything) each listed program that is still our child is adopted; a
 * program that is not, or a file that cannot be read, is told in the log, and the programs the file
 * does not account for are hung up ({@link OrphanPrograms}), as a stop would have.
 */
@Component
class LiveHandOver implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(LiveHandOver.class);
    /** How long the hand-over waits, for all panes together, for the programs to read their queued input. */
    static final long INPUT_FLUSH_MS = 5_000;
    /** How long the last step before the exec waits, for all programs together, for them to stop (ADR 0870). */
    static final long HOLD_MS = 1_000;

    private final PaneRegistry registry;
    private final PaneLifecycle lifecycle;
    private final DaemonRestart restart;
    private final dev.signaltty.agent.PaneAgents agents;
    private final Path file;
    private volatile boolean running;
    /** The programs the last step before the exec stopped: continued again should the exec fail. */
    private final List<Long> held = new java.util.concurrent.CopyOnWriteArrayList<>();

    LiveHandOver(PaneRegistry registry, PaneLifecycle lifecycle, DaemonRestart restart,
                 dev.signaltty.agent.PaneAgents agents, SignalttyPaths paths) {
        this.registry = registry;
        this.lifecycle = lifecycle;
        this.restart = restart;
        this.agents = agents;
        this.file = HandOverFile.of(paths);
    }

    @Override
    public void start() {
        running = true;
        if (!Files.exists(file)) {
            return;
        }
        List<HandOverFile.Entry> entries;
        try {
            entries = HandOverFile.read(file);
        } catch (IOException e) {
            log.error("restart hand-over {} unreadable ({}): the programs it listed are hung up and their panes "
                    + "restored as exited", file, e.getMessage());
            entries = List.of();
        }
        Set<Integer> listedFds = new HashSet<>();
        entries.forEach(e -> listedFds.add(e.fd()));
        List<Integer> programs = OrphanPrograms.programs();
        log.info("restart in place: {} programs the previous image stopped for the exec continued at {}",
                dev.signaltty.transport.HeldChildren.continued(), dev.signaltty.transport.HeldChildren.continuedAt());
        // the masters of programs this start does not adopt close with their hang-up
        OrphanPrograms.closeInheritedMasters(listedFds);
        Set<Long> adopted = new HashSet<>();
        List<String> notKept = new ArrayList<>();
        for (HandOverFile.Entry entry : entries) {
            if (adopt(entry)) {
                adopted.add(entry.pid());
            } else {
                notKept.add(entry.paneId());
            }
        }
        int hungUp = OrphanPrograms.hangUp(programs, adopted);
        log.info("restart in place: {} panes' programs kept running{}{}", adopted.size(),
                notKept.isEmpty() ? "" : ", not kept: " + notKept,
                hungUp == 0 ? "" : ", " + hungUp + " programs the hand-over did not account for hung up");
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            log.warn("restart hand-over {} not deleted: {}", file, e.toString());
        }
    }

    /** True when the entry's program runs on in its pane. */
    private boolean adopt(HandOverFile.Entry entry) {
        Pane pane = registry.all().stream().filter(p -> p.id.equals(entry.paneId()) && !p.closed).findFirst().orElse(null);
        int pid = (int) entry.pid();
        if (!OrphanPrograms.isPtyMaster(entry.fd())) {
            // a file left by a restart whose image never started: this process inherited nothing
            log.warn("pane {}: descriptor {} is not an inherited PTY master: restored as exited", entry.paneId(),
                    entry.fd());
            return false;
        }
        if (entry.exited() != null) {
            // the previous image reaped it after the hand-over, just before the exec, and said its status
            closeQuietly(entry.fd());
            log.info("pane {}: its program (pid {}) exited with {} before the exec: restored as exited",
                    entry.paneId(), pid, entry.exited());
            if (pane != null) {
                pane.exitCode = entry.exited();
                pane.exitedAt = java.time.Instant.now();
            }
            return false;
        }
        int[] status = new int[1];
        int waited;
        try {
            waited = Posix.waitpid(pid, status, Posix.WNOHANG);
        } catch (LastErrorException e) {
            log.warn("pane {}: pid {} is no longer our child (errno {}): restored as exited", entry.paneId(), pid,
                    e.getErrorCode());
            closeQuietly(entry.fd());
            if (pane != null && e.getErrorCode() == Posix.ECHILD) {
                // the old image's reaper took it after its last look (ADR 0870's window): no code to tell
                pane.exitUnknown = AdoptedChild.STATUS_LOST;
                pane.exitedAt = java.time.Instant.now();
            }
            return false;
        }
        if (waited == pid) {
            closeQuietly(entry.fd());
            int code = AdoptedChild.exitCode(status[0]);
            log.info("pane {}: its program (pid {}) exited with {} during the restart: restored as exited",
                    entry.paneId(), pid, code);
            if (pane != null) {
                pane.exitCode = code;
                pane.exitedAt = java.time.Instant.now();
            }
            return false;
        }
        if (pane == null) {
            log.warn("pane {} is gone from the snapshot: its program (pid {}) is hung up", entry.paneId(), pid);
            closeQuietly(entry.fd());
            return false; // not adopted: OrphanPrograms hangs it up and reaps it
        }
        try {
            lifecycle.adopt(pane, PtySession.adopt(entry.fd(), pid));
            agents.keptRunning(pane.id);
            return true;
        } catch (IOException | RuntimeException e) {
            log.warn("pane {}: its program (pid {}) not adopted: {}; it is hung up", entry.paneId(), pid, e.toString());
            return false;
        }
    }

    private static void closeQuietly(int fd) {
        try {
            Posix.close(fd);
        } catch (LastErrorException ignored) {
            // not open: nothing inherited to close
        }
    }

    @Override
    public void stop() {
        running = false;
        if (!restart.requested()) {
            return;
        }
        List<HandOverFile.Entry> entries = new ArrayList<>();
        List<Pane> handed = new ArrayList<>();
        List<PtySession> sessions = new ArrayList<>();
        // one deadline for every pane's queued input: the writers drain in parallel meanwhile
        long inputDeadline = System.nanoTime() + INPUT_FLUSH_MS * 1_000_000;
        for (Pane pane : List.copyOf(registry.all())) {
            try {
                PtySession session = pane.session;
                HandOverFile.Entry entry = lifecycle.handOver(pane, inputDeadline);
                if (entry != null) {
                    entries.add(entry);
                    handed.add(pane);
                    sessions.add(session);
                }
            } catch (IOException e) {
                log.warn("pane {}: not handed over, its program ends as on a stop: {}", pane.id, e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        try {
            HandOverFile.write(file, entries);
            entries.forEach(e -> restart.keepAcrossExec(e.fd()));
            restart.beforeExec(() -> holdAndTellExits(entries, sessions));
            restart.ifExecFails(() -> HeldPrograms.release(held));
            log.info("restart in place: {} panes' programs handed over in {}", entries.size(), file);
        } catch (IOException e) {
            // nothing would tell the next image about them: they end here, as on a stop
            log.error("restart hand-over {} not written ({}): the panes' programs end as on a stop", file, e.toString());
            handed.forEach(p -> p.handedOver = false);
            entries.forEach(entry -> closeQuietly(entry.fd()));
        }
    }

    /**
     * The last step before the exec (ADR 0850, ADR 0870). A program that exited after the hand-over has been
     * reaped by this image already: pty4j's reaper thread blocks in {@code waitpid} on every child it launched
     * (and goes on after EINTR) until the exec ends it, so the next image's {@code waitpid} would find no child
     * and no status. Its status is written into the file here instead. Every program still running is stopped
     * first ({@link HeldPrograms}), so none can exit between this look and the exec: the next image continues
     * them once it is their only waiter.
     */
    private void holdAndTellExits(List<HandOverFile.Entry> entries, List<PtySession> sessions) {
        long began = System.nanoTime();
        long deadline = began + HOLD_MS * 1_000_000;
        List<HandOverFile.Entry> told = new ArrayList<>(entries.size());
        boolean exited = false;
        for (int i = 0; i < entries.size(); i++) {
            HandOverFile.Entry entry = entries.get(i);
            PtySession session = sessions.get(i);
            Integer code = session == null ? null : exitBeforeExec(entry, session, deadline);
            if (code != null) {
                told.add(entry.withExit(code));
                exited = true;
            } else {
                told.add(entry);
            }
        }
        if (exited) {
            try {
                HandOverFile.write(file, told);
            } catch (IOException e) {
                log.error("restart hand-over {}: the exits before the exec not written: {}", file, e.toString());
            }
        }
        log.info("restart in place: {} programs stopped until the next image continues them ({} µs)", held.size(),
                (System.nanoTime() - began) / 1_000);
    }

    /** The program's exit status when it exited before the exec, else null (it is stopped, to run on after it). */
    private @org.jspecify.annotations.Nullable Integer exitBeforeExec(HandOverFile.Entry entry, PtySession session,
                                                                      long deadline) {
        if (session.isAlive()) {
            HeldPrograms.Held held = HeldPrograms.hold(entry.pid(), deadline);
            if (held != HeldPrograms.Held.EXITED) {
                this.held.add(entry.pid());
                if (held == HeldPrograms.Held.RUNNING) {
                    log.warn("pane {}: its program (pid {}) did not stop within {} ms: an exit before the exec would "
                            + "lose its code", entry.paneId(), entry.pid(), HOLD_MS);
                }
                return null;
            }
            // exited: pty4j's reaper has reaped it or is about to (it waits on it all along)
            while (session.isAlive() && System.nanoTime() - deadline < 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(200_000);
            }
            if (session.isAlive()) {
                log.warn("pane {}: its program (pid {}) exited but was not reaped within {} ms", entry.paneId(),
                        entry.pid(), HOLD_MS);
                return null;
            }
        }
        try {
            return session.waitFor(); // reaped: returns at once
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        // starts after the transcripts (-190) brought the screens back and before the restart policies
        // (-140) relaunch restored panes; stops after the socket (-100) and before the transcripts' last
        // checkpoint and the panes' last snapshot (-200)
        return Integer.MAX_VALUE - 185;
    }
}
