package dev.signaltty.agent;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * The scripted fake agent, launched through the Claude Code integration, goes through whole turns;
 * its hooks run the real {@code signaltty hook-event} CLI from the settings file the integration wrote.
 */
class FakeAgentTurnTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("agents", FakeAgent.cliProperty());
    static Path claude;

    @BeforeAll
    static void installFakeAgent() {
        claude = FakeAgent.install(daemon.root());
    }

    /** Runs before the fixture closes the daemon (JUnit closes extensions after the class's own @AfterAll). */
    @AfterAll
    static void closeSubmitters() {
        submitters.forEach(ProtocolClient::close);
    }

    /** A connection of its own: calls on one connection are answered in order, and a submit blocks. */
    static ProtocolClient submitter() {
        ProtocolClient connection = daemon.connect();
        submitters.add(connection);
        return connection;
    }

    static final List<ProtocolClient> submitters = new java.util.concurrent.CopyOnWriteArrayList<>();

    static String screen(String pane) {
        return daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "screen")).get("text").asString();
    }

    static JsonNode spawnAgent(Map<String, String> env) {
        Map<String, Object> params = new HashMap<>(Map.of("workspace_id", daemon.workspace(), "argv", List.of(claude.toString()),
                "cols", 120, "rows", 30));
        params.put("env", env);
        return daemon.client().call("pane.spawn", params);
    }

    static String waitCli(String pane, String until, JsonNode after) {
        List<String> args = new ArrayList<>(List.of("--json", "wait", pane, "--until", until, "--timeout", "120"));
        if (after != null) {
            args.addAll(List.of("--after", after.toString()));
        }
        return FakeAgent.runCli(daemon.socket(), args.toArray(String[]::new));
    }

    static String pendingDecision(String pane) {
        return AgentDaemonFixture.awaitPendingDecision(daemon.client(), pane, Duration.ofSeconds(90));
    }

    @Test
    void aLaunchConfiguresHooksBeforeStartAndKeepsThePersistedArgv() { // seed R206, seed R207, seed R208, seed R212
        JsonNode pane = spawnAgent(Map.of());
        JsonNode integration = pane.get("integration");
        assertThat(integration.get("agent").asString()).isEqualTo("claude");
        assertThat(integration.get("status").asString()).isEqualTo("configured");
        assertThat(Path.of(integration.get("file").asString())).exists();
        assertThat(pane.get("argv").toString()).isEqualTo(ProtocolJson.MAPPER.valueToTree(List.of(claude.toString())).toString());
        JsonNode shell = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("sleep", "60")));
        assertThat(shell.has("integration")).isFalse(); // seed R214
    }

    /** Driven through the CLI only (submit, attention, decision answer, wait); hooks run the CLI too. */
    @Test
    void goesThroughAWholeTurnWithAPermissionAnsweredFromOutside() throws Exception {
        try (ProtocolClient events = daemon.connect()) {
            events.call("subscribe", Map.of("events", List.of("agent.*", "decision.*")));
            String pane = spawnAgent(Map.of()).get("pane_id").asString();
            assertThat(waitCli(pane, "idle", null)).contains("\"outcome\"");
            JsonNode base = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
            CompletableFuture<JsonNode> submit = CompletableFuture.supplyAsync(() -> ProtocolJson.MAPPER.readTree(
                    FakeAgent.runCli(daemon.socket(), "--json", "pane", "submit", pane, "--text", "ask make test",
                            "--stall-timeout", "60")), AgentDaemonFixture.THREADS);
            String decision = pendingDecision(pane);
            assertThat(submit.join().get("confirmed").asBoolean()).isTrue();
            assertThat(FakeAgent.runCli(daemon.socket(), "--json", "attention")).contains(decision);
            FakeAgent.runCli(daemon.socket(), "decision", "answer", decision, "allow_once");
            assertThat(waitCli(pane, "done", base)).contains("\"done\"");
            eventually(Duration.ofSeconds(10), () -> screen(pane).contains("ALLOWED make test"));

            List<String> seen = new ArrayList<>();
            while (!seen.contains("agent.done")) {
                JsonNode event = events.nextEvent();
                if (pane.equals(event.get("payload").path("pane_id").asString())) {
                    seen.add(event.get("event").asString());
                }
            }
            // the lifecycle axis in order; the decision inside the blocked stretch. Whether agent.blocked or
            // decision.created is journaled first depends on which of the agent's two hooks lands first.
            assertThat(seen.stream().filter(e -> e.startsWith("agent.")).toList())
                    .containsSubsequence("agent.idle", "agent.working", "agent.blocked", "agent.working", "agent.done");
            assertThat(seen).containsSubsequence("agent.working", "decision.created", "decision.answered",
                    "agent.done");
        }
    }

    @Test
    void aDeniedPermissionStopsTheTool() {
        String pane = spawnAgent(Map.of()).get("pane_id").asString();
        waitCli(pane, "idle", null);
        CompletableFuture.runAsync(() -> submitter().call("pane.submit", Map.of("pane_id", pane, "text", "ask rm -rf /",
                "stall_timeout_s", 60)), AgentDaemonFixture.THREADS);
        FakeAgent.runCli(daemon.socket(), "decision", "answer", pendingDecision(pane), "deny");
        eventually(Duration.ofSeconds(60), () -> screen(pane).contains("DENIED rm -rf /"));
        assertThat(screen(pane)).doesNotContain("ALLOWED");
    }

    @Test
    // seed R49, seed R50, seed R51, seed R57
    void aDecisionArrivingBetweenPasteAndEnterIsAgentBusyAndNoEnterIsWritten() {
        String pane = spawnAgent(Map.of()).get("pane_id").asString();
        waitCli(pane, "idle", null);
        eventually(Duration.ofSeconds(10), () -> screen(pane).contains("fake>"));
        CompletableFuture<JsonNode> submit = CompletableFuture.supplyAsync(() -> submitter().request("pane.submit",
                Map.of("pane_id", pane, "text", "hello there", "submit_delay_ms", 3000)), AgentDaemonFixture.THREADS);
        eventually(Duration.ofSeconds(10), () -> screen(pane).contains("hello there"));
        // the agent asks for permission while the text sits in its input box
        ProtocolClient reporter = daemon.connect();
        String session = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline").get("agent_session_id")
                .asString();
        CompletableFuture<JsonNode> ask = CompletableFuture.supplyAsync(() -> reporter.request("hook-event",
                Map.of("pane_id", pane, "wait_for_answer", true, "payload", AgentDaemonFixture.claude(
                        "PermissionRequest", session, AgentDaemonFixture.toolUse("Bash", "ls")))),
                AgentDaemonFixture.THREADS);
        JsonNode refused = submit.join();
        assertThat(refused.get("ok").asBoolean()).isFalse();
        assertThat(refused.get("error").get("code").asString()).isEqualTo("AGENT_BUSY");
        assertThat(refused.get("error").get("details").get("stage").asString()).isEqualTo("delayed_enter");
        assertThat(refused.get("error").get("details").get("paste_delivered").asBoolean()).isTrue();
        String decision = pendingDecision(pane);
        assertThat(daemon.client().call("decision.get", Map.of("decision_id", decision)).get("status").asString())
                .isEqualTo("pending");
        sleep(500);
        assertThat(screen(pane)).contains("hello there").doesNotContain("working on: hello there");
        // submitting again before the answer is refused before any paste
        JsonNode again = daemon.client().request("pane.submit", Map.of("pane_id", pane, "text", "more"));
        assertThat(again.get("error").get("details").get("stage").asString()).isEqualTo("before_paste");
        assertThat(again.get("error").get("details").get("paste_delivered").asBoolean()).isFalse();
        // the refusal says which decision waits and how to answer it
        assertThat(again.get("error").get("message").asString()).isEqualTo("the pane's agent is waiting for decision "
                + decision + ": answer it with decision.answer (signaltty decision answer " + decision
                + " allow_once, or deny), then submit again");
        daemon.client().call("decision.answer", Map.of("decision_id", decision, "option_id", "deny"));
        ask.join();
        reporter.close();
    }

    @Test
    void submittingBeforeTheAgentReportedReadyIsAgentNotReady() { // seed R311
        String pane = spawnAgent(Map.of("FAKE_AGENT_START_DELAY", "60")).get("pane_id").asString();
        assertThat(daemon.client().errorCode("pane.submit", Map.of("pane_id", pane, "text", "hi"))).isEqualTo("AGENT_NOT_READY");
    }

    @Test
    void aShellPaneSkipsTheActivityGate() {
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("cat")))
                .get("pane_id").asString();
        JsonNode result = daemon.client().call("pane.submit", Map.of("pane_id", pane, "text", "typed", "submit_delay_ms", 0));
        assertThat(result.get("gate").asString()).isEqualTo("skipped");
        eventually(Duration.ofSeconds(10), () -> screen(pane).lines().filter(line -> line.equals("typed")).count() >= 2);
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
