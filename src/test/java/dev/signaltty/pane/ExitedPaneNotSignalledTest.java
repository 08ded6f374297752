package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;

/**
 * A pane whose program has exited gets no signal from {@code pane.close} or from the daemon's stop (ADR 0951):
 * there is nothing of it left to hang up, and its number may be another process's by then (ADR 0911). What
 * would be hit is a straggler of its process group: here a {@code sleep} the program left behind, which ignores
 * SIGHUP (as under {@code nohup}) and so outlived the kernel's hang-up at the program's exit. A close or a stop
 * used to send the group SIGHUP and then SIGKILL, which ended it; now it runs on until the test ends it. The stop
 * ends every pane before it returns, and the close's end runs on a thread it starts; the stop after the close
 * comes long after that thread would have signalled.
 */
class ExitedPaneNotSignalledTest {

    @TempDir
    Path root;

    @Test
    void closingOrStoppingAfterTheProgramExitedSignalsNothing() throws Exception {
        List<Long> stragglers = new ArrayList<>();
        try {
            try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
                String ws = client.call("workspace.create", Map.of("name", "w", "cwd", root.toString()))
                        .get("workspace_id").asString();
                String closed = spawnLeavingAStraggler(client, ws, "closed");
                String stopped = spawnLeavingAStraggler(client, ws, "stopped");
                for (String pane : List.of(closed, stopped)) {
                    eventually(Duration.ofSeconds(30), () -> "exited".equals(status(client, pane)));
                }
                stragglers.add(straggler("closed"));
                stragglers.add(straggler("stopped"));
                client.call("pane.close", Map.of("pane_id", closed));
            }
            List<Long> killed = new ArrayList<>();
            for (long pid : stragglers) {
                if (killed(pid)) {
                    killed.add(pid);
                }
            }
            assertThat(killed).as("stragglers of exited panes signalled (closed pane's, stopped pane's: %s)", stragglers)
                    .isEmpty();
        } finally {
            stragglers.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }

    /** A pane whose program leaves a {@code sleep} in its process group, ignoring SIGHUP, and exits 3. */
    private String spawnLeavingAStraggler(ProtocolClient client, String ws, String name) {
        String script = "trap '' HUP; sleep 600 </dev/null >/dev/null 2>&1 & echo $! > " + name + ".tmp && mv "
                + name + ".tmp " + name + ".pid; exit 3";
        return client.call("pane.spawn", Map.of("workspace_id", ws, "cwd", root.toString(),
                "argv", List.of("sh", "-c", script))).get("pane_id").asString();
    }

    private long straggler(String name) throws IOException {
        long pid = Long.parseLong(Files.readString(root.resolve(name + ".pid")).strip());
        assertThat(ProcessHandle.of(pid)).as("the straggler %s runs", name).isPresent();
        return pid;
    }

    private static String status(ProtocolClient client, String pane) {
        return client.call("pane.get", Map.of("pane_id", pane)).get("pane").get("status").asString();
    }

    /**
     * Whether {@code pid} was killed: gone, a zombie, or with SIGKILL pending (sent, not yet acted on). A SIGHUP
     * is not looked for: the straggler ignores it, and an ignored signal is dropped when it is sent.
     */
    private static boolean killed(long pid) throws IOException {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        List<String> lines;
        try {
            lines = Files.readAllLines(status);
        } catch (java.nio.file.NoSuchFileException e) {
            return true;
        }
        for (String line : lines) {
            if (line.startsWith("State:") && (line.contains("Z") || line.contains("X"))) {
                return true;
            }
            if ((line.startsWith("SigPnd:") || line.startsWith("ShdPnd:"))
                    && (Long.parseUnsignedLong(line.substring(7).strip(), 16) & (1L << 8)) != 0) {
                return true;
            }
        }
        return false;
    }
}
