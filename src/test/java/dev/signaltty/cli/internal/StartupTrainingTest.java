package dev.signaltty.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import tools.jackson.databind.JsonNode;

/**
 * The requests bin/signaltty sends to train the daemon's AOT cache (issue 24 item 2) run against a
 * real daemon over its socket, every one answered ok, and leave nothing behind in it.
 */
class StartupTrainingTest {

    @RegisterExtension
    static final DaemonFixture daemon = DaemonFixture.withoutWorkspace();

    @Test
    void trainingRequestsAreAllAnsweredAndLeaveNoWorkspaceOrPane() {
        try (Client client = Client.connect(daemon.socket())) {
            StartupTraining.run(client, 250); // orThrow: any refused request fails the run
        }
        JsonNode workspaces = daemon.client().call("workspace.list", Map.of());
        assertThat(workspaces.toString()).doesNotContain("training");
        // the training pane ends with its workspace: wait for it, the close is asynchronous
        dev.signaltty.support.ProtocolClient.eventually(java.time.Duration.ofSeconds(60),
                () -> daemon.client().call("pane.list", Map.of()).path("panes").isEmpty());
    }
}
