package dev.signaltty.pane.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.sun.jna.LastErrorException;

import dev.signaltty.transport.OpenDescriptors;
import dev.signaltty.transport.ProcessStat;

/**
 * After a restart in place, what the previous image left that this one does not adopt (ADR 0810): PTY
 * masters inherited across the exec, and children that lead a session on a terminal (a pane's program:
 * pty4j's child calls setsid). They are hung up as {@code server stop} would, SIGKILLed after the grace,
 * and reaped; nothing a fresh daemon would have, since only a restart leaves them.
 */
final class OrphanPrograms {

    private static final Logger log = LoggerFactory.getLogger(OrphanPrograms.class);
    private static final long POLL_MS = 20;

    private OrphanPrograms() {
    }

    /** True when {@code fd} is open on a PTY master (what a hand-over entry must name). */
    static boolean isPtyMaster(int fd) {
        String target = OpenDescriptors.target(fd);
        return "/dev/ptmx".equals(target) || "/dev/pts/ptmx".equals(target);
    }

    /** Closes every inherited PTY master but {@code keep}'s: the kernel hangs up their terminals. */
    static void closeInheritedMasters(Set<Integer> keep) {
        try {
            for (int fd : OpenDescriptors.list()) {
                if (!keep.contains(fd) && isPtyMaster(fd)) {
                    try {
                        Posix.close(fd);
                    } catch (LastErrorException ignored) {
                        // closed meanwhile
                    }
                }
            }
        } catch (IOException e) {
            log.warn("cannot list /proc/self/fd: inherited PTY masters left open: {}", e.toString());
        }
    }

    /**
     * Our children that lead a session on a terminal: a pane's program. Looked for before any inherited
     * master is closed, since a hung-up terminal is no longer its session's controlling one.
     */
    static List<Integer> programs() {
        List<Integer> programs = new ArrayList<>();
        try {
            for (ProcessStat child : ProcessStat.childrenOf(ProcessHandle.current().pid())) {
                if (child.session() == child.pid() && child.ttyNr() != 0) {
                    programs.add((int) child.pid());
                }
            }
        } catch (IOException e) {
            log.warn("cannot list /proc: children left by the restart not looked for: {}", e.toString());
        }
        return programs;
    }

    /**
     * Hangs up each of {@code programs} not in {@code adopted}, and reaps them on a thread of their own
     * (SIGKILL after {@link RunningPrograms#GRACE_MS}); returns how many.
     */
    static int hangUp(List<Integer> programs, Set<Long> adopted) {
        List<Integer> orphans = programs.stream().filter(pid -> !adopted.contains((long) pid)).toList();
        for (int pid : orphans) {
            log.warn("pid {}: a program the restart did not hand over, hung up", pid);
            PtySession.LibC.INSTANCE.kill(-pid, PtySession.SIGHUP);
        }
        if (!orphans.isEmpty()) {
            Thread.ofPlatform().daemon().name("orphan-reaper").start(() -> reap(orphans));
        }
        return orphans.size();
    }

    private static void reap(List<Integer> pids) {
        List<Integer> left = awaitAll(pids, RunningPrograms.GRACE_MS);
        left.forEach(pid -> PtySession.LibC.INSTANCE.kill(-pid, PtySession.SIGKILL));
        left = awaitAll(left, RunningPrograms.GRACE_MS);
        if (!left.isEmpty()) {
            log.warn("pids {} not reaped within {} ms of SIGKILL", left, RunningPrograms.GRACE_MS);
        }
    }

    /** Reaps what exits within {@code ms}; returns the pids still running. */
    private static List<Integer> awaitAll(List<Integer> pids, long ms) {
        List<Integer> left = new ArrayList<>(pids);
        long deadline = System.nanoTime() + ms * 1_000_000;
        int[] status = new int[1];
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            left.removeIf(pid -> {
                try {
                    return Posix.waitpid(pid, status, Posix.WNOHANG) != 0;
                } catch (LastErrorException e) {
                    return true; // not ours (any more)
                }
            });
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return left;
            }
        }
        return left;
    }
}
