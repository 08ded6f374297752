package dev.signaltty.pane.internal;


import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import dev.signaltty.vt.CommandOutput;
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
class PaneReadHandler implements MethodHandler<PaneReadHandler.Params, PaneReadHandler.Result> {

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

    /**
     * One shape for every mode: {@code seq}, {@code next_seq} and {@code dropped} come with rendered,
     * {@code command_number} and {@code running} with last_command ({@code command_number} 0 and no other
     * field before any command). last_command is the latest command: while it runs, {@code running: true} and
     * its output so far (no exit status yet: pane.run {@code command_number} waits for its end); once it has
     * ended, {@code running: false} and the finished command's fields. {@code restored} when the text begins
     * with what the pane showed before a restart.
     */
    record Result(String paneId, String mode, String text, @Nullable Long seq, @Nullable Long nextSeq,
                  @Nullable Boolean dropped, @Nullable Long commandNumber, @Nullable Boolean running,
                  @JsonUnwrapped PaneRunHandler.@Nullable Finished finished, boolean truncated,
                  @Nullable Boolean restored) {
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
    public PaneReadHandler.Result handle(Params params, CallContext context) {
        return read(registry.resolve(params.paneId()), params);
    }

    static Result read(Pane pane, Params params) {
        boolean ansi = !params.stripAnsi();
        String mode = params.mode().name().toLowerCase(java.util.Locale.ROOT);
        Boolean restored = pane.restored ? Boolean.TRUE : null;
        return switch (params.mode()) {
            case SCREEN -> new Result(pane.id, mode, pane.terminal.screen(ansi), null, null, null, null, null, null, false,
                    restored);
            case TAIL -> {
                ReadResult tail = pane.terminal.tail(params.lines(), ansi);
                yield new Result(pane.id, mode, tail.text(), null, null, null, null, null, null, tail.truncated(),
                        restored);
            }
            case RENDERED -> {
                RenderedRead read = pane.terminal.rendered(params.afterSeq(), params.lines(), ansi);
                yield new Result(pane.id, mode, read.text(), read.seq(), read.nextSeq(), read.dropped(), null, null, null,
                        read.truncated(), restored);
            }
            case LAST_COMMAND -> lastCommand(pane, params, ansi, mode, restored);
        };
    }

    /**
     * The latest command's output (shell integration): the running one's so far, else the last finished one's;
     * {@code command_number} 0 before any. The previous command's output while another runs read as the answer
     * to the one that runs (a model after pane.run's TIMEOUT took command 1's output for command 2's, ADR 1480).
     */
    private static Result lastCommand(Pane pane, Params params, boolean ansi, String mode, @Nullable Boolean restored) {
        PaneRunHandler.requireIntegration(pane);
        CommandOutput running = pane.terminal.runningCommand(params.lines(), ansi);
        if (running != null) {
            return new Result(pane.id, mode, running.output(), null, null, null, running.number(), true, null,
                    running.truncated(), restored);
        }
        CommandOutput out = pane.terminal.command(0, params.lines(), ansi);
        if (out == null) {
            return new Result(pane.id, mode, "", null, null, null, 0L, false, null, false, restored);
        }
        return new Result(pane.id, mode, out.output(), null, null, null, out.number(), false,
                PaneRunHandler.Finished.of(out), out.truncated(), restored);
    }
}
