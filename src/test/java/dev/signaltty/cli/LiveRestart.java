package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.signaltty.support.Await;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * The set-up the {@code server restart} tests share (ADR 0810): a daemon started through the CLI, a workspace
 * in its harness's directory, panes spawned there, and the pane facts and screens they compare across the restart.
 */
final class LiveRestart {

    /** How long a test of a restart waits for any one thing. */
    static final Duration WAIT = Duration.ofSeconds(60);

    private LiveRestart() {
    }

    /** Starts the harness's daemon ({@code signaltty server start}), which must succeed. */
    static void startDaemon(CliHarness cli) {
        CliHarness.Run start = cli.run("server", "start");
        assertThat(start.status()).as(start.toString()).isZero();
    }

    /**
     * Starts the harness's daemon and spawns a pane running {@code argv} in a new workspace {@code workspace}: the
     * one pane a test of a client across {@code server restart} follows; its id.
     */
    static String startWithPane(CliHarness cli, String workspace, List<String> argv) {
        startDaemon(cli);
        try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
            return spawn(daemon, workspace(cli, daemon, workspace), argv);
        }
    }

    /** A new workspace named {@code name} in the harness's directory; its id. */
    static String workspace(CliHarness cli, ProtocolClient daemon, String name) {
        return daemon.call("workspace.create", Map.of("name", name, "cwd", cli.cwd().toString()))
                .get("workspace_id").asString();
    }

    /** A pane of 80x24 running {@code argv} in {@code workspace}; its id. */
    static String spawn(ProtocolClient daemon, String workspace, List<String> argv) {
        return daemon.call("pane.spawn", Map.of("workspace_id", workspace, "argv", argv, "cols", 80, "rows", 24))
                .get("pane_id").asString();
    }

    /** A pane running {@code argv} with {@code env} added to its environment; its id. */
    static String spawn(ProtocolClient daemon, String workspace, List<String> argv, Map<String, String> env) {
        return daemon.call("pane.spawn", Map.of("workspace_id", workspace, "argv", argv, "env", env))
                .get("pane_id").asString();
    }

    /** The environment that names the hand-over file to a pane's program, as {@code $HANDOVER}. */
    static Map<String, String> handOverEnv(CliHarness cli) {
        return Map.of("HANDOVER", cli.socket() + ".handover");
    }

    /**
     * A pane whose program says {@code waiting}, waits for the old image's hand-over file to appear (the
     * restart's stop is under way) and then runs the bash commands {@code then}; its id, once it waits.
     */
    static String spawnAfterHandOver(CliHarness cli, ProtocolClient daemon, String workspace, String then)
            throws Exception {
        String id = spawn(daemon, workspace, List.of("bash", "-c",
                "echo waiting; while [ ! -e \"$HANDOVER\" ]; do sleep 0.005; done; " + then), handOverEnv(cli));
        Await.until(WAIT, "the program of " + id + " waiting", () -> tail(daemon, id).contains("waiting"));
        return id;
    }

    /** Waits for the pane's program to be told exited; its exit code, which it must have. */
    static int exitCode(ProtocolClient daemon, String id) throws Exception {
        Await.until(WAIT, "the exit of " + id, () -> pane(daemon, id).get("status").asString().equals("exited"));
        JsonNode pane = pane(daemon, id);
        assertThat(pane.path("exit_code").isNumber()).as(pane.toString()).isTrue();
        return pane.get("exit_code").asInt();
    }

    static JsonNode pane(ProtocolClient daemon, String id) {
        return daemon.call("pane.get", Map.of("pane_id", id)).get("pane");
    }

    /** The pane's last 5,000 lines as text. */
    static String tail(ProtocolClient daemon, String id) {
        return daemon.call("pane.read", Map.of("pane_id", id, "mode", "tail", "lines", 5000)).get("text").asString();
    }

    /**
     * A pane (placed by {@code where}) whose program does not read the input queued for it: the hand-over waits its
     * 5 s for it, so the daemon is away longer than a client retried a lost connection before (5 s).
     */
    static void queueUnreadInput(ProtocolClient daemon, Map<String, String> where) throws Exception {
        Map<String, Object> params = new java.util.HashMap<>(where);
        params.put("argv", List.of("bash", "-c", "stty raw -echo; echo ready; exec sleep 600"));
        String deaf = daemon.call("pane.spawn", params).get("pane_id").asString();
        Await.until(WAIT, "raw mode", () -> tail(daemon, deaf).contains("ready"));
        daemon.errorCode("pane.write", Map.of("pane_id", deaf, "data", "x".repeat(300_000)));
    }
}
