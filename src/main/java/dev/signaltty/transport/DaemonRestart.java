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

    /** The descriptors named by {@link #keepAcrossExec}. */
    public Set<Integer> kept() {
        return Set.copyOf(kept);
    }
}
