package dev.signaltty.support;

import java.time.Duration;

/** Polls a check that may throw until it holds, or fails naming what it waited for once the deadline passes. */
public final class Await {

    /** A condition read from the outside world (a process table, a file, the socket). */
    public interface Check {
        boolean holds() throws Exception;
    }

    private Await() {
    }

    public static void until(Duration timeout, String what, Check check) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!check.holds()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + timeout.toSeconds() + " s: " + what);
            }
            Thread.sleep(50);
        }
    }
}
