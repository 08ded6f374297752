package dev.signaltty.pane.internal;

import java.io.IOException;
import java.util.Map;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

/** What a caller is told when input could not be written: the one mapping pane.write, submit and run share. */
final class InputRefusal {

    private InputRefusal() {
    }

    static ProtocolException of(Pane pane, IOException e) {
        if (e instanceof PaneInput.Unread) {
            return new ProtocolException(ErrorCode.TIMEOUT, "pane " + pane.id + ": " + e.getMessage()
                    + "; the rest stays queued and is written as the program reads", Map.of("pane_id", pane.id));
        }
        return new ProtocolException(ErrorCode.PANE_EXITED, "pane " + pane.id + " has exited", Map.of("pane_id", pane.id));
    }
}
