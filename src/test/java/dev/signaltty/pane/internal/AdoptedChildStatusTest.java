package dev.signaltty.pane.internal;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * An adopted program (ADR 0810) whose exit status someone else took is told exited with its status unknown,
 * not with a made-up code (ADR 0952). It was told 129, as if SIGHUP had ended it.
 *
 * <p>After a restart in place the adopted program's only waiter is {@link AdoptedChild}'s {@code waitpid}: the
 * JDK reaps only the processes it started, pty4j only the ones it launched, and the JDK resets an inherited
 * ignored SIGCHLD (which would let the kernel discard the status) at its first process launch. So the case is
 * made here the one way it happens: the program is adopted after another waiter reaped it, pty4j's reaper in this
 * test, as the old image's reaper did in the window ADR 0870 closed. The daemon's own adoption path then runs on
 * a real pane with a real PTY master and the real, reaped, pid.
 */
class AdoptedChildStatusTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("adopted");

    @Test
    void aChildReapedElsewhereHasNoExitStatusNotAMadeUpOne() throws Exception {
        PtySession launched = PtySession.launch(List.of("sh", "-c", "exit 7"), daemon.root(),
                Map.of("PATH", System.getenv("PATH")), 80, 24);
        assertThat(launched.waitFor()).as("pty4j's reaper has its status").isEqualTo(7);
        PtySession adopted = PtySession.adopt(launched.duplicateMasterForExec(), (int) launched.pid());
        try {
            assertThat(adopted.waitFor()).as("reaped elsewhere: the status is not ours to know").isNull();
        } finally {
            adopted.closeOutput();
            launched.closeOutput();
        }
    }

    @Test
    void aPaneWhoseProgramWasReapedElsewhereIsExitedWithoutACode() throws Exception {
        String id = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("sh", "-c", "exit 7"))).get("pane_id").asString();
        daemon.awaitExited(id, Duration.ofSeconds(30));
        Pane pane = daemon.bean(PaneRegistry.class).resolve(id);
        // a second program whose status pty4j's reaper takes first, and a master of its PTY, as a hand-over names them
        PtySession other = PtySession.launch(List.of("sh", "-c", "exit 5"), daemon.root(),
                Map.of("PATH", System.getenv("PATH")), 80, 24);
        assertThat(other.waitFor()).isEqualTo(5);
        try (ProtocolClient events = daemon.connect()) {
            events.call("subscribe", Map.of("events", List.of("pane.exited")));
            daemon.bean(PaneLifecycle.class).adopt(pane, PtySession.adopt(other.duplicateMasterForExec(), (int) other.pid()));
            JsonNode exited = events.nextEvent();
            assertThat(exited.get("event").asString()).isEqualTo("pane.exited");
            assertThat(exited.get("payload").path("exit_code").isNumber()).as(exited.toString()).isFalse();
            assertThat(exited.get("payload").path("exit_unknown").asString()).as(exited.toString()).contains("ECHILD");
        } finally {
            other.closeOutput();
        }
        eventually(Duration.ofSeconds(30), () -> view(id).get("status").asString().equals("exited"));
        JsonNode view = view(id);
        assertThat(view.has("exit_code")).as(view.toString()).isFalse();
        assertThat(view.get("exit_unknown").asString()).as(view.toString()).contains("reaped elsewhere");
        assertThat(daemon.client().errorCode("pane.write", Map.of("pane_id", id, "data", "x"))).isEqualTo("PANE_EXITED");
    }

    private static JsonNode view(String id) {
        return daemon.client().call("pane.get", Map.of("pane_id", id)).get("pane");
    }
}
