package dev.signaltty.pane.internal;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;

import dev.signaltty.vt.RenderedLine;
import dev.signaltty.vt.RenderedRead;
import dev.signaltty.vt.SearchResult;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Waits;

/**
 * pane.wait_for_output: re-reads the pane every 100 ms with pane.read's mode, lines and strip_ansi until
 * one line contains {@code match} (or matches it as a regex). In rendered mode only lines newer than
 * the cursor match and each poll reads up to the 5000-line cap, so a burst cannot step past a match.
 * An exited pane is read once more, then PANE_EXITED. A regex is RE2 (RE2/J): matching takes time
 * linear in the line, so no pattern can make a poll run away past the timeout or a cancellation
 * (ADR 0124).
 */
@Component
class PaneWaitForOutputHandler implements MethodHandler<PaneWaitForOutputHandler.Params, PaneWaitForOutputHandler.Result> {

    static final Duration POLL = Duration.ofMillis(100);

    record Params(String paneId, String match, @Nullable Boolean regex, PaneReadHandler.@Nullable Mode mode,
                  @Nullable Integer lines, @Nullable Long afterSeq, @Nullable Boolean stripAnsi,
                  @Nullable Double timeoutS, @Nullable Boolean outputOnly) {
        Params {
            outputOnly = outputOnly != null && outputOnly;
            if (outputOnly && mode != null && mode != PaneReadHandler.Mode.RENDERED) {
                throw ProtocolException.badParams("output_only", "needs mode rendered (the default with output_only)");
            }
            if (outputOnly) {
                mode = PaneReadHandler.Mode.RENDERED;
            }
            if (match.isEmpty()) {
                throw ProtocolException.badParams("match", "must not be empty");
            }
            regex = regex != null && regex;
            if (regex) {
                try {
                    Pattern.compile(match);
                } catch (PatternSyntaxException e) {
                    // RE2 syntax (linear time): no backreferences or lookaround (docs/security.md)
                    throw ProtocolException.badParams("match", "invalid RE2 regex: " + e.getDescription());
                }
            }
            if (timeoutS != null && (timeoutS <= 0 || timeoutS.isInfinite())) {
                throw ProtocolException.badParams("timeout_s", "must be a positive number of seconds");
            }
            timeoutS = timeoutS == null ? 3600.0 : timeoutS;
        }
    }

    /**
     * The first matching line, its number ({@code seq}) and a cursor to read on from ({@code next_seq}) in every
     * mode. In rendered mode {@code next_seq} is the poll's head; in screen, tail and last_command mode the head
     * when the line matched, and {@code seq} the newest line of the pane that matches (null when the match spans a
     * wrapped row, which no single row's text contains). A tail-mode match once answered neither, so a client could
     * not read on from it (ADR 1481).
     */
    record Result(String paneId, boolean matched, String line, @Nullable Long seq, @Nullable Long nextSeq) {
    }

    /** One poll: the match if a line matched, and in rendered mode the cursor to read on from. */
    private record Scan(@Nullable Result match, @Nullable Long nextSeq) {
    }

    private final PaneRegistry registry;

    PaneWaitForOutputHandler(PaneRegistry registry) {
        this.registry = registry;
    }

    @Override
    public String method() {
        return "pane.wait_for_output";
    }

    @Override
    public String summary() {
        return "Waits until a line of the pane's output contains match (or matches it as a regex).";
    }

    @Override
    public boolean singleFlight() {
        return true;
    }

    @Override
    public PaneWaitForOutputHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        if (params.outputOnly()) {
            PaneRunHandler.requireIntegration(pane);
        }
        PaneReadHandler.Params read = new PaneReadHandler.Params(pane.id, params.mode(), params.lines(),
                params.afterSeq(), params.stripAnsi());
        Pattern pattern = params.regex() ? Pattern.compile(params.match()) : null;
        long deadline = Waits.deadlineNanos(params.timeoutS());
        long cursor = read.afterSeq();
        while (true) {
            boolean exitedBeforeRead = !pane.alive();
            Scan scan = read.mode() == PaneReadHandler.Mode.RENDERED
                    ? scanRendered(pane, cursor, read.stripAnsi(), params.match(), pattern, params.outputOnly())
                    : scanText(pane, read, params.match(), pattern);
            if (scan.match() != null) {
                return scan.match();
            }
            if (scan.nextSeq() != null) {
                cursor = scan.nextSeq();
            }
            if (exitedBeforeRead || pane.closed) {
                throw new ProtocolException(ErrorCode.PANE_EXITED, "pane " + pane.id + " exited before a match",
                        Map.of("pane_id", pane.id));
            }
            if (System.nanoTime() > deadline) {
                throw new ProtocolException(ErrorCode.TIMEOUT, "no match for '" + params.match() + "' within "
                        + params.timeoutS() + " s", Map.of("pane_id", pane.id));
            }
            Waits.pause(context.cancellation(), POLL);
        }
    }

    private static Scan scanText(Pane pane, PaneReadHandler.Params read, String match, @Nullable Pattern pattern) {
        String text = PaneReadHandler.read(pane, read).text();
        for (String line : text.split("\n", -1)) {
            if (matches(line, match, pattern)) {
                // the search numbers the screen's rows, so the head read after it covers the matched row
                List<SearchResult.Match> found = pane.terminal.search(row -> matches(row, match, pattern) ? 0 : -1, 1)
                        .matches();
                Long seq = found.isEmpty() ? null : found.getLast().seq();
                return new Scan(new Result(pane.id, true, line, seq, pane.terminal.headSeq()), null);
            }
        }
        return new Scan(null, null);
    }

    private static Scan scanRendered(Pane pane, long cursor, boolean stripAnsi, String match,
                                     @Nullable Pattern pattern, boolean outputOnly) {
        // oldest first, up to the cap whatever `lines` says, so a burst cannot step past a match
        RenderedRead read = pane.terminal.rendered(cursor, Sizes.MAX_LINES, !stripAnsi);
        for (RenderedLine line : read.lines()) {
            // output_only: prompts and the typed echo are not a command's output (OSC 133, ShellMarks)
            if ((!outputOnly || pane.terminal.isCommandOutput(line.seq())) && matches(line.text(), match, pattern)) {
                return new Scan(new Result(pane.id, true, line.text(), line.seq(), read.nextSeq()), read.nextSeq());
            }
        }
        return new Scan(null, read.nextSeq());
    }

    private static boolean matches(String line, String match, @Nullable Pattern pattern) {
        return pattern == null ? line.contains(match) : pattern.matcher(line).find();
    }
}
