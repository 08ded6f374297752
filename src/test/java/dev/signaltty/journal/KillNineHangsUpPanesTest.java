package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.Await;

/**
 * ADR 0590: a daemon started with SIGHUP ignored ({@code nohup}, as CI runs are) does not pass that on to
 * its panes' programs. A closed pane's program gets its SIGHUP (its trap runs), and when the daemon is
 * killed with {@code -9} the hang-up of its terminals ends every pane's program, as tmux's panes end with
 * their server: none is left running for ever. The program holds no descriptor but its own terminal (no
 * other pane's master, not the daemon's socket or journal), and the daemon itself still ignores SIGHUP.
 */
class KillNineHangsUpPanesTest {

    @TempDir
    Path root;

    /** Writes {@code $0} on SIGHUP and ends; else loops for ever. */
    private static final String HANG_UP_TRAP = "trap 'echo hung-up > \"$0\"; exit 0' HUP; echo trap-set;"
            + " while true; do sleep 0.05; done";

    @Test
    void panesOfADaemonStartedUnderNohupGetTheHangUpOnCloseAndOnKill9() throws Exception {
        Path closedMark = root.resolve("closed-hung-up");
        Path killedMark = root.resolve("killed-hung-up");
        List<ProcessHandle> started = new ArrayList<>();
        try (DaemonProcess daemon = DaemonProcess.startIgnoringHangUps(root); StreamClient client = daemon.connect()) {
            String ws = client.ok("workspace.create", Map.of("name", "hup", "cwd", root.toString()))
                    .path("workspace_id").asString();
            String closed = spawn(client, ws, closedMark);
            String survivor = spawn(client, ws, killedMark);
            ProcessHandle program = program(client, survivor);
            started.add(program);
            started.add(program(client, closed));

            List<String> fds = descriptors(program.pid());
            assertThat(fds).as("descriptors of a pane's program").isNotEmpty()
                    .allMatch(fd -> fd.equals(fds.getFirst()) && fd.startsWith("/dev/pts/"));

            client.ok("pane.close", Map.of("pane_id", closed));
            await(() -> Files.exists(closedMark), "the closed pane's program trapped its SIGHUP");

            new ProcessBuilder("kill", "-HUP", Long.toString(daemon.pid())).start().waitFor();
            assertThat(daemon.awaitExit(Duration.ofSeconds(2))).as("the daemon ignores SIGHUP as launched").isEqualTo(-1);
            assertThat(client.ok("ping", Map.of()).path("pong").asBoolean()).isTrue();

            daemon.kill9();
            assertThat(program.onExit().completeOnTimeout(null, 60, TimeUnit.SECONDS).get())
                    .as("the pane's program ended after its daemon was killed").isNotNull();
            assertThat(killedMark).as("ended by the hang-up of its terminal").exists();
        } finally {
            started.forEach(ProcessHandle::destroyForcibly); // without the fix they would loop for ever
        }
    }

    /** A pane running {@link #HANG_UP_TRAP}, once the program (not the launcher's wrapper) runs. */
    private static String spawn(StreamClient client, String ws, Path mark) throws Exception {
        String pane = client.ok("pane.spawn", Map.of("workspace_id", ws,
                "argv", List.of("sh", "-c", HANG_UP_TRAP, mark.toString()))).path("pane_id").asString();
        await(() -> client.ok("pane.read", Map.of("pane_id", pane, "mode", "tail")).path("text").asString()
                .contains("trap-set"), "the program runs");
        return pane;
    }

    /** The pane's program: its leader, which the launcher's wrapper became by exec. */
    private static ProcessHandle program(StreamClient client, String pane) throws Exception {
        long pid = client.ok("pane.get", Map.of("pane_id", pane)).path("pane").path("pid").asLong();
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        assertThat(handle).as("pane %s's process %d", pane, pid).isPresent();
        return handle.get();
    }

    private static List<String> descriptors(long pid) throws Exception {
        try (var fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return fds.map(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString();
                } catch (Exception gone) {
                    return "?";
                }
            }).toList();
        }
    }

    private static void await(Await.Check check, String what) throws Exception {
        Await.until(Duration.ofSeconds(60), what, check);
    }
}
