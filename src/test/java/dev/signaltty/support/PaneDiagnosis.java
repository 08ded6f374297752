package dev.signaltty.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.BooleanSupplier;

import tools.jackson.databind.JsonNode;

/**
 * What a pane showed when a test gave up waiting on it, for the failure message: its record (status, exit,
 * {@code output_offset}, pid), its screen, its program as the kernel sees it, and what the daemon logged. A fresh
 * pane that printed nothing under load has been seen three times with only "condition not met" to go by (ADR 1200).
 */
public final class PaneDiagnosis {

    private PaneDiagnosis() {
    }

    /**
     * Polls {@code probe} until it holds, as {@link ProtocolClient#eventually} does; at the deadline fails with
     * what the pane showed then.
     */
    public static void eventually(ProtocolClient client, String pane, Duration timeout, BooleanSupplier probe) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!probe.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("condition not met within " + timeout + "\n" + of(client, pane));
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    public static String of(ProtocolClient client, String pane) {
        StringBuilder text = new StringBuilder("pane ").append(pane).append(":\n");
        long pid = -1;
        try {
            JsonNode record = client.call("pane.get", Map.of("pane_id", pane)).get("pane");
            pid = record.path("pid").asLong(-1);
            text.append("  record: ").append(record).append('\n');
            text.append("  screen:\n").append(client.call("pane.read", Map.of("pane_id", pane, "mode", "screen"))
                    .get("text").asString().stripTrailing().indent(4));
        } catch (RuntimeException | AssertionError e) {
            text.append("  not readable over the socket: ").append(e).append('\n');
        }
        text.append("  program: ").append(pid < 0 ? "no pid" : program(pid)).append('\n');
        text.append("  daemon log (lines naming the pane, its pid, or a PTY):\n");
        for (String line : RecentLog.lines(pane, "pid " + pid, "PTY", "pty4j", "idle watcher")) {
            text.append("    ").append(line).append('\n');
        }
        return text.toString();
    }

    /** The kernel's view of the program: whether it is there, its state, and its signals. */
    private static String program(long pid) {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        try {
            return "pid " + pid + " " + String.join(", ", Files.readAllLines(status).stream()
                    .filter(line -> line.startsWith("State:") || line.startsWith("SigPnd:") || line.startsWith("ShdPnd:")
                            || line.startsWith("SigIgn:"))
                    .map(line -> line.replaceAll("\\s+", " "))
                    .toList());
        } catch (IOException e) {
            return "pid " + pid + " gone (" + e.getClass().getSimpleName() + ")";
        }
    }
}
