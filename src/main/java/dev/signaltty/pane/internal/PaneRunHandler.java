package dev.signaltty.pane.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Waits;
import dev.signaltty.vt.CommandOutput;
import dev.signaltty.vt.ShellState;

/**
 * pane.run: types one command line into a shell pane and answers with exactly that command's output
 * and exit status, read between the OSC 133 marks C and D the pane's shell integration emits
 * (ShellIntegration, ADR 0180). The typed echo is numbered before C, so it is never part of the
 * output. A busy pane (a command running, or another pane.run on it) is AGENT_BUSY; a timeout is
 * TIMEOUT and leaves the command running (interrupt it with pane.write "\u0003" if you must).
 */
@Component
class PaneRunHandler implements MethodHandler<PaneRunHandler.Params, PaneRunHandler.Result> {

    static final Duration POLL = Duration.ofMillis(20);
    /** How long a freshly spawned shell may take to draw its first prompt (its rc files run first). */
    static final double FIRST_PROMPT_S = 30;

    /**
     * {@code command} to type and wait for, or {@code command_number} to wait for a command already started (one a
     * TIMEOUT left running, or typed by someone else) and answer it the same way: a wait that is not a pattern.
     */
    record Params(String paneId, @Nullable String command, @Nullable Long commandNumber, @Nullable Double timeoutS,
                  @Nullable Integer lines, @Nullable Boolean stripAnsi) {
        Params {
            if (command == null && commandNumber == null) {
                throw ProtocolException.badParams("command", "required: the command line to run (or command_number "
                        + "to wait for the end of a command already started)");
            }
            if (command != null && commandNumber != null) {
                throw ProtocolException.badParams("command_number", "give command (to run one) or command_number "
                        + "(to wait for one already started), not both");
            }
            if (commandNumber != null && commandNumber < 1) {
                throw ProtocolException.badParams("command_number", "must be at least 1");
            }
            if (command != null && command.isBlank()) {
                throw ProtocolException.badParams("command", "must not be blank");
            }
            if (command != null && (command.indexOf('\n') >= 0 || command.indexOf('\r') >= 0)) {
                throw ProtocolException.badParams("command", "must be one line (join commands with ; or &&)");
            }
            if (timeoutS != null && (!(timeoutS > 0) || timeoutS.isInfinite())) {
                throw ProtocolException.badParams("timeout_s", "must be a positive number of seconds");
            }
            timeoutS = timeoutS == null ? 600.0 : timeoutS;
            lines = Sizes.lines(lines, Sizes.MAX_LINES);
            stripAnsi = stripAnsi == null || stripAnsi;
        }
    }

    /**
     * What pane.run and pane.read {@code last_command} tell of a finished command besides its number and
     * output. {@code exit_status} is written as null when the shell did not say (D without a status).
     */
    record Finished(@JsonInclude(JsonInclude.Include.ALWAYS) @Nullable Integer exitStatus, long startedSeq,
                    long endedSeq, long durationMs) {
        static Finished of(CommandOutput out) {
            return new Finished(out.exitStatus(), out.startedSeq(), out.endedSeq(), out.durationMs());
        }
    }

    record Result(String paneId, long commandNumber, String output, @JsonUnwrapped Finished finished,
                  boolean truncated) {
    }

    private final PaneRegistry registry;
    /** Panes with a pane.run in flight: a second one on the same pane is AGENT_BUSY, not interleaved. */
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();

    PaneRunHandler(PaneRegistry registry) {
        this.registry = registry;
    }

    @Override
    public String method() {
        return "pane.run";
    }

    @Override
    public String summary() {
        return "Runs one command line in a bash/zsh pane (or, given command_number, waits for one already started); "
                + "returns its output and exit_status (OSC 133 marks).";
    }

    @Override
    public boolean singleFlight() {
        return true;
    }

