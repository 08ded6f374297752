package dev.signaltty.task.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import dev.signaltty.workspace.internal.git.TestRepo;
import tools.jackson.databind.JsonNode;

/**
 * A worker that turns working and reports before the first submit's thread has run its activity gate (a loaded
 * machine, where that virtual thread waits for a core): the task still goes {@code pending → working → completed}
 * (seed R36, ADR 1111). The gate's move is made by the listener of the worker's working transition, which runs before
 * the worker's hook is answered, so no report can come between.
 *
 * <p>"Has not run yet" is no timing a test can hit from outside, so this daemon's {@link WorkerSignals} is the real
 * one wrapped to hold the gate's thread at its wait for activity until the task has left {@code pending} (or a
 * deadline). Everything else — the agent states, the PTY, the fake worker and its report — is the real thing.
 */
class FirstSubmitGateRaceTest {

    /** The real signals; the gate's wait for activity first waits for {@link #release}. */
    static final class HeldGate extends DelegatingWorkerSignals {
        final CountDownLatch release = new CountDownLatch(1);

        HeldGate(WorkerSignals real) {
            super(real);
        }

        @Override
        public boolean awaitActivity(String paneId, long afterSeq, long deadlineNanos) throws InterruptedException {
            release.await(60, TimeUnit.SECONDS); // the gate's thread has not run yet
            return real.awaitActivity(paneId, afterSeq, deadlineNanos);
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Holding {
        @Bean
        @Primary
        HeldGate heldGate(AgentEventSignals real) {
            return new HeldGate(real);
        }
    }

    @TempDir
    static Path root;
    static TestDaemon daemon;
    static ProtocolClient client;

    @BeforeAll
    static void start() throws IOException {
        Files.createDirectories(root.resolve("githome"));
        daemon = TestDaemon.startWith(root, List.of(Holding.class), "signaltty.git.config-home=" + root.resolve("githome"));
        client = daemon.connect();
    }

    @AfterAll
    static void stop() {
        client.close();
        daemon.close();
    }

    @Test
    void aReportBeforeTheGatesThreadRunsComesAfterTheMoveToWorking(@TempDir Path tmp) throws IOException { // seed R36
        TestRepo repo = TestRepo.withReadme(tmp);
        Path script = tmp.resolve("fake_worker.py");
        try (InputStream in = getClass().getResourceAsStream("/task/fake_worker.py")) {
            Files.write(script, in.readAllBytes());
        }
        HeldGate held = daemon.bean(HeldGate.class);
        JsonNode started = client.call("task.start", Map.of("repo", repo.root.toString(), "objective", "WRITE w.txt x",
                "argv", List.of("python3", script.toString(), "work"), "submit_delay_ms", 50, "stall_timeout_s", 20));
        String taskId = started.get("task").get("task_id").asString();
        // the worker turns working, writes its file and reports while the gate's thread is held
        JsonNode task = client.call("task.wait", Map.of("task_id", taskId, "until", "terminal", "timeout_s", 60)).get("task");
        held.release.countDown();
        assertThat(task.get("state").asString()).isEqualTo("completed");

        List<String> states = new ArrayList<>();
        try (ProtocolClient events = daemon.connect()) {
            JsonNode sub = events.call("subscribe", Map.of("events", List.of("task.*"), "task_ids", List.of(taskId),
                    "from_seq", 0));
            for (int i = sub.get("replay").get("returned").asInt(); i > 0; i--) {
                states.add(events.nextEvent().get("payload").get("state").asString());
            }
        }
        assertThat(states).containsSubsequence("pending", "working", "completed");
        client.call("task.finish", Map.of("task_id", taskId, "discard", true));
    }
}
