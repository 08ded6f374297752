package dev.signaltty.task.internal;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

import dev.signaltty.agent.Lifecycle;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import dev.signaltty.workspace.internal.git.TestRepo;
import tools.jackson.databind.JsonNode;

/**
 * The first submit's refusal after the paste when, by the time the task records it, no decision
 * remains: the existing submit-unconfirmed recovery applies instead of decision_required (seed R56).
 *
 * <p>The decision has to vanish in the microseconds between the refused Enter and the look that records
 * it, which no outside timing can hit. So this daemon's {@link WorkerSignals} is the real one wrapped to
 * run a test step at two points: when the worker is ready (a permission request of a session the pane
 * has left starts waiting: a real pending decision that moves no state), and right after a refused
 * Enter (that reporter goes away, so the real decision store clears it as native_cancelled). Everything
 * else — the decision store, the agent states, the PTY, the fake worker — is the real thing.
 */
class FirstSubmitRefusalRaceTest {

    /** The real signals, with test steps run at the ready point and after a refused Enter. */
    static final class TimedSignals extends DelegatingWorkerSignals {
        volatile Consumer<String> onReady = pane -> { };
        volatile Consumer<String> afterRefusal = pane -> { };
        final AtomicInteger refusals = new AtomicInteger();

        TimedSignals(WorkerSignals real) {
            super(real);
        }

        @Override
        public boolean awaitLifecycle(String paneId, Set<Lifecycle> states, long deadlineNanos) throws InterruptedException {
            boolean ready = real.awaitLifecycle(paneId, states, deadlineNanos);
            if (ready) {
                onReady.accept(paneId);
            }
            return ready;
        }

        @Override
        public boolean unlessDecision(String paneId, Write write) throws IOException {
            boolean wrote = real.unlessDecision(paneId, write);
            if (!wrote) {
                refusals.incrementAndGet();
                afterRefusal.accept(paneId);
            }
            return wrote;
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Timing {
        @Bean
        @Primary
        TimedSignals timedSignals(AgentEventSignals real) {
            return new TimedSignals(real);
        }
    }

    @TempDir
    static Path root;
    static TestDaemon daemon;
    static ProtocolClient client;

    @BeforeAll
    static void start() throws IOException {
        Files.createDirectories(root.resolve("githome"));
        daemon = TestDaemon.startWith(root, List.of(Timing.class),
                "signaltty.git.config-home=" + root.resolve("githome"));
        client = daemon.connect();
    }

    @AfterAll
    static void stop() {
        client.close();
        daemon.close();
    }

    static JsonNode hook(ProtocolClient via, String pane, Map<String, Object> payload) {
        return via.call("hook-event", Map.of("pane_id", pane, "agent", "claude", "payload", payload));
    }

    static String screen(String pane) {
        return client.call("pane.read", Map.of("pane_id", pane, "mode", "tail")).get("text").asString();
    }

    @Test
    void aRefusalWhoseDecisionIsGoneFallsBackToTheActivityGateAndParksAsSubmitUnconfirmed(@TempDir Path tmp)
            throws IOException { // seed R56
        TestRepo repo = TestRepo.withReadme(tmp);
        Path script = tmp.resolve("fake_worker.py");
        try (InputStream in = getClass().getResourceAsStream("/task/fake_worker.py")) {
            Files.write(script, in.readAllBytes());
        }
        TimedSignals timed = daemon.bean(TimedSignals.class);
        ProtocolClient ghost = daemon.connect();
        // the test steps run on the first submit's thread while this test waits on its own connection
        ProtocolClient side = daemon.connect();
        String[] decision = new String[1];
        timed.onReady = pane -> {
            // the pane moves on from a session "ghost", whose permission hook then starts waiting
            hook(side, pane, Map.of("session_id", "ghost-" + pane, "hook_event_name", "SessionStart"));
            hook(side, pane, Map.of("session_id", "sess-" + pane, "hook_event_name", "SessionStart"));
            CompletableFuture.runAsync(() -> ghost.request("hook-event", Map.of("pane_id", pane, "agent", "claude",
                    "wait_for_answer", true, "payload", Map.of("session_id", "ghost-" + pane,
                            "hook_event_name", "PermissionRequest", "tool_name", "Bash",
                            "tool_input", Map.of("command", "ls")))));
            eventually(Duration.ofSeconds(10), () -> {
                JsonNode list = side.call("decision.list", Map.of("pane_id", pane, "status", "pending"))
                        .get("decisions");
                decision[0] = list.isEmpty() ? null : list.get(0).get("decision_id").asString();
                return decision[0] != null;
            });
        };
        timed.afterRefusal = pane -> {
            // the waiting reporter goes away: the decision is cleared before the refusal is recorded
            ghost.close();
            eventually(Duration.ofSeconds(10), () -> side.call("decision.get", Map.of("decision_id", decision[0]))
                    .get("status").asString().equals("cleared"));
        };

        JsonNode started = client.call("task.start", Map.of("repo", repo.root.toString(), "objective",
                "WRITE r.txt x", "argv", List.of("python3", script.toString(), "silent"),
                "submit_delay_ms", 200, "stall_timeout_s", 3));
        String taskId = started.get("task").get("task_id").asString();
        String pane = started.get("pane").get("pane_id").asString();
        JsonNode task = client.call("task.wait", Map.of("task_id", taskId, "until", "settled", "timeout_s", 60))
                .get("task");

        assertThat(timed.refusals.get()).isEqualTo(1); // the delayed Enter was refused, once
        assertThat(task.get("state").asString()).isEqualTo("input_required"); // recoverable, not failed
        assertThat(task.get("evidence").get("reason").asString()).isEqualTo("submit_unconfirmed");
        assertThat(task.get("evidence").get("stage").asString()).isEqualTo("activity_gate");
        assertThat(task.get("evidence").has("decision_id")).isFalse();
        assertThat(client.call("decision.get", Map.of("decision_id", decision[0])).get("reason").asString())
                .isEqualTo("native_cancelled");
        // the gate's Enter retry is the one that submitted the pasted prompt
        eventually(Duration.ofSeconds(10), () -> screen(pane).contains("got prompt: WRITE r.txt x"));
        assertThat(screen(pane)).doesNotContain("extra line");

        // and the usual recovery: the worker turning working resumes the task (seed R39)
        hook(client, pane, Map.of("session_id", "sess-" + pane, "hook_event_name", "UserPromptSubmit"));
        JsonNode resumed = client.call("task.wait", Map.of("task_id", taskId, "until", "working", "timeout_s", 30))
                .get("task");
        assertThat(resumed.get("evidence").get("resumed_from").asString()).isEqualTo("submit_unconfirmed");
        client.call("task.finish", Map.of("task_id", taskId, "discard", true));
        side.close();
    }
}
