package dev.signaltty.pane.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pane's program that has exited and been reaped is signalled no more by its number: on a busy machine the
 * number is soon another process's (CI flake: a fresh flood pane ended 138 ms after its spawn with exit 129,
 * SIGHUP, and no output). The test gives the reaped child's number to a process of its own, through the pid
 * namespace's {@code ns_last_pid} (root only), then signals the pane's group as a close or a stop does.
 */
class PtySessionSignalTest {

    private static final Path LAST_PID = Path.of("/proc/sys/kernel/ns_last_pid");

    @TempDir
    Path dir;

    @Test
    void aReapedChildsNumberTakenByAnotherProcessIsNotSignalled() throws Exception {
        assumeTrue(Files.isWritable(LAST_PID), "needs root in the pid namespace to hand out a chosen pid");
        PtySession session = PtySession.launch(List.of("true"), dir, Map.of("PATH", System.getenv("PATH")), 80, 24);
        session.waitFor(); // reaped by pty4j's reaper
        session.closeOutput();
        int pid = (int) session.pid();

        Process other = processWithPid(pid);
        try {
            session.signalGroup(PtySession.SIGHUP);
            // a signal is pending once kill(2) returns, and the lower number is delivered first: had SIGHUP
            // been sent, the process would end by it, not by this SIGTERM
            other.destroy();
            assertThat(other.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(other.exitValue()).as("ended by SIGTERM (143), not SIGHUP (129)").isEqualTo(143);
        } finally {
            other.destroyForcibly();
        }
    }

    /** A {@code sleep} with exactly {@code pid}, retried while other processes on the machine take the number first. */
    private static Process processWithPid(int pid) throws IOException, InterruptedException {
        for (int attempt = 0; attempt < 500; attempt++) {
            Files.writeString(LAST_PID, Integer.toString(pid - 1));
            Process process = new ProcessBuilder("sleep", "600").start();
            if (process.pid() == pid) {
                return process;
            }
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        throw new AssertionError("pid " + pid + " could not be handed to a process of the test");
    }
}
