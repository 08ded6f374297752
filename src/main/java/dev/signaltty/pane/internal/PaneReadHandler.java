package dev.signaltty.pane.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.vt.ReadResult;
import dev.signaltty.vt.RenderedRead;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/**
 * pane.read: {@code screen} (current grid, no scrollback), {@code tail} (default; last content lines)
 * or {@code rendered} (incremental cursor). Reads are passive: never refused on agent state.
 */
@Component
class PaneReadHandler implements MethodHandler<PaneReadHandler.Params, Map<String, Object>> {

    enum Mode { SCREEN, TAIL, RENDERED, LAST_COMMAND }

    record Params(String paneId, @Nullable Mode mode, @Nullable Integer lines, @Nullable Long afterSeq,
                  @Nullable Boolean stripAnsi) {
        Params {
            mode = mode == null ? Mode.TAIL : mode;
            lines = Sizes.lines(lines, 200);
            if (afterSeq != null && afterSeq < 0) {
                throw ProtocolException.badParams("after_seq", "must not be negative");
            }
            afterSeq = afterSeq == null ? 0L : afterSeq;
            stripAnsi = stripAnsi == null || stripAnsi;
        }
    }

    private final PaneRegistry registry;

    PaneReadHandler(PaneRegistry registry) {
        this.registry = registry;
    }

    @Override
    public String method() {
        return "pane.read";
    }

    @Override
    public String summary() {
        return "Reads a pane: mode screen | tail (default, lines ≤ 5000) | rendered (after_seq cursor) | last_command.";
    }

    @Override
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Map<String, Object> handle(Params params, CallContext context) {
        return read(registry.resolve(params.paneId()), params);
    }

    static Map<String, Object> read(Pane pane, Params params) {
        boolean ansi = !params.stripAnsi();
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("pane_id", pane.id);
        result.put("mode", params.mode().name().toLowerCase(java.util.Locale.ROOT));
        switch (params.mode()) {
            case SCREEN -> {
                result.put("text", pane.terminal.screen(ansi));
                result.put("truncated", false);
            }
            case TAIL -> {
                ReadResult tail = pane.terminal.tail(params.lines(), ansi);
                result.put("text", tail.text());
                result.put("truncated", tail.truncated());
            }
            case RENDERED -> {
                RenderedRead read = pane.terminal.rendered(params.afterSeq(), params.lines(), ansi);
                result.put("text", read.text());
                result.put("seq", read.seq());
                result.put("next_seq", read.nextSeq());
                result.put("dropped", read.dropped());
                result.put("truncated", read.truncated());
            }
            case LAST_COMMAND -> lastCommand(pane, params, ansi, result);
        }
        if (pane.restored) {
            result.put("restored", true); // the text begins with what the pane showed before a restart
        }
        return result;
    }

    /** The latest finished command's output (shell integration); {@code command_number} 0 before any. */
    private static void lastCommand(Pane pane, Params params, boolean ansi, Map<String, Object> result) {
        PaneRunHandler.requireIntegration(pane);
        dev.signaltty.vt.CommandOutput out = pane.terminal.command(0, params.lines(), ansi);
        if (out == null) {
            result.put("text", "");
            result.put("command_number", 0);
            result.put("truncated", false);
            return;
        }
        Map<String, Object> command = PaneRunHandler.result(pane, out);
        result.put("text", command.remove("output"));
        command.remove("pane_id");
        result.putAll(command);
    }
}
