package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.PaneDiagnosis;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.RecentLog;
import tools.jackson.databind.JsonNode;

/** Panes on real PTYs, driven over the real socket. */
class PaneLifecycleTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("panes");

    @BeforeAll
    static void keepTheLog() {
        RecentLog.install(); // for PaneDiagnosis: what the daemon said about a pane that went wrong
    }

    static String spawnBash(Map<String, Object> extra) {
        Map<String, Object> params = new java.util.HashMap<>(Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("bash", "--norc", "--noprofile", "-i")));
        params.putAll(extra);
        return daemon.client().call("pane.spawn", params).get("pane_id").asString();
    }

    static String tail(String pane) {
        return daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "tail")).get("text").asString();
    }

    @Test
    void runsAShellWritesToItReadsItsTailAndClosesIt() {
        String pane = spawnBash(Map.of());
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "echo hi\n"));
        eventually(Duration.ofSeconds(30), () -> tail(pane).lines().anyMatch(line -> line.equals("hi")));
        JsonNode closed = daemon.client().call("pane.close", Map.of("pane_id", pane));
        assertThat(closed.get("pane_id").asString()).isEqualTo(pane);
        assertThat(daemon.client().errorCode("pane.get", Map.of("pane_id", pane))).isEqualTo("NO_SUCH_PANE");
    }

    @Test
    void aProgramThatDoesNotReadItsInputIsATimeoutNotAnExit() {
        // raw mode: the line discipline holds what it cannot pass on instead of dropping it, so the writer waits
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("sh", "-c", "stty raw -echo; echo ready; exec sleep 600"))).get("pane_id").asString();
        // a fresh pane under load once showed no "ready" here (ADR 1200): the message says what it showed instead
        PaneDiagnosis.eventually(daemon.client(), pane, Duration.ofSeconds(30), () -> tail(pane).contains("ready"));
        JsonNode response = daemon.client().request("pane.write", Map.of("pane_id", pane, "data", "x".repeat(1 << 20)));
        assertThat(response.get("ok").asBoolean()).as(response.toString()).isFalse();
        assertThat(response.get("error").get("code").asString()).as(response.toString()).isEqualTo("TIMEOUT");
        assertThat(response.get("error").get("message").asString()).contains("has not read its input", "stays queued");
        assertThat(response.get("error").get("details").get("pane_id").asString()).isEqualTo(pane);
        assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("status").asString())
                .isEqualTo("running");
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    @Test
    void givesTheChildItsSizeFromItsFirstInstruction() {
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "cols", 117, "rows", 33,
                "argv", List.of("sh", "-c", "echo size=$(tput cols)x$(tput lines); sleep 30"))).get("pane_id").asString();
        PaneDiagnosis.eventually(daemon.client(), pane, Duration.ofSeconds(30), () -> tail(pane).contains("size="));
        assertThat(tail(pane)).contains("size=117x33");
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    @Test
    void everyChildSeesItsOwnSizeEvenWhenManyStartAtOnce() throws Exception {
        // many launches at once load the machine: the size must be set before the program runs, not
        // raced by a resize after the start
        List<java.util.concurrent.Future<String>> panes = new java.util.ArrayList<>();
        try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 16; i++) {
                int cols = 90 + i;
                panes.add(pool.submit(() -> {
                    try (ProtocolClient own = daemon.connect()) {
                        return own.call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "cols", cols, "rows", 20 + cols % 7,
                                "argv", List.of("sh", "-c", "echo size=$(tput cols)x$(tput lines); sleep 30"))).get("pane_id").asString();
                    }
                }));
            }
        }
        for (int i = 0; i < panes.size(); i++) {
            String pane = panes.get(i).get();
            int cols = 90 + i;
            PaneDiagnosis.eventually(daemon.client(), pane, Duration.ofSeconds(20), () -> tail(pane).contains("size="));
            assertThat(tail(pane)).contains("size=" + cols + "x" + (20 + cols % 7));
            daemon.client().call("pane.close", Map.of("pane_id", pane));
        }
    }

    @Test
    void setsTermAndTheSignalttyEnvironment() { // seed R338
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "cols", 400, "argv",
                List.of("sh", "-c", "echo T=$TERM P=$SIGNALTTY_PANE W=$SIGNALTTY_WORKSPACE S=$SIGNALTTY_SOCKET; sleep 30")))
                .get("pane_id").asString();
        PaneDiagnosis.eventually(daemon.client(), pane, Duration.ofSeconds(30), () -> tail(pane).contains("T="));
        assertThat(tail(pane)).contains("T=xterm-256color", "P=" + pane, "W=" + daemon.workspace(),
                "S=" + daemon.socket());
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    @Test
    void recordsTheExitStatusWhenTheChildExits() {
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("sh", "-c", "exit 7"))).get("pane_id").asString();
        daemon.awaitExited(pane, Duration.ofSeconds(30));
        assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("exit_code").asInt()).isEqualTo(7);
        assertThat(daemon.client().errorCode("pane.write", Map.of("pane_id", pane, "data", "x"))).isEqualTo("PANE_EXITED");
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    @Test
    void keepsEveryByteWrittenJustBeforeExitAndCountsItInTheOffset() {
        // 3 MiB written as fast as the PTY takes it, then exit: the reader drains before the pane ends
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("sh", "-c",
                "head -c 3145728 /dev/zero | tr '\\0' x; printf '\\nLAST-LINE\\n'"))).get("pane_id").asString();
        daemon.awaitExited(pane, Duration.ofSeconds(30));
        // 3 MiB of x, then CR LF + "LAST-LINE" + CR LF (the PTY turns each LF into CR LF)
        assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("output_offset").asLong())
                .isEqualTo(3145728L + 2 + 9 + 2);
        assertThat(tail(pane)).contains("LAST-LINE");
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    @Test
    void endsWhenTheLeaderExitsEvenIfABackgroundChildStillHoldsThePty() {
        // the background sleep keeps the PTY's slave open; the pane still ends shortly after its leader
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("sh", "-c",
                "sleep 60 & echo leader-done; exit 3"))).get("pane_id").asString();
        daemon.awaitExited(pane, Duration.ofSeconds(30));
        JsonNode view = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane");
        assertThat(view.get("exit_code").asInt()).isEqualTo(3);
        assertThat(tail(pane)).contains("leader-done");
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    @Test
    void leavesNoAutomaticTabOrPaneWhenTheLaunchFails() { // seed R216, seed R313
        String fresh = daemon.client().call("workspace.create", Map.of("name", "empty", "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
        assertThat(daemon.client().errorCode("pane.spawn", Map.of("workspace_id", fresh,
                "argv", List.of("no-such-program-xyz")))).isEqualTo("SPAWN_FAILED");
        assertThat(daemon.client().call("tab.list", Map.of("workspace_id", fresh)).get("tabs").size()).isZero();
        assertThat(daemon.client().call("pane.list", Map.of("workspace_id", fresh)).get("panes").size()).isZero();
    }

    @Test
    void rejectsATabOfAnotherWorkspace() { // seed R215
        String other = daemon.client().call("workspace.create", Map.of("name", "other", "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
        String foreignTab = daemon.client().call("tab.create", Map.of("workspace_id", other)).get("tab_id").asString();
        JsonNode response = daemon.client().request("pane.spawn", Map.of("workspace_id", daemon.workspace(), "tab_id", foreignTab,
                "argv", List.of("true")));
        assertThat(response.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(response.get("error").get("details").get("field").asString()).isEqualTo("tab_id");
    }

    @Test
    void anchorsARelativeExecutableToItsLaunchDirectory() throws Exception { // seed R360
        Path bin = Files.createDirectories(daemon.root().resolve("tools"));
        Path script = bin.resolve("hello.sh");
        Files.writeString(script, "#!/bin/sh\necho anchored; sleep 30\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        JsonNode pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "cwd", bin.toString(),
                "argv", List.of("./hello.sh")));
        assertThat(pane.get("argv").get(0).asString()).isEqualTo(script.toString());
        eventually(Duration.ofSeconds(30), () -> tail(pane.get("pane_id").asString()).contains("anchored"));
        daemon.client().call("pane.close", Map.of("pane_id", pane.get("pane_id").asString()));
    }

    @Test
    void endsTheWholeProcessGroupOnClose() {
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv",
                List.of("sh", "-c", "trap '' HUP; sleep 300 & echo child=$!; wait"))).get("pane_id").asString();
        eventually(Duration.ofSeconds(30), () -> tail(pane).contains("child="));
        long child = Long.parseLong(tail(pane).replaceAll("(?s).*child=(\\d+).*", "$1"));
        assertThat(ProcessHandle.of(child)).isPresent();
        daemon.client().call("pane.close", Map.of("pane_id", pane));
        eventually(Duration.ofSeconds(30), () -> ProcessHandle.of(child).map(p -> !p.isAlive()).orElse(true));
    }

    @Test
    void resizesThePty() {
        String pane = spawnBash(Map.of());
        daemon.client().call("pane.resize", Map.of("pane_id", pane, "cols", 91, "rows", 17));
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "echo now=$(tput cols)x$(tput lines)\n"));
        eventually(Duration.ofSeconds(30), () -> tail(pane).contains("now=91x17"));
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    @Test
    void answersUnknownIdsWithTheirOwnCodes() { // seed R309, seed R97
        assertThat(daemon.client().errorCode("pane.read", Map.of("pane_id", "pane_nope"))).isEqualTo("NO_SUCH_PANE");
        assertThat(daemon.client().errorCode("tab.get", Map.of("tab_id", "tab_nope"))).isEqualTo("NO_SUCH_TAB");
        assertThat(daemon.client().errorCode("workspace.get", Map.of("workspace_id", "ws_nope"))).isEqualTo("NO_SUCH_WORKSPACE");
    }
}
