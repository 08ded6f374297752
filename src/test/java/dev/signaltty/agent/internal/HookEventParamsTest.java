package dev.signaltty.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.node.ObjectNode;

/**
 * hook-event's params record: the waiting mode's defaults and bounds (seed R149, seed R150, seed R157). The
 * 120-second default cannot be waited out in a test, so it is read where it is set; the wire behaviour
 * of the same params is in dev.signaltty.agent.HookWaitParamsTest.
 */
class HookEventParamsTest {

    private static final ObjectNode PAYLOAD = ProtocolJson.MAPPER.createObjectNode()
            .put("session_id", "s").put("hook_event_name", "PermissionRequest");

    @Test
    void waitingDefaultsToOff() { // seed R149
        assertThat(new HookEventHandler.Params("pane_1", null, PAYLOAD, null, null).waitForAnswer()).isFalse();
    }

    @Test
    void theWaitDefaultsToOneHundredTwentySeconds() { // seed R157
        assertThat(new HookEventHandler.Params("pane_1", null, PAYLOAD, true, null).waitTimeoutS()).isEqualTo(120);
    }

    @Test
    void theWaitTimeoutIsOneToOneHundredTwentySeconds() { // seed R150
        assertThat(new HookEventHandler.Params("pane_1", null, PAYLOAD, true, 1).waitTimeoutS()).isEqualTo(1);
        assertThat(new HookEventHandler.Params("pane_1", null, PAYLOAD, true, 120).waitTimeoutS()).isEqualTo(120);
        for (int outside : new int[] {0, -1, 121}) {
            assertThatThrownBy(() -> new HookEventHandler.Params("pane_1", null, PAYLOAD, true, outside))
                    .isInstanceOfSatisfying(ProtocolException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.BAD_PARAMS);
                        assertThat(e.details()).containsEntry("field", "wait_timeout_s");
                    });
        }
    }
}
