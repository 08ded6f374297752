package dev.signaltty.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/** Seed R70: a server shutdown cancels a task waiter at once. */
class TaskWaitShutdownTest {

    @TempDir
    Path tmp;

    @Test
    void aServerShutdownCancelsTheWaiter() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("git-home"));
        TestDaemon daemon = TestDaemon.start(tmp.resolve("daemon"), "signaltty.git.config-home=" + home);
        try {
            TaskFixture f = new TaskFixture(Files.createDirectories(tmp.resolve("work")), daemon.socket());
            Map<String, Object> params = f.params("wait for me", "silent");
            params.put("argv", List.of("bash", "-c", "exec cat"));
            String taskId = f.client.call("task.start", params).get("task").get("task_id").asString();
            try (ProtocolClient waiter = daemon.connect()) {
                waiter.sendRaw("{\"id\":\"w\",\"method\":\"task.wait\",\"params\":{\"task_id\":\"" + taskId + "\"}}\n");
                Thread.sleep(300); // the wait is in flight
                long before = System.nanoTime();
                Thread stopper = Thread.ofVirtual().start(daemon::close);
                // the cancelled wait answers TIMEOUT {cause: shutdown} unless the closing connection beats the
                // answer out (the transport closes right after cancelling); either way the waiter ends at once
                String line = waiter.readRawLine();
                if (line != null) {
                    JsonNode answer = dev.signaltty.transport.ProtocolJson.MAPPER.readTree(line);
                    assertThat(answer.get("error").get("code").asString()).isEqualTo("TIMEOUT");
                    assertThat(answer.get("error").get("details").get("cause").asString()).isEqualTo("shutdown");
                }
                assertThat(System.nanoTime() - before).isLessThan(5_000_000_000L);
                stopper.join();
            }
            f.client.close();
        } finally {
            daemon.close();
        }
    }
}