    @Override
    public PaneRunHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        requireIntegration(pane);
        if (params.commandNumber() != null) {
            return awaitStarted(pane, params, context);
        }
        if (!inFlight.add(pane.id)) {
            throw busy(pane, "another pane.run is in progress on pane " + pane.id);
        }
        try {
            return run(pane, params, context);
        } finally {
            inFlight.remove(pane.id);
        }
    }

    private Result run(Pane pane, Params params, CallContext context) {
        long deadline = Waits.deadlineNanos(params.timeoutS());
        ShellState state = awaitPrompt(pane, context, Math.min(deadline, Waits.deadlineNanos(FIRST_PROMPT_S)));
        if (state.running()) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("pane_id", pane.id);
            details.put("command_number", state.started());
            throw new ProtocolException(ErrorCode.AGENT_BUSY, "pane " + pane.id + " is running command "
                    + state.started() + "; wait for its end (pane.run command_number " + state.started()
                    + "), read its output so far (pane.read mode last_command) or interrupt it", details);
        }
        byte[] line = PaneSubmitHandler.paste(java.util.Objects.requireNonNull(params.command()),
                pane.terminal.bracketedPaste());
        byte[] bytes = new byte[line.length + 1];
        System.arraycopy(line, 0, bytes, 0, line.length);
        bytes[line.length] = '\r';
        long number = state.started() + 1;
        try {
            pane.write(bytes);
        } catch (IOException e) {
            throw InputRefusal.of(pane, e);
        }
        return awaitEnd(pane, number, state, params, deadline, context);
    }

    /**
     * pane.run {@code command_number}: waits for that command's end as for one typed. A number not started yet is
     * BAD_PARAMS (nothing would ever start it), one ended and no longer kept too.
     */
    private static Result awaitStarted(Pane pane, Params params, CallContext context) {
        long number = params.commandNumber();
        ShellState state = pane.terminal.shellState();
        if (number > state.started()) {
            throw ProtocolException.badParams("command_number", "pane " + pane.id + " has started no command "
                    + number + " (its latest is " + state.started() + ")");
        }
        if (state.finished() >= number && pane.terminal.command(number, 1, false) == null) {
            throw ProtocolException.badParams("command_number", "command " + number + " of pane " + pane.id
                    + " ended and is no longer kept (the last 64 are)");
        }
        return awaitEnd(pane, number, null, params, Waits.deadlineNanos(params.timeoutS()), context);
    }

    /** Polls until command {@code number} has ended; {@code typed} is the state before a typed line, else null. */
    private static Result awaitEnd(Pane pane, long number, @Nullable ShellState typed, Params params, long deadline,
                                   CallContext context) {
        while (true) {
            ShellState now = pane.terminal.shellState();
            if (now.finished() >= number) {
                CommandOutput out = pane.terminal.command(number, params.lines(), !params.stripAnsi());
                if (out != null) {
                    return result(pane, out);
                }
            }
            if (typed != null && now.started() < number && now.prompts() > typed.prompts()) {
                // a new prompt without a command: the shell refused the line (a syntax error) or it was empty
                throw ProtocolException.badParams("command", "the shell did not run it (a syntax error?); "
                        + "its last lines: " + pane.terminal.tail(3, false).text());
            }
            if (!pane.alive()) {
                throw exited(pane);
            }
            if (System.nanoTime() > deadline) {
                Map<String, Object> details = new LinkedHashMap<>();
                details.put("pane_id", pane.id);
                details.put("started", now.started() >= number);
                details.put("command_number", number);
                throw new ProtocolException(ErrorCode.TIMEOUT, "command " + number + " did not finish within "
                        + params.timeoutS() + " s; it is still running in pane " + pane.id + ": pane.run command_number "
                        + number + " waits for its end, pane.read mode last_command shows its output so far", details);
            }
            Waits.pause(context.cancellation(), POLL);
        }
    }

    /** Waits until the shell has drawn a prompt (or runs a command); BAD_PARAMS when no mark comes. */
    private static ShellState awaitPrompt(Pane pane, CallContext context, long deadline) {
        while (true) {
            ShellState state = pane.terminal.shellState();
            if (state.phase().equals("prompt") || state.running()) {
                return state;
            }
            if (!pane.alive()) {
                throw exited(pane);
            }
            if (System.nanoTime() > deadline) {
                throw ProtocolException.badParams("pane_id", "pane " + pane.id + " (" + pane.shell
                        + ") drew no prompt with an OSC 133 mark in time: its startup files may replace "
                        + "PROMPT_COMMAND/PS0 (or precmd) or run another program");
            }
            Waits.pause(context.cancellation(), POLL);
        }
    }

    /** BAD_PARAMS naming why a pane cannot be driven by its command marks. */
    static void requireIntegration(Pane pane) {
        if (pane.shell == null && !pane.terminal.shellState().seen()) {
            throw ProtocolException.badParams("pane_id", "pane " + pane.id + " runs " + pane.argv
                    + " without shell integration: only a plain interactive bash or zsh that signaltty spawned "
                    + "(or a program emitting OSC 133 marks) reports its commands; use pane.submit and "
                    + "pane.wait_for_output instead");
        }
    }

    static Result result(Pane pane, CommandOutput out) {
        return new Result(pane.id, out.number(), out.output(), Finished.of(out), out.truncated());
    }

    private static ProtocolException busy(Pane pane, String message) {
        return new ProtocolException(ErrorCode.AGENT_BUSY, message, Map.of("pane_id", pane.id));
    }

    private static ProtocolException exited(Pane pane) {
        return new ProtocolException(ErrorCode.PANE_EXITED, "pane " + pane.id + " has exited", Map.of("pane_id", pane.id));
    }

}
