package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.claude;
import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static dev.signaltty.agent.AgentDaemonFixture.sleeper;
import static dev.signaltty.agent.AgentDaemonFixture.toolUse;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/** hook-event's wait_for_answer and wait_timeout_s on the wire (seed R149, seed R150). */
class HookWaitParamsTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("agents");
    String pane;

    @BeforeEach
    void workingAgent() {
        pane = sleeper(daemon.client(), daemon.workspace());
        hook(daemon.client(), pane, "SessionStart", "s1");
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
    }

    JsonNode ask(Object waitForAnswer, Object timeout) {
        Map<String, Object> params = new HashMap<>(Map.of("pane_id", pane,
                "payload", claude("PermissionRequest", "s1", toolUse("Bash", "ls"))));
        params.put("wait_for_answer", waitForAnswer);
        if (timeout != null) {
            params.put("wait_timeout_s", timeout);
        }
        try (ProtocolClient reporter = daemon.connect()) {
            return reporter.request("hook-event", params);
        }
    }

    @Test
    void waitForAnswerIsABooleanAndFalseIsAnOrdinaryReport() { // seed R149
        JsonNode mistyped = ask("yes", null);
        assertThat(mistyped.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(mistyped.get("error").get("details").get("field").asString()).isEqualTo("wait_for_answer");
        JsonNode ordinary = ask(false, null);
        assertThat(ordinary.get("ok").asBoolean()).isTrue();
        assertThat(ordinary.get("result").has("native_verdict")).isFalse();
        assertThat(daemon.client().call("decision.list", Map.of("pane_id", pane)).get("decisions").isEmpty()).isTrue();
    }

    @Test
    void theWaitTimeoutIsWholeSecondsFromOneToOneHundredTwenty() { // seed R150
        for (Object outside : new Object[] {0, 121, 1.5, "10"}) {
            JsonNode refused = ask(true, outside);
            assertThat(refused.get("error").get("code").asString()).as(String.valueOf(outside)).isEqualTo("BAD_PARAMS");
            assertThat(refused.get("error").get("details").get("field").asString()).isEqualTo("wait_timeout_s");
        }
        assertThat(daemon.client().call("decision.list", Map.of("pane_id", pane)).get("decisions").isEmpty()).isTrue();

        long start = System.nanoTime();
        JsonNode oneSecond = ask(true, 1).get("result");
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        assertThat(oneSecond.get("native_verdict").isNull()).isTrue();
        assertThat(oneSecond.get("reason").asString()).isEqualTo("timeout");
        assertThat(elapsedMs).isBetween(900L, 10_000L);
    }
}
