package dev.signaltty.pane.internal;

import java.nio.charset.StandardCharsets;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/**
 * pane.clear: writes ESC[H ESC[2J ESC[3J into the pane's <em>output</em> stream, in order with the
 * program's output, so the server grid and every attached view clear at one output_offset. ESC[3J drops
 * scrolled-off history, so rendered cursors from before read as dropped. The program is not told.
 */
@Component
class PaneClearHandler implements MethodHandler<PaneClearHandler.Params, PaneClearHandler.Result> {

    static final byte[] CLEAR = "\u001b[H\u001b[2J\u001b[3J".getBytes(StandardCharsets.US_ASCII);

    record Params(String paneId) {
    }

    record Result(String paneId, long outputOffset) {
    }

    private final PaneRegistry registry;
    private final PaneOutput output;

    PaneClearHandler(PaneRegistry registry, PaneOutput output) {
        this.registry = registry;
        this.output = output;
    }

    @Override
    public String method() {
        return "pane.clear";
    }

    @Override
    public String summary() {
        return "Clears the pane's screen and history for the server and every viewer at one output_offset.";
    }

    @Override
    public PaneClearHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        long offset;
        synchronized (pane.terminal) {
            output.emit(pane, CLEAR, 0, CLEAR.length); // emit keeps nothing of the array
            offset = pane.outputOffset;
        }
        return new Result(pane.id, offset);
    }
}
