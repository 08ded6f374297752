package dev.signaltty.transport;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.stereotype.Component;

/**
 * A planned restart in place ({@code server.restart}, ADR 0810): the daemon closes its context as on a
 * stop, then re-executes itself with the same pid and command line. While {@link #requested()}, the
 * modules that own child processes hand them over instead of ending them, and name the descriptors
 * the next image must inherit ({@link #keepAcrossExec}); every other descriptor is closed by the exec.
 */
@Component
public class DaemonRestart {

    private volatile boolean requested;
    private final Set<Integer> kept = ConcurrentHashMap.newKeySet();
    private final java.util.List<Runnable> lastSteps = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final java.util.List<Runnable> undoSteps = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** True from the {@code server.restart} request on: a shutdown now is the first half of a restart. */
    public boolean requested() {
        return requested;
    }

    /** Called by the {@code server.restart} handler once it has checked that the exec can be made. */
    public void request() {
        requested = true;
    }

    /** A descriptor the restarted daemon must find open (a PTY master whose program keeps running). */
    public void keepAcrossExec(int fd) {
        kept.add(fd);
    }

    /**
     * A step for the last moment before the exec, after the context closed (ADR 0850): what changed since the
     * hand-over (a program that exited meanwhile) is told to the next image there. A step must be quick and
     * must not throw; one that does is logged and the exec goes on.
     */
    public void beforeExec(Runnable step) {
        lastSteps.add(step);
    }

    /**
     * A step for when the exec failed after the {@link #beforeExec} steps ran (the process exits then): what a
     * last step did that must not outlive this process is undone there (ADR 0870: programs it stopped).
     */
    public void ifExecFails(Runnable step) {
        undoSteps.add(step);
    }

    /** Runs the {@link #beforeExec} steps; only the restart's own thread calls it, just before the exec. */
    public void runBeforeExec() {
        run(lastSteps);
    }

    /** Runs the {@link #ifExecFails} steps; only the restart's own thread calls it, once the exec failed. */
    public void runIfExecFailed() {
        run(undoSteps);
    }

    private static void run(java.util.List<Runnable> steps) {
        for (Runnable step : steps) {
            try {
                step.run();
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(DaemonRestart.class).error("restart: a last step failed: {}", e.toString());
            }
        }
    }

    /** The descriptors named by {@link #keepAcrossExec}. */
    public Set<Integer> kept() {
        return Set.copyOf(kept);
    }
}
