package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

/**
 * Issue 17 item 3: a "reboot" — the daemon and every child killed — then a start on the same state dir.
 * Panes with {@code restart: rerun} (set at spawn) or {@code resume} (set later by pane.set_restart)
 * come back running, in their last cwd, after their restored text; a {@code never} pane stays exited.
 */
class RebootRelaunchTest {

    @TempDir
    Path root;

    @Test
    void rerunAndResumePanesComeBackRunningAfterEveryProcessWasKilled() throws Exception {
        String rerun;
        String resume;
        String never;
        try (DaemonProcess daemon = DaemonProcess.start(root); StreamClient client = daemon.connect()) {
            String ws = client.ok("workspace.create", Map.of("name", "boot", "cwd", root.toString()))
                    .path("workspace_id").asString();
            List<String> argv = List.of("sh", "-c", "echo run-in-$(pwd); sleep 600");
            rerun = client.ok("pane.spawn", Map.of("workspace_id", ws, "argv", argv, "restart", "rerun"))
                    .path("pane_id").asString();
            resume = client.ok("pane.spawn", Map.of("workspace_id", ws, "argv", argv)).path("pane_id").asString();
            never = client.ok("pane.spawn", Map.of("workspace_id", ws, "argv", argv)).path("pane_id").asString();
            assertThat(client.call("pane.set_restart", Map.of("pane_id", resume, "restart", "sometimes"))
                    .path("error").path("code").asString()).isEqualTo("BAD_PARAMS");
            assertThat(client.ok("pane.set_restart", Map.of("pane_id", resume, "restart", "resume"))
                    .path("restart").asString()).isEqualTo("resume");
            List<Long> pids = new java.util.ArrayList<>();
            for (String pane : List.of(rerun, resume, never)) {
                pids.add(client.ok("pane.get", Map.of("pane_id", pane)).path("pane").path("pid").asLong());
            }
            daemon.kill9();
            for (long pid : pids) { // a reboot ends every child too
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
        try (DaemonProcess restarted = DaemonProcess.start(root); StreamClient client = restarted.connect()) {
            for (String pane : List.of(rerun, resume)) {
                JsonNode view = client.ok("pane.get", Map.of("pane_id", pane)).path("pane");
                assertThat(view.path("status").asString()).as(pane).isEqualTo("running");
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                while (!client.ok("pane.read", Map.of("pane_id", pane, "mode", "tail")).path("text").asString()
                        .contains("run-in-" + root.toRealPath())) {
                    assertThat(System.nanoTime()).as("%s runs again in its cwd", pane).isLessThan(deadline);
                    Thread.sleep(50);
                }
            }
            JsonNode stayed = client.ok("pane.get", Map.of("pane_id", never)).path("pane");
            assertThat(stayed.path("status").asString()).isEqualTo("exited");
            assertThat(stayed.has("restart")).isFalse();
        }
    }
}
